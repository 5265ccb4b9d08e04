"""The sixteen scoring cards, each a function from a `Sheet` to stars.

All adjacency is orthogonal; a cluster is a connected group of one terrain.
"Filled" means mountain, wasteland, monster or any drawn terrain; a ruins
space counts only once something is drawn on it (rules reference, Decisions).

>>> from boardgamesbot.games.cartographers.sheet import Sheet
>>> score_card("Sentinel Wood", Sheet.blank("A"))
0
"""

from __future__ import annotations

from collections.abc import Callable

from boardgamesbot.engine import GameError

from .components import SCORING_CARDS, SIZE
from .sheet import COLS, EDGE, ROWS, Sheet, clusters, neighbours, popcount, surrounded

__all__ = ["SCORERS", "score_card"]

FOREST, VILLAGE, FARM, WATER, MONSTER = range(5)


def sentinel_wood(sheet: Sheet) -> int:
    return popcount(sheet.layers[FOREST] & EDGE)


def greenbough(sheet: Sheet) -> int:
    forest = sheet.layers[FOREST]
    return sum(1 for row in ROWS if forest & row) + sum(1 for col in COLS if forest & col)


def treetower(sheet: Sheet) -> int:
    return popcount(sheet.layers[FOREST] & surrounded(sheet.filled))


def stoneside_forest(sheet: Sheet) -> int:
    """3 per mountain linked to another mountain through one forest cluster."""
    linked = 0
    for cluster in clusters(sheet.layers[FOREST]):
        touched = neighbours(cluster) & sheet.mountains
        if popcount(touched) >= 2:
            linked |= touched
    return 3 * popcount(linked)


def canal_lake(sheet: Sheet) -> int:
    farm, water = sheet.layers[FARM], sheet.layers[WATER]
    return popcount(water & neighbours(farm)) + popcount(farm & neighbours(water))


def mages_valley(sheet: Sheet) -> int:
    near = neighbours(sheet.mountains)
    return 2 * popcount(sheet.layers[WATER] & near) + popcount(sheet.layers[FARM] & near)


def golden_granary(sheet: Sheet) -> int:
    ruins = sheet.ruins
    return (popcount(sheet.layers[WATER] & neighbours(ruins))
            + 3 * popcount(sheet.layers[FARM] & ruins))


def shoreside_expanse(sheet: Sheet) -> int:
    farm, water = sheet.layers[FARM], sheet.layers[WATER]
    stars = 0
    for terrain, other in ((farm, water), (water, farm)):
        for cluster in clusters(terrain):
            if not cluster & EDGE and not neighbours(cluster) & other:
                stars += 3
    return stars


def wildholds(sheet: Sheet) -> int:
    return 8 * sum(1 for cluster in clusters(sheet.layers[VILLAGE]) if popcount(cluster) >= 6)


def great_city(sheet: Sheet) -> int:
    """The largest village cluster among those not adjacent to a mountain."""
    near = neighbours(sheet.mountains)
    sizes = [popcount(c) for c in clusters(sheet.layers[VILLAGE]) if not c & near]
    return max(sizes, default=0)


def greengold_plains(sheet: Sheet) -> int:
    """Terrain types: forest, farm, water, monster, mountain (not wasteland, not empty)."""
    kinds = (sheet.layers[FOREST], sheet.layers[FARM], sheet.layers[WATER],
             sheet.layers[MONSTER], sheet.mountains)
    stars = 0
    for cluster in clusters(sheet.layers[VILLAGE]):
        around = neighbours(cluster)
        if sum(1 for kind in kinds if kind & around) >= 3:
            stars += 3
    return stars


def shieldgate(sheet: Sheet) -> int:
    """2 per space of the second-largest village cluster (a tie for largest counts)."""
    sizes = sorted((popcount(c) for c in clusters(sheet.layers[VILLAGE])), reverse=True)
    return 2 * sizes[1] if len(sizes) >= 2 else 0


def borderlands(sheet: Sheet) -> int:
    filled = sheet.filled
    lines = ROWS + COLS
    return 6 * sum(1 for line in lines if filled & line == line)


_NOT_LAST_COLUMN = ~COLS[-1]


def lost_barony(sheet: Sheet) -> int:
    """3 × the side of the largest square of filled spaces.

    ``squares`` marks the top-left corners of the filled squares of side ``side``; a
    square one larger has its corner where four of those overlap (itself, right, below,
    below right), so each round is four bitboard ANDs instead of a pass over 121 spaces
    (a season's scoring in a self-play game)."""
    squares, side = sheet.filled, 0
    while squares:
        side += 1
        squares &= (squares >> 1) & (squares >> SIZE) & (squares >> (SIZE + 1)) \
            & _NOT_LAST_COLUMN
    return 3 * side


def _diagonal(start_row: int) -> int:
    return sum(1 << ((start_row + i) * SIZE + i) for i in range(SIZE - start_row))


DIAGONALS = tuple(_diagonal(r) for r in range(SIZE))


def broken_road(sheet: Sheet) -> int:
    """3 per diagonal from (r, 0) down-right to (10, 10 - r) that is completely filled."""
    filled = sheet.filled
    return 3 * sum(1 for line in DIAGONALS if filled & line == line)


def cauldrons(sheet: Sheet) -> int:
    return popcount(sheet.empty & surrounded(sheet.filled))


SCORERS: dict[str, Callable[[Sheet], int]] = {
    "Sentinel Wood": sentinel_wood,
    "Greenbough": greenbough,
    "Treetower": treetower,
    "Stoneside Forest": stoneside_forest,
    "Canal Lake": canal_lake,
    "Mages Valley": mages_valley,
    "The Golden Granary": golden_granary,
    "Shoreside Expanse": shoreside_expanse,
    "Wildholds": wildholds,
    "Great City": great_city,
    "Greengold Plains": greengold_plains,
    "Shieldgate": shieldgate,
    "Borderlands": borderlands,
    "Lost Barony": lost_barony,
    "The Broken Road": broken_road,
    "The Cauldrons": cauldrons,
}
assert set(SCORERS) == set(SCORING_CARDS), "every scoring card needs a scorer"


def score_card(name: str, sheet: Sheet) -> int:
    """Stars ``sheet`` earns from the scoring card called ``name``.

    Unknown names raise `GameError` listing the card names.
    """
    scorer = SCORERS.get(name)
    if scorer is None:
        folded = {card.casefold(): card for card in SCORERS}
        scorer = SCORERS.get(folded.get(str(name).strip().casefold(), ""))
    if scorer is None:
        raise GameError(
            f"unknown scoring card {name!r}; the cards are: {', '.join(SCORERS)}",
            code="unknown_card", name=str(name), known=list(SCORERS),
        )
    return scorer(sheet)
