"""A game night at Cartographers on a phone: the line above Ana's map said "Last move — Bea:
draws forest … at A11" while A11 on the map under it was empty — the drawing was on Bea's
map, far below under "The other maps". A drawing on a map other than the one shown there
says whose map it is on; the monster's line keeps its own words ("on your map").

A 3-player game night in Catalan on a 390×844 phone, at an ambush: Ana drew last on her
own map, then the ambush card sent her to draw the monster on a friend's map. The preview
read "… al mapa del veí — mapa de Bea aquesta estació: …"; the line above the map said
"Última jugada — Ana (tu): … al seu mapa" over the friend's map (a newcomer looked for the
cell on the map shown); and "temps 0 de 8" peeped out between "tap again" and the
confirmation bar."""

from __future__ import annotations

import pytest

from .conftest import serious_violations, shot
from .helpers import (
    act,
    hot_seat_table,
    legal_notations,
    open_lobby,
    phone_page,
    seeded,
    take_seat,
    view,
)
from .test_game_night_phone import LANGS, catalog


def move_line(page, says):
    """The line above the map once it says `says` (drawn a frame after the news)."""
    page.wait_for_function(
        "said => document.querySelector('#move-line')?.textContent.includes(said)", arg=says)
    return page.inner_text("#move-line")


@pytest.mark.parametrize("lang", LANGS)
def test_a_drawing_on_another_map_says_whose_map_it_is_on(narrow, server, lang):
    open_lobby(narrow, server, lang)
    narrow.evaluate("() => localStorage.setItem('bgbot.pace', 'instant')")
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=4)
    take_seat(narrow, server, table, 0, tokens[0], "cartographers")
    narrow.wait_for_selector(".sheet-frame svg.sheet .target")
    own = catalog(lang, "cartographers")["carto.where.own"]

    def draw(seat):
        legal = legal_notations(server, table, tokens[seat])
        drawing = next(a for a in legal if not a.startswith(("ambush", "pass")))
        act(server, table, tokens[seat], drawing)

    # Everyone draws the card at once; the others' drawings are shown once all have drawn.
    # Bea the last: her drawing is on her map, not on Ana's shown under the line.
    draw(0)
    draw(1)
    line = move_line(narrow, "Bea")
    assert line.endswith(own), line

    # Ana the last at the next card: her drawing is on the map shown, the line names no map.
    draw(1)
    draw(0)
    line = move_line(narrow, "Ana")
    assert own not in line and "Bea" not in line, line


AMBUSH_SEED = 7  # its first cards: drawings, then an ambush


def ambush_after_ana_drew(server):
    """A 3-player table where Ana's last drawing is the last move and the card now is an
    ambush: Bea and Cai draw first at each card, Ana last, until an ambush is revealed."""
    rng = seeded(AMBUSH_SEED)
    table, tokens = hot_seat_table(server, "cartographers", 3, seed=AMBUSH_SEED)
    drew = False
    for _ in range(60):
        state = view(server, table, tokens[0])
        if state["view"].get("step") == "ambush" and drew:
            return table, tokens, state
        for seat in (1, 2, 0):
            if seat in view(server, table)["to_act"]:
                legal = legal_notations(server, table, tokens[seat])
                act(server, table, tokens[seat], rng.choice(legal))
        drew = state["view"].get("step") != "ambush"
    raise AssertionError("no ambush came after a drawing")


# Whether the strip between "tap the same spot again" and the confirmation bar stuck to the
# foot of the screen is covered: each of its points' topmost element is the notes under the
# sheet or the bar, never the page under them.
STRIP_COVERED = """() => {
    const hint = document.querySelector('.confirm-hint').getBoundingClientRect();
    const bar = document.querySelector('.confirm-bar').getBoundingClientRect();
    if (hint.bottom > bar.top) return false;  // not brought above the bar yet
    for (let y = Math.ceil(hint.bottom) + 1; y < bar.top; y += 1)
        for (let x = hint.left + 4; x < hint.right; x += 20) {
            const e = document.elementFromPoint(x, y);
            if (e && !e.closest('.sheet-notes, .confirm-bar')) return false;
        }
    return true; }"""


@pytest.mark.parametrize("lang", LANGS)
def test_an_ambush_on_a_friend_s_map_is_told_on_that_map(browser, server, axe_source, lang):
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
        line = move_line(page, "Ana")
        assert "Ana" in line and line.endswith(words["carto.where.yours"]), line
        page.locator(".sheet-frame svg.sheet:not([data-stale]) .target").first.tap()
        page.wait_for_selector("#preview-text.legal")
        # The monster on the friend's map, named once; then what that map would score.
        told = page.inner_text("#preview-text")
        drawn, _, score = told.partition(" — ")
        assert drawn.endswith(words["carto.where.of"].replace("{name}", friend)), told
        assert score.startswith(words["carto.preview.score.of"].split("{edicts}")[0]), told
        assert told.count(friend) == 1, told
        page.wait_for_selector(".confirm-bar #confirm-action")
        page.wait_for_function(STRIP_COVERED)
        shot(page, f"carto-ambush-{lang}", full_page=False)
        faults = serious_violations(page, axe_source)
    finally:
        context.close()
    assert not faults, faults
    assert not errors, errors
