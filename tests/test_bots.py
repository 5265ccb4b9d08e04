"""Computer players: legal, reproducible, blind to hidden information, budget-checked."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from boardgamesbot.bots import LEVELS, bot_names, make_bot
from boardgamesbot.engine import GameError, load_game

# (game, options, players): every game and variant the bots must handle.
SETUPS = [("tikal", {}, 2), ("tikal", {}, 4), ("tikal", {"variant": "auction"}, 3)]
FAST_BOTS = ["random", "greedy", "easy", "medium"]


def random_position(game: str, options: dict, players: int, seed: int, steps: int):
    state = load_game(game).new(players, seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    return state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 10**6), steps=st.integers(0, 400),
       bot=st.sampled_from(FAST_BOTS))
def test_bots_never_return_an_illegal_action(setup, seed, steps, bot):
    game, options, players = setup
    state = random_position(game, options, players, seed, steps)
    assume(not state.is_over())  # an ended game has no decision: draw another example
    for player in state.current_players():
        action = make_bot(bot, seed).choose(state.clone(), player)
        assert action in state.legal_actions(player)


@pytest.mark.parametrize("setup", SETUPS)
def test_search_bot_returns_legal_actions_through_whole_turns(setup):
    game, options, players = setup
    state = random_position(game, options, players, seed=5, steps=30)
    bot = make_bot("hard", 1)
    for _ in range(12):
        if state.is_over():
            break
        player = state.current_players()[0]
        action = bot.choose(state.clone(), player)
        assert action in state.legal_actions(player)
        state.apply(player, action)


@pytest.mark.parametrize("name", ["greedy", "easy", "hard"])
def test_same_seed_same_decision(name):
    state = random_position("tikal", {}, 3, seed=9, steps=40)
    player = state.current_players()[0]
    first = make_bot(name, 42).choose(state.clone(), player)
    again = make_bot(name, 42).choose(state.clone(), player)
    assert first == again


@pytest.mark.parametrize("name", ["greedy", "hard"])
def test_hidden_information_does_not_change_the_decision(name):
    """Two states that differ only in what the seat cannot see: same decision."""
    state = random_position("tikal", {}, 2, seed=13, steps=25)
    player = state.current_players()[0]
    other = state.determinize(player, random.Random(99))
    assert other.to_json() != state.to_json()          # the hidden parts differ …
    assert other.view(player) == state.view(player)    # … and nothing visible does
    assert make_bot(name, 7).choose(state.clone(), player) == make_bot(name, 7).choose(
        other.clone(), player)


def test_greedy_prefers_a_scoring_turn_to_wasting_it():
    """Sanity of the evaluation: in its first turn greedy places its tile, brings figures
    in and uncovers a temple level with its action points, and never ends the turn with
    points unspent. An evaluation that prized unspent points, or saw no worth in figures
    on the board, would end the turn at once or keep its figures in supply."""
    state = load_game("tikal").new(2, 3)
    player = state.current_players()[0]
    supply = state.view(player)["players"][player]["supply_workers"]
    bot = make_bot("greedy", 1)
    played = []
    while player in state.current_players():
        action = bot.choose(state.clone(), player)
        played.append(str(action))
        state.apply(player, action)
    assert played[0].startswith("place ") and "end" not in played, played
    assert state.view(player)["players"][player]["supply_workers"] <= supply - 2, played
    assert any(action.startswith("uncover ") for action in played), played


@pytest.mark.parametrize("budget", [0, -1, "a lot", True])
def test_budget_must_be_positive(budget):
    state = load_game("tikal").new(2, 1)
    for name in ("random", "greedy", "hard"):
        bot = make_bot(name, 1)
        if name == "random":
            continue  # random ignores budgets entirely
        with pytest.raises(GameError, match="budget must be a positive number"):
            bot.choose(state, 0, budget)


def test_unknown_bot_lists_the_accepted_names():
    with pytest.raises(GameError) as error:
        make_bot("deep blue")
    for name in bot_names():
        assert name in str(error.value)


def test_levels_exist_and_are_bots():
    for level in LEVELS:
        assert make_bot(level, 0).name == level


# Tikal's auction: simulated rivals bid from quick prices (issue 32) ---------------------


def auction_positions(phase: str, players: int = 4, count: int = 6):
    found = []
    for seed in range(200):
        state = random_position("tikal", {"variant": "auction"}, players, seed, 40 + seed % 60)
        if not state.is_over() and state.phase == phase:
            found.append(state)
            if len(found) == count:
                break
    return found


def test_quick_auction_replies_are_legal_bids_or_passes_and_only_in_the_auction():
    from boardgamesbot.games.tikal import heuristics

    rng = random.Random(0)
    for state in auction_positions("bid"):
        seat = state.current_players()[0]
        reply = heuristics.quick_reply(state, seat, rng)
        assert reply in state.legal_actions(seat)
        prices = heuristics.quick_prices(state, seat)
        assert len(prices) == len(state.auction.display)
    for state in auction_positions("take") + [random_position("tikal", {}, 2, 3, 30)]:
        assert heuristics.quick_reply(state, state.current_players()[0], rng) is None


def test_a_take_decision_prices_no_tile_at_every_placement(monkeypatch):
    """The hard bot's late `take` decisions at four players took up to 6 s, most of it
    simulated rivals pricing every displayed tile at every placement; they now bid from
    quick prices, so the full pricing is not called at all while the bot plans a take."""
    from boardgamesbot.games.tikal import heuristics

    calls = []
    full = heuristics._tile_worth
    monkeypatch.setattr(heuristics, "_tile_worth",
                        lambda *args: calls.append(args) or full(*args))
    state = auction_positions("take", count=1)[0]
    seat = state.current_players()[0]
    action = make_bot("hard", 1).choose(state.clone(), seat)
    assert action in state.legal_actions(seat)
    assert calls == []
    # ...while a seat's own bid is still priced in full
    bidding = auction_positions("bid", count=1)[0]
    make_bot("hard", 1).choose(bidding.clone(), bidding.current_players()[0])
    assert calls


def test_the_samples_a_search_draws_are_by_default_independent_and_drawn_when_asked():
    """`Heuristics.worlds` by default is `determinize` called once per sample asked for,
    when asked: a search that draws from the generator in between (its reply seeds)
    gets exactly the samples it drew before the hook existed (issue 32, session 41)."""
    from boardgamesbot.bots import SeatView
    from boardgamesbot.engine import Heuristics

    state = random_position("tikal", {}, 2, 5, 60)
    window = SeatView(state, state.current_players()[0])
    rng, old = random.Random(4), random.Random(4)
    stream = Heuristics().worlds(window, rng)
    first = [next(stream) for _ in range(2)]
    between = rng.getrandbits(32)
    later = next(stream)
    expected = [window.determinize(old) for _ in range(2)]
    assert between == old.getrandbits(32)
    assert [w.to_json() for w in first + [later]] == \
        [w.to_json() for w in expected + [window.determinize(old)]]
    # the samples differ: the stream does not hand out one sample again
    assert len({w.to_json() for w in first + [later]}) == 3


def test_search_settings_final_depth_defaults_to_depth_and_reaches_the_search():
    """`SearchSettings.final_depth` (issue 32, session 42) is unset unless a game asks:
    the finalists are then looked at exactly as deep as the first round; set, it is the
    Monte Carlo search's own `final_depth`."""
    from boardgamesbot.bots.search import SearchBot
    from boardgamesbot.engine import SearchSettings

    assert SearchSettings().final_depth is None
    plain = SearchBot(3)._montecarlo(SearchSettings(method="montecarlo", depth=2))
    assert plain.final_depth is None and plain.depth == 2
    deeper = SearchBot(3)._montecarlo(
        SearchSettings(method="montecarlo", depth=2, finalists=3, final_worlds=6, final_depth=5))
    assert (deeper.depth, deeper.finalists, deeper.final_worlds, deeper.final_depth) == \
        (2, 3, 6, 5)
