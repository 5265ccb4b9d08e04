"""Repeatable profiles of the engines' random self-play, for a shared (noisy) machine.

Two modes, both deterministic (the same count on every run, whatever the load):

* ``--opcodes``: the Python bytecodes executed per decision, per function and per
  line (``sys.settrace`` with opcode events), for finding the hot spots;
* the default: play the games inside ``functools.reduce``, so that callgrind can
  count the machine instructions of the games alone (not the imports)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no \\
      --toggle-collect=functools_reduce --callgrind-out-file=/dev/null \\
      .venv/bin/python bench/engine_profile.py tikal 6

Usage: ``.venv/bin/python bench/engine_profile.py {tikal,cartographers} GAMES [--opcodes]``.
A few games are played first so that the tables built on first use are not counted.
"""

from __future__ import annotations

import argparse
import collections
import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import bench_cartographers  # noqa: E402
import bench_tikal  # noqa: E402


def player(game: str, games: int):
    """A function playing ``games`` random 4-player games, returning their decisions."""
    if game == "tikal":
        bench_tikal.play_random_games(1, 4, seed=999)  # warm
        return lambda: bench_tikal.play_random_games(games, 4, seed=0)[0]
    for seed in range(999, 1005):  # warm every card's tables
        bench_cartographers.random_game(seed)
    return lambda: sum(bench_cartographers.random_game(seed) for seed in range(games))


def opcodes(run) -> None:
    by_function: collections.Counter = collections.Counter()
    by_line: collections.Counter = collections.Counter()

    def tracer(frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            where = code.co_filename.rsplit("/", 1)[-1]
            by_function[(where, code.co_name, code.co_firstlineno)] += 1
            by_line[(where, frame.f_lineno)] += 1
        return tracer

    sys.settrace(tracer)
    decisions = run()
    sys.settrace(None)
    total = sum(by_function.values())
    print(f"{decisions} decisions, {total} bytecodes, {total / decisions:.0f} per decision")
    for key, count in by_function.most_common(20):
        print(f"{count / decisions:8.1f}  {key}")
    print("lines:")
    for key, count in by_line.most_common(20):
        print(f"{count / decisions:8.1f}  {key}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["tikal", "cartographers"])
    parser.add_argument("games", type=int)
    parser.add_argument("--opcodes", action="store_true")
    args = parser.parse_args()
    run = player(args.game, args.games)
    if args.opcodes:
        opcodes(run)
    else:
        print(functools.reduce(lambda _, __: run(), [0], 0), "decisions")


if __name__ == "__main__":
    main()
