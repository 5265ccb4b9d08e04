"""A computer's Tikal turn shown one move at a time (issue 30), in Chromium at 390×844.

Starts ``bgbot serve`` from this checkout, and per table (a person against an easy bot,
created through the lobby) plays the person's first turn (lay the tile, end the turn)
and watches the bot's turn at the "normal" speed until it is the person's turn again.
Measured in the page:

* ``move-shown`` (Chromium's performance timeline, `performance.measure` in table.js):
  from a move's turn to be shown (its event's arrival, or the end of the move before
  it in the queue) to its picture in view — the server's drawing of that view, its
  parse and the redraw;
* the frame rate while the moves are shown: requestAnimationFrame callbacks counted
  from the click on "End the turn" to the next turn's targets, over that time.

    .venv/bin/python bench/bench_moves.py --tables 5
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
from web.helpers import create_in_lobby  # noqa: E402  (the browser tests' lobby helper)

CHROMIUM = os.environ.get("BGBOT_CHROMIUM", "/usr/bin/chromium")
FRAMES = """() => {
  window.__frames = 0;
  window.__from = performance.now();
  const tick = () => {
    window.__frames += 1;
    if (!window.__stopFrames) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def one_table(browser, url: str, seed: int) -> tuple[list[float], float, int]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US",
                                  bypass_csp=True, is_mobile=True, has_touch=True)
    context.add_init_script("localStorage.setItem('bgbot.pace', 'normal');")
    page = context.new_page()
    create_in_lobby(page, url, "tikal", players=2, seats={1: "easy"}, seed=seed)
    page.wait_for_selector(".space.target", timeout=30_000)
    page.uncheck("#confirm-setting")
    page.locator(".space.target").first.click()
    page.click("#place-confirm")
    page.evaluate("performance.clearMeasures('move-shown')")
    page.evaluate(FRAMES)
    page.click("#end-turn")
    page.wait_for_selector(".space.target", state="detached")
    page.wait_for_selector(".space.target", timeout=120_000)
    frames, seconds = page.evaluate("""() => {
        window.__stopFrames = true;
        return [window.__frames, (performance.now() - window.__from) / 1000];
    }""")
    shown = page.evaluate("performance.getEntriesByName('move-shown').map(e => e.duration)")
    context.close()
    return shown, frames / seconds, len(shown)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data:
        process, url = serve(ROOT / "src", Path(data))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=["--no-sandbox", "--disable-gpu"])
                one_table(browser, url, 1000)  # warm the server, not the pages
                runs = [one_table(browser, url, seed) for seed in range(args.tables)]
                browser.close()
        finally:
            process.terminate()
            process.wait(10)
    shown = [ms for run, _, _ in runs for ms in run]
    rates = [rate for _, rate, _ in runs]
    print(json.dumps({"tables": len(runs), "moves_shown": len(shown),
                      "moves_per_turn": [n for _, _, n in runs],
                      "shown_median_ms": round(statistics.median(shown), 1),
                      "shown_p90_ms": round(statistics.quantiles(shown, n=10)[-1], 1),
                      "shown_max_ms": round(max(shown), 1),
                      "fps_median": round(statistics.median(rates), 1),
                      "fps_min": round(min(rates), 1),
                      "load": os.getloadavg()[0]}, indent=1))


if __name__ == "__main__":
    main()
