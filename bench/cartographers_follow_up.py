"""How far a cheaper continuation (`FOLLOW_UP_KEEP`) changes `hard`'s play, and its time.

Plays four-player games (``--bots``, seats rotating as in the arena, the same game and
bot seeds as ``bgbot arena --seed``; one bot: solo games; map side ``--side``) with
every bot as it is. At each of the first bot's decisions it asks the same bot again,
on the same view (so the same sampled futures), with each ``--keep`` value, and
reports:

* *continuation agreement* — within those searches, how often the seat's next
  drawing priced on the shortlist is the drawing pricing every one would choose,
  and how much less that full pricing says it is worth (stars);
* *decision agreement* — how often the placement played is the one `hard` as it is
  plays;
* CPU per decision (process time), median and 95th percentile, for each setting.

The game goes on with the decision of `hard` as it is, so every setting meets the
same positions. Usage::

    .venv/bin/python bench/cartographers_follow_up.py --games 3 --seed 4343 --keep 12,24,48
    .venv/bin/python bench/cartographers_follow_up.py --bots hard --games 4 --seed 12001 \
        --side A --keep 8,16,32
"""

from __future__ import annotations

import argparse
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


class Checked:
    """Wraps `heuristics.follow_up`: beside the shortlist's choice, prices every
    drawing and counts agreement (then plays the shortlist's choice, as the bot would)."""

    def __init__(self) -> None:
        self.calls = 0
        self.same = 0
        self.loss = 0.0
        self.original = heuristics.follow_up

    def __call__(self, state: Any, player: int, memory: dict[Any, Any]) -> Any:
        chosen = self.original(state, player, memory)
        if state.step == heuristics.DRAW:
            values = dict((action, value) for value, action in
                          heuristics.placement_values(state, player))
            best = max(values.values())
            self.calls += 1
            self.same += values[chosen] >= best - 1e-9
            self.loss += best - values[chosen]
        return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="hard,hard-2026.11,hard-2026.11,hard-2026.11")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=4343)
    parser.add_argument("--side", default="A", help="map side (A or B)")
    parser.add_argument("--keep", default="12,24,48", help="FOLLOW_UP_KEEP values to compare")
    args = parser.parse_args()
    lineup = [name.strip() for name in args.bots.split(",")]
    keeps = [int(k) for k in args.keep.split(",")]
    settings = [0, *keeps]
    cpu: dict[int, list[float]] = {k: [] for k in settings}
    agree = {k: 0 for k in keeps}
    checks = {k: Checked() for k in keeps}
    decisions = 0
    for index in range(args.games):
        players = len(lineup)
        seats = [lineup[(seat - index) % players] for seat in range(players)]
        seed_of_game = game_seed(args.seed, index)
        state = load_game("cartographers").new(players, seed_of_game, side=args.side)
        bots = [make_bot(name, bot_seed(seed_of_game, seat)) for seat, name in enumerate(seats)]
        while not state.is_over():
            answers = []
            for seat in state.current_players():
                view = SeatView(state.clone(), seat)
                if seats[seat] != lineup[0]:
                    answers.append((seat, bots[seat].choose(view, seat)))
                    continue
                decisions += 1
                played = None
                for keep in settings:
                    heuristics.FOLLOW_UP_KEEP = keep
                    started = time.process_time()
                    action = bots[seat].choose(SeatView(state.clone(), seat), seat)
                    cpu[keep].append(time.process_time() - started)
                    if keep == 0:
                        played = action
                    elif action == played:
                        agree[keep] += 1
                for keep in keeps:  # the continuation checked, outside the timing
                    heuristics.FOLLOW_UP_KEEP = keep
                    heuristics.follow_up = checks[keep]  # type: ignore[assignment]
                    bots[seat].choose(SeatView(state.clone(), seat), seat)
                    heuristics.follow_up = checks[keep].original
                heuristics.FOLLOW_UP_KEEP = 0
                answers.append((seat, played))
            for seat, action in answers:
                state.apply(seat, action)
        print(f"game {index}: {decisions} decisions so far", flush=True)
    for keep in settings:
        times = cpu[keep]
        line = (f"keep {keep:>3}: CPU per decision median {statistics.median(times):.3f} s, "
                f"p95 {percentile(times, 0.95):.3f} s ({len(times)} decisions)")
        if keep:
            check = checks[keep]
            line += (f"; decision agreement {agree[keep]}/{decisions}"
                     f" = {agree[keep] / decisions:.1%}; continuation agreement "
                     f"{check.same}/{check.calls} = {check.same / max(1, check.calls):.1%},"
                     f" mean loss {check.loss / max(1, check.calls):.3f} stars")
        print(line, flush=True)


if __name__ == "__main__":
    main()
