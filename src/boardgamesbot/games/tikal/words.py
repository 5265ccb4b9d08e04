"""Tikal's actions in words, in each language: what the browser module's ``describe``
(web/tikal.js) says, from the same catalog entries (``tikal.do.*``), for the faces
written in Python — a chat tells "Bea: builds a camp on C5 (5 AP)", not "camp C5".

Read from the action's data (`State.action_info`: kind, AP cost, params), never from
its notation, so a move's cost is the one it had when it was played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from boardgamesbot.engine import ActionInfo, Game
from boardgamesbot.games.wording import phrase

FIGURE = {"leader": "L", "worker": "W", "L": "L", "W": "W"}
#: kinds whose words end with what they cost ("(2 AP)"), as the browser's log says them
COSTED = ("enter", "move", "uncover", "recover", "exchange", "camp", "guard")


def action(game: Game, info: ActionInfo, lang: str, mood: str | None = None,
           names: Mapping[int, str] | None = None) -> str | None:
    """``info`` in words (``mood``: None for the log's, ``"button"`` for a button's)."""
    kind, p = info.get("type"), info.get("params") or {}

    def say(key: str, **params: Any) -> str:
        return phrase(game.words, lang, key, mood, **params) or key

    words = {
        # (a volcano is said as one: it is placed after the scoring round it began)
        "place": lambda: (say("tikal.do.place.volcano", space=p["space"])
                          if p.get("kind") == "volcano"
                          else say("tikal.do.place.turned", space=p["space"],
                                   degrees=60 * p["rotation"]) if p.get("rotation")
                          else say("tikal.do.place", space=p["space"])),
        "enter": lambda: say(f"tikal.do.enter.{FIGURE[p['figure']]}", space=p["space"]),
        "move": lambda: say(f"tikal.do.move.{FIGURE[p['figure']]}",
                            **{"from": p["from"], "to": p["to"]}),
        "uncover": lambda: say("tikal.do.uncover", space=p["space"]),
        "recover": lambda: say("tikal.do.recover", space=p["space"]),
        "exchange": lambda: say("tikal.do.exchange", give=say(f"tikal.treasure.{p['give']}"),
                                take=say(f"tikal.treasure.{p['take']}"),
                                player=(names or {}).get(p["seat"])
                                or say("tikal.player", n=p["seat"] + 1)),
        "camp": lambda: say("tikal.do.camp", space=p["space"]),
        "guard": lambda: say(f"tikal.do.guard.{FIGURE[p['figure']]}", space=p["space"]),
        "end": lambda: say("tikal.do.end"),
        "bid": lambda: say("tikal.do.bid", n=p["amount"]),
        "pass": lambda: say("tikal.do.pass"),
        "take": lambda: say("tikal.do.take", n=p["index"]),
    }.get(str(kind))
    if words is None:
        return None
    said = words()
    ap = (info.get("cost") or {}).get("ap")
    if kind in COSTED and isinstance(ap, int) and ap:
        said += f" ({say('tikal.ap', n=ap)})"
    return said


def turn(game: Game, infos: Sequence[ActionInfo], lang: str,
         names: Mapping[int, str] | None = None) -> list[str] | None:
    """One seat's actions in a row (a computer's turn, told at once) as a person needs
    them: the tile, what was dug, camped, guarded or traded each as it is; the figures
    brought in and moved as one phrase of what changed on the board, each space's gain
    or loss ("A4 +2, B5 −1") with the points spent; the turn's end not at all (the next
    call says it). None when an action has no words."""
    phrases: list[str] = []
    figures: list[ActionInfo] = []
    at = 0  # where the figures' phrase goes: where the first of them came
    for info in infos:
        kind = info.get("type")
        if kind == "end":
            continue
        if kind in ("enter", "move"):
            if not figures:
                at = len(phrases)
            figures.append(info)
            continue
        said = action(game, info, lang, names=names)
        if said is None:
            return None
        phrases.append(said)
    if len(figures) == 1:
        said = action(game, figures[0], lang, names=names)
        if said is None:
            return None
        phrases.insert(at, said)
    elif figures:
        change: Counter[str] = Counter()
        for info in figures:
            p = info.get("params") or {}
            if info.get("type") == "enter":
                change[p["space"]] += 1
            else:
                change[p["from"]] -= 1
                change[p["to"]] += 1
        changes = ", ".join(f"{space} {n:+d}".replace("-", "−")
                            for space, n in sorted(change.items()) if n) or "±0"
        entered = any(info.get("type") == "enter" for info in figures)
        said = phrase(game.words, lang, "tikal.do.figures." + ("entered" if entered
                                                               else "moved"),
                      None, changes=changes) or changes
        ap = sum((info.get("cost") or {}).get("ap") or 0 for info in figures)
        if ap:
            said += f" ({phrase(game.words, lang, 'tikal.ap', None, n=ap)})"
        phrases.insert(at, said)
    return phrases


def moment(game: Game, view: Mapping[str, Any], lang: str,
           names: Mapping[int, str] | None = None, begins: bool = False) -> str | None:
    """A scoring round under way (a volcano's, the final one) in words, as the browser says
    it from the same catalog entries: the banner over the seat's own AP ("Scoring round:
    spend your 10 AP, then you score.", then "spend the 9 AP you have left"), or over the
    table for whoever watches ("Volcano! Scoring round: Bea spends 10 AP, then scores.");
    with ``begins``, the log's line that opens the round ("Ana draws a volcano: every player
    scores in turn." — the drawer scores first and places the volcano after the round).
    None outside a scoring round."""
    kind = view.get("round")
    current = view.get("current") or []
    if not kind or view.get("over") or not current:
        return None

    def name(seat: int) -> str:
        return (names or {}).get(seat) or phrase(game.words, lang, "tikal.player", None,
                                                 n=seat + 1) or str(seat + 1)

    if begins:  # (the volcano's drawer began it; the final round, whoever scores first)
        if kind == "volcano":
            drawer = view.get("volcano_drawer", -1)
            first = drawer if drawer >= 0 else current[0]
        else:
            first = _first_final_scorer(view)
            if first is None:
                return None
        return phrase(game.words, lang, f"log.round.{kind}.line", None, name=name(first))
    if view.get("viewer") in current:
        # The round begins with 10 AP ("spend your 10 AP"); once some are spent it says
        # what is left, as the browser's banner does — not the 10 it began with.
        left = view.get("ap")
        if isinstance(left, int) and 0 < left < 10:
            return phrase(game.words, lang, f"tikal.round.{kind}.yours.left", None, n=left)
        return phrase(game.words, lang, f"tikal.round.{kind}.yours", None)
    return phrase(game.words, lang, f"tikal.round.{kind}", None, name=name(current[0]))


def _first_final_scorer(view: Mapping[str, Any]) -> int | None:
    """Who scored first in the final round under way: the scorer now while nobody has
    scored yet; after that, in the basic game, the one as many seats back clockwise as
    have scored (it goes round from the left of the last placer) — so the line that opens
    the round names the same person at every scorer's turn, not each scorer in turn.
    The auction orders the round by points, which scoring changes: unknown then (None)."""
    current, players = int(view["current"][0]), int(view["num_players"])
    scored = players - 1 - len(view.get("queue") or [])
    if scored <= 0:
        return current
    if view.get("variant") != "basic":
        return None
    return (current - scored) % players
