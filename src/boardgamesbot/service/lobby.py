"""The lobby: the tables one process serves, its watchers, and the jobs it runs.

Each change follows one path: the `Table` checks and changes itself, the
store commits the change *if nobody wrote the table first* (its revision),
and only then are the acting seat acknowledged and the watchers (one bounded
outbox per WebSocket) sent their seat's view. Any number of processes may
serve one database:

* a cached table is used only while its revision is the database's (one
  indexed read per read request; a write needs none, its commit checks the
  revision); otherwise it catches up with what changed, or is reloaded;
* a write that loses the race reloads the table and is judged again on the
  fresh state: a seat whose view changed gets ``stale_state``;
* every committed write is announced (`Fanout`); a process with watchers of
  that table reloads it and pushes the new events and state to them. A
  periodic sweep catches any announcement that was lost;
* decisions owed by bots and clocks are jobs in the database
  (`Store.claim_job`), taken by `run_jobs` here (the one-process default) or by
  ``bgbot worker`` processes;
* quotas are checked by the write that would pass them, and live connections are
  counted in the database (`admit`), so that every limit holds over all processes;
* on PostgreSQL a commit, a read's revision check and a catch-up wait for the
  database in a thread, not on the event loop (a round trip cost the loop several
  milliseconds on a busy machine). A table's writes and catch-ups here take turns
  (`_turn`) and every read waits for a write in flight (`current`), so nobody sees a
  change before it is committed. On SQLite all of it runs inline: no server to wait
  for, and the hop to a thread costs more than it saves. On either database a table
  not cached here is replayed in a loader thread, and so is a replay's page.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import hashlib
import hmac
import json
import logging
import os
import secrets
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable

from boardgamesbot.bots import RandomBot
from boardgamesbot.engine import GameError
from boardgamesbot.hints import hints
from boardgamesbot.store import JobRow, Quota, StaleTable, Store, TableRow

from .bots import BotPool
from .errors import ServiceError
from .fanout import Fanout, MemoryFanout
from .patches import diff
from .tables import (BOT, OPEN, OVER, PERSON, PLAYING, REPLAY_PAGE, Change, Table,
                     hash_token)

log = logging.getLogger(__name__)
MAX_ID = 64
MAX_CACHED = 2000  # tables kept in memory per process
RETRIES = 4  # writes lost to another process before giving up (each reloads first)
# How often watched tables' revisions are compared with the database, in case an
# announcement was lost (BGBOT_SWEEP_SECONDS; the tests turn it off to see the fan-out).
SWEEP_SECONDS = float(os.environ.get("BGBOT_SWEEP_SECONDS") or 2.0)
# A process renews its live connections' counts a third of this apart; the counts of one
# that died holding connections stop counting this long after its last renewal.
PRESENCE_SECONDS = 30.0
# PostgreSQL commits and claims run in this many threads of a process (`Lobby.writer`).
COMMIT_THREADS = 4


@dataclass
class Limits:
    """Quotas against one client using up a server (``0``: no limit)."""

    tables_per_client: int = 20  # tables not over, created from one address
    bot_seats_per_client: int = 100  # seats played by bots at those tables
    # Live WebSocket connections, counted over every process of the database (`admit`):
    spectators_per_table: int = 50  # spectator connections per table
    connections_per_client: int = 32  # connections from one address
    pending_messages: int = 64  # a WebSocket's unsent messages before it is dropped
    pending_bytes: int = 1 << 20
    # Dropped too: a reader whose oldest unsent message is this old, or that does not take
    # one message in this long (the transport accepts no more bytes: it reads nothing).
    stall_seconds: float = 30.0

    @classmethod
    def from_env(cls) -> "Limits":
        """Defaults overridden by ``BGBOT_MAX_TABLES``, ``BGBOT_MAX_BOT_SEATS``,
        ``BGBOT_MAX_SPECTATORS``, ``BGBOT_MAX_CONNECTIONS``, ``BGBOT_STALL_SECONDS``."""
        limits = cls()
        for name, attr, kind in (("BGBOT_MAX_TABLES", "tables_per_client", int),
                                 ("BGBOT_MAX_BOT_SEATS", "bot_seats_per_client", int),
                                 ("BGBOT_MAX_SPECTATORS", "spectators_per_table", int),
                                 ("BGBOT_MAX_CONNECTIONS", "connections_per_client", int),
                                 ("BGBOT_STALL_SECONDS", "stall_seconds", float)):
            if os.environ.get(name):
                setattr(limits, attr, kind(os.environ[name]))
        return limits


class PendingState:
    """A state message waiting in an outbox: sent whole, or as a patch (`render`).

    One is shared by every watcher of the same seat; its JSON text is made only if one
    of them needs the whole state (a watcher taking patches usually does not)."""

    def __init__(self, revision: int, message: dict, full: bool = False) -> None:
        self.revision = revision
        self.message = message
        self.full = full
        self._text: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = json.dumps(self.message)
        return self._text


class Outbox:
    """A connection's unsent messages, bounded.

    A newer ``state`` replaces an unsent older one (a slow reader gets the newest
    state, not a backlog). A reader that still falls behind — too many or too large
    unsent messages, or one waiting too long — is dropped: the outbox empties and
    closes (a send in progress is given up), and the connection is closed with 4408."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.items: collections.deque[tuple[bool, float, Any]] = collections.deque()
        self.size = 0
        self.ready = asyncio.Event()
        self.sending: asyncio.Timeout | None = None  # the deadline of a send in progress
        self.closed = False
        self.overflowed = False

    def put(self, text: str, replaceable: bool = False) -> None:
        if self.closed:
            return
        now = time.monotonic()
        if replaceable and self.items:
            kept = [item for item in self.items if not item[0]]
            if len(kept) != len(self.items):
                self.items = collections.deque(kept)
                self.size = sum(_size(item[2]) for item in kept)
        self.items.append((replaceable, now, text))
        self.size += _size(text)
        limits = self.limits
        if (len(self.items) > limits.pending_messages or self.size > limits.pending_bytes
                or now - self.items[0][1] > limits.stall_seconds):
            self.drop()
        self.ready.set()

    def drop(self) -> None:
        """The reader stays behind: let it go (a send in progress is given up now)."""
        self.overflowed = True
        self.close()
        if self.sending is not None:
            self.sending.reschedule(0)  # a deadline in the past: it expires at once

    async def get(self) -> str | PendingState | None:
        """The next message; None once closed."""
        while not self.items:
            if self.closed:
                return None
            self.ready.clear()
            await self.ready.wait()
        _, _, text = self.items.popleft()
        self.size -= _size(text)
        return text

    def close(self) -> None:
        self.closed = True
        self.items.clear()
        self.size = 0
        self.ready.set()


def _size(item: str | PendingState) -> int:
    # A pending state is not counted: an outbox holds at most one (a newer state replaces
    # it), shared with the seat's other watchers; counting it would mean encoding it.
    return len(item) if isinstance(item, str) else 0


class Watcher:
    """One live connection to a table: a seat (or None, a spectator) and its outbox.

    It remembers what it was sent (the table revision, the last event, the events it
    could not see yet), so that any process can bring it up to date from the table."""

    def __init__(self, table_id: str, seat: int | None, limits: Limits | None = None,
                 patches: bool = False) -> None:
        self.table_id = table_id
        self.seat = seat
        self.patches = patches  # lean messages: patches after the first state
        self.sent: tuple[int, dict] | None = None  # the last state it was sent
        self.outbox = Outbox(limits or Limits())
        self.revision = -1
        self.last_event = 0
        self.hidden: set[int] = set()  # events up to last_event this seat could not see

    def send(self, message: dict | str) -> None:
        self.outbox.put(message if isinstance(message, str) else json.dumps(message))


@dataclass
class Admission:
    """What one live connection counts against (`Lobby.admit`), until `Lobby.release`."""

    claims: list[tuple[str, str]]


def client_key(address: str | None) -> str | None:
    """A client address as stored for quotas: hashed (no addresses in the database)."""
    if not address:
        return None
    return hashlib.sha256(f"bgbot-client/{address}".encode()).hexdigest()[:32]


class Lobby:
    def __init__(self, store: Store, fanout: Fanout | None = None,
                 limits: Limits | None = None) -> None:
        self.store = store
        self.fanout = fanout or MemoryFanout()
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.watchers: dict[str, set[Watcher]] = defaultdict(set)
        self.tasks: set[asyncio.Task] = set()
        self.wake = asyncio.Event()
        self.closing = False
        self.patch_cache: dict[tuple[int, int], tuple[dict, dict, str]] = {}
        # Tables with a write in flight here: [its lock, writers holding or awaiting it].
        self.writing: dict[Any, list] = {}
        # PostgreSQL commits wait in these threads, off the event loop (`_write`, `_database`).
        self.commit_in_thread = store.postgres
        self.refreshing: dict[str, int] = {}  # tables catching up: the revision to reach
        self.writer = concurrent.futures.ThreadPoolExecutor(COMMIT_THREADS,
                                                            thread_name_prefix="commit")
        # Tables not cached here are read and replayed in these (`_load`), off the loop.
        self.loader = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="load")
        # This process's name in the database's count of live connections (`admit`).
        self.process = f"{os.uname().nodename[:40]}/{os.getpid()}/{secrets.token_hex(4)}"
        self.admitted = 0  # connections admitted and not released

    async def open(self) -> None:
        await self.fanout.start(self._on_notice, self._on_reconnect)
        self._spawn(self._sweep())
        self._spawn(self._renew_presence())

    async def close(self) -> None:
        self.closing = True
        self.wake.set()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.admitted:
            try:
                await self._database(self.store.leave, self.process)
            except Exception:  # noqa: BLE001 - the rows stop counting by themselves
                log.warning("could not remove this process's connections", exc_info=True)
        await self.fanout.close()
        self.writer.shutdown(wait=True)
        self.loader.shutdown(wait=True)

    def _spawn(self, coroutine) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # Finding tables and seats ----------------------------------------------------------

    def get(self, table_id: Any, check: bool = True) -> Table:
        """The table as the database has it now (the cached copy if it is current).

        ``check=False`` skips comparing a cached copy's revision: for writes, whose
        commit checks it anyway (and reloads on a lost race)."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= MAX_ID:
            raise self._unknown(table_id)
        table = self.tables.get(table_id)
        if table is not None:
            if not check:
                return table
            revision = self.store.revision(table_id)
            if revision == table.revision:
                return table
            if revision is None:
                self.tables.pop(table_id, None)
                raise self._unknown(table_id)
            if revision < table.revision and table_id in self.writing:
                # Ahead of the database: a write of this process is in flight. Catching up
                # would put the copy back under it; readers wait for it (`current`).
                return table
            # Usually a few actions were added elsewhere: apply them, not the whole record.
            if self._catch_up(table):
                return table
        row = self.store.load(table_id)
        if row is None:
            raise self._unknown(table_id)
        if len(self.tables) >= MAX_CACHED:
            self._forget_unwatched()
        table = self.tables[table_id] = Table(row)
        return table

    def _catch_up(self, table: Table) -> bool:
        """Bring a cached table up to the database by reading only what may have changed
        since it was read: the actions after its own, the events after its last, and the
        events it holds sealed (a later write may have released them; no other event
        ever changes). False: it could not (an undo, the start): reload it whole."""
        return self._caught_up(table, self.store.load(table.id, **self._news(table)))

    @staticmethod
    def _news(table: Table) -> dict:
        """`Store.load` arguments for what may have changed since ``table`` was read."""
        return {"from_action": len(table.record.actions),
                "after_event": table.events[-1].n if table.events else 0,
                "events": [e.n for e in table.events if e.sealed]}

    @staticmethod
    def _caught_up(table: Table, row: TableRow | None) -> bool:
        if row is None:
            return False
        known = table.events[-1].n if table.events else 0
        changed = {e.n: e for e in row.events if e.n <= known}
        row.events = [changed.get(e.n, e) for e in table.events] + [
            e for e in row.events if e.n > known]
        return table.catch_up(row)

    def _forget_unwatched(self) -> None:
        """Keep memory bounded: drop the oldest cached tables nobody here watches (the
        database has them; they are reloaded when asked for)."""
        for table_id in list(self.tables)[:MAX_CACHED // 2]:
            if table_id not in self.watchers:
                del self.tables[table_id]

    @staticmethod
    def _unknown(table_id: Any) -> ServiceError:
        return ServiceError(f"there is no table {str(table_id)[:MAX_ID]!r}",
                            code="unknown_table", status=404, table=str(table_id)[:MAX_ID])

    async def list(self, status: str | None = None, limit: int = 100) -> list[dict]:
        """The newest tables' summaries, each read as every read is (`current`): a table
        not cached here is loaded and replayed off the event loop."""
        statuses = None if status is None else [status]
        ids = await self._database(self.store.table_ids, statuses, limit)
        found = await asyncio.gather(*map(self.current, ids), return_exceptions=True)
        for table in found:
            if isinstance(table, BaseException) and not isinstance(table, ServiceError):
                raise table  # unknown_table: deleted since it was listed; anything else fails
        return [table.summary() for table in found if isinstance(table, Table)]

    @staticmethod
    def seat_of(table: Table, token: Any) -> int:
        """The seat ``token`` belongs to at ``table``; refused otherwise."""
        if not isinstance(token, str) or not token:
            raise ServiceError("this needs your seat's token", code="token_required",
                               status=401)
        digest = hash_token(token)
        for seat in table.seats:
            if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ServiceError("this token holds no seat at this table", code="bad_token",
                           status=403, table=table.id)

    def viewer(self, table: Table, token: Any) -> int | None:
        """A seat for a token, None (a spectator) without one."""
        return None if token is None else self.seat_of(table, token)

    # Lobby actions ---------------------------------------------------------------------

    def create(self, game: Any, options: Any, seats: Any, clock: Any, seed: Any,
               client: str | None = None, hints: bool = True) -> dict:
        if options is not None and not isinstance(options, dict):
            raise ServiceError("options is an object", code="bad_options", status=422)
        if clock is not None and not isinstance(clock, dict):
            raise ServiceError("clock is an object", code="bad_clock", status=422)
        table, tokens, invite = Table.create(str(game), options or {}, seats, clock, seed,
                                             hints=bool(hints))
        table.creator = client_key(client)
        bots = sum(1 for s in table.seats if s.kind == BOT)
        self.store.create_table(table.row(), table.jobs(),
                                self._quota(table.creator, tables=1, bots=bots))
        self.tables[table.id] = table
        self._after_commit(table, bool(table.jobs()))
        return {"table": table.summary(), "invite": invite,
                "seats": [{"seat": s, "token": t} for s, t in tokens.items()]}

    def _quota(self, creator: str | None, tables: int = 0, bots: int = 0) -> Quota | None:
        """The creator's quotas for a write that adds ``tables`` tables in play and ``bots``
        seats a bot plays (bot seats, open seats filled with bots, seats on autopilot);
        the store checks them inside the write, so concurrent writes cannot pass them."""
        limits = self.limits
        max_tables = limits.tables_per_client if tables else 0
        max_bots = limits.bot_seats_per_client if bots else 0
        if creator is None or not (max_tables or max_bots):
            return None

        def check(in_play: int, bot_seats: int) -> None:
            if max_tables and in_play + tables > max_tables:
                raise ServiceError(f"you have {in_play} tables in play; finish some first (at "
                                   f"most {max_tables})", code="too_many_tables", status=429,
                                   max=max_tables)
            if max_bots and bot_seats + bots > max_bots:
                raise ServiceError(f"your tables in play would have {bot_seats + bots} seats "
                                   f"played by bots (at most {max_bots})",
                                   code="too_many_bots", status=429, max=max_bots,
                                   current=bot_seats)

        return Quota(creator, check)

    async def join(self, invite: Any, name: Any) -> dict:
        table_id = None
        if isinstance(invite, str) and 0 < len(invite) <= MAX_ID:
            table_id = self.store.table_for_invite(hash_token(invite))
        if table_id is None:
            raise ServiceError("this invitation is unknown or its table is full",
                               code="unknown_invite", status=404)
        joined = {}

        def sit(table: Table) -> Change:
            joined["seat"], joined["token"], change = table.join(name)
            return change

        table = await self._write(table_id, sit)
        return {"table": table.summary(), **joined}

    async def start(self, table_id: Any, token: Any, fill: Any) -> dict:
        self.seat_of(await self.current(table_id), token)

        def deal(table: Table) -> Change:
            filled = sum(1 for s in table.seats if s.kind == OPEN) if fill is not None else 0
            change = table.start(fill)
            change.quota = self._quota(table.creator, bots=filled)  # the bots of ``fill``
            return change

        return (await self._write(table_id, deal)).summary()

    # Play ------------------------------------------------------------------------------

    async def act(self, table_id: str, seat: int, notation: Any, state_id: Any,
                  by: str = PERSON, reply: Watcher | None = None, ref: Any = None) -> dict:
        ack = {"type": "ack", "ref": ref}

        def play(table: Table) -> Change:
            change = table.act(seat, notation, state_id, by)
            ack.update(state_id=table.version, action=change.add_actions[0].notation)
            return change

        await self._write(table_id, play, reply, ack)
        return ack

    async def undo(self, table_id: str, seat: int, state_id: Any,
                   reply: Watcher | None = None, ref: Any = None) -> dict:
        ack = {"type": "ack", "ref": ref}

        def take_back(table: Table) -> Change:
            change = table.undo(seat, state_id)
            ack.update(state_id=table.version, undone=True)
            return change

        await self._write(table_id, take_back, reply, ack)
        return ack

    async def autopilot(self, table_id: str, seat: int, level: Any,
                        reply: Watcher | None = None, ref: Any = None) -> dict:
        ack = {"type": "ack", "ref": ref}

        def hand_over(table: Table) -> Change:
            if table.status == OVER:
                raise ServiceError("the game is over", code="game_over", status=409)
            added = int(level is not None and table.seats[seat].autopilot is None)
            change = table.set_autopilot(seat, level)
            change.quota = self._quota(table.creator, bots=added)  # one more seat a bot plays
            ack.update(state_id=table.version, autopilot=table.seats[seat].autopilot)
            return change

        await self._write(table_id, hand_over, reply, ack)
        return ack

    async def _write(self, table_id: Any, make: Callable[[Table], Change],
                     reply: Watcher | None = None, ack: dict | None = None) -> Table:
        """Make a change on the current table and commit it; on a lost race, reload and
        make it again (the table judges it anew: a seat whose view changed is stale).

        The table's writes from this process take turns (a lock per table, held from
        making the change to its commit), and readers wait for the write in flight
        (`settled`): nobody sees a change before it is committed, and each change is
        made on the state the previous one committed. On PostgreSQL the commit waits
        for the database in a thread, so the loop serves everyone else meanwhile; on
        SQLite it is inline: it waits for no server, and the hop to a thread would cost
        more than it saves."""
        async with self._turn(table_id):
            for attempt in range(RETRIES):
                table, change = self._make(table_id, make, attempt)
                if change is None:
                    continue
                arguments = change.commit_arguments()
                try:
                    await self._database(lambda: self.store.commit(
                        table.id, at=time.time(), **arguments))
                except Exception as error:  # noqa: BLE001 - sorted out by _lost
                    if self._lost(table, error):
                        continue
                return self._committed(table, change, reply, ack)
            return self._given_up(table_id)

    @contextlib.asynccontextmanager
    async def _turn(self, table_id: Any):
        """Hold the table's turn: its writes and catch-ups here run one at a time."""
        entry = self.writing.get(table_id)
        if entry is None:
            entry = self.writing[table_id] = [asyncio.Lock(), 0]
        entry[1] += 1  # holding or waiting for the lock
        try:
            async with entry[0]:
                yield
        finally:
            entry[1] -= 1
            if entry[1] == 0:  # nobody else holds or awaits it: forget the lock
                self.writing.pop(table_id, None)

    async def settled(self, table_id: Any) -> None:
        """Wait until no write of this process is in flight on ``table_id``."""
        entry = self.writing.get(table_id)
        if entry is not None and entry[0].locked():
            async with entry[0]:
                pass

    async def current(self, table_id: Any) -> Table:
        """`get` once the write in flight (if any) is committed: for reads. On PostgreSQL
        the revision is compared in a thread (a round trip the loop need not wait for); a
        table not cached here is loaded and replayed in a thread on any database (a long
        record would hold the loop for as long as it takes to replay)."""
        await self.settled(table_id)
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            return await self._load(table_id)
        if not self.commit_in_thread:
            return self.get(table_id)
        revision = await self._database(self.store.revision, table_id)
        if revision == table.revision and self.tables.get(table_id) is table:
            return table
        return self.get(table_id)

    async def _load(self, table_id: Any) -> Table:
        """A table not cached here, read and replayed in a loader thread, then cached — or
        the cached copy, if a write of this process loaded it meanwhile."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= MAX_ID:
            raise self._unknown(table_id)
        built = await asyncio.get_running_loop().run_in_executor(self.loader, self._build,
                                                                 table_id)
        if table_id in self.tables:
            return await self.current(table_id)
        if built is None:
            raise self._unknown(table_id)
        if len(self.tables) >= MAX_CACHED:
            self._forget_unwatched()
        self.tables[table_id] = built
        return built

    def _build(self, table_id: str) -> Table | None:
        row = self.store.load(table_id)
        return None if row is None else Table(row)

    async def _database(self, call: Callable[..., Any], *args: Any) -> Any:
        """A store call that reads or claims: on PostgreSQL it waits for the round trip in
        a thread, so the loop serves everyone else meanwhile; inline on SQLite."""
        if self.commit_in_thread:
            return await asyncio.get_running_loop().run_in_executor(self.writer, call, *args)
        return call(*args)

    def _make(self, table_id: Any, make: Callable[[Table], Change], attempt: int
              ) -> tuple[Table, Change | None]:
        """The change on the table as this process has it (the commit checks it is
        current); None when it was refused on an old copy: judge again on a fresh one."""
        table = self.get(table_id, check=attempt > 0)
        try:
            return table, make(table)  # a refusal raises and leaves the table unchanged
        except GameError:
            if attempt == 0 and self.store.revision(table.id) != table.revision:
                return table, None
            raise

    def _lost(self, table: Table, error: Exception) -> bool:
        """After a failed commit: True when another process wrote first (reload and try
        again); any other failure is answered 503 ``store_failed``."""
        self.tables.pop(table.id, None)  # reload the truth from the store next time
        if isinstance(error, StaleTable):
            return True
        if isinstance(error, GameError):  # refused inside the write (a quota): as it says
            raise error
        log.error("commit failed for table %s", table.id, exc_info=error)
        raise ServiceError("the change could not be saved; try again",
                           code="store_failed", status=503) from error

    def _committed(self, table: Table, change: Change, reply: Watcher | None,
                   ack: dict | None) -> Table:
        if reply is not None and ack is not None:
            reply.send(ack)
        self._after_commit(table, bool(change.jobs))
        return table

    def _given_up(self, table_id: Any) -> Table:
        self.tables.pop(table_id, None)
        raise ServiceError("the table is changing fast; look again", code="stale_state",
                           status=409, table=str(table_id))

    def _after_commit(self, table: Table, jobs: bool) -> None:
        self.push(table)
        self.fanout.publish(table.id, table.revision)
        if jobs:  # a write owing no decision gives the job loops nothing to look for
            self.wake.set()

    # Hints -----------------------------------------------------------------------------

    async def hint(self, table_id: str, seat: int, state_id: Any, k: int = 3) -> dict:
        """The hard bot's ``k`` best actions for ``seat`` on the state it sees, with
        reasons (`boardgamesbot.hints`); refused at a table without hints. The bot
        thinks off the event loop, on a copy: the table is not changed."""
        table = await self.current(table_id)
        if not table.hints:
            raise ServiceError("hints are switched off at this table", code="hints_disabled",
                               status=403, table=table.id)
        table.check_turn(seat, state_id)
        if seat not in table.awaited():
            raise ServiceError("a hint is for your own decision; it is not yours to make now",
                               code="no_decision", status=409, seat=seat)
        version, state = table.version, table.state.clone()
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(None, hints, state, seat, k, "hard",
                                           table.bot_seed(seat))
        return {"state_id": version, "hints": found}

    # Replays ---------------------------------------------------------------------------

    async def replay(self, table_id: Any, start: int = 0, limit: int | None = None,
                     whole: bool = True) -> str:
        """A finished game's replay (``whole``) or just a page of its states, as JSON text
        made and encoded in a loader thread: replaying and viewing every state, and
        encoding megabytes of views, is far too long for the loop."""
        table = await self.current(table_id)
        make = table.replay if whole else table.replay_states
        limit = REPLAY_PAGE if limit is None else limit
        return await asyncio.get_running_loop().run_in_executor(
            self.loader, lambda: json.dumps(make(start, limit)))

    # Watchers --------------------------------------------------------------------------

    async def admit(self, table_id: str, seat: int | None, client: str | None) -> Admission:
        """Let one more live connection in — a spectator (``seat`` None) counts against
        the table's spectators, any connection against its client's — or refuse it with
        ``too_many_spectators`` / ``too_many_connections``. Counted in the database over
        every process (`Store.admit`), so N processes do not take N times the limit."""
        limits, claims = self.limits, []
        if seat is None and limits.spectators_per_table:
            claims.append(("watch", table_id, limits.spectators_per_table))
        key = client_key(client)
        if key and limits.connections_per_client:
            claims.append(("client", key, limits.connections_per_client))
        if not claims:
            return Admission([])
        full = await self._database(self.store.admit, self.process, claims,
                                    time.time() + PRESENCE_SECONDS)
        if full == "watch":
            raise ServiceError("this table has as many spectators as it takes",
                               code="too_many_spectators", status=429,
                               max=limits.spectators_per_table)
        if full == "client":
            raise ServiceError("you have as many live connections as one address may; close "
                               "some first", code="too_many_connections", status=429,
                               max=limits.connections_per_client)
        self.admitted += 1
        return Admission([(kind, subject) for kind, subject, _ in claims])

    async def release(self, admission: Admission) -> None:
        """The connection is gone: it no longer counts."""
        if not admission.claims:
            return
        try:
            await self._database(self.store.release, self.process, admission.claims)
        except Exception:  # noqa: BLE001 - it stops counting once no longer renewed
            log.warning("could not release a connection's count", exc_info=True)
        finally:  # only now: ``admitted`` counts what the database still counts
            self.admitted -= 1

    async def _renew_presence(self) -> None:
        """Keep this process's connection counts alive; another process's that died with
        connections stop counting ``PRESENCE_SECONDS`` after its last renewal."""
        while not self.closing:
            await asyncio.sleep(PRESENCE_SECONDS / 3)
            if not self.admitted:
                continue
            now = time.time()
            try:
                await self._database(self.store.renew, self.process, now + PRESENCE_SECONDS,
                                     now - 10 * PRESENCE_SECONDS)
            except Exception:  # noqa: BLE001 - the database may be restarting
                log.warning("could not renew this process's connections", exc_info=True)

    def watch(self, table: Table, seat: int | None, patches: bool = False) -> Watcher:
        """Follow ``table`` for ``seat`` (None: a spectator). Limits on who may connect are
        `admit`'s; this process's own followers (the chat's) are not counted."""
        watcher = Watcher(table.id, seat, self.limits, patches)
        self.watchers[table.id].add(watcher)
        self._bring_up_to_date(table, watcher, {})
        return watcher

    def unwatch(self, watcher: Watcher) -> None:
        watcher.outbox.close()
        watchers = self.watchers.get(watcher.table_id)
        if watchers is not None:
            watchers.discard(watcher)
            if not watchers:
                del self.watchers[watcher.table_id]

    def push(self, table: Table) -> None:
        """Send every watcher of ``table`` what it has not seen: new events, the state."""
        states: dict[int | None, str] = {}
        for watcher in list(self.watchers.get(table.id, ())):
            if watcher.outbox.closed:
                self.unwatch(watcher)
            elif watcher.revision < table.revision:
                self._bring_up_to_date(table, watcher, states)

    def _bring_up_to_date(self, table: Table, watcher: Watcher, states: dict) -> None:
        seat = watcher.seat
        fresh = table.events[watcher.last_event:]
        released = [table.events[n - 1] for n in sorted(watcher.hidden)
                    if table.visible(table.events[n - 1], seat)]
        watcher.hidden.difference_update(e.n for e in released)
        watcher.hidden.update(e.n for e in fresh if not table.visible(e, seat))
        events = released + [e for e in fresh if table.visible(e, seat)]
        if events:
            watcher.send({"type": "events", "events": [table.event_json(e) for e in events]})
        watcher.last_event = len(table.events)
        if seat not in states:
            message = table.state_message(seat)
            states[seat] = PendingState(table.revision, message)
        watcher.outbox.put(states[seat], replaceable=True)
        watcher.revision = table.revision

    def send_state(self, table: Table, watcher: Watcher) -> None:
        """The whole state again (a client asked: ``view``)."""
        message = table.state_message(watcher.seat)
        watcher.outbox.put(PendingState(table.revision, message, True),
                           replaceable=True)

    def render(self, watcher: Watcher, item: str | PendingState) -> str:
        """The text to send for an outbox item: a state whole, or as a patch from the last
        state this connection was sent (patches shared by watchers with the same base)."""
        if isinstance(item, str):
            return item
        if watcher.patches and watcher.sent is not None and not item.full:
            base = watcher.sent[1]
            key = (id(base), id(item.message))
            cached = self.patch_cache.get(key)
            if cached is None:
                if len(self.patch_cache) > 4096:
                    self.patch_cache.clear()
                text = json.dumps({"type": "patch", "state_id": item.message["state_id"],
                                   "ops": diff(base, item.message)})
                # The messages stay referenced while cached, so their ids stay unique.
                cached = self.patch_cache[key] = (base, item.message, text)
            text = cached[2]
        else:
            text = item.text
        watcher.sent = (item.revision, item.message)
        return text

    def _on_notice(self, table_id: str, revision: int) -> None:
        """Another process (or this one) committed ``table_id`` at ``revision``."""
        self.wake.set()
        if table_id not in self.watchers:
            return
        cached = self.tables.get(table_id)
        if self.commit_in_thread and cached is not None and (
                table_id in self.writing or table_id in self.refreshing
                or cached.revision < revision):
            # In the table's turn: a write in flight here is made but not committed yet.
            if table_id in self.refreshing:  # one catch-up at a time; it goes round again
                self.refreshing[table_id] = max(self.refreshing[table_id], revision)
            else:
                self.refreshing[table_id] = revision
                self._spawn(self._refresh(table_id))
            return
        if cached is not None and cached.revision >= revision:
            self.push(cached)
            return
        if cached is not None:  # we know it changed: fetch what is new, no need to ask
            if self._catch_up(cached):
                self.push(cached)
                return
            self.tables.pop(table_id, None)
        try:
            self.push(self.get(table_id))
        except ServiceError:  # pragma: no cover - deleted meanwhile
            pass

    async def _refresh(self, table_id: str) -> None:
        """`_on_notice`'s catch-up with the database read in a thread (PostgreSQL): in
        the table's turn, so that no write of this process is half made meanwhile; again
        while notices came in during it."""
        try:
            while True:
                async with self._turn(table_id):
                    wanted = self.refreshing[table_id]
                    table = self.tables.get(table_id)
                    if table is None:
                        table = self.get(table_id)
                    elif table.revision < wanted:
                        news = self._news(table)
                        row = await asyncio.get_running_loop().run_in_executor(
                            self.writer, lambda: self.store.load(table_id, **news))
                        if self.tables.get(table_id) is not table or not self._caught_up(
                                table, row):
                            self.tables.pop(table_id, None)
                            table = self.get(table_id)
                    self.push(table)
                if self.refreshing[table_id] <= wanted:
                    return
        except ServiceError:  # pragma: no cover - deleted meanwhile
            pass
        except Exception:  # noqa: BLE001 - the sweep looks again in a moment
            log.warning("could not catch up with table %s", table_id, exc_info=True)
            self.tables.pop(table_id, None)
        finally:
            self.refreshing.pop(table_id, None)

    def _on_reconnect(self) -> None:
        """Announcements may have been lost while the fan-out reconnected: look again."""
        self._refresh_watched()

    def _refresh_watched(self) -> None:
        revisions = self.store.revisions(list(self.watchers))
        for table_id, revision in revisions.items():
            self._on_notice(table_id, revision)

    async def _sweep(self) -> None:
        while not self.closing:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                self._refresh_watched()
            except Exception:  # noqa: BLE001 - the database may be restarting
                log.warning("could not check the watched tables' revisions", exc_info=True)

    # Jobs: bots' decisions and clocks' expiries ---------------------------------------

    def run_jobs(self, bots: BotPool, loops: int, lease: float = 60.0) -> None:
        """Take jobs in ``loops`` concurrent loops, deciding in ``bots``."""
        owner = f"{os.uname().nodename}/{os.getpid()}"
        self.resume_without_jobs()
        for index in range(loops):
            self._spawn(self._job_loop(bots, f"{owner}/{index}", lease))

    def resume_without_jobs(self) -> None:
        """Games saved before decisions were jobs: owe their bots' and clocks' jobs now.
        (A game without any job whose seats are all people is checked, and stays so.)"""
        for table_id in self.store.playing_without_jobs():
            try:
                jobs = self.get(table_id).jobs()
            except GameError:  # pragma: no cover - a record that no longer replays
                log.exception("cannot resume table %s", table_id)
                continue
            if jobs:
                self.store.set_jobs(table_id, jobs)

    async def _job_loop(self, bots: BotPool, owner: str, lease: float) -> None:
        while not self.closing:
            # Cleared before the claim: a job announced while the claim waits for the
            # database is not slept through.
            self.wake.clear()
            try:
                job = await self._database(self.store.claim_job, owner, lease)
                due = None if job else await self._database(self.store.next_due)
            except Exception:  # noqa: BLE001 - the database may be restarting
                log.warning("could not claim a job", exc_info=True)
                job = due = None
                await asyncio.sleep(1.0)
            if job is None:
                delay = 1.0 if due is None else min(1.0, max(0.0, due - time.time()))
                # Not asyncio.wait_for: on Python 3.11 it can swallow a cancellation.
                waiter = asyncio.ensure_future(self.wake.wait())
                try:
                    await asyncio.wait({waiter}, timeout=delay + 0.002)
                finally:
                    waiter.cancel()
                continue
            try:
                await self.do_job(job, bots, owner)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - logged; the lease runs out and it is retried
                log.exception("job %s at %s seat %s failed", job.kind, job.table_id, job.seat)

    async def do_job(self, job: JobRow, bots: BotPool, owner: str) -> None:
        """Decide for the job's seat and play it; exactly once, whatever else runs."""
        try:
            table = await self.current(job.table_id)
        except ServiceError:
            self.store.drop_job(job)
            return
        if table.status != PLAYING or job.seat not in table.awaited():
            self.store.drop_job(job)  # pragma: no cover - every write re-syncs the jobs
            return
        who = table.bot_level(job.seat)
        if who is None:  # a clock that has not run out after all (clocks of two machines)
            deadline = table.clock.deadline(job.seat)
            self.store.release_job(job, owner, None if deadline is None
                                   else time.time() + max(0.05, deadline - time.monotonic()))
            return
        level, by = who
        if job.attempts > 3:  # the level's bot kept failing here: never stall the table
            level = "random"
        state_id = table.version
        notation = await bots.choose(table.state.clone(), job.seat, level,
                                     table.bot_seed(job.seat))
        try:
            await self.act(table.id, job.seat, notation, state_id, by=by)
        except GameError as error:
            if error.code in ("stale_state", "game_over", "not_started"):
                # Someone else moved the table on; that write re-made the jobs.
                self.store.release_job(job, owner)
                return
            if error.code == "store_failed":
                self.store.release_job(job, owner, time.time() + 1.0)
                return
            # A bot that chose an illegal action must not stall the table.
            log.warning("bot %s at %s seat %s chose %r: %s; playing at random", level,
                        table.id, job.seat, notation, error)
            table = await self.current(table.id)
            fallback = RandomBot(table.bot_seed(job.seat)).choose(table.state, job.seat)
            await self.act(table.id, job.seat, str(fallback), table.version, by=by)
