"""Terminal drawing of a Cartographers view (and only a view: nothing hidden can leak).

`text(view)` returns a rich renderable: the season and its time, the four
edicts (the two scored this season marked), the revealed cards, the current
card with its terrains and shapes, what the viewer may do, and every sheet
with coordinates, coins and stars per season. A seat's own pending choice is
drawn highlighted on its sheet, which is what the CLI's ``preview`` shows.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

COLUMNS = "ABCDEFGHIJK"

_STYLE = {
    "F": "bold green", "V": "bold red", "A": "bold yellow", "W": "bold blue",
    "M": "bold magenta", "^": "bold white", "#": "grey50", "R": "bold cyan", ".": "grey42",
}
_LEGEND = "F forest  V village  A farm  W water  M monster  ^ mountain  # wasteland  " \
          "R ruins (lower case: drawn on ruins)"
_LETTER = {"forest": "F", "village": "V", "farm": "A", "water": "W", "monster": "M"}


def _cell_index(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, COLUMNS.index(name[0])


def sheet_text(rows: list[str], highlight: dict[tuple[int, int], str] | None = None,
               recent: Collection[tuple[int, int]] = frozenset()) -> Text:
    """One sheet with column letters and row numbers.

    ``highlight`` cells (a pending choice) are drawn reversed with the letter
    given; ``recent`` cells (the last drawings) are underlined.
    """
    highlight = highlight or {}
    out = Text("    " + " ".join(COLUMNS) + "\n", style="dim")
    for r, row in enumerate(rows):
        out.append(f"{r + 1:>3} ", style="dim")
        for c, char in enumerate(row):
            if (r, c) in highlight:
                shown = highlight[(r, c)]
                out.append(shown.lower() if char == "R" else shown,
                           style=_STYLE[shown] + " reverse")
            else:
                style = _STYLE.get(char.upper(), "")
                out.append(char, style=style + " underline" if (r, c) in recent else style)
            if c < len(row) - 1:
                out.append(" ")
        out.append("\n")
    return out


def shape_text(cells: list[list[int]], letter: str = "■") -> str:
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    grid = [[" "] * width for _ in range(height)]
    for r, c in cells:
        grid[r][c] = letter
    return "\n".join(" ".join(line).rstrip() for line in grid)


def _card_panel(view: dict[str, Any]) -> Panel | None:
    card = view.get("card")
    if card is None:
        return None
    if card["kind"] == "ambush":
        body = Text(f"Monster shape ({card['direction']}; solo corner {card['solo_corner']}):\n")
        body.append(shape_text(card["cells"], "M"), style=_STYLE["M"])
        if view["ruins_pending"]:
            body.append("\nA ruins card waits for the next explore card.", style="cyan")
        return Panel(body, title=f"Ambush! {card['name']}", border_style="magenta", expand=False)
    body = Text(f"time {card['time']}   terrain: {' or '.join(card['terrains'])}\n")
    shapes = []
    for number, shape in enumerate(card["shapes"], 1):
        label = f"shape {number}" + (" (+1 coin)" if shape["coin"] else "")
        shapes.append(Text(f"{label}\n{shape_text(shape['cells'])}"))
    group = Group(body, Columns(shapes, padding=(0, 4)))
    ruins = "  [ruins: cover an empty ruins space]" if view["ruins_pending"] else ""
    title = card["name"] + ruins
    return Panel(group, title=title, border_style="cyan", expand=False)


def _you_text(view: dict[str, Any]) -> Text | None:
    you = view.get("you")
    if you is None:
        return None
    choice = you.get("choice")
    if choice:
        return Text(f"Your choice: {choice['action']} ({choice['terrain']} on "
                    f"{', '.join(choice['cells'])}{', +1 coin' if choice['coin'] else ''}); "
                    "it is drawn when every seat has chosen.", style="bold")
    mode = you.get("mode")
    if view["step"] == "ambush":
        target = you["target"] + 1
        lines = {"shape": f"Draw the monster on seat {target}'s sheet: 'ambush ORIENTATION CELL' "
                          "(e.g. 'ambush r0 C4').",
                 "1x1": f"The monster fits nowhere on seat {target}'s sheet: 'ambush 1x1 CELL'.",
                 "pass": f"Seat {target}'s sheet is full: 'pass'."}
    else:
        lines = {"shape": "Draw: 'TERRAIN SHAPE ORIENTATION CELL' (e.g. 'forest 2 r90 C4'); "
                          "orientations r0 r90 r180 r270 f0 f90 f180 f270; the cell takes the "
                          "shape's top-left square.",
                 "ruins": "Ruins! Your drawing must cover an empty ruins space (R): "
                          "'TERRAIN SHAPE ORIENTATION CELL'.",
                 "1x1": "No shape fits" + (" over an empty ruins space" if view["ruins_pending"]
                                           else "") + ": draw a 1x1 of any terrain: "
                        "'TERRAIN 1x1 CELL' (e.g. 'water 1x1 E7').",
                 "pass": "Your sheet is full: 'pass'."}
    return Text(f"Seat {you['seat'] + 1}, your move. " + lines.get(mode, ""), style="bold")


def _player_panel(view: dict[str, Any], player: dict[str, Any]) -> Panel:
    seat = player["seat"]
    highlight: dict[tuple[int, int], str] = {}
    you = view.get("you") or {}
    choice = you.get("choice")
    if choice and choice["sheet"] == seat:
        letter = _LETTER[choice["terrain"]]
        highlight = {_cell_index(name): letter for name in choice["cells"]}
    recent = {_cell_index(name) for name in player.get("last_drawn", [])}
    body = sheet_text(player["sheet"], highlight, recent)
    if highlight:
        body.append("reversed: your pending choice\n", style="dim")
    if recent:
        body.append(f"just drawn (underlined): {' '.join(player['last_drawn'])}\n", style="dim")
    body.append(f"coins {player['coins']}/14   stars {player['stars']}"
                f"   lost to monsters {player['monster_losses']}\n")
    for record in player["seasons"]:
        e1, e2 = record["edicts"]
        body.append(f"{record['season']}: {e1} + {e2} + {record['coins']} coins "
                    f"{record['monsters']} monsters = {record['total']}\n")
    title = f"seat {seat + 1}"
    if view.get("viewer") == seat:
        title += " (you)"
    if seat in view.get("winners", []):
        title += " - winner"
    if view["step"] == "ambush" and "ambush_targets" in view and view.get("viewer") is not None \
            and view["ambush_targets"][view["viewer"]] == seat:
        title += " - draw the monster here"
    body.rstrip()
    return Panel(body, title=title, expand=False,
                 border_style="bold" if view.get("viewer") == seat else "dim")


def text(view: dict[str, Any]) -> Group:
    """The whole table as seen in ``view``."""
    season = view["season"]
    parts: list[RenderableType] = []
    head = Text(f"Cartographers - side {view['side']['letter']} ({view['side']['name']}) - ",
                style="bold")
    if view["over"]:
        head.append("game over")
    else:
        head.append(f"{season['name']} (season {season['number']}/4): time "
                    f"{season['time_used']}/{season['threshold']}, "
                    f"{view['deck_size']} cards in the deck")
    parts.append(head)
    edicts = Text()
    for edict in view["edicts"]:
        now = edict["letter"] in season["scoring"] and not view["over"]
        edicts.append(f"{'*' if now else ' '} {edict['letter']} {edict['card']}: {edict['rule']}\n",
                      style="bold" if now else "")
    edicts.rstrip()
    parts.append(Panel(edicts, title=f"Edicts (* scored at the end of {season['name']})",
                       expand=False))
    if view["revealed"]:
        parts.append(Text("Revealed this season: " + ", ".join(
            f"{c['name']} ({c['time']})" for c in view["revealed"])))
    if view["last_ambush"]:
        ambush = view["last_ambush"]
        cells = "; ".join(f"seat {i + 1}: {' '.join(c) or 'no effect'}"
                          for i, c in enumerate(ambush["cells"]))
        parts.append(Text(f"Last ambush: {ambush['card']} ({cells})", style="magenta"))
    card = _card_panel(view)
    if card is not None and not view["over"]:
        parts.append(card)
    sheets = [_player_panel(view, player) for player in view["players"]]
    viewer = view.get("viewer")
    if viewer is not None:  # the viewer's sheet first
        first = f"seat {viewer + 1} "
        sheets.sort(key=lambda panel: 0 if str(panel.title).startswith(first) else 1)
    parts.append(Columns(sheets))
    parts.append(Text(_LEGEND, style="dim"))
    if "solo" in view:
        solo = view["solo"]
        line = (f"Solo rating: {view['players'][0]['stars']} stars - {solo['solo_numbers']} "
                f"(the edicts' solo numbers) = {solo['rating']}")
        if solo["title"]:
            line += f": {solo['title']}"
        parts.append(Text(line, style="bold"))
    if view["over"]:
        stars = ", ".join(f"seat {p['seat'] + 1}: {p['stars']}" for p in view["players"])
        winners = " and ".join(f"seat {w + 1}" for w in view["winners"])
        parts.append(Text(f"Final stars: {stars}. Winner: {winners}.", style="bold"))
    you = _you_text(view)
    if you is not None:
        parts.append(you)
    return Group(*parts)
