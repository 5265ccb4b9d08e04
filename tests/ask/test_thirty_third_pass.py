"""The thirty-third pass on the rules search (docs/ask.md, session 59, helper ask59b): a short
pass on development misses the thirty-second named, each fix with a test seen failing first.
The questions written here are development questions: they measure nothing held out."""

from __future__ import annotations

import pytest

from boardgamesbot.help.words import asks_purpose

from .passes import opening_rank
from .scoring import first_answer_reads


#: A question asking what a thing is for, in each language ("what's the point of", "what is …
#: for", "pra que serve", "per a què serveix"); not one asking what to do, or for whom.
@pytest.mark.parametrize(("lang", "question", "purpose"), [
    ("en", "wats the point of building a camp anyway", True),
    ("en", "what is the amulet for?", True),
    ("en", "whats the use of a guard, can it leave", True),
    ("pt-BR", "pra q servem as moedas?", True),
    ("ca", "per a què serveix el campament", True),
    ("ca", "de què serveixen les monedes", True),
    ("en", "what can i do", False),
    ("en", "how many AP for a camp", False),
    ("pt-BR", "quanto custa o acampamento?", False),
    ("ca", "per què no puc moure?", False),
])
def test_a_purpose_question_is_recognised(lang, question, purpose):
    assert asks_purpose(question, lang) is purpose


#: Asked what a thing is for, the sentence shown first says what it lets one do, not the limits
#: on having one: "wats the point of building a camp anyway" (FRESH_31) led with "At most one
#: camp per turn and two per game" ("wats" put right to "wait", "point" read as the game's
#: points); with one thing asked ("pra que serve o acampamento?") no sentence led at all.
@pytest.mark.parametrize(("lang", "question", "answer"), [
    ("en", "wats the point of building a camp anyway", "Your figures can then enter the board"),
    ("en", "what's the point of a camp", "Your figures can then enter the board"),
    ("pt-BR", "pra que serve o acampamento?", "suas figuras podem entrar no jogo"),
    ("ca", "per a què serveix el campament?", "les teves figures poden entrar al tauler"),
])
def test_what_a_thing_is_for_leads_with_what_it_does(lang, question, answer):
    first = first_answer_reads("tikal", lang, question, [answer], answer)
    assert answer in first.lead, (question, first.lead)


#: A number inside an action row's range marks that row as the answer only when it counts what
#: the range counts (its column: AP) or counts nothing the question names: the "2" of "2 pedras"
#: counts stones, so the row "Mover para um espaço vizinho — PA: 1–6" stays a summary and the
#: moving rule answers (FRESH_31's "qnto custa andar … 2 pedras de cada lado" was 2nd). A
#: number counting nothing named stays the range's: "quin es el titol amb 15 punts en solitari"
#: (HELD_OUT) is the row "10 a 19" (the stars are no thing a rating row counts from).
@pytest.mark.parametrize(("lang", "question", "rule", "row"), [
    ("pt-BR", "qnto custa andar pro hexagono do lado se tem 2 pedras de cada lado",
     "Movimento.", "Mover para um espaço vizinho"),
    ("ca", "quants PA per moure'm amb 2 pedres a cada costat",
     "Moviment.", "Moure a un espai veí"),
])
def test_a_number_counting_stones_is_no_action_points(lang, question, rule, row):
    assert opening_rank("tikal", lang, question, rule) == 1
    assert (opening_rank("tikal", lang, question, row) or 9) > 1
