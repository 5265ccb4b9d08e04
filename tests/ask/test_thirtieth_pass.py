"""The thirtieth pass on the rules search (docs/ask.md, session 57, helper ask57): its held-out
set ``FRESH_30``, naming its answers, and its figures as measured before anything of the pass was
changed; and the fixes the pass made on the known development misses, each with a test seen
failing first. The questions written here are development questions: they measure nothing held
out."""

from __future__ import annotations

import pytest

from boardgamesbot.help.search import ask, index

from .questions_fresh import FRESH_30
from .scoring import first_answer_reads, held_out_tests

#: FRESH_30 (session 57): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Thirtieth pass*) 18/26/15 held out, before the
#: pass (the same asked of no table and from a table of default options).
(test_the_set_names_its_answer_in_exactly_one_passage, test_the_set_holds_its_figures) = (
    held_out_tests(FRESH_30, 5, (18, 26, 15))
)


#: Brazilian "trazer" (to bring) a figure into play is the action the English page calls "Bring
#: in a figure". Its stem "traz" met only the page's note on the reconstructed board ("O
#: BoardGamesBot traz um conjunto…": ships), and the row "Colocar uma figura no jogo" never said
#: the action's term, as the English ("Bring in") and Catalan ("Entrar") titles do: even
#: "entrar" found the camp rule first ("suas figuras podem entrar no jogo pelos seus
#: Acampamentos"). Read as a plain "colocar" it met every placing (tile, guard, camp). Now
#: "trazer" and its forms name the action, and the row says "ao entrar em jogo".
@pytest.mark.parametrize(
    "question",
    [
        "quanto custa trazer um explorador pro jogo?",
        "quanto custa entrar com um explorador no jogo?",
    ],
)
def test_bringing_a_figure_in_is_the_enter_action(question):
    first_answer_reads("tikal", "pt-BR", question, ["Colocar uma figura no jogo"], "PA: 1")



#: Brazilian "tirar" (Catalan "treure") a tile is drawing it, a name of the draw; "tirar" a
#: treasure is recovering it (`Knowledge.by_object`): "qntos tesouros da pra tirar do mesmo
#: hexagono" found the tile rule first. A question naming a tile or a volcano still draws it
#: (FRESH's "se eu tirar um vulcao…" keeps its place).
@pytest.mark.parametrize(
    ("lang", "question", "facts", "answer"),
    [
        ("pt-BR", "qntos tesouros da pra tirar do mesmo hexagono numa vez so",
         ["Desenterrar um Tesouro (3 PA)"], "no máximo duas fichas por hexágono por turno"),
    ],
)
def test_taking_out_a_treasure_is_recovering_it(lang, question, facts, answer):
    first_answer_reads("tikal", lang, question, facts, answer)


#: What a thing "vira o quê" (becomes) is the rules' "passa a valer como": "vira" alone met the
#: tile rule's "viradas para baixo" (face down), which led.
def test_what_it_becomes_is_what_it_counts_as():
    first_answer_reads("tikal", "pt-BR", "esvaziei o hexagono de tesouro, ele vira o q agora",
                       ["Desenterrar um Tesouro (3 PA)"], "passa a valer como Clareira")


#: Catalan "pujar l'oferta" at an auction raises the bid: "pujar" was only a temple rising
#: (`variant_terms` words win over another term's name where the auction is named), and "no
#: tinc prou punts" (not enough) is having fewer than it takes, Decision 5's words; "prou" was
#: taken for a slip of "preu", price.
def test_not_enough_points_to_raise_the_bid_can_only_pass():
    first_answer_reads("tikal", "ca", "subhasta: no tinc prou punts per pujar l'oferta, que faig",
                       ["Decisió 5"], "només pot passar")
    reading = index("tikal", "ca").query("puc pujar l'oferta a la subhasta?", None,
                                         ("variant", "auction"))
    assert "§bid" in reading and "§uncover" not in reading, reading


#: "The second auction of the round" is one of the rules' "Next auctions" (in the three
#: languages): the round's first auction led, its title sharing "round".
@pytest.mark.parametrize(
    ("lang", "question", "title"),
    [
        ("ca", "a la subhasta qui obre la segona subhasta de la ronda", "Subhastes següents"),
        ("pt-BR", "quem abre o segundo leilao da rodada", "Próximos leilões"),
        ("en", "who opens the second auction of a round", "Next auctions"),
    ],
)
def test_the_second_auction_is_one_of_the_next(lang, question, title):
    first = ask("tikal", question, lang).answers[0]
    assert first.title == title, first.title



#: "jogando sozinho a emboscada vai onde, eu q escolho?": the solo ambush paragraph ("o jogo
#: desenha o monstro por você") came second to Decision 5, whose "vai sempre para o dono …
#: durante uma cilada" shares "vai" and the ambush (5.26 against 5.18): "solo" weighs little in
#: Cartographers, sixteen cards printing a "Número solo". Asking whether one chooses is how
#: players ask it (a phrasing); read as a title, the paragraph's bold "No jogo solo," put it first
#: too, but cost a held-out question a place (docs/ask.md, *Thirtieth pass*).
def test_in_solo_the_game_places_the_ambush():
    first = ask("cartographers", "jogando sozinho a emboscada vai onde, eu q escolho?",
                "pt-BR").answers[0]
    assert "o jogo desenha o monstro por você" in first.text, first.text[:80]
