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
        if label[0] == "f":  # (mirrored alone: not "turned 0°")
            return say(f"{key}.f", False, degrees=degrees) if degrees \
                else say(f"{key}.mirror", False)
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


def moment(game: Game, view: Mapping[str, Any], lang: str,
           names: Mapping[int, str] | None = None, begins: bool = False) -> str | None:
    """A season's end, as the next season begins (its first card not yet drawn by all), in
    words: which season ended, which edicts scored, and each seat's stars of that season
    ("End of Spring: edicts A (Sentinel Wood) and B (Greenbough) scored. Ana 12 ★ · Bea
    9 ★") — where the chat's scoreboard shows only the totals and the sheets' pictures the
    rest. Told as how the moment began (``begins``); None otherwise."""
    players = view.get("players") or []
    ended = len(players[0]["seasons"]) if players else 0
    season = view.get("season") or {}
    drawn = [card for card in view.get("revealed") or [] if card["kind"] != "ruins"]
    if not begins or not ended or view.get("over") or season.get("number") != ended + 1 \
            or len(drawn) > 1:  # (the season's first card, until all have drawn it)
        return None
    plan = view["seasons"][ended - 1]
    cards = {edict["letter"]: edict["card"] for edict in view.get("edicts") or []}

    def say(key: str, **params: Any) -> str:
        return phrase(game.words, lang, key, None, **params) or key

    edicts = [say("carto.moment.edict", letter=letter,
                  card=phrase(game.words, lang, f"carto.card.{cards.get(letter)}")
                  or cards.get(letter, letter)) for letter in plan["edicts"]]
    listed = edicts[0] if len(edicts) == 1 else say(
        "carto.moment.and", first=", ".join(edicts[:-1]), last=edicts[-1])
    points = " · ".join(
        say("carto.moment.points", name=(names or {}).get(player["seat"])
            or str(player["seat"] + 1), n=player["seasons"][ended - 1]["total"])
        for player in players)
    return say("carto.moment.season_end", ended=say(f"carto.moment.ended.{plan['name']}"),
               edicts=listed, points=points)
