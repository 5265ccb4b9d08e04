"""A friend's phone whose Wi-Fi dropped (or whose screen went off) while the others played:
its page tried to connect again with a back-off that doubles up to 8 s, and listened for
nothing else, so once the phone was back it could wait seconds more before it was live,
the friends' moves unseen. Now the browser coming back online, or the page being seen again,
makes one try at once; the back-off stays for a server that is down."""

from __future__ import annotations

import pytest

from .helpers import OWN_MAP, Signal, call, hot_seat_table, phone_page, play_first_legal, take_seat

#: Once the page waits long to try again (its badge's data-retry-at, a Date.now() time,
#: more than 6 s away: the back-off's 8 s step, after 4 failed tries): that time.
LONG_WAIT = """() => {
    const badge = document.querySelector('.connection:not([hidden])');
    const at = badge && Number(badge.dataset.retryAt);
    return at && at - Date.now() > 6000 ? at : null;
}"""

#: Once the page is live again and shows the server's present (its state, the person's
#: turn): when (Date.now()).
LIVE_AT = """(present) => {
    const screen = document.querySelector('.table-screen');
    const live = document.querySelector('.connection')?.hidden;
    return live && screen && Number(screen.dataset.state) >= present
        && document.querySelector('#status-line.yours') ? Date.now() : null;
}"""

#: The page's screen seen again after it was not (a phone's screen on): the browser's
#: visibilityState made to say so, as Playwright cannot turn a page's screen off.
SCREEN = """(state) => {
    window.__screen = state;
    Object.defineProperty(document, 'visibilityState', {
        configurable: true, get: () => window.__screen });
    document.dispatchEvent(new Event('visibilitychange'));
}"""

#: How many connections the page opens from now on (each `new WebSocket`); installed once
#: the page is loaded, over the WebSocket that Playwright's routing puts in the page.
COUNT_SOCKETS = """() => {
    window.__sockets = 0;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
        constructor(...args) { super(...args); window.__sockets += 1; }
    };
}"""


def two_maps(browser, server):
    """A two-seat Cartographers table (Ana, Bea; seed 4) open on Ana's phone, its
    connection one the test can drop: (context, page, errors, table, tokens, signal)."""
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=4)
    context, page, errors = phone_page(browser, 390, 844)
    page.add_init_script("localStorage.setItem('bgbot.pace', 'instant')")
    signal = Signal(page)
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector(f"{OWN_MAP} .target")
    page.evaluate(COUNT_SOCKETS)
    return context, page, errors, table, tokens, signal


@pytest.mark.parametrize("back", ["online", "screen on"])
def test_live_again_at_once_when_the_phone_is_back(browser, server, back):
    context, page, errors, table, tokens, signal = two_maps(browser, server)
    try:
        play_first_legal(server, table, tokens[0])  # Ana draws; the card waits for Bea
        page.wait_for_function("() => !document.querySelector('#status-line.yours')")
        signal.drop(page)
        if back == "screen on":
            page.evaluate(SCREEN, "hidden")
        # Away long enough for the back-off to wait 8 s; Bea draws meanwhile, ending the card.
        page.wait_for_function(LONG_WAIT, timeout=30_000)
        play_first_legal(server, table, tokens[1])
        present = call(server, "GET", f"/api/tables/{table}/view", token=tokens[0])["state_id"]
        retry_at = page.evaluate(LONG_WAIT)
        assert retry_at, "the page tried again meanwhile"
        signal.back()
        if back == "online":
            context.set_offline(True)
            context.set_offline(False)
        else:
            page.evaluate(SCREEN, "visible")
        # Live again, Bea's drawing in and the next card Ana's, in one look: before the
        # back-off's next try (more than 6 s after the phone was back).
        live_at = page.wait_for_function(LIVE_AT, arg=present, timeout=30_000).json_value()
    finally:
        context.close()
    assert live_at < retry_at, (live_at, retry_at)
    assert not errors, errors


def test_one_try_per_moment_back_and_none_beside_an_open_connection(browser, server):
    """No storm of connections: the moments the page may be back come in bursts (online
    and the screen on together, a flaky Wi-Fi); each makes at most one try, and none while
    a connection is open or opening, nor while none is wanted."""
    burst = """() => {
        const before = window.__sockets;
        for (let i = 0; i < 5; i++) dispatchEvent(new Event('online'));
        document.dispatchEvent(new Event('visibilitychange'));
        return window.__sockets - before;
    }"""
    context, page, errors, table, tokens, signal = two_maps(browser, server)
    try:
        page.wait_for_function("() => document.querySelector('.connection')?.hidden")
        assert page.evaluate(burst) == 0  # live: no new connection
        signal.drop(page)
        waiting = page.wait_for_function(LONG_WAIT, timeout=30_000).json_value()
        # Away, a try waiting: one at once, the rest of the burst while it is opening.
        assert page.evaluate(burst) == 1
        # That try failed (the page waits again, its back-off kept: 8 s), then the phone is back.
        page.wait_for_function(f"""() => {{
            const at = Number(document.querySelector('.connection:not([hidden])')?.dataset.retryAt);
            return at && at !== {waiting} && at - Date.now() > 6000; }}""")
        signal.back()
        context.set_offline(True)
        context.set_offline(False)
        page.wait_for_function("() => document.querySelector('.connection')?.hidden")
        assert page.evaluate(burst) == 0
    finally:
        context.close()
    assert not errors, errors
