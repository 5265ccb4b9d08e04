"""Revision-checked writes: each change is made on the table as this process has it and
committed only if nobody wrote the table first; a lost race reloads the table and
judges the change again on the fresh state.

A table's writes from this process take turns (`_turn`: a lock per table, held from
making the change to its commit), and readers wait for the write in flight
(`settled`): nobody sees a change before it is committed. On PostgreSQL the commit
waits for the database in a thread (`_database`); on SQLite it runs inline. Only
after the commit are the acting seat acknowledged and the watchers told. A mixin of
`Lobby` (it uses its ``store``, ``tables``, ``writing``, ``writer``, ``fanout``,
``wake``, ``get``, ``push``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from boardgamesbot.engine import GameError
from boardgamesbot.store import StaleTable

from .errors import ServiceError
from .outbox import Watcher
from .tables import Change, Table

log = logging.getLogger("boardgamesbot.service.lobby")
RETRIES = 4  # writes lost to another process before giving up (each reloads first)
# PostgreSQL commits and claims run in this many threads of a process (`Lobby.writer`).
COMMIT_THREADS = 4


class RevisionCheckedWrites:
    async def _write(self, table_id: Any, make: Callable[[Table], Change],
                     reply: Watcher | None = None, ack: dict | None = None) -> Table:
        """Make a change on the current table and commit it; on a lost race, reload and
        make it again (the table judges it anew: a seat whose view changed is stale).

        The table's writes from this process take turns (a lock per table, held from
        making the change to its commit), and readers wait for the write in flight
        (`settled`): nobody sees a change before it is committed, and each change is
        made on the state the previous one committed. On PostgreSQL the commit waits
        for the database in a thread, so the loop serves everyone else meanwhile; on
        SQLite it is inline: it waits for no server, and the hop to a thread would cost
        more than it saves."""
        async with self._turn(table_id):
            for attempt in range(RETRIES):
                table, change = self._make(table_id, make, attempt)
                if change is None:
                    continue
                arguments = change.commit_arguments()
                try:
                    await self._commit(table.id, arguments)
                except Exception as error:  # noqa: BLE001 - sorted out by _lost
                    if self._lost(table, error):
                        continue
                return self._committed(table, change, reply, ack)
            return self._given_up(table_id)

    async def _commit(self, table_id: str, arguments: dict) -> None:
        """Commit one change, in one transaction with the other tables' changes made
        meanwhile (group commit): the first change of a batch starts a committer, and
        every change made before it runs joins that batch. Each writer is answered
        only once the batch's ``COMMIT`` has returned: acknowledged still means durable.
        A change checked against a quota takes its locks in a transaction of its own."""
        if arguments.get("quota") is not None:
            await self._database(lambda: self.store.commit(table_id, at=time.time(),
                                                           **arguments))
            return
        waiting = asyncio.get_running_loop().create_future()
        self.batch.append((table_id, arguments, waiting))
        if len(self.batch) == 1 and not self.committing:
            self._spawn(self._commit_batches())
        await waiting

    async def _commit_batches(self) -> None:
        """Commit the waiting changes together, and again while more came in meanwhile (on
        PostgreSQL the next batch gathers while one is in the database's hands)."""
        self.committing = True
        try:
            while self.batch:
                batch, self.batch = self.batch, []
                writes = [(table_id, {**arguments, "at": time.time()})
                          for table_id, arguments, _ in batch]
                # Alone, the plain commit; together, one transaction.
                call = self._commit_alone if len(writes) == 1 else self.store.commit_together
                try:
                    outcomes = await self._database(call, writes)
                except asyncio.CancelledError:  # closing: none of them is acknowledged
                    for _, _, waiting in batch:
                        waiting.cancel()
                    raise
                except Exception as error:  # noqa: BLE001 - every writer hears it
                    outcomes = [error] * len(batch)
                for (table_id, _, waiting), outcome in zip(batch, outcomes):
                    if waiting.done():  # its writer was cancelled meanwhile: nobody will
                        if outcome is not None:  # sort a failure out, so reload next time
                            self.tables.pop(table_id, None)
                        continue
                    if outcome is None:
                        waiting.set_result(None)
                    else:
                        waiting.set_exception(outcome)
        finally:
            self.committing = False

    def _commit_alone(self, writes: list[tuple[str, dict]]) -> list[Exception | None]:
        """`Store.commit_together`'s answer for a batch of one, by the plain commit."""
        (table_id, arguments), = writes
        try:
            self.store.commit(table_id, **arguments)
        except Exception as error:  # noqa: BLE001 - its writer sorts it out
            return [error]
        return [None]

    @contextlib.asynccontextmanager
    async def _turn(self, table_id: Any):
        """Hold the table's turn: its writes and catch-ups here run one at a time."""
        entry = self.writing.get(table_id)
        if entry is None:
            entry = self.writing[table_id] = [asyncio.Lock(), 0]
        entry[1] += 1  # holding or waiting for the lock
        try:
            async with entry[0]:
                yield
        finally:
            entry[1] -= 1
            if entry[1] == 0:  # nobody else holds or awaits it: forget the lock
                self.writing.pop(table_id, None)

    async def settled(self, table_id: Any) -> None:
        """Wait until no write of this process is in flight on ``table_id``."""
        entry = self.writing.get(table_id)
        if entry is not None and entry[0].locked():
            async with entry[0]:
                pass

    async def _database(self, call: Callable[..., Any], *args: Any) -> Any:
        """A store call that reads or claims: on PostgreSQL it waits for the round trip in
        a thread, so the loop serves everyone else meanwhile; inline on SQLite."""
        if self.commit_in_thread:
            return await asyncio.get_running_loop().run_in_executor(self.writer, call, *args)
        return call(*args)

    def _make(self, table_id: Any, make: Callable[[Table], Change], attempt: int
              ) -> tuple[Table, Change | None]:
        """The change on the table as this process has it (the commit checks it is
        current); None when it was refused on an old copy: judge again on a fresh one."""
        table = self.get(table_id, check=attempt > 0)
        try:
            return table, make(table)  # a refusal raises and leaves the table unchanged
        except GameError:
            if attempt == 0 and self.store.revision(table.id) != table.revision:
                return table, None
            raise

    def _lost(self, table: Table, error: Exception) -> bool:
        """After a failed commit: True when another process wrote first (reload and try
        again); any other failure is answered 503 ``store_failed``."""
        self.tables.pop(table.id, None)  # reload the truth from the store next time
        if isinstance(error, StaleTable):
            return True
        if isinstance(error, GameError):  # refused inside the write (a quota): as it says
            raise error
        log.error("commit failed for table %s", table.id, exc_info=error)
        raise ServiceError("the change could not be saved; try again",
                           code="store_failed", status=503) from error

    def _committed(self, table: Table, change: Change, reply: Watcher | None,
                   ack: dict | None) -> Table:
        if reply is not None and ack is not None:
            reply.send(ack)
        self._after_commit(table, len(change.jobs or ()))
        return table

    def _given_up(self, table_id: Any) -> Table:
        self.tables.pop(table_id, None)
        raise ServiceError("the table is changing fast; look again", code="stale_state",
                           status=409, table=str(table_id))

    def _after_commit(self, table: Table, jobs: int) -> None:
        """Tell the watchers and other processes; wake a job loop per decision owed (a
        write owing none gives the loops nothing to look for)."""
        self.push(table)
        self.fanout.publish(table.id, table.revision)
        if jobs:
            self.wake.ring(jobs)
