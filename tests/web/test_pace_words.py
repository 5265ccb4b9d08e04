"""The words over the foot of the screen while a friend's moves are shown one at a time.
At her last move shown they said "Showing Bea's moves · 0 more" ("faltam 0", "en queden
0"): a count of nothing, read by friends as something still to come. They say "Showing
Bea's latest move" then."""

from __future__ import annotations

import pytest

from .helpers import act, call
from .test_game_night_phone import LANGS, catalog
from .test_game_night_phone_words import ana_has_ended_her_first_turn


@pytest.mark.parametrize("lang", LANGS)
def test_the_last_move_shown_is_not_counted_as_zero_more(narrow, server, lang):
    table, tokens = ana_has_ended_her_first_turn(narrow, server, "normal", lang)
    narrow.wait_for_function("() => !document.querySelector('.pace-showing')")
    # Every different thing the words said while Bea's moves were shown.
    narrow.evaluate("""() => { window.__said = [];
        new MutationObserver(() => {
            const said = document.querySelector('.pace-showing')?.textContent;
            if (said && window.__said.at(-1) !== said) window.__said.push(said); })
        .observe(document.body, {childList: true, subtree: true, characterData: true}); }""")
    for _ in range(2):  # Bea's tile and a move, then the end of her turn
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[1])["actions"]
        act(server, table, tokens[1], next(a["notation"] for a in legal if a["notation"] != "end"))
    act(server, table, tokens[1], "end")
    narrow.wait_for_selector(".pace-showing")
    narrow.wait_for_function("() => !document.querySelector('.pace-showing')", timeout=30_000)
    said = narrow.evaluate("window.__said")
    latest = catalog(lang)["pace.showing.last"].replace("{name}", "Bea")
    assert said and said[-1] == latest, said
    assert not any(text.rstrip().endswith(" 0") for text in said), said
