"""A friend watching the bot's turn on a phone while the server is slow to draw: each
picture came over 1.5 s after it was asked for (a busy machine), and the page, which
waited no longer for a move's picture, went on to the next move, the skipped one named
above the stale board, its mark never shown (test_watching_a_whole_game failed so, now
and then, in CI). Every move of the bot must be seen marked on its own picture."""

from __future__ import annotations

from .helpers import friends_and_a_bot, phone_page, seeded, take_seat
from .test_watching_a_whole_game import RECORDER, moves_of_others, one_turn_of_random_moves

# Each picture's answer held 2.5 s in the page (as a busy server takes), the others' not.
SLOW_PICTURES = """() => {
    const fetched = window.fetch;
    window.fetch = (url, options) => fetched(url, options).then((answer) =>
        String(url).includes('/picture')
            ? new Promise((resolve) => setTimeout(() => resolve(answer), 2500)) : answer);
}"""


def test_each_move_of_the_bot_is_marked_however_slow_its_picture(browser, server):
    table, tokens = friends_and_a_bot(server, "tikal", 4, names=("Ana",))
    token = tokens[0]
    context, page, errors = phone_page(browser, 390, 844)
    try:
        page.add_init_script(f"({SLOW_PICTURES})()")
        take_seat(page, server, table, 0, token, "tikal")
        page.wait_for_selector("svg.board:not([data-stale])", timeout=30_000)
        page.evaluate(RECORDER)
        # Ana plays one turn (random moves), then the bot plays its own.
        one_turn_of_random_moves(server, table, token, 0, seeded(4))
        theirs = moves_of_others(server, table, 0)
        assert len(theirs) >= 3, theirs  # the bot's turn, several moves to show one at a time
        # Back at Ana's turn, every move of the bot shown (none pending).
        page.wait_for_function(
            "n => document.querySelector('#status-line.yours')"
            " && !document.querySelector('.pace-showing')"
            " && Math.max(0, ...Object.keys(window.__watch).map(Number)) >= n",
            arg=max(theirs),
            timeout=90_000,
        )
        seen = page.evaluate("window.__watch")
    finally:
        context.close()
    unmarked = [
        (n, seen.get(str(n)))
        for n in sorted(theirs)
        if not (seen.get(str(n)) or {}).get("mark")
        and (seen.get(str(n)) or {}).get("marked") != "note"
    ]
    assert not unmarked, unmarked
    assert not errors, errors
