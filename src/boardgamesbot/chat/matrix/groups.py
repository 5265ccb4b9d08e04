"""Which rooms are groups, across restarts.

A room of two — the bot and one person — is a direct room: everything said there is
for the bot, in that person's language. A group whose friends left until one is left
with the bot is still the group it was: its talk is still talk, commands still start
with '!bg', it still speaks the room's language. So each room once seen with more than
two members (the invited too) is remembered as a group, in groups.json beside the
crypto store (`kept`).
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from . import kept

KEPT = 100_000  # rooms remembered as groups (a bound against a file growing for ever)


class Groups:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._rooms: OrderedDict[str, None] = kept.load(path, _read) or OrderedDict()

    def seen(self, room_id: str, members: int) -> None:
        """``room_id`` has ``members`` members now: a group if more than two."""
        if members > 2 and room_id not in self._rooms:
            kept.remember(self._rooms, room_id, None, KEPT)
            kept.save(self.path, {"groups": list(self._rooms)})

    def direct(self, room_id: str, members: int) -> bool:
        """Whether ``room_id``, with ``members`` members now, is a direct room: two of
        them at most, and never more."""
        self.seen(room_id, members)
        return members <= 2 and room_id not in self._rooms


def _read(saved: Any) -> OrderedDict[str, None]:
    rooms = saved["groups"]
    if not isinstance(rooms, list):
        raise TypeError("not a list of rooms")
    return OrderedDict.fromkeys(r for r in rooms if isinstance(r, str))
