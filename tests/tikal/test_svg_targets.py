"""What the browser can click on Tikal's picture: the renderer marks it (docs/rendering.md).

The marks are part of the pure function of a view: every space is a target named by
the space, every tile of the auction's display by its 1-based index, whatever the turn.
"""

from __future__ import annotations

import re

import pytest

from boardgamesbot.engine import GameError, load_game
from boardgamesbot.games.tikal import svg

SPACES = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 7)]


def test_every_space_is_a_target_named_by_the_space():
    text = svg.board(load_game("tikal").new(2, seed=1).view(None))
    marked = re.findall(r'<g class="space [a-z_]+" data-space="([A-H][1-6])" '
                        r'data-target="([^"]+)"', text)
    assert [space for space, _ in marked] == SPACES
    assert all(space == target for space, target in marked)


def test_the_marks_are_the_same_on_every_seat_s_picture_and_with_or_without_the_panel():
    state = load_game("tikal").new(3, seed=4)
    marks = {tuple(re.findall(r'data-target="([^"]+)"', svg.board(state.view(seat), panel=panel)))
             for seat in (None, 0, 2) for panel in (True, False)}
    assert marks == {tuple(SPACES)}


def test_each_display_tile_is_a_target_holding_its_picture_and_words():
    state = load_game("tikal").new(3, seed=2, variant="auction")
    view = state.view(0)
    display = view["auction"]["display"]
    assert display
    text = svg.board(view)
    for tile in display:
        index = tile["index"]
        group = re.search(rf'<g class="display-tile" data-display="{index}" '
                          rf'data-target="display-{index}">(.*?)</g>',
                          text.split('class="panel"')[1])
        assert group, index
        inside = group.group(1)
        assert "<polygon" in inside and f">{index}. {tile['letter']}</text>" in inside
    # Without the panel there is no display to click.
    assert "data-display" not in svg.board(view, panel=False)


def test_the_last_move_is_named_on_the_spaces_it_highlights_only():
    view = load_game("tikal").new(2, seed=1).view(None)
    text = svg.board(view, highlight=["A6", "b5"], last_move="Ana moves a worker A6 → B5")
    named = re.findall(r'data-space="([A-H][1-6])" data-target="[A-H][1-6]" '
                       r'data-last-move="Ana moves a worker A6 → B5"', text)
    assert named == ["A6", "B5"]
    # Without words, the outline alone (as the chat's pictures have it).
    assert "data-last-move" not in svg.board(view, highlight=["A6"])


def test_the_last_move_is_read_as_an_action_not_searched_for_space_names():
    tikal = load_game("tikal")
    view = tikal.new(2, seed=1).view(None)
    assert tikal.render_move(view, last_move="place c5 r2") == svg.board(view, highlight=["C5"])
    assert tikal.render_move(view, last_move="move L A6 B5") == \
        svg.board(view, highlight=["A6", "B5"])
    # An exchange names a seat and treasures, no space: nothing is outlined.
    assert tikal.render_move(view, last_move="exchange 4 p2 7") == svg.board(view)
    with pytest.raises(GameError):
        tikal.render_move(view, last_move="walk to A6")
