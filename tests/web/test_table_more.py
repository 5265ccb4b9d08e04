"""Issue 13, continued: words and plurals, the lobby (games from the server, clocks,
no-hints, rematch, many seats), the ambush preview, hints, accessibility (roving
tabindex, axe-core) and the screenshots linked from docs/screenshots.md."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Error as PlaywrightError

from .conftest import screen_shot, serious_violations, shot
from .helpers import (
    call,
    create_in_lobby,
    hot_seat_table,
    laptop_page,
    open_lobby,
    phone_page,
    play_randomly,
    seeded,
    take_seat,
    unfold_tools,
)
from .test_fast_moves_layout import FRAMES

# 6. Words ------------------------------------------------------------------------------


def test_a_thinking_computer_is_named_once_without_waiting_for(page, server):
    create_in_lobby(page, server, "tikal", players=2, seats={1: "hard"}, seed=7)
    page.uncheck("#confirm-setting")
    page.locator(".space.target").first.click()
    page.click("#place-confirm")
    page.click("#end-turn")
    # (read in the look that finds it: a quick bot's "is moving" came between two reads)
    text = page.wait_for_function(
        "(() => { const t = document.querySelector('#status-line')?.textContent || '';"
        " return t.includes('thinking') ? t : null; })()",
        polling=20,
    ).json_value()
    assert text == "Bot 2 (hard) is thinking…", text


def test_plurals_follow_each_language(page, server):
    open_lobby(page, server)
    cases = {
        "en": ["1 point", "2 points", "1 coin", "3 coins", "bids 1 point"],
        "pt-BR": ["1 ponto", "2 pontos", "1 moeda", "3 moedas", "oferece 1 ponto"],
        "ca": ["1 punt", "2 punts", "1 moneda", "3 monedes", "ofereix 1 punt"],
    }
    for lang, expected in cases.items():
        page.select_option("#lang-select", lang)
        # A game's words arrive with its face (faces.js), which the lobby does not wait for.
        got = page.evaluate(
            "() => import('/faces.js').then(f => f.facesLoaded)"
            """.then(() => import('/i18n.js')).then(m => [
            m.t('score.points', {n: 1}), m.t('score.points', {n: 2}),
            m.t('carto.coins', {n: 1}), m.t('carto.coins', {n: 3}),"""
            " m.t('tikal.do.bid', {n: 1})])"
        )
        assert got == expected, lang


def test_catalan_says_poblat_in_the_ui_and_the_help_and_card_names_are_translated(page, server):
    create_in_lobby(page, server, "cartographers", seed=3)
    page.wait_for_selector("#terrain-village")
    page.select_option("#lang-select", "ca")
    page.wait_for_function(
        "document.querySelector('#terrain-village')?.textContent.includes('poblat')"
    )
    catalog = page.evaluate("fetch('/i18n/ca.json').then(r => r.text())")
    assert not re.search(r"\bpobles?\b", catalog)
    assert "Bosc Sentinella" in page.inner_text(".edicts"), "the edict's card name is in Catalan"
    page.click('[data-key="rules"]')
    page.wait_for_selector("#rules-body h1")
    rules = page.inner_text("#rules-body")
    assert "poblat" in rules and not re.search(r"\bpobles?\b", rules)
    assert "Bosc Sentinella (Sentinel Wood)" in rules, "the help keeps the English name"
    page.keyboard.press("Escape")
    page.select_option("#lang-select", "pt-BR")
    page.wait_for_function(
        "document.querySelector('.edicts')?.textContent.includes('Bosque Sentinela')"
    )


# 7. Lobby, clocks, rematch, ambush preview ------------------------------------------------


def test_the_lobby_sets_a_clock_and_the_table_shows_it_counting_down(page, server):
    table = create_in_lobby(
        page, server, "tikal", players=2, seats={1: "random"}, seed=7, clock="decision-60"
    )
    summary = call(server, "GET", f"/api/tables/{table}")
    assert summary["clock"]["mode"] == "decision" and summary["clock"]["seconds"] == 60
    page.wait_for_selector('.clock.running[data-seat="0"] .clock-time')
    first = page.inner_text('.clock[data-seat="0"] .clock-time')
    page.wait_for_timeout(2300)
    later = page.inner_text('.clock[data-seat="0"] .clock-time')

    def seconds(text):
        minutes, secs = text.split(":")
        return int(minutes) * 60 + int(secs)

    assert 50 <= seconds(later) < seconds(first) <= 60, (first, later)
    shot(page, "clock-1-running", full_page=False)
    # Per game (a bank) is offered too.
    open_lobby(page, server)
    options = page.eval_on_selector_all("#clock option", "os => os.map(o => o.value)")
    assert {"none", "decision-30", "bank-600"} <= set(options)


def test_rematch_is_offered_only_for_finished_tables(page, server):
    table = create_in_lobby(page, server, "cartographers", seed=4)
    page.wait_for_selector("svg.sheet")
    open_lobby(page, server)
    page.wait_for_selector(".tables .table-row")
    assert page.locator(".tables .table-row button", has_text="Rematch").count() == 0
    # A finished game this browser created: rematch is offered.
    done, tokens = hot_seat_table(server, "cartographers", 1, seed=6)
    play_randomly(server, done, tokens, seeded(1))
    page.evaluate(
        """([table, token]) => {
        const seats = JSON.parse(localStorage.getItem('bgbot.seats'));
        seats[table] = {seat: 0, token, game: 'cartographers', saved: Date.now(),
                        spec: {game: 'cartographers', options: {side: 'A'}, """
        """seats: [{kind: 'person', name: 'Ana'}]}};
        localStorage.setItem('bgbot.seats', JSON.stringify(seats));
    }""",
        [done, tokens[0]],
    )
    page.reload()
    page.wait_for_selector(".tables .status.over")
    row = page.locator(".tables .table-row", has=page.locator(".status.over"))
    assert row.locator("button", has_text="Rematch").count() == 1
    playing = page.locator(".tables .table-row", has=page.locator(".status.playing"))
    assert playing.locator("button", has_text="Rematch").count() == 0
    assert table


MINE = 'section[aria-labelledby="mine-title"]'
FINISHED = 'section[aria-labelledby="finished-title"]'


def replay_links(page, section):
    return page.eval_on_selector_all(
        f'{section} a[href^="#/replay/"]', "as => as.map(a => a.hash.split('/').pop())"
    )


def test_finished_games_are_the_ones_this_browser_played(page, server):
    """A server shared by several groups of friends: the lobby's "Finished games" listed
    every finished table on it, strangers' games (their names) among them, and one's own
    went down the list as others finished. It lists the finished games this browser took
    part in (it holds their seats), to replay, rematch or forget; "My tables" the ones
    still to play. A stranger's game is in neither."""
    stranger, theirs = hot_seat_table(server, "cartographers", 1, seed=6)
    play_randomly(server, stranger, theirs, seeded(2))
    playing = create_in_lobby(page, server, "cartographers", seed=4)
    page.wait_for_selector("svg.sheet")
    done, tokens = hot_seat_table(server, "cartographers", 1, seed=6)
    play_randomly(server, done, tokens, seeded(1))
    take_seat(page, server, done, 0, tokens[0], "cartographers")
    page.wait_for_selector(".summary")
    open_lobby(page, server)
    page.wait_for_selector(f"{FINISHED} .table-row")
    assert replay_links(page, FINISHED) == [done]
    assert page.eval_on_selector_all(
        f'{MINE} a[href^="#/table/"]', "as => as.map(a => a.hash.split('/').pop())"
    ) == [playing]
    assert replay_links(page, MINE) == []
    page.click(f"{FINISHED} button.ghost")  # Forget: gone from this device's lists
    page.wait_for_selector(f"{FINISHED} .table-row", state="detached")


def test_the_ambush_preview_scores_the_neighbours_map(page, server):
    create_in_lobby(page, server, "cartographers", players=2, seats={1: "random"}, seed=2)
    page.wait_for_selector('svg.sheet[data-key="sheet"]')
    assert "Bot 2" in page.inner_text(".sheet-title")
    page.hover('[data-cell="E5"]')
    page.wait_for_selector("#preview-text.legal")
    text = page.inner_text("#preview-text")
    # The bot's map named once, its level with it: "on Bot 2 (random)'s map — Bot 2
    # (random) would score" said the name and the level twice in one line.
    assert "on Bot 2 (random)'s map — that map would score this season" in text, text
    assert text.count("Bot 2") == 1 and text.count("random") == 1, text
    assert "season score now" not in text
    assert re.search(r"coins 0 · monsters -\d+ = -?\d+★", text), text


# 8. Hints ------------------------------------------------------------------------------


def fulfil_hints(page, answer, status=200):
    def handle(route):
        body = route.request.post_data_json
        data = answer(body) if callable(answer) else answer
        route.fulfill(status=status, content_type="application/json", body=json.dumps(data))

    page.route("**/api/tables/*/hint", handle)


def test_suggest_a_move_asks_the_server_and_shows_its_hints_with_reasons(page, server):
    """The real endpoint: the hard bot's suggestions for this seat, each a legal action
    with a reason in words."""
    create_in_lobby(page, server, "tikal", players=2, seats={1: "random"}, seed=7)
    with page.expect_response("**/api/tables/*/hint") as answer:
        page.click("#hint-button")
    found = answer.value.json()["hints"]
    assert 1 <= len(found) <= 3 and all(hint["reason"]["code"] for hint in found)
    page.wait_for_selector("#hints-panel .hints li")
    items = page.locator("#hints-panel .hints li")
    assert items.count() == len(found)
    for index in range(items.count()):
        reason = items.nth(index).locator(".hint-reason").inner_text()
        assert reason.strip() and "{" not in reason, reason


def test_hints_show_each_reason_in_words_on_the_board(page, server, axe_source):
    """How the page shows any answer (a fixed one, given at the network boundary),
    including a reason code the catalogs do not know yet."""
    asked = []
    fulfil_hints(
        page,
        lambda body: (
            asked.append(body)
            or {
                "state_id": body["state_id"],
                "hints": [
                    {
                        "notation": "place C5",
                        "value": 3.0,
                        "reason": {
                            "code": "tikal.temple_majority",
                            "params": {"space": "C5", "value": 3, "gain": 3},
                        },
                    },
                    {
                        "notation": "place A4 r1",
                        "value": 1.0,
                        "reason": {"code": "tikal.treasures", "params": {"gain": 1}},
                    },
                    {
                        "notation": "place B4",
                        "value": 2.46,
                        "reason": {"code": "tikal.some_new_reason", "params": {}},
                    },
                ],
            }
        ),
    )
    create_in_lobby(page, server, "tikal", players=2, seats={1: "random"}, seed=7)
    page.click("#hint-button")
    # The list and the board's mark in one look: a CI run read the board while it was still
    # drawn at the step before (paced), which holds no hints, after the list was shown.
    page.wait_for_function(
        "document.querySelector('#hints-panel .hints li')"
        " && document.querySelectorAll('[data-hint-of=\"C5\"] .hint-mark').length === 1"
    )
    assert asked and isinstance(asked[0]["state_id"], int)
    panel = page.inner_text("#hints-panel")
    assert "Strengthens the hold on the 3-temple at C5 before the coming scorings" in panel
    assert "Adds to the treasure sets (about 1 point over the scorings left)" in panel
    assert "worth +2.5" in panel, "an unknown reason falls back to the value"
    assert page.locator('[data-hint-of="C5"] .hint-mark').count() == 1
    # Not inside the space's button: there its "1" read as part of the space's name (C51).
    assert not serious_violations(page, axe_source)
    shot(page, "hints-1-tikal", full_page=False)
    page.click('[data-key="hint-0"]')
    page.wait_for_function(
        "document.querySelector('#log')?.textContent.includes('places the tile on C5')"
    )


# A cost's or a hint's number on the Tikal board and everything a space shows that it
# covers (its name, temple, wafers, stones, camp, guard, figures), or another number:
# [number, space, what] each; null while the numbers are not all drawn (a board drawn
# anew shows its numbers once placed, after layout and before it is painted).
NUMBERS_OVER = """(hints) => {
  const svg = document.querySelector('svg.tikal-board:not([data-stale])');
  const marks = svg ? [...svg.querySelectorAll('.hint-mark, .cost-badge')] : [];
  if (svg?.querySelectorAll('.hint-mark').length !== hints) return null;
  if (marks.some((mark) => getComputedStyle(mark).visibility !== 'visible')) return null;
  const numbers = '.hint-mark, .hint-mark-text, .cost-badge, .cost-text';
  const shown = [...svg.querySelectorAll('.space text, .space circle, .space rect, .space path')]
    .filter((el) => !el.matches(numbers));
  const box = (el) => el.getBoundingClientRect();
  const cross = (a, b) => a.right > b.left + 0.5 && a.left < b.right - 0.5
    && a.bottom > b.top + 0.5 && a.top < b.bottom - 0.5;
  const over = [];
  marks.forEach((mark, i) => {
    const a = box(mark);
    if (!a.width) return over.push(['unseen']);
    for (const el of shown) if (cross(a, box(el))) over.push([mark.getAttribute('class'),
      el.closest('.space').dataset.space, el.getAttribute('class') || el.tagName]);
    for (const other of marks.slice(i + 1)) if (cross(a, box(other))) over.push(['two numbers']);
  });
  return over;
}"""


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_tikal_hint_numbers_cover_nothing_on_the_board(browser, server, size):
    """A hint's number sat at a fixed spot inside its space, over the figures ("3" on
    "L+1") and the stones, and a cost's over the space's name on a phone (larger there):
    each number now lies where it covers nothing, on a phone and on a laptop. The hints
    name spaces with figures (mid-game, seed 7): the crowded ones."""
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    steps = iter(range(10**6))
    play_randomly(server, table, tokens, seeded(3),
                  until=lambda state: next(steps) > 30 and state["view"]["phase"] == "actions"
                  and state["to_act"] == [0])
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])
    state = call(server, "GET", f"/api/tables/{table}/view", token=tokens[0])
    board = state["view"]["board"]
    hints, spaces = [], set()
    for action in legal["actions"]:
        params = action["params"]
        space = params.get("to") or params.get("space")
        if space and space not in spaces and board.get(space, {}).get("figures"):
            spaces.add(space)
            hints.append({"notation": action["notation"], "value": 1.0,
                          "reason": {"code": "tikal.some_new_reason", "params": {}}})
    assert len(hints) >= 2, legal  # spaces with figures to mark, or the scene says nothing
    context, page, errors = phone_page(browser, *size) if size[0] < 900 \
        else laptop_page(browser, *size, "en")
    try:
        fulfil_hints(page, {"state_id": legal["state_id"], "hints": hints[:3]})
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.click("#hint-button")
        over = page.wait_for_function(f"({NUMBERS_OVER})({len(hints[:3])})").json_value()
        shot(page, f"tikal-hint-numbers-{size[0]}")
        assert over == [], over
    finally:
        context.close()
    assert not errors, errors


def test_hints_in_cartographers_and_in_another_language(page, server):
    fulfil_hints(
        page,
        lambda body: {
            "state_id": body["state_id"],
            "hints": [
                {
                    "notation": "village 1 r0 B3",
                    "value": 2,
                    "reason": {
                        "code": "cartographers.edict_progress",
                        "params": {"card": "Sentinel Wood", "stars": 2, "gain": 1.5},
                    },
                },
                {
                    "notation": "village 2 r0 F8",
                    "value": 1,
                    "reason": {"code": "cartographers.coins", "params": {"coins": 1, "gain": 3}},
                },
            ],
        },
    )
    create_in_lobby(page, server, "cartographers", seed=3)
    page.select_option("#lang-select", "pt-BR")
    page.click("#hint-button")
    page.wait_for_selector("#hints-panel .hints li")
    panel = page.inner_text("#hints-panel")
    # a decimal comma in Portuguese
    edict = "Avança para Bosque Sentinela, que marcaria 2 agora (cerca de 1,5 estrela nas " \
        "pontuações restantes)"
    assert edict in panel, panel
    coin = "Ganha uma moeda (1 agora, valendo cerca de 3 estrelas nas pontuações restantes)"
    assert coin in panel, panel
    assert page.locator(".hint-cells").count() == 2
    page.click('[data-key="hint-0"]')  # chooses the hint's drawing and asks to confirm it
    page.wait_for_selector("#confirm-action")
    page.wait_for_selector("#preview-text.legal")


def test_a_no_hints_table_refuses_and_the_lobby_can_ask_for_one(page, server):
    bodies = []
    page.route(
        "**/api/tables",
        lambda route: (
            (
                bodies.append(route.request.post_data_json)
                if route.request.method == "POST"
                else None
            )
            or route.continue_()
        ),
    )
    open_lobby(page, server)
    page.click("#game-cartographers")
    page.check("#no-hints")
    page.click("#create-button")
    page.wait_for_selector('svg.sheet[data-key="sheet"]')
    assert bodies and bodies[-1]["hints"] is False
    assert page.locator("#hint-button").count() == 0, "the server says: no hints here"
    table = page.url.rsplit("/", 1)[-1]
    token = page.evaluate(
        "([id]) => JSON.parse(localStorage.getItem('bgbot.seats'))[id].token", [table]
    )
    answer = page.request.post(
        f"{server}/api/tables/{table}/hint",
        headers={"Authorization": f"Bearer {token}"},
        data={"state_id": 1},
    )
    assert answer.status == 403 and answer.json()["error"]["code"] == "hints_disabled"


# The lobby reads the games from the server --------------------------------------------------


def test_the_lobby_learns_games_options_and_limits_from_the_server(page, server):
    registry = [
        {
            "name": "cartographers",
            "titles": {"en": "Cartographers", "pt-BR": "Cartógrafos", "ca": "Cartògrafs"},
            "min_players": 1,
            "max_players": 12,
            "information": "imperfect",
            "simultaneous": True,
            "help": [],
            "face": {
                "module": "cartographers.js",
                "styles": ["cartographers.css"],
                "catalog": "i18n",
            },
            "options": [
                {
                    "name": "side",
                    "choices": ["A", "B"],
                    "default": "B",
                    "labels": {
                        "en": {"A": "Wilderness (server)", "B": "Wastelands (server)"},
                        "pt-BR": {"A": "Selvagem (servidor)", "B": "Ermos (servidor)"},
                        "ca": {"A": "Salvatge (servidor)", "B": "Erms (servidor)"},
                    },
                }
            ],
        },
        {
            "name": "tikal",
            "titles": {"en": "Tikal", "pt-BR": "Tikal", "ca": "Tikal"},
            "min_players": 2,
            "max_players": 4,
            "information": "imperfect",
            "simultaneous": False,
            "help": [],
            "face": {"module": "tikal.js", "styles": ["tikal.css"], "catalog": "i18n"},
            "options": [
                {
                    "name": "variant",
                    "choices": ["basic", "auction"],
                    "default": "basic",
                    "labels": {"en": {"basic": "basic", "auction": "auction"}},
                }
            ],
        },
    ]
    page.route(
        "**/api/games",
        lambda route: route.fulfill(content_type="application/json", body=json.dumps(registry)),
    )
    open_lobby(page, server, lang="pt-BR")
    page.click("#game-cartographers")
    assert page.get_attribute("#players", "max") == "12"
    assert page.is_checked("#side-B"), "the server's default"
    assert "Ermos (servidor)" in page.inner_text(".create")
    # Many seats stay usable: every seat can be set at once, the list scrolls.
    page.fill("#players", "12")
    page.press("#players", "Tab")
    assert page.locator(".seat-rows .seat-row").count() == 12
    page.select_option("#seat-all", "random")
    assert page.input_value("#seat-11") == "random"
    page.click("#create-button")
    page.wait_for_selector(".other-sheet")
    assert page.locator(".other-sheet").count() == 11
    shot(page, "lobby-12-seats-table", full_page=False)


# 9. Accessibility ------------------------------------------------------------------------


def test_the_tikal_board_is_one_tab_stop_with_arrow_keys_and_readable_names(page, server):
    create_in_lobby(page, server, "tikal", players=2, seats={1: "random"}, seed=7)
    page.wait_for_selector(".space.target")
    stops = page.eval_on_selector_all("svg.tikal-board [tabindex='0']", "els => els.length")
    assert stops == 1
    page.focus("svg.tikal-board [tabindex='0']")
    start = page.evaluate("document.activeElement.dataset.space")
    page.keyboard.press("ArrowDown")
    below = page.evaluate("document.activeElement.dataset.space")
    assert below[0] == start[0] and int(below[1:]) == int(start[1:]) + 1 or start[1:] == "6"
    page.keyboard.press("ArrowRight")
    right = page.evaluate("document.activeElement.dataset.space")
    assert right != below
    assert page.eval_on_selector_all("svg.tikal-board [tabindex='0']", "els => els.length") == 1
    assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith(right)
    # The board drawn again (here the window narrowed past the side column's width, and
    # back; news from the table does the same) keeps the focus on the space it was on, a
    # target or not: it went to the first target, A4, under a keyboard user's feet.
    for width in (800, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_function("() => !document.querySelector('svg.tikal-board[data-stale]')")
        page.evaluate(FRAMES)
    assert page.evaluate("document.activeElement.dataset.space") == right
    # Enter on a highlighted space acts, as a click does.
    page.focus('[data-space="C5"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#place-confirm")
    # Space names: at least 12 px on screen, at full opacity.
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.space-name')].map(t => {
        let opacity = 1;
        for (let e = t; e && e instanceof Element; e = e.parentElement)"""
        """ opacity *= Number(getComputedStyle(e).opacity);
        return {px: t.getBoundingClientRect().height, opacity};
    })"""
    )
    assert len(sizes) == 48
    assert all(s["opacity"] == 1 for s in sizes)
    assert min(s["px"] for s in sizes) >= 12, min(s["px"] for s in sizes)


def test_axe_finds_no_serious_problem_on_any_screen(page, server, axe_source):
    open_lobby(page, server)
    problems = {"lobby": serious_violations(page, axe_source)}
    create_in_lobby(page, server, "tikal", players=2, seats={1: "random"}, seed=7)
    page.wait_for_selector(".space.target")
    page.click('[data-space="C5"]')
    page.wait_for_selector("#place-confirm")
    problems["tikal"] = serious_violations(page, axe_source)
    create_in_lobby(page, server, "cartographers", seed=3)
    page.wait_for_selector('svg.sheet[data-key="sheet"]')
    page.click('[data-cell="B3"]')
    page.wait_for_selector("#confirm-action")
    problems["cartographers"] = serious_violations(page, axe_source)
    done, tokens = hot_seat_table(server, "cartographers", 1, seed=6)
    play_randomly(server, done, tokens, seeded(1))
    page.goto(f"{server}/#/replay/{done}")
    page.wait_for_selector("#replay-step")
    problems["replay"] = serious_violations(page, axe_source)
    assert not any(problems.values()), problems


# 10. Screenshots for docs/screenshots.md ------------------------------------------------------

SIZES = {"desktop": (1280, 900), "tablet": (768, 1024), "phone": (390, 844)}


def test_screenshots_of_every_screen_at_every_size(browser, server):
    finished, tokens = hot_seat_table(server, "cartographers", 1, seed=6)
    play_randomly(server, finished, tokens, seeded(1))
    tikal, tikal_tokens = hot_seat_table(server, "tikal", 3, seed=5)
    play_randomly(
        server, tikal, tikal_tokens, seeded(3), until=lambda s: len(s["view"]["score_history"]) >= 1
    )
    for size, (width, height) in SIZES.items():
        context = browser.new_context(
            bypass_csp=True,
            viewport={"width": width, "height": height},
            has_touch=size != "desktop",
        )
        try:
            page = context.new_page()
            # A screenshot of a broken page is no documentation: any script or console
            # error fails the test, and a screen that does not come says which errors
            # the page had (seen once under load: the Tikal board not there after 30 s).
            errors: list[str] = []
            page.on(
                "pageerror",
                lambda error, size=size, errors=errors: errors.append(
                    f"script error ({size}): {error}"
                ),
            )
            page.on(
                "console",
                lambda message, size=size, errors=errors: (
                    message.type == "error"
                    and errors.append(f"console error ({size}): {message.text}")
                ),
            )
            try:
                open_lobby(page, server)
                screen_shot(page, f"lobby-{size}")
                # The waiting room: the invitation to copy, and to share on a touch screen.
                create_in_lobby(page, server, "tikal", players=2, seats={1: "friend"})
                page.wait_for_selector("#invite-link")
                if size != "desktop":
                    page.wait_for_selector('[data-key="share"]')
                screen_shot(page, f"waiting-{size}")
                take_seat(page, server, tikal, 0, tikal_tokens[0], "tikal")
                page.wait_for_selector(".tikal-board")
                page.wait_for_selector("#log .log-group")
                screen_shot(page, f"tikal-{size}")
                create_in_lobby(page, server, "cartographers", seed=3)
                page.wait_for_selector('svg.sheet[data-key="sheet"]')
                press = page.click if size == "desktop" else page.tap
                press("#terrain-village")
                # centred: on a phone the top of the screen holds the sticky status line.
                # The sheet's frame, not the sheet: that would pan the frame too, row 1
                # under the band of letters.
                page.evaluate("(document.querySelector('.sheet-frame')"
                              " || document.querySelector('svg.sheet'))"
                              ".scrollIntoView({block: 'center'})")
                press('[data-cell="B3"]')
                page.wait_for_selector("#confirm-action")
                page.wait_for_selector("#preview-text.legal")
                screen_shot(page, f"cartographers-confirm-{size}")
                page.goto(f"{server}/#/replay/{finished}")
                page.wait_for_selector("#replay-step")
                screen_shot(page, f"replay-{size}")
            except PlaywrightError as failure:
                raise AssertionError(
                    f"the screens at {size} did not come: {failure}; page errors: {errors}"
                ) from failure
            assert not errors, errors
        finally:
            context.close()


def test_what_can_i_do_closes_when_the_game_ends(page, server):
    """A game played to its end with "What can I do?" open: the panel stayed above the
    result saying "It is not your turn", its button gone from the toolbar. At the end it
    goes, and the result is the first thing under the table's head."""
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=6)
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector("svg.sheet")
    page.click('[data-key="help"]')
    page.wait_for_selector(".help-panel .legal-list")
    play_randomly(server, table, tokens, seeded(1))
    page.wait_for_selector(".panel.summary")
    assert page.locator(".help-panel").count() == 0
    assert page.locator('[data-key="help"]').count() == 0


def test_a_hint_chosen_on_a_phone_previews_the_drawing_the_confirm_bar_plays(narrow, server):
    """On a phone, a spot tapped (a drawing awaiting "Confirm"), then a drawing chosen from
    "What can I do?": the preview beside the confirm bar showed an older drawing. Whatever
    hint is chosen, the one drawing previewed is the one "Confirm" plays."""
    page = narrow
    open_lobby(page, server)
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])["actions"]
    # A few of the card's shapes, turns and terrains, each on the first spot where it is legal.
    chosen = {}
    for action in legal:
        p = action["params"]
        chosen.setdefault((p.get("terrain"), p.get("shape"), p.get("orientation")), action)
    hints = [
        {"notation": a["notation"], "value": 1, "reason": None} for a in list(chosen.values())[:4]
    ]
    fulfil_hints(page, lambda body: {"state_id": body["state_id"], "hints": hints})
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector(".target")
    page.locator(".target").first.tap()
    page.wait_for_selector("#confirm-action")
    wrong = []
    for i, hint in enumerate(hints):
        # (Clicked in the page: the list may lie under the bar stuck to the screen's foot,
        # where a person scrolls it out from; that is not what is checked here.)
        unfold_tools(page)
        page.locator("#hint-button").evaluate("e => e.click()")
        page.locator(f'[data-key="hint-{i}"]').evaluate("e => e.click()")
        page.wait_for_selector("#confirm-action")
        # The focus the page puts back on the board after a redraw (its first target, or
        # the spot tapped before: another spot) leaves the preview on the drawing asked.
        page.locator(".board-area svg.board .target").last.evaluate("e => e.focus()")
        page.wait_for_timeout(50)
        shown = page.eval_on_selector_all(
            ".board-area svg.board:not([data-stale]) .candidate",
            "els => els.map(e => e.dataset.notation)",
        )
        if shown != [hint["notation"]]:
            wrong.append((hint["notation"], shown))
    assert not wrong, wrong
