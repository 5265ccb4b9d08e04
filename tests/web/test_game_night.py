"""A game night on a phone (issue-less faults found by playing with a touch screen at
390×844 and at desktop size, in every language): what a person on a phone reads and
can reach."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardgamesbot.help import LANGUAGES

from .helpers import (
    ANDROID,
    call,
    cartographers_after_a_season,
    hot_seat_table,
    open_lobby,
    play_randomly,
    seeded,
    take_seat,
)

GAMES = Path(__file__).resolve().parents[2] / "src" / "boardgamesbot" / "games"
# (the `phone` fixture is conftest's; a guest's phone here keeps no locale of its own)
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "user_agent": ANDROID}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def words(game: str, lang: str) -> dict:
    return json.loads((GAMES / game / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def tikal_turn(page, server, lang):
    open_lobby(page, server, lang)
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    take_seat(page, server, table, 0, tokens[0], "tikal")
    page.wait_for_selector(".space.target")
    return page.locator(".space.target").count()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_phone_is_told_to_tap_not_to_click_or_press_tab(phone, server, lang):
    count = tikal_turn(phone, server, lang)
    said = phone.inner_text("main")
    expected = words("tikal", lang)["tikal.place.pick@touch"]["other"].replace("{n}", str(count))
    assert expected in said
    click = words("tikal", lang)["tikal.place.pick"]["other"].replace("{n}", str(count))
    assert click not in said and "Tab" not in said


def test_a_mouse_is_still_told_to_click(page, server):
    count = tikal_turn(page, server, "en")
    told = f"Click one of the {count} highlighted spaces (or Tab to it and press Enter)."
    assert told in page.inner_text("main")


SEEN = """sel => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const x = r.left + Math.min(r.width / 2, 20), y = r.top + r.height / 2;
    if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
    const top = document.elementFromPoint(x, y);
    return Boolean(top && (el === top || el.contains(top)));
}"""


def test_a_suggested_move_asked_for_on_a_phone_is_brought_into_view(phone, server):
    """On a phone the hints panel is drawn below the board and the players: the answer to
    "Suggest a move" is scrolled to where it can be read (not under the turn sheet)."""
    tikal_turn(phone, server, "en")
    phone.locator(".space.target").first.tap()
    phone.tap("#place-confirm")
    phone.wait_for_selector("#end-turn")
    phone.evaluate("window.scrollTo(0, 0)")
    phone.tap("#hint-button")
    phone.wait_for_selector("#hints-panel ol.hints")
    assert phone.evaluate(SEEN, '#hints-panel [data-key="hint-0"]')


def test_the_replay_step_buttons_are_drawn_not_written_in_glyphs_fonts_may_lack(phone, server):
    """⏮ and ⏭ are in no font Debian's Chromium or many phones have: they showed as empty
    boxes. Each step button shows a drawn mark and no text but its spoken name."""
    table, tokens = hot_seat_table(server, "tikal", 2, seed=9)
    play_randomly(server, table, tokens, seeded(4))  # a replay is of a finished game
    phone.goto(f"{server}/#/replay/{table}")
    phone.wait_for_selector("#replay-step")
    for key in ("first", "prev", "next", "last"):
        button = f'.replay-controls [data-key="{key}"]'
        shown = phone.evaluate("""sel => {
            const button = document.querySelector(sel);
            const copy = button.cloneNode(true);
            copy.querySelectorAll('.sr-only').forEach((e) => e.remove());
            const mark = button.querySelector('svg.step-mark').getBoundingClientRect();
            return {text: copy.textContent.trim(), width: mark.width, height: mark.height};
        }""", button)
        assert shown["text"] == "" and shown["width"] >= 12 and shown["height"] >= 12, (key, shown)
    # still the same steps
    phone.tap('.replay-controls [data-key="first"]')
    assert phone.input_value("#replay-step") == "0"
    phone.tap('.replay-controls [data-key="last"]')
    assert phone.input_value("#replay-step") == phone.get_attribute("#replay-step", "max")


def test_an_invited_friend_reads_which_game_they_are_invited_to(browser, server):
    """The invite link names its game: the friend who opens it on a phone reads "… to play
    Cartógrafos" in their own language and can open its rules before taking a seat."""
    host_context = browser.new_context(bypass_csp=True, **DESKTOP)
    guest_context = browser.new_context(bypass_csp=True, **PHONE)
    try:
        host = host_context.new_page()
        open_lobby(host, server, "en")
        host.click("#game-cartographers")
        host.fill("#players", "2")
        host.press("#players", "Tab")
        host.select_option("#seat-1", "friend")
        host.click("#create-button")
        host.wait_for_selector("#invite-link")
        link = host.input_value("#invite-link")
        guest = guest_context.new_page()
        open_lobby(guest, server, "pt-BR")
        guest.goto(link)
        guest.wait_for_selector("#join-button")
        assert "Um amigo convidou você para jogar Cartógrafos." in guest.inner_text("#join-lead")
        guest.tap('[data-key="join-rules"]')
        guest.wait_for_function(
            "document.getElementById('rules-dialog').open"
            " && document.getElementById('rules-body').textContent.length > 200")
        guest.evaluate("document.getElementById('rules-dialog').close()")
        guest.fill("#join-name", "Bea")
        guest.tap("#join-button")
        guest.wait_for_selector('svg.sheet[data-key="sheet"]')
        # a link naming no game, or one this server does not offer, says only "a friend"
        for tail in ("", "/chess"):
            guest.goto(f"{server}/#/join/no-such-code{tail}")
            guest.wait_for_function(
                "document.getElementById('join-lead')?.textContent"
                " === 'Um amigo convidou você. Escolha um nome e sente-se.'")
            assert guest.locator('[data-key="join-rules"]').count() == 0
    finally:
        host_context.close()
        guest_context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seasons_total_is_in_view_on_a_phone(phone, server, lang):
    """The seasons' score table fits a phone's width in every language: its Total column
    was cut off the screen in Catalan ("Monstres", "Monedes")."""
    cartographers_after_a_season(phone, server, lang)
    boxes = phone.evaluate("""() => [...document.querySelectorAll('table.seasons')].map((t) => {
        const panel = t.closest('.panel').getBoundingClientRect();
        const cells = [...t.querySelectorAll('.season-total, thead th:last-child')]
            .map((c) => c.getBoundingClientRect());
        return {panel: [panel.left, panel.right],
                cells: cells.map((c) => [c.left, c.right, c.width])};
    })""")
    assert boxes
    for box in boxes:
        left, right = box["panel"]
        for cell_left, cell_right, width in box["cells"]:
            assert width > 0 and left <= cell_left and cell_right <= min(right, 390), (lang, box)


def test_a_drawing_to_confirm_on_a_phone_shows_its_preview_above_the_confirmation_bar(phone,
                                                                                       server):
    """Tapping a cell asks to confirm the drawing: what it would score and "tap the same
    spot again" are brought above the bar stuck to the bottom (they were under it)."""
    open_lobby(phone, server, "ca")
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=5)
    take_seat(phone, server, table, 0, tokens[0], "cartographers")
    phone.wait_for_selector('svg.sheet[data-key="sheet"] .target')
    phone.locator('svg.sheet[data-key="sheet"] .target').first.tap()
    phone.wait_for_selector("#confirm-action")
    phone.wait_for_selector("#preview-text.legal")
    assert phone.evaluate(SEEN, ".confirm-hint")
    assert phone.evaluate(SEEN, "#preview-text")
    # and the same spot tapped again draws it
    phone.locator('svg.sheet[data-key="sheet"] .target').first.tap()
    phone.wait_for_selector("#confirm-action", state="detached")
    phone.wait_for_function("document.querySelector('#log')?.textContent.includes('dibuixa')")


def test_the_passage_answering_a_rules_question_on_a_phone_is_not_under_the_question_box(phone,
                                                                                          server):
    """The best passage is scrolled to just under the question box and its answers, which
    stay stuck to the top of the rules dialog: its first line was hidden under them."""
    open_lobby(phone, server, "pt-BR")
    phone.tap("#rules-button")
    phone.wait_for_function("document.getElementById('rules-body').textContent.length > 200")
    phone.tap('#rules-tabs button:has-text("Tikal")')
    phone.wait_for_function("document.getElementById('rules-body').textContent.includes('Vulcão')")
    phone.fill("#rules-question", "posso passar pelo vulcão?")
    phone.press("#rules-question", "Enter")
    phone.wait_for_selector("#rules-body .asked.best")
    phone.wait_for_timeout(300)  # the dialog's scroll settles
    box = phone.evaluate("""() => {
        const top = document.querySelector('#rules-dialog .dialog-top').getBoundingClientRect();
        const best = document.querySelector('#rules-body .asked.best').getBoundingClientRect();
        const dialog = document.getElementById('rules-dialog').getBoundingClientRect();
        return {stuck: top.bottom, first: best.top, end: dialog.bottom};
    }""")
    assert box["stuck"] <= box["first"] < box["end"] - 40, box


def test_a_cell_tapped_before_the_legal_drawings_arrive_is_not_drawn_unasked(phone, server):
    """The legal drawings come a round trip after the state; a tap on the sheet before them
    was sent as if illegal (to hear the refusal) and, being legal, drawn at once without
    "Confirm?". Held back here: the tap asks to confirm, and nothing is drawn unasked."""
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)

    def hold_back_legal(socket):
        server_side = socket.connect_to_server()

        def from_page(message):
            if isinstance(message, str) and json.loads(message).get("type") == "legal":
                return
            server_side.send(message)
        socket.on_message(from_page)

    phone.route_web_socket(re.compile(r"/ws/tables/"), hold_back_legal)
    take_seat(phone, server, table, 0, tokens[0], "cartographers")
    phone.wait_for_selector('svg.sheet[data-key="sheet"] [data-cell="B3"]')
    before = call(server, "GET", f"/api/tables/{table}/view", token=tokens[0])["state_id"]
    phone.locator('svg.sheet[data-key="sheet"] [data-cell="B3"]').tap()
    # a legal spot: asked to confirm, as when the legal drawings are known
    phone.wait_for_selector("#confirm-action")
    assert call(server, "GET", f"/api/tables/{table}/view", token=tokens[0])["state_id"] == before
    assert "draws" not in phone.inner_text("#log")
