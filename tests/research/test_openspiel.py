"""Every registered game as an OpenSpiel game; bots crossing between OpenSpiel and our arena."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel", reason="the research extra is not installed: "
                    "pip install -e '.[research]'")
import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

from boardgamesbot.arena import plan, run, summarize  # noqa: E402
from boardgamesbot.bots import make_bot  # noqa: E402
from boardgamesbot.engine import GameError, known_games, load_game  # noqa: E402
from boardgamesbot.research import (  # noqa: E402
    encoding,
    openspiel,
    option_combinations,
)


def setups():
    """Each game with every option combination, solo when it has one, else 2 players."""
    for name in known_games():
        game = load_game(name)
        counts = sorted({game.min_players, max(game.min_players, min(2, game.max_players))})
        for players in counts:
            for options in option_combinations(game):
                yield pytest.param(name, players, options,
                                   id=f"{name}-{players}p-" + "-".join(map(str, options.values())))


def test_every_registered_game_is_an_openspiel_game():
    for name in known_games():
        short = openspiel.short_name(name)
        assert short in pyspiel.registered_names()
        game = pyspiel.load_game(short)
        kind = game.get_type()
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        assert game.utility_sum() == 1.0
        scored = openspiel.load(name, utility="score")
        assert scored.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert scored.utility_sum() is None
        rules = load_game(name)
        assert (kind.min_num_players, kind.max_num_players) == (rules.min_players,
                                                                rules.max_players)
        assert game.num_distinct_actions() == encoding(rules, game.num_players()).actions.size


@pytest.mark.parametrize("name,players,options", list(setups()))
def test_observations_are_the_encoded_view(name, players, options):
    game = openspiel.load(name, players, **options)
    state = openspiel.new_state(game, 2)
    rng = random.Random(0)
    code = encoding(name, players, **options)
    for _ in range(40):
        if state.is_terminal():
            break
        for seat in range(players):
            view = state.engine_state.view(seat)
            expected = code.flat(code.observe(view))
            assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
            assert np.array_equal(np.asarray(state.information_state_tensor(seat)), expected)
            assert state.observation_string(seat) == state.information_state_string(seat)
        seat = state.current_player()
        resampled = openspiel.resample(state, seat, rng)
        assert resampled.current_player() == seat
        assert resampled.information_state_string(seat) == state.information_state_string(seat)
        state.apply_action(rng.choice(state.legal_actions()))


def sim_setups():
    """Every game, player count and option combination; a game that seats up to 100
    (Cartographers) is tried from its least up to six players: OpenSpiel's test
    observes every seat at every decision, which grows with the square of the table."""
    for name in known_games():
        game = load_game(name)
        for players in range(game.min_players, min(game.max_players, 6) + 1):
            for options in option_combinations(game):
                for utility in openspiel.UTILITIES:
                    yield pytest.param(name, players, options, utility, id=f"{name}-{players}p-"
                                       + "-".join(map(str, options.values())) + f"-{utility}")


@pytest.mark.parametrize("name,players,options,utility", list(sim_setups()))
def test_openspiels_own_random_simulation_test_passes_with_serialisation(
        name, players, options, utility):
    """OpenSpiel's consistency test: legal actions, clones, observations for every seat,
    serialising and reading back the game and the state every few moves, returns
    within bounds and summing as the utility type says."""
    game = openspiel.load(name, players, utility=utility, **options)
    # (one simulation per setup and utility: two utilities make two games of each setup)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_deal_is_the_seed_and_a_history_is_a_record():
    for name in known_games():
        rules = load_game(name)
        game = openspiel.load(name)
        state = game.new_initial_state()
        assert state.is_chance_node() and str(state) == '{"deal": []}'
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
        seed = 0x12345678
        openspiel.deal(state, seed)
        assert state.history() == [0x12, 0x34, 0x56, 0x78]
        assert str(state) == rules.new(game.num_players(), seed).to_json()
        rng = random.Random(1)
        for _ in range(25):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        text = pyspiel.serialize_game_and_state(game, state)
        _, copy = pyspiel.deserialize_game_and_state(text)
        assert str(copy) == str(state) and copy.history() == state.history()
        # Both go on the same way: the engine's generator travelled with the state.
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            copy.apply_action(action)
            assert str(copy) == str(state)
        assert copy.returns() == state.returns()
    with pytest.raises(GameError, match="seed"):
        openspiel.new_state(openspiel.load(known_games()[0]), 2**32)
    with pytest.raises(GameError, match="fresh"):
        openspiel.deal(openspiel.new_state(openspiel.load(known_games()[0]), 1), 1)


def test_bad_parameters_are_refused():
    name = known_games()[0]
    with pytest.raises(Exception, match="utility"):
        openspiel.load(name, utility="money")
    with pytest.raises(Exception, match="players"):
        openspiel.load(name, num_players=101)


def test_an_illegal_action_is_refused_and_changes_nothing():
    for name in known_games():
        state = openspiel.new_state(openspiel.load(name), 7)
        before = str(state)
        illegal = next(a for a in range(state.get_game().num_distinct_actions())
                       if a not in state.legal_actions())
        with pytest.raises(GameError):  # the engine's own refusal, through OpenSpiel
            state.apply_action(illegal)
        assert str(state) == before


@pytest.mark.slow
@pytest.mark.parametrize("name,players,options", list(setups()))
def test_openspiel_python_ismcts_plays_a_whole_game(name, players, options):
    utility = "win" if players > 1 else "score"
    game = openspiel.load(name, players, utility=utility, **options)
    state = openspiel.new_state(game, 1)
    numbers = np.random.RandomState(0)
    rng = random.Random(0)
    bots = []
    for _ in range(players):
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, numbers), uct_c=2.0,
                               max_simulations=2, random_state=numbers)
        bot.set_resampler(lambda s, seat: openspiel.resample(s, seat, rng))
        bots.append(bot)
    decisions = 0
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions > 10
    returns = state.returns()
    if utility == "win":
        assert sum(returns) == pytest.approx(1.0)
    else:
        assert returns == [float(s) for s in state.engine_state.scores()]


@pytest.mark.parametrize("name", known_games())
def test_our_bots_play_in_openspiel_evaluate_bots(name):
    game = openspiel.load(name)
    players = game.num_players()
    bots = [openspiel.SpielBot("greedy" if seat == 0 else "random", seed=seat)
            for seat in range(players)]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == players and sum(returns) == pytest.approx(1.0)


@pytest.mark.parametrize("name", known_games())
def test_openspiel_random_plays_in_our_arena_reproducibly(name):
    players = max(load_game(name).min_players, 2)
    arena = plan(name, ["openspiel-random", "random"], players=players, games=2, seed=5)
    first = summarize(arena, run(arena)).to_dict()
    second = summarize(arena, run(arena)).to_dict()
    for result in (first, second):
        for bot in result["bots"]:
            bot.pop("decision_seconds")
    assert first["bots"] == second["bots"]
    assert sum(bot["wins"] for bot in first["bots"]) == 2


@pytest.mark.slow
def test_openspiel_search_bots_play_in_our_arena_through_a_simultaneous_step():
    """Some registered game with a simultaneous step: the bot in the second seat must act
    while the first seat's choice is pending (and hidden from it)."""
    name = next((n for n in known_games() if load_game(n).max_players >= 2
                 and len(load_game(n).new(2, 0).current_players()) == 2), None)
    if name is None:
        pytest.skip("no registered game opens with a simultaneous step")
    arena = plan(name, ["openspiel-mcts", "openspiel-ismcts"], games=2, seed=6)
    results = run(arena)
    assert [result.seats for result in results] == [["openspiel-mcts", "openspiel-ismcts"],
                                                   ["openspiel-ismcts", "openspiel-mcts"]]


def test_unknown_openspiel_bots_and_missing_extras_are_clear_errors():
    with pytest.raises(GameError, match="openspiel-ismcts"):
        make_bot("openspiel-alphazero")
    with pytest.raises(GameError, match="unknown bot"):
        make_bot("nobody")
