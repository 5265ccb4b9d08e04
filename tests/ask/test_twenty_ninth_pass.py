"""The twenty-ninth pass on the rules search (docs/ask.md, session 56, helper ask56): its held-out
set ``FRESH_29``, naming its answers, and its figures as measured before anything of the pass was
changed; and the fixes the pass made on development questions and refusals, each with a test seen
failing first. The questions written here are development questions: they measure nothing held
out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardgamesbot.help import LANGUAGES
from boardgamesbot.help.search import ask, index, knowledge
from boardgamesbot.help.why import reason, refusal_passage, why
from tests.tikal.helpers import make, player

from .questions_fresh import FRESH_29
from .scoring import held_out_tests

ROOT = Path(__file__).resolve().parents[2]

#: FRESH_29 (session 56): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Twenty-ninth pass*) 21/26/19 held out, before
#: the pass (the same asked of no table and from a table of default options).
(test_the_set_names_its_answer_in_exactly_one_passage, test_the_set_holds_its_figures) = (
    held_out_tests(FRESH_29, 5, (21, 26, 19))
)


#: The Catalan refusals of a tile with no path said "s'ha d'unir a la jungla" and "al costat de la
#: zona explorada", where the Catalan rules quoted right under them say "al costat de la zona
#: descoberta" (and "jungla" is no word of the Catalan rules: a clearing is a "selva"). They say
#: the rules' words now.
@pytest.mark.parametrize("code", ["no_path_to_tile", "not_beside_explored"])
def test_catalan_tile_refusals_say_zona_descoberta_as_the_rules_do(code):
    said = reason(code, "ca", "", {"space": "C4"})
    assert "zona descoberta" in said and "jungla" not in said and "explorada" not in said, said
    assert "zona descoberta" in index("tikal", "ca").passage("place_tile").text


#: Brazilian Portuguese: the refusals said "peça" of a tile ("Não resta tesouro nessa peça.",
#: "Coloque primeiro a peça sorteada.") and "nível" of a temple level, beside rules that say
#: "hexágono" ("o hexágono sacado", "hexágono de Tesouro") and "andar". Every refusal — and every
#: word of the notation a refusal explains — says the rules' words now.
@pytest.mark.parametrize(
    ("code", "word"),
    [
        ("no_path_to_tile", "hexágono"),
        ("no_such_tile", "hexágono"),
        ("no_treasure", "hexágono"),
        ("not_a_treasure", "hexágono de tesouro"),
        ("not_beside_explored", "hexágono"),
        ("place_tile_first", "hexágono sacado"),
        ("recover_limit", "hexágono"),
        ("take_tile_first", "hexágono"),
        ("no_level", "andar"),
        ("uncover_limit", "andares"),
    ],
)
def test_brazilian_tikal_refusals_say_the_rules_words(code, word):
    said = reason(code, "pt-BR", "", {"space": "C4"})
    assert word in said and "peça" not in said and "nível" not in said, said
    passage = refusal_passage("tikal", code, "pt-BR")
    assert passage is not None and word.split()[0] in passage.text.lower(), code


def test_no_brazilian_tikal_refusal_or_notation_word_says_peca():
    path = ROOT / "src" / "boardgamesbot" / "games" / "tikal" / "web" / "i18n" / "pt-BR.json"
    said = json.loads(path.read_text(encoding="utf-8"))
    peca = {key: text for key, text in said.items()
            if key.startswith(("error.", "notation.")) and "peça" in str(text)}
    assert not peca, peca


#: The Brazilian page said "peça" of a tile in four places ("as mesmas peças em cada letra") and
#: of a figure in one ("Sua peça ali:"), where it says "hexágono" and "figura" everywhere else: an
#: answer quoting it said two words for one thing.
def test_the_brazilian_tikal_page_says_hexagono_of_a_tile():
    page = (ROOT / "src" / "boardgamesbot" / "games" / "tikal" / "help" / "pt-BR.md").read_text(
        encoding="utf-8")
    said = [line for line in page.splitlines() if "peça" in line.lower()]
    # Left: the button the page quotes as the interface shows it, and "qual peça daquela letra
    # ele é", the answer a held-out set (FRESH_24) names word for word.
    kept = ("Colocar a peça em", "qual peça daquela letra")
    assert all(any(words in line for words in kept) for line in said), said


#: Players still quote the old words (a screenshot, a chat): read as the same refusal
#: (`refusals_before`), so its rule answers first.
@pytest.mark.parametrize(
    ("lang", "question", "title"),
    [
        ("pt-BR", "pq diz 'Esse espaço não é uma peça de tesouro.'", "Desenterrar um Tesouro"),
        ("pt-BR", "pq deu 'No máximo dois níveis por templo por vez.'", "Desobstruir um andar"),
        ("ca", "per que diu 'La lloseta s'ha d'unir a la jungla per un camí de pedres.'",
         "Roba i col·loca una lloseta"),
    ],
)
def test_the_old_refusals_quoted_still_get_their_rule(lang, question, title):
    first = ask("tikal", question, lang).answers[0]
    assert first.title.startswith(title), first.title


#: Under a refusal every face quotes the words of its rule that say why (twenty-eighth pass); a
#: quote of 136 to 147 characters was still shown whole ("Each level you uncover on a temple in
#: one turn needs one more of your figures there: one figure for the first level, two for the
#: second."). Every quote of every game and language now fits in 120 characters.
QUOTE_FITS = 120


@pytest.mark.parametrize("game", ["tikal", "cartographers"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_quote_is_the_words_that_say_why(game, lang):
    rules = index(game, lang)
    long = {}
    for code, section in knowledge(game).refusals.items():
        for kind in section if isinstance(section, dict) else ["*"]:
            passage = refusal_passage(game, code, lang, kind)
            quote = passage and rules.refusal_sentence(code, passage.id)
            if quote and len(quote) > QUOTE_FITS:
                long[code] = quote
    assert not long, long


@pytest.mark.parametrize(
    ("lang", "quote"),
    [
        ("en", "Each level you uncover on a temple in one turn needs one more of your figures "
               "there …"),
        ("pt-BR", "Cada andar que você desobstrui no mesmo Templo no mesmo turno exige mais uma "
                  "figura sua ali …"),
        ("ca", "Cada nivell que excaves en un mateix temple durant un torn necessita una figura "
               "teva més allà …"),
    ],
)
def test_a_second_level_with_one_figure_quotes_why(lang, quote):
    state = make(players=[player(workers={"A5": 1}), player()])
    state.apply(0, "uncover A5")
    answer = why(state, 0, "uncover A5", lang)
    assert answer.code == "too_few_figures", answer.code
    assert answer.lead == quote, answer.lead


#: "pq nao consigo mandar meu explorador pro vulcao" (FRESH_28, development since this pass) got
#: Decision 3 first — "não é permitido trocar um Tesouro…", a rule on swapping treasures — above
#: the moving rule ("Ninguém pode entrar em um Vulcão"): a "why can't I…" question hints at a
#: rule saying what is not allowed (`ALLOWED_KEY`), and Decision 3 held that hint and the
#: question's "não", and nothing the question names. The hint now counts only in a passage that
#: holds something the question asks besides its "not".
@pytest.mark.parametrize(
    ("lang", "question", "title"),
    [
        ("pt-BR", "pq nao consigo mandar meu explorador pro vulcao", "Movimento"),
        ("en", "why cant my worker go into the volcano", None),
    ],
)
def test_why_cant_i_is_answered_by_a_rule_on_what_it_names(lang, question, title):
    answers = ask("tikal", question, lang).answers
    assert title is None or answers[0].title == title, [a.title for a in answers]
    assert not any(a.title.startswith(("Decision 3", "Decisão 3")) for a in answers[:3])


#: "a montanha bloqueia o desenho ou da pra passar por cima dela" (DEV_PT_CARTOGRAPHERS) got the
#: sheet's description first, whose "linhas 1 a 11 de cima para baixo" met the question's "por
#: cima"; the drawing rule ("nunca sobre uma montanha") came second. "de cima" is a place on the
#: sheet, little as "em cima" is; "por cima" is covering.
def test_over_a_mountain_in_portuguese_is_the_drawing_rule():
    question = "a montanha bloqueia o desenho ou da pra passar por cima dela"
    first = ask("cartographers", question, "pt-BR").answers[0]
    assert first.title == "2. Desenho", first.title
    words = index("cartographers", "pt-BR").words
    assert not any(key.startswith("cim") for key, _ in words.weighted("de cima para baixo"))
