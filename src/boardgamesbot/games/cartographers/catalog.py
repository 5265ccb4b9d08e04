"""Cartographers' own words for its Python faces, from the catalogue every face reads
(``web/i18n/<lang>.json``: the browser merges it, `Game.words` serves it), so a solo
title reads the same in the browser's ending, the chat's picture and ``/stats``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

#: The game's face in the browser: its module, styles and catalogue (`Game.web_dir`).
WEB = Path(__file__).parent / "web"


@cache
def words(lang: str) -> dict[str, Any]:
    """The catalogue in ``lang`` ({} for a language it does not speak)."""
    path = WEB / "i18n" / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def solo_title(title: str, lang: str) -> str:
    """A solo rating's title as the rules print it ("Master Mapsmith") in ``lang``
    ("Mestre Mapeador"); as printed when the catalogue has no words for it."""
    found = words(lang).get(f"carto.title.{title}")
    return found if isinstance(found, str) else title
