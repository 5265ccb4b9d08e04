"""``bgbot rules``, ``ask`` and ``why``: the rules page, free questions answered from
it, and why an action is refused (also used at the ``play`` prompt)."""

from __future__ import annotations

import json
import textwrap

import click
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from boardgamesbot.bots import SeatView
from boardgamesbot.engine import GameError, known_games, load_game

from .terminal import (
    console,
    fail,
    find_game,
    first_line,
    game_named,
    language,
    load_record,
    replay,
)
from .words import environment_language, known_language, say


@click.command("rules")
@click.argument("game_name", metavar="GAME")
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca",
              help="Language of the rules page (default: your locale's, else en).")
def rules_command(game_name, lang) -> None:
    """Show the rules of GAME (in English, Brazilian Portuguese or Catalan)."""
    from rich.markdown import Markdown

    from boardgamesbot.help import help_page

    lang = language(lang) if lang is not None else environment_language()
    try:
        page = help_page(find_game(game_name, lang).name, lang)
    except GameError as error:
        fail(str(error))
    console.print(Markdown(page))


#: What the terminal says around rules answers, in each language.
SAY = {
    "en": {"dont_know": "I don't know: the rules help says nothing close enough to that.",
           "topics": "Closest topics: {topics}.", "allowed": "{action}: allowed right now.",
           "rule": "The rule ({source}):", "no_rule": "(no rule section is declared for it)",
           "game": "{game} (only this game: bgbot ask {name} \"…\")",
           "variant": "only in the {variant}",
           "unknown": "I don't know: the rules never use {words}; try other words."},
    "pt-BR": {"dont_know": "Não sei: a ajuda das regras não diz nada próximo disso.",
              "topics": "Assuntos mais próximos: {topics}.",
              "allowed": "{action}: permitido agora.", "rule": "A regra ({source}):",
              "no_rule": "(nenhuma seção de regra foi declarada para isso)",
              "game": "{game} (só este jogo: bgbot ask {name} \"…\")",
              "variant": "só na {variant}",
              "unknown": "Não sei: as regras nunca usam {words}; tente outras palavras."},
    "ca": {"dont_know": "No ho sé: l'ajuda de les regles no diu res prou proper a això.",
           "topics": "Temes més propers: {topics}.", "allowed": "{action}: es pot fer ara.",
           "rule": "La regla ({source}):", "no_rule": "(no s'ha declarat cap secció de regla)",
           "game": "{game} (només aquest joc: bgbot ask {name} \"…\")",
           "variant": "només a la {variant}",
           "unknown": "No ho sé: les regles no fan servir mai {words}; prova-ho amb altres "
                      "paraules."},
}


def quoted(words, lang: str) -> str:
    """Words quoted as ``lang`` quotes them, joined: 'cut', 'tallar' → «tallar»."""
    left, right = ("«", "»") if lang == "ca" else ("'", "'")
    return ", ".join(f"{left}{word}{right}" for word in words)


def show_answers(game_name: str, question: str, lang: str, limit: int = 5,
                 reply=None, before: str | None = None, options: dict | None = None):
    """Prints the answers to ``question`` (asked after ``before``, see `search.ask`; at a
    table played with ``options``, another variant's rules are marked as its); returns the
    reply, None when the question is refused."""
    from boardgamesbot.help.search import ask
    from boardgamesbot.help.why import reason

    if reply is None:
        try:
            reply = ask(game_name, question, lang, limit, before, options)
        except GameError as error:
            console.print(f"[red]{escape(reason(error.code, lang, str(error)))}[/]")
            return None
    say = SAY[lang]
    if not reply.known:
        # (the words the rules never use, when the question has some: what to say otherwise)
        console.print(say["unknown"].format(words=quoted(reply.unknown, lang))
                      if reply.unknown else say["dont_know"], markup=False)
        console.print(say["topics"].format(topics="; ".join(reply.topics)), markup=False)
        return reply
    if reply.aside:  # (asked about what only a variant this table does not play has)
        console.print(reply.aside, style="yellow", markup=False)
    for number, answer in enumerate(reply.answers, 1):
        # (the title once: a Decision's source is its title, and most passages open with it)
        where = ("", "")
        if answer.source != answer.title:
            where = (f"  ({answer.source})", "dim")
        if answer.variant:  # (a rule of a variant this table does not play: said so instead)
            where = (f"  ({say['variant'].format(variant=answer.variant)})", "yellow")
        # (wrapped under its own text, as the body is: on a phone's 40 columns the rest of
        # "(només a la variant amb subhasta)" at the left edge read as a line of its own)
        heading = Table.grid()
        heading.add_column(no_wrap=True)
        heading.add_column()
        heading.add_row(Text(f"{number}. ", "bold"), Text.assemble((answer.title, "bold"), where))
        console.print(heading)
        width = max(40, console.width - 1)
        if answer.lead:  # the sentence that answers first, then the passage it stands in
            console.print(textwrap.fill(answer.lead, width=width, initial_indent="   » ",
                                        subsequent_indent="     "),
                          style="bold", markup=False, soft_wrap=True)
        console.print(textwrap.fill(answer.body, width=width,
                                    initial_indent="   ", subsequent_indent="   "),
                      markup=False, soft_wrap=True)  # wrapped lines stay indented
    return reply


def show_why(seat: SeatView, action: str, lang: str) -> None:
    from boardgamesbot.help.why import explain

    action = action.strip()
    if not action:  # (the example: an action this seat may take now, in its game's notation)
        legal = seat.legal_actions()
        console.print(say(lang, "why.what", example=str(legal[0]) if legal else "…"),
                      markup=False)
        return
    answer = explain(seat.game.name, action, seat.preview(action), lang)
    print_why(answer, lang)


def print_why(answer, lang: str) -> None:
    say = SAY[lang]
    if answer.legal:
        console.print(say["allowed"].format(action=answer.action), markup=False)
        return
    # (each wrapped under its own text, as the answers to 'ask' are: the rule's second
    # line at the left edge read as another thing said)
    width = max(40, console.width - 1)
    console.print(textwrap.fill(answer.reason, width=width, subsequent_indent="  "),
                  style="red", markup=False, soft_wrap=True)
    if answer.text is None:
        console.print(say["no_rule"], markup=False)
        return
    console.print(say["rule"].format(source=answer.source), markup=False)
    if answer.lead:  # (the rule's sentence that says this refusal, then the whole rule)
        console.print(textwrap.fill(answer.lead, width=width, initial_indent="   » ",
                                    subsequent_indent="     "), style="bold", markup=False,
                      soft_wrap=True)
    console.print(textwrap.fill(answer.text, width=width, initial_indent="   ",
                                subsequent_indent="   "), markup=False, soft_wrap=True)


def question_line(args: list[str]) -> list[str]:
    """A command line (``bgbot``'s arguments) with `ask`'s question after a ``--`` and
    its options before it (`question_args`); any other command's as it is."""
    at = 0
    while at < len(args) and args[at].startswith("-"):  # (bgbot's own options first)
        at += 2 if args[at] in ("--lang", "-l") else 1
    if at < len(args) and args[at] == "ask":
        return [*args[:at + 1], *question_args(args[at + 1:])]
    return args


def question_args(args: list[str]) -> list[str]:
    """`ask`'s arguments with the question's words after a ``--`` and its options before
    it: once the question has begun, a word that looks like an option is an option only
    where it is one with its value (`--lang ca`, `-n 3`, `--json`), else a word of the
    question (`bgbot ask posso mover -l` was refused, "Option '-l' requires an argument",
    the question's last word read as the language option).

    >>> question_args(["posso", "mover", "-l"])
    ['--', 'posso', 'mover', '-l']
    >>> question_args(["tikal", "can I move?", "--lang", "en", "-n", "3", "--json"])
    ['--lang', 'en', '-n', '3', '--json', '--', 'tikal', 'can I move?']
    >>> question_args(["tikal", "volcano?", "--lang", "fr"])
    ['--lang', 'fr', '--', 'tikal', 'volcano?']
    """
    options: list[str] = []
    words: list[str] = []
    at = 0
    while at < len(args):
        arg, value = args[at], args[at + 1] if at + 1 < len(args) else None
        if arg == "--":
            words += args[at + 1:]
            break
        # (before the question, and for an option spelled out in full anywhere, click
        # judges each option and its value, as it did: "--lang fr" is refused, not asked)
        valued = arg in ("--lang", "-l", "--limit", "-n") and value is not None and (
            not words or arg.startswith("--")
            or (value.isdigit() if arg == "-n" else known_language(value) is not None))
        if valued:
            options += [arg, str(value)]
            at += 1
        elif arg.startswith("-") and (not words or arg in ("--json", "-h", "--help")
                                      or arg.startswith(("--lang=", "--limit="))):
            options.append(arg)
        else:
            words.append(arg)
        at += 1
    return [*options, "--", *words]


@click.command("ask")
@click.argument("words", nargs=-1, required=True, metavar="[GAME] QUESTION")
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca",
              help="The language of the question and of the answers (default: the "
                   "question's, told by its little words, else your locale's, else en).")
@click.option("--json", "as_json", is_flag=True,
              help='Print {"answers": [{"title", "text", "source", "score"}, …]} as JSON.')
@click.option("--limit", "-n", type=click.IntRange(1, 20), default=5, show_default=True,
              help="How many answers at most.")
def ask_command(words, lang, as_json, limit) -> None:
    """Ask the rules of GAME a QUESTION in your own words; the passages that answer it.

    Without GAME, the game whose rules answer the question best is asked (and named).

    \b
    bgbot ask tikal "can I walk over a volcano?"
    bgbot ask cartographers "quants punts dona el bosc sentinella en solitari?" --lang ca
    bgbot ask "can I draw over a mountain?"
    """
    from boardgamesbot.help.search import ask, language_asked
    from boardgamesbot.help.why import reason

    game_name, question = _game_and_question(words)
    said_in = language(lang) if lang is not None else environment_language()
    if game_name is not None:  # (a title in any language is the game; a typo is said so)
        game_name = find_game(game_name, said_in).name
    elif len(words) == 1 and game_named(question) is not None:  # a game, but no question
        fail(say(said_in, "ask.what", game=game_named(question).name), said_in)
    # (a Brazilian asking "posso…" without --lang gets Portuguese, not an English "I don't
    # know": the question's little words say its language, or else the words the game's
    # rules use in that language only — "com guanyo?" is Catalan)
    lang = language(lang) if lang is not None else \
        language_asked(question, (game_name,) if game_name else None) or environment_language()
    try:
        replies = _replies(question, lang, limit) if game_name is None else \
            [ask(game_name, question, lang, limit)]
    except GameError as error:  # said in the asker's language where a face says it
        fail(reason(error.code, lang, str(error)) if error.code != "unknown_help"
              else str(error))
    if as_json:
        click.echo(json.dumps(replies[0].as_dict() if game_name else
                              {"replies": [reply.as_dict() for reply in replies]},
                              ensure_ascii=False, indent=1))
        return
    for reply in replies:
        if game_name is None and reply.known:  # whose rules answer; how to ask only them
            titles = load_game(reply.game).titles
            console.print(SAY[lang]["game"].format(game=titles.get(lang, titles["en"]),
                                                   name=reply.game), style="bold", markup=False)
        show_answers(reply.game, question, lang, limit, reply)


def _game_and_question(words: tuple[str, ...]) -> tuple[str | None, str]:
    """`bgbot ask GAME "…"` (two arguments: the first is the game, known or not), `bgbot
    ask "…"`, and a question typed unquoted (`bgbot ask can I build a camp`, `bgbot ask
    GAME can I …`: a first word naming a game is the game)."""
    first = words[0].strip().lower()
    if len(words) == 2 or (len(words) > 2 and first in known_games()):
        return first, " ".join(words[1:])
    return None, " ".join(words)


def _replies(question: str, lang: str, limit: int) -> list:
    """Without a game named: the replies of the games the question is about, best first.

    A question is about the game whose own terms it uses and the others do not ("camp",
    "temple" are one game's terms; "mountain", "season" another's). Where that does not
    tell one game ("can I draw over a mountain?": one game draws tiles, another has the
    mountain), each game that knows an answer gives it; where none does, one "I don't know".
    """
    from boardgamesbot.help.search import ask, index

    asked = []
    for name in known_games():
        try:
            asked.append((name, set(key for key in index(name, lang).query(question)
                                    if key.startswith("§")), ask(name, question, lang, limit)))
        except GameError as error:
            if error.code != "unknown_help":  # (a game without a rules help is not asked)
                raise
    if not asked:
        raise GameError("no game has a rules help to ask", code="unknown_help")

    def own_terms(entry) -> int:
        name, terms, _ = entry
        return len(terms.difference(*(other for n, other, _ in asked if n != name)))

    ranked = sorted(asked, key=lambda e: (e[2].known, own_terms(e),
                                          e[2].answers[0].score if e[2].known else 0.0),
                    reverse=True)
    best = ranked[0]
    if not best[2].known:
        return [best[2]]
    return [reply for entry in ranked for reply in [entry[2]]
            if entry is best or (reply.known and own_terms(entry) == own_terms(best))]


@click.command("why")
@click.argument("game_name", metavar="GAME")
@click.argument("action")
@click.option("--record", "record_path", type=click.Path(exists=True, dir_okay=False),
              default=None, help="A saved game: the position after its last action (or --step).")
@click.option("--step", type=int, default=None, help="Only the first STEP actions of the record.")
@click.option("--seat", type=int, default=None,
              help="The seat (1-based) asking; default: the one whose turn it is.")
@click.option("--players", "-p", type=int, default=None,
              help="Without --record: a new game of this many players.")
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca",
              help="Language of the answer (default: your locale's, else en).")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
def why_command(game_name, action, record_path, step, seat, players, lang, as_json) -> None:
    """Why ACTION is not allowed in a position of GAME, and the rule it rests on.

    \b
    bgbot why tikal "guard L A5" --record mygame.json --lang pt-BR
    bgbot why cartographers "pass"
    """
    from boardgamesbot.help.why import why

    lang = language(lang) if lang is not None else environment_language()
    game = find_game(game_name, lang)
    try:
        if record_path:
            record = load_record(record_path, lang)
            if record.game != game.name:
                fail(say(lang, "record.other_game", path=record_path, recorded=record.game,
                         game=game.name), lang)
            state = replay(record, record_path, lang, step)
        else:
            state = game.new(players or game.min_players, 0)
        waiting = state.current_players()
        player = seat - 1 if seat is not None else (waiting[0] if waiting else 0)
        answer = why(state, player, action, lang)
    except (GameError, OSError, ValueError) as error:
        fail(first_line(error))
    if as_json:
        click.echo(json.dumps(answer.as_dict(), ensure_ascii=False, indent=1))
    else:
        print_why(answer, lang)
