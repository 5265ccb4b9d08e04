"""The database schema at its current version, in SQLAlchemy Core.

``game_tables`` holds a table's setup and status, ``seats`` who sits where
(people's tokens only as SHA-256 hashes), ``actions`` the record, ``events``
the table's log. ``schema_version`` says which upgrade steps have run.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

schema_version = Table(
    "schema_version", metadata,
    Column("version", Integer, primary_key=True, autoincrement=False),
)

game_tables = Table(
    "game_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("clock", JSON, nullable=False),
    Column("invite_hash", String(64), nullable=True, unique=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("result", JSON, nullable=True),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(8), nullable=False),  # person, bot, open
    Column("name", String(64), nullable=False),
    Column("level", String(16), nullable=True),  # a bot's level
    Column("token_hash", String(64), nullable=True, index=True),
    Column("autopilot", String(16), nullable=True),  # a person's seat handed to a bot
    Column("bank", Float, nullable=True),  # seconds left on a bank clock
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"),
           primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("notation", Text, nullable=False),
    Column("by", String(16), nullable=False),  # person, bot, autopilot, clock
    Column("at", Float, nullable=False),
)

events = Table(
    "events", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"),
           primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("at", Float, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("data", JSON, nullable=False),
    Column("private", Integer, nullable=True),  # only this seat may see it
    Column("sealed", Boolean, nullable=False),  # private until the next undo barrier
)
