"""The twenty-fifth pass on the rules search (docs/ask.md, session 53, helper ask25): Cartographers
asked in Brazilian Portuguese, from the development set ``DEV_PT_CARTOGRAPHERS`` (written for this
pass, its misses looked at: it measures nothing held out), each fix with a test that failed
before it."""

from __future__ import annotations

import pytest

from boardgamesbot.help.search import ask

from .questions_fresh import DEV_PT_CARTOGRAPHERS
from .scoring import SHOWN, assert_named_once, assert_totals, first_answer_reads, shown


def test_the_development_set_names_its_answer_in_exactly_one_passage():
    assert_named_once("cartographers", DEV_PT_CARTOGRAPHERS["cartographers"], 0)


#: DEV_PT_CARTOGRAPHERS measured 21/29/17 before the pass, 24/30/21 after (development figures);
#: 25/30/22 after the twenty-sixth pass, 26/30/23 after the twenty-eighth, 27/30/24 after the
#: twenty-ninth, 28/30/24 after the thirtieth.
def test_the_development_set_holds_its_figures():
    assert_totals(DEV_PT_CARTOGRAPHERS, (28, 30, 24), "DEV_PT_CARTOGRAPHERS")


#: Brazilian words for the game's things the page says otherwise: a "buraco" (hole) is an empty
#: space, "colado"/"grudado" (stuck to) is next to, "perco" (I lose) is losing stars; "sou o
#: q?" after a solo score asks the title it earns, in the three languages ("what am i", "que
#: soc"). Each of these had no answer or the solo number of a card before.
@pytest.mark.parametrize(
    ("lang", "question", "facts", "answer"),
    [
        (
            "pt-BR",
            "deixei um buraco colado no monstro, perco qto?",
            ["vizinho a pelo menos um espaço de monstro"],
            "1 por espaço vazio",
        ),
        ("pt-BR", "fiz 22 no solo, sou o q?", ["Master Mapsmith"], "20 a 29"),
        ("pt-BR", "terminei o solo com 12, o que eu sou", ["Journeyman Topographer"], "10 a 19"),
        ("ca", "he fet 22 en solitari, que soc?", ["Master Mapsmith"], "20 a 29"),
    ],
)
def test_brazilian_words_for_the_games_things(lang, question, facts, answer):
    first_answer_reads("cartographers", lang, question, facts, answer)


#: A paragraph that only opens a list or a command ("Comece uma partida no terminal, e leia
#: esta página lá, com:", "Every player scores stars:") says none of what follows; short, it
#: led questions that share a word with it. It counts `LEAD_IN_WEIGHT` (the first failed
#: before: the terminal's "Comece uma partida" led; the second listed it among the answers).
def test_a_paragraph_opening_a_list_does_not_lead():
    first_answer_reads(
        "tikal",
        "pt-BR",
        "o jogo acaba quando?",
        ["Então a partida termina"],
        "Então a partida termina",
    )
    answers = ask("cartographers", "que es puntua al final de cada estacio", "ca").answers
    assert all(not answer.text.endswith(":") for answer in answers), [
        answer.text[:40] for answer in answers
    ]


#: "passar a vez" (and "pular a vez") is one thing, passing one's turn, as Decision 6 says it
#: ("Ninguém passa a vez…"): not "passar" (the sheets passed in an ambush) and "vez" apart, which
#: lost to the drawing rule's "em nada" (failed before).
def test_passing_ones_turn_is_one_thing():
    first_answer_reads(
        "cartographers",
        "pt-BR",
        "nao quero desenhar nada, posso passar a vez?",
        ["Decisão 6"],
        "Ninguém passa a vez",
    )


#: Nor does a sentence that only opens what follows lead (`LEAD_IN_WEIGHT`): "A classificação dá
#: um título:" led the solo paragraph for a question about the title, whose answer is the
#: sentence before it, how the rating is worked out (both failed before: the English one read only
#: past the lead-in sentence and the paragraph's opening).
@pytest.mark.parametrize(
    ("lang", "question", "answer"),
    [
        ("pt-BR", "sozinho, como descubro meu titulo?", "é a sua pontuação menos os"),
        ("en", "how is my title worked out when i play alone", "your rating is your score minus"),
    ],
)
def test_a_sentence_opening_a_list_does_not_lead(lang, question, answer):
    first = ask("cartographers", question, lang).answers[0]
    assert answer in shown(first)[: SHOWN // 2], shown(first)[:SHOWN]  # (the lead, first)
