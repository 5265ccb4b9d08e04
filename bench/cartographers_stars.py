"""Where one Cartographers bot gains or loses stars against another, card by card.

Solo, two bots (or one bot with and without a ``--set`` change) play the same deals;
this pairs their games by deal and splits the difference of their ratings by
scoring card (each card is scored twice a game), by season (its two edicts, its
coins, its monster losses) and into edicts, coins and monsters overall. Every row
is a paired mean over the deals with its 95% interval, so one sees where a change
of the evaluation pays and where it costs.

It reads the lines `bench/cartographers_games.py` writes (one finished game a
line; games are paired by seed and index, so two runs with the same ``--seed``
and ``--side`` are the same deals)::

    .venv/bin/python bench/cartographers_games.py --bots greedy --side A --games 40 \
        --seed 12001 --out a.jsonl
    .venv/bin/python bench/cartographers_games.py --bots hard --side A --games 40 \
        --seed 12001 --out b.jsonl
    .venv/bin/python bench/cartographers_stars.py a.jsonl b.jsonl   # b − a

or plays them itself, the two bots alternating deal by deal (so a machine's load
falls on both alike), writing both files as it goes::

    .venv/bin/python bench/cartographers_stars.py --play greedy,hard --side A --games 20 \\
        --seed 12001 --out-dir /tmp/stars

(A ``--set`` change is a change of the heuristics module for the whole process, so a
bot with a change is played by `cartographers_games.py` in a run of its own.)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from boardgamesbot.games.cartographers.components import SEASONS

LETTERS = "ABCD"


def split(game: dict) -> dict[str, float]:
    """A solo game's stars by row: ``card:<name>``, ``season:<name>`` (its edicts, coins
    and monsters together), ``edicts``, ``coins``, ``monsters`` and ``total``; with the
    rating (stars over the printed par) when the game has one."""
    rows: dict[str, float] = defaultdict(float)
    for season, (first, second, coins, monsters) in zip(SEASONS, game["records"][0]):
        for letter, stars in zip(season.edicts, (first, second)):
            rows["card:" + game["edicts"][LETTERS.index(letter)]] += stars
        rows["season:" + season.name] += first + second + coins - monsters
        rows["edicts"] += first + second
        rows["coins"] += coins
        rows["monsters"] -= monsters
    rows["total"] = game["scores"][0]
    if "rating" in game:
        rows["rating"] = game["rating"]
    return dict(rows)


def read(path: str | Path) -> dict[tuple[int, int], dict]:
    """The solo games of a `cartographers_games.py` file by (seed, index)."""
    games = {}
    with open(path) as lines:
        for line in lines:
            if line.strip():
                game = json.loads(line)
                if len(game["scores"]) != 1:
                    raise SystemExit(f"{path}: not a solo game ({len(game['scores'])} seats)")
                games[game["seed"], game["index"]] = game
    return games


def dealt(games: dict[tuple[int, int], dict], card: str) -> dict[tuple[int, int], dict]:
    """Only the games whose deal has scoring card ``card``."""
    return {deal: game for deal, game in games.items() if card in game["edicts"]}


def paired(first: dict[tuple[int, int], dict], second: dict[tuple[int, int], dict]
           ) -> dict[str, list[float]]:
    """Per row, the differences second − first over the deals both played (a card's
    row only over the deals that dealt it)."""
    diffs: dict[str, list[float]] = defaultdict(list)
    for deal in sorted(first.keys() & second.keys()):
        a, b = split(first[deal]), split(second[deal])
        if a.get("total") is None or first[deal]["edicts"] != second[deal]["edicts"]:
            raise SystemExit(f"deal {deal}: the two files did not play the same deal")
        for row in a.keys() | b.keys():
            diffs[row].append(b.get(row, 0.0) - a.get(row, 0.0))
    return dict(diffs)


def mean_interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal; 0 for one value)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def cpu_per_decision(games: dict[tuple[int, int], dict]) -> tuple[float, float, int]:
    """The seat's CPU time per decision over ``games``: median, 95th percentile (the
    same reading as `cartographers_paired.py`) and how many decisions."""
    spent = sorted(t for game in games.values() for t in game["cpu"][0])
    if not spent:
        return 0.0, 0.0, 0
    return (statistics.median(spent), spent[min(len(spent) - 1, int(0.95 * len(spent)))],
            len(spent))


def order(rows: Iterable[str]) -> list[str]:
    """Overall rows first, then seasons in play order, then cards by name."""
    head = ["rating", "total", "edicts", "coins", "monsters"]
    seasons = ["season:" + s.name for s in SEASONS]
    rows = set(rows)
    return ([r for r in head if r in rows] + [r for r in seasons if r in rows]
            + sorted(r for r in rows if r.startswith("card:")))


def table(first: dict, second: dict, names: tuple[str, str]) -> str:
    """The paired table, one row a line (the mean of each bot too)."""
    diffs = paired(first, second)
    deals = sorted(first.keys() & second.keys())
    means: dict[str, tuple[float, float]] = {}
    for row in diffs:
        a = [split(first[d]).get(row) for d in deals]
        b = [split(second[d]).get(row) for d in deals]
        a = [v for v in a if v is not None] or [0.0]
        b = [v for v in b if v is not None] or [0.0]
        means[row] = (sum(a) / len(a), sum(b) / len(b))
    lines = [f"{len(deals)} deals; difference = {names[1]} − {names[0]}",
             f"{'row':<28}{'n':>4}{names[0][:10]:>11}{names[1][:10]:>11}{'diff':>9}{'±95%':>8}"
             f"{'+/-/=':>11}"]
    for row in order(diffs):
        values = diffs[row]
        mean, half = mean_interval(values)
        better = sum(1 for v in values if v > 0)
        worse = sum(1 for v in values if v < 0)
        counts = f"{better}/{worse}/{len(values) - better - worse}"
        lines.append(f"{row:<28}{len(values):>4}{means[row][0]:>11.2f}{means[row][1]:>11.2f}"
                     f"{mean:>+9.2f}{half:>8.2f}{counts:>11}")
    for name, games in zip(names, (first, second)):
        if any(games[d].get("oracle") for d in deals):
            lines.append(f"{name} is CLAIRVOYANT (--oracle: its samples were the true deck): "
                         "a ceiling, not a bot")
    for name, games in zip(names, (first, second)):
        median, p95, count = cpu_per_decision({d: games[d] for d in deals})
        lines.append(f"CPU per decision, {name}: median {median:.3f} s, p95 {p95:.3f} s "
                     f"({count} decisions)")
    return "\n".join(lines)


def _games_tool():
    path = Path(__file__).with_name("cartographers_games.py")
    spec = importlib.util.spec_from_file_location("cartographers_games", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play(bots: tuple[str, str], side: str, games: int, seed: int, start: int,
         out_dir: Path) -> tuple[Path, Path]:
    """Both bots on deals ``start``… of ``seed``, alternating; each game appended to
    ``<out_dir>/<bot>.jsonl`` as it ends."""
    tool = _games_tool()
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = tuple(out_dir / f"{name}-{side}-{seed}.jsonl" for name in bots)
    for index in range(start, start + games):
        for name, path in zip(bots, paths):
            result = tool.play((seed, index, (name,), side, (), False, None, None))
            with open(path, "a") as out:
                out.write(json.dumps(result) + "\n")
    return paths


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="two cartographers_games.py files: first, second")
    parser.add_argument("--play", help="two bots to play on the same deals, e.g. greedy,hard")
    parser.add_argument("--side", default="A")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=12001)
    parser.add_argument("--start", type=int, default=0, help="first deal (to resume)")
    parser.add_argument("--out-dir", default="cartographers-stars")
    parser.add_argument("--card", help="only the deals that dealt this scoring card (its "
                        "row against the total shows whether a loss there is a trade)")
    args = parser.parse_args(argv)
    if args.play:
        bots = tuple(name.strip() for name in args.play.split(","))
        if len(bots) != 2:
            raise SystemExit("--play takes two bots")
        files = play(bots, args.side, args.games, args.seed, args.start, Path(args.out_dir))
        names = bots
    elif len(args.files) == 2:
        files = tuple(Path(f) for f in args.files)
        names = tuple(f.stem for f in files)
    else:
        raise SystemExit("give two files, or --play BOT,BOT")
    first, second = read(files[0]), read(files[1])
    if args.card:
        first = dealt(first, args.card)
        second = dealt(second, args.card)
    print(table(first, second, names))


if __name__ == "__main__":
    sys.exit(main())
