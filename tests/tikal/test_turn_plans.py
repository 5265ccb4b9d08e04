"""The search bots plan whole turns; a turn whose end gives the same seat a fresh turn at
once (the last turn before a scoring round or the final round) is a new position, not a
repeat of the last one.

Found by the arena (seed 9414, auction variant, game 146): the position key missed the
round, so the fresh final turn looked like a position already planned, the turn planner
kept no plan at all, and `hard` raised IndexError; the frozen `hard-2026.11` did the same
nine actions later.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.games.tikal.heuristics import position_key

from .helpers import GAME

FOUND = json.loads((Path(__file__).parents[1] / "data" / "tikal_final_round_plans.json")
                   .read_text())


@pytest.mark.parametrize("entry", FOUND["positions"], ids=lambda e: e["bot"])
def test_the_bots_decide_where_a_turn_ends_into_the_same_seats_final_turn(entry):
    state = GAME.from_json(json.dumps(entry["position"]))
    seat = entry["seat"]
    action = make_bot(entry["bot"], entry["bot_seed"]).choose(SeatView(state, seat), seat)
    assert action in state.legal_actions(seat)
    assert str(action) == entry["decision"]  # as it decided in the game that found it


def test_the_end_of_a_turn_that_starts_the_same_seats_final_turn_is_a_new_position():
    """Where the frozen bot fell: seat 0 places the last tile with nothing left to spend
    its points on, and ending the turn hands it its final turn, 10 fresh AP and all."""
    entry = FOUND["positions"][1]
    state = GAME.from_json(json.dumps(entry["position"]))
    seat = entry["seat"]
    state.apply(seat, entry["decision"])
    assert [str(a) for a in state.legal_actions(seat)] == ["end"]
    final = state.clone()
    final.apply(seat, "end")
    assert final.current_players() == [seat] and final.round == "final"
    assert position_key(final) != position_key(state)


@pytest.mark.parametrize("players", [2, 4])
def test_an_action_that_starts_a_round_with_the_same_seat_to_play_makes_a_new_position(
        players):
    """Along random auction games: wherever an action starts or ends a scoring round (a
    volcano's, the final one) and leaves the same seat to play, the position key tells
    the two apart. (In the basic game the round always passes to the next seat.)"""
    met = 0
    for game in range(6):
        rng = random.Random(game)
        state = GAME.new(players, 100 + game, variant="auction")
        while not state.is_over():
            seat = state.current_players()[0]
            after = state.clone()
            after.apply(seat, rng.choice(state.legal_actions(seat)))
            if after.round != state.round and seat in after.current_players():
                met += 1
                assert position_key(after) != position_key(state)
            state = after
    assert met  # the case was met
