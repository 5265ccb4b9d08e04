"""A page following a game whose moves arrive at API speed (computers, or people playing
fast, with "moves shown at once") keeps up with it: the page's work for a burst of moves
(layouts and style recalculations, read from Chromium's CDP Performance metrics) stays
that of one redraw, as small late in the game as early, and the final page shows the final
state. Before, every message (each move's events, then its state) redrew the whole screen
and laid it out; the layout of a page growing with the game (the log, the board) came to
cost more than the time between moves, and the page fell seconds, then tens of seconds,
behind."""

from __future__ import annotations

import pytest

from .helpers import call, hot_seat_table, laptop_page, phone_page, seeded, view

BURST = 20  # moves posted while the page is busy: they reach it together

# The page's main thread held for a moment, so that the messages of the moves posted
# meanwhile are waiting together when it is free again (as when moves come faster than
# the page draws).
HOLD = """ms => { setTimeout(() => {
  const end = performance.now() + ms;
  while (performance.now() < end) {}
}, 0); }"""
# Two frames: whatever was waiting to be drawn is drawn.
FRAMES = ("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame("
          "() => setTimeout(r, 50))))")


def counts(cdp):
    values = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return values["LayoutCount"], values["RecalcStyleCount"]


def play(server, table, tokens, rng, moves):
    """Up to `moves` random legal moves, posted as fast as the API takes them; how many."""
    for done in range(moves):
        state = view(server, table)
        if state["table"]["status"] != "playing":
            return done
        seat = state["to_act"][0]
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[seat])
        action = rng.choice(legal["actions"])["notation"]
        call(server, "POST", f"/api/tables/{table}/actions",
             {"action": action, "state_id": legal["state_id"]}, tokens[seat])
    return moves


def burst(page, cdp, server, table, tokens, rng):
    """The page's layouts and style recalculations for BURST moves reaching it at once."""
    page.evaluate(FRAMES)
    layouts, styles = counts(cdp)
    page.evaluate(HOLD, 5000)
    played = play(server, table, tokens, rng, BURST)
    page.evaluate(FRAMES)  # run once the page is free again
    page.wait_for_load_state()
    page.evaluate(FRAMES)
    after = counts(cdp)
    return played, after[0] - layouts, after[1] - styles


@pytest.mark.parametrize("game,between,screen", [
    ("tikal", 30, "phone"), ("cartographers", 1, "phone"), ("tikal", 30, "laptop")])
def test_a_game_at_api_speed_costs_the_page_one_redraw_per_burst_late_as_early(
        browser, server, game, between, screen):
    context, page, errors = (phone_page(browser) if screen == "phone"
                             else laptop_page(browser, 1366, 768, "en"))
    try:
        page.goto(f"{server}/")
        page.evaluate("localStorage.setItem('bgbot.pace', 'instant')")  # "moves shown at once"
        table, tokens = hot_seat_table(server, game, 2, seed=3)
        page.goto(f"{server}/#/table/{table}")  # following it: every move is another's
        page.wait_for_selector(".board-area svg.board:not([data-stale])")
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        rng = seeded(7)
        bursts = []
        while view(server, table)["table"]["status"] == "playing":
            played, layouts, styles = burst(page, cdp, server, table, tokens, rng)
            if played == BURST and view(server, table)["table"]["status"] == "playing":
                bursts.append((layouts, styles))
            play(server, table, tokens, rng, between)  # the game goes on between bursts
        assert len(bursts) >= 2
        # A burst of moves is drawn at most once a frame, not once per message (a move's
        # events, its state, its picture: two to three layouts a move before): fewer layouts
        # than moves, early, halfway and at the end of the game alike.
        for layouts, styles in bursts:
            assert layouts < BURST and styles < BURST, bursts
        third = max(1, len(bursts) // 3)
        early = sum(b[0] for b in bursts[:third]) / third
        late = sum(b[0] for b in bursts[-third:]) / third
        assert late <= 2 * early + 5, bursts
        # The final page shows the final state: the result, every seat's score in it.
        result = view(server, table)["table"]["result"]
        page.wait_for_selector(".panel.summary .final-scores li")
        assert page.locator(".panel.summary .final-scores li").count() == len(result["scores"])
        assert page.locator("#status-line").inner_text() == "Game over"
        assert not errors
    finally:
        context.close()


def test_a_move_builds_again_only_the_log_s_groups_it_changed(browser, server):
    """Each drawing built the whole log again: late in a game, 80 groups of lines made
    anew for a move that adds one line to the newest. The groups a move leaves as they
    were are the same nodes after it (counted: the nodes of the log's groups made anew)."""
    context, page, errors = phone_page(browser)
    try:
        page.goto(f"{server}/")
        page.evaluate("localStorage.setItem('bgbot.pace', 'instant')")
        table, tokens = hot_seat_table(server, "tikal", 2, seed=3)
        page.goto(f"{server}/#/table/{table}")  # following it: every move is another's
        rng = seeded(7)
        play(server, table, tokens, rng, 40)
        in_log = "n => document.querySelectorAll('#log li.log-action').length === n"
        page.wait_for_function(in_log, arg=view(server, table)["table"]["actions"])
        page.evaluate(FRAMES)
        groups = page.evaluate("""() => [...document.querySelectorAll('#log > li')]
            .map(li => { li.dataset.drawnBefore = ''; }).length""")
        assert groups >= 5, groups
        play(server, table, tokens, rng, 1)
        page.wait_for_function(in_log, arg=view(server, table)["table"]["actions"])
        page.evaluate(FRAMES)  # its state and picture drawn too
        made = page.evaluate("""() => [...document.querySelectorAll('#log > li')]
            .filter(li => !('drawnBefore' in li.dataset)).length""")
        # The newest group (the move's line) and at most the one before it (its fold).
        assert 1 <= made <= 2, (made, groups)
        assert not errors
    finally:
        context.close()
