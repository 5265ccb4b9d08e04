"""A person in the browser: the lobby, both games against bots, a friend through an
invitation link, languages, reloads (the issue's browser tests)."""

from __future__ import annotations

import re

from .conftest import shot
from .helpers import open_table_rules


def create_table(page, server, game="tikal", seed=None, seats=None, players=None):
    page.goto(f"{server}/")
    page.wait_for_selector("#create-button")
    page.click(f"#game-{game}")
    if players is not None:
        page.fill("#players", str(players))
        page.press("#players", "Tab")
    for index, kind in (seats or {}).items():
        page.select_option(f"#seat-{index}", kind)
    if seed is not None:
        page.click("#advanced")
        page.fill("#seed", str(seed))
    page.click("#create-button")
    page.wait_for_url(re.compile(r"#/table/"))


def ap_left(page, n):
    """Wait until `n` action points are left and the board shows that state: the picture
    comes from the server after the panel, and stays marked data-stale until it does."""
    page.wait_for_function(
        "n => (document.querySelector('#ap-left')?.textContent || '').startsWith(String(n))"
        " && !document.querySelector('svg.tikal-board[data-stale]')", arg=n)


def test_tikal_against_three_bots(page, server):
    create_table(page, server, "tikal", seed=7, seats={1: "random", 2: "random", 3: "random"})
    # The targets come with the legal actions, after the table (a loaded machine: later).
    page.wait_for_selector(".space.target")
    shot(page, "tikal-1-start")
    # Only the legal spots are offered; clicking one previews the tile and its rotations.
    offered = page.locator(".space.target")
    assert offered.count() >= 1
    # The board is the server's picture (every space marked), not one drawn by the page.
    assert page.locator("svg.tikal-board .space[data-target]").count() == 48
    assert page.locator('[data-space="C5"].unexplored').count() == 1
    page.click('[data-space="C5"]')
    page.wait_for_selector("#place-confirm")
    assert page.locator(".rotation").count() >= 1
    # The server draws the tile laid on C5, as it would be placed.
    page.wait_for_selector('[data-space="C5"].preview:not(.unexplored)')
    shot(page, "tikal-2-place-preview")
    page.click("#place-confirm")
    # Enter a worker at the base camp.
    page.click("#enter-W")
    page.wait_for_selector('[data-cost-of="A6"] .cost-badge')  # drawn on the next frame
    assert page.locator('[data-cost-of="A6"] .cost-badge').count() == 1
    page.click('[data-space="A6"]')
    ap_left(page, 9)
    # Choose the figure: A6 offers moving the worker and bringing in more, shown at the
    # space; where it can go is highlighted with the cost; move it to the temple.
    page.click('[data-space="A6"]')
    page.click('#space-choices [data-key="choice-move-W"]')
    page.wait_for_selector('svg.tikal-board:not([data-stale]) [data-space="A5"] .hit.go')
    assert page.locator('[data-cost-of="A5"] .cost-text').text_content() == "1"
    shot(page, "tikal-3-move-targets")
    page.click('[data-space="A5"]')
    ap_left(page, 8)
    # Uncover the temple.
    page.click('[data-space="A5"]')
    page.click('#space-choices [data-key="choice-uncover A5"]')
    ap_left(page, 6)
    assert page.locator('[data-words-of="A5"].temple-value').text_content() == "2"
    # Undo is offered for my last action within the turn.
    assert page.locator('[data-key="undo"]').is_enabled()
    # Ending the turn cannot be taken back: it is confirmed first.
    page.click("#end-turn")
    page.click("#confirm-action")
    # The bots play: their actions appear in the log in plain words, and the turn comes back.
    page.wait_for_function("document.querySelector('#log')?.textContent.includes('Bot 2')")
    page.wait_for_selector('.space.target', timeout=30_000)
    # The bots' events and the view that gives the turn back are separate messages.
    page.wait_for_function("document.querySelector('#log')?.textContent.includes('Bot 4')")
    shot(page, "tikal-4-bots-played")
    log = page.inner_text("#log")
    # With its cost, from the event's typed data (the log never reads the English text).
    assert "uncovers a temple level on A5 (2 AP)" in log and "Bot 4" in log
    assert "brings a worker onto A6 (1 AP)" in log
    # Speed on with the UI's own control until a scoring round has happened.
    page.select_option("#autopilot-level", "random")
    page.click('[data-key="autopilot-on"]')
    page.wait_for_selector("#scoring-panel .scoring-rounds li", timeout=60_000)
    shot(page, "tikal-5-scoring-round")
    assert "Round 1" in page.inner_text("#scoring-panel")


def test_cartographers_solo(page, server):
    create_table(page, server, "cartographers", seed=3)
    page.wait_for_selector('svg.sheet[data-key="sheet"]')
    assert page.locator('[data-cell="K11"]').count() == 1
    assert page.locator(".edicts li.scoring").count() == 2
    page.click("#terrain-village")
    page.click("#shape-2")
    page.click("#rotate")
    assert page.get_attribute("#orientation", "data-orientation") == "r90"
    assert page.get_attribute("#orientation", "aria-label") == "turned 90°"
    page.click("#flip")
    assert page.get_attribute("#orientation", "data-orientation") == "f90"
    assert "r90" not in page.inner_text(".panel.decision")  # no notation in the words
    # The live preview judges the spot under the pointer.
    page.hover('[data-cell="B3"]')
    page.wait_for_selector("#preview-text.legal")
    assert "season score now" in page.inner_text("#preview-text")
    shot(page, "carto-1-preview")
    page.hover('[data-cell="D2"]')  # a mountain
    page.wait_for_selector("#preview-text.illegal")
    page.click('[data-cell="D2"]')  # refused at once: no question first (issue 30)
    page.wait_for_selector(".notice.error")
    assert page.locator(".confirm-bar").count() == 0
    assert "mountains" in page.inner_text(".notice")
    shot(page, "carto-2-refused")
    page.click('[data-cell="B3"]')
    page.click("#confirm-action")
    page.wait_for_function("document.querySelector('#log')?.textContent.includes('draws village')")
    page.wait_for_selector('[data-cell="B3"].village')  # the view follows the log's events
    # Let a bot finish the seasons; the stars of each season are shown.
    page.select_option("#autopilot-level", "random")
    page.click('[data-key="autopilot-on"]')
    page.wait_for_selector(".seasons .season-total", timeout=60_000)
    shot(page, "carto-3-season-scored")
    page.wait_for_selector("#solo-result", timeout=60_000)
    assert page.locator(".summary .chart").count() == 1
    shot(page, "carto-4-game-over")
    # A finished game can be replayed and rematched.
    page.click("a.button[href^='#/replay/']")
    page.wait_for_selector("#replay-step")
    page.click('[data-key="first"]')
    assert page.inner_text(".replay-controls").count("0") >= 1
    shot(page, "carto-5-replay")


def test_two_people_at_one_table_through_an_invitation(browser, server):
    host_context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    guest_context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    try:
        host = host_context.new_page()
        # No seed: a chosen seed is refused where a friend is invited (docs/api.md).
        create_table(host, server, "tikal", players=2, seats={1: "friend"})
        host.wait_for_selector("#invite-link")
        link = host.input_value("#invite-link")
        assert "#/join/" in link
        shot(host, "friends-1-waiting")
        guest = guest_context.new_page()
        guest.goto(link)
        guest.fill("#join-name", "Bea")
        guest.click("#join-button")
        guest.wait_for_selector(".tikal-board")
        host.wait_for_selector(".tikal-board")
        assert "Waiting for" in guest.inner_text("#status-line")
        host.locator(".space.target").first.click()
        host.click("#place-confirm")
        guest.wait_for_function(
            "document.querySelector('#log')?.textContent.includes('places the tile')")
        guest.wait_for_function(  # the view follows the log's events
            "document.querySelector('.players')?.innerText.includes('Bea (you)')")
        shot(host, "friends-2-host")
        shot(guest, "friends-3-guest")
    finally:
        host_context.close()
        guest_context.close()


def test_language_switch_reload_and_phone(browser, server):
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844},
                                  locale="en-US")
    try:
        page = context.new_page()
        create_table(page, server, "cartographers", seed=5)
        page.wait_for_selector('svg.sheet[data-key="sheet"]')
        assert page.inner_text("h1").startswith("Cartographers")
        page.select_option("#lang-select", "pt-BR")
        page.wait_for_function("document.querySelector('h1').textContent.startsWith('Cartógrafos')")
        assert page.inner_text("#rotate").startswith("Girar")
        shot(page, "phone-pt-BR")
        # By keyboard: the cells where the shape fits are buttons; the arrows go between
        # them, Enter draws.
        page.focus('svg.sheet[data-key="sheet"] .target[role="button"]')
        before = page.locator("svg.sheet[data-key=\"sheet\"] .highlight").count()
        for key in ("ArrowDown", "ArrowRight", "ArrowUp"):
            page.keyboard.press(key)
        for _ in range(6):
            page.keyboard.press("Enter")  # previews and asks
            page.keyboard.press("Enter")  # confirms
            page.wait_for_timeout(300)
            if page.locator("svg.sheet[data-key=\"sheet\"] .highlight").count() > before:
                break
            page.keyboard.press("ArrowDown")
        page.wait_for_function("document.querySelector('#log')?.textContent.includes('desenha')")
        url = page.url
        page.reload()
        page.wait_for_selector('svg.sheet')
        assert page.url == url
        assert page.inner_text("h1").startswith("Cartógrafos"), "the language is remembered"
        assert "desenha" in page.inner_text("#log"), "the game resumes where it was"
        page.select_option("#lang-select", "ca")
        page.wait_for_function("document.querySelector('h1').textContent.startsWith('Cartògrafs')")
        open_table_rules(page)  # through the toolbar's "More" on a phone
        page.wait_for_selector("#rules-body h1")
        assert "Cartògrafs" in page.inner_text("#rules-body h1")
        shot(page, "phone-ca-rules", full_page=False)
        page.keyboard.press("Escape")
        page.goto(f"{server}/#/")
        page.wait_for_selector("#mine-title")
        assert "Continua" in page.inner_text(".tables")
        shot(page, "phone-ca-lobby")
    finally:
        context.close()


def test_tikal_auction_bid_then_take_or_pass_and_place(page, server):
    """The auction variant in the browser: the display and amulets are shown, a bid is
    made with the UI's own controls, and the tile bought (or given) is placed."""
    page.goto(f"{server}/")
    page.wait_for_selector("#create-button")
    page.click("#game-tikal")
    page.fill("#players", "2")
    page.press("#players", "Tab")
    page.click("#variant-auction")
    page.select_option("#seat-1", "random")
    page.click("#advanced")
    page.fill("#seed", "11")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"#/table/"))
    # Seat 1 opens the first auction: the display, the amulets and the bid controls.
    page.wait_for_selector("#bid-amount")
    # This player turned off asking before moves that cannot be taken back.
    page.uncheck("#confirm-setting")
    page.wait_for_selector("#bid-amount")
    panel = page.inner_text("body")
    assert "Auction round 1" in panel and "amulet face up" in panel
    shot(page, "auction-1-bidding")
    page.fill("#bid-amount", "1")
    page.click('[data-key="bid"]')
    page.wait_for_function("document.querySelector('#log')?.textContent.includes('bids 1 point')")
    # The bot answers. Either it outbid me (I pass and then take the last tile for free)
    # or it passed (I won and take a tile from the display): both end with me placing.
    for _ in range(6):
        page.wait_for_function(
            "document.querySelector('[data-key=\"pass\"]')"
            " || document.querySelector('.display-tile[data-key]')"
            " || document.querySelector('.space.target')", timeout=30_000)
        if page.locator(".space.target").count():
            break
        if page.locator('[data-key="pass"]').count():
            page.click('[data-key="pass"]')
            page.wait_for_function("document.querySelector('#log')?.textContent.includes('passes')")
        else:
            shot(page, "auction-2-take")
            page.locator(".display-tile[data-key]").first.click()
    page.locator(".space.target").first.click()
    page.wait_for_selector("#place-confirm")
    page.click("#place-confirm")
    ap_left(page, 10)
    shot(page, "auction-3-placed")
    assert "amulet face" in page.inner_text("body")



def test_a_128_bit_seed_from_the_lobby_reaches_the_server_digit_for_digit(page, server):
    """A JS Number keeps 53 bits: the lobby must not round the seed a person typed."""
    seed = 2**128 - 1
    sent = []
    page.on("request", lambda request: sent.append(request.post_data)
            if request.method == "POST" and request.url.endswith("/api/tables") else None)
    create_table(page, server, "cartographers", seed=seed, players=1)
    assert len(sent) == 1 and f'"seed":{seed}' in sent[0]


def test_a_friend_who_joins_without_a_name_is_a_seat_in_each_viewers_language(browser, server):
    """No name typed on the invitation: nothing is stored for it, and each person sees
    the seat named in their own language (the host in English, the friend in Portuguese)."""
    from .helpers import call, open_lobby, take_seat

    created = call(server, "POST", "/api/tables", {
        "game": "tikal", "seats": [{"kind": "person", "name": "Ana"}, {"kind": "open"}]})
    table, invite = created["table"]["id"], created["invite"]
    host_context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    guest_context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    try:
        guest = guest_context.new_page()
        open_lobby(guest, server, "pt-BR")
        guest.goto(f"{server}/#/join/{invite}")
        guest.wait_for_selector("#join-button")
        guest.fill("#join-name", "")
        guest.click("#join-button")
        guest.wait_for_selector(".tikal-board")
        guest.wait_for_function(
            "document.querySelector('.players')?.innerText.includes('Jogador 2 (você)')")
        assert call(server, "GET", f"/api/tables/{table}")["seats"][1]["name"] == ""
        host = host_context.new_page()
        take_seat(host, server, table, 0, created["seats"][0]["token"], "tikal")
        host.wait_for_selector(".tikal-board")
        host.wait_for_function("document.querySelector('.players')?.innerText.includes('Player 2')")
        host.wait_for_function(
            "document.querySelector('#log')?.textContent.includes('Player 2 sat down.')")
        for page in (guest, host):
            assert "seat 2" not in page.inner_text("body")
    finally:
        host_context.close()
        guest_context.close()
