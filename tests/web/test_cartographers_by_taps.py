"""A newcomer's whole Cartographers game with two friends on a 390×844 phone in Catalan,
by taps only: each of the page's drawings chosen on the turn panel (terrain, shape,
Rotate, Flip, as the card offers them), tapped on the map and confirmed; a ruins card's
and a monster's turns as they come, and a pass when nothing fits. The friends draw
through the table's API (seeded), the page following their moves as it does at a game
night. axe finds no serious fault on any kind of screen the game goes through (each
decision's first sight, each season's end, the result), and the result is read at the end."""

from __future__ import annotations

import json
import time
from pathlib import Path

from .conftest import serious_violations, shot
from .helpers import call, hot_seat_table, phone_page, seeded, take_seat, view

SEED = 12
MAIN = 'svg.sheet[data-key="sheet"]:not([data-stale])'
TARGETS = f"{MAIN} .target"
WORDS = json.loads((Path(__file__).resolve().parents[2] / "src/boardgamesbot/games/cartographers"
                    / "web/i18n/ca.json").read_text(encoding="utf-8"))


def friends_draw(server, table, tokens, rng) -> None:
    """Every friend awaited draws (at random among their legal drawings)."""
    for _ in range(10):
        state = view(server, table)
        friends = [s for s in state["to_act"] if s != 0]
        if state["table"]["status"] != "playing" or not friends:
            return
        seat = friends[0]
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[seat])
        call(server, "POST", f"/api/tables/{table}/actions",
             {"action": rng.choice(legal["actions"])["notation"], "state_id": legal["state_id"]},
             tokens[seat])


def my_turn_kind(page, state) -> str:
    """What the turn asks of the page's seat: pass, a monster on a friend's map, a free
    1×1 square (ruins unfit, or nothing fits), or a card's shape — read in one look once the
    page shows the state the server is at, with that state's legal actions drawn (the
    screen's data-state / data-legal: the page may still show the card before, its own
    drawing not yet told back to it, when the friends have already drawn), its card's kind
    and the season's time, and no friend's move is being shown (the pace's "Skip"). The
    server's state cannot move on meanwhile: the friends draw only when this seat has drawn.
    Read a step at a time, a CI run read the card before's panel and its taps went another
    way (18 shapes of 20). The wait is long because a loaded CI machine (load 15 on two
    cores) once took more than 20 s to show a turn; it is a wait, not a speed limit."""
    view = state["view"]
    season = view["season"]
    return page.wait_for_function(
        """([main, ambush, kind, time, present]) => {
            if (document.getElementById('pace-skip')) return null;
            const screen = document.querySelector('.table-screen');
            if (!screen || screen.dataset.state !== present || screen.dataset.legal !== present)
                return null;
            if (!document.querySelector(`.card-face.kind-${kind}`)
                || document.querySelector('.timebar')?.getAttribute('aria-valuenow') !== time)
                return null;
            if (document.querySelector('[data-key=pass]')) return 'pass';
            const panel = document.querySelector('.panel.turn.yours.decision');
            if (!panel || !document.querySelector(main + ' .target')) return null;
            if (panel.querySelector('#draw-title')?.textContent === ambush) return 'ambush';
            if (!panel.querySelector('[data-key^="terrain-"]')) return null;
            return panel.querySelector('[data-key^="shape-"]') ? 'shape' : 'square';
        }""",
        arg=[MAIN, WORDS["carto.ambush.title"], view["card"]["kind"],
             str(min(season["time_used"], season["threshold"])), str(state["state_id"])],
        timeout=60_000,
    ).json_value()


def tap_a_drawing(page, rng, look) -> list[str]:
    """A newcomer's choice on the turn panel, then a spot on the map, then "Confirma";
    when the panel says the shape as chosen fits nowhere, what it says is done (turn it,
    or the other shape). ``look(screen)`` is called on the screens on the way (a shape that
    fits nowhere, the question "Confirma?"). What the panel said, each time."""
    for group in ('[data-key^="terrain-"]', '[data-key^="shape-"]'):
        buttons = page.locator(group)
        if buttons.count() > 1:
            buttons.nth(rng.randrange(buttons.count())).tap()
    if page.locator("#rotate").count():
        for _ in range(rng.randrange(3)):
            page.tap("#rotate")
        if rng.random() < 0.3:
            page.tap("#flip")
    said = []
    for _ in range(10):
        page.wait_for_selector(f"{TARGETS}, #fits-nowhere")
        nowhere = page.locator("#fits-nowhere")
        if not nowhere.count():
            break
        said.append(nowhere.inner_text())
        look("fits-nowhere")
        if said[-1] == WORDS["carto.fits.turned"]:
            page.tap("#rotate" if len(said) % 4 else "#flip")
        else:
            assert said[-1] == WORDS["carto.fits.none"], said
            page.tap('[data-key^="shape-"][aria-pressed=false]')
    spots = page.locator(TARGETS)
    # (tap scrolls the map's frame to the spot, as a finger swipes it there)
    spots.nth(rng.randrange(spots.count())).tap()
    page.wait_for_selector("#confirm-action")
    look("confirm")
    page.tap("#confirm-action")
    return said


def test_a_whole_three_player_game_is_played_by_taps_on_a_phone_in_catalan(browser, server,
                                                                           axe_source):
    rng = seeded(SEED)
    table, tokens = hot_seat_table(server, "cartographers", 3, seed=SEED)
    context, page, errors = phone_page(browser, 390, 844)
    page.add_init_script("localStorage.setItem('bgbot.lang', 'ca')")
    faults: list = []
    seen: set[str] = set()
    kinds: list[str] = []
    nowhere: list[str] = []  # what the panel said of a shape as chosen that fits nowhere

    def look(screen: str) -> None:
        """Each kind of screen checked by axe (and kept as a picture), at its first sight."""
        if screen not in seen:
            seen.add(screen)
            faults.extend((screen, f) for f in serious_violations(page, axe_source))
            shot(page, f"carto-taps-{screen}", full_page=False)

    try:
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        for _ in range(200):
            state = view(server, table, tokens[0])
            if state["table"]["status"] != "playing":
                break
            if 0 not in state["to_act"]:
                friends_draw(server, table, tokens, rng)
                continue
            kind = my_turn_kind(page, state)
            kinds.append(kind)
            seasons = len(state["view"]["players"][0]["seasons"])
            look(f"{kind}-season{seasons}")
            before = state["state_id"]
            if kind == "pass":
                page.tap("[data-key=pass]")
            else:
                nowhere += tap_a_drawing(page, rng, look)
            deadline = time.monotonic() + 20
            while view(server, table, tokens[0])["state_id"] == before:
                assert time.monotonic() < deadline, f"the taps drew nothing ({kind})"
                time.sleep(0.2)
            friends_draw(server, table, tokens, rng)
        else:
            raise AssertionError("the game did not end")
        # The result, read in Catalan, with nothing over it; and checked by axe.
        page.wait_for_selector(".panel.summary .final-scores li")
        assert page.locator(".panel.summary .final-scores li").count() == 3
        assert page.locator("#status-line").inner_text() == "Fi de la partida"
        faults += [("result", f) for f in serious_violations(page, axe_source)]
        shot(page, "carto-taps-result", full_page=False)
    finally:
        context.close()
    assert kinds.count("shape") >= 20 and "ambush" in kinds, kinds
    assert {"confirm", "fits-nowhere"} <= seen, seen
    # (the map filled, a shape as chosen fitted nowhere: the panel said so, and what to do)
    assert nowhere, "no shape chosen fitted nowhere: the game no longer meets the case"
    assert not faults, faults
    assert not errors, errors
