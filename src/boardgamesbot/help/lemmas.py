"""Dictionary forms of words (lemmas), from tables shipped with the package.

The rules search brings a word to its dictionary form before stemming it, so a
conjugated verb meets its infinitive (Portuguese *move*/*mover*, Catalan
*jugo*/*jugar*, English *drew*/*draw*). The lemmas come from simplemma, but its
whole dictionaries cost seconds to load and ~190 MB in every process that answers
a question; only a sliver of them can ever matter: the forms whose lemma is a
lemma of some word of the help pages, of the players' phrasings or of the plain words
read as one (``words.SAME_MEANING``: "sabe" is "saber", read as "see"); a question word
whose lemma none of them has matches nothing either way. So each game ships its own
sliver beside its help pages, one small JSON table per language
(``<help_dir>/lemmas/<lang>.json``: a game's words stay in its package), and
simplemma is only needed to rebuild them when a help page changes:

    python -m boardgamesbot.help.build_lemmas     # rewrites every game's tables

``tests/ask/test_lemmas.py`` fails when a table is out of date with the pages.
Each table also maps a form written without its accents ("comecou") when that
spelling is not another word's: players rarely type accents.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from boardgamesbot.engine import load_game

#: simplemma's language codes.
CODES = {"en": "en", "pt-BR": "pt", "ca": "ca"}


def tables_dir(game: str) -> Path | None:
    """Where ``game`` keeps its tables: ``lemmas/`` beside its help pages (None: no pages)."""
    help_dir = load_game(game).help_dir
    return Path(help_dir) / "lemmas" if help_dir is not None else None


@cache
def table(game: str, lang: str) -> dict[str, str]:
    """The table ``game`` ships for ``lang``: form (lower case) -> lemma."""
    folder = tables_dir(game)
    path = folder / f"{lang}.json" if folder is not None else None
    return json.loads(path.read_text(encoding="utf-8")) if path and path.exists() else {}


def lemma(word: str, game: str, lang: str) -> str:
    """The dictionary form of ``word`` (lower case, accents as typed, or none) in
    ``game``'s table, or the word itself when the table does not hold it."""
    return table(game, lang).get(word, word)
