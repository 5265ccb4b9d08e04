"""The evaluation's weights tuned jointly from self-play outcomes, by SPSA (issue 32,
session 50).

Every hand-set weight of the evaluation (`weights.Weights`) was set by the rules'
arithmetic and then screened one at a time; none was ever moved together with the
others. This tunes them all at once by simultaneous perturbation stochastic
approximation (SPSA; Spall 1992), as chess engines tune their evaluations
(Stockfish's fishtest): at each iteration every weight is pushed by ±c (a random
sign each, the same size in its own units), greedy — the ``medium`` policy, whose
every choice is the evaluation's — plays the same deals with θ+cΔ and θ−cΔ, and θ
steps along Δ by the difference of the two mean ratings. Common random numbers:
both sides of a pair play the same deals (seeds and map sides), so the difference
measures the weights, not the cards. Solo and the seat's view only (the bot sees a
`SeatView`): the policy is the evaluation, honest by construction.

Why SPSA rather than CMA-ES (the ``cma`` package): the objective is a noisy mean
rating, and SPSA's one paired difference per iteration uses every game for a
gradient step on all weights at once, while CMA-ES must rank a population (~12
candidates for 16 weights) on enough deals to rank them at all: several hundred
games a generation, so only a few dozen generations in an evening on two cores.
SPSA's arithmetic is four lines of numpy; no library would make it shorter.

Units: each weight moves in units of its own perturbation size (`PERTURBATION`, a
share of its bounds' width), so one step size serves them all. Hyper-parameters
(the usual SPSA gains, Spall's α = 0.602 and γ = 0.101):

* ``c_k = C / (k + 1)^0.101`` in those units: 1 unit at the start (a weight moves by
  a twentieth of its range, enough for the two sides to play differently on most
  deals), slowly shrinking;
* ``a_k = A / (1 + k / STABILITY)^0.602``: A = 0.04 units per star of difference,
  STABILITY = 200 iterations. A paired difference of mean ratings over 16 deals
  varies by about five stars from noise alone (greedy's choices part ways after the
  first differing placement): a noise step is about a tenth of a unit, a random walk
  of one or two units over the ~800 iterations an evening's run affords, while a true
  slope of a fifth of a star per unit moves a weight by three or four;
* every step is clipped to the weights' `BOUNDS`.

A run is resumable: its JSON checkpoint (``--out``) holds θ, the iteration, the
learning curve and the baseline ratings of the measurement deals; the random signs of
iteration k are drawn from (seed, k), so a resumed run takes the same steps. The
learning curve measures the current θ on deals never trained on (`measure`).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

from boardgamesbot.arena import game_seed
from boardgamesbot.engine import GameError, load_game

from .weights import BOUNDS, NAMES, Weights, checked, other_seed

__all__ = ["DEALS", "FORMAT", "PERTURBATION", "measure", "play_deals", "tune"]

FORMAT = "cartographers-weights-spsa-1"
DEALS = 16              # deals per iteration, each played by θ+cΔ and θ−cΔ
PERTURBATION = 0.05     # c in a weight's units: this share of its bounds' width
STEP = 0.04             # A: units per star of paired difference
STABILITY = 200         # the step's decay starts after about this many iterations
ALPHA, GAMMA = 0.602, 0.101
MEASURE_OFFSET = 10_000_000  # measurement deals: game indices no training reaches

_SCALE = np.array([PERTURBATION * (BOUNDS[n][1] - BOUNDS[n][0]) for n in NAMES])
_LOW = np.array([BOUNDS[n][0] for n in NAMES])
_HIGH = np.array([BOUNDS[n][1] for n in NAMES])

Progress = Callable[[int, str, bool], None]


def vector(weights: Weights) -> np.ndarray:
    return np.array([getattr(weights, name) for name in NAMES], dtype=float)


def weights_of(theta: np.ndarray) -> Weights:
    return Weights(**{name: float(value) for name, value in zip(NAMES, theta)})


def play_deals(job: tuple[dict[str, float], list[tuple[int, str]]]) -> list[float]:
    """Greedy (``medium``'s bot, as ``greedy``: no level's own weights over the ones
    tuned) with the given weights on each (game seed, side): solo ratings. One job per
    set of weights, so a worker changes weights once a job."""
    from boardgamesbot.bots import SeatView, make_bot

    from .heuristics import use_weights

    values, deals = job
    use_weights(Weights(**values))
    ratings = []
    game = load_game("cartographers")
    for seed, side in deals:
        state = game.new(1, seed, side=side)
        bot = make_bot("greedy", seed)
        while not state.is_over():
            for seat in state.current_players():
                state.apply(seat, bot.choose(SeatView(state.clone(), seat), seat))
        ratings.append(float(state.solo_rating()[0]))  # type: ignore[attr-defined]
    use_weights(Weights())
    return ratings


def _split(values: dict[str, float], deals: list[tuple[int, str]], parts: int
           ) -> list[tuple[dict[str, float], list[tuple[int, str]]]]:
    return [(values, deals[i::parts]) for i in range(parts) if deals[i::parts]]


def _run(pool: Any, jobs: Sequence[tuple[dict[str, float], list[tuple[int, str]]]]
         ) -> list[list[float]]:
    return list(pool.map(play_deals, jobs)) if pool is not None else [play_deals(j)
                                                                        for j in jobs]


def _merge(parts: list[list[float]], count: int) -> list[float]:
    """Undo `_split`: part i held deals i, i+parts, …"""
    merged = [0.0] * count
    for i, part in enumerate(parts):
        merged[i::len(parts)] = part
    return merged


def measurement_deals(seed: int, games: int) -> list[tuple[int, str]]:
    """Fresh deals for the learning curve: never played in training, sides alternating."""
    return [(game_seed(seed, MEASURE_OFFSET + i), "AB"[i % 2]) for i in range(games)]


def measure(pool: Any, workers: int, weights: Weights, baseline: list[float],
            seed: int) -> dict[str, Any]:
    """Greedy with ``weights`` against greedy with the defaults (``baseline``: its
    ratings on the same measurement deals): mean paired difference, its 95% interval,
    better / worse counts, per side."""
    deals = measurement_deals(seed, len(baseline))
    ratings = _merge(_run(pool, _split(asdict(weights), deals, workers)), len(deals))
    differences = np.array(ratings) - np.array(baseline)
    point: dict[str, Any] = {"n": len(deals), **_summary(differences)}
    for side in "AB":
        chosen = np.array([d for d, (_, s) in zip(differences, deals) if s == side])
        point[side] = _summary(chosen)
    point["rating"] = round(float(np.mean(ratings)), 3)
    return point


def _summary(differences: np.ndarray) -> dict[str, Any]:
    n = len(differences)
    mean = float(np.mean(differences)) if n else 0.0
    error = float(np.std(differences, ddof=1) / np.sqrt(n)) if n > 1 else 0.0
    return {"difference": round(mean, 3), "interval": round(1.96 * error, 3),
            "better": int(np.sum(differences > 0)), "worse": int(np.sum(differences < 0))}


def _load(out: Path, seed: int) -> dict[str, Any] | None:
    if not out.exists():
        return None
    try:
        run = json.loads(out.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise GameError(f"{out}: not a readable tuning checkpoint ({error})",
                        "checkpoint_unreadable", path=str(out), reason=str(error)) from error
    if not isinstance(run, dict) or run.get("format") != FORMAT:
        raise GameError(f"{out} is not a tuning checkpoint ({FORMAT}): use another --out",
                        "not_checkpoint", path=str(out), format=FORMAT)
    if run["seed"] != seed:
        raise other_seed(out, run["seed"], seed)
    checked(run["weights"], str(out))
    return run


def _save(out: Path, run: dict[str, Any]) -> None:
    """Written whole and then renamed: a run stopped mid-write keeps the last checkpoint."""
    partial = out.with_name(out.name + ".partial")
    partial.write_text(json.dumps(run, indent=1) + "\n", encoding="utf-8")
    os.replace(partial, out)


def tune(out: str | Path, games: int, seed: int, evaluate_every: int = 3200,
         measure_games: int = 200, workers: int = 2,
         progress: Progress | None = None) -> str:
    """Tune until ``games`` training games in all (2·`DEALS` an iteration), resuming
    from ``out``; measure and save a checkpoint every ``evaluate_every`` games (and at
    the end). A one-line summary."""
    if games < 1 or evaluate_every < 1 or measure_games < 2 or workers < 1:
        raise GameError("--games, --evaluate-every and --workers must be 1 or more, "
                        "--measure-games 2 or more", "counts")
    out = Path(out)
    run = _load(out, seed)
    pool = get_context("fork").Pool(workers) if workers > 1 else None
    try:
        if run is None:
            deals = measurement_deals(seed, measure_games)
            baseline = _merge(_run(pool, _split(asdict(Weights()), deals, workers)),
                              len(deals))
            run = {"format": FORMAT, "seed": seed, "iteration": 0, "games": 0,
                   "weights": asdict(Weights()), "baseline": baseline, "curve": [],
                   "hyper": {"deals": DEALS, "perturbation": PERTURBATION, "step": STEP,
                             "stability": STABILITY, "alpha": ALPHA, "gamma": GAMMA},
                   "seconds": 0.0}
            run["curve"].append({"games": 0, "weights": run["weights"], "difference": 0.0,
                                 "interval": 0.0, "n": measure_games,
                                 "rating": round(float(np.mean(baseline)), 3)})
            _save(out, run)
        theta = vector(checked(run["weights"], str(out)))
        per_iteration = 2 * DEALS
        next_measure = (run["games"] // evaluate_every + 1) * evaluate_every
        started = time.monotonic()
        if progress is not None:
            progress(run["games"], _note(run), False)
        while run["games"] < games:
            k = run["iteration"]
            delta = np.random.default_rng([seed, k]).choice([-1.0, 1.0], size=len(NAMES))
            c_k = 1.0 / (k + 1) ** GAMMA
            a_k = STEP / (1 + k / STABILITY) ** ALPHA
            plus = np.clip(theta + c_k * delta * _SCALE, _LOW, _HIGH)
            minus = np.clip(theta - c_k * delta * _SCALE, _LOW, _HIGH)
            deals = [(game_seed(seed, k * DEALS + j), "AB"[j % 2]) for j in range(DEALS)]
            parts = workers // 2 or 1
            jobs = (_split(asdict(weights_of(plus)), deals, parts)
                    + _split(asdict(weights_of(minus)), deals, parts))
            results = _run(pool, jobs)
            rated_plus = _merge(results[:len(jobs) // 2], DEALS)
            rated_minus = _merge(results[len(jobs) // 2:], DEALS)
            difference = float(np.mean(rated_plus) - np.mean(rated_minus))
            # the gradient along each weight, in its units: difference / (2 c_k Δ_i)
            theta = np.clip(theta + a_k * difference / (2 * c_k) * delta * _SCALE, _LOW, _HIGH)
            run["iteration"] = k + 1
            run["games"] += per_iteration
            run["weights"] = asdict(weights_of(theta))
            run["seconds"] = run.get("seconds", 0.0) + (time.monotonic() - started)
            started = time.monotonic()
            measured = run["games"] >= next_measure or run["games"] >= games
            if measured:
                point = measure(pool, workers, weights_of(theta), run["baseline"], seed)
                run["curve"].append({"games": run["games"], "weights": run["weights"],
                                     **point})
                next_measure = (run["games"] // evaluate_every + 1) * evaluate_every
                started = time.monotonic()  # training throughput counts training only
                _save(out, run)
            if progress is not None:
                progress(run["games"], _note(run, difference), measured)
        if run["curve"][-1]["games"] != run["games"]:
            _save(out, run)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    last = run["curve"][-1]
    return (f"{run['games']} games of tuning (seed {seed}, {run['iteration']} iterations); "
            f"greedy with the tuned weights against the defaults at {last['games']} games: "
            f"{last['difference']:+.2f} ± {last['interval']:.2f} stars (95%) over "
            f"{last['n']} fresh paired solo games; weights in {out}")


def _note(run: dict[str, Any], difference: float | None = None) -> str:
    last = run["curve"][-1]
    now = f"iteration {run['iteration']}" + (
        f", pair {difference:+.1f}" if difference is not None else "")
    return (f"({now}; at {last['games']} games: {last['difference']:+.2f} ± "
            f"{last['interval']:.2f} stars)")
