"""Notation: every action reads back from its text; malformed text names what was expected."""

import pytest

from boardgamesbot.engine import GameError
from boardgamesbot.games.tikal.notation import (
    END,
    BuildCamp,
    Enter,
    Exchange,
    Move,
    Place,
    PlaceGuard,
    Recover,
    Uncover,
    parse_action,
)

from .helpers import GAME, sp

EXAMPLES = {
    "place C4 r2": Place(sp("C4"), 2),
    "place C4": Place(sp("C4"), 0),
    "enter L A6": Enter("L", sp("A6")),
    "move W A6 B5": Move("W", sp("A6"), sp("B5")),
    "uncover A5": Uncover(sp("A5")),
    "recover C4": Recover(sp("C4")),
    "exchange 3 p2 5": Exchange(3, 1, 5),
    "camp B5": BuildCamp(sp("B5")),
    "guard L A5": PlaceGuard("L", sp("A5")),
    "end": END,
}


@pytest.mark.parametrize("text", list(EXAMPLES))
def test_notation_reads_and_writes_every_action(text):
    assert parse_action(text) == EXAMPLES[text]
    assert str(EXAMPLES[text]) == text
    assert GAME.parse_action(text) == EXAMPLES[text]


def test_notation_spaces_a1_to_h6():
    assert sp("A1") == 0 and sp("H6") == 47 and sp("C4") == 15
    assert str(Uncover(0)) == "uncover A1" and str(Uncover(47)) == "uncover H6"


def test_notation_is_forgiving_about_case_and_spacing():
    assert parse_action("  MOVE w a6   b5 ") == Move("W", sp("A6"), sp("B5"))
    assert parse_action("Place c4 R3") == Place(sp("C4"), 3)


def test_place_r0_is_written_without_rotation():
    assert str(parse_action("place C4 r0")) == "place C4"


@pytest.mark.parametrize("text, expected", [
    ("", "expected an action"),
    ("fly A1", "an action starting with one of"),
    ("move W A6", "move L|W FROM TO"),
    ("move X A6 B5", "L = leader, W = worker"),
    ("enter L Z9", "a space A1…H6, not 'Z9'"),
    ("place C4 r6", "a rotation r0…r5"),
    ("place C4 2", "a rotation r0…r5"),
    ("exchange 3 q2 5", "a player p1…p4"),
    ("exchange 9 p2 5", "a number 1…8"),
    ("uncover", "uncover SPACE"),
    ("end now", "end"),
    ("camp A7", "a space A1…H6"),
])
def test_malformed_notation_names_what_was_expected(text, expected):
    with pytest.raises(GameError, match="expected") as caught:
        parse_action(text)
    assert expected in str(caught.value)
    assert caught.value.code == "bad_notation"


def test_non_text_notation_is_refused():
    with pytest.raises(GameError, match="expected an action in notation"):
        parse_action(None)
