"""Placement: adjacency, the stoned-side rule, volcanoes, rotation and the Decision fallback."""

import pytest

from boardgamesbot.engine import IllegalAction
from boardgamesbot.games.tikal.components import NUM_SPACES, rotate, space_name
from boardgamesbot.games.tikal.state import TILES

from .helpers import base_camp, jungle, make, sp, strs, volcano

BARE = [0] * 6  # a base camp with no stones: only the drawn tile's stones can connect


def placing(drawn, board=None, **fields):
    board = board if board is not None else {"A6": base_camp(BARE)}
    return make(board=board, phase="place", drawn=drawn, ap=0, **fields)


def test_tile_goes_on_an_empty_space_adjacent_to_the_explored_area():
    state = placing("A1")  # jungle, stones N, SE, SW
    spaces = {str(a).split()[1] for a in state.legal_actions(0)}
    assert spaces == {"A5", "B5", "B6"}
    with pytest.raises(IllegalAction, match="C3 is not next to the explored area"):
        state.apply(0, "place C3 r1")
    with pytest.raises(IllegalAction, match="A6 is already explored"):
        state.apply(0, "place A6")


def test_placement_needs_a_stoned_shared_side_with_an_explored_space():
    state = placing("A1")  # stones on N, SE, SW as printed
    # A5 touches A6 with its S side: the tile needs a stone there (r1, r3 or r5).
    legal = {a.rotation for a in state.legal_actions(0) if a.space == sp("A5")}
    assert legal == {1, 3, 5}
    with pytest.raises(IllegalAction, match="shares no stoned side"):
        state.apply(0, "place A5")
    state.apply(0, "place A5 r3")
    assert state.kind[sp("A5")] == "jungle"


def test_stoned_side_may_be_on_the_explored_tile():
    state = placing("A1", board={"A6": base_camp([1, 0, 0, 0, 0, 0])})  # a stone towards A5
    legal = {a.rotation for a in state.legal_actions(0) if a.space == sp("A5")}
    assert legal == set(range(6))
    state.apply(0, "place A5")  # r0: no stone of the new tile faces A6
    assert state.move_cost(sp("A6"), sp("A5"), 0) == 1


def test_stoned_side_towards_a_volcano_does_not_count():
    board = {"A6": base_camp(BARE), "A5": volcano(), "B5": volcano(),
             "B6": jungle([1, 1, 1, 0, 0, 0])}
    state = placing("A1", board=board)
    # A4, B4 and C5 border only volcanoes; C6 borders the jungle B6 (its NE stone).
    assert {a.space for a in state.legal_actions(0)} == {sp("C6")}
    with pytest.raises(IllegalAction, match="shares no stoned side"):
        state.apply(0, "place C5 r3")  # its SW stone would face the volcano B5


def test_volcano_needs_only_adjacency():
    state = placing("B5")  # the B volcano, no stones at all
    assert strs(state.legal_actions(0)) == {"place A5", "place B5", "place B6"}
    state.apply(0, "place B6")
    assert state.kind[sp("B6")] == "volcano"
    assert state.move_cost(sp("A6"), sp("B6"), 0) == 0


def test_volcano_is_placed_without_rotation():
    state = placing("B5")
    with pytest.raises(IllegalAction, match="without a rotation"):
        state.apply(0, "place A5 r2")


def test_player_chooses_the_rotation():
    state = placing("C5")  # treasure 4, stones N, NE, SE as printed
    state.apply(0, "place B5 r2")
    assert state.stones[sp("B5")] == rotate(TILES["C5"].stones, 2) == (0, 0, 1, 1, 1, 0)
    assert state.move_cost(sp("A6"), sp("B5"), 0) == 1  # B5's SW stone faces A6


def test_treasure_tile_gets_masks_wafers_from_the_pile():
    pile = [1, 2, 3, 4, 5, 6, 7, 8] * 3
    state = placing("C5", wafer_pile=pile)
    state.apply(0, "place B5 r2")
    assert state.wafers[sp("B5")] == pile[-4:]
    assert state.wafer_pile == pile[:-4]
    assert sum(map(len, state.wafers)) + len(state.wafer_pile) == 24


def test_placing_starts_the_10_ap():
    state = placing("A1")
    state.apply(0, "place A5 r1")
    assert (state.phase, state.ap, state.drawn, state.last_placer) == ("actions", 10, None, 0)


def test_the_drawn_tile_must_be_placed_before_any_action():
    state = placing("A1")
    for notation in ("enter W A6", "end"):
        with pytest.raises(IllegalAction, match="place the drawn tile first"):
            state.apply(0, notation)


def _volcano_ring():
    """Everything explored around the base camp is a volcano: no stoned side anywhere."""
    return {"A6": base_camp(BARE), "A5": volcano(), "B5": volcano(), "B6": volcano()}


def test_decision_no_legal_space_fallback():
    state = placing("A1", board=_volcano_ring())
    frontier = {sp(n) for n in ("A4", "B4", "C5", "C6")}
    assert set(state.frontier()) == frontier
    legal = {(a.space, a.rotation) for a in state.legal_actions(0)}
    assert legal == {(s, r) for s in frontier for r in range(6)}
    for space in frontier:
        for rotation in range(6):
            trial = state.clone()
            trial.apply(0, f"place {space_name(space)} r{rotation}")
            assert trial.tile_id[space] == "A1"


def test_decision_fallback_still_needs_an_empty_space_adjacent_to_the_explored_area():
    state = placing("A1", board=_volcano_ring())
    with pytest.raises(IllegalAction, match="not next to the explored area"):
        state.apply(0, "place E3")


def test_decision_fallback_applies_only_when_no_legal_space_exists():
    # With a stoned side available somewhere, an unconnected placement stays illegal.
    state = placing("A1")
    with pytest.raises(IllegalAction, match="shares no stoned side"):
        state.apply(0, "place B6")  # r0: no stone on its NW side, which faces A6


def test_placement_relinks_neighbours_for_movement():
    state = placing("A1", board={"A6": base_camp([1, 0, 0, 0, 0, 0])})
    state.apply(0, "place A5 r3")  # the tile's stone now on S, facing A6's N stone
    assert state.move_cost(sp("A6"), sp("A5"), 0) == 2
    assert state.move_cost(sp("A5"), sp("A6"), 0) == 2
    assert all(state.kind[s] is None for s in range(NUM_SPACES) if s not in (sp("A6"), sp("A5")))
