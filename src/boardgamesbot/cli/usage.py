"""What click says itself — its usage errors ("Missing argument", "No such option",
"Invalid value"), the help's headings and the commands' help — in the reader's language.

Click writes its sentences through ``gettext`` (``_("Missing argument")``), whose
catalogues are ``.mo`` files for a whole process; the terminal has its own catalogues
instead (`messages/<lang>.json`). So the ``_`` and ``ngettext`` click's modules call are
replaced by ones that look click's English sentence up among the ``click.*`` entries of
``messages/en.json`` (each holds one of click's sentences, word for word) and answer the
same entry in the language `speaking` set, click's own sentence where none is set (a
program that imports click besides ``bgbot`` hears click unchanged) or the catalogues do
not hold it.

Click's type names (``INTEGER``, ``FILE`` in the help's metavars, "integer" in its
errors) are ``click.type.*`` entries too, swapped while `speaking` as the help is; the
placeholders the commands declare (``GAME``, ``[FILE|WORD]``, an argument's name) are
``metavar.*`` entries, the words the help's texts use for them ("Joga JOGO …").

The commands' help (a command's text, an option's) is written in English where the
command is declared; ``messages/help/<lang>.json`` holds it in the other languages, by the
command's path (``"play"``, ``"chat matrix"``) and the option's name (``"play --players"``).
"""

from __future__ import annotations

import gettext
import json
import re
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources
from typing import Any

import click

from boardgamesbot.games.wording import plural_form

from .words import _catalog, environment_language, known_language

#: The language click speaks now; None outside `speaking` (click's own English).
_spoken: ContextVar[str | None] = ContextVar("spoken", default=None)


def spoken_language() -> str:
    """The language click speaks now (English outside `speaking`)."""
    return _spoken.get() or "en"


@cache
def _keys() -> dict[str, str]:
    """Click's English sentence (or its plural pair, joined by a tab) → the entry's key."""
    found = {}
    for key, value in _catalog("en").items():
        if key.startswith("click."):
            found[value if isinstance(value, str) else f"{value['one']}\t{value['other']}"] = key
    return found


def _entry(lang: str, key: str) -> Any:
    return _catalog(lang).get(key, _catalog("en")[key])


def translate(message: str) -> str:
    """Click's ``_``: its sentence in the spoken language (a template click fills in)."""
    lang, key = _spoken.get(), _keys().get(message)
    if lang is None or key is None:
        return message
    entry = _entry(lang, key)
    return entry if isinstance(entry, str) else message


def translate_plural(singular: str, plural: str, n: int) -> str:
    """Click's ``ngettext``: the form for ``n`` in the spoken language."""
    lang, key = _spoken.get(), _keys().get(f"{singular}\t{plural}")
    if lang is None or key is None:
        return singular if n == 1 else plural
    entry = _entry(lang, key)
    return entry.get(plural_form(lang, str(n)), entry["other"])


for _module in vars(click).values():  # click.core, click.exceptions, click.types …
    if getattr(_module, "__name__", "").startswith("click.") \
            and getattr(_module, "_", None) is gettext.gettext:
        _module._ = translate  # type: ignore[attr-defined]
        if getattr(_module, "ngettext", None) is gettext.ngettext:
            _module.ngettext = translate_plural  # type: ignore[attr-defined]


@cache
def _help(lang: str) -> dict[str, str]:
    if lang == "en":
        return {}
    return json.loads(resources.files(__package__).joinpath(f"messages/help/{lang}.json")
                      .read_text(encoding="utf-8"))


def commands(group: click.Command, path: str = "") -> Iterator[tuple[str, click.Command]]:
    """Each command under ``group`` (itself included, as "") with its path ("chat matrix")."""
    yield path, group
    if isinstance(group, click.Group):
        for name, command in group.commands.items():
            yield from commands(command, f"{path} {name}".strip())


def option_key(path: str, param: click.Parameter) -> str:
    """``"play --players"``: how an option's help is named in the catalogue."""
    return f"{path} {param.opts[0] if param.opts else param.name}".strip()


#: The usage line's placeholders click writes itself, not through gettext ("Usage: bgbot
#: [OPTIONS] COMMAND [ARGS]..."): the command's attribute, click's words, their entry.
METAVARS = (("options_metavar", "[OPTIONS]", "click.metavar.options"),
            ("subcommand_metavar", "COMMAND [ARGS]...", "click.metavar.command"))


#: A placeholder's word in a metavar ("FILE" in "[FILE|WORD]").
_PLACEHOLDER = re.compile(r"\b[A-Z][A-Z_]+\b")


class Formatter(click.HelpFormatter):
    """Click's help layout, fitted to the terminal's width in every language.

    * Its width is the terminal's, narrow ones too: click never went under 50 columns,
      and on a phone's 40 the terminal broke its lines anywhere.
    * Where a command has options with a short flag (``-p, --players``), the others stand
      in by as much (``    --humans``), so that the long names line up.
    * Under 60 columns each option (or command) has its line and what it does under it:
      a column of descriptions 10 characters wide was a word a line.
    * The examples of a help's unwrapped (``\\b``) paragraph, a command and what it does
      after two blanks, are aligned again in the language (``bgbot play JOC --players 3``
      is a letter shorter than ``GAME``'s, and its description stood a column left of the
      others); under 60 columns what each does goes under it, and every line of prose is
      wrapped under itself.
    """

    #: Under this many columns, a description goes under its term.
    NARROW = 60

    def __init__(self, indent_increment: int = 2, width: int | None = None,
                 max_width: int | None = None) -> None:
        if width is None:
            import shutil

            columns = shutil.get_terminal_size().columns
            width = max(min(columns, max_width or 80) - 2, 20)
        super().__init__(indent_increment, width, max_width)

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if any(_SHORT_FLAG.match(term) for term, _ in rows):
            rows = [(" " * 4 + term if term.startswith("--") else term, text)
                    for term, text in rows]
        indent = " " * self.current_indent
        narrow = self.width < self.NARROW
        column = min(max(len(term) for term, _ in rows), col_max) + col_spacing
        for term, text in rows:
            # (a term too long for the column, or any term where it is narrow, on a line of
            # its own: what it does under it)
            under = " " * (6 if narrow else column)
            alone = narrow or len(term) > column - col_spacing
            lines = _wrapped(text, self.width - len(indent) - len(under)) if text else []
            if alone or not lines:
                self.write(f"{indent}{term}\n")
            else:
                self.write(f"{indent}{term:<{column}}{lines.pop(0)}\n")
            # (a word longer than the column, a URL, stands out to the section's indent,
            # whole where the line holds it)
            self.write("".join(f"{indent}{under}{line}\n" if len(line) + len(under) <=
                               self.width - len(indent) else f"{indent}{line}\n"
                               for line in lines))

    def write_text(self, text: str) -> None:
        paragraphs = re.split(r"\n\s*\n", text)
        for at, paragraph in enumerate(paragraphs):
            if at:
                self.write("\n")
            if paragraph.startswith("\b"):
                self._write_unwrapped(paragraph.splitlines()[1:])
            else:  # (broken at blanks only: click broke "front-" | "end")
                indent = " " * self.current_indent
                self.write("".join(f"{indent}{line}\n" for line in
                                   _wrapped(paragraph, self.width - len(indent))))

    def _write_unwrapped(self, lines: list[str]) -> None:
        """An unwrapped paragraph's lines: a table of commands and what each does (cells two
        blanks apart) aligned again, or under 60 columns a cell a line; prose as it is
        broken, each line wrapped under itself where longer than the width."""
        indent = " " * self.current_indent
        cells = [re.split(r" {2,}", line) for line in lines]
        if self.width >= self.NARROW:
            widths: list[int] = []
            for row in cells:
                for column, cell in enumerate(row[:-1]):
                    widths += [0] * (column + 1 - len(widths))
                    widths[column] = max(widths[column], click.formatting.term_len(cell))
            aligned = []
            for row in cells:
                line = "".join(f"{cell:<{widths[column] + 2}}" if column < len(row) - 1
                               else cell for column, cell in enumerate(row))
                aligned.append(line.rstrip())
            if max(map(len, aligned)) + len(indent) <= self.width:
                self.write("".join(f"{indent}{line}\n" for line in aligned))
                return
        width = self.width - len(indent)

        def command(term: str) -> None:  # (under itself where longer than the line)
            told = _wrapped(term, width)
            self.write(f"{indent}{told[0]}\n" + "".join(
                f"{indent}    {more}\n" for more in _wrapped(" ".join(told[1:]), width - 4)))

        if self.width >= self.NARROW and all(len(row) == 1 for row in cells):
            # (prose and commands as they are broken, a line too long under itself)
            for line in lines:
                if len(line) <= width:
                    self.write(f"{indent}{line}\n")
                else:
                    command(line)
            return
        prose: list[str] = []  # (a sentence's lines, joined and wrapped again)

        def flush() -> None:
            self.write("".join(f"{indent}{line}\n" for line in _wrapped(" ".join(prose),
                                                                          width)))
            prose.clear()

        for line in lines:
            row = re.split(r" {2,}", line.strip())
            if len(row) > 1:  # (each command on a line, what it does under them)
                flush()
                *terms, said = row
                for term in terms:
                    command(term)
                self.write("".join(f"{indent}{' ' * 6}{told}\n"
                                   for told in _wrapped(said, width - 6)))
            elif line.strip().startswith("bgbot "):  # (a command alone)
                flush()
                command(line.strip())
            else:
                prose.append(line.strip())
        if prose:
            flush()


def _first_sentence(text: str) -> str:
    """The first sentence of a command's help, what a group lists it by, whole."""
    said = " ".join(text.split("\n\n")[0].replace("\b", "").split())
    end = re.search(r"\.(\s|$)", said)
    return said[: end.start() + 1] if end else said


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of ``width`` broken at its blanks only, never inside a word, a path
    or a hyphened name ("games/GAME-TIME.json": click broke it at its hyphen)."""
    # (click's "[default: A]" kept whole where it fits: "[padrão:" | "A]" read as two)
    held = re.sub(r"\[[^\]]*\]", lambda found: found[0].replace(" ", "\0")
                  if len(found[0]) <= width else found[0], " ".join(text.split()))
    return [line.replace("\0", " ") for line in textwrap.wrap(
        held, max(width, 10), break_on_hyphens=False, break_long_words=False)]


#: An option's term that begins with a short flag ("-p, --players INTEGER").
_SHORT_FLAG = re.compile(r"-\w, ")


@contextmanager
def speaking(group: click.Command, lang: str, more: dict[str, str] | None = None
             ) -> Iterator[None]:
    """Click speaks ``lang`` inside: its own sentences, and the help of each command under
    ``group``; ``more``: help the terminal's catalogue does not hold, by the same paths
    (a game's own tools, whose game says their help: `Game.command_help`)."""
    said = {**_help(lang), **(more or {})}
    kept: list[tuple[Any, str, Any]] = []

    def swap(thing: Any, attribute: str, key: str) -> None:
        if key in said:
            kept.append((thing, attribute, getattr(thing, attribute)))
            setattr(thing, attribute, said[key])

    for path, command in commands(group):
        swap(command, "help", path or "bgbot")
        # (a group lists its commands by their help's first sentence, which click cut to
        # the width left of the line, "Faz computadores..." on a phone: whole, the
        # `Formatter` wraps it)
        if command.help and not command.short_help:
            kept.append((command, "short_help", command.short_help))
            command.short_help = _first_sentence(command.help)
        # (the usage line's "[OPTIONS] COMMAND [ARGS]...", English under "Uso:")
        for attribute, english, key in METAVARS:
            if getattr(command, attribute, None) == english:
                kept.append((command, attribute, english))
                setattr(command, attribute, _entry(lang, key))
        for param in command.params:
            if isinstance(param, click.Option) and not hasattr(param, "uses"):
                swap(param, "help", option_key(path or "bgbot", param))
            # The placeholders the usage line and the options name ("GAME", "[FILE|WORD]",
            # an argument's own name, "ACTION"), as the help's texts name them ("Joga JOGO
            # no terminal"): click writes them as declared, English under "Uso:".
            named = param.metavar or (param.name.upper() if isinstance(param, click.Argument)
                                      and param.name else None)
            if named is not None:
                placed = _PLACEHOLDER.sub(lambda word: str(_entry(lang, f"metavar.{word[0]}"))
                                          if f"metavar.{word[0]}" in _catalog("en")
                                          else word[0], named)
                if placed != named:
                    kept.append((param, "metavar", param.metavar))
                    param.metavar = placed
            # A value's kind as the help's metavar ("--players INTEGER") and the usage
            # errors name it ("'x' is not a valid integer"): click's type's name, in
            # English whatever the gettext language (click.INT is one object for all).
            kind = getattr(param.type, "name", None)
            if isinstance(kind, str) and f"click.type.{kind}" in _catalog("en"):
                kept.append((param.type, "name", kind))
                param.type.name = _entry(lang, f"click.type.{kind}")
    # (the help laid out to the terminal's width, in the language: `Formatter`)
    kept.append((click.Context, "formatter_class", click.Context.formatter_class))
    click.Context.formatter_class = Formatter
    token = _spoken.set(lang)
    for _path, command in commands(group):
        # (click keeps each command's --help option once made, its help in the language
        # of the first time: made again here in this one)
        helper = getattr(command, "_help_option", None)
        if helper is not None:
            kept.append((command, "_help_option", helper))
            command._help_option = None  # type: ignore[attr-defined]
    try:
        yield
    finally:
        _spoken.reset(token)
        for thing, attribute, value in reversed(kept):
            setattr(thing, attribute, value)


def typed_languages(args: list[str]) -> list[str]:
    """The languages a command line asks for (``--lang``/``-l``, read before click reads
    the line: ``--help`` and a usage error stop it before ``--lang`` is taken), as typed."""
    typed = []
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg in ("--lang", "-l") and index + 1 < len(args):
            typed.append(args[index + 1])
        elif arg.startswith("--lang="):
            typed.append(arg.removeprefix("--lang="))
        elif arg.startswith("-l") and len(arg) > 2 and not arg.startswith("--"):
            typed.append(arg[2:])
    return typed


def asked_language(args: list[str]) -> str:
    """The language a command line asks for (`typed_languages`; the last one typed, a
    command's own --lang after the one given to `bgbot` before it, as the command speaks),
    else the locale's. A language the terminal does not speak is refused before
    (`boardgamesbot.cli.Bgbot`)."""
    for typed in reversed(typed_languages(args)):
        known = known_language(typed)
        if known is not None:
            return known
    return environment_language()
