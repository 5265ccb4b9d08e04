"""CPU per action of the service's own action path, without the network: a
load-insensitive figure to compare versions of the lobby and the store.

In this process, on a fresh database (a temporary SQLite file, or a fresh schema
of ``--db``'s PostgreSQL): N Tikal tables, a person at seat 0 played by a
coroutine holding a `Watcher` that takes patches (as the browser does), and a
``random`` bot at seat 1 whose decisions are jobs taken by the lobby's own job
loops (`Lobby.run_jobs`, bots in threads). A person reads its outbox as the
WebSocket sender does (`Lobby.render`), and on its turn asks for the legal
actions (a read: `Lobby.get` checks the revision) and plays one (`Lobby.act`).
No think time: the loop is always busy, so the process CPU over the run divided
by the actions accepted is the path's cost, whatever else the machine runs.

    .venv/bin/python bench/bench_action_path.py --tables 50 --actions 3000
    .venv/bin/python bench/bench_action_path.py --db postgresql+psycopg://postgres@127.0.0.1:5432/test

Reported: actions, CPU ms per action (this process: lobby, store, driver, the
random bot), on PostgreSQL the server's CPU ms per action too, and how long one
write (`Store.commit`) holds the event loop: wall and CPU milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_service import cpu_seconds, database, postgres_pids  # noqa: E402

from boardgamesbot.service.bots import BotPool  # noqa: E402
from boardgamesbot.service.collector import settle  # noqa: E402
from boardgamesbot.service.lobby import Limits, Lobby, PendingState  # noqa: E402
from boardgamesbot.store import Store  # noqa: E402


async def person(lobby: Lobby, table_id: str, index: int, goal: int, counts: dict) -> None:
    rng = random.Random(index)
    table = lobby.get(table_id)
    watcher = lobby.watch(table, 0, patches=True)
    try:
        while counts["actions"] < goal:
            item = await watcher.outbox.get()
            if item is None:
                return
            lobby.render(watcher, item)
            if not isinstance(item, PendingState):
                continue
            message = item.message
            if message["table"]["status"] == "over":
                return  # nothing more will come: waiting on would hang the run
            if message["table"]["status"] != "playing" or not message["your_turn"]:
                continue
            table = lobby.get(table_id)  # what the WebSocket 'legal' message does
            if table.version != message["state_id"]:
                continue  # a newer state is on its way
            choice = rng.choice(table.legal(0))["notation"]
            await lobby.act(table_id, 0, choice, table.version, reply=watcher)
            counts["actions"] += 1
            await asyncio.sleep(0)
    finally:
        lobby.unwatch(watcher)


async def run(url: str, tables: int, goal: int, default_gc: bool = False) -> dict:
    store = Store(url)
    lobby = Lobby(store, limits=Limits(tables_per_client=0, bot_seats_per_client=0,
                                       spectators_per_table=0))
    await lobby.open()
    ids = [lobby.create("tikal", {"variant": "basic"},
                        [{"kind": "person"}, {"kind": "bot", "level": "random"}],
                        None, index)["table"]["id"] for index in range(tables)]
    bots = BotPool(0)
    counts = {"actions": 0}
    # How long a write holds the event loop, and how much of that is CPU (the rest is
    # waiting for the database: what moving the write off the loop could give back).
    held = {"writes": 0, "wall": 0.0, "cpu": 0.0}
    commit = store.commit

    def timed_commit(*args, **kwargs):
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            return commit(*args, **kwargs)
        finally:
            held["writes"] += 1
            held["wall"] += time.perf_counter() - wall
            held["cpu"] += time.process_time() - cpu

    store.commit = timed_commit
    # The server's processes at the start, and those that start during the run (the
    # lobby's commit threads open their connections as they are first used).
    postgres = {pid: cpu_seconds(pid) for pid in postgres_pids()} if store.postgres else {}
    before = time.process_time(), 0.0, time.perf_counter()
    accepted = sum(lobby.get(t).version for t in ids)
    lobby.run_jobs(bots, 4)
    if not default_gc:  # as a server process does once started (`bgbot serve`)
        settle()
    await asyncio.gather(*(person(lobby, t, i, goal, counts) for i, t in enumerate(ids)))
    accepted = sum(lobby.get(t).version for t in ids) - accepted
    after = (time.process_time(), sum(cpu_seconds(pid) - postgres.get(pid, 0.0)
                                      for pid in postgres_pids()) if store.postgres else 0.0,
             time.perf_counter())
    await lobby.close()
    bots.close()
    store.close()
    return {"database": "postgresql" if postgres else "sqlite", "tables": tables,
            "actions": accepted, "person_actions": counts["actions"],
            "cpu_ms_per_action": round((after[0] - before[0]) * 1000 / accepted, 3),
            "postgres_cpu_ms_per_action": round((after[1] - before[1]) * 1000 / accepted, 3),
            "write_wall_ms": round(held["wall"] * 1000 / max(1, held["writes"]), 3),
            "write_cpu_ms": round(held["cpu"] * 1000 / max(1, held["writes"]), 3),
            "wall_s": round(after[2] - before[2], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=2000, help="person actions to play")
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: SQLite)")
    parser.add_argument("--default-gc", action="store_true",
                        help="leave Python's garbage collector as it is (`collector.settle` "
                             "is what a server process does)")
    args = parser.parse_args()
    with database(args.db) as url:
        print(json.dumps(asyncio.run(run(url, args.tables, args.actions, args.default_gc))),
              flush=True)


if __name__ == "__main__":
    main()
