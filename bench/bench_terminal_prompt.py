"""The terminal's prompt: CPU time to draw the screen a person sees when asked for a move.

Plays seeded random games (one person, the other seats random computers) and times
``cli.play.drawn_prompt`` alone at each of the person's decisions, on a terminal of the
given size, without colour; the games' moves between prompts are not timed. Prints the
median, mean and slowest CPU milliseconds per prompt (this process only, meaningful when
other jobs share the machine) and the load average.

    .venv/bin/python bench/bench_terminal_prompt.py --game tikal --players 4 \\
        --columns 80 --rows 24 --seeds 0 1 2 --lang en
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import time

from rich.console import Console

import boardgamesbot.cli.play as play
from boardgamesbot.cli.words import seat_name, seat_tagged
from boardgamesbot.engine import load_game


def prompt_times(game_name: str, players: int, seed: int, lang: str, columns: int,
                 rows: int, options: dict[str, str]) -> list[float]:
    """CPU milliseconds of each prompt's screen in one seeded random game."""
    game = load_game(game_name)
    rng = random.Random(seed)
    state = game.new(players, seed=seed, **options)
    names = {seat: seat_tagged(game, seat, seat_name(name, lang), lang)
             for seat, name in enumerate(["Ana", *["random"] * (players - 1)])}
    done: list[tuple[str, str]] = []
    times = []
    while not state.is_over():
        current = state.current_players()
        if 0 not in current:
            action = rng.choice(state.legal_actions(current[0]))
            done.append((names[current[0]], str(action)))
            state.apply(current[0], action)
            continue
        legal = [str(action) for action in state.legal_actions(0)]
        console = Console(file=io.StringIO(), width=columns, height=rows,
                          force_terminal=True, color_system=None,
                          _environ={"TERM": "xterm-256color"})
        saved, play.console = play.console, console
        try:
            start = time.process_time()
            play.drawn_prompt(lambda v, focus=None: game.render_text(v, lang, names, focus),
                              state.view(0), done, legal, lang)
            times.append((time.process_time() - start) * 1000)
        finally:
            play.console = saved
        done = []
        state.apply(0, rng.choice(legal))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tikal")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--variant", default=None)
    args = parser.parse_args()
    options = {"variant": args.variant} if args.variant else {}
    times = [ms for seed in args.seeds
             for ms in prompt_times(args.game, args.players, seed, args.lang, args.columns,
                                    args.rows, options)]
    print(f"{args.game}, {args.players} players, {args.columns}x{args.rows}, {args.lang}, "
          f"seeds {args.seeds}: {len(times)} prompts; CPU ms per prompt: median "
          f"{statistics.median(times):.0f}, mean {statistics.fmean(times):.0f}, slowest "
          f"{max(times):.0f}; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
