"""PettingZoo AEC environments for every registered game."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="the research extra is not installed: "
                    "pip install -e '.[research]'")
import numpy as np  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from boardgamesbot.engine import GameError, known_games, load_game  # noqa: E402
from boardgamesbot.research import option_combinations  # noqa: E402
from boardgamesbot.research.pettingzoo import env  # noqa: E402

# Our observations are dicts {"observation", "action_mask"}, as PettingZoo's own
# classic games have them; the API test warns about that shape on principle.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


def setups():
    """Each game with every option combination, at its smallest count and at 3 players
    (or its largest, if smaller): solo and multiplayer both appear when a game has them."""
    for name in known_games():
        game = load_game(name)
        counts = sorted({game.min_players, min(3, game.max_players)})
        for players in counts:
            for options in option_combinations(game):
                yield pytest.param(name, players, options,
                                   id=f"{name}-{players}p-" + "-".join(map(str, options.values())))


def play_out(environment, seed):
    """A whole random game through the AEC loop; returns each agent's reward total."""
    rng = np.random.default_rng(seed)
    environment.reset(seed=seed)
    totals = {agent: 0.0 for agent in environment.possible_agents}
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
        environment.step(action)
    return totals


@pytest.mark.parametrize("name,players,options", list(setups()))
def test_passes_the_pettingzoo_api_test(name, players, options):
    api_test(env(name, num_players=players, seed=3, **options), num_cycles=400)


@pytest.mark.parametrize("name,players,options", list(setups()))
def test_structured_observations_pass_the_api_test(name, players, options):
    api_test(env(name, num_players=players, seed=4, structured=True, **options), num_cycles=100)


@pytest.mark.parametrize("name,players,options", list(setups()))
def test_score_rewards_add_up_to_the_score_gained(name, players, options):
    environment = env(name, num_players=players, **options)
    environment.reset(seed=11)
    start = environment.state.scores()  # Tikal's auction starts everyone on 20 points
    totals = play_out(environment, seed=11)
    assert environment.agents == []
    gained = [float(end - begin) for begin, end in zip(start, environment.state.scores())]
    assert [totals[a] for a in environment.possible_agents] == gained


@pytest.mark.parametrize("name", known_games())
def test_win_rewards_pay_the_winners_at_the_end(name):
    game = load_game(name)
    players = min(3, game.max_players)
    environment = env(name, num_players=players, reward="win")
    totals = play_out(environment, seed=2)
    winners = environment.state.winners()
    assert winners
    for seat, agent in enumerate(environment.possible_agents):
        assert totals[agent] == pytest.approx(1 / len(winners) if seat in winners else 0.0)


@pytest.mark.parametrize("name", known_games())
def test_seeded_resets_replay_the_same_game(name):
    first, second = env(name, seed=5), env(name, seed=99)
    first.reset(seed=8)
    second.reset(seed=8)
    assert first.state.to_json() == second.state.to_json()
    agent = first.agent_selection
    assert np.array_equal(first.observe(agent)["observation"], second.observe(agent)["observation"])


@pytest.mark.parametrize("name", known_games())
def test_an_illegal_index_is_refused_and_changes_nothing(name):
    environment = env(name, seed=1)
    environment.reset()
    agent = environment.agent_selection
    mask = environment.observe(agent)["action_mask"]
    before = environment.state.to_json()
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(GameError):
        environment.step(illegal)
    with pytest.raises(GameError):
        environment.step(len(mask))
    assert environment.state.to_json() == before and environment.agent_selection == agent


def test_bad_settings_are_refused_clearly():
    with pytest.raises(GameError, match="unknown game"):
        env("chess")
    with pytest.raises(GameError, match="players"):
        env(known_games()[0], num_players=101)
    with pytest.raises(GameError, match="reward"):
        env(known_games()[0], reward="money")


def test_a_simultaneous_step_is_serialized_and_keeps_choices_hidden():
    """Find a step awaiting several seats: they act in seat order, one at a time, and a
    seat's observation does not change when another seat of the same step has chosen."""
    found = False
    for name in known_games():
        game = load_game(name)
        if game.max_players < 2:
            continue
        environment = env(name, num_players=min(3, game.max_players), seed=7)
        environment.reset(seed=7)
        rng = np.random.default_rng(0)
        for _ in range(400):
            if not environment.agents or environment.terminations[environment.agent_selection]:
                break
            awaited = environment.state.current_players()
            if len(awaited) > 1:
                found = True
                first, later = (environment.possible_agents[s] for s in awaited[:2])
                assert environment.agent_selection == first
                seen = environment.structured_observation(later)
                mask = environment.observe(first)["action_mask"]
                environment.step(int(rng.choice(np.flatnonzero(mask))))
                assert environment.agent_selection == later
                after = environment.structured_observation(later)
                assert all(np.array_equal(seen[p], after[p]) for p in seen)
                continue
            mask = environment.observe(environment.agent_selection)["action_mask"]
            environment.step(int(rng.choice(np.flatnonzero(mask))))
    if not found:
        pytest.skip("no registered game has a simultaneous step")
