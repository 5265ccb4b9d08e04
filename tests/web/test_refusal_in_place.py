"""A refusal on a phone leaves the board where it was: the notice with its "Why not?" and
the rule it cites stood in the page's flow above the board and pushed it ~120 px down
under the person's thumb. It lies over the page, away from the spot tapped."""

from __future__ import annotations

from .helpers import hot_seat_table, take_seat

MAIN = 'svg.sheet[data-key="sheet"]:not([data-stale])'

#: Where the sheet and the tapped cell are, noted in the page before the tap.
NOTE = """sel => {
    const box = (e) => {
        const r = e.getBoundingClientRect();
        return [r.top, r.left, r.bottom, r.right];
    };
    window.before = { sheet: box(document.querySelector(sel)),
                      cell: box(document.querySelector(sel + ' [data-cell="D2"]')),
                      scroll: scrollY };
}"""

#: Once `ready` is on the page: where the sheet and cell are now, and the notice's box.
AFTER = """([sel, ready]) => {
    if (!document.querySelector(ready)) return null;
    const box = (e) => {
        const r = e.getBoundingClientRect();
        return [r.top, r.left, r.bottom, r.right];
    };
    return { before: window.before, sheet: box(document.querySelector(sel)),
             cell: box(document.querySelector(sel + ' [data-cell="D2"]')), scroll: scrollY,
             notice: box(document.getElementById('notice')) };
}"""


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_a_refusal_and_its_why_do_not_move_the_board(narrow, server):
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    take_seat(narrow, server, table, 0, tokens[0], "cartographers")
    narrow.wait_for_selector(f"{MAIN} .target")
    narrow.evaluate(NOTE, MAIN)
    narrow.click(f'{MAIN} [data-cell="D2"]')  # a mountain: refused at once
    for ready in (".notice.error button.why", ".notice.error .why-rule"):
        seen = narrow.wait_for_function(AFTER, arg=[MAIN, ready]).json_value()
        assert seen["sheet"] == seen["before"]["sheet"], seen
        assert seen["scroll"] == seen["before"]["scroll"], seen
        # The notice does not lie over the cell the thumb is on.
        assert not overlaps(seen["notice"], seen["cell"]), seen
        if ready.endswith("button.why"):
            narrow.click(".notice.error button.why")
    # A tap on the notice puts it away.
    narrow.click(".notice.error .why-rule")
    narrow.wait_for_selector("#notice", state="hidden")
