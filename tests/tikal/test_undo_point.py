"""Where undo stops in Tikal: `State.undo_point()` changes at every barrier.

The Board Game Arena policy: a player may take back actions inside their own
turn, never across hidden or random information being revealed (a tile drawn,
a wafer turned up) or another player's decision (a new turn, a bid, a pass).
"""

from __future__ import annotations

from boardgamesbot.engine import Record

from .helpers import GAME, jungle, make, player, preprinted_board, stones, treasure


def board(**extra):
    result = preprinted_board()
    result.update({"C5": treasure([1, 2, 3], stones(SW=2, N=1)), "C4": jungle(stones(N=3))})
    result.update(extra)
    return result


def turn_state(**p1):
    return make([player(**p1), player()], board(), stack=["A1", "G1"])


def crosses_barrier(state, seat, notation) -> bool:
    before = state.undo_point()
    state.apply(seat, notation)
    return state.undo_point() != before


def test_placing_the_drawn_tile_can_be_taken_back():
    state = GAME.new(2, seed=3)
    assert not crosses_barrier(state, 0, state.legal_actions(0)[0])


def test_spending_action_points_inside_a_turn_can_be_taken_back():
    state = turn_state(leader="B5", workers={"A5": 1})
    assert not crosses_barrier(state, 0, "enter W A6")
    assert not crosses_barrier(state, 0, "move W A6 B5")
    assert not crosses_barrier(state, 0, "uncover A5")


def test_ending_the_turn_is_a_barrier_the_next_tile_is_drawn():
    state = turn_state()
    assert crosses_barrier(state, 0, "end")
    assert state.current_players() == [1]


def test_spending_the_last_action_point_ends_the_turn_and_is_a_barrier():
    state = make([player(), player()], board(), stack=["A1", "G1"], ap=1)
    assert crosses_barrier(state, 0, "enter W A6")
    assert state.current_players() == [1]


def test_recovering_a_treasure_turns_a_wafer_up_and_is_a_barrier():
    state = turn_state(workers={"C5": 1})
    assert crosses_barrier(state, 0, "recover C5")


def test_each_scoring_turn_of_a_volcano_round_is_a_barrier():
    # Play quick turns until a volcano is drawn, then end every scoring turn.
    state = GAME.new(2, seed=1)
    while state.round is None:
        seat = state.current_players()[0]
        state.apply(seat, "end" if state.phase == "actions" else state.legal_actions(seat)[0])
    first = state.current_players()[0]
    assert crosses_barrier(state, first, "end")
    assert state.round == "volcano" and state.current_players() == [1 - first]
    assert crosses_barrier(state, 1 - first, "end")  # back to the drawer, who places it


def test_another_seats_decision_always_follows_a_barrier():
    """Whenever the seat to act changes, the undo point has changed too."""
    state = GAME.new(3, seed=11)
    for _ in range(300):
        if state.is_over():
            break
        seat = state.current_players()[0]
        actions = state.legal_actions(seat)
        before = state.undo_point()
        state.apply(seat, actions[len(actions) // 2])
        if state.current_players() != [seat]:
            assert state.undo_point() != before


def test_auction_bids_and_passes_are_barriers():
    state = GAME.new(3, seed=1, variant="auction")
    assert crosses_barrier(state, 0, "bid 2")
    assert crosses_barrier(state, 1, "pass")
    assert crosses_barrier(state, 2, "pass")  # p1 wins the auction


def test_auction_taking_a_displayed_tile_can_be_taken_back():
    state = GAME.new(3, seed=1, variant="auction")
    for seat, notation in ((0, "bid 1"), (1, "pass"), (2, "pass")):
        state.apply(seat, notation)
    assert state.phase == "take"
    assert not crosses_barrier(state, 0, "take 1")


def test_undo_point_is_kept_by_clone_and_rebuilt_by_replay():
    state = GAME.new(2, seed=5)
    record = Record.start("tikal", 5, ["a", "b"])
    for _ in range(40):
        seat = state.current_players()[0]
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        record.add(seat, action)
    assert state.clone().undo_point() == state.undo_point()
    assert record.replay().undo_point() == state.undo_point()


def test_taking_back_an_action_is_replaying_the_record_without_it():
    record = Record.start("tikal", 9, ["a", "b"])
    state = record.new_state()
    place = state.legal_actions(0)[0]
    state.apply(0, place)
    record.add(0, place)
    before = state.to_json()
    state.apply(0, "enter W A6")
    record.add(0, "enter W A6")
    assert state.undo_point() == record.replay(1).undo_point()
    assert record.replay(1).to_json() == before
