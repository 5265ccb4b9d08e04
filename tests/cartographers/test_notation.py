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


@pytest.mark.parametrize("text, expected", [
    ("", "TERRAIN SHAPE ORIENTATION CELL"),
    ("forest", "TERRAIN SHAPE ORIENTATION CELL"),
    ("forest 3 r0 A1", "shape must be 1 or 2"),
    ("forest 1 r45 A1", "orientation must be one of"),
    ("forest 1 r0 L1", "cell like C4"),
    ("forest 1 r0 A12", "cell like C4"),
    ("mountain 1 r0 A1", "terrains are forest"),
    ("ambush A1", "ambush ORIENTATION CELL"),
    ("pass now", "TERRAIN SHAPE"),
])
def test_malformed_notation_names_what_was_expected(text, expected):
    with pytest.raises(GameError, match=expected) as error:
        parse_action(text)
    assert error.value.code == "bad_notation"


def test_every_legal_action_round_trips_and_describes_itself():
    state = GAME.new(2, 3)
    for action in state.legal_actions(0):
        assert parse_action(str(action)) == action
    action = state.legal_actions(0)[-1]
    words = state.describe(action)
    assert words.startswith(str(action)) and cell_name(action.cell) in words
