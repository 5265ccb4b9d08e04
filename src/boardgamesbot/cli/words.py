"""The terminal's sentences in English, Brazilian Portuguese and Catalan.

``messages/<lang>.json`` holds the terminal's own sentences (prompts, the command
help, what it says around a game). Refusals (``error.CODE``), bot levels and game
titles come from the catalogs every face shares (`boardgamesbot.web.catalog`: the
browser's and each game's), so the terminal says a refusal in the words the browser
and the chat use. A key missing in a language is said in English.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import Any

from boardgamesbot.engine import LANGUAGES, Game
from boardgamesbot.games.notation import folded
from boardgamesbot.games.wording import fill, near_enough, nearest, notation_error, slip_offered
from boardgamesbot.web import catalog, said_params

#: Locale names (``LANG=pt_BR.UTF-8``) → the language the faces speak.
LOCALE_LANGUAGES = {"pt": "pt-BR", "ca": "ca", "en": "en"}

#: The languages by the names people call them, in each of them (accents aside): someone
#: who has not met language codes types ``--lang portugues`` or ``--lang catala``.
LANGUAGE_NAMES = {
    "portugues": "pt-BR", "portuguese": "pt-BR", "brasileiro": "pt-BR", "portugues-br": "pt-BR",
    "catala": "ca", "catalan": "ca", "catalao": "ca",
    "english": "en", "ingles": "en", "angles": "en",
}


#: The prompt's commands (`boardgamesbot.cli.play.Person.choose`), by their English names;
#: the words each is typed as are the catalogs' ``command.NAME`` (English and each language's).
COMMANDS = ("ask", "board", "help", "hint", "log", "moves", "notation", "preview", "quit", "undo",
            "why")


@cache
def _catalog(lang: str) -> dict[str, Any]:
    own = json.loads(resources.files(__package__).joinpath(f"messages/{lang}.json")
                     .read_text(encoding="utf-8"))
    shared = {key: value for key, value in catalog(lang).items()
              if key.startswith(("error.", "game.", "level."))}
    return {**shared, **own}


def has(key: str) -> bool:
    return key in _catalog("en")


def say(lang: str, key: str, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` (English where ``lang`` lacks it), filled in."""
    for language in dict.fromkeys((lang if lang in LANGUAGES else "en", "en")):
        found = _catalog(language).get(key)
        if found is not None:
            return fill(found, language, params)
    return key


def known_language(typed: str) -> str | None:
    """The language of the faces ``typed`` names (``pt``, ``pt_br``, ``PT-BR`` are
    ``pt-BR``; ``português``, ``Català``, ``English`` too), else None.

    >>> known_language("pt_br"), known_language("Català"), known_language("fr")
    ('pt-BR', 'ca', None)
    """
    typed = typed.strip().replace("_", "-").lower()
    return next((known for known in LANGUAGES if typed == known.lower()), None) or \
        LANGUAGE_NAMES.get(folded(typed)) or \
        {**LOCALE_LANGUAGES, "br": "pt-BR"}.get(typed.split("-")[0])


def environment_language(environ: dict[str, str] | None = None) -> str:
    """The language the person's locale asks for (``LC_ALL``, then ``LC_MESSAGES``, then
    ``LANG``, as gettext reads them), else English: someone whose terminal speaks
    Catalan gets Catalan without knowing ``--lang``."""
    environ = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "").strip()
        if value:  # (the first one set decides, even "C": that is how locales work)
            code = value.split(".")[0].split("@")[0].replace("_", "-").lower()
            return LOCALE_LANGUAGES.get(code.split("-")[0], "en")
    return "en"


def command_named(word: str, lang: str,
                  a_move: Callable[[str], bool] | None = None) -> str | None:
    """The prompt's command ``word`` names, by its English name: typed in English, as the
    help lists it, or in the person's language ("ajuda", "sair", "desfer": what someone
    who never read the help types first), accents and case aside; else None (an action,
    or a typo). A word of another language the faces speak is a command too (a
    Brazilian at a Catalan session types "dica"), unless it names two commands in
    different languages, or is a word of a move (``a_move``: the game reads it as one).

    >>> command_named("Ajuda", "ca"), command_named("desfazer", "pt-BR")
    ('help', 'undo')
    >>> command_named("dica", "ca"), command_named("pista", "pt-BR")
    ('hint', 'hint')
    """
    typed = folded(word)
    for command in COMMANDS:
        for language in dict.fromkeys(("en", lang)):
            if typed in _words(language, command):
                return command
    meant = {command for command in COMMANDS for language in LANGUAGES
             if typed in _words(language, command)}
    if len(meant) != 1 or (a_move is not None and a_move(word)):
        return None
    return meant.pop()


def nearest_command(word: str, lang: str, moves: Sequence[str] = ()) -> str | None:
    """The word of ``lang`` for the prompt's command that ``word`` looks like a slip of, or
    another word for ("movimentos" → "jogadas", "hnit" → "dica"): compared with the
    command's words in ``lang`` and in English (`nearest`, as the chat finds a mistyped
    command), answered in ``lang``'s word (`command_word`), which the help lists. The
    notation's first words in ``moves`` (the kinds of action legal now: "place", "end")
    are compared too, and first, a move being what a player types most: "plase A4" is a
    slip of "place", which the notation writes so in every language.

    Only a word `near_enough` is offered: before, any word `nearest` found alike was, and
    a Catalan 'ordre' got 'tauler' (board), 'jogar' got 'tabuleiro', 'nao' got 'notação'.
    (Looser than the chat's commands, `a_slip` alone: every line typed at the prompt is
    for the program, so a person's own word for a command deserves the command's name,
    where a chat stays quiet.)

    >>> nearest_command("movimentos", "pt-BR"), nearest_command("hnit", "ca")
    ('jogadas', 'pista')
    >>> nearest_command("plase", "pt-BR", ["place", "end"])
    'place'
    >>> nearest_command("ordre", "ca"), nearest_command("vamos", "pt-BR")
    (None, None)
    """
    kinds = list(dict.fromkeys(moves))

    def near(words: Sequence[str]) -> list[str]:
        return [w for w in words if near_enough(word, w)]

    found = nearest(word, [*((f"\0{kind}", near([kind])) for kind in kinds),
                           *((command, near([*_spelled(lang, command),
                                             *_spelled("en", command)]))
                             for command in COMMANDS)])
    if found is None:
        return None
    return found[1] if found[0].startswith("\0") else command_word(found[0], lang)


def move_near(error: dict[str, Any], lang: str, kinds: Sequence[str]) -> str | None:
    """What to say of a first word no action begins with that the game found a slip of
    (``near`` in its ``bad_notation`` refusal, `boardgamesbot.games.wording.slips`), in
    ``lang``: the word meant, of the notation ("forst" → "forest") or of ``lang``'s words
    ("colcoar" → "colocar", and how the notation writes it), and, when no action of the
    kinds legal now (``kinds``: the legal actions' first words) is of that word, that it
    cannot be played now. None when the game found none (the notation's refusal stands).
    """
    near = slip_of(error, lang)
    if near is None:
        return None
    word, written = near
    params = error.get("params") or {}
    key = "move.near" if folded(word) == folded(written) else "move.near.written"
    said = say(lang, key, word=params.get("word", ""), near=word, written=written)
    if written not in kinds:
        said += " " + say(lang, "move.near.not_now", written=written)
    return said


def slip_of(error: dict[str, Any], lang: str) -> list[str] | None:
    """The word and the notation's word for it that the game found the first word of a
    ``bad_notation`` refusal a slip of, offered to a reader of ``lang`` (`slip_offered`, as
    every face offers it); None for another refusal, or when the game found none."""
    if error.get("code") != "bad_notation":
        return None
    return slip_offered(error.get("params") or {}, lang)


def command_word(command: str, lang: str) -> str:
    """The words ``lang``'s readers type for the prompt's ``command`` (``moves`` → ``jogadas``,
    ``why`` → ``per què``): the first of its spellings there, as the help lists it."""
    return _spelled(lang, command)[0]


def command_spellings(lang: str, command: str) -> list[str]:
    """Every spelling ``command`` is typed as in ``lang``, as the catalog writes them
    (``command.NAME``: a comma between spellings, as a spelling may be two words: "por
    que", the question's why, before "porque", the answer's because)."""
    return [spelling.strip() for spelling in say(lang, f"command.{command}").split(",")]


def _spelled(lang: str, command: str) -> list[str]:
    """The spellings of ``command`` in ``lang`` (but "?", no word to suggest)."""
    return [spelling for spelling in command_spellings(lang, command) if spelling != "?"]


@cache
def _words(lang: str, command: str) -> frozenset[str]:
    """The spellings of ``command`` in ``lang``, folded, a two-word one as one word (the
    prompt reads "per què" typed so too: `boardgamesbot.cli.play.Person.choose`)."""
    return frozenset(folded(spelling).replace(" ", "")
                     for spelling in command_spellings(lang, command))


def seat_name(name: str, lang: str) -> str:
    """A seat's name for people: a bot level in their language ("médio"), else the name."""
    return say(lang, f"level.{name}") if has(f"level.{name}") else name


def seat_tagged(game: Game, seat: int, name: str, lang: str) -> str:
    """``name`` with its seat as the game's board names it ("easy (p2)": `Game.seat_tag`),
    else by its number ("easy (seat 2)")."""
    tag = game.seat_tag(seat, lang)
    if tag is None:
        return say(lang, "seat.named", name=name, n=seat + 1)
    return say(lang, "seat.tagged", name=name, tag=tag)


def refusal(error: dict[str, Any], lang: str) -> str:
    """An engine's refusal (``{"code", "message", "params"}``) in ``lang``. English readers get the
    engine's own sentence (it names the spaces and pieces involved); the others the
    faces' shared sentence for the code, or the engine's where no face says it. Notation
    that cannot be read is said from the faces' words in every language, English too:
    which word, what goes in its place, an action written right."""
    if error["code"] == "bad_notation":
        told = notation_error(catalog, lang, error.get("params") or {})
        if told is not None:
            return told
    if lang == "en" or not has(f"error.{error['code']}"):
        return error["message"]
    return say(lang, f"error.{error['code']}", **said_params(error.get("params", {}), lang))


def setup_error(error: Exception, lang: str, family: str = "setup") -> str:
    """A refusal while setting a game up (players, options, bots), in ``lang`` with its
    particulars (the engine's typed ``params``), so that it says what to type instead. In
    English, and for a refusal the terminal has no sentence for, the engine's own.
    ``family`` names the command's sentences (``train``: a training run's refusals)."""
    code = getattr(error, "code", None)
    params = getattr(error, "params", {})
    # (a refusal said in more than one way names its ``case``: "setup.<code>.<case>")
    key = f"{family}.{code}" + (f".{params['case']}" if "case" in params else "")
    if lang == "en" or not has(key):
        return refusal({"code": code, "message": str(error)}, lang)
    params = {name: ", ".join(map(str, value)) if isinstance(value, list) else value
              for name, value in params.items()}
    return say(lang, key, **params)
