"""The printed material of Cartographers as data: map sides, cards, seasons, coins.

Everything comes from ``components.json`` (a copy of the project's shared
component data) and is validated when loaded, so a broken data file fails at
import with a message naming the bad entry instead of misbehaving mid-game.

Coordinates in the data are ``(row, col)`` from the top-left of the 11×11
sheet; the engine turns them into bit indices ``row * 11 + col`` (see `sheet`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from boardgamesbot.engine import GameError

__all__ = [
    "AMBUSH_CARDS",
    "CARDS",
    "COIN_TRACK",
    "DRAWN_TERRAINS",
    "EXPLORE_CARDS",
    "MAP_SIDES",
    "RUINS_CARDS",
    "SCORING_CARDS",
    "SCORING_DECKS",
    "SEASONS",
    "SIZE",
    "SOLO_TITLES",
    "AmbushCard",
    "ExploreCard",
    "MapSide",
    "RuinsCard",
    "ScoringCard",
    "Season",
    "Shape",
    "load_components",
]

SIZE = 11

#: The five terrains a player can draw, in the order the engine keeps their layers.
DRAWN_TERRAINS = ("forest", "village", "farm", "water", "monster")

#: Scoring decks in the order setup lays their cards under edicts A, B, C, D.
SCORING_DECKS = ("forest", "farm_water", "village", "arrangement")

_CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
_DIRECTIONS = ("clockwise", "counterclockwise")


@dataclass(frozen=True, slots=True)
class MapSide:
    """One side of the map sheet: the printed mountains, ruins and wasteland."""

    letter: str  # "A" or "B"
    name: str  # "Wilderness" or "Wastelands"
    mountains: tuple[tuple[int, int], ...]
    ruins: tuple[tuple[int, int], ...]
    wastelands: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Shape:
    """A shape printed on an explore card, as cells ``(row, col)``; coin shapes give a coin."""

    cells: tuple[tuple[int, int], ...]
    coin: bool


@dataclass(frozen=True, slots=True)
class Card:
    """What every card of the explore deck has: its id in the data and its printed name."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class ExploreCard(Card):
    """A terrain card (or Rift Lands): pick one terrain and one shape from it."""

    time: int
    terrains: tuple[str, ...]
    shapes: tuple[Shape, ...]


@dataclass(frozen=True, slots=True)
class RuinsCard(Card):
    """Temple or Outpost Ruins: the next explore card must be drawn over a ruins space."""

    time: int = 0


@dataclass(frozen=True, slots=True)
class AmbushCard(Card):
    """A monster attack: a monster shape, the pass direction and the solo corner."""

    cells: tuple[tuple[int, int], ...]
    direction: str  # "clockwise" or "counterclockwise"
    solo_corner: str  # "top-left", "top-right", "bottom-right" or "bottom-left"
    time: int = 0


@dataclass(frozen=True, slots=True)
class Season:
    name: str
    threshold: int
    edicts: tuple[str, str]  # the two edict letters scored at its end


@dataclass(frozen=True, slots=True)
class ScoringCard:
    id: str
    deck: str
    name: str
    solo: int  # subtracted from a solo player's score for the rating
    rule: str


def _fail(where: str, problem: str) -> GameError:
    return GameError(f"cartographers components: {where}: {problem}", code="bad_components")


def _cells(value: Any, where: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list) or not value:
        raise _fail(where, "expected a non-empty list of [row, col] cells")
    cells: list[tuple[int, int]] = []
    for cell in value:
        if (
            not isinstance(cell, list)
            or len(cell) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
            or not all(0 <= v < SIZE for v in cell)
        ):
            raise _fail(where, f"{cell!r} is not a [row, col] cell with 0 <= row, col < {SIZE}")
        cells.append((cell[0], cell[1]))
    if len(set(cells)) != len(cells):
        raise _fail(where, "a cell is listed twice")
    return tuple(cells)


def _get(entry: Any, key: str, kind: type, where: str) -> Any:
    if not isinstance(entry, dict) or key not in entry:
        raise _fail(where, f"missing {key!r}")
    value = entry[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _fail(where, f"{key!r} must be {kind.__name__}, not {value!r}")
    return value


def load_components(data: Any) -> dict[str, Any]:
    """Validate the component data and build the game's vocabulary from it."""
    if not isinstance(data, dict):
        raise _fail("top level", "expected an object")
    maps = _get(data, "maps", dict, "top level")
    sides: dict[str, MapSide] = {}
    names = (("A", "A_wilderness", "Wilderness"), ("B", "B_wastelands", "Wastelands"))
    for letter, key, name in names:
        entry = _get(maps, key, dict, "maps")
        mountains = _cells(entry.get("mountains"), f"map {key} mountains")
        ruin_spaces = _cells(entry.get("ruins"), f"map {key} ruins")
        wastes = entry.get("wastelands")
        wastelands = _cells(wastes, f"map {key} wastelands") if wastes else ()
        printed = list(mountains) + list(ruin_spaces) + list(wastelands)
        if len(set(printed)) != len(printed):
            raise _fail(f"map {key}", "a space is printed with two features")
        sides[letter] = MapSide(letter, name, mountains, ruin_spaces, wastelands)
    coin_track = _get(maps, "coin_track_length", int, "maps")

    explore: list[ExploreCard] = []
    for index, entry in enumerate(_get(data, "explore_cards", list, "top level")):
        where = f"explore card #{index + 1}"
        name = _get(entry, "name", str, where)
        terrains = tuple(_get(entry, "terrains", list, name))
        if not terrains or any(t not in DRAWN_TERRAINS for t in terrains):
            raise _fail(name, f"terrains must be among {', '.join(DRAWN_TERRAINS)}")
        shapes = tuple(
            Shape(_cells(_get(s, "cells", list, name), f"{name} shape"), bool(s.get("coin", False)))
            for s in _get(entry, "shapes", list, name)
        )
        if not 1 <= len(shapes) <= 2:
            raise _fail(name, "an explore card shows one or two shapes")
        time = _get(entry, "time", int, name)
        if time not in (0, 1, 2):
            raise _fail(name, f"time must be 0, 1 or 2, not {time}")
        explore.append(ExploreCard(str(_get(entry, "id", str, name)), name, time, terrains, shapes))

    ruins = [
        RuinsCard(_get(e, "id", str, "ruins card"), _get(e, "name", str, "ruins card"))
        for e in _get(data, "ruins_cards", list, "top level")
    ]
    ambushes: list[AmbushCard] = []
    for entry in _get(data, "ambush_cards", list, "top level"):
        name = _get(entry, "name", str, "ambush card")
        direction = _get(entry, "direction", str, name)
        corner = _get(entry, "solo_corner", str, name)
        if direction not in _DIRECTIONS:
            raise _fail(name, f"direction must be one of {', '.join(_DIRECTIONS)}")
        if corner not in _CORNERS:
            raise _fail(name, f"solo_corner must be one of {', '.join(_CORNERS)}")
        cells = _cells(_get(entry, "cells", list, name), f"{name} cells")
        ambushes.append(AmbushCard(_get(entry, "id", str, name), name, cells, direction, corner))

    seasons: list[Season] = []
    for entry in _get(data, "seasons", list, "top level"):
        name = _get(entry, "name", str, "season")
        edicts = tuple(_get(entry, "edicts", list, name))
        if len(edicts) != 2 or any(e not in "ABCD" or len(e) != 1 for e in edicts):
            raise _fail(name, "a season scores two of the edicts A, B, C, D")
        seasons.append(Season(name, _get(entry, "threshold", int, name), edicts))

    scoring: list[ScoringCard] = []
    for entry in _get(data, "scoring_cards", list, "top level"):
        name = _get(entry, "name", str, "scoring card")
        deck = _get(entry, "deck", str, name)
        if deck not in SCORING_DECKS:
            raise _fail(name, f"deck must be one of {', '.join(SCORING_DECKS)}")
        scoring.append(
            ScoringCard(_get(entry, "id", str, name), deck, name, _get(entry, "solo", int, name),
                        _get(entry, "rule", str, name))
        )

    titles = [(int(t[0]), str(t[1])) for t in _get(data, "solo_titles", list, "top level")]

    # The counts the rules reference promises; anything else is a corrupted file.
    expected = {"explore cards": (len(explore), 11), "ruins cards": (len(ruins), 2),
                "ambush cards": (len(ambushes), 4), "seasons": (len(seasons), 4),
                "scoring cards": (len(scoring), 16)}
    for what, (got, want) in expected.items():
        if got != want:
            raise _fail(what, f"expected {want}, found {got}")
    for deck in SCORING_DECKS:
        if sum(card.deck == deck for card in scoring) != 4:
            raise _fail("scoring cards", f"deck {deck} must hold 4 cards")
    cards: list[ExploreCard | RuinsCard | AmbushCard | ScoringCard] = [
        *explore, *ruins, *ambushes, *scoring]
    card_names = [card.name for card in cards]
    if len(set(card_names)) != len(card_names):
        raise _fail("cards", "two cards share a name")
    return {
        "sides": sides,
        "coin_track": coin_track,
        "explore": tuple(explore),
        "ruins": tuple(ruins),
        "ambushes": tuple(ambushes),
        "seasons": tuple(seasons),
        "scoring": tuple(scoring),
        "titles": tuple(sorted(titles, reverse=True)),
    }


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("components.json").read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _fail("components.json", f"invalid JSON ({error})") from error
    return load_components(data)


_DATA = _load()
MAP_SIDES: dict[str, MapSide] = _DATA["sides"]
COIN_TRACK: int = _DATA["coin_track"]
EXPLORE_CARDS: tuple[ExploreCard, ...] = _DATA["explore"]
RUINS_CARDS: tuple[RuinsCard, ...] = _DATA["ruins"]
AMBUSH_CARDS: tuple[AmbushCard, ...] = _DATA["ambushes"]
SEASONS: tuple[Season, ...] = _DATA["seasons"]
SCORING_CARDS: dict[str, ScoringCard] = {card.name: card for card in _DATA["scoring"]}
#: (minimum rating, title), best first.
SOLO_TITLES: tuple[tuple[int, str], ...] = _DATA["titles"]
#: Every card that can be in the explore deck, by name.
CARDS: dict[str, ExploreCard | RuinsCard | AmbushCard] = {
    card.name: card for card in EXPLORE_CARDS + RUINS_CARDS + AMBUSH_CARDS
}
#: The cards each season's deck is shuffled from (one ambush from the pile joins them).
SEASON_CARDS: tuple[ExploreCard | RuinsCard, ...] = EXPLORE_CARDS + RUINS_CARDS
#: The ambushes' names, to tell them in a deck of card names.
AMBUSH_NAMES = frozenset(card.name for card in AMBUSH_CARDS)
