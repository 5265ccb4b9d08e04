"""Property tests over random 1-5 player games (hypothesis drives seeds and choices)."""

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgamesbot.engine import GameError, Record
from boardgamesbot.games.cartographers import GAME, Ambush, Draw, Fallback
from boardgamesbot.games.cartographers.components import AMBUSH_CARDS, EXPLORE_CARDS, RUINS_CARDS

AMBUSHES = {card.name for card in AMBUSH_CARDS}
EXPLORE = Counter(card.name for card in EXPLORE_CARDS + RUINS_CARDS)

games = st.tuples(st.integers(1, 5), st.integers(0, 2**32), st.sampled_from("AB"))
fast = settings(max_examples=12, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def play(players, seed, side, visit=None):
    """A full random game; ``visit(state, rng)`` runs before every action."""
    state = GAME.new(players, seed, side=side)
    record = Record.start("cartographers", seed, [f"s{i}" for i in range(players)], side=side)
    rng = random.Random(seed)
    while not state.is_over():
        seats = state.current_players()
        seat = rng.choice(seats)  # simultaneous: any waiting seat may answer first
        if visit is not None:
            visit(state, rng)
        action = rng.choice(state.legal_actions(seat))
        record.add(seat, state.apply(seat, action))
    return state, record


@fast
@given(games)
def test_filled_spaces_are_never_overwritten(game):
    previous = {}

    def visit(state, rng):
        for seat, sheet in enumerate(state.sheets):
            layers = sheet.layers
            union = 0
            for layer in layers:
                assert not layer & union, "a space holds two terrains"
                union |= layer
            assert not union & (sheet.mountains | sheet.wastelands)
            if seat in previous:
                assert all(old & new == old for old, new in zip(previous[seat], layers))
            previous[seat] = list(layers)

    play(*game, visit=visit)


@fast
@given(games)
def test_same_deck_multiset_every_season(game):
    seen = {}

    def visit(state, rng):
        if state.season not in seen:
            cards = Counter(state.deck + state.revealed)
            ambushes = sum(n for name, n in cards.items() if name in AMBUSHES)
            seen[state.season] = True
            assert cards - Counter({a: cards[a] for a in AMBUSHES}) == EXPLORE
            assert ambushes + len(state.removed) == state.season + 1
            assert len(state.ambush_pile) == 3 - state.season

    play(*game, visit=visit)
    assert sorted(seen) == [0, 1, 2, 3]


@fast
@given(games)
def test_stars_add_up_to_the_per_season_records(game):
    state, _ = play(*game)
    view = state.view(None)
    for seat, player in enumerate(view["players"]):
        assert len(player["seasons"]) == 4
        assert sum(s["total"] for s in player["seasons"]) == player["stars"] == \
            state.scores()[seat]
        assert -sum(s["monsters"] for s in player["seasons"]) == player["monster_losses"]
    assert state.winners() and set(state.winners()) <= set(range(state.num_players))


@fast
@given(games, st.randoms(use_true_random=False))
def test_illegal_apply_changes_nothing(game, chooser):
    checked = []

    def visit(state, rng):
        if chooser.random() > 0.3:
            return
        seat = chooser.randrange(state.num_players + 1)  # sometimes no such seat
        attempt = chooser.choice([
            Draw(chooser.choice(["forest", "village", "farm", "water", "monster"]),
                 chooser.choice([1, 2]), chooser.randrange(8), chooser.randrange(121)),
            Fallback("water", chooser.randrange(121)),
            Ambush(chooser.randrange(8), chooser.randrange(121)),
        ])
        before = state.to_json()
        trial = state.clone()
        try:
            applied = trial.apply(seat, attempt)
        except GameError:
            assert state.to_json() == before
            checked.append(attempt)
        else:  # accepted: it was legal (maybe under another orientation name)
            assert applied in state.legal_actions(seat)
        assert state.to_json() == before

    play(*game, visit=visit)


@fast
@given(games)
def test_replaying_a_record_reproduces_the_game(game):
    state, record = play(*game)
    again = Record.from_json(record.to_json()).replay()
    assert again.to_json() == state.to_json()
    assert again.scores() == state.scores()


@fast
@given(games, st.randoms(use_true_random=False))
def test_views_leak_nothing(game, chooser):
    differs = []

    def visit(state, rng):
        if chooser.random() > 0.15:
            return
        for seat in [None] + list(range(state.num_players)):
            view = state.view(seat)
            json.dumps(view)  # JSON-ready
            assert "chance" not in json.dumps(view)
            if seat is not None:
                other = state.determinize(seat, random.Random(chooser.random()))
                assert other.view(seat) == view
                differs.append(other.to_json() != state.to_json())

    play(*game, visit=visit)
    assert not differs or any(differs)


@fast
@given(games, st.randoms(use_true_random=False))
def test_position_format_and_clone_round_trip(game, chooser):
    def visit(state, rng):
        if chooser.random() < 0.1:
            text = state.to_json()
            assert GAME.from_json(text).to_json() == text
            copy = state.clone()
            seat = copy.current_players()[0]
            copy.apply(seat, copy.legal_actions(seat)[0])
            assert state.to_json() == text  # the clone shares nothing mutable

    play(*game, visit=visit)


def test_hidden_choice_of_another_seat_is_not_in_its_view():
    state = GAME.new(3, 21)
    while state.step != "draw":
        for seat in state.current_players():
            state.apply(seat, state.legal_actions(seat)[0])
    action = state.legal_actions(1)[-1]
    before, spectator = state.view(0), state.view(None)
    state.apply(1, action)
    assert state.view(0) == before and state.view(None) == spectator
    assert state.view(1)["you"]["choice"]["action"] == str(action)
