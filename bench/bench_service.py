"""Load test of the game service: N concurrent tables, a scripted person and bots at each.

Each table is a 2-player game (default Tikal basic): seat 0 is a person played by a
scripted WebSocket client, seat 1 a bot (default `medium`) thinking in the server's
bot worker processes. The person waits ``--think`` seconds (uniformly 0.5x-1.5x) before
each decision, asks for the legal actions and plays one at random. Reported:

* actions per second, all seats (the server's accepted actions over the run);
* the round trip of a person's action: from sending ``act`` to receiving its ``ack``
  (the server has checked it, applied it and committed it to the database),
  median and 99th percentile.

Usage (starts its own server on a temporary SQLite database unless --url is given):

    .venv/bin/python bench/bench_service.py --tables 100 --seconds 60
    .venv/bin/python bench/bench_service.py --url http://127.0.0.1:8000 --tables 50
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(bot_workers: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    directory = tempfile.mkdtemp(prefix="bgbot-bench-")
    process = subprocess.Popen(
        [sys.executable, "-m", "boardgamesbot.cli", "serve", "--db",
         f"sqlite:///{directory}/bench.db", "--port", str(port), "--bot-workers",
         str(bot_workers)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/health").status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


async def person(url: str, args, index: int, stop: float, latencies: list[float],
                 counts: dict) -> None:
    """Create a table, then play seat 0 until the game ends or time is up."""
    rng = random.Random(index)
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        options = {"variant": args.variant} if args.game == "tikal" else {}
        created = (await http.post("/api/tables", json={
            "game": args.game, "options": options, "seed": index,
            "seats": [{"kind": "person", "name": f"bench {index}"},
                      {"kind": "bot", "level": args.level}]})).json()
    table_id, token = created["table"]["id"], created["seats"][0]["token"]
    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}?token={token}"
    asked_on, sent_at, last_actions = -1, None, 0
    async with websockets.connect(ws_url, max_size=2**22, compression=None) as ws:
        while time.monotonic() < stop:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), stop - time.monotonic()))
            except (asyncio.TimeoutError, ValueError):
                break
            kind = message["type"]
            if kind == "ack" and sent_at is not None:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "state":
                last_actions = message["table"]["actions"]
                if message["table"]["status"] == "over":
                    counts["games"] += 1
                    break
                if message["your_turn"] and message["state_id"] > asked_on:
                    asked_on = message["state_id"]
                    if args.think:
                        await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
                    await ws.send(json.dumps({"type": "legal"}))
            elif kind == "legal" and message["actions"]:
                action = rng.choice(message["actions"])["notation"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": action,
                                          "state_id": message["state_id"]}))
            elif kind == "error":
                counts["errors"] += 1
                asked_on = -1
    counts["actions"] += last_actions


async def run(args, url: str) -> dict:
    latencies: list[float] = []
    counts = {"actions": 0, "games": 0, "errors": 0}
    started = time.monotonic()
    stop = started + args.seconds
    await asyncio.gather(*(person(url, args, i, stop, latencies, counts)
                           for i in range(args.tables)))
    elapsed = time.monotonic() - started
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else 0
    return {
        "tables": args.tables, "seconds": round(elapsed, 1),
        "actions": counts["actions"], "actions_per_second": round(counts["actions"] / elapsed, 1),
        "person_actions": len(latencies),
        "rtt_median_ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "rtt_p99_ms": round(p99 * 1000, 1), "games_finished": counts["games"],
        "errors": counts["errors"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--game", default="tikal", choices=["tikal", "cartographers"])
    parser.add_argument("--variant", default="basic")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--think", type=float, default=0.5,
                        help="a person's mean thinking time per decision, seconds")
    parser.add_argument("--bot-workers", type=int, default=2,
                        help="bot processes of the server this script starts")
    args = parser.parse_args()
    process = None
    url = args.url
    if url is None:
        process, url = start_server(args.bot_workers)
    try:
        result = asyncio.run(run(args, url))
    finally:
        if process is not None:
            process.terminate()
            process.wait(10)
    result.update(game=args.game, level=args.level, think=args.think,
                  cpus=os.cpu_count(), load=os.getloadavg()[0])
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
