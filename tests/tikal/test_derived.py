"""What the state keeps only for speed always agrees with what it is derived from.

`TikalState` keeps bitmasks of the explored spaces and of those open for a
camp, each seat's figure spaces and camp nodes, and the crossings out of every
space; the rules update them move by move. After every action of random games
(both variants), a copy that recomputes them from scratch must agree, and so
must a position read back from JSON.
"""

from __future__ import annotations

import random

import pytest

from boardgamesbot.engine import load_game

DERIVED = ("explored", "border", "campable", "spots", "nodes", "links")
GAME = load_game("tikal")


def derived(state) -> dict:
    exits = [state._exits(space) if state.exits[space] is None else state.exits[space]
             for space in range(len(state.exits))]
    return {name: getattr(state, name) for name in DERIVED} | {"exits": exits}


@pytest.mark.parametrize("variant,players,seed", [("basic", 4, 11), ("basic", 2, 12),
                                                  ("auction", 3, 13)])
def test_kept_values_agree_with_a_fresh_computation(variant, players, seed):
    state = GAME.new(players, seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
        step += 1
        fresh = state.clone()
        fresh.exits = [None] * len(fresh.exits)
        fresh.recompute_derived()
        assert derived(fresh) == derived(state), f"after action {step}"
        if step % 25 == 0:
            assert derived(GAME.from_json(state.to_json())) == derived(state)
