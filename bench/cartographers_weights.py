"""Fit the Cartographers evaluation's term weights to what greedy play goes on to score.

The evaluation (`games/cartographers/heuristics.py`) adds hand-weighted terms:
each edict's stars and credit by the scorings left, exposed spaces by the
monster rate, coins on their way, and so on. This asks the games whether other
weights would choose better (issue 14, sixth attempt, docs/bots.md):

``rollouts``
    From solo games played by greedy, about one decision in seven is taken as
    a *position*. Each placement of its hard shortlist is played in the same
    four samples of the deck (`SeatView.determinize`, so nothing hidden is
    used) and then on to the end of the game by greedy. One JSON line per
    position: for each placement, its terms (`evaluate_terms` of the position
    after it, grouped, plus the spaces left empty) and the mean final score.
    Comparing placements of one position on shared samples removes the luck of
    the deck, which is most of the spread between games.
``fit``
    Least squares of the placements' mean scores on their terms, within each
    position (both centred on the position's mean), so only what tells a
    position's placements apart is fitted: the weights of the groups below and
    their 95% confidence intervals.
``screen``
    Paired solo games (the arena's seeds, as ``cartographers_games.py``), one
    rating per game, with the fitted weights in place of the hand weights
    (``--weights``) or without them.

Usage::

    .venv/bin/python bench/cartographers_weights.py rollouts --side A --games 300 --seed 30001 \
        --out pA.jsonl
    .venv/bin/python bench/cartographers_weights.py fit pA.jsonl pB.jsonl --out weights.json
    .venv/bin/python bench/cartographers_weights.py screen --side A --games 300 --seed 11000 \
        --out hand.jsonl
    .venv/bin/python bench/cartographers_weights.py screen --side A --games 300 --seed 11000 \
        --weights weights.json --out fitted.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
from multiprocessing import Pool
from pathlib import Path

from boardgamesbot.arena import bot_seed, game_seed
from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.engine import load_game
from boardgamesbot.games.cartographers import heuristics
from boardgamesbot.games.cartographers.sheet import FULL, surrounded

# The terms fitted: `evaluate_terms`' keys, every edict together (their weights come out
# alike when fitted apart), and the empty spaces, which the hand evaluation does not
# count (weight 0). Banked stars and coins are certain: weight 1, not fitted.
GROUPS = ("edicts", "monsters", "ruins", "pockets", "ambush", "mountains", "empty")
SAMPLES = 4          # shared deck samples per position
POSITION_SHARE = 0.15
SHORTLIST = 6


def grouped_terms(state) -> tuple[float, dict[str, float]]:
    """(certain stars: banked and coins × scorings left, the other terms by group)."""
    terms = heuristics.evaluate_terms(state, 0)
    groups = dict.fromkeys(GROUPS, 0.0)
    for key, value in terms.items():
        family = key.partition(":")[0]
        if family == "edict":
            groups["edicts"] += value
        elif family in groups:
            groups[family] += value
    groups["empty"] = float((FULL & ~state.sheets[0].filled).bit_count())
    return terms["banked"] + terms["coins"], groups


def greedy_to_the_end(state) -> int:
    finisher = make_bot("greedy", 1)
    while not state.is_over():
        state.apply(0, finisher.choose(SeatView(state.clone(), 0), 0))
    return state.scores()[0]


def rollout_game(job: tuple) -> list[dict]:
    seed, index, side = job
    seed_of_game = game_seed(seed, index)
    state = load_game("cartographers").new(1, seed_of_game, side=side)
    player = make_bot("greedy", bot_seed(seed_of_game, 0))
    pick = random.Random(seed_of_game)
    positions = []
    decision = 0
    while not state.is_over():
        seat = SeatView(state.clone(), 0)
        if (state.step == heuristics.DRAW and len(seat.legal_actions()) > 1
                and pick.random() < POSITION_SHARE):
            samples = [seat.determinize(random.Random(seed_of_game * 31 + decision * 7 + s))
                       for s in range(SAMPLES)]
            placements = []
            for action in heuristics.shortlist(samples[0], 0, SHORTLIST):
                after = [sample.clone() for sample in samples]
                for world in after:
                    world.apply(0, action)
                if after[0].is_over():
                    continue
                certain, groups = grouped_terms(after[0])
                mean = sum(greedy_to_the_end(world) for world in after) / SAMPLES
                placements.append({"to_come": mean - certain, "terms": groups})
            if len(placements) > 1:
                positions.append({"side": side, "season": state.season, "placements": placements})
        state.apply(0, player.choose(seat, 0))
        decision += 1
    return positions


def fit(files: list[str]) -> dict[str, tuple[float, float]]:
    """Weight and 95% half-width per group, from within-position differences."""
    import numpy as np  # the research extra; only this measurement needs it

    rows, targets = [], []
    for name in files:
        with open(name) as lines:
            records = [json.loads(line) for line in lines]
        for record in records:
            placements = record["placements"]
            x = np.array([[p["terms"][g] for g in GROUPS] for p in placements])
            y = np.array([p["to_come"] for p in placements])
            rows.append(x - x.mean(axis=0))
            targets.append(y - y.mean())
    x, y = np.vstack(rows), np.concatenate(targets)
    weights, *_ = np.linalg.lstsq(x, y, rcond=None)
    residual = y - x @ weights
    spread = np.sqrt(np.diag(np.linalg.pinv(x.T @ x)) * residual.var())
    print(f"{len(rows)} positions, {len(y)} placements; within-position spread "
          f"{y.std():.2f} stars, left by the hand weights "
          f"{(y - x @ _HAND).std():.2f}, by the fitted {residual.std():.2f}")
    return {g: (float(w), float(1.96 * s)) for g, w, s in zip(GROUPS, weights, spread)}


_HAND = [0.0 if group == "empty" else 1.0 for group in GROUPS]


def weighted_sheet_worth(weights: dict[str, float]):
    """`heuristics.sheet_worth` with each group scaled by ``weights`` (the screen's bot)."""
    unknown = set(weights) - set(GROUPS)
    if unknown:  # a misspelt group would silently keep its hand weight
        raise ValueError(f"unknown term groups {sorted(unknown)}: the groups are {GROUPS}")
    w = {g: weights.get(g, hand) for g, hand in zip(GROUPS, _HAND)}
    side_masks = heuristics._side_masks

    def sheet_worth(layers, filled, side, outlook):
        if not outlook.seasons_left:
            return 0.0
        masks = side_masks(side)
        empty = FULL & ~filled
        edicts = 0.0
        for scorer, now, later, far in outlook.edicts:
            stars, credit = scorer(layers, filled, masks)
            edicts += (now + later) * stars + (now * outlook.soon + later + far) * credit
        monsters = layers[heuristics.MONSTER]
        exposed = (empty & outlook.reach(monsters)).bit_count() if monsters else 0
        shortfall = max(0.0, outlook.ruins - (masks[1] & empty).bit_count())
        pockets = (outlook.pockets * (empty & surrounded(filled)).bit_count()
                   if outlook.pockets else 0)
        ambush = outlook.ambushes.risk(layers, filled) if outlook.ambushes else 0.0
        return (w["edicts"] * edicts - w["monsters"] * exposed * outlook.exposure
                - w["ruins"] * heuristics.WEIGHTS.ruins_shortfall * shortfall
                - w["pockets"] * pockets
                - w["ambush"] * ambush + w["empty"] * empty.bit_count()
                + w["mountains"] * outlook.coins_to_come(masks[2], filled & masks[3]))
    return sheet_worth


def screen_game(job: tuple) -> dict:
    seed, index, side, bot, weights = job
    if weights is not None:
        heuristics.sheet_worth = weighted_sheet_worth(weights)
    seed_of_game = game_seed(seed, index)
    state = load_game("cartographers").new(1, seed_of_game, side=side)
    player = make_bot(bot, bot_seed(seed_of_game, 0))
    while not state.is_over():
        state.apply(0, player.choose(SeatView(state.clone(), 0), 0))
    return {"index": index, "score": state.scores()[0], "rating": state.solo_rating()[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rollouts = commands.add_parser("rollouts")
    fitting = commands.add_parser("fit")
    fitting.add_argument("files", nargs="+")
    screen = commands.add_parser("screen")
    screen.add_argument("--bot", default="greedy")
    screen.add_argument("--weights", help="a fit's output (default: the hand weights)")
    for command in (rollouts, screen):
        command.add_argument("--side", default="A")
        command.add_argument("--games", type=int, required=True)
        command.add_argument("--seed", type=int, required=True)
        command.add_argument("--workers", type=int, default=2)
    for command in (rollouts, fitting, screen):
        command.add_argument("--out", required=True)
    args = parser.parse_args()
    if args.command == "fit":
        found = fit(args.files)
        for group, (weight, half) in found.items():
            print(f"  {group:10s} {weight:+.2f} ± {half:.2f}")
        Path(args.out).write_text(json.dumps({g: w for g, (w, _) in found.items()}, indent=1))
        return
    if args.command == "rollouts":
        work, jobs = rollout_game, [(args.seed, i, args.side) for i in range(args.games)]
    else:
        weights = json.loads(Path(args.weights).read_text()) if args.weights else None
        work = screen_game
        jobs = [(args.seed, i, args.side, args.bot, weights) for i in range(args.games)]
    # A fresh file each run: the screen's summary reads it back, and must read this run only.
    with open(args.out, "w") as out, Pool(args.workers) as pool:
        for result in pool.imap(work, jobs):
            for line in (result if isinstance(result, list) else [result]):
                out.write(json.dumps(line) + "\n")
            out.flush()
    if args.command == "screen":
        ratings = [json.loads(line)["rating"]
                   for line in Path(args.out).read_text().splitlines()]
        mean = sum(ratings) / len(ratings)
        half = 1.96 * math.sqrt(sum((r - mean) ** 2 for r in ratings) / (len(ratings) - 1)
                                / len(ratings))
        print(f"{len(ratings)} games in {args.out}: mean rating {mean:+.1f} ± {half:.1f}")


if __name__ == "__main__":
    main()
