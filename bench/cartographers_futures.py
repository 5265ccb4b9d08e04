"""Does spreading `hard`'s samples over the next card (`STRATIFY`) make its solo
decisions better, one decision at a time?

The games of `cartographers_games.py` answer "does it score more", with the noise of
whole games. This asks the question the switch was made for, directly: at solo
decision positions (met by ``--bot`` playing deals of ``--seed``, every ``--every``-th
decision), it

1. prices every placement `hard` shortlists by its mean outcome over ``--reference``
   independent samples, the same samples for each (as the search does, but many
   more): the *reference* value;
2. lets `hard` decide there with ``--seeds`` bot seeds, with independent samples
   (STRATIFY = 0) and with stratified ones (STRATIFY = 1);
3. reports, per setting, the *regret* (the reference value of the best shortlisted
   placement minus that of the one played, in stars: 0 is the best choice), how often
   the choice is the reference's best, and how often two seeds choose alike (a
   search that a sample's luck sways less agrees with itself more).

The reference is noisy too, but equally for both settings. Usage::

    .venv/bin/python bench/cartographers_futures.py --games 3 --seed 12001 --seeds 6
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics

from boardgamesbot.arena import bot_seed, game_seed
from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.bots.common import heuristics_for
from boardgamesbot.bots.montecarlo import MonteCarloBot
from boardgamesbot.engine import State, load_game
from boardgamesbot.games.cartographers import heuristics


def positions(bot: str, side: str, games: int, seed: int, every: int) -> list[State]:
    """Every ``every``-th solo decision with a choice, met by ``bot`` on deals of ``seed``."""
    found = []
    for index in range(games):
        seed_of_game = game_seed(seed, index)
        state = load_game("cartographers").new(1, seed_of_game, side=side)
        player = make_bot(bot, bot_seed(seed_of_game, 0))
        count = 0
        while not state.is_over():
            if len(state.legal_actions(0)) > 1:
                if count % every == 0:
                    found.append(state.clone())
                count += 1
            state.apply(0, player.choose(SeatView(state.clone(), 0), 0))
    return found


def hard_bot(seed: int) -> MonteCarloBot:
    """`hard` as the game asks for it solo, with bot seed ``seed``."""
    settings = heuristics.SEARCH
    return MonteCarloBot(seed=seed, worlds=settings.worlds, width=settings.width,
                         depth=settings.depth, finalists=settings.finalists,
                         final_worlds=settings.final_worlds)


def reference(state: State, worlds: int) -> dict[object, float]:
    """Each shortlisted placement's mean outcome over ``worlds`` independent samples."""
    seat = SeatView(state, 0)
    rules = heuristics_for(seat)
    rng = random.Random(f"reference/{state.to_json()}")
    samples = [seat.determinize(rng) for _ in range(worlds)]
    pool = rules.shortlist(samples[0], 0, heuristics.SEARCH.width)
    totals = [0.0] * len(pool)
    hard_bot(0)._try(pool, range(len(pool)), samples, 0, rules, rng, totals)
    return {action: total / worlds for action, total in zip(pool, totals)}


def mean_interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
    return f"{mean:+.3f} ± {half:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="medium", help="who plays the deals (positions)")
    parser.add_argument("--side", default="A")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=12001)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=6, help="bot seeds per position")
    parser.add_argument("--reference", type=int, default=48, help="samples per reference")
    args = parser.parse_args()
    found = positions(args.bot, args.side, args.games, args.seed, args.every)
    regret: dict[int, list[float]] = {0: [], 1: []}
    best_hits = {0: 0, 1: 0}
    alike = {0: [], 1: []}
    difference: list[float] = []  # stratified − independent regret, paired by position and seed
    for state in found:
        values = reference(state, args.reference)
        best = max(values.values())
        chosen: dict[int, list[object]] = {0: [], 1: []}
        for setting in (0, 1):
            heuristics.STRATIFY = setting
            for seed in range(args.seeds):
                action = hard_bot(seed).choose(SeatView(state.clone(), 0), 0)
                chosen[setting].append(action)
                regret[setting].append(best - values[action])
                best_hits[setting] += values[action] >= best - 1e-9
        heuristics.STRATIFY = 0
        for setting in (0, 1):
            pairs = list(itertools.combinations(chosen[setting], 2))
            alike[setting].append(sum(a == b for a, b in pairs) / len(pairs))
        difference += [(best - values[b]) - (best - values[a])
                       for a, b in zip(chosen[0], chosen[1])]
    decisions = len(found) * args.seeds
    print(f"{len(found)} positions ({args.bot}, side {args.side}, seed {args.seed}, "
          f"{args.games} games, every {args.every}th decision), {args.seeds} bot seeds each, "
          f"reference over {args.reference} samples")
    for setting, label in ((0, "independent"), (1, "stratified")):
        print(f"  {label:>11}: regret {mean_interval(regret[setting])} stars, "
              f"reference's best {best_hits[setting]}/{decisions} = "
              f"{100 * best_hits[setting] / decisions:.1f}%, two seeds alike "
              f"{100 * statistics.fmean(alike[setting]):.1f}%")
    print(f"  paired regret, stratified − independent: {mean_interval(difference)} stars "
          f"(n = {len(difference)}; positions × seeds, not independent)")


if __name__ == "__main__":
    main()
