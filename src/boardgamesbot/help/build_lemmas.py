"""Rebuilds the lemma tables each game ships beside its help pages (needs simplemma):
the forms of the words of its pages, of its players' phrasings and of the plain words
read as one (``words.SAME_MEANING``).

    python -m boardgamesbot.help.build_lemmas

Kept apart from `boardgamesbot.help.lemmas`, which only reads the tables: building
them reads the help pages' words (`boardgamesbot.help.words`), which read the tables.
"""

from __future__ import annotations

import json

from boardgamesbot.engine import LANGUAGES, GameError, known_games, load_game

from .lemmas import CODES, tables_dir
from .words import SAME_MEANING, is_number, split, split_accented


def build(game: str, lang: str) -> dict[str, str]:
    """The table of ``lang`` for ``game``'s help page (needs simplemma)."""
    import simplemma
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    code = CODES[lang]
    declared = load_game(game)
    try:
        words = set(split_accented(declared.help_page(lang)))
    except GameError:  # a game without a help page (one registered by a test)
        return {}
    # the players' phrasings are searched as the page's words are (boardgamesbot.help.search)
    if declared.rules_phrasings is not None:
        phrasings = json.loads(declared.rules_phrasings.read_text(encoding="utf-8"))
        for by_lang in phrasings.get("phrasings", {}).values():
            words.update(split_accented(" ".join(by_lang.get(lang, ()))))
    # the plain words read as one (words.SAME_MEANING) are matched by their lemma too: their
    # forms ("sabe", "botei") must be in the table though no page says them
    words.update(split_accented(" ".join(SAME_MEANING[lang])))
    # (a number, signed or not, is its own key: never looked up)
    found = {word: simplemma.lemmatize(word, lang=code) for word in words if not is_number(word)}
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
    for game in known_games():
        folder = tables_dir(game)
        if folder is None:
            continue
        folder.mkdir(exist_ok=True)
        for lang in LANGUAGES:
            built = build(game, lang)
            (folder / f"{lang}.json").write_text(
                json.dumps(built, ensure_ascii=False, indent=0, sort_keys=True) + "\n",
                encoding="utf-8")
            print(f"{game} {lang}: {len(built)} forms")


if __name__ == "__main__":
    main()
