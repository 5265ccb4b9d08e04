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
from functools import cache

from boardgamesbot.engine import Action, GameError
from boardgamesbot.games.notation import (
    Written,
    folded,
    spoken_by_language,
    spoken_words,
    unreadable,
)
from boardgamesbot.games.wording import slips

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


#: What goes at each place of the notation, in English (the engine's own messages; the
#: faces say it from the catalog entries ``notation.cartographers.<what>``), with an
#: action written right.
_PLACES = {
    "action": ("a terrain (forest, village, farm, water, monster), ambush or pass",
               "forest 2 r90 C4"),
    "shape": ("a shape number on the card (1 or 2) or 1x1", "forest 2 r90 C4"),
    "orientation": ("an orientation (r0 r90 r180 r270 f0 f90 f180 f270)", "forest 2 r90 C4"),
    "ambush": ("an orientation (r0 r90 r180 r270 f0 f90 f180 f270) or 1x1", "ambush f90 C4"),
    "cell": ("a square (column A-K, row 1-11)", "forest 2 r90 C4"),
}


def _bad(text: str, at: int, what: str | None, example: str | None = None,
         meant: str | None = None, near: dict[str, list[str]] | None = None) -> GameError:
    said, shown = _PLACES[what] if what is not None else ("", "")
    return unreadable(text, at, None if what is None else f"cartographers.{what}", said,
                      example or shown, meant, near)


@cache
def _spoken() -> dict[str, str]:
    """The players' words for the terrains and the ambush, in every language, folded → the
    notation's word: a Catalan who types "bosc" is told it is written "forest"."""
    return spoken_words(__package__, _TERMS)


#: The notation's words that begin an action, and those of them the rules knowledge has
#: players' words for (a term each, named as the word).
_FIRST_WORDS = (*DRAWN_TERRAINS, "ambush", "pass")
_TERMS = {word: word for word in (*DRAWN_TERRAINS, "ambush")}


@cache
def _slips(head: str) -> dict[str, list[str]]:
    """What a first word no action begins with ("forst", "boscc") is a slip of, by
    language (`slips`): whether or not it can be played now, a face tells the word."""
    return slips(head, _FIRST_WORDS, _spoken_by_language())


@cache
def _spoken_by_language() -> dict[str, dict[str, list[str]]]:
    return spoken_by_language(__package__, _TERMS)


def _orientation(text: str, at: int, what: str, example: str) -> int:
    word = text.split()[at].lower()
    if word not in ORIENTATIONS:
        raise _bad(text, at, what, example)
    return ORIENTATIONS.index(word)


def _cell(text: str, at: int, example: str) -> int:
    try:
        return parse_cell(text.split()[at])
    except GameError:
        raise _bad(text, at, "cell", example) from None


def _ends(text: str, length: int, what: str, example: str) -> None:
    """``text`` has exactly ``length`` words: else which is missing (``what``) or extra."""
    count = len(text.split())
    if count < length:
        raise _bad(text, count, what, example)
    if count > length:
        raise _bad(text, length, None, example)


def parse_action(text: str) -> Action:
    """The action written in ``text``; `GameError` says which word was not understood and
    what goes there (`unreadable`), the words read in order: in "forest 1 C4" the
    orientation is missing where "C4" stands.

    >>> try:
    ...     parse_action("bosc 1 A1")
    ... except GameError as error:
    ...     print(error.params["word"], error.params["expected"], error.params["meant"])
    bosc cartographers.action forest
    """
    if not isinstance(text, str):
        raise GameError(f"expected notation text, got {text!r}", code="bad_notation")
    words = text.split()
    if not words:
        raise _bad(text, 0, "action")
    head, count = words[0].lower(), len(words)
    if head == "pass":
        _ends(text, 1, "action", "pass")
        return Pass()
    # (each word present is read before a missing one is named: a word in the wrong
    # place is what was not understood)
    if head == "ambush":
        if count > 1 and words[1].lower() == "1x1":
            cell = _cell(text, 2, "ambush 1x1 C4") if count > 2 else 0
            _ends(text, 3, "cell", "ambush 1x1 C4")
            return AmbushFallback(cell)
        example = "ambush f90 C4"
        orientation = _orientation(text, 1, "ambush", example) if count > 1 else 0
        cell = _cell(text, 2, example) if count > 2 else 0
        _ends(text, 3, "ambush" if count < 2 else "cell", example)
        return Ambush(orientation, cell)
    if head not in DRAWN_TERRAINS:
        meant = _spoken().get(folded(head))
        # (the example shows the word meant in its place)
        shown = "ambush f90 C4" if meant == "ambush" else f"{meant} 2 r90 C4" if meant else None
        raise _bad(text, 0, "action", shown, meant, None if meant else _slips(head))
    if count < 2 or words[1].lower() not in ("1", "2", "1x1"):
        raise _bad(text, 1, "shape", f"{head} 2 r90 C4")
    if words[1].lower() == "1x1":
        example = f"{head} 1x1 C4"
        cell = _cell(text, 2, example) if count > 2 else 0
        _ends(text, 3, "cell", example)
        return Fallback(head, cell)
    example = f"{head} {words[1]} r90 C4"
    orientation = _orientation(text, 2, "orientation", example) if count > 2 else 0
    cell = _cell(text, 3, example) if count > 3 else 0
    _ends(text, 4, "orientation" if count < 3 else "cell", example)
    return Draw(head, int(words[1]), orientation, cell)
