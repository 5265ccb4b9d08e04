"""The twenty-second pass on the rules search (docs/ask.md, session 51, helper ask22): its held-out
set ``FRESH_23``, naming its answers, and its figures as measured; and the general fixes the pass
made on development questions, each with a test. The questions written here are development
questions: they were asked while fixing, and measure nothing held out."""

from __future__ import annotations

import pytest

from boardgamesbot.help.search import index

from .passes import opening_rank as _within
from .questions_fresh import FRESH_23
from .scoring import held_out_tests

#: FRESH_23 (session 51): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Twenty-second pass*) 18/26/14 held out, before
#: the pass; a development set from the twenty-third pass, which fixed causes of its misses:
#: 23/28/19 after it; 27/30/26 after the twenty-fourth; 28/30/27 once the thirty-first named
#: the Rift Lands card's line for "can i pick monster", as the other sets do.
(test_the_set_names_its_answer_in_exactly_one_passage,
 test_the_set_holds_its_figures) = held_out_tests(FRESH_23, 5, (28, 30, 27))


#: The ambush rules open with no word of their own for "ambush" ("**Playing solo,** the game
#: draws the monster…", "**With two or more players,** everybody passes their sheet…"): it is
#: only in their heading, "Ambushes", which counted a third of a word; asked about an ambush,
#: the rule ranked behind the ambush cards' list or Decision 5 (second, third or beyond).
@pytest.mark.parametrize(("lang", "question", "opening", "within"), [
    ("en", "in an ambush who draws on my sheet", "With two or more players", 1),
    ("en", "solo ambush where does the monster go", "Playing solo", 1),
    ("pt-BR", "solo, onde vai o monstro da cilada", "No jogo solo", 2),
    ("ca", "en una emboscada a qui passo el full?", "Amb dos jugadors o més", 3),
])
def test_a_rule_titled_by_its_heading_is_found_by_the_heading_s_words(lang, question, opening,
                                                                      within):
    found = _within("cartographers", lang, question, opening)
    assert found is not None and found <= within, found


#: A minus said in words is the number's sign, as "-3" typed is (twenty-first pass): the solo
#: rating's row that holds it leads. Before, "minus 3" was 3 and "0 to 9" or the solo
#: paragraph led; "pelo menos 3" is still "at least 3".
@pytest.mark.parametrize(("lang", "question", "row"), [
    ("en", "solo what title with a rating of minus 3", "−5 to −1"),
    ("en", "what title do i get solo at minus 12", "−20 to −11"),
    ("pt-BR", "no solo tirei menos 3, qual titulo", "−5 a −1"),
    ("pt-BR", "classificacao negativa 12 no solo da qual titulo", "−20 a −11"),
    ("ca", "en solitari amb menys 3 quin titol tinc", "−5 a −1"),
    ("ca", "valoracio de menys 8 en solitari, quin titol?", "−10 a −6"),
])
def test_a_minus_said_in_words_is_the_number_s_sign(lang, question, row):
    assert _within("cartographers", lang, question, row) == 1


def test_at_least_is_no_minus():
    words = index("tikal", "pt-BR").words
    assert ("-1", 1.0) not in words.weighted("pelo menos 1 figura", amounts=False)
    assert ("-3", 1.0) in words.weighted("menos 3", amounts=False)
