"""Tikal's printed material as data: the board's geometry, the tiles, the supplies.

The physical board's hex layout and the stones printed on each tile are not
public, so the set in ``components.json`` is a *reconstruction* that keeps
every published constraint. It is validated on load against those
constraints, so a replacement file (say, from a player who owns the game)
gets an error naming the problem instead of a broken game.

Spaces are numbered ``column * 6 + row`` (``A1`` = 0, ``A2`` = 1, … ``H6`` = 47).
Hexes are flat-topped; columns B, D, F and H sit half a hex lower.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from boardgamesbot.engine import GameError

COLUMNS = "ABCDEFGH"
ROWS = 6
NUM_SPACES = len(COLUMNS) * ROWS
SIDES = ("N", "NE", "SE", "S", "SW", "NW")  # clockwise from the top

JUNGLE, TEMPLE, TREASURE, VOLCANO, BASE_CAMP = (
    "jungle", "temple", "treasure", "volcano", "base_camp")

# The reference's tile table: letter -> the tiles on those backs, as (kind, value or masks).
EXPECTED_TILES = {
    "A": [(JUNGLE, 0), (TEMPLE, 1), (TEMPLE, 2), (TREASURE, 2), (TREASURE, 3)],
    "B": [(JUNGLE, 0), (TEMPLE, 2), (TEMPLE, 3), (TREASURE, 3), (VOLCANO, 0)],
    "C": [(JUNGLE, 0), (JUNGLE, 0), (TEMPLE, 3), (TEMPLE, 4), (TREASURE, 4)],
    "D": [(JUNGLE, 0), (TEMPLE, 3), (TEMPLE, 4), (TEMPLE, 4), (TREASURE, 3), (VOLCANO, 0)],
    "E": [(JUNGLE, 0), (JUNGLE, 0), (TEMPLE, 4), (TEMPLE, 5), (TREASURE, 4)],
    "F": [(JUNGLE, 0), (TEMPLE, 5), (TEMPLE, 5), (TREASURE, 3), (VOLCANO, 0)],
    "G": [(JUNGLE, 0), (JUNGLE, 0), (TEMPLE, 6), (TEMPLE, 6), (TREASURE, 2)],
}
EXPECTED_LEVELS = {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}
EXPECTED_PREPRINTED = {"A6": BASE_CAMP, "A5": TEMPLE, "B5": JUNGLE, "B6": TEMPLE}


class ComponentError(GameError):
    code = "bad_components"


# Every space's name, made once: a view names every space of the board and each legal
# action's description its spaces, tens of thousands of times a minute in the service.
SPACE_NAMES = tuple(f"{COLUMNS[space // ROWS]}{space % ROWS + 1}" for space in range(NUM_SPACES))


def space_name(space: int) -> str:
    return SPACE_NAMES[space]


def parse_space(text: str) -> int:
    """``"C4"`` -> 15. Raises `GameError` for anything that is not a space A1…H6."""
    text = text.strip().upper()
    if len(text) == 2 and text[0] in COLUMNS and text[1] in "123456":
        return COLUMNS.index(text[0]) * ROWS + int(text[1]) - 1
    raise GameError(
        f"expected a space A1…H6, got {text!r}", code="bad_notation", expected="space", got=text
    )


def _neighbour(space: int, side: int) -> int:
    column, row = divmod(space, ROWS)
    lower = column % 2 == 1  # B, D, F, H sit half a hex lower
    dc, dr = {
        0: (0, -1),
        1: (1, 0 if lower else -1),
        2: (1, 1 if lower else 0),
        3: (0, 1),
        4: (-1, 1 if lower else 0),
        5: (-1, 0 if lower else -1),
    }[side]
    column, row = column + dc, row + dr
    if 0 <= column < len(COLUMNS) and 0 <= row < ROWS:
        return column * ROWS + row
    return -1


# NEIGHBOURS[space][side] is the space across that side, or -1 off the board.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(space, side) for side in range(6)) for space in range(NUM_SPACES)
)


def rotate(stones: tuple[int, ...], rotation: int) -> tuple[int, ...]:
    """Stones per board side after turning a tile ``rotation`` sixths clockwise."""
    rotation %= 6
    return tuple(stones[(side - rotation) % 6] for side in range(6))


@dataclass(frozen=True, slots=True)
class Tile:
    """A terrain tile as printed: its letter, what it shows and its stones per side."""

    id: str
    letter: str
    kind: str
    stones: tuple[int, ...]
    value: int = 0  # a temple's printed value
    masks: int = 0  # a treasure tile's number of masks (wafers put on it)

    def label(self) -> str:
        if self.kind == TEMPLE:
            return f"temple {self.value}"
        if self.kind == TREASURE:
            return f"treasure {self.masks}"
        return self.kind


@dataclass(frozen=True, slots=True)
class Preprinted:
    space: int
    kind: str
    stones: tuple[int, ...]
    value: int = 0


@dataclass(frozen=True)
class Components:
    tiles: tuple[Tile, ...]
    preprinted: tuple[Preprinted, ...]
    treasure_kinds: int
    treasure_copies: int
    temple_levels: dict[int, int]
    workers: int
    camps: int
    guards: int

    @property
    def base_camp(self) -> int:
        return next(p.space for p in self.preprinted if p.kind == BASE_CAMP)


def _stone_groupings_ok(stones: tuple[int, ...]) -> bool:
    """3 on one side; 2+1 on adjacent or opposite sides; or 1+1+1."""
    filled = [s for s in range(6) if stones[s]]
    counts = sorted(stones[s] for s in filled)
    if counts in ([3], [1, 1, 1]):
        return True
    if counts == [1, 2]:
        distance = (filled[1] - filled[0]) % 6
        return distance in (1, 3, 5)
    return False


def _int(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ComponentError(f"{what} must be a whole number, not {value!r}")
    return value


def _stones(value: object, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != 6:
        raise ComponentError(f"{what}: stones must list six side counts ({', '.join(SIDES)})")
    stones = tuple(_int(v, f"{what} stones") for v in value)
    if any(not 0 <= v <= 3 for v in stones):
        raise ComponentError(f"{what}: a side carries 0 to 3 stones")
    return stones


def parse_components(data: dict[str, Any]) -> Components:
    """Build and validate a component set; every problem is named."""
    if not isinstance(data, dict):
        raise ComponentError("component file must hold a JSON object")
    try:
        raw_tiles = data["tiles"]
        raw_preprinted = data["preprinted"]
        levels = {int(k): _int(v, f"temple level {k}") for k, v in data["temple_levels"].items()}
        kinds = _int(data["treasure_kinds"], "treasure_kinds")
        copies = _int(data["treasure_copies"], "treasure_copies")
        figures = data["figures"]
    except KeyError as missing:
        raise ComponentError(f"component file lacks {missing}") from None
    except (AttributeError, ValueError, TypeError):
        raise ComponentError("temple_levels must map values 2…10 to counts") from None

    tiles = []
    for index, raw in enumerate(raw_tiles):
        where = f"tile {raw.get('id', index + 1) if isinstance(raw, dict) else index + 1}"
        if not isinstance(raw, dict):
            raise ComponentError(f"{where} must be an object")
        kind = raw.get("kind")
        if kind not in (JUNGLE, TEMPLE, TREASURE, VOLCANO):
            raise ComponentError(f"{where}: unknown kind {kind!r}")
        letter = raw.get("letter")
        if letter not in EXPECTED_TILES:
            raise ComponentError(f"{where}: letter must be one of A…G, not {letter!r}")
        stones = _stones(raw.get("stones"), where)
        if kind == VOLCANO and any(stones):
            raise ComponentError(f"{where}: a volcano carries no stones")
        if kind != VOLCANO and sum(stones) != 3:
            raise ComponentError(
                f"{where}: {sum(stones)} stones; every non-volcano tile carries exactly 3"
            )
        if kind != VOLCANO and not _stone_groupings_ok(stones):
            raise ComponentError(
                f"{where}: stones {list(stones)} are not a printed grouping "
                "(3 on one side, 2+1 on adjacent or opposite sides, or 1+1+1)"
            )
        tiles.append(
            Tile(
                id=str(raw.get("id", f"{letter}{index}")),
                letter=letter,
                kind=kind,
                stones=stones,
                value=_int(raw.get("value", 0), f"{where} value"),
                masks=_int(raw.get("masks", 0), f"{where} masks"),
            )
        )

    for letter, expected in EXPECTED_TILES.items():
        found = sorted((t.kind, t.value or t.masks) for t in tiles if t.letter == letter)
        if found != sorted(expected):
            raise ComponentError(
                f"letter {letter} must hold {len(expected)} tiles "
                f"({', '.join(f'{k} {v}' if v else k for k, v in expected)}); the file has "
                f"{len(found)} ({', '.join(f'{k} {v}' if v else k for k, v in found) or 'none'})"
            )
    if len({t.id for t in tiles}) != len(tiles):
        raise ComponentError("tile ids must be unique")
    masks = sum(t.masks for t in tiles)
    if masks != kinds * copies or masks != 24:
        raise ComponentError(f"treasure tiles show {masks} masks; there must be 24, one per wafer")
    volcano_letters = sorted(t.letter for t in tiles if t.kind == VOLCANO)
    if volcano_letters != ["B", "D", "F"]:
        raise ComponentError(f"volcanoes must be one each in B, D and F, not {volcano_letters}")
    if levels != EXPECTED_LEVELS:
        raise ComponentError(
            f"temple levels must be {EXPECTED_LEVELS} (48 in all), not {levels} "
            f"({sum(levels.values())} in all)"
        )

    preprinted = []
    for raw in raw_preprinted:
        space = parse_space(str(raw.get("space", "")))
        preprinted.append(
            Preprinted(
                space=space,
                kind=raw.get("kind"),
                stones=_stones(raw.get("stones"), f"pre-printed {space_name(space)}"),
                value=_int(raw.get("value", 0), "pre-printed temple value"),
            )
        )
    printed = {space_name(p.space): p.kind for p in preprinted}
    if printed != EXPECTED_PREPRINTED:
        raise ComponentError(f"pre-printed spaces must be {EXPECTED_PREPRINTED}, not {printed}")

    return Components(
        tiles=tuple(tiles),
        preprinted=tuple(preprinted),
        treasure_kinds=kinds,
        treasure_copies=copies,
        temple_levels=levels,
        workers=_int(figures.get("workers"), "workers"),
        camps=_int(figures.get("camps"), "camps"),
        guards=_int(figures.get("guards"), "guards"),
    )


def load_components(path: str | Path | None = None) -> Components:
    """The component set in ``path`` (default: the reconstruction shipped in the package)."""
    try:
        if path is None:
            text = resources.files(__package__).joinpath("components.json").read_text("utf-8")
        else:
            text = Path(path).read_text("utf-8")
        data = json.loads(text)
    except OSError as error:
        raise ComponentError(f"cannot read the component file: {error}") from None
    except json.JSONDecodeError as error:
        raise ComponentError(f"component file is not valid JSON: {error}") from None
    return parse_components(data)


COMPONENTS = load_components()
TILES = {tile.id: tile for tile in COMPONENTS.tiles}  # tile id -> Tile
