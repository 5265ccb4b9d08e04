"""A friend's monster drawn on my map, watched on a phone (390×844): while the move is
shown, its cells are in sight whole, in the map's frame and clear of every bar stuck to
the screen. CI's whole-game watch (tests/web/test_watching_a_whole_game.py) caught the
bot's monster low on Ana's map half out of the frame, a season's notice standing at the
foot over where the rest was; the frame had been left where it was, since one cell's
middle was in it. Here the map is put where each fault happened, by hand, before Bea
draws: her monster cut by the frame's foot, or under the bar "Skip to the present" that
stands at the screen's foot while her move is shown."""

from __future__ import annotations

import pytest

from .helpers import (
    act,
    call,
    hot_seat_table,
    phone_page,
    play_randomly,
    seeded,
    take_seat,
    wait_settled,
)
from .helpers import view as table_view

# The map's frame put so that the cells `cells` lie where `how` says, before Bea draws
# there (across, in the middle of the frame): "cut", the frame's foot between their first
# row and the next (that row in the frame, the rest out of it); "under the bar", the page
# scrolled down to the frame's foot, the cells at the frame's foot: where the bar comes.
PLACE = """([how, cells]) => {
    const frame = document.querySelector('.sheet-frame');
    const svg = frame.querySelector('svg.board:not([data-stale])');
    const boxes = () => cells.map((c) =>
        svg.querySelector(`[data-cell="${c}"]`).getBoundingClientRect());
    const f = () => frame.getBoundingClientRect();
    const span = () => { const b = boxes(); return {top: Math.min(...b.map((r) => r.top)),
        bottom: Math.max(...b.map((r) => r.bottom)), left: Math.min(...b.map((r) => r.left)),
        right: Math.max(...b.map((r) => r.right)),
        firstFoot: Math.min(...b.map((r) => r.bottom))}; };
    const across = (span().left + span().right - f().left - f().right) / 2;
    frame.scrollBy({left: across, behavior: 'instant'});
    if (how === 'cut') {
        scrollBy({top: f().bottom - 700, behavior: 'instant'});
        frame.scrollBy({top: span().firstFoot - f().bottom, behavior: 'instant'});
    } else {
        scrollBy({top: f().bottom - (innerHeight - 6), behavior: 'instant'});
        frame.scrollBy({top: span().bottom - (f().bottom - 3), behavior: 'instant'});
    }
    return {frame: [f().top, f().bottom, f().left, f().right], cells: span(), page: scrollY};
}"""


# In one look, once Bea's move (event n) is shown: each of its marks on my map, where its
# middle is, whether its frame shows it there, and what is topmost there (the mark, or
# tag#id.class of what lies over it).
LOOK = """() => {
    const line = document.getElementById('move-line');
    const board = document.querySelector('.sheet-frame svg.board:not([data-stale])');
    const n = Number(line?.dataset.n);
    // (from the frame the move's own picture is first in view, marked pace-step, on)
    if (board?.classList.contains('pace-step')) window.stepDrawn[n] = true;
    if (!board || line.hidden || !window.stepDrawn[n]) return null;
    const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
        + [...e.classList].map((c) => '.' + c).join('');
    const frame = board.closest('.sheet-frame').getBoundingClientRect();
    const marks = [...board.querySelectorAll('[data-last-move]')].map((m) => {
        const r = m.getBoundingClientRect();
        const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        const top = document.elementFromPoint(x, y);
        const inFrame = y > frame.top && y < frame.bottom && x > frame.left && x < frame.right;
        const onMap = top && top.closest('svg.board') === board;
        return {cell: m.dataset.cell, y: Math.round(y), inFrame,
                topmost: onMap ? 'the map' : top ? name(top) : null};
    });
    const words = line.getBoundingClientRect();
    const said = document.elementFromPoint(words.left + 20, (words.top + words.bottom) / 2);
    return {n, text: line.textContent, words: line.contains(said), marks,
            pacing: Boolean(document.querySelector('.table-head > .pace'))};
}"""

#: Every frame's look while a move is shown (`LOOK`), recorded from before the move is made:
#: a redraw during the move's moment made a fresh map without the step's mark, and a test
#: that began to look after the first frames (it asks the server first) waited in vain.
RECORD = (
    "() => { window.stepDrawn = {}; window.looks = [];"
    " const tick = () => { const look = (" + LOOK + ")();"
    " if (look && look.pacing) window.looks.push(look); requestAnimationFrame(tick); }; tick(); }"
)


# (a phone 720 px tall: the page at its top, the frame's foot lies where the bar comes)
@pytest.mark.parametrize("how,height", [("cut", 844), ("under the bar", 720)])
def test_a_monster_drawn_on_my_map_is_shown_whole_and_clear_of_the_bars(
    browser, server, how, height
):
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=1)
    state = play_randomly(
        server, table, tokens, seeded(1), until=lambda state: state["view"].get("step") == "ambush"
    )
    assert state["view"].get("step") == "ambush" and sorted(state["to_act"]) == [0, 1], state[
        "to_act"
    ]
    context, page, errors = phone_page(browser, 390, height)
    try:
        page.add_init_script("localStorage.setItem('bgbot.lang', 'pt-BR')")
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        wait_settled(page)
        # Ana draws her monster on Bea's map first, and waits.
        ana = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])["actions"]
        act(server, table, tokens[0], ana[0]["notation"])
        wait_settled(page)
        assert "ambush" in table_view(server, table, tokens[1])["view"].get("step", "")
        # Bea's: the lowest on Ana's map of those over two rows or more, not at its last row
        # (the frame can still pan to show it).
        bea = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[1])["actions"]
        rows = lambda action: {int(cell[1:]) for cell in action["params"]["cells"]}  # noqa: E731
        over_rows = [
            a for a in bea if a["type"] == "ambush" and len(rows(a)) > 1 and max(rows(a)) < 11
        ]
        drawing = max(over_rows, key=lambda a: (max(rows(a)), a["notation"]))
        placed = page.evaluate(PLACE, [how, drawing["params"]["cells"]])
        cells, frame = placed["cells"], placed["frame"]
        assert frame[2] <= cells["left"] and cells["right"] <= frame[3], placed
        if how == "cut":  # (the first row in the frame, the next out of it)
            assert (
                cells["top"] < frame[1] < cells["bottom"] and cells["firstFoot"] <= frame[1] + 1
            ), placed
        else:  # (in the frame, its foot where the bar at the screen's foot will stand)
            assert height - 60 < cells["bottom"] <= frame[1] + 1, placed
        page.evaluate(RECORD)
        act(server, table, tokens[1], drawing["notation"])
        events = call(server, "GET", f"/api/tables/{table}/events")["events"]
        n = max(e["n"] for e in events if e["type"] == "action" and e["seat"] == 1)
        # (every frame while Bea's move is shown, the bar at the foot: until it is no more)
        page.wait_for_function(
            "(n) => window.looks.some((l) => l.n === n)"
            " && !document.querySelector('.table-head > .pace')",
            arg=n,
            timeout=30_000,
        )
        looks = [look for look in page.evaluate("window.looks") if look["n"] == n]
        for look in looks:
            marked = sorted(m["cell"] for m in look["marks"])
            assert marked == sorted(drawing["params"]["cells"]), (look, drawing)
            assert all(m["inFrame"] and m["topmost"] == "the map" for m in look["marks"]), (
                look,
                placed,
            )
            assert look["words"], look  # and the line above the map that says it still in sight
        assert not errors, errors
    finally:
        context.close()
