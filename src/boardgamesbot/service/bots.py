"""Bots choose off the event loop: in worker processes (the server) or threads (tests).

A bot gets a copy of the position and the seat, never the table. A level a
game cannot play yet (a bot without that game's heuristics) falls back to
the random bot, so a table never stalls.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from boardgamesbot.bots import RandomBot, SeatView, make_bot
from boardgamesbot.engine import State

log = logging.getLogger(__name__)


def choose(state: State, seat: int, level: str, seed: int) -> str:
    """The notation ``level``'s bot plays for ``seat`` (with the level's own budget)."""
    try:
        return str(make_bot(level, seed).choose(SeatView(state.clone(), seat), seat))
    except Exception as error:  # noqa: BLE001 - a broken bot must not stall a table
        log.warning("bot %s failed on %s (%s); playing a random action", level,
                    state.game.name, error)
        return str(RandomBot(seed).choose(state, seat))


def _warm() -> int:
    import boardgamesbot.games.cartographers  # noqa: F401
    import boardgamesbot.games.tikal  # noqa: F401

    return 0


class BotPool:
    """``workers`` processes (0: a small thread pool, for tests and tiny servers)."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        if workers > 0:
            self.executor: Executor = ProcessPoolExecutor(
                workers, mp_context=multiprocessing.get_context("spawn"))
        else:
            self.executor = ThreadPoolExecutor(2, thread_name_prefix="bot")

    async def warm_up(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self.executor, _warm)
                               for _ in range(max(1, self.workers))))

    async def choose(self, state: State, seat: int, level: str, seed: int) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, choose, state, seat, level, seed)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
