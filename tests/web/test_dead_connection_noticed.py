"""A phone whose Wi-Fi dropped, or that moved to another network, can keep a connection that
looks open and carries nothing (half-open TCP): no close comes, `online` has nothing to try
again, and the page stayed stale, the friends' moves unseen, until the system gave up on the
socket minutes later. Now a page that hears nothing for a while asks (an app-level ping) and,
when no answer comes, connects again the usual way."""

from __future__ import annotations

import re

from .helpers import OWN_MAP, call, hot_seat_table, phone_page, play_first_legal, take_seat

#: Live's timings (api.js): when the page pings, how long it waits for an answer.
TIMINGS = "() => import('/api.js').then((m) => [m.QUIET_MS, m.ANSWER_MS])"

#: Once the page shows it is not connected (its badge): when (Date.now()).
BADGE_AT = "() => document.querySelector('.connection:not([hidden])') ? Date.now() : null"

#: Once the page is live again and shows the server's present (its state, the person's
#: turn): when (Date.now()).
LIVE_AT = """(present) => {
    const screen = document.querySelector('.table-screen');
    const live = document.querySelector('.connection')?.hidden;
    return live && screen && Number(screen.dataset.state) >= present
        && document.querySelector('#status-line.yours') ? Date.now() : null;
}"""


class Freezer:
    """A page's connection to its table whose traffic can stop, both ways, with no close
    (the page sees its socket open): set on the page before it opens the table. A frozen
    connection stays so; while `frozen`, a new one is refused; after `thaw` it goes through."""

    def __init__(self, page):
        self.frozen = False
        self.dead: list[object] = []  # the connections frozen
        page.route_web_socket(re.compile(r"/ws/tables/"), self.connect)

    def connect(self, socket):
        if self.frozen:
            socket.close()
            return
        server = socket.connect_to_server()
        socket.on_message(lambda message: None if socket in self.dead else server.send(message))
        server.on_message(lambda message: None if socket in self.dead else socket.send(message))
        self.socket = socket

    def freeze(self):
        self.frozen = True
        self.dead.append(self.socket)

    def thaw(self):
        self.frozen = False


def test_a_silent_connection_is_given_up_and_made_again(browser, server):
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=4)
    context, page, errors = phone_page(browser, 390, 844)
    page.add_init_script("localStorage.setItem('bgbot.pace', 'instant')")
    freezer = Freezer(page)
    try:
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(f"{OWN_MAP} .target")
        quiet_ms, answer_ms = page.evaluate(TIMINGS)
        play_first_legal(server, table, tokens[0])  # Ana draws; the card waits for Bea
        page.wait_for_function("""() => document.querySelector('.connection')?.hidden
            && !document.querySelector('#status-line.yours')""")
        frozen_at = page.evaluate("Date.now()")
        freezer.freeze()
        # Bea draws while Ana's connection carries nothing: her page cannot know.
        play_first_legal(server, table, tokens[1])
        present = call(server, "GET", f"/api/tables/{table}/view", token=tokens[0])["state_id"]
        # The page notices within its own bound (quiet, then no answer), not the system's
        # minutes: the test's timeout is the hang detector.
        noticed_at = page.wait_for_function(
            BADGE_AT, timeout=quiet_ms + answer_ms + 10_000).json_value()
        freezer.thaw()
        # Live again, Bea's drawing in and the next card Ana's, in one look.
        page.wait_for_function(LIVE_AT, arg=present, timeout=20_000)
    finally:
        context.close()
    assert noticed_at - frozen_at <= quiet_ms + answer_ms + 2_000, (noticed_at - frozen_at)
    assert not errors, errors


#: Counts, from the page's first connection on: connections opened, pings sent (and when
#: the last one was), pongs received.
COUNT = """() => {
    window.__live = { sockets: 0, pings: 0, pingAt: 0, pongs: 0 };
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
        constructor(...args) {
            super(...args);
            window.__live.sockets += 1;
            this.addEventListener('message', (event) => {
                if (JSON.parse(event.data).type === 'pong') window.__live.pongs += 1;
            });
        }
        send(text) {
            if (JSON.parse(text).type === 'ping') {
                window.__live.pings += 1;
                window.__live.pingAt = Date.now();
            }
            super.send(text);
        }
    };
}"""


def test_a_quiet_table_is_asked_answered_and_kept(browser, server):
    """Nothing happening at the table is no reason to drop it: the server answers the
    page's ping, and the page keeps its one connection, its badge hidden."""
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=4)
    context, page, errors = phone_page(browser, 390, 844)
    page.add_init_script(f"({COUNT})()")
    try:
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(f"{OWN_MAP} .target")
        quiet_ms, answer_ms = page.evaluate(TIMINGS)
        # A ping answered, and the time to give up on it gone by.
        live = page.wait_for_function(f"""() => {{
            const live = window.__live;
            return live.pongs >= 1 && Date.now() - live.pingAt > {answer_ms} + 500 ? live : null;
        }}""", timeout=quiet_ms + answer_ms + 10_000).json_value()
        assert page.evaluate("document.querySelector('.connection').hidden")
    finally:
        context.close()
    assert live["sockets"] == 1, live
    assert not errors, errors
