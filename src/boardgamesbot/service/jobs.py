"""Jobs: the decisions owed by bots and clocks, taken from the database
(`Store.claim_job`) by `run_jobs` here (the one-process default) or by ``bgbot
worker`` processes, each played exactly once through the revision-checked writes.

A mixin of `Lobby` (it uses its ``store``, ``wake``, ``closing``, ``get``,
``current``, ``act``, ``_database``, ``_spawn``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time

from boardgamesbot.engine import GameError
from boardgamesbot.store import JobRow

from .bots import BotPool, fallback
from .errors import ServiceError
from .tables import PLAYING

log = logging.getLogger("boardgamesbot.service.lobby")


class Jobs:
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
        notation = await bots.choose(table.state, job.seat, level, table.bot_seed(job.seat))
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
            await self.act(table.id, job.seat, fallback(table.state, job.seat,
                                                        table.bot_seed(job.seat)),
                           table.version, by=by)
