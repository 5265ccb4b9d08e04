"""Click → updated board in Chromium (issue 29: the browser shows the server's SVG; a move
must not feel slower than when the page drew the board itself; goal ≤ 100 ms).

Starts ``bgbot serve`` from a source tree (default: this checkout's ``src``; ``--src`` an
exported older commit to compare, as `bench_table_load.py` does), opens solo Cartographers
tables (asking to confirm turned off: one click draws) and clicks, with the mouse, the
anchor cell of a legal drawing of the page's default choice (the card's first terrain,
shape 1, not turned), ``--clicks`` times per table. Measured in the page: from the click
event's time stamp to the moment the main sheet in the DOM (a fresh picture, not the
previous one kept while the next is drawn) shows that cell filled — the WebSocket action,
the new state, and (after) the picture request, its parse and the redraw.

    .venv/bin/python bench/bench_click.py --tables 5 --clicks 5
    git archive 8248195 | tar -x -C /tmp/before
    .venv/bin/python bench/bench_click.py --src /tmp/before/src
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
from bench_table_load import serve  # noqa: E402  (the page-load benchmark's server)
from web.helpers import call, hot_seat_table  # noqa: E402  (the browser tests' REST helpers)

CHROMIUM = os.environ.get("BGBOT_CHROMIUM", "/usr/bin/chromium")
# The main sheet, drawn by the page itself (before) or by the server (after, not the kept one).
SHEET = ".carto-main svg.sheet:not([data-stale])"
WATCH = """cell => {
    window.__clickMs = undefined;
    let clicked = null;
    document.addEventListener('click', (e) => { clicked = e.timeStamp; },
                              { capture: true, once: true });
    window.__stateMs = undefined;
    const done = () => {
        // The new state on screen, its picture still being drawn (after, not before).
        if (clicked !== null && window.__stateMs === undefined
                && document.querySelector('svg.sheet[data-stale]')) {
            window.__stateMs = performance.now() - clicked;
        }
        const el = document.querySelector(`SHEET [data-cell="${cell}"]`);
        if (clicked === null || !el || el.matches('.empty, .t-empty')) return;
        observer.disconnect();
        window.__clickMs = performance.now() - clicked;
    };
    const observer = new MutationObserver(done);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
}""".replace("SHEET", SHEET)


def anchor(url: str, table: str, token: str) -> str | None:
    """A cell where the page's default choice is legal, or None (then pass by REST)."""
    state = call(url, "GET", f"/api/tables/{table}/view", token=token)
    legal = call(url, "GET", f"/api/tables/{table}/legal", token=token)["actions"]
    card = state["view"].get("card") or {}
    for action in legal:
        p = action["params"]
        if action["type"] == "draw" and p["shape"] == 1 and p["orientation"] == "r0" \
                and p["terrain"] == (card.get("terrains") or [None])[0]:
            return p["cell"]
        if action["type"] == "ambush" and p["orientation"] == "r0":
            return p["cell"]
        if action["type"] == "fallback" and p["terrain"] == "forest":
            return p["cell"]
        if action["type"] == "ambush_fallback":
            return p["cell"]
    return None


def one_table(browser, url: str, seed: int, clicks: int) -> list[float]:
    table, tokens = hot_seat_table(url, "cartographers", 1, seed=seed)
    # The page's Content-Security-Policy forbids eval, which wait_for_function uses.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US",
                                  bypass_csp=True)
    seats = {table: {"seat": 0, "token": tokens[0], "game": "cartographers"}}
    context.add_init_script(
        f"localStorage.setItem('bgbot.seats', JSON.stringify({json.dumps(seats)}));"
        " localStorage.setItem('bgbot.confirm', 'off');")
    page = context.new_page()
    page.goto(f"{url}/#/table/{table}")
    times, states, fetches = [], [], []
    for _ in range(clicks):
        page.wait_for_selector(f"{SHEET}", timeout=30_000)
        page.wait_for_selector("#preview-text", timeout=30_000)  # my turn, on screen
        cell = anchor(url, table, tokens[0])
        if cell is None:
            break
        page.evaluate(WATCH, cell)
        page.click(f'{SHEET} [data-cell="{cell}"]')
        page.wait_for_function("window.__clickMs !== undefined", timeout=30_000)
        times.append(page.evaluate("window.__clickMs"))
        states.append(page.evaluate("window.__stateMs ?? null"))
        fetches.append(page.evaluate("""() => {
            const last = performance.getEntriesByType('resource')
                .filter(e => e.name.endsWith('/picture')).pop();
            return last ? last.responseEnd - last.startTime : null; }"""))
        page.mouse.move(0, 0)  # off the sheet: no preview pending for the next click
    context.close()
    return times, [ms for ms in states if ms is not None], [ms for ms in fetches if ms is not None]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=5)
    parser.add_argument("--src", type=Path, default=ROOT / "src")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data:
        process, url = serve(args.src.resolve(), Path(data))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=["--no-sandbox", "--disable-gpu"])
                one_table(browser, url, 1000, 2)  # warm the server, not the pages
                runs = [one_table(browser, url, seed, args.clicks) for seed in range(args.tables)]
                times = [ms for clicked, _, _ in runs for ms in clicked]
                states = [ms for _, stated, _ in runs for ms in stated]
                fetches = [ms for _, _, fetched in runs for ms in fetched]
                browser.close()
        finally:
            process.terminate()
            process.wait(10)
    print(json.dumps({"src": str(args.src), "n": len(times),
                      "median_ms": round(statistics.median(times), 1),
                      "p90_ms": round(statistics.quantiles(times, n=10)[-1], 1),
                      "min_ms": round(min(times), 1), "max_ms": round(max(times), 1),
                      # click → the new state on screen, its picture still coming (after only)
                      "state_median_ms": round(statistics.median(states), 1) if states else None,
                      # the last picture request's own time, request to response (after only)
                      "picture_fetch_median_ms":
                          round(statistics.median(fetches), 1) if fetches else None,
                      "load": os.getloadavg()[0]}, indent=1))


if __name__ == "__main__":
    main()
