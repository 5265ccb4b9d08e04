"""A friend watching the bot's turn on a phone while the server is slow to draw: each
picture came over 1.5 s after it was asked for (a busy machine), and the page, which
waited no longer for a move's picture, went on to the next move, the skipped one named
above the stale board, its mark never shown (test_watching_a_whole_game failed so, now
and then, in CI). Then a picture slower than 8 s (the wait this was) went so. Every move
of the bot must be seen marked on its own picture."""

from __future__ import annotations

import pytest

from .test_watching_a_whole_game import ana_and_the_bot, never_seen_marked, the_bots_turn_watched

# Each picture's answer held `held` ms in the page (as a busy server takes), the others' not.
SLOW_PICTURES = """(held) => {
    const fetched = window.fetch;
    window.fetch = (url, options) => fetched(url, options).then((answer) =>
        String(url).includes('/picture')
            ? new Promise((resolve) => setTimeout(() => resolve(answer), held)) : answer);
}"""


@pytest.mark.parametrize("held", [2500, 10_000])
def test_each_move_of_the_bot_is_marked_however_slow_its_picture(browser, server, held):
    slow = f"({SLOW_PICTURES})({held})"
    with ana_and_the_bot(browser, server, slow) as (page, table, token, errors):
        theirs, seen = the_bots_turn_watched(page, server, table, token)
    unmarked = never_seen_marked(theirs, seen)
    assert not unmarked, unmarked
    assert not errors, errors


# Every picture asked for once the first board is drawn never answered (a connection that
# hangs); and the moves of others named above the board while shown one at a time, in order.
HUNG_PICTURES = """() => {
    const fetched = window.fetch;
    let hung = false;
    window.fetch = (url, options) => {
        if (!String(url).includes('/picture')) return fetched(url, options);
        hung ||= Boolean(document.querySelector('svg.board:not([data-stale])'));
        return hung ? new Promise(() => {}) : fetched(url, options);
    };
    window.__named = [];
    const look = () => {
        const n = Number(document.getElementById('move-line')?.dataset.n);
        if (n && document.querySelector('.pace-showing') && !window.__named.includes(n))
            window.__named.push(n);
        requestAnimationFrame(look);
    };
    addEventListener('DOMContentLoaded', look);
}"""


def test_moves_whose_pictures_never_come_are_not_named_over_the_old_board(browser, server):
    """A picture that never comes holds its move a while, then the present is shown at once
    (what changed since Ana's turn marked): each of the bot's next moves was named in turn
    above the old board, its picture never there, 8 s each."""
    with ana_and_the_bot(browser, server, f"({HUNG_PICTURES})()") as (page, table, token, errors):
        theirs, _ = the_bots_turn_watched(page, server, table, token)
        named = page.evaluate("window.__named")
    assert named == [min(theirs)], (named, theirs)
    assert not errors, errors
