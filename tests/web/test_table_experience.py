"""The table as board gamers expect it (issue 13), through the UI with Chromium: confirm
before final, the log, replay after an undo, treasures, layout, words, lobby, hints."""

from __future__ import annotations

import re

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import shot
from .helpers import (
    act,
    call,
    create_in_lobby,
    hot_seat_table,
    in_viewport,
    open_lobby,
    play_randomly,
    seeded,
    take_seat,
    view,
)

# 1. Confirm before final ---------------------------------------------------------------


def test_a_cartographers_drawing_is_previewed_then_confirmed(page, server):
    create_in_lobby(page, server, "cartographers", seed=3)
    page.wait_for_selector('svg.sheet[data-key="sheet"]')
    page.click("#terrain-village")
    page.click('[data-cell="B3"]')
    page.wait_for_selector("#confirm-action")
    assert "Draw village" in page.inner_text(".confirm-bar")
    assert page.locator("svg.sheet[data-key=\"sheet\"] .highlight").count() == 0, (
        "nothing is drawn before confirming")
    page.wait_for_selector("#preview-text.legal")
    shot(page, "confirm-1-carto-asks")
    page.click("#confirm-cancel")
    assert page.locator("#confirm-action").count() == 0
    assert page.locator("svg.sheet[data-key=\"sheet\"] .highlight").count() == 0
    # The second click on the same spot confirms, as a second tap does on a phone.
    page.click('[data-cell="B3"]')
    page.click('[data-cell="B3"]')
    page.wait_for_function("document.querySelector('#log')?.textContent.includes('draws village')")
    # The log's events and the new view are two messages: the sheet may follow a moment later.
    page.wait_for_selector('[data-cell="B3"].village')


def test_confirmation_can_be_turned_off_and_stays_off(page, server):
    create_in_lobby(page, server, "cartographers", seed=3)
    page.wait_for_selector("#confirm-setting")
    page.uncheck("#confirm-setting")
    page.click("#terrain-village")
    page.click('[data-cell="B3"]')
    page.wait_for_function("document.querySelector('#log')?.textContent.includes('draws village')")
    assert page.locator("#confirm-action").count() == 0
    page.reload()
    page.wait_for_selector("#confirm-setting")
    assert not page.is_checked("#confirm-setting"), "the setting is remembered"


def test_tikal_final_actions_ask_and_others_do_not(page, server):
    create_in_lobby(page, server, "tikal", players=2, seats={1: "random"}, seed=7)
    page.click('[data-space="C5"]')
    page.click("#place-confirm")
    page.click("#enter-W")
    page.wait_for_selector('[data-cost-of="A6"] .cost-badge')  # the entry is offered
    page.click('[data-space="A6"]')  # can be taken back: played at once
    page.wait_for_function(
        "(document.querySelector('#ap-left')?.textContent || '').startsWith('9')")
    assert page.locator("#confirm-action").count() == 0
    page.click("#end-turn")  # cannot be taken back: asked
    page.wait_for_selector("#confirm-action")
    assert "End your turn?" in page.inner_text(".confirm-bar")
    page.keyboard.press("Escape")  # the focus is on "Confirm": Escape cancels
    assert page.locator("#confirm-action").count() == 0
    page.click("#end-turn")
    page.click("#confirm-cancel")
    assert page.locator("#end-turn").count() == 1
    page.click("#end-turn")
    page.click("#confirm-action")
    page.wait_for_function("document.querySelector('#log')?.textContent.includes('ends the turn')")


def test_on_a_phone_a_tap_previews_and_the_confirm_button_stays_in_view(browser, server):
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844},
                                  has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        create_in_lobby(page, server, "cartographers", seed=3)
        page.wait_for_selector('svg.sheet[data-key="sheet"]')
        page.tap("#terrain-village")
        page.evaluate("document.querySelector('svg.sheet').scrollIntoView()")
        assert in_viewport(page, "#terrain-village"), "the controls stay in view (sticky)"
        page.tap('[data-cell="B3"]')
        page.wait_for_selector("#confirm-action")
        page.wait_for_selector("#preview-text.legal")
        assert page.locator("svg.sheet[data-key=\"sheet\"] .highlight").count() == 0
        assert page.locator('.candidate [data-notation], .candidate').count() >= 1
        assert in_viewport(page, "#confirm-action"), "the confirm button is on screen"
        shot(page, "confirm-2-phone-tap", full_page=False)
        page.tap("#confirm-action")
        page.wait_for_function(
            "document.querySelector('#log')?.textContent.includes('draws village')")
    finally:
        context.close()


# 2. The log ----------------------------------------------------------------------------


def test_tikal_log_groups_turns_newest_first_and_shows_scoring_line_by_line(page, server):
    table, tokens = hot_seat_table(server, "tikal", 2, seed=5)
    rng = seeded(3)
    state = play_randomly(server, table, tokens, rng,
                          until=lambda s: len(s["view"]["score_history"]) >= 1)
    assert state["view"]["score_history"], "a scoring round happened"
    page.goto(f"{server}/#/table/{table}")  # a spectator
    page.wait_for_selector("#log .log-group")
    titles = page.locator("#log .log-group > summary .log-title").all_inner_texts()
    turns = [int(m.group(1)) for m in (re.match(r"Turn (\d+)", x) for x in titles) if m]
    assert len(turns) >= 3 and turns == sorted(turns, reverse=True), "newest turn first"
    log = page.inner_text("#log")
    assert "Volcano! A scoring round" in log and "draws a volcano" in log
    # A scoring turn: each temple and treasure on its own line, then the sum.
    page.evaluate("document.querySelectorAll('#log details').forEach(d => d.open = true)")
    scoring = page.locator("#log .log-group", has=page.locator("summary", has_text="Scoring turn"))
    assert scoring.count() >= 2
    text = scoring.first.inner_text()
    assert re.search(r"= (Ana|Bea) scores \d+ points? \(now \d+\)", text), text
    assert re.search(r"temple [A-H][1-6] \(\d+\): \+\d+ points?", page.inner_text("#log"))
    shot(page, "log-1-tikal-scoring")


def test_computer_turns_are_collapsed_when_long(page, server):
    create_in_lobby(page, server, "tikal", players=2, seats={1: "easy"}, seed=7)
    page.uncheck("#confirm-setting")
    page.locator(".space.target").first.click()
    page.click("#place-confirm")
    page.click("#end-turn")
    page.wait_for_selector("#log .log-group.bot", timeout=30_000)
    page.wait_for_selector(".space.target", timeout=30_000)
    bot = page.locator("#log .log-group.bot").first
    lines = bot.locator("li.log-action").count()
    assert lines >= 1
    latest = page.locator("#log details").first
    assert latest.evaluate("d => d.open"), "the latest turn is open (issue 30)"
    # once it is not the latest (my turn has begun), a long computer turn is collapsed
    page.locator(".space.target").first.click()
    page.click("#place-confirm")
    page.wait_for_function(
        "() => !document.querySelector('#log details').classList.contains('bot')")
    bot = page.locator("#log .log-group.bot").first
    is_open = bot.evaluate("d => d.open")
    assert is_open == (lines <= 3), "an older long computer turn starts collapsed"
    bot.locator("summary").click()
    assert bot.evaluate("d => d.open") != is_open, "and opens on demand"


def test_cartographers_log_shows_ambush_cards_and_season_scoring(page, server):
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    play_randomly(server, table, tokens, seeded(1),
                  until=lambda s: len(s["view"]["players"][0]["seasons"]) >= 1)
    page.goto(f"{server}/#/table/{table}")
    page.wait_for_selector("#log .log-group")
    page.evaluate("document.querySelectorAll('#log details').forEach(d => d.open = true)")
    log = page.inner_text("#log")
    # The solo ambush drawn by the game itself, with its card and cells.
    assert re.search(r"Ambush, (Goblin Attack|Bugbear Assault|Kobold Onslaught|Gnoll Raid): "
                     r"monsters on Ana's map at [A-K]\d+", log), log
    assert "Card revealed:" in log
    assert "Spring scoring, Ana:" in log
    assert re.search(r"edict A \([^)]+\): -?\d+ ★", log)
    assert re.search(r"coins: \d+ ★", log) and re.search(r"monsters: -?\d+ ★", log)
    assert re.search(r"= -?\d+ ★ for Ana this season", log)
    titles = page.locator("#log .log-group > summary .log-title").all_inner_texts()
    assert all(t.startswith("Spring · ") for t in titles[:-1]) and len(titles) >= 4, titles
    newest = page.locator("#log .log-group").first.inner_text()
    assert "Spring scoring" in newest, "newest step first"
    shot(page, "log-2-carto-season")


# 3. Replay after an undo -----------------------------------------------------------------


def test_replay_labels_match_the_boards_after_an_undo(page, server):
    table, tokens = hot_seat_table(server, "tikal", 2, seed=9)
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])["actions"]
    act(server, table, tokens[0], sorted(a["notation"] for a in legal)[0])
    act(server, table, tokens[0], "enter W A6")
    state = view(server, table, tokens[0])
    call(server, "POST", f"/api/tables/{table}/undo", {"state_id": state["state_id"]}, tokens[0])
    act(server, table, tokens[0], "enter W A6")
    act(server, table, tokens[0], "move W A6 A5")
    play_randomly(server, table, tokens, seeded(2))
    replay = call(server, "GET", f"/api/tables/{table}/replay")
    notations = [a[1] for a in replay["record"]["actions"]]
    page.goto(f"{server}/#/replay/{table}")
    page.wait_for_selector("#replay-step")
    page.click('[data-key="first"]')
    # (each label read in one look, once it is drawn: read at once after the click, a
    # loaded CI run once read the step before's)
    says = "([words]) => words.every(w => document.querySelector('#replay-label').innerText" \
           ".includes(w))"
    for step in range(1, 8):
        page.click('[data-key="next"]')
        notation = notations[step - 1]
        spaces = re.findall(r"\b[A-H][1-6]\b", notation)
        try:
            page.wait_for_function(says, arg=[spaces], timeout=10_000)
        except PlaywrightTimeout:
            raise AssertionError((step, notation, page.inner_text("#replay-label"))) from None
    # Step 2 entered the worker (the undone try left no step): its board shows it on A6;
    # step 3 moved it on to A5.
    for step, words, space in ((2, "brings a worker onto A6", "A6"),
                               (3, "moves a worker A6 → A5", "A5")):
        page.fill("#replay-step", str(step))
        page.dispatch_event("#replay-step", "input")
        page.wait_for_function(says, arg=[[words]], timeout=10_000)
        assert page.locator(f'[data-space="{space}"] .figures').count() >= 1
    shot(page, "replay-1-after-undo")


def test_the_replay_marks_the_move_just_replayed_as_the_live_table_does(page, server):
    table, tokens = hot_seat_table(server, "tikal", 2, seed=9)
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])["actions"]
    act(server, table, tokens[0], sorted(a["notation"] for a in legal)[0])
    act(server, table, tokens[0], "enter W A6")
    act(server, table, tokens[0], "move W A6 A5")
    play_randomly(server, table, tokens, seeded(3))
    actions = call(server, "GET", f"/api/tables/{table}/replay")["record"]["actions"]
    # the first step that names no space: a turn ended (by whoever's turn it was)
    ends = [notation for _, notation in actions].index("end") + 1
    ender = ["Ana", "Bea"][actions[ends - 1][0]]
    page.goto(f"{server}/#/replay/{table}")
    page.wait_for_selector("#replay-step")

    def step_to(step):
        page.fill("#replay-step", str(step))
        page.dispatch_event("#replay-step", "input")
        page.wait_for_selector("svg.board:not([data-stale])")

    # A move onto a space: that space is marked on the board, named as the live table names it.
    step_to(2)
    page.wait_for_selector('svg.board [data-target="A6"].last-move')
    label = page.get_attribute('svg.board [data-target="A6"]', "aria-label")
    assert label.startswith("Last move: brings a worker onto A6")
    assert page.locator("#last-move-note").count() == 0
    step_to(3)
    page.wait_for_selector('svg.board [data-target="A5"].last-move')
    # the worker's way, both ends; nothing of the moves before
    marked = page.locator("svg.board .last-move").evaluate_all(
        "els => els.map(e => e.dataset.target)")
    assert sorted(marked) == ["A5", "A6"]
    # A move the board cannot mark is named under the board, with whose it was.
    step_to(ends)
    page.wait_for_selector("#last-move-note")
    assert page.inner_text("#last-move-note").strip() == f"Last move — {ender}: ends the turn"
    assert page.locator("svg.board .last-move").count() == 0
    # The start of the game has no last move.
    page.click('[data-key="first"]')
    page.wait_for_selector("#last-move-note", state="detached")
    assert page.locator("svg.board .last-move").count() == 0
    shot(page, "replay-2-last-move")


# 4. Treasures --------------------------------------------------------------------------


def test_treasures_have_icons_names_and_a_legend(page, server):
    table, tokens = hot_seat_table(server, "tikal", 2, seed=5)
    play_randomly(server, table, tokens, seeded(3), until=lambda s: any(
        p["treasures"] for p in s["view"]["players"]))
    page.goto(f"{server}/#/table/{table}")
    page.wait_for_selector(".players .treasure-icon")
    icon = page.locator(".players .treasure-icon").first
    name = icon.get_attribute("aria-label")
    assert name and not re.fullmatch(r"[\d ×]+", name), name
    assert icon.locator("title").text_content() == name
    # The wafer turned up is in the log, by name, as it was revealed.
    page.evaluate("document.querySelectorAll('#log details').forEach(d => d.open = true)")
    assert re.search(r"(Ana|Bea) turns up a treasure: [a-z]", page.inner_text("#log"))
    page.click("#treasure-legend summary")
    assert page.locator("#treasure-legend .treasure-icon").count() == 8
    shapes = page.eval_on_selector_all(
        "#treasure-legend .treasure-icon path",
        "ps => ps.map(p => p.getAttribute('d')"
        " + (p.getAttribute('fill') || p.getAttribute('stroke')))")
    assert len(set(shapes)) == 8, "every kind has its own shape and colour"
    # Described from the typed action (as /legal sends it), never from its notation.
    words = page.evaluate(DESCRIBE_EXCHANGE, EXCHANGE)
    assert words == "swaps their quetzal feathers for Bea's spondylus shell", words
    page.select_option("#lang-select", "pt-BR")
    page.wait_for_selector("#treasure-legend")
    words = page.evaluate(DESCRIBE_EXCHANGE, EXCHANGE)
    assert "penas de quetzal" in words and "Bea" in words and not re.search(r"\d", words), words


EXCHANGE = {"notation": "exchange 4 p2 7", "type": "exchange", "cost": {},
            "code": "tikal.exchange", "params": {"give": 4, "seat": 1, "take": 7}}
# Tikal's face describing EXCHANGE in the page's language (asked once per language).
DESCRIBE_EXCHANGE = ("EXCHANGE => import('/games/tikal/tikal.js').then(m => m.describe("
                     "'exchange 4 p2 7', EXCHANGE, {name: s => ['Ana', 'Bea'][s]}))")


# 5. Layout -----------------------------------------------------------------------------


def test_tikal_players_table_is_whole_at_1400_px_in_every_language(browser, server):
    table, tokens = hot_seat_table(server, "tikal", 4, seed=5)
    play_randomly(server, table, tokens, seeded(3), until=lambda s: sum(
        len(p["treasures"]) for p in s["view"]["players"]) >= 3)
    context = browser.new_context(bypass_csp=True, viewport={"width": 1400, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{server}/")
        page.wait_for_selector("#create-button")
        take_seat(page, server, table, 1, tokens[1], "tikal")
        page.wait_for_selector(".players")
        for lang in ("en", "pt-BR", "ca"):
            page.select_option("#lang-select", lang)
            page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
            page.wait_for_selector(".players")
            cut = page.evaluate("""() => {
                const box = document.querySelector('.players').parentElement;
                const cells = [...document.querySelectorAll('.players th, .players td')];
                return {over: box.scrollWidth - box.clientWidth,
                        clipped: cells.filter(c => c.scrollWidth > c.clientWidth + 1)"""
                """.map(c => c.textContent)};
            }""")
            assert cut["over"] <= 0 and not cut["clipped"], (lang, cut)
            shot(page, f"layout-tikal-1400-{lang}", full_page=False)
    finally:
        context.close()


def test_cartographers_row_labels_are_visible(page, server):
    create_in_lobby(page, server, "cartographers", seed=3)
    page.wait_for_selector("svg.sheet")
    boxes = page.evaluate("""() => {
        const svg = document.querySelector('svg.sheet');
        const first = svg.querySelector('.cell-bg').getBBox();
        return [...svg.querySelectorAll('.row-label')].map(t => {
            const b = t.getBBox();
            return {text: t.textContent, left: b.x, right: b.x + b.width, cell: first.x};
        });
    }""")
    assert [b["text"] for b in boxes][-2:] == ["10", "11"]
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= box["cell"], box


def test_phone_tikal_board_zooms_and_pans_and_the_auction_is_in_view(browser, server):
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844},
                                  has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        open_lobby(page, server)
        page.click("#game-tikal")
        page.fill("#players", "2")
        page.press("#players", "Tab")
        page.click("#variant-auction")
        page.select_option("#seat-1", "random")
        page.click("#create-button")
        page.wait_for_selector("#bid-amount")
        assert in_viewport(page, "#auction-panel h2"), "the auction is above the fold"
        shot(page, "phone-tikal-auction", full_page=False)
        def box():
            return [float(x) for x in page.get_attribute("svg.tikal-board", "viewBox").split()]

        whole = box()
        page.click("#zoom-in")
        zoomed = box()
        assert zoomed[2] < whole[2] * 0.7
        # Pan with a finger: the view moves.
        page.evaluate("""() => {
            const svg = document.querySelector('svg.tikal-board');
            const r = svg.getBoundingClientRect();
            const at = (type, id, x, y) => svg.dispatchEvent(new PointerEvent(type, {"""
            """pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true}));
            at('pointerdown', 1, r.left + 200, r.top + 100);
            at('pointermove', 1, r.left + 100, r.top + 60);
            at('pointerup', 1, r.left + 100, r.top + 60);
        }""")
        panned = box()
        assert panned[0] != zoomed[0] or panned[1] != zoomed[1]
        # Pinch out with two fingers: closer still.
        page.evaluate("""() => {
            const svg = document.querySelector('svg.tikal-board');
            const r = svg.getBoundingClientRect();
            const at = (type, id, x, y) => svg.dispatchEvent(new PointerEvent(type, {"""
            """pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true}));
            at('pointerdown', 1, r.left + 150, r.top + 100);
            at('pointerdown', 2, r.left + 190, r.top + 100);
            at('pointermove', 2, r.left + 270, r.top + 100);
            at('pointerup', 2, r.left + 270, r.top + 100);
            at('pointerup', 1, r.left + 150, r.top + 100);
        }""")
        assert box()[2] < panned[2]
        # The start's view is fitted to the part of the map in play (issue 30); the reset
        # shows the whole board.
        page.click("#zoom-reset")
        assert box()[:2] == [0, 0] and box()[2] >= whole[2]
    finally:
        context.close()


def test_a_refusal_is_cleared_by_the_next_valid_drawing(page, server):
    create_in_lobby(page, server, "cartographers", seed=3)
    page.wait_for_selector("#confirm-setting")
    page.uncheck("#confirm-setting")
    page.click("#terrain-village")
    page.click('[data-cell="D2"]')  # a mountain
    page.wait_for_selector(".notice.error")
    page.click('[data-cell="B3"]')
    page.wait_for_function("document.querySelector('#log')?.textContent.includes('draws village')")
    page.wait_for_selector(".notice.error", state="hidden")
