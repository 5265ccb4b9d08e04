"""Tikal in the terminal, drawn from a view (never from a State: views hide what must be hidden).

Each space is a flat-topped hex 12 characters wide; neighbouring columns
interlock, so the map reads like the board::

      ___2____            stones sit on the edge they are printed on
     /1 C4  1\\           (here N 2, NW 1, NE 1, SW 1, SE 2, S 1)
    /  3* 2    \\          figures per player, * = the leader is there
    \\1 T5 g1  2/          temple of value 5, guarded by player 1
     \\____1__/
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

COLUMNS = "ABCDEFGH"
ROWS = 6
PLAYER_STYLES = ("bold red", "bold dark_orange", "bold white", "bold blue")
PLAYER_COLOURS = ("red", "orange", "white", "blue")
COLUMN_PITCH, ROW_PITCH, WIDTH, HEIGHT = 10, 4, 12, 5


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


def _origin(space: str) -> tuple[int, int]:
    column, row = COLUMNS.index(space[0]), int(space[1]) - 1
    return column * COLUMN_PITCH, row * ROW_PITCH + (2 if column % 2 else 0)


def _outline(canvas: Canvas, x: int, y: int, style: str) -> None:
    canvas.put(x + 2, y, "_" * 8, style)
    canvas.put(x + 1, y + 1, "/", style)
    canvas.put(x + 10, y + 1, "\\", style)
    canvas.put(x, y + 2, "/", style)
    canvas.put(x + 11, y + 2, "\\", style)
    canvas.put(x, y + 3, "\\", style)
    canvas.put(x + 11, y + 3, "/", style)
    canvas.put(x + 1, y + 4, "\\", style)
    canvas.put(x + 2, y + 4, "_" * 8, style)
    canvas.put(x + 10, y + 4, "/", style)


# Where each side's stone count is written, relative to the hex's origin. N and S
# are off-centre so that two hexes sharing an edge never write on the same cell.
STONE_SPOTS = ((4, 0), (9, 1), (10, 3), (7, 4), (1, 3), (2, 1))


def _label(space: dict) -> tuple[str, str]:
    kind = space["kind"]
    if kind == "temple":
        label = f"T{space['value']}"
        if "guard" in space:
            label += f" g{space['guard']['seat'] + 1}"
        return label, "bold magenta"
    if kind == "treasure":
        return f"${space['wafers']}", "bold yellow"
    if kind == "volcano":
        return "VOLCANO", "bold red3"
    if kind == "base_camp":
        return "BASE", "bold green"
    return "jungle", "green"


def board_text(view: dict) -> Text:
    canvas = Canvas(COLUMN_PITCH * 7 + WIDTH + 1, ROW_PITCH * ROWS + 3)
    board = view["board"]
    spaces = [f"{c}{r}" for c in COLUMNS for r in range(1, ROWS + 1)]
    for name in spaces:  # unexplored first, so explored outlines win shared edges
        if name not in board:
            x, y = _origin(name)
            _outline(canvas, x, y, "grey30")
            canvas.put(x + 5, y + 2, name, "grey42")
    for name in spaces:
        if name in board:
            x, y = _origin(name)
            _outline(canvas, x, y, "grey70")
    for name, space in board.items():
        x, y = _origin(name)
        canvas.put(x + 4, y + 1, name, "bold")
        label, style = _label(space)
        camp = space.get("camp")
        if camp is not None:  # "camp c2": a camp of player 2 on a jungle ("$0 c2": on a treasure)
            label = ("camp" if space["kind"] == "jungle" else label) + f" c{camp + 1}"
        label = label.center(8)
        canvas.put(x + 2, y + 3, label, style)
        if camp is not None:
            canvas.put(x + 2 + label.rindex("c"), y + 3, f"c{camp + 1}", PLAYER_STYLES[camp])
        cursor = x + 2
        for seat, figures in sorted(space.get("figures", {}).items()):
            seat = int(seat)
            token = f"{figures['W'] + figures['L']}{'*' if figures['L'] else ''}"
            canvas.put(cursor, y + 2, token, PLAYER_STYLES[seat])
            cursor += len(token) + 1
        for side, count in enumerate(space["stones"]):
            if count:
                dx, dy = STONE_SPOTS[side]
                canvas.put(x + dx, y + dy, str(count), "bold yellow")
    return canvas.text()


def _tile_words(tile: dict) -> str:
    what = {"temple": f"temple {tile['value']}", "treasure": f"treasure {tile['masks']}"}.get(
        tile["kind"], tile["kind"])
    sides = ("N", "NE", "SE", "S", "SW", "NW")
    stones = " ".join(f"{sides[i]}{n}" for i, n in enumerate(tile["stones"]) if n)
    return f"{tile['letter']}: {what}" + (f" (stones {stones})" if stones else "")


def players_table(view: dict) -> Table:
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


def status_text(view: dict) -> Text:
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
    out.append(f"Stack: {stack['size']} tiles, next letter {stack['top'] or '-'} "
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


def text(view: dict):
    """Everything a seat sees, ready for ``rich.console.Console.print``."""
    parts = [board_text(view), players_table(view), status_text(view)]
    if view.get("auction"):
        from .render_auction import auction_text

        parts.insert(2, auction_text(view["auction"]))
    return Group(*parts)
