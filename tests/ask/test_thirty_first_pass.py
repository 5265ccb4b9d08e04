"""The thirty-first pass on the rules search (docs/ask.md, session 58, helper ask58): its held-out
set ``FRESH_31``, naming its answers, and its figures as measured before anything of the pass was
changed; and the fixes the pass made on the known development misses, each with a test seen
failing first. The questions written here are development questions: they measure nothing held
out."""

from __future__ import annotations

import pytest

from .questions_fresh import FRESH_31
from .scoring import first_answer_reads, held_out_tests

#: FRESH_31 (session 58): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Thirty-first pass*) 23/29/20 held out, before the
#: pass (the same asked of no table and from a table of default options). A development set from
#: the thirty-second pass on, which looked at its misses: 25/30/22 after it, 26/30/24 after the
#: thirty-third.
(test_the_set_names_its_answer_in_exactly_one_passage, test_the_set_holds_its_figures) = (
    held_out_tests(FRESH_31, 5, (26, 30, 24))
)


#: What a game pays with is "money" in any words ("cash", "funds", "budget"), and a "version" of
#: the rules is a variant: "how much cash does each person have at the start of the auction
#: version" (FRESH_28) got no answer at all, its two main words unknown to the page; the rules say
#: "Points are your money. Everyone starts with 20 points." Plain words of the language
#: (`words.SAME_MEANING`), not the game's.
@pytest.mark.parametrize(
    "question",
    [
        "auction: how much cash do we each get to start",
        "whats the starting budget in the auction version",
    ],
)
def test_cash_is_the_points_you_bid_with(question):
    first_answer_reads("tikal", "en", question, ["Points are your money."],
                       "Everyone starts with 20 points")


#: More "than I have" is beyond what one owns, the bound on a bid: "You can never bid more points
#: than you have" (pt "mais pontos do que se tem", ca "més punts dels que tens"). "have", "tem",
#: "tinc" are little words, so "no leilao da pra dar lance maior q o q eu tenho de ponto?"
#: (FRESH_28) found the first auction's "oferece mais que o lance atual" first: the phrase is read
#: as one word on both sides (`words.SAME_PHRASES`).
@pytest.mark.parametrize(
    ("lang", "question", "facts", "answer"),
    [
        ("en", "auction: can my bid go higher than what i have",
         ["Points are your money."], "You can never bid more points than you have"),
        ("pt-BR", "leilao: meu lance pode ser maior do que eu tenho?",
         ["Seus pontos são seu dinheiro."], "Nunca se pode oferecer mais pontos do que se tem"),
        ("ca", "a la subhasta puc fer una oferta mes alta del que tinc?",
         ["Els punts són els teus diners."], "No pots oferir mai més punts dels que tens"),
    ],
)
def test_more_than_one_has_is_the_bound_on_a_bid(lang, question, facts, answer):
    first_answer_reads("tikal", lang, question, facts, answer)


#: A cost asked smaller or larger ("cost less", "cheaper", pt "custar menos", ca "costi menys")
#: asks whether it changes: the rule is Strength's "it never changes what an action costs", not
#: the moving rule the question names. "does a big guy make moving cheaper" (FRESH) had it second;
#: "el cap fa que moure's costi menys?" (FRESH_28) fourth, now second: the Catalan rule says
#: "canvia", also a name of the exchange, so the phrase weighs less there.
@pytest.mark.parametrize(
    ("lang", "question", "facts", "answer"),
    [
        ("en", "does my leader make moving cost less", ["Strength."],
         "it never changes what an action costs"),
        ("pt-BR", "o chefe faz o movimento custar menos?", ["Força."],
         "ela nunca muda o custo de uma ação"),
        ("pt-BR", "mover o chefe custa mais que um explorador?", ["Força."],
         "ela nunca muda o custo de uma ação"),
    ],
)
def test_a_cost_asked_smaller_asks_whether_strength_changes_it(lang, question, facts, answer):
    first_answer_reads("tikal", lang, question, facts, answer)


#: Catalan "fins i tot" is "even", not "tot" (all): Decision 5's "fins i tot quan l'últim espai
#: l'ha omplert" met the "del tot" (completely) of a full sheet and led over Decision 6, a full
#: sheet's pass.
def test_even_is_no_all_in_catalan():
    first_answer_reads("cartographers", "ca", "el meu full ja esta ple del tot, que faig?",
                       ["Decisió 6"], "simplement passa")


#: The explored "zona" (pt "área") is its spaces: Decision 1 says "zona descoberta" ("área
#: descoberta"), the placing rule "espai descobert" ("espaço descoberto"), so "per que no em
#: deixa posar la lloseta aqui si toca la zona descoberta" (FRESH_28) found Decision 1, the
#: tile that fits nowhere, before the rule that a shared side needs a stone.
@pytest.mark.parametrize(
    ("lang", "question", "facts", "answer"),
    [
        ("ca", "si toca la zona descoberta per que no puc posar la lloseta?",
         ["Almenys un dels costats"], "ha de tenir una pedra"),
        ("pt-BR", "pq nao deixa colocar o hexagono aqui se encosta na area descoberta",
         ["Pelo menos um lado em comum"], "precisa ter um bloco de pedra"),
    ],
)
def test_the_explored_area_is_its_spaces(lang, question, facts, answer):
    first_answer_reads("tikal", lang, question, facts, answer)
