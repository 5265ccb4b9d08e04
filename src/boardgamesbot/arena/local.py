"""Playing an arena's games on this machine: the arena's set-up, seeds and one game.

`Arena` is what a tournament is (game, lineup, number of games, seed); `plan`
checks and builds one; `play_game` plays game ``i`` of it, the same way in
any process; `run_locally` plays them all here or in a pool of processes.
The Ray backend (`boardgamesbot.arena.ray`) reuses `play_games` on a cluster.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from boardgamesbot.bots import make_bot
from boardgamesbot.driver import DecisionFailed, Driver, Stalled
from boardgamesbot.engine import GameError, Record, State, load_game
from boardgamesbot.processes import die_with_parent

__all__ = [
    "Arena",
    "ArenaError",
    "BotFailure",
    "GameResult",
    "bot_seed",
    "game_seed",
    "plan",
    "play_game",
    "play_games",
    "rotation_length",
    "run_locally",
]


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
                         f"but awaits no seat: a bug in the game") from None
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




def play_games(arena: Arena, indices: list[int]) -> Iterator[GameResult]:
    """Play the games ``indices`` one after another, yielding each result (a Ray task)."""
    for index in indices:
        yield play_game(arena, index)




def run_locally(arena: Arena, workers: int,
                on_result: Callable[[GameResult], None] | None) -> list[GameResult]:
    """Play every game with ``workers`` processes on this machine (see `arena.run`)."""
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
