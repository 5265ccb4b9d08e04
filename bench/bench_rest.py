"""CPU per action of the web process, measured from outside: `bgbot serve` in its own
process, this client in another, the server's CPU read from ``/proc``.

Hot-seat tables (Tikal basic, two people, both tokens held by this client; no bots,
so the server's CPU is the service's own work). Modes:

* ``rest``: per decision, as a REST client does: ``GET /api/tables/{id}`` (who is
  to act), ``GET …/legal`` with that seat's token, ``POST …/actions`` one at random;
* ``ws``: one WebSocket per seat (patches, as the browser): on a state whose turn is
  the seat's, ``legal`` then ``act``;
* ``health``: bare ``GET /api/health`` requests.

With ``--think 0`` (the default) every table plays as fast as the server answers: the
server's CPU over the run divided by the accepted actions is its cost per action,
whatever else the machine runs. With ``--think S`` each decision waits S seconds
(uniform 0.5x-1.5x) first: a list of table counts then reads the throughput one
process carries at a given p99 of the action's round trip (``POST`` to its answer,
``act`` to its ``ack``).

The HTTP client is a few lines of raw HTTP/1.1 keep-alive over asyncio streams, not
httpx: httpx spends ~0.3 ms of CPU per request, which would make the client, not the
server, the limit of a 2-core machine.

    .venv/bin/python bench/bench_rest.py --mode rest --tables 20 --seconds 20
    .venv/bin/python bench/bench_rest.py --mode health --tables 20 --seconds 10
    .venv/bin/python bench/bench_rest.py --mode rest --think 0.1 --tables 100,200,300
    .venv/bin/python bench/bench_rest.py --mode rest --profile /tmp/rest.prof   # cProfile
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_service import cpu_seconds, database, free_port, postgres_pids  # noqa: E402


class Http:
    """One keep-alive HTTP/1.1 connection; JSON in and out."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict | None = None,
                      token: str | None = None) -> tuple[int, dict]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        payload = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nhost: 127.0.0.1\r\n"
        if token:
            head += f"authorization: Bearer {token}\r\n"
        if body is not None:
            head += "content-type: application/json\r\n"
        head += f"content-length: {len(payload)}\r\n\r\n"
        self.writer.write(head.encode() + payload)
        headers = await self.reader.readuntil(b"\r\n\r\n")
        status = int(headers[9:12])
        length = 0
        for line in headers.split(b"\r\n"):
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        data = await self.reader.readexactly(length)
        return status, json.loads(data) if data else {}

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


PROFILED = """
import cProfile, sys, time
from boardgamesbot.cli import main
out = sys.argv[1]
profile = cProfile.Profile(time.process_time)
profile.enable()
try:
    main(sys.argv[2:], standalone_mode=False)
finally:
    profile.disable()
    profile.dump_stats(out)
"""


def start_server(url: str, port: int, profile: str | None) -> subprocess.Popen:
    env = {**os.environ, "BGBOT_MAX_TABLES": "0", "BGBOT_MAX_BOT_SEATS": "0",
           "BGBOT_MAX_CONNECTIONS": "0"}
    serve = ["serve", "--db", url, "--port", str(port), "--bot-workers", "0"]
    if profile:  # CPU time, not wall time: on a busy machine a wall-clock profile counts
        # the time the server waited for a core inside whatever call it was in
        run = [sys.executable, "-c", PROFILED, profile, *serve]
    else:
        run = [sys.executable, "-m", "boardgamesbot.cli", *serve]
    server = subprocess.Popen(run,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return server


async def wait_until_up(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        http = Http(port)
        try:
            if (await http.request("GET", "/api/health"))[0] == 200:
                return
        except OSError:
            await asyncio.sleep(0.2)
        finally:
            http.close()
    raise SystemExit("the server did not start")


async def new_table(http: Http, seed: int) -> tuple[str, list[str]]:
    status, created = await http.request("POST", "/api/tables", {
        "game": "tikal", "options": {"variant": "basic"}, "seed": seed,
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]})
    assert status == 201, created
    return created["table"]["id"], [s["token"] for s in created["seats"]]


async def think(args, rng: random.Random) -> None:
    if args.think:
        await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))


async def rest_table(port: int, args, index: int, stop: float, counts: dict) -> None:
    rng, http = random.Random(index), Http(port)
    try:
        table_id, tokens = await new_table(http, index)
        while time.monotonic() < stop:
            _, table = await http.request("GET", f"/api/tables/{table_id}")
            if table["status"] == "over":
                counts["games"] += 1
                table_id, tokens = await new_table(http, rng.getrandbits(32))
                continue
            seat = table["to_act"][0]
            await think(args, rng)
            _, legal = await http.request("GET", f"/api/tables/{table_id}/legal",
                                          token=tokens[seat])
            choice = rng.choice(legal["actions"])["notation"]
            sent = time.perf_counter()
            status, answer = await http.request(
                "POST", f"/api/tables/{table_id}/actions",
                {"action": choice, "state_id": legal["state_id"]}, token=tokens[seat])
            if time.monotonic() < stop:
                counts["latencies"].append(time.perf_counter() - sent)
            if status == 200:
                counts["actions"] += 1
            else:
                counts["refused"] += 1
    finally:
        http.close()


async def ws_table(port: int, args, index: int, stop: float, counts: dict) -> None:
    import websockets

    from boardgamesbot.service.patches import apply

    rng, http = random.Random(index), Http(port)
    table_id, tokens = await new_table(http, index)
    http.close()

    async def seat(number: int) -> None:
        state, asked, sent = None, -1, None
        url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
        async with websockets.connect(url, compression=None, max_size=2**22, subprotocols=[
                "bgbot", "patches", f"token.{tokens[number]}"]) as ws:
            while time.monotonic() < stop:
                try:
                    text = await asyncio.wait_for(ws.recv(), max(0.01, stop - time.monotonic()))
                except TimeoutError:
                    return
                counts["bytes"] += len(text)
                message = json.loads(text)
                if message["type"] == "patch":
                    message = apply(state, message["ops"])
                kind = message["type"]
                if kind == "state":
                    state = message
                    if message["table"]["status"] == "over":
                        counts["games"] += number == 0
                        return
                    if message["your_turn"] and message["state_id"] > asked:
                        asked = message["state_id"]
                        await think(args, rng)
                        await ws.send('{"type": "legal"}')
                elif kind == "legal" and message["actions"]:
                    sent = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "state_id": message["state_id"],
                                              "action": rng.choice(message["actions"])[
                                                  "notation"]}))
                elif kind == "ack" and sent is not None:
                    if time.monotonic() < stop:
                        counts["latencies"].append(time.perf_counter() - sent)
                    counts["actions"] += 1
                    sent = None
                elif kind == "error":
                    counts["refused"] += 1
                    asked = -1

    await asyncio.gather(seat(0), seat(1))


async def ws_tables(port: int, args, index: int, stop: float, counts: dict) -> None:
    """WebSocket tables one after another (a game ends in ~150 actions)."""
    while time.monotonic() < stop:
        await ws_table(port, args, index, stop, counts)
        index += 100_000


async def health(port: int, args, index: int, stop: float, counts: dict) -> None:
    http = Http(port)
    try:
        while time.monotonic() < stop:
            sent = time.perf_counter()
            await http.request("GET", "/api/health")
            counts["latencies"].append(time.perf_counter() - sent)
            counts["actions"] += 1
    finally:
        http.close()


async def measure(args, port: int, server: subprocess.Popen, tables: int) -> dict:
    counts = {"actions": 0, "refused": 0, "games": 0, "latencies": [], "bytes": 0}
    play = {"rest": rest_table, "ws": ws_tables, "health": health}[args.mode]
    postgres = postgres_pids() if args.db else []
    before = (cpu_seconds(server.pid), sum(cpu_seconds(p) for p in postgres),
              time.process_time(), time.monotonic())
    stop = before[3] + args.seconds
    await asyncio.gather(*(play(port, args, i, stop, counts) for i in range(tables)))
    after = (cpu_seconds(server.pid), sum(cpu_seconds(p) for p in postgres),
             time.process_time(), time.monotonic())
    done = max(1, counts["actions"])
    latencies = sorted(counts["latencies"]) or [0.0]
    return {
        "mode": args.mode, "database": "postgresql" if args.db else "sqlite",
        "tables": tables, "think": args.think, "seconds": round(after[3] - before[3], 1),
        "actions": counts["actions"], "refused": counts["refused"],
        "per_second": round(counts["actions"] / (after[3] - before[3]), 1),
        "web_cpu_ms": round((after[0] - before[0]) * 1000 / done, 3),
        "postgres_cpu_ms": round((after[1] - before[1]) * 1000 / done, 3),
        "client_cpu_ms": round((after[2] - before[2]) * 1000 / done, 3),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
                        * 1000, 2),
        "bytes_per_action": round(counts["bytes"] / done) if args.mode == "ws" else None,
        "load": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=["rest", "ws", "health"], default="rest")
    parser.add_argument("--tables", default="20", help="concurrent tables (or clients): "
                        "a comma-separated list runs each in turn on one server")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--db", default=None, help="a PostgreSQL URL (default: SQLite)")
    parser.add_argument("--profile", default=None, help="run the server under cProfile, "
                        "writing its stats here (and print the top entries)")
    args = parser.parse_args()
    with database(args.db) as url:
        port = free_port()
        server = start_server(url, port, args.profile)
        try:
            asyncio.run(wait_until_up(port))
            for tables in [int(n) for n in args.tables.split(",")]:
                print(json.dumps(asyncio.run(measure(args, port, server, tables))),
                      flush=True)
        finally:
            server.send_signal(signal.SIGINT)  # a clean stop: cProfile writes its stats
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
    if args.profile:
        import pstats

        stats = pstats.Stats(args.profile)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
