"""A season scored on a phone (390×844): its headline ("Spring scoring: you scored 7 ★ …")
was told over the page at its top for up to 6 s, on the status line stuck there, the
line that says whose turn it is and what to do. The headline stands under the line: both
are read at once, whole."""

from __future__ import annotations

import pytest

from boardgamesbot.engine import load_game

from .helpers import act, hot_seat_table, phone_page, seeded, take_seat, view
from .test_game_night_phone import LANGS, SHEET_TARGETS, catalog

# Once the notice says `told`: the status line and the notice, each whole on the screen,
# and the points of the line where something else is the topmost element (none: in sight).
BOTH_IN_SIGHT = """told => { const notice = document.getElementById('notice');
    const line = document.getElementById('status-line');
    if (notice.hidden || notice.textContent !== told || !line) return null;
    const [l, n] = [line.getBoundingClientRect(), notice.getBoundingClientRect()];
    const covered = [];
    for (let y = l.top + 2; y < l.bottom - 1; y += 4)
        for (let x = l.left + 4; x < l.right - 2; x += 12) {
            const e = document.elementFromPoint(x, y);
            if (!e || !line.contains(e)) covered.push([x, y, e?.id || e?.tagName || null]);
        }
    return {line: [l.top, l.bottom], notice: [n.top, n.bottom], covered: covered.slice(0, 5),
            whole: n.top >= 0 && n.bottom <= innerHeight && l.top >= 0}; }"""


def before_the_season_ends(server, seed=3):
    """A solo Cartographers table played at random (the engine's own copy: seed + actions)
    up to the drawing that ends the first season: the table and its tokens."""
    state = load_game("cartographers").new(num_players=1, seed=seed)
    rng = seeded(seed)
    played = []
    while True:
        move = rng.choice([str(action) for action in state.legal_actions(0)])
        trial = state.clone()
        trial.apply(0, move)
        if trial.view(0)["players"][0]["seasons"]:
            break
        played.append(move)
        state.apply(0, move)
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=seed)
    for move in played:
        act(server, table, tokens[0], move)
    return table, tokens


@pytest.mark.parametrize("lang", LANGS)
def test_a_season_s_headline_leaves_the_status_line_in_sight(browser, server, lang):
    context, page, errors = phone_page(browser, 390, 844)
    page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
    try:
        table, tokens = before_the_season_ends(server)
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        # The drawing that ends the season, by taps: a spot on the map, then Confirm at the
        # foot of the screen (the notice then stands at the top, away from the thumb).
        page.locator(SHEET_TARGETS).first.tap()
        page.locator("#confirm-action").tap()
        page.wait_for_function("() => !document.getElementById('notice').hidden")
        me = view(server, table, tokens[0])["view"]["players"][0]
        words = catalog(lang, "cartographers")
        told = words["log.season.yours"].format(
            season=words[f"carto.season.{me['seasons'][0]['season']}"],
            n=me["seasons"][0]["total"],
            stars=me["stars"],
        )
        seen = page.wait_for_function(BOTH_IN_SIGHT, arg=told).json_value()
    finally:
        context.close()
    assert seen["whole"] and not seen["covered"], seen
    assert not errors, errors
