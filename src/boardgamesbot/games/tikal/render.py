"""Tikal in the terminal, drawn from a view (never from a State: views hide what must be hidden).

Each space is a flat-topped hex; neighbouring columns interlock, so the map reads
like the board. At 82 columns it looks like this::

      ___2____            stones sit on the edge they are printed on
     /1 C4  1\\           (here N 2, NW 1, NE 1, SW 1, SE 2, S 1)
    /  3* 2    \\          figures per player, * = the leader is there
    \\1 T5 g1  2/          temple of value 5, guarded by player 1
     \\____1__/

The hexes grow and shrink with the console (`Board` is a rich renderable that reads
the width it is printed at): 74 columns in an 80-column terminal, up to 114 in 120
columns, where the labels say "temple 5", "treasure $3", "base camp" in full. In the
narrowest hexes a plain jungle reads "jngl" and a camp on it just "c2".
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

COLUMNS = "ABCDEFGH"
ROWS = 6
PLAYER_STYLES = ("bold red", "bold dark_orange", "bold white", "bold blue")
PLAYER_COLOURS = ("red", "orange", "white", "blue")
ROW_PITCH, HEIGHT = 4, 5
# A hex's top edge is `edge` underscores: the hex is edge + 4 characters wide and the
# columns sit edge + 2 apart, so the eight columns take 8 * edge + 18 characters.
# 7 is the narrowest edge whose middle rows still hold "VOLCANO" and four figure counts
# (74 columns, so the board fits an 80-column terminal); 12 fills 120 columns.
NARROWEST_EDGE, WIDEST_EDGE, DEFAULT_EDGE = 7, 12, 8


def board_width(edge: int) -> int:
    """How many columns the board takes with hexes of this top edge."""
    return 8 * edge + 18


def edge_for(width: int) -> int:
    """The widest hexes whose board fits ``width`` columns (never narrower than the
    narrowest readable hex, never wider than 120 columns' worth)."""
    return max(NARROWEST_EDGE, min(WIDEST_EDGE, (width - 18) // 8))


class Canvas:
    """A grid of characters, each with a style."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        for offset, char in enumerate(text):
            if 0 <= y < len(self.chars) and 0 <= x + offset < len(self.chars[0]):
                self.chars[y][x + offset] = char
                self.styles[y][x + offset] = style

    def text(self) -> Text:
        out = Text()
        for chars, styles in zip(self.chars, self.styles):
            line = "".join(chars).rstrip()
            for x, char in enumerate(line):
                out.append(char, styles[x] or None)
            out.append("\n")
        return out


def _origin(space: str, edge: int) -> tuple[int, int]:
    column, row = COLUMNS.index(space[0]), int(space[1]) - 1
    return column * (edge + 2), row * ROW_PITCH + (2 if column % 2 else 0)


def _outline(canvas: Canvas, x: int, y: int, edge: int, style: str) -> None:
    canvas.put(x + 2, y, "_" * edge, style)
    canvas.put(x + 1, y + 1, "/", style)
    canvas.put(x + edge + 2, y + 1, "\\", style)
    canvas.put(x, y + 2, "/", style)
    canvas.put(x + edge + 3, y + 2, "\\", style)
    canvas.put(x, y + 3, "\\", style)
    canvas.put(x + edge + 3, y + 3, "/", style)
    canvas.put(x + 1, y + 4, "\\", style)
    canvas.put(x + 2, y + 4, "_" * edge, style)
    canvas.put(x + edge + 2, y + 4, "/", style)


def _stone_spots(edge: int) -> tuple[tuple[int, int], ...]:
    """Where each side's stone count is written (N, NE, SE, S, SW, NW), relative to the
    hex's origin. N and S are off-centre, mirrored, so that two hexes sharing an edge
    never write on the same cell."""
    inset = edge // 4
    return ((2 + inset, 0), (edge + 1, 1), (edge + 2, 3), (edge + 1 - inset, 4), (1, 3), (2, 1))


def _labels(space: dict[str, Any]) -> tuple[list[str], str]:
    """The space's label, longest wording first (the widest that fits is printed), and
    its style. A camp adds "c2" (player 2's camp) to the label."""
    kind = space["kind"]
    camp = space.get("camp")
    mark = "" if camp is None else f" c{camp + 1}"
    if kind == "temple":
        guard = f" g{space['guard']['seat'] + 1}" if "guard" in space else ""
        return [f"temple {space['value']}{guard}", f"T{space['value']}{guard}"], "bold magenta"
    if kind == "treasure":
        return [f"treasure ${space['wafers']}{mark}", f"${space['wafers']}{mark}"], "bold yellow"
    if kind == "volcano":
        return ["VOLCANO"], "bold red3"
    if kind == "base_camp":
        return ["base camp", "BASE"], "bold green"
    if camp is not None:
        return [f"camp{mark}", mark.strip()], "green"
    return ["jungle", "jngl"], "green"


def _figures(space: dict[str, Any], room: int) -> list[tuple[str, str]]:
    """Each player's figure count ("3*": three, the leader among them) with its style,
    spaced when they fit, else packed (the colours still tell them apart)."""
    tokens = [(f"{figures['W'] + figures['L']}{'*' if figures['L'] else ''}",
               PLAYER_STYLES[int(seat)])
              for seat, figures in sorted(space.get("figures", {}).items())]
    spaced = sum(len(token) for token, _ in tokens) + len(tokens) - 1 <= room
    return [(token + (" " if spaced else ""), style) for token, style in tokens]


def board_text(view: dict[str, Any], width: int | None = None) -> Text:
    """The map as hexes sized to fit ``width`` columns (the classic 82 when not given)."""
    edge = DEFAULT_EDGE if width is None else edge_for(width)
    canvas = Canvas(board_width(edge), ROW_PITCH * ROWS + 3)
    board = view["board"]
    spaces = [f"{c}{r}" for c in COLUMNS for r in range(1, ROWS + 1)]
    for name in spaces:  # unexplored first, so explored outlines win shared edges
        if name not in board:
            x, y = _origin(name, edge)
            _outline(canvas, x, y, edge, "grey30")
            canvas.put(x + (edge + 2) // 2, y + 2, name, "grey42")
    for name in spaces:
        if name in board:
            x, y = _origin(name, edge)
            _outline(canvas, x, y, edge, "grey70")
    for name, space in board.items():
        x, y = _origin(name, edge)
        canvas.put(x + 4, y + 1, name, "bold")
        # the label's row runs from x + 2 to x + edge + 1, less a cell beside a stone
        # count on the SW or SE side, so that "1" and "camp" never read as "1camp"
        left = x + 2 + (1 if space["stones"][4] else 0)
        room = x + edge + 2 - (1 if space["stones"][2] else 0) - left
        wordings, style = _labels(space)
        label = next((w for w in wordings if len(w) <= room), wordings[-1]).center(room)
        canvas.put(left, y + 3, label, style)
        camp = space.get("camp")
        if camp is not None:
            canvas.put(left + label.rindex("c"), y + 3, f"c{camp + 1}", PLAYER_STYLES[camp])
        # the figures' row runs from x + 2 to just inside the right slant at x + edge + 3
        room = edge + 1
        cursor = x + 2
        for token, token_style in _figures(space, room):
            token = token[:max(0, x + 2 + room - cursor)]  # never into the neighbour
            canvas.put(cursor, y + 2, token, token_style)
            cursor += len(token)
        for side, count in enumerate(space["stones"]):
            if count:
                dx, dy = _stone_spots(edge)[side]
                canvas.put(x + dx, y + dy, str(count), "bold yellow")
    return canvas.text()


class Board:
    """The map as a rich renderable: drawn when printed, as wide as the console lets it
    be (an 80-column terminal gets the compact hexes, 120 columns the roomy ones)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield board_text(self.view, options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = board_width(edge_for(options.max_width))
        return Measurement(width, width)


def _tile_words(tile: dict[str, Any]) -> str:
    what = {"temple": f"temple {tile['value']}", "treasure": f"treasure {tile['masks']}"}.get(
        tile["kind"], tile["kind"])
    sides = ("N", "NE", "SE", "S", "SW", "NW")
    stones = " ".join(f"{sides[i]}{n}" for i, n in enumerate(tile["stones"]) if n)
    return f"{tile['letter']}: {what}" + (f" (stones {stones})" if stones else "")


def players_table(view: dict[str, Any]) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    for heading in ("player", "score", "treasures", "supply", "leader", "camps", "guards"):
        table.add_column(heading)
    current = view["current"]
    for player in view["players"]:
        seat = player["seat"]
        name = f"{'>' if seat in current else ' '} p{seat + 1} {PLAYER_COLOURS[seat]}"
        if seat == view.get("viewer"):
            name += " (you)"
        treasures = " ".join(
            f"{kind}" + (f"x{count}" if count > 1 else "")
            for kind, count in sorted(player["treasures"].items())) or "-"
        table.add_row(Text(name, PLAYER_STYLES[seat]), str(player["score"]), treasures,
                      f"{player['supply_workers']}W", player["leader"],
                      f"{player['camps_left']} left", f"{player['guards_left']} left")
    return table


def status_text(view: dict[str, Any]) -> Text:
    out = Text()
    if view["over"]:
        winners = " and ".join(f"p{w + 1}" for w in view["winners"])
        out.append(f"Game over. Winner: {winners}\n", "bold green")
    else:
        seat = view["current"][0]
        out.append(f"p{seat + 1} ({PLAYER_COLOURS[seat]}) to play", PLAYER_STYLES[seat])
        if view["phase"] == "place" and view["drawn"]:
            out.append(f" - place the drawn tile {_tile_words(view['drawn'])}\n")
        elif view["phase"] == "actions":
            out.append(f" - {view['ap']} AP left\n")
        else:
            out.append("\n")
        if view["round"]:
            queue = ", ".join(f"p{q + 1}" for q in view["queue"]) or "nobody"
            title = "Volcano scoring round" if view["round"] == "volcano" else "Final round"
            out.append(f"{title}: this player scores after their 10 AP; then {queue}\n",
                       "bold magenta")
    stack = view["stack"]
    left = " ".join(f"{letter}{n}" for letter, n in stack["left"].items() if n)
    tiles = "1 tile" if stack["size"] == 1 else f"{stack['size']} tiles"
    out.append(f"Stack: {tiles}, next letter {stack['top'] or '-'} "
               f"({left or 'empty'})."
               f"  Wafers face down in the pile: {view['wafer_pile']}.\n")
    levels = " ".join(f"{v}:{n}" for v, n in view["levels"].items())
    out.append(f"Temple levels in supply (value:count) {levels}\n")
    turn = view["turn"]
    done = [f"uncovered {s}x{n}" for s, n in turn["uncovered"].items()]
    done += [f"recovered {s}x{n}" for s, n in turn["recovered"].items()]
    if turn["camp_built"]:
        done.append("camp built")
    if done and not view["over"]:
        out.append("This turn: " + ", ".join(done) + "\n")
    if view["score_history"]:
        rounds = "; ".join(" ".join(str(s) for s in row) for row in view["score_history"])
        out.append(f"Scores after each scoring round: {rounds}\n")
    return out


def text(view: dict[str, Any]) -> Group:
    """Everything a seat sees, ready for ``rich.console.Console.print``."""
    parts: list[RenderableType] = [Board(view), players_table(view), status_text(view)]
    if view.get("auction"):
        from .render_auction import auction_text

        parts.insert(2, auction_text(view["auction"]))
    return Group(*parts)
