"""`Store`: read and write tables, seats, records and event logs.

Every method that changes something runs one transaction and returns only
after it committed, so an acknowledged action survives a crash of the server
process. SQLite runs in WAL mode (a killed process loses nothing committed).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from sqlalchemy import Engine, and_, bindparam, create_engine, event, func, select, update

from . import models
from .migrations import SCHEMA_VERSION, current_version, upgrade


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


# The statements of the hot path (an accepted action), built once: SQLAlchemy then only
# binds parameters instead of building and compiling a statement per action.
_T = models.game_tables
_BUMP = (update(_T).where(_T.c.id == bindparam("table_id"))
         .values(updated=bindparam("at"), version=bindparam("new_version")))
_INSERT_ACTION = models.actions.insert()
_INSERT_EVENT = models.events.insert()


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
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(connection, _record):  # pragma: no cover - exercised by every test
            cursor = connection.cursor()
            if url not in ("sqlite://", "sqlite:///:memory:"):
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")  # durable against process crashes
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The tables' persistence; one instance per server process."""

    def __init__(self, url: str) -> None:
        self.url = _normalize(url)
        self.engine = make_engine(self.url)
        upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def schema_version(self) -> int:
        with self.engine.connect() as connection:
            return current_version(connection)

    # Writing ---------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as c:
            c.execute(models.game_tables.insert().values(
                id=row.id, game=row.game, options=row.options, seed=row.seed,
                status=row.status, version=row.version, clock=row.clock,
                invite_hash=row.invite_hash, created=row.created, updated=row.updated,
                result=row.result,
            ))
            if row.seats:
                c.execute(models.seats.insert(), [_seat_values(row.id, s) for s in row.seats])
            self._insert_events(c, row.id, row.events)

    def commit(
        self,
        table_id: str,
        *,
        at: float,
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
    ) -> None:
        """Write one change of a table atomically.

        ``unseal`` makes sealed events public (an undo barrier was crossed);
        ``keep_private`` lists sealed events whose action was taken back: they
        stay private to their seat forever.
        """
        values: dict = {"updated": at}
        if version is not None:
            values["version"] = version
        if status is not None:
            values["status"] = status
        if result is not None:
            values["result"] = result
        if clear_invite:
            values["invite_hash"] = None
        t = models.events
        with self.engine.begin() as c:
            if set(values) == {"updated", "version"}:
                c.execute(_BUMP, {"table_id": table_id, "at": at, "new_version": version})
            else:
                c.execute(update(models.game_tables).where(models.game_tables.c.id == table_id)
                          .values(**values))
            for seat in seats:
                c.execute(update(models.seats).where(and_(
                    models.seats.c.table_id == table_id, models.seats.c.seat == seat.seat,
                )).values(**{k: v for k, v in _seat_values(table_id, seat).items()
                             if k not in ("table_id", "seat")}))
            keep = list(keep_private)
            if keep:
                c.execute(update(t).where(and_(t.c.table_id == table_id, t.c.n.in_(keep)))
                          .values(sealed=False))
            if drop_actions_from is not None:
                c.execute(models.actions.delete().where(and_(
                    models.actions.c.table_id == table_id,
                    models.actions.c.n >= drop_actions_from,
                )))
            rows = [dict(table_id=table_id, n=a.n, seat=a.seat, notation=a.notation, by=a.by,
                         at=a.at) for a in add_actions]
            if rows:
                c.execute(_INSERT_ACTION, rows)
            if unseal:
                c.execute(update(t).where(and_(t.c.table_id == table_id, t.c.sealed))
                          .values(sealed=False, private=None))
            self._insert_events(c, table_id, events)

    @staticmethod
    def _insert_events(c, table_id: str, events: Iterable[EventRow]) -> None:
        rows = [dict(table_id=table_id, n=e.n, at=e.at, kind=e.kind, seat=e.seat, data=e.data,
                     private=e.private, sealed=e.sealed) for e in events]
        if rows:
            c.execute(_INSERT_EVENT, rows)

    # Reading ---------------------------------------------------------------------------

    def load(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as c:
            found = c.execute(select(models.game_tables)
                              .where(models.game_tables.c.id == table_id)).mappings().first()
            if found is None:
                return None
            row = TableRow(**{k: found[k] for k in (
                "id", "game", "options", "seed", "status", "version", "clock", "invite_hash",
                "created", "updated", "result")})
            s = models.seats
            row.seats = [SeatRow(seat=r.seat, kind=r.kind, name=r.name, level=r.level,
                                 token_hash=r.token_hash, autopilot=r.autopilot, bank=r.bank)
                         for r in c.execute(select(s).where(s.c.table_id == table_id)
                                            .order_by(s.c.seat))]
            a = models.actions
            row.actions = [ActionRow(r.n, r.seat, r.notation, r.by, r.at)
                           for r in c.execute(select(a).where(a.c.table_id == table_id)
                                              .order_by(a.c.n))]
            e = models.events
            row.events = [EventRow(r.n, r.at, r.kind, r.seat, r.data, r.private, r.sealed)
                          for r in c.execute(select(e).where(e.c.table_id == table_id)
                                             .order_by(e.c.n))]
            return row

    def table_ids(self, statuses: Iterable[str] | None = None, limit: int | None = None,
                  ) -> list[str]:
        t = models.game_tables
        query = select(t.c.id).order_by(t.c.created.desc())
        if statuses is not None:
            query = query.where(t.c.status.in_(list(statuses)))
        if limit is not None:
            query = query.limit(limit)
        with self.engine.connect() as c:
            return list(c.execute(query).scalars())

    def table_for_invite(self, invite_hash: str) -> str | None:
        t = models.game_tables
        with self.engine.connect() as c:
            return c.execute(select(t.c.id).where(t.c.invite_hash == invite_hash)).scalar()

    def count_actions(self, table_id: str) -> int:
        a = models.actions
        with self.engine.connect() as c:
            return c.execute(select(func.count()).where(a.c.table_id == table_id)).scalar()


def _seat_values(table_id: str, s: SeatRow) -> dict:
    return dict(table_id=table_id, seat=s.seat, kind=s.kind, name=s.name, level=s.level,
                token_hash=s.token_hash, autopilot=s.autopilot, bank=s.bank)


__all__ = ["ActionRow", "EventRow", "SCHEMA_VERSION", "SeatRow", "Store", "TableRow",
           "default_url", "make_engine"]
