"""`Store`: read and write tables, seats, records, event logs and jobs.

Every method that changes something runs one transaction and returns only
after it committed, so an acknowledged action survives a crash of the server
process. SQLite runs in WAL mode (a killed process loses nothing committed).

Several processes may share one database. Every write of a table names the
``revision`` it was computed from and succeeds only if the table is still
there (``UPDATE … WHERE revision = expected``); otherwise it raises
`StaleTable` and changes nothing. On PostgreSQL the write also sends
``NOTIFY <channel>, 'table_id revision'`` inside its transaction, so other
processes hear of it exactly when it is committed.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Engine,
    and_,
    create_engine,
    event,
    func,
    select,
    update,
)

from . import direct as direct_sql
from . import models
from .migrations import SCHEMA_VERSION, upgrade


@dataclass
class SeatRow:
    seat: int
    kind: str  # person, bot, open
    name: str
    level: str | None = None
    token_hash: str | None = None
    autopilot: str | None = None
    bank: float | None = None


@dataclass
class ActionRow:
    n: int
    seat: int
    notation: str
    by: str
    at: float


@dataclass
class EventRow:
    n: int
    at: float
    kind: str
    seat: int | None
    data: dict
    private: int | None = None
    sealed: bool = False


@dataclass
class JobRow:
    """A decision owed: ``kind`` "bot" (due now) or "clock" (due at the deadline)."""

    seat: int
    kind: str
    since: int
    due: float
    id: int | None = None
    table_id: str | None = None
    attempts: int = 0
    # False: handed out without a lease (`Store.claim_job`'s ``lease_if``).
    leased: bool = field(default=True, compare=False)


def _job(row: Any) -> JobRow:
    id_, table_id, seat, kind, since, due, attempts = row
    return JobRow(seat=seat, kind=kind, since=since, due=due, id=id_, table_id=table_id,
                  attempts=attempts)


@dataclass
class ArenaGameRow:
    """One finished game of an arena run (``bgbot arena --db``)."""

    run: str
    game: str
    options: dict
    lineup: list[str]
    seats: list[str]
    arena_seed: int
    index: int
    seed: int
    scores: list[int]
    winners: list[int]
    actions: int
    solo: dict | None = None
    created: float = 0.0


@dataclass
class Quota:
    """A limit on what one client's tables hold, checked by the write that would pass it,
    in the write's own transaction and under a lock on the client: two writes for one
    client (two requests, two processes) never both pass on the same count.

    ``check(tables, bot_seats)`` gets the client's tables not over and the seats at them a
    bot plays, as they are before the write; it raises to refuse (nothing is written)."""

    creator: str
    check: Callable[[int, int], None]

    def guard(self) -> direct_sql.Guard:
        return direct_sql.Guard([_lock(QUOTA_LOCK_SPACE, self.creator)],
                                (direct_sql.USAGE, {"creator": self.creator}), self.check)


# Advisory lock spaces (beside the schema's 64-bit key): quota checks, connection limits.
QUOTA_LOCK_SPACE = 0x62677100  # "bgq"
PRESENCE_LOCK_SPACE = 0x62677000  # "bgp"


def _lock(space: int, name: str) -> tuple[int, int]:
    """An advisory lock's (space, key) for ``name``: a 32-bit hash (two names that share
    one only wait for each other)."""
    return space, int(hashlib.sha256(name.encode()).hexdigest()[:8], 16) - 2**31


class _Full(Exception):
    """A connection limit is reached (raised inside `Store.admit`'s transaction)."""


class StaleTable(Exception):
    """Another process wrote the table first; nothing was written."""

    def __init__(self, table_id: str, expected: int) -> None:
        super().__init__(f"table {table_id} is no longer at revision {expected}")
        self.table_id = table_id
        self.expected = expected


@dataclass
class TableRow:
    id: str
    game: str
    options: dict
    seed: int
    status: str
    version: int
    clock: dict
    invite_hash: str | None
    created: float
    updated: float
    result: dict | None = None
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)
    events: list[EventRow] = field(default_factory=list)
    revision: int = 0
    since: list[int] | None = None
    clock_started: dict | None = None
    creator: str | None = None
    hints: bool = True


_T = models.game_tables


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return Path(base) / "boardgamesbot"


def default_url(data_dir: str | Path | None = None) -> str:
    """SQLite in ``data_dir`` (created if needed; default ``~/.local/share/boardgamesbot``)."""
    directory = Path(data_dir) if data_dir else default_data_dir()
    directory.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{directory / 'boardgamesbot.db'}"


def _normalize(url: str) -> str:
    # "postgresql://" means psycopg 3 here (the driver the project depends on).
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str) -> Engine:
    url = _normalize(url)
    if url.startswith("sqlite"):
        # Several processes may write one file: wait for a lock rather than fail at once.
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(connection, _record):  # pragma: no cover - exercised by every test
            cursor = connection.cursor()
            if url not in ("sqlite://", "sqlite:///:memory:"):
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")  # durable against process crashes
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    # No pre-ping: it costs a round trip per request; a connection the server dropped
    # fails one request (503 store_failed) and the pool replaces it.
    return create_engine(url, pool_size=10, max_overflow=20, pool_recycle=1800)


class Store:
    """The tables' persistence; one instance per process.

    ``notify``: on PostgreSQL, the channel every committed write is announced on
    (None: silent, e.g. when Redis carries the announcements)."""

    def __init__(self, url: str, notify: str | None = "bgbot_tables") -> None:
        self.url = _normalize(url)
        self.engine = make_engine(self.url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self.notify = notify if self.postgres else None
        # Reads need no transaction (PostgreSQL's READ COMMITTED gives each statement its
        # own snapshot either way): autocommit spares the BEGIN and ROLLBACK round trips.
        self.reader = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        upgrade(self.engine)
        # The per-action statements, without SQLAlchemy's per-statement cost.
        self.direct = direct_sql.Direct(self.engine, self.postgres)

    def close(self) -> None:
        self.direct.close()
        self.engine.dispose()

    def schema_version(self) -> int:
        """The schema version the database is at: one small read (`/api/health` asks it on
        every request). The table exists: opening the store upgraded the schema."""
        return self.direct.scalar(direct_sql.SCHEMA_VERSION) or 0

    # Writing ---------------------------------------------------------------------------

    def create_table(self, row: TableRow, jobs: Iterable[JobRow] = (),
                     quota: Quota | None = None) -> None:
        """Write a new table (and the jobs it owes), if ``quota`` lets its creator."""
        insert, rest = self._create_statements(row, list(jobs))
        self.direct.write(insert, rest, quota.guard() if quota else None)

    def _create_statements(self, row: TableRow, jobs: list[JobRow]
                           ) -> tuple[tuple[str, dict], list[tuple[str, object, bool]]]:
        """`create_table`'s statements: the table's INSERT, then the rest."""
        wrap = self.direct.json
        values = dict(
            id=row.id, game=row.game, options=wrap(row.options), seed=_seed_column(row.seed),
            seed_text=str(row.seed), status=row.status, version=row.version,
            clock=wrap(row.clock), invite_hash=row.invite_hash, created=row.created,
            updated=row.updated, revision=row.revision, creator=row.creator,
            hints=bool(row.hints),
            **{key: None if value is None else wrap(value) for key, value in (
                ("result", row.result), ("since", row.since),
                ("clock_started", row.clock_started))})
        insert = (f"INSERT INTO game_tables ({', '.join(values)}) "
                  f"VALUES ({', '.join(':' + key for key in values)})")
        rest: list[tuple[str, object, bool]] = []
        if row.seats:
            rest.append((direct_sql.INSERT_SEAT, [_seat_values(row.id, s) for s in row.seats],
                         True))
        rest += self._event_statements(row.id, row.events)
        rest += self._job_statements(row.id, jobs)
        rest += self._notify_statements(row.id, row.revision)
        return (insert, values), rest

    def commit(
        self,
        table_id: str,
        *,
        at: float,
        expected: int,
        since: list[int] | None = None,
        clock_started: dict | None = None,
        jobs: Iterable[JobRow] | None = None,
        version: int | None = None,
        status: str | None = None,
        result: dict | None = None,
        clear_invite: bool = False,
        seats: Iterable[SeatRow] = (),
        add_actions: Iterable[ActionRow] = (),
        drop_actions_from: int | None = None,
        events: Iterable[EventRow] = (),
        unseal: bool = False,
        keep_private: Iterable[int] = (),
        quota: Quota | None = None,
        create: TableRow | None = None,
        create_jobs: Iterable[JobRow] = (),
        delete: bool = False,
    ) -> None:
        """Write one change of a table atomically, if the table is still at ``expected``.

        Raises `StaleTable` (nothing written) when another write came first.
        ``unseal`` makes sealed events public (an undo barrier was crossed);
        ``keep_private`` lists sealed events whose action was taken back: they
        stay private to their seat forever. ``jobs`` (None: leave them) are the
        decisions owed after the change. ``quota``: the creator's limit this change
        must keep (bots filling open seats, a seat handed to a bot); its refusal is
        raised and nothing written. ``create``: a new table (with ``create_jobs``) written
        in the same transaction, so only if this change is (a rematch noted on the finished
        table and the rematch itself: of two at once, one is written whole, the other not
        at all). ``delete``: the table is deleted instead, with all its rows (if still at
        ``expected``).
        """
        first, rest = self._statements(
            table_id, at=at, expected=expected, since=since, clock_started=clock_started,
            jobs=jobs, version=version, status=status, result=result,
            clear_invite=clear_invite, seats=seats, add_actions=add_actions,
            drop_actions_from=drop_actions_from, events=events, unseal=unseal,
            keep_private=keep_private, create=create, create_jobs=create_jobs, delete=delete)
        if not self.direct.write(first, rest, quota.guard() if quota else None):
            raise StaleTable(table_id, expected)  # nothing was written

    def commit_together(self, writes: list[tuple[str, dict]]) -> list[Exception | None]:
        """Several tables' changes (``(table_id, commit arguments)``, none with a quota) in
        one transaction — group commit: one ``COMMIT`` (on PostgreSQL, two round trips)
        for all. Each outcome is None (written), `StaleTable` (nothing of it written), or
        the error that kept it from being written. Nothing is written until the one
        commit returns; if the transaction fails as a whole, each change is committed
        on its own instead, so that one bad change does not fail the others."""
        # In one order of table ids: two batches lock their rows alike (no deadlock).
        order = sorted(range(len(writes)), key=lambda i: writes[i][0])
        statements = [self._statements(writes[i][0], **writes[i][1]) for i in order]
        outcomes: list[Exception | None] = [None] * len(writes)
        try:
            written = self.direct.write_together(statements)
        except Exception:  # noqa: BLE001 - rolled back whole: one at a time instead
            for index in order:
                table_id, arguments = writes[index]
                try:
                    self.commit(table_id, **arguments)
                except Exception as error:  # noqa: BLE001 - the caller sorts it out
                    outcomes[index] = error
            return outcomes
        for index, ok in zip(order, written):
            if not ok:
                outcomes[index] = StaleTable(writes[index][0], writes[index][1]["expected"])
        return outcomes

    def _statements(self, table_id: str, *, at: float, expected: int,
                    since: list[int] | None, clock_started: dict | None,
                    jobs: Iterable[JobRow] | None, version: int | None, status: str | None,
                    result: dict | None, clear_invite: bool, seats: Iterable[SeatRow],
                    add_actions: Iterable[ActionRow], drop_actions_from: int | None,
                    events: Iterable[EventRow], unseal: bool, keep_private: Iterable[int],
                    quota: Quota | None = None, create: TableRow | None = None,
                    create_jobs: Iterable[JobRow] = (), delete: bool = False
                    ) -> tuple[tuple[str, dict], list]:
        """`commit`'s statements: the revision-checked UPDATE, then the rest."""
        if delete:  # the seats, actions, events and jobs go with it (ON DELETE CASCADE)
            return (("DELETE FROM game_tables WHERE id = :table_id AND revision = :expected",
                     {"table_id": table_id, "expected": expected}),
                    self._notify_statements(table_id, expected + 1))
        wrap = self.direct.json
        values: dict = {"updated": at, "revision": expected + 1}
        if since is not None:
            values["since"] = wrap(since)
        if clock_started is not None:
            values["clock_started"] = wrap(clock_started)
        if version is not None:
            values["version"] = version
        if status is not None:
            values["status"] = status
        if result is not None:
            values["result"] = wrap(result)
        sets = [f"{key} = :{key}" for key in values]
        if clear_invite:
            sets.append("invite_hash = NULL")
        bump = (f"UPDATE game_tables SET {', '.join(sets)} "
                "WHERE id = :table_id AND revision = :expected")
        rest: list[tuple[str, object, bool]] = []
        seat_rows = [_seat_values(table_id, seat) for seat in seats]
        if seat_rows:
            rest.append((direct_sql.UPDATE_SEAT, seat_rows, True))
        keep = [{"table_id": table_id, "n": n, "no": False} for n in keep_private]
        if keep:
            rest.append((direct_sql.KEEP_PRIVATE, keep, True))
        if drop_actions_from is not None:
            rest.append((direct_sql.DROP_ACTIONS, {"table_id": table_id,
                                                   "n": drop_actions_from}, False))
        rows = [dict(table_id=table_id, n=a.n, seat=a.seat, notation=a.notation, by=a.by,
                     at=a.at) for a in add_actions]
        if rows:
            rest.append((direct_sql.INSERT_ACTION, rows, True))
        if unseal:
            rest.append((direct_sql.UNSEAL, {"table_id": table_id, "no": False, "yes": True},
                         False))
        rest += self._event_statements(table_id, events)
        if jobs is not None:
            rest += self._job_statements(table_id, list(jobs))
        rest += self._notify_statements(table_id, expected + 1)
        if create is not None:
            insert, more = self._create_statements(create, list(create_jobs))
            rest += [(insert[0], insert[1], False), *more]
        return (bump, {**values, "table_id": table_id, "expected": expected}), rest


    def _event_statements(self, table_id: str, events: Iterable[EventRow]
                          ) -> list[tuple[str, object, bool]]:
        wrap = self.direct.json
        rows = [dict(table_id=table_id, n=e.n, at=e.at, kind=e.kind, seat=e.seat,
                     data=wrap(e.data), private=e.private, sealed=e.sealed) for e in events]
        return [(direct_sql.INSERT_EVENT, rows, True)] if rows else []

    def _notify_statements(self, table_id: str, revision: int
                           ) -> list[tuple[str, object, bool]]:
        """On PostgreSQL, ``NOTIFY`` inside the write's transaction: heard exactly when
        it commits."""
        if not self.notify:
            return []
        return [(direct_sql.NOTIFY, {"channel": self.notify,
                                     "payload": f"{table_id} {revision}"}, False)]

    @staticmethod
    def _job_statements(table_id: str, jobs: list[JobRow]) -> list[tuple[str, object, bool]]:
        """The statements that make the table's jobs exactly ``jobs``, keeping (with their
        leases) the rows already there for the same seat, kind and ``since``."""
        if not jobs:
            return [(direct_sql.DROP_JOBS, {"table_id": table_id}, False)]
        params: dict = {"table_id": table_id}
        same = []
        for index, job in enumerate(jobs):
            same.append(f"(seat = :seat{index} AND kind = :kind{index} "
                        f"AND since = :since{index})")
            params.update({f"seat{index}": job.seat, f"kind{index}": job.kind,
                           f"since{index}": job.since})
        drop = f"{direct_sql.DROP_JOBS} AND NOT ({' OR '.join(same)})"
        return [(drop, params, False),
                (direct_sql.INSERT_JOB, [dict(table_id=table_id, seat=job.seat, kind=job.kind,
                                              since=job.since, due=job.due) for job in jobs],
                 True)]

    # Jobs ------------------------------------------------------------------------------

    def claim_job(self, owner: str, lease: float, now: float | None = None,
                  lease_if: Callable[[JobRow], bool] | None = None,
                  skip: Collection[int] = ()) -> JobRow | None:
        """Lease the most overdue free job to ``owner`` for ``lease`` seconds.

        PostgreSQL: ``FOR UPDATE SKIP LOCKED`` lets many workers claim at once without
        waiting on each other; SQLite serializes writers, so the plain UPDATE is safe.
        On SQLite the job found is first shown to ``lease_if``: False hands it out
        without a lease (``leased`` False; no write at all), for a decision so cheap
        that another taker deciding it too costs nothing (the second write is refused
        by the table's revision check). Its ``attempts`` are then not counted. ``skip``:
        ids of such jobs the caller is doing already (SQLite), never handed out."""
        now = time.time() if now is None else now
        params = {"now": now, "until": now + lease, "owner": owner}
        direct = self.direct
        if self.postgres:
            found = direct.execute(direct_sql.CLAIM_POSTGRES, params)
        else:
            if skip:
                params.update({f"skip{n}": job_id for n, job_id in enumerate(skip)})
                picked = direct.execute(direct_sql.pick_sqlite(len(skip)), params)
            else:
                picked = direct.execute(direct_sql.PICK_SQLITE, params)
            if not picked:
                return None
            if lease_if is not None and not lease_if(job := _job(picked[0])):
                job.leased = False
                return job
            found = direct.execute(direct_sql.TAKE_SQLITE, {**params, "id": picked[0][0]})
        return _job(found[0]) if found else None

    def lease_job(self, job: JobRow, owner: str, lease: float) -> None:
        """Lease a job handed out without one (SQLite; it failed: retried once the lease
        runs out, as a leased job is, not at once and again)."""
        now = time.time()
        job.leased = bool(self.direct.execute(direct_sql.TAKE_SQLITE, {
            "now": now, "until": now + lease, "owner": owner, "id": job.id}))

    def release_job(self, job: JobRow, owner: str, due: float | None = None) -> None:
        """Give a leased job back (to be taken again at ``due``, default now); one handed
        out without a lease, while still nobody's."""
        j = models.jobs
        holder = j.c.owner == owner if job.leased else j.c.owner.is_(None)
        with self.engine.begin() as c:
            c.execute(update(j).where(and_(j.c.id == job.id, holder))
                      .values(lease_until=None, owner=None,
                              due=time.time() if due is None else due))

    def drop_job(self, job: JobRow) -> None:
        with self.engine.begin() as c:
            c.execute(models.jobs.delete().where(models.jobs.c.id == job.id))

    def set_jobs(self, table_id: str, jobs: list[JobRow]) -> None:
        self.direct.write(None, self._job_statements(table_id, jobs))

    def playing_without_jobs(self) -> list[str]:
        """Tables in play with no job at all (written before jobs existed: version 1)."""
        t, j = models.game_tables, models.jobs
        with self.reader.connect() as c:
            return list(c.execute(select(t.c.id).where(and_(
                t.c.status == "playing",
                ~select(j.c.id).where(j.c.table_id == t.c.id).exists()))).scalars())

    def next_due(self) -> float | None:
        """When the next job falls due (or its lease runs out); None: no job at all."""
        return self.direct.scalar(direct_sql.NEXT_DUE[self.postgres])

    def jobs(self, table_id: str | None = None) -> list[JobRow]:
        j = models.jobs
        query = select(j).order_by(j.c.id)
        if table_id is not None:
            query = query.where(j.c.table_id == table_id)
        with self.reader.connect() as c:
            return [JobRow(seat=r.seat, kind=r.kind, since=r.since, due=r.due, id=r.id,
                           table_id=r.table_id, attempts=r.attempts)
                    for r in c.execute(query)]

    # Live connections ------------------------------------------------------------------

    def admit(self, process: str, claims: list[tuple[str, str, int]], until: float,
              now: float | None = None) -> str | None:
        """Count one more connection of ``process`` against each ``(kind, subject, most)``
        claim, if every one has room: the connections held by all processes (rows still
        renewed, and this process's own) are fewer than ``most``. Under a lock on each
        claim, so two processes never both take the last place. Returns None when
        admitted, else the kind of the first claim that is full (nothing is counted)."""
        now = time.time() if now is None else now
        params: dict = {"process": process, "now": now}
        totals = []
        for n, (kind, subject, _) in enumerate(claims):
            params.update({f"kind{n}": kind, f"subject{n}": subject})
            totals.append(f"({direct_sql.PRESENCE_TOTAL.format(n=n)})")

        def check(*held: int) -> None:
            for (kind, _, most), count in zip(claims, held):
                if count >= most:
                    raise _Full(kind)

        guard = direct_sql.Guard([_lock(PRESENCE_LOCK_SPACE, f"{kind}/{subject}")
                                  for kind, subject, _ in claims],
                                 ("SELECT " + ", ".join(totals), params), check)
        adds = [{"process": process, "kind": kind, "subject": subject, "until": until}
                for kind, subject, _ in claims]
        try:
            self.direct.write(None, [(direct_sql.PRESENCE_ADD, adds, True)], guard)
        except _Full as full:
            return full.args[0]
        return None

    def release(self, process: str, claims: list[tuple[str, str]]) -> None:
        """One connection fewer of ``process`` against each ``(kind, subject)``."""
        drops = [{"process": process, "kind": kind, "subject": subject}
                 for kind, subject in claims]
        self.direct.write(None, [(direct_sql.PRESENCE_DROP, drops, True),
                                 (direct_sql.PRESENCE_EMPTY, {"process": process}, False)])

    def renew(self, process: str, until: float, expired: float) -> None:
        """``process`` still holds its connections until ``until``; rows not renewed
        since ``expired`` (processes that died holding some) are removed."""
        self.direct.write(None, [(direct_sql.PRESENCE_RENEW, {"process": process,
                                                              "until": until}, False),
                                 (direct_sql.PRESENCE_EXPIRED, {"expired": expired}, False)])

    def leave(self, process: str) -> None:
        """``process`` holds no connection any more (it is closing)."""
        self.direct.write(None, [(direct_sql.PRESENCE_LEAVE, {"process": process}, False)])

    # Reading ---------------------------------------------------------------------------

    def revision(self, table_id: str) -> int | None:
        """The table's revision (None: no such table): one cheap indexed read."""
        return self.direct.scalar(direct_sql.REVISION, {"table_id": table_id})

    def revisions(self, table_ids: Iterable[str]) -> dict[str, int]:
        ids = list(table_ids)
        if not ids:
            return {}
        with self.reader.connect() as c:
            return dict(c.execute(select(_T.c.id, _T.c.revision).where(_T.c.id.in_(ids))).all())

    def load(self, table_id: str, from_action: int = 0, after_event: int = 0,
             events: Iterable[int] = ()) -> TableRow | None:
        """The table; with ``from_action``, only the actions numbered from there on; with
        ``after_event``, only the events numbered after it and those listed in ``events``
        (a process catching up needs the new events and the ones that may have changed
        since it read them: those it holds sealed)."""
        found = self.direct.load(table_id, from_action, after_event, events)
        if found is None:
            return None
        table, seats, actions, event_rows = found
        row = TableRow(**{k: table[k] for k in (
            "id", "game", "options", "seed", "status", "version", "clock", "invite_hash",
            "created", "updated", "result", "revision", "since", "clock_started",
            "creator")}, hints=bool(table["hints"]))
        if table["seed_text"] is not None:
            row.seed = int(table["seed_text"])
        row.seats = [SeatRow(*r) for r in seats]
        row.actions = [ActionRow(*r) for r in actions]
        row.events = [EventRow(n, at, kind, seat, data, private, bool(sealed))
                      for n, at, kind, seat, data, private, sealed in event_rows]
        return row

    def table_ids(self, statuses: Iterable[str] | None = None, limit: int | None = None,
                  ) -> list[str]:
        t = models.game_tables
        query = select(t.c.id).order_by(t.c.created.desc())
        if statuses is not None:
            query = query.where(t.c.status.in_(list(statuses)))
        if limit is not None:
            query = query.limit(limit)
        with self.reader.connect() as c:
            return list(c.execute(query).scalars())

    def latest_created(self, table_ids: Iterable[str]) -> str | None:
        """Of ``table_ids``, the table created last (None: none is stored)."""
        t = models.game_tables
        with self.reader.connect() as c:
            return c.execute(select(t.c.id).where(t.c.id.in_(list(table_ids)))
                             .order_by(t.c.created.desc()).limit(1)).scalar()

    def add_arena_game(self, row: ArenaGameRow) -> None:
        """Keep one finished arena game (its own transaction: a run stopped halfway keeps
        every game it finished)."""
        with self.engine.begin() as c:
            c.execute(models.arena_games.insert().values(
                run=row.run, game=row.game, options=row.options, lineup=list(row.lineup),
                seats=list(row.seats), arena_seed=str(row.arena_seed), game_index=row.index,
                game_seed=row.seed, scores=list(row.scores), winners=list(row.winners),
                actions=row.actions, solo=row.solo, created=row.created or time.time()))

    def arena_games(self, game: str | None = None, run: str | None = None,
                    ) -> list[ArenaGameRow]:
        """Stored arena games, run after run (in the order the runs began), each run's
        games in game order: the order ratings are computed in."""
        g = models.arena_games
        query = select(g).order_by(g.c.id)
        if game is not None:
            query = query.where(g.c.game == game)
        if run is not None:
            query = query.where(g.c.run == run)
        with self.reader.connect() as c:
            rows = [ArenaGameRow(r.run, r.game, r.options, r.lineup, r.seats,
                                 int(r.arena_seed), r.game_index, r.game_seed, r.scores,
                                 r.winners, r.actions, r.solo, r.created)
                    for r in c.execute(query)]
        # Games of a run with several workers arrive out of order: put each run's games
        # back in game order, runs in the order of their first stored game.
        first = {}
        for position, row in enumerate(rows):
            first.setdefault(row.run, position)
        return sorted(rows, key=lambda row: (first[row.run], row.index))

    def table_for_invite(self, invite_hash: str) -> str | None:
        t = models.game_tables
        with self.reader.connect() as c:
            return c.execute(select(t.c.id).where(t.c.invite_hash == invite_hash)).scalar()

    def count_actions(self, table_id: str) -> int:
        a = models.actions
        with self.reader.connect() as c:
            return c.execute(select(func.count()).where(a.c.table_id == table_id)).scalar()

    def usage(self, creator: str) -> tuple[int, int]:
        """(tables not over, seats a bot plays at them) created by ``creator``: what its
        quotas count (a `Quota` reads the same, inside the write it checks)."""
        found = self.direct.execute(direct_sql.USAGE, {"creator": creator})
        return int(found[0][0]), int(found[0][1])


def _seed_column(seed: int) -> int:
    """The version-1 ``seed`` column is 64-bit signed: it keeps the low 63 bits."""
    return seed & (2**63 - 1)


def _seat_values(table_id: str, s: SeatRow) -> dict:
    return dict(table_id=table_id, seat=s.seat, kind=s.kind, name=s.name, level=s.level,
                token_hash=s.token_hash, autopilot=s.autopilot, bank=s.bank)


__all__ = ["ArenaGameRow", "ActionRow", "EventRow", "JobRow", "Quota", "StaleTable",
           "SCHEMA_VERSION", "SeatRow", "Store", "TableRow", "default_url", "make_engine"]
