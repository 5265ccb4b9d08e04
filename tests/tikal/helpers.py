"""Small builders for hand-written Tikal positions and random legal games."""

from __future__ import annotations

import json
import random

from boardgamesbot.engine import load_game
from boardgamesbot.games.tikal.components import (
    COMPONENTS,
    NEIGHBOURS,
    SIDES,
    parse_space,
    space_name,
)
from boardgamesbot.games.tikal.position import FORMAT

GAME = load_game("tikal")
FIGURES_PER_PLAYER = 1 + COMPONENTS.workers  # 19


def sp(name: str) -> int:
    """'C4' -> 15."""
    return parse_space(name)


def side(a: str, b: str) -> int:
    """The side of ``a`` that faces its neighbour ``b``."""
    return NEIGHBOURS[sp(a)].index(sp(b))


def stones(**per_side: int) -> list[int]:
    """stones(N=1, SE=2) -> [1, 0, 2, 0, 0, 0]."""
    return [per_side.get(name, 0) for name in SIDES]


def jungle(s=None, **kw) -> dict:
    return {"kind": "jungle", "stones": s or [0] * 6, **kw}


def temple(printed: int, s=None, value: int | None = None, **kw) -> dict:
    entry = {"kind": "temple", "printed": printed, "stones": s or [0] * 6, **kw}
    if value is not None:
        entry["value"] = value
    return entry


def treasure(wafers: list[int], s=None, **kw) -> dict:
    return {"kind": "treasure", "wafers": list(wafers), "stones": s or [0] * 6, **kw}


def volcano() -> dict:
    return {"kind": "volcano", "stones": [0] * 6}


def base_camp(s=None) -> dict:
    return {"kind": "base_camp", "stones": s or [1, 1, 1, 0, 0, 0]}


def preprinted_board() -> dict:
    """The four pre-printed spaces as the shipped component set prints them."""
    return {
        "A6": base_camp([1, 1, 1, 0, 0, 0]),
        "A5": temple(1, [1, 1, 1, 0, 0, 0]),
        "B5": jungle([1, 1, 1, 0, 0, 0]),
        "B6": temple(1, [1, 2, 0, 0, 0, 0]),
    }


def player(leader: str = "supply", workers: dict | None = None, treasures=(), **kw) -> dict:
    return {"leader": leader, "workers": dict(workers or {}), "treasures": list(treasures), **kw}


def position(players=2, board: dict | None = None, **fields) -> dict:
    """A position dict; the wafer pile defaults to every wafer not on a tile or held."""
    if isinstance(players, int):
        players = [player() for _ in range(players)]
    board = preprinted_board() if board is None else board
    data = {"format": FORMAT, "players": players, "board": board, "stack": [],
            "phase": "actions", "current": 0, "ap": 10}
    data.update(fields)
    if "wafer_pile" not in data:
        used = [w for e in board.values() for w in e.get("wafers", [])]
        used += [k for p in players for k in p.get("treasures", [])]
        pile = []
        for kind in range(1, COMPONENTS.treasure_kinds + 1):
            pile += [kind] * (COMPONENTS.treasure_copies - used.count(kind))
        data["wafer_pile"] = pile
    return data


def load(data: dict | str):
    return GAME.from_json(data if isinstance(data, str) else json.dumps(data))


def make(players=2, board: dict | None = None, **fields):
    """A `TikalState` from a hand-written position."""
    return load(position(players, board, **fields))


def play(state, *notations, seat: int | None = None):
    """Apply each notation for the current player (or ``seat``)."""
    for notation in notations:
        state.apply(state.current if seat is None else seat, notation)
    return state


def strs(actions) -> set[str]:
    return {str(a) for a in actions}


def random_walk(num_players: int, seed: int, steps: int | None = None):
    """Yield (state_before, seat, action) along a random legal game."""
    rng = random.Random(seed)
    state = GAME.new(num_players, seed)
    count = 0
    while not state.is_over() and (steps is None or count < steps):
        seat = state.current_players()[0]
        action = rng.choice(state.legal_actions(seat))
        yield state, seat, action
        state.apply(seat, action)
        count += 1
    yield state, None, None


def random_game(num_players: int, seed: int, steps: int | None = None):
    """The state after a random legal game (or its first ``steps`` actions)."""
    for state, seat, _ in random_walk(num_players, seed, steps):
        if seat is None:
            return state


def figure_total(state, seat: int) -> int:
    return (state.supply[seat] + sum(state.workers[seat]) + (state.leader[seat] != -2)
            + state.removed[seat] + state.guard.count(seat))


__all__ = [name for name in dir() if not name.startswith("_")] + ["space_name"]
