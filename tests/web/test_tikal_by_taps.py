"""A newcomer's Tikal game on a 390×844 phone in pt-BR, every kind of action by taps: a
tile placed (turned), a worker brought in, moved, a temple's level uncovered, a treasure
dug up, treasures exchanged, a camp built, a temple guarded, the turn ended, and an action
spent in a volcano's scoring round. The game is the engine's own (seed + actions); the
page's seat plays the first move of each kind by taps, everything else is played through
the table's API, and axe finds no serious fault on any screen tapped through."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from boardgamesbot.engine import load_game

from .conftest import serious_violations
from .helpers import act, call, hot_seat_table, phone_page, seeded, take_seat, view

SEED = 3
# The kinds the page's seat plays by taps, the first time each is legal for it (the rarer
# first, so that a turn offering several plays the rarest).
KINDS = ("guard", "exchange", "recover", "uncover", "camp", "move", "enter")
CATALOGS = Path(__file__).resolve().parents[2] / "src/boardgamesbot/games/tikal/web/i18n"


def words_in(lang: str) -> dict:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


SPACE = '.tikal-board:not([data-stale]) .space[data-space="{}"]'


def kind(notation: str) -> str:
    return notation.split()[0]


def planned_game(seed: int = SEED):
    """The whole game as (seat, notation, legal notations, by taps, in a volcano's round):
    seat 0 plays each kind's first legal move and one move of a volcano's round by taps;
    otherwise both seats play at random (a turn ended now and then)."""
    state = load_game("tikal").new(num_players=2, seed=seed)
    rng = seeded(seed)
    tapped: set[str] = set()
    steps = []
    while not state.is_over():
        seat = state.current_players()[0]
        legal = [str(action) for action in state.legal_actions(seat)]
        volcano = state.view(None).get("round") == "volcano"
        move = None
        if seat == 0:
            move = next((m for k in KINDS if k not in tapped for m in legal if kind(m) == k), None)
            if move is None and volcano and "volcano" not in tapped:
                move = next((m for m in legal if kind(m) != "end"), legal[0])
            if move is None and "place" not in tapped:
                move = next((m for m in legal if kind(m) == "place" and " r" in m), None)
            if move is None and "end" not in tapped and "end" in legal:
                move = "end"
            if move is not None:
                tapped.add("volcano" if volcano and kind(move) != "place" else kind(move))
        taps = move is not None
        if move is None:
            move = "end" if "end" in legal and rng.random() < 0.2 else rng.choice(legal)
        steps.append((seat, move, legal, taps, volcano))
        state.apply(seat, move)
    return steps, tapped


def choices_at(legal: list[str], space: str) -> int:
    """How many choices a tap on `space` offers (as the face's spaceChoices counts them)."""
    figures = {m.split()[1] for m in legal if kind(m) == "move" and m.split()[2] == space}
    here = [m for m in legal if kind(m) in ("enter", *KINDS[:5]) and m.split()[-1] == space]
    return len(figures) + len(here)


def tap_through(page, notation: str, legal: list[str]) -> None:
    """The taps a newcomer makes to play `notation`, from the page as it opened."""
    words = notation.split()
    what = words[0]
    if what == "place":
        page.locator(SPACE.format(words[1]) + ".target").tap()
        if len(words) > 2:
            page.tap(f'[data-key="rot-{words[2][1:]}"]')
        page.tap("#place-confirm")
    elif what == "enter":
        page.tap(f"#enter-{words[1]}")
        page.locator(SPACE.format(words[2]) + ".target").tap()
    elif what == "move":
        page.locator(SPACE.format(words[2]) + ".target").tap()
        if choices_at(legal, words[2]) > 1:
            page.tap(f'#space-choices [data-key="choice-move-{words[1]}"]')
        page.locator(SPACE.format(words[3]) + ".target").tap()
    elif what == "exchange":
        page.tap(".panel.decision details > summary")
        page.tap(f'[data-key="do-{notation}"]')
    elif what == "end":
        page.tap("#end-turn")
    else:  # uncover, recover, camp, guard: done on their space
        page.locator(SPACE.format(words[-1]) + ".target").tap()
        if choices_at(legal, words[-1]) > 1:
            page.tap(f'#space-choices [data-key="choice-{notation}"]')


def played(server, table, before: str, page) -> None:
    """Wait for the table to move on from `before`, confirming when the page asks."""
    deadline = time.monotonic() + 20
    while view(server, table)["state_id"] == before:
        assert time.monotonic() < deadline, "the taps played nothing"
        confirm = page.locator("#confirm-action")
        if confirm.count() and confirm.is_visible():
            confirm.tap()
        time.sleep(0.2)


def test_every_kind_of_tikal_action_is_played_by_taps_on_a_phone(browser, server, axe_source):
    steps, tapped = planned_game()
    assert tapped == {*KINDS, "place", "end", "volcano"}, tapped
    context, page, errors = phone_page(browser, 390, 844)
    page.add_init_script("localStorage.setItem('bgbot.lang', 'pt-BR')")
    faults = []
    try:
        table, tokens = hot_seat_table(server, "tikal", 2, seed=SEED)
        for seat, notation, legal, taps, _ in steps:
            if not taps:
                act(server, table, tokens[seat], notation)
                continue
            take_seat(page, server, table, 0, tokens[0], "tikal")
            page.wait_for_selector("svg.tikal-board:not([data-stale]) .space.target, #end-turn")
            faults += [(notation, f) for f in serious_violations(page, axe_source)]
            before = view(server, table)["state_id"]
            tap_through(page, notation, legal)
            played(server, table, before, page)
            # (the move played is the one tapped for: the game's next moves stay legal)
        assert view(server, table)["table"]["status"] != "playing"
    finally:
        context.close()
    assert not faults, faults
    assert not errors, errors


def played_up_to(server, last: int):
    """The planned game's table with its steps up to ``last`` (its index) played: the table
    and its tokens."""
    steps, _ = planned_game()
    table, tokens = hot_seat_table(server, "tikal", 2, seed=SEED)
    for seat, notation, *_ in steps[:last + 1]:
        act(server, table, tokens[seat], notation)
    return table, tokens


def step_of(predicate) -> int:
    """The index of the planned game's first step that ``predicate(*step)`` holds for."""
    steps, _ = planned_game()
    return next(i for i, step in enumerate(steps) if predicate(*step))


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_scoring_round_s_banner_says_the_action_points_left(browser, server, lang):
    """A volcano's round on a phone, an action played: the banner went on saying "spend your
    10 AP" over "9 action points left". It says the 9 left, in the person's language."""
    tapped = step_of(lambda seat, move, legal, taps, volcano: taps and volcano)
    table, tokens = played_up_to(server, tapped)
    seen = view(server, table, tokens[0])["view"]
    assert seen["round"] == "volcano" and seen["current"] == [0] and 0 < seen["ap"] < 10
    context, page, errors = phone_page(browser, 390, 844)
    page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
    try:
        take_seat(page, server, table, 0, tokens[0], "tikal")
        page.wait_for_selector("#ap-left")
        words = words_in(lang)
        left = words["tikal.round.volcano.yours.left"]["other"].format(n=seen["ap"])
        banner = page.wait_for_function(
            "() => document.querySelector('.panel.decision .banner')?.textContent").json_value()
        assert banner == left, banner
        assert "10" not in banner
    finally:
        context.close()
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_folded_exchange_says_its_cost(browser, server, lang):
    """"Trocar tesouros" folded said no cost while every other action's button says its AP:
    the cost is on the folded control, as the legal actions give it."""
    exchange = step_of(lambda seat, move, legal, taps, volcano: taps and kind(move) == "exchange")
    table, tokens = played_up_to(server, exchange - 1)
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])["actions"]
    costs = {a["cost"]["ap"] for a in legal if a["type"] == "exchange"}
    assert len(costs) == 1, costs
    context, page, errors = phone_page(browser, 390, 844)
    page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
    try:
        take_seat(page, server, table, 0, tokens[0], "tikal")
        words = words_in(lang)
        summary = page.wait_for_function(
            "() => document.querySelector('.panel.decision details > summary')?.textContent"
        ).json_value()
        assert summary == f"{words['tikal.exchange']} ({words['tikal.ap'].format(n=costs.pop())})"
        # Folded still: the cost is read without opening it.
        assert page.locator(".panel.decision details").get_attribute("open") is None
    finally:
        context.close()
    assert not errors, errors
