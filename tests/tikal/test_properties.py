"""Property tests over random legal games for 2, 3 and 4 players."""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgamesbot.engine import GameError, IllegalAction, Record
from boardgamesbot.games.tikal.components import COMPONENTS, NUM_SPACES
from boardgamesbot.games.tikal.notation import (
    END,
    BuildCamp,
    Enter,
    Exchange,
    Move,
    Place,
    PlaceGuard,
    Recover,
    Uncover,
    parse_action,
)
from boardgamesbot.games.tikal.state import TILES

from .helpers import FIGURES_PER_PLAYER, GAME, figure_total

SETTINGS = settings(max_examples=12, deadline=None, derandomize=False)
PLAYERS = st.integers(2, 4)
SEEDS = st.integers(0, 2**32 - 1)

S = range(NUM_SPACES)
UNIVERSE = (
    [Place(s, r) for s in S for r in range(6)]
    + [Enter(f, s) for f in "LW" for s in S]
    + [Move(f, a, b) for f in "LW" for a in S for b in S]
    + [Uncover(s) for s in S] + [Recover(s) for s in S] + [BuildCamp(s) for s in S]
    + [PlaceGuard(f, s) for f in "LW" for s in S]
    + [Exchange(g, p, t) for g in range(1, 9) for p in range(4) for t in range(1, 9)]
    + [END]
)


def check_conservation(state):
    assert state.ap >= 0
    for seat in range(state.num_players):
        assert figure_total(state, seat) == FIGURES_PER_PLAYER
        assert state.supply[seat] >= 0 and min(state.workers[seat]) >= 0
    wafers = (state.wafer_pile + [w for stack in state.wafers for w in stack]
              + [k for held in state.treasures for k in range(1, 9) for _ in range(held[k])])
    assert len(wafers) == 24
    assert Counter(wafers) == {k: 3 for k in range(1, 9)}
    for value, count in COMPONENTS.temple_levels.items():
        used = sum(1 for s in S if state.kind[s] == "temple"
                   and state.printed[s] < value <= state.value[s])
        assert state.levels[value] + used == count, value
    placed = [t for t in state.tile_id if t] + state.stack + ([state.drawn] if state.drawn else [])
    assert sorted(placed) == sorted(TILES)


def play_checked(num_players, seed, steps=None):
    """Play a random legal game, checking every invariant at every step; return the record."""
    rng = random.Random(seed)
    state = GAME.new(num_players, seed)
    record = Record.start("tikal", seed, [f"p{i + 1}" for i in range(num_players)])
    count = 0
    while not state.is_over() and (steps is None or count < steps):
        check_conservation(state)
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        assert legal
        for action in legal:
            assert parse_action(str(action)) == action
        # An illegal action (from the whole action universe) changes nothing.
        before = state.to_json()
        legal_set = set(legal)
        for _ in range(3):
            illegal = rng.choice(UNIVERSE)
            if illegal in legal_set:
                continue
            try:
                state.apply(seat, illegal)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{illegal} applied but is not in legal_actions")
            assert state.to_json() == before
        # Every legal action applies (checked on clones, now and then).
        if count % 25 == 0:
            for action in legal:
                state.clone().apply(seat, action)
            assert GAME.from_json(before).to_json() == before
        points, scoring_round = state.points[:], state.round
        action = rng.choice(legal)
        state.apply(seat, str(action) if count % 2 else action)
        record.add(seat, action)
        if state.points != points:
            # Only a player who just finished a scoring turn scores, and never loses points.
            assert scoring_round is not None
            assert isinstance(action, type(END)) or state.current != seat or state.round is None
            changed = [p for p in range(num_players) if state.points[p] != points[p]]
            assert changed == [seat] and state.points[seat] > points[seat]
        count += 1
    check_conservation(state)
    return state, record


@SETTINGS
@given(PLAYERS, SEEDS)
def test_random_full_games_keep_every_invariant(num_players, seed):
    state, record = play_checked(num_players, seed)
    assert state.is_over() and len(state.score_history) == 4
    assert state.winners() and set(state.winners()) <= set(range(num_players))
    # Replaying the record (through its JSON) reproduces the final state and scores.
    replayed = Record.from_json(record.to_json()).replay()
    assert replayed.to_json() == state.to_json()
    assert replayed.scores() == state.scores()


@SETTINGS
@given(PLAYERS, SEEDS, st.integers(0, 250))
def test_random_positions_round_trip_through_json(num_players, seed, steps):
    state, record = play_checked(num_players, seed, steps)
    again = GAME.from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert record.replay().to_json() == state.to_json()


@SETTINGS
@given(PLAYERS, SEEDS, st.integers(0, 250), SEEDS)
def test_no_view_ever_contains_hidden_information(num_players, seed, steps, shuffle):
    state, _ = play_checked(num_players, seed, steps)
    rng = random.Random(shuffle)
    for viewer in list(range(num_players)) + [None]:
        other = state.determinize(viewer if viewer is not None else 0, rng)
        assert other.view(viewer) == state.view(viewer)
        json.dumps(state.view(viewer))  # JSON-ready


@SETTINGS
@given(PLAYERS, SEEDS, st.integers(0, 250), st.sampled_from(UNIVERSE), st.integers(0, 3))
def test_illegal_apply_changes_nothing(num_players, seed, steps, action, seat):
    state, _ = play_checked(num_players, seed, steps)
    before = state.to_json()
    legal = state.legal_actions(seat) if seat < num_players else []
    try:
        state.apply(seat, action)
    except GameError:
        assert action not in legal
        assert state.to_json() == before
    else:
        assert action in legal
