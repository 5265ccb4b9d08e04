"""The games' own share of the service's action path, per state, without the service.

Per new state the service asks the game for each seat's view and the spectator's (the
watchers' messages and the event's public diff), for the legal actions of each awaited
seat with their data and words (`action_info` + `describe`, as `service/views.py`'s
legal list), and, for the action taken, its words and data before `apply`
(`service/tables.py`'s `_apply`). This plays random games of every registered game with
those calls made as the service makes them, and times each part in CPU time (this
process only: meaningful on a shared, loaded machine).

    .venv/bin/python bench/bench_game_share.py [--games 3] [--runs 5] [--seed 0]

Prints, per game, variant and player count: states, then µs per state for the views
(every seat + spectator), the legal list (with infos and words), and the action's words,
data and apply; medians over the runs and the spread (slowest / fastest run). Compare
versions by running the same command with another ``src`` on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Iterator

from boardgamesbot.engine import load_game

# (game, options, player counts): both games, each variant, 2 to 4 players
SETUPS: tuple[tuple[str, dict[str, str], tuple[int, ...]], ...] = (
    ("tikal", {"variant": "basic"}, (2, 3, 4)),
    ("tikal", {"variant": "auction"}, (2, 3, 4)),
    ("cartographers", {"side": "A"}, (2, 3, 4)),
    ("cartographers", {"side": "B"}, (2, 4)),
)
PARTS = ("views", "legal", "apply")


def play(name: str, options: dict[str, str], players: int, seed: int) -> Iterator[list[float]]:
    """One random game of ``name``; yields per state the CPU seconds of each of `PARTS`."""
    game = load_game(name)
    state = game.new(players, seed, **options)
    rng = random.Random(seed)
    clock = time.process_time
    seats: list[int | None] = [None, *range(players)]
    while not state.is_over():
        start = clock()
        for seat in seats:
            state.view(seat)
        viewed = clock()
        awaited = state.current_players()
        legal = {seat: [{**state.action_info(seat, a), "text": state.describe(a)}
                        for a in state.legal_actions(seat)] for seat in awaited}
        listed = clock()
        seat = rng.choice(awaited)
        action = state.game.parse_action(rng.choice(legal[seat])["notation"])
        state.describe(action)
        state.action_info(seat, action)
        state.apply(seat, action)
        applied = clock()
        yield [viewed - start, listed - viewed, applied - listed]


def run_once(games: int, seed: int) -> dict[tuple[str, str, int], tuple[int, list[float]]]:
    """Per setup: states seen and CPU seconds per part over ``games`` games."""
    totals = {}
    for name, options, counts in SETUPS:
        for players in counts:
            states, sums = 0, [0.0] * len(PARTS)
            for number in range(games):
                for parts in play(name, options, players, seed + number):
                    states += 1
                    for index, seconds in enumerate(parts):
                        sums[index] += seconds
            label = "/".join(options.values())
            totals[(name, label, players)] = (states, sums)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per setup and run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    run_once(1, args.seed + 10_000)  # warm the tables built on first use
    runs = [run_once(args.games, args.seed) for _ in range(args.runs)]
    print(f"load {os.getloadavg()[0]:.1f}; {args.runs} runs × {args.games} games per setup; "
          f"µs per state, median (slowest/fastest run)")
    print(f"{'game':<14}{'variant':<9}{'n':>2}{'states':>8}"
          + "".join(f"{part:>18}" for part in PARTS) + f"{'total':>18}")
    grand = [[0.0] * (len(PARTS) + 1) for _ in runs]
    grand_states = 0
    for key in runs[0]:
        states = runs[0][key][0]
        grand_states += states
        cells = []
        for index in range(len(PARTS) + 1):
            per_run = [sum(r[key][1]) if index == len(PARTS) else r[key][1][index] for r in runs]
            for number, seconds in enumerate(per_run):
                grand[number][index] += seconds
            micro = [s / states * 1e6 for s in per_run]
            cells.append(f"{statistics.median(micro):>10.1f} ({max(micro) / min(micro):.2f})")
        print(f"{key[0]:<14}{key[1]:<9}{key[2]:>2}{states:>8}" + "".join(cells))
    cells = []
    for index in range(len(PARTS) + 1):
        micro = [g[index] / grand_states * 1e6 for g in grand]
        cells.append(f"{statistics.median(micro):>10.1f} ({max(micro) / min(micro):.2f})")
    print(f"{'all':<25}{grand_states:>8}" + "".join(cells))


if __name__ == "__main__":
    main()
