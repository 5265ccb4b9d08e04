"""A game night, session 41: the lobby's Create form did nothing on Enter (the phone
keyboard's Go), and the invitation link on a phone could only be copied — to send it to
friends the host copied it, left for the chat app and pasted it. A Share button beside
the link opens the phone's share sheet, or copies the link where there is none."""

from __future__ import annotations

import pytest

from .helpers import open_lobby, phone_page
from .test_follow_forms import seat_names
from .test_game_night_phone import LANGS, catalog

# The phone's share sheet, stood in for: what the page asked it to share.
SHARE_SHEET = """Object.defineProperty(navigator, 'share', { configurable: true,
    value: async (data) => { window.sharedInvite = data; } });"""
NO_SHARE_SHEET = "delete Navigator.prototype.share; delete navigator.share;"


@pytest.mark.parametrize("lang", LANGS)
def test_enter_in_the_create_form_makes_the_table(page, server, lang):
    open_lobby(page, server, lang)
    page.click("#game-tikal")
    page.fill("#my-name", "Ana")
    page.press("#my-name", "Enter")
    assert seat_names(server, page)[0] == "Ana"


def test_enter_in_the_player_count_makes_the_table_of_that_count(page, server):
    """Enter right after typing the count: the table has the count typed (its change is
    taken before the form is sent), not the one shown before."""
    open_lobby(page, server)
    page.click("#game-tikal")
    page.fill("#players", "2")
    page.press("#players", "Enter")
    assert len(seat_names(server, page)) == 2


def waiting_with_a_friend_invited(page, server, lang):
    """A two-seat table made in the lobby with the second seat for a friend: its waiting room."""
    open_lobby(page, server, lang)
    page.click("#game-tikal")
    page.fill("#players", "2")
    page.press("#players", "Tab")
    page.select_option("#seat-1", "friend")
    page.click("#create-button")
    page.wait_for_selector("#invite-link")
    return page.input_value("#invite-link")


@pytest.mark.parametrize("lang", LANGS)
def test_share_on_a_phone_hands_the_invitation_to_its_share_sheet(browser, server, lang):
    context, phone, errors = phone_page(browser, 360, 740)
    try:
        context.add_init_script(SHARE_SHEET)
        link = waiting_with_a_friend_invited(phone, server, lang)
        share = phone.locator('[data-key="share"]')
        assert share.inner_text() == catalog(lang)["wait.share"]
        box, width = share.bounding_box(), phone.viewport_size["width"]
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box  # beside the link, on screen
        share.click()
        shared = phone.wait_for_function("() => window.sharedInvite").json_value()
        assert shared["url"] == link
        game = phone.inner_text("h1")
        assert shared["text"] == catalog(lang)["wait.share.text"].replace("{game}", game)
    finally:
        context.close()
    assert not errors, errors


@pytest.mark.parametrize("lang", LANGS)
def test_share_where_the_phone_has_no_share_sheet_copies_the_link_and_says_so(browser, server,
                                                                              lang):
    context, phone, errors = phone_page(browser, 360, 740)
    try:
        context.add_init_script(NO_SHARE_SHEET)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
        link = waiting_with_a_friend_invited(phone, server, lang)
        phone.click('[data-key="share"]')
        copied = catalog(lang)["wait.copied"]
        phone.wait_for_function(
            "said => document.getElementById('notice').textContent === said", arg=copied)
        assert phone.evaluate("() => navigator.clipboard.readText()") == link
    finally:
        context.close()
    assert not errors, errors
