"""A friend's turn shown move by move on a laptop: "Showing Bea's moves · 2 more" and "Skip
to the present" came as a row of their own under the toolbar, so at each of the others'
turns Tikal's board went 46 px down (and 46 px smaller, held to the screen's height) and
came back up when they were shown: the board jumped twice a turn on a game night. On a
wide screen they now stand in the head's first row, beside the status line."""

from __future__ import annotations

import pytest

from .helpers import act, call, hot_seat_table, laptop_page, take_seat

BOARD = """() => {
    const r = document.querySelector('.board-area svg.tikal-board').getBoundingClientRect();
    return {top: Math.round(r.top), height: Math.round(r.height),
            showing: Boolean(document.querySelector('.pace-showing'))}; }"""
# The Skip button's centre reaches it (nothing lies over it) and it is on the screen.
SKIP = """() => {
    const b = document.getElementById('pace-skip'), r = b.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
        && b.contains(document.elementFromPoint(x, y)); }"""


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize(
    "size", [(1280, 800), (1024, 768), (901, 800)], ids=["1280", "1024", "901"]
)
def test_the_board_does_not_move_while_a_friend_s_moves_are_shown(browser, server, size, lang):
    context, page, errors = laptop_page(browser, *size, lang)
    try:
        page.add_init_script("localStorage.setItem('bgbot.pace', 'slow')")
        table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.wait_for_selector(".space.target")
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])["actions"]
        act(server, table, tokens[0], legal[0]["notation"])
        act(server, table, tokens[0], "end")
        page.wait_for_selector(".space.target", state="detached")
        page.wait_for_timeout(500)
        before = page.evaluate(BOARD)
        for _ in range(3):  # Bea's tile and two moves, a second each
            legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[1])["actions"]
            act(
                server,
                table,
                tokens[1],
                next(a["notation"] for a in legal if a["notation"] != "end"),
            )
        page.wait_for_selector(".pace-showing")
        page.wait_for_timeout(200)
        during = page.evaluate(BOARD)
        assert during["showing"], during
        assert abs(during["top"] - before["top"]) <= 1, (before, during)
        assert abs(during["height"] - before["height"]) <= 1, (before, during)
        assert page.evaluate(SKIP), "Skip is not on the screen or lies under something"
        assert page.locator(".pace-showing").is_visible()
        page.click("#pace-skip")
        page.wait_for_selector(".pace-showing", state="detached")
        assert not errors, errors
    finally:
        context.close()
