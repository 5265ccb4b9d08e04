"""The sixteenth pass on the rules search (docs/ask.md, session 48): the answer knows the game
being played (a variant's own rules do not lead a table that plays another), a refusal's
declared sentence in `why` and the chat's rule line, and the Catalan quoted refusal and
unknown verb of the fifteenth pass's *What is left*."""

from __future__ import annotations

import pytest

from boardgamesbot.chat.basics import RefusedAction
from boardgamesbot.chat.conversation import Conversation
from boardgamesbot.engine import GameError, IllegalAction, load_game
from boardgamesbot.help.search import ask
from boardgamesbot.help.why import explain, why

#: Asked at a basic Tikal table, phone-typed, from the rules: the auction's own rules ("Points
#: are your money", "Next auctions", "Final round") came first, and they are not this game's.
BASIC_TABLE = [
    ("en", "how do i get more points", "Scoring"),
    ("en", "what happens in the last round", "End of the game and ties"),
    ("pt-BR", "como faco pontos", "Contagem"),
    ("ca", "qui juga primer?", "Ordre dels torns"),
    ("ca", "i la ultima ronda?", "Final de la partida i empats"),
]


@pytest.mark.parametrize(("lang", "question", "where"), BASIC_TABLE)
def test_a_question_from_a_basic_game_is_not_led_by_the_auction_variant(lang, question, where):
    auction = ask("tikal", question, lang, options={"variant": "auction"}).answers[0]
    assert "auction" in auction.source.lower() or "subhasta" in auction.source \
        or "leilão" in auction.source, auction  # (at an auction table: the auction's rule)
    played = ask("tikal", question, lang, options={})  # (a table's options, at their defaults)
    first = played.answers[0]
    assert not first.variant and where in f"{first.title} {first.source}", first
    # the auction's rule may follow, marked as the other variant's (asked in a word or two and
    # saying nothing more of it than the first answer, after every answer of the game played:
    # twenty-third pass — "como faco pontos" no longer lists it among five)
    marked = {"en": "auction variant", "pt-BR": "variante com leilão"}.get(
        lang, "variant amb subhasta")
    assert all(a.variant == marked for a in played.answers if a.passage == auction.passage)
    # asked of no table, the auction's rule led until the nineteenth pass: a question naming
    # nothing only the auction has is the basic game's there too, unmarked
    alone = ask("tikal", question, lang).answers[0]
    assert alone.passage == first.passage and not alone.variant, alone


@pytest.mark.parametrize(("lang", "question", "mark"), [
    ("en", "can i bid 0", "auction variant"),
    ("pt-BR", "posso dar lance de zero?", "variante com leilão"),
    ("ca", "puc fer una oferta de 0 punts?", "variant amb subhasta"),
])
def test_an_auction_rule_asked_in_a_basic_game_is_marked_as_the_other_variant(lang, question,
                                                                              mark):
    """The answer is still there ("bids start at 1"), named as the variant's, in the asker's
    language (the option's own label); a table playing the auction sees it unmarked."""
    basic = ask("tikal", question, lang, options={"variant": "basic"}).answers
    decision = next(answer for answer in basic if answer.variant)
    assert decision.variant == mark and decision.as_dict()["variant"] == mark
    assert not any(a.variant for a in ask("tikal", question, lang,
                                          options={"variant": "auction"}).answers)
    assert not any(a.variant for a in ask("tikal", question, lang).answers)  # (no table)


def test_a_table_s_options_are_checked_and_a_game_without_variants_is_unchanged():
    with pytest.raises(GameError) as refused:
        ask("tikal", "can i bid 0", "en", options={"variant": "expert"})
    assert refused.value.code == "bad_option"
    with pytest.raises(GameError) as unknown:
        ask("tikal", "can i bid 0", "en", options={"speed": "fast"})
    assert unknown.value.code == "bad_option"
    asked = ask("cartographers", "can i draw over a mountain", "en")
    assert ask("cartographers", "can i draw over a mountain", "en", options={"side": "B"}) == asked


def test_why_shows_the_rule_s_sentence_that_says_the_refusal():
    """`bgbot why` showed the whole rule from its opening ("A player whose sheet is full, with
    no empty space left, simply passes"); the sentence its game names for the refusal
    (`refusal_leads`) now comes first, in every language."""
    state = load_game("cartographers").new(num_players=2, seed=1)
    said = {lang: why(state, 0, "pass", lang) for lang in ("en", "pt-BR", "ca")}
    assert said["en"].lead == "Nobody passes while their sheet has an empty space: they must draw."
    assert said["pt-BR"].lead.startswith("Ninguém passa a vez enquanto a folha tiver")
    assert said["ca"].lead.startswith("Ningú no passa mentre el seu full tingui un espai buit")
    assert said["en"].as_dict()["lead"] == said["en"].lead and said["en"].lead in said["en"].text
    # a refusal whose rule's opening says it names no sentence
    tikal = load_game("tikal").new(num_players=2, seed=1)
    assert why(tikal, 0, "enter L A6", "en").lead == ""
    refused = explain("tikal", "move W A5 B5", {"legal": False, "error": {
        "code": "no_path", "message": "no path", "params": {}}}, "pt-BR")
    assert refused.lead == "Se nenhum dos dois lados tiver bloco, não há trilha por ali."


@pytest.mark.parametrize(("lang", "sentence"), [
    ("en", "Moving (Actions): If neither side has a stone, there is no path that way."),
    ("pt-BR", "Movimento (Ações): Se nenhum dos dois lados tiver bloco, não há trilha por ali."),
    ("ca", "Moviment (Accions): Si cap dels dos costats no té pedres, per allà no hi ha pas."),
])
def test_the_chat_s_rule_line_after_a_refusal_says_the_declared_sentence(lang, sentence):
    """The 📖 line under a refused move named the rule by its title only ("Moving"), whose
    opening is what a move costs; it now says the rule's sentence that refuses."""
    error = RefusedAction(IllegalAction("no path", code="no_path"), "tikal", "move W A5 B5")
    line = Conversation.rule_of(lang, error)
    assert sentence in line and "move W A5 B5" in line, line
    plain = RefusedAction(IllegalAction("costly", code="not_enough_ap"), "tikal", "uncover A5")
    assert ": " not in Conversation.rule_of("en", plain).split("The rule: ")[1].split(" — ")[0]


@pytest.mark.parametrize(("lang", "question", "title", "opening"), [
    # (the page says "veí", the refusal "veïns": its word the page never uses weighed in
    # the refusal and not in the question, so the quote was not taken for one, and the
    # moving rule led with "No hi ha límit de figures per espai")
    ("ca", "per què 'aquests espais no són veïns'?", "Moviment", "Passar d'un espai descobert"),
    ("ca", "pq diu q aquests espais no son veins", "Moviment", "Passar d'un espai descobert"),
    ("en", "why does it say that space is already explored", "Draw and place a tile",
     "You take the top tile"),
    ("pt-BR", "pq diz coloque primeiro a peça sorteada?", "Saque e coloque um hexágono",
     "Você pega o hexágono do topo"),
])
def test_a_quoted_refusal_in_the_app_s_words_the_page_lacks_is_taken_for_it(lang, question,
                                                                             title, opening):
    """These got "I don't know", or another sentence of the rule, before."""
    first = ask("tikal", question, lang).answers[0]
    assert first.title == title
    assert (first.lead or first.body).startswith(opening), (first.lead, first.body[:80])


def test_of_two_refusals_a_question_holds_whole_the_longer_is_quoted():
    """"Un sol quadrat només es permet quan no hi cap cap forma de la carta" holds all of the
    shorter "Aquesta forma no és a la carta" too, and that one, later in the list, won: the
    passage on nothing fitting answered, not Decision 2, which says when the square is allowed."""
    first = ask("cartographers", "diu q un sol quadrat nomes es permet quan no hi cap cap forma "
                "de la carta, per que?", "ca").answers[0]
    assert first.title == "Decisió 2" and "només es permet quan" in first.lead


@pytest.mark.parametrize(("lang", "before", "question", "word"), [
    ("ca", "puc dibuixar la forma com vulgui?", "la puc tallar?", "tallar"),
    ("en", None, "can i cut the shape?", "cut"),
    ("pt-BR", None, "posso cortar a forma no meio?", "cortar"),
])
def test_an_unknown_verb_is_named_in_the_i_dont_know(lang, before, question, word):
    """"La puc tallar?" (to cut) got "I don't know" and the closest topics, which said nothing
    of why; the reply now names the word no rule uses, for the asker to say otherwise. A
    word one slip from a rules word, a little word and a known word are not named."""
    reply = ask("cartographers", question, lang, before=before)
    assert not reply.known and reply.unknown == (word,), reply.unknown
    assert reply.as_dict()["unknown"] == [word]
    # ("volcanoe" is a slip for "volcano"; "can", "the" are little words)
    assert ask("tikal", "can the volcanoe sing?", "en").unknown == ("sing",)
    assert ask("tikal", "can i walk over a volcano?", "en").unknown == ()  # (answered)
