"""Hints for every face: a computer player's best actions for a seat, with reasons in words.

The browser ("Suggest a move"), the terminal (``hint``) and the chat bots all ask
here. The hard bot explains its choice (`Bot.explain`) through the seat's
window, so a hint knows exactly what the seat knows and nothing more; its
reasons are codes and parameters (``{"code": "tikal.temple_majority",
"params": {...}}``), put into words by `reason_text` from the same catalogs
the browser reads (``reason.CODE`` in the game's catalog, merged by
`boardgamesbot.web.catalog`: the one place each language's words for them are kept).

>>> from boardgamesbot.engine import load_game
>>> state = load_game("tikal").new(2, seed=5)
>>> [sorted(hint) for hint in hints(state, 0, k=1)]
[['line', 'notation', 'reason', 'reasons', 'value']]
"""

from __future__ import annotations

import re
from typing import Any

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.engine import LANGUAGES, State
from boardgamesbot.web import catalog

__all__ = ["hints", "plural_form", "reason_text"]

PLACEHOLDER = re.compile(r"\{(\w+)\}")


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


def _number(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.1f}".rstrip("0").rstrip(".") if value % 1 else str(int(value))
    return str(value)


def plural_form(lang: str, number: str) -> str:
    """The CLDR plural category of ``number`` as written ("1", "1.5", "0") in ``lang``:
    the same choice as the browser's ``Intl.PluralRules`` (tests/web/test_follow_words.py
    compares them), for the languages the faces speak. English and Catalan: "one" for
    exactly 1; Portuguese: for 0 and 1 and what lies between ("0 ponto", "1,5 ponto");
    Portuguese and Catalan also say "many" for whole millions ("1 milhão de pontos")."""
    whole, _, fraction = number.lstrip("-").partition(".")
    i, v = int(whole or 0), len(fraction)
    if lang.startswith("pt"):
        if i in (0, 1):
            return "one"
    elif i == 1 and v == 0:
        return "one"
    if lang.startswith(("pt", "ca")) and v == 0 and i != 0 and i % 1_000_000 == 0:
        return "many"
    return "other"


def reason_text(reason: dict | None, lang: str = "en") -> str:
    """``reason`` in words in ``lang`` (English when the language or the code is unknown)."""
    if not reason:
        return ""
    lang = lang if lang in LANGUAGES else "en"
    params = reason.get("params") or {}
    template = catalog(lang).get(f"reason.{reason.get('code')}")
    if template is None and lang != "en":
        template = catalog("en").get(f"reason.{reason.get('code')}")
    if isinstance(template, dict):  # plural forms; "_n" names the count that decides
        count = params.get(template.get("_n", "n"))
        form = plural_form(lang, _number(count)) if isinstance(count, (int, float)) else "other"
        template = template.get(form, template["other"])
    if template is None:
        template = "{code}"
        params = {"code": reason.get("code", "?"), **params}
    return PLACEHOLDER.sub(lambda m: _number(params.get(m.group(1), "?")), template)
