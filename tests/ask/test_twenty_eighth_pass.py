"""The twenty-eighth pass on the rules search (docs/ask.md, session 55, helper ask55): its held-out
set ``FRESH_28``, naming its answers, and its figures as measured before anything of the pass was
changed; and the fixes the pass made on development questions, each with a test seen failing
first. The questions written here are development questions: they measure nothing held out."""

from __future__ import annotations

import pytest

from boardgamesbot.engine import GameError, load_game
from boardgamesbot.help.search import ask, index
from boardgamesbot.help.why import reason, refusal_passage, why
from tests.cartographers.helpers import position as sheet_position

from .questions_fresh import FRESH_28
from .scoring import held_out_tests

#: FRESH_28 (session 55): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Twenty-eighth pass*) 17/26/17 held out, before
#: the pass (the same asked of no table and from a table of default options). Development from
#: the twenty-ninth pass on (its weak cells looked into): 18/26/18 after it, 22/27/22 after the
#: thirtieth, 25/29/25 after the thirty-first.
(test_the_set_names_its_answer_in_exactly_one_passage, test_the_set_holds_its_figures) = (
    held_out_tests(FRESH_28, 5, (25, 29, 25))
)


#: The Catalan interface said "peça" of a Tikal tile ("La peça s'ha d'unir a la jungla…", "Col·loca
#: la peça a C4") and of a treasure tile ("Aquest espai no és una peça de tresor."), where the
#: Catalan rules, quoted right under a refusal, say "lloseta" and "jaciment": two words for one
#: thing in one answer. The refusals (and the whole interface: tests/web/test_catalogs.py) now
#: say the rules' words, and each refusal's rule says them too.
@pytest.mark.parametrize(
    ("code", "word"),
    [
        ("no_path_to_tile", "lloset"),
        ("not_beside_explored", "lloset"),
        ("place_tile_first", "lloset"),
        ("take_tile_first", "lloset"),
        ("no_such_tile", "lloset"),
        ("no_treasure", "jaciment"),
        ("not_a_treasure", "jaciment"),
        ("recover_limit", "jaciment"),
    ],
)
def test_catalan_tile_refusals_say_lloseta_as_the_rules_do(code, word):
    said = reason(code, "ca", "", {"space": "C4"})
    assert word in said and "peça" not in said, said
    passage = refusal_passage("tikal", code, "ca")
    assert passage is not None and word in passage.text, (code, passage and passage.title)


#: A tile placed away from the explored area, explained in Catalan: the refusal and the rule it
#: cites both say "lloseta" (the refusal said "Una peça nova va al costat de la zona explorada").
def test_why_a_tile_cannot_go_there_says_lloseta_as_its_rule_does():
    state = load_game("tikal").new(2, 1)
    answer = why(state, state.current, "place C4", "ca")
    assert answer.code == "not_beside_explored", answer.code
    assert "lloseta" in answer.reason and "peça" not in answer.reason, answer.reason
    assert "lloseta" in answer.text, answer.text


#: Players still quote the old words (a screenshot, a chat): read as the same refusal
#: (`refusals_before`), so its rule answers first.
@pytest.mark.parametrize(
    ("question", "title"),
    [
        (
            "per que em diu 'La peça s'ha d'unir a la jungla per un camí de pedres.'",
            "Roba i col·loca una lloseta",
        ),
        ("per que diu 'Aquest espai no és una peça de tresor.'", "Recuperar un tresor"),
        ("per que em surt 'Com a màxim dos tresors per peça i torn.'", "Recuperar un tresor"),
    ],
)
def test_the_old_catalan_tile_refusals_quoted_still_get_their_rule(question, title):
    first = ask("tikal", question, "ca").answers[0]
    assert first.title.startswith(title), first.title


#: Under a refused drawing, every face quoted the whole 197-character drawing rule ("Pick one
#: terrain and one shape shown on the card, turn and/or flip the shape as you like and draw it
#: on empty spaces inside the map, never covering a mountain, a wasteland or anything drawn
#: before.") as the sentence that says why — for a terrain not on the card as for a shape off
#: the map — and none for a cell already filled: quoted whole, it pushed the answer out of a
#: phone's first lines. Each refusal now quotes the words of that sentence that say it, cut
#: with "…" (`RulesIndex.refusal_quote`); the whole rule is a tap or a 'why' away.
@pytest.mark.parametrize(
    ("lang", "action", "code", "quote"),
    [
        (
            "en",
            "water 1 r0 A1",
            "terrain_not_on_card",
            "Pick one terrain and one shape shown on the card …",
        ),
        (
            "pt-BR",
            "water 1 r0 A1",
            "terrain_not_on_card",
            "Escolha um terreno e uma forma mostrados na carta …",
        ),
        ("ca", "forest 1 r0 A1", "off_map", "… dibuixa-la en espais buits dins del mapa …"),
        ("en", "forest 1 r0 A1", "off_map", "… draw it on empty spaces inside the map …"),
        (
            "pt-BR",
            "forest 1 r0 C2",
            "overlap",
            "… nunca sobre uma montanha, um abismo ou algo já desenhado.",
        ),
        (
            "ca",
            "forest 1 r0 C2",
            "overlap",
            "… mai sobre una muntanya, un erm ni res del que ja s'ha dibuixat.",
        ),
    ],
)
def test_a_refused_drawing_quotes_the_words_of_its_rule_that_say_why(lang, action, code, quote):
    state = sheet_position(players=2, revealed=["Treetop Village"])
    answer = why(state, 0, action, lang)
    assert answer.code == code, answer.code
    assert answer.lead == quote, answer.lead
    assert quote.strip("… ").rstrip(".") in answer.text  # (the whole rule is still there)


#: A why-question quoting such a refusal leads with the same words (the search's lead), and
#: a refusal's words the rule does not say are refused when the index is built.
def test_a_why_question_quoting_a_drawing_refusal_leads_with_its_words():
    question = "why does it say 'That terrain is not on the card'"
    first = ask("cartographers", question, "en").answers[0]
    assert first.lead == "Pick one terrain and one shape shown on the card …", first.lead


def test_a_refusal_quote_the_rule_lacks_is_refused():
    rules = index("cartographers", "en")
    with pytest.raises(GameError):
        rules.refusal_quote(rules.passage("draw").id, "never drawing on the moon …")


#: "a rodada acaba quando?" is ambiguous: Brazilian players say "rodada" of a turn, and of a
#: round. Each game picks by what "rodada" is in it. In Cartographers it is a turn (twenty-sixth
#: pass), and Decision 8 (a turn going on after an ambush) led: the turn's last phase, the
#: check, answers it — and says when the season ends too ("Se o total chegar ao tempo da
#: estação, ela termina"). In Tikal's basic game it is a scoring round: the final scoring round's
#: opening led ("começa a rodada de contagem final"); the scoring paragraph says how one goes
#: (each player spends 10 AP and scores, in turn). At an auction table the auction's round is
#: meant, and its end leads there.
@pytest.mark.parametrize(
    ("game", "options", "title"),
    [
        ("cartographers", None, "3. Conferência"),
        ("tikal", None, "Contagem"),
        ("tikal", {}, "Contagem"),
        ("tikal", {"variant": "auction"}, "Fim da rodada"),
    ],
)
def test_when_does_the_rodada_end_is_answered_by_what_a_rodada_is_in_the_game(game, options, title):
    first = ask(game, "a rodada acaba quando?", "pt-BR", options=options).answers[0]
    assert first.title == title, first.title


#: "o decreto A pontua em quais estacoes" found the season cards' line third: the line says
#: "decretos A e B", and after the plural "decretos" the letter A was read as the article "a"
#: (only "decreto A" named an edict by its letter). After a label's plural, a letter listed
#: with another ("A e B", "A and B") is its letter too; "cards a player holds" keeps its article.
@pytest.mark.parametrize(
    ("lang", "question", "line"),
    [
        ("pt-BR", "o decreto A pontua em quais estacoes", "Primavera (tempo 8, decretos A e B)"),
        ("en", "which seasons does edict A score in", "Spring (time 8, edicts A and B)"),
        ("ca", "l'edicte A a quines estacions puntua", "Primavera (temps 8, edictes A i B)"),
    ],
)
def test_edict_a_is_found_in_the_season_cards_line(lang, question, line):
    first = ask("cartographers", question, lang).answers[0]
    assert line in first.text, first.title


def test_a_letter_after_a_labels_plural_is_a_label_only_in_a_list():
    words = index("cartographers", "en").words
    assert ("a", 1.0) in words.weighted("edicts A and B")
    assert ("a", 1.0) not in words.weighted("cards a player holds")
