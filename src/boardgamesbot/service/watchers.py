"""Outboxes and fan-out: every live connection of a table here is sent what it has not
seen (new events, its seat's state) after each committed write — this process's, or
another's announced through the `Fanout`. A periodic sweep compares the watched tables'
revisions with the database, in case an announcement was lost.

A mixin of `Lobby` (it uses its ``store``, ``tables``, ``watchers``, ``limits``,
``writing``, ``refreshing``, ``writer``, ``wake``, ``closing``,
``commit_in_thread``, ``get``, ``_catch_up``, ``_news``, ``_caught_up``, ``_turn``,
``_spawn``).
"""

from __future__ import annotations

import asyncio
import logging
import os

from boardgamesbot import jsontext

from .errors import ServiceError
from .outbox import PendingState, Watcher
from .tables import Table

log = logging.getLogger("boardgamesbot.service.lobby")
# How often watched tables' revisions are compared with the database, in case an
# announcement was lost (BGBOT_SWEEP_SECONDS; the tests turn it off to see the fan-out).
SWEEP_SECONDS = float(os.environ.get("BGBOT_SWEEP_SECONDS") or 2.0)


class Watchers:
    def watch(self, table: Table, seat: int | None, patches: bool = False) -> Watcher:
        """Follow ``table`` for ``seat`` (None: a spectator). Limits on who may connect are
        `admit`'s; this process's own followers (the chat's) are not counted."""
        watcher = Watcher(table.id, seat, self.limits, patches)
        self.watchers[table.id].add(watcher)
        self._bring_up_to_date(table, watcher, {})
        return watcher

    def unwatch(self, watcher: Watcher) -> None:
        watcher.outbox.close()
        watchers = self.watchers.get(watcher.table_id)
        if watchers is not None:
            watchers.discard(watcher)
            if not watchers:
                del self.watchers[watcher.table_id]

    def push(self, table: Table) -> None:
        """Send every watcher of ``table`` what it has not seen: new events, the state."""
        states: dict = {}  # what this push made once for all its watchers, by seat or events
        for watcher in list(self.watchers.get(table.id, ())):
            if watcher.outbox.closed:
                self.unwatch(watcher)
            elif watcher.revision < table.revision:
                self._bring_up_to_date(table, watcher, states)

    def _bring_up_to_date(self, table: Table, watcher: Watcher, states: dict) -> None:
        seat = watcher.seat
        fresh = table.events[watcher.last_event:]
        released = [table.events[n - 1] for n in sorted(watcher.hidden)
                    if table.visible(table.events[n - 1], seat)]
        watcher.hidden.difference_update(e.n for e in released)
        watcher.hidden.update(e.n for e in fresh if not table.visible(e, seat))
        events = released + [e for e in fresh if table.visible(e, seat)]
        if events:
            # Watchers of one push mostly get the same events: encoded once for all.
            key = ("events", *(e.n for e in events))
            if key not in states:
                states[key] = jsontext.text({"type": "events",
                                          "events": [table.event_json(e) for e in events]})
            watcher.send(states[key])
        watcher.last_event = len(table.events)
        if seat not in states:
            message = table.state_message(seat)
            states[seat] = PendingState(table.revision, message)
        watcher.outbox.put(states[seat], replaceable=True)
        watcher.revision = table.revision

    def send_state(self, table: Table, watcher: Watcher) -> None:
        """The whole state again (a client asked: ``view``)."""
        message = table.state_message(watcher.seat)
        watcher.outbox.put(PendingState(table.revision, message, True),
                           replaceable=True)

    def render(self, watcher: Watcher, item: str | PendingState) -> str:
        """The text to send for an outbox item: a state whole, or as a patch from the last
        state this connection was sent (patches shared by watchers with the same base)."""
        if isinstance(item, str):
            return item
        if watcher.patches and watcher.sent is not None and not item.full:
            text = item.patch_from(watcher.sent[1])
        else:
            text = item.text
        watcher.sent = (item.revision, item.message)
        return text

    def _on_notice(self, table_id: str, revision: int) -> None:
        """Another process (or this one) committed ``table_id`` at ``revision``."""
        self.wake.ring(chained=True)  # it may owe decisions: how many is not known here
        if table_id not in self.watchers:
            return
        cached = self.tables.get(table_id)
        if self.commit_in_thread and cached is not None and (
                table_id in self.writing or table_id in self.refreshing
                or cached.revision < revision):
            # In the table's turn: a write in flight here is made but not committed yet.
            if table_id in self.refreshing:  # one catch-up at a time; it goes round again
                self.refreshing[table_id] = max(self.refreshing[table_id], revision)
            else:
                self.refreshing[table_id] = revision
                self._spawn(self._refresh(table_id))
            return
        if cached is not None and cached.revision >= revision:
            self.push(cached)
            return
        if cached is not None:  # we know it changed: fetch what is new, no need to ask
            if self._catch_up(cached):
                self.push(cached)
                return
            self.tables.pop(table_id, None)
        try:
            self.push(self.get(table_id))
        except ServiceError:  # pragma: no cover - deleted meanwhile
            pass

    async def _refresh(self, table_id: str) -> None:
        """`_on_notice`'s catch-up with the database read in a thread (PostgreSQL): in
        the table's turn, so that no write of this process is half made meanwhile; again
        while notices came in during it."""
        try:
            while True:
                async with self._turn(table_id):
                    wanted = self.refreshing[table_id]
                    table = self.tables.get(table_id)
                    if table is None:
                        table = self.get(table_id)
                    elif table.revision < wanted:
                        news = self._news(table)
                        row = await asyncio.get_running_loop().run_in_executor(
                            self.writer, lambda news=news: self.store.load(table_id, **news))
                        if self.tables.get(table_id) is not table or not self._caught_up(
                                table, row):
                            self.tables.pop(table_id, None)
                            table = self.get(table_id)
                    self.push(table)
                if self.refreshing[table_id] <= wanted:
                    return
        except ServiceError:  # pragma: no cover - deleted meanwhile
            pass
        except Exception:  # noqa: BLE001 - the sweep looks again in a moment
            log.warning("could not catch up with table %s", table_id, exc_info=True)
            self.tables.pop(table_id, None)
        finally:
            self.refreshing.pop(table_id, None)

    def _on_reconnect(self) -> None:
        """Announcements may have been lost while the fan-out reconnected: look again."""
        self._refresh_watched()

    def _refresh_watched(self) -> None:
        revisions = self.store.revisions(list(self.watchers))
        for table_id, revision in revisions.items():
            self._on_notice(table_id, revision)

    async def _sweep(self) -> None:
        while not self.closing:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                self._refresh_watched()
            except Exception:  # noqa: BLE001 - the database may be restarting
                log.warning("could not check the watched tables' revisions", exc_info=True)
