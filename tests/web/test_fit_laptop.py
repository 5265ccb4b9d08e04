"""A Tikal table on a laptop, as friends follow a game on Board Game Arena: at the start of
a turn a few turns into a four-seat game, the whole explored map is inside the board's
visible frame (zoomed to what is explored, not to a corner of it), and the players' panel
(points, workers, camps, guards) and the turn panel are on the screen beside it, with no
scrolling. Found at 1280×800, where the board was zoomed in on about columns A–F and the
players' panel sat below the board, out of sight."""

from __future__ import annotations

import pytest

from .conftest import serious_violations
from .helpers import (
    hot_seat_table,
    laptop_page,
    play_first_legal,
    play_randomly,
    seeded,
    take_seat,
)

LAPTOPS = [(1280, 800), (1440, 900), (1024, 768)]
BOARD = "svg.tikal-board:not([data-stale])"
# Tiles on the map before the person's turn: the start's four and a few turns' more.
EXPLORED = 12


def a_few_turns_in(page, server, seed):
    """A four-seat hot-seat table played at random until EXPLORED tiles lie on the map,
    opened by the person whose turn it then is, at the start of that turn."""
    table, tokens = hot_seat_table(server, "tikal", 4, seed=seed)
    state = play_randomly(
        server,
        table,
        tokens,
        seeded(seed),
        until=lambda state: (
            len(state["view"]["board"]) >= EXPLORED and state["view"].get("phase") == "place"
        ),
    )
    seat = state["to_act"][0]
    take_seat(page, server, table, seat, tokens[seat], "tikal")
    page.wait_for_selector(f"{BOARD} [role=button][data-target]")
    # The fit happens once the picture is drawn: let the layout settle a frame.
    page.wait_for_timeout(300)
    return len(state["view"]["board"])


def outside_the_frame(page):
    """The explored spaces whose box is not inside the part of the board that is seen:
    the board's frame, cut by the viewport."""
    return page.evaluate(
        """sel => {
        const svg = document.querySelector(sel);
        const f = svg.closest('.zoom-frame').getBoundingClientRect();
        const s = svg.getBoundingClientRect();
        const seen = {left: Math.max(0, f.left, s.left), top: Math.max(0, f.top, s.top),
            right: Math.min(innerWidth, f.right, s.right),
            bottom: Math.min(innerHeight, f.bottom, s.bottom)};
        return [...svg.querySelectorAll('.space[data-space]:not(.unexplored)')].filter(g => {
            const r = g.querySelector('polygon').getBoundingClientRect();
            return r.left < seen.left - 0.5 || r.top < seen.top - 0.5
                || r.right > seen.right + 0.5 || r.bottom > seen.bottom + 0.5;
        }).map(g => g.dataset.space);
    }""",
        BOARD,
    )


def box(page, selector):
    return page.evaluate(
        """sel => { const el = document.querySelector(sel);
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return {top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left),
                right: Math.round(r.right)}; }""",
        selector,
    )


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("size", LAPTOPS, ids=[f"{w}x{h}" for w, h in LAPTOPS])
def test_the_explored_map_and_the_players_are_in_one_laptop_screen(browser, server, size, lang):
    width, height = size
    context, page, errors = laptop_page(browser, width, height, lang)
    try:
        explored = a_few_turns_in(page, server, seed=3)
        assert page.evaluate("document.documentElement.lang") == lang
        assert explored >= EXPLORED
        outside = outside_the_frame(page)
        assert not outside, (
            f"explored spaces out of the board's visible frame at {width}×{height}: {outside}"
        )
        for name, selector in (
            ("players' panel", "section.players-panel"),
            ("turn panel", "section.panel.turn"),
        ):
            found = box(page, selector)
            assert found, f"no {name}"
            assert (
                found["top"] >= 0
                and found["bottom"] <= height
                and found["left"] >= 0
                and found["right"] <= width
            ), f"the {name} is not in the {width}×{height} screen: {found}"
        # Beside the board, not under it.
        board, players = box(page, ".zoom-frame"), box(page, "section.players-panel")
        assert players["left"] >= board["right"], (
            f"the players' panel is not beside the board: {players} {board}"
        )
        # The players' table is read whole in its column: no column cut off to scroll to.
        assert page.evaluate("""() => { const s = document.querySelector('.players-panel .scroll');
            return s.scrollWidth <= s.clientWidth; }"""), "the players' table is cut in its column"
        assert not errors, errors
    finally:
        context.close()


def test_the_players_table_follows_a_window_resized_across_the_side_column(browser, server):
    """Below 901 px the side's panels join the page's column and the table goes back under
    the board (a phone's and a tablet's place for it); widened again, it is beside the board."""
    context, page, errors = laptop_page(browser, 1280, 800, "en")
    try:
        a_few_turns_in(page, server, seed=3)
        page.wait_for_selector(".side .players-panel")
        page.set_viewport_size({"width": 800, "height": 800})
        page.wait_for_selector(".tikal-main .players-panel")
        assert page.locator(".players-panel").count() == 1
        page.set_viewport_size({"width": 1280, "height": 800})
        page.wait_for_selector(".side .players-panel")
        assert page.locator(".players-panel").count() == 1
        assert not errors, errors
    finally:
        context.close()


BROKEN_WORDS = """() => [...document.querySelectorAll('.players-panel tbody th')].flatMap(th => {
    // Each word of a player's name (and of "(you)") laid out on one line: a word whose
    // range has boxes on two lines was cut inside it.
    const broken = [];
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.data.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
            if (tops.size > 1) broken.push(match[0]);
        }
    }
    return broken;
})"""


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("width", [901, 930, 960])
def test_players_names_wrap_between_words_beside_a_narrow_board(browser, server, width, lang):
    """Between 901 and 960 px the side column is at its narrowest beside the board: four
    players' names there were cut inside a word ("Ana (você" over ")"). A name now wraps
    only between its words, and the table still fits its column."""
    context, page, errors = laptop_page(browser, width, 800, lang)
    try:
        a_few_turns_in(page, server, seed=3)
        page.wait_for_selector(".side .players-panel tbody th")
        assert page.locator(".players-panel tbody th").count() == 4
        assert page.evaluate(BROKEN_WORDS) == [], f"a name cut inside a word at {width} px"
        assert page.evaluate("""() => { const s = document.querySelector('.players-panel .scroll');
            return s.scrollWidth <= s.clientWidth; }"""), "the players' table is cut in its column"
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_page_does_not_jump_at_the_start_of_the_persons_turn(browser, server, lang):
    """At 1280×800 the page scrolled ~135 px when the person's turn began: the board, held
    to "100vh - 5rem" under a head of two toolbar rows, went below the fold, and the turn's
    targets were scrolled up into view. The board is now held to the screen under the head,
    so the turn starts where the person was looking: no scroll, and every target and the
    turn panel in the first screen."""
    width, height = 1280, 800
    context, page, errors = laptop_page(browser, width, height, lang)
    try:
        table, tokens = hot_seat_table(server, "tikal", 4, seed=3)
        rng = seeded(3)
        play_randomly(
            server,
            table,
            tokens,
            rng,
            until=lambda state: (
                len(state["view"]["board"]) >= EXPLORED and 0 not in state["to_act"]
            ),
        )
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.wait_for_selector(f"{BOARD}")
        page.wait_for_timeout(300)
        assert page.evaluate("scrollY") == 0
        play_randomly(server, table, tokens, rng, until=lambda state: 0 in state["to_act"])
        page.wait_for_selector("section.panel.turn.yours >> nth=0")
        page.wait_for_selector(f"{BOARD} [role=button][data-target]")
        page.wait_for_timeout(300)
        assert page.evaluate("scrollY") == 0, "the page scrolled at the start of the turn"
        outside = page.evaluate(
            """sel => [...document.querySelectorAll(sel + ' .target')]
            .filter(g => { const r = g.getBoundingClientRect();
                return r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth; })
            .map(g => g.dataset.space)""",
            BOARD,
        )
        assert not outside, f"targets below the fold at the start of the turn: {outside}"
        turn = box(page, "section.panel.turn")
        assert turn["top"] >= 0 and turn["bottom"] <= height, turn
        assert not errors, errors
    finally:
        context.close()


def ax_roles(page):
    """Roles and names of the players' table in Chromium's accessibility tree (CDP)."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    cdp.detach()
    by_id = {node["nodeId"]: node for node in nodes}
    table = next(
        n
        for n in nodes
        if n.get("role", {}).get("value") == "table"
        and "Players" in n.get("name", {}).get("value", "")
    )

    def walk(node, found):
        role = node.get("role", {}).get("value")
        if role in ("row", "rowheader", "columnheader", "cell"):
            found.append((role, node.get("name", {}).get("value", "").strip()))
        for child in node.get("childIds", []):
            if child in by_id:
                walk(by_id[child], found)
        return found

    return walk(table, [])


@pytest.mark.parametrize("width", [1280, 961, 930])
def test_the_turned_players_table_reads_as_a_table(browser, server, axe_source, width):
    """On a laptop the players' table is laid out turned (a player to a column, tikal.css;
    from 961 px, the narrowest width it is turned at; at 930 it is the cards, in the side),
    with grid and display: contents, which can cost a table its semantics. It keeps them:
    named by its heading, a row per player headed by the name, a column per count headed by
    its name, the cells in the table's order; axe finds nothing serious on the page; no
    focus stop inside it (nothing there to act on)."""
    context, page, errors = laptop_page(browser, width, 800, "en")
    try:
        a_few_turns_in(page, server, seed=3)
        page.wait_for_selector(".side .players-panel tbody th")
        roles = ax_roles(page)
        heads = [name for role, name in roles if role == "columnheader"]
        assert len(heads) == 7 and heads[0] == "Player", heads
        players = [name for role, name in roles if role == "rowheader"]
        assert players[1:] == ["Bea", "Cai", "Dani"] and players[0].startswith("Ana"), players
        assert [role for role, _ in roles].count("cell") == 4 * 6, roles
        assert (
            page.evaluate("""() => [...document.querySelectorAll('.players-panel table *')]
            .filter(e => e.tabIndex >= 0 && !e.closest('svg')).length""")
            == 0
        )
        assert serious_violations(page, axe_source) == []
        assert not errors, errors
    finally:
        context.close()


def test_the_board_keeps_its_size_under_an_open_what_can_i_do(browser, server):
    """The board is held to the screen under the table's head, not under whatever is open
    between them: with "What can I do?" open above it, it was drawn 320 px tall."""
    context, page, errors = laptop_page(browser, 1280, 800, "en")
    try:
        a_few_turns_in(page, server, seed=3)
        height = page.evaluate(f"document.querySelector('{BOARD}').getBoundingClientRect().height")
        page.click('[data-key="help"]')
        page.wait_for_selector(".help-panel .legal-list")
        page.wait_for_timeout(300)
        opened = page.evaluate(f"document.querySelector('{BOARD}').getBoundingClientRect().height")
        assert abs(opened - height) < 1, (height, opened)
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1366, 768), (1280, 800)], ids=["1366x768", "1280x800"])
def test_the_map_is_whole_at_each_new_card_without_a_scroll(browser, server, size):
    """Cartographers on a laptop: your map went below the fold under the table's head, and
    the page scrolled at each new card to bring its bottom rows up (48 px at 1366×768).
    The map is held to the screen under the head: no scroll, the whole map in view."""
    width, height = size
    context, page, errors = laptop_page(browser, width, height, "en")
    try:
        table, tokens = hot_seat_table(server, "cartographers", 2, seed=5)
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector("svg.sheet .target")
        page.wait_for_timeout(300)
        for card in range(2):
            assert page.evaluate("scrollY") == 0, f"the page scrolled at card {card}"
            sheet = box(page, ".board-area svg.sheet")
            assert sheet["top"] >= 0 and sheet["bottom"] <= height, (card, sheet)
            for seat in (1, 0):
                play_first_legal(server, table, tokens[seat])
            page.wait_for_selector("#status-line.yours")  # the next card, drawn
            page.wait_for_timeout(600)
        assert not errors, errors
    finally:
        context.close()
