"""Persistence of tables: SQLAlchemy 2 over SQLite (the default) or PostgreSQL.

The record (seed + accepted actions) is the truth; everything else about a
live game is rebuilt by replaying it. `Store` writes each accepted change in
one transaction before the service acknowledges it. It also keeps finished
arena games (``bgbot arena --db``) for ``bgbot ratings``.

>>> store = Store("sqlite://")          # in memory
>>> store.schema_version() == SCHEMA_VERSION
True
"""

from .migrations import SCHEMA_VERSION
from .repository import (
    ActionRow,
    ArenaGameRow,
    EventRow,
    JobRow,
    Quota,
    SeatRow,
    StaleTable,
    Store,
    TableRow,
    default_url,
    make_engine,
)

__all__ = ["ActionRow", "ArenaGameRow", "EventRow", "JobRow", "Quota", "StaleTable",
           "SCHEMA_VERSION", "SeatRow", "Store", "TableRow", "default_url", "make_engine"]
