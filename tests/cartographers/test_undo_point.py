"""Where undo stops in Cartographers: `State.undo_point()` changes when a step resolves.

A seat's choice stays hidden until every seat has chosen; until then its seat
may take it back. The last choice resolves the step: every drawing is made and
the next card revealed, so nothing before it can be taken back.
"""

from __future__ import annotations

from boardgamesbot.engine import Record
from boardgamesbot.games.cartographers import GAME


def first(state, seat):
    return state.legal_actions(seat)[0]


def test_a_choice_that_leaves_the_step_open_can_be_taken_back():
    state = GAME.new(3, seed=2)
    before = state.undo_point()
    state.apply(0, first(state, 0))
    state.apply(2, first(state, 2))
    assert state.undo_point() == before


def test_the_last_choice_resolves_the_step_and_reveals_a_card_a_barrier():
    state = GAME.new(2, seed=2)
    before = state.undo_point()
    state.apply(1, first(state, 1))
    state.apply(0, first(state, 0))
    assert state.undo_point() != before


def test_solo_every_choice_resolves_the_step_so_every_choice_is_a_barrier():
    state = GAME.new(1, seed=4)
    for _ in range(10):
        before = state.undo_point()
        state.apply(0, first(state, 0))
        assert state.undo_point() != before


def test_every_resolution_to_the_end_of_the_game_is_a_barrier():
    """Seasons end (the deck is refilled) and the game ends: the point changes each time."""
    state = GAME.new(2, seed=8)
    seen = {state.undo_point()}
    while not state.is_over():
        for seat in state.current_players():
            state.apply(seat, first(state, seat))
        assert state.undo_point() not in seen
        seen.add(state.undo_point())
    assert state.undo_point()[2] == "over"


def test_taking_back_a_choice_is_replaying_the_record_without_it():
    record = Record.start("cartographers", 6, ["a", "b"])
    state = record.new_state()
    view_before = state.view(0)
    action = first(state, 0)
    state.apply(0, action)
    record.add(0, action)
    assert state.view(0) != view_before  # the seat sees its own pending choice
    assert record.replay(0).view(0) == view_before
    assert record.replay().undo_point() == state.undo_point()
