"""A Cartographers card's drawings are made at once and revealed by the last one. The
others' drawings are then shown one at a time on the map; a screen reader heard none of
them when the page read the log again (a friend who drew after Bea and before Cai), and all
at once with the last, the first never shown named, when the friend drew first. Now each is
said in the spoken log (role="log", polite) as it is shown, in the page's language, once:
not again when the page is drawn again."""

from __future__ import annotations

import pytest

from .helpers import OWN_MAP as MAIN
from .helpers import call, play_first_legal, three_maps_on_a_phone
from .test_game_night_phone import catalog

# Each line added to the spoken log, with the move the line above the map says then (its
# event's number): what a screen reader hears, and while which move is shown.
HEAR = """() => {
    window.__heard = [];
    new MutationObserver((changes) => {
        const line = document.getElementById('move-line');
        for (const change of changes) {
            if (change.target.id !== 'log-announcer') continue;
            for (const node of change.addedNodes)
                window.__heard.push({text: node.textContent, n: Number(line?.dataset.n || 0)});
        }
    }).observe(document.body, {childList: true, subtree: true});
}"""


def events(server, table):
    return call(server, "GET", f"/api/tables/{table}/events")["events"]


@pytest.mark.parametrize(
    ("lang", "order"),
    [
        ("ca", (0, 1, 2)),  # Ana drew first: Bea's and Cai's drawings come as news
        ("pt-BR", (1, 0, 2)),  # Bea drew before Ana: hers is older than Ana's (the log read again)
        ("en", (1, 0, 2)),
        ("ca", (1, 2, 0)),  # Ana's drawing reveals the others'
    ],
)
def test_each_revealed_drawing_is_said_once_as_it_is_shown(browser, server, lang, order):
    words = catalog(lang, "cartographers")
    with three_maps_on_a_phone(browser, server, lang, "fast") as (page, table, tokens, errors):
        page.evaluate(HEAR)
        for seat in order:
            play_first_legal(server, table, tokens[seat])
        drew = {e["seat"]: e["n"] for e in events(server, table) if e["type"] == "action"}
        card = words["log.card"].split("{card}")[0]
        # Every move shown and the next card's news said, the present drawn (Ana's turn).
        page.wait_for_function(
            f"""card => !document.getElementById('pace-skip')
                && document.querySelector('{MAIN} .target')
                && window.__heard.some((h) => h.text.startsWith(card))""",
            arg=card,
        )
        verb = words["carto.do.draw"].split(" ")[0]
        for seat, name in ((1, "Bea"), (2, "Cai")):
            said = [h for h in page.evaluate("window.__heard") if h["text"].startswith(f"{name}: ")]
            # Once, in the page's words, while that very drawing is the one shown.
            assert len(said) == 1, (name, page.evaluate("window.__heard"))
            assert said[0]["text"].startswith(f"{name}: {verb} "), said
            assert said[0]["n"] == drew[seat], (name, drew, said)
        heard = len(page.evaluate("window.__heard"))
        # Drawn again (the toolbar's menu opened and closed): nothing said again.
        page.click("#more-button")
        page.wait_for_selector("#more-tools.open")
        page.click("#more-button")
        page.wait_for_selector("#more-tools.open", state="detached")
        assert len(page.evaluate("window.__heard")) == heard, page.evaluate("window.__heard")
        assert page.get_attribute("#log-announcer", "aria-live") == "polite"
        assert not errors, errors
