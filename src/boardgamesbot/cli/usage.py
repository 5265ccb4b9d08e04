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
    """The language a command line asks for (`typed_languages`), else the locale's. A
    language the terminal does not speak is refused before (`boardgamesbot.cli.Bgbot`)."""
    for typed in typed_languages(args):
        known = known_language(typed)
        if known is not None:
            return known
    return environment_language()
