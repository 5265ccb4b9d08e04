"""A game night at Cartographers on a phone: the line above Ana's map said "Last move — Bea:
draws forest … at A11" while A11 on the map under it was empty — the drawing was on Bea's
map, far below under "The other maps". A drawing on a map other than the one shown there
says whose map it is on; the monster's line keeps its own words ("on your map")."""

from __future__ import annotations

import pytest

from .helpers import act, hot_seat_table, legal_notations, open_lobby, take_seat
from .test_game_night_phone import LANGS, catalog


def move_line(page, says):
    """The line above the map once it says `says` (drawn a frame after the news)."""
    page.wait_for_function(
        "said => document.querySelector('#move-line')?.textContent.includes(said)", arg=says)
    return page.inner_text("#move-line")


@pytest.mark.parametrize("lang", LANGS)
def test_a_drawing_on_another_map_says_whose_map_it_is_on(narrow, server, lang):
    open_lobby(narrow, server, lang)
    narrow.evaluate("() => localStorage.setItem('bgbot.pace', 'instant')")
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=4)
    take_seat(narrow, server, table, 0, tokens[0], "cartographers")
    narrow.wait_for_selector(".sheet-frame svg.sheet .target")
    own = catalog(lang, "cartographers")["carto.where.own"]

    def draw(seat):
        legal = legal_notations(server, table, tokens[seat])
        drawing = next(a for a in legal if not a.startswith(("ambush", "pass")))
        act(server, table, tokens[seat], drawing)

    # Everyone draws the card at once; the others' drawings are shown once all have drawn.
    # Bea the last: her drawing is on her map, not on Ana's shown under the line.
    draw(0)
    draw(1)
    line = move_line(narrow, "Bea")
    assert line.endswith(own), line

    # Ana the last at the next card: her drawing is on the map shown, the line names no map.
    draw(1)
    draw(0)
    line = move_line(narrow, "Ana")
    assert own not in line and "Bea" not in line, line
