"""Sixth pass (session 42): kinds of a broader term, the covering hint of "over", players'
words for touching and refusing, and the lead of a yes-or-no question (docs/ask.md)."""

from __future__ import annotations

import pytest

from boardgamesbot.help.search import KIND_WEIGHT, VERDICT_WEIGHT, ask, index, knowledge
from boardgamesbot.help.words import says_no, yes_or_no

from .questions import OFF_TOPIC

#: (language, question, whether it wants a yes or a no)
YES_OR_NO = [
    ("en", "can i put my camp on a volcano?", True),
    ("en", "do unspent points roll over", True),
    ("en", "bob put a monster by my village, do i lose stars?", True),
    ("en", "who wins a tie", False),
    ("en", "what happens when the deck runs out", False),
    ("en", "how much does a camp cost", False),
    ("pt-BR", "posso trocar um tesouro que eu tenho em par?", True),
    ("pt-BR", "o guardiao pode sair do templo?", True),
    ("pt-BR", "o que acontece se empatar", False),
    ("pt-BR", "quando acaba a partida", False),
    ("pt-BR", "qto custa, quanto custa um acampamento", False),
    ("ca", "puc dir que no a un intercanvi?", True),
    ("ca", "les caselles en diagonal compten com a veines?", True),
    ("ca", "que passa si empatem?", False),
    ("ca", "qui guanya si empatem", False),
    ("ca", "com es puntua un temple", False),
]


@pytest.mark.parametrize("lang, question, yes_no", YES_OR_NO)
def test_a_question_without_a_question_word_wants_a_yes_or_a_no(lang, question, yes_no):
    assert yes_or_no(question, lang) is yes_no


@pytest.mark.parametrize("lang, sentence, verdict", [
    ("en", "Nobody ever enters a volcano.", True),
    ("en", "At most two levels per temple per turn.", True),
    ("en", "The other player cannot refuse.", True),
    ("en", "You place the next temple level on a temple where you have a figure.", False),
    ("pt-BR", "Não é preciso ter figura ali.", True),
    ("pt-BR", "O Guardião nunca mais se move.", True),
    ("pt-BR", "Você coloca o próximo andar sobre um Templo.", False),
    ("ca", "No cal tenir-hi cap figura.", True),
    ("ca", "Només un campament per hexàgon.", True),
    ("ca", "Poses el nivell següent sobre un temple.", False),
])
def test_a_sentence_that_says_no_or_sets_a_limit_is_a_verdict(lang, sentence, verdict):
    assert says_no(sentence, lang) is verdict


#: Checked by hand: a yes-or-no question whose answer is a rule's "no" leads with that rule
#: (game, language, question, the first answer's title, its lead).
VERDICT_LEADS = [
    ("tikal", "en", "does one of my guys have to be on the spot to build a camp",
     "Build a camp (5 AP)", "You need no figure there. At most one camp per turn and two per "
     "game."),
    ("tikal", "en", "can the guard walk away later", "Place a guard (5 AP)",
     "The guard never moves again, nobody can uncover that temple any more, and from now "
     "on only you score it."),
    ("tikal", "pt-BR", "preciso ter peao la pra montar acampamento?",
     "Instalar um Acampamento (5 PA)", "Não é preciso ter figura ali."),
    ("tikal", "ca", "cal tenir un explorador alla per muntar un campament?",
     "Establir un campament (5 PA)", "No cal tenir-hi cap figura."),
    ("tikal", "pt-BR", "o outro jogador pode negar a troca de tesouro?",
     "Trocar um Tesouro (3 PA)", "O outro jogador não pode recusar."),
    ("cartographers", "en", "does my new shape have to be next to what i already drew",
     "2. Draw", "It need not touch anything you drew before."),
    ("cartographers", "ca", "la forma nova ha d'estar tocant el que ja tinc dibuixat?",
     "2. Dibuix", "No cal que toqui res del que ja has dibuixat."),
]


@pytest.mark.parametrize("game, lang, question, title, lead", VERDICT_LEADS)
def test_a_yes_or_no_question_leads_with_the_rules_verdict(game, lang, question, title, lead):
    first = ask(game, question, lang).answers[0]
    assert (first.title, first.lead) == (title, lead)


def test_the_verdict_weighs_only_for_a_yes_or_no_question():
    """The same passage and keys: asked openly, the sentence that names the camp's limits
    leads; asked yes-or-no, the one that says no figure is needed."""
    rules = index("tikal", "en")
    camp = next(p.id for p in rules.passages if p.title == "Build a camp (5 AP)")
    weights = rules.query("one of my guys on the spot to build a camp")
    assert VERDICT_WEIGHT > 0
    assert rules.lead(camp, weights, yes_no=True).startswith("You need no figure there.")
    assert not rules.lead(camp, weights, yes_no=False).startswith("You need no figure there.")


def test_a_figure_rule_answers_a_question_about_a_worker_or_the_leader():
    """Tikal declares that a figure is a worker or the leader (``kinds``): a passage that
    says "figure" holds both at `KIND_WEIGHT` of it; one that names them holds them whole."""
    rules = index("tikal", "en")
    camp = next(p.id for p in rules.passages if p.title == "Build a camp (5 AP)")
    for kind in ("§worker", "§leader"):
        assert rules.keys[camp][kind] == KIND_WEIGHT * rules.keys[camp]["§figure"] > 0
    bring_in = next(p.id for p in rules.passages if p.title == "Bring in a figure")
    assert rules.keys[bring_in]["§worker"] >= 1  # ("your leader or a worker…": its own)
    first = ask("tikal", "do i need a worker there to build a camp", "en").answers[0]
    assert (first.title, first.lead) == ("Build a camp (5 AP)", "You need no figure there.")


@pytest.mark.parametrize("lang, question", [
    ("en", "can i draw over a mountain"),
    ("en", "can i draw on top of a mountain"),
    ("pt-BR", "posso desenhar em cima de montanha?"),
    ("pt-BR", "posso desenhar sobre uma montanha?"),
    ("ca", "puc dibuixar damunt d'una muntanya?"),
])
def test_drawing_over_a_thing_is_answered_by_the_rule_against_covering_it(lang, question):
    first = ask("cartographers", question, lang).answers[0]
    assert first.title in ("2. Draw", "2. Desenho", "2. Dibuix"), first.title


def test_over_only_hints_at_covering():
    """The covering hint ranks but is not part of what is asked (`INNER_WEIGHT`)."""
    weights = index("cartographers", "en").query("can i draw over a mountain")
    assert weights["cover"] == 0.5 and weights["§mountain"] == 1.5


@pytest.mark.parametrize("question", ["quan s'acaba la temporada?", "quantes temporades hi ha?"])
def test_temporada_is_a_season(question):
    assert "§season" in index("cartographers", "ca").query(question)
    assert ask("cartographers", question, "ca").answers


@pytest.mark.parametrize("lang, question", OFF_TOPIC)
def test_off_topic_questions_still_get_i_dont_know(lang, question):
    for game in ("tikal", "cartographers"):
        assert not ask(game, question, lang).answers, (game, question)


#: Checked by hand: a long sentence leads from its clause that answers (with the one before
#: it when both stay short), after "… ".
CLAUSE_LEADS = [
    ("tikal", "en", "can my boss become the guardian",
     "… one of your figures there (you pick which; the leader is allowed) becomes its guard."),
    ("tikal", "pt-BR", "o chefe pode virar guardiao?",
     "… uma das suas figuras ali (você escolhe qual; pode ser o Chefe de expedição) vira o "
     "Guardião."),
    ("cartographers", "ca", "puc dibuixar sobre un erm?",
     "… mai sobre una muntanya, un erm ni res del que ja s'ha dibuixat."),
]


@pytest.mark.parametrize("game, lang, question, lead", CLAUSE_LEADS)
def test_a_long_sentence_leads_from_its_clause_that_answers(game, lang, question, lead):
    first = ask(game, question, lang).answers[0]
    assert first.lead == lead
    assert lead.removeprefix("… ") in first.text  # (a face finds it in the passage)


@pytest.mark.parametrize("game", ["tikal", "cartographers"])
def test_every_clause_lead_is_the_passages_own_words(game):
    """What follows "… " is the passage's text as written, so the browser can mark it."""
    rules = index(game, "en")
    for passage in rules.passages:
        for sentence, _ in rules.sentences(passage.id):
            for word in sentence.split()[::4]:
                lead = rules.lead(passage.id, rules.query(f"can i {word} {sentence[-40:]}"),
                                  yes_no=True)
                assert lead.removeprefix("… ") in passage.text, (passage.title, lead)


@pytest.mark.parametrize("game", ["tikal", "cartographers"])
def test_kinds_name_declared_terms(game):
    """A kind or a broader term that is no declared term would never match: a typo in
    ``knowledge.json`` would silently do nothing."""
    declared = knowledge(game)
    for broader, kinds in declared.kinds.items():
        assert broader in declared.terms, broader
        assert kinds and all(kind in declared.terms for kind in kinds), (broader, kinds)
