"""On a laptop the autopilot's level and its button stand in the table's toolbar: they
were inline boxes with nothing between them, the drop-down's edge touching the button's.
They are apart by the toolbar's own gap, like every other control in the row."""

from __future__ import annotations

import pytest

from .helpers import hot_seat_table, take_seat

GAP = """() => {
    const select = document.querySelector('[data-key="autopilot-level"]').getBoundingClientRect();
    const button = document.querySelector('[data-key="autopilot-on"]').getBoundingClientRect();
    const gap = parseFloat(getComputedStyle(document.querySelector('.table-tools')).columnGap);
    return {between: button.left - select.right, gap,
            sameRow: Math.abs(select.top + select.height / 2 - button.top - button.height / 2) < 2};
}"""


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)])
def test_the_autopilot_level_and_its_button_do_not_touch(browser, server, size):
    table, tokens = hot_seat_table(server, "tikal", 2, seed=3)
    width, height = size
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": height})
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.wait_for_selector('[data-key="autopilot-on"]')
        found = page.evaluate(GAP)
        assert found["sameRow"], found
        assert found["gap"] > 0 and found["between"] >= found["gap"] - 0.5, found
    finally:
        context.close()
