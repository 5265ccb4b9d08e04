"""Positions as JSON, views, and hidden information (determinize)."""

import json
import pickle
import random
from collections import Counter

import pytest

from boardgamesbot.engine import GameError
from boardgamesbot.games.tikal.state import TILES

from .helpers import FIGURES_PER_PLAYER, GAME, load, make, player, random_game, sp


def mid_game(num_players=3, seed=5, steps=150):
    state = random_game(num_players, seed, steps)
    assert any(state.wafers) and state.stack  # hidden parts exist
    return state


def _strings(value, skip=("leader",)):
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield from _strings(item, skip)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, skip)
    elif isinstance(value, str):
        yield value


# JSON round trip and hand-written positions -----------------------------------------------------


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_position_round_trips_through_json(num_players):
    state = mid_game(num_players)
    again = GAME.from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert again.legal_actions(again.current) == state.legal_actions(state.current)
    assert again.view(0) == state.view(0)


def test_new_game_position_round_trips():
    state = GAME.new(4, seed=3)
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()


def test_hand_written_position_counts_the_supply():
    state = make([player(leader="A5", workers={"A6": 2, "B5": 3}, removed=1), player()])
    assert state.supply == [18 - 5 - 1, 18]


def test_hand_written_position_counts_the_temple_level_supply():
    state = make(2, {"A6": {"kind": "base_camp", "stones": [1, 1, 1, 0, 0, 0]},
                     "A5": {"kind": "temple", "printed": 1, "value": 4, "stones": [0] * 6}})
    assert state.levels[2:5] == [2, 5, 8]


def test_hand_written_position_defaults():
    state = load({"format": "tikal-position/1", "players": [{}, {}],
                  "board": {"A6": {"kind": "base_camp", "stones": [1, 1, 1, 0, 0, 0]}}})
    assert (state.phase, state.current, state.ap, state.round) == ("actions", 0, 10, None)
    assert state.leader == [-1, -1] and state.supply == [18, 18]
    assert state.current_players() == [0]


def test_position_figures_must_add_up():
    with pytest.raises(GameError, match=f"there must be {FIGURES_PER_PLAYER}"):
        make([player(workers={"A6": 5}, supply=18), player()])


# Views and hidden information ---------------------------------------------------------------


def test_view_shows_the_top_letter_and_counts_left_per_letter():
    state = GAME.new(2, seed=9)
    view = state.view(1)
    assert view["stack"]["size"] == 35
    assert view["stack"]["left"] == {"A": 4, "B": 5, "C": 5, "D": 6, "E": 5, "F": 5, "G": 5}
    assert view["stack"]["top"] == TILES[state.stack[-1]].letter == "A"
    assert view["drawn"]["letter"] == "A"  # the drawn tile is face up


@pytest.mark.parametrize("variant", ["basic", "auction"])
@pytest.mark.parametrize("num_players", [2, 4])
def test_a_view_from_kept_board_entries_is_the_fresh_view(variant, num_players):
    """A view reuses the board entries of earlier positions where all they show is
    unchanged (`position._board`): over whole games, played on one state object and on
    copies that share the kept entries, every view is that of a position read afresh,
    and an entry used again is the very object of the view before."""
    state = GAME.new(num_players, 7, variant=variant)
    rng = random.Random(7)
    before, reused = state.view(None), 0
    while not state.is_over():
        seat = rng.choice(state.current_players())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if rng.random() < 0.2 and not state.is_over():
            copy = state.clone()  # changed without `apply`'s owner: shares the kept entries
            mover = copy.current_players()[0]
            copy.apply(mover, rng.choice(copy.legal_actions(mover)))
            copy.view(0)
        view = state.view(None)
        assert view == GAME.from_json(state.to_json()).view(None)
        reused += sum(entry is before["board"].get(name)
                      for name, entry in view["board"].items())
        before = view
    assert reused > 0


def test_a_pickled_position_leaves_the_kept_board_entries_behind():
    """A bot in another process gets the position pickled: all of it but the kept
    entries (`position._board`), which it builds again if it asks for a view."""
    state = mid_game()
    view = state.view(None)
    again = pickle.loads(pickle.dumps(state.clone()))
    assert again.entries == [None] * len(state.entries) != state.entries
    assert again.to_json() == state.to_json()
    assert again.view(None) == view
    bare = state.clone()
    bare.entries = [None] * len(state.entries)
    assert pickle.dumps(state.clone()) == pickle.dumps(bare)


@pytest.mark.parametrize("viewer", [0, 1, 2, None])
def test_no_view_contains_stack_order_or_face_down_wafers(viewer):
    state = mid_game()
    rng = random.Random(1)
    for _ in range(5):
        other = state.determinize(0, rng)
        assert other.to_json() != state.to_json()
        assert other.view(viewer) == state.view(viewer)


@pytest.mark.parametrize("viewer", [0, None])
def test_view_json_names_no_tile(viewer):
    state = mid_game()
    text = json.dumps(state.view(viewer))
    assert '"tile"' not in text
    assert not [s for s in _strings(state.view(viewer)) if s in TILES]
    # Face-down wafers appear only as counts.
    board = state.view(viewer)["board"]
    for space, entry in board.items():
        if entry["kind"] == "treasure":
            assert entry["wafers"] == len(state.wafers[sp(space)])
    assert state.view(viewer)["wafer_pile"] == len(state.wafer_pile)


def test_position_json_holds_the_hidden_parts():
    state = mid_game()
    data = json.loads(state.to_json())
    assert data["stack"] == state.stack and data["wafer_pile"] == state.wafer_pile


def hidden_wafers(state) -> Counter:
    """The hidden wafers (the pile and every holder's), as a multiset."""
    return Counter(state.wafer_pile + [w for stack in state.wafers for w in stack])


def test_determinize_reshuffles_exactly_the_hidden_parts():
    state = mid_game(4, seed=21, steps=200)
    rng = random.Random(7)
    changed_stack = changed_wafers = False
    for _ in range(10):
        other = state.determinize(2, rng)
        # Public: identical.
        for field in ("kind", "stones", "tile_id", "value", "camp", "guard", "workers", "leader",
                      "supply", "removed", "treasures", "points", "levels", "drawn", "current",
                      "phase", "ap", "round", "queue", "score_history"):
            assert getattr(other, field) == getattr(state, field), field
        # Stack: the same letters in the same places, each group a permutation.
        assert [TILES[t].letter for t in other.stack] == [TILES[t].letter for t in state.stack]
        assert Counter(other.stack) == Counter(state.stack)
        changed_stack |= other.stack != state.stack
        # Wafers: each holder keeps its size; all hidden wafers keep their multiset.
        assert [len(w) for w in other.wafers] == [len(w) for w in state.wafers]
        assert len(other.wafer_pile) == len(state.wafer_pile)
        assert hidden_wafers(other) == hidden_wafers(state)
        changed_wafers |= other.wafers != state.wafers
        assert other.view(2) == state.view(2)
    assert changed_stack and changed_wafers


def test_determinize_leaves_the_original_alone():
    state = mid_game()
    before = state.to_json()
    state.determinize(0, random.Random(3))
    assert state.to_json() == before


def test_clone_is_independent():
    state = mid_game()
    before = state.to_json()
    copy = state.clone()
    seat = copy.current_players()[0]
    copy.apply(seat, copy.legal_actions(seat)[-1])
    assert state.to_json() == before and copy.to_json() != before
