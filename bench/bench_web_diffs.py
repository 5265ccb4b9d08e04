"""What the browser spends per event copying a game's state (session 59): `applyPatch`
(web/static/api.js: each state message after the first comes as a patch, applied to a
copy of the last state) and `applyDiff` (web/static/log.js: the log's public view after
each action, rebuilt from its diff; a log read again — a reconnection's news from the
past, a language changed — does it for every event of the game).

Starts ``bgbot serve`` from a source tree (default: this checkout's ``src``; ``--src``
another to compare), plays a whole 4-seat hot-seat game of each built-in game at random
through the REST API (seeded: the same game from every tree) while a WebSocket holds
seat 0's connection with the ``patches`` subprotocol, as a phone's page does, and keeps
every patch it is sent and, at the end, the events seat 0 reads. Then, in Chromium at a
phone's viewport (390×844, touch), the page's own modules (imported from the server) are
run over that game in order: each patch applied to the state before it and each action's
diff to the view before it, timed per event (``--repeat`` calls each, the mean: a single
call is below the browser's timer resolution). Prints, per game and function, n, the
median, p95 and max per event, the medians of the game's first and last quarters (does
it grow with the game?), the total over the game, the JSON size of the state at the
start and at the end, and the load average before and after.

    nice -n 19 .venv/bin/python bench/bench_web_diffs.py
    git archive f16826d7 | tar -x -C /tmp/before
    nice -n 19 .venv/bin/python bench/bench_web_diffs.py --src /tmp/before/src
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))
from bench_table_load import serve  # noqa: E402  (the table-load bench's server)
from web.helpers import (  # noqa: E402  (the browser tests' REST helpers)
    ANDROID,
    call,
    hot_seat_table,
    play_randomly,
)

CHROMIUM = os.environ.get("BGBOT_CHROMIUM", "/usr/bin/chromium")
GAMES = ("tikal", "cartographers")

# Run in the page: the game's patches and diffs through the page's own functions, in order.
REPLAY = """async ({ first, patches, events, repeat }) => {
    const { applyPatch } = await import('/api.js');
    const { applyDiff } = await import('/log.js');
    const timed = (call) => {
        let out;
        const start = performance.now();
        for (let i = 0; i < repeat; i++) out = call();
        return [out, (performance.now() - start) / repeat];
    };
    let state = first;
    const patch = [];
    for (const ops of patches) {
        const [next, ms] = timed(() => applyPatch(state, ops));
        patch.push(ms);
        state = next;
    }
    let view = null;
    const diff = [];
    for (const event of events) {
        if (event.type === 'started') view = event.view;
        else if ((event.type === 'action' || event.type === 'undo') && view) {
            const [next, ms] = timed(() => applyDiff(view, event.public));
            diff.push(ms);
            view = next;
        }
    }
    return { patch, diff, firstBytes: JSON.stringify(first).length,
             stateBytes: JSON.stringify(state).length, viewBytes: JSON.stringify(view).length };
}"""


def play_watched(url: str, game: str, seed: int) -> dict:
    """A whole 4-seat game of `game` played at random, seat 0's connection kept: its first
    state, every patch after it, and the events seat 0 reads at the end."""
    from websockets.sync.client import connect

    table, tokens = hot_seat_table(url, game, 4, seed=seed)
    socket = connect(
        f"{url.replace('http', 'ws')}/ws/tables/{table}",
        subprotocols=["bgbot", "patches", f"token.{tokens[0]}"],
        max_size=None,
    )
    messages: list[dict] = []

    def read() -> None:
        for text in socket:
            messages.append(json.loads(text))

    reader = threading.Thread(target=read)
    reader.start()
    play_randomly(url, table, tokens, random.Random(seed))
    # The last state (the game over) read before closing: asked again, it comes whole.
    socket.send(json.dumps({"type": "view"}))
    while not any(
        m.get("type") == "state" and m["table"]["status"] == "over" for m in messages[-3:]
    ):
        reader.join(0.05)
    socket.close()
    reader.join()
    first = next(m for m in messages if m["type"] == "state")
    patches = [m["ops"] for m in messages if m["type"] == "patch"]
    events = call(url, "GET", f"/api/tables/{table}/events", token=tokens[0])["events"]
    return {"first": first, "patches": patches, "events": events}


def summary(times: list[float]) -> dict:
    ordered = sorted(times)
    quarter = max(1, len(times) // 4)
    return {
        "n": len(times),
        "median_ms": round(statistics.median(times), 4),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 4),
        "max_ms": round(ordered[-1], 4),
        "first_quarter_median_ms": round(statistics.median(times[:quarter]), 4),
        "last_quarter_median_ms": round(statistics.median(times[-quarter:]), 4),
        "game_total_ms": round(sum(times), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src")
    parser.add_argument("--seed", type=int, default=59)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    results = {}
    with tempfile.TemporaryDirectory() as data:
        process, url = serve(args.src.resolve(), Path(data))
        try:
            played = {game: play_watched(url, game, args.seed) for game in GAMES}
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
                )
                context = browser.new_context(
                    viewport={"width": 390, "height": 844},
                    is_mobile=True,
                    has_touch=True,
                    user_agent=ANDROID,
                    locale="en-US",
                )
                page = context.new_page()
                page.goto(f"{url}/")
                page.wait_for_selector("#create-button")
                for game, recorded in played.items():
                    timing = page.evaluate(REPLAY, {**recorded, "repeat": args.repeat})
                    results[game] = {
                        "applyPatch": summary(timing["patch"]),
                        "applyDiff": summary(timing["diff"]),
                        "state_json_bytes_start": timing["firstBytes"],
                        "state_json_bytes": timing["stateBytes"],
                        "public_view_json_bytes": timing["viewBytes"],
                    }
                browser.close()
        finally:
            process.terminate()
            process.wait(10)
    print(
        json.dumps(
            {
                "src": str(args.src),
                "seed": args.seed,
                "repeat": args.repeat,
                "load_before": [round(x, 1) for x in load_before],
                "load_after": [round(x, 1) for x in os.getloadavg()],
                "results": results,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
