"""Tikal's actions and their text notation (documented in docs/tikal-notation.md).

Every action is a small frozen dataclass whose ``str()`` is its notation, and
`parse_action` reads that notation back: ``parse_action(str(a)) == a``.

    place C4 r2      place the drawn tile on C4, turned 2 sixths clockwise
    enter L A6       bring your leader (L) or a worker (W) from supply onto A6
    move W A6 B5     move a worker from A6 to B5 (across stones, or camp to camp)
    uncover A5       uncover the next level of the temple on A5
    recover C4       take the top treasure wafer from C4
    exchange 3 p2 5  give your treasure 3 to player 2 for their treasure 5
    camp B5          build one of your camps on B5
    guard L A5       make your leader (or a worker) the guard of the temple on A5
    end              end your turn, losing the AP left

Auction variant:

    bid 4            bid 4 points for the turn being auctioned
    pass             drop out of this auction
    take 2           take the 2nd tile of the display (1 = leftmost)

Action objects are interned: the same action is always the same object, so
the legal-action lists of the inner search loop cost no allocation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from boardgamesbot.engine import Action, GameError
from boardgamesbot.games.notation import (
    Written,
    folded,
    spoken_by_language,
    spoken_words,
    unreadable,
)
from boardgamesbot.games.wording import slips

from .components import parse_space, space_name

LEADER, WORKER = "L", "W"
FIGURES = (LEADER, WORKER)


def seat_name(seat: int) -> str:
    """Seats are numbered from 0 in the engine and written p1, p2, ... for people."""
    return f"p{seat + 1}"


class TikalAction(Written):
    """A Tikal action: spaces are written A1…H6, seats p1…p4, a rotation ``rN`` only when
    the tile is turned, the display's tiles from 1 (1 = leftmost)."""

    __slots__ = ()

    words = {"space": space_name, "source": space_name, "target": space_name,
             "seat": seat_name, "rotation": lambda turn: f" r{turn}" if turn else "",
             "index": lambda index: str(index + 1)}


@dataclass(frozen=True, slots=True)
class Place(TikalAction):
    notation = "place {space}{rotation}"
    space: int
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class Enter(TikalAction):
    notation = "enter {figure} {space}"
    figure: str
    space: int


@dataclass(frozen=True, slots=True)
class Move(TikalAction):
    notation = "move {figure} {source} {target}"
    figure: str
    source: int
    target: int


@dataclass(frozen=True, slots=True)
class Uncover(TikalAction):
    notation = "uncover {space}"
    space: int


@dataclass(frozen=True, slots=True)
class Recover(TikalAction):
    notation = "recover {space}"
    space: int


@dataclass(frozen=True, slots=True)
class Exchange(TikalAction):
    notation = "exchange {give} {seat} {take}"
    give: int  # treasure kind 1…8 you give
    seat: int  # the other player's seat (0-based; written 1-based as p1…p4)
    take: int  # treasure kind 1…8 you take from them


@dataclass(frozen=True, slots=True)
class BuildCamp(TikalAction):
    notation = "camp {space}"
    space: int


@dataclass(frozen=True, slots=True)
class PlaceGuard(TikalAction):
    notation = "guard {figure} {space}"
    figure: str
    space: int


@dataclass(frozen=True, slots=True)
class EndTurn(TikalAction):
    notation = "end"


@dataclass(frozen=True, slots=True)
class Bid(TikalAction):
    notation = "bid {amount}"
    amount: int


@dataclass(frozen=True, slots=True)
class Pass(TikalAction):
    notation = "pass"


@dataclass(frozen=True, slots=True)
class Take(TikalAction):
    notation = "take {index}"
    index: int  # 0-based position in the display; written 1-based


# Interned constructors: the inner loop asks for these, never for fresh objects.
place = lru_cache(maxsize=None)(Place)
enter = lru_cache(maxsize=None)(Enter)
move = lru_cache(maxsize=None)(Move)
uncover = lru_cache(maxsize=None)(Uncover)
recover = lru_cache(maxsize=None)(Recover)
exchange = lru_cache(maxsize=None)(Exchange)
build_camp = lru_cache(maxsize=None)(BuildCamp)
place_guard = lru_cache(maxsize=None)(PlaceGuard)
bid = lru_cache(maxsize=None)(Bid)
take = lru_cache(maxsize=None)(Take)
END = EndTurn()
PASS = Pass()

#: The actions only a variant has, by the variant's name: typed in another one, they are
#: refused as that variant's (`TikalState` asks; "bid 1" in the basic game was told to
#: place the drawn tile first, as if bidding came later).
VARIANT_ACTIONS: dict[type[TikalAction], str] = {Bid: "auction", Pass: "auction", Take: "auction"}

#: Each action's words after its verb (what goes at each place: `_PLACES`), and the
#: action written right, shown when one is written wrong. ``rotation`` may be left out.
FORMS: dict[str, tuple[tuple[str, ...], str]] = {
    "place": (("space", "rotation"), "place C4 r2"),
    "enter": (("figure", "space"), "enter L A6"),
    "move": (("figure", "space", "space"), "move W A6 B5"),
    "uncover": (("space",), "uncover A5"),
    "recover": (("space",), "recover C4"),
    "exchange": (("treasure", "seat", "treasure"), "exchange 3 p2 5"),
    "camp": (("space",), "camp B5"),
    "guard": (("figure", "space"), "guard L A5"),
    "end": ((), "end"),
    "bid": (("points",), "bid 4"),
    "pass": ((), "pass"),
    "take": (("display",), "take 2"),
}

#: What goes at each place of the notation, in English (the engine's own messages; the
#: faces say it from the catalog entries ``notation.tikal.<what>``).
_PLACES = {
    "action": "an action (" + ", ".join(FORMS) + ")",
    "space": "a space (column A-H, row 1-6)",
    "rotation": "a turn of the tile (r0 to r5)",
    "figure": "L (your leader) or W (a worker)",
    "seat": "a player (p1 to p4)",
    "treasure": "a treasure number (1 to 8)",
    "points": "a number of points (1 or more)",
    "display": "a tile of the display (1 to 4, from the left)",
}


def _bad(text: str, at: int, what: str | None, example: str,
         meant: str | None = None, near: dict[str, list[str]] | None = None) -> GameError:
    return unreadable(text, at, None if what is None else f"tikal.{what}",
                      _PLACES.get(what or "", ""), example, meant, near)


@cache
def _spoken() -> dict[str, str]:
    """The players' words for the verbs, in every language, folded → the verb: a Brazilian
    who types "mover W A6 B5" is told it is written "move". (Each verb's term in the rules
    knowledge has the verb's name, but for the tile's: ``place_tile``.)"""
    return spoken_words(__package__, _TERMS)


#: Each verb's term in the rules knowledge (the verb's name, but for the tile's).
_TERMS = {verb: "place_tile" if verb == "place" else verb for verb in FORMS}


@cache
def _slips(head: str) -> dict[str, list[str]]:
    """What a first word no verb is ("plase", "colcoar") is a slip of, by language
    (`slips`): whether or not it can be played now, a face tells the word."""
    return slips(head, tuple(FORMS), _spoken_by_language())


@cache
def _spoken_by_language() -> dict[str, dict[str, list[str]]]:
    return spoken_by_language(__package__, _TERMS)


def _seat(token: str) -> int | None:
    seat = token.lower()
    if seat.startswith("p") and seat[1:].isdigit() and 1 <= int(seat[1:]) <= 4:
        return int(seat[1:]) - 1
    return None


def _rotation(token: str) -> int | None:
    turn = token.lower()
    if turn.startswith("r") and turn[1:].isdigit() and int(turn[1:]) < 6:
        return int(turn[1:])
    return None


def _space_read(token: str) -> int | None:
    try:
        return parse_space(token)
    except GameError:
        return None


def _between(low: int, high: int) -> Callable[[str], int | None]:
    return lambda token: int(token) if token.isdigit() and low <= int(token) <= high else None


#: How each place is read: its value, or None when the word is not one.
_READERS: dict[str, Callable[[str], Any]] = {
    "space": _space_read,
    "rotation": _rotation,
    "figure": lambda token: token.upper() if token.upper() in FIGURES else None,
    "seat": _seat,
    "treasure": _between(1, 8),
    "points": _between(1, 999),
    "display": lambda token: None if (n := _between(1, 4)(token)) is None else n - 1,
}

#: Each verb's action from the values read, in the order of its words.
_MAKERS: dict[str, Callable[..., Action]] = {
    "place": place, "enter": enter, "move": move, "uncover": uncover, "recover": recover,
    "exchange": exchange, "camp": build_camp, "guard": place_guard, "bid": bid,
    "take": take, "end": lambda: END, "pass": lambda: PASS,
}


def _space_ok(space: object) -> bool:
    return type(space) is int and 0 <= space < 48


def _kind_ok(kind: object) -> bool:
    return type(kind) is int and 1 <= kind <= 8


# Each action kind's check that its fields are ones notation could write.
_WELL_FORMED: dict[type, Callable[[Any], bool]] = {
    Place: lambda a: _space_ok(a.space) and type(a.rotation) is int and 0 <= a.rotation < 6,
    Enter: lambda a: a.figure in FIGURES and _space_ok(a.space),
    Move: lambda a: a.figure in FIGURES and _space_ok(a.source) and _space_ok(a.target),
    Uncover: lambda a: _space_ok(a.space),
    Recover: lambda a: _space_ok(a.space),
    Exchange: lambda a: _kind_ok(a.give) and _kind_ok(a.take)
    and type(a.seat) is int and 0 <= a.seat < 4,
    BuildCamp: lambda a: _space_ok(a.space),
    PlaceGuard: lambda a: a.figure in FIGURES and _space_ok(a.space),
    EndTurn: lambda a: True,
    Bid: lambda a: type(a.amount) is int and a.amount >= 1,
    Pass: lambda a: True,
    Take: lambda a: type(a.index) is int and 0 <= a.index < 4,
}


def check_action(action: object) -> Action:
    """An action object as given to ``apply``: refuse one no notation could write.

    (``Move("X", …)`` or a space outside A1…H6 would otherwise act on the wrong figure
    or space.)
    """
    check = _WELL_FORMED.get(type(action))
    if check is None or not check(action):
        raise GameError(
            f"not a Tikal action: {action!r}", code="bad_notation", text=repr(action),
            expected="a Tikal action",
        )
    assert isinstance(action, Action)  # every kind checked above is one
    return action


def _example(verb: str | None) -> str:
    """An action written right: with the verb meant, when it is known."""
    return FORMS[verb][1] if verb else "place C4 r2"


def parse_action(text: str) -> Action:
    """Read one action in notation; an error says which word was not understood and what
    goes there (`unreadable`), the words read in order.

    >>> try:
    ...     parse_action("move A6 B5")
    ... except GameError as error:
    ...     print(error.params["word"], error.params["expected"], error.params["example"])
    A6 tikal.figure move W A6 B5
    """
    if not isinstance(text, str):
        raise unreadable(repr(text), 0, "tikal.action", _PLACES["action"], "place C4 r2")
    words = text.split()
    if not words or words[0].lower() not in FORMS:
        meant = _spoken().get(folded(words[0])) if words else None
        raise _bad(text, 0, "action", _example(meant), meant,
                   _slips(words[0]) if words and not meant else None)
    verb = words[0].lower()
    places, example = FORMS[verb]
    values = []
    for at, (what, token) in enumerate(zip(places, words[1:]), 1):
        value = _READERS[what](token)
        if value is None:
            raise _bad(text, at, what, example)
        values.append(value)
    needed = len(places) - (verb == "place")  # (a tile not turned: "place C4")
    if len(values) < needed:
        raise _bad(text, len(words), places[len(values)], example)
    if len(words) > len(places) + 1:
        raise _bad(text, len(places) + 1, None, example)
    if verb == "place" and len(values) == 1:
        values.append(0)  # (as the legal actions write it: the same interned object)
    return _MAKERS[verb](*values)
