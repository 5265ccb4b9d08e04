"""Every call the chat face makes into the game service, and nothing else does.

The chat's tables are ordinary service tables: created, played, undone and
watched through the `Lobby`'s public methods, exactly as the HTTP and
WebSocket API do, so the browser opens them too. Keeping this coupling in
one small module lets the service change underneath (version-checked
commits, fan-out between processes) with one place to adapt.

A person in chat acts on the position they see now, so every action carries
the table's current version as its state id. Every read goes through
`Lobby.current`: it waits for this process's write in flight on the table, so a
chat message never shows a change before it is committed (on PostgreSQL the
commit waits for the database in a thread, and a lost race undoes the change).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator

from boardgamesbot.engine import GameError
from boardgamesbot.service.bots import BotPool
from boardgamesbot.service.errors import ServiceError
from boardgamesbot.service.fanout import CHANNEL, make_fanout
from boardgamesbot.service.lobby import Limits, Lobby, Watcher
from boardgamesbot.service.tables import Table
from boardgamesbot.store import Store, default_url

HINT_LEVEL = "hard"  # the level whose explanations the hints are
BATCH_WAIT = 0.05  # seconds to let a burst of table messages arrive before taking them


class Service:
    """The game service as the chat face sees it."""

    def __init__(self, lobby: Lobby, bots: BotPool) -> None:
        self.lobby = lobby
        self.bots = bots

    @classmethod
    async def open(cls, db: str | None = None, data_dir: str | None = None,
                   bot_workers: int = 0, redis: str | None = None,
                   jobs: bool = True) -> Service:
        """The service over ``db`` (default: the SQLite file `bgbot serve` uses), as one
        more process of it: changes made elsewhere (a browser on `bgbot serve`) arrive
        through the same fan-out (PostgreSQL LISTEN/NOTIFY, or Redis). ``jobs``: this
        process also plays the bots' and clocks' decisions it can claim."""
        store = Store(db or default_url(data_dir), notify=None if redis else CHANNEL)
        lobby = Lobby(store, make_fanout(store.url, redis), Limits.from_env())
        bots = BotPool(bot_workers)
        if bot_workers:
            await bots.warm_up()
        await lobby.open()
        if jobs:
            lobby.run_jobs(bots, max(2, 2 * bot_workers))
        return cls(lobby, bots)

    async def close(self) -> None:
        await self.lobby.close()
        self.bots.close()
        self.lobby.store.close()

    @property
    def engine(self):
        """The database engine: the chat keeps its own ``chat_*`` tables beside the service's."""
        return self.lobby.store.engine

    # Tables ----------------------------------------------------------------------------

    def create(self, game: str, options: dict, people: list[str], bots: list[str],
               clock: dict | None) -> tuple[str, dict[int, str]]:
        """A started table: people in the first seats, then the bots. Returns its id and
        the people's seat tokens by seat."""
        seats = ([{"kind": "person", "name": name} for name in people]
                 + [{"kind": "bot", "level": level} for level in bots])
        created = self.lobby.create(game, options, seats, clock, None)
        return created["table"]["id"], {s["seat"]: s["token"] for s in created["seats"]}

    def latest(self, table_ids: list[str]) -> str | None:
        """Of ``table_ids``, the table created last (read from the store: none replayed)."""
        return self.lobby.store.latest_created(table_ids) if table_ids else None

    async def summary(self, table_id: str) -> dict:
        return (await self.lobby.current(table_id)).summary()

    async def state(self, table_id: str, seat: int | None) -> dict:
        """What ``seat`` (None: a spectator) sees: the service's state message."""
        return (await self.lobby.current(table_id)).state_message(seat)

    async def clock(self, table_id: str) -> tuple[int, dict | None]:
        """The table's version and its clock as it stands at this moment (`Table.clock_view`:
        seconds left per person's seat). A state message's clock was counted when the
        message was made, however long it then waited to be read."""
        table = await self.lobby.current(table_id)
        return table.version, table.clock_view()

    async def legal(self, table_id: str, seat: int) -> list[dict]:
        """``[{"notation", "text", "info"}]``: the seat's legal actions, described in
        English words and as data (``info``: the engine's ``action_info``, with costs)."""
        table = await self.lobby.current(table_id)
        if table.state is None or seat not in table.awaited():
            return []
        state = table.state
        return [{"notation": str(a), "text": state.describe(a),
                 "info": state.action_info(seat, a)} for a in state.legal_actions(seat)]

    async def infos(self, table_id: str, seat: int, notations: list[str]) -> list[dict]:
        """``[{"notation", "info"}]``: ``notations`` of the seat's as data (the engine's
        ``action_info``), for saying them in the game's words."""
        table = await self.lobby.current(table_id)
        if table.state is None:
            return [{"notation": n} for n in notations]
        return [{"notation": n, "info": table.state.action_info(seat, n)} for n in notations]

    async def notations(self, table_id: str, seat: int) -> list[str]:
        """The seat's legal actions in notation (cheap: for buttons)."""
        table = await self.lobby.current(table_id)
        if table.state is None or seat not in table.awaited():
            return []
        return [str(a) for a in table.state.legal_actions(seat)]

    async def fresh(self, table_id: str, seat: int, state_id: int) -> bool:
        """Is a choice ``seat`` made on state ``state_id`` still good? The service's rule:
        nothing that seat can see changed since (another seat's hidden choice in a
        simultaneous step does not count)."""
        table = await self.lobby.current(table_id)
        return table.since[seat] <= state_id <= table.version

    async def chosen_in_step(self, table_id: str, seat: int) -> bool:
        """Has ``seat`` already made its choice in the step still open — a simultaneous
        step's, where the others are still choosing? Its actions since play last crossed
        an undo barrier (`State.undo_point`: the step resolved, a card revealed) are this
        step's choices, not yet told to the others. (A seat still awaited has not: in a
        turn of many actions each of them is one of its own.)"""
        table = await self.lobby.current(table_id)
        if seat in table.awaited():
            return False
        for (by, _), crossed in zip(reversed(table.record.actions), reversed(table.crossed)):
            if crossed:
                return False
            if by == seat:
                return True
        return False

    async def scores(self, table_id: str) -> list[int] | None:
        table = await self.lobby.current(table_id)
        return None if table.state is None else list(table.state.scores())

    async def scores_told(self, table_id: str) -> list[int] | None:
        """The scores, once they say something: once points were won or paid (they
        differ from the start's); None while everyone has the points they started with
        — zeros tell a friend nothing, even after a scoring that scored nobody (a
        volcano's round before any worker reached a temple)."""
        table = await self.lobby.current(table_id)
        if table.state is None:
            return None
        now = list(table.state.scores())
        return now if await self.points_won(table_id, now) else None

    async def points_won(self, table_id: str, scores: list[int]) -> bool:
        """Whether ``scores`` (the table's, now or at a scoring) differ from everyone's
        points at the start: some were won or paid."""
        table = await self.lobby.current(table_id)
        return list(scores) != list(table.record.new_state().scores())

    # Play ------------------------------------------------------------------------------

    async def act(self, table_id: str, seat: int, notation: str) -> dict:
        table = await self.lobby.current(table_id)
        return await self.lobby.act(table_id, seat, notation, table.version)

    async def undo(self, table_id: str, seat: int) -> dict:
        table = await self.lobby.current(table_id)
        return await self.lobby.undo(table_id, seat, table.version)

    async def autopilot(self, table_id: str, seat: int, level: str | None) -> dict:
        return await self.lobby.autopilot(table_id, seat, level)

    async def preview(self, table_id: str, seat: int, notation: str) -> dict:
        """Try ``notation`` on a copy (the game's own preview): ``{"legal", "action",
        "view"}`` or ``{"legal": False, "error"}``. The table is not changed."""
        table = await self.lobby.current(table_id)
        if table.state is None:
            raise ServiceError("the game has not started yet", code="not_started", status=409)
        return table.state.preview(seat, notation)

    async def scorings(self, table_id: str, first: int, last: int) -> list[dict]:
        """The scorings among the record's actions ``first`` to ``last`` (numbered from 1,
        as action events number them): every action after which the game counts one more
        scoring (`State.scorings_done`; where it does not count them, the scores changed),
        as ``{"number", "scores", "view"}`` with the spectator's view right after it. One
        per scoring, however many a chat's look at the table takes in at once, and one
        for a season nobody scored in: the record is replayed, since the table keeps only
        its latest state."""
        table = await self.lobby.current(table_id)
        last = min(last, len(table.record.actions))
        if table.state is None or not 1 <= first <= last:
            return []
        found: list[dict] = []
        before = None
        for number, state in enumerate(table.record.states(first - 1, last + 1), first - 1):
            counted = state.scoring_mark()
            if before is not None and counted != before:
                found.append({"number": number, "scores": list(state.scores()),
                              "view": state.view(None)})
            before = counted
        return found

    async def events(self, table_id: str) -> list[dict]:
        """The table's events a spectator may see, oldest first (hidden choices only once
        their step resolved): the whole story behind a chat's short captions."""
        return (await self.lobby.current(table_id)).events_for(None)

    async def preview_view(self, table_id: str, seat: int, notation: str,
                           viewer: int | None) -> dict | None:
        """What ``viewer`` (None: a spectator, such as a group) would see after ``seat``
        plays ``notation``; None when the game shows no result before it is committed
        (it would reveal something) or the action is not legal now. A group's preview
        is drawn from the spectator's view, so the acting seat's own secrets (face-down
        treasures, a hand) never reach the group's picture."""
        table = await self.lobby.current(table_id)
        if table.state is None:
            return None
        answer = table.state.preview(seat, notation)
        if not answer["legal"] or answer["view"] is None:
            return None
        if viewer == seat:
            return answer["view"]
        # The same trial as the engine's preview (a sample of what the seat cannot see,
        # seeded alike), looked at from ``viewer``'s side: hidden parts stay hidden.
        trial = table.state.determinize(seat, random.Random(0))
        trial.apply(seat, notation)
        return trial.view(viewer)

    async def hint(self, table_id: str, seat: int, k: int = 3) -> list[dict]:
        """Suggestions for ``seat``, best first: ``{"notation", "reason", ...}`` from
        `boardgamesbot.hints` (the same hints as the browser's and the terminal's: the
        hard bot's explanation through the seat's own window, so nothing hidden leaks).
        Worked out in the bot pool, off the event loop."""
        table = await self.lobby.current(table_id)
        if table.state is None or seat not in table.awaited():
            raise ServiceError("it is not your decision now", code="no_decision", status=409)
        answer = await self.lobby.hint(table_id, seat, table.version, k)  # hints_disabled too
        if (await self.lobby.current(table_id)).version != answer["state_id"]:
            raise ServiceError("the game changed meanwhile; ask again", code="stale_state",
                               status=409)
        return answer["hints"]

    # Live updates ----------------------------------------------------------------------

    async def watch(self, table_id: str) -> Subscription:
        """Follow a table as a spectator, like a WebSocket client without a token."""
        return Subscription(self.lobby, await self.lobby.current(table_id))


class Subscription:
    """A table's live messages (``events`` and ``state``), as the WebSocket sends them."""

    def __init__(self, lobby: Lobby, table: Table) -> None:
        self.lobby = lobby
        self.watcher: Watcher = lobby.watch(table, None)

    async def batches(self) -> AsyncIterator[list[dict]]:
        """Bursts of messages (a bot's quick actions come together). Ends when the
        service drops this watcher (it fell behind): watch again to catch up."""
        outbox, render = self.watcher.outbox, self.lobby.render
        while True:
            item = await outbox.get()
            if item is None:
                return
            await asyncio.sleep(BATCH_WAIT)
            batch = [json.loads(render(self.watcher, item))]
            while outbox.items:
                more = await outbox.get()
                if more is None:
                    break
                batch.append(json.loads(render(self.watcher, more)))
            yield batch

    def close(self) -> None:
        self.lobby.unwatch(self.watcher)


__all__ = ["GameError", "Service", "ServiceError", "Subscription"]
