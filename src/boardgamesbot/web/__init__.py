"""The browser face: static ES modules, SVG and CSS in ``static/``, served at ``/`` by the service.

Everything a person sees comes from the service's API (seat views, legal
actions, previews, rules help); nothing here imports a game.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from boardgamesbot.engine import known_games, load_game

__all__ = ["catalog", "said_params"]


@cache
def catalog(lang: str) -> dict[str, Any]:
    """Every face's words in ``lang``, as the browser merges them: its own catalog
    (``static/i18n/<lang>.json``) and each registered game's words (`Game.words`).
    The chat, the hints and the rules' "why" read refusals and reasons from here, so
    every face says a thing in the same words."""
    own = resources.files(__package__).joinpath("static", "i18n", f"{lang}.json")
    try:
        words = json.loads(own.read_text(encoding="utf-8"))
    except (FileNotFoundError, OSError):  # pragma: no cover - an install without the browser
        words = {}
    for name in known_games():
        words.update(load_game(name).words(lang))
    return words


def said_params(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """A refusal's typed ``params`` ready to fill its sentence in ``lang``, as the browser's
    ``errorText`` fills them (web/static/i18n.js, the same rule): a list named after a
    kind of the game's words (``terrain``: ``["forest", "village"]``, each item a
    ``terrain.<item>`` of the catalog) is the choice the rules left, said in the reader's
    words ("floresta ou aldeia"); any other list (the cells taken) is its items one after
    another ("D2, D3"); anything else is left as it is.

    >>> said_params({"terrain": ["forest", "village"], "cells": ["D2", "D3"]}, "ca")
    {'terrain': 'bosc o poblat', 'cells': 'D2, D3'}
    """
    words, english = catalog(lang), catalog("en")
    said: dict[str, Any] = {}
    for name, value in params.items():
        if not isinstance(value, (list, tuple)):
            said[name] = value
            continue
        named = [words.get(f"{name}.{item}", english.get(f"{name}.{item}")) for item in value]
        if value and all(isinstance(word, str) for word in named):
            said[name] = _choice([str(word) for word in named], words.get("list.or", " or "))
        else:
            said[name] = ", ".join(map(str, value))
    return said


def _choice(items: list[str], or_word: str) -> str:
    """``a, b or c`` in the reader's language (``or_word``: the catalog's ``list.or``)."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + or_word + items[-1]
