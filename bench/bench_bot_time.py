"""CPU time per decision of a bot, in real games (one process).

The arena times decisions by the wall clock, which a busy machine inflates;
this measures ``time.process_time`` around each ``choose`` instead, so the
figures hold whatever else the machine is doing. Seats rotate as in the arena.

Usage::

    .venv/bin/python bench/bench_bot_time.py tikal --bots hard,hard-2026.11 --games 4
    .venv/bin/python bench/bench_bot_time.py cartographers --players 1 --bots hard --games 2
"""

from __future__ import annotations

import argparse
import statistics
import time

from boardgamesbot.arena import bot_seed, game_seed
from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.engine import load_game


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bots", required=True, help="lineup, comma-separated")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE")
    args = parser.parse_args()
    lineup = args.bots.split(",")
    players = args.players or len(lineup)
    if len(lineup) == 1:
        lineup = lineup * players
    options = dict(item.split("=", 1) for item in args.option)
    times: dict[str, list[float]] = {name: [] for name in lineup}
    for index in range(args.games):
        seats = [lineup[(seat - index) % players] for seat in range(players)]
        seed = game_seed(args.seed, index)
        state = load_game(args.game).new(players, seed, **options)
        bots = [make_bot(name, bot_seed(seed, seat)) for seat, name in enumerate(seats)]
        while not state.is_over():
            decisions = []
            for seat in state.current_players():
                start = time.process_time()
                action = bots[seat].choose(SeatView(state.clone(), seat), seat)
                times[seats[seat]].append(time.process_time() - start)
                decisions.append((seat, action))
            for seat, action in decisions:
                state.apply(seat, action)
    print(f"{args.game} {options or ''} {players} players, {args.games} games, seed {args.seed}")
    for name, spent in times.items():
        if not spent:
            continue
        print(f"{name:>14}: {len(spent)} decisions, CPU median {statistics.median(spent):.3f} s, "
              f"p95 {percentile(spent, 0.95):.3f} s, p99 {percentile(spent, 0.99):.3f} s, "
              f"max {max(spent):.3f} s")


if __name__ == "__main__":
    main()
