"""Speed of the Cartographers engine's inner loop, one process.

Two measurements, each repeated ``--runs`` times (median reported, with the
ratio of the slowest run to the fastest as the spread):

* **random games**: full 4-player games from ``GAME.new`` to the end of
  winter; at every step each waiting seat, in seat order, plays an action
  drawn uniformly from ``legal_actions`` (the `RandomBot` policy). Reported
  as games per second.
* **legal-placement enumeration**: ``legal_actions(seat)`` on positions
  sampled from random games (every draw and ambush decision of a few games),
  reported as calls per second and actions listed per second.
* **evaluation** (``--evaluate``): the bots' inner loop, ``placement_values``
  (every legal drawing scored as `evaluate` would) on every decision of six
  solo greedy games (three per map side), reported as µs of CPU per placement.
  The evaluation remembers what it has scored, as it does within a decision,
  so the runs after the first are the warm figure the bots see.

Usage::

    .venv/bin/python bench/bench_cartographers.py [--games 40] [--runs 5]
    .venv/bin/python bench/bench_cartographers.py --evaluate
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from boardgamesbot.games.cartographers import GAME


def random_game(seed: int, players: int = 4) -> int:
    """Play one full random game; return the number of decisions taken."""
    state = GAME.new(players, seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_over():
        for seat in state.current_players():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            decisions += 1
    return decisions


def sample_positions(games: int, players: int = 4) -> list[tuple]:
    positions = []
    for seed in range(10_000, 10_000 + games):
        state = GAME.new(players, seed)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in state.current_players():
                positions.append((state.clone(), seat))
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    return positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--evaluate", action="store_true",
                        help="time the bots' evaluation of every placement instead")
    parser.add_argument("--play-only", action="store_true",
                        help="play --games games once, time nothing (for instruction counts, "
                        "see docs/benchmarks.md)")
    args = parser.parse_args()
    if args.play_only:
        print(sum(random_game(i) for i in range(args.games)), "decisions")
        return
    if args.evaluate:
        evaluation(args.runs)
        return

    random_game(0)  # warm the placement tables

    rates, cpu_rates, decisions = [], [], 0
    for run in range(args.runs):
        start, cpu = time.perf_counter(), time.process_time()
        decisions = sum(random_game(run * args.games + i) for i in range(args.games))
        rates.append(args.games / (time.perf_counter() - start))
        cpu_rates.append(args.games / (time.process_time() - cpu))
    print(f"random 4-player games: median {statistics.median(rates):.1f} games/s "
          f"(max/min {max(rates) / min(rates):.2f}, {args.runs} runs of {args.games} games, "
          f"{decisions / args.games:.0f} decisions per game); "
          f"median {statistics.median(cpu_rates):.1f} games per CPU second")

    positions = sample_positions(5)
    calls, listed = [], []
    for _ in range(args.runs):
        start = time.perf_counter()
        count = 0
        for state, seat in positions:
            count += len(state.legal_actions(seat))
        elapsed = time.perf_counter() - start
        calls.append(len(positions) / elapsed)
        listed.append(count / elapsed)
    print(f"legal_actions: median {statistics.median(calls):,.0f} calls/s, "
          f"{statistics.median(listed):,.0f} actions listed/s "
          f"(max/min {max(calls) / min(calls):.2f}, {len(positions)} positions, "
          f"{count / len(positions):.0f} actions per call on average)")


def evaluation(runs: int) -> None:
    from boardgamesbot.bots import SeatView, make_bot
    from boardgamesbot.games.cartographers.heuristics import placement_values

    positions = []
    for side in "AB":
        for seed in range(3):
            state, bot = GAME.new(1, 7000 + seed, side=side), make_bot("greedy", seed)
            while not state.is_over():
                positions.append(state.clone())
                state.apply(0, bot.choose(SeatView(state.clone(), 0), 0))
    per_placement = []
    for _ in range(runs):
        start, placements = time.process_time(), 0
        for state in positions:
            placements += len(placement_values(state, 0))
        per_placement.append((time.process_time() - start) / placements * 1e6)
    print(f"placement_values: median {statistics.median(per_placement):.2f} µs CPU per placement "
          f"(first run {per_placement[0]:.2f}; {len(positions)} positions, {placements} "
          f"placements, {runs} runs)")


if __name__ == "__main__":
    main()
