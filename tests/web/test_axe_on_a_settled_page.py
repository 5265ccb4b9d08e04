"""The accessibility check (conftest's serious_violations, axe-core) ran on the page as it
was at that instant: while a friend's moves were being shown one at a time, or a board's
picture was on its way, its verdict was about a frame between two drawings. It now waits
for the page to show the server's present, drawn whole (no move being shown, no picture
being drawn, the person's legal actions drawn on their turn) and runs axe again should the
page draw another state meanwhile."""

from __future__ import annotations

from .conftest import serious_violations
from .helpers import (
    SHOWN,
    act,
    hot_seat_table,
    legal_notations,
    play_randomly,
    seeded,
    take_seat,
    view,
)

# axe.run wrapped so that the page records how it looked each time a check started.
RECORD = f"""() => {{
    window.__checked = [];
    const run = axe.run.bind(axe);
    axe.run = (...args) => {{ window.__checked.push(({SHOWN})()); return run(...args); }};
}}"""


def test_the_accessibility_check_waits_for_the_moves_being_shown(page, server, axe_source):
    table, tokens = hot_seat_table(server, "tikal", 2, seed=3)
    play_randomly(server, table, tokens, seeded(1), until=lambda s: s["to_act"] == [1])
    page.add_init_script("localStorage.setItem('bgbot.pace', 'slow')")
    take_seat(page, server, table, 0, tokens[0], "tikal")
    page.wait_for_selector("svg.board:not([data-stale])")
    page.add_script_tag(content=axe_source)
    page.evaluate(RECORD)
    rng = seeded(2)
    for _ in range(3):  # Bea's moves, shown to Ana one at a time (a second each)
        legal = [n for n in legal_notations(server, table, tokens[1]) if n != "end"]
        if not legal or view(server, table)["to_act"] != [1]:
            break
        act(server, table, tokens[1], rng.choice(legal))
    page.wait_for_selector("#pace-skip")
    assert serious_violations(page, axe_source) == []
    checked = page.evaluate("window.__checked")
    present = view(server, table)["state_id"]
    # The check that gave the verdict saw the present, no move being shown, no picture drawn.
    assert checked and checked[-1]["state"] == present, (present, checked)
    assert not checked[-1]["pacing"] and not checked[-1]["drawing"], checked
