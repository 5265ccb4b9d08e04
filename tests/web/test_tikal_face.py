"""Tikal's board in the browser is the server's picture (issue 29): what the page asks the
server to draw, and when it needs to ask nothing."""

from __future__ import annotations

import json

from .helpers import call, hot_seat_table, take_seat


def picture_requests(page):
    """The boards the page asks the server to draw, as they happen."""
    asked = []
    page.on("request", lambda request: asked.append(json.loads(request.post_data or "{}"))
            if request.url.endswith("/api/games/tikal/picture") else None)
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
    page.wait_for_selector(f'svg.tikal-board:not([data-stale]) [data-space="{space}"]'
                           ":not(.unexplored):not(.preview)")
    # The previewed board was the board once placed: no new drawing was needed.
    assert len(asked) == before, asked[before:]
    placed = call(server, "GET", f"/api/tables/{table}/view", token=tokens[0])["view"]["board"]
    assert space in placed
