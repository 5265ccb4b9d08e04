"""The lobby: every table of a server, its watchers, its bots and its clocks.

Each change follows one path: the `Table` checks and changes itself, the
store commits the change, and only then are the acting seat acknowledged and
the watchers (one queue per WebSocket) sent their seat's view. Bots think in
the `BotPool` and come back through the same path; clocks are timers on the
event loop.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import time
from collections import defaultdict
from typing import Any

from boardgamesbot.bots import RandomBot
from boardgamesbot.engine import GameError
from boardgamesbot.store import Store

from .bots import BotPool
from .errors import ServiceError
from .tables import OVER, PERSON, PLAYING, Change, Table, hash_token

log = logging.getLogger(__name__)
MAX_ID = 64


class Watcher:
    """One live connection to a table: a seat (or None, a spectator) and its outbox."""

    def __init__(self, table_id: str, seat: int | None) -> None:
        self.table_id = table_id
        self.seat = seat
        self.outbox: asyncio.Queue[str] = asyncio.Queue()

    def send(self, message: dict | str) -> None:
        self.outbox.put_nowait(message if isinstance(message, str) else json.dumps(message))


class Lobby:
    def __init__(self, store: Store, bots: BotPool) -> None:
        self.store = store
        self.bots = bots
        self.tables: dict[str, Table] = {}
        self.watchers: dict[str, set[Watcher]] = defaultdict(set)
        self.thinking: set[tuple[str, int]] = set()
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.tasks: set[asyncio.Task] = set()

    async def open(self) -> None:
        """Resume every game in progress: bots to move, clocks to run."""
        for table_id in self.store.table_ids([PLAYING]):
            self._drive(self.get(table_id))

    async def close(self) -> None:
        for handle in self.timers.values():
            handle.cancel()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    # Finding tables and seats ----------------------------------------------------------

    def get(self, table_id: Any) -> Table:
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is not None:
            return table
        row = None
        if isinstance(table_id, str) and 0 < len(table_id) <= MAX_ID:
            row = self.store.load(table_id)
        if row is None:
            raise ServiceError(f"there is no table {str(table_id)[:MAX_ID]!r}",
                               code="unknown_table", status=404, table=str(table_id)[:MAX_ID])
        table = self.tables[table_id] = Table(row)
        return table

    def list(self, status: str | None = None, limit: int = 100) -> list[dict]:
        statuses = None if status is None else [status]
        return [self.get(t).summary() for t in self.store.table_ids(statuses, limit)]

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

    def create(self, game: Any, options: Any, seats: Any, clock: Any, seed: Any) -> dict:
        if options is not None and not isinstance(options, dict):
            raise ServiceError("options is an object", code="bad_options", status=422)
        if clock is not None and not isinstance(clock, dict):
            raise ServiceError("clock is an object", code="bad_clock", status=422)
        table, tokens, invite = Table.create(str(game), options or {}, seats, clock, seed)
        self.store.create_table(table.row())
        self.tables[table.id] = table
        self._drive(table)
        return {"table": table.summary(), "invite": invite,
                "seats": [{"seat": s, "token": t} for s, t in tokens.items()]}

    def join(self, invite: Any, name: Any) -> dict:
        table_id = None
        if isinstance(invite, str) and 0 < len(invite) <= MAX_ID:
            table_id = self.store.table_for_invite(hash_token(invite))
        if table_id is None:
            raise ServiceError("this invitation is unknown or its table is full",
                               code="unknown_invite", status=404)
        table = self.get(table_id)
        seat, token, change = table.join(name)
        self._commit(table, change)
        return {"table": table.summary(), "seat": seat, "token": token}

    def start(self, table_id: Any, token: Any, fill: Any) -> dict:
        table = self.get(table_id)
        self.seat_of(table, token)
        self._commit(table, table.start(fill))
        return table.summary()

    # Play ------------------------------------------------------------------------------

    def act(self, table_id: str, seat: int, notation: Any, state_id: Any, by: str = PERSON,
            reply: Watcher | None = None, ref: Any = None) -> dict:
        table = self.get(table_id)
        change = table.act(seat, notation, state_id, by)
        ack = {"type": "ack", "ref": ref, "state_id": table.version,
               "action": change.add_actions[0].notation}
        self._commit(table, change, reply, ack)
        return ack

    def undo(self, table_id: str, seat: int, state_id: Any, reply: Watcher | None = None,
             ref: Any = None) -> dict:
        table = self.get(table_id)
        change = table.undo(seat, state_id)
        ack = {"type": "ack", "ref": ref, "state_id": table.version, "undone": True}
        self._commit(table, change, reply, ack)
        return ack

    def autopilot(self, table_id: str, seat: int, level: Any, reply: Watcher | None = None,
                  ref: Any = None) -> dict:
        table = self.get(table_id)
        if table.status == OVER:
            raise ServiceError("the game is over", code="game_over", status=409)
        change = table.set_autopilot(seat, level)
        ack = {"type": "ack", "ref": ref, "state_id": table.version,
               "autopilot": table.seats[seat].autopilot}
        self._commit(table, change, reply, ack)
        return ack

    def _commit(self, table: Table, change: Change, reply: Watcher | None = None,
                ack: dict | None = None) -> None:
        try:
            self.store.commit(table.id, at=time.time(), **change.commit_arguments())
        except Exception as error:
            log.exception("commit failed for table %s", table.id)
            self.tables.pop(table.id, None)  # reload the truth from the store next time
            raise ServiceError("the change could not be saved; try again",
                               code="store_failed", status=503) from error
        if reply is not None and ack is not None:
            reply.send(ack)
        self._publish(table, change)
        self._drive(table)

    # Watchers --------------------------------------------------------------------------

    def watch(self, table: Table, seat: int | None) -> Watcher:
        watcher = Watcher(table.id, seat)
        self.watchers[table.id].add(watcher)
        watcher.send({"type": "events", "events": table.events_for(seat)})
        watcher.send(table.state_message(seat))
        return watcher

    def unwatch(self, watcher: Watcher) -> None:
        watchers = self.watchers.get(watcher.table_id)
        if watchers is not None:
            watchers.discard(watcher)
            if not watchers:
                del self.watchers[watcher.table_id]

    def _publish(self, table: Table, change: Change) -> None:
        watchers = self.watchers.get(table.id)
        if not watchers:
            return
        states: dict[int | None, str] = {}
        for watcher in list(watchers):
            seat = watcher.seat
            events = [e for e in change.events if table.visible(e, seat)]
            events += [e for e in change.released if e.seat != seat]
            if events:
                watcher.send({"type": "events",
                              "events": [table.event_json(e) for e in events]})
            if seat not in states:
                states[seat] = json.dumps(table.state_message(seat))
            watcher.send(states[seat])

    # Bots and clocks -------------------------------------------------------------------

    def _drive(self, table: Table) -> None:
        """Set the bots thinking for every seat they must play now; arm the clock."""
        handle = self.timers.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        if table.status != PLAYING:
            return
        for seat in table.awaited():
            if table.bot_level(seat) is not None and (table.id, seat) not in self.thinking:
                self.thinking.add((table.id, seat))
                task = asyncio.get_running_loop().create_task(self._bot_turn(table.id, seat))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
        deadline = table.next_deadline()
        if deadline is not None:
            delay = max(0.0, deadline - time.monotonic()) + 0.005
            self.timers[table.id] = asyncio.get_running_loop().call_later(
                delay, self._on_time, table.id)

    def _on_time(self, table_id: str) -> None:
        self.timers.pop(table_id, None)
        table = self.tables.get(table_id)
        if table is not None:
            self._drive(table)

    async def _bot_turn(self, table_id: str, seat: int) -> None:
        table = self.tables.get(table_id)
        try:
            if table is None or (who := table.bot_level(seat)) is None:
                return
            level, by = who
            state_id = table.version
            notation = await self.bots.choose(table.state.clone(), seat, level,
                                              table.bot_seed(seat))
            table = self.tables.get(table_id)
            if (table is None or table.status != PLAYING or seat not in table.awaited()
                    or table.bot_level(seat) is None):
                return
            try:
                self.act(table_id, seat, notation, state_id, by=by)
            except GameError as error:
                if error.code in ("stale_state", "store_failed"):
                    return  # the seat's person acted meanwhile: think again on the new state
                # A bot that chose an illegal action must not stall the table.
                log.warning("bot %s at %s seat %s chose %r: %s; playing at random", level,
                            table_id, seat, notation, error)
                fallback = RandomBot(table.bot_seed(seat)).choose(table.state, seat)
                self.act(table_id, seat, str(fallback), table.version, by=by)
        except asyncio.CancelledError:
            raise
        except Exception:  # pragma: no cover - logged, and the table is driven again
            log.exception("bot turn failed for %s seat %s", table_id, seat)
        finally:
            self.thinking.discard((table_id, seat))
            table = self.tables.get(table_id)
            if table is not None and table.status == PLAYING:
                try:
                    self._drive(table)
                except RuntimeError:  # pragma: no cover - the loop is closing
                    pass
