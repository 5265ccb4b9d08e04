"""A phone held on its side (740×360): Cartographers' map is taller than the screen, and at
the start of a turn the page scrolled its first row of cells just under the status line
stuck to the top, the column letters A–K hidden under that line: cells named "B3" in the
preview's words with no letters in sight to find column B by."""

from __future__ import annotations

import pytest

from .helpers import act, hot_seat_table, legal_notations, phone_page, take_seat
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


#: In one look: where the status line and the last move's line are, whether the latter is
#: stuck, and whether the page has scrolled the board up into view.
MOVE_LINE = """(moved) => {
    const line = document.getElementById('move-line');
    if (!line) return null;
    const status = document.getElementById('status-line').getBoundingClientRect();
    const box = line.getBoundingClientRect();
    const targets = document.querySelectorAll('svg.board .target').length;
    if (!targets || line.hidden === moved || scrollY < 1) return null;
    return {hidden: line.hidden, stuck: getComputedStyle(line).position === 'sticky',
            status: status.bottom, top: box.top, bottom: box.bottom, text: line.textContent};
}"""


def test_no_move_yet_does_not_stick_on_a_phone_on_its_side(browser, server):
    """At 740×360, before anyone had moved, "No move yet: the first one will be told here."
    stayed stuck under the status line for the whole first turn: 21 px of a 360 px screen
    telling nothing, over the board's top targets (the page scrolls them up to under the
    status line alone: board.js counts no line without a move). It keeps its room in the
    page and goes up with it; once there is a move to tell, it sticks again."""
    table, tokens = hot_seat_table(server, "tikal", 2, seed=1)
    context, page, errors = phone_page(browser, 740, 360)
    try:
        take_seat(page, server, table, 0, tokens[0], "tikal")
        before = page.wait_for_function(MOVE_LINE, arg=False).json_value()
        assert before["text"] == "No move yet: the first one will be told here.", before
        assert not before["stuck"] and before["bottom"] <= before["status"] + 0.5, before
        act(server, table, tokens[0], legal_notations(server, table, tokens[0])[0])
        after = page.wait_for_function(MOVE_LINE, arg=True).json_value()
        assert after["text"].startswith("Last move"), after
        page.evaluate("window.scrollBy(0, 40)")
        after = page.wait_for_function(MOVE_LINE, arg=True).json_value()
        assert after["stuck"] and abs(after["top"] - after["status"]) <= 1, after
        assert not errors, errors
    finally:
        context.close()
