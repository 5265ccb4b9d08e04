"""Refusals before questions (issue 30): in Cartographers an illegal spot is refused the
moment it is chosen, with its reason, and never offered for confirmation first; a legal
one still asks ("Ask before moves that cannot be taken back" is on)."""

from __future__ import annotations

from .helpers import hot_seat_table, take_seat

MAIN = 'svg.sheet[data-key="sheet"]:not([data-stale])'


def test_an_illegal_cell_is_refused_at_once_without_a_confirmation(page, server):
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector(f"{MAIN} .target")
    assert page.is_checked("#confirm-setting")
    page.click(f'{MAIN} [data-cell="D2"]')  # a mountain
    page.wait_for_selector(".notice.error")
    assert "mountains" in page.inner_text(".notice.error")
    page.wait_for_selector("#preview-text.illegal")
    assert "mountains" in page.inner_text("#preview-text")
    assert page.locator(".confirm-bar").count() == 0
    # The sheet is as it was, and a legal spot still asks first.
    assert (
        "empty" in (page.get_attribute(f'{MAIN} [data-cell="D2"]', "class") or "")
        or page.get_attribute(f'{MAIN} [data-cell="D2"]', "role") is None
    )
    legal = page.get_attribute(f"{MAIN} .target", "data-cell")
    page.click(f'{MAIN} [data-cell="{legal}"]')
    page.wait_for_selector(".confirm-bar #confirm-action")


def test_an_illegal_cell_chosen_while_a_drawing_awaits_confirmation_drops_the_question(
    page, server
):
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector(f"{MAIN} .target")
    legal = page.get_attribute(f"{MAIN} .target", "data-cell")
    page.click(f'{MAIN} [data-cell="{legal}"]')
    page.wait_for_selector(".confirm-bar")
    page.click(f'{MAIN} [data-cell="D2"]', force=True)
    page.wait_for_selector(".notice.error")
    assert page.locator(".confirm-bar").count() == 0
