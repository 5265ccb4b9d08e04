"""Tikal's own words for its Python faces, from the catalog every face reads
(``web/i18n/<lang>.json``: the browser merges it, `Game.words` serves it), so the
terminal says a space, a tile or a seat as the browser and the chat do."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from boardgamesbot.games.drawing import picture_words
from boardgamesbot.games.wording import phrase

FOLDER = Path(__file__).parent


@cache
def words(lang: str) -> dict[str, Any]:
    """The catalog in ``lang`` ({} for a language it does not speak)."""
    path = FOLDER / "web" / "i18n" / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


@cache
def pictures(lang: str) -> dict[str, Any]:
    """The words of the game's pictures (``picture_words.json``) in ``lang``."""
    every = picture_words(FOLDER)
    return every.get(lang, every["en"])


def say(lang: str, key: str, **params: Any) -> str:
    """The catalog's ``key`` in ``lang`` (English where ``lang`` lacks it), filled in."""
    return phrase(words, lang, key, **params) or key


def seat_tag(seat: int, lang: str) -> str:
    """A seat as the terminal's lines name it: "p2" (player 2; "j2" in pt-BR and ca)."""
    return say(lang, "tikal.term.seat", n=seat + 1)


def sides(lang: str) -> list[str]:
    """The six sides' compass letters, N first, clockwise (SW is "SO" in pt-BR and ca)."""
    return say(lang, "tikal.term.sides").split()
