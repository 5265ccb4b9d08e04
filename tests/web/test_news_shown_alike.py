"""The news a page reads is shown the same way whether it comes in order (the moves after
the ones read: extended log) or holds a move from the past (a hidden drawing revealed: the
log read again). The two were built apart and disagreed: a friend's phone back from a drop
during which Bea drew (hidden until the card's last drawing), changed her name, and Cai
ended the card, read them in order and only said Bea's drawing with the rename, never
shown on the maps; read again from the past, it was shown."""

from __future__ import annotations

from .helpers import (
    OWN_MAP,
    Signal,
    call,
    hot_seat_table,
    phone_page,
    play_first_legal,
    take_seat,
    wait_settled,
)

#: Every event shown one at a time from now on (the line above the map names it: data-n,
#: "Showing …" up), by number: how many frames showed it.
SHOWN = """() => {
    window.__shown = {};
    const look = () => {
        const line = document.getElementById('move-line');
        const n = line && !line.hidden ? line.dataset.n : undefined;
        if (n && document.querySelector('.pace-showing'))
            window.__shown[n] = (window.__shown[n] || 0) + 1;
        requestAnimationFrame(look);
    };
    look();
}"""


def test_a_drawing_revealed_while_away_is_shown_though_a_name_changed_before_the_reveal(
    browser, server
):
    table, tokens = hot_seat_table(server, "cartographers", 3, seed=4)
    context, page, errors = phone_page(browser, 390, 844)
    try:
        page.add_init_script("localStorage.setItem('bgbot.pace', 'normal')")
        signal = Signal(page)
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(f"{OWN_MAP} .target")
        play_first_legal(server, table, tokens[0])  # Ana draws first: her page has read it
        wait_settled(page)
        page.evaluate(SHOWN)
        signal.drop(page)
        play_first_legal(server, table, tokens[1])  # Bea's drawing, hidden until Cai's
        call(server, "POST", f"/api/tables/{table}/name", {"name": "Bea Lu"}, tokens[1])
        play_first_legal(server, table, tokens[2])  # Cai's ends the card: Bea's revealed
        signal.back()
        # Back: every move shown, the next card's map ready for Ana, in one look.
        shown = wait_settled(
            page,
            "() => document.querySelector('#status-line.yours') && window.__shown",
            timeout=60_000,
        )
    finally:
        context.close()
    drew = {
        e["seat"]: e["n"]
        for e in call(server, "GET", f"/api/tables/{table}/events")["events"]
        if e["type"] == "action"
    }
    for seat in (1, 2):  # Bea's and Cai's drawings, each shown named above the maps
        assert shown.get(str(drew[seat])), (seat, drew, shown)
    assert not errors, errors
