"""Radio buttons and checkboxes a thumb can hit: a game night found the lobby's game,
variant and side radios and the "no hints" and "ask before" checkboxes drawn 13 px wide
(their labels 44 px tall). Each box is drawn at least 24 px and its label, which toggles
it, is at least 40 px each way."""

from __future__ import annotations

import pytest

from .helpers import hot_seat_table, laptop_page, open_lobby, take_seat, unfold_tools

#: Every radio button and checkbox on screen: [id, box width, box height, label width,
#: label height] (the label around it, or the one naming it).
BOXES = """() => [...document.querySelectorAll('input[type=radio], input[type=checkbox]')]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map(e => { const box = e.getBoundingClientRect();
        const label = (e.closest('label') || document.querySelector(`label[for="${e.id}"]`))
            ?.getBoundingClientRect() ?? { width: 0, height: 0 };
        return [e.id, box.width, box.height, label.width, label.height]; })"""


def small(boxes):
    return [b for b in boxes if min(b[1], b[2]) < 23.5 or min(b[3], b[4]) < 39.5]


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_radio_buttons_and_checkboxes_are_a_thumbs_size(browser, narrow, server, screen):
    page, context = narrow, None
    if screen == "laptop":
        context, page, _errors = laptop_page(browser, 1280, 800, "en")
    try:
        open_lobby(page, server, "pt-BR")
        for game in ("tikal", "cartographers"):
            page.click(f"#game-{game}")
            boxes = page.evaluate(BOXES)
            assert len(boxes) >= 3, boxes  # the games, the game's option, no hints
            assert small(boxes) == [], boxes
        table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector("svg.sheet .target")
        unfold_tools(page)
        boxes = page.evaluate(BOXES)
        assert [b[0] for b in boxes] == ["confirm-setting"] and small(boxes) == [], boxes
    finally:
        if context:
            context.close()
