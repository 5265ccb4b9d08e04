# FROZEN: the cartographers heuristics of the reference bot `hard-2026.11` (bot.py beside this
# package): a verbatim copy of the product's heuristics as of November 2026, reading the
# pinned rules beside it. Do not edit. Every strength claim is measured against this bot,
# so it must play tomorrow as it plays today (tests/test_reference_bot.py checks its decisions).
# Improve boardgamesbot/games/cartographers/heuristics.py instead.
"""Cartographers knowledge for computer players: what a sheet will be worth.

`evaluate` estimates a seat's final stars (solo) or its final margin over the
other seats (multiplayer). A seat's worth is what it has banked plus what its
sheet is expected to earn at the season scorings still to come:

* **edicts** — each scoring card is scored twice (A in Spring and Winter, B in
  Spring and Summer, C in Summer and Autumn, D in Autumn and Winter); today's
  value of an edict counts once per scoring of it still to come, plus a
  *progress* credit for what is half built (a five-space village towards
  Wildholds, a row one space short of Borderlands), because the coming cards
  usually finish it;
* **coins** count at every remaining scoring, and a mountain with few empty
  neighbours left is a coin on its way;
* **monsters** — an empty space next to a monster costs a star at every
  remaining scoring until it is filled (somewhat less than the full count,
  since the seat will usually fill some of them);
* **space** — ruins still open while ruins cards can come (otherwise the ruins
  card forces a 1×1 instead of a shape), and no single empty spaces walled in
  where no shape of the deck fits.

Everything is computed on the bitboards of `sheet` so that it stays cheap:
the bots call it for every candidate placement. `placement_values` scores all
legal actions of a decision without cloning the state, `candidates` keeps the
best few for the bots' full lookahead, and the ambush decision falls out of
the margin: the monster goes where it lowers the neighbour's worth most.

The weights are hand-set from the rules' arithmetic (what a star is worth at
each remaining scoring) and checked in the arena (docs/bots.md).
"""

from __future__ import annotations

from functools import cache

from .components import CARDS, COIN_TRACK, DRAWN_TERRAINS, RUINS_CARDS, SEASONS, SIZE
from .notation import AmbushFallback, Draw, Fallback
from .scoring import DIAGONALS
from .sheet import (
    COLS,
    EDGE,
    FULL,
    ROWS,
    Sheet,
    bits,
    clusters,
    neighbours,
    popcount,
    surrounded,
)
from .state import AMBUSH, DRAW, OVER, CartographersState, ambush_table, draw_table

__all__ = [
    "SEARCH_SETTINGS",
    "candidates",
    "edict_weights",
    "evaluate",
    "placement_values",
    "progress",
    "quick_reply",
    "seat_worth",
    "sheet_worth",
]

FOREST, VILLAGE, FARM, WATER, MONSTER = range(5)
FILLED = -1  # what a card reads: a terrain layer or the filled mask
_RUINS_NAMES = frozenset(card.name for card in RUINS_CARDS)
_TERRAIN = {terrain: index for index, terrain in enumerate(DRAWN_TERRAINS)}

# Settings the generic search bot reads: Cartographers is decided one placement at
# a time (a seat's "turn" is one drawing), so the hard level is a flat Monte Carlo
# over the best placements: each is tried in several determinizations, the others
# reply, and the seat plays its next two cards greedily before the evaluation. Two
# cards ahead measured better than one (docs/bots.md); 5 × 6 keeps the slowest
# decisions (early, ~1,400 placements per card) well under 3 s.
SEARCH_SETTINGS = {"method": "montecarlo", "worlds": 5, "width": 6, "depth": 2}

# Monster exposure: a star per exposed space at each remaining scoring, but the
# seat fills most exposed spaces within a season or two, so later scorings count
# at this fraction.
MONSTER_LATER = 0.55
# A coin still to come from a mountain with k empty neighbours is this likely per
# missing neighbour (1 empty neighbour: usually closed soon).
MOUNTAIN_CLOSE = 0.5
# A ruins card with no open ruins space costs a shape (a 1×1 instead): ~3 stars.
RUINS_SHORTFALL = 3.0
# An empty space walled in on all four sides: only Rift Lands or a forced 1×1 fills
# it, so it usually stays empty and blocks lines, squares and surrounded forests.
POCKET = 0.5
# The explore deck holds 16 time in 11 cards: about 1.45 time per card, and half-built
# work needs a couple of cards to be finished.
TIME_PER_CARD = 1.45
CARDS_TO_FINISH = 2
# Progress credits are partial stars: what is half built is usually finished, but
# not always, so each card's credit is well below the stars a finished one earns.
LINE_CREDIT = 0.45     # Borderlands / Broken Road: a line e spaces short earns 6·0.45^e
TREE_CREDIT = (0.0, 0.45, 0.15)   # Treetower: a forest with 1 / 2 open sides
LINK_DECAY = 0.72      # Stoneside Forest: per space still needed to reach a mountain
GREENGOLD_TWO = 1.2    # Greengold Plains: a village cluster touching 2 kinds already


# What is still to come ----------------------------------------------------------------


def edict_weights(season: int) -> tuple[int, int, int, int]:
    """How many scorings of edicts A, B, C, D are still to come from season ``season`` on."""
    return tuple(sum(1 for s in SEASONS[season:] if letter in s.edicts) for letter in "ABCD")


def ruins_expected(state: CartographersState) -> float:
    """Roughly how many more ruins cards the seat will have to answer.

    A ruins card still in this season's deck comes up with the chance that the
    season lasts long enough to reveal it (time left / time in the deck); every
    later season shuffles both ruins cards back in and reveals about half its deck.
    """
    if state.step == OVER:
        return 0.0
    season = SEASONS[state.season]
    time_left = max(0, season.threshold - state.time_used())
    deck_time = sum(CARDS[name].time for name in state.deck) or 1
    here = sum(1 for name in state.deck if name in _RUINS_NAMES)
    later = len(SEASONS) - 1 - state.season
    return here * min(1.0, time_left / deck_time) + 0.9 * later


# Edict progress ------------------------------------------------------------------------
#
# Each function returns the stars the card pays for the sheet now and a partial
# credit for what is on its way; ``layers`` are the five drawn terrains and
# ``filled`` everything filled (see `Sheet`). ``side`` gives mountains and ruins.


# A card that reads only some layers is remembered by those: most placements leave
# them alone (a forest drawing does not change a village card), so the bots'
# hundreds of evaluations per decision mostly hit this cache.
_MEMO_LIMIT = 200_000


def _remembered(*reads: int):
    """Memoize a card on the layers it reads (indices; ``FILLED`` for the filled mask)."""
    def wrap(card):
        memo: dict = {}

        if reads == (FILLED,):  # the filled mask includes the mountains: it names the side
            def key_of(layers, filled, side):
                return filled
        elif len(reads) == 1:
            def key_of(layers, filled, side, read=reads[0]):
                return layers[read], side[0]
        elif len(reads) == 2 and FILLED not in reads:
            def key_of(layers, filled, side, first=reads[0], second=reads[1]):
                return layers[first], layers[second], side[0]
        elif len(reads) == 2 and reads[1] == FILLED:
            def key_of(layers, filled, side, read=reads[0]):
                return layers[read], filled
        else:
            def key_of(layers, filled, side):
                return (side[0],) + tuple(filled if i == FILLED else layers[i] for i in reads)

        def scored(layers, filled, side):
            key = key_of(layers, filled, side)
            value = memo.get(key)
            if value is None:
                if len(memo) >= _MEMO_LIMIT:
                    memo.clear()
                value = memo[key] = card(layers, filled, side)
            return value
        scored.__name__ = scored.__qualname__ = card.__name__
        scored.__doc__ = card.__doc__
        return scored
    return wrap


@_remembered(FOREST)
def _sentinel_wood(layers, filled, side) -> float:
    return popcount(layers[FOREST] & EDGE), 0.0


@_remembered(FOREST)
def _greenbough(layers, filled, side) -> float:
    forest = layers[FOREST]
    return sum(1 for row in ROWS if forest & row) + sum(1 for col in COLS if forest & col), 0.0


def _open_sides(mask: int, empty: int) -> tuple[int, int, int]:
    """Cells of ``mask`` with at least 1, at least 2 and at least 3 empty neighbours."""
    up = mask & (empty << SIZE)
    down = mask & (empty >> SIZE)
    left = mask & ((empty << 1) & ~COLS[0])
    right = mask & ((empty >> 1) & ~COLS[-1])
    one = up | down | left | right
    two = (up & down) | (up & left) | (up & right) | (down & left) | (down & right) | (left & right)
    three = (up & down & (left | right)) | (left & right & (up | down))
    return one, two, three


@_remembered(FOREST, FILLED)
def _treetower(layers, filled, side) -> float:
    forest = layers[FOREST]
    one, two, three = _open_sides(forest, FULL & ~filled)
    done = popcount(forest & ~one)
    return done, TREE_CREDIT[1] * popcount(one & ~two) + TREE_CREDIT[2] * popcount(two & ~three)


@_remembered(FOREST, FILLED)
def _stoneside_forest(layers, filled, side) -> float:
    mountains = side[0]
    passable = (FULL & ~filled) | layers[FOREST]
    linked = 0
    credit = 0.0
    for cluster in clusters(layers[FOREST]):
        touched = neighbours(cluster) & mountains
        if not touched:
            continue
        if popcount(touched) >= 2:
            linked |= touched
        # How many more forest spaces would reach an untouched mountain?
        targets = mountains & ~touched
        grown, steps = cluster, 0
        while steps < 8 and not neighbours(grown) & targets:
            wider = (grown | neighbours(grown)) & passable
            if wider == grown:
                steps = 99
                break
            grown, steps = wider, steps + 1
        if steps < 8:
            # Linking a lone mountain pays for both ends (6); one more link pays 3.
            credit += (6.0 if popcount(touched) == 1 else 3.0) * LINK_DECAY ** (steps + 1)
    return 3 * popcount(linked), credit


@_remembered(FARM, WATER)
def _canal_lake(layers, filled, side) -> float:
    farm, water = layers[FARM], layers[WATER]
    return popcount(water & neighbours(farm)) + popcount(farm & neighbours(water)), 0.0


@_remembered(FARM, WATER)
def _mages_valley(layers, filled, side) -> float:
    near = neighbours(side[0])
    return 2 * popcount(layers[WATER] & near) + popcount(layers[FARM] & near), 0.0


@_remembered(FARM, WATER)
def _golden_granary(layers, filled, side) -> float:
    ruins = side[1]
    return popcount(layers[WATER] & neighbours(ruins)) + 3 * popcount(layers[FARM] & ruins), 0.0


@_remembered(FARM, WATER)
def _shoreside_expanse(layers, filled, side) -> float:
    farm, water = layers[FARM], layers[WATER]
    stars = 0
    for terrain, other in ((farm, water), (water, farm)):
        for cluster in clusters(terrain):
            if not cluster & EDGE and not neighbours(cluster) & other:
                stars += 3
    return stars, 0.0


_VILLAGES: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _villages(village: int) -> tuple[tuple[int, int, int], ...]:
    """The village clusters as (cluster, size, spaces around it): four cards read them."""
    found = _VILLAGES.get(village)
    if found is None:
        if len(_VILLAGES) >= _MEMO_LIMIT:
            _VILLAGES.clear()
        found = _VILLAGES[village] = tuple(
            (cluster, popcount(cluster), neighbours(cluster) & ~cluster)
            for cluster in clusters(village))
    return found


def _wildholds(layers, filled, side) -> float:
    stars, credit = 0, 0.0
    for _, size, around in _villages(layers[VILLAGE]):
        if size >= 6:
            stars += 8
        elif around & ~filled:
            # A growing village: 8·0.7·(k/6)^1.5 — a five-space one is most of the way.
            credit += 5.6 * (size / 6) ** 1.5
    return stars, credit


@_remembered(VILLAGE)
def _great_city(layers, filled, side) -> float:
    mountains = side[0]
    sizes = [size for _, size, around in _villages(layers[VILLAGE]) if not around & mountains]
    return max(sizes, default=0), 0.0


def _greengold_plains(layers, filled, side) -> float:
    kinds = (layers[FOREST], layers[FARM], layers[WATER], layers[MONSTER], side[0])
    empty = FULL & ~filled
    stars, credit = 0, 0.0
    for _, _, around in _villages(layers[VILLAGE]):
        touching = sum(1 for kind in kinds if kind & around)
        if touching >= 3:
            stars += 3
        elif touching == 2 and around & empty:
            credit += GREENGOLD_TWO
    return stars, credit


@_remembered(VILLAGE)
def _shieldgate(layers, filled, side) -> float:
    sizes = sorted((size for _, size, _ in _villages(layers[VILLAGE])), reverse=True)
    return (2 * sizes[1] if len(sizes) >= 2 else 0), 0.0


def _lines(filled: int, lines, stars: int) -> tuple[int, float]:
    done, credit = 0, 0.0
    for line in lines:
        missing = popcount(line & ~filled)
        if missing:
            credit += stars * LINE_CREDIT ** missing
        else:
            done += stars
    return done, credit


_BORDER_LINES = ROWS + COLS


@_remembered(FILLED)
def _borderlands(layers, filled, side) -> float:
    return _lines(filled, _BORDER_LINES, 6)


def _largest_square(filled: int) -> int:
    """Side of the largest all-filled square: erode by one step right and down until empty."""
    inner = FULL & ~COLS[-1]
    side, squares = 0, filled
    while squares:
        side += 1
        squares = squares & (squares >> 1) & inner & (squares >> SIZE) & (squares >> (SIZE + 1))
    return side


@_remembered(FILLED)
def _lost_barony(layers, filled, side) -> float:
    return 3 * _largest_square(filled), 0.0


@_remembered(FILLED)
def _broken_road(layers, filled, side) -> float:
    return _lines(filled, DIAGONALS, 3)


@_remembered(FILLED)
def _cauldrons(layers, filled, side) -> float:
    return popcount(FULL & ~filled & surrounded(filled)), 0.0


PROGRESS = {
    "Sentinel Wood": _sentinel_wood,
    "Greenbough": _greenbough,
    "Treetower": _treetower,
    "Stoneside Forest": _stoneside_forest,
    "Canal Lake": _canal_lake,
    "Mages Valley": _mages_valley,
    "The Golden Granary": _golden_granary,
    "Shoreside Expanse": _shoreside_expanse,
    "Wildholds": _wildholds,
    "Great City": _great_city,
    "Greengold Plains": _greengold_plains,
    "Shieldgate": _shieldgate,
    "Borderlands": _borderlands,
    "Lost Barony": _lost_barony,
    "The Broken Road": _broken_road,
    "The Cauldrons": _cauldrons,
}


def progress(card: str, sheet: Sheet) -> tuple[float, float]:
    """The stars ``card`` pays ``sheet`` now, and the partial credit for what is half built."""
    return PROGRESS[card](sheet.layers, sheet.filled, _side_masks(sheet.side))


@cache
def _side_masks(side) -> tuple[int, int, tuple[int, ...], int]:
    """(mountains, ruins, each mountain's neighbour ring, all rings) of a map side."""
    probe = Sheet(side)
    mountains, ruins = probe.mountains, probe.ruins
    rings = tuple(neighbours(1 << m) & ~(1 << m) for m in bits(mountains))
    everywhere = 0
    for ring in rings:
        everywhere |= ring
    return mountains, ruins, rings, everywhere


# A seat's worth ------------------------------------------------------------------------


class Outlook:
    """What is still to come for everybody at the table: computed once per evaluation."""

    __slots__ = ("seasons_left", "edicts", "ruins", "pockets", "soon", "exposure", "coin",
                 "memo")

    def __init__(self, state: CartographersState) -> None:
        over = state.step == OVER
        self.seasons_left = 0 if over else len(SEASONS) - state.season
        self.edicts = ()
        if not over:
            now = SEASONS[state.season].edicts
            later = edict_weights(state.season + 1) if state.season + 1 < len(SEASONS) \
                else (0, 0, 0, 0)
            self.edicts = tuple(
                (PROGRESS[name], int(letter in now), weight)
                for name, letter, weight in zip(state.edicts, "ABCD", later)
                if letter in now or weight
            )
        # Half-built work pays at this season's scoring only if cards are left to
        # finish it: about one card per TIME_PER_CARD of the season's time left.
        time_left = 0 if over else SEASONS[state.season].threshold - state.time_used()
        self.soon = min(1.0, max(0, time_left) / (TIME_PER_CARD * CARDS_TO_FINISH))
        self.ruins = ruins_expected(state)
        # The Cauldrons pays for walled-in empty spaces: then they are no waste.
        self.pockets = 0.0 if "The Cauldrons" in state.edicts else POCKET
        self.exposure = 1 + MONSTER_LATER * (self.seasons_left - 1)
        self.coin = self.seasons_left - 0.5
        self.memo = {}

    def coins_to_come(self, rings, drawn_around: int) -> float:
        """Coins on their way: a mountain with k empty neighbours pays MOUNTAIN_CLOSE^k
        of a coin, and a coin is worth a star at each later scoring."""
        value = self.memo.get(drawn_around)
        if value is None:
            value = 0.0
            for ring in rings:
                missing = (ring & ~drawn_around).bit_count()
                if missing:
                    value += self.coin * MOUNTAIN_CLOSE ** missing
            self.memo[drawn_around] = value
        return value


def sheet_worth(layers, filled: int, side, outlook: Outlook) -> float:
    """Stars the sheet is expected to earn from now on, coins aside."""
    if not outlook.seasons_left:
        return 0.0
    masks = _side_masks(side)
    worth = 0.0
    soon = outlook.soon
    for scorer, now, later in outlook.edicts:
        stars, credit = scorer(layers, filled, masks)
        worth += (now + later) * stars + (now * soon + later) * credit
    empty = FULL & ~filled
    monsters = layers[MONSTER]
    if monsters:
        exposed = (empty & neighbours(monsters)).bit_count()
        worth -= exposed * outlook.exposure
    shortfall = outlook.ruins - (masks[1] & empty).bit_count()
    if shortfall > 0:
        worth -= RUINS_SHORTFALL * shortfall
    if outlook.pockets:
        worth -= outlook.pockets * (empty & surrounded(filled)).bit_count()
    return worth + outlook.coins_to_come(masks[2], filled & masks[3])


def seat_worth(state: CartographersState, seat: int, outlook: Outlook,
               layers=None, filled: int | None = None, coins: int | None = None) -> float:
    """``seat``'s banked stars plus the expected rest (by default of its sheet as it is)."""
    sheet = state.sheets[seat]
    if layers is None:
        layers, filled = sheet.layers, sheet.filled
    if coins is None:
        coins = state.coins[seat]
    banked = sum(state.season_totals(seat))
    return banked + coins * outlook.seasons_left + sheet_worth(layers, filled, sheet.side, outlook)


def _with_pending(state: CartographersState):
    """Each seat's (layers, filled, coins) with the choices already made in this step drawn.

    In a simultaneous step a chosen drawing waits until every seat has chosen, but
    it is as good as drawn: evaluate the sheets as if it were.
    """
    sheets = [[s.layers, s.filled, c] for s, c in zip(state.sheets, state.coins)]
    for choice in state.chosen:
        if choice is None:
            continue
        _, (target, terrain, mask, coin) = choice
        entry = sheets[target]
        if mask:
            layers = list(entry[0])
            layers[terrain] |= mask
            entry[0], entry[1] = layers, entry[1] | mask
        entry[2] += coin
    for seat, entry in enumerate(sheets):
        if entry[1] != state.sheets[seat].filled:
            closed = _surrounded_mountains(state.sheets[seat].side, entry[1])
            entry[2] += max(0, closed - state.surrounded[seat])
        entry[2] = min(COIN_TRACK, entry[2])
    return sheets


def _surrounded_mountains(side, filled: int) -> int:
    return sum(1 for ring in _side_masks(side)[2] if ring & ~filled == 0)


def _margin(own: float, rivals: list[float]) -> float:
    """Own worth against the table. Beating the leader is what wins, but every rival
    counts a little, so that hurting any neighbour (an ambush) is worth something."""
    if not rivals:
        return own
    return own - (0.5 * max(rivals) + 0.5 * sum(rivals) / len(rivals))


def evaluate(state: CartographersState, player: int) -> float:
    """``player``'s expected final stars (solo) or final margin over the others."""
    outlook = Outlook(state)
    sheets = _with_pending(state)
    worths = [seat_worth(state, seat, outlook, *sheets[seat]) for seat in range(state.num_players)]
    return _margin(worths[player], worths[:player] + worths[player + 1:])


# Scoring every placement of a decision at once ------------------------------------------


def placement_values(state: CartographersState, player: int) -> list[tuple[float, object]]:
    """Every legal action of ``player`` with the value `evaluate` would give it.

    The drawing is scored on the sheet's bitboards directly (no state copy), as
    if the step resolved right after it: the seat's own sheet for a drawing, the
    neighbour's for an ambush. Only the seat's and the target's worth change, so
    the other rivals are left out: values rank the actions, they are not margins.
    """
    actions = state.legal_actions(player)
    if not actions or state.step not in (DRAW, AMBUSH):
        return [(0.0, action) for action in actions]
    outlook = Outlook(state)
    sheets = _with_pending(state)
    if state.step == AMBUSH:
        target = state.ambush_target(player)
        layers, filled, _ = sheets[target]
        side = state.sheets[target].side
        masks = {a: m for m, a in ambush_table(state.card)}
        values = []
        for action in actions:
            mask = masks.get(action, 1 << action.cell if isinstance(action, AmbushFallback) else 0)
            if mask:
                placed = list(layers)
                placed[MONSTER] |= mask
                values.append((-sheet_worth(placed, filled | mask, side, outlook), action))
            else:
                values.append((-sheet_worth(layers, filled, side, outlook), action))
        return values
    layers, filled, coins = sheets[player]
    side = state.sheets[player].side
    banked = sum(state.season_totals(player))
    seasons_left = outlook.seasons_left
    rings = _side_masks(side)[3]
    closed_before = _surrounded_mountains(side, filled)
    card = state.card
    shape_coin = {number: shape.coin for number, shape in enumerate(card.shapes, 1)}
    masks = {}
    for mask, group in draw_table(card):
        if not mask & filled:
            for action in group:
                masks[action] = mask
    values = []
    for action in actions:
        if isinstance(action, Draw):
            mask, coin = masks[action], shape_coin[action.shape]
        elif isinstance(action, Fallback):
            mask, coin = 1 << action.cell, False
        else:
            values.append((seat_worth(state, player, outlook, layers, filled, coins), action))
            continue
        placed = layers[:]
        placed[_TERRAIN[action.terrain]] |= mask
        now = filled | mask
        if mask & rings:  # it may close a mountain's last gap: a coin
            coin += max(0, _surrounded_mountains(side, now) - closed_before)
        total = min(COIN_TRACK, coins + coin)
        values.append((banked + total * seasons_left + sheet_worth(placed, now, side, outlook),
                       action))
    return values


def quick_reply(state: CartographersState, player: int, rng) -> object:
    """How the search imagines another seat's reply: an ambush monster where it hurts
    its target most (what the bots do, and what the searching seat must fear); a
    drawing at random, which is cheap and, in a simultaneous step, the same whatever
    the searching seat chose, so it does not bias the comparison of its choices."""
    if state.step == AMBUSH:
        return candidates(state, player, 1)[0]
    return rng.choice(state.legal_actions(player))


def candidates(state: CartographersState, player: int, limit: int = 12) -> list:
    """The ``limit`` most promising legal actions by `placement_values`, best first.

    Ties keep the order of `legal_actions`, so the list is the same every time.
    """
    values = placement_values(state, player)
    order = sorted(range(len(values)), key=lambda i: -values[i][0])
    return [values[i][1] for i in order[:limit]]
