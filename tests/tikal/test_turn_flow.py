"""Turn order: seat 0 starts, play goes clockwise, each turn draws the top tile."""

import pytest

from boardgamesbot.engine import GameError
from boardgamesbot.games.tikal.state import TILES

from .helpers import GAME, make, random_walk


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_oldest_player_seat_0_starts_by_placing_the_top_tile(num_players):
    state = GAME.new(num_players, seed=42)
    assert state.current_players() == [0]
    assert state.phase == "place" and TILES[state.drawn].letter == "A"
    assert len(state.stack) == 35 and state.ap == 0
    assert state.points == [0] * num_players
    assert state.supply == [18] * num_players and state.leader == [-1] * num_players


@pytest.mark.parametrize("num_players", [1, 5, 0])
def test_tikal_is_for_2_to_4_players(num_players):
    with pytest.raises(GameError, match="2 to 4 players"):
        GAME.new(num_players, seed=1)


def test_unknown_option_is_refused():
    with pytest.raises(GameError, match="no option"):
        GAME.new(2, seed=1, speed="fast")


def test_play_goes_clockwise_and_each_turn_draws_the_top_tile():
    state = make(3, stack=["G1", "G2", "F1", "E1"], current=0)
    state.apply(0, "end")
    for expected_seat, expected_tile in ((1, "E1"), (2, "F1"), (0, "G2")):
        assert state.current_players() == [expected_seat]
        assert state.drawn == expected_tile and state.phase == "place"
        state.apply(expected_seat, state.legal_actions(expected_seat)[0])
        state.apply(expected_seat, "end")


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_turn_order_in_a_random_game(num_players):
    last_placer = None
    for state, seat, _ in random_walk(num_players, seed=7 * num_players):
        if seat is None:
            break
        if state.phase == "place" and state.round is None and state.volcano_drawer < 0:
            # A normal turn begins with the seat after the previous normal turn.
            if last_placer is not None:
                assert seat == (last_placer + 1) % num_players
            last_placer = seat
        if state.phase == "place" and state.volcano_drawer >= 0:
            assert TILES[state.drawn].kind == "volcano" and seat == state.volcano_drawer
            last_placer = seat
