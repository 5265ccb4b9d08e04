"""A move drawn on another seat's map, watched on a phone. At a four-seat Cartographers
table a watched move (a friend's drawing on their own map, a monster put on a third seat's
map) was named above the person's own map and its map's tab dotted, but its cells were
only on that small map far down the page: the person did not see the move. Now, while the
move is shown, the map it was drawn on is in the frame where the person is looking, at
the frame's size, under its owner's name, the move's cells whole in it and clear of every
bar stuck to the screen; once the watching ends (the person's turn to draw the next card)
their own map is back, with its spots to draw on."""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest

from .helpers import (
    act,
    call,
    hot_seat_table,
    laptop_page,
    phone_page,
    take_seat,
    wait_settled,
)
from .helpers import view as table_view
from .test_game_night_phone import catalog

NAMES = ["Ana", "Bea", "Cai", "Dani"]

# In one look, once the move of event n is shown (the line above the map says it, the
# map in the frame drawn for it): the heading over the map, the cells marked on it, each
# mark's box, whether it is whole in the frame and topmost at its middle and its corners
# (nothing stuck to the screen over it), and the line's box.
LOOK = """(n) => {
    const line = document.getElementById('move-line');
    const board = document.querySelector('.sheet-frame svg.board.pace-step:not([data-stale])');
    const title = document.getElementById('sheet-title');
    if (!board || !title || !line || line.hidden || Number(line.dataset.n) !== n) return null;
    if (!document.getElementById('pace-skip')) return null;
    const frame = board.closest('.sheet-frame').getBoundingClientRect();
    const onMap = (x, y) => { const top = document.elementFromPoint(x, y);
        return Boolean(top) && top.closest('svg.board') === board; };
    const marks = [...board.querySelectorAll('[data-last-move]')].map((m) => {
        const r = m.getBoundingClientRect();
        const inFrame = r.left >= frame.left - 1 && r.right <= frame.right + 1
            && r.top >= frame.top - 1 && r.bottom <= frame.bottom + 1;
        const clear = [[(r.left + r.right) / 2, (r.top + r.bottom) / 2],
            [r.left + 3, r.top + 3], [r.right - 3, r.top + 3],
            [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]]
            .every(([x, y]) => onMap(x, y));
        return {cell: m.dataset.cell, width: Math.round(r.width), inFrame, clear};
    });
    return {heading: title.textContent, marks, text: line.textContent,
            line: line.getBoundingClientRect().toJSON(),
            targets: board.querySelectorAll('.target').length};
}"""


# Installed before the moves are shown: at each frame, the first whole look (`look`) at each
# move the line above the map says (window.__looks[n]). Waiting for each move in turn from
# here, a loaded machine's round trip let a move go by before its wait began.
def record(look):
    return f"""() => {{
    window.__looks = {{}};
    const tick = () => {{
        const line = document.getElementById('move-line');
        const n = line && Number(line.dataset.n);
        if (n && !window.__looks[n]) {{
            const seen = ({look})(n);
            if (seen) window.__looks[n] = seen;
        }}
        requestAnimationFrame(tick);
    }};
    tick();
}}"""


# In one look once the present is drawn: the heading over the map in the frame and how
# many spots to draw on it has.
PRESENT = """() => {
    const title = document.getElementById('sheet-title');
    const board = document.querySelector('.sheet-frame svg.board:not([data-stale])');
    return title && board && {heading: title.textContent,
        targets: board.querySelectorAll('.target').length};
}"""


# The table's screen drawn (in the look that finds the page settled): wait_settled alone
# counts a page that shows no table yet (still loading, its first state on its way) as
# settled, and on a loaded machine the moves that followed went by before the screen was
# there to show them, or the small map looked for was not there yet (CI: "Cannot read
# properties of null (reading 'scrollIntoView')").
AT_THE_TABLE = "() => Boolean(document.querySelector('.table-screen'))"


def four_friends(server, kind):
    """A four-seat table (Ana, Bea, Cai, Dani) at a card everyone draws at once, the next
    card one to draw on one's own map: seed 4's first card ("draws"), or seed 2's first, an
    ambush, each monster drawn on a neighbour's map ("ambush")."""
    table, tokens = hot_seat_table(server, "cartographers", 4, seed=4 if kind == "draws" else 2)
    state = table_view(server, table, tokens[0])
    assert state["view"].get("step") == ("draw" if kind == "draws" else "ambush"), state["view"]
    assert sorted(state["to_act"]) == [0, 1, 2, 3], state["to_act"]
    return table, tokens


def drawing_of(server, table, token, kind):
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=token)["actions"]
    wanted = [a for a in legal if (a["type"] == "ambush") == (kind == "ambush")]
    wanted = [a for a in wanted if a["type"] != "pass" and a["params"].get("cells")]
    # (the one lowest on its map: out of the frame's first screen, where it was left)
    return max(wanted, key=lambda a: (max(int(c[1:]) for c in a["params"]["cells"]), a["notation"]))


@pytest.mark.parametrize(
    "kind,lang,size",
    [
        ("draws", "pt-BR", (390, 844)),
        ("ambush", "ca", (390, 844)),
        ("draws", "en", (1280, 800)),
    ],
)
def test_a_move_drawn_on_another_map_is_shown_in_the_frame_while_it_is_watched(
    browser, server, kind, lang, size
):
    words = catalog(lang, "cartographers")
    mine, of = words["carto.sheet.yours"], words["carto.sheet.of"]
    table, tokens = four_friends(server, kind)
    if size[0] < 900:
        context, page, errors = phone_page(browser, *size)
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
    else:
        context, page, errors = laptop_page(browser, *size, lang)
    try:
        page.add_init_script("localStorage.setItem('bgbot.pace', 'slow')")
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        wait_settled(page, AT_THE_TABLE)
        # Ana draws first and waits; the others draw after her, Dani the last: their
        # drawings are shown to her one at a time.
        act(server, table, tokens[0], drawing_of(server, table, tokens[0], kind)["notation"])
        wait_settled(page, AT_THE_TABLE)
        page.evaluate(record(LOOK))
        drawn = {}
        for seat in (1, 2, 3):
            drawing = drawing_of(server, table, tokens[seat], kind)
            drawn[seat] = drawing
            act(server, table, tokens[seat], drawing["notation"])
        events = call(server, "GET", f"/api/tables/{table}/events")["events"]
        numbers = {
            e["seat"]: e["n"] for e in events if e["type"] == "action" and e["seat"] in (1, 2, 3)
        }
        looks = {
            seat: looked
            for seat, looked in zip(
                numbers,
                page.wait_for_function(
                    "ns => ns.every((n) => window.__looks[n]) && ns.map((n) => window.__looks[n])",
                    arg=list(numbers.values()),
                    timeout=60_000,
                ).json_value(),
            )
        }
        elsewhere = 0
        for seat, look in looks.items():
            drawing = drawn[seat]
            on = drawing["params"].get("sheet", seat)
            heading = mine if on == 0 else of.replace("{name}", NAMES[on])
            assert look["heading"] == heading, (seat, drawing["notation"], look)
            assert sorted(m["cell"] for m in look["marks"]) == sorted(drawing["params"]["cells"]), (
                seat,
                drawing,
                look,
            )
            # whole in the frame, under no bar, at a size one reads (a phone's cell ~45 px)
            assert all(m["inFrame"] and m["clear"] for m in look["marks"]), (seat, look)
            assert all(m["width"] >= 30 for m in look["marks"]), (seat, look)
            assert look["targets"] == 0, look  # looked at, not drawn on
            elsewhere += on != 0
        assert elsewhere >= 2, looks  # (more than one map brought to the frame)
        # The watching over, Ana is to draw the next card: her own map is back, to draw on.
        assert table_view(server, table, tokens[0])["your_turn"]
        back = wait_settled(
            page,
            f"() => {{ const seen = ({PRESENT})(); return seen && seen.targets ? seen : null; }}",
        )
        assert back["heading"] == mine, back
        assert not errors, errors
    finally:
        context.close()


# In one look once the move of event n is shown: the heading over the map in the frame and,
# for each of the other maps (small, beside), whether it is whole on the screen and the
# cells it marks as its last drawing.
SMALL_LOOK = """(n) => {
    const line = document.getElementById('move-line');
    const board = document.querySelector('.sheet-frame svg.board.pace-step:not([data-stale])');
    const title = document.getElementById('sheet-title');
    if (!board || !title || !line || Number(line.dataset.n) !== n) return null;
    if (!document.getElementById('pace-skip')) return null;
    const smalls = {};
    for (const figure of document.querySelectorAll('.other-sheet[data-seat]')) {
        const sheet = figure.querySelector('svg.sheet:not([data-stale])');
        if (!sheet) return null;
        const r = sheet.getBoundingClientRect();
        smalls[figure.dataset.seat] = {
            seen: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
            cells: [...sheet.querySelectorAll('[data-last-move]')].map((m) => m.dataset.cell)};
    }
    return {heading: title.textContent, smalls};
}"""


# In the look that finds the page settled at Ana's drawing: Bea's small map scrolled to
# (BLOCK: where on the screen), then THEN, the look's value. Found and scrolled to in a
# step of its own, the page could still be loading, with no small map.
SCROLLED_TO_BEA = """() => {
    const small = document.querySelector('.other-sheet[data-seat="1"] svg.sheet');
    if (!small) return null;
    small.scrollIntoView({block: 'BLOCK', behavior: 'instant'});
    THEN
}"""


@contextmanager
def ana_at_beas_map_on_a_laptop(browser, server, block, then="return true;"):
    """Four friends at a card drawn at once, Ana's laptop (1280×800, en, moves shown slowly)
    at the table, her drawing made, Bea's small map scrolled to (`block`) and `then` run in
    the look that finds the page settled there, each move's look (SMALL_LOOK) recorded from
    then on: yields (page, table, tokens, what `then` returned, the page's script errors)."""
    table, tokens = four_friends(server, "draws")
    context, page, errors = laptop_page(browser, 1280, 800, "en")
    try:
        page.add_init_script("localStorage.setItem('bgbot.pace', 'slow')")
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        wait_settled(page, AT_THE_TABLE)
        act(server, table, tokens[0], drawing_of(server, table, tokens[0], "draws")["notation"])
        looked = wait_settled(page, SCROLLED_TO_BEA.replace("BLOCK", block).replace("THEN", then))
        page.evaluate(record(SMALL_LOOK))
        yield page, table, tokens, looked, errors
    finally:
        context.close()


def the_others_draw(server, table, tokens):
    """Bea, Cai and Dani draw: their drawings, and their moves' event numbers, by seat."""
    drawn = {}
    for seat in (1, 2, 3):
        drawn[seat] = drawing_of(server, table, tokens[seat], "draws")
        act(server, table, tokens[seat], drawn[seat]["notation"])
    events = call(server, "GET", f"/api/tables/{table}/events")["events"]
    numbers = {e["seat"]: e["n"] for e in events if e["type"] == "action" and e["seat"] in drawn}
    return drawn, numbers


@pytest.mark.parametrize("block", ["center", "end"])
def test_on_a_laptop_a_small_map_in_sight_is_left_where_it_is(browser, server, block):
    """A laptop shows the other maps beside one's own: a friend who scrolled to Bea's sees
    her drawing there, and their own map stays in the frame; a map out of sight is brought
    to the frame as on a phone. Bea's map scrolled to the screen's foot ("end") stays whole
    in sight once her move is shown: the side's panels over it changed with the move (the
    next card's), and it went 22 px under the screen's foot, her drawing in its last rows."""
    words = catalog("en", "cartographers")
    mine, of = words["carto.sheet.yours"], words["carto.sheet.of"]
    with ana_at_beas_map_on_a_laptop(browser, server, block) as (page, table, tokens, _, errors):
        drawn, numbers = the_others_draw(server, table, tokens)
        looked = page.wait_for_function(
            "ns => ns.every((n) => window.__looks[n]) && ns.map((n) => window.__looks[n])",
            arg=list(numbers.values()),
            timeout=60_000,
        ).json_value()
    looks = dict(zip(numbers, looked))
    # Bea's drawing, on her small map in sight: seen there, Ana's map left in the frame.
    bea = looks[1]["smalls"].get("1")
    assert bea and bea["seen"], looks[1]
    assert sorted(bea["cells"]) == sorted(drawn[1]["params"]["cells"]), (looks[1], drawn[1])
    assert looks[1]["heading"] == mine, looks[1]
    for seat, look in looks.items():
        small = look["smalls"].get(str(seat))
        expected = mine if small and small["seen"] else of.replace("{name}", NAMES[seat])
        assert look["heading"] == expected, (seat, look)
    assert not errors, errors


# (in the look above) the page's notice shown at the screen's foot as an error's (ui.js
# notify, after a tap in the screen's lower half), and where it and Bea's map then lie.
NOTICE_AT_THE_FOOT = """
    const notice = document.getElementById('notice');
    notice.textContent = TEXT;
    notice.className = 'notice error at-foot';
    notice.hidden = false;
    return {small: small.getBoundingClientRect().toJSON(),
            notice: notice.getBoundingClientRect().toJSON(), height: innerHeight};"""


def test_on_a_laptop_a_small_map_under_a_notice_is_not_in_sight(browser, server):
    """A laptop, Ana scrolled to Bea's small map at the foot of the screen, a notice stuck
    to the foot lying over its lower rows (an error's notice stays until tapped): Bea's
    drawing is brought to the frame under her name, as from a map out of sight. Counted in
    sight (whole on the screen), her map was left there half under the notice."""
    words = catalog("en", "cartographers")
    notice = NOTICE_AT_THE_FOOT.replace("TEXT", json.dumps(catalog("en")["error.internal_error"]))
    with ana_at_beas_map_on_a_laptop(browser, server, "end", notice) as (
        page, table, tokens, boxes, errors,
    ):
        small, notice = boxes["small"], boxes["notice"]
        # (whole on the screen, its lower rows under the notice)
        assert small["top"] >= 0 and small["bottom"] <= boxes["height"], boxes
        assert notice["top"] < small["bottom"] and notice["left"] < small["right"], boxes
        assert notice["right"] > small["left"] and notice["bottom"] > small["top"], boxes
        _, numbers = the_others_draw(server, table, tokens)
        look = page.wait_for_function(
            "n => window.__looks[n]", arg=numbers[1], timeout=60_000
        ).json_value()
        assert look["heading"] == words["carto.sheet.of"].replace("{name}", "Bea"), look
        # (the notice still there: nothing took it away meanwhile)
        assert page.evaluate("!document.getElementById('notice').hidden")
    assert not errors, errors
