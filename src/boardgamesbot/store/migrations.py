"""Schema versions and the steps that upgrade a database from one to the next.

``schema_version`` holds one row: the version the database is at. `upgrade`
runs every missing step in order, each in its own transaction. A database
newer than this code is refused rather than touched. A later change to the
schema adds a step here (explicit DDL: ``ALTER TABLE …``) and bumps
`SCHEMA_VERSION`; step 1 stays as it is.
"""

from __future__ import annotations

from typing import Callable

from sqlalchemy import Connection, Engine, inspect, select

from boardgamesbot.engine import GameError

from . import models


def _create_v1(connection: Connection) -> None:
    for table in (models.game_tables, models.seats, models.actions, models.events):
        table.create(connection, checkfirst=True)


STEPS: dict[int, Callable[[Connection], None]] = {
    1: _create_v1,
}
SCHEMA_VERSION = max(STEPS)


def current_version(connection: Connection) -> int:
    if not inspect(connection).has_table("schema_version"):
        return 0
    return connection.execute(select(models.schema_version.c.version)).scalar() or 0


def upgrade(engine: Engine) -> int:
    """Bring the database to `SCHEMA_VERSION`; return the version it was at."""
    with engine.begin() as connection:
        models.schema_version.create(connection, checkfirst=True)
        found = current_version(connection)
    if found > SCHEMA_VERSION:
        raise GameError(
            f"the database is at schema version {found}, newer than this program's "
            f"{SCHEMA_VERSION}; upgrade boardgamesbot", code="schema_too_new",
            found=found, known=SCHEMA_VERSION,
        )
    for version in range(found + 1, SCHEMA_VERSION + 1):
        with engine.begin() as connection:
            STEPS[version](connection)
            connection.execute(models.schema_version.delete())
            connection.execute(models.schema_version.insert().values(version=version))
    return found
