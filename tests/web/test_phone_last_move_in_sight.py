"""A phone on its side (740×360): at the start of the person's turn the page brings the
board's targets up under the status line stuck to the top, and the line above the board
that says the last move in words ("Last move — Cai: ends the turn") went off the top of
the screen with them; ending a turn is a move the board cannot mark, so the move that
gave the person the turn was nowhere in sight. The line sticks under the status line."""

from __future__ import annotations

import pytest

from .helpers import (
    act,
    call,
    hot_seat_table,
    legal_notations,
    phone_page,
    play_randomly,
    seeded,
    take_seat,
)
from .test_game_night_phone import LANGS, catalog

SEEN = """() => {
    const status = document.getElementById('status-line').getBoundingClientRect();
    const line = document.getElementById('move-line');
    const r = line.getBoundingClientRect();
    const x = r.left + Math.min(r.width / 2, 100), y = (r.top + r.bottom) / 2;
    return {text: line.textContent, top: r.top, bottom: r.bottom, under: status.bottom,
            onTop: line.contains(document.elementFromPoint(x, y)), scrolled: scrollY};
}"""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,players", [("tikal", 3), ("cartographers", 2)])
def test_the_last_move_in_words_stays_in_sight_on_a_phone_on_its_side(
    browser, server, lang, game, players
):
    table, tokens = hot_seat_table(server, game, players, seed=3)
    rng = seeded(2)
    play_randomly(server, table, tokens, rng, limit=12)
    play_randomly(server, table, tokens, rng, until=lambda state: 0 in state["to_act"])
    context, page, errors = phone_page(browser, 740, 360)
    try:
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
        take_seat(page, server, table, 0, tokens[0], game)
        page.wait_for_selector("svg.board:not([data-stale]) .target")
        page.wait_for_selector(".panel.decision.yours")
        page.wait_for_timeout(500)
        seen = page.evaluate(SEEN)
        # "Last move — …" in the page's language, said by the line the page keeps for it
        said = catalog(lang)["board.last_move.by"].split("{name}")[0].strip()
        assert seen["text"].startswith(said), seen
        assert seen["scrolled"] > 0, seen  # the page did bring the board up
        assert seen["top"] >= seen["under"] - 0.5 and seen["bottom"] <= 360, seen
        assert seen["onTop"], seen
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_a_turn_with_nothing_to_tap_on_the_board_still_shows_the_board(browser, server, lang):
    """Tikal, a turn of actions with no figure on the map yet: nothing on the board to tap
    until a worker is brought in from the panel, so the page did not scroll at the turn's
    start, and on a phone on its side the board lay wholly under the turn panel."""
    table, tokens = hot_seat_table(server, "tikal", 3, seed=3)
    rng = seeded(2)
    play_randomly(server, table, tokens, rng, limit=12)
    state = play_randomly(server, table, tokens, rng, until=lambda state: (
        0 in state["to_act"] and state["view"].get("phase") == "actions"))
    assert state["view"].get("phase") == "actions"
    context, page, errors = phone_page(browser, 740, 360)
    try:
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.wait_for_selector(".panel.decision.yours #ap-left")
        page.wait_for_selector("svg.board:not([data-stale])")
        page.wait_for_timeout(500)
        # Nothing to tap there but where a figure comes in (a tap brings one in: tikal.js
        # spaceChoices); before, not even that, and the page did not scroll.
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])["actions"]
        entries = {a["params"]["space"] for a in legal if a["type"] == "enter"}
        tapped = set(page.eval_on_selector_all(
            "svg.board .target", "els => els.map(e => e.dataset.space)"))
        assert tapped <= entries | {a["params"].get("space") for a in legal}, (tapped, entries)
        assert not any(a["type"] == "move" for a in legal)  # no figure on the map yet
        seen = page.evaluate("""() => {
            const board = document.querySelector('svg.board').getBoundingClientRect();
            const panel = document.querySelector('.panel.decision.yours').getBoundingClientRect();
            const line = document.getElementById('move-line').getBoundingClientRect();
            return {board: board.top, panel: panel.top, line: line.bottom};
        }""")
        # a good part of the board between the lines at the top and the panel
        assert seen["panel"] - max(seen["board"], seen["line"]) >= 120, seen
        assert not errors, errors
    finally:
        context.close()


# The last move's red (style.css's and tikal.css's #d0021b, glow or ring) on a screenshot.
def red_pixels(png: bytes) -> int:
    from io import BytesIO

    from PIL import Image

    data = Image.open(BytesIO(png)).convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3)
               if data[i] > 170 and data[i + 1] < 70 and data[i + 2] < 90)


def test_a_friend_s_tile_is_marked_unmistakably_on_a_phone(phone, server):
    """Tikal at 390×844: Bea's tile, just placed, was outlined by a 2-3 px red glow half
    under the neighbouring tiles — at a glance at the phone the move was not found. Its
    space is ringed in red wide enough to see: red all round it, 3 px thick at least."""
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    act(server, table, tokens[0], "place A4")
    act(server, table, tokens[0], "end")
    take_seat(phone, server, table, 0, tokens[0], "tikal")
    phone.wait_for_selector("svg.tikal-board:not([data-stale])")
    space = next(n.split()[1] for n in legal_notations(server, table, tokens[1])
                 if n.startswith("place ") and len(n.split()) == 2)
    act(server, table, tokens[1], f"place {space}")
    hex_box = phone.wait_for_function("""space => {
        const svg = document.querySelector('svg.tikal-board:not([data-stale])');
        const g = svg?.querySelector(`.space.last-move[data-space="${space}"]`);
        if (!g || document.getAnimations().some(a => a.playState === 'running')) return null;
        const r = g.querySelector('polygon').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight ? {x: r.left, y: r.top,
            width: r.width, height: r.height} : null; }""", arg=space).json_value()
    red = red_pixels(phone.screenshot(clip=hex_box))
    side = hex_box["width"] / 2  # a flat-topped hex: its side is half its width
    assert red >= 6 * side * 3, (red, side)  # (27 px of red before, at a side of 31 px)
