"""``bgbot play``: a game in the terminal against bots or with friends at one keyboard.

The terminal is one more face over the engine contract: it shows each person
only their seat's ``view`` (drawn by the game's ``render_text``), reads actions
in the game's notation, and saves every game as a `Record`. A person at the
keyboard is a player like a bot (`Person.choose`), so the `Driver` runs both.
"""

from __future__ import annotations

import random
import re
import shlex
import textwrap
import time
from collections import Counter
from functools import cache, partial
from itertools import pairwise
from pathlib import Path

import click
from rich.cells import cell_len
from rich.markup import escape
from rich.segment import Segment
from rich.text import Text

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.driver import Decision, DecisionFailed, Driver
from boardgamesbot.engine import (
    LANGUAGES,
    GameError,
    Record,
    State,
    known_games,
    load_game,
)
from boardgamesbot.games.wording import between_entries

from .rules import show_answers, show_why
from .terminal import (
    chosen,
    console,
    fail,
    find_game,
    game_options,
    language,
    latest_saved,
    load_record,
    replay,
    saved_game,
)
from .words import (
    command_named,
    command_word,
    environment_language,
    folded,
    move_near,
    nearest_command,
    refusal,
    say,
    seat_name,
    seat_tagged,
    setup_error,
    slip_of,
)


@click.command("play")
@click.argument("game_name", metavar="GAME", required=False)
@click.option("--players", "-p", type=int, default=None, help="Number of players.")
@click.option("--humans", type=int, default=1, show_default=True,
              help="How many seats people take (the first ones); the rest are bots.")
@click.option("--bots", default=None,
              help="Comma-separated bots or levels (easy, medium, hard, random, greedy, "
                   "search) for the non-human seats (default: medium).")
@click.option("--seed", type=int, default=None, help="Seed for the game's chance.")
@game_options
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Where to save the record (default: games/GAME-TIME.json).")
@click.option("--resume", "resume_path", is_flag=False, flag_value="", default=None,
              metavar="[FILE|WORD]",
              help="Go on with a game saved by 'quit' or Ctrl-C: its seats, bots and "
                   "options are the file's, and it goes on being saved there. Alone, the "
                   "latest game saved in games/; with a word (the game's name, a time such "
                   "as 0712), the latest whose file name holds it.")
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca",
              help="Language of the prompt, its messages and the rules answers "
                   "(default: your locale's, from LC_ALL / LC_MESSAGES / LANG, else en).")
def play_command(game_name, players, humans, bots, seed, save_path, resume_path, lang,
                 **options) -> None:
    """Play GAME in the terminal against bots or with friends at one keyboard.

    At the prompt type an action in the game's notation, or 'help' for the commands
    ('moves' lists what you may do now). Ctrl-D or 'quit' saves and stops.

    \b
    bgbot games                          the games and their options
    bgbot play GAME --players 3          you and two medium bots
    bgbot play GAME --lang pt-BR         the prompt in Brazilian Portuguese
    bgbot play --resume                  the latest game, where it stopped
    """
    lang = language(lang) if lang is not None else environment_language()
    if resume_path is not None:
        # (a saved game's seats, bots, seed and options are its own: another value given
        # with it would be silently ignored, so it is refused)
        if (players, bots, seed, save_path) != (None,) * 4 or humans != 1 or chosen(options):
            fail(say(lang, "resume.alone"), lang)
        _resume(saved_game(resume_path or game_name, lang), game_name, lang)
        return
    if game_name is None:  # (click's "Missing argument" would not say which games there are)
        fail(say(lang, "setup.which_game", games=", ".join(known_games())), lang)
    game = find_game(game_name, lang)
    if players is None:
        players = max(game.min_players, min(2, game.max_players))
    options = chosen(options)
    if not 0 <= humans <= players:
        fail(say(lang, "setup.humans", players=players), lang)
    bot_list = [b for b in (bots.split(",") if bots else []) if b.strip()]
    if not bot_list:
        bot_list = ["medium"] * (players - humans)
    if len(bot_list) != players - humans:
        fail(say(lang, "setup.bots", players=players, humans=humans, bots=players - humans,
                 got=len(bot_list), names=", ".join(bot_list) or "-"), lang)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        state = game.new(players, seed, **options)
        seat_bots = [None] * humans + [make_bot(name, seed + 101 * i) for i, name in
                                       enumerate(bot_list)]
    except GameError as error:
        fail(setup_error(error, lang), lang)
    seats = [say(lang, "person", n=i + 1) for i in range(humans)] + \
        [b.name for b in seat_bots[humans:]]
    record = Record.start(game.name, seed, seats, **options)
    path = Path(save_path or f"games/{game.name}-{time.strftime('%Y%m%d-%H%M%S')}.json")
    try:  # saved once before the first move: a place it cannot be kept is said now, not
        # as a traceback after the person's first action
        path.parent.mkdir(parents=True, exist_ok=True)
        record.save(path)
    except OSError as error:
        fail(say(lang, "save.unwritable", path=path, reason=error.strerror or error), lang)
    # (wrapped under its own text: at the left edge, on 40 columns, "desa a g.json" read
    # as a line of its own)
    listed("", say(lang, "started", game=game.titles.get(lang, game.name), players=players,
                   seed=seed, path=path), indent=REFUSAL_INDENT)
    _play(state, record, seat_bots, path, lang)


def _resume(path: str, game_name: str | None, lang: str) -> None:
    """Go on with the saved game at ``path`` where it stopped: a seat named after a bot is
    that bot again, every other seat a person at this keyboard."""
    record = load_record(path, lang)
    game = load_game(record.game)
    if game_name is not None and find_game(game_name, lang).name != game.name:
        fail(say(lang, "record.other_game", path=path, recorded=record.game,
                 game=find_game(game_name, lang).name), lang)
    state = replay(record, path, lang)
    seat_bots = []
    for seat, name in enumerate(record.seats):
        try:
            seat_bots.append(make_bot(name, record.seed + 101 * seat))
        except GameError:  # (a person's seat: "person 1", "pessoa 1", a player's name)
            seat_bots.append(None)
    listed("", say(lang, "resumed", game=game.titles.get(lang, game.name),
                   actions=len(record.actions), path=path), indent=REFUSAL_INDENT)
    _play(state, record, seat_bots, Path(path), lang)


def help_text(seat: SeatView, lang: str) -> str:
    """The prompt's commands, with examples taken from what this seat may do now (so the
    help of every game shows that game's notation), and the kinds of action legal now."""
    legal = [str(a) for a in seat.legal_actions()]
    example = f"'{legal[0]}'" if legal else "'…'"
    kind = legal[0].split()[0] if legal else "…"
    said = say(lang, "help", example=example, kind=kind)
    width = console.width
    if max(cell_len(line) for line in said.splitlines()) > width:
        said = "\n".join(help_reflowed(said, width))
    return said + "\n" + "\n".join(wrapped("", legal_now(legal, lang), REFUSAL_INDENT))


def help_reflowed(said: str, width: int) -> list[str]:
    r"""The help, laid out for 80 columns (each command, then its description in a column
    of its own), in lines of ``width`` where it is narrower: each command on a line of
    its own and its description under it, wrapped under itself, a quoted command kept
    whole; a sentence wrapped under its own text. On a phone's 40 columns the terminal
    broke every description at the left edge, under the column of commands, where it
    read as the next command.

    >>> said = "Other commands:\n  hint   the best three actions,\n         and why, 'hint all'"
    >>> print("\n".join(help_reflowed(said, 24)))
    Other commands:
      hint
          the best three
          actions, and why,
          'hint all'
    """
    command = re.compile(r"^  (\S.*?) {2,}(\S.*)$")
    entries: list[list[str]] = []  # [command or "", text]
    for line in said.splitlines():
        found = command.match(line)
        if found:
            entries.append([found[1], found[2]])
        elif line.startswith("    ") and entries and entries[-1][0]:
            entries[-1][1] += " " + line.strip()
        elif entries and not entries[-1][0] and not entries[-1][1].endswith((".", ":")):
            entries[-1][1] += " " + line.strip()  # (a sentence the layout broke)
        else:
            entries.append(["", line])
    lines: list[str] = []
    for name, text in entries:
        # (a quoted command, "'jogadas place'", is not broken: its blanks held together)
        held = QUOTED.sub(lambda quoted: quoted[0].replace(" ", "\0"), text)
        if name:
            lines.append(f"  {name}")
            told = textwrap.wrap(held, width, initial_indent=" " * 6, subsequent_indent=" " * 6,
                                 break_on_hyphens=False, break_long_words=False)
        else:
            told = textwrap.wrap(held, width, subsequent_indent="  ", break_on_hyphens=False,
                                 break_long_words=False) or [""]
        lines += [line.replace("\0", " ") for line in told]
    return lines


def turn_lines(legal: list[str], lang: str) -> list[str]:
    """The line under the board that says whose move it is, the kinds of action ``legal``
    now, one of them and where the help is, in lines of the console's width under its
    own text, as a refusal is (at the left edge "('help' lista os\ncomandos)" read as a
    line of its own)."""
    turn = say(lang, "turn", kinds=_kinds(legal), example=legal[0] if legal else "…")
    return wrapped("", turn, REFUSAL_INDENT)


def short_turn(legal: list[str], lang: str, width: int) -> str:
    """The turn's line in one row of ``width``: the kinds of action legal now without their
    counts, as many as fit, "…" for the rest, and the command whose answer says them all
    with an example ('help': `help_text`).

    >>> short_turn(["end", "move W A1 A2", "move W A1 B1", "guard A1"], "en", 40)
    "Your move: end, move, guard ('help')"
    >>> short_turn(["end", "move W A1 A2", "guard A1", "uncover A1"], "en", 36)
    "Your move: end, move, … ('help')"
    """
    kinds = list(dict.fromkeys(text.split()[0] for text in legal if text.split()))
    said = say(lang, "turn.short", kinds="…")
    for count in range(len(kinds), 0, -1):
        shown = ", ".join([*kinds[:count], *(["…"] if count < len(kinds) else [])])
        if cell_len(say(lang, "turn.short", kinds=shown)) <= width:
            return say(lang, "turn.short", kinds=shown)
    return said


def prompt(player: int, lang: str) -> str:
    """The prompt that asks ``player`` for a command ("seat 1>")."""
    return say(lang, "prompt", n=player + 1)


def drawn_to_fit(board: object, told: list[str | Text] | None = None,
         below: list[str | Text] | None = None) -> None:
    """``board`` drawn in the rows the lines under it leave (`room_above`: a game draws
    itself denser to fit), then ``told`` (what the computer players did, a row each,
    cut short where longer) and the lines ``below`` (a `Text` in its style): on a short
    terminal the top of the board scrolled away, during a game and at its end alike."""
    told, below = told or [], below or []
    console.print(board, height=room_above(*map(str, told), *map(str, below)))
    for line in told:
        console.print(line, markup=False, overflow="ellipsis", no_wrap=True)
    for part in below:
        console.print(part, markup=False, soft_wrap=True)


def drawn_turn(board: object, told: list[str | Text], below: list[str | Text], legal: list[str],
               lang: str) -> None:
    """``board``, ``told`` and ``below`` as `drawn_to_fit` draws them, then the turn's line
    (`turn_lines`), as the prompt asks for a move. Where that line wraps and the board,
    drawn as dense as it goes, would still not fit with it, it keeps to one row
    (`short_turn`; 'help' says it whole): its second row pushed the top of a four-player
    80x24 screen away, once the map's scores' history stayed on it."""
    turn = turn_lines(legal, lang)
    if len(turn) > 1 and console.is_terminal \
            and not fits(board, *map(str, told), *map(str, below), *turn):
        turn = [short_turn(legal, lang, console.width)]
    drawn_to_fit(board, told, [*below, *turn])


def drawn_prompt(render, view: dict, done: list[tuple[str, str]], legal: list[str], lang: str,
                 said: list[str | Text] | None = None) -> None:
    """What a person sees when asked for a move, the prompt aside: ``render(view)`` (the
    part of it ``render(view, focus)`` draws where the whole does not fit), what the
    computer players did since (``done``: who, notation), the lines ``said`` (a scoring,
    an undo's answer) and the turn's line (`drawn_turn`)."""
    turn = turn_lines(legal, lang)
    below = [*(said or []), *turn]
    # (on a phone's 24 rows, where even the densest board did not fit and its top
    # scrolled away: the part of it that holds the last actions and those legal now,
    # and a line that names the command drawing it whole)
    board, part = fitted(render, view, [*reversed([a for _, a in done]), *legal],
                         *recap(done, lang), *map(str, below))
    word = command_word("board", lang)
    hint = Text(say(lang, "board.part", command=word), style="dim") if part else None

    def under(told: list[str | Text]) -> list[str | Text]:
        """``told`` and the line naming 'board' under it, the latter folded onto the former
        (`folded_hint`) where the board needs that row: drawn in one row more, it is
        drawn otherwise (it drops less), or it does not fit without it."""
        unfolded = [*told, *([hint] if hint else [])]
        if hint is None:
            return unfolded
        height = room_above(*map(str, unfolded), *map(str, below))
        if height is not None and (not fits(board, *map(str, unfolded), *map(str, below))
                                   or drawn_rows(board, height) != drawn_rows(board,
                                                                              height + 1)):
            return folded_hint(told, len(done), lang) or unfolded
        return unfolded

    # What the computer players did, whole (at the end of a computer's long turn the
    # actions between its first and its last ones are what a person missed), unless
    # the board, drawn as dense as it goes, and they would not fit the screen together:
    # then a row each, its first action and its last ones
    told: list[str | Text] = [*recap(done, lang, whole=True)] if console.is_terminal else []
    if told and not fits(board, *map(str, under(told)), *map(str, below)):
        told = [*recap(done, lang)]
    # (on a phone's 40x24, three computers' turns at two rows each, "… 6 more ('log')"
    # on the second, pushed the top of the board and the scores away: then a row a turn
    # in fewer words, then, where the turns of an auction's biddings are still too many
    # rows, a row a computer player, then a row for them all: "Computers: 14 actions
    # ('log')"; 'log' tells them whole)
    for shorter in (partial(short_recap, done, lang), partial(short_recap, done, lang, True),
                    lambda: [say(lang, "recap.all", n=len(done))]):
        if told and not fits(board, *map(str, under(told)), *map(str, below)):
            told = [*shorter()]
    drawn_turn(board, under(told), below[:-len(turn)], legal, lang)


def folded_hint(told: list[str | Text], actions: int, lang: str) -> list[str | Text] | None:
    """What the computer players did (``told``) with the line that names 'board' folded
    onto it, where the screen is too short for that line's row of its own: with "Computers:
    14 actions ('log')" one line for both ("'log': 14 actions, 'board': whole board"),
    else "Whole board: 'board'" after the last of its rows with room for it; None where
    none has. On a phone's 40x24 each took a row that the board's scores' history or the
    auction's lines needed.

    >>> for line in folded_hint(["random (p2): pass", "random (p3): bid 4, pass"], 2, "en"):
    ...     print(line)
    random (p2): pass
    random (p3): bid 4, pass  Whole board: 'board'
    """
    word = command_word("board", lang)
    if told == [say(lang, "recap.all", n=actions)]:
        both = say(lang, "recap.all.board", n=actions, command=word,
                   log=command_word("log", lang))
        if cell_len(both) <= console.width:
            return [both]
    short = Text(say(lang, "board.part.short", command=word), style="dim")
    for at in range(len(told) - 1, -1, -1):
        if cell_len(str(told[at])) + 2 + short.cell_len <= console.width:
            line = Text(told[at]) if isinstance(told[at], str) else told[at].copy()
            line.append("  ")
            line.append_text(short)
            return [*told[:at], line, *told[at + 1:]]
    return None


def legal_now(legal: list[str], lang: str) -> str:
    """"Legal now: place (24), end (1)." — each kind of action this seat may take now."""
    return say(lang, "legal.now", kinds=_kinds(legal))


def _kinds(legal: list[str]) -> str:
    """"place (24), end (1)": each kind of action (its first notation word) and how many."""
    kinds = Counter(text.split()[0] for text in legal)
    return ", ".join(f"{kind} ({count})" for kind, count in kinds.items())


class Quit(Exception):
    """The person at the keyboard stopped the game (it is saved, to be replayed)."""


class Undo(Exception):
    """The person at the keyboard asked to take back their last action."""


class Narrated:
    """A bot whose moves are told in the game's own words ("builds a camp on B5 (5 AP)"),
    not only in notation: the words are read on the position the action was chosen in
    (its cost and meaning need that position), and kept for the line that shows it."""

    def __init__(self, bot, lang: str, names: dict[int, str] | None = None) -> None:
        self.bot, self.lang = bot, lang
        #: the seats' names, for words that name a seat (whose map, whose treasure)
        self.names = names
        self.name = bot.name
        self.said: dict[int, str | None] = {}

    def choose(self, seat: SeatView, player: int, budget: float | None = None):
        action = self.bot.choose(seat, player, budget)
        try:
            info = seat.action_info(seat.game.parse_action(action) if isinstance(action, str)
                                    else action)
            self.said[player] = seat.game.action_words(info, self.lang, names=self.names)
        except GameError:  # (an action the rules refuse is reported by the driver)
            self.said[player] = None
        return action


class Person:
    """A seat played at this keyboard: shows the seat's view, reads commands until one
    action is legal, and answers it to the `Driver` like a bot would."""

    def __init__(self, record: Record, lang: str = "en") -> None:
        self.record = record
        self.lang = lang
        self.last_seat: int | None = None  # the seat this keyboard answered for last
        #: what the last 'ask' here was about (`Reply.about`): a next question's pronoun
        #: ("and can it leave?") may stand for its things
        self.asked_before: str | None = None
        #: the computer players' actions since this keyboard last chose: (who, notation)
        self.others_did: list[tuple[str, str]] = []
        #: what the last 'undo' did (its sentence and style), said under the board drawn
        #: again after it
        self.undo_said: tuple[str, str] | None = None
        #: the last scoring since this keyboard last chose, said again under the board
        self.scored: str | None = None
        #: each seat's player as every line names them ("easy (p2)"), for the board
        self.names: dict[int, str] = {}
        #: what the computer players did before this prompt, for 'log': told whole where
        #: the recap under the board was cut to fit the screen
        self.last_done: list[tuple[str, str]] = []

    def choose(self, seat: SeatView, player: int, budget: float | None = None):
        """Show the seat's view; read commands until one is a legal action."""
        lang = self.lang

        def render(view: dict, focus: list[str] | None = None) -> object:
            # (the board, in the person's language too)
            return seat.game.render_text(view, lang, self.names, focus)

        self._hand_over(seat, player)
        # In the person's language, and naming 'help': a first-time player learns from
        # this line what may be typed now and where the rest is.
        legal = [str(a) for a in seat.legal_actions()]
        done, self.others_did = self.others_did, []
        self.last_done = done
        # (a scoring said as it happened is above the board, which scrolls it away)
        scored = self.scored.splitlines() if self.scored and console.is_terminal else []
        self.scored = None
        # (an undo's answer goes under the board it is drawn again with: above it, a
        # short terminal scrolls it away and the person cannot tell whether it happened)
        undo_said, self.undo_said = self.undo_said, None
        drawn_prompt(render, seat.view(), done, legal, lang,
                     [*scored, *([Text(undo_said[0], style=undo_said[1])] if undo_said else [])])
        while True:
            try:
                line = console.input(f"[bold]{escape(prompt(player, lang))}[/] ").strip()
            except (EOFError, KeyboardInterrupt):  # Ctrl-D, Ctrl-C: save and stop, no trace
                console.print()  # (the prompt's line was left open)
                raise Quit() from None
            if not line:
                continue
            typed, _, rest = line.partition(" ")
            # ("Help", "QUIT", "ajuda", "sair": a command in any case, English or the
            # person's language, or another language's where no move is written so;
            # anything else is read as an action)
            word = command_named(typed, lang, partial(_a_move, seat.game))
            second, _, after = rest.strip().partition(" ")
            if word is None and second and not line.endswith("?"):
                # ("por que end", "per què end": a command of two words, as the question
                # spells why; a line ending in '?' stays a question, answered below)
                word = command_named(typed + second, lang, partial(_a_move, seat.game))
                rest = after if word is not None else rest
            asked = line.rstrip("?").strip()
            if word is None and line.endswith("?") and len(asked.split()) <= 2:
                # ("ajuda?", "por que?": the command, not a question for the rules help;
                # "sair?" may be one, and quitting or undoing is not done on a guess)
                meant = command_named(asked.replace(" ", ""), lang)
                word, rest = (meant, "") if meant not in ("quit", "undo") else (None, rest)
            if word == "quit":
                raise Quit()
            if word == "undo":
                raise Undo()
            if word == "help":
                console.print(help_text(seat, lang), markup=False)
            elif word == "board":
                # (whole: where it does not fit the screen, its top above, to scroll back to)
                whole = render(seat.view())
                console.print(whole, height=room_above() if fits(whole) else None)
            elif word == "log":
                self._log(seat, rest.strip())
            elif word == "notation":
                console.print(say(lang, "notation.where", game=self.record.game),
                              markup=False)
            elif word == "moves":
                _list_moves(seat, rest.strip(), lang)
            elif word == "hint":
                _show_hints(seat, lang)
            elif word == "why":
                show_why(seat, rest, lang)
            elif word == "ask":
                self._ask(rest)
            elif word == "preview" and not rest.strip():
                console.print(say(lang, "preview.what", example=_example(seat)), markup=False)
            elif word == "preview":
                result = seat.preview(rest)
                if not result["legal"]:
                    _refused(seat, rest.strip(), result["error"], lang)
                elif result["view"] is None:
                    console.print(say(lang, "preview.hidden", action=result["text"]),
                                  markup=False)
                else:  # (where it does not fit, the part the action is in)
                    shown, _ = fitted(render, result["view"], [result["text"]])
                    console.print(shown, height=room_above())
            elif line.endswith("?"):  # (no action ends so: a question asked without 'ask')
                self._ask(line)
            else:
                result = seat.preview(line)  # checked here, applied by the driver
                if result["legal"]:
                    return result["action"]
                # (a first word no move begins with, like a command's or another word for
                # one: "movimentos", "hnit" were refused as notation, the command never
                # named)
                # (or a slip of a move's first word, "plase A4": the notation's refusal named
                # every kind of action but not the one meant)
                # (or a slip of a word of the notation no action legal now begins with,
                # "forst" when only farm is drawn, or of the person's own word for one,
                # "colcoar": the game found the word meant. Followed by more words it is
                # compared with the commands' words, as "mvoe W A1 A2" is nearer "move"
                # than the command "moves"; typed alone, "movimentos" asks for the moves
                # rather than makes one, so a command near it is meant first)
                kinds = [text.split()[0] for text in legal if text.split()]
                slip, near = None, None
                if not _a_move(seat.game, typed):
                    slip = slip_of(result["error"], lang)
                    near = nearest_command(
                        typed, lang, [*kinds, *(slip[:1] if slip and rest.strip() else [])])
                near = slip[0] if near is None and slip is not None else near
                if near is not None and slip is not None and near == slip[0] \
                        and near not in kinds:
                    listed("", move_near(result["error"], lang, kinds) or "",
                           indent=REFUSAL_INDENT, style="red")
                    continue
                if near is not None:
                    listed("", say(lang, "command.near", word=typed, near=near),
                           indent=REFUSAL_INDENT, style="red")
                    continue
                _refused(seat, line, result["error"], lang)


    def _ask(self, question: str) -> None:
        """Answer a rules question from the rules help, in the person's language."""
        # (the table's options: the rules of a variant not played do not lead)
        reply = show_answers(self.record.game, question, self.lang, limit=3,
                             before=self.asked_before, options=self.record.options)
        if reply is not None and reply.known:
            self.asked_before = reply.about

    def _log(self, seat: SeatView, asked: str) -> None:
        """'log': what the computer players did since this keyboard last chose; 'log all'
        (any language's word for all), the whole game so far, the latest screenful; 'log
        N', the Nth screenful counting back from the latest. Anything else is said, in the
        person's language, with what 'log' takes."""
        lang = self.lang
        if not asked:
            for line in recap(self.last_done, lang, whole=True) or [say(lang, "log.none")]:
                console.print(line, markup=False, soft_wrap=True)
            return
        page = 1 if folded(asked) in _all_words() else int(asked) if asked.isdigit() else None
        if page is None:
            listed("", say(lang, "log.what"), indent=REFUSAL_INDENT, style="red")
            return
        told = told_game(self.record, seat.player, self.names, lang)
        if not told:
            console.print(say(lang, "log.nothing"), markup=False)
            return
        # (a screenful: the page's rows, its note's two at the most and the prompt's)
        pages = screenfuls(told, room_above("", ""))
        if not 1 <= page <= len(pages):
            listed("", say(lang, "log.no_page", n=len(pages)), indent=REFUSAL_INDENT,
                   style="red")
            return
        shown = pages[page - 1]
        for _, lines in shown:
            for line in lines:
                console.print(line, markup=False, soft_wrap=True)
        span = {"first": shown[0][0], "last": shown[-1][0], "total": told[-1][0],
                "earlier": page + 1, "later": page - 1}
        key = "log.whole" if len(pages) == 1 else "log.page.latest" if page == 1 else \
            "log.page.oldest" if page == len(pages) else "log.page.middle"
        listed("", say(lang, key, n=len(told), **span), indent=REFUSAL_INDENT, style="dim")

    def _hand_over(self, seat: SeatView, player: int) -> None:
        """Hot-seat, in a step where several seats decide at once: the screen is cleared and
        the keyboard handed over before the next person sees their seat, so nobody reads
        another's choice that the game keeps hidden until all have chosen (in a terminal
        only: a script reads on)."""
        previous, self.last_seat = self.last_seat, player
        together = seat.current_players()
        if previous in (None, player) or len(together) < 2 or previous not in together \
                or not console.is_terminal:
            return
        console.clear()
        try:
            console.input(say(self.lang, "hand_over", n=player + 1) + " ", markup=False)
        except (EOFError, KeyboardInterrupt):
            console.print()
            raise Quit() from None
        console.clear()


def _a_move(game, word: str) -> bool:
    """Whether the game reads ``word`` as (the start of) a move: an action by itself, its
    notation's first word, or one of the game's own words for a move in some language
    (it says then how the notation writes it)."""
    try:
        game.parse_action(word)
    except GameError as error:
        params = getattr(error, "params", None) or {}
        return bool(params.get("meant")) or folded(str(params.get("word", word))) != folded(word)
    return True


def room_above(*lines: str) -> int | None:
    """How many rows of a terminal a board may take so that it, ``lines`` and the prompt
    are on the screen together (a game draws itself denser to fit, where it can); None
    where nothing scrolls away (output to a pipe or a file)."""
    if not console.is_terminal:
        return None
    width = max(1, console.width)
    taken = sum(max(1, -(-cell_len(line) // width)) for line in lines)
    return max(1, console.height - taken - 1)


def fits(board: object, *lines: str) -> bool:
    """Whether ``board``, drawn in the rows `room_above` ``lines`` leaves it (as dense as
    it goes), fits them: the board, the lines and the prompt on the screen together.
    A board that keeps steps for last (its ``last_resort``: cutting short what it always
    shows otherwise) is measured without them, so that the lines under it get as short
    as they go first: the turn's line said in one row, what the computers did in fewer."""
    height = room_above(*lines)
    if height is None:
        return True
    kept = getattr(board, "last_resort", None)
    if kept is not None:
        board.last_resort = False  # type: ignore[attr-defined]
    try:
        # (its rows as printed: `Console.render_lines` crops them to the height given)
        drawn = console.render(board, console.options.update(height=height))
        return sum(1 for _ in Segment.split_lines(drawn)) <= height
    finally:
        if kept is not None:
            board.last_resort = kept  # type: ignore[attr-defined]


def fitted(render, view: dict, focus: list[str], *lines: str) -> tuple[object, bool]:
    """``render(view)``, the board, where it fits the rows ``lines`` leave (`fits`), else
    ``render(view, focus)``: the part of it that holds the actions ``focus``, where the
    game draws one (`Game.render_text`); and whether part of the board was left out."""
    board = render(view)
    height = room_above(*lines)
    if height is None:
        return board, False
    whole = drawn_rows(board, height)  # (drawn once: a dense board tries many layouts)
    if len(whole) <= height:
        return board, False
    kept = render(view, focus)
    return kept, drawn_rows(kept, height) != whole


def drawn_rows(board: object, height: int) -> list[str]:
    """``board`` as it is drawn in ``height`` rows, its rows' text."""
    drawn = console.render(board, console.options.update(height=height))
    return ["".join(segment.text for segment in line) for line in Segment.split_lines(drawn)]


def recap(done: list[tuple[str, str]], lang: str, whole: bool = False) -> list[str]:
    """What the computer players did since the person last chose, a sentence each
    ("medium (seat 2) played: place B4 r4, enter L A6, …"), for under the board: on a
    short terminal the lines that told each action as it happened have scrolled away
    above the board by the time the person is asked. ``whole``: each sentence in rows of
    the terminal broken between actions, the later rows under its own text; else a
    sentence keeps to one row: a long turn shows its first action (where it began) and its
    last ones (where the player ended up), "… 3 more ('log')" for those between, the
    command that tells them whole."""
    runs: list[tuple[str, list[str]]] = []
    for who, action in done:
        if runs and runs[-1][0] == who:
            runs[-1][1].append(action)
        else:
            runs.append((who, [action]))
    lines: list[str] = []
    for who, actions in runs:
        if whole:
            lines += between_entries(say(lang, "recap", who=who, actions="\0"), actions,
                                     console.width, " " * REFUSAL_INDENT).splitlines()
            continue
        told = actions
        # (down to the first action and "… 7 more ('log')" alone: on a phone's 40 columns
        # that with the last action was still too long, and the end of the row, the
        # command that tells the rest, was cut to "… mais 7…")
        for cut in range(2, len(actions) + 1):
            if cell_len(say(lang, "recap", who=who, actions=", ".join(told))) <= console.width:
                break
            told = [actions[0], say(lang, "recap.more", n=cut - 1), *actions[cut:]]
        # (still longer than the row: on under its own text, broken between actions only)
        said = between_entries(say(lang, "recap", who=who, actions="\0"), told,
                               console.width, " " * REFUSAL_INDENT).splitlines()
        if max(cell_len(line) for line in said) > console.width:
            # (an action too long for the rest of the row, "village 1 r270 B10": on the
            # next, whole, the sentence broken before it)
            said = [line.replace("\0", " ") for line in textwrap.wrap(
                say(lang, "recap", who=who, actions=", ".join(
                    action.replace(" ", "\0") for action in told)),
                console.width, subsequent_indent=" " * REFUSAL_INDENT,
                break_long_words=False, break_on_hyphens=False)]
        lines += said
    return lines


def short_recap(done: list[tuple[str, str]], lang: str, each: bool = False) -> list[str]:
    """What the computer players did, as `recap` tells it but a row a turn in fewer words
    ("random (p2): place F4 r1, … 6 more"), for a screen where `recap`'s rows did not fit
    under the board: its first action and as many of its last ones as the row holds.
    ``each``: a row a computer player, its actions since the person last chose together
    (an auction's biddings take turns by the action)."""
    runs: list[tuple[str, list[str]]] = []
    for who, action in done:
        run = next((run for run in runs if run[0] == who), None) if each else (
            runs[-1] if runs and runs[-1][0] == who else None)
        if run is None:
            runs.append((who, [action]))
        else:
            run[1].append(action)
    lines = []
    for who, actions in runs:
        more = partial(say, lang, "recap.short.more")
        # (down to "… 7 more" alone, where the first action is too long beside it; the
        # row cut short where even that is longer)
        tried = [actions, *([actions[0], more(n=cut - 1), *actions[cut:]]
                            for cut in range(2, len(actions) + 1)),
                 *([[more(n=len(actions))]] if len(actions) > 1 else [])]
        said = [say(lang, "recap.short", who=who, actions=", ".join(told)) for told in tried]
        lines.append(next((line for line in said if cell_len(line) <= console.width),
                          said[-1]))
    return lines


@cache
def _all_words() -> frozenset[str]:
    """The words that ask 'log' for the whole game and 'moves' for every action, in every
    language the faces speak ("all", "tudo", "tot"), folded: people who play together
    switch languages."""
    return frozenset(folded(word) for lang in LANGUAGES for word in say(lang, "log.all").split())


def told_game(record: Record, viewer: int, names: dict[int, str], lang: str
              ) -> list[tuple[int, list[str]]]:
    """The game so far as 'log all' tells it: each action's number (as `bgbot replay`
    numbers it) and its lines of the console's width: who took it, its notation and what
    it did in ``lang`` (the game's words, as a computer player's move is told when it is
    played), its later lines under its own text. Another seat's action after the last
    one that revealed something or ended a turn (`State.undo_point`) is left out: a
    choice made at once with ``viewer``'s, which the game keeps hidden until all have
    chosen (the terminal applies a step's choices together, but a record resumed from
    a table of the service, which applies each as it comes, may stop inside a step)."""
    told: list[tuple[int, list[str], bool]] = []
    states = record.states()
    before = next(states)
    width = len(str(len(record.actions)))
    for number, ((player, notation), after) in enumerate(zip(record.actions, states,
                                                             strict=True), 1):
        try:
            info = before.action_info(player, before.game.parse_action(notation))
            words = before.game.action_words(info, lang, names=names)
        except GameError:  # (the game has no words for it: the notation alone)
            words = None
        text = f"{names[player]}: {notation}" + \
            (f" — {words}" if words and words != notation else "")
        mark = f"{number:>{width}}. "
        told.append((number, wrapped(mark, text), before.undo_point() != after.undo_point()))
        before = after
    revealed = max((at for at, (_, _, crossed) in enumerate(told) if crossed), default=-1)
    return [(number, lines) for at, (number, lines, _) in enumerate(told)
            if at <= revealed or record.actions[at][0] == viewer]


def screenfuls(told: list[tuple[int, list[str]]], rows: int | None
               ) -> list[list[tuple[int, list[str]]]]:
    """``told`` in pages of ``rows`` rows at the most, the latest first, an action never
    split between two (one longer than a page has one of its own); None: one page (in a
    pipe nothing scrolls away)."""
    if rows is None:
        return [told]
    pages: list[list[tuple[int, list[str]]]] = []
    page: list[tuple[int, list[str]]] = []
    for entry in reversed(told):
        if page and sum(len(lines) for _, lines in page) + len(entry[1]) > rows:
            pages.append(page)
            page = []
        page.insert(0, entry)
    return [*pages, page] if page else pages


def _example(seat: SeatView) -> str:
    """An action this seat may take now, to show how one is written."""
    legal = seat.legal_actions()
    return str(legal[0]) if legal else "…"


def _refused(seat: SeatView, line: str, error: dict, lang: str) -> None:
    """A refused or unreadable input, said in the person's language, with what to type
    instead: for an action the rules refuse, 'why' gives the rule; for a line that is
    no action at all (a typo, an unknown command), the kinds of action legal now."""
    # (each wrapped under its own text, as hints are: at the left edge a refusal's second
    # line read as the next thing said, the line that says what to type most of all)
    listed("", refusal(error, lang), indent=REFUSAL_INDENT, style="red")
    if error["code"] in ("bad_notation", "bad_action"):
        legal = [str(a) for a in seat.legal_actions()]
        listed("", f"{legal_now(legal, lang)} {say(lang, 'unreadable.next')}",
               indent=REFUSAL_INDENT)
    else:
        listed("", say(lang, "refused.next", action=line), indent=REFUSAL_INDENT)


#: How far a refusal's wrapped lines stand in under its first.
REFUSAL_INDENT = 2


def _play(state: State, record: Record, seat_bots: list, path: Path, lang: str = "en") -> None:
    person = Person(record, lang)
    # Each player is named one way from the first line to the last, with the seat the
    # board names ("easy (p2)": `seat_tagged`): as a computer player moves, in a scoring,
    # at the end (the board's "Winner: p2" then the last line's "Winner: easy" read as two
    # answers), and so in `replay`. Two "easy" bots are told apart that way too.
    names = [seat_tagged(state.game, seat, seat_name(name, lang), lang)
             for seat, name in enumerate(record.seats)]
    person.names = dict(enumerate(names))
    players = [Narrated(bot, lang, dict(enumerate(names))) if bot is not None else person
               for bot in seat_bots]
    # Whether each recorded action crossed an undo barrier (revealed something, ended a
    # turn: `State.undo_point`), as the service keeps it: only what did not may be undone.
    # (a resumed game's earlier actions count as they did when they were played)
    crossed: list[bool] = [before.undo_point() != after.undo_point()
                           for before, after in pairwise(record.states())]
    point = [state.undo_point()]
    counted = [state.scoring_mark()]

    def show(decision: Decision) -> None:
        record.save(path)
        now = state.undo_point()
        crossed.append(now != point[0])
        point[0] = now
        player = players[decision.seat]
        if isinstance(player, Narrated):
            who = names[decision.seat]
            told = player.said.pop(decision.seat, None)
            words = f" — {told}" if told and told != str(decision.action) else ""
            # (wrapped under its own text: at the left edge the rest of "exchange 8 p4 7 —
            # trades … with" began a line with the other player's name, read as their move)
            lines = wrapped("", f"{who}: {decision.action}{words}", REFUSAL_INDENT)
            first = Text(lines[0])
            first.stylize("dim", 0, len(who) + 1)
            console.print(first, soft_wrap=True)
            for line in lines[1:]:
                console.print(line, markup=False, soft_wrap=True)
            person.others_did.append((who, str(decision.action)))
        # A scoring is said as it happens (the game's end says the last one): the points
        # only showed in the board's small print, and a round scored went unnoticed.
        scored = state.scoring_mark()
        if scored != counted[0]:
            counted[0] = scored
            if not state.is_over():
                # (broken between players only: at a blank, "easy (p2)" ended a line and
                # its points began the next, read as the next player's)
                person.scored = between_entries(
                    say(lang, "scoring", scores="\0"),
                    [f"{names[i]} {s}" for i, s in enumerate(state.scores())], console.width)
                for line in person.scored.splitlines():
                    console.print(line, markup=False, soft_wrap=True)

    while True:
        try:
            Driver(state, players, record, show).run()
        except KeyboardInterrupt:  # Ctrl-C while a bot thinks: the game so far is kept
            stopped = True
        except DecisionFailed as failure:
            if isinstance(failure.error, Undo):
                undone, person.undo_said = _undo(record, crossed, seat_bots, failure.seat, lang)
                state = undone or state
                point[0] = state.undo_point()
                record.save(path)
                continue  # (the same seat is asked again, on the position now)
            if not isinstance(failure.error, Quit):
                raise
            stopped = True
        else:
            stopped = False
        break
    record.save(path)
    if stopped:
        width = console.width if console.is_terminal else None
        # (the short way to go on with it where it is the game '--resume' alone finds: on a
        # phone the whole path was some 50 characters to type)
        saved = say(lang, "saved.latest" if latest_saved(path) else "saved", path=path)
        for line in clauses_with_commands(saved, width):
            console.print(line, markup=False, soft_wrap=True)
        return
    # In a terminal, broken between players and between those who won (a terminal breaks
    # a longer line anywhere: "medium (p" and "4): 78"); the record's path is not broken
    # in two, so that it can be copied (soft_wrap); in a pipe, one line, as scripts read it.
    width = console.width if console.is_terminal else None
    if state.game.board_says_who_won and console.is_terminal:
        # (the board's last sentence said the scores and who won, by these names: said
        # again on the next line, the same answer read as a second one; in a pipe the
        # line stays whole, the one a script reads, where the board's is broken to fit
        # and worded by each game)
        over = say(lang, "game.record", path="\0")
        lists: list[tuple[list[str], str]] = []
        entries = [str(path)]
    else:
        over = say(lang, "game.over", scores="\0", winners="\0", path="\0")
        lists = [([names[i] for i in state.winners()], ", "), ([str(path)], "")]
        entries = [f"{names[i]}: {s}" for i, s in enumerate(state.scores())]
    # (the board fitted to the rows these lines leave, as `bgbot replay` draws it: at full
    # size the top of the map scrolled away on 24 rows)
    # (the command for another game whole after its sentence: at 40 columns the terminal
    # broke the line anywhere, "lugare" | "s: bgbot play")
    sentence = say(lang, "again", command="").rstrip()
    ended = between_entries(over, entries, width, more=lists).splitlines()

    def another(short: bool = False) -> list[str]:
        command = again(record, seat_bots, lang, short)
        if width is None or len(f"{sentence} {command}") <= width:
            return [f"{sentence} {command}"]
        return [*textwrap.wrap(sentence, width, subsequent_indent="  "),
                *command_lines(command, width, "  ")]

    def render(view: dict, focus: list[str] | None = None) -> object:
        return state.game.render_text(view, lang, person.names, focus)

    # (on a phone's 24 rows the whole map did not fit with the scores and the record's
    # lines, and its top scrolled away: the part of it the last round was played on, as
    # the prompt draws it during the game)
    # (where only part of the board is drawn, the command that draws it whole, under it: on
    # a phone nothing said the sheets, edicts or map left out were to be seen anywhere;
    # its rows kept for it while the board is fitted)
    whole = say(lang, "board.whole", command="").rstrip()
    shown = ["bgbot", "replay", "--no-step", *([] if latest_saved(path) else [str(path)])]
    hint = [f"{whole} {shlex.join(shown)}"]
    if width is not None and cell_len(hint[0]) > width:
        hint = [*textwrap.wrap(whole, width, subsequent_indent="  "),
                *command_lines(shlex.join(shown), width, "  ")]
    # (then, where the part and the line do not fit together, the command for another game
    # with "-p" for "--players": on a phone three or four bots' "--humans 0" took a line of
    # its own, one row too many for that line)
    for short in (False, True):
        below = [*ended, *another(short)]
        board, part = fitted(render, state.view(None), last_round(record), *hint, *below)
        if not part or fits(board, *hint, *below):
            break
    else:
        # (the part drawn still too tall with it, a half map's heading scrolled away: the part
        # comes first, without the line)
        below = [*ended, *another()]
        board, part = fitted(render, state.view(None), last_round(record), *below)
        hint = []
    drawn_to_fit(board, below=[*(hint if part else []), *below])


def last_round(record: Record) -> list[str]:
    """The actions of the record's last round, the latest first: each seat's last turn
    (a run of its actions in a row), back to as many turns as there are seats.

    >>> from boardgamesbot.engine import Record
    >>> record = Record.start("tikal", 1, ["a", "b"])
    >>> for seat, action in [(0, "place A1"), (1, "place E2"), (1, "end"), (0, "place F3")]:
    ...     record.actions.append((seat, action))
    >>> last_round(record)
    ['place F3', 'end', 'place E2']
    """
    kept: list[str] = []
    turns, seat = 0, None
    for player, action in reversed(record.actions):
        if player != seat:
            turns, seat = turns + 1, player
            if turns > len(record.seats):
                break
        kept.append(action)
    return kept


def command_lines(command: str, width: int | None, indent: str = "") -> list[str]:
    r"""A shell ``command`` standing in by ``indent``, in lines of ``width`` broken between an
    option and the next (an option's value kept with it), each line but the last ending in
    the shell's " \" so that the lines copied together are the one command: on a phone's
    40 columns "bgbot play GAME --players 2 --lang pt-BR" went past the line's end and
    the terminal broke it anywhere ("--lang pt-B" | "R"). One line when None or it fits.

    >>> print("\n".join(command_lines("bgbot play GAME --players 2 --lang pt-BR", 30, "  ")))
      bgbot play GAME \
        --players 2 --lang pt-BR
    >>> command_lines("bgbot play GAME --players 2 --lang ca", 39, "  ")  # (just fits)
    ['  bgbot play GAME --players 2 --lang ca']
    """
    words = shlex.split(command)
    parts: list[str] = []
    for word in words:
        if parts and not word.startswith("-") and parts[-1].startswith("-") \
                and " " not in parts[-1]:
            parts[-1] += " " + shlex.quote(word)  # (an option and its value)
        elif parts and not word.startswith("-") and not parts[-1].startswith("-"):
            parts[-1] += " " + shlex.quote(word)  # (the command and its arguments)
        else:
            parts.append(shlex.quote(word))
    lines = [indent + parts[0]] if parts else [indent]
    for at, part in enumerate(parts[1:], 2):
        # (room for the " \" of a line that goes on, but on the last)
        if width is None or len(f"{lines[-1]} {part}" + (" \\" if at < len(parts) else "")) \
                <= width:
            lines[-1] += " " + part
        else:
            lines[-1] += " \\"
            lines.append(f"{indent}  {part}")
    return lines


def clauses_with_commands(said: str, width: int | None) -> list[str]:
    """``said`` ("saved to g.json; go on with: bgbot play --resume g.json; replay with: …")
    in lines of ``width``: where it is longer, a clause a line (the later ones standing in),
    and a clause's command longer than the line on lines of its own (`command_lines`), so
    that each is copied whole (on 40 columns the terminal broke "--resu" | "me"). One line
    when None (in a pipe, as scripts read it)."""
    if width is None or cell_len(said) <= width:
        return [said]
    lines: list[str] = []
    parts = said.split("; ")
    for at, clause in enumerate(parts):
        end = ";" if at < len(parts) - 1 else ""
        indent = "  " if at else ""
        words, colon, command = clause.partition(": bgbot ")
        if cell_len(indent + clause + end) <= width or not colon:
            lines += textwrap.wrap(clause + end, width, initial_indent=indent,
                                   subsequent_indent=indent + "  ", break_long_words=False,
                                   break_on_hyphens=False) or [indent]
            continue
        lines += textwrap.wrap(words + ":", width, initial_indent=indent,
                               subsequent_indent=indent + "  ", break_on_hyphens=False)
        commands = command_lines("bgbot " + command, width - len(end), indent + "  ")
        lines += [*commands[:-1], commands[-1] + end]
    return lines


def again(record: Record, seat_bots: list, lang: str, short: bool = False) -> str:
    """The command line that starts another game like this one (the game, its seats, bots
    and options, the language; a new seed), said at its end: friends who want another
    one need not remember how they started this one. What is the default is left out;
    ``short``: ``-p`` for ``--players`` (where rows are short)."""
    humans = seat_bots.count(None)
    bots = [name for name, bot in zip(record.seats, seat_bots, strict=True) if bot is not None]
    words = ["bgbot", "play", record.game, "-p" if short else "--players",
             str(len(record.seats))]
    if humans != 1:
        words += ["--humans", str(humans)]
    if any(name != "medium" for name in bots):
        words += ["--bots", ",".join(bots)]
    for name, value in record.options.items():
        words += [f"--{name}", str(value)]
    if lang != environment_language():
        words += ["--lang", lang]
    return shlex.join(words)


def _undo(record: Record, crossed: list[bool], seat_bots: list, seat: int,
          lang: str) -> tuple[State | None, tuple[str, str]]:
    """Take back ``seat``'s last action, by the service's rules (the last action is theirs,
    a person's, and crossed no barrier): the position without it, or None; and what to
    tell the person (the sentence and its style)."""
    refused = "nothing_to_undo" if not record.actions else \
        "undo_not_yours" if record.actions[-1][0] != seat else \
        "undo_bot_action" if seat_bots[seat] is not None else \
        "undo_barrier" if crossed[-1] else None
    if refused is not None:
        return None, (say(lang, f"error.{refused}"), "red")
    _, notation = record.actions.pop()
    crossed.pop()
    return record.replay(), (say(lang, "undone", action=notation), "")


MOVES_SHOWN = 40


def _list_moves(seat: SeatView, prefix: str, lang: str = "en") -> None:
    legal = seat.legal_actions()
    actions = [str(a) for a in legal]
    show_all = folded(prefix) in _all_words()  # ("jogadas tudo", as the help says it)
    if prefix and not show_all:
        actions = [a for a in actions if a.startswith(prefix)]
    by_text = {str(a): a for a in legal}
    for text in actions if show_all else actions[:MOVES_SHOWN]:
        listed("  ", _described(seat, by_text[text], lang), indent=4)
    hidden = 0 if show_all else len(actions) - MOVES_SHOWN
    if hidden > 0:
        kinds = sorted({a.split()[0] for a in actions})
        # (under its own text, as the moves above it: at the left edge its second line
        # read as something else said)
        listed("  ", say(lang, "moves.more", n=hidden, kind=kinds[0]), indent=4)
    if not actions:
        listed("  ", say(lang, "moves.none", prefix=prefix,
                         kinds=_kinds([str(a) for a in legal])), indent=4)


def _described(seat: SeatView, action, lang: str) -> str:
    """A legal action: its notation and what it does, in the person's language (the
    game's own words, as the browser and the chat say it; its English description in
    English)."""
    if lang == "en":
        return seat.describe(action)
    said = seat.game.action_words(seat.action_info(action), lang, "button")
    return f"{action}  ({said})" if said and said != str(action) else str(action)


def _show_hints(seat: SeatView, lang: str = "en") -> None:
    """The hard bot's three best actions for this seat, with its reasons in words."""
    from boardgamesbot.hints import reason_text

    for number, entry in enumerate(make_bot("hard", 0).explain(seat, seat.player, 3), 1):
        # (each reason is a sentence of its own, with its full stop; no rating before them:
        # "worth -0.9" was a search's margin or chance, another number in each game, and
        # negative for the best move of a seat behind)
        why = " ".join(reason_text(reason, lang) for reason in entry["reasons"]) or "—"
        listed(f"  {number}. ", f"{entry['action']}: {why}")


def listed(mark: str, text: str, indent: int | None = None, style: str | None = None) -> None:
    """One entry of a list: ``mark`` ("  1. "), then ``text`` wrapped to the console's
    width under itself (a hanging indent of ``indent`` columns, the mark's width by
    default), not at the left edge, where its second line read as the list's next
    entry; in ``style`` (red for a refusal) when given."""
    for line in wrapped(mark, text, indent):
        console.print(line, style=style, markup=False, soft_wrap=True)


def wrapped(mark: str, text: str, indent: int | None = None) -> list[str]:
    """``mark`` and ``text`` in lines of the console's width, the lines after the first
    standing in by ``indent`` columns (the mark's width by default)."""
    hanging = " " * (len(mark) if indent is None else indent)
    width = max(40, console.width)
    # (a quoted action or command, "'forest 1 r0 A1'", kept whole where it fits a line:
    # broken, "'water" ended a line and "1 r0 A1'" began the next, neither one to type)
    held = QUOTED.sub(lambda quoted: quoted[0].replace(" ", "\0")
                      if len(quoted[0]) <= width - len(hanging) else quoted[0], text)
    return [line.replace("\0", " ") for line in textwrap.wrap(
        held, width=width, initial_indent=mark, subsequent_indent=hanging,
        break_on_hyphens=False, break_long_words=False)] or [mark]


#: A quoted action or command in a sentence ("e.g. 'forest 1 r0 A1'"), not an apostrophe
#: ("d'ACCIÓ", "l'atzar").
QUOTED = re.compile(r"(?<!\w)'[^'\n]+'(?!\w)")
