"""The Tikal board on 80x24 with four players and auctions, whole games of them: split
from ``test_terminal_tikal.py`` (its helpers are that file's), whose four-player auction
games made it the suite's longest file, one worker's alone under ``--dist loadfile``;
apart, two workers share them."""

from __future__ import annotations

import pytest

from boardgamesbot.cli.play import prompt
from tests.test_terminal_tikal import legal_of, screen, turns


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_four_player_turn_and_auction_keep_every_players_row_on_24_rows(lang):
    """Four players' rows, the map and the prompt on one 80x24 screen, scoring rounds and
    auctions too: the table's notes and headings give way first."""
    from boardgamesbot.games.tikal.catalog import seat_tag

    checked = 0
    for seed in (3, 7, 8):  # (7: an auction game)
        for state, seat, view in turns(seed, every=6, players=4):
            lines = screen(view, lang, legal_of(state, seat))
            assert len(lines) <= 24, "\n".join(lines)
            for number in range(4):
                assert any(text[1:].startswith(seat_tag(number, lang) + " ") for text in lines)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_80_by_24_the_auctions_display_wraps_under_its_own_text(lang):
    """A four-player auction on 80x24 (the dense drawing, its lines shared): the display's
    tiles that do not fit the line they follow go on lines standing in by two columns,
    and nothing else shares those lines, so that "2. A treasure…" never begins a line at
    the left edge, where it read as a note of its own, not the display's next tile."""
    from boardgamesbot.games.tikal.catalog import say

    checked = 0
    for seed in (3, 7):
        for state, seat, view in turns(seed, every=5, players=4):
            if not (view.get("auction") or {}).get("display") or seat is None:
                continue
            lines = screen(view, lang, legal_of(state, seat))
            top = next(i for i, line in enumerate(lines) if line.startswith("A1"))
            after = lines[top + 12:]  # (what is under the map)
            tiles = [f"{tile['index']}. {tile['letter']} " for tile in view["auction"]["display"]]
            for line in after:
                assert not line.startswith(tuple(tiles)), "\n".join(after)
                if line.startswith("  ") and line.strip()[:2] in {t[:2] for t in tiles}:
                    # (an indented line holds tiles alone: no amulets, nobody's turn)
                    assert say(lang, "tikal.term.auction.amulets", list="").split(":")[0] \
                        not in line, "\n".join(after)
            checked += 1
    assert checked > 5


def biddings(seed: int, every: int):
    """(state, seat, view) at every ``every``-th bid or pass of a seeded random game of
    four players with auctions, the view of the seat to act."""
    import random

    from tests.test_terminal_tikal import GAME

    rng = random.Random(seed)
    state = GAME.new(4, seed=seed, variant="auction")
    seen = 0
    while not state.is_over():
        seat = state.current_players()[0]
        view = state.view(seat)
        if (view.get("auction") or {}).get("bidding"):
            if seen % every == 0:
                yield state, seat, view
            seen += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_four_player_bidding_keeps_the_whole_table_and_the_prompt_on_24_rows(lang):
    """A Portuguese or Catalan four-player bidding on 80x24 took 25 rows ("Nenhuma oferta
    ainda (abriu: j2); as ofertas começam em 1." and "Ainda oferecendo: j1, j2, j3, j4"
    on two lines, "Amulets: cap de jugat" on a line of its own): the players table's
    first row scrolled away. Over the bids of random games, every seat's row, the map,
    the scores' history and the prompt are on the 24 rows, in the three languages."""
    from boardgamesbot.games.tikal.catalog import say, seat_tag

    checked = 0
    for seed in (0, 5, 6):
        for state, seat, view in biddings(seed, every=2):
            lines = screen(view, lang, legal_of(state, seat))
            text = "\n".join(lines)
            assert len(lines) <= 24, text
            assert max(len(line) for line in lines) <= 80, text
            for number in range(4):
                assert any(line[1:].startswith(seat_tag(number, lang) + " ")
                           for line in lines), text
            assert any(line.startswith("A1") for line in lines), text
            if view["score_history"]:
                assert say(lang, "tikal.term.dense.history", rounds="").strip() in text, text
            assert lines[-1] == prompt(0, lang), text
            checked += 1
    assert checked > 50
