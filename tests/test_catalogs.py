"""What every catalog of people's words (the chat's, the browser's, the terminal's, the
pictures') holds to, across the project."""

import json
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "boardgamesbot"
# Nouns for the one who won that carry a gender (pt-BR, ca); a verb or "Vitória" does not.
GENDERED_WINNER = re.compile(
    r"\b(vencedor|vencedora|vencedores|vencedoras|guanyador|"
    r"guanyadora|guanyadors|guanyadores)\b",
    re.IGNORECASE,
)


def catalogs() -> list[Path]:
    # A game's help/ holds the words people type (its lemma tables list "vencedor" so a
    # question using it is understood), not words said to anyone.
    found = [
        p
        for p in SRC.rglob("*.json")
        if p.name in ("pt-BR.json", "ca.json", "picture_words.json")
        and "help" not in p.relative_to(SRC).parts  # (not the folders above the checkout)
    ]
    assert len(found) > 5, found  # the chat's, the browser's, the terminal's, the games'
    return sorted(found)


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def test_no_catalog_says_who_won_with_a_gendered_noun():
    """Nobody's gender is known: who won is said with a verb ("Venceu: Ana") or a word
    about the win ("Vitória: Ana, Cy"), never "Vencedor"/"Guanyador"."""
    said = [
        (path.relative_to(SRC), text)
        for path in catalogs()
        for text in strings(json.loads(path.read_text(encoding="utf-8")))
        if GENDERED_WINNER.search(text)
    ]
    assert said == []


def test_the_reader_is_addressed_without_a_gendered_adjective():
    """The bot speaks to someone whose gender it does not know: "numa partida solo" / "en
    solitari", not "sozinho" / "sol" (the welcome said so)."""
    alone = re.compile(r"\b(sozinh[oa]s?|sols?|soles|sola)\b", re.IGNORECASE)
    said = [
        (path.relative_to(SRC), text)
        for path in catalogs()
        # the chat's catalogs, wherever the checkout is (a folder above it named "chat"
        # would otherwise take in every catalog)
        if "chat" in path.relative_to(SRC).parts
        for text in strings(json.loads(path.read_text(encoding="utf-8")))
        if alone.search(text)
    ]
    assert said == []


def test_the_welcome_names_the_lobby_buttons_as_they_are_labelled():
    """The welcome tells friends which buttons to tap: by the labels they will find on
    the lobby, not another wording of them (Catalan said "Uneix-m'hi" of a button that
    reads "Uneix-t'hi")."""
    from boardgamesbot.chat import i18n

    for lang in i18n.LANGUAGES:
        welcome = i18n.text(lang, "welcome")
        for button in ("button.join", "button.start"):
            assert i18n.text(lang, button) in welcome, (lang, button)


def test_no_chat_sentence_is_left_in_english():
    """A Brazilian group read "Replay: http://…" under its final scores, the one English
    word of the night: a sentence of the chat's catalogs that is the English one word for
    word, words and all (not only placeholders and symbols: "{who}: {action}"), is a
    sentence nobody translated."""
    folder = SRC / "chat" / "messages"
    english = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    words = re.compile(r"[^\W\d_]{2,}")
    left = [
        (lang, key, text)
        for lang in ("pt-BR", "ca")
        for key, text in json.loads((folder / f"{lang}.json").read_text(encoding="utf-8")).items()
        if isinstance(text, str) and text == english.get(key)
        and words.search(re.sub(r"\{[^}]*\}", "", text))
    ]
    assert left == []


def test_scores_have_one_word_in_each_language():
    """A Brazilian group read "Pontuação:" over a scoring and "Pontos:" in the table's
    caption, two words for one thing: the scoring's title, the final one and the caption
    say the same word in each language."""
    from boardgamesbot.chat import i18n

    for lang in i18n.LANGUAGES:
        word = i18n.text(lang, "living.scores", scores="").split(":")[0].strip()
        assert i18n.text(lang, "score.title") == f"{word}:", lang
        assert word.lower() in i18n.text(lang, "end.title").lower(), lang
