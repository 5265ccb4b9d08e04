"""How the learned Cartographers correction (`games/cartographers/learned.py`) moves
greedy's decisions, and whether it helps (issue 32, docs/history/bots-2026-11-to-12.md).

``profile``
    Solo games played greedily by the hand-written worth; at every drawing, the 12
    candidates' hand-written values and corrections. Per weights file: how far
    apart the hand-written worth puts the best two and the best and twelfth, how
    much the correction varies among the 12 (its standard deviation within a
    decision), how often the corrected best is another placement, and the
    hand-written stars that other placement gives up.
``screen``
    Paired solo deals: greedy with the correction (``--shrink``: the share of it
    believed; ``--margin``: the stars the corrected best must gain over the
    hand-written best to replace it) minus greedy without, the mean rating
    difference ± its standard error. Every (weights, shrink, margin) combination
    on the same deals, the hand-written games played once. ``--seasons``: the
    whole correction in those seasons only, the hand-written choice in the others.
``rollouts``
    Whether the correction's re-rankings are right: in solo games played by
    greedy, at drawings where the corrected best is another placement than the
    hand-written best, both are played on in the same ``--samples`` samples of
    the deck (`SeatView.determinize`: nothing hidden is used) and on to the end
    by greedy. Per re-ranking, the stars the corrected choice gains by those
    rollouts; their mean ± standard error, overall and by the margin the
    correction claimed.
``fit-search``
    The correction fitted to the search's own values (`distilled.py`, session 49), from
    the chunks ``bgbot train cartographers --target search`` recorded: fitted on the
    first ``--games`` games of each count (whole chunks) for every ``--ridge``, with
    the centred error (the search's value minus the hand-written worth, within a
    decision) it leaves on the last ``--holdout`` games, held out from every fit;
    written as ``OUT-TIE-GAMES-RIDGE.npz`` for ``screen`` (the learning curve);
    ``--tie``: which weights share a value (`distilled.tying`).
``fit-pairs``
    The alternative to TD on 2×2 windows: values fitted to outcomes on a compact
    feature set. Solo games by greedy with the correction at zero (5% of
    drawings a random one of the 12 candidates, as training); for every chosen
    afterstate, its features and the final score minus its hand-written value.
    Features: every pair of neighbouring cells (across and down, shared), 8 × 8
    kinds, edge pairs apart, in a table per season and per scoring card (counted
    by scorings left), plus the same per-season-and-time offsets as the n-tuple
    network: 2,624 weights instead of 163,904. Ridge regression (normal
    equations, numpy), written as a weights file ``screen --pairs`` reads.

Usage::

    .venv/bin/python bench/cartographers_learned.py profile w1k.npz w5k.npz --games 20 --seed 3501
    .venv/bin/python bench/cartographers_learned.py screen w20k.npz --games 100 --seed 3502 \\
        --shrink 1 0.5 --margin 0 1 2
    .venv/bin/python bench/cartographers_learned.py fit-pairs --games 1500 \\
        --seed 3503 --out pairs.npy
    .venv/bin/python bench/cartographers_learned.py screen pairs.npy --pairs --games 100 --seed 3502
    .venv/bin/python bench/cartographers_learned.py fit-search search49.npz.samples \
        --games 40 80 160 --ridge 3 30 300 --out search49
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics

import numpy as np

from boardgamesbot.bots import SeatView
from boardgamesbot.games.cartographers.components import SEASONS, SIZE
from boardgamesbot.games.cartographers.heuristics import candidates
from boardgamesbot.games.cartographers.learned import (
    CARD_NAMES,
    OFFSETS,
    TABLES,
    TIME_STEPS,
    Checkpoint,
    Features,
    LearnedEvaluation,
    _scorings_left,
    _solo_game,
    cell_kinds,
    drawings,
    game_seed,
    play_solo,
)
from boardgamesbot.games.cartographers.state import DRAW

KINDS = 8
PAIR_TABLE = 2 * KINDS * KINDS
PAIR_WEIGHTS = TABLES * PAIR_TABLE + OFFSETS
# Every pair of neighbouring cells: (first, second) across, then down.
_FIRST = np.array([r * SIZE + c for r in range(SIZE) for c in range(SIZE - 1)]
                  + [r * SIZE + c for r in range(SIZE - 1) for c in range(SIZE)])
_SECOND = np.concatenate([_FIRST[:SIZE * (SIZE - 1)] + 1, _FIRST[SIZE * (SIZE - 1):] + SIZE])


def _on_edge(cell: np.ndarray) -> np.ndarray:
    row, col = cell // SIZE, cell % SIZE
    return (row == 0) | (row == SIZE - 1) | (col == 0) | (col == SIZE - 1)


_PAIR_EDGE = ((_on_edge(_FIRST) | _on_edge(_SECOND)).astype(np.int64)) * KINDS * KINDS


class PairEvaluation(LearnedEvaluation):
    """The correction read from neighbouring pairs instead of 2×2 windows."""

    def read(self, state, layers, filled, side) -> Features:
        kinds = cell_kinds(layers, filled, side)
        patterns = kinds[_FIRST] * KINDS + kinds[_SECOND] + _PAIR_EDGE
        parts, scales = [patterns + state.season * PAIR_TABLE], [np.ones(len(patterns))]
        for name, letter in zip(state.edicts, "ABCD"):
            left = _scorings_left(state.season, letter)
            if left:
                table = len(SEASONS) + CARD_NAMES.index(name)
                parts.append(patterns + table * PAIR_TABLE)
                scales.append(np.full(len(patterns), float(left)))
        offset = (TABLES * PAIR_TABLE + state.season * TIME_STEPS
                  + min(state.time_used(), TIME_STEPS - 1))
        return Features(np.concatenate(parts), np.concatenate(scales).astype(np.float32),
                        offset)


def _dense(feats: Features) -> np.ndarray:
    row = np.bincount(feats.index, feats.scale, minlength=PAIR_WEIGHTS)
    row[feats.offset] += 1.0
    return row


def _greedy_to_the_end(state, rng: random.Random) -> int:
    while not state.is_over():
        if state.step != DRAW:
            state.apply(0, rng.choice(state.legal_actions(0)))
        else:
            state.apply(0, candidates(state, 0, 1)[0])
    return state.scores()[0]


MARGIN_BINS = (0.0, 0.5, 1.0, 2.0, math.inf)


def rollouts(path: str, games: int, seed: int, samples: int, share: float) -> None:
    evaluation = LearnedEvaluation(Checkpoint.load(path).weights)
    found: list[tuple[float, float]] = []  # (claimed margin, rollout gain)
    for index in range(games):
        game, side = _deal(seed, index)
        played = _solo_game(game, side)
        rng = random.Random(game)
        for decision, state in enumerate(drawings(played, rng), 1):
            options = evaluation.afterstates(state, 0)
            plain = max(options, key=lambda option: option[1])
            corrected = options[0]
            if corrected[0] != plain[0] and rng.random() < share:
                seat = SeatView(state.clone(), 0)
                worlds = [seat.determinize(random.Random(game * 1_009 + decision * 31 + s))
                          for s in range(samples)]
                gains = []
                for world in worlds:
                    scores = []
                    for action in (corrected[0], plain[0]):
                        after = world.clone()
                        after.apply(0, action)
                        scores.append(_greedy_to_the_end(after, random.Random(decision)))
                    gains.append(scores[0] - scores[1])
                claimed = (corrected[1] + corrected[2].value(evaluation.weights)
                           - plain[1] - plain[2].value(evaluation.weights))
                found.append((claimed, statistics.mean(gains)))
            state.apply(0, plain[0])
        print(f"{index + 1} games, {len(found)} re-rankings", flush=True)
    _report("all", [gain for _, gain in found])
    for low, high in itertools.pairwise(MARGIN_BINS):
        _report(f"claimed {low:g}-{high:g}", [g for c, g in found if low <= c < high])


def _report(label: str, gains: list[float]) -> None:
    if len(gains) > 1:
        error = statistics.stdev(gains) / math.sqrt(len(gains))
        print(f"{label}: {len(gains)} re-rankings, rollout gain {statistics.mean(gains):+.3f} "
              f"± {error:.3f} stars, right {sum(g > 0 for g in gains)}, wrong "
              f"{sum(g < 0 for g in gains)}", flush=True)


def fit_pairs(games: int, seed: int, ridge: float, explore: float = 0.05) -> np.ndarray:
    evaluation = PairEvaluation(np.zeros(PAIR_WEIGHTS, np.float32))
    gram = np.zeros((PAIR_WEIGHTS, PAIR_WEIGHTS))
    moment = np.zeros(PAIR_WEIGHTS)
    rows = 0
    for index in range(games):
        game, side = _deal(seed, index)
        played = _solo_game(game, side)
        rng = random.Random(game)
        chosen = []
        for state in drawings(played, rng):
            options = evaluation.afterstates(state, 0)
            action, hand, feats = options[0] if rng.random() >= explore else rng.choice(options)
            chosen.append((hand, _dense(feats)))
            state.apply(0, action)
        final = float(played.scores()[0])
        block = np.array([row for _, row in chosen])
        gram += block.T @ block
        moment += block.T @ np.array([final - hand for hand, _ in chosen])
        rows += len(chosen)
        if (index + 1) % 250 == 0:
            print(f"{index + 1} games, {rows} afterstates", flush=True)
    weights: np.ndarray = np.linalg.solve(gram + ridge * np.eye(PAIR_WEIGHTS), moment)
    return weights.astype(np.float32)


def _deal(seed: int, index: int) -> tuple[int, str]:
    """The deal of game ``index``: its seed and side (A and B alternating)."""
    return game_seed(seed, index), "AB"[index % 2]


class SeasonsOnly(LearnedEvaluation):
    """The correction believed in some seasons only (the hand-written choice in the
    others): does its harm come from where its choices lead later in the game?"""

    def __init__(self, weights: np.ndarray, seasons: set[int]) -> None:
        super().__init__(weights)
        self.seasons = seasons

    def choose(self, state, player):
        if state.season in self.seasons:
            return super().choose(state, player)
        return candidates(state, player, 1)[0]


def _evaluation(path: str, pairs: bool, shrink: float = 1.0,
                margin: float = 0.0) -> LearnedEvaluation:
    """The correction in ``path``: an n-tuple checkpoint, or pair weights (``fit-pairs``)."""
    if pairs:
        return PairEvaluation(np.load(path), shrink, margin)
    return LearnedEvaluation(Checkpoint.load(path).weights, shrink, margin)


def profile(path: str, games: int, seed: int, pairs: bool = False) -> dict[str, float]:
    evaluation = _evaluation(path, pairs)
    gaps, spreads, noise, losses = [], [], [], []
    changed = decisions = 0
    for index in range(games):
        game, side = _deal(seed, index)
        played = _solo_game(game, side)
        rng = random.Random(game)
        for state in drawings(played, rng):
            options = evaluation.afterstates(state, 0)
            hand = np.array([option[1] for option in options])
            corrections = np.array([option[2].value(evaluation.weights) for option in options])
            plain = int(np.argmax(hand))
            ranked = np.sort(hand)[::-1]
            decisions += 1
            if len(options) > 1:
                gaps.append(ranked[0] - ranked[1])
                spreads.append(ranked[0] - ranked[-1])
                noise.append(float(np.std(corrections)))
            chosen = int(np.argmax(hand + corrections))
            if hand[chosen] < hand[plain]:
                changed += 1
                losses.append(hand[plain] - hand[chosen])
            state.apply(0, options[plain][0])
    return {"decisions": decisions,
            "gap_best_two": statistics.median(gaps), "gap_best_twelfth": statistics.median(spreads),
            "correction_sd": statistics.median(noise), "changed": changed / decisions,
            "stars_given_up": statistics.mean(losses) if losses else 0.0}


def screen(paths: list[str], games: int, seed: int, shrinks: list[float],
           margins: list[float], pairs: bool = False,
           seasons: list[int] | None = None) -> None:
    hand = [play_solo(None, *_deal(seed, index))[1] for index in range(games)]
    print(f"hand-written greedy: mean rating {statistics.mean(hand):.2f} over {games} deals",
          flush=True)
    for path, shrink, margin in itertools.product(paths, shrinks, margins):
        evaluation = (SeasonsOnly(Checkpoint.load(path).weights, set(seasons)) if seasons
                      else _evaluation(path, pairs, shrink, margin))
        differences = [play_solo(None, *_deal(seed, index), evaluation=evaluation)[1]
                       - hand[index] for index in range(games)]
        error = statistics.stdev(differences) / math.sqrt(games)
        where = f" seasons {seasons}" if seasons else ""
        print(f"{path} shrink {shrink:g} margin {margin:g}{where}: "
              f"{statistics.mean(differences):+.2f} ± {error:.2f} stars (95%: "
              f"± {1.96 * error:.2f}; n={games}, "
              f"better {sum(d > 0 for d in differences)}, worse "
              f"{sum(d < 0 for d in differences)})", flush=True)


def fit_search(folder: str, counts: list[int], ridges: list[float], holdout: int,
               out: str, ties: list[str]) -> None:
    from pathlib import Path

    from boardgamesbot.games.cartographers import distilled

    chunks = [distilled.Samples.load(path) for path in distilled.recorded(Path(folder))]
    total = sum(chunk.games for chunk in chunks)
    held, kept = [], list(chunks)
    while kept and sum(c.games for c in held) < holdout:
        held.insert(0, kept.pop())
    test = distilled.Samples.join(held)
    print(f"{total} games recorded; {test.games} held out ({len(test.count)} placements, "
          f"{test.decisions} decisions): hand-written alone leaves "
          f"{distilled.centred_error(test, None):.3f} stars (centred)", flush=True)
    for count in counts:
        used, games = [], 0
        for chunk in kept:
            if games + chunk.games > count:
                break
            used.append(chunk)
            games += chunk.games
        train = distilled.Samples.join(used)
        for ridge, tie in itertools.product(ridges, ties):
            weights = distilled.fit(train, ridge, tie=tie)
            name = f"{out}-{tie}-{games}-{ridge:g}.npz"
            Checkpoint(weights, 0, games, 0.0, [{"games": games, "ridge": ridge,
                                                 "tie": tie}]).save(name)
            print(f"{games} games ({len(train.count)} placements), {tie}, ridge {ridge:g}: "
                  f"fitted {distilled.centred_error(train, weights):.3f}, held out "
                  f"{distilled.centred_error(test, weights):.3f} -> {name}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("profile")
    one.add_argument("weights", nargs="+")
    one.add_argument("--games", type=int, default=20)
    one.add_argument("--seed", type=int, default=3501)
    one.add_argument("--pairs", action="store_true", help="pair weights from fit-pairs")
    two = commands.add_parser("screen")
    two.add_argument("weights", nargs="+")
    two.add_argument("--games", type=int, default=100)
    two.add_argument("--seed", type=int, default=3502)
    two.add_argument("--shrink", type=float, nargs="+", default=[1.0])
    two.add_argument("--margin", type=float, nargs="+", default=[0.0])
    two.add_argument("--pairs", action="store_true", help="pair weights from fit-pairs")
    two.add_argument("--seasons", type=int, nargs="+",
                     help="believe the whole correction in these seasons (0-3) only")
    four = commands.add_parser("rollouts")
    four.add_argument("weights")
    four.add_argument("--games", type=int, default=20)
    four.add_argument("--seed", type=int, default=3504)
    four.add_argument("--samples", type=int, default=8)
    four.add_argument("--share", type=float, default=0.5)
    three = commands.add_parser("fit-pairs")
    three.add_argument("--games", type=int, default=2000)
    three.add_argument("--seed", type=int, default=3503)
    three.add_argument("--ridge", type=float, default=10.0)
    three.add_argument("--out", required=True)
    five = commands.add_parser("fit-search")
    five.add_argument("folder", help="the chunks: OUT.samples of the training command")
    five.add_argument("--games", type=int, nargs="+", required=True)
    five.add_argument("--ridge", type=float, nargs="+", default=[30.0])
    five.add_argument("--holdout", type=int, default=20)
    five.add_argument("--out", required=True)
    five.add_argument("--tie", nargs="+", default=["full"],
                      help="which weights share a value: full, symmetric, general")
    args = parser.parse_args()
    if args.command == "fit-search":
        fit_search(args.folder, args.games, args.ridge, args.holdout, args.out, args.tie)
    elif args.command == "profile":
        for path in args.weights:
            figures = profile(path, args.games, args.seed, args.pairs)
            print(path, " ".join(f"{key} {value:.3g}" for key, value in figures.items()),
                  flush=True)
    elif args.command == "rollouts":
        rollouts(args.weights, args.games, args.seed, args.samples, args.share)
    elif args.command == "fit-pairs":
        np.save(args.out, fit_pairs(args.games, args.seed, args.ridge))
    else:
        screen(args.weights, args.games, args.seed, args.shrink, args.margin, args.pairs,
               args.seasons)


if __name__ == "__main__":
    main()
