"""The values issue 32 added to `TikalState` for speed agree with a fresh computation.

``temples`` (the temples' bitmask, read by the scoring) and ``opened`` (per space
the sides a placement there must connect to, read by `placements`) are kept up to
date as tiles are placed; `test_derived.py` checks the older ones. After every
action of random games (both variants, 2-4 players) a copy that recomputes them
from scratch must agree, and so must a clone and a position read back from JSON;
and the temple points must be those of the rules' own `controller`.
"""

from __future__ import annotations

import random

import pytest

from boardgamesbot.engine import load_game
from boardgamesbot.games.tikal.components import NUM_SPACES, TEMPLE

GAME = load_game("tikal")


def kept(state) -> tuple:
    return state.temples, list(state.opened)


def temple_points_by_controller(state, player: int) -> int:
    return sum(state.value[s] for s in range(NUM_SPACES)
               if state.kind[s] == TEMPLE and state.controller(s) == player)


@pytest.mark.parametrize("variant,players,seed", [("basic", 4, 21), ("basic", 2, 22),
                                                  ("auction", 3, 23)])
def test_kept_values_agree_with_a_fresh_computation(variant, players, seed):
    state = GAME.new(players, seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
        step += 1
        fresh = state.clone()
        fresh.recompute_derived()
        assert kept(fresh) == kept(state), f"after action {step}"
        assert kept(state.clone()) == kept(state)
        for seat in range(players):
            assert state.temple_points(seat) == temple_points_by_controller(state, seat)
        if step % 25 == 0:
            assert kept(GAME.from_json(state.to_json())) == kept(state)
