"""The ``bgbot`` command: play in the terminal, replay saved games.

The terminal is one more face over the engine contract: it shows each person
only their seat's ``view`` (drawn by the game's ``render`` module), reads
actions in the game's notation, and saves every game as a `Record`.
"""

from __future__ import annotations

import json
import random
import sys
import time
import uuid
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import MofNCompleteColumn, Progress

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.driver import Decision, DecisionFailed, Driver
from boardgamesbot.engine import GameError, Record, State, known_games, load_game

console = Console(highlight=False)


def _fail(message: str) -> None:
    # soft_wrap: one line, however long (scripts and tests read errors line by line)
    console.print(f"[bold red]error:[/] {message}", markup=True, soft_wrap=True)
    raise SystemExit(2)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """BoardGamesBot: Tikal and Cartographers with computer players."""


@main.command("games")
def games_command() -> None:
    """List the games you can play."""
    for name in known_games():
        game = load_game(name)
        options = "; ".join(f"--{o.name} {'|'.join(o.choices)} (default {o.default})"
                            for o in game.options)
        console.print(f"{name}  ({game.min_players}-{game.max_players} players)"
                      + (f"  {options}" if options else ""), markup=False)


HELP = """\
Type an action in notation to play it. Other commands:
  hint             the hard computer player's three best actions, and why
  moves [PREFIX]   list your legal actions now (with what they cost), e.g.
                   'moves move' or 'moves water 2'; 'moves all' lists every one
  preview ACTION   show the position after ACTION without playing it
  why ACTION       why ACTION is not allowed now, and the rule it rests on
  ask QUESTION     ask the rules a question in your words (e.g. 'ask can I swap a pair?')
  board            show the position again
  notation         where the notation is documented
  quit             save and stop (the record can be replayed with `bgbot replay`)
"""


def game_options(command):
    """Add one ``--NAME`` per option any registered game declares (``--variant``,
    ``--side`` …); the chosen game checks the values it gets."""
    declared: dict[str, list[str]] = {}
    for name in known_games():
        for option in load_game(name).options:
            declared.setdefault(option.name, []).append(
                f"{name}: {' or '.join(option.choices)} (default {option.default})")
    for option_name, uses in sorted(declared.items(), reverse=True):
        command = click.option(f"--{option_name}", default=None,
                               help="; ".join(uses) + ".")(command)
    return command


def _chosen(options: dict) -> dict:
    return {name: value for name, value in options.items() if value is not None}


@main.command("play")
@click.argument("game_name", metavar="GAME")
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
@click.option("--lang", "-l", default="en", show_default=True, metavar="en|pt-BR|ca",
              help="Language of the rules at the prompt ('why ACTION', 'ask QUESTION').")
def play_command(game_name, players, humans, bots, seed, save_path, lang, **options) -> None:
    """Play GAME in the terminal against bots or with friends at one keyboard."""
    try:
        game = load_game(game_name)
    except GameError as error:
        _fail(str(error))
    if players is None:
        players = max(game.min_players, min(2, game.max_players))
    options = _chosen(options)
    if not 0 <= humans <= players:
        _fail(f"--humans must be between 0 and {players}")
    bot_list = [b for b in (bots.split(",") if bots else []) if b.strip()]
    if not bot_list:
        bot_list = ["medium"] * (players - humans)
    if len(bot_list) != players - humans:
        _fail(f"{players} players with {humans} human(s) need {players - humans} bot(s), "
              f"got {len(bot_list)}: {', '.join(bot_list) or 'none'}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        state = game.new(players, seed, **options)
        seat_bots = [None] * humans + [make_bot(name, seed + 101 * i) for i, name in
                                       enumerate(bot_list)]
    except GameError as error:
        _fail(str(error))
    seats = [f"person {i + 1}" for i in range(humans)] + [b.name for b in seat_bots[humans:]]
    record = Record.start(game.name, seed, seats, **options)
    path = Path(save_path or f"games/{game.name}-{time.strftime('%Y%m%d-%H%M%S')}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    console.print(f"{game.name}, {players} players, seed {seed}; saving to {path}")
    _play(state, record, seat_bots, path, _language(lang))


class Quit(Exception):
    """The person at the keyboard stopped the game (it is saved, to be replayed)."""


class Person:
    """A seat played at this keyboard: shows the seat's view, reads commands until one
    action is legal, and answers it to the `Driver` like a bot would."""

    def __init__(self, record: Record, lang: str = "en") -> None:
        self.record = record
        self.lang = lang

    def choose(self, seat: SeatView, player: int, budget: float | None = None):
        """Show the seat's view; read commands until one is a legal action."""
        render = seat.game.render_text
        console.print(render(seat.view()))
        while True:
            try:
                line = console.input(f"[bold]seat {player + 1}>[/] ").strip()
            except EOFError:
                raise Quit() from None
            if not line:
                continue
            word, _, rest = line.partition(" ")
            if word in ("quit", "exit"):
                raise Quit()
            if word in ("help", "?"):
                console.print(HELP, markup=False)
            elif word == "board":
                console.print(render(seat.view()))
            elif word == "notation":
                console.print(f"see docs/{self.record.game}-notation.md")
            elif word == "moves":
                _list_moves(seat, rest.strip())
            elif word == "hint":
                _show_hints(seat)
            elif word == "why":
                _show_why(seat, rest, self.lang)
            elif word == "ask":
                _show_answers(self.record.game, rest, self.lang, limit=3)
            elif word == "preview":
                result = seat.preview(rest)
                if not result["legal"]:
                    console.print(f"[red]{escape(result['error']['message'])}[/]")
                elif result["view"] is None:
                    console.print(f"{result['text']}: it reveals hidden information or ends "
                                  "your turn, so its result shows only once played", markup=False)
                else:
                    console.print(render(result["view"]))
            else:
                result = seat.preview(line)  # checked here, applied by the driver
                if result["legal"]:
                    return result["action"]
                console.print(f"[red]{escape(result['error']['message'])}[/]  "
                              f"(type 'why {escape(line)}' for the rule, 'moves' for what "
                              "you can do)")


def _play(state: State, record: Record, seat_bots: list, path: Path, lang: str = "en") -> None:
    person = Person(record, lang)
    players = [bot if bot is not None else person for bot in seat_bots]

    def show(decision: Decision) -> None:
        record.save(path)
        if seat_bots[decision.seat] is not None:
            console.print(f"[dim]{record.seats[decision.seat]} (seat {decision.seat + 1}):[/] "
                          f"{decision.action}")

    try:
        Driver(state, players, record, show).run()
    except DecisionFailed as failure:
        if not isinstance(failure.error, Quit):
            raise
        record.save(path)
        console.print(f"saved to {path}; replay with: bgbot replay {path}")
        return
    record.save(path)
    console.print(state.game.render_text(state.view(None)))
    scores = ", ".join(f"{record.seats[i]}: {s}" for i, s in enumerate(state.scores()))
    winners = " and ".join(record.seats[i] for i in state.winners())
    console.print(f"[bold]Game over.[/] {scores}. Winner: {winners}. Record: {path}")


MOVES_SHOWN = 40


def _list_moves(seat: SeatView, prefix: str) -> None:
    legal = seat.legal_actions()
    actions = [str(a) for a in legal]
    show_all = prefix == "all"
    if prefix and not show_all:
        actions = [a for a in actions if a.startswith(prefix)]
    by_text = {str(a): a for a in legal}
    for text in actions if show_all else actions[:MOVES_SHOWN]:
        console.print(f"  {seat.describe(by_text[text])}", markup=False)
    hidden = 0 if show_all else len(actions) - MOVES_SHOWN
    if hidden > 0:
        kinds = sorted({a.split()[0] for a in actions})
        console.print(f"  … and {hidden} more: narrow them with 'moves PREFIX' "
                      f"(e.g. 'moves {kinds[0]}') or see them all with 'moves all'")
    if not actions:
        console.print(f"  no legal action starts with {prefix!r}", markup=False)


def _show_hints(seat: SeatView) -> None:
    """The hard bot's three best actions for this seat, with its reasons in words."""
    from boardgamesbot.bots import make_bot
    from boardgamesbot.hints import reason_text

    for number, entry in enumerate(make_bot("hard", 0).explain(seat, seat.player, 3), 1):
        why = "; ".join(reason_text(reason, "en") for reason in entry["reasons"]) or "—"
        console.print(f"  {number}. {entry['action']}  (worth {entry['value']:+.1f}): {why}",
                      markup=False)


@main.command("rules")
@click.argument("game_name", metavar="GAME")
@click.option("--lang", "-l", default="en", show_default=True, metavar="en|pt-BR|ca",
              help="Language of the rules page.")
def rules_command(game_name, lang) -> None:
    """Show the rules of GAME (in English, Brazilian Portuguese or Catalan)."""
    from rich.markdown import Markdown

    from boardgamesbot.help import help_page

    try:
        page = help_page(game_name, lang)
    except GameError as error:
        _fail(str(error))
    console.print(Markdown(page))


#: What the terminal says around rules answers, in each language.
SAY = {
    "en": {"dont_know": "I don't know: the rules help says nothing close enough to that.",
           "topics": "Closest topics: {topics}.", "allowed": "{action}: allowed right now.",
           "rule": "The rule ({source}):", "no_rule": "(no rule section is declared for it)"},
    "pt-BR": {"dont_know": "Não sei: a ajuda das regras não diz nada próximo disso.",
              "topics": "Assuntos mais próximos: {topics}.",
              "allowed": "{action}: permitido agora.", "rule": "A regra ({source}):",
              "no_rule": "(nenhuma seção de regra foi declarada para isso)"},
    "ca": {"dont_know": "No ho sé: l'ajuda de les regles no diu res prou proper a això.",
           "topics": "Temes més propers: {topics}.", "allowed": "{action}: es pot fer ara.",
           "rule": "La regla ({source}):", "no_rule": "(no s'ha declarat cap secció de regla)"},
}


def _language(lang: str) -> str:
    from boardgamesbot.engine import LANGUAGES

    if lang not in LANGUAGES:
        _fail(f"no rules help in language {lang!r}; available: {', '.join(LANGUAGES)}")
    return lang


def _show_answers(game_name: str, question: str, lang: str, limit: int = 5,
                  reply=None) -> None:
    from boardgamesbot.help.search import ask
    from boardgamesbot.help.why import reason

    if reply is None:
        try:
            reply = ask(game_name, question, lang, limit)
        except GameError as error:
            console.print(f"[red]{escape(reason(error.code, lang, str(error)))}[/]")
            return
    say = SAY[lang]
    if not reply.known:
        console.print(say["dont_know"], markup=False)
        console.print(say["topics"].format(topics="; ".join(reply.topics)), markup=False)
        return
    for number, answer in enumerate(reply.answers, 1):
        console.print(f"[bold]{number}. {escape(answer.title)}[/]  "
                      f"[dim]({escape(answer.source)})[/]")
        console.print(f"   {answer.text}", markup=False)


def _show_why(seat: SeatView, action: str, lang: str) -> None:
    from boardgamesbot.help.why import explain

    action = action.strip()
    if not action:
        console.print("why ACTION: say which action, e.g. 'why guard L A5'", markup=False)
        return
    answer = explain(seat.game.name, action, seat.preview(action), lang)
    _print_why(answer, lang)


def _print_why(answer, lang: str) -> None:
    say = SAY[lang]
    if answer.legal:
        console.print(say["allowed"].format(action=answer.action), markup=False)
        return
    console.print(f"[red]{escape(answer.reason)}[/]")
    if answer.text is None:
        console.print(say["no_rule"], markup=False)
        return
    console.print(say["rule"].format(source=answer.source), markup=False)
    console.print(f"   {answer.text}", markup=False)


@main.command("ask")
@click.argument("game_name", metavar="GAME")
@click.argument("question")
@click.option("--lang", "-l", default="en", show_default=True, metavar="en|pt-BR|ca",
              help="The language of the question and of the answers.")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"answers": [{"title", "text", "source", "score"}, …]} as JSON.')
@click.option("--limit", "-n", type=click.IntRange(1, 20), default=5, show_default=True,
              help="How many answers at most.")
def ask_command(game_name, question, lang, as_json, limit) -> None:
    """Ask the rules of GAME a QUESTION in your own words; the passages that answer it.

    \b
    bgbot ask tikal "can I walk over a volcano?"
    bgbot ask cartographers "quants punts dona el bosc sentinella en solitari?" --lang ca
    """
    from boardgamesbot.help.search import ask
    from boardgamesbot.help.why import reason

    lang = _language(lang)
    try:
        reply = ask(game_name, question, lang, limit)
    except GameError as error:  # said in the asker's language where a face says it
        _fail(reason(error.code, lang, str(error)) if error.code != "unknown_help"
              else str(error))
    if as_json:
        click.echo(json.dumps(reply.as_dict(), ensure_ascii=False, indent=1))
    else:
        _show_answers(game_name, question, lang, limit, reply)


@main.command("why")
@click.argument("game_name", metavar="GAME")
@click.argument("action")
@click.option("--record", "record_path", type=click.Path(exists=True, dir_okay=False),
              default=None, help="A saved game: the position after its last action (or --step).")
@click.option("--step", type=int, default=None, help="Only the first STEP actions of the record.")
@click.option("--seat", type=int, default=None,
              help="The seat (1-based) asking; default: the one whose turn it is.")
@click.option("--players", "-p", type=int, default=None,
              help="Without --record: a new game of this many players.")
@click.option("--lang", "-l", default="en", show_default=True, metavar="en|pt-BR|ca")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
def why_command(game_name, action, record_path, step, seat, players, lang, as_json) -> None:
    """Why ACTION is not allowed in a position of GAME, and the rule it rests on.

    \b
    bgbot why tikal "guard L A5" --record mygame.json --lang pt-BR
    bgbot why cartographers "pass"
    """
    from boardgamesbot.help.why import why

    lang = _language(lang)
    try:
        game = load_game(game_name)
        if record_path:
            record = Record.load(record_path)
            if record.game != game.name:
                _fail(f"{record_path} is a record of {record.game}, not {game.name}")
            state = record.replay(step)
        else:
            state = game.new(players or game.min_players, 0)
        waiting = state.current_players()
        player = seat - 1 if seat is not None else (waiting[0] if waiting else 0)
        answer = why(state, player, action, lang)
    except (GameError, OSError, ValueError) as error:
        _fail(_first_line(error))
    if as_json:
        click.echo(json.dumps(answer.as_dict(), ensure_ascii=False, indent=1))
    else:
        _print_why(answer, lang)


@main.command("replay")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--seat", type=int, default=None,
              help="Show what this seat (1-based) saw instead of the spectator view.")
@click.option("--step/--no-step", default=None,
              help="Wait for Enter between actions (default: when run in a terminal).")
def replay_command(path, seat, step) -> None:
    """Step through a saved game record."""
    try:
        record = Record.load(path)
        states = list(record.states())
    except GameError as error:
        _fail(str(error))
    render = load_game(record.game).render_text
    viewer = None if seat is None else seat - 1
    if viewer is not None and not 0 <= viewer < len(record.seats):
        _fail(f"--seat must be between 1 and {len(record.seats)}")
    if step is None:
        step = sys.stdin.isatty()
    index = 0 if step else len(states) - 1
    if not step:
        for number, (player, notation) in enumerate(record.actions, 1):
            console.print(f"{number:4}. {record.seats[player]} (seat {player + 1}): {notation}",
                          markup=False)
    while True:
        state = states[index]
        if index:
            player, notation = record.actions[index - 1]
            console.print(f"[bold]{index}/{len(record.actions)}[/] "
                          f"{record.seats[player]} (seat {player + 1}): {notation}")
        console.print(render(state.view(viewer)))
        if not step:
            break
        answer = console.input("[dim]Enter: next, b: back, NUMBER: jump, q: quit>[/] ").strip()
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
    if states[-1].is_over():
        scores = ", ".join(f"{record.seats[i]}: {s}" for i, s in enumerate(states[-1].scores()))
        console.print(f"Final scores: {scores}")


RENDER_FORMATS = (".svg", ".png")


@main.command("render")
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
def render_command(game_name, path, step, seat, output, width) -> None:
    """Draw a position of a saved game as an SVG or PNG picture.

    \b
    bgbot render tikal games/tikal-1.json -o board.png
    bgbot render cartographers game.json --step 12 --seat 2 -o sheet.svg
    """
    suffix = Path(output).suffix.lower()
    if suffix not in RENDER_FORMATS:
        _fail(f"-o must name a .svg or .png file, not {output!r}")
    if width is not None and (suffix != ".png" or width <= 0):
        _fail("--width is a positive number of pixels, for a .png only")
    try:
        game = load_game(game_name)
        record = Record.load(path)
    except GameError as error:
        _fail(str(error))
    if record.game != game.name:
        _fail(f"{path} is a record of {record.game}, not of {game.name}")
    total = len(record.actions)
    if step is not None and not 0 <= step <= total:
        _fail(f"--step must be between 0 and {total} (the record holds {total} actions)")
    if seat is not None and not 1 <= seat <= len(record.seats):
        _fail(f"--seat must be between 1 and {len(record.seats)}")
    try:
        state = record.replay(upto=step)
    except GameError as error:
        _fail(str(error))
    picture = game.render_svg(state.view(None if seat is None else seat - 1))
    if suffix == ".png":
        from boardgamesbot.images import png  # resvg loads only when a PNG is asked for

        data = png(picture, width=width)
    else:
        data = picture.encode("utf-8")
    try:
        Path(output).write_bytes(data)
    except OSError as error:
        _fail(f"cannot write {output}: {error.strerror or error}")
    shown = total if step is None else step
    who = "a spectator" if seat is None else f"seat {seat}"
    console.print(f"{output}: {record.game} after {shown} of {total} actions, as {who} sees it",
                  markup=False)


ARENA_HELP = """Play bots against each other and rate them.

\b
BOTS is the lineup: one bot name per seat, comma-separated; a single name
takes every seat. Seats rotate: game i (from 0) gives seat s to
lineup[(s - i) mod players], so every bot moves on one seat each game and
plays every seat equally; --games must be a multiple of the rotation length
(players, or fewer when the lineup repeats itself). Examples:

\b
  bgbot arena tikal --bots greedy,random --games 200 --workers 2
  bgbot arena tikal --bots hard,greedy,greedy,greedy --games 200   (hard vs three greedy)
  bgbot arena cartographers --bots hard --players 1 --side A --games 100   (solo)
  bgbot arena tikal --bots greedy --players 4 --games 400 --backend ray --address auto

\b
The same arguments give the same results whatever --workers is (only the
measured times differ). See docs/arena.md for every column.
"""


@main.command("arena", help=ARENA_HELP)
@click.argument("game_name", metavar="GAME")
@click.option("--bots", required=True, help="The lineup: one bot name per seat, comma-separated.")
@click.option("--players", "-p", type=int, default=None,
              help="Number of players (default: the lineup's length, at least the game's minimum).")
@game_options
@click.option("--games", "-n", type=int, required=True,
              help="How many games (a multiple of the rotation length).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed every game's and every bot's seed is derived from.")
@click.option("--workers", "-w", type=int, default=1, show_default=True,
              help="Worker processes playing games in parallel.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON to stdout.")
@click.option("--save-dir", type=click.Path(file_okay=False), default=None,
              help="Save each game's record here (replay with `bgbot replay FILE`).")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True,
              help="Where the games run: local processes, or Ray tasks (pip install "
                   "'boardgamesbot[ray]'); same results either way.")
@click.option("--address", default=None,
              help="With --backend ray: the cluster to join ('auto' or HOST:PORT); "
                   "default: start a local Ray with --workers CPUs.")
@click.option("--db", default=None, metavar="URL",
              help="Keep every finished game in this database (SQLite or PostgreSQL URL, "
                   "as for `bgbot serve --db`) as a new run, for `bgbot ratings`.")
def arena_command(game_name, bots, players, games, seed, workers, as_json, save_dir,
                  backend, address, db, **options) -> None:
    from sqlalchemy.exc import SQLAlchemyError

    from boardgamesbot import arena  # imported here: openskill is only needed by this command

    options = _chosen(options)
    store = run_id = None
    try:
        if workers <= 0:
            raise GameError(f"--workers must be at least 1, not {workers}")
        setup = arena.plan(game_name, bots.split(","), players, games, seed, options, save_dir)
        if db is not None:  # opened before any game is played: a bad URL costs nothing
            store, shown = _open_store(db)
            run_id = uuid.uuid4().hex  # a re-run with the same --seed is a run of its own
        started = time.perf_counter()
        with Progress(*Progress.get_default_columns(), MofNCompleteColumn(),
                      console=Console(stderr=True),
                      disable=as_json or not sys.stderr.isatty()) as progress:
            task = progress.add_task(f"{setup.game} games", total=setup.games)

            def finished(result) -> None:
                progress.advance(task)
                if store is not None:  # each game as it arrives: a stopped run keeps them
                    store.add_arena_game(_arena_game_row(setup, run_id, result))

            results = arena.run(setup, workers, finished, backend=backend, address=address)
        standings = arena.summarize(setup, results, time.perf_counter() - started, workers)
    except GameError as error:
        _fail(escape(str(error)))
    except SQLAlchemyError as error:
        _fail(escape(f"storing a game in {shown} failed ({_first_line(error)}); the games "
                     f"stored before are run {run_id}"))
    except KeyboardInterrupt:
        _fail("interrupted; no results" if store is None else
              f"interrupted; the games finished so far are stored as run {run_id}")
    finally:
        if store is not None:
            store.close()
    if as_json:
        report = standings.to_dict()
        if run_id is not None:
            report["run"] = run_id
        click.echo(json.dumps(report, indent=1))
        return
    out = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    out.print(arena.standings_table(standings))
    if setup.players > 1:
        out.print(arena.seats_table(standings))
    if save_dir:
        out.print(f"records saved in {save_dir}; replay one with: bgbot replay FILE")
    if run_id is not None:
        out.print(f"stored {len(results)} games in {shown} as run {run_id}; rate them with: "
                  f"bgbot ratings {setup.game} --db URL [--run {run_id}]", markup=False)


def _first_line(error: BaseException) -> str:
    """A database error's own message (SQLAlchemy's wraps the driver's, over lines)."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _open_store(url: str, existing: bool = False):
    """A `Store` on ``url`` (normalised as for `bgbot serve --db`) and the URL to show
    (password hidden); `GameError` "bad_database" in one line when it cannot be opened.
    ``existing``: a SQLite file must already be there (reading never creates one)."""
    from sqlalchemy import inspect
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from boardgamesbot.store import Store, make_engine

    try:
        parsed = make_url(url)
    except SQLAlchemyError:
        raise GameError(f"--db {url!r} is not a database URL; e.g. sqlite:///arena.db or "
                        "postgresql://user@host/dbname", code="bad_database", url=url) from None
    shown = parsed.render_as_string(hide_password=True)
    if existing and parsed.get_backend_name() == "sqlite" \
            and parsed.database not in (None, "", ":memory:") \
            and not Path(parsed.database).is_file():
        raise GameError(f"no database file at {parsed.database}", code="bad_database",
                        url=shown)
    try:
        if existing:  # reading changes nothing: a database without arena games stays as is
            engine = make_engine(url)
            try:
                with engine.connect() as connection:
                    kept = inspect(connection).has_table("arena_games")
            finally:
                engine.dispose()
            if not kept:
                raise GameError(f"no arena games are stored in {shown}; keep some with: "
                                "bgbot arena GAME --bots ... --games N --db URL",
                                code="no_arena_games")
        return Store(url, notify=None), shown
    except (SQLAlchemyError, ImportError, OSError) as error:
        raise GameError(f"cannot open the database {shown}: {_first_line(error)}",
                        code="bad_database", url=shown) from None


def _arena_game_row(setup, run_id: str, result):
    from boardgamesbot.store import ArenaGameRow

    return ArenaGameRow(run=run_id, game=setup.game, options=dict(setup.options),
                        lineup=list(setup.lineup), seats=list(result.seats),
                        arena_seed=setup.seed, index=result.index, seed=result.seed,
                        scores=list(result.scores), winners=list(result.winners),
                        actions=result.actions, solo=result.solo)


@main.command("ratings")
@click.argument("game_name", metavar="GAME")
@click.option("--db", required=True, metavar="URL",
              help="The database `bgbot arena --db` stored the games in.")
@click.option("--run", "run_id", default=None,
              help="Rate only this run (its id is printed by `bgbot arena --db`); "
                   "default: every stored game of GAME together.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON to stdout.")
def ratings_command(game_name, db, run_id, as_json) -> None:
    """The ratings table of arena games kept with `bgbot arena --db`.

    The same table as `bgbot arena` prints (docs/arena.md), computed again from
    the stored games: one run's games in game order give that run's standings
    exactly; several runs are rated one after another, in the order they began.
    Decision times are not stored (shown as –)."""
    from boardgamesbot import arena

    try:
        game = load_game(game_name).name
        store, shown = _open_store(db, existing=True)
        try:
            rows = store.arena_games(game=game, run=run_id)
            if not rows:
                _no_games(store, shown, game, run_id)
        finally:
            store.close()
        standings, title, caption = _rate_stored(arena, rows)
    except GameError as error:
        _fail(escape(str(error)))
    runs = list(dict.fromkeys(row.run for row in rows))
    if as_json:
        report = standings.to_dict()
        del report["elapsed_seconds"], report["workers"]  # nothing was timed here
        if len(runs) > 1:  # one seed, lineup and rotation no longer describe the games
            report.update(seed=None, lineup=None, rotation=None)
        report["runs"] = [_run_summary(run, [row for row in rows if row.run == run])
                          for run in runs]
        click.echo(json.dumps(report, indent=1))
        return
    out = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    out.print(arena.standings_table(standings, title, caption))
    if standings.arena.players > 1:
        out.print(arena.seats_table(standings))


def _no_games(store, shown: str, game: str, run_id: str | None) -> None:
    if run_id is None:
        raise GameError(f"no stored games of {game} in {shown}; keep some with: bgbot arena "
                        f"{game} --bots ... --games N --db URL", code="no_arena_games",
                        game=game)
    elsewhere = store.arena_games(run=run_id)
    if elsewhere:
        raise GameError(f"run {run_id} played {elsewhere[0].game}, not {game}",
                        code="unknown_run", run=run_id)
    known = list(dict.fromkeys(row.run for row in store.arena_games(game=game)))
    listed = (f"; stored runs of {game}: {', '.join(known[-5:])}" if known
              else f"; no games of {game} are stored there")
    raise GameError(f"no run {run_id} in {shown}{listed}", code="unknown_run", run=run_id)


def _rate_stored(arena, rows):
    """Standings of stored games (``rows`` in rating order), and the table's title and
    caption. Games of different player counts or options are not rated together."""
    variants = {(len(row.seats), json.dumps(row.options, sort_keys=True)) for row in rows}
    if len(variants) > 1:
        shown = ", ".join(f"{players} players{' ' + options if options != '{}' else ''}"
                          for players, options in sorted(variants))
        raise GameError(f"the stored {rows[0].game} games are of different kinds ({shown}) "
                        f"and are not rated together; choose one run with --run",
                        code="mixed_runs")
    first = rows[0]
    setup = arena.Arena(first.game, tuple(first.lineup), len(rows), first.arena_seed,
                        dict(first.options))
    # Numbered in rating order: runs one after another, each in its own game order.
    results = [arena.GameResult(number, row.seed, list(row.seats), list(row.scores),
                                list(row.winners), [], row.actions, row.solo)
               for number, row in enumerate(rows)]
    standings = arena.summarize(setup, results)
    runs = list(dict.fromkeys(row.run for row in rows))
    untimed = "decision times are not stored"
    if len(runs) == 1:
        return (standings, None,
                f"run {first.run}, lineup {','.join(first.lineup)}, moved on one seat every "
                f"game; {untimed}")
    options = "".join(f", {key} {value}" for key, value in setup.options.items())
    title = (f"{setup.game}{options}, {setup.players} player(s), {len(rows)} games "
             f"from {len(runs)} runs")
    parts = []
    for run in runs:
        summary = _run_summary(run, [row for row in rows if row.run == run])
        parts.append(f"run {run} (seed {summary['seed']}, lineup "
                     f"{','.join(summary['lineup'])}, {summary['games']} games)")
    return standings, title, "; ".join(parts) + f", rated in that order; {untimed}"


def _run_summary(run: str, rows) -> dict:
    return {"run": run, "seed": rows[0].arena_seed, "lineup": list(rows[0].lineup),
            "games": len(rows), "started": min(row.created for row in rows)}

# How long a stopping `bgbot serve` waits for its requests and connections to finish.
SHUTDOWN_SECONDS = 10


@main.command("serve")
@click.option("--db", default=None,
              help="Database URL (default: SQLite in the data directory), e.g. "
                   "postgresql+psycopg://user@host/dbname.")
@click.option("--data-dir", type=click.Path(file_okay=False), default=None,
              help="Where the default SQLite database lives (created if needed; "
                   "default ~/.local/share/boardgamesbot).")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--workers", type=int, default=1, show_default=True,
              help="Web processes (uvicorn workers) sharing the port and the database.")
@click.option("--redis", "redis_url", default=None, metavar="URL",
              help="Fan live updates out over Redis pub/sub (default: LISTEN/NOTIFY on "
                   "PostgreSQL, in memory on SQLite).")
@click.option("--bot-workers", type=int, default=2, show_default=True,
              help="Processes the bots think in (0: threads inside the server).")
@click.option("--jobs/--no-jobs", default=True, show_default=True,
              help="Play bots' and clocks' decisions in this server (--no-jobs: leave them "
                   "to `bgbot worker` processes).")
@click.option("--forwarded-allow-ips", default=None, metavar="IPS",
              help="Behind a reverse proxy: its addresses, whose X-Forwarded-For is trusted "
                   "(quotas count per client address).")
@click.option("--public-url", envvar="BGBOT_PUBLIC_URL", default=None, metavar="URL",
              help="The address people open, e.g. https://games.example.org behind a "
                   "reverse proxy (docs/deploy.md): pages opened at another address are "
                   "sent there, so invitation links use it (env BGBOT_PUBLIC_URL).")
@click.option("--telegram-token-file", envvar="BGBOT_TELEGRAM_TOKEN_FILE", default=None,
              type=click.Path(dir_okay=False),
              help="The Telegram bot's token: opens the board as a Telegram Mini App, "
                   "checking who opens it (docs/chat.md; env BGBOT_TELEGRAM_TOKEN too).")
@click.option("--log-level", default="warning", show_default=True)
def serve_command(db, data_dir, host, port, workers, redis_url, bot_workers, jobs,
                  forwarded_allow_ips, public_url, telegram_token_file, log_level) -> None:
    """Host tables: the HTTP/WebSocket API (docs/api.md) and the browser front-end."""
    import os

    import uvicorn

    telegram_token = _secret(os.environ.get("BGBOT_TELEGRAM_TOKEN"), telegram_token_file,
                             "Telegram token")
    if telegram_token:
        # The Mini App's routes live with the chat face (the service imports no chat):
        # each app is built by chat.webapp's factory, which adds them to the service's.
        os.environ["BGBOT_TELEGRAM_TOKEN"] = telegram_token

    from boardgamesbot.service.api import create_app
    from boardgamesbot.service.middleware import log_config
    from boardgamesbot.store import default_url

    url = db or default_url(data_dir)
    if bot_workers < 0:
        _fail("--bot-workers must be 0 or more")
    if workers < 1:
        _fail("--workers must be 1 or more")
    if public_url is not None:
        from urllib.parse import urlsplit

        parts = urlsplit(public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in (
                "", "/") or parts.query or parts.fragment:
            _fail(f"--public-url is an address like https://games.example.org (no path), "
                  f"not {public_url!r}")
        public_url = public_url.rstrip("/")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    console.print(f"serving on http://{host}:{port}/ (API under /api, database {url}, "
                  f"{workers} web process(es))", markup=False)
    opened = f"{public_url}/" if public_url else f"http://{shown}:{port}/"
    console.print(f"Open {opened} in your browser to play (Ctrl+C stops the "
                  "server).", markup=False)
    # Messages are small JSON: compressing each costs more CPU than it saves. Every log
    # handler redacts seat tokens. WebSocket connections always end, read or not
    # (service.websocket); a stop waits 10 s at most for requests and connections.
    options = dict(host=host, port=port, log_level=log_level, log_config=log_config(log_level),
                   ws="boardgamesbot.service.websocket:WebSocketProtocol",
                   ws_max_size=64 * 1024, ws_per_message_deflate=False,
                   timeout_graceful_shutdown=SHUTDOWN_SECONDS)
    if forwarded_allow_ips:
        options.update(proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips)
    if workers == 1:
        app = create_app(db=url, bot_workers=bot_workers, redis=redis_url, jobs=jobs,
                         public_url=public_url)
        if telegram_token:
            from boardgamesbot.chat.webapp import add_to

            add_to(app, telegram_token)
        uvicorn.run(app, **options)
        return
    # Each uvicorn worker process builds its own app from the environment.
    os.environ.update(BGBOT_DB=url, BGBOT_REDIS=redis_url or "",
                      BGBOT_PUBLIC_URL=public_url or "",
                      BGBOT_BOT_WORKERS=str(bot_workers), BGBOT_JOBS="1" if jobs else "0",
                      BGBOT_DIE_WITH_PARENT="1")
    # A busy machine can keep a worker from answering uvicorn's health ping for a few
    # seconds; restarting it then would only drop its players' connections.
    factory = "boardgamesbot.chat.webapp:app_from_env" if telegram_token else \
        "boardgamesbot.service.api:app_from_env"
    uvicorn.run(factory, factory=True, workers=workers,
                timeout_worker_healthcheck=60, **options)


@main.group("chat")
def chat_group() -> None:
    """Host tables in chat: a Matrix bot or a Telegram bot (docs/chat.md).

    Needs the [chat] extra: pip install 'boardgamesbot[chat]'."""


def _chat_options(command):
    command = click.option("--db", envvar="BGBOT_DB", default=None,
                           help="Database URL, as for `bgbot serve` (env BGBOT_DB).")(command)
    command = click.option("--data-dir", envvar="BGBOT_DATA_DIR", default=None,
                           type=click.Path(file_okay=False),
                           help="Where the default SQLite database lives.")(command)
    command = click.option("--public-url", envvar="BGBOT_PUBLIC_URL",
                           default="http://127.0.0.1:8000", show_default=True,
                           help="Where people open tables in a browser (links in chat; "
                                "env BGBOT_PUBLIC_URL).")(command)
    command = click.option("--bot-workers", type=int, default=1, show_default=True,
                           help="Processes the computer players think in (0: threads).")(command)
    command = click.option("--redis", "redis_url", envvar="BGBOT_REDIS", default=None,
                           metavar="URL", help="The servers' Redis, when `bgbot serve` fans "
                           "out over it (env BGBOT_REDIS).")(command)
    command = click.option("--jobs/--no-jobs", default=True, show_default=True,
                           help="Also play bots' and clocks' decisions here (--no-jobs: "
                                "`bgbot serve` or `bgbot worker` does).")(command)
    command = click.option("--log-level", default="warning", show_default=True)(command)
    return command


def _secret(value: str | None, path: str | None, what: str) -> str | None:
    if path:
        try:
            return Path(path).read_text(encoding="utf-8").strip()
        except OSError as error:
            _fail(f"cannot read the {what} file {path}: {error.strerror}")
    return value


def _serve_chat(log_level: str, db, data_dir, bot_workers, redis_url, jobs, serve) -> None:
    import asyncio
    import logging
    import signal

    try:
        from boardgamesbot.chat.tables import Service
    except ImportError as error:  # pragma: no cover - the extra is missing
        _fail(f"the chat bots need the [chat] extra ({error})")
    logging.basicConfig(level=log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        service = await Service.open(db=db, data_dir=data_dir, bot_workers=bot_workers,
                                     redis=redis_url, jobs=jobs)
        try:
            await serve(service, stop)
        finally:
            await service.close()

    asyncio.run(main())


@chat_group.command("matrix")
@click.option("--homeserver", envvar="BGBOT_MATRIX_HOMESERVER", required=True,
              help="The homeserver's URL, e.g. https://matrix.example.org.")
@click.option("--user", envvar="BGBOT_MATRIX_USER", required=True,
              help="The bot's Matrix id, e.g. @boardgamesbot:example.org.")
@click.option("--password-file", envvar="BGBOT_MATRIX_PASSWORD_FILE", default=None,
              type=click.Path(dir_okay=False), help="A file holding the bot's password.")
@click.option("--access-token-file", envvar="BGBOT_MATRIX_TOKEN_FILE", default=None,
              type=click.Path(dir_okay=False), help="A file holding an access token instead.")
@click.option("--device-id", envvar="BGBOT_MATRIX_DEVICE_ID", default=None,
              help="The device of the access token.")
@_chat_options
def chat_matrix(homeserver, user, password_file, access_token_file, device_id, db, data_dir,
                public_url, bot_workers, redis_url, jobs, log_level) -> None:
    """Run the Matrix bot (env: BGBOT_MATRIX_PASSWORD / BGBOT_MATRIX_TOKEN work too)."""
    import os

    password = _secret(os.environ.get("BGBOT_MATRIX_PASSWORD"), password_file, "password")
    token = _secret(os.environ.get("BGBOT_MATRIX_TOKEN"), access_token_file, "access token")
    if not password and not token:
        _fail("give --password-file or --access-token-file (or BGBOT_MATRIX_PASSWORD)")

    async def serve(service, stop):
        from boardgamesbot.chat import matrix

        # The device (its id, token and encryption keys) lives in the data directory.
        client = await matrix.login(homeserver, user, password, token, device_id,
                                    data_dir=data_dir)
        click.echo(matrix.describe(client), err=True)  # for people who check it by hand
        await matrix.run(client, service, public_url, stop=stop, password=password)

    _serve_chat(log_level, db, data_dir, bot_workers, redis_url, jobs, serve)


@chat_group.command("telegram")
@click.option("--token-file", envvar="BGBOT_TELEGRAM_TOKEN_FILE", default=None,
              type=click.Path(dir_okay=False), help="A file holding the bot's token.")
@click.option("--api-url", envvar="BGBOT_TELEGRAM_API_URL", default=None,
              help="Another Bot API server (a local one); default Telegram's.")
@click.option("--mini-app", envvar="BGBOT_TELEGRAM_MINI_APP", default=None, metavar="NAME",
              help="The Mini App's short name (BotFather /newapp), for 'Open the board' "
                   "links in groups; needs an HTTPS --public-url.")
@_chat_options
def chat_telegram(token_file, api_url, mini_app, db, data_dir, public_url, bot_workers,
                  redis_url, jobs, log_level) -> None:
    """Run the Telegram bot (env: BGBOT_TELEGRAM_TOKEN works too)."""
    import os

    token = _secret(os.environ.get("BGBOT_TELEGRAM_TOKEN"), token_file, "token")
    if not token:
        _fail("give --token-file (or BGBOT_TELEGRAM_TOKEN)")

    async def serve(service, stop):
        from boardgamesbot.chat import telegram

        await telegram.run(token, service, public_url, base_url=api_url, stop=stop,
                           mini_app=mini_app)

    _serve_chat(log_level, db, data_dir, bot_workers, redis_url, jobs, serve)


@main.command("worker")
@click.option("--db", required=True,
              help="The servers' database URL, e.g. postgresql+psycopg://user@host/dbname.")
@click.option("--redis", "redis_url", default=None, metavar="URL",
              help="The servers' Redis, when they fan out over it.")
@click.option("--processes", type=int, default=2, show_default=True,
              help="Processes the bots think in.")
@click.option("--loops", type=int, default=None,
              help="Jobs taken at once (default: twice --processes).")
@click.option("--lease", type=float, default=60.0, show_default=True,
              help="Seconds a taken job is this worker's; a worker that dies lets its jobs "
                   "go to another after this long.")
def worker_command(db, redis_url, processes, loops, lease) -> None:
    """Play bots' decisions and clocks' expiries for servers on a shared database.

    Any number of workers may run beside any number of `bgbot serve --no-jobs`
    processes (docs/deploy.md). Stops on SIGTERM or Ctrl+C."""
    import asyncio

    from boardgamesbot.service.worker import run_worker

    if processes < 1:
        _fail("--processes must be 1 or more")
    if lease <= 0:
        _fail("--lease must be more than 0 seconds")
    console.print(f"worker on {db}: {processes} bot process(es)", markup=False)
    try:
        asyncio.run(run_worker(db, redis_url, processes, loops or 2 * processes, lease))
    except KeyboardInterrupt:
        pass


@main.command("train")
@click.argument("game_name", metavar="GAME")
@click.option("--games", "-n", type=int, required=True,
              help="Self-play games in all (a resumed run plays only the rest).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seeds every training game; resuming needs the same seed.")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False),
              help="Weights file: written at every checkpoint, resumed from if it exists.")
@click.option("--evaluate-every", type=int, default=200, show_default=True,
              help="Games between checkpoints, each with a paired measurement.")
@click.option("--measure-games", type=int, default=40, show_default=True,
              help="Paired games per measurement (learned against hand-written).")
def train_command(game_name, games, seed, out, evaluate_every, measure_games) -> None:
    """Train a game's learned evaluation by self-play (docs/bots.md)."""
    try:
        game = load_game(game_name)
    except GameError as error:
        _fail(str(error))
    if games < 1 or evaluate_every < 1 or measure_games < 2:
        _fail("--games and --evaluate-every must be 1 or more, --measure-games 2 or more")
    with Progress(*Progress.get_default_columns(), MofNCompleteColumn(),
                  console=console, transient=False) as progress:
        task = progress.add_task(f"training {game_name}", total=games)

        def report(done: int, note: str, measured: bool = False) -> None:
            progress.update(task, completed=done, description=f"training {game_name} {note}")
            if measured and not console.is_terminal:
                # a log, not a screen: one line per measurement
                console.print(f"{done}/{games} {note}", markup=False)

        try:
            summary = game.train(out, games=games, seed=seed, evaluate_every=evaluate_every,
                            measure_games=measure_games, progress=report)
        except (GameError, ValueError, ImportError) as error:
            _fail(str(error))
    console.print(summary, markup=False)


for _name in known_games():  # a game's own tools: ``bgbot GAME ...``
    for _command in load_game(_name).commands():
        main.add_command(_command)


if __name__ == "__main__":  # pragma: no cover
    main()
