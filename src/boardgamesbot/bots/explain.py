"""Hints: a bot's best few actions, each with its value and reasons a person can read.

A reason is a code and parameters (``{"code": "tikal.temple_majority", "params":
{"space": "C4", "value": 7, "gain": 7.0}}``), never a sentence: every face
translates the code (docs/bots.md gives the English templates). Reasons come
from the game's evaluation terms (`Heuristics.evaluate_terms`): the terms the
move — or, for a bot that plans a whole turn, the turn's plan — changes most,
named by the game's `Heuristics.reasons`. Everything is computed in the bot's
own samples of the position, so a hint knows no more than the seat.
"""

from __future__ import annotations

from boardgamesbot.engine import Action, State

FORCED = "bot.forced"  # the only legal action
VALUE = "bot.value"    # a game without evaluation terms: the value alone


def hint(heuristics, player: int, action: Action, value: float, before: State | None,
         after: State | None, reason: dict | None = None, line: list[Action] | None = None
         ) -> dict:
    """One hint: ``{"action", "value", "reasons", "changes"}`` (plus ``"line"``, the
    whole plan, for a bot that plans several actions ahead)."""
    changes: dict[str, float] = {}
    first = then = None
    if before is not None and after is not None:
        first = heuristics.evaluate_terms(before, player)
        then = heuristics.evaluate_terms(after, player)
    if first is not None and then is not None:
        changes = {key: round(then.get(key, 0.0) - first.get(key, 0.0), 2)
                   for key in sorted(set(first) | set(then))}
        changes = {key: change for key, change in changes.items() if change}
        found = heuristics.reasons(first, then, after, action, player)
    else:
        found = [] if reason is not None else [{"code": VALUE,
                                                "params": {"value": round(value, 2)}}]
    if reason is not None:  # a decision the game prices directly says why itself
        found = [reason] + found
    entry = {"action": str(action), "value": round(value, 2), "reasons": found,
             "changes": changes}
    if line is not None and len(line) > 1:
        entry["line"] = [str(step) for step in line]
    return entry


def forced(action: Action, value: float) -> dict:
    return {"action": str(action), "value": round(value, 2),
            "reasons": [{"code": FORCED, "params": {}}], "changes": {}}
