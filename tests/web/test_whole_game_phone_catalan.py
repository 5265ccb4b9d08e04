"""A whole Cartographers game played by taps on a 390×844 phone in Catalan, with a friend
(Berta Casals, moves sent from her seat) and a bot ("Robot 3 (a l'atzar)"). Played and
looked at as a friend would, it showed the other maps' tabs sent to a row of their own by
the long names, the map pushed ~50 px down. At each of Ana's turns, in one look: the tabs
of the other maps in the first screen, in the edicts' row of the card strip (no row of
their own), topmost where they are, and the turn panel whole under none of them; at the
end, the result."""

from __future__ import annotations

from .helpers import (
    act,
    friends_and_a_bot,
    legal_notations,
    phone_page,
    seeded,
    take_seat,
    view,
)

MAIN = 'svg.sheet[data-key="sheet"]:not([data-stale])'

# Ana's turn drawn whole (the map's spots, the legal actions of the state shown, no move
# being shown): the tabs (in sight and topmost at their centre), the strip's rows, the
# turn panel's box and whether its first button is topmost.
TURN = """sel => {
    const screen = document.querySelector('.table-screen');
    const sheet = document.querySelector(sel);
    const panel = document.querySelector('.panel.decision.yours');
    if (!screen || !sheet?.querySelector('.target') || !panel
        || document.getElementById('pace-skip') || screen.dataset.legal !== screen.dataset.state)
        return null;
    const topmost = (el) => { const r = el.getBoundingClientRect();
        const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return false;
        return el.contains(document.elementFromPoint(x, y)); };
    const edicts = document.querySelector('#strip-edicts').getBoundingClientRect();
    const tabs = [...document.querySelectorAll('.map-tab')];
    return {
        state: Number(screen.dataset.state),
        // counted in the same look: counted apart, a redraw in between read 0 (CI, load 20)
        targets: sheet.querySelectorAll('.target').length,
        tabs: tabs.map((tab) => tab.getAttribute('aria-label')),
        seen: tabs.map(topmost),
        // the tabs in the edicts' row: their middles within its height
        inRow: tabs.every((tab) => { const r = tab.getBoundingClientRect();
            const y = (r.top + r.bottom) / 2; return y > edicts.top && y < edicts.bottom; }),
        panel: topmost(panel.querySelector('button')),
        lang: document.documentElement.lang,
    };
}"""


def test_a_whole_game_of_cartographers_by_taps_in_catalan(browser, server):
    table, tokens = friends_and_a_bot(server, "cartographers", 11, ("Ana", "Berta Casals"))
    context, page, errors = phone_page(browser, 390, 844)
    rng = seeded(3)
    turns = []
    try:
        page.add_init_script(
            "localStorage.setItem('bgbot.lang', 'ca'); localStorage.setItem('bgbot.pace', 'fast')"
        )
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        for _ in range(400):
            state = view(server, table)
            if state["table"]["status"] != "playing":
                break
            if 1 in state["to_act"]:  # Berta draws from her own phone (here: its seat)
                act(server, table, tokens[1], rng.choice(legal_notations(server, table, tokens[1])))
                continue
            if 0 not in state["to_act"]:
                continue  # the bot's
            look = page.wait_for_function(TURN, arg=MAIN, timeout=30_000).json_value()
            turns.append(look)
            page.locator(f"{MAIN} .target").nth(rng.randrange(look["targets"])).tap()
            page.tap("#confirm-action")
            # Ana's drawing made (the server's state moved past the turn looked at).
            page.wait_for_function(
                "state => Number(document.querySelector('.table-screen')?.dataset.state) > state",
                arg=look["state"],
            )
        page.wait_for_selector(".panel.summary", timeout=60_000)
        assert view(server, table)["table"]["status"] == "over"
        assert len(turns) > 10, len(turns)
        faults = [
            look
            for look in turns
            if len(look["tabs"]) != 2
            or not all(look["seen"])
            or not look["inRow"]
            or not look["panel"]
            or look["lang"] != "ca"
        ]
        assert not faults, (len(faults), len(turns), faults[:4])
        assert any("Robot 3" in label for look in turns for label in look["tabs"]), turns[0]
        assert not errors, errors
    finally:
        context.close()
