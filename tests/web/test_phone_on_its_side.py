"""A phone held on its side (740×360): Cartographers' map is taller than the screen, and at
the start of a turn the page scrolled its first row of cells just under the status line
stuck to the top, the column letters A–K hidden under that line: cells named "B3" in the
preview's words with no letters in sight to find column B by."""

from __future__ import annotations

import pytest

from .helpers import hot_seat_table, phone_page, take_seat
from .test_game_night_phone import LANGS

LETTERS = """() => {
    const line = document.getElementById('status-line').getBoundingClientRect();
    const svg = document.querySelector('svg.sheet[data-key="sheet"]:not([data-stale])');
    return [...svg.querySelectorAll('.col-label')].map(e => {
        const r = e.getBoundingClientRect();
        return {text: e.textContent, top: r.top, bottom: r.bottom, under: line.bottom};
    });
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_map_s_column_letters_are_not_under_the_status_line(browser, server, lang):
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=7)
    context, page, errors = phone_page(browser, 740, 360)
    try:
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector('svg.sheet[data-key="sheet"]:not([data-stale]) .target')
        page.wait_for_timeout(500)
        letters = page.evaluate(LETTERS)
        assert len(letters) == 11, letters
        hidden = [x for x in letters if x["top"] < x["under"] - 0.5]
        assert not hidden, hidden
        # still the first row of cells on the screen too
        first = page.eval_on_selector(
            'svg.sheet [data-cell="A1"]', "e => e.getBoundingClientRect().bottom"
        )
        assert first <= 360, first
        assert not errors, errors
    finally:
        context.close()


ROWS_SEEN = """() => {
    const line = document.getElementById('status-line').getBoundingClientRect();
    const panel = document.querySelector('.panel.decision.yours').getBoundingClientRect();
    const rows = new Set([...document.querySelectorAll('svg.sheet[data-key="sheet"] [data-cell]')]
        .map(e => e.getBoundingClientRect())
        .filter(r => r.top >= line.bottom - 0.5 && r.bottom <= panel.top + 0.5)
        .map(r => Math.round(r.top)));
    return {rows: rows.size, line: line.height, panel: panel.height};
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_four_rows_of_the_map_between_the_status_line_and_the_turn_panel(browser, server, lang):
    """Choosing a terrain and a shape at 740×360, three whole rows of the map were in
    sight between the status line stuck to the top (kept two lines tall) and the turn
    panel stuck to the bottom (its shapes drawn as on a tall phone). The line keeps one
    line there and the shapes are drawn smaller: four rows."""
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=5)
    context, page, errors = phone_page(browser, 740, 360)
    try:
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector('svg.sheet[data-key="sheet"]:not([data-stale]) .target')
        page.wait_for_selector(".panel.decision.yours .shape-button")
        page.wait_for_timeout(500)
        seen = page.evaluate(ROWS_SEEN)
        assert seen["rows"] >= 4, seen
        # The terrain, the shapes, Rotate and Flip in one row still: the panel is one
        # row of buttons under their pickers' names.
        assert seen["panel"] <= 90, seen
        assert not errors, errors
    finally:
        context.close()
