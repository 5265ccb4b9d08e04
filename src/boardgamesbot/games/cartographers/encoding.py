"""Cartographers as numbers, for learning agents: a fixed action space and a view encoding.

Every action is an index into one fixed range (the same for every player
count and map side), and every observation is a set of arrays whose shapes
depend on the number of players only. docs/research.md documents the
layout; the tests check that every legal action of many random positions
round-trips and gets its own index.

>>> space = action_space(2)
>>> space.size
11375
>>> space.decode(space.encode(parse_action("forest 2 r90 C4")))
Draw(terrain='forest', shape=2, orientation=1, cell=35)

The observation is built from ``state.view(seat)`` alone: the other seats'
choices in an open step and the deck order never reach it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from boardgamesbot.engine import Action, GameError
from boardgamesbot.games.action_blocks import ActionBlocks

from .components import CARDS, DRAWN_TERRAINS, MAP_SIDES, SCORING_CARDS, SEASONS, SIZE
from .notation import Ambush, AmbushFallback, Draw, Fallback, Pass, parse_action  # noqa: F401
from .sheet import ORIENTATIONS, parse_cell

__all__ = ["CartographersActions", "action_space", "observation_spaces", "observe"]

CELLS = SIZE * SIZE
SHAPES_PER_CARD = 2
_TERRAIN = {terrain: index for index, terrain in enumerate(DRAWN_TERRAINS)}
_PASS = Pass()


class CartographersActions(ActionBlocks):
    """Every Cartographers action as an index, in blocks (offsets in docs/research.md):

    draw terrain×shape×orientation×cell, 1x1 terrain×cell, ambush
    orientation×cell, ambush 1x1 cell, pass. Cells are numbered like the
    sheets' bits: ``row * 11 + column`` (A1 = 0, K11 = 120).
    """

    def __init__(self) -> None:
        t, o = len(DRAWN_TERRAINS), len(ORIENTATIONS)
        super().__init__([("draw", t * SHAPES_PER_CARD * o * CELLS), ("1x1", t * CELLS),
                          ("ambush", o * CELLS), ("ambush 1x1", CELLS), ("pass", 1)])

    def encode(self, action: Action) -> int:
        """The index of ``action``; `GameError` for an action outside the space."""
        a = action  # exact types: a subclass of an action is not in the space
        o = len(ORIENTATIONS)
        if type(a) is Draw and a.terrain in _TERRAIN and 1 <= a.shape <= SHAPES_PER_CARD:
            return self.blocks["draw"][0] + (
                (_TERRAIN[a.terrain] * SHAPES_PER_CARD + a.shape - 1) * o + a.orientation
            ) * CELLS + a.cell
        if type(a) is Fallback and a.terrain in _TERRAIN:
            return self.blocks["1x1"][0] + _TERRAIN[a.terrain] * CELLS + a.cell
        if type(a) is Ambush:
            return self.blocks["ambush"][0] + a.orientation * CELLS + a.cell
        if type(a) is AmbushFallback:
            return self.blocks["ambush 1x1"][0] + a.cell
        if type(a) is Pass:
            return self.blocks["pass"][0]
        raise GameError(f"{action!r} is outside Cartographers' action space",
                        code="outside_action_space", action=str(action))

    def decode(self, index: int) -> Action:
        """The action at ``index`` (legal or not: legality is the state's business)."""
        name, i = self.block_of(index)
        if name == "draw":
            rest, cell = divmod(i, CELLS)
            rest, orientation = divmod(rest, len(ORIENTATIONS))
            terrain, shape = divmod(rest, SHAPES_PER_CARD)
            return Draw(DRAWN_TERRAINS[terrain], shape + 1, orientation, cell)
        if name == "1x1":
            return Fallback(DRAWN_TERRAINS[i // CELLS], i % CELLS)
        if name == "ambush":
            return Ambush(i // CELLS, i % CELLS)
        if name == "ambush 1x1":
            return AmbushFallback(i)
        return _PASS


_ACTIONS = CartographersActions()


def action_space(num_players: int, **options: Any) -> CartographersActions:
    """The fixed action space (one for every player count and side)."""
    return _ACTIONS


# Observations ----------------------------------------------------------------------------

# Sheet channels, one 11×11 plane each.
SHEET_CHANNELS = (*DRAWN_TERRAINS, "mountain", "wasteland", "ruins", "last_drawn", "last_ambush")
_LETTER_CHANNEL = {"F": 0, "V": 1, "A": 2, "W": 3, "M": 4, "^": 5, "#": 6}
CARD_NAMES = tuple(sorted(CARDS))
SCORING_NAMES = tuple(sorted(SCORING_CARDS))
CARD_KINDS = ("explore", "ruins", "ambush")
STEPS = ("draw", "ambush", "over")
MODES = ("shape", "1x1", "ruins", "pass")
SHAPE_GRID = 4  # every shape on the cards fits a 4×4 box
# A season's numbers (edict scores, coins, monster losses, total) and the stars,
# soundly bounded: no edict pays more than 4 per space of the sheet.
_SEASON_BOUND = 2 * 4 * CELLS + CELLS
_STARS_BOUND = len(SEASONS) * _SEASON_BOUND
PLAYER_FEATURES = 3 + 5 * len(SEASONS)
YOU_FEATURES = 1 + len(DRAWN_TERRAINS) + 1 + len(MODES)


def observation_spaces(num_players: int, **options: Any) -> dict[str, dict[str, Any]]:
    """Each part of the observation: ``{"shape", "low", "high"}`` (all float32).

    The flat vector is the parts in this dict's order, each flattened (C order).
    """
    n = num_players
    return {
        "sheets": {"shape": (n, len(SHEET_CHANNELS), SIZE, SIZE), "low": 0, "high": 1},
        "players": {"shape": (n, PLAYER_FEATURES), "low": -_STARS_BOUND, "high": _STARS_BOUND},
        "viewer": {"shape": (n,), "low": 0, "high": 1},
        "side": {"shape": (len(MAP_SIDES),), "low": 0, "high": 1},
        "season": {"shape": (len(SEASONS) + 2 + 4,), "low": 0, "high": 20},
        "edicts": {"shape": (4, len(SCORING_NAMES)), "low": 0, "high": 1},
        "card": {"shape": (len(CARD_NAMES) + len(CARD_KINDS) + len(DRAWN_TERRAINS) + 1
                           + SHAPES_PER_CARD,), "low": 0, "high": 2},
        "card_shapes": {"shape": (SHAPES_PER_CARD, SHAPE_GRID, SHAPE_GRID), "low": 0, "high": 1},
        "revealed": {"shape": (2, len(CARD_NAMES)), "low": 0, "high": 1},
        "deck": {"shape": (3 + len(STEPS),), "low": 0, "high": len(CARD_NAMES)},
        "ambush_targets": {"shape": (n, n), "low": 0, "high": 1},
        "you": {"shape": (YOU_FEATURES + n,), "low": 0, "high": 1},
        "you_cells": {"shape": (SIZE, SIZE), "low": 0, "high": 1},
    }


def _plane(out: np.ndarray, cells: Iterable[str]) -> None:
    for name in cells:
        cell = parse_cell(name)
        out[cell // SIZE, cell % SIZE] = 1


def observe(view: dict[str, Any]) -> dict[str, np.ndarray]:
    """The arrays of ``view`` (the dict ``state.view(seat)`` returns), by part name."""
    n = view["num_players"]
    parts = {name: np.zeros(spec["shape"], dtype=np.float32)
             for name, spec in observation_spaces(n).items()}
    ruins = SHEET_CHANNELS.index("ruins")
    for player in view["players"]:
        seat = player["seat"]
        sheet = parts["sheets"][seat]
        for row, line in enumerate(player["sheet"]):
            for col, char in enumerate(line):
                if char == "R" or char.islower():
                    sheet[ruins, row, col] = 1
                channel = _LETTER_CHANNEL.get(char.upper())
                if channel is not None:
                    sheet[channel, row, col] = 1
        _plane(sheet[SHEET_CHANNELS.index("last_drawn")], player["last_drawn"])
        row = parts["players"][seat]
        row[:3] = (player["coins"], player["stars"], player["monster_losses"])
        for index, season in enumerate(player["seasons"]):
            e1, e2 = season["edicts"]
            row[3 + 5 * index:8 + 5 * index] = (e1, e2, season["coins"], season["monsters"],
                                                season["total"])
    if view["last_ambush"] is not None:
        for seat, cells in enumerate(view["last_ambush"]["cells"]):
            _plane(parts["sheets"][seat][SHEET_CHANNELS.index("last_ambush")], cells)
    if view["viewer"] is not None:
        parts["viewer"][view["viewer"]] = 1
    parts["side"][sorted(MAP_SIDES).index(view["side"]["letter"])] = 1
    season = parts["season"]
    season[view["season"]["number"] - 1] = 1
    season[len(SEASONS)] = view["season"]["threshold"]
    season[len(SEASONS) + 1] = view["season"]["time_used"]
    for letter in view["season"]["scoring"]:
        season[len(SEASONS) + 2 + "ABCD".index(letter)] = 1
    for index, edict in enumerate(view["edicts"]):
        parts["edicts"][index, SCORING_NAMES.index(edict["card"])] = 1
    card = view["card"]
    if card is not None:
        out = parts["card"]
        out[CARD_NAMES.index(card["name"])] = 1
        base = len(CARD_NAMES)
        out[base + CARD_KINDS.index(card["kind"])] = 1
        base += len(CARD_KINDS)
        for terrain in card.get("terrains", ()):
            out[base + _TERRAIN[terrain]] = 1
        base += len(DRAWN_TERRAINS)
        out[base] = card["time"]
        shapes = card.get("shapes") or ([{"cells": card["cells"], "coin": False}]
                                        if "cells" in card else [])
        for index, shape in enumerate(shapes):
            out[base + 1 + index] = float(shape["coin"])
            for r, c in shape["cells"]:
                parts["card_shapes"][index, r, c] = 1
    for name in view["revealed"]:
        parts["revealed"][0, CARD_NAMES.index(name["name"])] = 1
    for name in view["removed_ambushes"]:
        parts["revealed"][1, CARD_NAMES.index(name)] = 1
    deck = parts["deck"]
    deck[:3] = (view["deck_size"], view["ambushes_in_deck"], float(view["ruins_pending"]))
    deck[3 + STEPS.index(view["step"])] = 1
    for seat, target in enumerate(view.get("ambush_targets", ())):
        parts["ambush_targets"][seat, target] = 1
    you = view.get("you")
    if you is not None:
        out = parts["you"]
        choice = you["choice"]
        if choice is not None:
            out[0] = 1
            out[1 + _TERRAIN[choice["terrain"]]] = 1
            out[1 + len(DRAWN_TERRAINS)] = float(choice["coin"])
            out[YOU_FEATURES + choice["sheet"]] = 1
            _plane(parts["you_cells"], choice["cells"])
        else:
            if "mode" in you:
                out[2 + len(DRAWN_TERRAINS) + MODES.index(you["mode"])] = 1
            if "target" in you:
                out[YOU_FEATURES + you["target"]] = 1
    return parts
