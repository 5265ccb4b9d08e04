"""The action notation: every decision has a text form that round-trips."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgamesbot.engine import GameError
from boardgamesbot.games.cartographers import (
    GAME,
    Ambush,
    AmbushFallback,
    Draw,
    Fallback,
    Pass,
    parse_action,
)
from boardgamesbot.games.cartographers.components import DRAWN_TERRAINS
from boardgamesbot.games.cartographers.sheet import cell_name, parse_cell

cells = st.integers(0, 120)
terrains = st.sampled_from(DRAWN_TERRAINS)
orientations = st.integers(0, 7)
actions = st.one_of(
    st.builds(Draw, terrains, st.integers(1, 2), orientations, cells),
    st.builds(Fallback, terrains, cells),
    st.builds(Ambush, orientations, cells),
    st.builds(AmbushFallback, cells),
    st.just(Pass()),
)


@given(actions)
def test_notation_round_trips(action):
    assert GAME.parse_action(str(action)) == action


def test_notation_examples():
    assert parse_action("forest 2 r90 C4") == Draw("forest", 2, 1, parse_cell("C4"))
    assert parse_action("Water 1x1 e7") == Fallback("water", parse_cell("E7"))
    assert str(parse_action("ambush f270 K11")) == "ambush f270 K11"
    assert parse_action("ambush 1x1 A1") == AmbushFallback(0)
    assert parse_action(" pass ") == Pass()


def test_cells_columns_a_to_k_rows_1_to_11():
    assert cell_name(0) == "A1" and cell_name(120) == "K11" and cell_name(35) == "C4"
    assert [parse_cell(cell_name(i)) for i in range(121)] == list(range(121))


@pytest.mark.parametrize("text, word, expected", [
    ("", "", "cartographers.action"),
    ("forest", "", "cartographers.shape"),
    ("forest 3 r0 A1", "3", "cartographers.shape"),
    ("forest 1 r45 A1", "r45", "cartographers.orientation"),
    ("forest 1 A1", "A1", "cartographers.orientation"),  # the orientation left out
    ("forest 1 r0", "", "cartographers.cell"),
    ("forest 1 r0 L1", "L1", "cartographers.cell"),
    ("forest 1 r0 A12", "A12", "cartographers.cell"),
    ("forest 1 r0 A1 B2", "B2", None),
    ("forest 1x1", "", "cartographers.cell"),
    ("mountain 1 r0 A1", "mountain", "cartographers.action"),
    ("ambush A1", "A1", "cartographers.ambush"),
    ("ambush 1x1 Z1", "Z1", "cartographers.cell"),
    ("pass now", "now", None),
])
def test_malformed_notation_names_the_word_and_what_goes_there(text, word, expected):
    """The refusal points at the first word that is not what the notation has there (or
    at the end, when a word is missing), says what goes there, and shows an action of the
    same kind written right."""
    with pytest.raises(GameError) as caught:
        parse_action(text)
    error = caught.value
    assert error.code == "bad_notation"
    assert (error.params["word"], error.params["expected"]) == (word, expected)
    example = error.params["example"]
    assert parse_action(example)  # the example is itself an action written right
    if text.split() and text.split()[0] in ("forest", "ambush", "pass"):
        assert example.split()[0] == text.split()[0]
    assert "meant" not in error.params  # (no terrain is called "mountain" or "3")


@pytest.mark.parametrize("typed, meant", [
    ("bosc 1 r0 A1", "forest"), ("Água 2 r90 C4", "water"), ("poblat 1x1 C4", "village"),
    ("fazenda 1 r0 A1", "farm"), ("monstre 1 r0 A1", "monster"),
])
def test_a_terrain_named_in_the_persons_language_is_told_its_notation_word(typed, meant):
    with pytest.raises(GameError) as caught:
        parse_action(typed)
    assert caught.value.params["word"] == typed.split()[0]
    assert caught.value.params["meant"] == meant


def test_every_legal_action_round_trips_and_describes_itself():
    state = GAME.new(2, 3)
    for action in state.legal_actions(0):
        assert parse_action(str(action)) == action
    action = state.legal_actions(0)[-1]
    words = state.describe(action)
    assert words.startswith(str(action)) and cell_name(action.cell) in words
