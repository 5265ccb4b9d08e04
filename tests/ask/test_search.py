"""Free rules questions: the question set's scores, 'I don't know', inflections, accents, typos."""

from __future__ import annotations

import pytest

from boardgamesbot.engine import GameError
from boardgamesbot.help import LANGUAGES, help_page
from boardgamesbot.help.passages import passages
from boardgamesbot.help.search import ask, index, numbers_within
from boardgamesbot.help.words import fold, inflected

from .heldout import HELD_OUT, HELD_OUT_2
from .passes import assert_game_figures
from .questions import OFF_TOPIC, QUESTIONS
from .questions_fresh import (
    FRESH,
    FRESH_2,
    FRESH_3,
    FRESH_4,
    FRESH_5,
    FRESH_6,
    FRESH_7,
    FRESH_8,
    FRESH_10,
    FRESH_11,
)
from .scoring import SHOWN, assert_named_once, holds, score, score_answers, shown

GAMES = tuple(QUESTIONS)
DECISION_WORD = {"en": "Decision", "pt-BR": "Decisão", "ca": "Decisió"}


@pytest.mark.parametrize("game", GAMES)
def test_the_question_set_is_as_large_as_promised(game):
    per_language = {lang: sum(q[0] == lang for q in QUESTIONS[game]) for lang in LANGUAGES}
    assert sum(per_language.values()) >= 60
    assert all(count >= 20 for count in per_language.values()), per_language


@pytest.mark.parametrize("game", GAMES)
def test_every_fact_is_written_in_that_languages_page(game):
    """A fact no passage holds could never be found: the set would test nothing."""
    for lang, question, facts in (QUESTIONS[game] + HELD_OUT[game] + HELD_OUT_2[game]
                                  + FRESH[game] + FRESH_2[game] + FRESH_3[game] + FRESH_4[game]
                                  + FRESH_5[game]):
        texts = [p.text for p in passages(help_page(game, lang))]
        assert any(holds(text, facts) for text in texts), (lang, question, facts)


@pytest.mark.parametrize("game", GAMES)
def test_each_answer_fact_is_in_exactly_the_passage_named(game):
    """FRESH_6 names a passage and the answer in it: exactly one passage holds both (an
    answer no passage holds, or several do, would measure nothing)."""
    assert_named_once(game, FRESH_6[game], 10)


@pytest.mark.parametrize("game", GAMES)
def test_fresh_7_names_its_answer_in_exactly_one_passage(game):
    """FRESH_7 (session 42): 12 questions per language, each naming a passage and the answer
    in it, held by exactly one passage of that language's page."""
    assert_named_once(game, FRESH_7[game], 12)


@pytest.mark.parametrize("game", GAMES)
def test_fresh_8_names_its_answer_in_exactly_one_passage(game):
    """FRESH_8 (the seventh pass): 5 questions per language, each naming a passage and the
    answer in it, held by exactly one passage of that language's page."""
    assert_named_once(game, FRESH_8[game], 5)


@pytest.mark.parametrize("game", GAMES)
def test_fresh_10_names_its_answer_in_its_passage(game):
    """FRESH_10 (the tenth pass): 11 questions per language, each naming a passage and the
    answer in it. One passage holds both; two only where the set names the answer as two
    alternatives (the guard rule and the temple rule both say a guarded temple stays as it
    is) — an answer no passage holds would measure nothing."""
    per_language = {lang: sum(q[0] == lang for q in FRESH_10[game]) for lang in LANGUAGES}
    assert min(per_language.values()) >= 10, per_language
    for lang, question, facts, answer in FRESH_10[game]:
        texts = [p.text for p in passages(help_page(game, lang))
                 if holds(p.text, [*facts, answer])]
        assert 1 <= len(texts) <= (2 if isinstance(answer, tuple) else 1), (lang, question, texts)


@pytest.mark.parametrize(("game", "least"), [("tikal", (24, 31, 19)),
                                             ("cartographers", (25, 29, 23))])
def test_questions_nobody_had_seen_hold_their_figures(game, least):
    """FRESH_10 (the tenth pass, held out: measured before and after, its misses never
    looked at), 33 per game: passage first, within three, answer read in the first 160
    characters. Before the pass Tikal 23/31/17, Cartographers 24/29/21; after, Tikal
    24/31/18, Cartographers 25/29/23; after the eleventh pass Tikal 24/31/19 (docs/ask.md)."""
    assert_game_figures(game, FRESH_10, least)


@pytest.mark.parametrize(("game", "least"), [("tikal", (21, 21, 18)),
                                             ("cartographers", (20, 21, 17))])
def test_the_tenth_pass_development_set_holds_its_figures(game, least):
    """FRESH_11 (the tenth pass's development set, docs/ask.md), 21 per game: passage first,
    within three, answer read in the first 160 characters. Before the pass Tikal 17/18/13,
    Cartographers 19/21/16; after, Tikal 19/20/16, Cartographers unchanged; after the
    eleventh pass Tikal 21/21/18, Cartographers 20/21/17. Each question names its answer in
    exactly one passage."""
    for lang, question, facts, answer in FRESH_11[game]:
        texts = [p.text for p in passages(help_page(game, lang))
                 if holds(p.text, [*facts, answer])]
        assert len(texts) == 1, (lang, question, texts)
    assert_game_figures(game, FRESH_11, least)


@pytest.mark.parametrize(("game", "least"), [("tikal", (9, 14, 7)),
                                             ("cartographers", (11, 14, 8))])
def test_questions_tried_from_outside_hold_their_figures(game, least):
    """The seventh pass (docs/ask.md): FRESH_8, its development set, of 15 per game: passage
    first, within three, and answer read in the first 160 characters (Tikal 9/14/7,
    Cartographers 11/14/8; the same before the pass)."""
    assert_game_figures(game, FRESH_8, least)


@pytest.mark.parametrize("game", GAMES)
def test_situations_are_answered_and_read_first(game):
    """The sixth pass (session 42, docs/ask.md): FRESH_7, held out, friends' questions about
    situations. Per game, before → after the pass: Tikal top-1 32 → 32, top-3 35 → 34, answer
    read in the first 160 characters 23 → 27 of 36; Cartographers 24 → 26, 30 → 30,
    24 → 26 of 36."""
    results = score_answers(game, FRESH_7).values()
    count = sum(result["count"] for result in results)
    share = {measure: sum(result[measure] * result["count"] for result in results) / count
             for measure in ("top1", "top3", "read")}
    assert share["top1"] >= 0.7 and share["top3"] >= 0.8, share
    assert share["read"] >= 0.65, share


@pytest.mark.parametrize(("lang", "question", "answer"), [
    ("en", "can two of my workers stand on the same space?", "There is no limit"),
    ("pt-BR", "posso colocar dois trabalhadores no mesmo espaço?", "Não há limite de figuras"),
    ("ca", "puc posar dos treballadors a la mateixa casella?", "No hi ha límit de figures"),
])
def test_any_number_of_figures_may_share_a_space(lang, question, answer):
    """Tikal: nothing limits the figures on one space; asked with "two workers", the Moving
    rule that says so comes first and leads with it (the seventh pass, docs/ask.md)."""
    first = ask("tikal", question, lang).answers[0]
    assert first.lead.startswith(answer), (first.title, first.lead)


@pytest.mark.parametrize(("lang", "question", "answer"), [
    ("en", "what happens when two players tie on a temple?", "a tie scores for nobody"),
    ("pt-BR", "o que acontece quando dois jogadores empatam num templo?",
     "empate não dá pontos a ninguém"),
    ("ca", "que passa si dos jugadors empaten en un temple?", "un empat no dona punts a ningú"),
])
def test_a_tie_on_a_temple_scores_for_nobody_and_is_not_the_game_s_tie(lang, question, answer):
    """A tie on a temple (its scoring) and a tie for the game (who wins) are different rules:
    the first is answered by the temple scoring, the second by the end of the game."""
    assert answer in ask("tikal", question, lang).answers[0].text
    end = {"en": "we tied on points at the end, who wins",
           "pt-BR": "empatou nos pontos no final, quem ganha",
           "ca": "hem empatat a punts al final, qui guanya?"}[lang]
    assert answer not in ask("tikal", end, lang).answers[0].text


def test_a_player_is_not_the_game():
    """Portuguese "jogador" (who plays) is not "jogo" (the game) changed at its vowel: a
    changed vowel takes at most two more letters ("jogar", "jogam" are still the game's)."""
    words = index("tikal", "pt-BR").query("jogadores jogador")
    assert not any(key == "§game" for key in words), words
    assert "§game" in index("tikal", "pt-BR").query("quando acaba a partida?")


@pytest.mark.parametrize("game", GAMES)
def test_questions_are_answered_first_and_within_three(game):
    """Targets of issue 28: top-1 ≥ 85 % and top-3 ≥ 95 % in every language."""
    for lang, result in score(game).items():
        assert result["top1"] >= 0.85, (lang, result)
        assert result["top3"] >= 0.95, (lang, result)


@pytest.mark.parametrize("game", GAMES)
def test_held_out_questions_are_found_within_three_mostly(game):
    """Questions never tuned on (tests/ask/heldout.py): what the search does on new
    wording. First measured at top-1 50–88 %, top-3 75–100 % per language
    (docs/ask.md); this guards against it falling further."""
    for lang, result in score(game, HELD_OUT).items():
        assert result["top3"] >= 0.75, (lang, result)
        assert result["top1"] >= 0.5, (lang, result)
    # the second set, written after the last change to the search (measured once: top-1
    # 12–88 %, top-3 75–100 %): the answer is within three for most of them
    for lang, result in score(game, HELD_OUT_2).items():
        assert result["top3"] >= 0.75, (lang, result)


@pytest.mark.parametrize("game", GAMES)
def test_the_fresh_sets_are_as_large_as_promised(game):
    for questions, least in ((FRESH, 30), (FRESH_2, 15), (FRESH_3, 24), (FRESH_4, 24),
                              (FRESH_5, 39)):
        per_language = {lang: sum(q[0] == lang for q in questions[game]) for lang in LANGUAGES}
        assert sum(per_language.values()) >= least
        assert min(per_language.values()) >= least // 3, per_language


@pytest.mark.parametrize("game", GAMES)
def test_fresh_questions_generalise(game):
    """The second pass on issue 28 (docs/ask.md), asserted at what the sets honestly
    reach. FRESH, written before any change: first 40–80 % top-1 and 40–100 % top-3
    per language; after the general changes (it was then looked at) 50–100 % / 80–100 %.
    FRESH_2, written after the last change and measured once: top-1 50–83 %, top-3
    83–100 % per language (6 questions each, so one question is 17 points)."""
    for lang, result in score(game, FRESH).items():
        assert result["top1"] >= 0.5, (lang, result)
        assert result["top3"] >= 0.8, (lang, result)
    for lang, result in score(game, FRESH_2).items():
        assert result["top1"] >= 0.5, (lang, result)
        assert result["top3"] >= 0.8, (lang, result)


@pytest.mark.parametrize("game", GAMES)
def test_can_i_questions_generalise(game):
    """The third pass (session 40, docs/ask.md): "can I…?" and "why can't I…?" questions.
    FRESH_3, written before any change: first top-1 50–88 %, top-3 62–100 % per language;
    after the general changes (it was looked at) 50–88 % / 88–100 %. FRESH_4, held out and
    measured once at the end: top-1 62–88 %, top-3 75–100 % per language (8 questions
    each: one is 12 points); its first score, before the changes, was the same top-1 and
    one question more within three."""
    for lang, result in score(game, FRESH_3).items():
        assert result["top1"] >= 0.5, (lang, result)
        assert result["top3"] >= 0.85, (lang, result)
    for lang, result in score(game, FRESH_4).items():
        assert result["top1"] >= 0.6, (lang, result)
        assert result["top3"] >= 0.75, (lang, result)


@pytest.mark.parametrize("game", GAMES)
def test_players_words_generalise(game):
    """The fourth pass (session 41, docs/ask.md): the games' tables of players' phrasings.
    FRESH_5, written before any change and held out: first top-1 54–79 %, top-3 79–100 %
    per game and language (13–14 questions each: one is 7–8 points); at the end 62–86 % /
    86–100 %. FRESH_4, the earlier held-out set, now looked at: 75–100 % / 100 %."""
    for lang, result in score(game, FRESH_5).items():
        assert result["top1"] >= 0.6, (lang, result)
        assert result["top3"] >= 0.85, (lang, result)
    for lang, result in score(game, FRESH_4).items():
        assert result["top3"] >= 0.85, (lang, result)


@pytest.mark.parametrize("game", GAMES)
def test_the_answer_is_read_first_on_new_wording(game):
    """The fifth pass (session 41, docs/ask.md): FRESH_6, held out, names each question's
    answer. Its passage top-1 / top-3 were 77 % / 90 % per game before and after (the
    ranking did not change); the answer in the first 160 characters shown of the first
    answer went from 10–33 % to 43–70 % per game with the lead (30 questions each)."""
    results = score_answers(game, FRESH_6).values()
    count = sum(result["count"] for result in results)
    share = {measure: sum(result[measure] * result["count"] for result in results) / count
             for measure in ("top1", "top3", "read")}
    assert share["top1"] >= 0.7 and share["top3"] >= 0.85, share
    assert share["read"] >= 0.4, share


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang, question", OFF_TOPIC)
def test_a_question_the_rules_do_not_answer_gets_i_dont_know(game, lang, question):
    reply = ask(game, question, lang)
    assert reply.answers == ()
    assert reply.topics, "the closest topics are offered instead"
    sections = {p.section[0] for p in passages(help_page(game, lang)) if p.section}
    assert set(reply.topics) <= sections


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_decision_is_findable_by_its_number(game, lang):
    page = passages(help_page(game, lang))
    numbers = [p.decision for p in page if p.decision is not None]
    assert numbers == sorted(numbers) and numbers
    for number in numbers:
        reply = ask(game, f"{DECISION_WORD[lang].lower()} {number}", lang)
        assert reply.answers[0].source == f"{DECISION_WORD[lang]} {number}"


def test_answers_come_in_the_asked_language_with_title_source_and_score():
    reply = ask("tikal", "posso passar por cima de um vulcao?", "pt-BR")
    first = reply.answers[0]
    assert "Vulcão" in first.text and first.title == "Movimento" and first.source == "Ações"
    assert len(reply.answers) >= 3
    assert [a.score for a in reply.answers] == sorted((a.score for a in reply.answers),
                                                      reverse=True)
    assert set(first.as_dict()) >= {"title", "text", "source", "score"}


def test_accents_inflections_and_a_typo_find_the_same_passage():
    plain = ask("tikal", "quantos acampamentos posso construir", "pt-BR").answers[0]
    for variant in ("quantos acampamentos posso construír?", "QUANTOS ACAMPAMENTO POSSO CONSTRUIR",
                    "quantos acampamentso posso construir"):
        assert ask("tikal", variant, "pt-BR").answers[0].passage == plain.passage, variant


def test_synonyms_declared_by_the_game_meet_the_pages_words():
    # "meeple" is not on the page; the game declares it a worker, as "peão" and "explorador"
    assert "worker" in ask("tikal", "how many meeples do i get", "en").answers[0].text
    assert "emboscada" in fold(ask("cartographers", "o que faz a emboscada", "pt-BR")
                               .answers[0].text) or "cilada" in fold(
        ask("cartographers", "o que faz a emboscada", "pt-BR").answers[0].text)


def test_a_word_that_only_shares_a_stem_is_not_the_games_term():
    """Catalan 'temps' (time) and 'temple' stem alike; 'tres' (three) and 'tresor' too."""
    words = index("tikal", "ca").words
    assert "§temple" not in words.keys("quin temps fa")
    assert "§treasure" not in words.keys("tres jugadors")
    assert words.keys("tres tresors") == ["3", "§treasure"]


def test_a_side_of_a_hex_is_not_what_an_action_costs():
    """Catalan "costat" (a side) is the AP term's name "cost" with two letters more, so every
    passage about sides held *AP* and "quants PA?" found the stones (the tenth pass): a side
    is declared a thing of its own, and "costa" (it costs) stays the AP."""
    words = index("tikal", "ca").words
    assert words.keys("un costat amb pedres") == ["§side", "§stone"]
    assert "§ap" not in words.keys("els costats de la lloseta")
    assert "§ap" in words.keys("quant costa moure")
    path = index("tikal", "ca").passage("tile_path")  # "Almenys un dels costats… una pedra"
    assert "costats" in path.text and "§ap" not in index("tikal", "ca").keys[path.id]


@pytest.mark.parametrize(("game", "lang", "question", "answer"), [
    ("cartographers", "pt-BR", "jogando so quem desenha o monstro?",
     "o jogo desenha o monstro por você"),
    ("cartographers", "ca", "jugant sol, el monstre on va?", "el joc dibuixa el monstre per tu"),
    ("tikal", "en", "can i play solo", "for 2 to 4 players"),
    ("tikal", "pt-BR", "da pra jogar so?", "para 2 a 4 jogadores"),
    ("tikal", "ca", "puc jugar sol?", "per a 2 a 4 jugadors"),
])
def test_playing_alone_is_solo(game, lang, question, answer):
    """Catalan "sol" is alone, single ("un sol quadrat") and the sun; Portuguese "só" a little
    word (only). After a form of playing ("jugant sol", "jogando só") they are solo, as each
    game declares; Tikal, which has no solo game, answers with its number of players."""
    first = ask(game, question, lang).answers[0]
    assert answer in first.text, (first.title, first.text[:80])


def test_a_single_square_is_not_solo():
    words = index("cartographers", "ca").words
    assert "§solo" not in words.keys("un sol quadrat") and "§solo" in words.keys("juguem sols")


def test_brazilian_table_talk_is_read_as_the_rules_words():
    """"botei o guardião" (I put the guard), "os caras" (the guys), "tavam" (were): the
    rules say "colocar", "explorador", and "estar" is a little word. The tenth pass found
    such a question answered with "I don't know"."""
    words = index("tikal", "pt-BR").words
    assert words.keys("botei o guardiao") == words.keys("coloquei o guardião")
    assert words.keys("os caras que tavam la") == ["§worker"]
    first = ask("tikal", "botei guardiao, os caras que tavam comigo no templo saem?",
                "pt-BR").answers[0]
    assert "vira o Guardião" in first.text


@pytest.mark.parametrize(("lang", "question", "answer"), [
    ("en", "do we know which tile comes next", "Everyone can see the letter of the next tile"),
    ("pt-BR", "a gente sabe qual e o proximo hexagono?", "Todos podem ver a letra"),
])
def test_knowing_a_hidden_thing_is_seeing_it(lang, question, answer):
    """"Can we know the next tile?" asks what is visible (the rules say "see"). Such plain
    words are read as one by their dictionary form, so the lemma tables hold their forms
    too ("sabe" was taken for a slip of "sobe" and got the temple levels; tenth pass)."""
    first = ask("tikal", question, lang).answers[0]
    assert answer in shown(first)[:SHOWN], (first.title, first.lead)


@pytest.mark.parametrize(("lang", "question", "title"), [
    ("en", "my rating is 25, what title is that", "20 to 29"),
    ("ca", "amb una valoracio de 13 quin titol tinc", "10 a 19"),
])
def test_a_number_inside_a_range_finds_the_row_of_that_range(lang, question, title):
    """A rating of 25 is the row "20 to 29" (tenth pass): a passage holds the numbers inside
    the ranges it states, at `RANGE_WEIGHT`; a range as wide as "1 to 100 players" does not."""
    assert ask("cartographers", question, lang).answers[0].title == title
    assert numbers_within("20 to 29") == [str(n) for n in range(21, 29)]
    assert numbers_within("a game takes 1 to 100 players") == []


def test_the_catalan_cap_is_the_leader_with_an_article_and_none_without():
    """The Catalan summary says "el cap val tres" (the leader is worth three); bare "cap" is
    "none" ("no cal cap figura"), so only "el cap", "el meu cap"… name the leader."""
    words = index("tikal", "ca").words
    assert words.keys("el cap val tres") == ["§leader", "val", "3"]
    assert words.keys("el meu cap") == ["§leader"]
    assert "§leader" not in words.keys("no cal cap figura")
    first = ask("tikal", "el cap val tres?", "ca").answers[0]
    assert "El teu cap d'expedició val 3" in first.text


def test_bad_input_is_refused_with_a_clear_error():
    with pytest.raises(GameError) as empty:
        ask("tikal", "   ", "en")
    assert empty.value.code == "empty_question"
    with pytest.raises(GameError) as language:
        ask("tikal", "volcano?", "fr")
    assert language.value.code == "unknown_help"
    with pytest.raises(GameError) as game:
        ask("chess", "castling?", "en")
    assert game.value.code == "unknown_help"
    with pytest.raises(GameError):
        ask("tikal", "why " * 200, "en")


def test_negations_typed_without_apostrophe_are_not():
    words = index("tikal", "en").words
    assert words.keys("why cant i move") == words.keys("why can't i move") == ["not", "§move"]
    assert "not" in words.keys("i dont get it")


def test_a_name_as_typed_beats_another_names_inflection():
    """Portuguese "montar" is to build (a declared name), not "monte" (a pile) inflected."""
    assert index("tikal", "pt-BR").words.keys("montar acampamento") == ["§build", "§camp"]


def test_a_word_shorter_than_a_name_is_no_inflection_of_it():
    """English "are" was Cartographers' "area" (a cluster) with its last vowel dropped:
    every "are there…" asked for clusters."""
    assert inflected("areas", "area") and inflected("guardians", "guardia")
    assert not inflected("are", "area")
    assert "§cluster" not in index("cartographers", "en").words.keys("how many seasons are there")


def test_guardar_is_to_keep_and_o_guarda_is_the_guard():
    """Portuguese "guardar" inflects the guard's name "guarda"; as a verb it is to keep
    (Tikal's ``verbs``): "posso guardar pontos de ação?" asks about unspent AP."""
    words = index("tikal", "pt-BR").words
    assert "§keep" in words.keys("posso guardar pontos de ação") and "§guard" not in words.keys(
        "posso guardar pontos de ação")
    assert "§guard" in words.keys("o guarda pode sair do templo")


def test_a_word_that_is_a_thing_and_an_action_reads_as_the_verb_without_a_determiner():
    """Portuguese "andar" is a temple level ("o andar", "segundo andar", "andar de
    templo") and to walk: after a verb or at the start, a move (declared in Tikal's
    ``verbs``). Words, not questions: the passages answering are asserted below."""
    words = index("tikal", "pt-BR").words
    assert "§move" in words.keys("meus peões podem andar pela selva")
    assert "§level" not in words.keys("meus peões podem andar pela selva")
    assert words.keys("andar na selva")[0] == "§move"
    for noun in ("quantos pontos vale o andar", "o segundo andar", "um andar de templo",
                 "cada andar", "2 andares", "andar de templo"):
        assert "§level" in words.keys(noun) and "§move" not in words.keys(noun), noun
    moved = ask("tikal", "meus peões podem andar pela selva?", "pt-BR").answers
    assert any("Mover" in a.title or "Movimento" in a.title for a in moved[:3])


def test_digging_is_uncovering():
    """"cavar" (to dig) is a declared name of uncovering in Portuguese and Catalan."""
    for lang in ("pt-BR", "ca"):
        assert "§uncover" in index("tikal", lang).words.keys("cavar")
    answers = ask("tikal", "quanto custa cavar um templo?", "pt-BR").answers
    assert any(a.title.startswith("Desobstruir") for a in answers[:3])


def test_a_passage_about_the_one_word_asked_answers():
    """A single plain word is too little to answer on, unless the passage is about it:
    its own title ("Lugarejo (Hamlet…)")."""
    reply = ask("cartographers", "e o lugarejo?", "pt-BR")
    assert reply.answers and reply.answers[0].title.startswith("Lugarejo")


def test_a_preposition_before_a_determiner_is_no_things_name():
    """English "over" is a declared name of the game's end ("is the game over?"), but in
    "jump over a volcano" or "split it over 2 turns" it only says where: it asks nothing
    about the end of the game."""
    words = index("tikal", "en").words
    assert "§end" not in words.keys("can my worker jump over a volcano?")
    assert "§end" not in words.keys("can i split the crossing over 2 turns")
    assert "§end" in words.keys("is the game over?")


# Questions of players (the fresh sets) that the section on playing Tikal by taps answered
# first, once added to the page: its words ("your figure there", "one thing to do") are the
# rules' words, and the rules are asked about.
ANSWERED_BY_TAPS = [("en", "can it move through there?"), ("ca", "i ell s'hi pot quedar?"),
                    ("pt-BR", "as pecas dos outros me impedem de passar?"),
                    ("en", "can two of my workers stand on the same spot")]


@pytest.mark.parametrize(("lang", "question"), ANSWERED_BY_TAPS)
def test_how_a_tap_plays_is_read_in_the_page_but_answers_no_rules_question(lang, question):
    rules = index("tikal", lang)
    (heading,) = (by_lang[lang] for by_lang in rules.knowledge.unsearched.values())
    taps = {p.id for p in rules.passages if heading in p.section}
    assert len(taps) >= 4  # the section is in the page (its list of what a tap does)
    given = [answer.passage for answer in ask("tikal", question, lang).answers]
    assert given and not taps.intersection(given), given
