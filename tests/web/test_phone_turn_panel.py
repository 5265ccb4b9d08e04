"""A phone on its side (740×360): the turn panel stuck to the foot of the screen took about
a quarter of the screen's height from the board, with no way to put it away. A handle
folds it to one button (one tap, named in the page's language); the fold holds for the rest
of the turn, a reload included, and the panel unfolds by itself when the person's next turn
starts, since the turn's choices (the card's terrain and shape) are in it."""

from __future__ import annotations

import pytest

from .conftest import serious_violations
from .helpers import (
    hot_seat_table,
    phone_page,
    play_first_legal,
    play_randomly,
    seeded,
    take_seat,
)
from .test_game_night_phone import LANGS, catalog

SHEET = 'svg.sheet[data-key="sheet"]:not([data-stale])'
PANEL = ".panel.decision.yours"
# The turn panel and its handle as they are in one look, once the present is drawn (no
# other's move being shown) with the map ready to draw on and the panel folded or not as
# asked (null until then): the page redraws as the legal actions and the others' moves
# come, and a read after a separate wait could see another drawing than the one waited for.
# "room": how much of the screen's height the board has between the status line and the panel.
PANEL_NOW = """([sheet, folded]) => {
    const panel = document.querySelector('.panel.decision.yours');
    const handle = panel?.querySelector('#fold-handle');
    if (!handle || document.getElementById('pace-skip')
        || !document.querySelector(sheet + ' .target')
        || panel.classList.contains('folded') !== folded) return null;
    const shape = panel.querySelector('.shape-button');
    if (!shape) return null;
    const line = document.getElementById('status-line').getBoundingClientRect();
    const box = panel.getBoundingClientRect();
    const h = handle.getBoundingClientRect();
    return {room: box.top - line.bottom, panel: box.height, shape: shape.checkVisibility(),
            expanded: handle.getAttribute('aria-expanded'),
            label: handle.getAttribute('aria-label'),
            text: handle.innerText, visible: handle.checkVisibility(), y: h.y, height: h.height};
}"""


def panel_now(page, folded):
    return page.wait_for_function(PANEL_NOW, arg=[SHEET, folded]).json_value()


def play_a_card(server, table, tokens):
    """Every seat draws its first legal drawing of the card (from Python, not the page)."""
    for seat in sorted(tokens):
        play_first_legal(server, table, tokens[seat])


@pytest.mark.parametrize("lang", LANGS)
def test_the_turn_panel_folds_away_on_a_phone_on_its_side(browser, server, axe_source, lang):
    words = catalog(lang)
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=5)
    context, page, errors = phone_page(browser, 740, 360)
    try:
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        before = panel_now(page, False)
        assert before["visible"] and before["expanded"] == "true", before
        assert before["label"] == words["table.panel.fold"], before
        assert before["height"] >= 40 and before["y"] + before["height"] <= 360, before

        page.click("#fold-handle")  # one tap
        after = panel_now(page, True)
        assert after["expanded"] == "false", after
        assert after["text"].endswith(words["table.panel.unfold"]), after
        assert not after["shape"], after
        # The panel's height given to the board: one button's height is left of it.
        assert after["panel"] <= 56, after
        assert after["room"] >= before["room"] + 25, (before, after)
        assert serious_violations(page, axe_source) == []

        # Remembered through the turn: a reload keeps it folded.
        page.reload()
        panel_now(page, True)

        # The next turn: the card's choices are back by themselves.
        play_a_card(server, table, tokens)
        back = panel_now(page, False)
        assert back["shape"] and back["expanded"] == "true", back

        # And one tap folds it, one more brings it back.
        page.click("#fold-handle")
        page.wait_for_selector(f"{PANEL}.folded")
        page.click("#fold-handle")
        page.wait_for_selector(f"{PANEL}:not(.folded) .shape-button")
        assert serious_violations(page, axe_source) == []
        assert not errors, errors
    finally:
        context.close()


def test_no_handle_on_a_phone_held_upright(browser, server):
    """Upright, the panel leaves the board most of the screen: no handle there. Turned on
    its side, the handle comes."""
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=5)
    context, page, errors = phone_page(browser, 360, 740)
    try:
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(f"{PANEL} .shape-button")
        assert page.locator("#fold-handle").count() == 0
        page.set_viewport_size({"width": 740, "height": 360})
        page.wait_for_selector("#fold-handle")
        assert not errors, errors
    finally:
        context.close()


def two_terrains(state):
    """A card to draw in one of two terrains (a shape that turns): the panel's widest row."""
    card = state["view"].get("card") or {}
    return (
        0 in state["to_act"]
        and card.get("kind") == "explore"
        and len(card.get("terrains", [])) == 2
        and len(card["shapes"][0]["cells"]) > 1
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_handle_keeps_the_panel_to_one_row_of_buttons(browser, server, lang):
    """Two terrains, the shape, Rotate, Flip and "not turned" fill the row at 740 px: the
    handle with a word in it ("▾ Esconder") went to a row of its own, and the panel meant to
    give the board room grew by a row (~125 px tall, not 82)."""
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=11)
    rng = seeded(4)
    state = play_randomly(server, table, tokens, rng, until=two_terrains, limit=200)
    if not two_terrains(state):
        pytest.fail("no card with two terrains in this game")
    context, page, errors = phone_page(browser, 740, 360)
    try:
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        # In one look, once the panel holds both terrains, Rotate and the handle.
        row = page.wait_for_function("""() => {
            const panel = document.querySelector('.panel.decision.yours');
            const handle = panel?.querySelector('#fold-handle');
            const rotate = panel?.querySelector('#rotate');
            if (!handle || !rotate || panel.querySelectorAll('.terrain-button').length < 2) {
                return null;
            }
            return {panel: panel.getBoundingClientRect().height,
                    handle: handle.getBoundingClientRect().top,
                    rotate: rotate.getBoundingClientRect().bottom};
        }""").json_value()
        # one row of buttons, the handle at its end
        assert row["panel"] <= 90 and row["handle"] < row["rotate"], row
        assert not errors, errors
    finally:
        context.close()


def test_a_tap_on_the_board_that_asks_in_the_panel_unfolds_it(browser, server):
    """Tikal, the tile drawn, the panel folded: a space tapped asks how to turn the tile and
    to place it, with buttons in the panel. Folded, they were out of sight; it unfolds."""
    table, tokens = hot_seat_table(server, "tikal", 3, seed=3)
    rng = seeded(2)
    play_randomly(server, table, tokens, rng, limit=12)
    state = play_randomly(
        server,
        table,
        tokens,
        rng,
        until=lambda s: 0 in s["to_act"] and s["view"].get("phase") == "place",
    )
    assert state["view"].get("phase") == "place"
    context, page, errors = phone_page(browser, 740, 360)
    try:
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.wait_for_selector("svg.board:not([data-stale]) .target")
        page.wait_for_selector("#fold-handle")
        page.click("#fold-handle")
        # In one look what the tap needs: the panel folded, drawn for the position whose
        # legal actions are known (a tap then makes it ask something new: the fold is kept
        # across a drawing of one position, undone by a tap that changes its buttons), the
        # board's targets drawn, no other's move being shown. (A fixed 300 ms wait stood here.)
        page.wait_for_function(
            f"""() => {{
            const screen = document.querySelector('.table-screen');
            return document.querySelector('{PANEL}.folded #fold-handle')
                && screen?.dataset.legal && screen.dataset.legal === screen.dataset.state
                && document.querySelector('svg.board:not([data-stale]) .target')
                && !document.getElementById('pace-skip');
        }}"""
        )
        page.locator("svg.board .target").first.tap()
        page.wait_for_selector(f"{PANEL}:not(.folded) #place-confirm")
        assert page.locator("#place-confirm").is_visible()
        assert not errors, errors
    finally:
        context.close()
