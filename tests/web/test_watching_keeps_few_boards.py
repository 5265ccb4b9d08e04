"""A whole game of Tikal watched move by move keeps a bounded page. Each move shown drew the
board afresh (and the moves waiting drew theirs ahead, thrown away), each with a
ResizeObserver of its own on its picture that nobody disconnected: by the end of a game
the page observed hundreds of pictures long gone from it. Now one observer watches the
board drawn and the one it replaces, the pictures kept stay at board.js's bound, and
the boards of the moves waiting are not drawn ahead, only their pictures asked for."""

from __future__ import annotations

from .helpers import call, legal_notations, seeded, take_seat, wait_settled

# Installed before the page's scripts: every ResizeObserver made, each target it observes
# now, and how many of those are gone from the page (window.__observing()).
COUNT_OBSERVERS = """(() => {
    const Real = window.ResizeObserver;
    const live = new Map();
    let made = 0, observed = 0;
    window.ResizeObserver = class extends Real {
        constructor(callback) { super(callback); made += 1; live.set(this, new Set()); }
        observe(target, options) { observed += 1; live.get(this).add(target);
            return super.observe(target, options); }
        unobserve(target) { live.get(this)?.delete(target); return super.unobserve(target); }
        disconnect() { live.get(this)?.clear(); return super.disconnect(); }
    };
    window.__observing = () => {
        let now = 0, gone = 0;
        for (const targets of live.values()) for (const target of targets) {
            now += 1; if (!target.isConnected) gone += 1; }
        return {made, observed, now, gone};
    };
})();"""

# In one look once settled: the observers' count and what board.js keeps.
KEPT = """async () => {
    const board = await import('/board.js');
    return {observing: window.__observing(), kept: board.picturesKept?.() ?? null,
            boards: document.querySelectorAll('svg.tikal-board').length};
}"""


def test_a_whole_watched_game_keeps_a_bounded_number_of_observers_and_pictures(browser, server):
    created = call(
        server,
        "POST",
        "/api/tables",
        {
            "game": "tikal",
            "options": {},
            "seed": 5,
            "seats": [{"kind": "person", "name": "Ana"}, {"kind": "bot", "level": "random"}],
        },
    )
    table = created["table"]["id"]
    token = next(s["token"] for s in created["seats"] if s.get("token"))
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.add_init_script(COUNT_OBSERVERS)
        page.add_init_script("localStorage.setItem('bgbot.pace', 'fast')")
        take_seat(page, server, table, 0, token, "tikal")
        rng = seeded(5)
        turns = 0
        while True:
            state = call(server, "GET", f"/api/tables/{table}/view")
            if state["view"].get("over") or state["table"]["status"] != "playing":
                break
            if 0 not in state["to_act"]:  # the bot's turn, shown one move at a time
                page.wait_for_function(
                    "() => document.querySelector('#status-line.yours')"
                    " || document.querySelector('.panel.summary')",
                    timeout=60_000,
                )
                continue
            # Ana's: her tile laid at random, then her turn ended (the bot's turns are watched).
            wait_settled(page, timeout=60_000)
            legal = legal_notations(server, table, token)
            move = "end" if "end" in legal else rng.choice(legal)
            state_id = call(server, "GET", f"/api/tables/{table}/view", token=token)["state_id"]
            call(
                server,
                "POST",
                f"/api/tables/{table}/actions",
                {"action": move, "state_id": state_id},
                token,
            )
            turns += move == "end"
        page.wait_for_selector(".panel.summary", timeout=60_000)
        seen = wait_settled(page, KEPT)
        assert turns >= 10, turns  # (a whole game: its board drawn hundreds of times)
        observing = seen["observing"]
        assert observing["observed"] >= 100, seen
        # the board on the page and the one it replaced, at most; none long gone
        assert observing["now"] <= 3 and observing["gone"] <= 2, seen
        assert seen["kept"] and seen["kept"]["pictures"] <= 24, seen
        assert seen["boards"] == 1, seen
        assert not errors, errors
    finally:
        context.close()
