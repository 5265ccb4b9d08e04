"""The eighteenth pass on the rules search (docs/ask.md, session 49, helper ask18): the sentence
a table is told about a variant it does not play names what was asked about, in the players'
own words for it; and its held-out set ``FRESH_20``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from boardgamesbot.engine import GameError, load_game
from boardgamesbot.help import search
from boardgamesbot.help.search import PLACEHOLDER, ask, index

from .questions_fresh import FRESH_20
from .scoring import held_out_tests

#: Auction questions asked at a basic Tikal table, each with the sentence it is told first: the
#: topic is the auction's thing it names (a bid, the amulet, the auction itself).
TOLD = [
    ("en", "can i pass in the auction?",
     "This table plays the basic game: the auction is part of the auction variant."),
    ("en", "can i bid 0??",
     "This table plays the basic game: bidding is part of the auction variant."),
    ("en", "what is the amulet for?",
     "This table plays the basic game: the amulet is part of the auction variant."),
    ("pt-BR", "posso passar no leilão?",
     "Esta mesa joga o jogo básico: o leilão é só da variante com leilão."),
    ("pt-BR", "pra que serve o amuleto?",
     "Esta mesa joga o jogo básico: o amuleto é só da variante com leilão."),
    ("ca", "puc passar a la subhasta?",
     "Aquesta taula juga al joc bàsic: la subhasta només és de la variant amb subhasta."),
    ("ca", "si tinc 0 punts puc fer una oferta?",
     "Aquesta taula juga al joc bàsic: fer ofertes només és de la variant amb subhasta."),
]


@pytest.mark.parametrize(("lang", "question", "aside"), TOLD)
def test_the_table_is_told_the_variant_has_what_the_question_names(lang, question, aside):
    """Before, every auction question heard the one topic, "bidding" ("dar lance", "fer
    ofertes"), even one about passing in the auction; and the amulet, the auction's alone, was
    not told at all."""
    reply = ask("tikal", question, lang, options={})
    assert reply.aside == aside
    assert reply.answers[0].variant, reply.answers[:2]


#: The players' words for the auction and its bids that the game had not declared: each is told
#: the table plays the basic game, and the auction's rule answers first.
UNDECLARED = [
    ("en", "can i outbid someone?"),
    ("en", "do i have to outbid the last player"),
    ("en", "is an overbid allowed"),
    ("pt-BR", "da pra leiloar os hexagonos?"),
    ("pt-BR", "quem leiloa primeiro?"),
    ("pt-BR", "como funciona a licitação?"),
    ("ca", "qui licita primer?"),
    ("ca", "com va la licitació?"),
    ("ca", "es pot subhastar la lloseta?"),
]


@pytest.mark.parametrize(("lang", "question"), UNDECLARED)
def test_the_players_words_for_the_auction_tell_the_table(lang, question):
    reply = ask("tikal", question, lang, options={})
    assert reply.aside, reply
    assert reply.answers[0].variant
    assert ask("tikal", question, lang, options={"variant": "auction"}).aside == ""


#: FRESH_20 (held out, session 49): each question names a passage and the answer in it, held by
#: exactly one passage; over both games (docs/ask.md, *Eighteenth pass*) 21/27/19 before the
#: pass and after it, measured in totals only.
(test_the_held_out_set_names_its_answer_in_exactly_one_passage,
 test_the_held_out_set_holds_its_figures) = held_out_tests(FRESH_20, 5, (21, 27, 19))


#: "why '…'?" as each language asks it, the refusal quoted whole.
WHY = {"en": "why '{}'?", "pt-BR": "por que '{}'?", "ca": "per què '{}'?"}


@pytest.mark.parametrize(("lang", "title"), [
    ("ca", "Amb dos jugadors o més"), ("en", "With two or more players")])
def test_why_quoting_the_no_ambush_refusal_reads_the_ambush_rule_first(lang, title):
    """Cartographers' `no_ambush` ("Ara no es resol cap emboscada: dibuixa una forma de la carta
    revelada.") was taken for its refusal, but Decision 2 (en: *A turn*) came first: it says
    "draw", "shape" and "card" more often than the ambush rule does."""
    quoted = load_game("cartographers").words(lang)["error.no_ambush"]
    reply = ask("cartographers", WHY[lang].format(quoted), lang)
    assert reply.answers[0].text.startswith(title), [answer.text[:40] for answer in reply.answers]
    assert reply.answers[0].passage == index("cartographers", lang).passage(
        "ambush_multiplayer").id


@pytest.mark.parametrize("game", ["tikal", "cartographers"])
@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_every_refusal_quoted_in_a_why_question_reads_its_own_rule_first(game, lang):
    """Of the why-questions built from every refusal sentence of both games (165 now), 145 are
    taken for their own refusal; 111 of those read its rule first before this pass, and now
    every one whose rule shares a word with it (all but `no_such_seat`, whose rule, the
    players' Decision 1, says none of "no such seat at this table"). Since the twenty-first
    pass every refusal of three words or more is taken word for word, `no_such_seat` too, and
    reads its rule first."""
    rules = index(game, lang)
    said = load_game(game).words(lang)
    for code in rules.knowledge.refusals:
        sentence = said.get(f"error.{code}")
        if not isinstance(sentence, str):
            continue
        question = WHY[lang].format(PLACEHOLDER.sub("3", sentence))
        # (quoted whole, every refusal of three words or more is taken word for word, though
        # too few of its keys told some of them: twenty-first pass)
        if any(held_code == code for *_, held_code in rules.refusal_words):
            assert rules._quoted_verbatim(question) == (
                rules.passage(rules._section_of(code)).id, code), (code, question)
        else:
            asked = frozenset(key for key, weight in rules.query(question).items()
                              if rules._asks(key, weight))
            quoting = rules._quoted(asked)
            if quoting is None or quoting[1] != code:
                continue
        reply = ask(game, question, lang)
        assert reply.answers[0].passage == rules.passage(rules._section_of(code)).id, (
            code, question, [answer.title for answer in reply.answers[:3]])


#: The tie question as friends ask it, and the tie-break's sentence each game's page opens with.
TIE = [("en", "what if we tie?", "On a tie, the tied player"),
       ("pt-BR", "e se empatar?", ("Em caso de empate", "… vence o jogador empatado")),
       ("ca", "i si empatem?", "En cas d'empat, guanya el jugador empatat")]


@pytest.mark.parametrize("game", ["tikal", "cartographers"])
@pytest.mark.parametrize(("lang", "question", "lead"), TIE)
@pytest.mark.parametrize("options", [None, {}])
def test_the_tie_question_reads_the_tie_break_first(game, lang, question, lead, options):
    """The tie-break ranked first, but in English and Catalan a question of one term ("tie")
    showed it from its opening, "The game ends once winter, the fourth season, has been
    scored…", the tie-break past a phone's first lines; a question of one word now leads
    with the sentence that says it when the opening does not."""
    reply = ask(game, question, lang, options=options)
    first = reply.answers[0]
    assert first.passage == index(game, lang).passage(
        "ties" if game == "tikal" else "end").id, first
    assert first.lead.startswith(lead), first.lead


@pytest.mark.parametrize(("lang", "question", "heading"), [
    ("en", "how does the auction work?", "The auction variant"),
    ("pt-BR", "como funciona o leilão?", "A variante de leilão"),
    ("ca", "com funciona la subhasta?", "La variant de subhasta")])
def test_how_does_it_work_asks_about_the_thing_it_names(lang, question, heading):
    """"How does X work" got "I don't know": "work" ("funciona") is a word the rules seldom or
    never say, and its rarity outweighed the auction it asks about — so a basic table was not
    told either. The verb of "how does X work" is now no word of what is asked (a question's
    alone: a phrasing "how does solo scoring work" keeps it for "work out my solo rating")."""
    reply = ask("tikal", question, lang)
    assert reply.known and heading in index("tikal", lang).passages[
        reply.answers[0].passage].section, reply
    assert ask("tikal", question, lang, options={}).aside
    # ("can I work on two temples" asks no "how": its "work" is the rules' own)
    assert ask("tikal", "can i work on 2 temples in one turn", "en").answers[0].title.startswith(
        "Uncover a temple level")


@pytest.mark.parametrize(("declaration", "said", "lang", "refusal"), [
    ("by_term", {"guard": {"en": "guarding"}}, "en", "'guard' has a topic"),
    ("words", {"ca": {"guard": ["vigilant"]}}, "ca", "'guard' has words"),  # (nineteenth pass)
])
def test_a_declaration_for_a_term_the_variant_is_not_about_is_refused(
        monkeypatch, declaration, said, lang, refusal):
    """A topic under ``by_term`` for a term missing from the choice's ``terms`` (or from the
    game's) would never be said, and words under ``words`` for one would read a question's word
    as a thing the choice is not about: the index refuses the declaration, as it does a heading
    its page lacks."""
    declared = search.knowledge("tikal")
    about = declared.variant_terms["variant"]["auction"]
    slipped = replace(declared, variant_terms={"variant": {"auction": {
        **about, declaration: {**about.get(declaration, {}), **said}}}})
    monkeypatch.setattr(search, "knowledge", lambda game: slipped)
    with pytest.raises(GameError, match=refusal):
        search.RulesIndex("tikal", lang)
