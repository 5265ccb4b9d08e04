"""The hot path's statements, written once per dialect and run on a connection kept
per thread, without SQLAlchemy's per-statement work.

Every accepted action runs a few statements (the revision-checked update, the
action, the event, the jobs) and every request reads a revision. Through
SQLAlchemy Core each statement cost ~0.3–0.9 ms of CPU on the event loop (cache
keys, compiled-parameter processing, a pool checkout and reset per
``connect()``) — more than the game's own work. Here each statement is SQL text
built once, bound and run by the DBAPI driver itself (sqlite3, psycopg) on a
connection held by the thread: a fraction of that.

On PostgreSQL a write is two round trips instead of eight: psycopg's pipeline
mode sends ``BEGIN`` + the revision-checked ``UPDATE`` and waits for its row
count (a stale write stops there and rolls back), then sends every other
statement, the ``NOTIFY`` and the ``COMMIT`` together. psycopg prepares
statements it sees often on the server by itself. Reads of one statement run in
autocommit: no ``BEGIN``/``ROLLBACK`` around them; a table's load (four statements)
reads in one ``REPEATABLE READ`` snapshot, its ``BEGIN`` and ``COMMIT`` in the same
round trip.

Writes with a `Guard` run here too — a quota checked by the write that would pass it,
a live connection counted only if there is room — since their lock and their check
must share the write's own transaction. The rest of `Store` (schema, the lobby's
lists, job releases, arena games) stays on SQLAlchemy Core: it is not on any
per-action path.
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from boardgamesbot import jsontext

# SQL is written with :name parameters (sqlite3's style) and turned into %(name)s
# for psycopg. No statement here uses a ``::`` cast, so the rewrite is unambiguous.
_PARAM = re.compile(r":(\w+)")

REVISION = "SELECT revision FROM game_tables WHERE id = :table_id"
SCHEMA_VERSION = "SELECT version FROM schema_version"
UPDATE_SEAT = ("UPDATE seats SET kind = :kind, name = :name, level = :level, "
               "token_hash = :token_hash, autopilot = :autopilot, bank = :bank "
               "WHERE table_id = :table_id AND seat = :seat")
INSERT_SEAT = ("INSERT INTO seats (table_id, seat, kind, name, level, token_hash, "
               "autopilot, bank) VALUES (:table_id, :seat, :kind, :name, :level, "
               ":token_hash, :autopilot, :bank)")
KEEP_PRIVATE = "UPDATE events SET sealed = :no WHERE table_id = :table_id AND n = :n"
DROP_ACTIONS = "DELETE FROM actions WHERE table_id = :table_id AND n >= :n"
INSERT_ACTION = ('INSERT INTO actions (table_id, n, seat, notation, "by", at) '
                 "VALUES (:table_id, :n, :seat, :notation, :by, :at)")
UNSEAL = ("UPDATE events SET sealed = :no, private = NULL "
          "WHERE table_id = :table_id AND sealed = :yes")
INSERT_EVENT = ("INSERT INTO events (table_id, n, at, kind, seat, data, private, sealed) "
                "VALUES (:table_id, :n, :at, :kind, :seat, :data, :private, :sealed)")
DROP_JOBS = "DELETE FROM jobs WHERE table_id = :table_id"
INSERT_JOB = ("INSERT INTO jobs (table_id, seat, kind, since, due, attempts) "
              "VALUES (:table_id, :seat, :kind, :since, :due, 0) ON CONFLICT DO NOTHING")
NOTIFY = "SELECT pg_notify(:channel, :payload)"
JOB_COLUMNS = "id, table_id, seat, kind, since, due, attempts"
FREE = "due <= :now AND (lease_until IS NULL OR lease_until < :now)"
# PostgreSQL: one statement leases the most overdue free job; SKIP LOCKED lets many
# workers claim at once without waiting on each other.
CLAIM_POSTGRES = ("UPDATE jobs SET lease_until = :until, owner = :owner, "
                  "attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE " + FREE +
                  " ORDER BY due LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING " + JOB_COLUMNS)
# SQLite serializes writers: look first (a read takes no write lock when there is
# nothing to do), then take the job only if it is still free.
PICK_SQLITE = "SELECT " + JOB_COLUMNS + " FROM jobs WHERE " + FREE + " ORDER BY due LIMIT 1"


def pick_sqlite(skipping: int) -> str:
    """`PICK_SQLITE` passing over ``skipping`` jobs (``:skip0``…: unleased ones in hand)."""
    ids = ", ".join(f":skip{n}" for n in range(skipping))
    return PICK_SQLITE.replace(" ORDER BY", f" AND id NOT IN ({ids}) ORDER BY")


TAKE_SQLITE = ("UPDATE jobs SET lease_until = :until, owner = :owner, "
               "attempts = attempts + 1 WHERE id = :id AND (lease_until IS NULL OR "
               "lease_until < :now) RETURNING " + JOB_COLUMNS)
NEXT_DUE = {False: "SELECT MIN(MAX(COALESCE(lease_until, due), due)) FROM jobs",
            True: "SELECT MIN(GREATEST(COALESCE(lease_until, due), due)) FROM jobs"}
TABLE_COLUMNS = ("id", "game", "options", "seed", "seed_text", "status", "version", "clock",
                 "invite_hash", "created", "updated", "result", "revision", "since",
                 "clock_started", "creator", "hints")
JSON_COLUMNS = {"options", "clock", "result", "since", "clock_started"}
SNAPSHOT_BEGIN = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
LOAD_TABLE = f"SELECT {', '.join(TABLE_COLUMNS)} FROM game_tables WHERE id = :table_id"
LOAD_SEATS = ("SELECT seat, kind, name, level, token_hash, autopilot, bank FROM seats "
              "WHERE table_id = :table_id ORDER BY seat")
LOAD_ACTIONS = ('SELECT n, seat, notation, "by", at FROM actions '
                "WHERE table_id = :table_id AND n >= :n ORDER BY n")
LOAD_EVENTS = ("SELECT n, at, kind, seat, data, private, sealed FROM events "
               "WHERE table_id = :table_id AND n > :n ORDER BY n")
LOAD_EVENTS_AND = ("SELECT n, at, kind, seat, data, private, sealed FROM events "
                   "WHERE table_id = :table_id AND (n > :n OR n IN ({})) ORDER BY n")
# What one client's tables hold, for its quotas: tables not over, and the seats at them
# a bot plays (bot seats and people's seats handed to a bot, autopilot).
USAGE = ("SELECT (SELECT COUNT(*) FROM game_tables WHERE creator = :creator "
         "AND status <> 'over'), (SELECT COUNT(*) FROM seats JOIN game_tables "
         "ON seats.table_id = game_tables.id WHERE game_tables.creator = :creator "
         "AND game_tables.status <> 'over' "
         "AND (seats.kind = 'bot' OR seats.autopilot IS NOT NULL))")
# A lock held to the end of the transaction: (space, key) as two 32-bit numbers.
ADVISORY_LOCK = "SELECT pg_advisory_xact_lock(:space, :key)"


# A process's live connections (`Store.admit`): who holds how many, and renewing them.
PRESENCE_TOTAL = ("SELECT COALESCE(SUM(connections), 0) FROM presence WHERE kind = :kind{n} "
                  "AND subject = :subject{n} AND (until > :now OR process = :process)")
PRESENCE_ADD = ("INSERT INTO presence (process, kind, subject, connections, until) "
                "VALUES (:process, :kind, :subject, 1, :until) "
                "ON CONFLICT (process, kind, subject) DO UPDATE "
                "SET connections = presence.connections + 1, until = :until")
PRESENCE_DROP = ("UPDATE presence SET connections = connections - 1 WHERE process = :process "
                 "AND kind = :kind AND subject = :subject")
PRESENCE_EMPTY = "DELETE FROM presence WHERE process = :process AND connections <= 0"
PRESENCE_RENEW = "UPDATE presence SET until = :until WHERE process = :process"
PRESENCE_EXPIRED = "DELETE FROM presence WHERE until < :expired"
PRESENCE_LEAVE = "DELETE FROM presence WHERE process = :process"


@dataclass
class Guard:
    """Run inside a write before it, under locks: ``query``'s row goes to ``check``,
    which raises to refuse the write (nothing is written). The locks — PostgreSQL's
    advisory ``locks`` (space, key), taken in order; on SQLite the database's write
    lock, taken before the query (``BEGIN IMMEDIATE``) — make the check and the write
    one step: two writes that check the same thing never both pass on one reading."""

    locks: list[tuple[int, int]]
    query: tuple[str, dict]
    check: Callable[..., None]

    def run(self, row: tuple) -> None:
        try:
            self.check(*row)
        except Exception as error:
            raise _Refused(error) from error


class Direct:
    """Runs the hot statements for one `Store` (see the module's docstring)."""

    def __init__(self, engine: Engine, postgres: bool) -> None:
        self.engine = engine
        self.postgres = postgres
        self.local = threading.local()
        self.held: list = []  # every thread's connection, to close with the store
        self.lock = threading.Lock()
        self.sql: dict[str, str] = {}
        # JSON columns as orjson writes them (`jsontext`): the event of every action has one.
        if postgres:
            from psycopg.types.json import Json

            self.json = lambda value: Json(value, dumps=jsontext.encode)
        else:
            self.json = jsontext.text  # text: sqlite3 would store bytes as a BLOB

    def close(self) -> None:
        with self.lock:
            held, self.held = self.held, []
        for fairy in held:
            try:
                fairy.invalidate()  # closes it; never back into the pool as we changed it
            except Exception:  # noqa: BLE001 - closing anyway
                pass

    # The connection ----------------------------------------------------------------------

    def connection(self):
        fairy = getattr(self.local, "fairy", None)
        if fairy is None or fairy.dbapi_connection is None:
            fairy = self.engine.raw_connection()
            if self.postgres:
                # Reads need no transaction; writes open one themselves (`transaction`).
                fairy.driver_connection.autocommit = True
            self.local.fairy = fairy
            with self.lock:
                self.held.append(fairy)
        return fairy.driver_connection

    def _broken(self) -> None:
        """After a driver error: a connection the server dropped is replaced next time."""
        fairy = getattr(self.local, "fairy", None)
        if fairy is None:
            return
        connection = fairy.driver_connection
        if self.postgres and not (connection is None or connection.closed
                                  or connection.broken):
            return
        self.local.fairy = None
        with self.lock:
            if fairy in self.held:
                self.held.remove(fairy)
        try:
            fairy.invalidate()
        except Exception:  # noqa: BLE001 - it is gone either way
            pass

    def statement(self, sql: str) -> str:
        """``sql`` in the driver's parameter style (built once per text)."""
        found = self.sql.get(sql)
        if found is None:
            found = self.sql[sql] = _PARAM.sub(r"%(\1)s", sql) if self.postgres else sql
        return found

    # Reading ---------------------------------------------------------------------------

    def scalar(self, sql: str, params: dict | None = None) -> Any:
        connection = self.connection()
        try:
            cursor = connection.execute(self.statement(sql), params or {})
            found = cursor.fetchone()
            if not self.postgres:
                connection.commit()  # end sqlite3's read snapshot (no-op outside one)
        except Exception:
            self._broken()
            raise
        return None if found is None else found[0]

    def load(self, table_id: str, from_action: int, after_event: int,
             events: Iterable[int]) -> tuple[dict, list, list, list] | None:
        """A table's row, seats, actions numbered ``from_action`` on, and events numbered
        after ``after_event`` or listed in ``events`` — as plain tuples."""
        params = {"table_id": table_id, "n": from_action}
        listed = sorted({int(n) for n in events})
        if listed:
            events_sql = LOAD_EVENTS_AND.format(", ".join(str(n) for n in listed))
        else:
            events_sql = LOAD_EVENTS
        queries = [(LOAD_TABLE, params), (LOAD_SEATS, params), (LOAD_ACTIONS, params),
                   (events_sql, {"table_id": table_id, "n": after_event})]
        # One snapshot for the four: on their own (autocommit; READ COMMITTED) a commit
        # landing between them gives a row one version behind its actions.
        connection = self.connection()
        try:
            if self.postgres:  # the four queries and their transaction in one round trip
                with connection.pipeline():
                    connection.execute(SNAPSHOT_BEGIN)
                    cursors = [connection.execute(self.statement(sql), p) for sql, p in queries]
                    connection.execute("COMMIT")
                found, seats, actions, event_rows = [c.fetchall() for c in cursors]
            else:
                connection.execute("BEGIN")  # a read transaction: WAL's snapshot
                try:
                    found, seats, actions, event_rows = [connection.execute(sql, p).fetchall()
                                                         for sql, p in queries]
                finally:
                    connection.commit()
        except Exception:
            if self.postgres and not (connection.closed or connection.broken):
                with contextlib.suppress(Exception):  # out of the failed snapshot
                    connection.rollback()
            self._broken()
            raise
        if not found:
            return None
        table = dict(zip(TABLE_COLUMNS, found[0]))
        if not self.postgres:  # sqlite3 hands JSON columns back as text
            for key in JSON_COLUMNS:
                if isinstance(table[key], str):
                    table[key] = json.loads(table[key])
            event_rows = [(n, at, kind, seat, json.loads(data), private, sealed)
                          for n, at, kind, seat, data, private, sealed in event_rows]
        return table, seats, actions, event_rows

    # Writing ---------------------------------------------------------------------------

    def write(self, first: tuple[str, dict] | None, rest: list[tuple[str, Any, bool]],
              guard: Guard | None = None) -> bool:
        """Run ``first`` (an UPDATE or INSERT; None: nothing to check); only if it changed
        exactly one row, run ``rest`` (``(sql, params, many)``) and commit, all in one
        transaction, after ``guard`` (if any) let it. False: ``first`` matched nothing and
        nothing was written; the guard's refusal is raised, nothing written either."""
        connection = self.connection()
        try:
            if self.postgres:
                return self._write_postgres(connection, first, rest, guard)
            return self._write_sqlite(connection, first, rest, guard)
        except _Refused as refused:  # rolled back; the connection is fine
            raise refused.error from None
        except Exception:
            self._broken()
            raise

    def _write_postgres(self, connection, first, rest, guard) -> bool:
        try:
            with connection.pipeline() as pipeline, connection.transaction():
                if guard is not None:  # one more round trip, for the writes that have one
                    for lock in sorted(guard.locks):  # in one order: no deadlock
                        connection.cursor().execute(self.statement(ADVISORY_LOCK), dict(
                            zip(("space", "key"), lock)))
                    reading = connection.cursor()
                    reading.execute(self.statement(guard.query[0]), guard.query[1])
                    pipeline.sync()
                    guard.run(reading.fetchone())  # a refusal rolls the transaction back
                cursor = connection.cursor()
                if first is not None:
                    cursor.execute(self.statement(first[0]), first[1])
                    pipeline.sync()  # one round trip: BEGIN and the revision-checked UPDATE
                    if cursor.rowcount != 1:
                        raise _Stale  # leaving the block rolls the transaction back
                self._run(cursor, rest)
            # Leaving the blocks is the second round trip: everything else and COMMIT.
        except _Stale:
            return False
        return True

    def _write_sqlite(self, connection, first, rest, guard) -> bool:
        with _sqlite_transaction(connection):
            if guard is not None:
                connection.execute("BEGIN IMMEDIATE")  # the write lock, before the reading
                guard.run(connection.execute(*guard.query).fetchone())
            if first is not None:
                cursor = connection.execute(first[0], first[1])  # sqlite3 begins here
                if cursor.rowcount != 1:
                    connection.rollback()  # (the commit on leaving then has nothing to do)
                    return False
            self._run(connection, rest)
        return True

    def write_together(self, writes: list[tuple[tuple[str, dict], list]]) -> list[bool]:
        """Several `write`s (without guards) in one transaction: each ``first`` that changed
        exactly one row has its ``rest`` run; one commit for all. Per write, False: its
        ``first`` matched nothing and nothing of it was written. Any error rolls the whole
        transaction back and is raised (nothing written)."""
        connection = self.connection()
        try:
            if self.postgres:
                return self._together_postgres(connection, writes)
            return self._together_sqlite(connection, writes)
        except Exception:
            self._broken()
            raise

    def _together_postgres(self, connection, writes) -> list[bool]:
        with connection.pipeline() as pipeline, connection.transaction():
            checks = []
            for (sql, params), _ in writes:
                checks.append(connection.cursor())
                checks[-1].execute(self.statement(sql), params)
            pipeline.sync()  # one round trip: BEGIN and every revision-checked UPDATE
            written = [check.rowcount == 1 for check in checks]
            cursor = connection.cursor()
            for ok, (_, rest) in zip(written, writes):
                if ok:
                    self._run(cursor, rest)
        # Leaving the blocks is the second round trip: everything else and COMMIT.
        return written

    def _together_sqlite(self, connection, writes) -> list[bool]:
        written = []
        with _sqlite_transaction(connection):
            for (sql, params), rest in writes:  # sqlite3 begins at the first UPDATE
                written.append(connection.execute(sql, params).rowcount == 1)
                if written[-1]:
                    self._run(connection, rest)
        return written

    def _run(self, target, rest: list[tuple[str, Any, bool]]) -> None:
        """A write's ``rest`` on ``target`` (a connection or a cursor): each statement once,
        or once per parameter set where it is ``many``."""
        for sql, params, many in rest:
            if many:
                target.executemany(self.statement(sql), params)
            else:
                target.execute(self.statement(sql), params)

    def execute(self, sql: str, params: dict) -> list[tuple]:
        """One statement on its own (autocommit), its rows returned."""
        connection = self.connection()
        try:
            cursor = connection.execute(self.statement(sql), params)
            found = cursor.fetchall() if cursor.description else []
            if not self.postgres:
                connection.commit()
        except Exception:
            if not self.postgres:
                connection.rollback()
            self._broken()
            raise
        return found


class _Stale(Exception):
    """The revision-checked UPDATE matched no row (raised inside the transaction so that
    psycopg rolls it back)."""


class _Refused(Exception):
    """A `Guard` refused the write (raised inside the transaction so that it rolls back);
    ``error`` is the refusal, raised to the caller."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


@contextlib.contextmanager
def _sqlite_transaction(connection):
    """Commit what the block wrote; on any error (an interrupt too) roll it all back and
    re-raise, so that a failed write leaves nothing behind."""
    try:
        yield
        connection.commit()
    except BaseException:
        connection.rollback()
        raise
