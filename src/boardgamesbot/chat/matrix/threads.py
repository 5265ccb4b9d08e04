"""Threads: an answer goes to the thread its question was asked in, a table's messages to
the thread its table was opened in.

Element shows a thread as a side panel opened from its first message (the *root*,
in the main timeline); a message is in the thread when its ``m.relates_to`` says
``rel_type: m.thread`` with the root's id. Friends who start a game in a thread do
so to keep the room's main timeline for talk, so:

* the bot answers a message in the thread it came from (help, refusals, the rules,
  a number's answer) and in the main timeline a message from there;
* a table lives where its lobby was opened (``new``): its lobby, turns, menus,
  pictures, scorings and end go to that thread, whoever plays from where; Element's
  summary under the root (replies, the latest one) is the main timeline's pointer to
  it. Remembered per room in threads.json beside the crypto store (`kept`), so a
  restarted bot follows a table in its thread.

`THREAD` says which thread the bot is writing to now: set around the handling of a
person's event (`bot.MatrixBot`) and in each table's follower task
(`bot.MatrixConversation.follow`); the transport relates every message to that room to
it. nio copies ``m.relates_to`` into the cleartext of an encrypted event (and, when it
decrypts one, back from the cleartext into the content), as the spec wants: the server
can list a thread in an encrypted room too.
"""

from __future__ import annotations

import contextvars
from collections import OrderedDict
from pathlib import Path

from . import kept

#: (room, thread root) the bot's messages to that room go to now; None: the main timeline
THREAD: contextvars.ContextVar[tuple[str, str] | None] = contextvars.ContextVar(
    "thread", default=None)
LATEST_KEPT = 2000  # threads whose latest event is remembered (a reply fallback's target)


def root_of(content: dict) -> str | None:
    """The thread ``content`` (an event's content, or a decrypted event's) is in."""
    relation = content.get("m.relates_to")
    if isinstance(relation, dict) and relation.get("rel_type") == "m.thread":
        root = relation.get("event_id")
        return root if isinstance(root, str) else None
    return None


def in_thread(root: str, reply_to: str, falling_back: bool) -> dict:
    """The relation of a message in the thread ``root``: Element's shape, the
    ``m.in_reply_to`` a fallback for clients without threads (``is_falling_back``: it
    points at the thread's latest message, it is no reply of its own)."""
    return {"m.relates_to": {"rel_type": "m.thread", "event_id": root,
                             "is_falling_back": falling_back,
                             "m.in_reply_to": {"event_id": reply_to}}}


class Threads:
    """Where each room's table lives (its thread's root, or the main timeline), and each
    thread's latest event."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._homes: dict[str, str] = kept.load(path, lambda saved: {
            room: root for room, root in saved.items() if isinstance(root, str)}) or {}
        self._latest: OrderedDict[str, str] = OrderedDict()

    def home(self, room_id: str) -> str | None:
        """The root of the thread the room's table lives in (None: the main timeline)."""
        return self._homes.get(room_id)

    def settle(self, room_id: str, root: str | None) -> None:
        """The room's table (a lobby just opened) lives in the thread ``root`` now."""
        if self._homes.get(room_id) == root:
            return
        if root is None:
            self._homes.pop(room_id, None)
        else:
            self._homes[room_id] = root
        kept.save(self.path, self._homes)

    def seen(self, root: str, event_id: str) -> None:
        """``event_id`` is the thread's latest message (read or sent)."""
        self._latest[root] = event_id
        self._latest.move_to_end(root)
        while len(self._latest) > LATEST_KEPT:
            self._latest.popitem(last=False)

    def latest(self, root: str) -> str:
        return self._latest.get(root, root)

    def now(self, room_id: str) -> str | None:
        """The thread the bot writes to in ``room_id`` now (`THREAD`)."""
        where = THREAD.get()
        return where[1] if where is not None and where[0] == room_id else None
