"""Tikal as an SVG picture, drawn from a seat's view (never from a State).

The board: flat-topped hexes of radius 42, columns A-H left to right, rows 1-6
top to bottom, odd columns (B, D, F, H) half a hex lower. A side panel beside it
lists the players, the drawn tile, the stack, the supplies and, in the auction
variant, the display. This is Tikal's only renderer: the chat's pictures and the
browser's board are both this SVG (the browser asks the server for it and makes
its targets playable, docs/rendering.md).

What a player may act on is marked, the same whatever the turn (the browser
decides from the legal actions which marks are buttons): each space is
``data-target="C5"`` (with ``data-space="C5"``), each tile of the auction's
display ``data-target="display-2"`` (with ``data-display="2"``, its 1-based
index as in ``take 2``).

>>> from boardgamesbot.engine import load_game
>>> from boardgamesbot.games.tikal import svg
>>> state = load_game("tikal").new(num_players=2, seed=1)
>>> picture = svg.board(state.view(None), size=600, highlight=["A6"])
>>> picture.startswith("<svg") and 'data-space="H1"' in picture
True

Only the view is read, so what a seat may not see (the order of the stack,
which treasures lie face down) cannot reach the picture. The output is plain
text, identical for identical views: tests compare it with golden files, and
`boardgamesbot.images.png` turns it into a PNG for chat.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from boardgamesbot.games.drawing import element, language, number, picture, picture_words, text

__all__ = ["board", "PLAYER_COLOURS", "KIND_FILL"]

COLUMNS = "ABCDEFGH"
ROWS = 6
R = 42.0
PAD = 6.0
APOTHEM = math.sqrt(3) / 2 * R
BOARD_WIDTH = 2 * PAD + 2 * R + 7 * 1.5 * R
BOARD_HEIGHT = 2 * PAD + 13 * APOTHEM
PANEL_X = BOARD_WIDTH + 8
PANEL_WIDTH = 330.0
FONT = "DejaVu Sans, sans-serif"

# The players' colours are the browser's (web/static/dom.js PLAYER_COLOURS), so that the
# HTML beside the board names each player in the colour of their figures.
PLAYER_COLOURS = ("#c0392b", "#1f6fb2", "#d4a017", "#7d3c98", "#1e8449", "#d35400")
KIND_FILL = {"jungle": "#6a9f45", "temple": "#b9ad98", "treasure": "#e3c15c",
             "volcano": "#9c3d2a", "base_camp": "#c9a66b"}

# The panel's words in each language the faces speak (terms as in the browser's catalogues).
WORDS = picture_words(Path(__file__).parent)
LANGUAGES = tuple(WORDS)
HIGHLIGHT = "#1b5fd1"
INK = "#2b2619"
MUTED = "#6b6350"


def centre(space: str) -> tuple[float, float]:
    """The centre of a space such as ``"C4"``, in board units."""
    column = COLUMNS.index(space[0])
    row = int(space[1:]) - 1
    return (PAD + R + column * 1.5 * R,
            PAD + APOTHEM + row * 2 * APOTHEM + (APOTHEM if column % 2 else 0))


def _hex_points(cx: float, cy: float, radius: float) -> str:
    return " ".join(f"{number(cx + radius * math.cos(math.pi / 3 * i))},"
                    f"{number(cy + radius * math.sin(math.pi / 3 * i))}" for i in range(6))


def _stones(cx: float, cy: float, stones: Sequence[int], scale: float = 1.0) -> str:
    """Stones sit on the edge they are printed on: side 0 is N, then clockwise."""
    out = []
    for side, count in enumerate(stones):
        angle = math.radians(-90 + 60 * side)
        bx = cx + math.cos(angle) * APOTHEM * 0.88 * scale
        by = cy + math.sin(angle) * APOTHEM * 0.88 * scale
        px, py = -math.sin(angle), math.cos(angle)
        for i in range(count):
            offset = (i - (count - 1) / 2) * 8.5 * scale
            out.append(element("circle", cx=bx + px * offset, cy=by + py * offset,
                           r=max(3.4 * scale, 2.2), fill="#efefef", stroke="#333",
                           stroke_width="1"))
    return "".join(out)


def _tile_face(cx: float, cy: float, tile: dict[str, Any], colours: Sequence[str],
               scale: float = 1.0) -> str:
    """A tile's kind, value or wafer count and stones, centred on (cx, cy)."""
    kind = tile["kind"]
    s = scale
    out = [element("polygon", points=_hex_points(cx, cy, (R - 1) * s),
               fill=KIND_FILL.get(kind, "#ccc"), stroke="#4d4433", stroke_width="1.5")]
    # Every kind's mark keeps to the band from cy-18 to cy-1: the name is above it,
    # the figures below it.
    if kind == "temple":
        # A stepped pyramid with the value on it, in the controller's colour if any.
        out.append(element("path", d=f"M{number(cx - 15 * s)},{number(cy - 1 * s)} h{number(30 * s)} "
                                 f"v{number(-6 * s)} h{number(-5 * s)} v{number(-5.5 * s)} h{number(-5 * s)} "
                                 f"v{number(-5.5 * s)} h{number(-10 * s)} v{number(5.5 * s)} h{number(-5 * s)} "
                                 f"v{number(5.5 * s)} h{number(-5 * s)} z", fill="#8b806c"))
        controller = tile.get("controller", -1)
        fill = colours[controller % len(colours)] if controller is not None and controller >= 0 \
            else "#222"
        out.append(text(cx, cy - 5 * s, tile.get("value", ""), 18 * s, fill=fill,
                         font_weight="bold", text_anchor="middle", stroke="#fff",
                         stroke_width=number(3 * s), paint_order="stroke",
                         class_="temple-value"))
        printed = tile.get("printed")
        if printed is not None and tile.get("value", printed) > printed:
            # One light pip per level stacked on the printed temple, along its base.
            levels = tile["value"] - printed
            pitch = min(28 * s / levels, 5 * s)
            x0 = cx - levels * pitch / 2
            for i in range(levels):
                out.append(element("rect", x=x0 + i * pitch + 0.4, y=cy - 3.6 * s,
                               width=max(pitch - 1.2, 1.0), height=3 * s, fill="#fffbe8",
                               class_="level"))
    elif kind == "treasure":
        count = tile.get("wafers", tile.get("masks", ""))
        out.append(element("rect", x=cx - 13 * s, y=cy - 18 * s, width=26 * s, height=16 * s,
                       rx="3", fill="#8a5a1f", stroke="#4d3210", stroke_width="1"))
        out.append(text(cx, cy - 5.5 * s, count, 13 * s, fill="#fff", font_weight="bold",
                         text_anchor="middle", class_="wafer-count"))
    elif kind == "volcano":
        out.append(element("path", d=f"M{number(cx - 17 * s)},{number(cy - 1 * s)} "
                                 f"L{number(cx - 5 * s)},{number(cy - 18 * s)} "
                                 f"L{number(cx + 5 * s)},{number(cy - 18 * s)} "
                                 f"L{number(cx + 17 * s)},{number(cy - 1 * s)} z", fill="#3a1d14"))
    elif kind == "base_camp":
        out.append(element("path", d=f"M{number(cx - 13 * s)},{number(cy - 1 * s)} "
                                 f"L{number(cx)},{number(cy - 18 * s)} "
                                 f"L{number(cx + 13 * s)},{number(cy - 1 * s)} z", fill="#7b5a2e"))
    out.append(_stones(cx, cy, tile.get("stones") or [0] * 6, scale))
    return "".join(out)


def _figure_label(figures: dict[str, Any]) -> str:
    leader, workers = figures.get("L", 0), figures.get("W", 0)
    return f"{'L' if leader else ''}{'+' if leader and workers else ''}{workers or ''}"


def _figures(cx: float, cy: float, figures: dict[str, Any], colours: Sequence[str]) -> str:
    """One pill per seat present: ``L`` the leader, a number the workers (``L+3``).

    Up to two pills a row; with three or four seats they climb higher so that
    the second row stays inside the hex.
    """
    seats = sorted(int(seat) for seat in figures)
    out = []
    width, height, gap = 28.0, 13.0, 2.0
    top = cy + (0 if len(seats) > 2 else 5)
    for index, seat in enumerate(seats):
        col, row = index % 2, index // 2
        in_row = min(2, len(seats) - 2 * row)
        x = cx - (in_row * width + (in_row - 1) * gap) / 2 + col * (width + gap)
        y = top + row * (height + 1.5)
        colour = colours[seat % len(colours)]
        label = _figure_label(figures[str(seat)])
        # "L+12" is wider than a pill: squeeze it rather than spill over the hex.
        fit = {"textLength": number(width - 4), "lengthAdjust": "spacingAndGlyphs"} \
            if len(label) > 3 else {}
        out.append(element("g", element("rect", x=x, y=y, width=width, height=height, rx="6.5",
                                fill=colour, stroke="#111", stroke_width="0.8")
                       + text(x + width / 2, y + 10.2, label, 10.5, fill="#fff",
                               font_weight="bold", text_anchor="middle", **fit),
                       class_="figures", data_seat=str(seat)))
    return "".join(out)


def _space(space: str, entry: dict[str, Any] | None, colours: Sequence[str], names: bool,
           highlighted: bool, last_move: str | None = None) -> str:
    cx, cy = centre(space)
    parts = []
    if entry is None:
        parts.append(element("polygon", points=_hex_points(cx, cy, R - 1), fill="#e9e4d3",
                         stroke="#c9c1a8", stroke_dasharray="4 3"))
    else:
        parts.append(_tile_face(cx, cy, entry, colours))
        if "camp" in entry:
            colour = colours[entry["camp"] % len(colours)]
            parts.append(element("path", d=f"M{number(cx - 32)},{number(cy - 2)} l8,-15 l8,15 z",
                             fill=colour, stroke="#111", stroke_width="1",
                             class_="camp", data_seat=str(entry["camp"])))
        if "guard" in entry:
            seat = entry["guard"]["seat"]
            parts.append(element("path", d=f"M{number(cx + 17)},{number(cy - 20)} h14 v8 q0,8 -7,11 "
                                       f"q-7,-3 -7,-11 z", fill=colours[seat % len(colours)],
                             stroke="#111", stroke_width="1", class_="guard",
                             data_seat=str(seat)))
        if entry.get("figures"):
            parts.append(_figures(cx, cy, entry["figures"], colours))
    if names:
        parts.append(text(cx, cy - 20.5, space, 10, fill="#3d382c", text_anchor="middle",
                           class_="space-name"))
    if highlighted:
        parts.append(element("polygon", points=_hex_points(cx, cy, R - 3.5), fill="none",
                         stroke=HIGHLIGHT, stroke_width="4", class_="highlight"))
    kind = entry["kind"] if entry else "unexplored"
    return element("g", "".join(parts), class_=f"space {kind}", data_space=space,
                   data_target=space, data_last_move=last_move if highlighted else None)


# The side panel ---------------------------------------------------------------------------


def _tile_words(tile: dict[str, Any], w: dict[str, Any], short: bool = False) -> str:
    kind = tile["kind"]
    if kind == "temple":
        return str(w["temple"].format(value=tile["value"]))
    if kind == "treasure":
        key = ("wafers" if short else "treasure") + (".1" if tile["masks"] == 1 else "")
        return str(w[key].format(n=tile["masks"]))
    return str(w.get(kind, kind))


def _status(view: dict[str, Any], names: Sequence[str], w: dict[str, Any]) -> str:
    if view.get("over"):
        winners = w["and"].join(names[seat] for seat in view.get("winners", []))
        return str(w["winner"].format(names=winners) if winners else w["over"])
    current = view.get("current") or []
    who = names[current[0]] if current else "–"
    phase = view.get("phase")
    key = phase if phase in ("place", "actions", "bid", "take") else "play"
    return str(w[key].format(who=who, n=view.get("ap", 0)))


def _panel(view: dict[str, Any], colours: Sequence[str], names: Sequence[str],
           w: dict[str, Any]) -> tuple[str, float]:
    """The side panel and its height."""
    x0 = PANEL_X
    out = []
    y = 22.0
    variant = view.get("variant", "basic")
    out.append(text(x0, y, f"Tikal · {w.get(variant, variant)}", 17, fill=INK,
                     font_weight="bold"))
    y += 22
    out.append(text(x0, y, _status(view, names, w), 13.5, fill=INK, class_="status"))
    if view.get("round") and not view.get("over"):
        y += 18
        words = w["round.volcano"] if view["round"] == "volcano" else w["round.final"]
        out.append(text(x0, y, words, 13, fill="#9c3d2a", font_weight="bold"))
    # Players: score, treasures, workers in supply, leader, camps and guards left.
    y += 26
    heads = zip(w["heads"], (0, 74, 110, 222, 250, 292, 312))
    for words, dx in heads:
        out.append(text(x0 + dx, y, words, 11, fill=MUTED))
    current = set(view.get("current") or [])
    for player in view.get("players", []):
        seat = player["seat"]
        y += 21
        if seat in current and not view.get("over"):
            out.append(element("rect", x=x0 - 4, y=y - 15, width=PANEL_WIDTH - 2, height=20,
                           rx="4", fill="#fff6d8", stroke="#d4a017"))
        out.append(element("rect", x=x0, y=y - 11, width=12, height=12, rx="2",
                       fill=colours[seat % len(colours)], stroke="#111", stroke_width="0.6"))
        treasures = " ".join(f"#{kind}×{count}" if count > 1 else f"#{kind}"
                             for kind, count in sorted(player["treasures"].items(),
                                                       key=lambda kv: int(kv[0]))) or "–"
        leader = {"supply": w["supply"], "gone": w["gone"]}.get(player["leader"],
                                                                 player["leader"])
        cells = ((names[seat], 16, "normal"), (player["score"], 74, "bold"),
                 (treasures, 110, "normal"), (player["supply_workers"], 222, "normal"),
                 (leader, 250, "normal"), (player["camps_left"], 292, "normal"),
                 (player["guards_left"], 312, "normal"))
        for words, dx, weight in cells:
            size = 13 if dx != 110 or len(str(words)) < 12 else 11
            # Many treasures: squeeze them into their column rather than over the next.
            fit = {"textLength": "106", "lengthAdjust": "spacingAndGlyphs"} \
                if dx == 110 and 0.6 * size * len(str(words)) > 106 else {}
            out.append(text(x0 + dx, y, words, size, fill=INK, font_weight=weight, **fit))
    y += 14
    out.append(text(x0, y + 4, w["legend1"],
                     9.5, fill=MUTED))
    out.append(text(x0, y + 16, w["legend2"], 9.5, fill=MUTED))
    y += 24
    drawn = view.get("drawn")
    if drawn:
        y += 8
        tile_size = 30.0
        cx, cy = x0 + tile_size, y + tile_size * 0.9
        tile = dict(drawn, wafers=drawn.get("masks"))
        out.append(element("g", _tile_face(cx, cy, tile, colours, scale=tile_size / R),
                       class_="drawn-tile"))
        out.append(text(x0 + 2 * tile_size + 10, y + 18, w["drawn"], 13, fill=INK,
                         font_weight="bold"))
        out.append(text(x0 + 2 * tile_size + 10, y + 36, f"{drawn['letter']}: {_tile_words(drawn, w)}",
                         13, fill=INK))
        y += 2 * tile_size * 0.9 + 6
    stack = view.get("stack", {})
    y += 18
    top = stack.get("top") or "–"
    out.append(text(x0, y, w["stack"].format(n=stack.get("size", 0), top=top), 13, fill=INK))
    left = " ".join(f"{letter}{n}" for letter, n in stack.get("left", {}).items() if n)
    if left:
        y += 17
        out.append(text(x0 + 10, y, left, 12, fill=MUTED))
    y += 19
    out.append(text(x0, y, w["pile"].format(n=view.get("wafer_pile", 0)), 13, fill=INK))
    levels = " ".join(f"{v}×{n}" for v, n in view.get("levels", {}).items() if n) or "–"
    y += 19
    out.append(text(x0, y, w["levels"], 13, fill=INK))
    y += 17
    out.append(text(x0 + 10, y, levels, 12, fill=MUTED))
    auction = view.get("auction")
    if auction:
        y = _auction(out, auction, view, colours, names, w, x0, y)
    return "".join(out), y + 12


def _auction(out: list[str], auction: dict[str, Any], view: dict[str, Any], colours: Sequence[str],
             names: Sequence[str], w: dict[str, Any], x0: float, y: float) -> float:
    y += 26
    out.append(text(x0, y, w["auction.round"].format(n=auction["round"]), 14, fill=INK,
                     font_weight="bold"))
    if auction.get("bidder") is not None and view.get("phase") == "bid":
        y += 18
        out.append(text(x0, y, w["high"].format(n=auction["bid"], name=names[auction["bidder"]]),
                         13, fill=INK))
    display = auction.get("display", [])
    if display:
        size = 24.0
        y += 8
        for i, tile in enumerate(display):
            cx = x0 + size + 8 + i * 80
            cy = y + size
            # The tile and its words are one target: a click on either takes it.
            words = _tile_words(tile, w, short=True)
            out.append(element(
                "g", _tile_face(cx, cy, dict(tile, wafers=tile.get("masks")), colours,
                                scale=size / R)
                + text(cx, cy + size + 13, f"{tile['index']}. {tile['letter']}", 11,
                       fill=INK, text_anchor="middle", font_weight="bold")
                + text(cx, cy + size + 26, words, 10.5, fill=INK, text_anchor="middle"),
                class_="display-tile", data_display=str(tile["index"]),
                data_target=f"display-{tile['index']}"))
        y += 2 * size + 34
    amulets = auction.get("amulets", [])
    if amulets:
        # Amulets flow left to right and wrap, each as wide as its words.
        y += 16
        x = x0
        for seat, state in enumerate(amulets):
            words = f"{names[seat]} {w[state]}"
            width = 18 + 0.6 * 11 * len(words) + 12
            if x > x0 and x + width > x0 + PANEL_WIDTH:
                x, y = x0, y + 18
            out.append(element("circle", cx=x + 7, cy=y - 4, r="6",
                           fill="#f5d96b" if state == "up" else "#555",
                           stroke=colours[seat % len(colours)], stroke_width="3"))
            out.append(text(x + 17, y, words, 11, fill=INK))
            x += width
    return y


def board(view: dict[str, Any], *, size: float | None = 900, highlight: Iterable[str] = (),
          names: bool = True, panel: bool = True, colours: Sequence[str] = PLAYER_COLOURS,
          seat_names: Sequence[str] | None = None, lang: str = "en",
          last_move: str | None = None) -> str:
    """The board of ``view`` (what ``state.view(seat)`` returned) as SVG text.

    * ``size``: the picture's width in pixels (its height follows); ``None`` leaves
      the SVG unsized (1 unit = 1 px).
    * ``highlight``: spaces to outline, e.g. the two ends of the last move.
    * ``names``: write each space's name (A1…H6).
    * ``panel``: draw the side panel (players, drawn tile, stack, supplies, auction).
    * ``colours``: the players' colours, by seat.
    * ``seat_names``: what to call the players (default: the view's names, p1…p4).
    * ``lang``: the panel's language: ``"en"``, ``"pt-BR"`` or ``"ca"``.
    * ``last_move``: the last move in words; the highlighted spaces carry it as
      ``data-last-move`` (a page names them "Last move: …" for assistive technology).
    """
    words = language(WORDS, lang)
    marked = {str(space).upper() for space in highlight}
    unknown = marked - {f"{c}{r}" for c in COLUMNS for r in range(1, ROWS + 1)}
    if unknown:
        raise ValueError(f"cannot highlight {', '.join(sorted(unknown))}: spaces are A1…H6")
    players = view.get("players", [])
    names_of = list(seat_names) if seat_names is not None else [p["name"] for p in players]
    if len(names_of) < len(players):
        raise ValueError(f"seat_names names {len(names_of)} players; the view has {len(players)}")
    spaces = []
    for column in COLUMNS:
        for row in range(1, ROWS + 1):
            space = f"{column}{row}"
            spaces.append(_space(space, view["board"].get(space), colours, names,
                                 space in marked, last_move))
    return picture(element("g", "".join(spaces), class_="board"), BOARD_WIDTH, BOARD_HEIGHT,
                   panel=_panel(view, colours, names_of, words) if panel else None,
                   panel_end=PANEL_X + PANEL_WIDTH, size=size, font=FONT)
