"""The Tikal board in a terminal: it fits the console's width (80 columns, the classic
terminal, up to 120) without wrapping, in positions from seeded random games."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from boardgamesbot.engine import load_game
from boardgamesbot.games.tikal.render import _origin, board_text, edge_for

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
        board = board_text(view, width, colour=False).plain.splitlines()
        assert len(board) == BOARD_LINES
        assert [line.rstrip() for line in lines[:BOARD_LINES]] == board


def test_the_board_uses_the_width_it_has_up_to_120_columns():
    view = positions(1)[-1]
    widths = {
        width: max(len(line) for line in board_text(view, width).plain.splitlines())
        for width in (80, 90, 100, 120, 200)
    }
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


def read_figures(row: str, seats: int) -> dict[int, str]:
    """Whose figures a colourless hex's figure row shows: "1:3* 2:2" (packed or spaced)
    says each seat, "3* . 2 1" or "3*4 2*." gives every seat its place in seat order."""
    labelled = re.findall(r"(\d):(\d+\*?)", row)
    if labelled:
        return {int(seat) - 1: count for seat, count in labelled}
    slots = re.findall(r"\d+\*?|\.", row)  # spaced, or packed as "3*4 2*."
    if not slots:
        return {}
    assert len(slots) == seats, row
    return {seat: count for seat, count in enumerate(slots) if count != "."}


def colourless(width: int = 80, **environment: str):
    """A console as a terminal without colour prints: NO_COLOR, TERM=dumb, or a pipe."""
    if not environment:
        return Console(file=io.StringIO(), width=width, record=True, color_system=None)
    return Console(
        file=io.StringIO(),
        width=width,
        record=True,
        force_terminal=True,
        _environ={"TERM": "xterm-256color", **environment},
    )


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("environment", [{}, {"NO_COLOR": "1"}, {"TERM": "dumb"}])
def test_without_colour_every_figure_count_says_whose_it_is(lang, environment):
    edge = edge_for(80)
    crowded = 0
    for seed in range(3):
        for view in positions(seed + 2, count=12):  # 4, 2 and 3 players
            console = colourless(**environment)
            console.print(GAME.render_text(view, lang))
            lines = console.export_text().splitlines()
            assert max(len(line) for line in lines) <= 80
            for name, space in view["board"].items():
                x, y = _origin(name, edge)
                row = lines[y + 2].ljust(x + edge + 3)[x + 2 : x + edge + 3]
                expected = {
                    int(seat): f"{f['W'] + f['L']}{'*' if f['L'] else ''}"
                    for seat, f in space.get("figures", {}).items()
                }
                assert read_figures(row, len(view["players"])) == expected, (name, row)
                crowded += len(expected) >= 3
    assert crowded  # the seat-ordered places were tried too


def test_with_colour_the_figure_counts_are_as_they_were():
    view = positions(2, count=12)[-1]  # a 4-player game's end, figures everywhere
    console = Console(
        file=io.StringIO(),
        width=80,
        record=True,
        force_terminal=True,
        color_system="truecolor",
        _environ={"TERM": "xterm-256color"},
    )
    console.print(GAME.render_text(view))
    assert ":" not in "\n".join(console.export_text().splitlines()[:BOARD_LINES])
