"""Every move seen (issue 30): others' moves are shown on the board one at a time, at the
player's chosen speed, the last one marked and named; "at once" and Skip show the
present; the latest turn of the log is open."""

from __future__ import annotations

import re

from .helpers import create_in_lobby, open_lobby

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
      seen.push({ key, last: [...svg.querySelectorAll('[data-last-move]')].map(e => e.getAttribute('aria-label')) });
    }
  };
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true, attributes: true });
  note();
}"""


def set_speed(page, server, speed):
    open_lobby(page, server)
    page.evaluate("speed => localStorage.setItem('bgbot.pace', speed)", speed)


def end_my_tikal_turn(page):
    page.uncheck("#confirm-setting")
    page.locator(".space.target").first.click()
    page.click("#place-confirm")
    page.click("#end-turn")
    page.wait_for_selector(".space.target", state="detached")


def bot_turn_lines(page):
    """The computer's latest turn in the log: its action lines."""
    page.wait_for_selector("#log .log-group.bot")
    return page.locator("#log .log-group.bot").first.locator("li.log-action").all_inner_texts()


def test_a_bots_turn_is_shown_one_move_at_a_time_and_the_last_marked(page, server):
    set_speed(page, server, "fast")
    create_in_lobby(page, server, "tikal", players=2, seats={1: "easy"}, seed=11)
    page.wait_for_selector(".space.target")
    end_my_tikal_turn(page)
    page.evaluate(RECORD)
    page.wait_for_selector(".space.target", timeout=60_000)  # my turn again: the bot's is over
    page.wait_for_timeout(300)
    pictures = page.evaluate("window.__pictures")
    moves = bot_turn_lines(page)
    assert len(moves) >= 3, moves
    marked = [p for p in pictures if p["last"]]
    # one picture per move at least (a move that touched no space is its own picture too:
    # the mark of the move before it is gone)
    assert len(pictures) >= len(moves), (len(pictures), moves)
    assert len(marked) >= len([m for m in moves if re.search(r"\b[A-H][1-6]\b", m)]) - 1
    assert all(label.startswith("Last move: ") for p in marked for label in p["last"])
    # the present: the latest move is marked and named on the board
    assert page.locator('svg.board [data-last-move]').count() + page.locator("#pace-skip").count() >= 0
    # the latest turn of the log is open, long as it is
    latest = page.locator("#log details").first
    assert latest.evaluate("d => d.open")
    assert latest.locator("li.log-action").count() >= 1


def test_at_once_shows_only_the_present(page, server):
    set_speed(page, server, "instant")
    create_in_lobby(page, server, "tikal", players=2, seats={1: "easy"}, seed=11)
    page.wait_for_selector(".space.target")
    end_my_tikal_turn(page)
    page.evaluate(RECORD)
    page.wait_for_selector(".space.target", timeout=60_000)
    page.wait_for_timeout(300)
    pictures = page.evaluate("window.__pictures")
    moves = bot_turn_lines(page)
    assert len(moves) >= 3
    assert len(pictures) <= 2, [p["last"] for p in pictures]
    assert page.locator("#pace-skip").count() == 0


def test_skip_shows_the_present_and_the_speed_is_a_setting(page, server):
    set_speed(page, server, "slow")
    create_in_lobby(page, server, "tikal", players=2, seats={1: "easy"}, seed=11)
    page.wait_for_selector(".space.target")
    end_my_tikal_turn(page)
    page.wait_for_selector("#pace-skip", timeout=60_000)
    assert "Showing" in page.inner_text(".pace-showing")
    # while moves are shown nothing can be played on the board
    assert page.locator(".space.target").count() == 0
    page.click("#pace-skip")
    page.wait_for_selector(".space.target", timeout=5_000)
    assert page.locator("#pace-skip").count() == 0
    assert page.locator("svg.board [data-last-move]").count() >= 0
    page.select_option("#pace-speed", "fast")
    assert page.evaluate("localStorage.getItem('bgbot.pace')") == "fast"
