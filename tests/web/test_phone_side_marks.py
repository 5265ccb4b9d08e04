"""A phone on its side (740×360) at Tikal, Bea's turn just played: with the turn panel
folded away, the line saying what the blue marks are ("Blue: changed since your turn")
was folded away with it; with the panel open, Bea's last move (marked red) could lie
under the panel stuck to the foot of the screen. Folded, the line stays beside the
button; open, the last move's mark is in the part of the board the panel leaves."""

from __future__ import annotations

import json

import pytest

from .helpers import call, hot_seat_table, phone_page, take_seat, view
from .test_moves_shown import CATALOGS

PANEL = ".panel.decision.yours"
#: The last move's marks and the note, against the lines stuck to the screen's top and foot.
PLACES = """() => {
    const box = (e) => e && e.getBoundingClientRect().toJSON();
    const top = Math.max(...[...document.querySelectorAll('#status-line, .move-line:not([hidden])')]
        .map((e) => e.getBoundingClientRect().bottom));
    return {top, panel: box(document.querySelector('.panel.decision.yours')),
            handle: box(document.getElementById('fold-handle')),
            note: box(document.getElementById('since-turn-note')),
            marks: [...document.querySelectorAll('svg.board:not([data-stale]) .last-move')]
                .map(box)};
}"""


def act(server, table, token, action):
    call(server, "POST", f"/api/tables/{table}/actions",
         {"action": action, "state_id": view(server, table)["state_id"]}, token)


def bea_spends_her_turn(server, table, tokens):
    """Ana lays her tile and ends; Bea lays hers and brings workers in until her AP are
    spent: her turn ends by itself, her last move on a space (marked red)."""
    for seat in (0, 1):
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[seat])["actions"]
        act(server, table, tokens[seat], legal[0]["notation"])
        if seat == 0:
            act(server, table, tokens[0], "end")
    while view(server, table)["to_act"] == [1]:
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[1])["actions"]
        act(server, table, tokens[1], next(a["notation"] for a in legal
                                           if a["notation"].startswith("enter W")))


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_blue_marks_line_and_the_last_move_in_sight_on_a_phone_on_its_side(
        browser, server, lang):
    words = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    bea_spends_her_turn(server, table, tokens)
    context, page, errors = phone_page(browser, 740, 360)
    try:
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.wait_for_selector(".space.target")
        page.wait_for_selector("#fold-handle")
        page.wait_for_selector("svg.board .last-move")
        open_ = page.evaluate(PLACES)
        assert open_["marks"], open_
        for mark in open_["marks"]:  # between the lines at the top and the panel
            assert open_["top"] - 1 <= mark["top"], open_
            assert mark["bottom"] <= open_["panel"]["top"] + 1, open_

        page.click("#fold-handle")
        page.wait_for_selector(f"{PANEL}.folded")
        folded = page.evaluate(PLACES)
        assert page.locator("#since-turn-note").is_visible()
        assert page.inner_text("#since-turn-note").strip() == words["board.since_turn.legend"]
        note, handle = folded["note"], folded["handle"]
        assert note["left"] >= 0 and note["right"] <= 740 and note["bottom"] <= 360, folded
        # beside the button, in its row: the fold still gives the board its room
        assert note["right"] <= handle["left"] + 1 and note["bottom"] > handle["top"], folded
        assert folded["panel"]["height"] <= 56, folded
        assert not errors, errors
    finally:
        context.close()
