"""Whether the rivals' drawings inside `hard`'s four-player search change what it plays.

In each sampled future `hard` tries every shortlisted placement, then the other seats
reply (`heuristics.quick_reply`): an ambush monster where it hurts its target most, a
drawing at random. This asks, at each of the first bot's decisions in four-player
games (``--bots``, seats rotating as in the arena, the same game and bot seeds as
``bgbot arena --seed``), the same bot again on the same view with the rivals' drawings
chosen by their one-ply margin instead (each rival's best drawing by the evaluation
one card ahead: a drawing changes only its own sheet, so that is its best margin), and
counts how often the placement played is the same, with both settings' CPU per
decision. The game goes on with the decision of `hard` as it is, so both settings
meet the same positions. Usage::

    .venv/bin/python bench/cartographers_replies.py --games 3 --seed 5411
    .venv/bin/python bench/cartographers_replies.py --games 1 --seed 5411 --decisions 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from boardgamesbot.arena import bot_seed, game_seed
from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.engine import load_game
from boardgamesbot.games.cartographers import heuristics


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def margin_reply(state: Any, player: int, rng: random.Random) -> Any:
    """A rival's reply with its drawing chosen by its one-ply margin (the ambush as
    `quick_reply` places it)."""
    if state.step == heuristics.DRAW:
        return heuristics.candidates(state, player, 1)[0]
    return as_it_is(state, player, rng)


as_it_is = heuristics.quick_reply


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="hard,hard-2026.11,hard-2026.11,hard-2026.11")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=5411)
    parser.add_argument("--start", type=int, default=0, help="first game index")
    parser.add_argument("--side", default="A", help="map side (A or B)")
    parser.add_argument("--verbose", action="store_true", help="a line per decision")
    parser.add_argument(
        "--decisions",
        type=int,
        default=0,
        help="stop after this many of the bot's decisions (0: play the games out)",
    )
    args = parser.parse_args()
    lineup = [name.strip() for name in args.bots.split(",")]
    cpu: dict[str, list[float]] = {"random": [], "margin": []}
    decisions = same = 0
    for index in range(args.start, args.start + args.games):
        if args.decisions and decisions >= args.decisions:
            break
        players = len(lineup)
        seats = [lineup[(seat - index) % players] for seat in range(players)]
        seed_of_game = game_seed(args.seed, index)
        state = load_game("cartographers").new(players, seed_of_game, side=args.side)
        bots = [make_bot(name, bot_seed(seed_of_game, seat)) for seat, name in enumerate(seats)]
        while not state.is_over() and not (args.decisions and decisions >= args.decisions):
            answers = []
            for seat in state.current_players():
                if seats[seat] != lineup[0]:
                    answers.append((seat, bots[seat].choose(SeatView(state.clone(), seat), seat)))
                    continue
                chosen = {}
                for label, reply in (("random", as_it_is), ("margin", margin_reply)):
                    heuristics.quick_reply = reply  # type: ignore[assignment]
                    started = time.process_time()
                    chosen[label] = bots[seat].choose(SeatView(state.clone(), seat), seat)
                    cpu[label].append(time.process_time() - started)
                heuristics.quick_reply = as_it_is  # type: ignore[assignment]
                decisions += 1
                same += chosen["margin"] == chosen["random"]
                answers.append((seat, chosen["random"]))
                if args.verbose:  # a run stopped early still has its counts
                    print(
                        f"game {index} decision {decisions}: same {same}/{decisions}; CPU "
                        f"{cpu['random'][-1]:.3f} / {cpu['margin'][-1]:.3f} s",
                        flush=True,
                    )
            for seat, action in answers:
                state.apply(seat, action)
        print(f"game {index}: {same}/{decisions} decisions the same so far", flush=True)
    for label, times in cpu.items():
        print(
            f"rivals' drawings {label:>6}: CPU per decision median "
            f"{statistics.median(times):.3f} s, p95 {percentile(times, 0.95):.3f} s "
            f"({len(times)} decisions)",
            flush=True,
        )
    print(
        f"the same placement in {same}/{decisions} = {same / max(1, decisions):.1%} of decisions",
        flush=True,
    )


if __name__ == "__main__":
    main()
