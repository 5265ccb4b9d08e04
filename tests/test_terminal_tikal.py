"""The Tikal board in a terminal: it fits the console's width (80 columns, the classic
terminal, up to 120) without wrapping, in positions from seeded random games."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from boardgamesbot.engine import load_game
from boardgamesbot.games.tikal.render import board_text

GAME = load_game("tikal")
BOARD_LINES = 27  # six rows of hexes four lines apart, odd columns two lines lower, edges


def positions(seed: int, count: int = 6, variant: str | None = None):
    """Views along one seeded random game (random legal actions, so spaces fill up
    with figures, camps, guards and stones as a long game would)."""
    rng = random.Random(seed)
    options = {"variant": variant} if variant else {}
    state = GAME.new(2 + seed % 3, seed=seed, **options)
    views = [state.view(None)]
    for step in range(1, 400):
        if state.is_over():
            break
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
        if step % (400 // count) == 0:
            views.append(state.view(player if step % 2 else None))
    views.append(state.view(None))
    return views


def printed(view: dict, width: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(GAME.render_text(view))
    return console.export_text().splitlines()


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("seed", range(6))
def test_no_line_is_wider_than_the_terminal_and_the_board_is_never_wrapped(width, seed):
    for view in positions(seed, variant="auction" if seed == 5 else None):
        lines = printed(view, width)
        assert max(len(line) for line in lines) <= width
        # rich wraps what is too wide, so the length alone cannot tell: the board must
        # come out line for line as drawn, each of its 27 lines whole
        board = board_text(view, width).plain.splitlines()
        assert len(board) == BOARD_LINES
        assert [line.rstrip() for line in lines[:BOARD_LINES]] == board


def test_the_board_uses_the_width_it_has_up_to_120_columns():
    view = positions(1)[-1]
    widths = {width: max(len(line) for line in board_text(view, width).plain.splitlines())
              for width in (80, 90, 100, 120, 200)}
    assert widths[80] <= 80 < widths[90] <= 90 < widths[100] <= 100 < widths[120] <= 120
    assert widths[200] == widths[120]  # wider than 120, the hexes stop growing
    # the room goes into words: a temple is "temple 5" when there is room, "T5" when not
    temple = next(s for s in view["board"].values() if s["kind"] == "temple")
    assert f"temple {temple['value']}" in board_text(view, 120).plain
    assert f"temple {temple['value']}" not in board_text(view, 80).plain


@pytest.mark.parametrize("width", [80, 120])
def test_every_space_keeps_its_name_its_figures_and_no_stone_touches_a_word(width):
    for seed in range(3):
        for view in positions(seed):
            text = board_text(view, width).plain
            for name, space in view["board"].items():
                assert name in text
                for figures in space.get("figures", {}).values():
                    assert str(figures["W"] + figures["L"]) in text
            # a stone count beside a label would read as part of it ("1camp", "T51")
            for word in ("camp", "jungle", "jngl", "temple", "base", "BASE", "VOLCANO"):
                for digit in "0123456789":
                    assert digit + word not in text



def test_the_stack_is_counted_in_words_that_agree_with_the_number():
    view = positions(0)[0]
    for size, words in ((1, "Stack: 1 tile,"), (2, "Stack: 2 tiles,"), (0, "Stack: 0 tiles,")):
        view["stack"]["size"] = size
        assert words in "\n".join(printed(view, 80))
