"""A friend whose phone dropped its Wi-Fi for a moment while the others played: back on
the table (its connection made again by itself), the moves it missed are shown one at a
time, as they would have been had it stayed. When the news held a move from the past (a
Cartographers drawing made at the same time as hers, revealed by a later one), the page
read its log again and went straight to the present: the others' drawings jumped onto
their maps, none shown, none named above the map. Away for two cards, each was then shown
on the maps as they are now, the second card's drawings already on them while the first
card's were named: each is shown on the maps as they stood once it could be seen."""

from __future__ import annotations

import re
import time

from boardgamesbot.engine import load_game
from boardgamesbot.service.patches import apply

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


# Installed in the page while it is away: at every frame that shows another's move (the
# line above the map says its event's number, data-n; "Showing …" is up), each map drawn
# on the screen (not a stale picture) compared with the maps as they stood once that move
# could be seen (`expected`: event n -> seat -> the terrain of each cell, in order).
# window.__maps[n]: how many frames showed move n, and the first map that was another's.
MAP_RECORDER = """(expected) => {
    window.__maps = {};
    const look = () => {
        const line = document.getElementById('move-line');
        const n = line && !line.hidden ? line.dataset.n : undefined;
        if (n && document.querySelector('.pace-showing')) {
            const seen = (window.__maps[n] ||= { frames: 0, maps: 0, wrong: null });
            seen.frames += 1;
            const sheets = document.querySelectorAll(
                'svg.board:not([data-stale]) g.sheet[data-seat]');
            for (const sheet of sheets) {
                const seat = sheet.dataset.seat;
                const cells = [...sheet.querySelectorAll('g.cell')]
                    .map((cell) => cell.classList[1]).join(' ');
                seen.maps += 1;
                if (expected[n] && cells !== expected[n][seat] && !seen.wrong) {
                    // which move's maps it was instead (the present's: the last one's)
                    const like = Object.keys(expected).filter((m) => expected[m][seat] === cells);
                    seen.wrong = { seat, like };
                }
            }
        }
        requestAnimationFrame(look);
    };
    look();
}"""


def maps_once_seen(events) -> dict[int, dict[str, str]]:
    """Each move's maps as they stood once others could see it, by the move's event
    number: {n: {seat: the terrain of each cell, in order}}. A move others saw at once: the public
    view after it; a drawing hidden until its card's last drawing: the view after that one
    (the first later event that changed the public view), which holds the card's drawings
    together. The public views are the `started` view with each event's `public` diff
    applied in turn (docs/api.md)."""
    game = load_game("cartographers")
    ordered = sorted(events, key=lambda e: e["n"])
    view, after = None, {}
    for event in ordered:
        if event["type"] == "started":
            view = event["view"]
        elif event["type"] in ("action", "undo") and event.get("public"):
            view = apply(view, event["public"])
        after[event["n"]] = view
    maps, seen_with = {}, None
    for event in reversed(ordered):
        if event["type"] in ("action", "undo") and event.get("public"):
            seen_with = after[event["n"]]
        if event["type"] == "action" and seen_with is not None:
            maps[event["n"]] = {
                str(seat): " ".join(re.findall(r'class="cell (\w+)"', game.render_svg(
                    seen_with, seat=seat, panel=False, size=None)))
                for seat in range(len(seen_with["players"]))}
    return maps


def events_read(server, table, token):
    """The table's events as the seat holding `token` is told them, by number."""
    return {e["n"]: e for e in call(server, "GET", f"/api/tables/{table}/events",
                                    token=token)["events"]}


def test_moves_missed_over_two_cards_are_each_shown_on_the_maps_as_they_stood(browser, server):
    """Ana's phone away for two cards (her autopilot drew the second for her): back, the log
    read again (Bea's first drawing, made before Ana's, revealed meanwhile), every drawing
    she missed was shown on the maps as they are now, the second card's drawings already
    on them while the first card's were named above them. Each is shown on the maps as
    they stood once it could be seen: in every frame that names it, every map drawn."""
    table, tokens = hot_seat_table(server, "cartographers", 3, seed=4)
    context, page, errors = phone_page(browser, 390, 844)
    try:
        page.add_init_script("localStorage.setItem('bgbot.pace', 'normal')")
        signal = Signal(page)
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(f"{OWN_MAP} .target")
        # Card 1: Bea draws (hidden from Ana until the card's last drawing), then Ana.
        play_first_legal(server, table, tokens[1])
        play_first_legal(server, table, tokens[0])
        wait_settled(page)
        # What her page has read: every event she may see now (the others' drawings of
        # card 1 are hidden from her until Cai's).
        read = events_read(server, table, tokens[0])
        signal.drop(page)
        play_first_legal(server, table, tokens[2])  # Cai ends card 1: the drawings revealed
        # Card 2: Ana's autopilot draws for her, then she takes her seat back; Bea and Cai
        # draw, and card 3 waits for Ana.
        call(server, "POST", f"/api/tables/{table}/autopilot", {"level": "random"}, tokens[0])
        deadline = time.monotonic() + 30
        while not any(e["seat"] == 0 and e["type"] == "action" and e["n"] not in read
                      for e in events_read(server, table, tokens[0]).values()):
            assert time.monotonic() < deadline, "Ana's autopilot did not draw"
            time.sleep(0.05)
        call(server, "POST", f"/api/tables/{table}/autopilot", {"level": None}, tokens[0])
        play_first_legal(server, table, tokens[1])
        play_first_legal(server, table, tokens[2])
        events = events_read(server, table, tokens[0])
        maps = maps_once_seen(events.values())
        # The moves she missed that are shown one at a time: the others' and her autopilot's.
        missed = sorted(n for n, e in events.items() if n not in read and e["type"] == "action"
                        and (e["seat"] != 0 or e["by"] != "person"))
        page.evaluate(MAP_RECORDER, {str(n): maps[n] for n in missed})
        signal.back()
        # Back, every move shown and card 3 ready for Ana, in one look.
        seen = wait_settled(
            page,
            "() => document.querySelector('#status-line.yours') && window.__maps",
            timeout=60_000,
        )
    finally:
        context.close()
    # Two cards' drawings, Bea's, Cai's and the autopilot's for Ana (the test can fail: the
    # first card's maps are not the present's).
    assert len(missed) == 5 and maps[missed[0]] != maps[missed[-1]], (missed, maps)
    for n in missed:
        look = seen.get(str(n))
        assert look and look["maps"], (n, missed, seen)
        assert look["wrong"] is None, (n, look, missed)
    assert not errors, errors
