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

__all__ = ["catalog"]


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
