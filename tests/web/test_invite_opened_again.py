"""The invitation opened again by someone already at the table: a friend who closed the tab
and tapped the link in the chat again to get back, or the host trying the link they sent.
The page asked for a name and "Take my seat" took a second seat at the table (or said
"This invitation is unknown or its table is full" once it was full). It goes back to
their own seat."""

from __future__ import annotations

import re

from .helpers import call, open_lobby, phone_page


def test_an_invitation_opened_again_goes_back_to_ones_seat(browser, server):
    host_context, host, host_errors = phone_page(browser, 360, 740)
    friend_context, friend, friend_errors = phone_page(browser, 360, 740)
    try:
        open_lobby(host, server, "pt-BR")
        host.click("#game-tikal")
        host.fill("#players", "3")
        host.press("#players", "Tab")
        host.select_option("#seat-1", "friend")
        host.select_option("#seat-2", "friend")
        host.click("#create-button")
        host.wait_for_selector("#invite-link")
        link = host.input_value("#invite-link")
        table = host.url.rsplit("/", 1)[-1]

        friend.goto(link)
        friend.fill("#join-name", "Bea")
        friend.press("#join-name", "Enter")
        friend.wait_for_url(re.compile(re.escape(f"#/table/{table}") + "$"))
        friend.goto(f"{server}/")  # away, then back through the link
        friend.wait_for_selector("#create-button")
        friend.goto(link)
        friend.wait_for_url(re.compile(re.escape(f"#/table/{table}") + "$"))
        host.goto(link)  # the host tries the link sent
        host.wait_for_url(re.compile(re.escape(f"#/table/{table}") + "$"))
        host.wait_for_selector("#invite-link")
        friend.wait_for_selector(".seat-list")
        assert call(server, "GET", f"/api/tables/{table}")["open_seats"] == [2]
        assert friend.evaluate("JSON.parse(localStorage.getItem('bgbot.seats'))"
                               f"[{table!r}].seat") == 1
    finally:
        host_context.close()
        friend_context.close()
    assert not host_errors and not friend_errors, (host_errors, friend_errors)
