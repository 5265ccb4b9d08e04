"""Two runs of ``cartographers_games.py`` at a table compared game by game.

Both runs must use the same ``--seed`` (the same deals and seat rotation), so game
``i`` of one is game ``i`` of the other with only the first bot changed. For the
lineup's first bot (the one under test) it prints each run's win rate (a tie shares
the win) with its Wilson 95% interval, and the paired per-game differences of its
score, of its margin over the best other seat and of its rank, each with a 95%
interval (mean ± 1.96 standard errors), over the games both runs finished; and
its CPU time per decision in each run.

Usage::

    .venv/bin/python bench/cartographers_paired.py base.jsonl candidate.jsonl [more.jsonl …]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def seat_result(game: dict, bot: str) -> dict[str, float]:
    """The bot's win share, score, margin over the best other seat and rank (1 = best)."""
    seat = game["seats"].index(bot)
    scores = game["scores"]
    winners = game["winners"]
    others = [s for i, s in enumerate(scores) if i != seat]
    return {
        "win": 1.0 / len(winners) if seat in winners else 0.0,
        "score": float(scores[seat]),
        "margin": float(scores[seat] - max(others)),
        "rank": 1.0 + sum(1 for s in others if s > scores[seat]),
    }


def load(path: str) -> dict[int, dict]:
    with open(path) as lines:
        return {game["index"]: game for game in map(json.loads, lines)}


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return f"{mean:+.2f} ± {1.96 * error:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("candidates", nargs="+")
    args = parser.parse_args()
    base = load(args.base)
    for path in args.candidates:
        other = load(path)
        common = sorted(set(base) & set(other))
        if not common:
            print(f"{path}: no game in common with {args.base}")
            continue
        bot = base[common[0]]["seats"][common[0] % len(base[common[0]]["seats"])]
        pairs = [(seat_result(base[i], bot), seat_result(other[i], bot)) for i in common]
        n = len(pairs)
        print(f"{path} against {args.base}: {n} games in common (seed {base[common[0]]['seed']})")
        for label, index in (("base", 0), ("candidate", 1)):
            wins = sum(pair[index]["win"] for pair in pairs)
            low, high = wilson(wins, n)
            print(f"  {label:>9}: wins {wins:g}/{n} = {100 * wins / n:.1f}% "
                  f"(Wilson {100 * low:.1f}–{100 * high:.1f}%), mean score "
                  f"{statistics.fmean(p[index]['score'] for p in pairs):.1f}")
        for label, run in (("base", base), ("candidate", other)):
            spent = sorted(t for i in common for t in run[i]["cpu"][run[i]["seats"].index(bot)])
            print(f"  {label:>9} CPU per decision: median {statistics.median(spent):.3f} s, "
                  f"p95 {spent[min(len(spent) - 1, int(0.95 * len(spent)))]:.3f} s "
                  f"({len(spent)} decisions)")
        for key in ("win", "score", "margin", "rank"):
            diffs = [b[key] - a[key] for a, b in pairs]
            changed = sum(1 for d in diffs if d)
            print(f"  paired {key:>6} (candidate − base): {interval(diffs)} "
                  f"({changed} games differ)")


if __name__ == "__main__":
    main()
