"""The twenty-fifth pass on the rules search (docs/ask.md, session 53, helper ask25): Cartographers
asked in Brazilian Portuguese, from the development set ``DEV_PT_CARTOGRAPHERS`` (written for this
pass, its misses looked at: it measures nothing held out), each fix with a test that failed
before it."""

from __future__ import annotations

import pytest

from .questions_fresh import DEV_PT_CARTOGRAPHERS
from .scoring import assert_named_once, assert_totals, first_answer_reads


def test_the_development_set_names_its_answer_in_exactly_one_passage():
    assert_named_once("cartographers", DEV_PT_CARTOGRAPHERS["cartographers"], 0)


#: Brazilian words for the game's things the page says otherwise: a "buraco" (hole) is an empty
#: space, "colado"/"grudado" (stuck to) is next to, "perco" (I lose) is losing stars; "sou o
#: q?" after a solo score asks the title it earns, in the three languages ("what am i", "que
#: soc"). Each of these had no answer or the solo number of a card before.
@pytest.mark.parametrize(
    ("lang", "question", "facts", "answer"),
    [
        ("pt-BR", "deixei um buraco colado no monstro, perco qto?",
         ["vizinho a pelo menos um espaço de monstro"], "1 por espaço vazio"),
        ("pt-BR", "fiz 22 no solo, sou o q?", ["Master Mapsmith"], "20 a 29"),
        ("pt-BR", "terminei o solo com 12, o que eu sou", ["Journeyman Topographer"], "10 a 19"),
        ("ca", "he fet 22 en solitari, que soc?", ["Master Mapsmith"], "20 a 29"),
    ],
)
def test_brazilian_words_for_the_games_things(lang, question, facts, answer):
    first_answer_reads("cartographers", lang, question, facts, answer)
