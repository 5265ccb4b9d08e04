"""Notation: every action reads back from its text; malformed text names what was expected."""

import re

import pytest

from boardgamesbot.engine import LANGUAGES, GameError
from boardgamesbot.games.tikal.game import VARIANTS
from boardgamesbot.games.tikal.notation import (
    END,
    FORMS,
    VARIANT_ACTIONS,
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


@pytest.mark.parametrize("text, word, expected", [
    ("", "", "tikal.action"),
    ("fly A1", "fly", "tikal.action"),
    ("move W A6", "", "tikal.space"),
    ("move X A6 B5", "X", "tikal.figure"),
    ("move A6 B5", "A6", "tikal.figure"),  # the figure left out: A6 stands in its place
    ("enter L Z9", "Z9", "tikal.space"),
    ("place C4 r6", "r6", "tikal.rotation"),
    ("place C4 2", "2", "tikal.rotation"),
    ("exchange 3 q2 5", "q2", "tikal.seat"),
    ("exchange 9 p2 5", "9", "tikal.treasure"),
    ("uncover", "", "tikal.space"),
    ("end now", "now", None),
    ("camp A7", "A7", "tikal.space"),
    ("bid 0", "0", "tikal.points"),
    ("take 5", "5", "tikal.display"),
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
    if text.split() and text.split()[0] in ("move", "place", "exchange", "end", "bid"):
        assert example.split()[0] == text.split()[0]
    assert f"{word!r}" in str(error) if word else "missing" in str(error)


def test_non_text_notation_is_refused():
    with pytest.raises(GameError, match="is not an action") as caught:
        parse_action(None)
    assert caught.value.code == "bad_notation"


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_catalog_lists_the_verbs_the_notation_has_for_each_variant(variant):
    """A verb nobody has ("fly") is told the verbs of the variant played, from the catalog
    entry the refusal names, in every language: the entries repeat `FORMS` less the other
    variants' `VARIANT_ACTIONS` by hand, so a verb added to (or taken from) the notation
    must show in (or leave) each of them, in the notation's order."""
    others = {str(kind.notation).split()[0] for kind, owner in VARIANT_ACTIONS.items()
              if owner != variant}
    verbs = [verb for verb in FORMS if verb not in others]
    with pytest.raises(GameError) as caught:
        GAME.new(2, 1, variant=variant).read_action(0, "fly")
    expected = caught.value.params["expected"]
    for lang in LANGUAGES:
        entry = GAME.words(lang)[f"notation.{expected}"]
        # "an action — place, enter, …, guard or end": the list after the dash, its last
        # two verbs joined by the language's "or"
        listed = re.split(r",\s*|\s+(?:or|ou|o)\s+", entry.split("—", 1)[1].strip())
        assert listed == verbs, (variant, lang, entry)
