"""Bots choose off the event loop: in worker processes (the server) or threads (tests).

A bot gets a copy of the position and the seat, never the table. A level a
game cannot play yet (a bot without that game's heuristics) falls back to
the random bot, so a table never stalls. `choose` is the one place a
decision is asked for: (state, seat, level, seed) -> notation.

Bot processes die with the process that started them, however it ends
(SIGTERM, ``kill -9``): see `boardgamesbot.processes`.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from boardgamesbot.bots import RandomBot, make_bot
from boardgamesbot.driver import Driver
from boardgamesbot.engine import State, known_games, load_game
from boardgamesbot.processes import die_with_parent

log = logging.getLogger(__name__)


def choose(state: State, seat: int, level: str, seed: int) -> str:
    """The notation ``level``'s bot plays for ``seat`` (with the level's own budget),
    asked through the one game loop (`Driver.ask`); the table applies it."""
    players = [None] * state.num_players
    players[seat] = make_bot(level, seed)
    try:
        return str(Driver(state, players).ask(seat))
    except Exception as error:  # noqa: BLE001 - a broken bot must not stall a table
        log.warning("bot %s failed on %s (%s); playing a random action", level,
                    state.game.name, error)
        return str(RandomBot(seed).choose(state, seat))


def _warm() -> int:
    """Import every registered game (and its knowledge) before the first decision."""
    for name in known_games():
        load_game(name).heuristics  # noqa: B018 - imported on first use
    return 0


class BotPool:
    """``workers`` processes (0: a small thread pool, for tests and tiny servers)."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        if workers > 0:
            self.executor: Executor = ProcessPoolExecutor(
                workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=die_with_parent, initargs=(os.getpid(),))
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
