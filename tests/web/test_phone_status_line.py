"""A phone on its side (740×360): a status text longer than the line ("Your choice is made;
waiting for" three long names, ~120 characters) ran to a second line, and the line stuck
to the top of the screen pushed the board down by a line. It keeps one line, cut with
"…"; a tap shows the whole text over the board, which does not move."""

from __future__ import annotations

import pytest

from .helpers import call, phone_page, take_seat
from .test_game_night_phone import LANGS

NAMES = ["Ana", "Joaquim Puigdomènech Vilaseca", "Bartholomew Higginbotham",
         "Maria da Conceição Albuquerque"]
LINE = """() => {
    const line = document.getElementById('status-line');
    const sheet = document.querySelector('svg.sheet[data-key="sheet"]').getBoundingClientRect();
    const r = line.getBoundingClientRect();
    return {height: r.height, bottom: r.bottom, text: line.textContent, sheet: sheet.top,
            shown: line.scrollWidth <= line.clientWidth + 1
                && line.scrollHeight <= line.clientHeight + 1,
            font: parseFloat(getComputedStyle(line).fontSize)};
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_status_keeps_one_line_and_is_read_whole_with_a_tap(browser, server, lang):
    created = call(server, "POST", "/api/tables", {
        "game": "cartographers", "options": {}, "seed": 5,
        "seats": [{"kind": "person", "name": name} for name in NAMES]})
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    table = created["table"]["id"]
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])
    call(server, "POST", f"/api/tables/{table}/actions",
         {"action": legal["actions"][0]["notation"], "state_id": legal["state_id"]}, tokens[0])
    context, page, errors = phone_page(browser, 740, 360)
    try:
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector('svg.sheet[data-key="sheet"]:not([data-stale])')
        page.wait_for_timeout(300)
        cut = page.evaluate(LINE)
        # Who is still choosing, every name, in the line's text (what screen readers read).
        assert len(cut["text"]) > 90 and all(name in cut["text"] for name in NAMES[1:]), cut
        assert cut["height"] < 2.2 * cut["font"], cut  # one line (two are ~2.8 font sizes tall)
        assert not cut["shown"], cut  # cut short

        page.locator("#status-line").tap()
        whole = page.evaluate(LINE)
        assert whole["shown"] and whole["height"] >= 2.2 * whole["font"], whole
        assert abs(whole["sheet"] - cut["sheet"]) < 0.5, (cut, whole)  # the map stays put

        page.locator("#status-line").tap()
        again = page.evaluate(LINE)
        assert again["height"] == cut["height"] and abs(again["sheet"] - cut["sheet"]) < 0.5, again
        assert not errors, errors
    finally:
        context.close()
