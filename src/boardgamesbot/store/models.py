"""The database schema at its current version, in SQLAlchemy Core.

``game_tables`` holds a table's setup and status, ``seats`` who sits where
(people's tokens only as SHA-256 hashes), ``actions`` the record, ``events``
the table's log, ``jobs`` the decisions bots and clocks owe (taken by worker
processes). ``schema_version`` says which upgrade steps have run.

Version 2 added to ``game_tables``: ``revision`` (one more on *every* write,
checked by each write: optimistic concurrency between processes),
``seed_text`` (the full 128-bit seed; ``seed`` is a 64-bit column and keeps
the seed's low 63 bits for version-1 readers), ``since`` (per seat, the state
id its next decision must not predate), ``clock_started`` (per seat, the wall
time its running decision began) and ``creator`` (a hash of the client
address, for quotas); and the ``jobs`` table. Version 3 added ``hints``.

Version 4 added ``arena_games``: every finished game of a ``bgbot arena --db``
run, enough to rate the bots again later (``bgbot ratings``) without the
records: who sat where, the scores and the winners. ``run`` tells runs apart
(a uuid per run, so a re-run with the same arena seed is a run of its own).

Version 5 added ``presence``: the live WebSocket connections each process holds, by
what they count against (the spectators of a table, the connections of a client), so
that those limits hold across all processes of one database.
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
    UniqueConstraint,
    text,
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
    # Version 2 (see `migrations._add_v2`, which adds them to a version-1 database):
    Column("revision", Integer, nullable=False, server_default="0"),
    Column("seed_text", String(48), nullable=True),
    Column("since", JSON, nullable=True),
    Column("clock_started", JSON, nullable=True),
    Column("creator", String(64), nullable=True, index=True),
    # v3: may a seat ask for hints (a "no hints" table for rated games)?
    Column("hints", Boolean, nullable=False, server_default=text("true")),
)

V2_COLUMNS = ("revision", "seed_text", "since", "clock_started", "creator")
V3_COLUMNS = ("hints",)



def _at_table(**how: bool) -> Column:
    """The game table a row belongs to; its rows go when it goes."""
    return Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"),
                  **how)


def _numbered_at_table() -> tuple[Column, Column]:
    """The key of a table's numbered rows (its record's actions, its log's events): the
    table and the row's number in it, counted by the writer, never by the database."""
    return _at_table(primary_key=True), Column("n", Integer, primary_key=True,
                                               autoincrement=False)


seats = Table(
    "seats", metadata,
    _at_table(primary_key=True),
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
    *_numbered_at_table(),
    Column("seat", Integer, nullable=False),
    Column("notation", Text, nullable=False),
    Column("by", String(16), nullable=False),  # person, bot, autopilot, clock
    Column("at", Float, nullable=False),
)

events = Table(
    "events", metadata,
    *_numbered_at_table(),
    Column("at", Float, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("data", JSON, nullable=False),
    Column("private", Integer, nullable=True),  # only this seat may see it
    Column("sealed", Boolean, nullable=False),  # private until the next undo barrier
)

# A decision owed at a table: a bot's (``kind`` "bot", due now) or a clock's expiry
# ("clock", due at the deadline). ``since`` is the seat's state id the job was made
# for: a write that leaves the seat's situation unchanged keeps the row (and its
# lease). A worker leases a job (``lease_until``); a worker killed mid-decision lets
# its lease run out and another takes the job again.
jobs = Table(
    "jobs", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    _at_table(nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),  # bot, clock
    Column("since", Integer, nullable=False),
    Column("due", Float, nullable=False, index=True),
    Column("lease_until", Float, nullable=True),
    Column("owner", String(64), nullable=True),
    Column("attempts", Integer, nullable=False, server_default="0"),
    UniqueConstraint("table_id", "seat", name="jobs_table_seat"),
)

# One finished arena game (version 4). ``lineup`` is the run's lineup, ``seats`` who sat
# where in this game (the lineup moved on ``game_index`` seats); ``arena_seed`` is the
# run's --seed as decimal text (a Python int of any size). Decision times are not kept:
# they measure the machine, not the bots.
arena_games = Table(
    "arena_games", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("run", String(32), nullable=False, index=True),
    Column("game", String(32), nullable=False, index=True),
    Column("options", JSON, nullable=False),
    Column("lineup", JSON, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("arena_seed", Text, nullable=False),
    Column("game_index", Integer, nullable=False),
    Column("game_seed", BigInteger, nullable=False),
    Column("scores", JSON, nullable=False),
    Column("winners", JSON, nullable=False),
    Column("actions", Integer, nullable=False),
    Column("solo", JSON, nullable=True),
    Column("created", Float, nullable=False),
    UniqueConstraint("run", "game_index", name="arena_games_run_game"),
)

# What one process's live connections count against (version 5): ``kind`` "watch" —
# spectators of the table ``subject``; "client" — connections of the client (a hashed
# address) ``subject``. ``until``: the process renews its rows while it runs; the rows
# of a process that died without removing them stop counting then.
presence = Table(
    "presence", metadata,
    Column("process", String(64), primary_key=True),
    Column("kind", String(8), primary_key=True),
    Column("subject", String(64), primary_key=True),
    Column("connections", Integer, nullable=False),
    Column("until", Float, nullable=False, index=True),
)
