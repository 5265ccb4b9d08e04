"""A friend's phone that was away (asleep, out of signal) while the game ended: back on the
table, its page replayed the last moves one at a time until "Skip to the present", the
result held back behind them. At the end it goes straight to the final position and the
result; the replay (its link under the result) is there for whoever wants the moves."""

from __future__ import annotations

from .helpers import Signal, call, hot_seat_table, play_randomly, seeded, take_seat

#: Whether moves were ever shown one at a time from now on (the pace bar drawn).
WATCH = """() => {
    window.paced = false;
    new MutationObserver(() => { if (document.getElementById('pace-skip')) window.paced = true; })
        .observe(document.body, { childList: true, subtree: true });
}"""

#: Once the result is drawn: whether moves were paced, and what the screen shows.
ENDED = """() => {
    const summary = document.querySelector('.panel.summary');
    if (!summary) return null;
    return { paced: window.paced, skip: Boolean(document.getElementById('pace-skip')),
             status: document.getElementById('status-line')?.textContent,
             marked: document.querySelectorAll('svg.board [data-last-move]').length
                     + document.querySelectorAll('#last-move-note').length,
             replay: Boolean(document.querySelector('a[href^="#/replay/"]')) };
}"""


def test_a_page_back_after_the_end_shows_the_result_at_once(page, server):
    # The whole game once, for its moves; then the same game again up to its last ones.
    whole, tokens = hot_seat_table(server, "tikal", 2, seed=5)
    play_randomly(server, whole, tokens, seeded(2))
    moves = call(server, "GET", f"/api/tables/{whole}/replay")["record"]["actions"]
    table, tokens = hot_seat_table(server, "tikal", 2, seed=5)
    for seat, notation in moves[:-10]:
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[seat])
        call(server, "POST", f"/api/tables/{table}/actions",
             {"action": notation, "state_id": legal["state_id"]}, tokens[seat])
    last = moves[-10:]
    seat = 1 - last[0][0]  # the friend: the first of the last moves is the other's
    assert any(s != seat for s, _ in last)

    signal = Signal(page)
    take_seat(page, server, table, seat, tokens[seat], "tikal")
    page.wait_for_selector("svg.board")
    page.wait_for_function("() => document.querySelector('#status-line')?.textContent")
    page.evaluate(WATCH)
    signal.drop(page)  # out of signal: every attempt fails
    for mover, notation in last:
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[mover])
        call(server, "POST", f"/api/tables/{table}/actions",
             {"action": notation, "state_id": legal["state_id"]}, tokens[mover])
    assert call(server, "GET", f"/api/tables/{table}")["status"] == "over"
    signal.back()  # the page reconnects by itself
    seen = page.wait_for_function(ENDED, timeout=30_000).json_value()
    assert not seen["paced"] and not seen["skip"], seen
    assert seen["marked"] and seen["replay"], seen
