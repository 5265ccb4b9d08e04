"""A whole Tikal game played on a 390×844 phone in Catalan ended with "S'ha col·locat
l'última peça: la puntuació final comença amb Ana (tu)." lying over the result: the last
turns were played within the notice's 6 s, and it told of a moment already past. Once the
result is shown, such a notice is gone; an error would stay."""

from __future__ import annotations

from .helpers import hot_seat_table, phone_page, play_randomly, seeded, take_seat, view
from .test_game_night_phone import catalog


def test_the_final_scoring_s_notice_is_gone_when_the_result_comes(browser, server):
    table, tokens = hot_seat_table(server, "tikal", 3, seed=11, names=("Ana", "Berta", "Cai"))
    rng = seeded(3)
    # Up to the last tile, drawn and not yet placed: its placing begins the final scoring.
    state = play_randomly(
        server,
        table,
        tokens,
        rng,
        until=lambda s: not s["view"]["stack"]["size"] and s["view"]["drawn"],
    )
    assert state["table"]["status"] == "playing" and not state["view"].get("round"), state["view"]
    context, page, errors = phone_page(browser, 390, 844)
    try:
        page.add_init_script(
            "localStorage.setItem('bgbot.lang', 'ca');"
            " localStorage.setItem('bgbot.pace', 'instant')"
        )
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.wait_for_selector("svg.board:not([data-stale])")
        line = catalog("ca", "tikal")["log.round.final.line"].split("{name}")[0]
        # The tile placed (and the first moves of the final round): the moment told.
        play_randomly(server, table, tokens, rng, until=lambda s: s["view"].get("round") == "final")
        page.wait_for_function(
            "line => { const n = document.getElementById('notice');"
            " return !n.hidden && n.textContent.startsWith(line); }",
            arg=line,
        )
        play_randomly(server, table, tokens, rng)  # the final round, to the end
        assert view(server, table)["table"]["status"] == "over"
        # In one look: the result on the page, and no notice of the past over it.
        seen = page.wait_for_function(
            """() => document.querySelector('.panel.summary')
                && { hidden: document.getElementById('notice').hidden,
                     text: document.getElementById('notice').textContent }"""
        ).json_value()
        assert seen["hidden"], seen
        assert not errors, errors
    finally:
        context.close()
