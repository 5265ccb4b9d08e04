"""Pictures for chat: time to draw a Tikal board and a Cartographers sheet.

For each picture: building the SVG text from a view (``Game.render_svg``) and
rasterizing it to a PNG 900 px wide (``boardgamesbot.images.png``, resvg with
the bundled font), timed separately. Prints the median over the runs, the
fastest and slowest, and CPU time (this process only), which stays meaningful
when other jobs share the machine; the load average is printed too.

    .venv/bin/python bench/bench_render.py [--runs 30]

The positions are the golden test positions (tests/golden/*.json): a 4-player
Tikal game in its middle and a 3-player Cartographers game in its third season.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from boardgamesbot.engine import load_game
from boardgamesbot.images import png

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"
PICTURES = (("tikal board", "tikal", "tikal-4p.json", None),
            ("cartographers sheet", "cartographers", "cartographers-3p.json", 0))


def timed(function, runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of each of ``runs`` calls, after one warm-up call."""
    function()
    wall, cpu = [], []
    for _ in range(runs):
        start, cpu_start = time.perf_counter(), time.process_time()
        function()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - cpu_start) * 1000)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--width", type=int, default=900)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'picture':22} {'step':5} {'median ms':>10} {'min':>7} {'max':>7} {'cpu med':>8}")
    for label, name, position, seat in PICTURES:
        game = load_game(name)
        view = game.from_json((GOLDEN / position).read_text()).view(seat)
        picture = game.render_svg(view)
        # Each step binds this picture's game and view now: the loop moves on.
        steps = (("svg", lambda game=game, view=view: game.render_svg(view)),
                 ("png", lambda picture=picture: png(picture, width=args.width)),
                 ("both", lambda game=game, view=view: png(game.render_svg(view),
                                                           width=args.width)))
        for step, function in steps:
            wall, cpu = timed(function, args.runs)
            print(f"{label:22} {step:5} {statistics.median(wall):10.1f} {min(wall):7.1f} "
                  f"{max(wall):7.1f} {statistics.median(cpu):8.1f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
