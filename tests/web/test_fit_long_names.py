"""Four friends with long names at a Tikal table: every player's points, workers, leader,
camps and guards in sight without a sideways scroll, on a phone held either way, a tablet
and a laptop, in the three languages. With "Joaquim Puigdomènech Vilaseca" and three more
the players' table was wider than its place: on a phone on its side (601 to 700 px) Camps
and Guards were behind a scroll, and beside a laptop's board the last player's column."""

from __future__ import annotations

import pytest

from .helpers import hot_seat_table, phone_page, play_randomly, seeded, take_seat

NAMES = [
    "Maria Fernanda Oliveira",
    "Joaquim Puigdomènech Vilaseca",
    "Bartholomew Higginbotham",
    "Anastácia Conceição",
]
# A phone (360), a phone on its side (640×360, 740×360), a tablet (800), a small laptop
# (1024), a laptop (1280), and a window from 901 to 960 px, where the side column (300 px)
# is narrower than four turned columns of values ("reserva") beside the counts' names
# (319 px in 300 at 901 in pt-BR): there the players are cards, as under the board, and
# turned from 961 (docs/rendering.md).
WIDTHS = [360, 640, 740, 800, 901, 930, 960, 961, 1024, 1280]

CUT = """() => {
    const table = document.querySelector('table.players');
    const scroller = table.closest('.scroll');
    // Every cell of every player inside the screen and inside the table's own box.
    const outside = [...table.querySelectorAll('tbody th, tbody td')].filter(cell => {
        const r = cell.getBoundingClientRect();
        const frame = scroller.getBoundingClientRect();
        return r.width === 0 || r.left < Math.max(0, frame.left) - 0.5
            || r.right > Math.min(innerWidth, frame.right) + 0.5;
    }).map(cell => cell.dataset.label || cell.textContent.trim());
    return {scrolls: scroller.scrollWidth > scroller.clientWidth + 0.5,
            page: document.documentElement.scrollWidth, outside};
}"""


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_four_long_names_leave_every_players_counts_in_sight(browser, server, lang):
    table, tokens = hot_seat_table(server, "tikal", len(NAMES), seed=3, names=NAMES)
    # A few turns in: the leader on the map, camps built (values of every width).
    state = play_randomly(
        server,
        table,
        tokens,
        seeded(1),
        until=lambda state: (
            len(state["view"]["board"]) >= 10 and state["view"].get("phase") == "place"
        ),
    )
    seat = state["to_act"][0]
    context, page, errors = phone_page(browser, 360, 740)
    try:
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
        take_seat(page, server, table, seat, tokens[seat], "tikal")
        page.wait_for_selector("table.players tbody th")
        for width in WIDTHS:
            height = 360 if width in (640, 740) else 800
            page.set_viewport_size({"width": width, "height": height})
            # Beside the board from 901 px, under it below (tikal.js follows the query).
            place = ".side" if width >= 901 else ".tikal-main"
            page.wait_for_selector(f"{place} table.players tbody th")
            page.wait_for_timeout(200)
            assert page.locator("table.players tbody tr").count() == 4
            found = page.evaluate(CUT)
            assert not found["scrolls"] and not found["outside"], (width, found)
            assert found["page"] <= width, (width, found)
        assert not errors, errors
    finally:
        context.close()
