"""A learned Cartographers evaluation: an n-tuple network trained by self-play (issue 32).

What it learns is a *correction* to the hand-written `heuristics.seat_worth`:
a seat's value is the hand-written worth plus the sum, over every 2×2 window of
its sheet, of a weight looked up by what the window shows. This is the n-tuple
network of the strongest 2048 players (Szubert & Jaśkowski 2014; Yeh et al.
2016), here over the sheet's terrain patterns:

* a window's four cells are each one of eight kinds (empty, open ruins, forest,
  village, farm, water, monster, mountain or wasteland): 8**4 = 4,096 patterns,
  and a window on the sheet's edge has its own table (edges pay for Sentinel
  Wood, Borderlands and the like);
* a *general* table per season, and one table per scoring card, counted once per
  scoring of that card still to come (a village pattern matters under Wildholds,
  not under Sentinel Wood). 16 cards and 4 seasons: 20 × 2 × 4,096 weights,
  float32, about 650 KB.

Why a correction and not a value from scratch: the hand-written worth already
reads everything the rules make countable (banked stars, coins, edict
arithmetic, monsters), and a few thousand self-play games on this machine are
far too few to learn that from nothing; what is left to learn is where its
hand-set credits are wrong for the patterns a sheet actually shows.

Honest by construction: the features are the seat's own sheet, the edicts and
the season, all public; the hand-written worth reads only public facts too.

Training (`train`) is temporal-difference learning on afterstates, TD(0): solo
self-play in which the seat draws the placement that is best by hand-written
worth plus the correction, among the 12 best by the hand-written worth alone
(`candidates`), and each chosen afterstate's value moves toward the next one's,
the last toward the final score. Normalised step: the weights of an afterstate
move by ``rate × error / (number of active weights, weighted)``, the rate
decaying with the games played (`decay`).

No level uses it: over 20,000 games it never made greedy decide better than the
hand-written worth alone (docs/bots.md has the measurements and why).

The feature reading and the weights on disk live in `ntuple.py` (re-exported here), so
that the search's heuristics can read the shipped correction without importing this
module, which imports them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from boardgamesbot.engine import Action, load_game

from .components import SCORING_CARDS, MapSide
from .heuristics import (
    Layers,
    Outlook,
    candidates,
    placement_values,
    seat_worth,
)
from .notation import Draw, Fallback
from .ntuple import (  # the feature reading and the weights on disk, re-exported
    CARD_NAMES,
    EDGE_KINDS,
    FORMAT,
    KINDS,
    OFFSETS,
    PATTERNS,
    SHIPPED,
    TABLE_SIZE,
    TABLES,
    TIME_STEPS,
    WEIGHTS,
    Checkpoint,
    Features,
    cell_kinds,
    features,
    shipped,
    window_patterns,
)
from .ntuple import (
    _scorings_left as _scorings_left,  # read by tests and bench/cartographers_learned.py
)
from .state import DRAW, OVER, CartographersState, draw_table
from .weights import other_seed

# The step of the offsets (`ntuple.OFFSETS`: one per season and time used in it, the same
# for every placement of a decision, so they decide nothing but soak up how far the
# hand-written worth is off on the whole at that point of the game). Without them that
# error spread over the pattern weights (a first run, 750 games: greedy with the
# correction fell 4-5 stars behind), and the patterns a drawing destroys most (empty
# windows) took the blame.
OFFSET_RATE = 0.05
# The step decays as 1 / (1 + games / DECAY_GAMES): a constant step keeps the pattern
# weights as noisy as the last few hundred games (session 34: after 1,000 games at a
# constant 0.02 the correction re-ranked near-equal placements at random), while a
# step shrinking like 1/n averages over every game played so far.
DECAY_GAMES = 5_000


# The evaluation ------------------------------------------------------------------------


class LearnedEvaluation:
    """The hand-written worth plus the learned correction, as `heuristics.evaluate`
    and `heuristics.placement_values` compute it."""

    def __init__(self, weights: np.ndarray, shrink: float = 1.0, margin: float = 0.0) -> None:
        """``shrink``: how much of the correction a decision believes (0: none, the
        hand-written choice); ``margin``: how many stars a placement must gain over the
        hand-written best, by the corrected value, to be chosen instead of it."""
        self.weights = weights
        self.shrink = shrink
        self.margin = margin

    def read(self, state: CartographersState, layers: Layers, filled: int,
             side: MapSide) -> Features:
        """The weights a sheet of ``state`` reads (a subclass may read other features)."""
        return features(layers, filled, side, state.season, state.edicts, state.time_used())

    def correction(self, state: CartographersState, layers: Layers, filled: int,
                   side: MapSide) -> float:
        if state.step == OVER:
            return 0.0
        return self.read(state, layers, filled, side).value(self.weights)

    def evaluate(self, state: CartographersState, player: int) -> float:
        """`heuristics.evaluate` with every seat's worth corrected."""
        from .heuristics import _margin, _with_pending

        outlook = Outlook(state)
        sheets = _with_pending(state)
        worths = []
        for seat in range(state.num_players):
            layers, filled, coins = sheets[seat]
            side = state.sheets[seat].side
            worths.append(seat_worth(state, seat, outlook, layers, filled, coins)
                          + self.correction(state, layers, filled, side))
        return _margin(worths[player], worths[:player] + worths[player + 1:])

    def afterstates(self, state: CartographersState, player: int, limit: int = 12,
                    ranked: bool = True) -> list[tuple[Action, float, Features]]:
        """The ``limit`` best drawings by the hand-written worth, each with its
        (hand-written value, features of the sheet it leaves), best corrected first
        (``ranked``) or in `candidates`' order (the hand-written best first)."""
        chosen = candidates(state, player, limit)
        values = dict((action, value) for value, action in placement_values(state, player))
        sheet = state.sheets[player]
        found: list[tuple[Action, float, Features]] = []
        for action in chosen:
            layers, filled = _placed(state, player, action)
            found.append((action, values[action], self.read(state, layers, filled, sheet.side)))
        if ranked:
            found.sort(key=lambda item: -(item[1] + item[2].value(self.weights)))
        return found


    def choose(self, state: CartographersState, player: int) -> Action:
        """The drawing the corrected value prefers, if it beats the hand-written best by
        more than ``margin`` with ``shrink`` of the correction; else the hand-written best."""
        options = self.afterstates(state, player, ranked=False)
        plain = options[0]

        def believed(option: tuple[Action, float, Features]) -> float:
            return option[1] + self.shrink * option[2].value(self.weights)
        best = max(options, key=believed)
        return best[0] if believed(best) > believed(plain) + self.margin else plain[0]


def _placed(state: CartographersState, player: int, action: Action) -> tuple[Layers, int]:
    """The seat's layers and filled mask with ``action`` drawn (pending choices of this
    step aside: solo, there are none)."""
    sheet = state.sheets[player]
    layers, filled = sheet.layers[:], sheet.filled
    if isinstance(action, Draw):
        card = state.explore_card
        for mask, group in draw_table(card):  # noqa: B007 (``mask`` is read after it)
            if action in group:
                break
        else:  # pragma: no cover - a legal drawing is always in the table
            raise ValueError(f"{action} is not a drawing of {card.name}")
    elif isinstance(action, Fallback):
        mask = 1 << action.cell
    else:
        return layers, filled
    from .heuristics import _TERRAIN
    layers[_TERRAIN[action.terrain]] |= mask
    return layers, filled | mask


# Self-play training -------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def _solo_game(seed: int, side: str) -> CartographersState:
    """A new solo game, made through the registry (game.py imports this module)."""
    state = load_game("cartographers").new(1, seed, side=side)
    assert isinstance(state, CartographersState)
    return state


def decay(games: int) -> float:
    """How much of its first step a run takes at game number ``games`` (from 0)."""
    return DECAY_GAMES / (DECAY_GAMES + games)


def drawings(state: CartographersState, rng: random.Random) -> Iterator[CartographersState]:
    """A solo game's drawings, one at a time, until it is over: the steps between them
    are played at random (solo, none of them is a choice the evaluation ranks). The
    caller draws on the state handed out before asking for the next."""
    while not state.is_over():
        if state.step != DRAW:
            state.apply(0, rng.choice(state.legal_actions(0)))
            continue
        yield state


def train_game(weights: np.ndarray, seed: int, side: str, rate: float,
               explore: float = 0.05, offset_rate: float = OFFSET_RATE) -> float:
    """One solo self-play game, TD(0) on the chosen afterstates; its final score.
    ``rate`` and ``offset_rate``: the steps of the pattern weights and of the offsets.

    ``explore``: the share of decisions that take a random one of the candidates
    (the usual ε-greedy; the update still follows the afterstate taken).
    """
    evaluation = LearnedEvaluation(weights)
    state = _solo_game(seed, side)
    rng = random.Random(seed)
    previous: tuple[float, Features] | None = None
    while not state.is_over():
        if state.step != DRAW or 0 not in state.current_players():
            state.apply(state.current_players()[0],
                        rng.choice(state.legal_actions(state.current_players()[0])))
            continue
        options = evaluation.afterstates(state, 0)
        action, hand, feats = options[0] if rng.random() >= explore else rng.choice(options)
        value = hand + feats.value(weights)
        if previous is not None:
            _update(weights, previous, value, rate, offset_rate)
        previous = (hand, feats)  # the learned part is re-read at the update
        state.apply(0, action)
    final = float(state.scores()[0])
    if previous is not None:
        _update(weights, previous, final, rate, offset_rate)
    return final


def _update(weights: np.ndarray, previous: tuple[float, Features], target: float,
            rate: float, offset_rate: float) -> None:
    hand, feats = previous
    error = target - (hand + feats.value(weights))
    norm = float(feats.scale @ feats.scale) or 1.0
    np.add.at(weights, feats.index, (rate * error / norm) * feats.scale)
    if feats.offset >= 0:
        weights[feats.offset] += offset_rate * error


def play_solo(weights: np.ndarray | None, seed: int, side: str,
              evaluation: LearnedEvaluation | None = None) -> tuple[int, float]:
    """A solo game played greedily (no exploration, no learning): by the hand-written
    worth alone when ``weights`` is None, by ``evaluation``'s choice when given, else by
    the corrected value. (score, solo rating)."""
    if evaluation is None and weights is not None:
        evaluation = LearnedEvaluation(weights)
    state = _solo_game(seed, side)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.current_players()[0]
        if state.step != DRAW:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            continue
        if evaluation is None:
            state.apply(seat, candidates(state, seat, 1)[0])
        else:
            state.apply(seat, evaluation.choose(state, seat))
    return state.scores()[0], float(state.scores()[0]
                                    - sum(SCORING_CARDS[n].solo for n in state.edicts))


def measure(weights: np.ndarray, seed: int, games: int) -> dict[str, Any]:
    """Paired solo games (the same seeds and sides) of greedy with and without the
    correction: the mean rating difference and its standard error."""
    differences = []
    for index in range(games):
        side = "AB"[index % 2]
        game = game_seed(seed, 10_000_000 + index)
        differences.append(play_solo(weights, game, side)[1] - play_solo(None, game, side)[1])
    mean = float(np.mean(differences))
    error = float(np.std(differences, ddof=1) / np.sqrt(len(differences))) if games > 1 else 0.0
    return {"difference": round(mean, 3), "standard_error": round(error, 3), "n": games}


def prediction_error(weights: np.ndarray, seed: int, games: int) -> dict[str, Any]:
    """How well the values predict the final score: over solo games played greedily by
    the hand-written worth, the root mean square error of the chosen afterstates' values
    against the final score, with and without the correction."""
    evaluation = LearnedEvaluation(weights)
    plain: list[float] = []
    corrected: list[float] = []
    for index in range(games):
        played = _solo_game(game_seed(seed, 20_000_000 + index), "AB"[index % 2])
        rng = random.Random(index)
        values = []
        for state in drawings(played, rng):
            action, hand, feats = max(evaluation.afterstates(state, 0),
                                      key=lambda option: option[1])
            values.append((hand, hand + feats.value(weights)))
            state.apply(0, action)
        final = played.scores()[0]
        plain += [(final - hand) ** 2 for hand, _ in values]
        corrected += [(final - value) ** 2 for _, value in values]
    return {"hand": round(float(np.sqrt(np.mean(plain))), 2),
            "corrected": round(float(np.sqrt(np.mean(corrected))), 2), "n": games}


def train(out: str | Path, games: int, seed: int, rate: float = 0.02,
          evaluate_every: int = 200, evaluation_games: int = 20,
          progress: Callable[[Checkpoint, list[float]], None] | None = None) -> Checkpoint:
    """Train until ``games`` games in all, resuming from ``out`` when it holds a checkpoint
    of the same seed; save to ``out`` after every ``evaluate_every`` games.

    ``progress(checkpoint, last_scores)`` is called after each game.
    """
    out = Path(out)
    if out.exists():
        checkpoint = Checkpoint.load(out)
        if checkpoint.seed != seed:
            raise other_seed(out, checkpoint.seed, seed)
    else:
        checkpoint = Checkpoint(np.zeros(WEIGHTS, np.float32), seed, rate=rate)
        checkpoint.curve.append({"games": 0, **measure(checkpoint.weights, seed,
                                                        evaluation_games)})
    scores: list[float] = []
    while checkpoint.games < games:
        index = checkpoint.games
        scores.append(train_game(checkpoint.weights, game_seed(seed, index), "AB"[index % 2],
                                 checkpoint.rate * decay(index),
                                 offset_rate=OFFSET_RATE * decay(index)))
        checkpoint.games += 1
        if checkpoint.games % evaluate_every == 0 or checkpoint.games == games:
            checkpoint.curve.append({"games": checkpoint.games,
                                     **measure(checkpoint.weights, seed, evaluation_games)})
            checkpoint.save(out)
        if progress is not None:
            progress(checkpoint, scores)
    checkpoint.save(out)
    return checkpoint


def train_and_report(out: str | Path, games: int, seed: int, evaluate_every: int = 200,
                     measure_games: int = 40,
                     progress: Callable[[int, str, bool], None] | None = None) -> str:
    """`train` for `bgbot train`, reporting as it goes (``progress(done, note,
    measured)``); a one-line summary of where the run stands."""

    def report(checkpoint: Checkpoint, scores: list[float]) -> None:
        if progress is not None:
            recent = scores[-50:]
            last = checkpoint.curve[-1]
            progress(checkpoint.games,
                     f"(mean score {sum(recent) / len(recent):.1f} over the last "
                     f"{len(recent)}; at {last['games']} games: "
                     f"{last['difference']:+.2f} ± {last['standard_error']:.2f} stars)",
                     last["games"] == checkpoint.games)

    checkpoint = train(out, games, seed, evaluate_every=evaluate_every,
                       evaluation_games=measure_games, progress=report)
    last = checkpoint.curve[-1]
    return (f"{checkpoint.games} games trained (seed {seed}); against the hand-written "
            f"evaluation at {last['games']} games: {last['difference']:+.2f} ± "
            f"{last['standard_error']:.2f} stars over {last['n']} paired solo games; "
            f"weights in {out}")


__all__ = ["CARD_NAMES", "EDGE_KINDS", "FORMAT", "KINDS", "OFFSETS", "PATTERNS", "SHIPPED",
           "TABLES", "TABLE_SIZE", "TIME_STEPS", "WEIGHTS", "Checkpoint", "Features",
           "LearnedEvaluation", "cell_kinds", "features", "measure", "play_solo",
           "prediction_error", "shipped", "train", "train_and_report", "train_game",
           "window_patterns"]
