"""A 3-player Cartographers game night in Catalan on a 390×844 phone, at an ambush: Ana
drew last on her own map, then the ambush card sent her to draw the monster on Bea's map.
Found there: the preview read "… al mapa del veí — mapa de Bea aquesta estació: …"; the
line above the map said "Última jugada — Ana (tu): … al seu mapa" over Bea's map (a
newcomer looked for the cell on the map shown); and "temps 0 de 8" peeped out between
the hint and the confirm bar."""

from __future__ import annotations

import pytest

from .conftest import shot
from .helpers import act, hot_seat_table, legal_notations, phone_page, seeded, take_seat, view
from .test_game_night_phone import LANGS, catalog

SEED = 7


def ambush_after_ana_drew(server):
    """A 3-player table where Ana's last drawing is the last move and the card now is an
    ambush: Bea and Cai draw first at each card, Ana last, until an ambush is revealed."""
    rng = seeded(SEED)
    table, tokens = hot_seat_table(server, "cartographers", 3, seed=SEED)
    drew = False
    for _ in range(60):
        state = view(server, table, tokens[0])
        if state["view"].get("step") == "ambush" and drew:
            return table, tokens, state
        for seat in (1, 2, 0):
            if seat in view(server, table)["to_act"]:
                legal = legal_notations(server, table, tokens[seat])
                act(server, table, tokens[seat], rng.choice(legal))
        drew = not state["view"].get("step") == "ambush"
    raise AssertionError("no ambush came after a drawing")


# Whether the strip between "tap the same spot again" and the confirmation bar stuck to the
# foot of the screen shows the page under them (its points' topmost element neither the
# notes under the sheet nor the bar): the list of such points' words, empty when covered.
PEEPING = """() => {
    const hint = document.querySelector('.confirm-hint').getBoundingClientRect();
    const bar = document.querySelector('.confirm-bar').getBoundingClientRect();
    const seen = [];
    for (let y = Math.ceil(hint.bottom) + 1; y < bar.top; y += 1)
        for (let x = hint.left + 4; x < hint.right; x += 20) {
            const e = document.elementFromPoint(x, y);
            if (e && !e.closest('.sheet-notes, .confirm-bar')) seen.push(e.id || e.className || e.tagName);
        }
    return seen; }"""


@pytest.mark.parametrize("lang", LANGS)
def test_an_ambush_on_a_friend_s_map_is_told_on_that_map(browser, server, lang):
    table, tokens, state = ambush_after_ana_drew(server)
    friend = ["Ana", "Bea", "Cai"][state["view"]["you"]["target"]]
    words = catalog(lang, "cartographers")
    context, page, errors = phone_page(browser, 390, 844)
    page.add_init_script(f"localStorage.setItem('bgbot.lang', '{lang}')")
    try:
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(".sheet-frame svg.sheet:not([data-stale]) .target")
        # Ana's own drawing, said over her friend's map: "on your map", not "on their own
        # map" (ca "al seu mapa", read as the map shown).
        line = page.inner_text("#move-line")
        assert "Ana" in line and line.endswith(words["carto.where.yours"]), line
        page.locator(".sheet-frame svg.sheet:not([data-stale]) .target").first.tap()
        page.wait_for_selector("#preview-text.legal")
        # The monster on the friend's map, named once; then what that map would score.
        told = page.inner_text("#preview-text")
        drawn, _, score = told.partition(" — ")
        assert drawn.endswith(words["carto.where.of"].replace("{name}", friend)), told
        assert score.startswith(words["carto.preview.score.of"].split("{edicts}")[0]
                                .replace("{name}", friend)), told
        page.wait_for_selector(".confirm-bar #confirm-action")
        page.wait_for_function(PEEPING.replace("return seen;", "return !seen.length;"))
        shot(page, f"carto-ambush-{lang}", full_page=False)
    finally:
        context.close()
    assert not errors, errors
