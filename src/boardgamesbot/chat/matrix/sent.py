"""What the bot remembers of its own recent messages, across restarts.

A reaction or a reply names only the message it is on; what that message was is the
bot's to remember:

* ``mine``: the bot's recent messages — 🚪 on one of them asks to leave the room's
  table (`bot.MatrixBot.leave_by_reaction`; on one not kept here the server is asked,
  `transport.MatrixTransport.was_mine`), a reply to one is for the bot;
* ``moved``: a message sent anew for people who came in after it (they could not
  decrypt it, `transport.MatrixTransport.edit`) -> the new copy: a 👍 taken back on
  the copy is a 👍 taken back on the lobby (`bot.MatrixBot.on_redaction`);
* ``closed``: the menus the bot closed (answered, or replaced by a newer one) ->
  whose they were: a keycap or a number on one gets "that menu is closed" instead of
  answering the newer one;
* ``readers``: a message sent in an encrypted room -> who was in the room (the invited
  too) when it went, the devices nio shared its key with: an edit of it for someone who
  came in later would be unreadable to them, so they get it as a new message
  (`transport.MatrixTransport.edit`) — also when they come in after a restart.

Kept in sent.json beside the crypto store (`kept`), the latest `KEPT` of each, and of
the readers the latest `READERS_KEPT`. The same people read most messages of a room,
so each set of readers is written once and the messages point to it.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from . import kept

KEPT = 1000  # of each kind, the most recent
READERS_KEPT = 2000  # recent messages whose readers are remembered


class SentMessages:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._mine: OrderedDict[str, None] = OrderedDict()
        self._moved: OrderedDict[str, str] = OrderedDict()  # -> the copy sent anew
        self._closed: OrderedDict[str, str] = OrderedDict()  # -> whose menu it was
        self._readers: OrderedDict[str, frozenset[str]] = OrderedDict()
        saved = kept.load(path, _read)
        if saved is not None:
            self._mine, self._moved, self._closed, self._readers = saved

    def sent(self, event_id: str, readers: frozenset[str] | None = None) -> None:
        """The bot sent ``event_id``; encrypted for the devices of ``readers``, if given
        (one write for both)."""
        kept.remember(self._mine, event_id, None, KEPT)
        if readers is not None:
            kept.remember(self._readers, event_id, readers, READERS_KEPT)
        self._save()

    def is_mine(self, event_id: str) -> bool:
        """Whether ``event_id`` is one of the bot's recent messages."""
        return event_id in self._mine

    def moved(self, event_id: str, copy: str) -> None:
        """The message ``event_id`` was sent anew as ``copy``: later edits go there."""
        kept.remember(self._moved, event_id, copy, KEPT)
        self._save()

    def latest(self, event_id: str) -> str:
        """The message that took over from ``event_id``, or ``event_id`` itself."""
        seen = {event_id}
        while event_id in self._moved and self._moved[event_id] not in seen:
            event_id = self._moved[event_id]
            seen.add(event_id)  # (a hand-edited file with a loop ends somewhere)
        return event_id

    def closed(self, event_id: str, who: str) -> None:
        """The menu ``event_id``, ``who``'s, is closed."""
        kept.remember(self._closed, event_id, who, KEPT)
        self._save()

    def closed_for(self, event_id: str) -> str | None:
        """Whose menu ``event_id`` was, if the bot closed it."""
        return self._closed.get(event_id)

    def read_by(self, event_id: str, readers: frozenset[str]) -> None:
        """The message ``event_id`` went encrypted for the devices of ``readers``."""
        kept.remember(self._readers, event_id, readers, READERS_KEPT)
        self._save()

    def readers(self, event_id: str) -> frozenset[str] | None:
        """Who could read the message ``event_id``; None if it is not a recent one sent
        encrypted."""
        return self._readers.get(event_id)

    def _save(self) -> None:
        groups: dict[frozenset[str], int] = {}  # each set of readers -> its place, once
        of = {event_id: groups.setdefault(readers, len(groups))
              for event_id, readers in self._readers.items()}
        kept.save(self.path, {"mine": list(self._mine), "moved": dict(self._moved),
                              "closed": dict(self._closed),
                              "readers": {"groups": [sorted(g) for g in groups], "of": of}})


def _read(saved: Any) -> tuple[OrderedDict[str, None], OrderedDict[str, str],
                               OrderedDict[str, str], OrderedDict[str, frozenset[str]]]:
    mine = OrderedDict.fromkeys(e for e in saved["mine"] if isinstance(e, str))
    moved = OrderedDict((e, copy) for e, copy in saved["moved"].items() if isinstance(copy, str))
    closed = OrderedDict((e, who) for e, who in saved["closed"].items() if isinstance(who, str))
    # (a file from before readers were kept has none: the rest of it still holds)
    kept_readers = saved.get("readers", {"groups": [], "of": {}})
    groups = [frozenset(u for u in group if isinstance(u, str))
              for group in kept_readers["groups"]]
    readers = OrderedDict((e, groups[i]) for e, i in kept_readers["of"].items()
                          if isinstance(i, int) and 0 <= i < len(groups))
    return mine, moved, closed, readers
