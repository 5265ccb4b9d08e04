"""The ``bgbot`` command: play in the terminal, replay saved games, host tables,
run bots against each other.

One module per group of commands, each readable alone: `play` (a game at the
keyboard), `rules` (rules, ``ask``, ``why``), `records` (``replay``, ``render``),
`arena` (``arena``, ``ratings``), `serve` (``serve``, ``worker``), `chat`,
`train`; `terminal` holds what they share. Each module defines plain click
commands and this one gathers them under `main`, so no command module imports
this one.
"""

from __future__ import annotations

import click

from boardgamesbot.engine import TOOL_LANGUAGE, known_games, load_game

from . import arena, chat, play, records, rules, serve, train
from .terminal import console, language
from .usage import asked_language, speaking, spoken_language, typed_languages
from .words import environment_language, say


class Bgbot(click.Group):
    """The command group that speaks the reader's language: click's usage errors and every
    command's help in it (`usage`), from ``--lang`` or the locale."""

    def main(self, args=None, *rest, **options):  # type: ignore[override]
        import sys

        # (a question's words are text, "-l" among them: `rules.question_line`)
        args = rules.question_line(list(sys.argv[1:] if args is None else args))
        # (every command's --lang checked here, the games' own tools' too: a game's tool
        # given "--lang xx" spoke the locale's language, saying nothing)
        for typed in typed_languages(args):
            language(typed)
        lang = asked_language(args)
        # (the games' own tools in the language too, their help their game's to give: they
        # answered in English under "Uso:" and "Opções:")
        said = {path: text for name in known_games()
                for path, text in load_game(name).command_help(lang).items()}
        with speaking(self, lang, more=said):
            return super().main(args, *rest, **options)

    def make_context(self, info_name, args, parent=None, **extra):  # type: ignore[override]
        # (the language told to the games' own tools too: a game's tool said its errors in
        # English and took the names of its things in English only)
        context = super().make_context(info_name, args, parent, **extra)
        context.meta[TOOL_LANGUAGE] = spoken_language()
        return context


#: The games' own tools (``bgbot GAME ...``): their help is their game's to give
#: (`Game.command_help`).
GAME_COMMANDS: list[str] = []


@click.group(cls=Bgbot, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca",
              help="Language of this help and of the command after it, unless it is given "
                   "its own --lang (default: your locale's, from LC_ALL / LC_MESSAGES / "
                   "LANG, else en).")
@click.pass_context
def main(context: click.Context, lang: str | None) -> None:
    """BoardGamesBot: board games with computer players (`bgbot games` lists them).

    \b
    A first game:  bgbot games             the games, their players and options
                   bgbot play GAME         then type 'help' at the prompt
                   bgbot rules GAME        the rules; bgbot ask GAME "a question"
    In English, Brazilian Portuguese or Catalan: --lang, else your locale's.
    """
    # (`bgbot --lang ca --help` was refused, "No such option", while every command took
    # --lang: given before the command, it is that command's --lang unless it has its own)
    if lang is not None:
        context.default_map = _language_defaults(context.command, language(lang))


def _language_defaults(group: click.Command, lang: str) -> dict:
    """Click's ``default_map`` that gives ``lang`` to the --lang of every command under
    ``group``, the games' own tools' too (a command's own --lang, typed, comes first)."""
    defaults: dict = {}
    for name, command in getattr(group, "commands", {}).items():
        if isinstance(command, click.Group):
            defaults[name] = _language_defaults(command, lang)
        elif any(param.name == "lang" for param in command.params):
            defaults[name] = {"lang": lang}
    return defaults


@click.command("games")
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca",
              help="Language of the list (default: your locale's, else en).")
def games_command(lang) -> None:
    """List the games you can play."""
    lang = language(lang) if lang is not None else environment_language()
    for name in known_games():
        game = load_game(name)
        options = "; ".join(say(lang, "games.option", name=o.name, choices="|".join(o.choices),
                                default=o.default) for o in game.options)
        title = game.titles.get(lang) or name
        line = say(lang, "games.line", name=name, min=game.min_players, max=game.max_players)
        # (the game's name as typed first; its title in the language where it differs)
        console.print(line + (f"  {title}" if title.lower() != name else "")
                      + (f"  {options}" if options else ""), markup=False)


for _command in (games_command, play.play_command, rules.rules_command, rules.ask_command,
                 rules.why_command, records.replay_command, records.render_command,
                 arena.arena_command, arena.ratings_command, serve.serve_command,
                 serve.worker_command, chat.chat_group, train.train_command):
    main.add_command(_command)

for _name in known_games():  # a game's own tools: ``bgbot GAME ...``
    for _command in load_game(_name).commands():
        main.add_command(_command)
        GAME_COMMANDS.append(_command.name)

