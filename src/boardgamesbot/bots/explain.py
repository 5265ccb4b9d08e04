"""Hints: a bot's best few actions, each with its value and reasons a person can read.

A reason is a code and parameters (``{"code": "GAME.majority", "params":
{"space": "C4", "value": 7, "gain": 7.0}}``), never a sentence: every face
translates the code (docs/bots.md gives the English templates). Reasons come
from the game's evaluation terms (`Heuristics.evaluate_terms`): the terms the
move — or, for a bot that plans a whole turn, the turn's plan — changes most,
named by the game's `Heuristics.reasons`. Everything is computed in the bot's
own samples of the position, so a hint knows no more than the seat.
"""

from __future__ import annotations

from typing import Any

from boardgamesbot.engine import Action, Heuristics, State

# A hint and a reason are JSON-ready dicts (the service and the faces read them as
# they are): a hint's keys are described in `hint`, a reason is {"code", "params"}.
Hint = dict[str, Any]
Reason = dict[str, Any]

FORCED = "bot.forced"  # the only legal action
VALUE = "bot.value"    # a game without evaluation terms: the value alone
FIRST_STEP = "bot.first_step"  # a move that only opens the way for the rest of its plan
NOTICEABLE = 0.05  # a term change below this is no reason (`engine.ranked_reasons`' default)


def _reasons(heuristics: Heuristics, player: int, action: Action, before: State, after: State
             ) -> tuple[list[Reason] | None, dict[str, float]]:
    """The reasons for going from ``before`` to ``after`` and the terms' changes (None,
    {} when the game has no evaluation terms)."""
    first = heuristics.evaluate_terms(before, player)
    then = heuristics.evaluate_terms(after, player)
    if first is None or then is None:
        return None, {}
    changes = {key: round(then.get(key, 0.0) - first.get(key, 0.0), 2)
               for key in sorted(set(first) | set(then))}
    changes = {key: change for key, change in changes.items() if change}
    return heuristics.reasons(first, then, after, action, player), changes


def _quiet(reasons: list[Reason]) -> bool:
    """Reasons that name no noticeable gain: the game's quiet code (`ranked_reasons`
    gives it, and only it, a first gain this small)."""
    gain: float = reasons[0]["params"].get("gain", 0.0)
    return abs(gain) < NOTICEABLE


def hint(heuristics: Heuristics, player: int, action: Action, value: float,
         before: State | None, after: State | None, reason: Reason | None = None,
         line: list[Action] | None = None, step: State | None = None) -> Hint:
    """One hint: ``{"action", "value", "reasons", "changes"}`` (plus ``"line"``, the
    whole plan, for a bot that plans several actions ahead).

    For a plan, ``after`` is where the whole turn ends and ``step`` the position after
    its first action, the move suggested: the reasons speak of that move ("Scores 5
    points" only when this move scores them). A move that changes nothing measurable by
    itself is the first step of its plan: the first reason says so (`FIRST_STEP`) and
    the plan's own reasons follow it."""
    changes: dict[str, float] = {}
    found: list[Reason] | None = None
    if before is not None and after is not None:
        if step is not None and line is not None and len(line) > 1:
            found, changes = _reasons(heuristics, player, action, before, step)
            if found is not None and _quiet(found):
                found, changes = _reasons(heuristics, player, action, before, after)
                if found is not None and not _quiet(found):
                    found = [{"code": FIRST_STEP, "params": {
                        "n": len(line) - 1, "gain": found[0]["params"]["gain"]}}, *found]
        else:
            found, changes = _reasons(heuristics, player, action, before, after)
    if found is None:
        found = [] if reason is not None else [{"code": VALUE,
                                                "params": {"value": round(value, 2)}}]
    if reason is not None:  # a decision the game prices directly says why itself
        found = [reason] + found
    entry: Hint = {"action": str(action), "value": round(value, 2), "reasons": found,
             "changes": changes}
    if line is not None and len(line) > 1:
        entry["line"] = [str(planned) for planned in line]
    return entry


def forced(action: Action, value: float) -> Hint:
    return {"action": str(action), "value": round(value, 2),
            "reasons": [{"code": FORCED, "params": {}}], "changes": {}}
