"""A notice at the foot of a phone's screen (shown there when the last tap was high on the
screen, away from the thumb) lay over the turn panel stuck to that foot: its buttons, the
ones to act, were under it until it was tapped away or went by itself (an error stays).
It stands above the panel now (390×844, English)."""

from __future__ import annotations

from .helpers import hot_seat_table, phone_page, take_seat

MAIN = 'svg.sheet[data-key="sheet"]:not([data-stale])'

#: Once a notice at the foot with `ready` in it is shown beside the turn panel: the
#: panel's controls in sight that something else lies over (the topmost thing at their
#: middle is not in the panel), by their words, and whether the notice overlaps the panel.
COVERED = """ready => {
    const notice = document.querySelector('#notice.at-foot:not([hidden])');
    const panel = document.querySelector('.panel.decision.yours');
    if (!notice || !panel || !notice.querySelector(ready)) return null;
    const n = notice.getBoundingClientRect(), p = panel.getBoundingClientRect();
    const covered = [...panel.querySelectorAll('button, input, select, summary, a[href]')]
        .filter((e) => {
            const r = e.getBoundingClientRect();
            if (!r.width || !r.height || r.bottom <= 0 || r.top >= innerHeight) return false;
            const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            return !top || !panel.contains(top);
        })
        .map((e) => e.textContent.trim() || e.getAttribute('aria-label') || e.tagName);
    return { covered, overlap: n.bottom > p.top && n.top < p.bottom,
             notice: [n.top, n.bottom], panel: [p.top, p.bottom] };
}"""


def test_a_notice_at_the_foot_leaves_the_turn_panel_in_sight(browser, server):
    context, page, errors = phone_page(browser, 390, 844)
    try:
        table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(f"{MAIN} .target")
        page.wait_for_selector(".panel.decision.yours button")
        page.click(f'{MAIN} [data-cell="D2"]')  # a mountain, high on the screen: refused
        # The refusal with its "Why not?", then with the rule it cites (taller).
        for ready in ("button.why", ".why-rule"):
            seen = page.wait_for_function(COVERED, arg=ready).json_value()
            assert not seen["covered"] and not seen["overlap"], seen
            if ready == "button.why":
                page.click("#notice button.why")
        assert not errors, errors
    finally:
        context.close()
