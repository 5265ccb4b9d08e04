"""The plain-text sheet format: reading, writing, and errors naming line and character."""

import pytest

from boardgamesbot.engine import GameError
from boardgamesbot.games.cartographers import Sheet

from .helpers import BLANK_A, BLANK_B


def test_blank_sides_print_mountains_ruins_and_wasteland():
    assert BLANK_A.splitlines()[5] == ".....^....."
    assert BLANK_B.splitlines()[4] == "....##R...."
    assert BLANK_A.count("^") == 5 and BLANK_A.count("R") == 6 and "#" not in BLANK_A
    assert BLANK_B.count("^") == 5 and BLANK_B.count("R") == 6 and BLANK_B.count("#") == 7


def test_round_trip_with_every_symbol():
    text = BLANK_B.replace("......R.^..", "FVAWMMv.^..", 1).replace("..R^", "..a^", 1)
    sheet = Sheet.from_text(text, "B")
    assert sheet.to_text() == text
    assert sheet.layer("village") & sheet.ruins  # v on the G2 ruins


def test_side_letter_is_case_insensitive_and_checked():
    assert Sheet.from_text(BLANK_B, "b") == Sheet.blank("B")
    with pytest.raises(GameError, match="A .*B"):
        Sheet.from_text(BLANK_A, "C")


def test_trailing_blank_lines_and_crlf_are_tolerated():
    assert Sheet.from_text(BLANK_A.replace("\n", "\r\n") + "\n\n", "A") == Sheet.blank("A")


@pytest.mark.parametrize("text, message", [
    (BLANK_A.replace("...^.R.....", "...^.R....X", 1), "line 2, character 11"),
    (BLANK_A.replace("...^.R.....", "...^.R....", 1), "line 2: expected 11 characters"),
    (BLANK_A.replace("...^.R.....", ".....R.....", 1), "line 2, character 4"),  # lost mountain
    (BLANK_A.replace("...^.R.....", "...^.F.....", 1), "line 2, character 6"),  # F on ruins
    (BLANK_A.replace("...^.R.....", "...^.R...f.", 1), "line 2, character 10"),  # f off ruins
    (BLANK_A.replace("...^.R.....", "..^^.R.....", 1), "line 2, character 3"),   # extra mountain
    (BLANK_A.replace("...^.R.....", "...^.R....#", 1), "line 2, character 11"),  # wasteland on A
    ("\n".join(BLANK_A.splitlines()[:10]), "found 10 lines"),
])
def test_malformed_sheet_names_the_line_and_character(text, message):
    with pytest.raises(GameError, match=message) as error:
        Sheet.from_text(text, "A")
    assert error.value.code == "bad_sheet"


def test_terrain_on_a_mountain_is_refused():
    with pytest.raises(GameError, match="line 2, character 4.*mountain"):
        Sheet.from_text(BLANK_A.replace("...^.R.....", "...F.R.....", 1), "A")
