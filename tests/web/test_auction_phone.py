"""Tikal's auction variant on a phone: the auction's panel (its round, the display, the
amulets) comes before the board while tiles are being sold, and after the board once they
are sold. It came first all game: on a 360×740 phone, in each turn of actions the board
began ~390 px down, under the round's number and three amulets, its spaces below the fold."""

from __future__ import annotations

import pytest

from .helpers import act, call, hot_seat_table, open_lobby, take_seat, view
from .test_game_night_phone import LANGS

ORDER = """() => {
    const top = (sel) => document.querySelector(sel).getBoundingClientRect().top;
    return {auction: top('#auction-panel'), board: top('.board-area')}; }"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_auction_comes_before_the_board_only_while_tiles_are_sold(narrow, server, lang):
    open_lobby(narrow, server, lang)
    table, tokens = hot_seat_table(server, "tikal", 2, seed=11, options={"variant": "auction"})
    take_seat(narrow, server, table, 0, tokens[0], "tikal")
    narrow.wait_for_selector("#bid-amount")
    selling = narrow.evaluate(ORDER)
    assert selling["auction"] < selling["board"], selling
    # Both pass until the tiles are sold and taken; then a player's turn of actions.
    for _ in range(40):
        state = view(server, table)
        if state["view"]["phase"] not in ("bid", "take"):
            break
        seat = state["to_act"][0]
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[seat])["actions"]
        notations = [a["notation"] for a in legal]
        act(server, table, tokens[seat], "pass" if "pass" in notations else notations[0])
    # Played on to Ana's turn of actions (a placed tile: her tile, then her actions).
    for _ in range(40):
        state = view(server, table)
        if state["to_act"] == [0] and state["view"]["phase"] == "actions":
            break
        seat = state["to_act"][0]
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[seat])["actions"]
        act(server, table, tokens[seat], legal[0]["notation"])
    assert state["view"]["phase"] == "actions" and state["to_act"] == [0], state["view"]["phase"]
    narrow.wait_for_selector(".tikal-board .space.target")
    narrow.wait_for_function("() => !document.querySelector('.pace-showing')", timeout=30_000)
    narrow.wait_for_selector("#auction-panel")
    acting = narrow.evaluate(ORDER)
    assert acting["board"] < acting["auction"], acting


# The auction's bid box and its buttons on screen: below the status line stuck to the top
# and above the turn panel stuck to the foot.
BID_IN_SIGHT = """() => {
    const box = document.querySelector('#auction-panel .bid-box');
    if (!box) return false;
    const r = box.getBoundingClientRect();
    const line = document.querySelector('.status-line')?.getBoundingClientRect();
    const sheet = document.querySelector('.panel.decision.yours')?.getBoundingClientRect();
    return r.height > 0 && r.top >= (line ? line.bottom : 0)
        && r.bottom <= (sheet ? sheet.top : innerHeight);
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_bidding_turn_starts_with_the_bid_box_in_sight(narrow, server, lang):
    """At 360×740 a bidding turn scrolled the page to the board (a turn with nothing to tap
    on it), ~640 px down: "Your turn: bid or pass", the turn panel sending the person to
    the auction's panel, and its amount, Bid and Pass out of sight above."""
    open_lobby(narrow, server, lang)
    table, tokens = hot_seat_table(server, "tikal", 2, seed=11, options={"variant": "auction"})
    take_seat(narrow, server, table, 0, tokens[0], "tikal")
    narrow.wait_for_selector("#bid-amount")
    narrow.wait_for_function(BID_IN_SIGHT)
    # Ana bids; while Bea answers she reads the board further down; her next bid is in sight.
    for seat in (0, 1):
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[seat])["actions"]
        act(server, table, tokens[seat], next(a["notation"] for a in legal
                                               if a["notation"].startswith("bid")))
        if seat == 0:
            narrow.wait_for_function("() => !document.querySelector('#auction-panel .bid-box')")
            narrow.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    narrow.wait_for_selector("#bid-amount")
    narrow.wait_for_function(BID_IN_SIGHT)
