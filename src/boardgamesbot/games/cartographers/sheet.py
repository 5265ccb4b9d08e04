"""Map sheets as bitboards, shapes as precomputed placement masks.

A sheet is 121 spaces; space ``(row, col)`` is bit ``row * 11 + col`` of a
Python int. Each drawn terrain is one int (a *layer*), so "does this shape
overlap anything?" is ``mask & filled`` and "which waters touch a farm?" is
``water & neighbours(farm)``. This keeps `legal_actions`, `apply` and `clone`
cheap, which matters because they are the inner loop of search bots.

The plain-text sheet format (one line per row, 11 characters each) is
documented in ``docs/cartographers-sheet-format.md``:

>>> sheet = Sheet.blank("A")
>>> sheet.to_text().splitlines()[1]
'...^.R.....'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache

from boardgamesbot.engine import GameError

from .components import DRAWN_TERRAINS, MAP_SIDES, SIZE, MapSide

__all__ = [
    "COLS",
    "EDGE",
    "FULL",
    "ORIENTATIONS",
    "ROWS",
    "Sheet",
    "bits",
    "cell_name",
    "clusters",
    "mask_of",
    "neighbours",
    "oriented",
    "orientations",
    "parse_cell",
    "placements",
    "popcount",
]

CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1
ROWS = tuple(((1 << SIZE) - 1) << (r * SIZE) for r in range(SIZE))
COLS = tuple(sum(1 << (r * SIZE + c) for r in range(SIZE)) for c in range(SIZE))
EDGE = ROWS[0] | ROWS[-1] | COLS[0] | COLS[-1]
_NOT_FIRST_COL = FULL & ~COLS[0]
_NOT_LAST_COL = FULL & ~COLS[-1]

COLUMN_LETTERS = "ABCDEFGHIJK"

#: Orientation labels: rotate clockwise by 0/90/180/270 degrees (``r``), or first
#: mirror left-right and then rotate (``f``).
ORIENTATIONS = ("r0", "r90", "r180", "r270", "f0", "f90", "f180", "f270")

#: Terrain letters of the sheet format (upper case; lower case = drawn on ruins).
TERRAIN_LETTERS = {"forest": "F", "village": "V", "farm": "A", "water": "W", "monster": "M"}
_LETTER_TERRAIN = {letter: index for index, letter in enumerate("FVAWM")}


def popcount(mask: int) -> int:
    return mask.bit_count()


def mask_of(cells: Iterable[tuple[int, int]]) -> int:
    mask = 0
    for row, col in cells:
        mask |= 1 << (row * SIZE + col)
    return mask


def bits(mask: int) -> Iterator[int]:
    """The set bit indices of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def neighbours(mask: int) -> int:
    """Spaces orthogonally adjacent to some space of ``mask`` (the mask itself may be included)."""
    return (
        ((mask << 1) & _NOT_FIRST_COL)
        | ((mask >> 1) & _NOT_LAST_COL)
        | ((mask << SIZE) & FULL)
        | (mask >> SIZE)
    )


def surrounded(filled: int) -> int:
    """Spaces whose four sides are each filled or off the map."""
    return (
        ((filled << SIZE) | ROWS[0])
        & ((filled >> SIZE) | ROWS[-1])
        & ((filled << 1) | COLS[0])
        & ((filled >> 1) | COLS[-1])
        & FULL
    )


def clusters(mask: int) -> list[int]:
    """The orthogonally connected groups of ``mask``, each as a mask."""
    groups = []
    while mask:
        group = mask & -mask
        while True:
            grown = (group | neighbours(group)) & mask
            if grown == group:
                break
            group = grown
        groups.append(group)
        mask &= ~group
    return groups


def cell_name(index: int) -> str:
    """``C4`` style: column letter A–K, then row number 1–11."""
    row, col = divmod(index, SIZE)
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_cell(text: str) -> int:
    """The bit index of a cell written like ``C4``; `GameError` if it is not on the sheet."""
    text = text.strip().upper()
    if (
        len(text) >= 2
        and text[0] in COLUMN_LETTERS
        and text[1:].isdigit()
        and 1 <= int(text[1:]) <= SIZE
    ):
        return (int(text[1:]) - 1) * SIZE + COLUMN_LETTERS.index(text[0])
    raise GameError(
        f"expected a cell like C4 (column A-K, row 1-11), got {text!r}",
        code="bad_notation",
        expected="cell",
        got=text,
    )


# Shapes ------------------------------------------------------------------------------


def _normalise(cells: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def oriented(cells: Iterable[tuple[int, int]], orientation: int
             ) -> tuple[tuple[int, int], ...]:
    """``cells`` turned by orientation ``orientation`` (an index into `ORIENTATIONS`)."""
    turned = list(cells)
    if orientation >= 4:
        turned = [(r, -c) for r, c in turned]
    for _ in range(orientation % 4):
        turned = [(c, -r) for r, c in turned]  # a quarter turn clockwise
    return _normalise(turned)


@cache
def orientations(cells: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """For each orientation index, the index of the first orientation giving the same shape.

    Symmetric shapes have fewer distinct orientations; the first label that
    produces a shape is its canonical name (an L-tromino has 4, a square 1).
    """
    seen: dict[tuple[tuple[int, int], ...], int] = {}
    canonical = []
    for index in range(len(ORIENTATIONS)):
        shape = oriented(cells, index)
        canonical.append(seen.setdefault(shape, index))
    return tuple(canonical)


def anchor_offset(shape: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """The anchor of an oriented shape: its first cell in reading order (top row, then left).

    The anchor is always a cell the shape covers, so ``forest 2 r90 C4``
    draws on C4 itself and extends right and down from there.
    """
    return min(shape)


def shape_cells_at(shape: tuple[tuple[int, int], ...], anchor: int) -> list[tuple[int, int]] | None:
    """Cells of the oriented ``shape`` with its anchor on ``anchor``; ``None`` if off the map."""
    top, left = divmod(anchor, SIZE)
    dr, dc = anchor_offset(shape)
    cells = [(top + r - dr, left + c - dc) for r, c in shape]
    if all(0 <= r < SIZE and 0 <= c < SIZE for r, c in cells):
        return cells
    return None


@cache
def placements(cells: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, int], ...]:
    """Every in-map placement of every distinct orientation: ``(orientation, anchor, mask)``."""
    result = []
    canonical = orientations(cells)
    for index in range(len(ORIENTATIONS)):
        if canonical[index] != index:
            continue
        shape = oriented(cells, index)
        for anchor in range(CELLS):
            placed = shape_cells_at(shape, anchor)
            if placed is not None:
                result.append((index, anchor, mask_of(placed)))
    return tuple(result)


# The sheet ---------------------------------------------------------------------------


class Sheet:
    """One player's map sheet: the printed side plus one bitboard per drawn terrain.

    ``layers[i]`` holds the spaces drawn with ``DRAWN_TERRAINS[i]`` (forest,
    village, farm, water, monster). Ruins stay marked under what is drawn on
    them; ``filled`` caches mountains | wasteland | every layer.
    """

    __slots__ = ("side", "layers", "filled")

    def __init__(self, side: MapSide, layers: list[int] | None = None) -> None:
        self.side = side
        self.layers = list(layers) if layers is not None else [0] * len(DRAWN_TERRAINS)
        self.filled = _printed(side)[0] | _printed(side)[2]
        for layer in self.layers:
            self.filled |= layer

    @classmethod
    def blank(cls, side: str | MapSide = "A") -> Sheet:
        return cls(_side(side))

    def copy(self) -> Sheet:
        sheet = Sheet.__new__(Sheet)
        sheet.side = self.side
        sheet.layers = self.layers[:]
        sheet.filled = self.filled
        return sheet

    # The printed features -----------------------------------------------------------

    @property
    def mountains(self) -> int:
        return _printed(self.side)[0]

    @property
    def ruins(self) -> int:
        return _printed(self.side)[1]

    @property
    def wastelands(self) -> int:
        return _printed(self.side)[2]

    def layer(self, terrain: str) -> int:
        return self.layers[DRAWN_TERRAINS.index(terrain)]

    @property
    def empty(self) -> int:
        return FULL & ~self.filled

    # Drawing -------------------------------------------------------------------------

    def draw(self, terrain_index: int, mask: int) -> None:
        """Fill ``mask`` with a terrain; the caller has checked the spaces are empty."""
        self.layers[terrain_index] |= mask
        self.filled |= mask

    def surrounded_mountains(self) -> int:
        """How many mountains have all four neighbours filled (each earns one coin, once)."""
        # a mountain is surrounded when each of its in-map sides is filled: one bitboard
        # pass for all of them (this runs after every drawing)
        return (surrounded(self.filled) & _printed(self.side)[0]).bit_count()

    def monster_penalty(self) -> int:
        """Empty spaces next to at least one monster: each costs one star, once."""
        return popcount(self.empty & neighbours(self.layers[4]))

    # Text format ---------------------------------------------------------------------

    def to_text(self) -> str:
        return _text(_printed(self.side), tuple(self.layers))

    @classmethod
    def from_text(cls, text: str, side: str | MapSide = "A") -> Sheet:
        """Read the plain-text sheet format; errors name the line and character.

        The printed features must match ``side``: mountains (``^``), wasteland
        (``#``) and ruins (``R`` or a lower-case terrain) exactly where the map
        prints them, and nowhere else.
        """
        map_side = _side(side)
        mountains, ruins, wastelands = _printed(map_side)
        lines = text.splitlines()
        while lines and not lines[-1].strip():
            lines.pop()
        if len(lines) != SIZE:
            raise GameError(
                f"a sheet has {SIZE} lines of {SIZE} characters; found {len(lines)} lines",
                code="bad_sheet", case="lines", found=len(lines),
            )
        layers = [0] * len(DRAWN_TERRAINS)
        for row, line in enumerate(lines):
            line = line.rstrip("\r")
            if len(line) != SIZE:
                raise GameError(
                    f"line {row + 1}: expected {SIZE} characters, found {len(line)}",
                    code="bad_sheet", case="width", line=row + 1, found=len(line),
                )
            for col, char in enumerate(line):
                bit = 1 << (row * SIZE + col)
                where = f"line {row + 1}, character {col + 1} ({char!r})"
                if char in _LETTER_TERRAIN or char.upper() in _LETTER_TERRAIN and char.islower():
                    on_ruins = char.islower()
                    if on_ruins and not ruins & bit:
                        raise _sheet_error(where, f"lower case marks a ruins space, and side "
                                           f"{map_side.letter} has no ruins here; write "
                                           f"{char.upper()!r}", row, col, "no_ruins",
                                           map_side, char, write=char.upper())
                    if not on_ruins and ruins & bit:
                        raise _sheet_error(where, f"side {map_side.letter} has ruins here; "
                                           f"write {char.lower()!r} for terrain drawn on ruins",
                                           row, col, "ruins", map_side, char,
                                           write=char.lower())
                    if (mountains | wastelands) & bit:
                        raise _sheet_error(where, f"side {map_side.letter} prints "
                                           f"{'a mountain' if mountains & bit else 'wasteland'} "
                                           "here", row, col, "printed", map_side, char,
                                           printed=_printed_here(map_side, bit))
                    layers[_LETTER_TERRAIN[char.upper()]] |= bit
                elif char in ".R^#":
                    printed = {"^": mountains, "#": wastelands, "R": ruins}
                    if char == "." and (ruins | mountains | wastelands) & bit:
                        raise _sheet_error(where, f"side {map_side.letter} prints "
                                           f"{_feature(map_side, bit)} here", row, col,
                                           "printed", map_side, char,
                                           printed=_printed_here(map_side, bit))
                    if char != "." and not printed[char] & bit:
                        raise _sheet_error(where, f"side {map_side.letter} has "
                                           f"{_feature(map_side, bit)} here, not "
                                           f"{_FEATURE_NAMES[char]}", row, col, "not_printed",
                                           map_side, char, printed=_printed_here(map_side, bit),
                                           written=_PRINTED_MARKS[char])
                    if char == "R" or char == ".":
                        continue
                    # ``^`` and ``#`` at the printed place: nothing to store.
                else:
                    raise _sheet_error(where, "expected one of . R ^ # F V A W M "
                                       "(or f v a w m on ruins)", row, col, "mark", map_side,
                                       char)
        return cls(map_side, layers)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Sheet) and self.side == other.side and self.layers == other.layers
        )

    def __repr__(self) -> str:
        return f"Sheet.from_text({self.to_text()!r}, {self.side.letter!r})"


_FEATURE_NAMES = {"^": "a mountain", "#": "wasteland", "R": "ruins", ".": "an empty space"}


def _feature(side: MapSide, bit: int) -> str:
    mountains, ruins, wastelands = _printed(side)
    if mountains & bit:
        return "a mountain"
    if wastelands & bit:
        return "wasteland"
    if ruins & bit:
        return "ruins (write R, or a lower-case terrain drawn on them)"
    return "no printed feature"


#: The printed features' marks → their names in a refusal's particulars (`_printed_here`).
_PRINTED_MARKS = {"^": "mountain", "#": "wasteland", "R": "ruins"}


def _printed_here(side: MapSide, bit: int) -> str:
    """What ``side`` prints on the space ``bit``, by the name faces say it by
    (``carto.sheet.printed.NAME``): mountain, wasteland, ruins, or none."""
    mountains, ruins, wastelands = _printed(side)
    for name, printed in (("mountain", mountains), ("wasteland", wastelands), ("ruins", ruins)):
        if printed & bit:
            return name
    return "none"


def _sheet_error(where: str, problem: str, row: int, col: int, case: str, side: MapSide,
                 mark: str, **more: str) -> GameError:
    """A cell of the sheet that is wrong: its line and character, the mark written there
    and the ``case`` (what is wrong) with its particulars, for faces to say in each
    language (`tools.score`); the message says it in English."""
    return GameError(f"{where}: {problem}", code="bad_sheet", case=case, line=row + 1,
                     character=col + 1, side=side.letter, mark=mark, **more)


def _side(side: str | MapSide) -> MapSide:
    if isinstance(side, MapSide):
        return side
    letter = str(side).strip().upper()
    if letter not in MAP_SIDES:
        raise GameError(
            f"unknown map side {side!r}; choose A (Wilderness) or B (Wastelands)",
            code="bad_option", option="side", accepted=["A", "B"],
        )
    return MAP_SIDES[letter]


# The printed masks per map side, looked up by the side's identity: hashing a `MapSide`
# (a frozen dataclass of cell tuples) costs more than the lookups it serves, and these
# are read on every drawing of a random game (issue 32). Each entry keeps its side alive,
# so an id is never reused while its entry exists.
_SIDE_MASKS: dict[int, tuple[MapSide, tuple[int, int, int]]] = {}


def _printed(side: MapSide) -> tuple[int, int, int]:
    """(mountains, ruins, wastelands) masks of a map side."""
    found = _SIDE_MASKS.get(id(side))
    if found is None:
        found = _SIDE_MASKS[id(side)] = (
            side, (mask_of(side.mountains), mask_of(side.ruins), mask_of(side.wastelands)))
    return found[1]


# Every view writes every sheet (a watcher's, the spectator's, each seat's, per state) and
# a drawing changes one sheet: the others' text is found again (a sheet's text is all its
# layers and its side's printed spaces; the bound holds ~1,000 tables' sheets).
@lru_cache(maxsize=4096)
def _text(printed: tuple[int, int, int], layers: tuple[int, ...]) -> str:
    """The plain-text sheet format of these printed spaces and drawn layers."""
    lines = []
    mountains, ruins, wastelands = printed
    for row in range(SIZE):
        line = []
        for col in range(SIZE):
            bit = 1 << (row * SIZE + col)
            char = "."
            if mountains & bit:
                char = "^"
            elif wastelands & bit:
                char = "#"
            else:
                for index, layer in enumerate(layers):
                    if layer & bit:
                        char = "FVAWM"[index]
                        break
                if ruins & bit:
                    char = "R" if char == "." else char.lower()
            line.append(char)
        lines.append("".join(line))
    return "\n".join(lines) + "\n"
