"""The chat's words in English, Brazilian Portuguese and Catalan.

``messages/{lang}.json`` holds the chat's own sentences. Refusals (error
codes), game names, bot levels and unnamed seats come from the browser's catalogs
(`boardgamesbot.web.catalog`: the browser's and each game's), so the faces say the
same thing in the same words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from boardgamesbot.games.notation import folded
from boardgamesbot.games.wording import a_slip, elide, nearest
from boardgamesbot.web import catalog

LANGUAGES = ("en", "pt-BR", "ca")
DEFAULT = "en"


@cache
def _catalog(lang: str) -> dict[str, Any]:
    own = json.loads(resources.files(__package__).joinpath(f"messages/{lang}.json")
                     .read_text(encoding="utf-8"))
    shared = catalog(lang)  # the browser's words and every game's
    return {**{k: v for k, v in shared.items()
               if k.startswith(("error.", "game.", "level.", "seat."))}, **own}


def language(code: Any) -> str | None:
    """The supported language a code names (``pt``, ``pt_br``, ``PT-BR`` → ``pt-BR``)."""
    if not isinstance(code, str) or not code.strip():
        return None
    code = code.strip().replace("_", "-").lower()
    for lang in LANGUAGES:
        if code == lang.lower():
            return lang
    head = code.split("-")[0]
    return {"pt": "pt-BR", "ca": "ca", "en": "en"}.get(head)


def has(key: str) -> bool:
    return key in _catalog(DEFAULT)


def text(lang: str, key: str, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` (English if missing there) with ``{name}``s filled."""
    lang = lang if lang in LANGUAGES else DEFAULT
    found = _catalog(lang).get(key)
    if found is None:
        found = _catalog(DEFAULT).get(key, key)
    if not isinstance(found, str):
        return key
    found = elide(found, lang, params)  # Catalan's "Full d'Ana", not "Full de Ana"
    for name, value in params.items():
        found = found.replace("{" + name + "}", str(value))
    return found


def aliases(word: str) -> str:
    """The English command a word names in any language (``entrar`` → ``join``)."""
    folded = fold(word)
    for lang in LANGUAGES:
        for command, names in _catalog(lang).get("aliases", {}).items():
            if folded == command or folded in (fold(n) for n in names):
                return command
    return folded


def command_in(words: list[str]) -> tuple[str, list[str]]:
    """The command ``words`` begin with and the words after it: a command spelled in two
    words first, as a question asks it ('por que A4', 'per què A4?' → ``why``), else
    the first word's (`aliases`: the word itself, folded, when it names none)."""
    if len(words) >= 2:
        two = aliases(f"{words[0]} {words[1].rstrip('?')}")
        if " " not in two:  # (a command's name has no space: the two words named it)
            return two, words[2:]
    if len(words) == 1:
        begun = _begun(words[0].rstrip("?"))
        if begun is not None:
            return begun, []
    return aliases(words[0]), words[1:]


def _begun(word: str) -> str | None:
    """The command whose two-word name ``word`` alone begins ('por' of 'por que', 'per'
    of 'per què' → ``why``), when it names no command itself: Telegram makes only
    '/por' of a tip's '/por que end' a link, and a tap sends just that."""
    folded = fold(word)
    if aliases(folded) != folded:
        return None  # (a command's own word: that command)
    for lang in LANGUAGES:
        for command, names in _catalog(lang).get("aliases", {}).items():
            if any(" " in n and fold(n.split()[0]) == folded for n in names):
                return command
    return None


def word(lang: str, command: str) -> str:
    """The word ``lang``'s readers type for ``command`` (``new`` → ``novo``): its first
    alias there, else the English command (which every language accepts too)."""
    own = _catalog(lang).get("aliases", {}).get(command) if lang in LANGUAGES else None
    return own[0] if own else command


def typable(words: str) -> str:
    """``words`` with the first one as a Telegram command link takes it whole
    ([a-z0-9_]: 'comença' → 'comenca', 'cancel·la' → 'cancella'), which names the same
    command (`aliases` folds accents): tips show the word as it is spelled, and only a
    group's link, which Telegram would cut at the 'ç', gets the bare one."""
    first, space, rest = words.partition(" ")
    return re.sub(r"[^a-z0-9_]", "", fold(first)) + space + rest


def typable_commands(text: str, lang: str) -> tuple[str, list[tuple[str, str]]]:
    """``text`` (a list of commands to read: the help) with each of ``lang``'s command
    words that Telegram cannot take after a '/' written as it can (`typable`: 'comença' →
    'comenca'), and the words so changed, ``[(spelled, typable)]``. Telegram finds no
    command at all in '/comença' (a command followed by a letter is none: tdlib's
    ``match_bot_commands``), so a group with privacy mode never passes it to the bot."""
    changed: list[tuple[str, str]] = []
    aliases = _catalog(lang).get("aliases", {}) if lang in LANGUAGES else {}
    for _, names in sorted(aliases.items(), key=lambda item: item[0] != "start"):
        for name in names:  # ('start' first: the word a group's tip shows first)
            first = name.split()[0]
            plain = typable(first)
            if plain == first.lower():
                continue
            found = re.compile(rf"(?<![\w·]){re.escape(first)}(?![\w·])")
            if found.search(text):
                text = found.sub(plain, text)
                changed.append((first, plain))
    return text, changed


def nearest_command(word: str, commands: Iterable[str], lang: str) -> str | None:
    """The word for one of ``commands`` that ``word`` looks like a typo of ('nvo' →
    'novo', 'entar' → 'entrar'): among ``lang``'s own words and the English ones, those
    ``word`` is a plausible slip of (`a_slip`), as `nearest` ranks them (the terminal's
    commands are found so too), the commands listed first the commoner. Before, every
    word `nearest` found alike was offered, however far: Catalan 'ORDRE' got "Did you
    mean '/score'?"."""
    own = _catalog(lang).get("aliases", {}) if lang in LANGUAGES else {}
    found = nearest(word, ((command, [w for w in [*own.get(command, []), command]
                                      if a_slip(word, w)]) for command in commands))
    return None if found is None else found[1]


def level(words: str, known: Iterable[str]) -> str | None:
    """The computer player's level ``words`` name, by its id or its name in any language
    (``médio``, ``mitja``, ``a l'atzar`` → ``medium``, ``medium``, ``random``): people type
    the word the lobby's buttons show them."""
    folded = fold(words)
    for name in known:
        if folded == fold(name) or any(folded == fold(text(lang, "level." + name))
                                       for lang in LANGUAGES if has("level." + name)):
            return name
    return None


def fold(word: str) -> str:
    """Case and accents aside, for matching what people type: as every face folds it
    (`folded`)."""
    return folded(word)
