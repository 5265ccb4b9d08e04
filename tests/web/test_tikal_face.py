"""Tikal's board in the browser is the server's picture (issue 29): what the page asks the
server to draw, and when it needs to ask nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import act, call, hot_seat_table, laptop_page, phone_page, take_seat


def picture_requests(page):
    """The boards the page asks the server to draw, as they happen."""
    asked = []
    page.on(
        "request",
        lambda request: (
            asked.append(json.loads(request.post_data or "{}"))
            if request.url.endswith("/api/games/tikal/picture")
            else None
        ),
    )
    return asked


def test_the_board_alone_is_asked_for_and_a_placement_confirmed_draws_nothing_new(page, server):
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    asked = picture_requests(page)
    take_seat(page, server, table, 0, tokens[0], "tikal")
    page.wait_for_selector("svg.tikal-board:not([data-stale]) .space.target")
    # Only the board is sent (the page draws no panel): views that differ off the board
    # (AP, scores, whose turn) share one picture.
    assert asked and all(set(body["view"]) == {"board"} for body in asked)
    assert all(body["options"] == {"panel": False, "size": None} for body in asked)
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])["actions"]
    space = next(a["params"]["space"] for a in legal if a["type"] == "place")
    page.click(f'[data-space="{space}"]')
    page.wait_for_selector(f'svg.tikal-board:not([data-stale]) [data-space="{space}"].preview')
    before = len(asked)
    page.click("#place-confirm")
    page.wait_for_selector("#enter-W")
    page.wait_for_selector(
        f'svg.tikal-board:not([data-stale]) [data-space="{space}"]:not(.unexplored):not(.preview)'
    )
    # The previewed board was the board once placed: no new drawing was needed.
    assert len(asked) == before, asked[before:]
    placed = call(server, "GET", f"/api/tables/{table}/view", token=tokens[0])["view"]["board"]
    assert space in placed


# The board's viewBox ([x, y, width, height]) and the point of the picture under (cx, cy).
UNDER = """([cx, cy]) => { const svg = document.querySelector('svg.tikal-board:not([data-stale])');
    const p = new DOMPoint(cx, cy).matrixTransform(svg.getScreenCTM().inverse());
    const b = svg.viewBox.baseVal;
    return {box: [b.x, b.y, b.width, b.height], x: p.x, y: p.y}; }"""


def test_ctrl_and_the_wheel_zoom_the_board_around_the_pointer_as_the_buttons_do(page, server):
    """tikal.js said the wheel zoomed the board, and no handler did: Ctrl+wheel (a
    trackpad's pinch) zoomed the whole page. A notch zooms as far as + or −, around the
    point under the pointer; the wheel alone still scrolls the page."""
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    take_seat(page, server, table, 0, tokens[0], "tikal")
    page.wait_for_selector("svg.tikal-board:not([data-stale]) .space.target")
    tip = json.loads(
        (
            Path(__file__).resolve().parents[2]
            / "src"
            / "boardgamesbot"
            / "games"
            / "tikal"
            / "web"
            / "i18n"
            / "en.json"
        ).read_text()
    )["zoom.tip"]
    assert page.inner_text("#zoom-tip") == tip and "Ctrl+wheel" in tip  # said where it is read
    page.click("#zoom-reset")  # the whole board (k = 1): the fit to the start left aside
    frame = page.eval_on_selector(
        "svg.tikal-board",
        """s => { const r = s.getBoundingClientRect();
        return [r.left + r.width * 0.3, r.top + r.height * 0.4]; }""",
    )
    before = page.evaluate(UNDER, frame)
    page.mouse.move(*frame)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -100)  # one notch, towards the person: in
    page.keyboard.up("Control")
    page.wait_for_function(
        "w => document.querySelector('svg.tikal-board').viewBox.baseVal.width < w - 1",
        arg=before["box"][2],
    )
    after = page.evaluate(UNDER, frame)
    assert abs(after["box"][2] - before["box"][2] / 1.5) < 1, (before, after)  # as + does
    assert abs(after["x"] - before["x"]) < 2 and abs(after["y"] - before["y"]) < 2, (before, after)
    assert page.evaluate("visualViewport.scale") == 1
    page.click("#zoom-out")  # the buttons carry on from the wheel's zoom
    assert abs(page.evaluate(UNDER, frame)["box"][2] - before["box"][2]) < 1
    # The wheel alone leaves the board as it is (it scrolls the page).
    page.mouse.wheel(0, 100)
    page.wait_for_timeout(200)
    assert abs(page.evaluate(UNDER, frame)["box"][2] - before["box"][2]) < 1


def test_the_place_button_says_the_turn_chosen(page, server):
    """The rotation picked is said on the button that places the tile ("Place the tile on
    A4, turned 60°"): "Place the tile on A4" alone left a first-time player unsure the
    turn chosen above would be kept. Unturned, it says the space alone; what it says is
    what is played."""
    table, tokens = hot_seat_table(server, "tikal", 2, seed=11)
    take_seat(page, server, table, 0, tokens[0], "tikal")
    page.wait_for_selector("svg.tikal-board:not([data-stale]) .space.target")
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])["actions"]
    turned = next(a for a in legal if a["type"] == "place" and a["params"].get("rotation"))
    space, rotation = turned["params"]["space"], turned["params"]["rotation"]
    page.click(f'[data-space="{space}"]')
    page.wait_for_selector("#place-confirm")
    assert page.inner_text("#place-confirm") == f"Place the tile on {space}"
    page.click(f'[data-key="rot-{rotation}"]')
    assert page.inner_text("#place-confirm") == (
        f"Place the tile on {space}, turned {rotation * 60}°"
    )
    page.click("#place-confirm")
    page.wait_for_selector("#enter-W")
    page.wait_for_selector(f"#log li:has-text('places the tile on {space}, turned')")
    assert f"places the tile on {space}, turned {rotation * 60}°" in page.inner_text("#log")


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)])
def test_a_target_space_holding_figures_says_what_it_shows(browser, server, axe_source, size):
    """A space to tap that holds figures wrote "L+2" and a temple's "5" on the picture, and
    its name ("Move from A6. A6, base camp, Ana: 1 worker") said neither: axe's
    label-content-name-mismatch on every such target, at a desktop's size and a phone's.
    What the picture writes on a space is said in its name in words; the space still plays."""
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    for notation in ("place A4", "enter W A6", "enter L A6"):
        act(server, table, tokens[0], notation)
    context, page, errors = (phone_page(browser, *size) if size[0] < 500
                             else laptop_page(browser, *size, "en"))
    try:
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.wait_for_selector(
            'svg.tikal-board:not([data-stale]) .space.target[data-space="A6"] .figures')
        page.add_script_tag(content=axe_source)
        found = page.evaluate("""() => axe.run(document, {runOnly: {type: 'rule',
            values: ['label-content-name-mismatch']}}).then(r => r.violations.map(
            v => v.nodes.map(n => n.target.join(' '))))""")
        assert found == [], found
        page.click('.space.target[data-space="A6"]')  # still played by a tap
        page.wait_for_selector("#space-choices")
    finally:
        context.close()
    assert not errors, errors
