"""The rulebook's worked example of the first turns, played from a hand-written position."""

import pytest

from boardgamesbot.engine import IllegalAction

from .helpers import base_camp, make, sp, temple

RED, ORANGE = 0, 1
PILE = [1, 2, 3, 4, 5, 6, 7, 8] * 3


def example_start():
    """Red (p1) has drawn the C treasure tile with 4 masks.

    The base camp A6 has 2 stones towards the temple A5 (which has none back), so
    A6–A5 costs 2 AP; the treasure tile goes on B5 turned r2, whose SW stone meets
    the base camp's NE stone: A6–B5 costs 2 AP. Orange will draw a jungle (A1).
    """
    board = {
        "A6": base_camp([2, 1, 0, 0, 0, 0]),
        "A5": temple(1, [1, 1, 1, 0, 0, 0]),
    }
    return make(2, board, phase="place", drawn="C5", ap=0, stack=["G1", "A1"],
                wafer_pile=PILE)


def test_worked_example_from_the_rulebook():
    state = example_start()
    assert state.current_players() == [RED]

    # Red places the treasure tile, putting 4 wafers on it.
    state.apply(RED, "place B5 r2")
    assert state.wafers[sp("B5")] == [5, 6, 7, 8] and len(state.wafer_pile) == 20
    assert state.ap == 10
    assert state.move_cost(sp("A6"), sp("B5"), RED) == 2
    assert state.move_cost(sp("A6"), sp("A5"), RED) == 2

    state.apply(RED, "enter L A6")
    assert state.ap == 9
    state.apply(RED, "move L A6 B5")  # over 2 stones
    assert state.ap == 7
    state.apply(RED, "recover B5")
    assert state.ap == 4 and state.treasures[RED][8] == 1
    # A second wafer is not allowed with only one figure there.
    before = state.to_json()
    with pytest.raises(IllegalAction, match="only 1 of your figures is on B5"):
        state.apply(RED, "recover B5")
    assert state.to_json() == before
    state.apply(RED, "enter W A6")
    state.apply(RED, "enter W A6")
    assert state.ap == 2
    state.apply(RED, "move W A6 A5")  # 2 AP: Red's 10 AP are spent, the turn ends
    assert state.current_players() == [ORANGE]

    # Orange draws a jungle tile and places it.
    assert state.phase == "place" and state.drawn == "A1"
    placement = state.legal_actions(ORANGE)[0]
    state.apply(ORANGE, placement)
    assert state.kind[placement.space] == "jungle"
    assert state.ap == 10
    state.apply(ORANGE, "enter W A6")
    state.apply(ORANGE, "enter W A6")
    assert state.ap == 8
    state.apply(ORANGE, "move W A6 A5")
    state.apply(ORANGE, "move W A6 A5")
    assert state.ap == 4
    state.apply(ORANGE, "uncover A5")
    assert state.ap == 2
    state.apply(ORANGE, "uncover A5")  # Orange's turn ends

    # The final state.
    assert state.value[sp("A5")] == 3
    assert state.levels[2] == 2 and state.levels[3] == 5
    assert state.wafers[sp("B5")] == [5, 6, 7]
    assert state.treasures[RED][8] == 1 and sum(state.treasures[ORANGE]) == 0
    assert state.leader[RED] == sp("B5")
    assert state.workers[RED][sp("A5")] == 1 and state.supply[RED] == 16
    assert state.workers[ORANGE][sp("A5")] == 2 and state.supply[ORANGE] == 16
    assert state.controller(sp("A5")) == ORANGE  # 2 workers against 1
    assert state.points == [0, 0]
    assert (state.current, state.phase, state.drawn) == (RED, "place", "G1")
