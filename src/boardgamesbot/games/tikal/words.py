"""Tikal's actions in words, in each language: what the browser module's ``describe``
(web/tikal.js) says, from the same catalog entries (``tikal.do.*``), for the faces
written in Python — a chat tells "Bea: builds a camp on C5 (5 AP)", not "camp C5".

Read from the action's data (`State.action_info`: kind, AP cost, params), never from
its notation, so a move's cost is the one it had when it was played.
"""

from __future__ import annotations

from collections.abc import Mapping
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
        "place": lambda: (say("tikal.do.place.turned", space=p["space"],
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
