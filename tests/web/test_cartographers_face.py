"""Cartographers in Chromium on its own picture (issue 29): the sheet is the server's SVG
(`svg.sheet`, the chat's picture), its legal cells are buttons (web/static/board.js), and
a whole game can be played by clicking them."""

from __future__ import annotations

from .helpers import call, create_in_lobby, hot_seat_table, take_seat

MAIN = 'svg.sheet[data-key="sheet"]:not([data-stale])'


def legal_anchors(server, table, token):
    """The cells where the page's default choice (the card's first terrain, shape 1, not
    turned) is legal, from the REST API: what the sheet's buttons must be."""
    state = call(server, "GET", f"/api/tables/{table}/view", token=token)
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=token)["actions"]
    card = state["view"]["card"]
    first = {"shape": 1, "orientation": "r0", "terrain": card["terrains"][0]}
    return {a["params"]["cell"] for a in legal if a["type"] == "draw"
            and all(a["params"][key] == value for key, value in first.items())}


def test_the_sheet_is_the_servers_picture_and_only_legal_cells_are_buttons(page, server):
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector(f"{MAIN} .target")
    # The server's picture: every cell carries its target key; the page drew none itself.
    assert page.locator(f"{MAIN} [data-target]").count() == 121
    assert page.get_attribute(MAIN, "role") == "group"
    buttons = page.eval_on_selector_all(f"{MAIN} [role=button]", """els => els.map(e => ({
        cell: e.dataset.cell, target: e.classList.contains('target'),
        tab: e.getAttribute('tabindex'), label: e.getAttribute('aria-label')}))""")
    expected = legal_anchors(server, table, tokens[0])
    assert expected and {b["cell"] for b in buttons} == expected
    assert all(b["target"] and b["tab"] == "0" and b["label"] == f"Cell {b['cell']}"
               for b in buttons)
    # A mountain is no button: nothing can be drawn there.
    assert page.get_attribute(f'{MAIN} [data-cell="D2"]', "role") is None
    assert page.get_attribute(f'{MAIN} [data-cell="D2"]', "tabindex") is None
    # Another shape, another set of buttons (the typed actions, matched by the cells they fill).
    page.click("#rotate")
    page.wait_for_function(
        "() => document.querySelector('#orientation')?.dataset.orientation === 'r90'")
    turned = set(page.eval_on_selector_all(f"{MAIN} [role=button]",
                                           "els => els.map(e => e.dataset.cell)"))
    assert turned and turned != expected


def test_the_last_drawing_is_named_in_every_language(page, server):
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector(f"{MAIN} .target")
    anchor = sorted(legal_anchors(server, table, tokens[0]))[0]
    page.click(f'{MAIN} [data-cell="{anchor}"]')
    page.click("#confirm-action")
    page.wait_for_selector(f'{MAIN} [data-cell="{anchor}"]:not(.empty)[role=img]')
    label = page.get_attribute(f'{MAIN} [data-cell="{anchor}"]', "aria-label")
    assert label == f"Last move: {anchor}"
    page.select_option("#lang-select", "pt-BR")
    page.wait_for_function(f"""() => document.querySelector('{MAIN} [data-cell="{anchor}"]')
        ?.getAttribute('aria-label') === 'Última jogada: {anchor}'""")
    page.select_option("#lang-select", "ca")
    page.wait_for_function(f"""() => document.querySelector('{MAIN} [data-cell="{anchor}"]')
        ?.getAttribute('aria-label') === 'Última jugada: {anchor}'""")


def test_a_whole_game_is_played_by_clicks_on_the_sheet(page, server):
    create_in_lobby(page, server, "cartographers", seed=11)
    page.wait_for_selector(f"{MAIN} .target")
    page.uncheck("#confirm-setting")  # one click draws (the confirmation has its own tests)
    drawn = 0
    for _ in range(80):
        page.wait_for_selector(f"#solo-result, {MAIN} .target, [data-key=pass]")
        if page.locator("#solo-result").count():
            break
        if page.locator("[data-key=pass]").count():
            before = page.locator("#log li").count()
            page.click("[data-key=pass]")
            page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
            continue
        target = page.locator(f"{MAIN} .target").first
        cell = target.get_attribute("data-cell")
        target.click()
        drawn += 1
        # The anchor is filled on the next picture (or the game is over).
        page.wait_for_selector(f'#solo-result, {MAIN} [data-cell="{cell}"]:not(.empty)')
    else:
        raise AssertionError("the game did not end in 80 turns")
    assert drawn >= 10
    assert "Game over" in page.inner_text("#status-line")
    assert page.locator(".summary .final-scores li").count() == 1


def test_by_keyboard_the_focus_stays_on_the_sheet_from_move_to_move(page, server):
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector(f"{MAIN} .target")
    page.focus(f"{MAIN} .target")
    cell = page.evaluate("document.activeElement.dataset.cell")
    page.keyboard.press("ArrowRight")  # the next cell where the shape fits, to the right
    moved = page.evaluate("document.activeElement.dataset.cell")
    assert moved != cell and moved[1:] == cell[1:], (cell, moved)
    page.keyboard.press("Enter")  # asks to confirm (the bar takes the focus)
    page.wait_for_selector("#confirm-action")
    assert page.evaluate("document.activeElement.id") == "confirm-action"
    page.keyboard.press("Enter")  # confirms: draws
    page.wait_for_selector(f'{MAIN} [data-cell="{moved}"]:not(.empty)')
    # The cell played is no button any more; the focus is on the next state's first one.
    page.wait_for_function("""() => document.activeElement?.matches?.('svg.board .target')
        && !document.activeElement.closest('[data-stale]')""")
