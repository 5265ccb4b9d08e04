"""Click → updated board on a Tikal table in Chromium (issue 29: the server-drawn SVG must
not make a move feel slower; goal ≤ 100 ms).

Starts ``bgbot serve`` (this checkout's ``src``, or ``--src`` another), opens a hot-seat
table as seat 0 in Chromium and plays seat 1 through the REST API. On each of seat 0's
turns it times, from the click (``performance.now()`` before the event is dispatched)
until the board in the page shows the change (the new picture, not the stale one kept
while it is drawn) and one animation frame later (≈ painted):

* ``preview``: a click on a space where the drawn tile may go, until the server's picture
  of the tile laid there is shown (a picture request, nothing played);
* ``place``: the click on "Place the tile here", until the board shows it placed (the
  action, its new state and the new picture);
* ``enter``: the click on the base camp after "Bring in a worker", until the board shows
  the worker and the AP left changed.

Every view is new, so no sample is a cached picture. Prints medians, quartiles and n per
kind as JSON. ``--js-board`` times an older tree whose tikal.js drew the board itself
(its classes: ``.clickable``, a ``.preview`` tile inside the space, ``.figure-pill``).
Usage:

    .venv/bin/python bench/bench_tikal_clicks.py --turns 20
    git archive eb47e8b~3 | tar -x -C /tmp/before   # the JS-drawn board
    .venv/bin/python bench/bench_tikal_clicks.py --turns 20 --src /tmp/before/src --js-board
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))
from bench_table_load import serve  # noqa: E402  (the table-load bench's server)
from web.helpers import (  # noqa: E402  (the browser tests' REST helpers)
    call,
    hot_seat_table,
    wait_settled,
)

CHROMIUM = os.environ.get("BGBOT_CHROMIUM", "/usr/bin/chromium")
FRESH = "svg.tikal-board:not([data-stale])"
TURNS_A_TABLE = 10
# What shows each change: on the server's picture, and on the board tikal.js used to draw.
SHOWN = {
    "server": {"target": ".space.target", "preview": '[data-space="{}"].preview:not(.unexplored)',
               "placed": '[data-space="{}"]:not(.unexplored):not(.preview)',
               "figures": '[data-space="A6"] .figures[data-seat="0"]'},
    "js": {"target": ".space.clickable", "preview": '[data-space="{}"] .preview',
           "placed": '[data-space="{}"]:not(.unexplored):not(:has(.preview))',
           "figures": '[data-space="A6"] .figure-pill'},
}

# Dispatch a click and wait until `want` matches (and, if asked, the AP left changed).
TIMED_CLICK = """async ([click, want, apChanges]) => {
  const before = document.querySelector('#ap-left')?.textContent;
  const done = () => document.querySelector(want)
    && (!apChanges || document.querySelector('#ap-left')?.textContent !== before);
  const t0 = performance.now();
  document.querySelector(click).dispatchEvent(new MouseEvent('click', {bubbles: true}));
  await new Promise((resolve, reject) => {
    if (done()) return resolve();
    const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(); } });
    watch.observe(document.body,
      {childList: true, subtree: true, attributes: true, characterData: true});
    // (a change that never shows fails the run: it waited for ever)
    setTimeout(() => { watch.disconnect(); reject(new Error(`never shown: ${want}`)); }, 30000);
  });
  const dom = performance.now() - t0;
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return [dom, performance.now() - t0];
}"""


def legal(url, table, token):
    return call(url, "GET", f"/api/tables/{table}/legal", token=token)


def act(url, table, token, notation):
    state = call(url, "GET", f"/api/tables/{table}/view", token=token)
    call(url, "POST", f"/api/tables/{table}/actions",
         {"action": notation, "state_id": state["state_id"]}, token)


def until_seat_0_places(url, table, tokens):
    """Play for whoever is awaited (a tile on the first legal spot, then the turn's end)
    until seat 0 has a tile to place; a scoring round has no tile to place."""
    for _ in range(100):
        state = call(url, "GET", f"/api/tables/{table}/view")
        seat = state["to_act"][0]
        if seat == 0 and state["view"]["phase"] == "place":
            return
        actions = legal(url, table, tokens[seat])["actions"]
        chosen = next((a for a in actions if a["type"] in ("place", "end")), actions[0])
        act(url, table, tokens[seat], chosen["notation"])
    raise SystemExit("seat 0 never got a tile to place")


def timed_click(page, click, want, ap_changes=False):
    page.wait_for_selector(click)  # not timed: the click is on the board as it is now
    sample = page.evaluate(TIMED_CLICK, [click, want, ap_changes])
    print(f"{click} → {want}: {sample[0]:.1f} ms", file=sys.stderr, flush=True)
    return sample


def one_turn(page, url, table, tokens, samples, shown):
    until_seat_0_places(url, table, tokens)
    # The page at that state, its targets drawn (seat 1's moves are shown at once: a click
    # on a move being shown did nothing, and the run waited for ever).
    if shown is SHOWN["server"]:
        wait_settled(page, timeout=30_000)
    page.wait_for_selector(f"{FRESH} {shown['target']}", timeout=30_000)
    offered = [a for a in legal(url, table, tokens[0])["actions"] if a["type"] == "place"]
    spaces = list(dict.fromkeys(a["params"]["space"] for a in offered))
    for space in spaces[:2]:
        samples["preview"].append(timed_click(page, f'{FRESH} [data-space="{space}"]',
                                              f'{FRESH} {shown["preview"].format(space)}'))
    space = spaces[min(1, len(spaces) - 1)]
    samples["place"].append(timed_click(page, "#place-confirm",
                                        f'{FRESH} {shown["placed"].format(space)}'))
    page.wait_for_selector("#enter-W")
    page.click("#enter-W")
    # (the AP cost marked on the base camp: its mark lies over the board, by the space)
    page.wait_for_selector(f'{FRESH} .mark.cost[data-cost-of="A6"]')
    samples["enter"].append(timed_click(page, f'{FRESH} [data-space="A6"]',
                                        f'{FRESH} {shown["figures"]}', True))
    act(url, table, tokens[0], "end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=20, help="seat 0's turns to time")
    parser.add_argument("--src", type=Path, default=ROOT / "src")
    parser.add_argument("--js-board", action="store_true",
                        help="the tree's tikal.js draws the board itself (before issue 29)")
    args = parser.parse_args()
    shown = SHOWN["js" if args.js_board else "server"]
    from playwright.sync_api import sync_playwright

    samples: dict[str, list] = {"preview": [], "place": [], "enter": []}
    with tempfile.TemporaryDirectory() as data:
        process, url = serve(args.src.resolve(), Path(data))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=["--no-sandbox", "--disable-gpu"])
                # A two-player game has ~17 turns each: a new table every TURNS_A_TABLE.
                for first in range(0, args.turns, TURNS_A_TABLE):
                    table, tokens = hot_seat_table(url, "tikal", 2, seed=7 + first)
                    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                                  locale="en-US")
                    seats = {table: {"seat": 0, "token": tokens[0], "game": "tikal"}}
                    context.add_init_script(
                        f"localStorage.setItem('bgbot.seats', {json.dumps(json.dumps(seats))});"
                        " localStorage.setItem('bgbot.pace', 'instant')")
                    page = context.new_page()
                    page.goto(f"{url}/#/table/{table}")
                    for _ in range(min(TURNS_A_TABLE, args.turns - first)):
                        one_turn(page, url, table, tokens, samples, shown)
                    context.close()
                browser.close()
        finally:
            process.terminate()
            process.wait(10)

    def summary(values):
        q = statistics.quantiles(values, n=4)
        return {"median": round(statistics.median(values), 1), "q1": round(q[0], 1),
                "q3": round(q[2], 1), "n": len(values)}

    print(json.dumps({"src": str(args.src), "load": os.getloadavg(), "ms": {
        kind: {"dom": summary([d for d, _ in runs]), "frame": summary([f for _, f in runs])}
        for kind, runs in samples.items()}}, indent=1))


if __name__ == "__main__":
    main()
