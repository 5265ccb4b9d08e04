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

Every word is the reader's (``lang``: English, Brazilian Portuguese, Catalan), from the
game's one catalog (``web/i18n/<lang>.json``, which the browser and the chat read too):
its ``tikal.term.*`` entries are the terminal's own sentences, the rest (a space's kind,
a drawn tile, the leader's place, the ending) are said as every other face says them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..wording import between_entries
from .catalog import pictures, say, seat_tag, sides
from .components import NEIGHBOURS, parse_space, space_name

COLUMNS = "ABCDEFGH"
ROWS = 6
PLAYER_STYLES = ("bold red", "bold dark_orange", "bold white", "bold blue")
PLAYER_COLOURS = ("red", "orange", "white", "blue")  # tikal.term.colour.* in words
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

    def halved(self, at: int) -> Canvas:
        """The grid cut at column ``at``, its right part under its left."""
        height, width = len(self.chars), len(self.chars[0])
        halves = Canvas(max(at, width - at), 2 * height)
        for y in range(height):
            for part, (start, end) in enumerate(((0, at), (at, width))):
                halves.chars[y + part * height][: end - start] = self.chars[y][start:end]
                halves.styles[y + part * height][: end - start] = self.styles[y][start:end]
        return halves

    def part(self, start: int, end: int) -> Canvas:
        """The grid's columns from ``start`` up to ``end``."""
        part = Canvas(end - start, len(self.chars))
        part.chars = [row[start:end] for row in self.chars]
        part.styles = [row[start:end] for row in self.styles]
        return part

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


def _labels(space: dict[str, Any], lang: str = "en") -> tuple[list[str], str]:
    """The space's label, longest wording first (the widest that fits is printed), and
    its style. A camp adds "c2" (player 2's camp) to the label. The marks "c2", "g1" and
    "$3" are the same in every language (camp, guard: acampamento, guardião; campament,
    guardià), the words are the reader's."""
    kind = space["kind"]
    camp = space.get("camp")
    mark = "" if camp is None else f" c{camp + 1}"
    if kind == "temple":
        guard = f" g{space['guard']['seat'] + 1}" if "guard" in space else ""
        value = space["value"]
        return [
            say(lang, "tikal.space.temple", value=value) + guard,
            say(lang, "tikal.term.temple.short", value=value) + guard,
            # (the dense map's five columns: "T10g4")
            say(lang, "tikal.term.temple.short", value=value) + guard.strip(),
        ], "bold magenta"
    if kind == "treasure":
        return [
            say(lang, "tikal.term.treasure", n=space["wafers"]) + mark,
            f"${space['wafers']}{mark}",
        ], "bold yellow"
    if kind == "volcano":
        return [say(lang, "tikal.term.volcano"), say(lang, "tikal.term.volcano.short")], "bold red3"
    if kind == "base_camp":
        return [
            say(lang, "tikal.kind.base_camp"),
            say(lang, "tikal.term.base_camp.short"),
        ], "bold green"
    if camp is not None:
        return [say(lang, "tikal.term.camp") + mark, mark.strip()], "green"
    return [say(lang, "tikal.kind.jungle"), say(lang, "tikal.term.jungle.short")], "green"


def _figures(
    space: dict[str, Any], room: int, colour: bool = True, seats: int = 4
) -> list[tuple[str, str]]:
    """Each player's figure count ("3*": three, the leader among them) with its style,
    spaced when they fit, else packed (the colours still tell them apart).

    Without colour (NO_COLOR, a dumb terminal, a pipe) the colours tell nothing, so each
    count says its seat, "1:3* 2:2" (the seat's number, as in the camp mark "c2"). Three
    or four players on one space do not fit that way in the narrowest hexes ("1:3 2:2
    3:1" is 11 characters, the row holds 8): then every seat of the game has its place,
    in seat order, "." where it has no figure ("3* . 2 1")."""
    figures = space.get("figures", {})
    counts = {int(seat): f"{f['W'] + f['L']}{'*' if f['L'] else ''}" for seat, f in figures.items()}
    if colour:
        tokens = [(counts[seat], PLAYER_STYLES[seat]) for seat in sorted(counts)]
    else:
        tokens = [(f"{seat + 1}:{counts[seat]}", "") for seat in sorted(counts)]
        # (spaced or not at all: packed, "1:12:1" would not say whose a "12" is)
        if sum(len(token) for token, _ in tokens) + len(tokens) - 1 > room:
            slots = [counts.get(seat, ".") for seat in range(seats)]
            if sum(map(len, slots)) + seats - 1 <= room:
                return [(slot + " ", "") for slot in slots]
            # packed, a space is kept only between two digits ("3*4 2*." is 3*, 4, 2*
            # and nobody): four one-digit places never take more than 8 characters
            return [
                (slot + (" " if slot[-1].isdigit() and after[0].isdigit() else ""), "")
                for slot, after in zip(slots, [*slots[1:], "."])
            ]
    spaced = sum(len(token) for token, _ in tokens) + len(tokens) - 1 <= room
    return [(token + (" " if spaced else ""), style) for token, style in tokens]


def board_text(
    view: dict[str, Any], width: int | None = None, lang: str = "en", colour: bool = True
) -> Text:
    """The map as hexes sized to fit ``width`` columns (the classic 82 when not given),
    labelled in ``lang``; without ``colour``, the figure counts say their seat."""
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
        wordings, style = _labels(space, lang)
        label = next((w for w in wordings if len(w) <= room), wordings[-1]).center(room)
        canvas.put(left, y + 3, label, style)
        camp = space.get("camp")
        if camp is not None:
            canvas.put(left + label.rindex("c"), y + 3, f"c{camp + 1}", PLAYER_STYLES[camp])
        # the figures' row runs from x + 2 to just inside the right slant at x + edge + 3
        room = edge + 1
        cursor = x + 2
        for token, token_style in _figures(space, room, colour, len(view["players"])):
            token = token[: max(0, x + 2 + room - cursor)]  # never into the neighbour
            canvas.put(cursor, y + 2, token, token_style)
            cursor += len(token)
        for side, count in enumerate(space["stones"]):
            if count:
                dx, dy = _stone_spots(edge)[side]
                canvas.put(x + dx, y + dy, str(count), "bold yellow")
    return canvas.text()


# The dense map, for a terminal too short for the hexes (24 rows: the hexes alone take
# 27). Each space is two lines of nine columns, "C4² T5g1" over its figures, ten columns
# apart; odd columns sit a line lower, as on the board, so a space's neighbours in the
# next column are the two that share its lines. There is no room for each side's stones
# there, so the map shows what a walk pays instead: each crossing's cost (the stones on
# both facing sides, `TikalState.links`) as a small raised digit, the north crossing
# after the space's name, a crossing to the next column between the two spaces on the
# line they share. Raised, the costs never read as part of a figure count beside them.
DENSE_PITCH, DENSE_CELL, DENSE_LABEL = 10, 9, 5
DENSE_LINES = 2 * ROWS + 1
DENSE_WIDTH = DENSE_PITCH * (len(COLUMNS) - 1) + DENSE_CELL
# A terminal narrower than that (a phone's 40 columns) gets the dense map in two halves,
# columns A-D over E-H, each 40 columns at the most (D's crossings east end the left half)
HALF = DENSE_PITCH * len(COLUMNS) // 2
RAISED = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _dense_origin(space: str) -> tuple[int, int]:
    column, row = COLUMNS.index(space[0]), int(space[1]) - 1
    return column * DENSE_PITCH, 2 * row + column % 2


def _crossing(board: dict[str, Any], space: str, side: int) -> tuple[str, int] | None:
    """The space across ``side`` of ``space`` and what crossing to it costs, if a figure
    may cross (both explored, neither a volcano, stones on at least one facing side)."""
    across = NEIGHBOURS[parse_space(space)][side]
    if across < 0:
        return None
    other = space_name(across)
    here, there = board.get(space), board.get(other)
    if here is None or there is None or "volcano" in (here["kind"], there["kind"]):
        return None
    cost = here["stones"][side] + there["stones"][(side + 3) % 6]
    return (other, cost) if cost else None


def dense_board_text(view: dict[str, Any], lang: str = "en", colour: bool = True,
                     halved: bool = False, half: int | None = None) -> Text:
    """The map in 13 lines of 79 columns: every space's name, what is on it (the same
    marks as the hexes, "T5g1", "$3c1", "c2"), its figures by seat, and each crossing's
    cost in raised digits; an unexplored space is its name alone, dimmed. ``halved``: in
    26 lines of 40 columns, columns A-D above E-H; ``half``: one of them alone (0: A-D,
    1: E-H), in 13 lines."""
    width = DENSE_WIDTH
    canvas = Canvas(width, DENSE_LINES)
    board = view["board"]
    for column in COLUMNS:
        for row in range(1, ROWS + 1):
            name = f"{column}{row}"
            x, y = _dense_origin(name)
            space = board.get(name)
            if space is None:
                canvas.put(x, y, name, "grey42")
                continue
            canvas.put(x, y, name, "bold")
            wordings, style = _labels(space, lang)
            label = next((w for w in wordings if len(w) <= DENSE_LABEL), wordings[-1])
            canvas.put(x + 4, y, label, style)
            camp = space.get("camp")
            if camp is not None:
                canvas.put(x + 4 + label.rindex("c"), y, f"c{camp + 1}", PLAYER_STYLES[camp])
            cursor = x
            for token, token_style in _figures(space, DENSE_CELL, colour, len(view["players"])):
                token = token[: max(0, x + DENSE_CELL - cursor)]
                canvas.put(cursor, y + 1, token, token_style)
                cursor += len(token)
            north = _crossing(board, name, 0)
            if north:
                canvas.put(x + 2, y, str(north[1]).translate(RAISED), "bold yellow")
            for side, line in ((1, y), (2, y + 1)):  # NE on its first line, SE its second
                across = _crossing(board, name, side)
                if across and x + DENSE_CELL < width:
                    canvas.put(x + DENSE_CELL, line, str(across[1]).translate(RAISED),
                               "bold yellow")
    if half is not None:
        canvas = canvas.part(*((0, HALF), (HALF, width))[half])
    map_text = (canvas.halved(HALF) if halved and half is None else canvas).text()
    map_text.rstrip()  # (no blank line after it: on 24 rows every row counts)
    return map_text


class Board:
    """The map as a rich renderable: drawn when printed, as wide as the console lets it
    be (an 80-column terminal gets the compact hexes, 120 columns the roomy ones, a
    terminal too narrow for the hexes the dense map, halved where it is too narrow for
    that too)."""

    def __init__(self, view: dict[str, Any], lang: str = "en", dense: bool = False,
                 half: int | None = None) -> None:
        self.view, self.lang, self.dense, self.half = view, lang, dense, half

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # rich knows when there is no colour: NO_COLOR (no_color), TERM=dumb, a pipe or
        # a file (no color_system)
        colour = not console.no_color and console.color_system is not None
        if self._dense(options.max_width):
            yield dense_board_text(self.view, self.lang, colour,
                                   halved=options.max_width < DENSE_WIDTH, half=self.half)
        else:
            yield board_text(self.view, options.max_width, self.lang, colour)

    def _dense(self, width: int) -> bool:
        return self.dense or width < board_width(NARROWEST_EDGE)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = options.max_width
        width = ((DENSE_WIDTH if width >= DENSE_WIDTH and self.half is None else HALF)
                 if self._dense(width) else board_width(edge_for(width)))
        return Measurement(width, width)


def _tile_words(tile: dict[str, Any], lang: str = "en") -> str:
    """The drawn tile as every face says it ("A: temple 2"; a treasure as the map labels
    it, "A: treasure $3", short enough for the line to fit 80 columns), with its stoned
    sides as printed ("(stones N1 SE2)")."""
    kind = tile["kind"]
    if kind == "treasure":
        what = f"{tile['letter']}: " + say(lang, "tikal.term.treasure", n=tile["masks"])
    else:
        what = say(lang, f"tikal.tile.{kind}", letter=tile["letter"], value=tile.get("value"))
    compass = sides(lang)
    stones = " ".join(f"{compass[i]}{n}" for i, n in enumerate(tile["stones"]) if n)
    return what + (" " + say(lang, "tikal.term.stones", stones=stones) if stones else "")


def _leader(place: str, lang: str) -> str:
    """Where the leader is: a space's name as it is, "supply" or "gone" in words."""
    return say(lang, f"tikal.leader.{place}") if place in ("supply", "gone") else place


class Players:
    """The players: a table of one row per seat where it fits the width it is printed
    at (`players_table`), else a few lines per seat (`players_lines`): on a phone's 40
    columns the table's columns were cut to "vermel…", "supp…", "restam…", read as
    nothing at all. ``show_header``: the table's headings (a tight screen drops them;
    the lines name each figure's heading whatever it is)."""

    def __init__(self, view: dict[str, Any], lang: str = "en") -> None:
        self.view, self.lang = view, lang
        self.show_header = True

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.narrowest() <= options.max_width:
            table = players_table(self.view, self.lang)
            table.show_header = self.show_header
            yield table
            return
        yield Text("\n").join(players_lines(self.view, self.lang, options.max_width))

    def narrowest(self) -> int:
        """The fewest columns the table takes with every cell whole but the treasures,
        wrapped between kinds (rich's own measure lets a cell that does not wrap be cut,
        headings hidden)."""
        rows = [_player_cells(self.view, player, self.lang) for player in self.view["players"]]
        if self.show_header:
            rows.append([say(self.lang, f"tikal.term.col.{heading}") for heading in HEADINGS])
        widths = [max(cell_len(part) for row in rows
                      for part in (row[at].split() if HEADINGS[at] == "treasures" else [row[at]]))
                  for at in range(len(HEADINGS))]
        return sum(widths) + 2 * (len(widths) - 1)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, players_table(self.view, self.lang)) \
            .clamp(max_width=options.max_width)


def _player_cells(view: dict[str, Any], player: dict[str, Any], lang: str) -> list[str]:
    """A seat's row of the players' table as words, its name first (">" at the seat to
    play, "(you)" at the viewer's), then its score, treasures, workers in the supply,
    leader, camps and guards left, as the headings order them."""
    seat = player["seat"]
    colour = say(lang, f"tikal.term.colour.{PLAYER_COLOURS[seat]}")
    # ">" points at the seat to play; no space after it, the column it saves is the
    # one the widest Portuguese row needs to fit 80 columns
    name = f"{'>' if seat in view['current'] else ' '}{seat_tag(seat, lang)} {colour}"
    if seat == view.get("viewer"):
        name += " " + say(lang, "tikal.term.you")
    treasures = " ".join(f"{kind}" + (f"x{count}" if count > 1 else "")
                         for kind, count in sorted(player["treasures"].items())) or "-"
    return [name, str(player["score"]), treasures,
            say(lang, "tikal.term.workers", n=player["supply_workers"]),
            _leader(player["leader"], lang),
            say(lang, "tikal.term.left", n=player["camps_left"]),
            say(lang, "tikal.term.left", n=player["guards_left"])]


#: The players' table's columns, in order (``tikal.term.col.<heading>``).
HEADINGS = ("player", "score", "treasures", "supply", "leader", "camps", "guards")


def players_table(view: dict[str, Any], lang: str = "en") -> Table:
    """One row per seat. Its widest wording (">j1 vermelho (você)", "reserva",
    "acampamentos", "guardiões": 72 columns with the gaps) leaves the treasures at least
    their heading's width in 80 columns; only the treasures may wrap (a player with many
    kinds), between kinds, so a name and its "(you)" are never split."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    for heading in HEADINGS:
        table.add_column(say(lang, f"tikal.term.col.{heading}"), no_wrap=heading != "treasures")
    for player in view["players"]:
        name, *cells = _player_cells(view, player, lang)
        table.add_row(Text(name, PLAYER_STYLES[player["seat"]]), *cells)
    return table


def players_lines(view: dict[str, Any], lang: str, width: int) -> list[Text]:
    """The players where their table does not fit ``width``: each seat's name, then its
    figures each after its heading ("pontos: 79, reserva: 5T, guardiões: restam 1"),
    broken between figures only, the later lines standing in under the name."""
    lines: list[Text] = []
    for player in view["players"]:
        name, *cells = _player_cells(view, player, lang)
        figures = [f"{say(lang, f'tikal.term.col.{heading}')}: {cell}"
                   for heading, cell in zip(HEADINGS[1:], cells, strict=True)]
        said = between_entries(f"{name} \0", figures, width, "   ").splitlines()
        first = Text(said[0])
        first.stylize(PLAYER_STYLES[player["seat"]], 0, len(name))
        lines += [first, *map(Text, said[1:])]
    return lines


def _turn_notes(view: dict[str, Any], lang: str, short: str,
                names: Mapping[int, str] | None = None,
                width: int | None = None) -> dict[str, Text]:
    """The game's end (`_final`); or whose turn it is and what they do now, what they did
    this turn so far and the scoring round, by name ("to_play", "done", "round")."""
    if view["over"]:
        return {"to_play": _final(view, lang, names, width)}
    seat = view["current"][0]
    colour = say(lang, f"tikal.term.colour.{PLAYER_COLOURS[seat]}")
    to_play = Text(
        say(lang, "tikal.term.to_play", seat=seat_tag(seat, lang), colour=colour),
        PLAYER_STYLES[seat],
    )
    if view["phase"] == "place" and view["drawn"]:
        tile = _tile_words(view["drawn"], lang)
        # (in the dense drawing "place A: temple 5 (stones …)": the roomy one's "place the
        # drawn tile", three words longer, wrapped in Catalan at 80 columns and took the
        # row of the scores' history on 24 rows)
        to_play.append(" - " + say(lang, f"{short}.place", tile=tile))
    elif view["phase"] == "actions":
        to_play.append(" - " + say(lang, "tikal.term.ap_left", n=view["ap"]))
    notes = {"to_play": to_play}
    turn = view["turn"]
    done = [say(lang, "tikal.term.uncovered", space=s, n=n) for s, n in turn["uncovered"].items()]
    done += [say(lang, "tikal.term.recovered", space=s, n=n) for s, n in turn["recovered"].items()]
    if turn["camp_built"]:
        done.append(say(lang, "tikal.term.camp_built"))
    if done:
        notes["done"] = Text(say(lang, "tikal.term.this_turn", done=", ".join(done)))
    if view["round"]:
        queue = ", ".join(seat_tag(q, lang) for q in view["queue"]) or say(
            lang, "tikal.term.nobody"
        )
        key = f"{short}.round.volcano" if view["round"] == "volcano" else f"{short}.round.final"
        said = say(lang, key, queue=queue)
        if width is not None and short != "tikal.term" and cell_len(said) > width:
            # (the seats in the order they score, whose turn it is first: "Volcano scoring:
            # this player scores after 10 AP; then p2, p3" took two of a phone's 40-column
            # rows, and whose turn's line above says the 10 AP)
            said = say(lang, f"{key}.order", order=", ".join(
                seat_tag(q, lang) for q in [seat, *view["queue"]]))
        notes["round"] = Text(said, "bold magenta")
    return notes


def _final(view: dict[str, Any], lang: str, names: Mapping[int, str] | None,
           width: int | None, short: str = "tikal.term") -> Text:
    """The game's end, said once for every face's terminal (`Game.board_says_who_won`):
    each player's final score and who won, each by ``names`` (the face's name for the
    seat's player, "easy (p2)"; the tag alone, then the name, read as two answers), in
    lines of ``width`` broken only between players."""
    def player(seat: int) -> str:
        return (names or {}).get(seat) or seat_tag(seat, lang)

    scores = [f"{player(p['seat'])}: {p['score']}" for p in view["players"]]
    winners = ([player(w) for w in view["winners"]], pictures(lang)["and"])
    return Text(between_entries(say(lang, f"{short}.final", scores="\0", names="\0"),
                                scores, width, more=[winners]), "bold green")


def _table_notes(view: dict[str, Any], lang: str, short: str,
                 width: int | None = None, rows: int | None = None) -> dict[str, Text]:
    """The stack, the wafer pile, the temple levels and the scores after each scoring,
    by name ("stack", "pile", "levels", "history"); the scores wrapped to ``width``
    between players (`_history`), in at most ``rows`` lines of it (`_latest`)."""
    stack = view["stack"]
    left = " ".join(f"{letter}{n}" for letter, n in stack["left"].items() if n)
    notes = {
        "stack": Text(say(lang, f"{short}.stack", n=stack["size"], top=stack["top"] or "-",
                          left=left or say(lang, "tikal.term.empty"))),
        "pile": Text(say(lang, f"{short}.pile", n=view["wafer_pile"])),
        "levels": Text(say(lang, f"{short}.levels", levels=" ".join(
            f"{v}:{n}" for v, n in view["levels"].items()))),
    }
    history, key = view["score_history"], f"{short}.history"
    if view["over"] and history and \
            history[-1] == [player["score"] for player in view["players"]]:
        # (the last scoring is the final scores, which the end's line says with who won:
        # told here too, the same numbers stood twice on one screen)
        history, key = history[:-1], f"{short}.history.earlier"
    if history:
        # Each player's points, scoring after scoring ("p1: 1→2→7, p2: 3→19→49"): a row of
        # numbers a scoring, "1 3; 2 19; 7 49", named nobody and read as a puzzle.
        rounds = [f"{seat_tag(seat, lang)}: " + "→".join(str(row[seat]) for row in history)
                  for seat in range(len(history[0]))]
        notes["history"] = _history(say(lang, key, rounds="\0"), rounds, width)
        if rows is not None and width is not None and not view["over"] \
                and len(_under_itself(notes["history"], width).plain.splitlines()) > rows:
            notes["history"] = _latest(history, lang, short, width, rows)
    return notes


def _latest(history: list[list[int]], lang: str, short: str, width: int, rows: int) -> Text:
    """The latest scorings that fit ``rows`` lines of ``width``, numbered, each seat's
    points without the colon after its tag ("Scoring 3: p1 2, p2 7, p3 13, p4 3",
    "Scorings 2–3: p1 3→1, p2 0→4"): the number says the earlier ones are left out, which
    'board' draws with the rest. Four players' whole history wrapped at a phone's 40
    columns from the second scoring on, and its second row pushed the screen over 24
    rows; the latest scoring alone, if even it does not fit, stands in under itself."""
    said = Text()
    for first in range(1, len(history)):
        kept = history[first:]
        rounds = [f"{seat_tag(seat, lang)} " + "→".join(str(row[seat]) for row in kept)
                  for seat in range(len(kept[0]))]
        key = f"{short}.history.latest" if len(kept) > 1 else f"{short}.history.last"
        said = _history(say(lang, key, first=first + 1, last=len(history), rounds="\0"),
                        rounds, width)
        if len(_under_itself(said, width).plain.splitlines()) <= rows:
            break
    return said


def _history(sentence: str, rounds: list[str], width: int | None) -> Text:
    """``sentence`` with each player's scores ("p1: 1→2→7") in place of its NUL, wrapped
    to ``width`` only between players (`between_entries`)."""
    return Text(between_entries(sentence, rounds, width))


def status_text(view: dict[str, Any], lang: str = "en", width: int | None = None,
                names: Mapping[int, str] | None = None) -> Text:
    """Whose turn it is and what they do now, the scoring round, then the stack, the pile,
    the temple levels, this turn's deeds and the scores so far, a line each (the stack
    and the pile side by side took 88 columns with a full stack, more than a terminal's
    80). No blank line after them: under the end, the terminal's next line says where the
    record is kept, and a blank line set it apart as if something else began."""
    notes = {**_turn_notes(view, lang, "tikal.term", names, width),
             **_table_notes(view, lang, "tikal.term", width)}
    order = ("to_play", "round", "stack", "pile", "levels", "done", "history")
    if view["over"]:  # (the end last, where the eye is when the game stops)
        order = (*order[1:], order[0])
    # (each broken at its blanks under its own text: on a phone's 40 columns the console
    # broke "Stack: … (A2 B5 C5" | "D6 E5 …" at the left edge, read as a line of its own)
    return Text("\n").join(notes[name] if width is None else _under_itself(notes[name], width)
                           for name in order if name in notes)


def _shared_lines(notes: list[Text], width: int, in_order: bool = False) -> list[Text]:
    """The notes two spaces apart, each on the first line with room for it (whose turn it
    is stays first; ``in_order``: on the last line, where the order tells something), so
    that they take few lines of ``width`` (a note longer than the width keeps a line of
    its own, wrapped by the console)."""
    lines: list[Text] = []
    for note in notes:
        free = lines[-1:] if in_order else lines
        line = next((line for line in free if line.cell_len + 2 + note.cell_len <= width),
                    None)
        if line is None:
            lines.append(_under_itself(note, width))
        else:
            line.append("  ")
            line.append_text(note)
    return lines


def _under_itself(note: Text, width: int, indent: str = "  ") -> Text:
    """``note`` in lines of ``width`` broken at its blanks, the later ones standing in by
    ``indent``, its styles kept: on a phone's 40 columns the console broke "Puntuació del
    volcà: puntua després de" | "10 PA" at the left edge, read as a note of its own.

    >>> print(_under_itself(Text("Final round: scores after 10 AP; then p2"), 24))
    Final round: scores
      after 10 AP; then p2
    """
    if "\n" in note.plain:  # (lines already broken, as the game's end breaks its scores)
        return Text("\n").join(_under_itself(line, width, indent)
                               for line in note.split("\n"))
    if note.cell_len <= width:
        return note.copy()
    pieces: list[Text] = []
    start = 0
    for word in re.finditer(r"\S+", note.plain):
        room = width - (len(indent) if pieces else 0)
        if word.end() - start > room and word.start() > start:
            piece = note[start:word.start()]  # (a slice keeps its styles)
            piece.rstrip()
            pieces.append(piece)
            start = word.start()
    pieces.append(note[start:])
    return Text("\n" + indent).join(pieces)


#: How far the display's tiles stand in, in the auction's lines: those that do not fit
#: the line before them stand in under it, as in the roomy drawing.
TILE_INDENT = "  "


def _squeezed(line: str) -> str:
    """An auction line with its blanks made single (the roomy drawing's columns), its
    indent kept: a tile of the display keeps its `TILE_INDENT`."""
    indent = TILE_INDENT if line.startswith(TILE_INDENT) else ""
    return indent + " ".join(line.split())


def _auction_lines(notes: list[str], width: int) -> list[tuple[str, bool]]:
    """The auction's lines two spaces apart, in their order, in as few lines of ``width``
    as may be, each with whether it holds tiles of the display. A tile that does not fit
    the line before it begins a line standing in by `TILE_INDENT`, under the display, and
    no other note follows a tile on its line: at the left edge "2. A treasure…" read as a
    note of its own, and "Amulets: …" after a tile as one more tile. A tile follows only
    a tile or the display's heading (its colon): on a phone, the heading left out,
    "Amulets played: j3  1. E slv N2" read as the amulets' line going on."""
    lines: list[tuple[str, bool]] = []
    for note in notes:
        tile = note.startswith(TILE_INDENT)
        text = note.strip()
        after = lines[-1] if lines else None
        if after is not None and (not after[1] if not tile else
                                  after[1] or after[0].endswith(":")) \
                and cell_len(after[0]) + 2 + cell_len(text) <= width:
            lines[-1] = (f"{lines[-1][0]}  {text}", tile or lines[-1][1])
        else:
            lines.append(((TILE_INDENT if tile else "") + text, tile))
    return lines


class Seen:
    """Everything a seat sees, as a rich renderable: the hexes, the players and the
    status, a line each, when there is room; printed with a ``height`` (``Console.print(
    ..., height=rows)``: a terminal that shows fewer rows than that takes), the dense map
    and the status sharing lines instead, so that a whole turn stays on the screen; on a
    screen too short for the dense map, halved on a phone's 40 columns, and told a
    ``focus`` (actions, `focus_half`), the half of the map that holds it alone."""

    def __init__(self, view: dict[str, Any], lang: str = "en",
                 names: Mapping[int, str] | None = None,
                 focus: Sequence[str] | None = None) -> None:
        self.view, self.lang, self.names, self.focus = view, lang, names, focus
        #: the layout chosen for a (width, height), as drawn: printed again as it is, and
        #: measured again for nothing (the prompt asks whether the board fits each time
        #: the lines under it change)
        self.chosen: dict[tuple[int, int, bool, bool], list[Segment]] = {}
        #: each way of drawing it at a width (roomy; a dense step and half) and the rows it
        #: takes, drawn once: the prompt measures the board at every height the lines
        #: under it leave (`cli.play.fits`), and each measure drew every step again,
        #: 0.36 s of CPU a four-player 80x24 prompt
        self.layouts: dict[tuple[object, ...], tuple[Group, int]] = {}
        #: whether its last steps (`LATEST`) may be taken: a face measuring whether it fits
        #: above lines it could still say shorter sets it False (`cli.play.fits`), so that
        #: those lines give way before the scores' history does
        self.last_resort = True
        #: the dense map's rows at a width, by half (None: whole), the same at every step
        self.map_rows: dict[tuple[int, int | None], int] = {}

    #: How a dense turn gets tighter, step by step, when it still does not fit the rows it
    #: has (four players, an auction, a scoring round on 24 rows): whose turn it is shares
    #: the auction's lines, then says who bids and how much they may ("p2 to act: bid
    #: 1…20 or pass.", the auction's line in its place); then the temple levels, the
    #: players table's headings, the display's help (its tiles stay), the amulets still
    #: up (those played are named), what this turn did so far, the stack and pile, and
    #: the auction's reasons ("(p3 passed first: plays free if nobody bids)", "(a bid
    #: cannot exceed one's points)") leave the screen (`board` is drawn the same; the
    #: roomy drawing, on a taller terminal or in a pipe, keeps them all). The scores after
    #: each scoring stay during a game: they gave way third, and a turn's note that
    #: wrapped took their row, how the game stood out of sight. At the game's end, where
    #: the end's line says the final scores, they give way first of its steps; then the
    #: players' table, whose scores that line says, and its "Game over." (on a phone's
    #: 24 rows the half map, the end and the lines under it, the record's and the one
    #: that draws the whole board, did not fit); then that line names each seat by its
    #: tag alone ("j1: 23, j2: 43"), as the map does (with two Portuguese "aleatório
    #: (j1)" it took three lines, and the line that draws the whole board was left out;
    #: the command for another game names the bots).
    #: Then, "bid": the bid so far said without who opened the bidding and where bids
    #: start ("No bid yet.", "High bid: 3 by p2."; the turn's line names the first bid);
    #: then "to_act": the bidder's line ("p1 to act: bid 1…9 or pass."; or whose turn it
    #: is, where the auction's winner chooses a tile) gives way where that is the viewer,
    #: whose turn's line under the board says the same ("Your move: bid (9), pass (1);
    #: e.g. 'bid 1'"): four players' rows, the scores'
    #: history, the map and a Portuguese or Catalan bidding took 25 rows, and the table's
    #: first row scrolled away. Last during a game, "points": the players' lines, where
    #: the table does not fit the width, give way to one line of each seat's score
    #: ("Score: p1: 3, p2: 0"): on a phone's 40 columns four players' rows took three lines
    #: each, and the half map's top scrolled away (the table itself stays: on 80 columns
    #: the turn's line said in one row makes room first).
    ENDING = ("history", "players", "over", "names")
    #: Then, a four-player auction on a phone's 40x24 (its own lines pushed the board's
    #: top away on 269 of 444 screens): "tiles", the display's tiles named as the map
    #: names them, without their letter ("1. T4 N1 SE2  2. $2 N2", two a row), the heading
    #: as "Auction 2: bidding for turn 1/4" (it broke before "4") and "Bidding: p1, p2";
    #: "unheaded", the tiles straight under the heading, without "Display:"; "passed",
    #: while bidding, one list of who passed and whose amulet is played, the latter where
    #: any is (a seat in neither list is in the other); "joined", the bid on the heading's
    #: row ("Auction 6, turn 2/4: bid 5 by p4"); "play", outside a bidding, the amulets,
    #: and in a turn's play the display too (the next bidding shows them; 'board' draws
    #: them).
    PHONE_AUCTION = ("tiles", "unheaded", "passed", "joined", "play")
    #: Last during a game, where all that still does not fit (a four-player auction on a
    #: phone's 40x24: 30 of 444 seeded screens went over by the history's second row):
    #: the scores' history keeps to two rows, then to one, each with the latest scorings
    #: that fit them, numbered ("Scoring 3: p1 2, p2 7, p3 13, p4 3"; `_latest`), 'board'
    #: drawing them all. At the end it gives way whole instead (`ENDING`).
    LATEST = ("history_in_two", "history_in_one")
    TIGHTER = ("share", "auction", "levels", "headings", "display", "amulets", "done",
               "stack", "reasons", "bid", "to_act", "points", *PHONE_AUCTION, *LATEST,
               *ENDING)

    def parts(self, dense: bool = False, width: int = 80, tight: int = 0,
              half: int | None = None) -> Group:
        """The roomy parts: hexes, players, auction, status. The dense ones put what
        may scroll away first: the players and the table's notes, then the map, then
        whose turn it is, just above the prompt; ``tight``: the first so many steps of
        `TIGHTER` taken; ``half``: the map's columns A-D (0) or E-H (1) alone, under a
        line that says so."""
        view, lang = self.view, self.lang
        taken = set(self.TIGHTER[:tight])
        auction: list[Text] = []
        # (the display's tiles named as the map names them: `TIGHTER`'s "tiles")
        named = (lambda tile: _labels({**tile, "wafers": tile.get("masks")}, lang)[0][-1]) \
            if "tiles" in taken else None
        if view.get("auction"):
            from .render_auction import auction_parts, auction_text

            auction = [Text(auction_text(view["auction"], lang, named))]
        if not dense:
            return Group(Board(view, lang), Players(view, lang), *auction,
                         status_text(view, lang, width, self.names))
        short = "tikal.term.dense"
        history_rows = 1 if "history_in_one" in taken else 2 if "history_in_two" in taken \
            else None
        notes = {name: note for name, note in _table_notes(view, lang, short, width,
                                                           history_rows).items()
                 if name not in taken and not (name in ("stack", "pile") and "stack" in taken)}
        above = _shared_lines(list(notes.values()), width)
        turns = _turn_notes(view, lang, short, self.names, width)
        if view["over"] and "over" in taken:
            turns["to_play"] = _final(view, lang, None if "names" in taken else self.names,
                                      width, short)
        # the auction's lines share lines too, in their order (the display's tiles keep
        # their indent: `_auction_lines`)
        said = [_squeezed(line) for line in str(auction[0]).splitlines()] if auction else []
        if auction and "auction" in taken:
            lines, to_act = auction_parts(view["auction"], lang, named)
            if to_act is not None and not view["over"]:
                said = [_squeezed(line) for line in lines]
                turns["to_play"] = Text(to_act, turns["to_play"].style)
        if said and "reasons" in taken:  # "Passed: p3" without "(p3 passed first: plays
            # free if nobody bids)", "p1 to act: only pass." without "(a bid cannot exceed
            # one's points)", to share a line with the amulets
            passed = view["auction"].get("passed")
            cut = [(" " + say(lang, "tikal.term.auction.passed_first",
                              seat=seat_tag(passed[0], lang)), "")] if passed else []
            cut.append((say(lang, "tikal.term.auction.only_pass"),
                        say(lang, "tikal.term.auction.only_pass.short")))
            for long, short_said in cut:
                said = [line.replace(long, short_said) for line in said]
                turns["to_play"] = Text(turns["to_play"].plain.replace(long, short_said),
                                        turns["to_play"].style)
        if said and "bid" in taken and view["auction"].get("bidding"):
            auction_now = view["auction"]
            long = say(lang, "tikal.term.auction.nobid", opener=seat_tag(
                auction_now["opener"], lang)) if auction_now["bidder"] is None else say(
                lang, "tikal.term.auction.bid", n=auction_now["bid"],
                seat=seat_tag(auction_now["bidder"], lang),
                opener=seat_tag(auction_now["opener"], lang))
            short_said = say(lang, "tikal.term.auction.nobid.short") \
                if auction_now["bidder"] is None else say(
                    lang, "tikal.term.auction.bid.short", n=auction_now["bid"],
                    seat=seat_tag(auction_now["bidder"], lang))
            said = [short_said if line == long else line for line in said]
            if "joined" in taken:  # the bid on the heading's row: "Auction 6, turn 2/4:
                # bid 5 by p4" (the bidding's heading and bid took two of a phone's rows)
                bid = "nobid" if auction_now["bidder"] is None else "bid"
                said = [say(lang, f"tikal.term.auction.{bid}.joined", n=auction_now["round"],
                            turn=auction_now["turn"], players=len(auction_now["amulets"]),
                            bid=auction_now["bid"], seat=seat_tag(auction_now["bidder"] or 0,
                                                                  lang)),
                        *[line for line in said[1:] if line != short_said]]
        display = say(lang, "tikal.term.auction.display.short")
        if said and "display" in taken:  # "Display:", then its tiles ('take N': help)
            long = say(lang, "tikal.term.auction.display")
            said = [display if line == long else line for line in said]
        one_list = "passed" in taken and bool(said) and bool(view["auction"].get("bidding"))
        played = [seat_tag(seat, lang) for seat, side in
                  enumerate(view["auction"]["amulets"]) if side != "up"] if said else []
        if one_list and played:
            passed_said = say(lang, "tikal.term.auction.passed", list="")
            said = [line for line in said if not line.startswith(passed_said)]
        # (outside a bidding the amulets give way, and in a turn's play the display too,
        # "Display: empty" as well: the next bidding shows them, 'board' draws them)
        aside = "play" in taken and bool(said) and not view["auction"].get("bidding")
        if aside and view["auction"].get("winner") is None:
            said = [line for line in said if not line.startswith(TILE_INDENT)
                    and line != display and line != say(
                        lang, "tikal.term.auction.display.empty")]
        if said and "unheaded" in taken:  # the tiles, numbered and standing in, under the
            # auction's heading: "Display:" took a row of its own, or the first tile's
            said = [line for line in said if line != display]
        packed = _auction_lines(said, width)
        if said and "amulets" in taken and (one_list and not played or aside):
            packed = _auction_lines(said[:-1], width)
        elif said and "amulets" in taken:  # the amulets' line is the auction's last
            amulets = say(lang, "tikal.term.auction.amulets.played", list=", ".join(played)) \
                if played else say(lang, "tikal.term.auction.amulets.none")
            # the auction's other lines in their order, the amulets on any with room but
            # the display's (what follows a tile there reads as the display's)
            packed = _auction_lines(said[:-1], width)
            room = next((at for at, (line, tiled) in enumerate(packed) if not tiled
                         and cell_len(line) + 2 + cell_len(amulets) <= width), None)
            if room is None:
                packed.append((amulets, False))
            else:
                packed[room] = (f"{packed[room][0]}  {amulets}", False)
            # (or after the auction's heading, before the display, where that takes fewer
            # lines: the tiles followed the heading, and "Amulets: cap de jugat" took a line
            # of its own under a long Catalan bid, the table's first row off the screen)
            early = _auction_lines([said[0], amulets, *said[1:-1]], width)
            if len(early) < len(packed):
                packed = early
        if "done" in taken:
            turns.pop("done", None)
        auction_now = view.get("auction") or {}
        # (the seat to bid, or the auction's winner to choose a tile: "torn de j4 (blau)"
        # under "j4 ha guanyat la subhasta…" took the 25th row of a Catalan screen)
        acting = auction_now.get("to_act") if auction_now.get("bidding") else \
            auction_now.get("winner")
        if "to_act" in taken and auction_now and not view["over"] and acting is not None \
                and acting == view.get("viewer"):
            turns.pop("to_play", None)
        turn = list(turns.values())
        # (each under its own text where longer than the line: on a phone's 40 columns
        # "Auction, round 1: bidding for turn 1 of" | "4" broke at the left edge)
        auction_lines = [_under_itself(Text(line), width) for line, _ in packed]
        if "share" in taken:  # whose turn it is after the auction's last line, if it fits
            # (not after a tile of the display: it would read as the display's)
            below = [] if packed and packed[-1][1] else _shared_lines(
                auction_lines[-1:], width, in_order=True)
            for note in turn:
                below = _shared_lines([*below, note], width, in_order=True) \
                    if below and below[-1].cell_len + 2 + note.cell_len <= width \
                    else [*below, _under_itself(note, width)]
            kept = auction_lines if packed and packed[-1][1] else auction_lines[:-1]
            bottom = [Text("\n").join([*kept, *below])]
        else:
            bottom = [Text("\n").join(auction_lines)] if said else []
            if turn:
                bottom.append(Text("\n").join(_shared_lines(turn, width)))
        table = Players(view, lang)
        table.show_header = "headings" not in taken
        shown = [] if half is None else [Text(say(
            lang, "tikal.term.dense.half", shown=("A–D", "E–H")[half],
            hidden=("E–H", "A–D")[half]), style="bold")]
        tables: list[RenderableType] = [] if view["over"] and "players" in taken \
            else [table]
        if tables and "points" in taken and table.narrowest() > width:  # (its lines)
            scores = [f"{seat_tag(player['seat'], lang)}: {player['score']}"
                      for player in view["players"]]
            tables = [Text(between_entries(say(lang, f"{short}.points", scores="\0"), scores,
                                           width))]
        return Group(*tables, *([Text("\n").join(above)] if above else []), *shown,
                     Board(view, lang, dense=True, half=half), *bottom)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if options.height is None:
            yield self.parts(width=width)
            return
        size = (width, options.height, options.ascii_only, self.last_resort)
        if size in self.chosen:  # (a face may measure it before it prints it)
            yield from self.chosen[size]
            return
        unbounded = options.update(height=None)

        def rows(part: Any) -> int:
            # A group's rows are its parts' rows; the dense map, the same at every step,
            # is measured once (drawing it is most of a step's cost, and a four-player
            # turn may take ten steps).
            if isinstance(part, Board):
                if (width, part.half) not in self.map_rows:
                    self.map_rows[width, part.half] = len(console.render_lines(
                        part, unbounded, pad=False))
                return self.map_rows[width, part.half]
            return len(console.render_lines(part, unbounded, pad=False))

        def layout(tight: int | None, half: int | None = None) -> tuple[Group, int]:
            """The way of drawing it at this width (``tight`` None: the roomy one) and its
            rows, drawn and measured once (`layouts`)."""
            key = (width, tight, half)
            if key not in self.layouts:
                drawn = self.parts(width=width) if tight is None else self.parts(
                    dense=True, width=width, tight=tight, half=half)
                taken = len(console.render_lines(drawn, unbounded, pad=False)) \
                    if tight is None else sum(rows(part) for part in drawn.renderables)
                self.layouts[key] = (drawn, taken)
            return self.layouts[key]

        roomy, taken = layout(None)
        if taken <= options.height:
            self.chosen[size] = list(console.render(roomy, options))
            yield from self.chosen[size]
            return
        # (a phone's 24 rows hold no halved map, 26 rows: told what to keep on the screen,
        # ``focus``, the half that holds it is drawn alone, the other left to be asked for)
        halves: list[int | None] = [None]
        if self.focus is not None and width < DENSE_WIDTH:
            kept = focus_half(self.focus)
            # (the whole map taller than the rows alone: no tighter table makes it fit)
            halves = [kept] if rows(Board(self.view, self.lang, dense=True)) \
                > options.height else [None, kept]
        # (the end's own steps, last, taken at the end only, and the history's latest
        # scorings during the game only: else they would draw the same screen again, a
        # prompt's cost for nothing)
        skipped = self.LATEST if self.view["over"] else self.ENDING if self.last_resort \
            else (*self.ENDING, *self.LATEST)
        tights = [tight for tight in range(len(self.TIGHTER) + 1)
                  if not tight or self.TIGHTER[tight - 1] not in skipped]
        for half in halves:
            for tight in tights:
                dense, taken = layout(tight, half)
                if taken <= options.height:
                    break
            else:
                continue
            break
        self.chosen[size] = list(console.render(dense, options))
        yield from self.chosen[size]


def focus_half(focus: Sequence[str]) -> int:
    """Which half of the map, columns A-D (0) or E-H (1), holds most of the spaces the
    actions ``focus`` name (the last ones played, those legal now), else the half of the
    first one named, else A-D (the base's).

    >>> focus_half(["move W A6 B5", "place F3", "place G2 r1", "place G2 r2", "place H4"])
    1
    >>> focus_half(["place F3", "place C4", "end"]), focus_half(["end"])
    (1, 0)
    """
    named = [f"{column}{row}" for action in focus
             for column, row in SPACE_NAMED.findall(action)]
    distinct = list(dict.fromkeys(named))
    counts = [sum(1 for name in distinct if (name[0] >= "E") == bool(half)) for half in (0, 1)]
    if counts[0] != counts[1]:
        return 0 if counts[0] > counts[1] else 1
    return int(named[0][0] >= "E") if named else 0


#: A space's name in an action's notation ("A6" in "move W A6 B5").
SPACE_NAMED = re.compile(r"\b([A-H])([1-6])\b")


def text(view: dict[str, Any], lang: str = "en",
         names: Mapping[int, str] | None = None,
         focus: Sequence[str] | None = None) -> Seen:
    """Everything a seat sees, in ``lang``, ready for ``rich.console.Console.print``;
    ``names``: how the face names each seat's player, for who won; ``focus``: the
    actions to keep on a screen too short for the whole map (`Seen`)."""
    return Seen(view, lang, names, focus)
