"""What every ``bgbot`` command shares: the console, one-line errors, the games'
options as flags, the language check and secrets read from files."""

from __future__ import annotations

import difflib
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape

from boardgamesbot.engine import (
    LANGUAGES,
    Game,
    GameError,
    Record,
    State,
    known_games,
    load_game,
)

from .words import environment_language, folded, known_language, say

console = Console(highlight=False)


def fail(message: str, lang: str | None = None) -> None:
    """Print a one-line error, ``error:`` in the reader's language (``lang``, else their
    locale's), and stop with status 2."""
    word = say(lang or environment_language(), "error")
    # soft_wrap: one line, however long (scripts and tests read errors line by line);
    # escaped: a path or a person's typing may hold brackets rich would read as markup
    console.print(f"[bold red]{word}:[/] {escape(message)}", markup=True, soft_wrap=True)
    raise SystemExit(2)


def _names() -> dict[str, str]:
    """Every game's name and title in each language, folded → the game's name."""
    names: dict[str, str] = {}
    for known in known_games():
        names[folded(known)] = known
        for title in load_game(known).titles.values():
            names.setdefault(folded(title), known)
    return names


def game_named(name: str) -> Game | None:
    """The game ``name`` names (its name, or its title in any language, accents and case
    aside), else None."""
    found = _names().get(folded(name))
    return None if found is None else load_game(found)


def find_game(name: str, lang: str) -> Game:
    """The game a person named: by its name or by its title in any language the games
    speak (the titles the terminal itself prints: a Brazilian reads a game's Portuguese
    title and types it back, maybe without its accents), accents and case aside. Else a
    one-line error in ``lang`` listing the known games, with the closest one when the
    name looks like a typo (one letter wrong)."""
    game = game_named(name)
    if game is not None:
        return game
    names = _names()
    typed = folded(name)
    known = ", ".join(known_games())
    near = difflib.get_close_matches(typed, list(names), n=1, cutoff=0.6)
    if near:
        fail(say(lang, "setup.unknown_game_near", name=name, near=names[near[0]],
                 known=known), lang)
    fail(say(lang, "setup.unknown_game", name=name, known=known), lang)
    raise AssertionError  # (fail stops; this line tells type checkers so)


#: Where `bgbot play` saves a game unless told (``--save``), in the folder it runs in; where
#: ``--resume`` and ``replay`` look for a game named short, or not named at all.
SAVED = Path("games")


def saved_games() -> list[Path]:
    """The games saved in `SAVED`, the latest played first (a game is saved at each move)."""
    try:
        found = [(path.stat().st_mtime_ns, path.name, path) for path in SAVED.glob("*.json")
                 if path.is_file()]
    except OSError:
        return []
    return [path for *_, path in sorted(found, reverse=True)]


def saved_game(name: str | None, lang: str) -> str:
    """The saved game a person means, as a path: ``name`` itself where it is a file's path;
    nothing, the latest game saved in `SAVED`; a word, the latest there whose file name
    holds it: a game's name or title in any language, a day or a time ("0712"). On a
    phone, "bgbot play --resume games/GAME-20261206-071234.json" was some 50 characters
    to type. Else a one-line error in ``lang`` naming the latest ones."""
    if name and (Path(name).exists() or "/" in name or name.endswith(".json")):
        return name
    games = saved_games()
    if name:
        game = game_named(name)
        games = [path for path in games if folded(name) in folded(path.stem)
                 or (game is not None and path.stem.startswith(f"{game.name}-"))]
    if games:
        return str(games[0])
    if not name:
        fail(say(lang, "resume.none", folder=SAVED), lang)
    fail(say(lang, "resume.no_match", name=name, folder=SAVED,
             names=", ".join(path.stem for path in saved_games()[:3]) or "-"), lang)
    raise AssertionError  # (fail stops; this line tells type checkers so)


def latest_saved(path: str | Path) -> bool:
    """Whether ``path`` is the game that ``--resume`` and ``replay`` alone go on with."""
    games = saved_games()
    return bool(games) and games[0].resolve() == Path(path).resolve()


def load_record(path: str, lang: str) -> Record:
    """The saved game at ``path``, or a one-line error in ``lang``: the file cannot be read
    (missing, a folder, not text), or it is not a game record (its particulars, the
    engine's, name the field or the action at fault)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        fail(say(lang, "record.unreadable", path=path, reason=error.strerror or error), lang)
    except UnicodeDecodeError as error:
        fail(say(lang, "record.invalid", path=path, reason=error.reason), lang)
    try:
        return Record.from_json(text)
    except GameError as error:
        # (the engine's sentence opens with what the sentence here already says)
        reason = str(error).removeprefix("not a game record: ").removeprefix("game record: ")
        fail(say(lang, "record.invalid", path=path, reason=reason), lang)
    raise AssertionError  # (fail stops; this line tells type checkers so)


def replay(record: Record, path: str, lang: str, upto: int | None = None) -> State:
    """The position after ``upto`` of the record's actions (all by default), or a one-line
    error in ``lang`` when one of them is refused: the file was edited or cut."""
    try:
        return record.replay(upto)
    except GameError as error:
        if error.code != "bad_record":
            raise
        fail(say(lang, "record.invalid", path=path, reason=error), lang)
    raise AssertionError  # (fail stops; this line tells type checkers so)


def first_line(error: BaseException) -> str:
    """A database error's own message (SQLAlchemy's wraps the driver's, over lines)."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def game_options(command):
    """Add one ``--NAME`` per option any registered game declares (``--variant``,
    ``--side`` …); the chosen game checks the values it gets."""
    declared: dict[str, list[tuple[str, list[str], str]]] = {}
    for name in known_games():
        for option in load_game(name).options:
            declared.setdefault(option.name, []).append(
                (name, list(option.choices), str(option.default)))
    for option_name, uses in sorted(declared.items(), reverse=True):
        command = click.option(f"--{option_name}", cls=GameOption, uses=uses, default=None,
                               help=GameOption.said(uses, "en"))(command)
    return command


class GameOption(click.Option):
    """A game's option as a flag: its help says, in the reader's language, which games take
    it and with what values (``GAME: A or B (default A).``)."""

    def __init__(self, *args, uses: list[tuple[str, list[str], str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.uses = uses

    @staticmethod
    def said(uses: list[tuple[str, list[str], str]], lang: str) -> str:
        return "; ".join(say(lang, "option.game", game=game, choices=say(
            lang, "option.choices", first=", ".join(choices[:-1]), last=choices[-1])
            if len(choices) > 1 else choices[0], default=default)
            for game, choices, default in uses) + "."

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        from .usage import spoken_language

        self.help = self.said(self.uses, spoken_language())
        return super().get_help_record(ctx)


def chosen(options: dict) -> dict:
    """The game options given on the command line (an option not given is None: the
    game's default applies)."""
    return {name: value for name, value in options.items() if value is not None}


def language(lang: str) -> str:
    """``lang`` if the rules help speaks it (``pt``, ``pt_br``, ``PT-BR`` are ``pt-BR``;
    ``português``, ``Català``, ``English`` too), else a one-line error."""
    known = known_language(lang)
    if known is None:  # (said in the locale's language: the one asked for is unknown)
        fail(say(environment_language(), "setup.lang", given=lang, known=", ".join(LANGUAGES)))
    return known


def secret(value: str | None, path: str | None, what: str) -> str | None:
    """A token or password: read from ``path`` when given (kept out of the process list
    and the shell history), else ``value`` (from the environment)."""
    if path:
        try:
            return Path(path).read_text(encoding="utf-8").strip()
        except OSError as error:
            fail(f"cannot read the {what} file {path}: {error.strerror}")
    return value
