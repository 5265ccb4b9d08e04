"""What one live connection is sent: its `Watcher` (seat, what it was sent last) and its
bounded `Outbox`, with the quotas (`Limits`) that bound it and every client.

A state waiting in an outbox is a `PendingState`, shared by every watcher of the seat
and encoded only if one of them takes whole states.
"""

from __future__ import annotations

import asyncio
import collections
import os
import time
from dataclasses import dataclass
from typing import Any

from boardgamesbot import jsontext

from .patches import diff


@dataclass
class Limits:
    """Quotas against one client using up a server (``0``: no limit)."""

    tables_per_client: int = 20  # tables not over, created from one address
    bot_seats_per_client: int = 100  # seats played by bots at those tables
    # Live WebSocket connections, counted over every process of the database (`admit`):
    spectators_per_table: int = 50  # spectator connections per table
    connections_per_client: int = 32  # connections from one address
    pending_messages: int = 64  # a WebSocket's unsent messages before it is dropped
    pending_bytes: int = 1 << 20
    # Dropped too: a reader whose oldest unsent message is this old, or that does not take
    # one message in this long (the transport accepts no more bytes: it reads nothing).
    stall_seconds: float = 30.0

    @classmethod
    def from_env(cls) -> Limits:
        """Defaults overridden by ``BGBOT_MAX_TABLES``, ``BGBOT_MAX_BOT_SEATS``,
        ``BGBOT_MAX_SPECTATORS``, ``BGBOT_MAX_CONNECTIONS``, ``BGBOT_STALL_SECONDS``."""
        limits = cls()
        for name, attr, kind in (("BGBOT_MAX_TABLES", "tables_per_client", int),
                                 ("BGBOT_MAX_BOT_SEATS", "bot_seats_per_client", int),
                                 ("BGBOT_MAX_SPECTATORS", "spectators_per_table", int),
                                 ("BGBOT_MAX_CONNECTIONS", "connections_per_client", int),
                                 ("BGBOT_STALL_SECONDS", "stall_seconds", float)):
            if os.environ.get(name):
                setattr(limits, attr, kind(os.environ[name]))
        return limits


class PendingState:
    """A state message waiting in an outbox: sent whole, or as a patch (`render`).

    One is shared by every watcher of the same seat; its JSON text is made only if one
    of them needs the whole state (a watcher taking patches usually does not), and its
    patch from a given earlier message once for all the watchers that were sent that
    one (`patch_from`). What it made goes with it: once every outbox has moved on, no
    old view is kept alive for a patch nobody will ask for again."""

    def __init__(self, revision: int, message: dict, full: bool = False) -> None:
        self.revision = revision
        self.message = message
        self.full = full
        self._text: str | None = None
        # id(base) -> (base, the patch's text); the base is held, so its id stays its own.
        self._patches: dict[int, tuple[dict, str]] = {}

    def patch_from(self, base: dict) -> str:
        """The ``patch`` message that turns ``base`` (a state message sent before) into
        this one."""
        made = self._patches.get(id(base))
        if made is None:
            made = self._patches[id(base)] = (base, jsontext.text({
                "type": "patch", "state_id": self.message["state_id"],
                "ops": diff(base, self.message)}))
        return made[1]

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = jsontext.text(self.message)
        return self._text


class Outbox:
    """A connection's unsent messages, bounded.

    A newer ``state`` replaces an unsent older one (a slow reader gets the newest
    state, not a backlog). A reader that still falls behind — too many or too large
    unsent messages, or one waiting too long — is dropped: the outbox empties and
    closes (a send in progress is given up), and the connection is closed with 4408."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.items: collections.deque[tuple[bool, float, Any]] = collections.deque()
        self.size = 0
        self.ready = asyncio.Event()
        self.sending: asyncio.Timeout | None = None  # the deadline of a send in progress
        self.send_started = 0.0  # when it began (the loop's clock)
        self.watchdog: asyncio.TimerHandle | None = None  # `begin_send`
        self.closed = False
        self.overflowed = False

    def put(self, text: str, replaceable: bool = False) -> None:
        if self.closed:
            return
        now = time.monotonic()
        if replaceable and self.items:
            kept = [item for item in self.items if not item[0]]
            if len(kept) != len(self.items):
                self.items = collections.deque(kept)
                self.size = sum(_size(item[2]) for item in kept)
        self.items.append((replaceable, now, text))
        self.size += _size(text)
        limits = self.limits
        if (len(self.items) > limits.pending_messages or self.size > limits.pending_bytes
                or now - self.items[0][1] > limits.stall_seconds):
            self.drop()
        self.ready.set()

    def drop(self) -> None:
        """The reader stays behind: let it go (a send in progress is given up now)."""
        self.overflowed = True
        self.close()
        if self.sending is not None:
            self.sending.reschedule(0)  # a deadline in the past: it expires at once

    def begin_send(self, deadline: asyncio.Timeout) -> None:
        """A send under ``deadline`` (one without a time, ``asyncio.timeout(None)``)
        begins: it expires once it has taken ``stall_seconds``. One timer per outbox
        keeps watch (armed at a send when none is, re-armed for the send in progress
        when it rings, dropped when it finds none), instead of a timer per send: most
        sends complete at once, and a timer made and cancelled per message was a few
        µs of each."""
        loop = asyncio.get_running_loop()
        self.sending, self.send_started = deadline, loop.time()
        if self.watchdog is None:
            self.watchdog = loop.call_at(self.send_started + self.limits.stall_seconds,
                                         self._watch)

    def _watch(self) -> None:
        self.watchdog = None
        if self.sending is None or self.closed:
            return  # nothing in progress: the next send arms it again
        ends = self.send_started + self.limits.stall_seconds
        loop = asyncio.get_running_loop()
        if ends <= loop.time():
            self.sending.reschedule(0)  # taken too long: it expires at once
        else:
            self.watchdog = loop.call_at(ends, self._watch)

    async def get(self) -> str | PendingState | None:
        """The next message; None once closed."""
        while not self.items:
            if self.closed:
                return None
            self.ready.clear()
            await self.ready.wait()
        _, _, text = self.items.popleft()
        self.size -= _size(text)
        return text

    def close(self) -> None:
        self.closed = True
        if self.watchdog is not None:
            self.watchdog.cancel()
            self.watchdog = None
        self.items.clear()
        self.size = 0
        self.ready.set()


def _size(item: str | PendingState) -> int:
    # A pending state is not counted: an outbox holds at most one (a newer state replaces
    # it), shared with the seat's other watchers; counting it would mean encoding it.
    return len(item) if isinstance(item, str) else 0


class Watcher:
    """One live connection to a table: a seat (or None, a spectator) and its outbox.

    It remembers what it was sent (the table revision, the last event, the events it
    could not see yet), so that any process can bring it up to date from the table."""

    def __init__(self, table_id: str, seat: int | None, limits: Limits | None = None,
                 patches: bool = False) -> None:
        self.table_id = table_id
        self.seat = seat
        self.patches = patches  # lean messages: patches after the first state
        self.sent: tuple[int, dict] | None = None  # the last state it was sent
        self.outbox = Outbox(limits or Limits())
        self.revision = -1
        self.last_event = 0
        self.hidden: set[int] = set()  # events up to last_event this seat could not see

    def send(self, message: dict | str) -> None:
        self.outbox.put(message if isinstance(message, str) else jsontext.text(message))
