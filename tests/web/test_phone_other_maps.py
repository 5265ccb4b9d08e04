"""Cartographers on a 390×844 phone: the other players' maps lay ~1000 px down the page,
under the card's, the edicts' and the stars' panels. The line above Ana's map said "Last
move — Cai: draws … on their own map" and nothing in the first screen showed where: a
friend had to scroll to find Cai's map and its marks. Now a tab for each other map stands
above the map, in the first screen, the tab of the map the last move drew on marked; one
tap shows that map in the frame with the move's cells in sight, the turn panel where it
was; a tab back gives the person's own map to draw on."""

from __future__ import annotations

import pytest

from .helpers import OWN_MAP as MAIN
from .helpers import call, play_first_legal, three_maps_on_a_phone
from .test_game_night_phone import LANGS, catalog

# In one look, once the present is drawn (no move being shown, the map not being drawn):
# the heading over the map, whether the map can be drawn on, the tabs (their seat, name,
# mark, and whether each is in the first screen, topmost at its centre), the marks of the
# last drawing in sight on the map shown (topmost at their centre: under no bar), the turn
# panel's box, and the page's scroll.
LOOK = """([sel, heading]) => {
    const title = document.getElementById('sheet-title');
    const sheet = document.querySelector(sel);
    const panel = document.querySelector('.panel.decision.yours');
    if (!title || !sheet || !panel || document.getElementById('pace-skip')
        || !title.textContent.includes(heading)) return null;
    const topmost = (el) => { const r = el.getBoundingClientRect();
        const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
        const top = document.elementFromPoint(x, y);
        return Boolean(top) && (el.contains(top) || top.closest?.('svg') === el.closest('svg')); };
    const box = panel.getBoundingClientRect();
    return {
        heading: title.textContent,
        targets: sheet.querySelectorAll('.target').length,
        tabs: [...document.querySelectorAll('.map-tab')].map((tab) => ({
            seat: Number(tab.dataset.seat), label: tab.getAttribute('aria-label'),
            text: tab.textContent, marked: tab.classList.contains('holds-last-move'),
            seen: topmost(tab)})),
        marks: [...sheet.querySelectorAll('[data-last-move]')].map(topmost),
        panel: [Math.round(box.top), Math.round(box.bottom)],
        panelSeen: topmost(panel.querySelector('.shape-button')),
        scroll: scrollY,
    };
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_map_the_last_move_drew_on_is_one_tap_from_the_first_screen(browser, server, lang):
    words = {**catalog(lang), **catalog(lang, "cartographers")}
    with three_maps_on_a_phone(browser, server, lang, "instant") as (page, table, tokens, errors):
        for seat in (0, 1, 2):  # Cai draws last: the card is revealed, Ana draws the next
            play_first_legal(server, table, tokens[seat])
        mine = words["carto.sheet.yours"]
        cai = words["carto.sheet.of"].replace("{name}", "Cai")
        page.wait_for_function(
            f"() => document.querySelector('{MAIN} .target')"
            " && document.querySelector('#map-tab-2.holds-last-move')"
        )
        before = page.wait_for_function(LOOK, arg=[MAIN, mine]).json_value()
        tabs = {tab["seat"]: tab for tab in before["tabs"]}
        assert sorted(tabs) == [1, 2], before
        assert all(tab["seen"] for tab in tabs.values()), before  # in the first screen
        assert tabs[2]["marked"] and not tabs[1]["marked"], before
        last = words["board.last_move"].split("{move}")[0]
        assert tabs[2]["label"].startswith(f"{cai} · {last}"), tabs[2]
        assert tabs[1]["text"] == "Bea", tabs[1]

        page.tap("#map-tab-2")
        looked = page.wait_for_function(LOOK, arg=[MAIN, cai]).json_value()
        # Cai's map in the frame, where the turn panel leaves it: his drawing's cells in
        # sight, under no bar; nothing to draw on it; the turn panel where it was, whole.
        assert looked["marks"] and all(looked["marks"]), looked
        assert looked["targets"] == 0, looked
        assert looked["panel"] == before["panel"] and looked["panelSeen"], (before, looked)
        assert looked["scroll"] == before["scroll"], (before, looked)
        back = {tab["seat"]: tab for tab in looked["tabs"]}
        assert sorted(back) == [0, 1] and back[0]["text"] == mine and back[0]["seen"], looked

        page.tap("#map-tab-0")
        again = page.wait_for_function(
            f"([sel, heading]) => {{ const seen = ({LOOK})([sel, heading]);"
            " return seen && seen.targets ? seen : null; }",
            arg=[MAIN, mine],
        ).json_value()
        assert again["panel"] == before["panel"], (before, again)

        # Looking at Bea's map when the next card comes: Ana's own map is back, to draw on.
        page.tap("#map-tab-1")
        page.wait_for_function(LOOK, arg=[MAIN, words["carto.sheet.of"].replace("{name}", "Bea")])
        for seat in (0, 1, 2):
            play_first_legal(server, table, tokens[seat])
        page.wait_for_function(
            f"([sel, heading, state]) => {{ const seen = ({LOOK})([sel, heading]);"
            " const screen = document.querySelector('.table-screen');"
            " const now = Number(screen.dataset.state) >= state;"
            " return seen && seen.targets && now ? seen : null; }",
            arg=[MAIN, mine, call(server, "GET", f"/api/tables/{table}/view")["state_id"]],
        )
        assert not errors, errors
