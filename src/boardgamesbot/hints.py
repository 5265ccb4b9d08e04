"""Hints for every face: a computer player's best actions for a seat, with reasons in words.

The browser ("Suggest a move"), the terminal (``hint``) and the chat bots all ask
here. The hard bot explains its choice (`Bot.explain`) through the seat's
window, so a hint knows exactly what the seat knows and nothing more; its
reasons are codes and parameters (``{"code": "GAME.majority",
"params": {...}}``), put into words by `reason_text` from the same catalogs
the browser reads (``reason.CODE`` in the game's catalog, merged by
`boardgamesbot.web.catalog`: the one place each language's words for them are kept).

>>> from boardgamesbot.engine import load_game
>>> state = load_game("tikal").new(2, seed=5)
>>> [sorted(hint) for hint in hints(state, 0, k=1)]
[['line', 'notation', 'reason', 'reasons', 'value']]
"""

from __future__ import annotations

from typing import Any

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.engine import LANGUAGES, State, known_games, load_game
from boardgamesbot.games.wording import fill, plural_form
from boardgamesbot.web import catalog

__all__ = ["hints", "plural_form", "reason_text"]


def hints(state: State, seat: int, k: int = 3, level: str = "hard", seed: int = 0
          ) -> list[dict[str, Any]]:
    """Up to ``k`` suggestions for ``seat``: ``{"notation", "value", "reason", "reasons"}``
    (``reason`` is the first of ``reasons``; ``line`` the whole planned turn, if any)."""
    found = make_bot(level, seed).explain(SeatView(state.clone(), seat), seat, k)
    result = []
    for entry in found:
        hint = {"notation": entry["action"], "value": entry["value"],
                "reason": entry["reasons"][0] if entry["reasons"] else None,
                "reasons": entry["reasons"]}
        if entry.get("line"):
            hint["line"] = entry["line"]
        result.append(hint)
    return result


def reason_text(reason: dict | None, lang: str = "en") -> str:
    """``reason`` in words in ``lang`` (English when the language or the code is unknown)."""
    if not reason:
        return ""
    lang = lang if lang in LANGUAGES else "en"
    code = str(reason.get("code"))
    params = _things_named(code, reason.get("params") or {}, lang)
    template = catalog(lang).get(f"reason.{code}")
    if template is None and lang != "en":
        template = catalog("en").get(f"reason.{reason.get('code')}")
    if template is None:
        template = "{code}"
        params = {"code": reason.get("code", "?"), **params}
    return fill(template, lang, params)


def _things_named(code: str, params: dict, lang: str) -> dict:
    """``params`` with the game's things in ``lang``'s words (`Game.reason_words`; the
    reason's code begins with its game's name): "Avança cap a Treetower" in Catalan was
    the card's English name."""
    game = code.partition(".")[0]
    if game not in known_games():
        return params
    words = catalog(lang)
    named = load_game(game).reason_words
    return {name: words.get(f"{named[name]}.{value}", value) if name in named else value
            for name, value in params.items()}
