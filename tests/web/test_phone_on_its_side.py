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
