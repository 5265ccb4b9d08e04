"""Terminal drawing of a Cartographers view (and only a view: nothing hidden can leak).

`text(view)` returns a rich renderable: the season and its time, the four
edicts (the two scored this season marked), the revealed cards, the current
card with its terrains and shapes, what the viewer may do, and every sheet
with coordinates, coins and stars per season. A seat's own pending choice is
drawn highlighted on its sheet, which is what the CLI's ``preview`` shows.

Every word is the reader's (``lang``), from the game's one catalog (`catalog.words`):
cards, edicts, seasons, terrains and titles as every face names them, and the
terminal's own sentences (``carto.term.*``). The notation stays as typed.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from boardgamesbot.games.wording import between_entries, phrase

from .catalog import words

COLUMNS = "ABCDEFGHIJK"

_STYLE = {
    "F": "bold green", "V": "bold red", "A": "bold yellow", "W": "bold blue",
    "M": "bold magenta", "^": "bold white", "#": "grey50", "R": "bold cyan", ".": "grey42",
}
_LETTER = {"forest": "F", "village": "V", "farm": "A", "water": "W", "monster": "M"}


def say(lang: str, key: str, **params: Any) -> str:
    """The catalog's ``key`` in ``lang`` (English where ``lang`` lacks it), filled in."""
    return phrase(words, lang, key, **params) or key


def named(lang: str, prefix: str, name: str) -> str:
    """A card's, an edict's, a season's or a terrain's name (``prefix.name`` in the
    catalog) in ``lang``; as printed when the catalog does not know it."""
    return phrase(words, lang, f"{prefix}.{name}") or name


def seat_tag(seat: int, lang: str) -> str:
    """A seat as the sheets' titles and the final line name it ("seat 2")."""
    return say(lang, "carto.term.seat", n=seat + 1)


_seat = seat_tag

#: How far a note's later lines stand in (an edict's stand under its name: "* A ").
NOTE_INDENT, EDICT_INDENT = "  ", "    "


#: Something quoted to be typed as it stands ('forest 2 r90 C4', 'TERRAIN SHAPE ORIENTATION
#: CELL'), not an apostrophe inside a word ("l'ordinador"), and the character that holds
#: its blanks together while it is wrapped (one no text of the game's has).
QUOTED, HELD = re.compile(r"(?<!\w)'[^'\n]+'(?!\w)"), "\ue000"


def _under_itself(text: str, width: int | None, indent: str = NOTE_INDENT) -> str:
    """``text`` in lines of ``width`` (whole when None), broken at blanks, the later ones
    standing in by ``indent``: at the left edge a note's second line ("preenchidos ou
    pela borda", "-80") read as a note of its own. A quoted example stays on one line:
    "'water 2 r90" ending a line and "C4'" beginning the next was typed as two."""
    if width is None:
        return text
    held = QUOTED.sub(lambda quoted: quoted[0].replace(" ", HELD), text)
    return "\n".join(textwrap.wrap(held, width, subsequent_indent=indent,
                                   break_long_words=False, break_on_hyphens=False)
                     ).replace(HELD, " ") or text


def _side_by_side(entries: list[str], width: int | None, apart: str = "  ") -> str:
    """``entries`` ``apart`` on lines of ``width`` (one line when None), broken only between
    two (the legend's "R ruins" kept whole: "R" ended a line and "ruins" began the next),
    the later lines standing in by `NOTE_INDENT`."""
    lines = [entries[0]] if entries else [""]
    if width is not None and cell_len(lines[0]) > width:  # (a long name's "(seat 1): -2"
        # broken by rich at the left edge, "1): -2" read as a line of its own)
        # (a seat's tag kept whole: "(seat" ending a line and "1)" beginning the next)
        held = re.sub(r"\([^()\n]*\)", lambda tag: tag[0].replace(" ", HELD), lines[0])
        lines = _under_itself(held, width).replace(HELD, " ").splitlines()
    for entry in entries[1:]:
        if width is None or cell_len(lines[-1] + apart + entry) <= width:
            lines[-1] += apart + entry
        else:  # (one longer than the line, on 40 columns, on under its own text)
            lines += _under_itself(NOTE_INDENT + entry, width, 2 * NOTE_INDENT).splitlines()
    return "\n".join(lines)


def _score_line(said: str, width: int | None) -> str:
    """A season's score ("Spring: 3 + 4 + 2 coins - 1 monsters = 8") in lines of ``width``
    (one line when None), broken only before a "+", a "-" or the "=", the later lines
    standing in by `NOTE_INDENT`: on a phone's 40 columns "monstres" began a line at the
    left edge, or "= 7" stood alone under it, read as a line of its own.

    >>> print(_score_line("Spring: 3 + 4 + 2 coins - 1 monsters = 8", 22))
    Spring: 3 + 4
      + 2 coins
      - 1 monsters = 8
    """
    terms = re.split(r" (?=[-+=] )", said)
    return _side_by_side(terms, width, " ")


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


def _card_panel(view: dict[str, Any], lang: str = "en", dense: bool = False) -> Panel | None:
    """The card to draw (or the ambush), titled with its name; ``dense`` (beside a sheet,
    where a title too long for the box would be cut), its name is the box's first line."""
    card = view.get("card")
    if card is None:
        return None
    panel = _card_box(view, card, lang)
    if dense and panel.title is not None:
        title = Text(str(panel.title), style="bold")
        return Panel(Group(title, panel.renderable), border_style=panel.border_style,
                     expand=False)
    return panel


def _card_box(view: dict[str, Any], card: dict[str, Any], lang: str) -> Panel:
    name = named(lang, "carto.card", card["name"])
    if card["kind"] == "ambush":
        body = Text(say(lang, "carto.term.monster_shape",
                        direction=say(lang, f"carto.term.direction.{card['direction']}"),
                        corner=say(lang, f"carto.term.corner.{card['solo_corner']}")) + "\n")
        body.append(shape_text(card["cells"], "M"), style=_STYLE["M"])
        if view["ruins_pending"]:
            body.append("\n" + say(lang, "carto.term.ruins_waits"), style="cyan")
        return Panel(body, title=say(lang, "carto.term.ambush", name=name),
                     border_style="magenta", expand=False)
    terrains = say(lang, "carto.term.or").join(named(lang, "terrain", t) for t in card["terrains"])
    body = Text(say(lang, "carto.term.card", n=card["time"], terrains=terrains) + "\n")
    shapes = []
    for number, shape in enumerate(card["shapes"], 1):
        label = say(lang, "carto.term.shape", n=number) \
            + (" " + say(lang, "carto.term.coin") if shape["coin"] else "")
        shapes.append(Text(f"{label}\n{shape_text(shape['cells'])}"))
    group = Group(body, Columns(shapes, padding=(0, 4)))
    ruins = "  " + say(lang, "carto.term.ruins") if view["ruins_pending"] else ""
    title = name + ruins
    return Panel(group, title=title, border_style="cyan", expand=False)


def _example(card: dict[str, Any] | None) -> str:
    """A drawing written in notation with the card shown (its first terrain, its last
    shape): 'forest 2 r90 C4' beside a village card was refused when typed."""
    if not card or not card.get("terrains") or not card.get("shapes"):
        return "forest 2 r90 C4"
    return f"{card['terrains'][0]} {len(card['shapes'])} r90 C4"


def _you_text(view: dict[str, Any], lang: str = "en") -> Text | None:
    you = view.get("you")
    if you is None:
        return None
    choice = you.get("choice")
    if choice:
        coin = say(lang, "carto.term.choice.coin") if choice["coin"] else ""
        return Text(say(lang, "carto.term.choice", action=choice["action"],
                        terrain=named(lang, "terrain", choice["terrain"]),
                        cells=", ".join(choice["cells"]), coin=coin), style="bold")
    mode = you.get("mode")
    if view["step"] == "ambush":
        line = say(lang, f"carto.term.ambush.{mode}", n=you["target"] + 1) \
            if mode in ("shape", "1x1", "pass") else ""
    elif mode in ("shape", "ruins", "1x1", "pass"):
        ruins = ".ruins" if mode == "1x1" and view["ruins_pending"] else ""
        line = say(lang, f"carto.term.draw.{mode}{ruins}", example=_example(view.get("card")))
    else:
        line = ""
    return Text(say(lang, "carto.term.your_move", n=you["seat"] + 1) + " " + line,
                style="bold")


def _player_panel(view: dict[str, Any], player: dict[str, Any], lang: str = "en") -> Panel:
    return _player_parts(view, player, lang)[0]


def _player_parts(view: dict[str, Any], player: dict[str, Any], lang: str = "en",
                  apart: bool = False, width: int | None = None) -> tuple[Panel, Text]:
    """A seat's sheet in its box, with its notes (the cells just drawn, coins, stars,
    the seasons' scores) under the rows; ``apart``: the notes on their own, outside the
    box (so that a box as narrow as the sheet leaves the card room beside it), in lines
    of ``width``, the coins, stars and losses broken between them only."""
    seat = player["seat"]
    highlight: dict[tuple[int, int], str] = {}
    you = view.get("you") or {}
    choice = you.get("choice")
    if choice and choice["sheet"] == seat:
        letter = _LETTER[choice["terrain"]]
        highlight = {_cell_index(name): letter for name in choice["cells"]}
    recent = {_cell_index(name) for name in player.get("last_drawn", [])}
    body = sheet_text(player["sheet"], highlight, recent)
    notes = body
    if apart:
        notes = Text()
    if highlight:
        notes.append(say(lang, "carto.term.pending") + "\n", style="dim")
    if recent:
        # (under its own text where the line is too short: at the left edge, on 40
        # columns, "C10 A11" read as a note of its own)
        notes.append(_under_itself(say(lang, "carto.term.just_drawn",
                                       cells=" ".join(player["last_drawn"])),
                                   width if apart else None) + "\n", style="dim")
    # (beside the sheet, "lost to monsters" ended a line and its number began the next)
    notes.append(_side_by_side(say(lang, "carto.term.sheet", coins=player["coins"],
                                   stars=player["stars"], losses=player["monster_losses"])
                               .split("   "), width if apart else None, "   ") + "\n")
    for record in player["seasons"]:
        e1, e2 = record["edicts"]
        season = named(lang, "carto.season", record["season"])
        # (the stars monsters took, taken away: "+ 2 coins -7 monsters" added a negative
        # number, as "+ -2" did at the phone's end, which says "- 2")
        notes.append(_score_line(say(lang, "carto.term.score", season=season, e1=e1, e2=e2,
                                     coins=record["coins"], monsters=-record["monsters"],
                                     total=record["total"]), width) + "\n")
    title = _seat(seat, lang)
    if view.get("viewer") == seat:
        title += " " + say(lang, "carto.term.you")
    if seat in view.get("winners", []):
        title += " - " + say(lang, "carto.term.winner")
    if view["step"] == "ambush" and "ambush_targets" in view and view.get("viewer") is not None \
            and view["ambush_targets"][view["viewer"]] == seat:
        title += " - " + say(lang, "carto.term.draw_here")
    body.rstrip()
    notes.rstrip()
    return Panel(body, title=title, expand=False,
                 border_style="bold" if view.get("viewer") == seat else "dim"), notes


class Seen:
    """The whole table as seen in a view, as a rich renderable: each part in its place
    when there is room; printed with a ``height`` (``Console.print(..., height=rows)``:
    a terminal that shows fewer rows than the table takes) and seen by a seat, what may
    scroll away comes first (the edicts, unboxed; the other sheets; the legend) and the
    seat's own sheet last, the card and what to do beside it, just above the prompt."""

    def __init__(self, view: dict[str, Any], lang: str = "en",
                 names: Mapping[int, str] | None = None,
                 focus: Sequence[str] | None = None) -> None:
        self.view, self.lang, self.names, self.focus = view, lang, names, focus
        #: the rows each way of drawing the table takes at a width, drawn once: the prompt
        #: measures the same table at each height its recap's shorter forms leave
        #: (`cli.play.fits`), and drawing every way again each time was most of its cost
        self._rows: dict[tuple[object, ...], int] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        roomy = _parts(self.view, self.lang, names=self.names, width=width)
        unbounded = options.update(height=None)

        def rows(drawing: RenderableType, *way: object) -> int:
            key = (width, *way)
            if key not in self._rows:
                self._rows[key] = len(console.render_lines(drawing, unbounded, pad=False))
            return self._rows[key]

        if options.height is not None and self.view.get("viewer") is not None:
            roomy_rows = rows(roomy, "roomy")
            if roomy_rows > options.height:
                # what to do goes under the card where that is shorter (a narrow sheet
                # leaves the card room), else across the width under both
                denses = {b: _parts(self.view, self.lang, True, b, self.names, width)
                          for b in (True, False)}
                way = min(denses, key=lambda b: rows(denses[b], "dense", b))
                dense = denses[way]
                if self.focus is None or rows(dense, "dense", way) <= options.height:
                    yield dense
                    return
                # (a phone's 24 rows, told it may draw a part of the table: the sheet to
                # draw on and the card alone, what to do said short where it must)
                for short in range(COMPACT_STEPS):
                    compact = _compact(self.view, self.lang, width, short)
                    if compact is None:
                        break
                    if rows(compact, "compact", short) <= options.height:
                        yield compact
                        return
                yield compact or dense
                return
        # (a phone's 24 rows at the end of the game, told it may draw a part of the table:
        # every sheet and the edicts did not fit with the record's lines, and the table's
        # top scrolled away; the final stars, with a sheet where that fits too)
        if options.height is not None and self.view["over"] and self.focus is not None \
                and len(console.render_lines(roomy, unbounded, pad=False)) > options.height:
            # (then, as Tikal's end does, the stars season by season give way, the final
            # line saying each player's stars: four players' sums on 40 columns left no
            # room for the line that draws the whole board)
            for sheet, seasons in ((True, True), (False, True), (False, False)):
                ended = _ended(self.view, self.lang, self.names, width, sheet, seasons)
                if len(console.render_lines(ended, unbounded, pad=False)) <= options.height:
                    break
            yield ended
            return
        yield roomy


def _ended(view: dict[str, Any], lang: str, names: Mapping[int, str] | None, width: int,
           sheet: bool = True, by_season: bool = True) -> Group:
    """The end of the game for a phone's screen, too short for every sheet: the title,
    (``by_season``) each player's stars season by season and in all, who won (the final
    line as the whole drawing says it, each player's stars in it) and (``sheet``) the
    viewer's sheet, or a spectator's the winner's, unboxed under its title. The edicts,
    the other sheets and the legend are left to a whole drawing."""
    def player(seat: int) -> str:
        return (names or {}).get(seat) or _seat(seat, lang)

    side = say(lang, f"carto.side.{view['side']['letter']}")
    title = f"{say(lang, 'game.cartographers')} - {side} - "
    head = Text(_under_itself(title + say(lang, "carto.term.over"), width))
    head.stylize("bold", 0, len(title))
    parts: list[RenderableType] = [head]
    players = view["players"]
    seasons = [named(lang, "carto.season", record["season"])
               for record in players[0]["seasons"]] if players and by_season else []
    table = _seasons_table(players, seasons, player, lang, width) if seasons else None
    if table is not None:
        parts.append(table)
    elif seasons:  # (the seasons in the order each player's numbers follow)
        parts.append(Text(_score_line(" + ".join(seasons), width), style="dim"))
    for each in players if table is None and by_season else ():
        # (a season that lost stars taken away: "+ -2" read as a slip)
        first, *rest = [record["total"] for record in each["seasons"]] or [None]
        totals = "" if first is None else str(first) + "".join(
            f" + {total}" if total >= 0 else f" - {-total}" for total in rest)
        said = f"{player(each['seat'])}: " + (f"{totals} = " if totals else "") \
            + str(each["stars"])
        parts.append(Text(_score_line(said, width)))
    if "solo" in view:
        solo = view["solo"]
        line = say(lang, "carto.term.solo", stars=players[0]["stars"],
                   solo=solo["solo_numbers"], rating=solo["rating"])
        if solo["title"]:
            line += ": " + named(lang, "carto.title", solo["title"])
        parts.append(Text(_under_itself(line, width), style="bold"))
    winners = ([player(w) for w in view["winners"]], say(lang, "carto.term.and"))
    stars = [f"{player(p['seat'])}: {p['stars']}" for p in players]
    parts.append(Text(between_entries(say(lang, "carto.term.final", stars="\0", winners="\0"),
                                      stars, width, more=[winners]), style="bold"))
    shown = view.get("viewer")
    if shown is None and view["winners"]:
        shown = view["winners"][0]
    if sheet and shown is not None:
        mine = next(p for p in players if p["seat"] == shown)
        panel, _ = _player_parts(view, mine, lang, apart=True, width=width)
        parts += [Text(str(panel.title), style="bold"), panel.renderable]
    return Group(*parts)


def _seasons_table(players: list[dict[str, Any]], seasons: list[str], player: Any,
                   lang: str, width: int) -> Table | None:
    """Each player's stars season by season and in all as a table, a row a player and a
    column a season (in a line a player, "2 + 1 + 6 + 31 = 40" under "Spring + Summer +
    Autumn + Winter", a season's stars were found by counting pluses), where its widest
    row fits ``width``; None where it does not (a phone's 40 columns keep the lines)."""
    heading = ["", *seasons, say(lang, "carto.term.in_all")]
    rows = [[player(each["seat"]), *(str(record["total"]) for record in each["seasons"]),
             str(each["stars"])] for each in players]
    widths = [max(cell_len(row[at]) for row in (heading, *rows)) for at in range(len(heading))]
    if sum(widths) + 2 * (len(widths) - 1) > width:
        return None
    table = Table(box=None, show_edge=False, pad_edge=False, padding=(0, 1),
                  header_style="dim")
    table.add_column(no_wrap=True)
    for name in heading[1:]:  # (numbers right-aligned under their season)
        table.add_column(name, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    return table


#: How many steps `_compact` gets tighter by (its ``short``: 0 to this less one).
COMPACT_STEPS = 7


def _compact(view: dict[str, Any], lang: str, width: int, short: int = 0
             ) -> Group | None:
    """The sheet the viewer draws on and the card, for a phone's screen, too short for
    the dense table (on 40x24 the sheet's top scrolled away): the sheet's title, the
    card's name, time and terrains (or the ambush's monster), the sheet unboxed with the
    card's shapes beside it, the sheet's notes and what to do (``short``: the coins,
    stars and losses alone, whose move alone, the season's scores beside the sheet; tighter
    still, where computers' turns told under the board leave fewer rows, 2: without whose
    move, which the turn's line says; 3: without the coins, stars and losses, the coins
    beside the sheet where there is room; 4: without the sheet's title, unless it is a
    neighbour's; 5: the card's name alone, which the turn's line's terrains follow, the
    seasons' sums alone where they go under the sheet; 6: the ruins' note said short,
    "[ruïnes]": four Catalan players on 40x24, "Bosc Oblidat [ruïnes: cobreix un espai" |
    "de ruïnes buit]" took two rows and the card's name scrolled away). The edicts, the
    other sheets and the legend are left to a whole drawing. None where the viewer draws
    on no sheet (the end)."""
    viewer = shown_sheet(view)
    if viewer is None or view["over"]:
        return None
    player = next(p for p in view["players"] if p["seat"] == viewer)
    panel, notes = _player_parts(view, player, lang, apart=True, width=width)
    parts: list[RenderableType] = [Text(str(panel.title), style="bold")] \
        if short < 4 or viewer != view.get("viewer") else []
    card = view.get("card")
    shapes = Text("\n")  # (beside the sheet's first row, under its column letters)
    if card is not None:
        name = named(lang, "carto.card", card["name"])
        if card["kind"] == "ambush":  # (``short``: its name, the monster beside the sheet)
            said = say(lang, "carto.term.ambush", name=name)
            if not short:
                said += ": " + say(
                    lang, "carto.term.monster_shape",
                    direction=say(lang, f"carto.term.direction.{card['direction']}"),
                    corner=say(lang, f"carto.term.corner.{card['solo_corner']}"))
            shapes.append(shape_text(card["cells"], "M"), style=_STYLE["M"])
        else:
            terrains = say(lang, "carto.term.or").join(named(lang, "terrain", t)
                                                      for t in card["terrains"])
            said = name if short >= 5 else f"{name}: " + say(
                lang, "carto.term.card", n=card["time"], terrains=terrains)
            for number, shape in enumerate(card["shapes"], 1):
                if number > 1:
                    shapes.append("\n\n")
                shapes.append(say(lang, "carto.term.shape", n=number), style="bold")
                if shape["coin"]:
                    shapes.append("\n" + say(lang, "carto.term.coin"))
                shapes.append("\n" + shape_text(shape["cells"]), style="cyan")
        if view["ruins_pending"]:  # (``short`` 6: "[ruïnes]", the name kept on its line)
            said += "  " + say(lang, "carto.term.ruins.short" if short >= 6
                               else "carto.term.ruins")
        parts.append(Text(_under_itself(" ".join(said.split()), width), style="cyan"))
    # (the season, its time and (``short``, whose notes leave them out) the seasons' scores
    # so far: on 80x24 and 40x24 the table's head scrolled away or was left out; they go in
    # the rows the shapes leave empty beside the sheet, else under it)
    drawn = panel.renderable.plain.splitlines()  # type: ignore[union-attr]
    side = width - 1 - max(cell_len(line) for line in drawn)
    # (the viewer's own scores, also while drawing a monster on a neighbour's sheet)
    own = next((p for p in view["players"] if p["seat"] == view.get("viewer")), player)
    extras = _season_lines(view, own, lang, side, scores=short > 0)
    taken = len(shapes.plain.splitlines())
    coins = say(lang, "carto.term.sheet", coins=own["coins"], stars=own["stars"],
                losses=own["monster_losses"]).split("   ")[0]
    if short >= 3 and taken + 2 + len(extras) <= len(drawn) and cell_len(coins) <= side:
        extras.insert(0, coins)
    under: list[RenderableType] = []
    if taken + 1 + len(extras) <= len(drawn):
        shapes.append("\n" * (len(drawn) - taken - len(extras) + 1) + "\n".join(extras))
    else:
        under.append(Text("\n".join(_season_lines(view, own, lang, width, scores=short > 0,
                                                  across=True, sums=short >= 5))))
    shapes = _edicts_beside(view, lang, shapes, taken, side)
    beside = Table.grid(padding=(0, 1))
    beside.add_column(no_wrap=True)
    beside.add_column()
    beside.add_row(panel.renderable, shapes)
    if short:  # (the coins, stars and losses alone, closer together: the cells just drawn
        # are the last move told under the board, the seasons' scores beside it)
        notes = Text(_side_by_side(say(lang, "carto.term.sheet", coins=player["coins"],
                                       stars=player["stars"],
                                       losses=player["monster_losses"]).split("   "),
                                   width, "  "))
    parts += [beside, *under, *([notes] if short < 3 else [])]
    you = _you_text(view, lang)
    if you is not None and short < 2:
        said = say(lang, "carto.term.your_move", n=view["you"]["seat"] + 1) if short \
            else you.plain
        parts.append(Text(_under_itself(said, width), style=you.style))
    return Group(*parts)


#: The blanks between the card's shapes and the edicts beside them.
EDICTS_APART = "   "


def _edicts_beside(view: dict[str, Any], lang: str, side: Text, shapes: int,
                   width: int) -> Text:
    """``side``, the column beside the sheet (its first ``shapes`` rows the card's shapes),
    with the edicts in its first rows, right of the shapes, where they fit its ``width``
    and no other note stands in those rows: each edict's letter, name and the seasons it
    is scored in ("* A Stoneside Forest: Spring, Winter", starred and bold this season),
    under a heading. On 80x24 some fifty columns stood empty there and the edicts, what
    a season scores, were left to the whole board. Else ``side`` as it is."""
    edicts = [Text(say(lang, "carto.term.edicts.beside"), style="bold")]
    for edict in view["edicts"]:
        now = edict["letter"] in view["season"]["scoring"] and not view["over"]
        seasons = ", ".join(named(lang, "carto.season", season["name"])
                            for season in view["seasons"] if edict["letter"] in season["edicts"])
        edicts.append(Text(f"{'*' if now else ' '} {edict['letter']} "
                           f"{named(lang, 'carto.card', edict['card'])}: {seasons}",
                           style="bold" if now else ""))
    lines = list(side.split("\n", allow_blank=True))
    lines += [Text() for _ in range(len(edicts) - len(lines))]
    if any(line.plain.strip() for line in lines[shapes:len(edicts)]):
        return side  # (a note beside the sheet's top rows: the edicts would cut into it)
    start = max((line.cell_len for line in lines[:shapes]), default=0)
    start += len(EDICTS_APART) if start else 0
    if start + max(edict.cell_len for edict in edicts) > width:
        return side
    for row, edict in enumerate(edicts):
        lines[row] = lines[row] + Text(" " * (start - lines[row].cell_len)) + edict
    return Text("\n").join(lines)


def _season_lines(view: dict[str, Any], player: dict[str, Any], lang: str, width: int,
                  scores: bool = True, across: bool = False, sums: bool = False
                  ) -> list[str]:
    """The season and its time ("Summer 2/4", "time 3/7") and each season scored so far
    for ``player``, the edicts' points, coins and monsters and their sum, in lines of
    ``width``: the whole sentence where it fits ("Spring: 10 + 0 + 2 coins - 6 monsters =
    6"), else its numbers ("Spring: 10+0+2-6=6"), else the season over its numbers.
    ``scores``: False, the season and its time alone; ``across``: the season and its time
    on one line (under the sheet, not beside it); ``sums``: each season's sum alone, side
    by side ("Spring: -2  Summer: 8")."""
    season = view["season"]
    name = named(lang, "carto.season", season["name"])
    time = say(lang, "carto.term.time", used=season["time_used"],
               threshold=season["threshold"])
    lines = [f"{name} {season['number']}/4, {time}"] if across else \
        [f"{name} {season['number']}/4", time]
    if scores and sums and player["seasons"]:
        return lines + _side_by_side([f"{named(lang, 'carto.season', record['season'])}: "
                                      f"{record['total']}" for record in player["seasons"]],
                                     width).splitlines()
    for record in player["seasons"] if scores else ():
        e1, e2 = record["edicts"]
        scored = named(lang, "carto.season", record["season"])
        said = say(lang, "carto.term.score", season=scored, e1=e1, e2=e2,
                   coins=record["coins"], monsters=-record["monsters"],
                   total=record["total"])
        numbers = f"{e1}+{e2}+{record['coins']}-{-record['monsters']}={record['total']}"
        if cell_len(said) <= width:
            lines.append(said)
        elif cell_len(f"{scored}: {numbers}") <= width:
            lines.append(f"{scored}: {numbers}")
        else:
            lines += [f"{scored}:", f"{numbers}"]
    return lines


def text(view: dict[str, Any], lang: str = "en",
         names: Mapping[int, str] | None = None,
         focus: Sequence[str] | None = None) -> Seen:
    """The whole table as seen in ``view``, in ``lang``; ``names``: how the face names each
    seat's player, for the final stars and who won; ``focus``: given, a screen too short
    for the dense table gets the sheet to draw on and the card alone (`Seen`)."""
    return Seen(view, lang, names, focus)


def shown_sheet(view: dict[str, Any]) -> int | None:
    """The seat whose sheet the viewer looks at: the neighbour's while the viewer draws a
    monster on it (on a short terminal it is the one kept by the prompt: 'C3 already
    filled' spoke of a map scrolled away), else the viewer's own; None for a spectator."""
    viewer, you = view.get("viewer"), view.get("you") or {}
    if view["step"] == "ambush" and you.get("target") is not None and not you.get("choice"):
        return int(you["target"])
    return viewer


#: The fewest columns the card and the seat's notes take beside the sheet (the widest
#: shape, four squares, in its box); with fewer they go under it.
BESIDE_ROOM = 20


def _parts(view: dict[str, Any], lang: str = "en", dense: bool = False,
           you_beside: bool = False, names: Mapping[int, str] | None = None,
           width: int | None = None) -> Group:
    """The table's parts, roomy; or ``dense``: the viewer's sheet and the card side by
    side at the end, the rest before them, what to do below them or (``you_beside``)
    under the card. The final stars name each player by ``names`` where given (the
    face's name, "easy (seat 2)"), wrapped to ``width`` between players."""
    season = view["season"]
    season_name = named(lang, "carto.season", season["name"])
    parts: list[RenderableType] = []
    side = say(lang, f"carto.side.{view['side']['letter']}")
    title = f"{say(lang, 'game.cartographers')} - {side} - "
    said = say(lang, "carto.term.over") if view["over"] else \
        say(lang, "carto.term.season", name=season_name, n=season["number"],
            used=season["time_used"], threshold=season["threshold"], deck=view["deck_size"])
    head = Text(_under_itself(title + said, width))
    head.stylize("bold", 0, len(title))
    parts.append(head)
    # (in a box, the edicts have its borders' and paddings' four columns less)
    edict_width = None if width is None else width if dense else width - 4
    edicts = Text()
    for edict in view["edicts"]:
        now = edict["letter"] in season["scoring"] and not view["over"]
        rule = named(lang, "carto.rule", edict["card"])
        rule = edict["rule"] if rule == edict["card"] else rule
        edicts.append(_under_itself(f"{'*' if now else ' '} {edict['letter']} "
                                    f"{named(lang, 'carto.card', edict['card'])}: {rule}",
                                    edict_width, EDICT_INDENT) + "\n",
                      style="bold" if now else "")
    edicts.rstrip()
    title = say(lang, "carto.term.edicts", season=season_name)
    if dense:  # (a line for the title, none for a box: two rows saved)
        parts.append(Text(title, style="bold") + Text("\n") + edicts)
    else:
        parts.append(Panel(edicts, title=title, expand=False))
    if view["revealed"]:
        # (broken between cards: "Fenda" ended a line and "Planar (0)" began the next)
        cards = [f"{named(lang, 'carto.card', c['name'])} ({c['time']})"
                 for c in view["revealed"]]
        said = between_entries(say(lang, "carto.revealed", cards="\0"), cards, width,
                               NOTE_INDENT)
        if width is not None and cell_len(said.split("\n")[0]) > width:
            # (the first card too long for the rest of the line, "Poblat de" | "Pescadors
            # (2)" at the left edge on 40 columns: the cards begin the next line)
            said = say(lang, "carto.revealed", cards="").rstrip() + "\n" + between_entries(
                NOTE_INDENT + "\0", cards, width, NOTE_INDENT)
        parts.append(Text(said))
    if view["last_ambush"]:
        ambush = view["last_ambush"]
        cells = "; ".join(f"{_seat(i, lang)}: "
                          f"{' '.join(c) or say(lang, 'carto.term.no_effect')}"
                          for i, c in enumerate(ambush["cells"]))
        card = named(lang, "carto.card", ambush["card"])
        parts.append(Text(_under_itself(say(lang, "carto.last.ambush", card=card) +
                                        f" ({cells})", width), style="magenta"))
    card_panel = _card_panel(view, lang, dense)
    if card_panel is not None and not view["over"] and not dense:
        parts.append(card_panel)
    # (each box's notes in the width inside its borders and paddings)
    sheets = [_player_parts(view, player, lang, width=None if width is None else width - 4)[0]
              for player in view["players"]]
    viewer = shown_sheet(view)
    if viewer is not None:  # the sheet the viewer looks at first
        first = _seat(viewer, lang) + " "
        sheets.sort(key=lambda panel: 0 if str(panel.title).startswith(first) else 1)
    own = sheets.pop(0) if dense else None
    own_notes, beside_width = Text(), None
    if own is not None:
        mine = next(p for p in view["players"] if p["seat"] == viewer)
        # (the notes' column: the width the sheet's box, its borders and paddings, and the
        # column between leave)
        # (the box as wide as its title needs too: "seient 2 - dibuixa aquí" over a
        # neighbour's sheet made it wider than the sheet, and what to do beside it, wrapped
        # for a wider column, was wrapped again at its left edge: "(p. ex.")
        boxed = max(4 + max(cell_len(line) for line in sheet_text(mine["sheet"]).plain
                            .splitlines()), 6 + cell_len(str(own.title)))
        if width is not None:
            beside_width = width - 1 - boxed
        if beside_width is not None and beside_width < BESIDE_ROOM:
            # (a phone's 40 columns: the card squeezed beside the sheet read "Pesca…")
            beside_width = None
        own, own_notes = _player_parts(view, mine, lang, apart=True,
                                       width=width if beside_width is None else beside_width)
        own.width = boxed
    if sheets:
        parts.append(Columns(sheets))
    terrains = {name: named(lang, "terrain", name) for name in _LETTER}
    parts.append(Text(_side_by_side(say(lang, "carto.term.legend", **terrains).split("  "),
                                    width), style="dim"))
    if "solo" in view:
        solo = view["solo"]
        line = say(lang, "carto.term.solo", stars=view["players"][0]["stars"],
                   solo=solo["solo_numbers"], rating=solo["rating"])
        if solo["title"]:
            line += ": " + named(lang, "carto.title", solo["title"])
        # (the rating kept with its "=": "=" ended a line and "-80" stood alone on the next)
        before, equals, rating = line.rpartition(" = ")
        said = _under_itself(before if equals else line, width)
        if equals:
            last = said.rsplit("\n", 1)[-1]
            fits = width is None or cell_len(last + equals + rating) <= width
            said += (equals if fits else "\n" + NOTE_INDENT + equals.lstrip()) + rating
        parts.append(Text(said, style="bold"))
    if view["over"]:
        # (by the name the face's own last line gives the player: the tag alone, then the
        # name, read as two answers)
        def player(seat: int) -> str:
            return (names or {}).get(seat) or _seat(seat, lang)

        # (broken between players, and between those who won in a tie of many)
        winners = ([player(w) for w in view["winners"]], say(lang, "carto.term.and"))
        stars = [f"{player(p['seat'])}: {p['stars']}" for p in view["players"]]
        parts.append(Text(between_entries(say(lang, "carto.term.final", stars="\0",
                                              winners="\0"), stars, width, more=[winners]),
                          style="bold"))
    you = _you_text(view, lang)
    if own is not None:
        beside = Table.grid(padding=(0, 1))
        beside.add_column(no_wrap=True)
        beside.add_column()
        aside: list[RenderableType] = [card_panel] if card_panel and not view["over"] else []
        aside.append(own_notes)
        if beside_width is None and width is not None:  # (too narrow: under the sheet)
            parts.extend([own, *aside])
        else:
            if you is not None and you_beside:
                aside.append(Text(_under_itself(you.plain, beside_width), style=you.style))
                you = None
            beside.add_row(own, Group(*aside))
            parts.append(beside)
    if you is not None:  # (across the width: its later lines under its own text)
        parts.append(Text(_under_itself(you.plain, width), style=you.style))
    return Group(*parts)
