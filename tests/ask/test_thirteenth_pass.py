"""The thirteenth pass on the rules search (docs/ask.md, session 46): general causes of the
misses of its development set ``FRESH_16`` and of those the twelfth pass left, each with a test."""

from __future__ import annotations

import pytest

from boardgamesbot.help.search import index

from .passes import assert_game_figures, named_once_tests
from .questions_fresh import FRESH_15, FRESH_16
from .scoring import first_answer_reads

#: FRESH_15 (held out) and FRESH_16 (development), session 46: each question names a passage
#: and the answer in it, held by exactly one passage of that language's page (an answer no
#: passage holds, or several do, would measure nothing).
test_the_new_sets_name_their_answer_in_exactly_one_passage = named_once_tests([
    ("FRESH_15", FRESH_15, 8), ("FRESH_16", FRESH_16, 6)])


def test_a_quoted_refusal_is_asked_about_the_rule_it_rests_on():
    """People paste or retell what the app refused with ("it says already filled…", "falou
    que a forma sairia do mapa"): the refusal is the game's own sentence, and the game
    declares the passage each refusal rests on. Before, the drawing rule came third, and the
    Portuguese question got "I don't know" (its other words are not the page's)."""
    first_answer_reads("cartographers", "en",
                       "says already filled, drawings may not cover wasteland??",
                       ["2. Draw"], "never covering a mountain, a wasteland")
    first_answer_reads("cartographers", "pt-BR",
                       "falou que a forma sairia do mapa, posso cortar um pedaço?",
                       ["2. Desenho"], "em espaços vazios dentro do mapa")
    words = index("tikal", "pt-BR")
    assert words.refusals and all(len(keys) >= 3 for keys, _ in words.refusals)
    # (a question sharing a word or two with a refusal quotes nothing)
    assert words._quoted(frozenset(words.words.keys("posso colocar um acampamento"))) is None


def test_who_plays_after_is_the_seat_order():
    """Questions of nearly all little words ("qui juga després del primer?", "e depois de mim
    quem é?"): what is left after the little words ("plays", "first") met any passage with
    players in it, or none. Tikal names the turn order as a thing of its own, in the page's
    words ("seat order", "ordem dos lugares", "ordre dels seients") and the players' ("after
    me", "depois de mim", "després de mi")."""
    for lang, question, answer in [
        ("en", "who plays after the first one", "play goes around in seat order"),
        ("pt-BR", "e depois de mim quem e?", "passa na ordem dos lugares"),
        ("ca", "i després de mi, qui va?", "el torn passa en l'ordre dels seients"),
        ("ca", "qui juga despres del primer?", "el torn passa en l'ordre dels seients"),
    ]:
        first_answer_reads("tikal", lang, question, [answer], answer)


def test_skipping_a_turn_is_passing():
    """"Folha lotada, dá pra pular a vez?" — yes, "simplesmente passa"; the question's "pular
    a vez" met nothing, and the same rule's "no" for another case ("Ninguém passa a vez
    enquanto a folha tiver um espaço vazio") led. Skipping one's turn is passing."""
    for lang, question, answer in [
        ("pt-BR", "folha lotada, da pra pular a vez?", "simplesmente passa"),
        ("en", "my sheet is all full, can i skip my turn", "simply passes"),
        ("ca", "tinc el full ple del tot, puc saltar el torn?", "simplement passa"),
    ]:
        first_answer_reads("cartographers", lang, question,
                           [{"en": "Decision 6", "pt-BR": "Decisão 6", "ca": "Decisió 6"}[lang]],
                           answer)
    words = index("tikal", "en").words
    assert "pass" in words.keys("can i skip my turn")
    assert "pass" not in words.keys("levels are never skipped")


def test_different_ones_are_several():
    """"Can I dig at two different temples in one turn?" — yes: "(you may work on several
    temples)"; "different" met nothing and "A guarded temple can no longer be uncovered" (a
    "no" about another case) led. Two different things are several."""
    for lang, question, answer in [
        ("en", "can i dig at two different temples in one turn", "you may work on several temples"),
        ("pt-BR", "da pra desobstruir templos diferentes no mesmo turno?",
         "você pode trabalhar em vários Templos"),
        ("ca", "puc excavar temples diferents en un torn?", "pots treballar en diversos temples"),
    ]:
        first_answer_reads("tikal", lang, question, [answer], answer)


def test_a_long_refusal_retold_in_part_is_quoted_too():
    """"It says not next to the explored area, why cant my tile go there": five words of the
    refusal ("A new tile goes next to the explored area, touching at least one tile already
    placed; … touches none"), most of the question, but not half the refusal's weight;
    Decision 1 (a tile that fits nowhere) came first."""
    first_answer_reads("tikal", "en",
                       "it says not next to the explored area, why cant my tile go there",
                       ["Draw and place a tile"], "on an empty space next to the explored area")


def test_no_room_is_no_space():
    """"Sheet has no room left at all, can i just skip my draw" — yes, Decision 6 ("a player
    whose sheet is full, with no empty space left, simply passes"); "room" met nothing, and
    *Nothing fits* came first. No room left is no space left."""
    first_answer_reads("cartographers", "en",
                       "sheet has no room left at all, can i just skip my draw",
                       ["Decision 6"], "simply passes")


@pytest.mark.parametrize(("name", "questions", "game", "least"), [
    ("FRESH_15", FRESH_15, "tikal", (19, 24, 19)),
    ("FRESH_15", FRESH_15, "cartographers", (17, 22, 13)),
    ("FRESH_16", FRESH_16, "tikal", (13, 17, 9)),
    ("FRESH_16", FRESH_16, "cartographers", (16, 16, 16)),
])
def test_the_new_sets_hold_their_figures(name, questions, game, least):
    """Passage first, within three, answer read in the first 160 characters (docs/ask.md,
    *Thirteenth pass*). FRESH_15 (held out: measured before and after, its questions' results
    never looked at) was Tikal 19/24/19, Cartographers 17/22/13 of 24 before the pass and
    after it; FRESH_16 (development) Tikal 9/13/5, Cartographers 13/15/12 of 18 before."""
    assert_game_figures(game, questions, least, name)
