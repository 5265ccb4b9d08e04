"""Persistence of tables: SQLAlchemy 2 over SQLite (the default) or PostgreSQL.

The record (seed + accepted actions) is the truth; everything else about a
live game is rebuilt by replaying it. `Store` writes each accepted change in
one transaction before the service acknowledges it.

>>> store = Store("sqlite://")          # in memory
>>> store.schema_version() == SCHEMA_VERSION
True
"""

from .migrations import SCHEMA_VERSION
from .repository import (
    ActionRow,
    EventRow,
    JobRow,
    SeatRow,
    StaleTable,
    Store,
    TableRow,
    default_url,
)

__all__ = ["ActionRow", "EventRow", "JobRow", "StaleTable", "SCHEMA_VERSION", "SeatRow", "Store", "TableRow",
           "default_url"]
