"""Bots choose off the event loop: in worker processes (the server) or threads (tests);
an instant bot (`boardgamesbot.bots.is_instant`: the random bot) on the loop itself.

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

from boardgamesbot.bots import RandomBot, is_instant, make_bot
from boardgamesbot.driver import Driver, Player
from boardgamesbot.engine import State, known_games, load_game
from boardgamesbot.processes import die_with_parent

log = logging.getLogger(__name__)


def ask(state: State, seat: int, bot: Player) -> str:
    """``bot``'s decision for ``seat``, asked through the one game loop (`Driver.ask`):
    the bot sees the seat's window (`SeatView`) on a copy, never the position itself."""
    players: list[Player | None] = [None] * state.num_players
    players[seat] = bot
    return str(Driver(state, players).ask(seat))


def choose(state: State, seat: int, level: str, seed: int) -> str:
    """The notation ``level``'s bot plays for ``seat`` (with the level's own budget); the
    table applies it. A bot that fails falls back to the random bot, through the same
    seat window."""
    try:
        return ask(state, seat, make_bot(level, seed))
    except Exception as error:  # noqa: BLE001 - a broken bot must not stall a table
        log.warning("bot %s failed on %s (%s); playing a random action", level,
                    state.game.name, error)
        return fallback(state, seat, seed)


def fallback(state: State, seat: int, seed: int) -> str:
    """A random legal action for ``seat``, chosen through its seat window: what a table
    plays when a bot fails or chose an illegal action, so that it never stalls."""
    return ask(state, seat, RandomBot(seed))


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
        self.instant: dict[str, bool] = {}  # by level: is its bot instant (`on_loop`)?

    def on_loop(self, level: str) -> bool:
        """Whether ``level``'s bot decides here, on the event loop: an instant bot
        (`is_instant`) takes less than the hop to a thread or process would cost (the
        state's copy and pickling, the executor's queue, the loop's wake-up)."""
        found = self.instant.get(level)
        if found is None:
            try:
                found = is_instant(make_bot(level, 0))
            except Exception:  # noqa: BLE001 - an unknown level: `choose` falls back
                found = False
            self.instant[level] = found
        return found

    async def warm_up(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self.executor, _warm)
                               for _ in range(max(1, self.workers))))

    async def choose(self, state: State, seat: int, level: str, seed: int) -> str:
        """``level``'s decision for ``seat`` on ``state`` (not changed: the bot sees the
        seat's window on a copy, as `choose` does everywhere, fallbacks included)."""
        if self.on_loop(level):
            return choose(state, seat, level, seed)  # `Driver.ask` makes the copy
        loop = asyncio.get_running_loop()
        # A copy now: the table may move on before a thread or the pool's feeder reads it.
        return await loop.run_in_executor(self.executor, choose, state.clone(), seat,
                                          level, seed)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
