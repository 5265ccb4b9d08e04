"""The last of a Cartographers card to draw (Bea) saw her drawing vanish: the drawings
made at the same time as hers (Ana's), revealed by hers, were shown one at a time on the
map as it was before the card, her own map blank under "Showing Ana's move", and only then
the present. Then they were shown all at once, none named in turn. Now the others' are
shown one at a time as the others see them, on the map as it is after hers: her drawing
stays on her map all along."""

from __future__ import annotations

from .helpers import act, call, hot_seat_table, legal_notations, set_confirm_setting, take_seat

MAIN = 'svg.sheet[data-key="sheet"]:not([data-stale])'

#: While moves are paced: that they were, and the most empty cells Bea's map had then.
WATCH = """sel => {
    window.paced = false;
    window.blank = 0;
    new MutationObserver(() => {
        if (!document.getElementById('pace-skip')) return;
        window.paced = true;
        const sheet = document.querySelector(sel);
        if (sheet) window.blank = Math.max(window.blank,
            sheet.querySelectorAll('[data-cell].empty').length);
    }).observe(document.body, { childList: true, subtree: true });
}"""

#: Once Ana's drawing is in the log and shown: whether moves were paced, the most empty
#: cells Bea's map had while they were, and its empty cells now.
REVEALED = """([sel, before]) => {
    const log = document.getElementById('log')?.textContent || '';
    const sheet = document.querySelector(sel);
    if (!log.includes('Ana:') || !sheet || document.getElementById('pace-skip')) return null;
    const empty = sheet.querySelectorAll('[data-cell].empty').length;
    return empty < before ? { paced: window.paced, blank: window.blank, empty } : null;
}"""


def test_the_last_to_draw_sees_the_card_revealed_at_once(narrow, server):
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=3)
    take_seat(narrow, server, table, 1, tokens[1], "cartographers")
    narrow.wait_for_selector(f"{MAIN} .target")
    set_confirm_setting(narrow, False)
    act(server, table, tokens[0], legal_notations(server, table, tokens[0])[0])  # Ana first
    narrow.wait_for_function("() => document.getElementById('status-line')?.textContent")
    before = narrow.evaluate(f"document.querySelectorAll('{MAIN} [data-cell].empty').length")
    narrow.evaluate(WATCH, MAIN)
    narrow.locator(f"{MAIN} .target").first.click()  # Bea's drawing ends the card
    seen = narrow.wait_for_function(REVEALED, arg=[MAIN, before]).json_value()
    # Ana's drawing shown in turn, Bea's own never gone from her map meanwhile.
    assert seen["paced"] and 0 < seen["blank"] < before, (before, seen)


def test_the_last_to_draw_sees_them_in_turn_after_a_name_changed_meanwhile(narrow, server):
    """Ana draws, then types her whole name ("Ana Lu": a line in everyone's log) before Bea
    draws last. Bea's drawing reveals Ana's, an event older than the rename Bea's log has
    read: the page reads the log again (showRevealed), and there it showed Bea nothing of
    Ana's drawing in turn, only the present — her own move was among the news."""
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=3)
    take_seat(narrow, server, table, 1, tokens[1], "cartographers")
    narrow.wait_for_selector(f"{MAIN} .target")
    set_confirm_setting(narrow, False)
    act(server, table, tokens[0], legal_notations(server, table, tokens[0])[0])  # Ana first
    call(server, "POST", f"/api/tables/{table}/name", {"name": "Ana Lu"}, tokens[0])
    # In one look: the rename in Bea's log, her map ready to draw on, its empty cells.
    before = narrow.wait_for_function(
        """sel => {
        const log = document.getElementById('log')?.textContent || '';
        const sheet = document.querySelector(sel);
        return log.includes('Ana Lu') && sheet?.querySelector('.target')
            && sheet.querySelectorAll('[data-cell].empty').length;
    }""",
        arg=MAIN,
    ).json_value()
    narrow.evaluate(WATCH, MAIN)
    narrow.locator(f"{MAIN} .target").first.click()  # Bea's drawing ends the card
    seen = narrow.wait_for_function(
        REVEALED.replace("'Ana:'", "'Ana Lu:'"), arg=[MAIN, before]
    ).json_value()
    assert seen["paced"] and 0 < seen["blank"] < before, (before, seen)
