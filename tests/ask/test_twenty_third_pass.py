"""The twenty-third pass on the rules search (docs/ask.md, session 52, helper ask23): its held-out
set ``FRESH_24``, naming its answers, and its figures as measured before anything of the pass was
changed; and the general fixes the pass made on development questions (``FRESH_23`` became a
development set with this pass), each with a test. The questions written here are development
questions: they were asked while fixing, and measure nothing held out."""

from __future__ import annotations

import pytest

from boardgamesbot.help.search import ask, index
from boardgamesbot.help.words import yes_or_no

from .passes import opening_rank as _within
from .questions_fresh import FRESH_24
from .scoring import held_out_tests

#: FRESH_24 (session 52): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Twenty-third pass*) 22/27/18 held out, before
#: the pass; 23/28/19 after it (its questions' results never looked at).
(test_the_set_names_its_answer_in_exactly_one_passage,
 test_the_set_holds_its_figures) = held_out_tests(FRESH_24, 5, (23, 28, 19))


#: A solo rating told as where one finished ("on -8") is the row of the titles' table whose
#: range holds it. Before, the solo paragraph led ("At the end, your rating is…": "finished"
#: is the game's end, and "solo" is said three times there), the row fourth: a number inside
#: a range counted half, and a row a summary (`ROW_WEIGHT`) though it is the very answer.
@pytest.mark.parametrize(("lang", "question", "row"), [
    ("en", "i finished solo on -8, what am i", "−10 to −6"),
    ("pt-BR", "terminei o solo com -8, o que eu sou?", "−10 a −6"),
    ("ca", "he acabat el solitari amb -8, que soc?", "−10 a −6"),
])
def test_a_rating_finished_on_leads_with_its_title_row(lang, question, row):
    assert _within("cartographers", lang, question, row) == 1


#: At a table of the basic game, "com es guanya?" ranked two auction rules second and third,
#: over the game's goal: their "guanya la subhasta" (an auction won) is the word asked, in the
#: other variant's sense. A passage of the variant not played, holding no asked word the played
#: game's answer lacks, asked in a word or two, now follows the played game's passages.
@pytest.mark.parametrize(("lang", "question", "goal"), [
    ("en", "how do you win?", "Each player leads an expedition"),
    ("ca", "com es guanya?", "Cada jugador dirigeix una expedició"),
])
@pytest.mark.parametrize("options", [{}, {"variant": "basic"}])
def test_at_a_basic_table_the_auction_s_win_follows_the_game_s_goal(lang, question, goal,
                                                                     options):
    answers = ask("tikal", question, lang, options=options).answers
    assert not answers[0].variant and not answers[1].variant, [a.text[:40] for a in answers]
    assert answers[1].text.startswith(goal)


#: "e licito 5?" at an auction is "and I bid 5?" ("e", and, as typed for "é"): read as "é
#: lícito" (is it allowed) since the twenty-first pass, it asked nothing the rules say and got
#: no answer. Before an amount "licito" is the bid; "é licito passar a vez?" is still lawful.
def test_and_i_bid_an_amount_is_a_bid():
    words = index("tikal", "pt-BR").words
    assert ("§bid", 1.0) in words.weighted("e licito 5?", amounts=False)
    assert ("permit", 1.0) in words.weighted("é licito passar a vez?", amounts=False)
    reply = ask("tikal", "e licito 5?", "pt-BR", options={"variant": "auction"})
    assert reply.answers and reply.answers[0].text.startswith("Decisão 4")


#: "flip" an amulet is what the rules say as "turn their amulet down", "turns their amulet face
#: down", "All amulets turn face up again": a "turn" with a thing turned and a particle after it
#: is read as "flip". Not "turn" alone (a game's turn), nor "turn down" together (refusing), nor
#: a rotation ("turned as you like"), so no synonym group.
@pytest.mark.parametrize(("text", "flip"), [
    ("turn their amulet down", True),
    ("turns their amulet face down", True),
    ("All amulets turn face up again", True),
    ("does my amulet get flipped", True),
    ("your turn is over", False),
    ("when my turn is up", False),
    ("can i turn down a trade", False),
    ("placed turned as you like", False),
])
def test_turning_a_thing_over_is_flipping_it(text, flip):
    assert (("flip", 1.0) in index("tikal", "en").words.weighted(text)) is flip


#: A yes-or-no question after a clause that tells what happened ("auction, i took the volcano,
#: do i flip my amulet when i score") is one, though a question word follows ("when i score"
#: says when); a question asking what first ("what's the point of camps, can…") is not.
@pytest.mark.parametrize(("question", "yes_no"), [
    ("i picked the volcano, do i turn my charm over when we score", True),
    ("can i move when its not my turn", True),
    ("what if nobody bids, can i take it", True),
    ("when can i move", False),
    ("whats the use of a guard, can it leave", False),
])
def test_a_yes_or_no_question_after_a_clause(question, yes_no):
    assert yes_or_no(question, "en") is yes_no


#: Taking a volcano at an auction, the amulet is not turned for the scoring turns and is turned
#: down after the volcano's own turn: "does it get flipped" leads with the turning down, "do i
#: flip it when we score" with the scoring turns. Before, "flipped" met no word of the rule.
#: (Since the twenty-fourth pass the scoring turns' clause is the lead itself: the opening,
#: after its title, ends past a phone's first lines, `search.FIRST_LINES`.)
@pytest.mark.parametrize(("question", "lead"), [
    ("auction: if i pick the volcano does my charm get flipped",
     "Then they place the volcano, spend 10 AP and turn their amulet down."),
    ("auction, i picked the volcano, do i flip my charm when we score",
     "… a scoring round follows, starting with them and going around (no amulet is turned for "
     "these scoring turns)."),
])
def test_the_volcano_s_amulet_flipped_or_not(question, lead):
    first = ask("tikal", question, "en").answers[0]
    assert first.text.startswith("Volcano chosen.") and first.lead == lead, first.lead


#: "How many" as typed in a chat: "qtos exploradores cada jogador recebe" got no answer ("qtos"
#: was an unknown word, rare enough to sink the best passage's coverage).
@pytest.mark.parametrize(("game", "lang", "question", "opening"), [
    ("tikal", "pt-BR", "qtos exploradores cada jogador recebe", "Para cada jogador:"),
    ("tikal", "pt-BR", "qntas fichas de tesouro existem", "24 fichas de Tesouro"),
])
def test_how_many_typed_short_asks_a_count(game, lang, question, opening):
    assert _within(game, lang, question, opening) == 1


#: The game's box says nothing about a rule: "quantes cartes d'emboscada hi ha a la capsa" got
#: no answer ("capsa" is no word of the page); "how many X in the box" is how many in the game.
@pytest.mark.parametrize(("lang", "question", "opening"), [
    ("ca", "quantes cartes d'emboscada hi ha a la capsa", "4 cartes d'emboscada"),
    ("en", "how many ambush cards are in the box", "4 ambush cards"),
])
def test_the_box_is_the_game(lang, question, opening):
    assert _within("cartographers", lang, question, opening) == 1


#: What "comes out" cheaper costs less ("em surt més barat"; Portuguese "sai mais barato"):
#: it was a volcano drawn ("surt un volcà").
@pytest.mark.parametrize(("lang", "said"), [
    ("ca", "si tinc el cap allà em surt més barat?"),
    ("ca", "amb el cap em surten mes barates les accions?"),
])
def test_coming_out_cheaper_is_a_cost_not_a_draw(lang, said):
    keys = dict(index("tikal", lang).words.weighted(said, amounts=False))
    assert "§draw" not in keys and "§ap" in keys, keys


#: The auction's last round is its "Ronda final" / "Rodada final", one thing: asked "a la darrera
#: ronda" it ranked behind the basic game's "ronda de puntuació final" and the auction's "Final
#: de la ronda" (the end of every round), which hold the same words in another order. "Última
#: / darrera ronda" and "ronda final" now also give the round's own key; and a question naming
#: the auction ("subhasta", "leilão") counts the auction's passages `CHOICE_NAMED_WEIGHT` more.
@pytest.mark.parametrize(("lang", "question", "opening"), [
    ("ca", "subhasta: a la darrera ronda en quin ordre es puntua", "Ronda final."),
    ("pt-BR", "no leilao, na ultima rodada quem pontua primeiro", "Rodada final."),
])
def test_the_auction_s_last_round_is_its_final_round(lang, question, opening):
    assert _within("tikal", lang, question, opening) == 1


#: Brazilian "vem" ("o monstro vem girado?": does it come turned) is a little verb, like "tem":
#: it met Decision 4's "se uma cilada vier logo depois…", which led.
@pytest.mark.parametrize(("question", "opening"), [
    ("sozinho, o monstro da cilada vem espelhado?", "No jogo solo,"),
    ("quantas cartas de cilada vem na caixa", "4 cartas de cilada"),
])
def test_comes_is_a_little_verb(question, opening):
    assert _within("cartographers", "pt-BR", question, opening) == 1
