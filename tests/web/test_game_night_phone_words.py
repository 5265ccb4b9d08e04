"""A game night on a phone, session 40: what friends read without the docs at 360×740 —
Tikal's space names and its zoom, the last move above the board (the log is at the foot
of the page), the autopilot's level named in "More", the score chart's axes."""

from __future__ import annotations

import json
import re

import pytest

from boardgamesbot.engine import load_game

from .conftest import serious_violations
from .helpers import (
    act,
    call,
    hot_seat_table,
    laptop_page,
    legal_notations,
    open_lobby,
    open_table_rules,
    phone_page,
    play_randomly,
    seeded,
    settled_boxes,
    take_seat,
    unfold_tools,
    view,
    wait_settled,
)
from .test_fast_moves_layout import FRAMES, HOLD
from .test_game_night_phone import (
    LANGS,
    SAYS,
    SHEET_TARGETS,
    cartographers_sheet,
    catalog,
    first_legal,
    tikal_table,
)

# A space name's size on screen: its font size in the picture's units times the scale the
# board is drawn at (its width on screen over its viewBox's width).
NAME_PX = """() => {
    const svg = document.querySelector('svg.tikal-board:not([data-stale])');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('.space-name')]
        .map(n => parseFloat(getComputedStyle(n).fontSize) * scale);
}"""


# The board as a person sees it, in one look: its spaces' names on screen (px), C5's name
# and hex widths, the zoom's tip and its + button. Null until tikal.js has sized the names
# for this drawing of the board (legibleNames: after its layout, before it is painted): a
# drawing read before that, never painted, wrote them at the picture's 12 units (8-9.97 px).
BOARD_SEEN = f"""() => {{
    const svg = document.querySelector('svg.tikal-board:not([data-stale])');
    if (!svg?.style.getPropertyValue('--space-name-size')) return null;
    const box = (e) => e.getBoundingClientRect().toJSON();
    const tip = document.getElementById('zoom-tip');
    return {{
        sizes: ({NAME_PX})(),
        name: box(svg.querySelector('[data-words-of="C5"].space-name')).width,
        hex: box(svg.querySelector('[data-space="C5"] polygon')).width,
        tip: tip && {{words: tip.innerText, box: box(tip), shown: tip.checkVisibility()}},
        plus: box(document.getElementById('zoom-in')),
        wide: document.documentElement.scrollWidth,
    }};
}}"""


@pytest.mark.parametrize("lang", LANGS)
def test_tikal_s_space_names_are_legible_on_a_phone_and_the_zoom_says_what_it_does(narrow, server,
                                                                                  lang):
    """The board shrunk to a phone wrote A4, C5 at 7-8 px (8.0 for the whole board, 9.97
    fitted to the start), and nothing said that + − ⤢ zoom or that a pinch does."""
    tikal_table(narrow, server, lang)
    # Fitted to the start's targets (the page at the server's state, its legal actions
    # drawn), the names and the tip read in the same look: read in steps, a CI run under
    # load found the tip, then read its box from a drawing the next one had detached (0 × 0).
    seen = wait_settled(narrow, BOARD_SEEN)
    sizes, tip, plus = seen["sizes"], seen["tip"], seen["plus"]
    assert len(sizes) == 48 and min(sizes) >= 10, ("fitted to the start", min(sizes))
    assert tip and tip["shown"], seen
    assert tip["words"] == catalog(lang, "tikal")["zoom.tip@touch"]
    said = tip["box"]
    assert said["left"] >= 0 and said["right"] <= plus["left"], (said, plus)  # beside the buttons
    assert said["top"] < plus["bottom"] and plus["top"] < said["bottom"], (said, plus)
    # The whole board (the smallest it is drawn): the names are still read.
    narrow.tap("#zoom-reset")
    seen = wait_settled(narrow, BOARD_SEEN)
    assert seen["tip"] is None, seen  # zoomed: its work done
    assert min(seen["sizes"]) >= 10, ("the whole board", min(seen["sizes"]))
    narrow.tap("#zoom-in")
    seen = wait_settled(narrow, BOARD_SEEN)
    assert min(seen["sizes"]) >= 10, "zoomed in"
    # A name's glyphs inside the picture's frame of the space (not cut by a bigger size).
    # (the spaces' words lie in a layer over the board, each naming its space: tikal.js)
    assert seen["name"] < seen["hex"] / 2, seen
    assert seen["wide"] <= 360, seen


def newest_line(page, name):
    """The log's newest action line of `name`, without the mover's name (its words)."""
    lines = page.locator("#log .log-group").first.locator("li.log-action").all_inner_texts()
    mine = [line for line in lines if line.startswith(f"{name}: ")]
    return mine[-1].split(": ", 1)[1] if mine else None


#: The board's top on the page (not the screen: a scroll is no jump).
BOARD_TOP = """() => document.querySelector('svg.tikal-board').getBoundingClientRect().top
    + window.scrollY"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_friend_s_move_is_read_above_the_board_in_the_log_s_words(narrow, server, lang):
    """On a phone the log is at the foot of the page, under the players and the supplies:
    the board marked a move without words. A line above the board says it."""
    table, tokens = tikal_table(narrow, server, lang)
    narrow.wait_for_selector(".space.target")
    # no move yet: the line's room says so (an empty band read as something not loaded)
    narrow.wait_for_function(SAYS, arg=["#move-line", catalog(lang)["board.last_move.none"]])
    assert narrow.locator("#move-line").is_visible()
    words = catalog(lang)
    before = wait_settled(narrow, BOARD_TOP)
    act(server, table, tokens[0], first_legal(server, table, tokens[0]))  # Ana's tile
    # Her own first move brings the line; the board did not move down for it (it jumped by
    # the line's height): read in the same look as the line's words first show.
    after = narrow.wait_for_function(f"""() => {{
        const line = document.getElementById('move-line');
        return line && line.checkVisibility({{visibilityProperty: true}})
            && line.textContent.trim() ? ({BOARD_TOP})() : null; }}""").json_value()
    assert abs(after - before) < 1, (before, after)
    act(server, table, tokens[0], "end")
    act(server, table, tokens[1], first_legal(server, table, tokens[1]))  # Bea's tile
    narrow.wait_for_function("() => document.querySelector('#log .log-group li.log-action')"
                             "?.textContent.startsWith('Bea: ')")
    narrow.wait_for_function("() => !document.querySelector('.pace-showing')")  # shown, caught up
    moved = newest_line(narrow, "Bea")
    expected = words["board.last_move.by"].replace("{name}", "Bea").replace("{move}", moved)
    narrow.wait_for_function(SAYS, arg=["#move-line", expected])
    # Read where the eye is: above the board, under the line stuck to the top, on screen.
    seen = settled_boxes(narrow, "#move-line", "svg.tikal-board", "#status-line")
    line, board, status = seen["#move-line"], seen["svg.tikal-board"], seen["#status-line"]
    assert line["top"] >= status["bottom"] - 1 and line["bottom"] <= board["top"], (line, board)
    assert board["top"] - line["bottom"] < 90, (line, board)
    assert line["left"] >= 0 and line["right"] <= 360 and line["bottom"] <= 740, line
    # It says what the note under the board would: one line, not both.
    assert narrow.locator("#last-move-note").count() == 0 or \
        not narrow.locator("#last-move-note").is_visible()


def test_a_friend_s_moves_are_read_one_at_a_time_as_they_are_shown(narrow, server):
    """Bea's whole turn arrives at once; the line follows each move as the board shows it."""
    table, tokens = tikal_table(narrow, server)
    narrow.wait_for_selector(".space.target")
    narrow.evaluate("""() => { window.__lines = [];
        new MutationObserver(() => { const l = document.querySelector('#move-line');
            if (l && !l.hidden && window.__lines.at(-1) !== l.textContent)
                window.__lines.push(l.textContent); })
        .observe(document.body, {childList: true, subtree: true, characterData: true}); }""")
    act(server, table, tokens[0], first_legal(server, table, tokens[0]))
    act(server, table, tokens[0], "end")
    play_randomly(server, table, tokens, seeded(2),
                  until=lambda state: state["to_act"] == [0])  # Bea's turn, all of it
    narrow.wait_for_selector(".space.target")
    narrow.wait_for_function("() => !document.querySelector('.pace-showing')")
    lines = narrow.locator("#log .log-group").first.locator("li.log-action").all_inner_texts()
    said = catalog("en")["board.last_move.by"]
    expected = [said.replace("{name}", "Bea").replace("{move}", line.split(": ", 1)[1])
                for line in lines if line.startswith("Bea: ")]
    assert len(expected) >= 2, lines
    seen = narrow.evaluate("window.__lines")
    assert [line for line in seen if line in expected] == expected, (seen, expected)


@pytest.mark.parametrize("lang", LANGS)
def test_the_autopilot_s_level_is_named_on_screen_in_more(narrow, server, lang):
    """"More" offered a bare "Easy ▾" beside "Let the computer play for me": its name was
    for screen readers only."""
    tikal_table(narrow, server, lang)
    narrow.wait_for_selector(".space.target")
    unfold_tools(narrow)
    # The label, its box and the choice's read in one look (read in steps, two drawings').
    seen = wait_settled(narrow, """() => {
        const label = document.querySelector('label[for="autopilot-level"]');
        const choice = document.getElementById('autopilot-level');
        return label && choice && {words: label.innerText,
            whole: label.scrollWidth <= label.clientWidth + 1,
            named: label.getBoundingClientRect().toJSON(),
            choice: choice.getBoundingClientRect().toJSON()}; }""")
    named, choice = seen["named"], seen["choice"]
    assert seen["words"] == catalog(lang)["table.autopilot.level"]
    assert named["width"] > 40 and named["height"] >= 12, named
    assert named["left"] >= 0 and named["right"] <= 360, named
    assert named["bottom"] <= choice["top"] + 1, (named, choice)  # read above the choice
    assert seen["whole"], seen


def finished(server, game):
    seed, rng = {"tikal": (9, 4), "cartographers": (3, 1)}[game]
    table, tokens = hot_seat_table(server, game, 2, seed=seed)
    play_randomly(server, table, tokens, seeded(rng))
    return table, tokens


# Each axis label: its size on screen (font size × the chart's scale) and its box.
AXES = """() => {
    const svg = document.querySelector('svg.chart');
    const frame = svg.getBoundingClientRect();
    const scale = frame.width / svg.viewBox.baseVal.width;
    return {frame: {left: frame.left, right: frame.right, top: frame.top, bottom: frame.bottom},
        labels: [...svg.querySelectorAll('text.axis')].map(e => {
            const r = e.getBoundingClientRect();
            return {text: e.textContent, px: parseFloat(getComputedStyle(e).fontSize) * scale,
                    left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                    below: e.getAttribute('text-anchor') === 'middle'}; })};
}"""


@pytest.mark.parametrize(("game", "lang"), [("tikal", "en"), ("tikal", "pt-BR"),
                                            ("cartographers", "pt-BR"), ("cartographers", "ca")])
def test_the_score_chart_s_axes_are_read_on_a_phone(narrow, server, game, lang):
    """The chart is drawn 480 units wide and shrunk to ~330 px: its axes' labels were 7.5 px."""
    table, tokens = finished(server, game)
    open_lobby(narrow, server, lang)
    take_seat(narrow, server, table, 0, tokens[0], game)
    narrow.wait_for_selector("svg.chart text.axis")
    axes = narrow.evaluate(AXES)
    frame = axes["frame"]
    below = [label for label in axes["labels"] if label["below"]]
    assert len(below) >= 4, axes
    for label in axes["labels"]:
        assert label["px"] >= 11, label
        assert frame["left"] <= label["left"] and label["right"] <= frame["right"], (label, frame)
        assert frame["top"] <= label["top"] and label["bottom"] <= frame["bottom"], (label, frame)
    for a, b in zip(below, below[1:], strict=False):
        assert a["right"] < b["left"], (a, b)  # the rounds' (seasons') names apart


# In one look: the values the chart's lines mark (its left axis) and the scores it draws.
LINES = """() => {
    const svg = document.querySelector('svg.chart');
    if (!svg) return null;
    const texts = (selector) => [...svg.querySelectorAll(selector)].map(e => e.textContent);
    return {marked: texts('text.axis[text-anchor="end"]'), scores: texts('circle title')};
}"""


@pytest.mark.parametrize("game", ["tikal", "cartographers"])
def test_the_score_chart_s_lines_mark_round_numbers_and_zero(narrow, server, game):
    """Two friends' Cartographers chart marked 17, 9, 2, -6 and -14 (Tikal's 0, 5, 9, 14,
    18): numbers to work out, and no line at 0, which a season's stars go below. The lines
    mark round steps (1, 2 or 5 times a power of ten), 0 among them, every score between
    the first and the last."""
    table, tokens = finished(server, game)
    open_lobby(narrow, server, "en")
    take_seat(narrow, server, table, 0, tokens[0], game)
    seen = narrow.wait_for_function(LINES).json_value()
    marked = sorted(int(text) for text in seen["marked"])
    scores = [int(text.rsplit(": ", 1)[1]) for text in seen["scores"]]
    step = marked[1] - marked[0]
    assert int(str(step).rstrip("0") or "0") in (1, 2, 5), seen
    assert marked == list(range(marked[0], marked[-1] + 1, step)), seen
    assert 0 in marked and marked[0] <= min(scores) and max(scores) <= marked[-1], seen
    assert 3 <= len(marked) <= 6, seen


def ana_has_ended_her_first_turn(page, server, pace, lang=None):
    """A two-player Tikal table (seed 7) on the phone as Ana's, others' moves shown at
    ``pace``: Ana has placed her first tile and ended her turn, so Bea's turn is next."""
    open_lobby(page, server, lang)
    page.evaluate(f"localStorage.setItem('bgbot.pace', '{pace}')")
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    take_seat(page, server, table, 0, tokens[0], "tikal")
    page.wait_for_selector(".space.target")
    act(server, table, tokens[0], first_legal(server, table, tokens[0]))
    act(server, table, tokens[0], "end")
    page.wait_for_selector(".space.target", state="detached")
    return table, tokens


# In one look, once one of Bea's moves is shown (its picture drawn, marked `pace-step`, and
# "Skip to the present" there): the board's box, the bar's at the foot and Skip's.
SHOWING_BEA = """() => {
    const board = document.querySelector('svg.tikal-board.pace-step:not([data-stale])');
    const bar = document.querySelector('.table-head > .pace');
    const skip = document.getElementById('pace-skip');
    if (!board || !bar || !skip) return null;
    const r = (e) => e.getBoundingClientRect().toJSON();
    return {board: r(board), bar: r(bar), skip: r(skip), scroll: scrollY};
}"""

# In one look once the present is drawn (settled): the board's box and the page's scroll.
BOARD_AT = """() => {
    const board = document.querySelector('svg.tikal-board:not([data-stale])');
    return board && {board: board.getBoundingClientRect().toJSON(), scroll: scrollY};
}"""


def test_a_bot_s_turn_shown_move_by_move_does_not_push_the_board_down(narrow, server):
    """"Showing Bea's moves · 6 more" and "Skip to the present" came as two rows above the
    board: the board jumped ~90 px down at each of a friend's (a bot's) turns and back up
    after. They lie over the foot of the screen instead, under the thumb. Each screen read
    in one look once it is drawn (it slept, then read the boxes one by one: a redraw in
    between could give them from two drawings)."""
    table, tokens = ana_has_ended_her_first_turn(narrow, server, "slow")
    narrow.evaluate("window.scrollTo(0, 0)")
    before = wait_settled(narrow, f"() => {{ const seen = ({BOARD_AT})();"
                          " return seen && seen.scroll === 0 ? seen : null; }")
    for _ in range(3):  # Bea's tile and two moves: shown one at a time, a second each
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[1])["actions"]
        act(server, table, tokens[1], next(a["notation"] for a in legal if a["notation"] != "end"))
    during = narrow.wait_for_function(SHOWING_BEA).json_value()
    assert during["scroll"] == before["scroll"], (before, during)
    assert abs(during["board"]["top"] - before["board"]["top"]) <= 1, (before, during)
    bar, skip = during["bar"], during["skip"]
    assert bar["bottom"] <= 740 and bar["top"] >= 740 - 100, bar  # at the foot of the screen
    assert bar["left"] >= 0 and bar["right"] <= 360, bar
    assert skip["height"] >= 38 and skip["right"] <= 360, skip
    narrow.tap("#pace-skip")
    after = wait_settled(narrow, BOARD_AT)
    assert abs(after["board"]["top"] - before["board"]["top"]) <= 1, (before, after)


@pytest.mark.parametrize("lang", LANGS)
def test_a_1x1_card_s_turn_panel_leaves_the_sheet_in_sight(narrow, server, lang):
    """Cartographers solo, a card of one square in any terrain (seed 21's first): the turn
    panel stuck to the foot of the screen offered Rotate, Flip and "not turned" for a
    square, and five terrains on three rows: 320 of 740 px, over the sheet being drawn on."""
    open_lobby(narrow, server, lang)
    created = call(server, "POST", "/api/tables", {
        "game": "cartographers", "options": {}, "seed": 21,
        "seats": [{"kind": "person", "name": "Ana"}]})
    table, token = created["table"]["id"], created["seats"][0]["token"]
    take_seat(narrow, server, table, 0, token, "cartographers")
    narrow.wait_for_selector('svg.sheet[data-key="sheet"]:not([data-stale]) .target')
    card = call(server, "GET", f"/api/tables/{table}/view", token=token)["view"]["card"]
    assert len(card["terrains"]) == 5 and [len(s["cells"]) for s in card["shapes"]] == [1], card
    assert narrow.locator("#rotate").count() == 0 and narrow.locator("#flip").count() == 0
    assert narrow.locator("#orientation").count() == 0
    terrains = [f"#terrain-{terrain}"
                for terrain in ("forest", "village", "farm", "water", "monster")]
    seen = settled_boxes(narrow, ".panel.decision.yours", *terrains)
    panel = seen[".panel.decision.yours"]
    assert panel["height"] <= 0.3 * 740, panel  # 320 px (240 without Rotate, Flip)
    for terrain in terrains:
        button = seen[terrain]
        assert button["height"] >= 38 and button["right"] <= 360, (terrain, button)


@pytest.mark.parametrize("lang", ["en", "ca"])
def test_tikal_s_scoring_rounds_are_named_as_the_chart_names_them(narrow, server, lang):
    """A finished game listed "4. Round 4: …" under a chart whose last point said "Final"."""
    table, tokens = finished(server, "tikal")
    open_lobby(narrow, server, lang)
    take_seat(narrow, server, table, 0, tokens[0], "tikal")
    narrow.wait_for_selector("svg.chart text.axis")
    rounds = [item.split(":")[0] for item in
              narrow.locator("#scoring-panel .scoring-rounds li").all_inner_texts()]
    chart = [label["text"] for label in narrow.evaluate(AXES)["labels"] if label["below"]]
    assert rounds == chart[1:], (rounds, chart)  # after the chart's "start"
    assert rounds[-1] == catalog(lang, "tikal")["tikal.round.last"], rounds
    # Found and read in one step in the page: read as two (eval_on_selector), it once
    # in four runs here gave '' — as for an item the table's next drawing had detached.
    marks = narrow.evaluate("""() => getComputedStyle(
        document.querySelector('#scoring-panel .scoring-rounds li')).listStyleType""")
    assert marks == "none"  # "1. Round 1" said the number twice


def a_space_chosen_after_the_tile(page, server, lang):
    """A Tikal table on the phone in ``lang``: Ana's tile laid and a worker brought in, then
    its space tapped and moving the worker chosen there (tikal.js spaceChoices), so the turn
    panel at the screen's foot offers that space's figures and actions."""
    table, tokens = tikal_table(page, server, lang)
    page.wait_for_selector(".space.target")
    act(server, table, tokens[0], first_legal(server, table, tokens[0]))
    act(server, table, tokens[0], "enter W A6")
    page.wait_for_selector('svg.tikal-board:not([data-stale]) [data-space="A6"].target')
    page.wait_for_function("document.getElementById('ap-left')?.textContent.includes('9')")
    page.locator('svg.tikal-board:not([data-stale]) [data-space="A6"]').tap()
    page.tap('#space-choices [data-key="choice-move-W"]')
    wait_settled(page, "() => Boolean(document.querySelector('.panel.decision.yours h3'))")


# The turn panel at the foot of the screen, in one look: its box, whether its action points'
# heading is on one line, each of its buttons' words and box and whether they are whole on
# one line (read one by one, a redraw between made two drawings' parts read as one).
TURN_PANEL = """() => {
    const panel = document.querySelector('.panel.decision.yours');
    const heading = document.getElementById('ap-left');
    if (!panel || !heading) return null;
    const lines = (e) => { const r = document.createRange(); r.selectNodeContents(e);
        return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; };
    return {panel: panel.getBoundingClientRect().toJSON(),
        heading: {h: heading.getBoundingClientRect().height,
            line: parseFloat(getComputedStyle(heading).lineHeight)
                || 1.2 * parseFloat(getComputedStyle(heading).fontSize)},
        buttons: Object.fromEntries([...panel.querySelectorAll('button')].map((b, i) => [b.id || i,
            {words: b.innerText, box: b.getBoundingClientRect().toJSON(),
             whole: b.scrollWidth <= b.clientWidth, lines: lines(b)}]))};
}"""


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_tikal_s_turn_panel_with_a_space_chosen_leaves_the_board_in_sight(narrow, server, lang):
    """The tile laid and a space tapped, the turn panel stuck to the foot of the screen took
    270 of 740 px in pt-BR: the action points' heading on two lines, "bring in a worker"
    and "bring in the leader" on a row each, over the board being played on."""
    a_space_chosen_after_the_tile(narrow, server, lang)
    seen = wait_settled(narrow, TURN_PANEL)
    panel, heading = seen["panel"], seen["heading"]
    assert panel["height"] <= 230, panel  # pt-BR 274 → 181, ca 234 → 225
    assert heading["h"] < 1.6 * heading["line"], heading  # one line
    for name, width, height in [(button["words"], button["box"]["width"], button["box"]["height"])
                                for button in seen["buttons"].values()]:
        assert height >= 38 and width >= 38, (name, width, height)


# The rules' section on playing by taps, in each language: its heading and its items'
# bold openings (placing, one thing to do, a figure, several things).
TAPS_TOLD = {
    "en": ["In the browser, by tapping the board", "Placing the tile:",
           "One thing to do there:", "Your figure there:", "Several things to do there:"],
    "pt-BR": ["No navegador, tocando no tabuleiro", "Colocar o hexágono:",
              "Uma só coisa a fazer ali:", "Sua figura ali:", "Várias coisas a fazer ali:"],
    "ca": ["Al navegador, tocant el tauler", "Col·locar la lloseta:", "Una sola cosa a fer-hi:",
           "La teva figura hi és:", "Diverses coses a fer-hi:"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_tikal_s_rules_at_the_table_say_how_a_tap_plays(narrow, server, lang):
    """A tap on a space plays what it offers, chooses the figure there (its green spaces)
    or opens a small menu at the space: said nowhere a player looks, so friends on phones
    learnt it by tapping. The rules opened from the table say it, under "How to play
    here", before the terminal's notation."""
    tikal_table(narrow, server, lang)
    open_table_rules(narrow)
    told = narrow.wait_for_function("""() => {
        const heading = [...document.querySelectorAll('#rules-body h3')]
            .find((h) => h.nextElementSibling?.nextElementSibling?.tagName === 'UL');
        const list = heading?.nextElementSibling.nextElementSibling;
        return list && [heading.textContent,
            ...[...list.children].map((li) => li.querySelector('strong')?.textContent)]; }""")
    assert told.json_value() == TAPS_TOLD[lang]


# The notice over the page says `told` (the argument), whole in sight.
TOLD_OVER_THE_PAGE = """told => { const notice = document.getElementById('notice');
    const box = notice.getBoundingClientRect();
    return !notice.hidden && notice.textContent === told
        && box.top >= 0 && box.bottom <= innerHeight; }"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_season_scored_is_told_over_the_page_on_a_phone(browser, server, lang):
    """Solo Cartographers at 360×640 (session 50, fresh eyes): the drawing that ended
    Spring scored the season (edicts, coins, monsters), and the page said so only in the
    log at the foot of the page — the line above the map named the drawing, nothing told
    the stars. The person's season total is told over the page, in their language."""
    context, page, errors = phone_page(browser, 360, 640)
    page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
    try:
        table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(".board-area svg")
        rng = seeded(3)
        state = view(server, table, tokens[0])
        while not state["view"]["players"][0]["seasons"]:
            act(server, table, tokens[0], rng.choice(legal_notations(server, table, tokens[0])))
            state = view(server, table, tokens[0])
        me = state["view"]["players"][0]
        words = catalog(lang, "cartographers")
        told = words["log.season.yours"].format(
            season=words[f"carto.season.{me['seasons'][0]['season']}"],
            n=me["seasons"][0]["total"], stars=me["stars"])
        page.wait_for_function(TOLD_OVER_THE_PAGE, arg=told)
    finally:
        context.close()
    assert not errors, errors


def tikal_held_back(server, held, seed=7):
    """A two-seat Tikal table played (a tile placed, the turn ended) up to the first move
    that ``held(trial)`` says of the state it would bring: the table, its tokens, and the
    seat and notation held back. Found on the engine's own copy of the game (seed +
    actions = the game), then played at the table."""
    state = load_game("tikal").new(num_players=2, seed=seed)
    rng = seeded(seed)
    played = []
    while not state.is_over():
        seat = state.current_players()[0]
        legal = [str(action) for action in state.legal_actions(seat)]
        move = "end" if "end" in legal else rng.choice(legal)
        trial = state.clone()
        trial.apply(seat, move)
        if held(trial):
            break
        played.append((seat, move))
        state.apply(seat, move)
    else:
        raise AssertionError("nothing held back")
    table, tokens = hot_seat_table(server, "tikal", 2, seed=seed)
    for who, notation in played:
        act(server, table, tokens[who], notation)
    return table, tokens, seat, move


@pytest.mark.parametrize("lang", LANGS)
def test_a_volcano_s_scoring_round_is_told_over_the_page_on_a_phone(browser, server, lang):
    """Tikal at 360×640, as Cartographers' seasons are (session 50): a friend's "end" drew
    a volcano for the person and a scoring round began, said only in the log at the page's
    foot. The round's start is told over the page as the move is shown, in their language."""
    context, page, errors = phone_page(browser, 360, 640)
    page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
    try:
        table, tokens, ender, end = tikal_held_back(
            server, lambda trial: trial.view(None).get("round") == "volcano")
        take_seat(page, server, table, 1 - ender, tokens[1 - ender], "tikal")
        page.wait_for_selector("svg.tikal-board:not([data-stale])")
        act(server, table, tokens[ender], end)
        # The next to play draws the tile: the volcano is the page's own seat's.
        me = catalog(lang)["seat.you"].format(name=["Ana", "Bea"][1 - ender])
        told = catalog(lang, "tikal")["log.round.volcano.line"].format(name=me)
        page.wait_for_function(TOLD_OVER_THE_PAGE, arg=told)
    finally:
        context.close()
    assert not errors, errors


def test_the_game_s_last_scores_are_not_told_over_its_result(phone, server):
    """Tikal at 390×844, the last move played by a friend: "Scores after the round: Ana
    0 · Bea 0" lay over the top of the page, above the result that says the same. The
    final scoring's scores are the result's; a volcano's round alone is told over the page."""
    table, tokens, seat, last = tikal_held_back(server, lambda trial: trial.is_over())
    take_seat(phone, server, table, 1 - seat, tokens[1 - seat], "tikal")
    phone.wait_for_selector("svg.tikal-board:not([data-stale])")
    act(server, table, tokens[seat], last)
    # (the notice is told as the events come, before the result is drawn)
    told = phone.wait_for_function("""() => document.querySelector('.panel.summary')
        && [document.getElementById('notice')].map(n => n.hidden ? '-' : n.textContent)[0]
        """).json_value()
    assert not told.startswith("Scores after the round"), told


def cartographers_last_drawing(server, seed=5):
    """A two-seat Cartographers table played at random (the engine's own copy: seed +
    actions) up to its last drawing, the other seat's drawn: the table, its tokens, and
    the seat and drawing that end the game."""
    state = load_game("cartographers").new(num_players=2, seed=seed)
    rng = seeded(seed)
    played = []
    while True:
        seat = state.current_players()[0]
        move = rng.choice([str(action) for action in state.legal_actions(seat)])
        trial = state.clone()
        trial.apply(seat, move)
        if trial.is_over():
            break
        played.append((seat, move))
        state.apply(seat, move)
    assert state.current_players() == [seat], state.current_players()
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=seed)
    for who, notation in played:
        act(server, table, tokens[who], notation)
    return table, tokens, seat, move


# The result panel and the notice over the page, where they meet (null: apart, or no notice).
RESULT_COVERED = """() => { const result = document.querySelector('.panel.summary');
    const notice = document.getElementById('notice');
    if (!result || notice.hidden) return null;
    const [a, b] = [result.getBoundingClientRect(), notice.getBoundingClientRect()];
    const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return overlap ? [notice.textContent, b.top, b.bottom, a.top, a.bottom] : null; }"""


# The result's title and its winners on screen, each the topmost thing where it is drawn.
RESULT_READ = """() => ['.panel.summary h2', '.panel.summary .winners'].every(sel => {
    const el = document.querySelector(sel); if (!el) return false;
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight || r.height === 0) return false;
    return [r.top + 2, r.bottom - 2].every(y => el.contains(
        document.elementFromPoint(r.left + Math.min(20, r.width / 2), y))); })"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_last_season_s_headline_leaves_the_result_readable(browser, server, size):
    """Cartographers, my drawing ending winter and the game: "Winter scoring: you scored 27
    ★ this season (44 ★ in all)" lay over the top of the result panel, its winner read
    under it. The game's last season is the result's to say: nothing lies over the
    result, on a phone or a laptop."""
    context, page, errors = (phone_page(browser, *size) if size[0] < 600
                             else laptop_page(browser, *size, "en"))
    try:
        table, tokens, seat, _ = cartographers_last_drawing(server)
        take_seat(page, server, table, seat, tokens[seat], "cartographers")
        # The person's own last drawing, tapped: a spot, then "Confirm".
        page.locator(SHEET_TARGETS).first.click()
        page.click("#confirm-action")
        page.wait_for_selector(".panel.summary")
        # Told with the events, before the result is drawn or at once after: looked at
        # over the next frames, as a person would read them.
        covered = page.evaluate(f"""() => new Promise(done => {{ let n = 0, seen = null;
            const look = () => {{ seen ||= ({RESULT_COVERED})();
                if (++n < 30) requestAnimationFrame(look); else done(seen); }};
            look(); }})""")
        assert covered is None, covered
        # The result's title and winner in sight, and nothing over them (a phone's status
        # line stuck to the top lay over the title, the page held where the map was tapped).
        page.wait_for_function(RESULT_READ)
    finally:
        context.close()
    assert not errors, errors


def test_the_other_players_maps_take_the_phone_s_width(narrow, server):
    """Cartographers with friends: "The other maps" were 220 px wide one under the other on
    a 360 px phone, their letters and numbers 6 px; each takes the panel's width now."""
    open_lobby(narrow, server)
    table, tokens = hot_seat_table(server, "cartographers", 3, seed=8)
    take_seat(narrow, server, table, 0, tokens[0], "cartographers")
    # (both maps in one look: read once the first was drawn, CI found one)
    sheets = narrow.wait_for_function("""() => {
        const ss = [...document.querySelectorAll('figure.other-sheet svg.sheet.small')];
        return ss.length === 2 && ss.map(s => { const r = s.getBoundingClientRect();
            return {left: r.left, right: r.right, width: r.width}; }); }""").json_value()
    assert len(sheets) == 2
    for sheet in sheets:
        assert sheet["width"] >= 300 and sheet["left"] >= 0 and sheet["right"] <= 360, sheet
    assert narrow.evaluate("document.documentElement.scrollWidth") <= 360
    # Whose map each is, read whole: the name under a map lay under the next map (its
    # figure sized for a 300 px picture in a flex column, the caption overflowed it).
    for figure in narrow.eval_on_selector_all("figure.other-sheet", """fs => fs.map(f => {
            const r = f.getBoundingClientRect();
            const c = f.querySelector('figcaption').getBoundingClientRect();
            const next = f.nextElementSibling?.getBoundingClientRect();
            return {bottom: r.bottom, caption: c.bottom, next: next ? next.top : Infinity}; })"""):
        assert figure["caption"] <= figure["bottom"] + 0.5 <= figure["next"] + 0.5, figure


@pytest.mark.parametrize("lang", LANGS)
def test_the_status_line_says_who_is_moving_while_their_moves_are_shown(narrow, server, lang):
    """Bea's moves shown one at a time, the line stuck to the top of the screen said
    "Waiting for Bea" (for a bot: "Waiting for Bot 2") — her moves made and on screen. It
    says that she is moving, and at her last move shown, her turn ended, that she has moved."""
    table, tokens = ana_has_ended_her_first_turn(narrow, server, "normal", lang)
    narrow.wait_for_function("() => !document.querySelector('.pace-showing')")
    # Each status line said, with whether others' moves were being shown then.
    narrow.evaluate("""() => { window.__said = [];
        new MutationObserver(() => { const l = document.querySelector('#status-line');
            const said = [l?.textContent, Boolean(document.querySelector('.pace-showing'))];
            const last = window.__said.at(-1);
            if (l && (!last || last[0] !== said[0] || last[1] !== said[1]))
                window.__said.push(said); })
        .observe(document.body, {childList: true, subtree: true, characterData: true}); }""")
    for _ in range(2):  # Bea's tile and a move, one push each, then the end of her turn
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[1])["actions"]
        act(server, table, tokens[1], next(a["notation"] for a in legal if a["notation"] != "end"))
    act(server, table, tokens[1], "end")
    narrow.wait_for_selector(".pace-showing")
    narrow.wait_for_function("() => !document.querySelector('.pace-showing')", timeout=30_000)
    words = catalog(lang)
    moving = words["status.moving"].replace("{name}", "Bea")
    moved = words["status.moved"].replace("{name}", "Bea")
    said = narrow.evaluate("window.__said")
    shown = [text for text, showing in said if showing]
    assert moving in shown and shown[-1] == moved, said
    assert set(shown) == {moving, moved}, said  # never "Waiting for Bea"
    assert said[-1][0] == narrow.inner_text("#status-line") and \
        narrow.locator("#status-line.yours").count() == 1, said  # caught up: my turn


# Where an element is, from the top of the board's area (a tap scrolls the preview into
# view, and the status line above, one line shorter with "Confirm or cancel", moves all).
IN_AREA = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
    const top = document.querySelector('.board-area').getBoundingClientRect().top;
    return {top: r.top - top, bottom: r.bottom - top, left: r.left, right: r.right}; }"""


@pytest.mark.parametrize("lang", ["en", "ca"])
def test_no_room_is_kept_empty_under_the_sheet_for_the_preview(narrow, server, lang):
    """Cartographers kept ~42 px empty under the sheet for the preview's words, wasted on a
    phone until a drawing is previewed. Its words come over what follows, and nothing
    under the sheet moves when they do."""
    cartographers_sheet(narrow, server, lang)
    narrow.wait_for_timeout(300)
    frame, area = (narrow.evaluate(IN_AREA, s) for s in (".sheet-frame", ".board-area"))
    assert area["bottom"] - frame["bottom"] <= 16, (frame, area)  # the area's padding (was 63)
    narrow.locator(SHEET_TARGETS).first.tap()
    narrow.wait_for_selector(".confirm-bar")
    narrow.wait_for_selector(".preview-text.legal")  # the server's answer painted
    narrow.wait_for_timeout(300)
    assert narrow.evaluate(IN_AREA, ".sheet-frame") == frame
    assert narrow.evaluate(IN_AREA, ".board-area") == area
    said = narrow.evaluate(IN_AREA, "#preview-text")
    assert frame["bottom"] - 1 <= said["top"] <= frame["bottom"] + 12, (frame, said)
    assert said["left"] >= 0 and said["right"] <= 360, said
    assert narrow.locator("#preview-text").is_visible()
    assert narrow.evaluate(IN_AREA, ".confirm-hint")["top"] >= said["bottom"] - 1


@pytest.mark.parametrize("lang", LANGS)
def test_tikal_s_bring_in_buttons_share_a_row_with_their_words_whole(narrow, server, lang):
    """The tile laid and a space tapped: "Fes entrar un treballador" and "Fes entrar el
    líder" were on a row each at 360 px, the turn panel over the board 225 px tall (en
    162). Catalan says it as "Entra un treballador" (entrar, transitive: to bring in)."""
    a_space_chosen_after_the_tile(narrow, server, lang)
    words = catalog(lang, "tikal")
    seen = wait_settled(narrow, TURN_PANEL)
    buttons = [seen["buttons"][f"enter-{figure}"] for figure in ("W", "L")]
    enter = [button["box"] for button in buttons]
    assert [button["words"] for button in buttons] == \
        [words["tikal.enter.W"], words["tikal.enter.L"]]
    assert abs(enter[0]["top"] - enter[1]["top"]) < 2, enter  # one row
    assert enter[1]["right"] <= 360, enter
    for button in buttons:  # whole, on one line
        assert button["whole"] and button["lines"] == 1, button
    assert seen["panel"]["height"] <= 190


class HeldNews:
    """The server's messages to a table's page held back while `held` is true, then given
    to it all at once (release): as they reach a page that draws slower than moves come."""

    def __init__(self, page):
        self.held = False
        self.waiting = []
        self.socket = None
        page.route_web_socket(re.compile(r"/ws/tables/"), self.route)

    def route(self, socket):
        self.socket = socket
        server_side = socket.connect_to_server()
        socket.on_message(server_side.send)
        server_side.on_message(lambda message: self.waiting.append(message) if self.held
                               else socket.send(message))

    def states(self):
        """How many states are held (whole, or as a patch of the one before)."""
        return sum(json.loads(m).get("type") in ("state", "patch") for m in self.waiting)

    def release(self, page):
        """Given to the page while it is busy (its main thread held a moment, as a long
        drawing holds it): they wait there together, not one frame apart."""
        page.evaluate(HOLD, 300)
        self.held = False
        waiting, self.waiting = self.waiting, []
        for message in waiting:
            self.socket.send(message)


# Each cell matching the selector inside the map's frame (as [its name, whether in sight]).
IN_FRAME = """(frame, selector) => {
    const area = frame.getBoundingClientRect();
    return [...frame.querySelectorAll(selector)].map(cell => {
        const box = cell.getBoundingClientRect();
        return [cell.dataset.cell, box.left >= area.left - 1 && box.right <= area.right + 1
                && box.top >= area.top - 1 && box.bottom <= area.bottom + 1]; }); }"""


@pytest.mark.parametrize("speed,together", [("fast", False), ("instant", False),
                                            ("instant", True)],
                         ids=["fast", "instant", "instant-arriving-together"])
def test_a_monster_drawn_on_my_map_out_of_the_frame_is_brought_into_sight(narrow, server, speed,
                                                                          together):
    """An ambush at Cartographers, on a phone whose map pans in its frame: Bea drew the
    monster at the far corner of Ana's map (K9, J10, I11), the line above the map named it,
    and the frame stayed on the first columns — the monster was never seen, at her move
    shown nor at Ana's next turn. The frame pans to it, shown one move at a time or at once.
    Also when the page gets the news of both moves together (drawn once, table.js
    drawSoon): Ana's "not your turn" was never drawn, and her next turn kept the last
    one's pan, on the first columns."""
    news = HeldNews(narrow) if together else None
    open_lobby(narrow, server)
    narrow.evaluate("speed => localStorage.setItem('bgbot.pace', speed)", speed)
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=7)
    take_seat(narrow, server, table, 0, tokens[0], "cartographers")
    narrow.wait_for_selector(".sheet-frame svg.sheet .target")
    if news:
        news.held = True

    def legal(seat):
        return legal_notations(server, table, tokens[seat])

    def play(seat, notation):
        act(server, table, tokens[seat], notation)

    play(0, next(a for a in legal(0) if a.startswith("ambush") and a.endswith(" A1")))
    corner = [a for a in legal(1) if a.startswith("ambush") and a.endswith(" K9")]
    assert corner, legal(1)
    play(1, corner[0])
    if news:
        # Both states held (Ana's "not your turn", then her next card's), given together.
        while news.states() < 2:
            narrow.wait_for_timeout(20)
        news.release(narrow)
    # Ana's next card: her map with Bea's monster on it, marked as drawn last.
    narrow.wait_for_selector(
        ".sheet-frame svg.sheet:not([data-stale]) .cell.monster[data-last-move]")
    narrow.wait_for_selector(".panel.decision.yours")
    narrow.wait_for_timeout(300)
    seen = narrow.eval_on_selector(".sheet-frame", IN_FRAME, ".cell.monster[data-last-move]")
    assert len(seen) == 3 and all(inside for _, inside in seen), seen
    # And said to be on her map, not "on the neighbour's sheet" (whose? hers, it turned out).
    yours = catalog("en", "cartographers")["carto.where.yours"]
    assert yours in narrow.inner_text(".move-line"), narrow.inner_text(".move-line")
    bea_said = [line for line in narrow.locator("#log li.log-action").all_text_contents()
                if line.startswith("Bea")]
    assert bea_said and yours in bea_said[-1], bea_said


def test_the_last_to_draw_sees_the_monster_drawn_on_her_map_at_her_next_card(phone, server):
    """Everyone draws the same card at once at Cartographers. Ana the last to draw the
    ambush: her move led straight to her next card, never "not your turn" between, and the
    page took it for the turn it had fitted already — Bea's monster at the far corner of
    Ana's map (K9, J10, I11) stayed out of the phone's frame. The server's `step` tells
    her next card from the ambush: the frame pans to the monster."""
    open_lobby(phone, server)
    phone.evaluate("() => localStorage.setItem('bgbot.pace', 'instant')")
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=7)
    take_seat(phone, server, table, 0, tokens[0], "cartographers")
    phone.wait_for_selector(".sheet-frame svg.sheet .target")

    def legal(seat):
        return legal_notations(server, table, tokens[seat])

    def play(seat, notation):
        act(server, table, tokens[seat], notation)

    play(1, next(a for a in legal(1) if a.startswith("ambush") and a.endswith(" K9")))
    play(0, next(a for a in legal(0) if a.startswith("ambush") and a.endswith(" A1")))
    # Her next card drawn with its targets (the fit is made on that drawing), then settled.
    phone.wait_for_selector(
        ".sheet-frame svg.sheet:not([data-stale]):has(.cell.monster):has(.target)")
    phone.evaluate(FRAMES)
    seen = phone.eval_on_selector(".sheet-frame", IN_FRAME, ".cell.monster")
    assert len(seen) == 3 and all(inside for _, inside in seen), seen


# The card strip's card and times said and in sight with a cell to tap, and the pan hint
# in sight saying its words (told.hint), or not shown at all (told.hint null).
STRIP_IN_SIGHT = """([told, targets]) => {
    const seen = (el) => { if (!el) return false; const r = el.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight
            && r.left >= 0 && r.right <= innerWidth; };
    const card = document.querySelector('#card-strip .strip-card');
    const time = document.querySelector('#card-strip .strip-time');
    const hint = document.getElementById('pan-hint');
    const hinted = told.hint === null ? !(hint && hint.getClientRects().length)
        : seen(hint) && hint.textContent === told.hint;
    return seen(card) && card.textContent === told.card && seen(time)
        && time.textContent === told.time && hinted
        && [...document.querySelectorAll(targets)].some(seen); }"""
# The season's edicts unfolded from the strip, each in sight.
STRIP_EDICTS_IN_SIGHT = """n => { const items = document.querySelectorAll(
        '#card-strip .strip-edicts[open] li');
    return items.length === n && [...items].every(li => { const r = li.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; }); }"""


def card_strip_words(page, server, lang):
    """A Cartographers sheet at its first card: the table's view and the strip's words."""
    table, tokens = cartographers_sheet(page, server, lang)
    state = view(server, table, tokens[0])["view"]
    words = catalog(lang, "cartographers")
    card, season = state["card"], state["season"]
    told = {
        "card": words["carto.card." + card["name"]] + " · "
                + words["carto.card.time"].format(n=card["time"]),
        "time": words["carto.season." + season["name"]] + " · "
                + words["carto.time"].format(used=season["time_used"],
                                             threshold=season["threshold"]),
        "hint": words["carto.pan.hint"],
    }
    scoring = [e for e in state["edicts"] if e["letter"] in season["scoring"]]
    return told, len(scoring)


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_and_the_season_s_time_are_above_the_map_while_drawing(phone, server, lang):
    """Cartographers at 390×844, first time, no docs: the card to draw, its time and the
    season's were in panels under the map, scrolled away from where the shape is drawn;
    the edicts further down still; and nothing said the map pans. The card and the times
    are in a line above the map, in sight with the cells to tap; the season's edicts
    unfold over the map at one tap; a first-time hint says the map swipes, until it does."""
    told, scoring = card_strip_words(phone, server, lang)
    phone.wait_for_function(STRIP_IN_SIGHT, arg=[told, SHEET_TARGETS])
    phone.tap("#strip-edicts")
    phone.wait_for_function(STRIP_EDICTS_IN_SIGHT, arg=scoring)
    # The first tap of any kind (here the edicts, not a swipe of the map): the hint goes —
    # it stayed over the map until a pan — and is not shown again.
    phone.wait_for_selector("#pan-hint", state="detached", timeout=1000)
    phone.reload()
    phone.wait_for_selector(SHEET_TARGETS)
    assert phone.locator("#pan-hint").count() == 0


def test_the_pan_hint_goes_by_itself_after_a_few_seconds(phone, server):
    """Cartographers at 390×844, the map looked at and nothing touched: the "↔ Swipe the
    map" hint lay over the map's foot for good. It goes after a few seconds, and a page
    opened again (the next turn, the next game) does not bring it back."""
    table, tokens = cartographers_sheet(phone, server)
    phone.wait_for_selector("#pan-hint", state="visible")
    phone.wait_for_selector("#pan-hint", state="detached", timeout=15_000)
    phone.reload()
    phone.wait_for_selector(SHEET_TARGETS)
    # A turn drawn anew (the friend's drawing) brings no hint either.
    act(server, table, tokens[1], legal_notations(server, table, tokens[1])[0])
    phone.wait_for_selector(SHEET_TARGETS)
    assert phone.locator("#pan-hint").count() == 0


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_a_tablet_has_the_card_and_the_season_s_time_above_the_map_too(browser, server, lang):
    """Cartographers on a 768×1024 tablet: the card strip was a phone's alone (below 600 px),
    and the card, its time and the season's edicts were in panels under the map there too,
    scrolled away from the cells to tap. The strip is above the map up to 900 px, the
    edicts one tap away; no pan hint, the map being whole on a tablet's screen."""
    context, page, errors = phone_page(browser, 768, 1024)
    try:
        told, scoring = card_strip_words(page, server, lang)
        page.wait_for_function(STRIP_IN_SIGHT, arg=[{**told, "hint": None}, SHEET_TARGETS])
        page.tap("#strip-edicts")
        page.wait_for_function(STRIP_EDICTS_IN_SIGHT, arg=scoring)
    finally:
        context.close()
    assert not errors, errors


def test_my_map_pans_by_keyboard_while_i_wait_for_a_friend(phone, server, axe_source):
    """Cartographers at 390×844 after my drawing, Bea still choosing: my map, larger than
    the screen, panned in its frame with nothing in it to focus — a keyboard could not
    move it (axe: scrollable-region-focusable, found playing in pt-BR). The frame is a
    stop of its own then, named as the map."""
    table, tokens = cartographers_sheet(phone, server)
    act(server, table, tokens[0], legal_notations(server, table, tokens[0])[0])
    phone.wait_for_function("""() => document.querySelector('.sheet-frame')
        && !document.querySelector('svg.sheet .target')
        && document.querySelector('.sheet-frame').scrollWidth
            > document.querySelector('.sheet-frame').clientWidth""")
    assert serious_violations(phone, axe_source) == []
