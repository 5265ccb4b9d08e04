"""The twenty-sixth pass on the rules search (docs/ask.md, session 54, helper ask26): its held-out
set ``FRESH_26``, naming its answers, and its figures as measured before anything of the pass was
changed; and the fixes the pass made on development questions, each with a test. The questions
written here are development questions: they were asked while fixing, and measure nothing held
out."""

from __future__ import annotations

import pytest

from boardgamesbot.help.search import ask, index

from .questions_fresh import FRESH_26
from .scoring import held_out_tests

#: FRESH_26 (session 54): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Twenty-sixth pass*) 19/28/18 held out, before
#: the pass (the same asked of no table and from a table of default options).
(test_the_set_names_its_answer_in_exactly_one_passage, test_the_set_holds_its_figures) = (
    held_out_tests(FRESH_26, 5, (19, 28, 18))
)


#: "Which terrains are there?" was answered by Decision 11 (Greengold Plains' "terrain types")
#: and its card, the list of the five terrains third or later: the list did not say "terrain
#: types". It now does, in every language, and comes within the first two (Decision 11, which
#: says "terrain types" twice, still leads; the list keeps its words, "Terrains:" first).
@pytest.mark.parametrize(
    ("lang", "question", "listed"),
    [
        ("pt-BR", "quais sao os tipos de terreno", "floresta, aldeia, fazenda, água e monstro"),
        ("en", "what are the terrain types", "forest, village, farm, water and monster"),
        ("ca", "quins son els tipus de terreny", "bosc, poblat, granja, aigua i monstre"),
    ],
)
def test_the_terrains_list_answers_which_terrain_types(lang, question, listed):
    answers = ask("cartographers", question, lang).answers
    assert any(listed in answer.text for answer in answers[:2]), [a.title for a in answers[:3]]


#: Brazilian players say "rodada" for a turn more often than for a season: Cartographers read it
#: as a season (its pt-BR page never says "rodada"), so "quantas rodadas tem uma estacao" got the
#: four seasons of the goal's paragraph. It is now a name of the page's "turno" (a term of its
#: own, pt-BR only), and the turn's paragraph answers.
@pytest.mark.parametrize(
    "question",
    [
        "quantas rodadas tem uma estacao",
        "o que acontece em cada rodada",
        "quem joga primeiro na rodada",  # first before too, by "primeiro"
    ],
)
def test_rodada_is_a_turn_in_cartographers(question):
    first = ask("cartographers", question, "pt-BR").answers[0]
    assert "Cada estação é uma sequência de turnos" in first.text, (first.title, first.text[:80])


#: "Each coin is worth how much at the season's end?" got the season's edicts' line: the coin's
#: value is said as a number before it ("+1 por moeda"), which only a count question looked for.
#: A question asking what each thing is worth now asks that count too (`words.VALUE_ASKED`). In
#: English "+1 per coin" puts "per" between them, so "14 coins" (the track) still leads there.
@pytest.mark.parametrize(
    ("lang", "question", "answer"),
    [
        ("pt-BR", "cada moeda vale qto no fim da estacao", "+1 por moeda"),
        ("ca", "cada moneda quant val al final de l'estacio?", "+1 per moneda"),
    ],
)
def test_what_each_coin_is_worth_is_a_count(lang, question, answer):
    first = ask("cartographers", question, lang).answers[0]
    assert first.text.startswith(answer), (first.title, first.text[:60])


#: "dele", "dela", "deles", "delas" ("of him", "of her") are "de" and a pronoun, both little
#: words: "da pra passar por cima dela" asked about a word "del" the page never says.
def test_portuguese_contracted_pronouns_are_little_words():
    keys = index("cartographers", "pt-BR").query(
        "a montanha bloqueia o desenho ou da pra passar por cima dela"
    )
    assert not any(key.startswith("del") for key in keys), keys
