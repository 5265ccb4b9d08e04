"""The log speaks: a role="log" live region hears each action as it arrives (history
already in the log when the page opens is not read out again)."""

from __future__ import annotations

from .helpers import call, hot_seat_table, play_randomly, seeded, take_seat

SPOKEN = "#log-announcer p"


def spoken(page) -> list[str]:
    return page.locator(SPOKEN).all_inner_texts()


def test_each_new_action_is_announced_in_a_log_region_and_history_is_not(page, server):
    table, tokens = hot_seat_table(server, "tikal", 2, seed=5)
    rng = seeded(4)
    played = 0

    def some(state):
        nonlocal played
        played += 1
        return played > 6

    play_randomly(server, table, tokens, rng, until=some)
    take_seat(page, server, table, 0, tokens[0], "tikal")
    page.wait_for_selector("#log .log-group")
    page.wait_for_timeout(300)  # time for any (wrong) announcement of the history
    assert spoken(page) == []
    # another player's moves arrive while the page is open: each one is heard
    for expected in (1, 2, 3):
        state = call(server, "GET", f"/api/tables/{table}/view")
        seat = state["to_act"][0]
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[seat])
        action = rng.choice(legal["actions"])["notation"]
        call(server, "POST", f"/api/tables/{table}/actions",
             {"action": action, "state_id": legal["state_id"]}, tokens[seat])
        page.wait_for_function("n => document.querySelectorAll('#log-announcer p').length >= n",
                               arg=expected)
    region = page.locator("#log-announcer")
    assert region.get_attribute("role") == "log"
    assert region.get_attribute("aria-live") == "polite"
    assert region.get_attribute("aria-label") == "What happened"
    lines = spoken(page)
    assert len(lines) >= 3 and all(line.startswith(("Ana: ", "Bea: ")) for line in lines[:1])
    # what is heard is what the visible log shows
    page.evaluate("document.querySelectorAll('#log details').forEach(d => d.open = true)")
    visible = page.inner_text("#log")
    assert all(line in visible for line in lines)
