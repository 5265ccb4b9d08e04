"""The players' phrasings of a game's rules passages (``help/phrasings.json``): questions in
the words players use, which the rules do not (keep, leftover, third, guardar, desar…)."""

from __future__ import annotations

import dataclasses

import pytest

from boardgamesbot.engine import GameError, known_games, load_game
from boardgamesbot.help import LANGUAGES, search
from boardgamesbot.help.search import PHRASING_WEIGHT, RulesIndex, ask, index, knowledge

from .scoring import SHOWN, holds, shown

GAMES = [game for game in known_games() if load_game(game).rules_phrasings is not None]

#: Questions in the players' words whose rule says it otherwise ("AP you do not spend are
#: lost", "at most two guards"), none of them in a question set.
PLAYERS_WORDS = [
    ("tikal", "en", "can I keep my unused action points for next turn?", "never carry over"),
    ("tikal", "pt-BR", "posso guardar pontos de ação?", "nunca passam para um turno seguinte"),
    ("tikal", "ca", "puc estalviar PA?", "mai no passen a un torn posterior"),
    ("tikal", "en", "can i put down a third guard", "At most two guards per player per game"),
    (
        "cartographers",
        "en",
        "what if i earn a 15th coin",
        "Coins beyond the 14 on the track are lost",
    ),
    ("cartographers", "pt-BR", "as formas podem se sobrepor?", "nunca sobre uma montanha"),
    ("cartographers", "ca", "un monstre en diagonal em treu estrelles?", "a dalt, a baix"),
]

#: The shortest questions of a game night, which the ninth pass (docs/ask.md) found answered
#: by a passage sharing one word ("quants PA?": the stones, "who goes first?": the ambushes):
#: the rule they mean, and its answer in the first lines shown.
SHORTEST = [
    ("tikal", "ca", "quants PA?", "Gasta 10 punts d'acció"),
    ("tikal", "pt-BR", "quantos PA?", "Gaste 10 Pontos de Ação"),
    ("tikal", "pt-BR", "posso entrar no vulcao", "Ninguém pode entrar em um Vulcão"),
    ("tikal", "en", "can I enter a volcano", "Nobody ever enters a volcano"),
    ("tikal", "ca", "que passa si empatem en un temple?", "un empat no dona punts a ningú"),
    ("tikal", "en", "what happens if we tie on a temple?", "a tie scores for nobody"),
    ("cartographers", "en", "who goes first?", "there is no first player"),
    ("cartographers", "pt-BR", "quem começa?", "não há primeiro jogador"),
    ("cartographers", "ca", "qui juga primer?", "no hi ha primer jugador"),
]


def test_the_built_in_games_declare_phrasings():
    assert {"tikal", "cartographers"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_phrased_passage_is_declared_and_phrased_in_every_language(game):
    phrasings = knowledge(game).phrasings
    assert phrasings
    for section, by_lang in phrasings.items():
        assert set(by_lang) == set(LANGUAGES), section
        for lang in LANGUAGES:
            assert by_lang[lang] and all(phrasing.strip() for phrasing in by_lang[lang])
            index(game, lang).passage(section)  # an undeclared or unfound one raises


def _without_phrasings(game: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> RulesIndex:
    plain = dataclasses.replace(knowledge(game), phrasings={})
    monkeypatch.setattr(search, "knowledge", lambda name: plain)
    return RulesIndex(game, lang)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_phrasings_add_only_words_a_passage_lacks_and_at_a_lesser_weight(game, lang, monkeypatch):
    phrased = index(game, lang)
    plain = _without_phrasings(game, lang, monkeypatch)
    assert phrased.lengths == plain.lengths  # BM25 still normalises by the rules' own words
    added = 0
    for own, keys in zip(plain.keys, phrased.keys, strict=True):
        assert {key: keys[key] for key in own} == own
        extra = [weight for key, weight in keys.items() if key not in own]
        assert all(0 < weight <= PHRASING_WEIGHT for weight in extra)
        added += len(extra)
    assert added


@pytest.mark.parametrize("game, lang, question, fact", PLAYERS_WORDS)
def test_a_question_in_the_players_words_finds_the_rule_it_means(
    game, lang, question, fact, monkeypatch
):
    reply = ask(game, question, lang)
    assert reply.answers and holds(reply.answers[0].text, [fact]), reply.as_dict()
    # without the phrasings the words alone do not find it first
    plain = _without_phrasings(game, lang, monkeypatch).ask(question)
    assert not (plain.answers and holds(plain.answers[0].text, [fact]))


@pytest.mark.parametrize("game, lang, question, fact", SHORTEST)
def test_a_short_question_in_the_players_words_is_answered_in_the_first_lines(
    game, lang, question, fact
):
    reply = ask(game, question, lang)
    assert reply.answers and holds(shown(reply.answers[0])[:SHOWN], [fact]), reply.as_dict()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "lang, question",
    [
        ("en", "what's the capital of france"),
        ("pt-BR", "me empresta um guarda-chuva?"),
        ("ca", "on puc desar el meu cotxe?"),
    ],
)
def test_phrasings_do_not_make_an_off_topic_question_answered(game, lang, question):
    assert ask(game, question, lang).answers == ()


@pytest.mark.parametrize("game", GAMES)
def test_every_named_lead_is_one_of_its_sections_phrasings_and_a_sentence_of_it(game):
    """A phrasing's lead (``leads`` in phrasings.json) is a phrasing of that very section in
    that language (so the lemma tables and the language guess know its words), and opens a
    sentence of the passage: building the index refuses one that opens none."""
    known = knowledge(game)
    for section, by_lang in known.leads.items():
        for lang, named in by_lang.items():
            rules = index(game, lang)
            for phrasing in named:
                assert phrasing in known.phrasings[section][lang], (section, lang, phrasing)
                keys = rules._asked_keys(phrasing)
                assert (keys, rules.passage(section).id) in rules.phrased_leads


def test_a_lead_the_passage_does_not_have_is_refused(monkeypatch):
    wrong = dataclasses.replace(knowledge("tikal"), leads={
        "guard": {"en": {"what does a guard do": "The guard dances"}}})
    monkeypatch.setattr(search, "knowledge", lambda name: wrong)
    with pytest.raises(GameError) as refused:
        RulesIndex("tikal", "en")
    assert "The guard dances" in str(refused.value)


@pytest.mark.parametrize(("lang", "question", "lead"), [
    ("en", "what does the guard do?", "The guard never moves again"),
    ("en", "guard?", "The guard never moves again"),
    ("pt-BR", "o que faz um guardiao", "O Guardião nunca mais se move"),
    ("ca", "què fa un guardià?", "El guardià ja no es mou mai més"),
    ("ca", "per a que serveixen els campaments", "Després, les teves figures poden entrar"),
])
def test_an_open_question_of_one_term_leads_with_the_sentence_its_phrasing_names(
    lang, question, lead
):
    """The ninth pass left "what does the guard do" leading with the guard rule's opening
    (when you may place one): a question of one term gives no second word to choose a lead
    with. The phrasing it is asked as names the sentence that answers (the tenth pass)."""
    first = ask("tikal", question, lang).answers[0]
    assert first.lead.startswith(lead), (first.title, first.lead)
