"""A phone on its side (740×360) at a Cartographers table of three: the tabs of the other
maps (one tap to Bea's and Cai's map) stood in the card strip, which such a screen hides
(its rows are the map's), and went with it: the others' maps were a long scroll down.
They stand at the right of the map's heading, in its row, each in sight and tappable."""

from __future__ import annotations

from .helpers import act, hot_seat_table, legal_notations, phone_page, take_seat


def test_a_phone_on_its_side_has_the_other_maps_tabs(browser, server):
    table, tokens = hot_seat_table(server, "cartographers", 3, seed=5)
    # Ana has drawn and waits for Bea and Cai: the time to look at their maps (on her turn
    # the page brings the map's spots up under the status line, the heading's row above).
    act(server, table, tokens[0], legal_notations(server, table, tokens[0])[0])
    context, page, errors = phone_page(browser, 740, 360)
    try:
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_function(
            "() => document.getElementById('sheet-title')"
            " && document.querySelector('svg.board.sheet:not([data-stale])')"
            " && document.querySelectorAll('.map-tab').length === 2"
            " && !document.querySelector('#status-line.yours')"
        )
        page.evaluate("window.scrollTo(0, 0)")
        look = page.evaluate("""() => {
            const title = document.getElementById('sheet-title').getBoundingClientRect();
            const frame = document.querySelector('.sheet-frame').getBoundingClientRect();
            return [...document.querySelectorAll('.map-tab')].map((tab) => {
                const r = tab.getBoundingClientRect();
                const top = document.elementFromPoint(
                    (r.left + r.right) / 2, (r.top + r.bottom) / 2);
                return { name: tab.textContent, width: r.width, height: r.height,
                         hit: Boolean(top && tab.contains(top)),
                         inRow: r.top < title.bottom && r.bottom > title.top,
                         aboveMap: r.bottom <= frame.top + 1 };
            });
        }""")
        assert [tab["name"] for tab in look] == ["Bea", "Cai"], look
        assert all(t["hit"] and t["inRow"] and t["aboveMap"] and t["height"] >= 40 for t in look), (
            str(look)
        )
        page.tap("#map-tab-1")
        page.wait_for_function(
            "() => document.getElementById('sheet-title').textContent === 'Map of Bea'"
            " && document.querySelector('svg.board.sheet:not([data-stale])')"
        )
    finally:
        context.close()
    assert not errors, errors
