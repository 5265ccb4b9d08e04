"""Reading a sheet the way the learned Cartographers correction does (issue 32).

The n-tuple network's features (every 2×2 window of a seat's sheet, eight kinds of
cell, a table per season and per scoring card, an offset per season and time) and its
weights on disk (`Checkpoint`, the shipped `learned_weights.npz`). `learned.py` builds
the evaluation and its training on this; the search's heuristics read the shipped
correction through it. It imports nothing that plays or evaluates (not `heuristics`,
not `learned`), so both may import it without a cycle (session 48: with the reading
inside `learned.py`, which imports the heuristics, the heuristics could not use it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from .components import SCORING_CARDS, SEASONS, SIZE, MapSide
from .sheet import Sheet

__all__ = ["CARD_NAMES", "FORMAT", "KINDS", "OFFSETS", "PATTERNS", "SHIPPED", "TABLES",
           "TABLE_SIZE", "TIME_STEPS", "WEIGHTS", "Checkpoint", "Features", "cell_kinds",
           "features", "search_weights", "shipped", "shipped_weights", "use_weights",
           "window_patterns"]

KINDS = 8
PATTERNS = KINDS ** 4
EDGE_KINDS = 2
CARD_NAMES = tuple(sorted(SCORING_CARDS))
TABLES = len(SEASONS) + len(CARD_NAMES)  # general (one per season), then one per card
TABLE_SIZE = EDGE_KINDS * PATTERNS
# An offset per season and time used in it: the same for every placement of a decision,
# so it decides nothing, but it soaks up how far the hand-written worth is off on the
# whole at that point of the game (`learned.py` says why it is there).
TIME_STEPS = 16
OFFSETS = len(SEASONS) * TIME_STEPS
WEIGHTS = TABLES * TABLE_SIZE + OFFSETS
FORMAT = "cartographers-ntuple/2"
SHIPPED = "learned_weights.npz"

# The windows: the top-left cell of every 2×2 window, and whether it touches the edge.
_CORNERS = np.array([r * SIZE + c for r in range(SIZE - 1) for c in range(SIZE - 1)])
_ON_EDGE = np.array([int(r in (0, SIZE - 2) or c in (0, SIZE - 2))
                     for r in range(SIZE - 1) for c in range(SIZE - 1)])
_EDGE_OFFSET = _ON_EDGE * PATTERNS
# (season, letter) -> scorings of that edict from ``season`` on
_SCORINGS_LEFT: dict[tuple[int, str], int] = {}
# A map side's printed ruins, by the side's letter
_RUINS: dict[str, int] = {}


def _scorings_left(season: int, letter: str) -> int:
    key = (season, letter)
    if key not in _SCORINGS_LEFT:
        _SCORINGS_LEFT[key] = sum(1 for s in SEASONS[season:] if letter in s.edicts)
    return _SCORINGS_LEFT[key]


def _ruins(side: MapSide) -> int:
    found = _RUINS.get(side.letter)
    if found is None:
        found = _RUINS[side.letter] = Sheet(side).ruins
    return found


def _bits(mask: int) -> np.ndarray:
    """The 121 cells of a bitboard as 0/1 bytes (cell ``row * SIZE + col``)."""
    cells: np.ndarray = np.unpackbits(np.frombuffer(mask.to_bytes(16, "little"), np.uint8),
                                      bitorder="little")[:SIZE * SIZE]
    return cells


def cell_kinds(layers: Sequence[int], filled: int, side: MapSide) -> np.ndarray:
    """Each cell's kind (0 empty, 1 open ruins, 2 forest, 3 village, 4 farm, 5 water,
    6 monster, 7 mountain or wasteland), built from three bit planes of the kind.
    ``layers``: the sheet's five drawn terrains, forest, village, farm, water, monster."""
    forest, village, farm, water, monster = layers
    blocked = filled & ~(forest | village | farm | water | monster)  # mountains, wastelands
    open_ruins = _ruins(side) & ~filled
    one = open_ruins | village | water | blocked          # kinds 1, 3, 5, 7
    two = forest | village | monster | blocked            # kinds 2, 3, 6, 7
    four = farm | water | monster | blocked               # kinds 4, 5, 6, 7
    kinds: np.ndarray = (_bits(one) + 2 * _bits(two) + 4 * _bits(four)).astype(np.int64)
    return kinds


def window_patterns(kinds: np.ndarray) -> np.ndarray:
    """The pattern index of every 2×2 window, with the edge windows' offset."""
    c = _CORNERS
    patterns: np.ndarray = (kinds[c] * 512 + kinds[c + 1] * 64 + kinds[c + SIZE] * 8
            + kinds[c + SIZE + 1] + _EDGE_OFFSET)
    return patterns


@dataclass
class Features:
    """The weights an afterstate reads: flat indices and how much each counts."""

    index: np.ndarray
    scale: np.ndarray
    offset: int = -1  # the offset's weight (-1: none, the game is over)

    def value(self, weights: np.ndarray) -> float:
        patterns = float(weights[self.index] @ self.scale)
        return patterns + float(weights[self.offset]) if self.offset >= 0 else patterns


def features(layers: Sequence[int], filled: int, side: MapSide, season: int,
             edicts: Sequence[str], time_used: int = 0) -> Features:
    """The active weights of a sheet in ``season`` with ``time_used`` of it gone
    (season 4: the game is over: none)."""
    if season >= len(SEASONS):
        return Features(np.zeros(0, np.int64), np.zeros(0, np.float32))
    patterns = window_patterns(cell_kinds(layers, filled, side))
    parts, scales = [patterns + season * TABLE_SIZE], [np.ones(len(patterns), np.float32)]
    for name, letter in zip(edicts, "ABCD"):
        left = _scorings_left(season, letter)
        if left:
            table = len(SEASONS) + CARD_NAMES.index(name)
            parts.append(patterns + table * TABLE_SIZE)
            scales.append(np.full(len(patterns), float(left), np.float32))
    offset = TABLES * TABLE_SIZE + season * TIME_STEPS + min(time_used, TIME_STEPS - 1)
    return Features(np.concatenate(parts), np.concatenate(scales), offset)


# Weights on disk ----------------------------------------------------------------------


@dataclass
class Checkpoint:
    """Weights and how they were trained: the training command writes and resumes these."""

    weights: np.ndarray
    seed: int
    games: int = 0                   # games trained so far
    rate: float = 0.02
    curve: list[dict[str, Any]] = field(default_factory=list)  # one entry per evaluation

    def save(self, path: str | Path) -> None:
        import json

        path = Path(path)
        temporary = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(temporary, weights=self.weights.astype(np.float32),
                            meta=np.array(json.dumps({
                                "format": FORMAT, "seed": self.seed, "games": self.games,
                                "rate": self.rate, "curve": self.curve})))
        temporary.replace(path)  # a stopped run never leaves half a file

    @classmethod
    def load(cls, path: str | Path) -> Checkpoint:
        import json

        with np.load(path) as data:
            meta = json.loads(str(data["meta"]))
            weights = data["weights"].astype(np.float32)
        if meta.get("format") != FORMAT or weights.shape != (WEIGHTS,):
            raise ValueError(f"{path} is not a {FORMAT} weights file")
        return cls(weights, meta["seed"], meta["games"], meta["rate"], meta["curve"])


def shipped() -> Checkpoint | None:
    """The weights shipped in the package (None if absent)."""
    resource = resources.files(__package__).joinpath(SHIPPED)
    if not resource.is_file():
        return None
    with resources.as_file(resource) as path:
        return Checkpoint.load(path)


@cache
def shipped_weights() -> np.ndarray | None:
    """The shipped weights alone, read once (None if absent)."""
    checkpoint = shipped()
    return None if checkpoint is None else checkpoint.weights


# Weights a run reads instead of the shipped ones (`use_weights`): a screen of weights
# not (yet) shipped, such as those fitted to the search's values (session 49).
_CHOSEN: list[np.ndarray] = []


def use_weights(path: str | Path | None) -> None:
    """Make the search read the weights file ``path`` (None: the shipped weights again)."""
    _CHOSEN.clear()
    if path is not None:
        _CHOSEN.append(Checkpoint.load(path).weights)


def search_weights() -> np.ndarray | None:
    """The weights the search reads (`use_weights`, else the shipped ones; None if none)."""
    return _CHOSEN[0] if _CHOSEN else shipped_weights()
