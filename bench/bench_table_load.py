"""Page load and first paint of a table in Chromium (issue 29: a game's face loaded from
its package must not make the table slower to open).

Starts ``bgbot serve`` from a source tree (default: this checkout's ``src``; ``--src``
another, e.g. an exported older commit, to compare), sets up hot-seat tables of every
built-in game a few actions in, then opens each table ``--runs`` times in a fresh
Chromium context (empty cache) with the seat's token and measures, from navigation:

* ``fcp``: the browser's first-contentful-paint (the shell's first text);
* ``load``: the load event;
* ``board``: the game's board (an ``svg`` inside ``.board-area``) in the page, i.e. the
  catalogues, /api/games, the game's module and the state message have all arrived.

Prints the medians per game as JSON. Usage:

    .venv/bin/python bench/bench_table_load.py --runs 15
    git archive 7405347 | tar -x -C /tmp/before
    .venv/bin/python bench/bench_table_load.py --runs 15 --src /tmp/before/src
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from web.helpers import call, hot_seat_table  # noqa: E402  (the browser tests' REST helpers)

GAMES = {"tikal": 2, "cartographers": 2}
CHROMIUM = os.environ.get("BGBOT_CHROMIUM", "/usr/bin/chromium")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(src: Path, data: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(src), "BGBOT_MAX_TABLES": "0",
           "BGBOT_MAX_BOT_SEATS": "0", "BGBOT_MAX_CONNECTIONS": "0"}
    process = subprocess.Popen([sys.executable, "-m", "boardgamesbot.cli", "serve", "--data-dir",
                                str(data), "--port", str(port), "--bot-workers", "0"],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=1):
                return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("bgbot serve did not answer")


def a_few_actions(url: str, table: str, tokens: dict, n: int, rng: random.Random) -> None:
    for _ in range(n):
        state = call(url, "GET", f"/api/tables/{table}/view")
        seat = state["to_act"][0]
        legal = call(url, "GET", f"/api/tables/{table}/legal", token=tokens[seat])
        call(url, "POST", f"/api/tables/{table}/actions",
             {"action": rng.choice(legal["actions"])["notation"], "state_id": legal["state_id"]},
             tokens[seat])


def measure(browser, url: str, table: str, token: str, game: str) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    seats = {table: {"seat": 0, "token": token, "game": game}}
    context.add_init_script(
        f"localStorage.setItem('bgbot.seats', JSON.stringify({json.dumps(seats)}))")
    page = context.new_page()
    page.goto(f"{url}/#/table/{table}")
    page.wait_for_selector(".board-area svg", timeout=30_000)
    board = page.evaluate("performance.now()")
    page.wait_for_load_state("load")
    timing = page.evaluate("""() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        load: performance.getEntriesByType('navigation')[0].loadEventEnd })""")
    context.close()
    return {"fcp": timing["fcp"], "load": timing["load"], "board": board}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--src", type=Path, default=ROOT / "src")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data:
        process, url = serve(args.src.resolve(), Path(data))
        try:
            rng = random.Random(1)
            tables = {}
            for game, players in GAMES.items():
                table, tokens = hot_seat_table(url, game, players, seed=7)
                a_few_actions(url, table, tokens, 6, rng)
                tables[game] = (table, tokens[0])
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=["--no-sandbox", "--disable-gpu"])
                results = {}
                for game, (table, token) in tables.items():
                    measure(browser, url, table, token, game)  # warm the server, not the page
                    runs = [measure(browser, url, table, token, game) for _ in range(args.runs)]
                    results[game] = {key: round(statistics.median(r[key] for r in runs), 1)
                                     for key in ("fcp", "load", "board")}
                browser.close()
        finally:
            process.terminate()
            process.wait(10)
    print(json.dumps({"src": str(args.src), "runs": args.runs, "median_ms": results}, indent=1))


if __name__ == "__main__":
    main()
