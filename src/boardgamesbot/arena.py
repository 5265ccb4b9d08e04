"""The arena: reproducible tournaments between bots, with ratings.

A bot is only as good as the games that prove it, so the arena plays many
games between a fixed lineup of bots and reports what a reader needs to trust
a claim such as "greedy beats random 97% of the time": shared wins, a
confidence interval, scores, a skill rating and how long each decision took.

Three rules make the numbers trustworthy:

* **Seats rotate.** ``lineup`` names one bot per seat; game ``i`` (from 0)
  seats ``lineup[(seat - i) % players]``, so each game every bot moves one
  seat on and, over every block of ``players`` games, each lineup entry sits
  in every seat once. ``games`` must be a whole number of rotations, so no
  bot profits from a first-player advantage.
* **Everything is seeded.** Game ``i``'s seed comes from the arena seed and
  ``i``; each bot's seed from the game seed and its seat. A game is played
  the same way in any process, so the results do not depend on ``workers``
  (only the measured times do).
* **Bots must be correct.** A decision that raises or is illegal stops the
  run with a `BotFailure` naming the bot, the game seed and the action.

>>> arena = plan("tikal", ["random", "random"], games=2, seed=1)
>>> standings = summarize(arena, run(arena))
>>> sum(bot.wins for bot in standings.bots)
2.0
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import statistics
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, NoReturn

from openskill.models import PlackettLuce
from rich import box
from rich.table import Table

from boardgamesbot.bots import make_bot
from boardgamesbot.driver import DecisionFailed, Driver, Stalled
from boardgamesbot.engine import GameError, Record, State, load_game
from boardgamesbot.processes import die_with_parent

__all__ = [
    "Arena",
    "ArenaError",
    "BotFailure",
    "BotStanding",
    "GameResult",
    "Standings",
    "bot_seed",
    "game_seed",
    "plan",
    "play_game",
    "play_games",
    "rotation_length",
    "seats_table",
    "standings_table",
    "run",
    "summarize",
    "wilson_interval",
]

Z_95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


class ArenaError(GameError):
    """An arena that cannot be run as asked (bad lineup, game count, workers...)."""

    code = "arena_error"


class BotFailure(GameError):
    """A bot raised or chose an illegal action: a bug in the bot, never a result."""

    code = "bot_failure"


# Setting up ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Arena:
    """What to play: validated by `plan`, picklable so worker processes receive it."""

    game: str
    lineup: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    save_dir: str | None = None

    @property
    def players(self) -> int:
        return len(self.lineup)

    @property
    def bots(self) -> list[str]:
        """The distinct bots, in the order the lineup first names them."""
        return list(dict.fromkeys(self.lineup))

    def seats_for(self, index: int) -> list[str]:
        """The bot in each seat of game ``index``: the lineup moved on ``index`` seats."""
        n = self.players
        return [self.lineup[(seat - index) % n] for seat in range(n)]


def rotation_length(lineup: tuple[str, ...] | list[str]) -> int:
    """How many games before the seating repeats (4 for hard,greedy,greedy,greedy;
    2 for a,b,a,b; 1 when one bot takes every seat)."""
    n = len(lineup)
    for shift in range(1, n + 1):
        if n % shift == 0 and all(lineup[i] == lineup[(i + shift) % n] for i in range(n)):
            return shift
    return n  # pragma: no cover - shift == n always matches


def _derive_seed(*parts: object) -> int:
    """A 31-bit seed from ``parts``, identical in every process and Python version
    (unlike ``hash()``, which is salted per process)."""
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def game_seed(arena_seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of an arena run with ``arena_seed``."""
    return _derive_seed("arena-game", arena_seed, index)


def bot_seed(seed_of_game: int, seat: int) -> int:
    """The seed of the bot sitting in ``seat`` of the game seeded ``seed_of_game``."""
    return _derive_seed("arena-bot", seed_of_game, seat)


def plan(
    game: str,
    bots: list[str],
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    save_dir: str | Path | None = None,
) -> Arena:
    """Check everything a person can get wrong before any game starts.

    ``bots`` is the lineup, one bot name per seat; a single name takes every
    seat. ``players`` defaults to the lineup's length, at least the game's
    minimum. Raises `GameError` (unknown game or bot, bad option) or
    `ArenaError` with a message saying what would be accepted.
    """
    rules = load_game(game)
    names = [name.strip().lower() for name in bots if name.strip()]
    if not names:
        raise ArenaError("--bots needs at least one bot name", code="no_bots")
    for name in dict.fromkeys(names):
        make_bot(name, 0)  # an unknown name raises, listing the known ones
    if players is None:
        players = max(len(names), rules.min_players)
    rules.check_num_players(players)
    if len(names) == 1:
        names *= players
    elif len(names) != players:
        raise ArenaError(
            f"{players} players need a lineup of {players} bots, one per seat "
            f"(or a single bot for every seat); got {len(names)}: {', '.join(names)}. "
            f"For one bot against the others repeat the others' name, "
            f"e.g. --bots {names[0]},{','.join([names[1]] * (players - 1))}",
            code="bad_lineup", players=players, given=len(names),
        )
    if not isinstance(games, int) or games <= 0:
        raise ArenaError(f"--games must be at least 1, not {games}", code="bad_games")
    period = rotation_length(names)
    if games % period:
        below, above = games - games % period, games - games % period + period
        suggestion = f"{below} or {above}" if below else str(above)
        raise ArenaError(
            f"--games must be a multiple of {period} so every bot plays every seat "
            f"equally (the seating repeats every {period} games); try {suggestion}",
            code="bad_games", rotation=period,
        )
    options = dict(options or {})
    rules.new(players, game_seed(seed, 0), **options)  # a bad option fails here, not in a worker
    if save_dir is not None:
        Path(save_dir).mkdir(parents=True, exist_ok=True)
        save_dir = str(save_dir)
    return Arena(rules.name, tuple(names), games, seed, options, save_dir)


# Playing ---------------------------------------------------------------------------------


@dataclass
class GameResult:
    """One finished game, as the statistics need it.

    ``decision_seconds`` holds each seat's decision times, or is empty for a
    game whose times were not kept (rebuilt from the store by ``bgbot ratings``).
    """

    index: int
    seed: int
    seats: list[str]
    scores: list[int]
    winners: list[int]
    decision_seconds: list[list[float]]
    actions: int
    solo: dict[str, Any] | None = None

    def ranks(self) -> list[int]:
        """Final ranking, 1 = best, ties equal: winners first, then by score."""
        keys = [(seat not in self.winners, -score) for seat, score in enumerate(self.scores)]
        return [1 + sum(other < key for other in keys) for key in keys]


def record_path(arena: Arena, index: int, suffix: str = "") -> Path:
    width = max(4, len(str(arena.games)))
    return Path(arena.save_dir or ".") / f"{arena.game}-{index + 1:0{width}d}{suffix}.json"


def play_game(arena: Arena, index: int) -> GameResult:
    """Play game ``index`` to the end, timing every decision.

    The game loop is the `Driver`'s: each bot gets its own copy of the state,
    so a bot that scribbles on it cannot corrupt the game, and in a
    simultaneous step every awaited seat decides on the same position before
    any decision is applied, as at the table.
    """
    seats = arena.seats_for(index)
    seed = game_seed(arena.seed, index)
    state = load_game(arena.game).new(len(seats), seed, **arena.options)
    bots = [make_bot(name, bot_seed(seed, seat)) for seat, name in enumerate(seats)]
    record = Record.start(arena.game, seed, seats, **arena.options)
    times: list[list[float]] = [[] for _ in seats]
    driver = Driver(state, bots, record, lambda d: times[d.seat].append(d.seconds))
    try:
        driver.run()
    except DecisionFailed as failure:
        error = failure.error
        what = (f"raised {_describe(error)}" if failure.action is None else
                f"chose the illegal action {str(failure.action)!r}: "
                f"{error if isinstance(error, GameError) else _describe(error)}")
        _fail(arena, record, index, failure.seat, what)
    except Stalled:
        raise BotFailure(f"{arena.game} game {index + 1} (seed {seed}) is not over "
                         f"but awaits no seat: a bug in the game")
    if arena.save_dir is not None:
        record.save(record_path(arena, index))
    return GameResult(index, seed, seats, list(state.scores()), list(state.winners()),
                      times, len(record.actions), _solo_result(state))


def _describe(error: BaseException) -> str:
    """The error with where it happened: enough to start debugging a bot."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(error).__name__}: {error}{where}"


def _fail(arena: Arena, record: Record, index: int, seat: int, what: str) -> NoReturn:
    """Stop the run on a bot's bug, saving the game so far when records are kept."""
    saved = ""
    if arena.save_dir is not None:
        path = record_path(arena, index, "-failed")
        record.save(path)
        saved = f"; the game so far is in {path}"
    raise BotFailure(
        f"bot {record.seats[seat]!r} in seat {seat + 1} of {arena.game} game {index + 1} "
        f"(game seed {record.seed}, bot seed {bot_seed(record.seed, seat)}, "
        f"after {len(record.actions)} actions) {what}{saved}",
        bot=record.seats[seat], seed=record.seed,
    )


def _solo_result(state: State) -> dict[str, Any] | None:
    """A solo game's rating and title, when the game's spectator view reports them."""
    solo = state.view(None).get("solo")
    if isinstance(solo, dict) and isinstance(solo.get("rating"), int) \
            and isinstance(solo.get("title"), str):
        return {"rating": solo["rating"], "title": solo["title"]}
    return None


BACKENDS = ("local", "ray")


def run(
    arena: Arena,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[GameResult]:
    """Play every game of ``arena``; results in game order, the same for every backend.

    ``backend="local"``: ``workers`` processes on this machine. One worker
    plays in this process (simple to debug, and games registered only here
    work). More use fresh ("spawn") processes: nothing leaks from this
    process into a game, and it behaves the same on every platform.

    ``backend="ray"``: the games run as Ray tasks, several games per task, on
    the cluster at ``address`` (``"auto"`` or ``HOST:PORT``; needs ``pip
    install 'boardgamesbot[ray]'`` on every node), or on a local Ray started
    with ``workers`` CPUs when ``address`` is None. If Ray is already
    initialized in this process, that cluster is used.

    ``on_result`` is called as each game finishes (for a progress bar).
    """
    if not isinstance(workers, int) or workers <= 0:
        raise ArenaError(f"--workers must be at least 1, not {workers}", code="bad_workers")
    if backend not in BACKENDS:
        raise ArenaError(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}",
                         code="bad_backend")
    if address is not None and backend != "ray":
        raise ArenaError("--address is for --backend ray", code="bad_backend")
    if backend == "ray":
        from boardgamesbot.arena_ray import run_on_ray

        return run_on_ray(arena, workers, on_result, address)
    workers = min(workers, arena.games)
    results: list[GameResult] = []
    if workers == 1:
        for index in range(arena.games):
            results.append(play_game(arena, index))
            if on_result:
                on_result(results[-1])
        return results
    # The workers end with this process (a ^C, a SIGTERM, a kill -9), not play on unseen.
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=die_with_parent, initargs=(os.getpid(),))
    try:
        futures = [pool.submit(play_game, arena, index) for index in range(arena.games)]
        for future in as_completed(futures):
            results.append(future.result())
            if on_result:
                on_result(results[-1])
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return sorted(results, key=lambda result: result.index)


def play_games(arena: Arena, indices: list[int]):
    """Play the games ``indices`` one after another, yielding each result (a Ray task)."""
    for index in indices:
        yield play_game(arena, index)


# Statistics ------------------------------------------------------------------------------


def wilson_interval(wins: float, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a success rate of ``wins`` out of ``n``.

    Unlike the textbook p ± z·sqrt(p(1-p)/n), it stays inside [0, 1] and does
    not collapse to a point at 0% or 100%, which bot matches often reach.
    Shared wins make ``wins`` fractional; the formula takes them as they are.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile, interpolated between order statistics (0 if empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass
class BotStanding:
    """One bot's line in the results table (all its seats taken together)."""

    name: str
    games: int = 0                  # games it took part in
    seats: int = 0                  # seats it held, summed over games
    wins: float = 0.0               # a win shared by k winners counts 1/k
    scores: list[int] = field(default_factory=list)
    decision_seconds: list[float] = field(default_factory=list)
    mu: float | None = None
    sigma: float | None = None
    solo: list[dict[str, Any]] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        """Wins per seat held, so chance is 1/players for every bot."""
        return self.wins / self.seats if self.seats else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.seats)

    @property
    def score_mean(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def score_sd(self) -> float:
        return statistics.stdev(self.scores) if len(self.scores) > 1 else 0.0

    @property
    def ordinal(self) -> float | None:
        """openskill's conservative skill estimate, mu - 3 sigma."""
        return None if self.mu is None else self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        solo = None
        if self.solo:
            solo = {
                "games": len(self.solo),
                "mean_rating": statistics.fmean(s["rating"] for s in self.solo),
                "titles": dict(sorted(Counter(s["title"] for s in self.solo).items())),
            }
        rating = None
        if self.mu is not None:
            rating = {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}
        return {
            "name": self.name,
            "games": self.games,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": list(self.win_interval),
            "score_mean": self.score_mean,
            "score_sd": self.score_sd,
            "rating": rating,
            "decisions": len(self.decision_seconds),
            "decision_seconds": {  # None: no times (the games came from the store)
                "median": _quantile(self.decision_seconds, 0.5) if self.decision_seconds
                else None,
                "p95": _quantile(self.decision_seconds, 0.95) if self.decision_seconds
                else None,
            },
            "solo": solo,
        }


@dataclass
class Standings:
    """The whole run's results: one `BotStanding` per bot, plus per-seat tallies."""

    arena: Arena
    bots: list[BotStanding]
    seat_wins: list[float]
    seat_scores: list[float]
    elapsed_seconds: float = 0.0
    workers: int = 1

    def to_dict(self) -> dict[str, Any]:
        """Everything, JSON-ready. Only ``elapsed_seconds``, ``workers`` and the
        ``decision_seconds`` depend on the machine; the rest is reproducible."""
        return {
            "game": self.arena.game,
            "options": self.arena.options,
            "players": self.arena.players,
            "lineup": list(self.arena.lineup),
            "rotation": rotation_length(self.arena.lineup),
            "games": self.arena.games,
            "seed": self.arena.seed,
            "bots": [bot.to_dict() for bot in self.bots],
            "by_seat": [
                {"seat": seat + 1, "wins": wins, "score_mean": score}
                for seat, (wins, score) in enumerate(zip(self.seat_wins, self.seat_scores))
            ],
            "elapsed_seconds": self.elapsed_seconds,
            "workers": self.workers,
        }


def summarize(arena: Arena, results: list[GameResult], elapsed_seconds: float = 0.0,
              workers: int = 1) -> Standings:
    """Tally ``results`` (in game order, which the ratings depend on) per bot and seat."""
    bots = {name: BotStanding(name) for name in arena.bots}
    for result in results:  # stored runs rated together may have different lineups
        for name in result.seats:
            bots.setdefault(name, BotStanding(name))
    seat_wins = [0.0] * arena.players
    seat_scores = [0.0] * arena.players
    for result in sorted(results, key=lambda r: r.index):
        share = 1 / len(result.winners) if result.winners else 0.0
        for name in dict.fromkeys(result.seats):
            bots[name].games += 1
        for seat, name in enumerate(result.seats):
            bot = bots[name]
            bot.seats += 1
            bot.scores.append(result.scores[seat])
            if result.decision_seconds:  # empty: a stored game, times not kept
                bot.decision_seconds.extend(result.decision_seconds[seat])
            if seat in result.winners:
                bot.wins += share
                seat_wins[seat] += share
            seat_scores[seat] += result.scores[seat]
        if result.solo is not None:
            bots[result.seats[0]].solo.append(result.solo)
    seat_scores = [total / len(results) if results else 0.0 for total in seat_scores]
    if arena.players > 1:
        _rate(bots, results)
    return Standings(arena, list(bots.values()), seat_wins, seat_scores,
                     elapsed_seconds, workers)


def _rate(bots: dict[str, BotStanding], results: list[GameResult]) -> None:
    """Rate every game from its final ranking with openskill's Plackett-Luce model.

    Each seat is a one-player team. A bot in several seats of one game (hard
    against three greedy) enters each seat with its current rating and then
    takes the mean of those seats' new ratings: one game counts as one game's
    evidence, and a bot playing itself neither gains nor loses on average.
    """
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in bots}
    for result in sorted(results, key=lambda r: r.index):
        teams = [[model.rating(mu=ratings[name].mu, sigma=ratings[name].sigma)]
                 for name in result.seats]
        rated = model.rate(teams, ranks=result.ranks())
        for name in dict.fromkeys(result.seats):
            mine = [rated[seat][0] for seat, other in enumerate(result.seats) if other == name]
            ratings[name] = model.rating(mu=statistics.fmean(r.mu for r in mine),
                                         sigma=statistics.fmean(r.sigma for r in mine))
    for name, bot in bots.items():
        bot.mu, bot.sigma = ratings[name].mu, ratings[name].sigma


# Presentation ----------------------------------------------------------------------------


def _duration(seconds: float | None) -> str:
    if seconds is None:  # not measured: stored games keep no times
        return "–"
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def _count(value: float) -> str:
    """Shared wins are fractions; show them without noise (12, 12.5, 12.33)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def standings_table(standings: Standings, title: str | None = None,
                    caption: str | None = None) -> Table:
    """The results as a rich table, one row per bot (columns: docs/arena.md).

    ``title`` and ``caption`` replace the run's (seed, lineup, time taken), e.g.
    for stored games of several runs."""
    arena = standings.arena
    options = "".join(f", {key} {value}" for key, value in arena.options.items())
    table = Table(
        title=title or f"{arena.game}{options}, {arena.players} player(s), {arena.games} "
                       f"games, seed {arena.seed}",
        caption=caption or f"lineup {','.join(arena.lineup)}, moved on one seat every game; "
                           f"{standings.elapsed_seconds:.1f} s with {standings.workers} "
                           f"worker(s)",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    rows = [bot.to_dict() for bot in standings.bots]
    columns = ["bot", "games"]
    if any(row["seats"] != row["games"] for row in rows):
        columns.append("seats")
    columns += ["wins", "win rate", "95% CI", "score", "sd"]
    if any(row["rating"] for row in rows):
        columns += ["μ", "σ", "ordinal"]
    if any(row["solo"] for row in rows):
        columns += ["solo rating", "titles"]
    columns += ["time median", "time p95"]
    for column in columns:  # two-word headers on two lines keep the table narrow
        table.add_column(column.replace(" ", "\n"), no_wrap=column != "titles",
                         justify="left" if column in ("bot", "titles") else "right")
    for row in rows:
        low, high = row["win_rate_ci95"]
        rating, solo = row["rating"] or {}, row["solo"] or {}
        cells = {
            "bot": row["name"],
            "games": str(row["games"]),
            "seats": str(row["seats"]),
            "wins": _count(row["wins"]),
            "win rate": f"{row['win_rate']:.1%}",
            "95% CI": f"{100 * low:.1f}–{100 * high:.1f}%",
            "score": f"{row['score_mean']:.1f}",
            "sd": f"{row['score_sd']:.1f}",
            "μ": f"{rating['mu']:.2f}" if rating else "",
            "σ": f"{rating['sigma']:.2f}" if rating else "",
            "ordinal": f"{rating['ordinal']:.2f}" if rating else "",
            "solo rating": f"{solo['mean_rating']:+.1f}" if solo else "",
            "titles": ", ".join(f"{title} ×{n}" for title, n in solo.get("titles", {}).items()),
            "time median": _duration(row["decision_seconds"]["median"]),
            "time p95": _duration(row["decision_seconds"]["p95"]),
        }
        table.add_row(*(cells[column] for column in columns))
    return table


def seats_table(standings: Standings) -> Table:
    """Wins and mean score by seat: shows the seat advantage the rotation cancels out."""
    table = Table(title="by seat", box=box.SIMPLE_HEAD)
    table.add_column("seat", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("mean score", justify="right")
    for seat, (wins, score) in enumerate(zip(standings.seat_wins, standings.seat_scores)):
        table.add_row(str(seat + 1), _count(wins), f"{score:.1f}")
    return table
