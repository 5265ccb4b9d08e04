"""``bgbot worker``: bots' decisions and clocks' expiries, taken as jobs from the database.

A worker is a `Lobby` without watchers: it claims a job (``FOR UPDATE SKIP
LOCKED`` on PostgreSQL), asks the bot in its process pool, and commits the
action through the same version-checked path as a web process; the commit
announces it (NOTIFY or Redis), so every web process pushes it to its
clients. Announcements also wake idle workers. See docs/deploy.md.
"""

from __future__ import annotations

import asyncio
import logging
import signal

from boardgamesbot.store import Store

from .bots import BotPool
from .collector import settle
from .fanout import CHANNEL, make_fanout
from .lobby import Lobby

log = logging.getLogger(__name__)


async def run_worker(db: str, redis: str | None, processes: int, loops: int,
                     lease: float, stop: asyncio.Event | None = None,
                     settle_collector: bool = True) -> None:
    """Take jobs until SIGTERM/SIGINT (or ``stop``). ``settle_collector``: set the garbage
    collector for a server's heap once started (`collector.settle`; this is the process's
    one job)."""
    store = Store(db, notify=None if redis else CHANNEL)
    lobby = Lobby(store, make_fanout(store.url, redis))
    bots = BotPool(processes)
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    try:
        await bots.warm_up()
        await lobby.open()
        lobby.run_jobs(bots, loops, lease)
        if settle_collector:
            settle()
        await stop.wait()
    finally:
        await lobby.close()
        bots.close()
        store.close()
