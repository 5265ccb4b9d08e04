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
from functools import lru_cache
from typing import Any

from boardgamesbot.engine import Action, GameError
from boardgamesbot.games.notation import Written

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

USAGE = {
    "place": "place SPACE [rN]",
    "enter": "enter L|W SPACE",
    "move": "move L|W FROM TO",
    "uncover": "uncover SPACE",
    "recover": "recover SPACE",
    "exchange": "exchange MINE pSEAT THEIRS",
    "camp": "camp SPACE",
    "guard": "guard L|W SPACE",
    "end": "end",
    "bid": "bid POINTS",
    "pass": "pass",
    "take": "take N",
}


def _bad(text: str, expected: str) -> GameError:
    return GameError(
        f"cannot read {text!r}: expected {expected}",
        code="bad_notation",
        text=text,
        expected=expected,
    )


def _figure(token: str, text: str, usage: str) -> str:
    figure = token.upper()
    if figure not in FIGURES:
        raise _bad(text, f"{usage} (L = leader, W = worker), not {token!r}")
    return figure


def _number(token: str, text: str, usage: str, low: int, high: int) -> int:
    if not token.isdigit() or not low <= int(token) <= high:
        raise _bad(text, f"{usage} with a number {low}…{high}, not {token!r}")
    return int(token)


def _space(token: str, text: str, usage: str) -> int:
    try:
        return parse_space(token)
    except GameError:
        raise _bad(text, f"{usage} with a space A1…H6, not {token!r}") from None


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


def parse_action(text: str) -> Action:
    """Read one action in notation; errors name what was expected."""
    if not isinstance(text, str):
        raise _bad(repr(text), "an action in notation")
    words = text.split()
    if not words:
        raise _bad(text, f"an action: {', '.join(USAGE.values())}")
    verb, args = words[0].lower(), words[1:]
    usage = USAGE.get(verb)
    if usage is None:
        raise _bad(text, f"an action starting with one of: {', '.join(USAGE)}")
    arity = len(usage.split()) - 1
    if verb == "place":
        if len(args) not in (1, 2):
            raise _bad(text, usage)
        rotation = 0
        if len(args) == 2:
            token = args[1].lower()
            if not (token.startswith("r") and token[1:].isdigit() and int(token[1:]) < 6):
                raise _bad(text, f"{usage} with a rotation r0…r5, not {args[1]!r}")
            rotation = int(token[1:])
        return place(_space(args[0], text, usage), rotation)
    if len(args) != arity:
        raise _bad(text, usage)
    if verb == "enter":
        return enter(_figure(args[0], text, usage), _space(args[1], text, usage))
    if verb == "move":
        return move(
            _figure(args[0], text, usage),
            _space(args[1], text, usage),
            _space(args[2], text, usage),
        )
    if verb == "uncover":
        return uncover(_space(args[0], text, usage))
    if verb == "recover":
        return recover(_space(args[0], text, usage))
    if verb == "camp":
        return build_camp(_space(args[0], text, usage))
    if verb == "guard":
        return place_guard(_figure(args[0], text, usage), _space(args[1], text, usage))
    if verb == "exchange":
        seat = args[1].lower()
        if not (seat.startswith("p") and seat[1:].isdigit() and 1 <= int(seat[1:]) <= 4):
            raise _bad(text, f"{usage} with a player p1…p4, not {args[1]!r}")
        return exchange(
            _number(args[0], text, usage, 1, 8), int(seat[1:]) - 1,
            _number(args[2], text, usage, 1, 8),
        )
    if verb == "bid":
        return bid(_number(args[0], text, usage, 1, 999))
    if verb == "take":
        return take(_number(args[0], text, usage, 1, 4) - 1)
    if verb == "pass":
        return PASS
    return END
