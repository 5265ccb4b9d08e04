"""The shortest, most common questions (the eighth pass, docs/ask.md): "how do I win?",
"can I pass?", typed in two or three words, in any of the three languages."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from boardgamesbot.cli import main
from boardgamesbot.engine import LANGUAGES
from boardgamesbot.help.search import ask, index, language_asked
from boardgamesbot.help.words import language_of

from .passes import assert_game_figures
from .questions_fresh import FRESH_9
from .scoring import assert_named_once

GAMES = tuple(FRESH_9)

#: Short questions as people type them at a table, none with a little word of its language
#: alone in some ("com guanyo?": "com" is Portuguese too; "desempat?", "torn?"): each must be
#: told its own language and never be answered in another.
SHORT = {
    "en": [
        "how do I win?",
        "can I pass?",
        "who wins?",
        "who goes first?",
        "when does it end?",
        "how many turns?",
        "what is a camp?",
        "how to score?",
        "can I skip?",
        "whats a guard",
        "how do monsters work",
        "what are edicts",
        "do coins count?",
        "when is scoring",
        "how much AP?",
        "tie breaker?",
        "how many seasons",
        "who draws monsters",
        "volcano?",
        "season?",
    ],
    "pt-BR": [
        "como eu ganho?",
        "posso passar a vez?",
        "quem ganha?",
        "quem comeca?",
        "quando acaba?",
        "quantos turnos?",
        "o que e acampamento?",
        "como pontua?",
        "posso pular a vez?",
        "o que e guardiao",
        "como funcionam os monstros",
        "o que sao decretos",
        "moedas contam?",
        "quando tem contagem",
        "quantos PA?",
        "desempate?",
        "quantas estacoes",
        "quem desenha monstro",
        "vulcão?",
        "turno?",
    ],
    "ca": [
        "com guanyo?",
        "puc passar?",
        "qui guanya?",
        "qui comença?",
        "quan s'acaba?",
        "quants torns?",
        "que es un campament?",
        "com es puntua?",
        "puc saltar el torn?",
        "que es un guardia",
        "com funcionen els monstres",
        "que son els edictes",
        "les monedes compten?",
        "quan es puntua",
        "quants PA?",
        "desempat?",
        "quantes estacions",
        "qui dibuixa els monstres",
        "volcà?",
        "torn?",
    ],
}

#: How each language asks the two first questions of a game night.
HOW_TO_WIN = {"en": "how do I win?", "pt-BR": "como eu ganho?", "ca": "com guanyo?"}
CAN_I_PASS = {"en": "can I pass?", "pt-BR": "posso passar a vez?", "ca": "puc passar?"}
#: The rule each game answers "can I pass?" with: ending a turn early (its AP lost), or
#: passing only with a full sheet (a Decision of each game's help page).
PASSING = {"tikal": "decision_2", "cartographers": "decision_6"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_short_question_is_told_its_language(lang):
    """≥ 15 short questions per language: each told its own, by its little words or else by
    the words the games' rules use in that language only."""
    assert len(SHORT[lang]) >= 15
    told = {question: language_asked(question) for question in SHORT[lang]}
    assert all(said == lang for said in told.values()), told


def test_a_question_without_a_little_word_of_its_own_is_told_by_the_rules_words():
    # ("com" is a little word of Catalan and of Portuguese: it tells neither)
    assert language_of("com guanyo?") is None
    assert language_asked("com guanyo?") == "ca"
    assert language_asked("desempat?") == "ca" and language_asked("desempate?") == "pt-BR"


def test_a_question_the_rules_words_do_not_tell_stays_unknown():
    """A word two languages' rules write alike tells nothing (English and Catalan "temple",
    Portuguese and Catalan "partida"): the asker's own setting decides (`bgbot ask` falls
    back on the environment's language, the chat on its own)."""
    assert language_asked("temple?") is None and language_asked("partida?") is None


def test_the_terminal_answers_a_short_question_in_its_own_language():
    result = CliRunner().invoke(main, ["ask", "com guanyo?", "--json"])
    assert result.exit_code == 0, result.output
    replies = json.loads(result.output)["replies"]
    assert replies and all(reply["lang"] == "ca" and reply["answers"] for reply in replies)
    assert all(reply["answers"][0]["title"] == "Final de la partida i empats" for reply in replies)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_how_to_win_is_answered_with_the_end_of_the_game(game, lang):
    """Asked in three words, "how do I win?" gets no "I don't know": the end of the game
    says who wins (each game declares *win* — victory, vencer, guanyar — and the players'
    ways of asking it)."""
    reply = ask(game, HOW_TO_WIN[lang], lang)
    assert reply.known, reply.topics
    end = index(game, lang).passage("end")
    assert reply.answers[0].title == end.title


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_can_i_pass_is_answered_from_the_rule_on_passing(game, lang):
    """A question of "can I pass?" is answered by the game's own rule on passing (a turn
    ended early; or passing only with a full sheet), first: a word players ask a passage
    with answers alone, as its title's would, and a question typed as one of its phrasings
    ranks it first."""
    reply = ask(game, CAN_I_PASS[lang], lang)
    assert reply.known, reply.topics
    assert reply.answers[0].passage == index(game, lang).passage(PASSING[game]).id


def test_a_single_word_that_no_phrasing_or_title_holds_is_still_not_an_answer():
    """Stems meet by chance ("horas" and "horário"): one plain word a passage only shares
    is still the closest topics, not an answer."""
    for game in GAMES:
        assert not ask(game, "que horas sao agora", "pt-BR").known
        assert not ask(game, "who won the world cup", "en").known


@pytest.mark.parametrize("game", GAMES)
def test_fresh_9_names_its_answer_in_exactly_one_passage(game):
    """FRESH_9: 6 short questions per language, each naming a passage and the answer in it,
    held by exactly one passage of that language's page; 2 to 5 words."""
    assert_named_once(game, FRESH_9[game], 6)
    assert all(2 <= len(question.split()) <= 5 for _, question, _, _ in FRESH_9[game])


@pytest.mark.parametrize(
    ("game", "least"), [("tikal", (17, 17, 13)), ("cartographers", (17, 18, 15))]
)
def test_the_shortest_questions_hold_their_figures(game, least):
    """The eighth pass (docs/ask.md): FRESH_9, 18 per game: passage first, within three,
    and answer read in the first 160 characters. Before → after the pass: Tikal 10 → 17,
    11 → 17, 6 → 13; Cartographers 11 → 17, 12 → 18, 10 → 15."""
    assert_game_figures(game, FRESH_9, least)
