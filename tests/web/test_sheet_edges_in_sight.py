"""The first row and column of a phone's Cartographers map in sight at the start of a turn.
The map pans in its frame, its column letters and row numbers following the pan on bands
over the frame's top and left edges; the turn's fit panned the frame to the first cells
that can be drawn on (A1 on an empty map) with no thought of the bands, and row 1 and
column A lay under them: a game night's three phones began every turn on rows 2 to 10 and
columns B to H, a column letter standing in the corner over the row numbers."""

from __future__ import annotations

import pytest

from .helpers import hot_seat_table, open_lobby, take_seat
from .test_game_night_phone import LANGS

MAIN = 'svg.sheet[data-key="sheet"]:not([data-stale])'
# A1 on screen inside the frame, below the band of letters and right of the band of numbers.
CORNER_CELL_CLEAR = """sel => {
    const sheet = document.querySelector(sel);
    const cell = sheet?.querySelector('[data-cell="A1"]');
    const frame = sheet?.closest('.board-frame');
    const rows = sheet?.querySelector('.sticky-labels.rows .label-band');
    const cols = sheet?.querySelector('.sticky-labels.cols .label-band');
    if (!cell || !frame || !rows || !cols || !sheet.querySelector('.target')) return false;
    const c = cell.getBoundingClientRect(), f = frame.getBoundingClientRect();
    return c.top >= cols.getBoundingClientRect().bottom - 1
        && c.left >= rows.getBoundingClientRect().right - 1
        && c.bottom <= f.bottom && c.right <= f.right;
}"""


@pytest.mark.parametrize("size", ["phone", "narrow"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_turn_starts_with_row_1_and_column_a_clear_of_the_labels(request, server, size, lang):
    page = request.getfixturevalue(size)
    open_lobby(page, server, lang)
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=5)
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector(f"{MAIN} .target")
    page.wait_for_function(CORNER_CELL_CLEAR, arg=MAIN)
