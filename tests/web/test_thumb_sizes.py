"""Every button, list and box on a 360×740 phone is at least 40 CSS px each way, a
thumb's least. A game night on phones found them 38 px tall (2.4rem): Rules and the
language at the top, the lobby's fields and "Create the table", the invitation's, the Tikal
board's zoom. (The board's own targets are held to 44: test_fit_view.py.)"""

from __future__ import annotations

import pytest

from .helpers import call, hot_seat_table, open_lobby, take_seat
from .test_game_night_phone import LANGS

THUMB = 40
# The controls on screen smaller than a thumb: [what, width, height]. Links in running text
# (button.link, a) and the boxes of radio buttons and checkboxes (their labels are the
# targets, tall enough: style.css .choice) are left out.
SMALL = """thumb => [...document.querySelectorAll('button:not(.link), .button, select,'
        + 'input[type=text], input[type=number], input[type=search]')]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map(e => { const r = e.getBoundingClientRect();
        return [e.id || e.dataset.key || e.textContent.trim().slice(0, 20),
                Math.round(r.width), Math.round(r.height)]; })
    .filter(([, w, h]) => w < thumb - 0.5 || h < thumb - 0.5)"""


@pytest.mark.parametrize("lang", LANGS)
def test_every_control_is_a_thumbs_size(narrow, server, lang):
    open_lobby(narrow, server, lang)
    narrow.click("#game-tikal")
    narrow.fill("#players", "3")
    narrow.press("#players", "Tab")
    narrow.click("#advanced")
    assert narrow.evaluate(SMALL, THUMB) == []
    created = call(server, "POST", "/api/tables", {
        "game": "tikal", "seats": [{"kind": "person", "name": "Ana"}, {"kind": "open"}]})
    narrow.goto(f"{server}/#/join/{created['invite']}/tikal")
    narrow.wait_for_selector("#join-name")
    assert narrow.evaluate(SMALL, THUMB) == []
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    take_seat(narrow, server, table, 0, tokens[0], "tikal")
    narrow.wait_for_selector(".tikal-board:not([data-stale]) .space.target")
    assert narrow.evaluate(SMALL, THUMB) == []
