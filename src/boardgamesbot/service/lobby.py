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
import concurrent.futures
import hmac
import io
import json
import logging
import os
import secrets
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from boardgamesbot.hints import hints
from boardgamesbot.store import Quota, Store

from .errors import ServiceError
from .fanout import Fanout, MemoryFanout
from .jobs import Bell, Jobs
from .memory import MAX_CACHED, MAX_ID, TablesInMemory  # noqa: F401 - also imported from here
from .outbox import Limits, Outbox, PendingState, Watcher  # noqa: F401 - imported from here
from .presence import PRESENCE_SECONDS, Admission, Presence, client_key  # noqa: F401
from .seats import rematch_token
from .tables import BOT, OPEN, OVER, PERSON, Change, Table, hash_token
from .views import REPLAY_PAGE
from .watchers import Watchers
from .writes import COMMIT_THREADS, RETRIES, RevisionCheckedWrites  # noqa: F401

log = logging.getLogger(__name__)


CLOSE_SECONDS = 5.0  # how long `Lobby.close` waits for its cancelled tasks to end


class Lobby(TablesInMemory, RevisionCheckedWrites, Watchers, Presence, Jobs):
    """All tables one process serves, made of its named parts: the tables in memory
    (`memory`), revision-checked writes (`writes`), outboxes and fan-out (`watchers`),
    presence (`presence`) and jobs (`jobs`). What is here: the lobby's and the players'
    requests (create, join, start, act, undo, autopilot, hints, replays) as changes
    of a `Table` handed to the writes."""

    def __init__(self, store: Store, fanout: Fanout | None = None,
                 limits: Limits | None = None) -> None:
        self.store = store
        self.fanout = fanout or MemoryFanout()
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.watchers: dict[str, set[Watcher]] = defaultdict(set)
        self.tasks: set[asyncio.Task] = set()
        self.wake = Bell()  # the job loops' (`jobs.Bell`)
        self.closing = False
        # Tables with a write in flight here: [its lock, writers holding or awaiting it].
        self.writing: dict[Any, list] = {}
        # Changes waiting to be committed together, and whether a committer runs (`_commit`).
        self.batch: list[tuple[str, dict, asyncio.Future]] = []
        self.committing = False
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
        """Stop: every task of the lobby cancelled (nothing they do need finish: a write
        not committed is not acknowledged, a job not played is claimed again), waited for
        at most `CLOSE_SECONDS`. One that has not ended by then is left behind, logged
        with where it stands: a CI run once spent 120 s here, in a gather of them all."""
        self.closing = True
        self.wake.ring_all()
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            done, stuck = await asyncio.wait(tasks, timeout=CLOSE_SECONDS)
            for task in done:  # (retrieved: no "exception was never retrieved" later)
                if not task.cancelled():
                    task.exception()
            for task in stuck:
                where = io.StringIO()
                task.print_stack(file=where)
                log.warning("closing: a task still runs %.0f s after its cancellation; "
                            "left behind: %s", CLOSE_SECONDS, where.getvalue())
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
        jobs = table.jobs()
        self.store.create_table(table.row(), jobs,
                                self._quota(table.creator, tables=1, bots=bots))
        table.committed_jobs = jobs
        self.tables[table.id] = table
        self._after_commit(table, len(jobs))
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

    async def rematch(self, table_id: Any, token: Any, client: str | None = None) -> dict:
        """The same game again with the same people: a new table of the same game, options,
        clock and hints; the seat of ``token`` taken in it by the same person, computers
        computers again, every other person's seat kept for them. The finished table is
        told (an event; its summary's ``rematch``), so each person at it is offered to
        join: the same call with their own token sits them in their seat of it.
        Returns the rematch, the caller's seat and token, and its invitation to the one
        who started it (for a friend who was not at the first game)."""
        finished = await self.current(table_id)
        seat = self.seat_of(finished, token)
        name = finished.seats[seat].name
        found = finished.rematch()
        if found is None:
            made: dict = {}

            def note(table: Table) -> Change:
                # The rematch and the note of it on the finished table are written in one
                # transaction, checked against the finished table's revision: of two asked
                # at once (any processes), one is written whole and the other not at all,
                # and the other then joins it (no empty table left counting against a quota).
                if table.rematch() is not None:
                    raise ServiceError("this game has a rematch already",
                                       code="rematch_exists", status=409, table=table.id,
                                       rematch=table.rematch())
                clock = table.clock_spec if table.clock_spec.get("mode") != "none" else None
                new, tokens, invite = Table.create(table.game.name, table.options,
                                                   table.rematch_seats(seat), clock, None,
                                                   hints=table.hints)
                new.creator = client_key(client)
                tokens = {seat: rematch_token(token, new.id)}
                new.seats[seat].token_hash = hash_token(tokens[seat])
                bots = sum(1 for s in new.seats if s.kind == BOT)
                jobs = new.jobs()
                change = table.note_rematch(seat, new.id)
                change.create, change.create_jobs = new.row(), jobs
                change.quota = self._quota(new.creator, tables=1, bots=bots)
                made.update(table=new, jobs=jobs, tokens=tokens, invite=invite)
                return change

            try:
                await self._write(finished.id, note)
            except ServiceError as error:
                if error.code != "rematch_exists":
                    raise
                found = error.params["rematch"]  # asked at the same time: join that one
            else:
                new, jobs = made["table"], made["jobs"]
                new.committed_jobs = jobs
                self.tables[new.id] = new
                self._after_commit(new, len(jobs))
                (mine, token_of), = made["tokens"].items()
                return {"seat": mine, "token": token_of, "table": new.summary(),
                        "invite": made["invite"]}
        mine = rematch_token(token, found)
        rematch = await self.current(found)
        if rematch.seats[seat].token_hash == hash_token(mine):  # asked again: the same answer
            return {"table": rematch.summary(), "invite": None, "seat": seat, "token": mine}
        joined: dict = {}

        def sit(table: Table) -> Change:
            joined["seat"], joined["token"], change = table.join(name, seat, mine)
            return change

        rematch = await self._write(found, sit)
        return {"table": rematch.summary(), "invite": None, **joined}

    async def start(self, table_id: Any, token: Any, fill: Any) -> dict:
        """Start a waiting table now, its open seats filled with ``fill`` bots: only its
        host may (`Table.host`)."""
        seat = self.seat_of(await self.current(table_id), token)

        def deal(table: Table) -> Change:
            filled = sum(1 for s in table.seats if s.kind == OPEN) if fill is not None else 0
            change = table.start(fill, by=seat)
            change.quota = self._quota(table.creator, bots=filled)  # the bots of ``fill``
            return change

        return (await self._write(table_id, deal)).summary()

    async def leave(self, table_id: Any, token: Any) -> dict:
        """The person of ``token`` leaves the waiting room: their seat is open again (the
        table deleted when they were the last person at it)."""
        seat = self.seat_of(await self.current(table_id), token)
        table = await self._write(table_id, lambda table: table.leave(seat))
        if not any(s.kind == PERSON for s in table.seats):
            self.tables.pop(table.id, None)  # deleted: the last person left
        return table.summary()

    async def rename(self, table_id: Any, token: Any, name: Any) -> dict:
        """The person of ``token`` takes the name ``name`` (their own seat only: the token's)."""
        seat = self.seat_of(await self.current(table_id), token)
        return (await self._write(table_id, lambda table: table.rename(seat, name))).summary()

    # Play ------------------------------------------------------------------------------

    async def act(self, table_id: str, seat: int, notation: Any, state_id: Any,
                  by: str = PERSON, reply: Watcher | None = None, ref: Any = None) -> dict:
        def play(table: Table) -> tuple[Change, dict]:
            change = table.act(seat, notation, state_id, by)
            return change, {"state_id": table.version,
                            "action": change.add_actions[0].notation}

        return await self._acknowledged(table_id, play, reply, ref)

    async def undo(self, table_id: str, seat: int, state_id: Any,
                   reply: Watcher | None = None, ref: Any = None) -> dict:
        def take_back(table: Table) -> tuple[Change, dict]:
            return table.undo(seat, state_id), {"state_id": table.version, "undone": True}

        return await self._acknowledged(table_id, take_back, reply, ref)

    async def autopilot(self, table_id: str, seat: int, level: Any,
                        reply: Watcher | None = None, ref: Any = None) -> dict:
        def hand_over(table: Table) -> tuple[Change, dict]:
            if table.status == OVER:
                raise ServiceError("the game is over", code="game_over", status=409)
            added = int(level is not None and table.seats[seat].autopilot is None)
            change = table.set_autopilot(seat, level)
            change.quota = self._quota(table.creator, bots=added)  # one more seat a bot plays
            return change, {"state_id": table.version,
                            "autopilot": table.seats[seat].autopilot}

        return await self._acknowledged(table_id, hand_over, reply, ref)

    async def _acknowledged(self, table_id: str,
                            make: Callable[[Table], tuple[Change, dict]],
                            reply: Watcher | None, ref: Any) -> dict:
        """Write the change ``make`` makes, and answer with its acknowledgement (``make``'s
        fields after ``type`` and ``ref``), sent to ``reply`` once committed too."""
        ack = {"type": "ack", "ref": ref}

        def change(table: Table) -> Change:
            made, said = make(table)
            ack.update(said)  # of the attempt that is committed: a retry says it again
            return made

        await self._write(table_id, change, reply, ack)
        return ack

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
