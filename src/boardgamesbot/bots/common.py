"""What every bot shares: reproducible decisions and access to a game's heuristics."""

from __future__ import annotations

import json
import random
import zlib

from boardgamesbot.engine import Action, GameError, Heuristics, State

from .seat import SeatView


def heuristics_for(state: State | SeatView, level: str | None = None) -> Heuristics:
    """The game's knowledge, as its declaration offers it (`Game.heuristics`), as the
    bot's ``level`` plays it (`Heuristics.for_level`; its name: ``medium``, ``hard``…)."""
    heuristics = state.game.heuristics
    return heuristics if level is None else heuristics.for_level(level)


def view_key(state: State | SeatView, player: int) -> int:
    """A stable fingerprint of what ``player`` sees: equal views, equal keys."""
    text = json.dumps(state.view(player), sort_keys=True, separators=(",", ":"))
    return zlib.crc32(text.encode())


def decision_rng(seed: int, state: State | SeatView, player: int) -> random.Random:
    """A generator fixed by the bot's seed and the seat's view, never by hidden information.

    Two positions that differ only in what ``player`` cannot see give the same
    generator, hence the same determinizations and the same decision.
    """
    return random.Random(seed * 1_000_003 + view_key(state, player))


def child_after(state: State, player: int, action: Action) -> State:
    """The position after ``player`` plays ``action`` in ``state`` (left untouched)."""
    child = state.clone()
    child.apply(player, action)
    return child


def value_after(state: State, player: int, action: Action, heuristics: Heuristics) -> float:
    """The game's evaluation for ``player`` one action ahead."""
    return heuristics.evaluate(child_after(state, player, action), player)


def check_budget(budget: float | None, default: float) -> float:
    if budget is None:
        return default
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or budget <= 0:
        raise GameError(f"a bot budget must be a positive number, not {budget!r}",
                        code="bad_budget", budget=budget)
    return budget
