"""What the bot remembers of its own recent messages, across restarts.

A reaction or a reply names only the message it is on; what that message was is the
bot's to remember:

* ``mine``: the bot's recent messages — 🚪 on one of them asks to leave the room's
  table (`bot.MatrixBot.leave_by_reaction`), a reply to one is for the bot;
* ``moved``: a message sent anew for people who came in after it (they could not
  decrypt it, `transport.MatrixTransport.edit`) -> the new copy: a 👍 taken back on
  the copy is a 👍 taken back on the lobby (`bot.MatrixBot.on_redaction`);
* ``closed``: the menus the bot closed (answered, or replaced by a newer one) ->
  whose they were: a keycap or a number on one gets "that menu is closed" instead of
  answering the newer one.

Kept in sent.json beside the crypto store (`kept`), the latest `KEPT` of each.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from . import kept

KEPT = 1000  # of each kind, the most recent


class SentMessages:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._mine: OrderedDict[str, None] = OrderedDict()
        self._moved: OrderedDict[str, str] = OrderedDict()  # -> the copy sent anew
        self._closed: OrderedDict[str, str] = OrderedDict()  # -> whose menu it was
        saved = kept.load(path, _read)
        if saved is not None:
            self._mine, self._moved, self._closed = saved

    def sent(self, event_id: str) -> None:
        kept.remember(self._mine, event_id, None, KEPT)
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

    def _save(self) -> None:
        kept.save(self.path, {"mine": list(self._mine), "moved": dict(self._moved),
                              "closed": dict(self._closed)})


def _read(saved: Any) -> tuple[OrderedDict[str, None], OrderedDict[str, str],
                               OrderedDict[str, str]]:
    mine = OrderedDict.fromkeys(e for e in saved["mine"] if isinstance(e, str))
    moved = OrderedDict((e, copy) for e, copy in saved["moved"].items() if isinstance(copy, str))
    closed = OrderedDict((e, who) for e, who in saved["closed"].items() if isinstance(who, str))
    return mine, moved, closed
