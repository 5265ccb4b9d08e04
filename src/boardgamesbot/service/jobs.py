"""Jobs: the decisions owed by bots and clocks, taken from the database
(`Store.claim_job`) by `run_jobs` here (the one-process default) or by ``bgbot
worker`` processes, each played exactly once through the revision-checked writes.

A mixin of `Lobby` (it uses its ``store``, ``wake``, ``closing``, ``get``,
``current``, ``act``, ``_database``, ``_spawn``).
"""

from __future__ import annotations

import asyncio
import collections
import logging
import os
import time

from boardgamesbot.engine import GameError
from boardgamesbot.store import JobRow

from .bots import BotPool, fallback
from .errors import ServiceError
from .tables import PLAYING

log = logging.getLogger("boardgamesbot.service.lobby")


class Bell:
    """Wakes the sleeping job loops: one per decision owed, not all of them for every
    write. Each woken loop asks the database for a job (`Store.claim_job`, a statement);
    a write owing one decision woke every loop, and all but one found nothing.

    A ring with no loop asleep (each is asking the database, or deciding) is kept for
    the next loop that would sleep, so a job announced while a claim is under way is
    not slept through. A ring for a write of another process (`ring(chained=True)`: how
    many decisions it owes is not known here) wakes one loop, and a loop so woken that
    finds a job wakes the next, until one finds none."""

    def __init__(self) -> None:
        self.sleepers: collections.deque[asyncio.Future] = collections.deque()
        self.kept = 0  # rings that found no loop asleep (at most `loops`)
        self.kept_chained = False  # one of them was chained
        self.loops = 1

    def ring(self, times: int = 1, chained: bool = False) -> None:
        while times > 0 and self.sleepers:
            sleeper = self.sleepers.popleft()
            if not sleeper.done():
                sleeper.set_result(chained)
                times -= 1
        if times > 0:
            self.kept = min(self.loops, self.kept + times)
            self.kept_chained = self.kept_chained or chained

    def ring_all(self) -> None:
        """Every loop, now (closing)."""
        self.ring(len(self.sleepers) + self.loops)

    async def sleep(self, timeout: float) -> bool:
        """Until rung or ``timeout`` seconds; True when woken by a chained ring."""
        if self.kept:
            self.kept -= 1
            chained = self.kept_chained
            if not self.kept:
                self.kept_chained = False
            return chained
        sleeper = asyncio.get_running_loop().create_future()
        self.sleepers.append(sleeper)
        try:
            # Not asyncio.wait_for: on Python 3.11 it can swallow a cancellation.
            await asyncio.wait({sleeper}, timeout=timeout)
        finally:
            if sleeper.done():
                woken = not sleeper.cancelled() and sleeper.result()
            else:
                sleeper.cancel()
                woken = False
                try:
                    self.sleepers.remove(sleeper)
                except ValueError:  # pragma: no cover - rung as the timeout ran out
                    pass
        return bool(woken)


class Jobs:
    def run_jobs(self, bots: BotPool, loops: int, lease: float = 60.0) -> None:
        """Take jobs in ``loops`` concurrent loops, deciding in ``bots``."""
        owner = f"{os.uname().nodename}/{os.getpid()}"
        self.resume_without_jobs()
        self.wake.loops = max(1, loops)
        self.in_hand: set[int] = set()  # unleased jobs a loop here is doing (`_lease_if`)
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
        chained = False  # woken for another process's write: wake the next if busy
        while not self.closing:
            try:
                job = await self._database(self.store.claim_job, owner, lease, None,
                                           lambda found: self._lease_if(found, bots),
                                           tuple(self.in_hand))
                due = None if job else await self._database(self.store.next_due)
                if due is not None and due <= time.time() and self.in_hand:
                    # The jobs due are those loops here do unleased: their writes ring
                    # for what they owe next.
                    due = None
            except Exception:  # noqa: BLE001 - the database may be restarting
                log.warning("could not claim a job", exc_info=True)
                job = due = None
                await asyncio.sleep(1.0)
            if job is None:
                delay = 1.0 if due is None else min(1.0, max(0.0, due - time.time()))
                chained = await self.wake.sleep(delay + 0.002)
                continue
            if chained:  # that write may owe more decisions than this one
                self.wake.ring(chained=True)
                chained = False
            if not job.leased:
                self.in_hand.add(job.id)
            try:
                await self.do_job(job, bots, owner)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - logged; the lease runs out and it is retried
                log.exception("job %s at %s seat %s failed", job.kind, job.table_id, job.seat)
                if not job.leased:  # retried once a lease runs out, not at once and again
                    await self._database(self.store.lease_job, job, owner, lease)
            finally:
                self.in_hand.discard(job.id)

    def _lease_if(self, job: JobRow, bots: BotPool) -> bool:
        """`Store.claim_job`'s question (SQLite): an instant bot's decision at a table
        cached here is taken without a lease (False) — it is decided at once on the loop,
        and a taker in another process would only lose the revision check (the loops
        here pass over those in hand: ``skip``); any other is leased (True)."""
        table = self.tables.get(job.table_id)
        who = None if table is None or table.state is None else table.bot_level(job.seat)
        return who is None or not bots.on_loop(who[0])

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
        notation = await bots.choose(table.state, job.seat, level, table.bot_seed(job.seat))
        try:
            await self.act(table.id, job.seat, notation, state_id, by=by)
        except GameError as error:
            if error.code in ("stale_state", "game_over", "not_started"):
                # Someone else moved the table on; that write re-made the jobs.
                if job.leased:  # (an unleased job holds nothing to give back)
                    self.store.release_job(job, owner)
                return
            if error.code == "store_failed":
                self.store.release_job(job, owner, time.time() + 1.0)
                return
            # A bot that chose an illegal action must not stall the table.
            log.warning("bot %s at %s seat %s chose %r: %s; playing at random", level,
                        table.id, job.seat, notation, error)
            table = await self.current(table.id)
            await self.act(table.id, job.seat, fallback(table.state, job.seat,
                                                        table.bot_seed(job.seat)),
                           table.version, by=by)
