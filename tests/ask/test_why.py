""""why ACTION": every refusal code of both games explained, in every language, with its rule."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import boardgamesbot.games
from boardgamesbot.engine import load_game
from boardgamesbot.help import LANGUAGES
from boardgamesbot.help.search import index, knowledge
from boardgamesbot.help.why import explain, reason, refusal_passage, why

GAMES = ("tikal", "cartographers")


def refusal_codes(game: str) -> set[str]:
    """Every code the game's rules raise an `IllegalAction` with, read from its source
    (not from its own declaration: a new refusal without a rule would go unnoticed) — also
    one a helper raises with the ``code`` its callers pass it (Tikal's uncovering and
    recovering limits, `_uses_this_turn`: missed before, they had no rule to cite)."""
    package = Path(boardgamesbot.games.__file__).parent / game
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in package.glob("*.py")]
    codes: set[str] = set()
    passing: dict[str, int] = {}  # helper → where its ``code`` parameter is, after self
    for node in (node for tree in trees for node in ast.walk(tree)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
            codes.update(k.value.value for k in node.keywords
                         if k.arg == "code" and isinstance(k.value, ast.Constant))
        if isinstance(node, ast.FunctionDef):
            names = [arg.arg for arg in node.args.args]
            if "code" in names:
                passing[node.name] = names.index("code") - (names[:1] == ["self"])
    for node in (node for tree in trees for node in ast.walk(tree)):
        name = getattr(node, "func", None)
        name = getattr(name, "attr", None) or getattr(name, "id", None)
        if isinstance(node, ast.Call) and name in passing:
            given = [k.value for k in node.keywords if k.arg == "code"] or node.args[
                passing[name]:passing[name] + 1]
            codes.update(value.value for value in given
                         if isinstance(value, ast.Constant) and isinstance(value.value, str))
    return codes


@pytest.mark.parametrize("game", GAMES)
def test_the_source_scan_finds_the_refusals(game):
    assert len(refusal_codes(game)) >= 10


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_code_has_a_why_answer(game, lang):
    declared = knowledge(game).refusals
    for code in sorted(refusal_codes(game)):
        assert code in declared, f"{game} declares no rule section for refusal {code!r}"
        kinds = declared[code] if isinstance(declared[code], dict) else {"*": declared[code]}
        for kind in kinds:
            passage = refusal_passage(game, code, lang, kind)
            assert passage is not None and passage.text, (code, kind)
        said = reason(code, lang, fallback="")
        assert said, f"no sentence says refusal {code!r} in {lang}"
        if lang != "en":
            assert said != reason(code, "en", ""), f"{code!r} is not translated to {lang}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_declared_section_names_a_passage_of_each_page(game, lang):
    for section in knowledge(game).sections:
        assert index(game, lang).passage(section).text


def test_why_explains_a_refusal_in_the_askers_language_and_cites_the_rule():
    state = load_game("tikal").new(num_players=2, seed=3)
    before = state.to_json()
    answer = why(state, 0, "enter L A6", "ca")
    assert state.to_json() == before, "asking why changes nothing"
    assert (answer.legal, answer.code) == (False, "place_tile_first")
    assert answer.reason == reason("place_tile_first", "ca", "")
    assert answer.title == "Roba i col·loca una lloseta" and answer.source == "Un torn"
    assert "lloseta" in answer.text


def test_the_rule_cited_depends_on_the_action_refused():
    state = load_game("tikal").new(num_players=2, seed=3)
    state.apply(0, str(state.legal_actions(0)[0]))  # place the drawn tile
    # a guard and an uncovering on a space that is not a temple: two different rules
    guard = why(state, 0, "guard L B5", "en")
    uncover = why(state, 0, "uncover B5", "en")
    assert guard.code == uncover.code == "not_a_temple"
    assert guard.title == "Place a guard (5 AP)"
    assert uncover.title == "Uncover a temple level (2 AP)"


def test_a_legal_action_is_said_to_be_allowed():
    state = load_game("cartographers").new(num_players=1, seed=2)
    action = str(state.legal_actions(0)[0])
    assert why(state, 0, action, "pt-BR").legal


def test_cartographers_pass_with_empty_spaces_cites_decision_6():
    state = load_game("cartographers").new(num_players=2, seed=5)
    answer = why(state, 1, "pass", "pt-BR")
    assert answer.code == "cannot_pass" and answer.source == "Decisão 6"


def test_unreadable_notation_is_explained_without_a_rule():
    answer = explain("tikal", "fly to the moon",
                     load_game("tikal").new(num_players=2, seed=1).preview(0, "fly to the moon"),
                     "pt-BR")
    assert not answer.legal and answer.code == "bad_notation" and answer.reason


#: Each page's section on laying the game out: what is on the table before the first move.
SETUP_HEADING = {"en": "Setup", "pt-BR": "Preparação", "ca": "Preparació"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_refusal_rests_on_the_setup(game, lang):
    """A refused move breaks a rule of play, never the way the box is laid out: "It is not
    your turn" cited Setup (its last sentence said who starts), and a person who asked
    "Why not?" read how the tiles are stacked."""
    declared = knowledge(game).refusals
    for code in sorted(refusal_codes(game)):
        kinds = declared[code] if isinstance(declared[code], dict) else {"*": declared[code]}
        for kind in kinds:
            passage = refusal_passage(game, code, lang, kind)
            assert passage is not None and passage.section[:1] != (SETUP_HEADING[lang],), (
                code, kind, passage and passage.source)


@pytest.mark.parametrize(("lang", "order"), [
    ("en", "seat order"), ("pt-BR", "ordem dos lugares"), ("ca", "ordre dels seients")])
def test_turn_order_not_your_turn_cites_whose_turn_it_is(lang, order):
    state = load_game("tikal").new(num_players=2, seed=1)
    answer = why(state, 1, "enter L A6", lang)   # seat 1 waits for seat 0
    assert answer.code == "not_your_turn"
    assert order in answer.text and answer.title == knowledge("tikal").sections["turn_order"][lang]
    assert answer.source == index("tikal", lang).passage("place_tile").section[0]  # "A turn"
