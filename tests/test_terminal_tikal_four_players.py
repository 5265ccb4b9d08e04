"""The Tikal board on 80x24 with four players and in dense drawings, whole games of them:
split from ``test_terminal_tikal.py`` (its helpers are that file's), whose four-player
auction games made it the suite's longest file, one worker's alone under ``--dist
loadfile``; apart, two workers share them."""

from __future__ import annotations

import pytest

from tests.test_terminal_tikal import RAISED, legal_of, read_dense, read_figures, screen, turns


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_four_player_turn_and_auction_keep_every_players_row_on_24_rows(lang):
    """Four players' rows, the map and the prompt on one 80x24 screen, scoring rounds and
    auctions too: the table's notes and headings give way first."""
    from boardgamesbot.games.tikal.catalog import seat_tag

    checked = 0
    for seed in (3, 7, 8):  # (7: an auction game)
        for state, seat, view in turns(seed, every=6, players=4):
            lines = screen(view, lang, legal_of(state, seat))
            if view.get("auction") and lang != "en":
                continue  # (see above: these may still lose the table's top)
            assert len(lines) <= 24, "\n".join(lines)
            for number in range(4):
                assert any(text[1:].startswith(seat_tag(number, lang) + " ") for text in lines)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_dense_map_loses_nothing_on_the_map(lang):
    """Every explored space keeps, in the dense map, its name, its mark ("T5g1", "$3c2",
    "c2", "BASE"), each seat's figures (without colour, by seat), and every crossing a
    figure may take with its cost as the rules count it (`TikalState.links`); unexplored
    spaces show their name alone."""
    from boardgamesbot.games.tikal.components import NEIGHBOURS, parse_space, space_name

    crossings = 0
    for seed in (0, 2, 5):
        for state, seat, view in turns(seed, every=9):
            lines = screen(view, lang, legal_of(state, seat))
            seen = read_dense(lines)
            for name, cell in seen.items():
                assert cell["name"] == name
                space = view["board"].get(name)
                if space is None:
                    assert cell["mark"] == cell["figures"].strip() == cell["north"] == ""
                    continue
                if space["kind"] == "temple":
                    guard = f"g{space['guard']['seat'] + 1}" if "guard" in space else ""
                    assert cell["mark"].replace(" ", "") == f"T{space['value']}{guard}"
                elif space["kind"] == "treasure":
                    assert cell["mark"].startswith(f"${space['wafers']}")
                if space.get("camp") is not None:
                    assert cell["mark"].endswith(f"c{space['camp'] + 1}")
                expected = {int(s): f"{f['W'] + f['L']}{'*' if f['L'] else ''}"
                            for s, f in space.get("figures", {}).items()}
                assert read_figures(cell["figures"], len(view["players"])) == expected
                links = dict(state.links[parse_space(name)])
                for side, key in ((0, "north"), (1, "NE"), (2, "SE")):
                    other = NEIGHBOURS[parse_space(name)][side]
                    cost = links.get(other) if other >= 0 else None
                    shown = cell[key]
                    assert shown == ("" if cost is None else str(cost).translate(
                        str.maketrans("0123456789", RAISED))), (name, side_name(side), lines)
                    crossings += cost is not None
                    if other >= 0 and cost is not None:
                        assert space_name(other) in view["board"]
    assert crossings > 100


def side_name(side: int) -> str:
    return ("N", "NE", "SE", "S", "SW", "NW")[side]
