"""The chat face's own tables, in the service's database.

The service's schema (``store/migrations.py``) knows nothing of chat; these
``chat_*`` tables sit beside it, created with ``checkfirst`` under their own
version row (``chat_schema``), so the two evolve apart. They hold what only
the chat face knows: which chat plays which table, who sits where (seat
tokens stay here, never in a message), per-chat and per-person languages,
lobbies still gathering players, and the ids of events already handled (a
Matrix event or Telegram update delivered twice is acted on once).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, MutableMapping
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Engine,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from boardgamesbot.engine import GameError

CHAT_SCHEMA_VERSION = 1
metadata = MetaData()

chat_schema = Table("chat_schema", metadata,
                    Column("version", Integer, primary_key=True, autoincrement=False))



def _on_network(id_name: str, **how: bool) -> tuple[Column, Column]:
    """Something on a chat network (a chat, a person, an event, an account): which
    network, and the id the network gives it, in one width for every table."""
    return Column("network", String(16), **how), Column(id_name, String(255), **how)


rooms = Table(
    "chat_rooms", metadata,
    *_on_network("chat_id", primary_key=True),
    Column("lang", String(8), nullable=True),       # set by the chat's admins or creator
    Column("menu", JSON, nullable=True),             # numbered choices on offer (Matrix)
)

people = Table(
    "chat_people", metadata,
    *_on_network("user_id", primary_key=True),
    Column("lang", String(8), nullable=True),       # a person's own choice, in a direct chat
)

lobbies = Table(
    "chat_lobbies", metadata,
    *_on_network("chat_id", primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("creator", String(255), nullable=False),
    Column("players", JSON, nullable=False),         # [[user_id, name], ...]
    Column("bots", JSON, nullable=False),            # [level, ...]
    Column("clock", JSON, nullable=True),
    Column("message_id", String(255), nullable=True),
    Column("created", Float, nullable=False),
)

games = Table(
    "chat_games", metadata,
    Column("table_id", String(32), primary_key=True),
    *_on_network("chat_id", nullable=False),
    Column("creator", String(255), nullable=False),
    Column("status", String(16), nullable=False),    # playing, over
    Column("last_event", Integer, nullable=False),   # the last table event told the chat
    Column("prompted", Integer, nullable=False),     # the table version last prompted
    Column("awaited", JSON, nullable=True),          # the seats that prompt was for
    # the scores last announced: no longer written nor read (a scoring is found from the
    # actions told, `Narration`); kept so that existing databases need no migration
    Column("scores", JSON, nullable=True),
    Index("chat_games_by_chat", "network", "chat_id", "status"),
)

seats = Table(
    "chat_seats", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    *_on_network("user_id", nullable=False),
    Column("name", String(64), nullable=False),
    Column("token", Text, nullable=False),           # the seat's token: never sent to a group
    Index("chat_seats_by_user", "network", "user_id"),
)

processed = Table(
    "chat_processed", metadata,
    *_on_network("event_id", primary_key=True),
    Column("at", Float, nullable=False, index=True),
)

cursors = Table(
    "chat_cursors", metadata,
    *_on_network("account", primary_key=True),
    Column("position", Text, nullable=False),        # e.g. Matrix's next_batch sync token
)

living = Table(
    "chat_living", metadata,
    # A table's living message in one chat (the group's, or a seat's private view):
    # edited as the game moves instead of posting anew. A new table of its own, so
    # databases made before it gain it through ``checkfirst`` with no migration.
    Column("table_id", String(32), primary_key=True),
    *_on_network("chat_id", primary_key=True),
    Column("message_id", String(255), nullable=False),
)

leaving = Table(
    "chat_leaving", metadata,
    # When a person was asked whether to leave a table (🚪 tapped once): a second tap
    # within `commands.LEAVE_CONFIRM` confirms, also when the bot restarted in between.
    # A new table of its own, gained through ``checkfirst`` with no migration.
    *_on_network("user_id", primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("asked_at", Float, nullable=False),       # wall-clock time (the same after a restart)
)

greeted = Table(
    "chat_greeted", metadata,
    # Who was greeted on coming into a table's chat mid-game (`Commands.came_into_the_chat`):
    # once per table and person, also across a restart. A new table of its own, gained
    # through ``checkfirst`` with no migration.
    Column("table_id", String(32), primary_key=True),
    *_on_network("user_id", primary_key=True),
)

moments = Table(
    "chat_moments", metadata,
    # The moment of play a table's chat was last told (`Narration.moment_line`): how it
    # began ("Ana draws a volcano: every player scores in turn.") and how it stands, as
    # said, so that a restarted bot does not say them again. A new table of its own,
    # gained through ``checkfirst`` with no migration.
    Column("table_id", String(32), primary_key=True),
    Column("began", Text, nullable=True),
    Column("now", Text, nullable=True),
)

told_how = Table(
    "chat_told_how", metadata,
    # Tables whose call to choose in private has told how (`LivingTable._call_people`):
    # the next calls are one short line. Here, with the table's state, so that a restart
    # does not tell the long way again; forgotten with the table's end. A new table of
    # its own, gained through ``checkfirst`` with no migration.
    Column("table_id", String(32), primary_key=True),
)

refused = Table(
    "chat_refused", metadata,
    # Each person's last action refused in a chat, which 'why' alone explains: kept with
    # the table's state it was refused in (``state_id``), so that once the game has moved
    # on it is forgotten rather than explained against another position; and here, so
    # that a restart keeps it as it keeps the table. A new table of its own, gained
    # through ``checkfirst`` with no migration.
    *_on_network("chat_id", primary_key=True),
    Column("user_id", String(255), primary_key=True),
    Column("table_id", String(32), nullable=False),
    Column("state_id", Integer, nullable=False),
    Column("notation", String(200), nullable=False),
)

calls = Table(
    "chat_calls", metadata,
    # The bot's calls to act in a chat ("Ana, your turn"), which go once those they call
    # have acted (`LivingTable.drop_call`): ``seats``, the seats each calls while it is
    # the table's latest; NULL once it is old and waits to be deleted with others in one
    # request (Telegram's ``deleteMessages``). Here, with the table's state, so that a
    # restart does not forget them and leave them in the group for good. A new table of
    # its own, gained through ``checkfirst`` with no migration.
    *_on_network("chat_id", primary_key=True),
    Column("message_id", String(255), primary_key=True),
    Column("table_id", String(32), nullable=False),
    Column("seats", JSON(none_as_null=True), nullable=True),  # (None: SQL NULL)
    Column("at", Float, nullable=False),             # when it was sent: oldest first
)

KEEP_PROCESSED = 7 * 24 * 3600  # seconds an event id is remembered


def _where(table: Table, key: dict) -> Any:
    """The row of ``table`` at ``key`` (column name to value)."""
    return and_(*(table.c[k] == v for k, v in key.items()))


class ChatStore:
    """Reads and writes the ``chat_*`` tables; every write is one transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        with engine.begin() as c:
            chat_schema.create(c, checkfirst=True)
            found = c.execute(select(chat_schema.c.version)).scalar() or 0
            if found > CHAT_SCHEMA_VERSION:
                raise GameError(f"the chat tables are at version {found}, newer than this "
                                f"program's {CHAT_SCHEMA_VERSION}", code="schema_too_new")
            for table in (rooms, people, lobbies, games, seats, processed, cursors, living,
                          leaving, greeted, moments, refused, calls, told_how):
                table.create(c, checkfirst=True)
            if found < CHAT_SCHEMA_VERSION:
                c.execute(delete(chat_schema))
                c.execute(insert(chat_schema).values(version=CHAT_SCHEMA_VERSION))

    # Rows by key ----------------------------------------------------------------------

    def _row(self, table: Table, key: dict) -> dict | None:
        """The row of ``table`` at ``key`` as a dict, None if there is none."""
        with self.engine.connect() as c:
            row = c.execute(select(table).where(_where(table, key))).mappings().first()
        return dict(row) if row else None

    def _value(self, column: Column, key: dict) -> Any:
        """``column`` of the row at ``key``, None if there is no such row."""
        with self.engine.connect() as c:
            return c.execute(select(column).where(_where(column.table, key))).scalar()

    def _upsert(self, table: Table, key: dict, values: dict) -> None:
        with self.engine.begin() as c:
            if c.execute(update(table).where(_where(table, key)).values(**values)).rowcount == 0:
                c.execute(insert(table).values(**key, **values))

    # Duplicate delivery ----------------------------------------------------------------

    def first_time(self, network: str, event_id: str) -> bool:
        """Remember ``event_id``; False if it was seen before (then do nothing)."""
        now = time.time()
        try:
            with self.engine.begin() as c:
                c.execute(insert(processed).values(network=network, event_id=event_id[:255],
                                                   at=now))
        except IntegrityError:
            return False
        return True

    def forget_old_events(self) -> None:
        with self.engine.begin() as c:
            c.execute(delete(processed).where(processed.c.at < time.time() - KEEP_PROCESSED))

    # Where a network's stream of events was read up to --------------------------------

    def cursor(self, network: str, account: str) -> str | None:
        return self._value(cursors.c.position, {"network": network, "account": account})

    def set_cursor(self, network: str, account: str, position: str) -> None:
        self._upsert(cursors, {"network": network, "account": account}, {"position": position})

    # Languages and menus ---------------------------------------------------------------

    def room(self, network: str, chat_id: str) -> dict:
        key = {"network": network, "chat_id": chat_id}
        return self._row(rooms, key) or {**key, "lang": None, "menu": None}

    def set_room(self, network: str, chat_id: str, **values: Any) -> None:
        self._upsert(rooms, {"network": network, "chat_id": chat_id}, values)

    def person_lang(self, network: str, user_id: str) -> str | None:
        return self._value(people.c.lang, {"network": network, "user_id": user_id})

    def set_person_lang(self, network: str, user_id: str, lang: str) -> None:
        self._upsert(people, {"network": network, "user_id": user_id}, {"lang": lang})

    # Lobbies ---------------------------------------------------------------------------

    def lobby(self, network: str, chat_id: str) -> dict | None:
        return self._row(lobbies, {"network": network, "chat_id": chat_id})

    def save_lobby(self, lobby: dict) -> None:
        key = {"network": lobby["network"], "chat_id": lobby["chat_id"]}
        self._upsert(lobbies, key, {k: v for k, v in lobby.items() if k not in key})

    def drop_lobby(self, network: str, chat_id: str) -> None:
        with self.engine.begin() as c:
            c.execute(delete(lobbies).where(and_(lobbies.c.network == network,
                                                 lobbies.c.chat_id == chat_id)))

    # Games and seats -------------------------------------------------------------------

    def start_game(self, table_id: str, network: str, chat_id: str, creator: str,
                   sitting: list[tuple[int, str, str, str]]) -> None:
        """Record a started table and its people's seats; drop the chat's lobby."""
        with self.engine.begin() as c:
            c.execute(insert(games).values(table_id=table_id, network=network, chat_id=chat_id,
                                           creator=creator, status="playing", last_event=0,
                                           prompted=0, awaited=None, scores=None))
            if sitting:
                c.execute(insert(seats), [dict(table_id=table_id, seat=s, network=network,
                                               user_id=u, name=n[:64], token=t)
                                          for s, u, n, t in sitting])
            c.execute(delete(lobbies).where(and_(lobbies.c.network == network,
                                                 lobbies.c.chat_id == chat_id)))

    def game(self, table_id: str) -> dict | None:
        with self.engine.connect() as c:
            row = c.execute(select(games).where(games.c.table_id == table_id)).mappings().first()
        return dict(row) if row else None

    def game_in(self, network: str, chat_id: str) -> dict | None:
        """The chat's running game, else its latest one."""
        with self.engine.connect() as c:
            found = c.execute(select(games).where(and_(
                games.c.network == network, games.c.chat_id == chat_id))
                .order_by((games.c.status == "playing").desc(), games.c.table_id)).mappings()
            rows = [dict(r) for r in found]
        playing = [r for r in rows if r["status"] == "playing"]
        return playing[0] if playing else None

    def finished_in(self, network: str, chat_id: str) -> list[dict]:
        """Every game over in the chat (for a result asked for after its end)."""
        with self.engine.connect() as c:
            return [dict(r) for r in c.execute(select(games).where(and_(
                games.c.network == network, games.c.chat_id == chat_id,
                games.c.status == "over"))).mappings()]

    def running_games(self, network: str) -> list[dict]:
        with self.engine.connect() as c:
            return [dict(r) for r in c.execute(select(games).where(and_(
                games.c.network == network, games.c.status == "playing"))).mappings()]

    def update_game(self, table_id: str, **values: Any) -> None:
        with self.engine.begin() as c:
            c.execute(update(games).where(games.c.table_id == table_id).values(**values))

    def finish_game(self, table_id: str) -> None:
        """``table_id`` is over and told: its moment of play is forgotten with it (one
        row a table, kept for every table a long-running bot had ever seen)."""
        with self.engine.begin() as c:
            c.execute(update(games).where(games.c.table_id == table_id)
                      .values(status="over", last_event=10**9))
            c.execute(delete(moments).where(moments.c.table_id == table_id))
            c.execute(delete(told_how).where(told_how.c.table_id == table_id))

    def seats_of(self, table_id: str) -> dict[int, dict]:
        with self.engine.connect() as c:
            return {r["seat"]: dict(r) for r in c.execute(
                select(seats).where(seats.c.table_id == table_id)).mappings()}

    def seats_of_person(self, network: str, user_id: str) -> list[dict]:
        """Every seat ``user_id`` holds at a running game (with the game's chat)."""
        query = (select(seats, games.c.chat_id).join(games, games.c.table_id == seats.c.table_id)
                 .where(and_(seats.c.network == network, seats.c.user_id == user_id,
                             games.c.status == "playing")))
        with self.engine.connect() as c:
            return [dict(r) for r in c.execute(query).mappings()]

    def games_of_person(self, network: str, user_id: str) -> list[dict]:
        """Every finished game ``user_id`` sat at: ``{table_id, seat}`` (for /stats)."""
        query = (select(seats.c.table_id, seats.c.seat)
                 .join(games, games.c.table_id == seats.c.table_id)
                 .where(and_(seats.c.network == network, seats.c.user_id == user_id,
                             games.c.status == "over")))
        with self.engine.connect() as c:
            return [dict(r) for r in c.execute(query).mappings()]

    # Living messages -------------------------------------------------------------------

    def living(self, table_id: str, network: str, chat_id: str) -> str | None:
        with self.engine.connect() as c:
            return c.execute(select(living.c.message_id).where(and_(
                living.c.table_id == table_id, living.c.network == network,
                living.c.chat_id == chat_id))).scalar()

    def set_living(self, table_id: str, network: str, chat_id: str, message_id: str) -> None:
        self._upsert(living, {"table_id": table_id, "network": network, "chat_id": chat_id},
                     {"message_id": message_id})

    # "Leave this game?" questions -------------------------------------------------------

    def leaving(self, network: str) -> MutableMapping[tuple[str, str], float]:
        """(person, table) -> when they were asked whether to leave it, for the
        conversation's `leaving`: kept here, a question outlives a restart."""
        return _Leaving(self, network)

    # Newcomers greeted ------------------------------------------------------------------

    def first_greeting(self, table_id: str, network: str, user_id: str) -> bool:
        """Remember that ``user_id`` was greeted at ``table_id``; False if they already
        were (then greet nothing). One insert: two arrivals at once greet once."""
        try:
            with self.engine.begin() as c:
                c.execute(insert(greeted).values(table_id=table_id, network=network,
                                                 user_id=user_id[:255]))
        except IntegrityError:
            return False
        return True

    def first_how(self, table_id: str) -> bool:
        """Remember that ``table_id``'s chat was told how to choose in private; False if
        it already was (then say it short). One insert: two calls at once tell it once."""
        try:
            with self.engine.begin() as c:
                c.execute(insert(told_how).values(table_id=table_id))
        except IntegrityError:
            return False
        return True

    # Refused actions ('why' alone) ----------------------------------------------------

    def refused(self, network: str, chat_id: str, user_id: str) -> dict | None:
        """``user_id``'s last action refused in ``chat_id``: ``{table_id, state_id,
        notation}``, None if none is kept."""
        return self._row(refused, {"network": network, "chat_id": chat_id,
                                   "user_id": user_id[:255]})

    def set_refused(self, network: str, chat_id: str, user_id: str, table_id: str,
                    state_id: int, notation: str) -> None:
        self._upsert(refused, {"network": network, "chat_id": chat_id,
                               "user_id": user_id[:255]},
                     {"table_id": table_id, "state_id": state_id, "notation": notation[:200]})

    def forget_refused(self, network: str, chat_id: str, user_id: str) -> None:
        with self.engine.begin() as c:
            c.execute(delete(refused).where(_where(refused, {
                "network": network, "chat_id": chat_id, "user_id": user_id[:255]})))

    # Calls to act ---------------------------------------------------------------------

    def add_call(self, network: str, chat_id: str, table_id: str, message_id: str,
                 seats: set[int]) -> None:
        with self.engine.begin() as c:
            c.execute(insert(calls).values(network=network, chat_id=chat_id,
                                           message_id=message_id, table_id=table_id,
                                           seats=sorted(seats), at=time.time()))

    def calls(self, network: str, table_id: str, chat_id: str) -> list[tuple[str, set[int]]]:
        """``table_id``'s calls still shown in ``chat_id``, oldest first: (message id, the
        seats it calls)."""
        with self.engine.connect() as c:
            rows = c.execute(select(calls.c.message_id, calls.c.seats).where(and_(
                calls.c.network == network, calls.c.chat_id == chat_id,
                calls.c.table_id == table_id, calls.c.seats.is_not(None)))
                .order_by(calls.c.at)).all()
        return [(row.message_id, set(row.seats)) for row in rows]

    def retire_calls(self, network: str, chat_id: str, message_ids: list[str]) -> None:
        """Calls in ``chat_id`` that no longer call anyone: they wait to be deleted."""
        if message_ids:
            with self.engine.begin() as c:
                c.execute(update(calls).where(and_(
                    calls.c.network == network, calls.c.chat_id == chat_id,
                    calls.c.message_id.in_(message_ids))).values(seats=None))

    def old_calls(self, network: str, chat_id: str) -> list[str]:
        """The calls in ``chat_id`` waiting to be deleted, oldest first."""
        with self.engine.connect() as c:
            return list(c.execute(select(calls.c.message_id).where(and_(
                calls.c.network == network, calls.c.chat_id == chat_id,
                calls.c.seats.is_(None))).order_by(calls.c.at)).scalars())

    def forget_calls(self, network: str, chat_id: str, message_ids: list[str]) -> None:
        if message_ids:
            with self.engine.begin() as c:
                c.execute(delete(calls).where(and_(
                    calls.c.network == network, calls.c.chat_id == chat_id,
                    calls.c.message_id.in_(message_ids))))

    # Moments of play told ------------------------------------------------------------

    def moment(self, table_id: str) -> tuple[str | None, str | None]:
        """What the chat was last told of ``table_id``'s moment of play: (began, now)."""
        row = self._row(moments, {"table_id": table_id})
        return (row["began"], row["now"]) if row else (None, None)

    def set_moment(self, table_id: str, began: str | None, now: str | None) -> None:
        self._upsert(moments, {"table_id": table_id}, {"began": began, "now": now})

    # A group that became a supergroup ----------------------------------------------------

    def move_chat(self, network: str, old: str, new: str) -> None:
        """Everything kept about chat ``old`` now belongs to ``new`` (Telegram gives a
        group a new id when it becomes a supergroup; the old one stops working). Living
        messages and calls to act are dropped: their ids belonged to the old chat."""
        with self.engine.begin() as c:
            for table in (rooms, lobbies, games):
                if table is rooms and c.execute(select(rooms.c.chat_id).where(and_(
                        rooms.c.network == network, rooms.c.chat_id == new))).first():
                    continue  # the new chat already has its own settings
                c.execute(update(table).where(and_(table.c.network == network,
                                                   table.c.chat_id == old))
                          .values(chat_id=new))
            for table in (living, calls):  # (message ids of the old chat: moot now)
                c.execute(delete(table).where(and_(table.c.network == network,
                                                   table.c.chat_id == old)))


class _Leaving(MutableMapping[tuple[str, str], float]):
    """`ChatStore.leaving`: the ``chat_leaving`` rows of one network as a mapping."""

    def __init__(self, store: ChatStore, network: str) -> None:
        self._store, self._network = store, network

    def _key(self, key: tuple[str, str]) -> dict:
        return {"network": self._network, "user_id": key[0], "table_id": key[1]}

    def __getitem__(self, key: tuple[str, str]) -> float:
        asked_at = self._store._value(leaving.c.asked_at, self._key(key))
        if asked_at is None:
            raise KeyError(key)
        return float(asked_at)

    def __setitem__(self, key: tuple[str, str], asked_at: float) -> None:
        self._store._upsert(leaving, self._key(key), {"asked_at": asked_at})
        with self._store.engine.begin() as c:  # a question unanswered for a day is no more
            c.execute(delete(leaving).where(and_(leaving.c.network == self._network,
                                                 leaving.c.asked_at < asked_at - 86400)))

    def __delitem__(self, key: tuple[str, str]) -> None:
        with self._store.engine.begin() as c:
            if not c.execute(delete(leaving).where(_where(leaving, self._key(key)))).rowcount:
                raise KeyError(key)

    def _rows(self) -> list[tuple[str, str]]:
        with self._store.engine.connect() as c:
            return [(r.user_id, r.table_id) for r in c.execute(
                select(leaving.c.user_id, leaving.c.table_id)
                .where(leaving.c.network == self._network))]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._rows())

    def __len__(self) -> int:
        return len(self._rows())
