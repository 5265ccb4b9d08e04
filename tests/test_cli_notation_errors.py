"""A malformed action typed at the terminal's prompt, in the person's language: the refusal
says which word was not understood (or that one is missing at the end), what goes in its
place, in their words, and an action written right, for each game's notation."""

from __future__ import annotations

import json

import pytest

from boardgamesbot.cli.words import say
from boardgamesbot.engine import LANGUAGES, GameError, load_game
from boardgamesbot.games.cartographers.components import DRAWN_TERRAINS
from boardgamesbot.games.tikal.notation import FORMS
from boardgamesbot.games.wording import notation_error, phrase
from boardgamesbot.web import catalog
from tests.test_cli_first_game import run

#: Per game, malformed lines: (typed, the word pointed at or "" when one is missing at
#: the end, what goes there: the catalog entry ``notation.<…>``, None for a word too many).
MALFORMED = {
    "tikal": [
        ("fly away", "fly", "tikal.action.basic"),  # (the basic game: its own verbs)
        ("move A6 B5", "A6", "tikal.figure"),
        ("enter L Z9", "Z9", "tikal.space"),
        ("place C4 r9", "r9", "tikal.rotation"),
        ("exchange 3 q2 5", "q2", "tikal.seat"),
        ("exchange 3 p2", "", "tikal.treasure"),
        ("end now", "now", None),
    ],
    "cartographers": [
        ("bosc 1 A1", "bosc", "cartographers.action"),
        ("forest 1 A1", "A1", "cartographers.orientation"),
        ("forest 3 r0 A1", "3", "cartographers.shape"),
        ("forest 1 r0", "", "cartographers.cell"),
        ("ambush A1", "A1", "cartographers.ambush"),
        ("pass now", "now", None),
    ],
}


def _shared(lang: str, key: str, **params: str) -> str:
    """An entry of the catalogs every face shares, filled in."""
    return phrase(catalog, lang, key, **params) or key


def _flat(text: str) -> str:
    """``text`` with its line breaks undone (the console wraps long refusals)."""
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_action_says_which_word_and_what_goes_there(tmp_path, name, lang):
    game = load_game(name)
    typed = [line for line, _, _ in MALFORMED[name]]
    result = run("play", name, "--players", "2", "--seed", "5", "--lang", lang,
                 "--save", str(tmp_path / "g.json"), stdin="\n".join(typed + ["quit"]) + "\n")
    assert result.exit_code == 0, result.output
    output = _flat(result.output)
    words = {language: game.words(language) for language in LANGUAGES}
    for line, word, expected in MALFORMED[name]:
        if expected is None:  # a word too many, and how the action is written
            assert _flat(_shared(lang, "notation.extra", word=word, example=line.split()[0])) \
                in output, line
            continue
        what = _flat(words[lang][f"notation.{expected}"])
        assert what in output, (line, what)  # what goes there, in the person's words
        if word:
            assert f"'{word}'" in output, line
        if lang != "en":
            assert _flat(words["en"][f"notation.{expected}"]) not in output, line
    # No longer only the general sentence, nor the engine's English
    assert say(lang, "error.bad_notation") not in result.output
    if lang != "en":
        assert "cannot read" not in output and "is missing" not in output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_terrain_typed_in_ones_own_language_is_told_its_notation_word(tmp_path, lang):
    """A Catalan who types "bosc 1 A1" is told the notation writes "bosc" as "forest"."""
    result = run("play", "cartographers", "--players", "2", "--seed", "5", "--lang", lang,
                 "--save", str(tmp_path / "g.json"), stdin="bosc 1 A1\nquit\n")
    assert result.exit_code == 0, result.output
    assert _flat(_shared(lang, "notation.meant", word="bosc", meant="forest")) \
        in _flat(result.output)


def _spoken_words(name: str, lang: str) -> list[tuple[str, str]]:
    """Each single word the game's rules knowledge gives in ``lang`` for a word of the
    notation's first place (Tikal's verbs; Cartographers' terrains and ambush), with that
    notation word: the words a person may type there in their own language. A word two
    notation words share, or that is a notation word itself, is left out (none is meant)."""
    game = load_game(name)
    knowledge = json.loads(game.rules_knowledge.read_text(encoding="utf-8"))
    first = {"tikal": {verb: "place_tile" if verb == "place" else verb for verb in FORMS},
             "cartographers": {word: word for word in (*DRAWN_TERRAINS, "ambush")}}[name]
    meant: dict[str, set[str]] = {}
    for notation, term in first.items():
        for kept in (knowledge["terms"], knowledge.get("typed", {})):  # (typed: not searched)
            for word in kept.get(term, {}).get(lang, []):
                if " " not in word:
                    meant.setdefault(word, set()).add(notation)
    return sorted((word, notations.pop()) for word, notations in meant.items()
                  if len(notations) == 1 and word.lower() not in first)


SPOKEN = [(name, lang, word, notation) for name in ("tikal", "cartographers")
          for lang in ("pt-BR", "ca") for word, notation in _spoken_words(name, lang)]


@pytest.mark.parametrize(("name", "lang", "word", "notation"), SPOKEN)
def test_a_word_of_the_game_in_ones_own_language_is_told_its_notation_word(name, lang, word,
                                                                          notation):
    """A Brazilian who types "mover W A6 B5" is told, in their words, that the notation
    writes "mover" as "move", with an action written that way: each word of the game's
    vocabulary for a verb (Tikal) or a terrain (Cartographers), as the terminal, the chat
    and the browser's "Why not?" say a refusal (`notation_error`)."""
    game = load_game(name)
    with pytest.raises(GameError) as refused:
        game.new(2, 5).apply(0, f"{word} W A6 B5")
    assert refused.value.params["meant"] == notation
    assert refused.value.params["example"].split()[0] == notation
    told = notation_error(catalog, lang, refused.value.params)
    assert told is not None
    assert _shared(lang, "notation.meant", word=word, meant=notation) in told


def test_the_vocabulary_offers_the_words_a_person_types():
    """The words the parametrised test walks through include the ones players were seen
    typing (not an empty list that could pass for any code)."""
    assert {("tikal", "pt-BR", "mover", "move"), ("tikal", "ca", "moure", "move"),
            ("tikal", "pt-BR", "cavar", "uncover"), ("tikal", "ca", "excavar", "uncover"),
            ("tikal", "pt-BR", "acampamento", "camp"), ("tikal", "pt-BR", "guardião", "guard"),
            ("cartographers", "ca", "bosc", "forest"),
            ("cartographers", "pt-BR", "emboscada", "ambush")} <= set(SPOKEN)


#: Tikal's verbs whose rules term had no single word in pt-BR and Catalan (the tile's was
#: "colocar o hexágono"), in the words the rulebooks and help use for them.
VERBS_ONCE_UNTOLD = [
    ("pt-BR", "colocar", "place"), ("pt-BR", "coloque", "place"), ("ca", "col·locar", "place"),
    ("ca", "posar", "place"), ("pt-BR", "entrar", "enter"), ("ca", "entrar", "enter"),
    ("pt-BR", "passar", "pass"), ("ca", "passar", "pass"), ("pt-BR", "pegar", "take"),
    ("pt-BR", "escolher", "take"), ("ca", "agafar", "take"), ("ca", "triar", "take"),
]


@pytest.mark.parametrize(("lang", "word", "verb"), VERBS_ONCE_UNTOLD)
def test_every_tikal_verb_has_its_players_words(lang, word, verb):
    """A Brazilian who types "passar" in an auction, or a Catalan "col·locar C4", is told the
    notation's verb, as for "mover": place, enter, pass and take had no hint at all."""
    with pytest.raises(GameError) as refused:
        load_game("tikal").parse_action(f"{word} 2")
    assert refused.value.params["meant"] == verb
    assert refused.value.params["example"].split()[0] == verb
    told = notation_error(catalog, lang, refused.value.params)
    assert told is not None
    assert _shared(lang, "notation.meant", word=word, meant=verb) in told
    assert ("tikal", lang, word, verb) in SPOKEN  # (walked through by the test above too)


def test_every_tikal_verb_is_meant_by_some_word_in_each_language():
    """Each verb of the notation is told to someone typing a word of their own language."""
    for lang in ("pt-BR", "ca"):
        told = {verb for name, language, _, verb in SPOKEN
                if name == "tikal" and language == lang}
        assert told == set(FORMS), (lang, set(FORMS) - told)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tikal_verb_typed_in_ones_own_language_is_told_its_notation_word(tmp_path, lang):
    """At the terminal's prompt: "mover W A6 B5" is told "mover" is written "move"."""
    result = run("play", "tikal", "--players", "2", "--seed", "5", "--lang", lang,
                 "--save", str(tmp_path / "g.json"), stdin="mover W A6 B5\nquit\n")
    assert result.exit_code == 0, result.output
    output = _flat(result.output)
    assert _flat(_shared(lang, "notation.meant", word="mover", meant="move")) in output
    assert "'move W A6 B5'" in output
