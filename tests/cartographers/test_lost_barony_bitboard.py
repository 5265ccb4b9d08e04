"""Lost Barony on bitboards (issue 32) scores as the classic square-finding programme."""

from __future__ import annotations

import random

from boardgamesbot.games.cartographers.components import SIZE
from boardgamesbot.games.cartographers.scoring import lost_barony
from boardgamesbot.games.cartographers.sheet import Sheet


def largest_square(filled: int) -> int:
    """The side of the largest square of filled spaces, by the row-by-row dynamic programme."""
    best, above = 0, [0] * SIZE
    for row in range(SIZE):
        here = [0] * SIZE
        for col in range(SIZE):
            if filled >> (row * SIZE + col) & 1:
                here[col] = 1 if col == 0 or row == 0 else 1 + min(
                    above[col], here[col - 1], above[col - 1])
                best = max(best, here[col])
        above = here
    return best


def test_lost_barony_matches_the_dynamic_programme_on_random_sheets():
    rng = random.Random(32)
    for density in (0.3, 0.6, 0.8, 0.9, 0.97, 1.0):
        for _ in range(150):
            sheet = Sheet.blank(rng.choice("AB"))
            forest = sum(1 << cell for cell in range(SIZE * SIZE) if rng.random() < density)
            sheet.draw(0, forest & sheet.empty)
            assert lost_barony(sheet) == 3 * largest_square(sheet.filled), sheet.to_text()


def test_squares_do_not_wrap_around_the_sheet_edge():
    # The last column of rows 1-2 and the first column of rows 2-3: no 2x2 square,
    # though bit neighbours across the row end would make one.
    sheet = Sheet.blank("A")
    cells = [(0, SIZE - 1), (1, SIZE - 1), (1, 0), (2, 0)]
    mask = sum(1 << (r * SIZE + c) for r, c in cells) & sheet.empty
    sheet.draw(0, mask)
    assert lost_barony(sheet) == 3 * largest_square(sheet.filled)
