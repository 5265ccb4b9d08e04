"""Cartographers actions and their text notation (documented in docs/cartographers-notation.md).

=========================  ==================================================
``forest 2 r90 C4``        draw: terrain, shape number on the card (1 or 2),
                           orientation, anchor cell
``water 1x1 E7``           the 1×1 fallback when no shape on the card fits
``ambush f90 C4``          draw the ambush monster on the neighbour's sheet
``ambush 1x1 C4``          the 1×1 monster when the ambush shape fits nowhere
``pass``                   only when a sheet has no empty space left at all
=========================  ==================================================

The anchor is the shape's first cell in reading order (top row, then
leftmost) after it has been turned; orientations are ``r0 r90 r180 r270``
(clockwise quarter turns) and ``f0 f90 f180 f270`` (mirrored left-right,
then turned).

>>> a = parse_action("forest 2 r90 C4")
>>> a
Draw(terrain='forest', shape=2, orientation=1, cell=35)
>>> str(a)
'forest 2 r90 C4'
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgamesbot.engine import Action, GameError
from boardgamesbot.games.notation import Written

from .components import DRAWN_TERRAINS
from .sheet import ORIENTATIONS, cell_name, parse_cell

__all__ = ["Ambush", "AmbushFallback", "Draw", "Fallback", "Pass", "parse_action"]


class CartographersAction(Written):
    """A Cartographers action: orientations are written ``r0``…``f270``, cells A1…K11."""

    __slots__ = ()

    words = {"orientation": ORIENTATIONS.__getitem__, "cell": cell_name}


@dataclass(frozen=True, slots=True)
class Draw(CartographersAction):
    """Draw shape number ``shape`` (1-based, as on the card) of the current card."""

    notation = "{terrain} {shape} {orientation} {cell}"
    terrain: str
    shape: int
    orientation: int  # index into ORIENTATIONS
    cell: int  # bit index of the anchor cell


@dataclass(frozen=True, slots=True)
class Fallback(CartographersAction):
    """A 1×1 of any terrain, allowed only when no shape on the card may be drawn."""

    notation = "{terrain} 1x1 {cell}"
    terrain: str
    cell: int


@dataclass(frozen=True, slots=True)
class Ambush(CartographersAction):
    """Draw the revealed ambush's monster shape on the neighbour's sheet."""

    notation = "ambush {orientation} {cell}"
    orientation: int
    cell: int


@dataclass(frozen=True, slots=True)
class AmbushFallback(CartographersAction):
    """A 1×1 monster on the neighbour's sheet when the ambush shape fits nowhere."""

    notation = "ambush 1x1 {cell}"
    cell: int


@dataclass(frozen=True, slots=True)
class Pass(CartographersAction):
    """Nothing can be drawn: the sheet has no empty space left."""

    notation = "pass"


_EXPECTED = (
    "expected 'TERRAIN SHAPE ORIENTATION CELL' (e.g. 'forest 2 r90 C4'), "
    "'TERRAIN 1x1 CELL', 'ambush ORIENTATION CELL', 'ambush 1x1 CELL' or 'pass'"
)


def _bad(text: str, problem: str) -> GameError:
    return GameError(f"cannot read {text!r}: {problem}", code="bad_notation", got=text)


def _orientation(text: str, word: str) -> int:
    word = word.lower()
    if word not in ORIENTATIONS:
        raise _bad(text, f"orientation must be one of {' '.join(ORIENTATIONS)}, not {word!r}")
    return ORIENTATIONS.index(word)


def _cell(text: str, word: str) -> int:
    try:
        return parse_cell(word)
    except GameError as error:
        raise _bad(text, str(error)) from None


def parse_action(text: str) -> Action:
    """The action written in ``text``; `GameError` names what was expected."""
    if not isinstance(text, str):
        raise GameError(f"expected notation text, got {text!r}", code="bad_notation")
    words = text.split()
    if not words:
        raise _bad(text, _EXPECTED)
    head = words[0].lower()
    if head == "pass" and len(words) == 1:
        return Pass()
    if head == "ambush":
        if len(words) != 3:
            raise _bad(text, "expected 'ambush ORIENTATION CELL' or 'ambush 1x1 CELL'")
        if words[1].lower() == "1x1":
            return AmbushFallback(_cell(text, words[2]))
        return Ambush(_orientation(text, words[1]), _cell(text, words[2]))
    if head in DRAWN_TERRAINS:
        if len(words) == 3 and words[1].lower() == "1x1":
            return Fallback(head, _cell(text, words[2]))
        if len(words) != 4:
            raise _bad(text, "expected 'TERRAIN SHAPE ORIENTATION CELL' or 'TERRAIN 1x1 CELL'")
        if words[1] not in ("1", "2"):
            raise _bad(text, f"shape must be 1 or 2 (its place on the card), not {words[1]!r}")
        return Draw(head, int(words[1]), _orientation(text, words[2]), _cell(text, words[3]))
    raise _bad(text, f"{_EXPECTED}; terrains are {', '.join(DRAWN_TERRAINS)}")
