"""The seventeenth pass on the rules search (docs/ask.md, session 48, helper askvariant): asked
from a table playing another choice, a question about what only a variant has ("can I bid 0?"
at a basic Tikal table) is told so plainly, then answered by that variant's rule, marked."""

from __future__ import annotations

import pytest

from boardgamesbot.help.search import ask, index

#: Phone-typed auction questions, each with the sentence a basic table is told first and the
#: auction rule that answers them (Decision 4: bids start at 1; Decision 5: with 0 points
#: one passes).
AUCTION_ONLY = [
    ("en", "can i bid 0??", "This table plays the basic game: bidding is part of the auction "
     "variant.", "auction variant", "Decision 4"),
    ("en", "whats the lowest bid", "This table plays the basic game: bidding is part of the "
     "auction variant.", "auction variant", "Decision 4"),
    ("pt-BR", "posso dar lance d zero?", "Esta mesa joga o jogo básico: dar lance é só da "
     "variante com leilão.", "variante com leilão", "Decisão 4"),
    ("pt-BR", "to com 0 pontos, posso dar lance?", "Esta mesa joga o jogo básico: dar lance é "
     "só da variante com leilão.", "variante com leilão", "Decisão 5"),
    ("ca", "puc fer una oferta de 0?", "Aquesta taula juga al joc bàsic: fer ofertes només és "
     "de la variant amb subhasta.", "variant amb subhasta", "Decisió 4"),
    ("ca", "si tinc 0 punts puc fer una oferta?", "Aquesta taula juga al joc bàsic: fer ofertes "
     "només és de la variant amb subhasta.", "variant amb subhasta", "Decisió 5"),
]


@pytest.mark.parametrize(("lang", "question", "aside", "mark", "title"), AUCTION_ONLY)
def test_an_auction_only_question_at_a_basic_table_is_told_the_table_plays_the_basic_game(
        lang, question, aside, mark, title):
    """Before, a basic rule that does not answer it (Decision 2, passing) led, and the
    auction's answer came second."""
    reply = ask("tikal", question, lang, options={})   # a basic table (options at defaults)
    assert reply.aside == aside and reply.as_dict()["aside"] == aside
    first = reply.answers[0]
    assert first.variant == mark and first.title == title, reply.answers[:3]
    # asked of no table, or at an auction table, the same rule leads and nothing is said
    for options in (None, {"variant": "auction"}):
        played = ask("tikal", question, lang, options=options)
        assert played.aside == "" and played.answers[0].passage == first.passage
        assert not any(answer.variant for answer in played.answers)


@pytest.mark.parametrize(("lang", "question"), [
    ("en", "who goes first?"), ("pt-BR", "como faco pontos"), ("ca", "qui juga primer?")])
def test_a_question_of_the_basic_game_at_a_basic_table_is_told_nothing_more(lang, question):
    reply = ask("tikal", question, lang, options={})
    assert reply.aside == "" and not reply.answers[0].variant


def test_a_declared_topic_is_the_game_s_terms_and_a_game_without_one_says_nothing():
    """The words come from the game's declaration (`variant_terms`): its terms and its topic
    in each language; a game declaring none is never told anything."""
    for lang, topic in (("en", "bidding"), ("pt-BR", "dar lance"), ("ca", "fer ofertes")):
        topics = index("tikal", lang).choice_topics
        # (the amulet too since the eighteenth pass: only the auction has one)
        assert topics == {("variant", "auction"): (frozenset({"§auction", "§bid", "§amulet"}),
                                                   topic)}
        assert [key for key, _ in index("tikal", lang).term_topics[("variant", "auction")]] == [
            "§bid", "§amulet", "§auction"]
    assert index("cartographers", "en").choice_topics == {}
    assert ask("cartographers", "can i draw over a mountain", "en", options={}).aside == ""
