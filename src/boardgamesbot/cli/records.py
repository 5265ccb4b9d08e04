"""``bgbot replay`` and ``render``: saved game records stepped through in the terminal,
or a position of one drawn as an SVG or PNG picture."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.cells import cell_len
from rich.markup import escape
from rich.text import Text

from boardgamesbot.engine import GameError, Record, load_game
from boardgamesbot.games.wording import between_entries

from .terminal import console, fail, find_game, language, load_record, replay, saved_game
from .words import environment_language, say, seat_name, seat_tagged


@click.command("replay")
@click.argument("path", metavar="[RECORD]", required=False)
@click.option("--seat", type=int, default=None,
              help="Show what this seat (1-based) saw instead of the spectator view.")
@click.option("--step/--no-step", default=None,
              help="Wait for Enter between actions (default: when run in a terminal).")
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca",
              help="Language of the replay's words (default: your locale's, else en).")
def replay_command(path, seat, step, lang) -> None:
    """Step through a saved game record: RECORD's path, or a word of its file's name
    (the game's name, a time such as 0712) for the latest saved in games/ that holds it;
    without one, the latest game saved there."""
    lang = language(lang) if lang is not None else environment_language()
    path = saved_game(path, lang)
    record = load_record(path, lang)
    try:
        states = list(record.states())
    except GameError as error:  # (an action the rules refuse: the file was edited or cut)
        if error.code != "bad_record":
            raise
        fail(say(lang, "record.invalid", path=path, reason=error), lang)
    game = load_game(record.game)

    # (each player named as at `play`, "easy (p2)", the board's who-won line too)
    names = {number: _who(record, number, lang) for number in range(len(record.seats))}

    def render(view: dict, focus: list[str] | None = None) -> object:
        # (the board in the reader's language)
        return game.render_text(view, lang, names, focus)

    viewer = None if seat is None else seat - 1
    if viewer is not None and not 0 <= viewer < len(record.seats):
        fail(say(lang, "setup.seat", seats=len(record.seats)), lang)
    if step is None:
        step = sys.stdin.isatty()
    index = 0 if step else len(states) - 1
    from .play import REFUSAL_INDENT, drawn_to_fit, fitted, listed, wrapped

    if not step:
        for number, (player, notation) in enumerate(record.actions, 1):
            # (in lines of the terminal's width under the name, the action kept whole
            # where it fits a line: on a phone's 40 columns the terminal broke the line
            # anywhere, "ambush r270" | "D10" at the left edge, read as neither)
            mark = f"{number:4}. "
            kept = notation.replace(" ", "\0") \
                if cell_len(notation) <= console.width - len(mark) else notation
            listed(mark, f"{names[player]}: {kept}")

    while True:
        state = states[index]
        told = []
        if index:
            player, notation = record.actions[index - 1]
            # (in lines of the terminal's width under its own text: on 40 columns the
            # terminal broke it anywhere)
            number = f"{index}/{len(record.actions)}"
            told = [Text(line) for line in wrapped("", f"{number} {names[player]}: {notation}",
                                                   REFUSAL_INDENT)]
            told[0].stylize("bold", 0, len(number))
        # the action under the board it led to, next to the keys' prompt (or the final
        # scores), all on one screen: a board taller than the terminal is drawn denser,
        # as at `play`
        # (the keys' prompt broken between keys where it is longer than the line: on a
        # phone's 40 columns the terminal broke it anywhere, "sal" | "ta a", and its
        # second row pushed the top of the board away; its first lines go with the board's)
        keys = _keys_prompt(lang) if step else [""]
        below = [*told, *(Text(line, style="dim") for line in keys[:-1])]
        # (on a phone's 24 rows, where even the densest board does not fit, the part of it
        # that holds the action told, as at `play`)
        # (not stepped, the last board whole, as the end of `play` on a phone points to
        # it for: the part it drew there was all this drew too)
        board = fitted(render, state.view(viewer), [notation] if index else [],
                       *map(str, below))[0] if step else render(state.view(viewer))
        drawn_to_fit(board, below=below)
        if not step:
            break
        try:
            answer = console.input(f"[dim]{escape(keys[-1])}[/] ").strip()
        except (EOFError, KeyboardInterrupt):  # Ctrl-D, Ctrl-C: stop here, like 'q'
            console.print()
            break
        if answer == "q":
            break
        if answer == "b":
            index = max(0, index - 1)
        elif answer.isdigit():
            index = min(len(states) - 1, int(answer))
        elif index < len(states) - 1:
            index += 1
        else:
            break
    # (in a terminal, not under the finished game's board that says them and who won, as
    # at the end of `play`: the same answer twice; in a pipe the line scripts read stays)
    said_above = game.board_says_who_won and console.is_terminal and index == len(states) - 1
    if states[-1].is_over() and not said_above:
        # (each with the seat the board above names, as at the end of `play`)
        # (broken between players only: at a blank, "medium" ended a line and "(p4): 78"
        # began the next)
        scores = [f"{names[i]}: {s}" for i, s in enumerate(states[-1].scores())]
        said = between_entries(say(lang, "replay.scores", scores="\0"), scores, console.width)
        for line in said.splitlines():
            console.print(line, markup=False, soft_wrap=True)


def _keys_prompt(lang: str) -> list[str]:
    """The replay's prompt ("Enter: next, b: back, NUMBER: jump, q: quit>") in lines of the
    terminal's width broken between keys only, the later ones standing in, the last one
    leaving a column for the cursor (one line in a pipe)."""
    keys = say(lang, "replay.keys").split(", ")
    width = console.width - 1 if console.is_terminal else None
    return between_entries("\0", keys, width).splitlines()


def _name(record: Record, seat: int, lang: str = "en") -> str:
    """The seat's name (a bot's level in ``lang``), or "seat 2" for a person who gave none
    (a table's record keeps no name for them: each face names the seat in its own words)."""
    name = record.seats[seat]
    return seat_name(name, lang) if name else say(lang, "seat", n=seat + 1)


def _who(record: Record, seat: int, lang: str = "en") -> str:
    """The seat's player as `play` names them, with the seat as the board names it ("Ann
    (p1)", `seat_tagged`); an unnamed seat by the board's name for it alone ("p2"), else
    by its number ("seat 2")."""
    game = load_game(record.game)
    if record.seats[seat]:
        return seat_tagged(game, seat, _name(record, seat, lang), lang)
    return game.seat_tag(seat, lang) or _name(record, seat, lang)


RENDER_FORMATS = (".svg", ".png")


@click.command("render")
@click.argument("game_name", metavar="GAME")
@click.argument("path", metavar="RECORD", type=click.Path(dir_okay=False))
@click.option("--step", type=int, default=None,
              help="Draw the position after this many actions (default: the last).")
@click.option("--seat", type=int, default=None,
              help="Draw what this seat (1-based) sees (default: a spectator's view).")
@click.option("--output", "-o", "output", required=True, type=click.Path(dir_okay=False),
              help="The picture to write: a .svg or .png file.")
@click.option("--width", type=int, default=None,
              help="Width of a PNG in pixels (default: the picture's own, 900).")
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca",
              help="Language of the picture's words and of the messages (default: your "
                   "locale's, else en).")
def render_command(game_name, path, step, seat, output, width, lang) -> None:
    """Draw a position of a saved game as an SVG or PNG picture.

    \b
    bgbot render tikal games/tikal-1.json -o board.png
    bgbot render cartographers game.json --step 12 --seat 2 -o sheet.svg
    """
    lang = language(lang) if lang is not None else environment_language()
    suffix = Path(output).suffix.lower()
    if suffix not in RENDER_FORMATS:
        fail(say(lang, "render.format", output=output), lang)
    if width is not None and (suffix != ".png" or width <= 0):
        fail(say(lang, "render.width"), lang)
    game = find_game(game_name, lang)
    record = load_record(path, lang)
    if record.game != game.name:
        fail(say(lang, "record.other_game", path=path, recorded=record.game, game=game.name),
             lang)
    total = len(record.actions)
    if step is not None and not 0 <= step <= total:
        fail(say(lang, "render.step", total=total), lang)
    if seat is not None and not 1 <= seat <= len(record.seats):
        fail(say(lang, "setup.seat", seats=len(record.seats)), lang)
    state = replay(record, path, lang, upto=step)
    picture = game.render_svg(state.view(None if seat is None else seat - 1), lang=lang)
    if suffix == ".png":
        from boardgamesbot.images import png  # resvg loads only when a PNG is asked for

        data = png(picture, width=width)
    else:
        data = picture.encode("utf-8")
    try:
        Path(output).write_bytes(data)
    except OSError as error:
        fail(say(lang, "render.unwritable", output=output, reason=error.strerror or error), lang)
    who = say(lang, "render.spectator") if seat is None else say(lang, "render.seat", n=seat)
    console.print(say(lang, "render.done", output=output, game=game.titles.get(lang, game.name),
                      shown=total if step is None else step, total=total, who=who),
                  markup=False)
