"""Reading hand-written positions: one small checker shared by every game's position reader.

A position (``Game.from_json``) is often typed by a person for a test, a bug
report or a scenario, so every field is checked and every error names the
field and what was expected. A `PositionReader` carries the game's prefix
(``"invalid Tikal position: "``) and raises `PositionError` (code
``bad_position``) through a handful of typed getters:

>>> read = PositionReader("invalid Demo position: ")
>>> read.integer(3, "score", 0, 10)
3
>>> read.integer(True, "score", 0, 10)
Traceback (most recent call last):
...
boardgamesbot.games.positions.PositionError: invalid Demo position: score must be a whole number 0…10, not True
>>> read.part("auction: ").seat(5, "bidder", num_players=4)
Traceback (most recent call last):
...
boardgamesbot.games.positions.PositionError: invalid Demo position: auction: bidder must be a seat 0…3, not 5
"""  # noqa: E501 (a doctest's expected traceback is one line)

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from boardgamesbot.engine import GameError

__all__ = ["PositionError", "PositionReader"]

T = TypeVar("T")


class PositionError(GameError):
    """A hand-written position that does not describe a legal position of the game."""

    code = "bad_position"


def is_integer(value: Any) -> bool:
    """A JSON whole number (``true`` and ``false`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


class PositionReader:
    """Checks the fields of one position; every error starts with ``prefix``."""

    __slots__ = ("prefix",)

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def part(self, name: str) -> PositionReader:
        """A reader for a nested part, whose errors say which part (``"auction: "``)."""
        return PositionReader(self.prefix + name)

    def error(self, message: str) -> PositionError:
        return PositionError(self.prefix + message)

    def expect(self, condition: Any, message: str) -> None:
        if not condition:
            raise self.error(message)

    def json_object(self, text: str, format_name: str, *, not_json: str = "not JSON",
                    not_object: str | None = None) -> dict[str, Any]:
        """Parse ``text``: a JSON object whose ``"format"`` is ``format_name``."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as error:
            raise self.error(f"{not_json} ({error})") from None
        if not_object is not None:
            self.expect(isinstance(data, dict), not_object)
        self.expect(isinstance(data, dict) and data.get("format") == format_name,
                    f"expected an object with \"format\": \"{format_name}\""
                    if not_object is None else f"expected \"format\": \"{format_name}\"")
        checked: dict[str, Any] = data  # an object, as the line above made sure
        return checked

    # Typed getters ------------------------------------------------------------------------

    def integer(self, value: Any, what: str, low: int = 0, high: int = 10**6) -> int:
        """A whole number ``low``…``high``."""
        self.expect(is_integer(value) and low <= value <= high,
                    f"{what} must be a whole number {low}…{high}, not {value!r}")
        number: int = value  # checked above
        return number

    def at_least(self, value: Any, what: str, low: int = 0) -> int:
        """A whole number ≥ ``low``, with no upper limit."""
        self.expect(is_integer(value) and value >= low,
                    f"{what} must be a whole number ≥ {low}, not {value!r}")
        number: int = value  # checked above
        return number

    def seat(self, value: Any, what: str, num_players: int, low: int = 0) -> int:
        """A seat number ``low``…``num_players - 1`` (``low=-1`` allows "nobody")."""
        self.expect(is_integer(value) and low <= value < num_players,
                    f"{what} must be a seat {low}…{num_players - 1}, not {value!r}")
        number: int = value  # checked above
        return number

    def one_of(self, value: Any, choices: Iterable[T], message: str) -> T:
        """``value`` if it is one of ``choices``; otherwise the error ``message``."""
        self.expect(value in tuple(choices), message)
        chosen: T = value  # one of the choices, as checked above
        return chosen

    def list_of(self, value: Any, item: Callable[[Any], T], message: str) -> list[T]:
        """A JSON list, each element read by ``item`` (which raises its own errors)."""
        self.expect(isinstance(value, list), message)
        return [item(element) for element in value]

    def field(self, data: dict[str, Any], key: str, kind: type, what: str) -> Any:
        """``data[key]``, required and of JSON type ``kind`` (``int`` excludes booleans)."""
        if key not in data:
            raise self.error(f"missing {key!r} ({what})")
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(f"{key!r} must be {what}, not {value!r}")
        return value
