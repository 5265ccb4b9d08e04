"""The rule of vocabulary: Tikal's faces in Brazilian Portuguese and Catalan name the game's
things as the rules in those languages name them (docs/rendering.md, *The rules' words*).

The Brazilian rules give each player "1 Chefe de expedição" and "18 Exploradores"; the Catalan
rules "un cap d'expedició, divuit exploradors", and call the jungle tile a "selva" (a dig site
a "jaciment", a tile a "lloseta"). The faces said "líder", "trabalhador(es)", "treballador(s)",
"jungla" and, once, "vigilant" for a guard ("guardià" everywhere else). English keeps leader
and worker, as the English rules do."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardgamesbot.games.tikal import buttons
from tests.test_catalogs import strings

TIKAL = Path(buttons.__file__).parent

#: Words of no rules of the language, that the faces said of Tikal's things before.
OLD = {
    "pt-BR": ["líder", "lider", "líderes", "trabalhador", "trabalhadores"],
    "ca": ["líder", "lider", "treballador", "treballadors", "jungla", "vigilant"],
}

#: The pieces' names as the rules give them (lower case: the faces write them in a sentence).
LEADER = {"pt-BR": "chefe de expedição", "ca": "cap d'expedició"}
WORKER = {"pt-BR": "explorador", "ca": "explorador"}


def faces(lang: str) -> dict[str, str]:
    """Every user-facing Tikal string of the language, by where it is."""
    said: dict[str, str] = {}
    catalog = json.loads((TIKAL / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    for key, value in catalog.items():
        for n, words in enumerate(strings(value)):
            said[f"i18n {key} {n}"] = words
    pictures = json.loads((TIKAL / "picture_words.json").read_text(encoding="utf-8"))[lang]
    for key, value in pictures.items():
        for n, words in enumerate(strings(value)):
            said[f"picture_words {key} {n}"] = words
    for key, words in buttons.WORDS[lang].items():
        said[f"buttons {key}"] = words
    return said


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_no_tikal_string_says_a_word_the_rules_do_not(lang):
    old = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, OLD[lang])) + r")(?!\w)", re.I)
    said = {where: words for where, words in faces(lang).items() if old.search(words)}
    assert not said, said


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_the_pieces_are_named_as_the_rules_name_them(lang):
    said = faces(lang)
    assert buttons.WORDS[lang]["L"].lower() == LEADER[lang]
    assert buttons.WORDS[lang]["W"].lower() == WORKER[lang]
    # the two bring-in buttons share a row at 360 px: "Trazer o chefe" / "Entra el cap"
    # (tests/web/test_game_night_phone_words.py), and "Mover o chefe" / "Mou el cap" beside
    # them; every sentence says the name in full
    short = LEADER[lang].split()[0]
    for key in ("tikal.enter.L", "tikal.figure.L", "tikal.col.leader", "tikal.term.col.leader"):
        assert said[f"i18n {key} 0"].lower().endswith(short), (key, said[f"i18n {key} 0"])
    for key in (
        "tikal.do.enter.L",
        "tikal.do.move.L",
        "tikal.do.guard.L",
        "tikal.figures.title 0",
        "notation.tikal.figure",
    ):
        key = key if " " in key else f"{key} 0"
        assert LEADER[lang] in said[f"i18n {key}"], (key, said[f"i18n {key}"])
    for key in (
        "tikal.enter.W",
        "tikal.figure.W",
        "tikal.do.enter.W",
        "tikal.do.move.W",
        "tikal.do.guard.W",
        "tikal.figures.title",
        "tikal.col.workers",
        "notation.tikal.figure",
    ):
        assert WORKER[lang] in said[f"i18n {key} 0"].lower(), (key, said[f"i18n {key} 0"])
    # the help page introduces both as the rules do
    page = (TIKAL / "help" / f"{lang}.md").read_text(encoding="utf-8").lower()
    assert f"1 {LEADER[lang]}" in page and f"18 {WORKER[lang]}" in page


def test_catalan_calls_the_jungle_tile_a_selva_and_a_guard_a_guardia():
    said = faces("ca")
    assert said["i18n tikal.tile.jungle 0"] == "{letter}: selva"
    assert said["picture_words jungle 0"] == "selva"
    assert said["picture_words drawn 0"] == "Lloseta robada"
    catalog = json.loads((TIKAL / "web" / "i18n" / "ca.json").read_text(encoding="utf-8"))
    for key in ("reason.tikal.leader_kept", "reason.tikal.guards_in_hand"):
        assert all("guardià" in catalog[key][n] for n in ("one", "other")), catalog[key]


def test_brazilian_tiles_are_named_clareira_and_ruina_as_the_rules_name_them():
    """The Brazilian rules name the tiles "Clareira" (a camp goes on one; an emptied ruin
    becomes one) and "Ruína" (its treasures are dug from it); our screens said "selva"
    and "tesouro" for the tiles."""
    said = faces("pt-BR")
    assert said["i18n tikal.tile.jungle 0"] == "{letter}: clareira"
    assert said["picture_words jungle 0"] == "clareira"
    catalog = json.loads((TIKAL / "web" / "i18n" / "pt-BR.json").read_text(encoding="utf-8"))
    assert all(catalog["tikal.tile.treasure"][n].startswith("{letter}: ruína ")
               for n in ("one", "other")), catalog["tikal.tile.treasure"]
    assert catalog["tikal.kind.jungle"] == "clareira"


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_the_rules_words_agree_with_their_articles(lang):
    """ "o chefe", "um explorador" (pt-BR); "el cap", "del cap", "d'un explorador" (ca)."""
    wrong = {
        "pt-BR": r"\b(a|as|uma|da|na|pela|à)\s+(chefe|explorador)",
        "ca": r"\b(la|una|de el|a el|de un|les)\s+(cap d'expedició|explorador)\b",
    }[lang]
    said = {w: s for w, s in faces(lang).items() if re.search(wrong, s, re.I)}
    assert not said, said


def test_english_keeps_leader_and_worker_as_its_rules_do():
    catalog = json.loads((TIKAL / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
    assert catalog["tikal.enter.L"] == "Bring in the leader"
    assert catalog["tikal.enter.W"] == "Bring in a worker"
    assert buttons.WORDS["en"]["L"] == "Leader" and buttons.WORDS["en"]["W"] == "Worker"


#: Players who learned the old words still type them: the rules search reads them as the
#: rules' words (help/knowledge.json terms), the same passage first.
OLD_AND_NEW = [
    ("pt-BR", "quanto vale o líder na força?", "quanto vale o chefe de expedição na força?"),
    ("pt-BR", "o lider pode ser guardiao?", "o chefe pode ser guardião?"),
    ("pt-BR", "quantos trabalhadores cada jogador tem?", "quantos exploradores cada jogador tem?"),
    (
        "pt-BR",
        "quanto custa colocar um trabalhador no jogo?",
        "quanto custa colocar um explorador no jogo?",
    ),
    ("ca", "quant val el líder a la força?", "quant val el cap d'expedició a la força?"),
    ("ca", "quants treballadors té cada jugador?", "quants exploradors té cada jugador?"),
    ("ca", "quant costa entrar un treballador?", "quant costa entrar un explorador?"),
    ("ca", "puc posar un campament a una jungla?", "puc posar un campament a una selva?"),
    ("ca", "el líder pot ser guardià?", "el cap d'expedició pot ser guardià?"),
]


@pytest.mark.parametrize(("lang", "old", "new"), OLD_AND_NEW)
def test_the_rules_search_reads_the_old_words_as_the_rules_words(lang, old, new):
    from boardgamesbot.help.search import ask

    first = [ask("tikal", question, lang).answers[0] for question in (old, new)]
    assert first[0].passage == first[1].passage, [answer.title for answer in first]
