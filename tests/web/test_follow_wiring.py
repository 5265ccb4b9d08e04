"""The words where the table shows them: buttons ask for an action, confirmations ask a
question, a solo game ends with its rating and title (no "Winner:"), and the live solo
rating says how it is counted."""

from __future__ import annotations

from .helpers import hot_seat_table, play_randomly, seeded, take_seat


def test_a_solo_game_ends_with_the_rating_and_its_title_and_the_rating_is_explained(page, server):
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector("#solo-rating")
    explained = page.get_attribute("#solo-rating", "title")
    assert "minus the solo numbers" in explained and "title" in explained
    assert explained in page.inner_text("#solo-rating")  # also heard by a screen reader
    play_randomly(server, table, tokens, seeded(2))
    page.wait_for_selector("#solo-result")
    assert page.locator(".summary .winners").count() == 0
    result = page.inner_text("#solo-result")
    assert result.startswith("Solo rating ") and ": " in result
    assert result.split(": ", 1)[1].strip(), "the title is named"
