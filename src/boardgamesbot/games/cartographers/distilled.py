"""The learned correction fitted to the search's own values (issue 32, session 49).

The TD(0) correction of `learned.py` learns from greedy's own play, its target greedy's
own next value: it never helped greedy nor `hard` (docs/bots.md). This is the other
learning target: what `hard`'s search says each placement it compares is worth. At
every drawing of `hard`'s own solo games the search values its shortlist (the mean, over
its sampled futures, of the worth two cards later); the correction is fitted so that

    hand-written worth of the afterstate + correction ≈ the search's value

— a one-card evaluation that has learned what two cards of lookahead see, for greedy
(`medium`) and at the ends of `hard`'s own futures (`LEARNED_LEAF`: a deeper look for
the same time).

Only differences within a decision are fitted (each decision's targets and features are
centred): the search's values of one decision share its sampled futures, so their level
says how lucky those futures were, not what the placements are worth; and only the
ranking of placements decides anything. So the offsets (`ntuple.OFFSETS`) stay zero.

The fit is ridge regression over the n-tuple weights, solved by conjugate gradients
on the normal equations in numpy (a few million non-zeros: a sparse product by
``bincount``). Each placement is stored as its features *minus* those of the decision's
first placement: a drawing changes only the windows it touches, so a row has tens of
non-zeros, not the hundreds of a whole sheet, and centring removes the difference again.

Honest by construction: the teacher is a bot that sees the seat's window and samples
(`SeatView`, `determinize`), and the record reads only the seat's own sheet, the edicts,
the season and the time used, all in the seat's view. A game never imports a bot, so
the teacher is handed in (`bgbot train --target search` passes the `hard` level).

The samples are written in chunks of games next to the weights file
(``<out>.samples/``), each once its games are done: a stopped run resumes at the
first game not in a chunk, and every checkpoint refits on all the samples so far.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path

import numpy as np

from boardgamesbot.engine import Action, State

from .components import SEASONS
from .heuristics import placement_values
from .learned import _placed, _solo_game, game_seed, measure
from .ntuple import KINDS, PATTERNS, TABLE_SIZE, TABLES, WEIGHTS, Checkpoint, features
from .state import DRAW, CartographersState
from .weights import other_seed

# A teacher: the actions a search compares at ``(state, player)``, each with the value the
# search gives it, the one it plays first. It is handed a state and must read it only
# through the seat's window (`bgbot train` wraps the state in a `SeatView`).
Teacher = Callable[[State, int], Sequence[tuple[Action, float]]]

PATTERN_WEIGHTS = TABLES * TABLE_SIZE  # the fitted part (the offsets stay zero)
# The ridge penalty per weight and which weights share a value (`tying`): the pair that
# left the least error on 20 held-out games after fitting 80 (docs/bots.md, session 49;
# all the full tables' 163,840 weights at ridge 30 fitted the recorded games and
# predicted held-out ones worse than the hand-written worth alone).
RIDGE = 1000.0
TIE = "symmetric"
CG_STEPS = 150
TARGET = "search"


@dataclass
class Samples:
    """Recorded placements, one row each: the decision it belongs to, the target (the
    search's value minus the hand-written worth, less the same for the decision's first
    placement), and its features minus those of that first placement (sparse)."""

    decision: np.ndarray   # int64, per row
    target: np.ndarray     # float64, per row
    hand: np.ndarray       # float32, per row: the hand-written worth of the afterstate
    search: np.ndarray     # float32, per row: the search's value
    count: np.ndarray      # int32, per row: non-zeros of the row
    column: np.ndarray     # int32, per non-zero
    value: np.ndarray      # float32, per non-zero
    games: int = 0

    @classmethod
    def empty(cls) -> Samples:
        return cls(np.zeros(0, np.int64), np.zeros(0), np.zeros(0, np.float32),
                   np.zeros(0, np.float32), np.zeros(0, np.int32), np.zeros(0, np.int32),
                   np.zeros(0, np.float32))

    @property
    def decisions(self) -> int:
        return int(self.decision.max()) + 1 if len(self.decision) else 0

    @classmethod
    def join(cls, parts: Iterable[Samples]) -> Samples:
        parts = list(parts)
        if not parts:
            return cls.empty()
        shifted, base = [], 0
        for part in parts:
            shifted.append(part.decision + base)
            base += part.decisions
        def joined(name: str) -> np.ndarray:
            return np.concatenate([getattr(part, name) for part in parts])

        return cls(np.concatenate(shifted), joined("target"), joined("hand"),
                   joined("search"), joined("count"), joined("column"), joined("value"),
                   games=sum(part.games for part in parts))

    def save(self, path: Path) -> None:
        temporary = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(temporary, decision=self.decision, target=self.target,
                            hand=self.hand, search=self.search, count=self.count,
                            column=self.column, value=self.value,
                            games=np.array(self.games))
        temporary.replace(path)  # a stopped run never leaves half a chunk

    @classmethod
    def load(cls, path: Path) -> Samples:
        with np.load(path) as data:
            return cls(data["decision"], data["target"], data["hand"], data["search"],
                       data["count"], data["column"], data["value"], int(data["games"]))

    def games_part(self, keep: Callable[[np.ndarray], np.ndarray]) -> Samples:
        """The rows of the decisions ``keep(decision ids)`` selects (a boolean mask)."""
        rows = keep(self.decision)
        nonzero = np.repeat(rows, self.count)
        _, renumbered = np.unique(self.decision[rows], return_inverse=True)
        return Samples(renumbered.astype(np.int64), self.target[rows], self.hand[rows],
                       self.search[rows], self.count[rows], self.column[nonzero],
                       self.value[nonzero])


def _difference(index: np.ndarray, scale: np.ndarray, base_index: np.ndarray,
                base_scale: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sparse (index, scale) minus sparse (base_index, base_scale), zeros dropped."""
    keys, inverse = np.unique(np.concatenate([index, base_index]), return_inverse=True)
    sums = np.bincount(inverse, weights=np.concatenate([scale, -base_scale]),
                       minlength=len(keys))
    keep = np.abs(sums) > 1e-6
    return keys[keep].astype(np.int32), sums[keep].astype(np.float32)


def decision_samples(state: CartographersState, player: int,
                     teacher: Teacher) -> tuple[Action, Samples | None]:
    """The teacher's choice at ``player``'s decision, and the decision's samples (None
    when it is no drawing or the teacher compared fewer than two placements).

    The features are those of the seat's own sheet after each placement, the edicts,
    the season and the time used: nothing the seat cannot see."""
    compared = list(teacher(state, player))
    chosen = compared[0][0]
    if state.step != DRAW or len(compared) < 2:
        return chosen, None
    hands = dict((action, value) for value, action in placement_values(
        state, player, [action for action, _ in compared]))
    side = state.sheets[player].side
    rows = []
    for action, value in compared:
        layers, filled = _placed(state, player, action)
        read = features(layers, filled, side, state.season, state.edicts, state.time_used())
        rows.append((hands[action], value, read.index, read.scale))
    base_hand, base_value, base_index, base_scale = rows[0]
    columns, values, counts, targets = [], [], [], []
    for hand, value, index, scale in rows:
        column, weight = _difference(index, scale, base_index, base_scale)
        columns.append(column)
        values.append(weight)
        counts.append(len(column))
        targets.append((value - hand) - (base_value - base_hand))
    return chosen, Samples(np.zeros(len(rows), np.int64), np.array(targets),
                           np.array([r[0] for r in rows], np.float32),
                           np.array([r[1] for r in rows], np.float32),
                           np.array(counts, np.int32), np.concatenate(columns),
                           np.concatenate(values))


def record_game(job: tuple[int, str, Teacher]) -> Samples:
    """One solo game played by the teacher (every decision its first), its drawings
    recorded."""
    seed, side, teacher = job
    state = _solo_game(seed, side)
    found = []
    while not state.is_over():
        seat = state.current_players()[0]
        action, samples = decision_samples(state, seat, teacher)
        if samples is not None:
            found.append(samples)
        state.apply(seat, action)
    joined = Samples.join(found)
    joined.games = 1
    return joined


# The fit ------------------------------------------------------------------------------


def tying(kind: str) -> np.ndarray:
    """Which weights share one value, as a group per pattern weight (-1: held at zero).

    ``full``: none shared (163,840 weights: far more than a few hundred recorded games
    can fit); ``symmetric``: a window and its turns and mirror images share a weight
    (666 classes of the 4,096 patterns); ``general``: ``symmetric`` in the per-season
    tables only, the scoring cards' tables at zero (5,328 weights)."""
    if kind == "full":
        every: np.ndarray = np.arange(PATTERN_WEIGHTS)
        return every
    canonical = _canonical_patterns()
    table, rest = np.divmod(np.arange(PATTERN_WEIGHTS), TABLE_SIZE)
    edge, pattern = np.divmod(rest, PATTERNS)
    classes = int(canonical.max()) + 1
    group: np.ndarray = (table * 2 + edge) * classes + canonical[pattern]
    if kind == "general":
        group[table >= len(SEASONS)] = -1
    elif kind != "symmetric":
        raise ValueError(f"no tying {kind!r}: full, symmetric or general")
    return group


def _canonical_patterns() -> np.ndarray:
    """Each 2×2 pattern's class under the square's turns and mirror images (the digits
    are the cells top-left, top-right, bottom-left, bottom-right)."""
    cells = np.array(np.unravel_index(np.arange(PATTERNS), (KINDS,) * 4)).T  # tl tr bl br
    orders = [(0, 1, 2, 3), (1, 3, 0, 2), (3, 2, 1, 0), (2, 0, 3, 1),  # turns
              (1, 0, 3, 2), (2, 3, 0, 1), (0, 2, 1, 3), (3, 1, 2, 0)]  # mirror images
    codes = np.stack([((cells[:, list(order)]) * KINDS ** np.arange(3, -1, -1)).sum(axis=1)
                      for order in orders])
    _, classes = np.unique(codes.min(axis=0), return_inverse=True)
    found: np.ndarray = classes.astype(np.int64)
    return found


def fit(samples: Samples, ridge: float = RIDGE, steps: int = CG_STEPS,
        tie: str = TIE) -> np.ndarray:
    """Weights (`ntuple.WEIGHTS`, the offsets zero) minimising, over the decisions, the
    squared error of the centred targets by the centred features, plus ``ridge`` × the
    squared weights, the weights tied as `tying` says: conjugate gradients on the
    normal equations."""
    weights = np.zeros(WEIGHTS, np.float32)
    if not len(samples.decision):
        return weights
    group = tying(tie)
    size_of = int(group.max()) + 1
    rows = np.repeat(np.arange(len(samples.count)), samples.count)
    column = group[samples.column.astype(np.int64)]
    value = samples.value.astype(np.float64)
    kept = column >= 0
    rows, column, value = rows[kept], column[kept], value[kept]
    decision = samples.decision
    sizes = np.bincount(decision).astype(np.float64)

    def centred(vector: np.ndarray) -> np.ndarray:
        means: np.ndarray = np.bincount(decision, weights=vector) / sizes
        found: np.ndarray = vector - means[decision]
        return found

    def times(w: np.ndarray) -> np.ndarray:  # X w
        return np.bincount(rows, weights=value * w[column], minlength=len(samples.count))

    def transposed(u: np.ndarray) -> np.ndarray:  # X^T u
        return np.bincount(column, weights=value * u[rows], minlength=size_of)

    def normal(w: np.ndarray) -> np.ndarray:  # (X^T C X + ridge) w
        return transposed(centred(times(w))) + ridge * w

    right = transposed(centred(samples.target))
    solution = np.zeros(size_of)
    residual = right.copy()
    direction = residual.copy()
    size = float(residual @ residual)
    for _ in range(steps):
        if size <= 1e-10 * float(right @ right):
            break
        product = normal(direction)
        step = size / float(direction @ product)
        solution += step * direction
        residual -= step * product
        new_size = float(residual @ residual)
        direction = residual + (new_size / size) * direction
        size = new_size
    weights[:PATTERN_WEIGHTS] = np.where(group >= 0, solution[np.maximum(group, 0)], 0.0)
    return weights


def centred_error(samples: Samples, weights: np.ndarray | None) -> float:
    """Root mean square of the centred target left unexplained by ``weights`` (None: by
    nothing, the hand-written worth alone)."""
    prediction: np.ndarray = np.zeros(len(samples.count))
    if weights is not None:
        rows = np.repeat(np.arange(len(samples.count)), samples.count)
        prediction = np.bincount(rows, weights=samples.value * weights[samples.column],
                                 minlength=len(samples.count))
    error = samples.target - prediction
    sizes = np.bincount(samples.decision).astype(np.float64)
    error = error - (np.bincount(samples.decision, weights=error) / sizes)[samples.decision]
    return float(np.sqrt(np.mean(error ** 2)))


# Recording and fitting, resumable -----------------------------------------------------


def chunks_of(out: Path) -> Path:
    return out.with_name(out.name + ".samples")


def recorded(folder: Path) -> list[Path]:
    """The chunk files, in the order of their games (``games-START-END.npz``)."""
    return sorted(folder.glob("games-*-*.npz"))


def _chunk_end(path: Path) -> int:
    return int(path.stem.split("-")[2])


def train_search(out: str | Path, games: int, seed: int, teacher: Teacher,
                 evaluate_every: int = 20, measure_games: int = 40, workers: int = 1,
                 ridge: float = RIDGE,
                 progress: Callable[[int, str, bool], None] | None = None) -> str:
    """Record the teacher's solo games until ``games`` in all (the chunks already in
    ``<out>.samples/`` count: a stopped run resumes), ``evaluate_every`` games a chunk;
    after each chunk, fit on every sample so far, measure greedy with the fitted
    correction against greedy without (`learned.measure`, paired deals other than the
    recorded ones) and save the checkpoint to ``out``. A one-line summary."""
    out = Path(out)
    folder = chunks_of(out)
    folder.mkdir(parents=True, exist_ok=True)
    settings = folder / "run.json"
    if settings.exists():
        run = json.loads(settings.read_text())
        if run["seed"] != seed:
            raise other_seed(folder, run["seed"], seed)
    else:
        settings.write_text(json.dumps({"seed": seed, "target": TARGET}))
    if out.exists():
        checkpoint = Checkpoint.load(out)
        if checkpoint.seed != seed:
            raise other_seed(out, checkpoint.seed, seed)
    else:
        checkpoint = Checkpoint(np.zeros(WEIGHTS, np.float32), seed, rate=0.0)
    done = max((_chunk_end(path) for path in recorded(folder)), default=0)
    if progress is not None:
        progress(done, "(recording the search's values)", False)
    context = get_context("fork") if workers > 1 else None
    pool = context.Pool(workers) if context is not None else None
    try:
        while done < games:
            end = min(games, done + evaluate_every)
            jobs = [(game_seed(seed, index), "AB"[index % 2], teacher)
                    for index in range(done, end)]
            results = pool.imap(record_game, jobs) if pool is not None else map(record_game,
                                                                                   jobs)
            parts = []
            for result in results:
                parts.append(result)
                if progress is not None:
                    progress(done + len(parts), f"(game {done + len(parts)} recorded)", False)
            Samples.join(parts).save(folder / f"games-{done:06d}-{end:06d}.npz")
            done = end
            samples = Samples.join(Samples.load(path) for path in recorded(folder))
            checkpoint.weights = fit(samples, ridge)
            checkpoint.games = done
            point = {"games": done, "rows": int(len(samples.count)),
                     "error_hand": round(centred_error(samples, None), 3),
                     "error_fitted": round(centred_error(samples, checkpoint.weights), 3),
                     **measure(checkpoint.weights, seed, measure_games)}
            checkpoint.curve.append(point)
            checkpoint.save(out)
            if progress is not None:
                progress(done, f"(at {done} games: {point['difference']:+.2f} ± "
                         f"{point['standard_error']:.2f} stars)", True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if not checkpoint.curve or checkpoint.curve[-1]["games"] != done:
        samples = Samples.join(Samples.load(path) for path in recorded(folder))
        checkpoint.weights = fit(samples, ridge)
        checkpoint.games = done
        checkpoint.save(out)
    last = checkpoint.curve[-1] if checkpoint.curve else {"difference": 0.0,
                                                          "standard_error": 0.0, "n": 0}
    return (f"{done} games of the search recorded (seed {seed}); greedy with the fitted "
            f"correction against the hand-written evaluation: {last['difference']:+.2f} ± "
            f"{last['standard_error']:.2f} stars over {last['n']} paired solo games; "
            f"weights in {out}")


__all__ = ["RIDGE", "Samples", "Teacher", "centred_error", "decision_samples", "fit",
           "record_game", "train_search"]
