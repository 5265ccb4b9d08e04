"""Tikal's inner loop: full random 4-player games, uniform over the legal actions.

An "action" is one legal-action generation plus one apply, as a search bot's
rollout does them. Prints the median over several runs and the spread
(slowest / fastest run), so one noisy run cannot mislead.

    .venv/bin/python bench/bench_tikal.py [--games 40] [--runs 5] [--players 4]
    .venv/bin/python bench/bench_tikal.py --play-only --games 6   # under callgrind
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from boardgamesbot.engine import load_game


def play_random_games(games: int, players: int, seed: int) -> tuple[int, float, float]:
    """Play ``games`` random games; return (actions played, wall seconds, CPU seconds).

    CPU seconds (this process only) stay meaningful on a shared, loaded machine,
    where wall time mostly measures the other jobs.
    """
    tikal = load_game("tikal")
    actions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for number in range(games):
        state = tikal.new(players, seed + number)
        rng = random.Random(seed + number)
        while not state.is_over():
            player = state.current_players()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
            actions += 1
    return actions, time.perf_counter() - start, time.process_time() - cpu_start


def measure_clone(runs: int = 5, clones: int = 20000) -> float:
    state = load_game("tikal").new(4, 1)
    rng = random.Random(1)
    for _ in range(120):  # a mid-game position
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(clones):
            state.clone()
        rates.append(clones / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--play-only", action="store_true",
                        help="play --games games once, time nothing (for instruction counts, "
                        "see docs/benchmarks.md)")
    args = parser.parse_args()
    if args.play_only:
        print(play_random_games(args.games, args.players, seed=0)[0], "actions")
        return
    action_rates, cpu_rates, game_rates, lengths = [], [], [], []
    for run in range(args.runs):
        actions, seconds, cpu = play_random_games(args.games, args.players, seed=1000 * run)
        action_rates.append(actions / seconds)
        cpu_rates.append(actions / cpu)
        game_rates.append(args.games / seconds)
        lengths.append(actions / args.games)
    print(f"Tikal, {args.players} players, {args.runs} runs x {args.games} random games")
    print(f"  actions per second: median {statistics.median(action_rates):,.0f} "
          f"(spread x{max(action_rates) / min(action_rates):.2f})")
    print(f"  actions per CPU second: median {statistics.median(cpu_rates):,.0f} "
          f"(spread x{max(cpu_rates) / min(cpu_rates):.2f})")
    print(f"  games per second:   median {statistics.median(game_rates):,.1f}")
    print(f"  actions per game:   median {statistics.median(lengths):,.0f}")
    print(f"  clones per second:  median {measure_clone():,.0f}")


if __name__ == "__main__":
    main()
