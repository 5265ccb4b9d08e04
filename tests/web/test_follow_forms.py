"""The new-table form keeps what people type: changing the player count (or any option)
never redraws the fields someone is typing in, and the name typed becomes the seat's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .helpers import call, open_lobby, phone_page, take_seat, unfold_tools


def focused_id(page) -> str:
    return page.evaluate("document.activeElement?.id || ''")


def seat_names(server, page) -> list[str]:
    page.wait_for_url(re.compile(r"#/table/"))
    table = page.url.rsplit("/", 1)[-1]
    return [seat["name"] for seat in call(server, "GET", f"/api/tables/{table}")["seats"]]


def test_a_name_typed_survives_changing_the_player_count_and_names_the_seat(page, server):
    open_lobby(page, server, "pt-BR")
    page.click("#game-tikal")
    page.click("#my-name")
    page.keyboard.type("Ana")
    # the same element must stay in the page: mark it and look for the mark afterwards
    page.evaluate("document.getElementById('my-name').dataset.mark = 'typed-in'")
    # the number changes from the keyboard; leaving the field (Tab) settles it and lands
    # in the name field, where the person goes on typing
    page.fill("#players", "2")
    page.press("#players", "Tab")
    assert page.locator(".seat-row:not(.all)").count() == 2
    assert focused_id(page) == "my-name"
    page.keyboard.press("End")  # a field reached by Tab has its text selected
    page.keyboard.type(" Maria")
    assert page.input_value("#my-name") == "Ana Maria"
    assert page.get_attribute("#my-name", "data-mark") == "typed-in"
    # typing a count and clicking straight into the name field works the same way
    page.fill("#players", "3")
    page.click("#my-name")
    assert page.locator(".seat-row:not(.all)").count() == 3
    assert focused_id(page) == "my-name"
    page.keyboard.press("End")
    page.keyboard.type(" Souza")
    # other choices (a variant, a seat, another game and back) leave the name alone
    page.click("#variant-auction")
    page.select_option("#seat-1", "random")
    page.select_option("#seat-2", "random")
    page.click("#game-cartographers")
    page.click("#game-tikal")
    page.fill("#players", "3")
    page.press("#players", "Tab")
    page.select_option("#seat-1", "random")
    page.select_option("#seat-2", "random")
    assert page.input_value("#my-name") == "Ana Maria Souza"
    assert page.get_attribute("#my-name", "data-mark") == "typed-in"
    page.click("#create-button")
    assert seat_names(server, page)[0] == "Ana Maria Souza"


def test_typing_a_count_redraws_the_seats_but_not_the_field_being_typed_in(page, server):
    open_lobby(page, server)
    page.click("#game-cartographers")  # 1 to many players: "1" on the way to "12" is a count
    page.click("#players")
    page.keyboard.press("Control+A")
    page.keyboard.type("1")
    assert page.locator(".seat-row:not(.all)").count() == 1
    page.keyboard.type("2")
    assert focused_id(page) == "players"
    assert page.input_value("#players") == "12"
    assert page.locator(".seat-row:not(.all)").count() == 12
    # a count out of range is settled when the field is left
    page.fill("#players", "150")
    page.press("#players", "Tab")
    high = page.get_attribute("#players", "max")
    assert page.input_value("#players") == high
    assert page.locator(".seat-row:not(.all)").count() == int(high)
    # one seat: no "every other seat" row, and nothing in its place
    page.fill("#players", "1")
    page.press("#players", "Tab")
    assert page.locator(".seat-row").count() == 1
    assert "null" not in page.inner_text("fieldset.seats")
    assert page.is_visible("text=1 player = the solo game")


def test_no_name_typed_stores_none_and_each_viewer_names_the_seat_in_their_language(
        browser, server):
    """The lobby sends no name unless one was typed (the form only suggests one): the seat
    is stored unnamed, and each face calls it in its viewer's language, as a player ("Seat
    1" read like a chair). In the waiting room a person names themself, the others see it
    at once; only the host starts early (a friend's "Start now" started it for everyone),
    the others read whom they wait for, and when the host leaves the next seated hosts."""
    from .conftest import shot
    from .helpers import phone_page

    host_context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    guest_context, guest, guest_errors = phone_page(browser, 360, 740)
    try:
        host = host_context.new_page()
        open_lobby(host, server, "pt-BR")
        host.evaluate("localStorage.removeItem('bgbot.name')")
        host.click("#game-tikal")
        host.fill("#players", "3")
        host.press("#players", "Tab")
        host.fill("#my-name", "")
        host.select_option("#seat-1", "friend")
        host.select_option("#seat-2", "friend")
        # a suggestion, not a value: what the seat will be called in this language
        assert host.input_value("#my-name") == ""
        assert host.get_attribute("#my-name", "placeholder") == "Jogador 1"
        host.click("#create-button")
        assert seat_names(server, host) == ["", "", ""]
        host.wait_for_selector("#invite-link")
        assert "Jogador 1 (você)" in host.inner_text(".seat-list")
        assert host.is_visible('[data-key="start"]')
        link = host.input_value("#invite-link")
        open_lobby(guest, server, "ca")
        guest.goto(link)
        guest.fill("#join-name", "Bea")
        guest.click("#join-button")
        guest.wait_for_selector(".seat-list")
        # the creator's seat in the guest's language; only the host starts
        assert "Jugador 1" in guest.inner_text(".seat-list")
        assert "Jogador" not in guest.inner_text(".seat-list")
        assert guest.inner_text(".wait-host") == "Esperant que Jugador 1 comenci la partida."
        assert not guest.locator('[data-key="start"]').count()
        assert guest.evaluate("document.scrollingElement.scrollWidth") <= 360
        shot(guest, "waiting-room-friend-360")

        # The host names themself from the waiting room: the guest sees it live.
        assert host.get_attribute("#wait-name", "placeholder") == "Jogador 1"
        host.fill("#wait-name", "Ana")
        host.press("#wait-name", "Enter")
        guest.wait_for_function(
            "document.querySelector('.wait-host')?.innerText"
            " === 'Esperant que Ana comenci la partida.'")
        assert "Ana" in guest.inner_text(".seat-list")
        assert seat_names(server, host) == ["Ana", "Bea", ""]

        # The host leaves: Bea hosts now, is told so, and starts the game.
        host.click('[data-key="leave"]')
        host.wait_for_selector("#create-button")
        guest.wait_for_selector(".host-now")
        assert guest.inner_text(".host-now") == (
            "Ana ha marxat i ara l'amfitrió ets tu: tu comences la partida.")
        assert not guest.locator(".wait-host").count()
        shot(guest, "waiting-room-new-host-360")
        guest.tap('[data-key="start"]')
        guest.wait_for_selector(".tikal-board")
        assert seat_names(server, guest)[1] == "Bea"
    finally:
        host_context.close()
        guest_context.close()
    assert not guest_errors, guest_errors


CATALOGUES = Path(__file__).resolve().parents[2] / "src/boardgamesbot/web/static/i18n"

# The name field's value and the notice's words, once the field is full (40 characters).
FULL_AND_TOLD = """([field, told]) => { const input = document.getElementById(field);
    const notice = document.getElementById('notice');
    return input?.value.length === 40 && !notice.hidden && notice.textContent === told; }"""


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_name_past_forty_characters_is_told_the_limit_not_cut_silently(page, server, lang):
    """The name fields held 40 characters and let no more in without a word: a longer name
    typed lost its end, and the person learnt it only by reading the field again. They are
    told the limit in their language, in the words of the server's refusal (bad_name):
    typed in the lobby, pasted at an invitation."""
    told = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))["error.bad_name"]
    assert "40" in told
    open_lobby(page, server, lang)
    page.click("#game-tikal")
    page.fill("#my-name", "")
    page.locator("#my-name").press_sequentially("Maria " * 7 + "Fim")
    page.wait_for_function(FULL_AND_TOLD, arg=["my-name", told])
    created = call(server, "POST", "/api/tables", {
        "game": "tikal", "seats": [{"kind": "person", "name": "Ana"}, {"kind": "open"}]})
    page.goto(f"{server}/#/join/{created['invite']}/tikal")
    page.wait_for_selector("#join-name")
    page.fill("#join-name", "")
    page.wait_for_selector("#notice", state="hidden")  # the words seen next are the paste's
    page.focus("#join-name")
    page.keyboard.insert_text("Bea " * 11)  # as a paste or a phone's keyboard gives it
    page.wait_for_function(FULL_AND_TOLD, arg=["join-name", told])


def test_the_keyboards_go_in_the_name_field_takes_the_seat_at_an_invitation(browser, server):
    """A friend opening an invitation on a phone types her name and taps the keyboard's
    Go (Enter): nothing happened, the name field was no form; the seat is now hers."""
    from .helpers import phone_page

    created = call(server, "POST", "/api/tables", {
        "game": "tikal", "seats": [{"kind": "person", "name": "Ana"}, {"kind": "open"}]})
    context, guest, errors = phone_page(browser, 360, 740)
    try:
        open_lobby(guest, server, "pt-BR")
        guest.goto(f"{server}/#/join/{created['invite']}/tikal")
        guest.wait_for_selector("#join-name")
        guest.fill("#join-name", "Bea")
        guest.press("#join-name", "Enter")
        assert seat_names(server, guest) == ["Ana", "Bea"]
        guest.wait_for_selector(".tikal-board")
    finally:
        context.close()
    assert not errors, errors


def test_a_friend_renames_their_seat_during_the_game_and_the_others_see_it_live(browser, server):
    """Bea sat down unnamed ("Jugador 2" on her phone, in Catalan) and gives her name once
    the game has begun, from "More": Ana's laptop (in Portuguese) reads at once who she
    is, in the log and wherever the seat is named; the same form as the waiting room's."""
    created = call(server, "POST", "/api/tables", {
        "game": "tikal", "options": {}, "seed": 1,
        "seats": [{"kind": "person", "name": "Ana"}, {"kind": "person"}]})
    table = created["table"]["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    anas = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    beas, bea, bea_errors = phone_page(browser, 360, 740)
    try:
        ana = anas.new_page()
        for page, seat, lang in [(ana, 0, "pt-BR"), (bea, 1, "ca")]:
            page.goto(f"{server}/")
            page.evaluate(f"localStorage.setItem('bgbot.lang', '{lang}')")
            take_seat(page, server, table, seat, tokens[seat], "tikal")
            page.wait_for_selector(".tikal-board")
        unfold_tools(bea)
        bea.click('[data-key="rename"]')
        assert bea.get_attribute("#seat-name", "placeholder") == "Jugador 2"
        assert bea.evaluate("document.activeElement.id") == "seat-name"
        bea.fill("#seat-name", "  Bea ")
        bea.press("#seat-name", "Enter")
        # (one look once the board's picture, fetched anew with the name, is drawn too: on a
        # loaded machine the log told the rename while the old picture still named the seat)
        told = ana.wait_for_function("""() => {
            const log = document.querySelector('#log')?.textContent || '';
            const seats = document.querySelector('.table-screen').textContent;
            return log.includes('agora se chama')
                && !seats.replace('Jogador 2 agora se chama Bea.', '').includes('Jogador 2')
                && { log, seats }; }""").json_value()
        assert "Jogador 2 agora se chama Bea." in told["log"]
        assert "Bea" in told["seats"].replace("Jogador 2 agora se chama Bea.", "")
        mine = bea.wait_for_function("""() => {
            const log = document.querySelector('#log')?.textContent || '';
            return log.includes('ara es diu') && { log,
                button: !!document.querySelector('[data-key="rename"]'),
                form: !!document.querySelector('#seat-name') }; }""").json_value()
        assert "Jugador 2 ara es diu Bea." in mine["log"]
        assert mine["button"] and not mine["form"]  # saved: the form folds back to its button
        assert [s["name"] for s in call(server, "GET", f"/api/tables/{table}")["seats"]] == [
            "Ana", "Bea"]
        assert bea.evaluate("document.scrollingElement.scrollWidth") <= 360
    finally:
        anas.close()
        beas.close()
    assert not bea_errors, bea_errors
