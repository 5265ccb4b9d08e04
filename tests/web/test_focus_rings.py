"""Focus rings follow the keyboard, not a finger or the mouse. A tap or a click on a
Cartographers map where nothing can be drawn (a mountain) focuses the map's picture; with
`.sheet:focus` it was then ringed in blue from edge to edge, as if something were
selected, until the next move. A keyboard's focus still shows its ring (`:focus-visible`)."""

from __future__ import annotations

import pytest

from .helpers import call, hot_seat_table, phone_page, take_seat

MAIN = 'svg.sheet[data-key="sheet"]:not([data-stale])'
# The focused element, whether Chromium focused it, and the ring drawn around it, read in
# one look once the board (`ready`, a selector) is drawn again, a new picture in place of
# the one redraw() marked: the page redraws, and a look at the focus apart from the wait
# for what was drawn read the page of a redraw in between (the focus on a board without
# a key went to the page).
FOCUSED = """ready => { const a = document.activeElement;
    const board = document.querySelector(ready);
    if (!board || board === window.__drawnBefore || !board.querySelector('.target')) return null;
    return {tag: a.tagName, key: a.dataset?.key ?? null, visible: a.matches(':focus-visible'),
            outline: getComputedStyle(a).outlineStyle, board: a === board}; }"""
# A keyboard's focus: ringed, on a cell or a space the board drawn now offers.
KEYBOARD_FOCUS = """() => { const a = document.activeElement;
    return a.matches(':focus-visible')
        && Boolean(a.closest('svg.board:not([data-stale]) .target')); }"""


def redraw(page, server, table, token, board):
    """The table drawn again, as news does at any moment (the seat takes another name):
    the board drawn now (`board`, a selector) is marked, to tell the next one from it."""
    page.evaluate("board => { window.__drawnBefore = document.querySelector(board); }", board)
    call(server, "POST", f"/api/tables/{table}/name", {"name": "Ana Rosa"}, token)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "tap"])
def test_a_tap_on_a_mountain_leaves_no_ring_around_the_map(browser, server, touch):
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    if touch:
        context, page, errors = phone_page(browser, 360, 740)
    else:
        context = browser.new_context(
            bypass_csp=True, viewport={"width": 1280, "height": 800}, locale="en-US"
        )
        context.set_default_timeout(20_000)
        page, errors = context.new_page(), []
        page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(f"{MAIN} .target")
        mountain = page.locator(f'{MAIN} [data-cell="D2"]')  # no drawing can go there
        if touch:
            mountain.tap()
        else:
            mountain.click()
        # The refusal says why (the spot is taken): the tap was read. Then the map drawn
        # again keeps the focus where the tap left it.
        page.wait_for_selector("#notice.error button.why")
        redraw(page, server, table, tokens[0], MAIN)
        focused = page.wait_for_function(FOCUSED, arg=MAIN).json_value()
        # The map itself took the focus (what the ring was drawn on) ...
        assert focused["key"] == "sheet" and focused["board"], focused
        # ... and, not focused by a keyboard, shows no ring.
        assert not focused["visible"] and focused["outline"] == "none", focused
        # A keyboard still shows where it is: Tab reaches a cell, ringed.
        page.keyboard.press("Tab")
        page.wait_for_function(KEYBOARD_FOCUS)
        assert not errors, errors
    finally:
        context.close()


def test_a_click_beside_tikals_spaces_leaves_no_ring_around_the_board(page, server):
    """Tikal's board the same: a click in its margin (no space there) focused the picture,
    framed by Chromium's own ring for a focused SVG."""
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    take_seat(page, server, table, 0, tokens[0], "tikal")
    page.wait_for_selector("svg.tikal-board:not([data-stale]) .space.target")
    # (measured in the page: a drawing of news may replace the board between a locator's
    # finding it and measuring it)
    corner = page.evaluate("""() => {
        const r = document.querySelector('svg.tikal-board').getBoundingClientRect();
        return {x: r.x, y: r.y}; }""")
    page.mouse.click(corner["x"] + 3, corner["y"] + 3)
    # The board drawn again (news from the table does it at any moment) kept no focus: it
    # went to the page, and a look after such a redraw read no board focused.
    board = "svg.tikal-board:not([data-stale])"
    redraw(page, server, table, tokens[0], board)
    focused = page.wait_for_function(FOCUSED, arg=board).json_value()
    assert focused["board"] and focused["tag"] == "svg" and not focused["visible"], focused
    assert focused["outline"] == "none", focused
