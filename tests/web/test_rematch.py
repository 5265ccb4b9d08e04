"""A rematch on a game night: whoever taps "Rematch" under the result starts the same
game again, and the friend still looking at the finished table is told there and joins
in their own seat with one tap (only the creator's browser offered a rematch, and the
friend's page never heard of it)."""

from __future__ import annotations

import re

from .helpers import call, hot_seat_table, laptop_page, phone_page, play_randomly, seeded, take_seat

TOLD = """() => {
    const line = document.querySelector('.summary .rematch-line');
    const button = line?.querySelector('[data-key="rematch"]');
    return line && line.textContent.includes('Ana') && button
        ? {line: line.textContent, button: button.textContent, tag: button.tagName} : null;
}"""


def test_a_friend_at_the_finished_table_is_told_of_the_rematch_and_joins_it(browser, server):
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=5)
    play_randomly(server, table, tokens, seeded(3))
    host_context, host, host_errors = laptop_page(browser, 1280, 900, "en")
    friend_context, friend, friend_errors = phone_page(browser, 360, 740)
    friend.add_init_script("localStorage.setItem('bgbot.lang', 'pt-BR')")
    try:
        take_seat(host, server, table, 0, tokens[0], "cartographers")
        take_seat(friend, server, table, 1, tokens[1], "cartographers")
        # Before anyone asks, each person at the table may start it.
        host.wait_for_selector('.summary [data-key="rematch"]')
        friend.wait_for_selector('.summary [data-key="rematch"]')
        host.click('.summary [data-key="rematch"]')
        host.wait_for_url(re.compile(r"#/table/(?!" + re.escape(table) + r"$)"))
        rematch = host.url.rsplit("/", 1)[-1]
        host.wait_for_selector("#invite-link")  # the waiting room, for a friend to join

        # The friend's finished page, never reloaded, says who started it and offers it.
        told = friend.wait_for_function(TOLD).json_value()
        assert "Ana começou uma revanche." in told["line"], told
        assert told["button"] == "Entrar na revanche" and told["tag"] == "BUTTON", told
        friend.click('.summary [data-key="rematch"]')
        friend.wait_for_url(re.compile(re.escape(f"#/table/{rematch}") + "$"))
        # Everyone is seated: the rematch starts, the friend in their own seat.
        friend.wait_for_selector("svg.sheet")
        host.wait_for_selector("svg.sheet")
        summary = call(server, "GET", f"/api/tables/{rematch}")
        assert summary["status"] == "playing"
        assert [(s["kind"], s["name"]) for s in summary["seats"]] == [("person", "Ana"),
                                                                      ("person", "Bea")]
        assert friend.evaluate("JSON.parse(localStorage.getItem('bgbot.seats'))"
                               f"[{rematch!r}].seat") == 1
        # Back on the finished table, the way is "Go to the rematch".
        friend.goto(f"{server}/#/table/{table}")
        went = friend.wait_for_function("""() => {
            const b = document.querySelector('.summary [data-key="rematch"]');
            return b && b.tagName === 'A' ? b.textContent : null; }""").json_value()
        assert went == "Ir para a revanche"
    finally:
        host_context.close()
        friend_context.close()
    assert not host_errors and not friend_errors, (host_errors, friend_errors)


def test_a_friend_late_for_the_rematch_watches_it(browser, server):
    """Ana's rematch started without Bea (Ana filled her seat with the computer): Bea's
    "Join the rematch" was refused with "This table has already started." and left her on
    the finished table. She is told and taken to watch it."""
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=5)
    play_randomly(server, table, tokens, seeded(3))
    rematch = call(server, "POST", f"/api/tables/{table}/rematch", token=tokens[0])
    call(server, "POST", f"/api/tables/{rematch['table']['id']}/start", {"fill": "easy"},
         token=rematch["token"])
    context, friend, errors = laptop_page(browser, 1280, 900, "ca")
    try:
        take_seat(friend, server, table, 1, tokens[1], "cartographers")
        friend.click('.summary [data-key="rematch"]')
        friend.wait_for_url(re.compile(re.escape(f"#/table/{rematch['table']['id']}") + "$"))
        said = friend.wait_for_function(
            "() => !document.getElementById('notice').hidden"
            " && document.getElementById('notice').textContent").json_value()
        assert said == "La revenja ha començat sense tu: l'estàs mirant."
        friend.wait_for_selector("svg.sheet")
    finally:
        context.close()
    assert not errors, errors
