"""Schema versions and the steps that upgrade a database from one to the next.

``schema_version`` holds one row: the version the database is at. `upgrade`
runs every missing step in order. A database newer than this code is refused
rather than touched. A later change to the schema adds a step here (explicit
DDL: ``ALTER TABLE …``) and bumps `SCHEMA_VERSION`.

Several processes may start on one fresh database at once (``bgbot serve
--workers N``, workers beside web processes), so the whole upgrade runs under
a database-wide lock: a transaction-scoped advisory lock on PostgreSQL (whose
DDL is transactional: the steps commit together with the version), a lock
file beside the database on SQLite. The second process then finds the schema
done and changes nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Callable, Iterator
from pathlib import Path

from sqlalchemy import Column, Connection, Engine, inspect, select, text

from boardgamesbot.engine import GameError

from . import models

# pg_advisory_xact_lock takes a 64-bit key: this one is "bgbot" + schema, in hex-ish letters.
ADVISORY_KEY = 0x6267626F74_5343


def _create_v1(connection: Connection) -> None:
    for table in (models.game_tables, models.seats, models.actions, models.events):
        table.create(connection, checkfirst=True)


def _add_v2(connection: Connection) -> None:
    """Optimistic concurrency, 128-bit seeds, persistent clocks and since, quotas, jobs."""
    present = {c["name"] for c in inspect(connection).get_columns("game_tables")}
    for name in models.V2_COLUMNS:
        if name not in present:
            _add_column(connection, "game_tables", models.game_tables.c[name])
    models.jobs.create(connection, checkfirst=True)


def _add_column(connection: Connection, table: str, column: Column) -> None:
    dialect = connection.dialect
    kind = column.type.compile(dialect=dialect)
    default = f" DEFAULT {column.server_default.arg}" if column.server_default is not None else ""
    null = "" if column.nullable else " NOT NULL"
    connection.execute(text(f"ALTER TABLE {table} ADD COLUMN {column.name} {kind}{default}{null}"))
    if column.index:
        connection.execute(text(f"CREATE INDEX IF NOT EXISTS ix_{table}_{column.name} "
                                f"ON {table} ({column.name})"))


def _add_v3(connection: Connection) -> None:
    """Tables with or without hints."""
    present = {c["name"] for c in inspect(connection).get_columns("game_tables")}
    for name in models.V3_COLUMNS:
        if name not in present:
            _add_column(connection, "game_tables", models.game_tables.c[name])


def _add_v4(connection: Connection) -> None:
    """Finished arena games, for ``bgbot ratings``."""
    models.arena_games.create(connection, checkfirst=True)


def _add_v5(connection: Connection) -> None:
    """Live connections per process, for limits across processes."""
    models.presence.create(connection, checkfirst=True)


STEPS: dict[int, Callable[[Connection], None]] = {
    1: _create_v1,
    2: _add_v2,
    3: _add_v3,
    4: _add_v4,
    5: _add_v5,
}
SCHEMA_VERSION = max(STEPS)


def current_version(connection: Connection) -> int:
    if not inspect(connection).has_table("schema_version"):
        return 0
    return connection.execute(select(models.schema_version.c.version)).scalar() or 0


@contextlib.contextmanager
def _file_lock(engine: Engine) -> Iterator[None]:
    """An exclusive lock on ``<database>.lock`` (SQLite files); nothing for in-memory ones."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        yield
        return
    with open(Path(database).with_name(Path(database).name + ".lock"), "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def upgrade(engine: Engine) -> int:
    """Bring the database to `SCHEMA_VERSION` under a lock; return the version it was at."""
    if engine.dialect.name == "postgresql":
        with engine.begin() as connection:
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": ADVISORY_KEY})
            return _upgrade(connection)
    with _file_lock(engine), engine.begin() as connection:
        return _upgrade(connection)


def _upgrade(connection: Connection) -> int:
    models.schema_version.create(connection, checkfirst=True)
    found = current_version(connection)
    if found > SCHEMA_VERSION:
        raise GameError(
            f"the database is at schema version {found}, newer than this program's "
            f"{SCHEMA_VERSION}; upgrade boardgamesbot", code="schema_too_new",
            found=found, known=SCHEMA_VERSION,
        )
    for version in range(found + 1, SCHEMA_VERSION + 1):
        STEPS[version](connection)
    if found != SCHEMA_VERSION:
        connection.execute(models.schema_version.delete())
        connection.execute(models.schema_version.insert().values(version=SCHEMA_VERSION))
    return found
