"""The tables in memory: one process's copies of the tables it serves, each used only
while its revision is the database's.

A read compares the copy's revision with the database's (one indexed read); a copy
behind it catches up with what changed (the new actions and events), or is
reloaded whole. A table not cached here is read and replayed in a loader thread,
off the event loop. At most `MAX_CACHED` copies are kept; the oldest unwatched go
first. A mixin of `Lobby` (it uses its ``store``, ``tables``, ``watchers``,
``writing``, ``commit_in_thread``, ``loader``, ``settled`` and ``_database``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from boardgamesbot.store import TableRow

from .errors import ServiceError
from .tables import Table

MAX_ID = 64
MAX_CACHED = 2000  # tables kept in memory per process


class TablesInMemory:
    def get(self, table_id: Any, check: bool = True) -> Table:
        """The table as the database has it now (the cached copy if it is current).

        ``check=False`` skips comparing a cached copy's revision: for writes, whose
        commit checks it anyway (and reloads on a lost race)."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= MAX_ID:
            raise self._unknown(table_id)
        table = self.tables.get(table_id)
        if table is not None:
            if not check:
                return table
            revision = self.store.revision(table_id)
            if revision == table.revision:
                return table
            if revision is None:
                self.tables.pop(table_id, None)
                raise self._unknown(table_id)
            if revision < table.revision and table_id in self.writing:
                # Ahead of the database: a write of this process is in flight. Catching up
                # would put the copy back under it; readers wait for it (`current`).
                return table
            # Usually a few actions were added elsewhere: apply them, not the whole record.
            if self._catch_up(table):
                return table
        row = self.store.load(table_id)
        if row is None:
            raise self._unknown(table_id)
        if len(self.tables) >= MAX_CACHED:
            self._forget_unwatched()
        table = self.tables[table_id] = Table(row)
        return table

    def _catch_up(self, table: Table) -> bool:
        """Bring a cached table up to the database by reading only what may have changed
        since it was read: the actions after its own, the events after its last, and the
        events it holds sealed (a later write may have released them; no other event
        ever changes). False: it could not (an undo, the start): reload it whole."""
        return self._caught_up(table, self.store.load(table.id, **self._news(table)))

    @staticmethod
    def _news(table: Table) -> dict:
        """`Store.load` arguments for what may have changed since ``table`` was read."""
        return {"from_action": len(table.record.actions),
                "after_event": table.events[-1].n if table.events else 0,
                "events": [e.n for e in table.sealed if e.sealed]}

    @staticmethod
    def _caught_up(table: Table, row: TableRow | None) -> bool:
        if row is None:
            return False
        known = table.events[-1].n if table.events else 0
        changed = {e.n: e for e in row.events if e.n <= known}
        row.events = [changed.get(e.n, e) for e in table.events] + [
            e for e in row.events if e.n > known]
        return table.catch_up(row)

    def _forget_unwatched(self) -> None:
        """Keep memory bounded: drop the oldest cached tables nobody here watches (the
        database has them; they are reloaded when asked for)."""
        for table_id in list(self.tables)[:MAX_CACHED // 2]:
            if table_id not in self.watchers:
                del self.tables[table_id]

    @staticmethod
    def _unknown(table_id: Any) -> ServiceError:
        return ServiceError(f"there is no table {str(table_id)[:MAX_ID]!r}",
                            code="unknown_table", status=404, table=str(table_id)[:MAX_ID])

    async def current(self, table_id: Any) -> Table:
        """`get` once the write in flight (if any) is committed: for reads. On PostgreSQL
        the revision is compared in a thread (a round trip the loop need not wait for); a
        table not cached here is loaded and replayed in a thread on any database (a long
        record would hold the loop for as long as it takes to replay)."""
        await self.settled(table_id)
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            return await self._load(table_id)
        if not self.commit_in_thread:
            return self.get(table_id)
        revision = await self._database(self.store.revision, table_id)
        if revision == table.revision and self.tables.get(table_id) is table:
            return table
        return self.get(table_id)

    async def _load(self, table_id: Any) -> Table:
        """A table not cached here, read and replayed in a loader thread, then cached — or
        the cached copy, if a write of this process loaded it meanwhile."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= MAX_ID:
            raise self._unknown(table_id)
        built = await asyncio.get_running_loop().run_in_executor(self.loader, self._build,
                                                                 table_id)
        if table_id in self.tables:
            return await self.current(table_id)
        if built is None:
            raise self._unknown(table_id)
        if len(self.tables) >= MAX_CACHED:
            self._forget_unwatched()
        self.tables[table_id] = built
        return built

    def _build(self, table_id: str) -> Table | None:
        row = self.store.load(table_id)
        return None if row is None else Table(row)
