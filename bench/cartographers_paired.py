"""Two runs of ``cartographers_games.py`` at a table compared game by game.

Both runs must use the same ``--seed`` and lineup (the same deals and seat rotation), so
game ``i`` of one is game ``i`` of the other with only the first bot changed (a ``--set``
change, or another bot in its seat). For the lineup's first bot (the one under test) it
prints each run's win rate (a tie the rules leave shared shares the win) with its Wilson
95% interval, and per game the paired differences of its win, its score, its margin over
the best other seat and its rank (1 = first, ties broken as the rules break them: fewer
stars lost to monsters), each with a 95% interval (mean ± 1.96 standard errors) and how
many games went better, worse or the same; and its CPU time per decision in each run.

It also says whether the other seats played alike in both runs until the seat under
test first chose differently (games written with their moves, since session 54): the
rivals' bots are seeded per game and seat and decide from their own view, so up to
that step (its other choices included, made at once on the same position) they must
have drawn the same, and a game where they did not is counted apart — the pairing
would then measure more than the change.

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


def monster_losses(game: dict) -> list[int]:
    """Each seat's stars lost to monsters (the rules' tie-break), from the seasons'
    records when the game was written before the total was."""
    if "monster_losses" in game:
        return list(game["monster_losses"])
    return [sum(record[3] for record in records) for records in game["records"]]


def seat_result(game: dict, bot: str) -> dict[str, float]:
    """The bot's win share, score, margin over the best other seat and rank (1 = best;
    a seat with as many stars is ahead if it lost fewer to monsters, as the rules say)."""
    seat = game["seats"].index(bot)
    scores, losses = game["scores"], monster_losses(game)
    winners = game["winners"]
    others = [i for i in range(len(scores)) if i != seat]
    ahead = sum(1 for i in others if (scores[i], -losses[i]) > (scores[seat], -losses[seat]))
    return {
        "win": 1.0 / len(winners) if seat in winners else 0.0,
        "score": float(scores[seat]),
        "margin": float(scores[seat] - max(scores[i] for i in others)),
        "rank": 1.0 + ahead,
    }


def first_difference(base: dict, other: dict, seat: int) -> int | None:
    """The first step at which ``seat`` chose differently in the two games (None: it
    never did)."""
    for step, (mine, theirs) in enumerate(zip(base["moves"], other["moves"])):
        if dict(map(tuple, mine)).get(seat) != dict(map(tuple, theirs)).get(seat):
            return step
    return None


def rivals_alike(base: dict, other: dict, seat: int) -> bool | None:
    """Whether the other seats chose the same in both games up to and including the
    step where ``seat`` first chose differently (all the game if it never did); None if
    a game was written without its moves."""
    if "moves" not in base or "moves" not in other:
        return None
    split = first_difference(base, other, seat)
    last = min(len(base["moves"]), len(other["moves"])) - 1 if split is None else split
    for step in range(last + 1):
        mine = {s: a for s, a in map(tuple, base["moves"][step]) if s != seat}
        theirs = {s: a for s, a in map(tuple, other["moves"][step]) if s != seat}
        if mine != theirs:
            return False
    return split is not None or len(base["moves"]) == len(other["moves"])


def load(path: str) -> dict[int, dict]:
    with open(path) as lines:
        return {game["index"]: game for game in map(json.loads, lines)}


def interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return f"{mean:+.2f} ± {1.96 * error:.2f}"


def compare(base: dict[int, dict], other: dict[int, dict], base_name: str,
            other_name: str) -> list[str]:
    """The comparison's lines (see the module docstring)."""
    common = sorted(set(base) & set(other))
    if not common:
        return [f"{other_name}: no game in common with {base_name}"]
    for i in common:
        if (base[i]["seed"], base[i]["seats"]) != (other[i]["seed"], other[i]["seats"]):
            raise SystemExit(f"game {i}: not the same deal and seats in {base_name} and "
                             f"{other_name} (run both with the same --seed and --bots)")
    first = base[common[0]]
    bot = first["seats"][common[0] % len(first["seats"])]
    pairs = [(seat_result(base[i], bot), seat_result(other[i], bot)) for i in common]
    n = len(pairs)
    out = [f"{other_name} against {base_name}: {n} games in common (seed {first['seed']})"]
    for label, index in (("base", 0), ("candidate", 1)):
        wins = sum(pair[index]["win"] for pair in pairs)
        low, high = wilson(wins, n)
        out.append(f"  {label:>9}: wins {wins:g}/{n} = {100 * wins / n:.1f}% "
                   f"(Wilson {100 * low:.1f}–{100 * high:.1f}%), mean score "
                   f"{statistics.fmean(p[index]['score'] for p in pairs):.1f}, mean rank "
                   f"{statistics.fmean(p[index]['rank'] for p in pairs):.2f}")
    for label, run in (("base", base), ("candidate", other)):
        spent = sorted(t for i in common for t in run[i]["cpu"][run[i]["seats"].index(bot)])
        out.append(f"  {label:>9} CPU per decision: median {statistics.median(spent):.3f} s, "
                   f"p95 {spent[min(len(spent) - 1, int(0.95 * len(spent)))]:.3f} s "
                   f"({len(spent)} decisions)")
    for key in ("win", "score", "margin", "rank"):
        diffs = [b[key] - a[key] for a, b in pairs]
        # for the rank, lower is better
        better = sum(1 for d in diffs if (d < 0 if key == "rank" else d > 0))
        worse = sum(1 for d in diffs if d) - better
        out.append(f"  paired {key:>6} (candidate − base): {interval(diffs)} "
                   f"(better {better} / worse {worse} / same {n - better - worse})")
    alike = [rivals_alike(base[i], other[i], base[i]["seats"].index(bot)) for i in common]
    if None in alike:
        out.append("  rivals' play: not checked (a run written without its moves)")
    else:
        splits = [first_difference(base[i], other[i], base[i]["seats"].index(bot))
                  for i in common]
        differ = [s for s in splits if s is not None]
        out.append(f"  rivals' play: the same until the seat chose differently in "
                   f"{sum(alike)} of {n} games"
                   + ("" if all(alike) else
                      f" (NOT in games {[i for i, a in zip(common, alike) if not a]})")
                   + f"; the seat first chose differently in {len(differ)} games"
                   + (f" (median step {statistics.median(differ):g})" if differ else ""))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("candidates", nargs="+")
    args = parser.parse_args()
    base = load(args.base)
    for path in args.candidates:
        print("\n".join(compare(base, load(path), args.base, path)))


if __name__ == "__main__":
    main()
