"""The board in view (issue 30): at 1280×800 and on a 390×844 phone, at the start of a
person's turn every legal target of the decision is inside the viewport and reached by a
click at its centre (no panel over it), phone targets are at least 44×44 CSS px, the page
never scrolls sideways on the phone, and the Rules dialog is above every fixed element."""

from __future__ import annotations

import pytest

from .helpers import call, hot_seat_table, open_table_rules, play_randomly, seeded, take_seat

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
BOARDS = {
    "tikal": "svg.tikal-board:not([data-stale])",
    "cartographers": 'svg.sheet[data-key="sheet"]:not([data-stale])',
}
# A finger's size (WCAG 2.5.5; Apple's and Google's guidelines): targets on a phone.
FINGER = 44


@pytest.fixture(params=sorted(SIZES))
def sized(browser, request):
    width, height = SIZES[request.param]
    context = browser.new_context(
        bypass_csp=True,
        viewport={"width": width, "height": height},
        locale="en-US",
        has_touch=request.param == "phone",
    )
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield request.param, page
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def target_boxes(page, board):
    """Every legal target of the board: its box, and whether a click at its centre lands
    on it (elementFromPoint is the target or inside it)."""
    return page.evaluate(
        """sel => [...document.querySelectorAll(sel + ' [role=button][data-target]')].map(el => {
        // A board that pans in its frame (the phone's sheet): the frame is panned to the
        // target as a finger would (the page itself is not scrolled).
        const frame = el.closest('.board-frame');
        if (frame) {
            const [f, t] = [frame.getBoundingClientRect(), el.getBoundingClientRect()];
            frame.scrollLeft += t.left < f.left ? t.left - f.left
                : Math.max(0, t.right - f.left - frame.clientWidth);
            frame.scrollTop += t.top < f.top ? t.top - f.top
                : Math.max(0, t.bottom - f.top - frame.clientHeight);
        }
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {key: el.dataset.target, top: r.top, left: r.left, bottom: r.bottom,
                right: r.right, width: r.width, height: r.height,
                hit: !!hit && (hit === el || el.contains(hit)),
                over: hit && hit !== el && !el.contains(hit)
                    ? (hit.id || hit.className?.baseVal || hit.className || hit.tagName) : null};
    })""",
        board,
    )


def open_turn(page, server, game):
    table, tokens = hot_seat_table(server, game, 2 if game == "tikal" else 1, seed=7)
    take_seat(page, server, table, 0, tokens[0], game)
    page.wait_for_selector(f"{BOARDS[game]} [role=button][data-target]")
    # The fit happens once the picture is drawn: let the layout settle a frame.
    page.wait_for_timeout(300)
    return table, tokens


def assert_in_view(page, size, game):
    boxes = target_boxes(page, BOARDS[game])
    width, height = SIZES[size]
    assert boxes
    outside = [
        b["key"]
        for b in boxes
        if b["top"] < 0 or b["left"] < 0 or b["bottom"] > height + 0.5 or b["right"] > width + 0.5
    ]
    assert not outside, f"legal targets outside the {size} viewport: {outside}"
    covered = [(b["key"], b["over"]) for b in boxes if not b["hit"]]
    assert not covered, f"legal targets covered at {size}: {covered}"
    if size == "phone":
        small = [
            (b["key"], round(b["width"]), round(b["height"]))
            for b in boxes
            if b["width"] < FINGER - 0.5 or b["height"] < FINGER - 0.5
        ]
        assert not small, f"targets smaller than {FINGER}×{FINGER} px on the phone: {small}"
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_every_legal_target_is_in_view_and_reachable_at_the_start_of_a_turn(sized, server, game):
    size, page = sized
    open_turn(page, server, game)
    assert_in_view(page, size, game)


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_the_rules_dialog_is_above_every_fixed_element(sized, server, game):
    size, page = sized
    open_turn(page, server, game)
    open_table_rules(page)  # through the toolbar's "More" on the phone
    # Every point of the dialog's box belongs to the dialog: nothing fixed or sticky is
    # drawn over it (the "End the turn" button was, on the phone).
    outside = page.evaluate("""() => {
        const dialog = document.getElementById('rules-dialog');
        const r = dialog.getBoundingClientRect();
        const wrong = [];
        for (let i = 1; i < 10; i++) for (let j = 1; j < 10; j++) {
            const x = r.left + r.width * i / 10;
            const y = r.top + Math.min(r.height, innerHeight - r.top) * j / 10;
            const hit = document.elementFromPoint(x, y);
            if (!hit || !dialog.contains(hit))
                wrong.push([Math.round(x), Math.round(y), hit?.id || hit?.tagName]);
        }
        return wrong;
    }""")
    assert not outside, outside


def test_the_board_comes_back_into_view_when_the_next_turn_starts(sized, server):
    size, page = sized
    table, tokens = open_turn(page, server, "tikal")
    rng = seeded(5)
    # This turn and the other player's, played elsewhere; the person scrolled away.
    play_randomly(server, table, tokens, rng, until=lambda state: state["to_act"] != [0])
    page.wait_for_selector(f"{BOARDS['tikal']} [role=button][data-target]", state="detached")
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    play_randomly(server, table, tokens, rng, until=lambda state: state["to_act"] == [0])
    page.wait_for_selector(f"{BOARDS['tikal']} [role=button][data-target]")
    page.wait_for_timeout(300)
    assert_in_view(page, size, "tikal")


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_lobby_never_scrolls_sideways_on_a_phone(browser, server, lang):
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844},
                                  has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server}/")
        page.wait_for_selector("#create-button")
        page.select_option("#lang-select", lang)
        for game in ("tikal", "cartographers"):
            page.click(f"#game-{game}")
            page.wait_for_selector("#create-button")
            assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), game
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
@pytest.mark.parametrize("game", sorted(BOARDS))
def test_longer_words_keep_the_phone_table_in_view(browser, server, game, lang):
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844},
                                  has_touch=True)
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.goto(f"{server}/")
        page.wait_for_selector("#create-button")
        page.select_option("#lang-select", lang)
        open_turn(page, server, game)
        assert page.evaluate("document.documentElement.lang") == lang
        assert_in_view(page, "phone", game)
    finally:
        context.close()


def test_tikal_fits_the_map_in_play_until_a_person_zooms(page, server):
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    take_seat(page, server, table, 0, tokens[0], "tikal")
    page.wait_for_selector(f"{BOARDS['tikal']} [role=button][data-target]")

    def box():
        return [float(x) for x in page.get_attribute("svg.tikal-board", "viewBox").split()]

    fitted = box()
    page.click("#zoom-reset")
    whole = box()
    # At the start only the base camp's corner is in play: the fit shows less than the board.
    assert whole[:2] == [0, 0] and fitted[2] < whole[2] * 0.8
    # The person's choice is kept through the next drawing (a tile placed).
    page.click(f"{BOARDS['tikal']} .target")
    page.click("#place-confirm")
    page.wait_for_selector("#enter-W")
    assert box() == whole


def test_a_pan_of_the_phone_sheet_is_kept_when_the_table_is_drawn_again(browser, server):
    """A pan is the person's state: another player's move arriving redraws the table (a
    new frame, a new picture) and the sheet stays where the person moved it."""
    context = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844},
                                  locale="en-US", has_touch=True)
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        table, tokens = hot_seat_table(server, "cartographers", 2, seed=7)
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        frame = ".board-frame"
        page.wait_for_selector(f"{BOARDS['cartographers']} [role=button][data-target]")
        page.wait_for_timeout(300)
        room = page.evaluate("""sel => { const f = document.querySelector(sel);
            return [f.scrollWidth - f.clientWidth, f.scrollHeight - f.clientHeight]; }""", frame)
        assert room[0] > 40 and room[1] > 40, f"the phone's sheet does not pan: {room}"
        # The person's finger is on a target near the top left (focused), then the person
        # pans to the far corner: the focus kept through the redraw does not pan it back.
        page.evaluate("""sel => { const f = document.querySelector(sel);
            const near = [...f.querySelectorAll('.target')].sort((a, b) =>
                a.getBoundingClientRect().left + a.getBoundingClientRect().top
                - b.getBoundingClientRect().left - b.getBoundingClientRect().top)[0];
            near.focus({preventScroll: true});
            f.scrollTo({left: f.scrollWidth, top: f.scrollHeight, behavior: "instant"});
            f.dataset.panned = ""; }""", frame)
        panned = page.evaluate(f"""() => [document.querySelector('{frame}').scrollLeft,
            document.querySelector('{frame}').scrollTop]""")
        # The other player draws (played elsewhere): the table is drawn again.
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[1])
        call(server, "POST", f"/api/tables/{table}/actions",
             {"action": legal["actions"][0]["notation"], "state_id": legal["state_id"]},
             tokens[1])
        page.wait_for_selector(f"{frame}:not([data-panned])")  # a new frame: redrawn
        page.wait_for_selector(f"{BOARDS['cartographers']} [role=button][data-target]")
        page.wait_for_timeout(300)
        kept = page.evaluate(f"""() => [document.querySelector('{frame}').scrollLeft,
            document.querySelector('{frame}').scrollTop]""")
        assert kept == panned
    finally:
        context.close()
