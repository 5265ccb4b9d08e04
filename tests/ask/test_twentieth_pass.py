"""The twentieth pass on the rules search (docs/ask.md, session 50, helper ask20): why English
answers were read second more often than Portuguese ones, each general cause with a test. Its
development set is ``questions_fresh.DEV_EN`` (for diagnosis, not a held-out measure)."""

from __future__ import annotations

import pytest

from boardgamesbot.help.search import ask, index

from .scoring import first_answer_reads, holds


#: A refusal quoted after "it says": "says" is no word of the rules, and was read as a slip for
#: "stays" ("Other players' figures may stay there" led the guard rule).
@pytest.mark.parametrize("question", [
    "it says 'You have placed both your guards.' does that mean no third guard?",
    "it says 'You have placed both your guards.' so i cant get a 3rd?",
])
def test_the_verb_quoting_a_refusal_is_no_word_of_the_question(question):
    assert "stay" not in index("tikal", "en").query(question)
    first_answer_reads("tikal", "en", question, ["Place a guard (5 AP)"],
                       "At most two guards per player per game")


#: English says "not" inside "nowhere", "never", "nobody" where Portuguese and Catalan keep
#: their "não", "no" beside it: a question's "can't fit" reads the sentence that "never fits".
@pytest.mark.parametrize(("question", "answer"), [
    ("solo: what if the ambush monster cant fit anywhere", "If it never fits"),
    ("solo, what if it cant fit along the edge", "one ring further in"),
])
def test_a_sentence_saying_nowhere_or_never_answers_a_question_saying_not(question, answer):
    first_answer_reads("cartographers", "en", question, ["Playing solo,"], answer)


def test_a_verb_and_its_particle_are_the_rules_one_verb():
    """English "go into" is the rules' "enter", as Portuguese says "entrar": "can the guys go
    into a volcano?" got the volcano's scoring round, the walking rule nowhere in three."""
    reply = ask("tikal", "can the guys go into a volcano?", "en")
    assert any(holds(given.text, ["Nobody ever enters a volcano"])
               for given in reply.answers[:2]), [given.title for given in reply.answers[:3]]


#: "Turned" is turning a shape in Cartographers' English as "girado" is in its Portuguese (and
#: "turned" in Tikal's English): it was the plain word "turn", a turn of play.
@pytest.mark.parametrize(("question", "facts", "answer"), [
    ("playing alone, is the ambush monster turned the way i want?", ["Playing solo,"],
     "no turning, no flipping"),
    ("in an ambush the monster gets turned by whoever draws it?", ["With two or more players,"],
     "turned and flipped as they like"),
])
def test_a_shape_turned_is_a_shape_rotated(question, facts, answer):
    first_answer_reads("cartographers", "en", question, facts, answer)
