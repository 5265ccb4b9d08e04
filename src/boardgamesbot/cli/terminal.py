"""What every ``bgbot`` command shares: the console, one-line errors, the games'
options as flags, the language check and secrets read from files."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from boardgamesbot.engine import LANGUAGES, known_games, load_game

console = Console(highlight=False)


def fail(message: str) -> None:
    # soft_wrap: one line, however long (scripts and tests read errors line by line)
    console.print(f"[bold red]error:[/] {message}", markup=True, soft_wrap=True)
    raise SystemExit(2)


def first_line(error: BaseException) -> str:
    """A database error's own message (SQLAlchemy's wraps the driver's, over lines)."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__


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


def chosen(options: dict) -> dict:
    """The game options given on the command line (an option not given is None: the
    game's default applies)."""
    return {name: value for name, value in options.items() if value is not None}


def language(lang: str) -> str:
    """``lang`` if the rules help speaks it (``pt``, ``pt_br``, ``PT-BR`` are ``pt-BR``),
    else a one-line error."""
    typed = lang.strip().replace("_", "-").lower()
    lang = next((known for known in LANGUAGES if typed == known.lower()), None) or {
        "pt": "pt-BR", "br": "pt-BR", "ca": "ca", "en": "en"}.get(typed.split("-")[0], lang)
    if lang not in LANGUAGES:
        fail(f"no rules help in language {lang!r}; available: {', '.join(LANGUAGES)}")
    return lang


def secret(value: str | None, path: str | None, what: str) -> str | None:
    """A token or password: read from ``path`` when given (kept out of the process list
    and the shell history), else ``value`` (from the environment)."""
    if path:
        try:
            return Path(path).read_text(encoding="utf-8").strip()
        except OSError as error:
            fail(f"cannot read the {what} file {path}: {error.strerror}")
    return value
