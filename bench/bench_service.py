"""Load test of the game service: N concurrent tables, a scripted person and bots at each.

Each table is a 2-player game (default Tikal basic): seat 0 is a person played by a
scripted WebSocket client, seat 1 a bot (default `medium`) thinking in the server's
bot worker processes. The person waits ``--think`` seconds (uniformly 0.5x-1.5x) before
each decision, asks for the legal actions and plays one at random. Reported:

* actions per second, all seats (the server's accepted actions over the run);
* the round trip of a person's action: from sending ``act`` to receiving its ``ack``
  (the server has checked it, applied it and committed it to the database),
  median and 99th percentile;
* CPU milliseconds per action (all seats) of the web processes, of the bot processes
  (bots thinking, and ``bgbot worker`` processes), of the PostgreSQL server and of this
  client: CPU time does not depend on how loaded the machine is, so these compare
  across runs where the round trips cannot.

A table whose client fails (a handshake that times out, a dropped connection) is
counted in ``failed_tables`` and the run goes on; so is a table that *stalls*: when the
run ends it is not over and nothing has moved for ``--stall`` seconds (no message from
the server, nothing sent to it) — a bot that never played, an ack that never came.

Usage (starts its own servers unless --url is given; on a temporary SQLite database
unless --db names a PostgreSQL, where it uses a fresh schema and drops it afterwards):

    .venv/bin/python bench/bench_service.py --tables 100 --seconds 60
    .venv/bin/python bench/bench_service.py --tables 100,300,500,1000 --seconds 30 \
        --db postgresql+psycopg://postgres@127.0.0.1:5432/test --processes 2 --workers 1
    .venv/bin/python bench/bench_service.py --url http://127.0.0.1:8000 --tables 50

``--processes N``: web processes (``bgbot serve --workers N``); ``--workers M``:
``bgbot worker`` processes taking the bots' jobs (the servers then run ``--no-jobs``;
0: the servers' own ``--bot-workers`` processes think).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets

from boardgamesbot.service.patches import apply


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def database(url: str | None):
    """A database URL for one run: a fresh SQLite file, or a fresh PostgreSQL schema."""
    if url is None or url.startswith("sqlite"):
        directory = tempfile.mkdtemp(prefix="bgbot-bench-")
        yield url or f"sqlite:///{directory}/bench.db"
        return
    import sqlalchemy

    schema = f"bgbot_bench_{secrets.token_hex(4)}"
    admin = sqlalchemy.create_engine(url)
    with admin.begin() as c:
        c.execute(sqlalchemy.text(f"create schema {schema}"))
    try:
        yield f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as c:
            c.execute(sqlalchemy.text(f"drop schema {schema} cascade"))
        admin.dispose()


def start_servers(args, db_url: str) -> tuple[list[subprocess.Popen], str]:
    port = free_port()
    # One client address plays every table: no per-client quotas.
    env = {**os.environ, "BGBOT_MAX_TABLES": "0", "BGBOT_MAX_BOT_SEATS": "0",
           "BGBOT_MAX_CONNECTIONS": "0"}
    fanout = ["--redis", args.redis] if args.redis else []
    serve = [sys.executable, "-m", "boardgamesbot.cli", "serve", "--db", db_url, "--port",
             str(port), "--workers", str(args.processes), "--bot-workers",
             str(args.bot_workers), *fanout]
    if args.workers:
        serve.append("--no-jobs")
    processes = [subprocess.Popen(serve, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  env=env)]
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/health").status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.2)
    else:
        processes[0].kill()
        raise SystemExit("the server did not start")
    for _ in range(args.workers):
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "boardgamesbot.cli", "worker", "--db", db_url,
             "--processes", str(args.worker_processes), *fanout],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))
    return processes, url


TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of one process so far (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def postgres_pids() -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as f:
                    if f.read().strip() == "postgres":
                        found.append(int(entry))
            except OSError:
                pass
    return found


def cpu_sample(processes: list[subprocess.Popen], web_processes: int) -> dict[str, float]:
    """CPU seconds so far, by role: the web processes (the server itself, or uvicorn's
    worker processes under it), bots and workers (every other process of the tree), the
    PostgreSQL server (all its processes, whoever they serve) and this client."""
    sample = {"web": 0.0, "bots": 0.0, "postgres": 0.0, "client": time.process_time()}
    if processes:
        top = processes[0].pid
        web = [top] if web_processes == 1 else children(top)
        sample["web"] = sum(cpu_seconds(p) for p in web)
        rest: list[int] = []
        stack = [c for w in web for c in children(w)] + [p.pid for p in processes[1:]]
        while stack:
            pid = stack.pop()
            rest.append(pid)
            stack += children(pid)
        sample["bots"] = sum(cpu_seconds(p) for p in rest)
    sample["postgres"] = sum(cpu_seconds(p) for p in postgres_pids())
    return sample


class Stalled(Exception):
    """The run ended with this table not over and nothing moving for ``--stall`` s."""


async def person(url: str, args, index: int, stop: float, latencies: list[float],
                 counts: dict, opening: asyncio.Semaphore) -> None:
    """Create a table, then play seat 0 until the game ends or time is up."""
    try:
        await play(url, args, index, stop, latencies, counts, opening)
    except Exception as error:  # noqa: BLE001 - counted, and the run goes on
        counts["failed_tables"] += 1
        counts["failures"].setdefault(type(error).__name__, 0)
        counts["failures"][type(error).__name__] += 1


async def play(url: str, args, index: int, stop: float, latencies: list[float],
               counts: dict, opening: asyncio.Semaphore) -> None:
    rng = random.Random(index)
    async with opening:  # at most a few tables opened at once, as players arrive
        options = {"variant": args.variant} if args.game == "tikal" else {}
        created = (await counts["http"].post("/api/tables", json={
            "game": args.game, "options": options, "seed": index,
            "seats": [{"kind": "person", "name": f"bench {index}"},
                      {"kind": "bot", "level": args.level}]})).json()
        table_id, token = created["table"]["id"], created["seats"][0]["token"]
        ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
        ws = await websockets.connect(ws_url, max_size=2**22, compression=None,
                                      subprotocols=["bgbot", f"token.{token}"] + (
                                          ["patches"] if args.patches else []),
                                      open_timeout=30)
    asked_on, acted_on, sent_at, last_actions, state, over = -1, -1, None, 0, None, False
    moved = time.monotonic()  # the last message from the server, or request to it
    async with ws:
        while time.monotonic() < stop:
            try:
                text = await asyncio.wait_for(ws.recv(), stop - time.monotonic())
                message = json.loads(text)
            except (TimeoutError, ValueError):
                break
            moved = time.monotonic()
            counts["bytes"] += len(text)
            if message["type"] == "patch":  # as the browser does: rebuild the state
                message = apply(state, message["ops"])
            if message["type"] == "state":
                state = message
            kind = message["type"]
            if kind == "ack" and sent_at is not None:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "state":
                last_actions = message["table"]["actions"]
                if message["table"]["status"] == "over":
                    counts["games"] += 1
                    over = True
                    break
                if message["your_turn"] and message["state_id"] > asked_on:
                    asked_on = message["state_id"]
                    if args.think:
                        await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
                    await ws.send(json.dumps({"type": "legal"}))
                    moved = time.monotonic()
            elif kind == "legal" and message["actions"] and message["state_id"] > acted_on:
                acted_on = message["state_id"]  # one act per state, however often asked
                action = rng.choice(message["actions"])["notation"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action,
                                          "state_id": message["state_id"]}))
                moved = time.monotonic()
            elif kind == "error":
                counts["errors"] += 1
                code = message.get("error", {}).get("code", "?")
                counts["error_codes"][code] = counts["error_codes"].get(code, 0) + 1
                if len(counts["error_samples"]) < 5:  # what was refused, and when
                    counts["error_samples"].append({"table": table_id, "sent": sent_at is not None,
                                                    **message.get("error", {})})
                asked_on = acted_on = -1  # look again, and act again
    counts["actions"] += last_actions
    if not over and time.monotonic() - moved > args.stall:
        raise Stalled(f"table {table_id}: nothing for {time.monotonic() - moved:.0f} s")


async def run(args, url: str, tables: int, processes: list[subprocess.Popen]) -> dict:
    latencies: list[float] = []
    counts = {"actions": 0, "games": 0, "errors": 0, "error_codes": {}, "error_samples": [],
              "failed_tables": 0, "failures": {}, "bytes": 0}
    opening = asyncio.Semaphore(20)
    cpu_before = cpu_sample(processes, args.processes)
    started = time.monotonic()
    stop = started + args.seconds
    # One HTTP client for all: making one per table costs the client more than the server.
    async with httpx.AsyncClient(base_url=url, timeout=30,
                                 limits=httpx.Limits(max_connections=20)) as http:
        counts["http"] = http
        await asyncio.gather(*(person(url, args, i, stop, latencies, counts, opening)
                               for i in range(tables)))
    elapsed = time.monotonic() - started
    cpu_after = cpu_sample(processes, args.processes)
    actions = max(1, counts["actions"])
    cpu_ms = {f"cpu_ms_per_action_{role}": round((cpu_after[role] - cpu_before[role])
                                                  * 1000 / actions, 3) for role in cpu_after}
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else 0
    return {
        "tables": tables, "processes": args.processes, "workers": args.workers,
        "failed_tables": counts["failed_tables"], "failures": counts["failures"],
        "bytes_to_people_per_action": round(counts["bytes"] / max(1, counts["actions"])),
        "seconds": round(elapsed, 1),
        "actions": counts["actions"], "actions_per_second": round(counts["actions"] / elapsed, 1),
        "person_actions": len(latencies),
        "rtt_median_ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "rtt_p99_ms": round(p99 * 1000, 1), "games_finished": counts["games"],
        "errors": counts["errors"], "error_codes": counts["error_codes"],
        "error_samples": counts["error_samples"], **cpu_ms,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--tables", default="100",
                        help="concurrent tables; a list (100,300,500) runs each in turn")
    parser.add_argument("--db", default=None,
                        help="a database URL (default: a temporary SQLite file); a "
                             "PostgreSQL one gets a fresh schema per run")
    parser.add_argument("--redis", default=None, help="fan out over this Redis")
    parser.add_argument("--processes", type=int, default=1, help="web processes")
    parser.add_argument("--workers", type=int, default=0,
                        help="bgbot worker processes (0: bots think in the servers)")
    parser.add_argument("--patches", action="store_true",
                        help="take state changes as patches, as the browser does")
    parser.add_argument("--worker-processes", type=int, default=1,
                        help="bot processes per worker")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--game", default="tikal", choices=["tikal", "cartographers"])
    parser.add_argument("--variant", default="basic")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--think", type=float, default=0.5,
                        help="a person's mean thinking time per decision, seconds")
    parser.add_argument("--stall", type=float, default=10.0,
                        help="a table not over at the end with nothing moving for this "
                             "many seconds counts as failed")
    parser.add_argument("--bot-workers", type=int, default=2,
                        help="bot processes of the server this script starts")
    args = parser.parse_args()
    for tables in [int(n) for n in args.tables.split(",")]:
        load_before = os.getloadavg()[0]
        if args.url:
            result = asyncio.run(run(args, args.url, tables, []))
        else:
            with database(args.db) as db_url:
                processes, url = start_servers(args, db_url)
                try:
                    result = asyncio.run(run(args, url, tables, processes))
                finally:
                    for process in processes:
                        process.terminate()
                    for process in processes:
                        try:
                            process.wait(15)
                        except subprocess.TimeoutExpired:
                            process.kill()
        result.update(game=args.game, level=args.level, think=args.think,
                      cpus=os.cpu_count(), load_before=load_before,
                      load_after=os.getloadavg()[0])
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
