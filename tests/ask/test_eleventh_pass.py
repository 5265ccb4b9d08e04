"""The eleventh pass on the rules search (docs/ask.md): general causes of the misses of its
development set ``FRESH_12`` and of those the tenth pass left, each with a test."""

from __future__ import annotations

import pytest

from boardgamesbot.help import help_page
from boardgamesbot.help.passages import passages
from boardgamesbot.help.search import ask, index

from .passes import assert_game_figures
from .questions_fresh import FRESH_12
from .scoring import holds


@pytest.mark.parametrize(("game", "lang", "pointing"), [
    ("tikal", "en", "(see Scoring)"),
    ("tikal", "pt-BR", "(veja Contagem)"),
    ("tikal", "ca", "(vegeu Puntuació)"),
    ("cartographers", "en", "(see below)"),
    ("cartographers", "pt-BR", "(veja abaixo)"),
])
def test_a_pointer_to_another_part_of_the_page_is_not_about_seeing(game, lang, pointing):
    """"Drawing a volcano starts a scoring round first (see Scoring)": its "see" pointed the
    reader elsewhere and made the passage an answer to "can I see the next tile"."""
    rules = index(game, lang)
    see = rules.words.keys({"en": "see", "pt-BR": "ver", "ca": "veure"}[lang])[0]
    pointing_passages = [i for i, p in enumerate(rules.passages) if pointing in p.text]
    assert pointing_passages
    for at in pointing_passages:
        assert see not in rules.keys[at] or "see it" in rules.passages[at].text, (
            rules.passages[at].text)


def test_peeking_at_the_others_drawings_is_answered_by_the_hidden_drawings_rule():
    first = ask("cartographers", "can i peek at what the others drew before i pick mine").answers[0]
    assert first.title == "Decision 7", first.title


@pytest.mark.parametrize(("lang", "next_", "page_next", "nearest"), [
    ("ca", "la propera lloseta", "la lloseta següent", "el més proper"),
    ("pt-BR", "o próximo hexágono", "o hexágono seguinte", "o mais próximo"),
])
def test_next_is_one_word_however_it_is_said_and_the_nearest_is_not_next(
    lang, next_, page_next, nearest
):
    """Catalan players say "la propera lloseta" where the page writes "la lloseta següent"
    (Portuguese "próximo" and "seguinte" alike); "el més proper a l'esquerra" is the
    nearest, not the next."""
    words = index("tikal", lang).words
    assert set(words.keys(next_)) == set(words.keys(page_next))
    assert not set(words.keys(nearest)) & set(words.keys(page_next))


@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("ca", "puc veure la propera lloseta?", "Tothom pot veure la lletra de la lloseta següent"),
    ("pt-BR", "da pra ver o hexagono seguinte?", "Todos podem ver a letra do próximo hexágono"),
])
def test_seeing_the_next_tile_is_the_setup(lang, question, lead):
    first = ask("tikal", question, lang).answers[0]
    assert first.lead.startswith(lead), (first.title, first.lead)


@pytest.mark.parametrize(("lang", "verb", "noun"), [
    ("pt-BR", "como pontua", "a sua pontuação"),
    ("ca", "com es puntua", "la teva puntuació"),
])
def test_the_noun_a_verb_makes_with_acao_or_acio_is_that_verb(lang, verb, noun):
    """Snowball leaves "pontuação" (folded "pontuacao") as "pontuaca" and "puntuació" as
    "puntuac", so "com es puntua?" never met "la teva puntuació"."""
    words = index("cartographers", lang).words
    assert set(words.keys(verb)) & set(words.keys(noun))


@pytest.mark.parametrize(("lang", "question"), [
    ("ca", "jugant sola, com es puntua?"),
    ("pt-BR", "jogando sozinho como pontua?"),
])
def test_how_solo_is_scored_is_the_solo_rating(lang, question):
    """Scoring is points in Cartographers' terms in every language, as English "score" is:
    "com es puntua" and the rating's "la teva puntuació" are the same term."""
    first = ask("cartographers", question, lang).answers[0]
    assert first.title in ("Joc en solitari i la teva valoració", "Jogo solo e sua classificação")


@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("en", "if someone wants to swap treasures with me can i say no",
     "The other player cannot refuse"),
    ("pt-BR", "o outro pode dizer nao pra minha troca de tesouro?",
     "O outro jogador não pode recusar"),
    ("ca", "l'altre pot dir que no a un intercanvi de tresors?",
     "L'altre jugador no s'hi pot negar"),
])
def test_saying_no_is_refusing(lang, question, lead):
    """"Can I say no" is asked in other words than the rule's "cannot refuse": before, the
    exchange rule led with its other "no" ("pairs and triplets are never broken up")."""
    first = ask("tikal", question, lang).answers[0]
    assert first.lead.startswith(lead), (first.title, first.lead)


@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("pt-BR", "no leilao da pra dar lance maior que os pontos que eu tenho?",
     "Nunca se pode oferecer mais pontos do que se tem"),
])
def test_bidding_more_than_you_have_leads_with_the_rule_that_forbids_it(lang, question, lead):
    """The page says "oferecer" (to bid) and "mais" where players say "dar lance" and "maior
    que": the sentence that answers held neither."""
    first = ask("tikal", question, lang).answers[0]
    assert first.lead.startswith(lead), (first.title, first.lead)


@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("ca", "el guardià es pot moure després?", "El guardià ja no es mou mai més"),
    ("pt-BR", "o guardiao pode se mover depois?", "O Guardião nunca mais se move"),
])
def test_the_pages_own_forms_of_to_move_are_moving(lang, question, lead):
    """"El guardià ja no es mou mai més": "mou" (and Portuguese "move") is no inflection of
    the names "moure", "mover" the way the search reads names, so the sentence that answers
    "can the guard move" did not hold the move at all."""
    first = ask("tikal", question, lang).answers[0]
    assert first.lead.startswith(lead), (first.title, first.lead)


@pytest.mark.parametrize(("game", "least"), [("tikal", (24, 24, 23)),
                                             ("cartographers", (20, 21, 18))])
def test_the_eleventh_pass_development_set_holds_its_figures(game, least):
    """FRESH_12 (this pass's development set, docs/ask.md), 24 per game: passage first,
    within three, answer read in the first 160 characters. Before the pass Tikal 24/24/20,
    Cartographers 20/21/18; after, Tikal 24/24/23, Cartographers unchanged. Each question
    names its answer in exactly one passage, in that language's page."""
    for lang, question, facts, answer in FRESH_12[game]:
        texts = [p.text for p in passages(help_page(game, lang))
                 if holds(p.text, [*facts, answer])]
        assert len(texts) == 1, (lang, question, texts)
    assert_game_figures(game, FRESH_12, least)


@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("en", "can i see whats on the next tile before i draw it",
     "Everyone can see the letter of the next tile"),
    ("pt-BR", "da pra ver qual e o proximo hexagono antes de sacar?",
     "Todos podem ver a letra do próximo hexágono"),
])
def test_a_clause_saying_when_is_not_what_is_asked(lang, question, lead):
    """"… before I draw it" says when: its "draw" (the drawing rule's own word) outweighed
    Setup's "see … the next tile", what the question asks."""
    first = ask("tikal", question, lang).answers[0]
    assert first.lead.startswith(lead), (first.title, first.lead)


def test_before_time_is_early_and_is_asked():
    """"abans d'hora" (early) is what "puc acabar el torn abans d'hora" asks, no clause."""
    rules = index("tikal", "ca")
    assert rules.query("puc acabar el torn abans d'hora")[rules.words.keys("hora")[0]] == 1.0
