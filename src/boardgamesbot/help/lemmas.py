"""Dictionary forms of words (lemmas), from tables shipped with the package.

The rules search brings a word to its dictionary form before stemming it, so a
conjugated verb meets its infinitive (Portuguese *move*/*mover*, Catalan
*jugo*/*jugar*, English *drew*/*draw*). The lemmas come from simplemma, but its
whole dictionaries cost seconds to load and ~190 MB in every process that answers
a question; only a sliver of them can ever matter: the forms whose lemma is a
lemma of some word of the help pages (a question word whose lemma no page has
matches nothing either way). So this module ships that sliver, one small JSON
table per language (``lemmas/<lang>.json``), and simplemma is only needed to
rebuild them when a help page changes:

    python -m boardgamesbot.help.lemmas        # rewrites the tables

``tests/ask/test_lemmas.py`` fails when a table is out of date with the pages.
Each table also maps a form written without its accents ("comecou") when that
spelling is not another word's: players rarely type accents.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from boardgamesbot.engine import LANGUAGES, GameError, known_games, load_game

#: simplemma's language codes.
CODES = {"en": "en", "pt-BR": "pt", "ca": "ca"}
TABLES = Path(__file__).with_name("lemmas")


@cache
def table(lang: str) -> dict[str, str]:
    """The shipped table of ``lang``: form (lower case) -> lemma."""
    path = TABLES / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def lemma(word: str, lang: str) -> str:
    """The dictionary form of ``word`` (lower case, accents as typed, or none), or the
    word itself when the table does not hold it."""
    return table(lang).get(word, word)


def build(lang: str) -> dict[str, str]:
    """The table of ``lang`` for the help pages of every known game (needs simplemma)."""
    import simplemma
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    from .words import split, split_accented

    code = CODES[lang]
    words: set[str] = set()
    for game in known_games():
        try:
            words.update(split_accented(load_game(game).help_page(lang)))
        except GameError:  # a game without a help page (one registered by a test)
            continue
    found = {word: simplemma.lemmatize(word, lang=code) for word in words}
    wanted = set(found.values()) | words
    built = {form: lemma for form, lemma in
             DefaultDictionaryFactory().get_dictionary(code).items()
             if lemma in wanted and form.isalnum() and form == form.lower()}
    built.update(found)  # the pages' own words exactly as simplemma reads them
    for form, lemma in list(built.items()):
        bare = "".join(split(form))
        if bare != form and bare not in built:
            built[bare] = lemma
    return {form: lemma for form, lemma in sorted(built.items()) if form != lemma}


def main() -> None:
    TABLES.mkdir(exist_ok=True)
    for lang in LANGUAGES:
        built = build(lang)
        (TABLES / f"{lang}.json").write_text(
            json.dumps(built, ensure_ascii=False, indent=0, sort_keys=True) + "\n",
            encoding="utf-8")
        print(f"{lang}: {len(built)} forms")


if __name__ == "__main__":
    main()
