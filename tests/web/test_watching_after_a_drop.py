"""A friend whose phone dropped its Wi-Fi for a moment while the others played: back on
the table (its connection made again by itself), the moves it missed are shown one at a
time, as they would have been had it stayed. When the news held a move from the past (a
Cartographers drawing made at the same time as hers, revealed by a later one), the page
read its log again and went straight to the present: the others' drawings jumped onto
their maps, none shown, none named above the map."""

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
from .test_watching_a_whole_game import RECORDER


def test_drawings_revealed_while_the_phone_was_away_are_shown_one_at_a_time(browser, server):
    table, tokens = hot_seat_table(server, "cartographers", 3, seed=4)
    context, page, errors = phone_page(browser, 390, 844)
    try:
        page.add_init_script("localStorage.setItem('bgbot.pace', 'normal')")
        signal = Signal(page)
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(f"{OWN_MAP} .target")
        # Bea draws (hidden from Ana until the card's last drawing), then Ana: her page has
        # read a move newer than Bea's.
        play_first_legal(server, table, tokens[1])
        play_first_legal(server, table, tokens[0])
        wait_settled(page)
        page.evaluate(RECORDER)
        signal.drop(page)
        play_first_legal(server, table, tokens[2])  # Cai's drawing ends the card: Bea's revealed
        signal.back()
        # Back, every move shown and the next card's map ready for Ana, in one look.
        seen = wait_settled(
            page,
            "() => document.querySelector('#status-line.yours') && window.__watch",
            timeout=60_000,
        )
    finally:
        context.close()
    drew = {
        e["seat"]: e["n"]
        for e in call(server, "GET", f"/api/tables/{table}/events")["events"]
        if e["type"] == "action"
    }
    for seat in (1, 2):  # Bea's and Cai's, each named above its own picture and marked there
        look = seen.get(str(drew[seat]))
        assert look and look["showing"] and look["mark"], (seat, drew, seen)
    assert not errors, errors
