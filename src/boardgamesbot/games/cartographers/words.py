"""Cartographers' actions in words, in each language: what the browser module's
``describe`` (web/cartographers.js) says, from the same catalog entries
(``carto.do.*``, ``carto.orient.*``, ``terrain.*``), for the faces written in Python — a
chat tells "Bea: draws forest (shape 2, turned 90°) at C4", not "forest 2 r90 C4".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardgamesbot.engine import ActionInfo, Game
from boardgamesbot.games.wording import phrase


def action(
    game: Game,
    info: ActionInfo,
    lang: str,
    mood: str | None = None,
    names: Mapping[int, str] | None = None,
) -> str | None:
    """``info`` in words (``mood``: None for the log's, ``"button"`` for a button's)."""
    kind, p = info.get("type"), info.get("params") or {}

    def say(key: str, in_mood: bool = True, **params: Any) -> str:
        return phrase(game.words, lang, key, mood if in_mood else None, **params) or key

    def orient(label: str, of: str | None = None) -> str:
        """An orientation agreeing with what is turned: a shape (feminine in Catalan and
        Portuguese, "girada 90°"), or the monster (``of="monster"``: "girat", "girado")."""
        key = f"carto.orient.{of}" if of else "carto.orient"
        degrees = int(label[1:])
        if label[0] == "f":
            return say(f"{key}.f", False, degrees=degrees)
        return say(f"{key}.r", False, degrees=degrees) if degrees else say(f"{key}.none", False)

    def terrain(name: str) -> str:
        return phrase(game.words, lang, f"terrain.{name}") or name

    def where(sheet: Any) -> str:
        """Whose map the monster goes on, by name where the seats' names are given (a chat
        is read by all, so never "your map")."""
        if names and isinstance(sheet, int) and sheet in names:
            return say("carto.where.of", False, name=names[sheet])
        return say("carto.where.neighbour", False)

    def on_own_map(words: str) -> str:
        """A drawing told to the table (the seats' names given, more than one: a chat's
        line, the terminal's for a computer player) names the mover's own map, as the
        browser's "Last move" does beside another's map: its readers look at their own
        map, or at all of them, and "at A1" alone sent them to the wrong one. In words that
        fit any reader ("on their own map"); a button's words are the reader's own
        drawing, and a solo game has one map."""
        if mood is not None or not names or len(names) < 2:
            return words
        return say("carto.do.elsewhere", False, move=words,
                   where=say("carto.where.own", False))

    if kind == "pass":
        return say("carto.do.pass")
    if kind == "ambush_fallback":
        return say("carto.do.ambush1x1", cell=p["cell"], where=where(p.get("sheet")))
    if kind == "ambush":
        return say(
            "carto.do.ambush",
            orient=orient(p["orientation"], "monster"),
            cell=p["cell"],
            where=where(p.get("sheet")),
        )
    if kind == "fallback":
        return on_own_map(say("carto.do.fallback", terrain=terrain(p["terrain"]), cell=p["cell"]))
    if kind == "draw":
        return on_own_map(say(
            "carto.do.draw",
            terrain=terrain(p["terrain"]),
            shape=p["shape"],
            orient=orient(p["orientation"]),
            cell=p["cell"],
        ))
    return None
