"""The research adapters and the arena's Ray backend, measured.

* Arena throughput, games per second, for a lineup of one bot in every seat
  (default: Tikal, 4 greedy players): the local backend with 1 and 2 worker
  processes, and the Ray backend on a local Ray with 2 CPUs. Ray's start-up
  is timed apart (it is paid once per run, not per game); the overhead per
  game is (Ray time − local time at the same parallelism) / games.
* PettingZoo: AEC steps per second of uniform random play over the action
  mask (each step: ``last()`` with its observation and mask, then ``step``),
  for every registered game.

    .venv/bin/python bench/bench_research.py [--games 40] [--runs 3]

Prints a median of ``--runs`` runs and the spread (slowest / fastest), plus
the load average: the machine is shared, compare rows of one invocation.
"""

from __future__ import annotations

import os

# A throwaway local Ray on the loopback interface only (read when Ray is imported).
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

import argparse  # noqa: E402
import statistics
import time  # noqa: E402

import numpy as np  # noqa: E402

from boardgamesbot.arena import plan, run  # noqa: E402
from boardgamesbot.engine import known_games, load_game  # noqa: E402


def median_and_spread(rates: list[float]) -> str:
    return f"{statistics.median(rates):.2f} (x{max(rates) / min(rates):.2f})"


def arena_rates(game: str, bot: str, players: int, games: int, runs: int) -> None:
    import ray

    arena = plan(game, [bot], players=players, games=games, seed=1)
    rows = {}
    for workers in (1, 2):
        rates = []
        for _ in range(runs):
            start = time.perf_counter()
            run(arena, workers=workers)
            rates.append(games / (time.perf_counter() - start))
        rows[f"local, {workers} worker(s)"] = rates
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, logging_level="warning", log_to_driver=False)
    started = time.perf_counter() - start
    try:
        rates = []
        for _ in range(runs):
            start = time.perf_counter()
            run(arena, backend="ray")
            rates.append(games / (time.perf_counter() - start))
        rows["ray, local cluster of 2 CPUs"] = rates
    finally:
        start = time.perf_counter()
        ray.shutdown()
        stopped = time.perf_counter() - start
    print(f"\narena: {game}, {players} x {bot}, {games} games per run, {runs} runs")
    for label, rates in rows.items():
        print(f"  {label:32s} {median_and_spread(rates)} games/s")
    local2 = statistics.median(rows["local, 2 worker(s)"])
    remote = statistics.median(rows["ray, local cluster of 2 CPUs"])
    print(f"  ray overhead per game vs local 2 workers: {1000 * (1 / remote - 1 / local2):+.1f} ms")
    print(f"  ray start {started:.1f} s, shutdown {stopped:.1f} s")


def pettingzoo_rates(steps: int, runs: int) -> None:
    from boardgamesbot.research.pettingzoo import env

    print(f"\npettingzoo: random play over the action mask, {steps} steps per run, {runs} runs")
    for name in known_games():
        game = load_game(name)
        players = min(4, game.max_players)
        environment = env(name, num_players=players)
        rng = np.random.default_rng(0)
        rates = []
        for run_number in range(runs):
            environment.reset(seed=run_number)
            done = 0
            start = time.perf_counter()
            while done < steps:
                observation, _, termination, truncation, _ = environment.last()
                if termination or truncation:
                    environment.step(None)
                    if not environment.agents:
                        environment.reset()
                    continue
                environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                done += 1
            rates.append(steps / (time.perf_counter() - start))
        print(f"  {name}, {players} players: {median_and_spread(rates)} steps/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tikal")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    pettingzoo_rates(args.steps, args.runs)
    arena_rates(args.game, args.bot, args.players, args.games, args.runs)
    print(f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
