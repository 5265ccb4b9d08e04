"""Every move seen (issue 30): others' moves are shown on the board one at a time, at the
player's chosen speed, the last one marked and named; "at once" and Skip show the
present; the latest turn of the log is open."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from .helpers import (
    call,
    create_in_lobby,
    hot_seat_table,
    open_lobby,
    set_confirm_setting,
    take_seat,
    unfold_tools,
    view,
)

# Each board picture the page shows (the server's SVG, drawn, not a stale one), in
# order, told apart by its markup: a move shown is a new picture.
RECORD = """() => {
  window.__pictures = [];
  const note = () => {
    const svg = document.querySelector('.board-area svg.board:not([data-stale])');
    if (!svg) return;
    const key = svg.outerHTML;
    const seen = window.__pictures;
    if (!seen.length || seen[seen.length - 1].key !== key) {
      // the mark's name (a target keeps its own name before it: "Space C5 · Last move: …")
      const names = [...svg.querySelectorAll('[data-last-move]')]
        .map(e => e.getAttribute('aria-label'));
      const said = document.querySelector('#log-announcer p:last-child');
      seen.push({ key, last: names.map(name => name.replace(/^.* · (?=Last move: )/, '')),
                  said: said ? said.textContent : null,
                  fade: svg.matches('.pace-step') ? getComputedStyle(svg).animationName : null });
    }
  };
  new MutationObserver(note)
    .observe(document.body, { childList: true, subtree: true, attributes: true });
  note();
}"""


CATALOGS = Path(__file__).resolve().parents[2] / "src/boardgamesbot/web/static/i18n"


def last_move_words(lang):
    """The catalog's "Last move: {move}" in `lang`, as the text before the move."""
    catalog = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    return catalog["board.last_move"].split("{move}")[0]


NAMES = "els => els.map(e => e.getAttribute('aria-label'))"


def set_speed(page, server, speed, lang=None):
    open_lobby(page, server, lang)
    page.evaluate("speed => localStorage.setItem('bgbot.pace', speed)", speed)


def play_my_tikal_turn(page, record=False):
    """Lay the drawn tile and end the turn (recording the pictures from then on)."""
    page.wait_for_selector(".space.target")
    set_confirm_setting(page, False)  # through the toolbar's "More" on the phone
    page.locator(".space.target").first.click()
    page.click("#place-confirm")
    if record:
        page.evaluate(RECORD)
    page.click("#end-turn")
    # Gone until the person's next tile is laid. (Not the targets: at speed "at once" the
    # computer's turn can end, and the person's next targets appear, between two looks.)
    page.wait_for_selector("#end-turn", state="detached")


def bot_turn_moves(page):
    """The computer's latest turn in the log: its moves' words (without the mover's name)."""
    page.wait_for_selector("#log .log-group.bot")
    lines = page.locator("#log .log-group.bot").first.locator("li.log-action").all_inner_texts()
    return [line.split(": ", 1)[1] for line in lines]


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_a_bots_turn_is_shown_one_move_at_a_time_and_the_last_marked(page, server, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    set_speed(page, server, "fast")
    create_in_lobby(page, server, "tikal", players=2, seats={1: "easy"}, seed=11)
    play_my_tikal_turn(page, record=True)
    page.wait_for_selector(".space.target", timeout=60_000)  # my turn again: the bot's is over
    page.wait_for_timeout(300)
    pictures = page.evaluate("window.__pictures")
    moves = bot_turn_moves(page)
    on_board = [m for m in moves if re.search(r"\b[A-H][1-6]\b", m)]  # the moves that touch a space
    assert len(on_board) >= 3, moves
    assert any(p["fade"] == "pace-step" for p in pictures), "a short fade when motion is welcome"
    # each of them was a picture of its own, marked and named, in the order played
    shown = []
    for picture in pictures:
        for label in dict.fromkeys(picture["last"]):
            if not shown or shown[-1] != label:
                shown.append(label)
    expected = [f"Last move: {m}" for m in on_board]
    assert [label for label in shown if label in expected] == expected, (shown, expected)
    assert len(pictures) >= len(moves)
    # a screen reader hears each move as it is shown: the spoken log's newest line is the
    # move marked on the picture
    for picture in pictures:
        for label in picture["last"]:
            if label in expected:
                assert picture["said"].endswith(label.removeprefix("Last move: ")), picture
    # the latest turn of the log is open, long as it is, and shows its moves
    latest = page.locator("#log details").first
    assert latest.evaluate("d => d.open")
    assert latest.locator("li.log-action").count() == len(moves) > 3


def test_at_once_shows_the_present_without_holding_a_move(page, server):
    set_speed(page, server, "instant")
    create_in_lobby(page, server, "tikal", players=2, seats={1: "easy"}, seed=11)
    page.evaluate("""() => {
      window.__held = false;
      const note = () => { if (document.querySelector('.pace-showing')) window.__held = true; };
      new MutationObserver(note)
        .observe(document.body, { childList: true, subtree: true });
    }""")
    play_my_tikal_turn(page)
    page.wait_for_selector(".space.target", timeout=60_000)
    moves = bot_turn_moves(page)
    assert len(moves) >= 3
    assert page.evaluate("window.__held") is False, "no move was held back to be shown"
    labels = page.locator("svg.board [data-last-move]").evaluate_all(NAMES)
    assert labels and all(label.endswith(f"Last move: {moves[-1]}") for label in labels)


# The queue itself (pace.js), driven in the page: what a burst of moves (a bot's turn in
# one message) becomes at each speed.
PACER = """async ([delay, count, skipAfter]) => {
  const { Pacer } = await import('/pace.js');
  const shown = [], done = [];
  let pacer;
  await new Promise((resolve) => {
    pacer = new Pacer((step) => { shown.push(step.n); setTimeout(() => pacer.drawn(), 5);
                                  if (shown.length === skipAfter) pacer.skip(); },
                      (skipped, rest) => {
                        done.push([skipped, (rest || []).map((s) => s.n)]);
                        resolve();
                      },
                      () => delay);
    pacer.push(Array.from({ length: count }, (_, i) => ({ n: i + 1 })));
  });
  return { shown, done, busy: pacer.busy };
}"""


def test_the_queue_shows_each_move_in_turn_or_the_present_at_once(page, server):
    open_lobby(page, server)
    paced = page.evaluate(PACER, [20, 5, 0])
    assert paced == {"shown": [1, 2, 3, 4, 5], "done": [[False, []]], "busy": False}
    at_once = page.evaluate(PACER, [0, 5, 0])
    assert at_once == {"shown": [], "done": [[True, [1, 2, 3, 4, 5]]], "busy": False}
    skipped = page.evaluate(PACER, [20, 5, 2])
    assert skipped == {"shown": [1, 2], "done": [[True, [3, 4, 5]]], "busy": False}
    backlog = page.evaluate(PACER, [20, 21, 0])  # more than 20 waiting: caught up at once
    assert backlog["shown"] == [] and len(backlog["done"][0][1]) == 21


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_skip_shows_the_present_and_the_speed_is_a_setting(page, server, lang):
    set_speed(page, server, "slow", lang)
    create_in_lobby(page, server, "tikal", players=2, seats={1: "easy"}, seed=11)
    page.emulate_media(reduced_motion="reduce")
    play_my_tikal_turn(page)
    page.wait_for_selector("#pace-skip", timeout=60_000)
    # one at a time still, without movement: the step's picture does not fade in
    # read in the same look that finds it: the next step's picture can replace it between two
    fade = page.wait_for_function("""() => {
        const e = document.querySelector('svg.board.pace-step');
        return e && getComputedStyle(e).animationName;
    }""").json_value()
    assert fade == "none"
    assert page.inner_text(".pace-showing").strip()
    # while moves are shown nothing can be played on the board, though it is my turn
    # already (the bot has finished; its moves are still being shown)
    table = page.url.rsplit("/", 1)[-1]
    for _ in range(100):
        if view(server, table)["to_act"] == [0]:
            break
        time.sleep(0.1)
    page.wait_for_timeout(500)  # the legal moves of my turn have come
    assert page.locator("#pace-skip").count() == 1
    assert page.locator(".space.target").count() == 0
    assert page.locator("#hint-button").count() == 0, "no turn of mine is offered on a past picture"
    page.click("#pace-skip")
    page.wait_for_selector(".space.target", timeout=5_000)
    assert page.locator("#pace-skip").count() == 0
    assert page.locator("#hint-button").count() == 1
    # the present: the bot's last move is marked on the board and named in this language
    moves = bot_turn_moves(page)
    labels = page.locator("svg.board [data-last-move]").evaluate_all(NAMES)
    named = f"{last_move_words(lang)}{moves[-1]}"
    assert labels and all(named in label for label in labels), (labels, named)
    unfold_tools(page)
    page.select_option("#pace-speed", "fast")
    assert page.evaluate("localStorage.getItem('bgbot.pace')") == "fast"


def game_catalog(game, lang):
    path = CATALOGS.parents[2] / "games" / game / "web" / "i18n" / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_move_with_nothing_to_mark_on_the_board_is_named_beside_it(page, server, lang):
    """Ending a turn touches no space: the board cannot mark it, so a line under the board
    says what the last move was and whose, in the page's language; a move the board
    marks needs no such line."""
    open_lobby(page, server, lang)
    table, tokens = hot_seat_table(server, "tikal", 2, seed=7)
    take_seat(page, server, table, 0, tokens[0], "tikal")
    page.wait_for_selector(".space.target")
    set_confirm_setting(page, False)  # through the toolbar's "More" on the phone
    page.locator(".space.target").first.click()
    page.click("#place-confirm")
    page.wait_for_selector("#end-turn")
    page.wait_for_selector("svg.board [data-last-move]")  # the tile laid: marked on the board
    assert page.locator("#last-move-note").count() == 0
    page.click("#end-turn")
    page.wait_for_selector("#last-move-note")
    words = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    you = words["seat.you"].replace("{name}", "Ana")
    ended = game_catalog("tikal", lang)["tikal.do.end"]
    expected = words["board.last_move.by"].replace("{name}", you).replace("{move}", ended)
    assert page.inner_text("#last-move-note").strip() == expected
    assert page.locator("svg.board [data-last-move]").count() == 0
    # The next player's move on a space is marked on the board again: the line goes.
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[1])
    placed = next(a for a in legal["actions"] if a["notation"] != "end")
    call(
        server,
        "POST",
        f"/api/tables/{table}/actions",
        {"action": placed["notation"], "state_id": legal["state_id"]},
        tokens[1],
    )
    page.wait_for_selector("#last-move-note", state="detached")
    page.wait_for_selector("svg.board [data-last-move]")


def legal_notations(server, table, token):
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=token)
    return [a["notation"] for a in legal["actions"]]


def since_marks(page):
    return page.eval_on_selector_all(
        "svg.board .since-turn",
        """els => Object.fromEntries(
        els.map(e => [e.dataset.target, e.getAttribute('aria-label')]))""",
    )


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_what_the_others_changed_since_my_turn_stays_marked_on_the_board(browser, server, lang):
    """Three friends at Tikal, Ana's phone asleep while Bea and Cai play: back on the
    table, only Cai's very last move was marked, and the tiles Bea and Cai laid and the
    workers they brought in were in the log alone. Every space the others' moves touched
    since Ana's turn is marked (blue, named with the moves) and a line by the board says
    what the blue means; the marks stay while she plays her turn, and after it only the
    moves made since then are marked. On the phone, during her turn, the turn panel stuck
    to the foot of the screen says it in a line: the note under the board lay behind the
    panel for all of Ana's actions."""
    from .helpers import phone_page

    context, page, errors = phone_page(browser, 360, 740)
    try:
        open_lobby(page, server, lang)
        table, tokens = hot_seat_table(server, "tikal", 3, seed=7)
        played = {}
        for seat in (0, 1, 2):
            moves = [legal_notations(server, table, tokens[seat])[0]]  # the drawn tile laid
            call(
                server,
                "POST",
                f"/api/tables/{table}/actions",
                {"action": moves[0], "state_id": view(server, table)["state_id"]},
                tokens[seat],
            )
            moves += [
                a for a in legal_notations(server, table, tokens[seat]) if a.startswith("enter")
            ][:1]
            for move in moves[1:] + ["end"]:
                call(
                    server,
                    "POST",
                    f"/api/tables/{table}/actions",
                    {"action": move, "state_id": view(server, table)["state_id"]},
                    tokens[seat],
                )
            played[seat] = moves
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.wait_for_selector(".space.target")
        spaces = {
            space
            for seat in (1, 2)
            for move in played[seat]
            for space in re.findall(r"\b[A-H][1-9]\b", move)
        }
        assert len(spaces) >= 2, played
        words = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
        changed = words["board.since_turn"].split("{moves}")[0]
        marks = since_marks(page)
        assert set(marks) == spaces, (marks, played)
        for label in marks.values():
            assert changed in label and ("Bea" in label or "Cai" in label), label
        assert page.inner_text("#since-turn-note").strip() == words["board.since_turn.legend"]
        # Ana lays her tile: what the others did is still marked while she plays.
        set_confirm_setting(page, False)
        page.locator(".space.target").first.click()
        page.click("#place-confirm")
        page.wait_for_selector("#end-turn")
        assert set(since_marks(page)) == spaces
        # The note is read during her actions: in the turn panel stuck to the foot of the
        # screen, on the screen (under the board, the panel lay over it).
        note = page.eval_on_selector("#since-turn-note", "e => e.getBoundingClientRect().toJSON()")
        assert page.locator(".panel.decision.yours > #since-turn-note").count() == 1
        assert note["top"] >= 0 and note["bottom"] <= 740, note
        assert page.inner_text("#since-turn-note").strip() == words["board.since_turn.legend"]
        # Her turn ended and Bea's tile laid: only that is new, and it is the last move (red).
        page.click("#end-turn")
        page.wait_for_selector("#end-turn", state="detached")
        bea = legal_notations(server, table, tokens[1])[0]
        call(
            server,
            "POST",
            f"/api/tables/{table}/actions",
            {"action": bea, "state_id": view(server, table)["state_id"]},
            tokens[1],
        )
        page.wait_for_function(
            "() => !document.querySelector('svg.board .since-turn')"
            " && document.querySelector('svg.board .last-move')"
        )
        assert page.locator("#since-turn-note").count() == 0
        assert not errors, errors
    finally:
        context.close()


def test_the_marks_since_my_turn_grow_as_the_bots_moves_are_shown(page, server):
    """The computer's turn shown one move at a time: what it changed so far stays marked
    (blue) as each next move is marked (red), so the turn builds up on the board; at my
    next turn every space it touched is marked, one way or the other."""
    set_speed(page, server, "normal")
    create_in_lobby(page, server, "tikal", players=2, seats={1: "easy"}, seed=11)
    play_my_tikal_turn(page)
    page.evaluate("""() => {
      window.__since = [];
      const note = () => {
        if (!document.querySelector('.pace-showing')) return;
        const n = document.querySelectorAll('svg.board:not([data-stale]) .since-turn').length;
        const seen = window.__since;
        if (!seen.length || seen[seen.length - 1] !== n) seen.push(n);
      };
      new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
    }""")
    page.wait_for_selector(".space.target", timeout=60_000)  # my turn again
    page.wait_for_timeout(300)
    counts = page.evaluate("window.__since")
    assert counts == sorted(counts) and counts[-1] >= 2, counts
    touched = {
        space for move in bot_turn_moves(page) for space in re.findall(r"\b[A-H][1-6]\b", move)
    }
    marked = set(
        page.eval_on_selector_all(
            "svg.board .since-turn, svg.board .last-move", "els => els.map(e => e.dataset.target)"
        )
    )
    assert touched and touched <= marked, (touched, marked)


def test_the_marks_since_my_turn_go_when_the_game_is_over(page, server):
    """A first game played to its end (issue: the line "Outlined in blue: what the others
    changed since your last turn" still stood under the final board). Once the game is
    over there is no next turn to prepare: neither the blue marks nor their note stay."""
    from .helpers import play_randomly, seeded

    open_lobby(page, server)
    table, tokens = hot_seat_table(server, "tikal", 2, seed=5)
    state = play_randomly(server, table, tokens, seeded(2))
    assert state["table"]["status"] == "over"
    events = call(server, "GET", f"/api/tables/{table}/events")["events"]
    last = [e["seat"] for e in events if e["type"] == "action"][-1]
    # Taken by the other seat: the final moves were made since its last turn (marked
    # blue for it before the fix).
    take_seat(page, server, table, 1 - last, tokens[1 - last], "tikal")
    page.wait_for_selector(".summary")
    page.wait_for_selector("svg.board [data-last-move], #last-move-note")
    assert page.locator("#since-turn-note").count() == 0
    assert page.locator("svg.board .since-turn").count() == 0
