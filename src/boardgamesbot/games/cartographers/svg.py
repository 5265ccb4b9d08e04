"""A Cartographers map sheet as an SVG picture, drawn from a seat's view.

The browser shows this very picture (web/static/board.js), so it has the only copy of the
sheet's geometry and colours:
11 x 11 squares, columns A-K left to right, rows 1-11 top to bottom. A side
panel beside it shows the coins, the season and its time, the four edicts
(those scored this season marked), the stars won in each season and the
revealed card.

>>> from boardgamesbot.engine import load_game
>>> from boardgamesbot.games.cartographers import svg
>>> state = load_game("cartographers").new(2, seed=7)
>>> picture = svg.sheet(state.view(0), seat=1, highlight=["C4"])
>>> picture.startswith("<svg") and 'data-cell="K11"' in picture
True

Only the view is read, so the deck order and the other seats' pending
choices cannot reach the picture. The same view gives the same text, byte for
byte: tests compare it with golden files, and `boardgamesbot.images.png`
turns it into a PNG for chat.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from boardgamesbot.games.drawing import (
    element,
    language,
    number,
    picture,
    picture_words,
    text,
    wrap,
)

from .catalog import solo_title

__all__ = ["sheet", "FILL", "PLAYER_COLOURS"]

SIZE = 11
COLS = "ABCDEFGHIJK"
CELL = 34.0
MARGIN = 26.0
SHEET_END = MARGIN + SIZE * CELL
PANEL_X = SHEET_END + 16
PANEL_WIDTH = 300.0
FONT = "DejaVu Sans, sans-serif"
MAX_COINS = 14  # the coin track printed on the sheet
INK = "#2b2619"
MUTED = "#6b6350"
HIGHLIGHT = "#111"

# The sheet's palette (the player colours are the browser's, web/static/dom.js).
FILL = {"forest": "#3f7d3b", "village": "#c2452f", "farm": "#e9c54a", "water": "#3f86c7",
        "monster": "#6f3d8c", "mountain": "#8a6f5a", "wasteland": "#5b5b5b",
        "empty": "#fbf8ee"}
PLAYER_COLOURS = ("#c0392b", "#1f6fb2", "#d4a017", "#7d3c98", "#1e8449", "#d35400")
LETTER = {"F": "forest", "V": "village", "A": "farm", "W": "water", "M": "monster"}

# The panel's words in each language the faces speak (terms as in the browser's catalogues;
# card and edict names stay as printed; the solo titles are the game's catalogue's, catalog.py,
# as the browser's ending and the chat's /stats say them).
WORDS = picture_words(Path(__file__).parent)
LANGUAGES = tuple(WORDS)










def cell_name(row: int, col: int) -> str:
    return f"{COLS[col]}{row + 1}"


def _parse_cell(name: str) -> tuple[int, int]:
    written = str(name).strip().upper()
    if len(written) < 2 or written[0] not in COLS or not written[1:].isdigit() \
            or not 1 <= int(written[1:]) <= SIZE:
        raise ValueError(f"{name!r} is not a cell A1…K11")
    return int(written[1:]) - 1, COLS.index(written[0])


def _terrain(char: str) -> str:
    if char == "^":
        return "mountain"
    if char == "#":
        return "wasteland"
    return LETTER.get(char.upper(), "empty")


# A cell's drawing depends on these four values only: kept, the browser asks for a sheet
# after every move (121 cells of ~12 kinds each; three quarters of a sheet's drawing time).
@lru_cache(maxsize=4096)
def _cell(row: int, col: int, char: str, marked: bool) -> str:
    terrain = _terrain(char)
    x, y = MARGIN + col * CELL, MARGIN + row * CELL
    parts = [element("rect", x=x, y=y, width=CELL, height=CELL, fill=FILL[terrain],
                 stroke="#b8b09b", stroke_width="0.8", class_="cell-bg")]
    if terrain == "mountain":
        parts.append(element("path", d=f"M{number(x + 6)},{number(y + 27)} L{number(x + 17)},{number(y + 8)} "
                                   f"L{number(x + 28)},{number(y + 27)} z", fill="#5a4536"))
    elif terrain == "wasteland":
        parts.append(element("path", d=f"M{number(x)},{number(y + CELL)} L{number(x + CELL)},{number(y)} "
                                   f"M{number(x)},{number(y + CELL / 2)} L{number(x + CELL / 2)},{number(y)} "
                                   f"M{number(x + CELL / 2)},{number(y + CELL)} "
                                   f"L{number(x + CELL)},{number(y + CELL / 2)}",
                         stroke="#888", stroke_width="1"))
    elif terrain == "monster":
        parts.append(text(x + CELL / 2, y + 24, "☠", 19, fill="#fff", text_anchor="middle"))
    # "R" is empty ruins; a lower-case letter is a terrain drawn on ruins: the mark stays.
    if char == "R" or char != char.upper():
        parts.append(element("path", d=f"M{number(x + 9)},{number(y + 27)} v-9 a8,8 0 0 1 16,0 v9",
                         fill="none", stroke="#6b4b2a" if terrain == "empty" else "#fff",
                         stroke_width="2.4", class_="ruins"))
    if marked:
        parts.append(element("rect", x=x + 1.5, y=y + 1.5, width=CELL - 3, height=CELL - 3,
                         fill="none", stroke=HIGHLIGHT, stroke_width="3", class_="highlight"))
    # data-target: the browser makes a cell a button when an action may start there
    # (web/static/board.js); data-last-move names the cells drawn last to a screen reader.
    name = cell_name(row, col)
    return element("g", "".join(parts), class_=f"cell {terrain}", data_cell=name,
                   data_target=name, data_last_move=name if marked else None)


def _overlay(cells: Iterable[str], terrain: str, kind: str) -> str:
    """A drawing not (yet) on the sheet: a chosen one, or a preview of one."""
    out = []
    for name in cells:
        row, col = _parse_cell(name)
        out.append(element("rect", x=MARGIN + col * CELL + 3, y=MARGIN + row * CELL + 3,
                       width=CELL - 6, height=CELL - 6, fill=FILL.get(terrain, "#999"),
                       fill_opacity="0.8", stroke="#1b5fd1", stroke_width="3",
                       stroke_dasharray="4 2"))
    return element("g", "".join(out), class_=f"overlay {kind}")


def _grid(lines: Sequence[str], marked: set[tuple[int, int]]) -> str:
    out = []
    for col in range(SIZE):
        out.append(text(MARGIN + col * CELL + CELL / 2, MARGIN - 8, COLS[col], 13,
                         fill=MUTED, text_anchor="middle", class_="coord col-label"))
    for row in range(SIZE):
        out.append(text(MARGIN - 5, MARGIN + row * CELL + CELL / 2 + 4.5, row + 1, 13,
                         fill=MUTED, text_anchor="end", class_="coord row-label"))
    for row in range(SIZE):
        for col in range(SIZE):
            out.append(_cell(row, col, lines[row][col], (row, col) in marked))
    out.append(element("rect", x=MARGIN, y=MARGIN, width=SIZE * CELL, height=SIZE * CELL,
                   fill="none", stroke="#4d4433", stroke_width="2"))
    return "".join(out)


# The side panel ---------------------------------------------------------------------------


def _mini_shape(x: float, y: float, cells: Sequence[Sequence[int]], terrain: str, coin: bool,
                unit: float = 11.0) -> tuple[str, float]:
    """A shape from a card, drawn small at (x, y); returns it and its width."""
    out = []
    for r, c in cells:
        out.append(element("rect", x=x + c * unit, y=y + r * unit, width=unit - 1, height=unit - 1,
                       fill=FILL.get(terrain, "#888"), stroke="#4d4433", stroke_width="0.6"))
    cols = max(c for _, c in cells) + 1
    if coin:
        out.append(element("circle", cx=x + cols * unit + 2, cy=y + 4, r="4.5", fill="#e0b000",
                       stroke="#7a5a00", stroke_width="0.8", class_="coin"))
    return "".join(out), cols * unit + (10 if coin else 0)


def _card(view: dict[str, Any], w: dict[str, Any], x0: float, y: float, out: list[str]) -> float:
    card = view.get("card")
    if not card:
        return y
    y += 24
    kind = card["kind"]
    if kind == "explore":
        for i, line in enumerate(wrap(w["card"].format(name=card["name"], n=card["time"]), 13,
                                       PANEL_WIDTH - 8)):
            y += 17 if i else 0
            out.append(text(x0, y, line, 13, fill=INK, font_weight="bold"))
        y += 8
        x = x0
        for terrain in card["terrains"]:
            out.append(element("rect", x=x, y=y + 2, width=12, height=12, fill=FILL[terrain],
                           stroke="#4d4433", stroke_width="0.6"))
            words = w.get(terrain, terrain)
            out.append(text(x + 16, y + 12.5, words, 12, fill=INK))
            x += 24 + 7.5 * len(words)
        y += 22
        x, tallest = x0, 0
        for shape in card["shapes"]:
            drawn, width = _mini_shape(x, y, shape["cells"], card["terrains"][0], shape["coin"])
            out.append(element("g", drawn, class_="card-shape"))
            x += width + 18
            tallest = max(tallest, max(r for r, _ in shape["cells"]) + 1)
        y += tallest * 11
    elif kind == "ambush":
        out.append(text(x0, y, w["ambush"].format(name=card["name"]), 13, fill=INK,
                         font_weight="bold"))
        y += 8
        drawn, _ = _mini_shape(x0, y, card["cells"], "monster", False)
        out.append(element("g", drawn, class_="card-shape"))
        y += (max(r for r, _ in card["cells"]) + 1) * 11
    else:
        out.append(text(x0, y, w["ruins"].format(name=card["name"]), 13, fill=INK,
                         font_weight="bold"))
    if view.get("ruins_pending"):
        y += 18
        out.append(text(x0, y, w["ruins.next"], 11.5, fill=MUTED))
    return y


def _status(view: dict[str, Any], names: Sequence[str], w: dict[str, Any]) -> str:
    if view.get("over"):
        winners = w["and"].join(names[seat] for seat in view.get("winners", []))
        return str(w["winner"].format(names=winners) if winners else w["over"])
    if view.get("step") == "ambush":
        you = view.get("you") or {}
        if "target" in you:
            return str(w["ambush.you"].format(who=names[you["seat"]],
                                              whose=names[you["target"]]))
        return str(w["ambush.all"])
    return str(w["draw"])


def _panel(view: dict[str, Any], seat: int, names: Sequence[str], colours: Sequence[str],
           w: dict[str, Any], lang: str) -> tuple[str, float]:
    x0 = PANEL_X
    out = []
    player = view["players"][seat]
    side = view.get("side", {})
    y = 22.0
    out.append(text(x0, y, "Cartographers", 17, fill=INK, font_weight="bold"))
    y += 20
    out.append(text(x0, y, w["side"].format(letter=side.get("letter", "?"),
                                    name=w.get(side.get("name", ""), side.get("name", ""))), 12,
                     fill=MUTED))
    y += 24
    out.append(element("rect", x=x0, y=y - 12, width=14, height=14, rx="2",
                   fill=colours[seat % len(colours)], stroke="#111", stroke_width="0.6"))
    out.append(text(x0 + 20, y, w["sheet"].format(name=names[seat], n=player["stars"]), 14,
                     fill=INK, font_weight="bold", class_="stars"))
    y += 20
    coins = w["coins"].format(n=player["coins"])
    out.append(text(x0, y, coins, 12.5, fill=INK))
    track = x0 + 0.62 * 12.5 * len(coins) + 14  # the track starts after the words
    for i in range(MAX_COINS):
        out.append(element("circle", cx=track + i * 14.5, cy=y - 4.5, r="5.5",
                       fill="#e0b000" if i < player["coins"] else "#efe9d8",
                       stroke="#7a5a00" if i < player["coins"] else "#c9c1a8",
                       stroke_width="1", class_="coin on" if i < player["coins"] else "coin"))
    if player.get("monster_losses") and not view.get("over"):
        y += 18
        out.append(text(x0, y, w["losses"].format(n=player["monster_losses"]),
                         12, fill=MUTED))
    season = view["season"]
    y += 28
    out.append(text(x0, y, w["season"].format(name=w.get(season["name"], season["name"]),
                                               n=season["number"],
                                               total=len(view.get("seasons", [])) or 4), 14,
                     fill=INK,
                     font_weight="bold", class_="season"))
    y += 10
    used, threshold = season["time_used"], season["threshold"]
    out.append(element("rect", x=x0, y=y, width=PANEL_WIDTH - 90, height=10, rx="5", fill="#e6e0cf"))
    if used:
        out.append(element("rect", x=x0, y=y, width=(PANEL_WIDTH - 90) * min(used, threshold)
                       / threshold, height=10, rx="5", fill="#d4a017"))
    out.append(text(x0 + PANEL_WIDTH - 82, y + 9.5,
                     w["time"].format(used=used, threshold=threshold), 12, fill=INK))
    y += 12
    scoring = set(season.get("scoring", [])) if not view.get("over") else set()
    for edict in view.get("edicts", []):
        y += 22
        now = edict["letter"] in scoring
        if now:
            out.append(element("rect", x=x0 - 3, y=y - 15, width=PANEL_WIDTH - 4, height=20, rx="4",
                           fill="#fff6d8", stroke="#d4a017"))
        out.append(element("rect", x=x0, y=y - 12.5, width=17, height=16, rx="3", fill="#23402a"))
        out.append(text(x0 + 8.5, y, edict["letter"], 12.5, fill="#fff", font_weight="bold",
                         text_anchor="middle"))
        out.append(text(x0 + 24, y, edict["card"], 12.5, fill=INK,
                         font_weight="bold" if now else "normal", class_="edict"))
        if now:
            out.append(text(x0 + PANEL_WIDTH - 12, y, w["now"], 10.5, fill="#7a5a00",
                             text_anchor="end"))
    if player.get("seasons"):
        y += 26
        columns = zip(w["heads"], (0, 82, 146, 206, 256))
        for words, dx in columns:
            out.append(text(x0 + dx, y, words, 11, fill=MUTED))
        for row in player["seasons"]:
            y += 18
            cells = ((w.get(row["season"], row["season"]), 0, "normal"),
                     (" + ".join(map(str, row["edicts"])), 82, "normal"),
                     (row["coins"], 146, "normal"), (row["monsters"], 206, "normal"),
                     (row["total"], 256, "bold"))
            for words, dx, weight in cells:
                out.append(text(x0 + dx, y, words, 12.5, fill=INK, font_weight=weight))
    y = _card(view, w, x0, y, out)
    if view.get("solo"):
        y += 22
        solo = view["solo"]
        title = f" ({solo_title(solo['title'], lang)})" if solo.get("title") else ""
        out.append(text(x0, y, w["solo"].format(rating=solo["rating"]) + title, 12.5,
                         fill=INK))
    if len(view["players"]) > 1:
        y += 6
        others = " · ".join(f"{names[p['seat']]}\xa0{p['stars']}★" for p in view["players"]
                            if p["seat"] != seat)
        for line in wrap(w["others"].format(list=others), 12, PANEL_WIDTH - 8):
            y += 16
            out.append(text(x0, y, line, 12, fill=MUTED))
    y += 6
    for line in wrap(_status(view, names, w), 12, PANEL_WIDTH - 8):
        y += 16
        out.append(text(x0, y, line, 12, fill=MUTED, class_="status"))
    return "".join(out), y + 12


def _default_seat(view: dict[str, Any]) -> int:
    """The sheet a seat is drawing on now: its own, or in an ambush its neighbour's."""
    you = view.get("you")
    if you:
        if view.get("step") == "ambush" and you.get("target") is not None:
            return int(you["target"])
        return int(you["seat"])
    viewer = view.get("viewer")
    return viewer if isinstance(viewer, int) and viewer >= 0 else 0


def sheet(view: dict[str, Any], *, seat: int | None = None, size: float | None = 900,
          highlight: Iterable[str] | None = None,
          preview: tuple[str, Iterable[str]] | None = None, panel: bool = True,
          colours: Sequence[str] = PLAYER_COLOURS,
          seat_names: Sequence[str] | None = None, lang: str = "en") -> str:
    """One seat's sheet from ``view`` (what ``state.view(seat)`` returned) as SVG text.

    * ``seat``: whose sheet (0-based); by default the one the viewer draws on now
      (its own, or in an ambush the neighbour's it must draw monsters on), and
      the first seat's for a spectator.
    * ``size``: the picture's width in pixels (its height follows); ``None`` leaves
      it unsized (1 unit = 1 px).
    * ``highlight``: cells to outline, such as ``["C4", "C5"]``; by default the
      cells the seat drew last. ``()`` outlines none.
    * ``preview``: ``(terrain, cells)`` drawn over the sheet, e.g. a drawing
      being considered. The seat's own pending choice, which its view holds,
      is drawn the same way.
    * ``panel``: draw the side panel (coins, season, edicts, stars, card).
    * ``colours``, ``seat_names``: the players' colours and names, by seat
      (names default to p1, p2, …).
    * ``lang``: the panel's language: ``"en"``, ``"pt-BR"`` or ``"ca"``.
    """
    words = language(WORDS, lang)
    players = view["players"]
    if seat is None:
        seat = _default_seat(view)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
        raise ValueError(f"seat must be 0…{len(players) - 1} for this view, not {seat!r}")
    names = list(seat_names) if seat_names is not None else [f"p{i + 1}"
                                                            for i in range(len(players))]
    if len(names) < len(players):
        raise ValueError(f"seat_names names {len(names)} players; the view has {len(players)}")
    player = players[seat]
    marked = {_parse_cell(c) for c in (player.get("last_drawn", []) if highlight is None
                                       else highlight)}
    layers = [_grid(player["sheet"], marked)]
    choice = (view.get("you") or {}).get("choice")
    if choice and choice.get("sheet") == seat:
        layers.append(_overlay(choice["cells"], choice["terrain"], "chosen"))
    if preview is not None:
        terrain, cells = preview
        if terrain not in FILL:
            raise ValueError(f"unknown terrain {terrain!r}; one of {', '.join(FILL)}")
        layers.append(_overlay(cells, terrain, "preview"))
    return picture(element("g", "".join(layers), class_="sheet", data_seat=str(seat)),
                   SHEET_END + 4, SHEET_END + 4,
                   panel=_panel(view, seat, names, colours, words, lang) if panel else None,
                   panel_end=PANEL_X + PANEL_WIDTH, size=size, font=FONT)
