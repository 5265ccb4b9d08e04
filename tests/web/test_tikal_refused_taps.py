"""A tap on a Tikal space this turn offers nothing on says why, on a 360×740 phone. At a
game night a friend tapped a space that was not highlighted to lay the drawn tile there:
nothing was said, and a black bracket (the browser's focus ring, half hidden under the
next hexes) was left on the space. Now the tap is the action it would have been, refused
by the table with its reason and "Why not?" (as a map's cell in Cartographers), or, with
nothing of the person's chosen yet, the turn's words on what to tap; the board is as it was."""

from __future__ import annotations

import pytest

from .helpers import act, hot_seat_table, open_lobby, take_seat, view
from .test_game_night_phone import LANGS, catalog

SPACE = '.tikal-board:not([data-stale]) .space[data-space="{}"]'
# The tapped space's outline as drawn (none: the finger's focus is not ringed).
OUTLINE = "sel => getComputedStyle(document.querySelector(sel)).outlineStyle"


def refusal_says(page, words: str) -> None:
    page.wait_for_function(
        """words => { const n = document.querySelector('#notice');
        return n && !n.hidden && n.textContent.includes(words); }""", arg=words)


@pytest.mark.parametrize("lang", LANGS)
def test_a_tap_where_the_turn_offers_nothing_says_why(narrow, server, lang):
    words = catalog(lang, "tikal")
    open_lobby(narrow, server, lang)
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    take_seat(narrow, server, table, 0, tokens[0], "tikal")
    narrow.wait_for_selector(SPACE.format("A4") + ".target")
    before = view(server, table)["state_id"]
    # D4 is not beside the explored area: no tile can go there.
    narrow.locator(SPACE.format("D4")).tap()
    refusal_says(narrow, words["error.not_beside_explored"].replace("{space}", "D4"))
    narrow.wait_for_selector("#notice.error button.why")
    assert narrow.evaluate(OUTLINE, SPACE.format("D4")) == "none"
    assert view(server, table)["state_id"] == before
    # Her tile laid: a tap on an empty space with nothing of hers chosen says what to tap.
    act(server, table, tokens[0], "place A4")
    narrow.wait_for_selector("#enter-W")
    narrow.locator(SPACE.format("D4")).tap()
    refusal_says(narrow, words["tikal.actions.pick@touch"])
    # A worker chosen to bring in, then a space that is no camp: the rule is said.
    narrow.tap("#enter-W")
    narrow.wait_for_selector("#enter-W.active")
    narrow.locator(SPACE.format("C5")).tap()
    refusal_says(narrow, words["error.not_a_camp"])
    assert narrow.evaluate(OUTLINE, SPACE.format("C5")) == "none"
