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
each remaining scoring) and checked in the arena (docs/bots.md); they all live in
`weights.Weights` (read here from ``WEIGHTS``), where a set tuned jointly by
self-play can replace them (`use_weights`; session 50 tuned one, not adopted). A
level may differ in a few of them (`LEVEL_WEIGHTS`: its bot asks `for_level`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterator
from contextvars import ContextVar
from dataclasses import asdict, replace
from functools import cache
from typing import Any, TypeVar

from boardgamesbot.engine import Action, Heuristics, SearchSettings, State, ranked_reasons

from .components import (
    AMBUSH_CARDS,
    AMBUSH_NAMES,
    CARDS,
    COIN_TRACK,
    DRAWN_TERRAINS,
    RUINS_CARDS,
    SEASONS,
    SIZE,
    AmbushCard,
    ExploreCard,
    MapSide,
)
from .futures import stratified_worlds
from .notation import AmbushFallback, Draw, Fallback
from .ntuple import features, search_weights
from .scoring import DIAGONALS
from .sheet import (
    COLS,
    EDGE,
    FULL,
    ROWS,
    Sheet,
    bits,
    clusters,
    mask_of,
    neighbours,
    surrounded,
)
from .state import (
    AMBUSH,
    DRAW,
    OVER,
    CartographersState,
    _ring,
    ambush_table,
    draw_table,
)
from .weights import Weights, checked

__all__ = [
    "SEARCH_SETTINGS",
    "candidates",
    "edict_weights",
    "evaluate",
    "evaluate_terms",
    "follow_up",
    "in_play",
    "placement_values",
    "progress",
    "quick_reply",
    "reasons",
    "seasons_ahead",
    "seat_worth",
    "sheet_worth",
    "shortlist",
    "time_left_share",
    "use_weights",
    "win_chance",
]

_T = TypeVar("_T")

FOREST, VILLAGE, FARM, WATER, MONSTER = range(5)
FILLED = -1  # what a card reads: a terrain layer or the filled mask
_RUINS_NAMES = frozenset(card.name for card in RUINS_CARDS)
_TERRAIN = {terrain: index for index, terrain in enumerate(DRAWN_TERRAINS)}

# A sheet's five drawn terrains as bit masks (`Sheet.layers`), indexed FOREST…MONSTER.
Layers = list[int]
# A map side's printed masks (`_side_masks`): mountains, ruins, each mountain's ring of
# neighbours, and all the rings together.
SideMasks = tuple[int, int, tuple[int, ...], int]
# What an edict card makes of a sheet: the stars it pays now and the partial credit for
# what is half built (see "Edict progress" below).
EdictReading = tuple[int, float]
EdictCard = Callable[[Layers, int, SideMasks], EdictReading]

# Settings the generic search bot reads: Cartographers is decided one placement at
# a time (a seat's "turn" is one drawing), so the hard level is a flat Monte Carlo
# over the shortlist (`shortlist`: the best placements and the best of each of the
# card's choices): each is tried in several determinizations, the others reply, and
# the seat plays its next two cards greedily before the evaluation. Two cards ahead
# measured better than one, three no better than two (docs/bots.md). Breadth pays
# where depth did not: 8 worlds and 8 placements plus the card's other choices
# against the reference's 5 and 6 (docs/bots.md, issue 14), affordable since the
# evaluation got cheaper. Then the 3 best go on to 6 more worlds: the top few are
# usually a fraction of a star apart, which 8 worlds cannot tell, while the rest are
# clearly behind, so the extra samples go where the call is close (issue 32,
# session 36: measured on paired deals, docs/bots.md).
SEARCH = SearchSettings(method="montecarlo", worlds=8, width=8, depth=2,
                        finalists=3, final_worlds=6)
# At a table the other seats' replies make every sampled future dearer: with the
# second round `hard`'s 95th-percentile decision took 1.19 s of CPU at four players
# (the goal is 1 s; 0.85 s without it), and its strength there was not measured. So a
# table keeps the one round the four-player figures of docs/bots.md were measured with.
TABLE_SEARCH = replace(SEARCH, finalists=0, final_worlds=0)
SEARCH_SETTINGS = asdict(SEARCH)  # the same as data (docs/bots.md)

# The search's objective at a table (`outcome`, issue 32, session 39). With the margin
# (`_margin`) the mean over sampled futures only maximises the seat's own expected
# worth: in a sampled future the rivals' sheets hardly depend on the seat's drawing.
# What wins is ending ahead of the best rival, so with WIN_SCALE > 0 a table's search
# averages a chance of winning instead: the logistic of (own − best rival worth) / s,
# where s = WIN_SCALE·sqrt(share of the game's time still to come) + WIN_FLOOR (the
# worths are less certain the more of the game is left). Behind, the seat then takes
# the placement that wins in more futures even if it averages less; ahead, the safe
# one. 0 = off (the margin, as measured in docs/bots.md). Solo is never affected.
WIN_SCALE = 0.0
WIN_FLOOR = 2.0

# The search's own next cards (`follow_up`, issue 32, session 40). In a sampled future
# the seat draws the same next card after every placement tried, on sheets that differ
# only by that placement (and the ambushes it draws), and pricing all ~1,400 drawings
# of it for each was 80% of a four-player decision. With FOLLOW_UP_KEEP > 0 the first
# placement tried in a future prices them all and remembers its FOLLOW_UP_KEEP best;
# the others price only those still legal and the drawings on or beside a space whose
# state differs from that first sheet (where a value can have moved most). 0 = off:
# every drawing priced each time. With 16 kept, 98% of `hard`'s four-player decisions
# were the same at less than half the CPU, but neither a second round nor more worlds
# bought with that time won more at a table (docs/bots.md, session 40): so it is off.
# Solo alike since session 42 (it was tables only before), where the time saved may buy
# the finalists a longer look (`SearchSettings.final_depth`, docs/bots.md).
FOLLOW_UP_KEEP = 0

# Where the search's sampled futures stop (`horizon_reached`, issue 32, session 56). The
# seat's next cards are played `depth` decisions deep and the sheet is then priced with
# the edicts' credits for half-built work. With SEASON_STOP = 1 a future stops instead at
# the scoring of the season the placement was made in (if it comes within `depth` of the
# seat's decisions): what that scoring counts is then real stars, not credits, and the
# first cards of the next season's new shuffle are not played. With a larger `depth`
# (paid for with FOLLOW_UP_KEEP) the continuation plays to the season's scoring. 0 = off:
# `depth` decisions, across a scoring or not, as measured in docs/bots.md.
SEASON_STOP = 0

# Credits for the scorings further off (issue 32, session 57). A progress credit is a
# chance that half-built work is finished; it counts at this season's scoring by the
# cards left to finish it (`Outlook.soon`) and at every later scoring in full, as if
# each were as near. With CREDIT_AHEAD = g > 0 a credit counts (1 + g·d) at a scoring d
# seasons after the current one: work for a scoring further off has more cards to be
# finished by then (from Spring an Autumn-and-Winter edict's credit counts 2 + 5g
# times). Stars already built count as before. 0 = off, as measured in docs/bots.md;
# g = 0.25 read −2.9 ± 3.1 stars on 54 paired deals (session 57): not adopted.
CREDIT_AHEAD = 0.0

# The search's sampled futures (`worlds`, issue 32, session 41). Placements a fraction
# of a star apart are compared on a few futures, and what sets one future apart most
# is the next card (what the seat draws first after the placement): 8 independent
# samples of a season with ten cards left miss about four of them and repeat others.
# With STRATIFY = 1 the samples lead with the possible next cards in turn, each in
# its share of the samples (`futures.stratified_worlds`); 0 = independent samples.
STRATIFY = 0

# The learned correction (`learned.py`'s shipped weights, read through `ntuple.py`) inside
# the search (issue 32, sessions 47-48). LEARNED_LEAF is the share of it added to every
# seat's worth where the search's sampled futures end (`outcome`); LEARNED_FOLLOW the
# share the search's own next cards believe (`follow_up`: among the LEARNED_KEEP best
# drawings by the hand-written value, the corrected best, if it claims more than
# LEARNED_MARGIN stars over the hand-written best). 0 = off: the hand-written evaluation
# alone, as measured. Greedy, hints and `medium` never read them.
LEARNED_LEAF = 0.0
LEARNED_FOLLOW = 0.0
LEARNED_MARGIN = 0.0
LEARNED_KEEP = 6

# The evaluation's hand-set weights (monster exposure, coins on their way, ruins kept
# open, pockets, the edicts' progress credits…): all in `weights.Weights`, whose
# defaults are the values measured in docs/bots.md. `use_weights` puts another set in
# play (a tuned file, a `--set` screen); the frozen reference keeps its own copy.
WEIGHTS = Weights()
# Half-built work needs a couple of cards to be finished (with `Weights.time_per_card`).
CARDS_TO_FINISH = 2


# A level's own weights (issue 32, session 53): the ones it plays with that differ from
# ``WEIGHTS`` (which every other level reads, `hard` among them). Its bot asks
# `CartographersHeuristics.for_level`, whose evaluations read them for the length of
# each call (`in_play`: per thread, so two tables' bots never see each other's). A level
# may not change the edicts' progress credits (`CARD_WEIGHTS`): the cards' memos are
# shared by every level.
LEVEL_WEIGHTS: dict[str, dict[str, float]] = {}
CARD_WEIGHTS = frozenset({"line_credit", "tree_one_side", "tree_two_sides", "link_decay",
                          "link_lone", "link_more", "greengold_two", "wildholds_credit",
                          "wildholds_power"})
_LEVEL: ContextVar[Weights | None] = ContextVar("cartographers_level_weights", default=None)


def use_weights(weights: Weights) -> None:
    """Evaluate with ``weights`` from now on (in this process). The cards' memos hold
    credits priced with the weights before, so they are emptied."""
    global WEIGHTS
    WEIGHTS = weights
    for memo in _MEMOS:
        memo.clear()


def in_play() -> Weights:
    """The weights the evaluation reads now: a level's own while its heuristics are
    asked (`for_level`), else ``WEIGHTS``."""
    return _LEVEL.get() or WEIGHTS


# Solo, an ambush lands where the card's corner and direction say (the first place
# along the outer ring where it fits): it can be foreseen. Each unseen ambush card
# costs, by the chance it comes this season, the empty spaces its monster would
# expose where it would land on the sheet as it is.


# What is still to come ----------------------------------------------------------------


def edict_weights(season: int) -> tuple[int, int, int, int]:
    """How many scorings of edicts A, B, C, D are still to come from season ``season`` on."""
    a, b, c, d = (sum(1 for s in SEASONS[season:] if letter in s.edicts) for letter in "ABCD")
    return a, b, c, d


def seasons_ahead(season: int) -> tuple[int, int, int, int]:
    """For edicts A, B, C, D: how many seasons after ``season`` each of their scorings
    still to come lies, summed (this season's scoring counts 0)."""
    a, b, c, d = (sum(later - season for later in range(season + 1, len(SEASONS))
                      if letter in SEASONS[later].edicts) for letter in "ABCD")
    return a, b, c, d


def ruins_expected(state: CartographersState, weights: Weights | None = None) -> float:
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
    return here * min(1.0, time_left / deck_time) + (weights or in_play()).ruins_later * later


# Edict progress ------------------------------------------------------------------------
#
# Each function returns the stars the card pays for the sheet now and a partial
# credit for what is on its way; ``layers`` are the five drawn terrains and
# ``filled`` everything filled (see `Sheet`). ``side`` gives mountains and ruins.


# A card that reads only some layers is remembered by those: most placements leave
# them alone (a forest drawing does not change a village card), so the bots'
# hundreds of evaluations per decision mostly hit this cache.
_MEMO_LIMIT = 200_000
# Every card's memo: a card's credit reads the weights, so `use_weights` empties them.
_MEMOS: list[dict[Hashable, EdictReading]] = []


def _remembered(*reads: int) -> Callable[[EdictCard], EdictCard]:
    """Memoize a card on the layers it reads (indices; ``FILLED`` for the filled mask)."""
    def wrap(card: EdictCard) -> EdictCard:
        memo: dict[Hashable, EdictReading] = {}
        _MEMOS.append(memo)
        first = reads[0]
        second = reads[1] if len(reads) > 1 else FILLED

        if reads == (FILLED,):  # the filled mask includes the mountains: it names the side
            def key_of(layers: Layers, filled: int, side: SideMasks) -> Hashable:
                return filled
        elif len(reads) == 1:
            def key_of(layers: Layers, filled: int, side: SideMasks) -> Hashable:
                return layers[first], side[0]
        elif len(reads) == 2 and FILLED not in reads:
            def key_of(layers: Layers, filled: int, side: SideMasks) -> Hashable:
                return layers[first], layers[second], side[0]
        elif len(reads) == 2 and second == FILLED:
            def key_of(layers: Layers, filled: int, side: SideMasks) -> Hashable:
                return layers[first], filled
        else:
            def key_of(layers: Layers, filled: int, side: SideMasks) -> Hashable:
                return (side[0],) + tuple(filled if i == FILLED else layers[i] for i in reads)

        def scored(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
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
def _sentinel_wood(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    return (layers[FOREST] & EDGE).bit_count(), 0.0


@_remembered(FOREST)
def _greenbough(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
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
def _treetower(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    forest = layers[FOREST]
    one, two, three = _open_sides(forest, FULL & ~filled)
    done = (forest & ~one).bit_count()
    return done, (WEIGHTS.tree_one_side * (one & ~two).bit_count()
                  + WEIGHTS.tree_two_sides * (two & ~three).bit_count())


@_remembered(FOREST, FILLED)
def _stoneside_forest(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    mountains = side[0]
    passable = (FULL & ~filled) | layers[FOREST]
    linked = 0
    credit = 0.0
    for cluster in clusters(layers[FOREST]):
        touched = neighbours(cluster) & mountains
        if not touched:
            continue
        if touched.bit_count() >= 2:
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
            credit += (WEIGHTS.link_lone if touched.bit_count() == 1 else WEIGHTS.link_more) \
                * WEIGHTS.link_decay ** (steps + 1)
    return 3 * linked.bit_count(), credit


@_remembered(FARM, WATER)
def _canal_lake(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    farm, water = layers[FARM], layers[WATER]
    return (water & neighbours(farm)).bit_count() + (farm & neighbours(water)).bit_count(), 0.0


@_remembered(FARM, WATER)
def _mages_valley(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    near = neighbours(side[0])
    return 2 * (layers[WATER] & near).bit_count() + (layers[FARM] & near).bit_count(), 0.0


@_remembered(FARM, WATER)
def _golden_granary(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    ruins = side[1]
    return ((layers[WATER] & neighbours(ruins)).bit_count()
            + 3 * (layers[FARM] & ruins).bit_count()), 0.0


@_remembered(FARM, WATER)
def _shoreside_expanse(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
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
            (cluster, cluster.bit_count(), neighbours(cluster) & ~cluster)
            for cluster in clusters(village))
    return found


def _wildholds(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    stars, credit = 0, 0.0
    for _, size, around in _villages(layers[VILLAGE]):
        if size >= 6:
            stars += 8
        elif around & ~filled:
            # A growing village: 8·0.7·(k/6)^1.5 by default (`Weights.wildholds_credit`).
            credit += WEIGHTS.wildholds_credit * (size / 6) ** WEIGHTS.wildholds_power
    return stars, credit


@_remembered(VILLAGE)
def _great_city(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    mountains = side[0]
    sizes = [size for _, size, around in _villages(layers[VILLAGE]) if not around & mountains]
    return max(sizes, default=0), 0.0


def _greengold_plains(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    kinds = (layers[FOREST], layers[FARM], layers[WATER], layers[MONSTER], side[0])
    empty = FULL & ~filled
    stars, credit = 0, 0.0
    for _, _, around in _villages(layers[VILLAGE]):
        touching = sum(1 for kind in kinds if kind & around)
        if touching >= 3:
            stars += 3
        elif touching == 2 and around & empty:
            credit += WEIGHTS.greengold_two
    return stars, credit


@_remembered(VILLAGE)
def _shieldgate(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    sizes = sorted((size for _, size, _ in _villages(layers[VILLAGE])), reverse=True)
    return (2 * sizes[1] if len(sizes) >= 2 else 0), 0.0


def _lines(filled: int, lines: tuple[int, ...], stars: int) -> tuple[int, float]:
    empty = ~filled
    credits = _line_credits(stars, WEIGHTS.line_credit)
    done, credit = 0, 0.0
    for line in lines:
        missing = (line & empty).bit_count()
        if missing:
            credit += credits[missing]
        else:
            done += stars
    return done, credit


@cache
def _line_credits(stars: int, rate: float) -> tuple[float, ...]:
    """A line's credit by the spaces it still misses (the rate is an argument, so a
    changed constant makes a new table)."""
    return tuple(stars * rate ** missing for missing in range(SIZE + 1))


_BORDER_LINES = ROWS + COLS


@_remembered(FILLED)
def _borderlands(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
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
def _lost_barony(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    return 3 * _largest_square(filled), 0.0


@_remembered(FILLED)
def _broken_road(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    return _lines(filled, DIAGONALS, 3)


@_remembered(FILLED)
def _cauldrons(layers: Layers, filled: int, side: SideMasks) -> EdictReading:
    return (FULL & ~filled & surrounded(filled)).bit_count(), 0.0


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


def _side_masks(side: MapSide) -> SideMasks:
    """(mountains, ruins, each mountain's neighbour ring, all rings) of a map side.

    Asked for at every evaluation: kept by the side's letter, which is cheaper to look
    up than the side itself (a dataclass hashes all its printed cells each time)."""
    found = _SIDE_MASKS.get(side.letter)
    if found is None:
        found = _SIDE_MASKS[side.letter] = _printed_masks(side)
    return found


_SIDE_MASKS: dict[str, SideMasks] = {}


def _printed_masks(side: MapSide) -> SideMasks:
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
                 "memo", "monster_reach", "ambushes", "stuck", "gaps", "coming", "no_room",
                 "weights")

    def __init__(self, state: CartographersState) -> None:
        weights = self.weights = in_play()
        over = state.step == OVER
        self.seasons_left = 0 if over else len(SEASONS) - state.season
        # (card, scored this season, its later scorings, what its credit counts more
        # for those being further off: `CREDIT_AHEAD`, 0 when off)
        self.edicts: tuple[tuple[EdictCard, int, int, float], ...] = ()
        if not over:
            now = SEASONS[state.season].edicts
            later = edict_weights(state.season + 1) if state.season + 1 < len(SEASONS) \
                else (0, 0, 0, 0)
            far: tuple[float, ...] = (0, 0, 0, 0)
            if CREDIT_AHEAD:
                far = tuple(CREDIT_AHEAD * d for d in seasons_ahead(state.season))
            self.edicts = tuple(
                (PROGRESS[name], int(letter in now), weight, ahead)
                for name, letter, weight, ahead in zip(state.edicts, "ABCD", later, far)
                if letter in now or weight
            )
        # Half-built work pays at this season's scoring only if cards are left to
        # finish it: about one card per `Weights.time_per_card` of the season's time left.
        time_left = 0 if over else SEASONS[state.season].threshold - state.time_used()
        self.soon = min(1.0, max(0, time_left) / (weights.time_per_card * CARDS_TO_FINISH))
        self.ruins = ruins_expected(state, weights)
        # The Cauldrons pays for walled-in empty spaces: then they are no waste.
        self.pockets = 0.0 if "The Cauldrons" in state.edicts else weights.pocket
        self.exposure = 1 + weights.monster_later * (self.seasons_left - 1)
        # A monster's neighbour in a one- or two-space gap stays empty: a star at every
        # scoring left (`Weights.stuck_monster` of what `exposure` leaves out).
        self.stuck = weights.stuck_monster * (self.seasons_left - self.exposure)
        # Under The Cauldrons too: a cauldron pays a star at each of that card's two
        # scorings (its edict term counts them), a monster's neighbour costs one at every
        # scoring left. Session 52 measured the version that spared cauldrons: greedy
        # gave up monsters' stars for cauldrons and lost 0.5 (A) / 0.2 (B) stars a deal.
        self.gaps = bool(self.seasons_left) and bool(weights.fragment or self.stuck)
        # The explore cards this season's deck still holds (public: the season's cards
        # not yet revealed), each as its drawings; one that fits nowhere is drawn as a
        # 1×1, its shape lost (`Weights.room` for each, times the chance it comes).
        self.coming: tuple[tuple[int, ...], ...] = ()
        self.no_room = 0.0
        if weights.room and not over:
            deck_time = sum(CARDS[name].time for name in state.deck) or 1
            self.no_room = weights.room * min(1.0, max(0, time_left) / deck_time)
            self.coming = tuple(_drawings(CARDS[name]) for name in sorted(set(state.deck))
                                if isinstance(CARDS[name], ExploreCard))
        self.coin = self.seasons_left - weights.coin_wait
        self.memo: dict[int, float] = {}
        self.monster_reach: dict[int, int] = {}
        self.ambushes: SoloAmbushes | None = (SoloAmbushes(state, self.exposure)
                                              if state.num_players == 1 else None)

    def reach(self, monsters: int) -> int:
        """The spaces next to ``monsters``: the same few monster layers come back at
        every drawing of a decision, so each is worked out once."""
        found = self.monster_reach.get(monsters)
        if found is None:
            found = self.monster_reach[monsters] = neighbours(monsters)
        return found

    def coins_to_come(self, rings: tuple[int, ...], drawn_around: int) -> float:
        """Coins on their way: a mountain with k empty neighbours pays mountain_close^k
        of a coin (`Weights`), and a coin is worth a star at each later scoring."""
        value = self.memo.get(drawn_around)
        if value is None:
            value = 0.0
            for ring in rings:
                missing = (ring & ~drawn_around).bit_count()
                if missing:
                    value += self.coin * self.weights.mountain_close ** missing
            self.memo[drawn_around] = value
        return value


def solo_ambush_outlook(state: CartographersState) -> tuple[tuple[AmbushCard, float], ...]:
    """(card, chance it is revealed this season) for every unseen ambush card, solo.

    Only public facts: how many ambushes the deck holds (not which), the cards
    not yet seen, and the season's time left against the deck's time.
    """
    if state.step == OVER:
        return ()
    unseen = [card for card in AMBUSH_CARDS if card.name not in state.removed]
    in_deck = sum(1 for name in state.deck if name in AMBUSH_NAMES)
    if not unseen or not in_deck:
        return ()
    time_left = max(0, SEASONS[state.season].threshold - state.time_used())
    deck_time = sum(CARDS[name].time for name in state.deck) or 1
    chance = in_deck / len(unseen) * min(1.0, time_left / deck_time)
    return tuple((card, chance) for card in unseen) if chance > 0 else ()


@cache
def _landing_order(card: AmbushCard) -> tuple[int, ...]:
    """Every placement the solo rule tries for ``card``, in the order it tries them
    (`state.solo_ambush_cells`): the first one that is all empty is where it lands.
    The order does not depend on the sheet, so it is built once."""
    shape = sorted(card.cells)
    order: list[int] = []
    seen: set[int] = set()
    for depth in range((SIZE + 1) // 2):
        low, high = depth, SIZE - 1 - depth
        for ring_row, ring_col in _ring(depth, card.solo_corner, card.direction):
            for pinned_row, pinned_col in shape:
                cells = [(ring_row + r - pinned_row, ring_col + c - pinned_col) for r, c in shape]
                if all(low <= r <= high and low <= c <= high for r, c in cells):
                    mask = mask_of(cells)
                    if mask not in seen:
                        seen.add(mask)
                        order.append(mask)
    return tuple(order)


def ambush_landing(card: AmbushCard, filled: int) -> int:
    """The mask where ``card``'s solo monster would land on a sheet filled so (0: nowhere)."""
    order = _landing_order(card)
    index = _first_free(order, filled, 0)
    return order[index] if index < len(order) else 0


def _first_free(order: tuple[int, ...], filled: int, start: int) -> int:
    """The index in a landing order of the first placement from ``start`` on that is all
    empty (the order's length: none)."""
    for index in range(start, len(order)):
        if not order[index] & filled:
            return index
    return len(order)


def ambush_risk(layers: Layers, filled: int, outlook: Outlook) -> float:
    """Stars the foreseen solo ambushes should cost (exposed spaces where they land)."""
    return outlook.ambushes.risk(layers, filled) if outlook.ambushes else 0.0


class SoloAmbushes:
    """The unseen ambush cards of a solo game, where each would land, and what that costs.

    Built from the sheet as it is; the bots then ask about that sheet with one drawing
    more, hundreds of times a decision. A drawing only fills spaces, so every place the
    rule tries before today's landing stays blocked (the search resumes there), and a
    drawing that touches no landing nor the spaces around it leaves the cost as it was.
    """

    __slots__ = ("foreseen", "sheet", "monsters", "reach", "zone", "exposure", "unchanged")

    def __init__(self, state: CartographersState, exposure: float) -> None:
        sheet = state.sheets[0]
        self.sheet, self.monsters, self.exposure = sheet.filled, sheet.layers[MONSTER], exposure
        self.reach = neighbours(self.monsters) if self.monsters else 0
        # (chance, landing order, index of today's landing, today's landing, around it)
        foreseen: list[tuple[float, tuple[int, ...], int, int, int]] = []
        self.zone = 0
        for card, chance in solo_ambush_outlook(state):
            order = _landing_order(card)
            start = _first_free(order, sheet.filled, 0)
            landing = order[start] if start < len(order) else 0
            around = neighbours(landing) & ~landing
            foreseen.append((chance, order, start, landing, around))
            self.zone |= landing | around
        self.foreseen = tuple(foreseen)
        self.unchanged: float | None = None

    def __bool__(self) -> bool:
        return bool(self.foreseen)

    def risk(self, layers: Layers, filled: int) -> float:
        drawn_on = self.sheet & ~filled == 0  # this sheet, with drawings added
        same_monsters = layers[MONSTER] == self.monsters
        if drawn_on and same_monsters and not filled & ~self.sheet & self.zone:
            if self.unchanged is None:
                self.unchanged = self._risk(layers, filled, True, True)
            return self.unchanged
        return self._risk(layers, filled, drawn_on, same_monsters)

    def _risk(self, layers: Layers, filled: int, drawn_on: bool, same_monsters: bool) -> float:
        empty = FULL & ~filled
        monsters = layers[MONSTER]
        exposed_now = self.reach if same_monsters else neighbours(monsters) if monsters else 0
        risk = 0.0
        for chance, order, start, landing, around in self.foreseen:
            if not drawn_on or filled & landing:  # it lands elsewhere now
                index = _first_free(order, filled, start if drawn_on else 0)
                if index == len(order):
                    continue
                landing = order[index]
                around = neighbours(landing) & ~landing
            risk += chance * (around & empty & ~exposed_now).bit_count() * self.exposure
        return risk


def small_gaps(filled: int) -> tuple[int, int]:
    """The empty spaces in empty groups of one space (walled in on every side) and of
    two (walled in but for each other), as two masks: one bitboard pass, no flood fill.

    A space with exactly one empty neighbour whose only empty neighbour it is makes a
    group of two."""
    empty = FULL & ~filled
    right = (empty >> 1) & ~COLS[-1]
    left = (empty << 1) & ~COLS[0] & FULL
    below = empty >> SIZE
    above = (empty << SIZE) & FULL
    some = right | left | below | above
    two = (right & (left | below | above)) | (left & (below | above)) | (below & above)
    one = empty & some & ~two
    return empty & ~some, one & neighbours(one)


@cache
def _drawings(card: ExploreCard) -> tuple[int, ...]:
    """Every in-map drawing of ``card``'s shapes, as masks, smallest shapes first."""
    return tuple(sorted({mask for mask, _ in draw_table(card)}, key=int.bit_count))


def unplaceable(filled: int, outlook: Outlook) -> int:
    """How many of the explore cards still to come this season (`Outlook.coming`) no
    shape of fits anywhere on the sheet."""
    return sum(1 for drawings in outlook.coming if all(mask & filled for mask in drawings))


def gap_cost(monsters: int, filled: int, outlook: Outlook) -> float:
    """Stars the one- and two-space gaps cost beyond `pocket`'s price of the single ones:
    `Weights.fragment` per space of a two-space gap, and a monster's neighbour in
    either kind charged as staying empty (`Outlook.stuck` per space)."""
    # With no monster next to an empty space (none drawn yet, or all walled in) and no
    # price on two-space gaps there is nothing to look for: `small_gaps` is skipped.
    exposed = outlook.reach(monsters) & ~filled if outlook.stuck and monsters else 0
    fragment = outlook.weights.fragment
    if not exposed and not fragment:
        return 0.0
    singles, pairs = small_gaps(filled)
    cost = fragment * pairs.bit_count()
    if exposed:
        cost += outlook.stuck * ((singles | pairs) & exposed).bit_count()
    return cost


def sheet_worth(layers: Layers, filled: int, side: MapSide, outlook: Outlook) -> float:
    """Stars the sheet is expected to earn from now on, coins aside."""
    if not outlook.seasons_left:
        return 0.0
    masks = _side_masks(side)
    worth = 0.0
    soon = outlook.soon
    for scorer, now, later, far in outlook.edicts:
        stars, credit = scorer(layers, filled, masks)
        worth += (now + later) * stars + (now * soon + later + far) * credit
    empty = FULL & ~filled
    monsters = layers[MONSTER]
    if monsters:
        worth -= (empty & outlook.reach(monsters)).bit_count() * outlook.exposure
    shortfall = outlook.ruins - (masks[1] & empty).bit_count()
    if shortfall > 0:
        worth -= outlook.weights.ruins_shortfall * shortfall
    if outlook.pockets:
        worth -= outlook.pockets * (empty & surrounded(filled)).bit_count()
    if outlook.gaps:
        worth -= gap_cost(monsters, filled, outlook)
    if outlook.coming:
        worth -= outlook.no_room * unplaceable(filled, outlook)
    if outlook.ambushes:
        worth -= outlook.ambushes.risk(layers, filled)
    return worth + outlook.coins_to_come(masks[2], filled & masks[3])


def seat_worth(state: CartographersState, seat: int, outlook: Outlook,
               layers: Layers | None = None, filled: int | None = None,
               coins: int | None = None) -> float:
    """``seat``'s banked stars plus the expected rest (by default of its sheet as it is)."""
    sheet = state.sheets[seat]
    if layers is None or filled is None:
        layers, filled = sheet.layers, sheet.filled
    if coins is None:
        coins = state.coins[seat]
    banked = sum(state.season_totals(seat))
    return banked + coins * outlook.seasons_left + sheet_worth(layers, filled, sheet.side, outlook)


def _with_pending(state: CartographersState) -> list[tuple[Layers, int, int]]:
    """Each seat's (layers, filled, coins) with the choices already made in this step drawn.

    In a simultaneous step a chosen drawing waits until every seat has chosen, but
    it is as good as drawn: evaluate the sheets as if it were.
    """
    layers_of = [s.layers for s in state.sheets]  # copied only where a choice draws
    filled_of = [s.filled for s in state.sheets]
    coins_of = list(state.coins)
    for choice in state.chosen:
        if choice is None:
            continue
        _, (target, terrain, mask, coin) = choice
        if mask:
            layers = list(layers_of[target])
            layers[terrain] |= mask
            layers_of[target] = layers
            filled_of[target] |= mask
        coins_of[target] += coin
    for seat, sheet in enumerate(state.sheets):
        if filled_of[seat] != sheet.filled:
            closed = _surrounded_mountains(sheet.side, filled_of[seat])
            coins_of[seat] += max(0, closed - state.surrounded[seat])
        coins_of[seat] = min(COIN_TRACK, coins_of[seat])
    return list(zip(layers_of, filled_of, coins_of))


def _surrounded_mountains(side: MapSide, filled: int) -> int:
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


_GAME_TIME = sum(season.threshold for season in SEASONS)


def time_left_share(state: CartographersState) -> float:
    """The share of the game's time (the season thresholds, summed) still to come."""
    if state.step == OVER:
        return 0.0
    now = max(0, SEASONS[state.season].threshold - state.time_used())
    later = sum(season.threshold for season in SEASONS[state.season + 1:])
    return min(1.0, (now + later) / _GAME_TIME)


def _learned_correction(state: CartographersState, seat: int, layers: Layers,
                        filled: int) -> float:
    """The learned correction of ``seat``'s sheet as drawn (`ntuple.search_weights`: the
    shipped weights unless a run chose others; 0 without weights)."""
    weights = search_weights()
    if weights is None or state.step == OVER:
        return 0.0
    return features(layers, filled, state.sheets[seat].side, state.season, state.edicts,
                    state.time_used()).value(weights)


def _worths(state: CartographersState) -> list[float]:
    """Every seat's worth, with LEARNED_LEAF of the learned correction when set."""
    outlook = Outlook(state)
    sheets = _with_pending(state)
    worths = [seat_worth(state, seat, outlook, *sheets[seat]) for seat in range(state.num_players)]
    if LEARNED_LEAF:
        for seat, (layers, filled, _) in enumerate(sheets):
            worths[seat] += LEARNED_LEAF * _learned_correction(state, seat, layers, filled)
    return worths


def win_chance(state: CartographersState, player: int) -> float:
    """``player``'s chance of ending ahead of the best rival, as a stated simple model:
    the logistic of (own − best rival worth) / s, s shrinking with the time left
    (WIN_SCALE, WIN_FLOOR). Solo, or with WIN_SCALE at 0, the margin of `evaluate`
    (both with LEARNED_LEAF of the learned correction when set)."""
    if WIN_SCALE <= 0 or state.num_players == 1:
        if not LEARNED_LEAF:
            return evaluate(state, player)
        worths = _worths(state)
        return _margin(worths[player], worths[:player] + worths[player + 1:])
    worths = _worths(state)
    lead = worths[player] - max(worths[:player] + worths[player + 1:])
    scale = WIN_SCALE * math.sqrt(time_left_share(state)) + WIN_FLOOR
    return 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -lead / scale))))


# Explanations --------------------------------------------------------------------------
#
# `evaluate` broken into its terms, and reasons built from the terms a move changes
# most (codes and parameters every face translates; docs/bots.md lists them).


def evaluate_terms(state: CartographersState, player: int) -> dict[str, float]:
    """`evaluate` as terms that add up to it.

    Keys: ``banked`` (stars scored), ``coins`` (coins × scorings left),
    ``edict:<card>`` (what each scoring card still to come should pay, credit for
    half-built work included), ``mountains`` (coins on their way), ``monsters``
    (exposed spaces, negative), ``ruins`` (ruins cards with no open ruins space,
    negative), ``pockets`` (walled-in empty spaces, negative) and, at a table,
    ``rivals`` (minus the rivals' weighted worth).
    """
    outlook = Outlook(state)
    sheets = _with_pending(state)
    layers, filled, coins = sheets[player]
    sheet = state.sheets[player]
    terms = {"banked": float(sum(state.season_totals(player))),
             "coins": float(coins * outlook.seasons_left)}
    if outlook.seasons_left:
        masks = _side_masks(sheet.side)
        for name in state.edicts[:4]:
            scorer = PROGRESS[name]
            for candidate, now, later, far in outlook.edicts:
                if candidate is scorer:
                    stars, credit = scorer(layers, filled, masks)
                    terms[f"edict:{name}"] = (now + later) * stars + \
                        (now * outlook.soon + later + far) * credit
        empty = FULL & ~filled
        monsters = layers[MONSTER]
        terms["monsters"] = -float((empty & neighbours(monsters)).bit_count()
                                   * outlook.exposure) if monsters else 0.0
        shortfall = outlook.ruins - (masks[1] & empty).bit_count()
        terms["ruins"] = -outlook.weights.ruins_shortfall * shortfall if shortfall > 0 else 0.0
        terms["pockets"] = -outlook.pockets * (empty & surrounded(filled)).bit_count() \
            if outlook.pockets else 0.0
        if outlook.gaps:
            terms["pockets"] -= gap_cost(monsters, filled, outlook)
        if outlook.coming:
            terms["pockets"] -= outlook.no_room * unplaceable(filled, outlook)
        terms["mountains"] = outlook.coins_to_come(masks[2], filled & masks[3])
        if outlook.ambushes:
            terms["ambush"] = -ambush_risk(layers, filled, outlook)
    if state.num_players > 1:
        worths = [seat_worth(state, seat, outlook, *sheets[seat])
                  for seat in range(state.num_players) if seat != player]
        terms["rivals"] = _margin(0.0, worths)
    return terms


REASON_CODES = {
    "banked": "cartographers.stars_banked",
    "coins": "cartographers.coins",
    "edict": "cartographers.edict_progress",
    "mountains": "cartographers.mountain_progress",
    "monsters": "cartographers.monsters_contained",
    "ruins": "cartographers.ruins_kept_open",
    "pockets": "cartographers.pockets_avoided",
    "rivals": "cartographers.rival_hindered",
    "ambush": "cartographers.ambush_foreseen",
}
QUIET = "cartographers.quiet"  # nothing measurable changes
NOTICEABLE = 0.05


def reasons(before: dict[str, float], after: dict[str, float], state: CartographersState,
            action: Action | None = None, limit: int = 3, player: int | None = None
            ) -> list[dict[str, Any]]:
    """Why a move is good, largest term change first: ``{"code", "params"}`` each.

    ``state`` is the position after the move, ``player`` the seat it is explained
    to (parameters such as an edict's stars are read from that seat's sheet).
    """
    return ranked_reasons(before, after, lambda key, gain: _reason(key, gain, state, player),
                          QUIET, limit, NOTICEABLE)


def _reason(key: str, gain: float, state: CartographersState, player: int | None
            ) -> dict[str, Any]:
    family, _, name = key.partition(":")
    params: dict[str, Any] = {"gain": round(gain, 2)}
    seat = player if player is not None else 0
    layers, filled, coins = _with_pending(state)[seat]
    if family == "edict":
        stars, _ = PROGRESS[name](layers, filled, _side_masks(state.sheets[seat].side))
        params.update(card=name, stars=int(stars))
    elif family == "coins":
        params["coins"] = coins
    elif family == "monsters":
        monsters = layers[MONSTER]
        params["exposed"] = (FULL & ~filled & neighbours(monsters)).bit_count() if monsters else 0
    return {"code": REASON_CODES[family], "params": params}


# Scoring every placement of a decision at once ------------------------------------------


def placement_values(state: CartographersState, player: int,
                     only: list[Action] | None = None) -> list[tuple[float, Action]]:
    """Every legal action of ``player`` (or those of ``only``, which must be legal)
    with the value `evaluate` would give it.

    The drawing is scored on the sheet's bitboards directly (no state copy), as
    if the step resolved right after it: the seat's own sheet for a drawing, the
    neighbour's for an ambush. Only the seat's and the target's worth change, so
    the other rivals are left out: values rank the actions, they are not margins.
    """
    actions = state.legal_actions(player) if only is None else only
    if not actions or state.step not in (DRAW, AMBUSH):
        return [(0.0, action) for action in actions]
    outlook = Outlook(state)
    sheets = _with_pending(state)
    if state.step == AMBUSH:
        target = state.ambush_target(player)
        layers, filled, _ = sheets[target]
        side = state.sheets[target].side
        landings: dict[Action, int] = {a: m for m, a in ambush_table(state.ambush_card)}
        values: list[tuple[float, Action]] = []
        for action in actions:
            mask = landings.get(
                action, 1 << action.cell if isinstance(action, AmbushFallback) else 0)
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
    card = state.explore_card
    shape_coin = {number: shape.coin for number, shape in enumerate(card.shapes, 1)}
    drawings: dict[Draw, int] = {}
    for mask, group in draw_table(card):
        if not mask & filled:
            for drawing in group:
                drawings[drawing] = mask
    values = []
    for action in actions:
        coin: int  # the drawing's coin, then the mountains it closes
        if isinstance(action, Draw):
            mask, coin = drawings[action], int(shape_coin[action.shape])
        elif isinstance(action, Fallback):
            mask, coin = 1 << action.cell, 0
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


def quick_reply(state: CartographersState, player: int, rng: random.Random) -> Action:
    """How the search imagines another seat's reply: an ambush monster where it hurts
    its target most (what the bots do, and what the searching seat must fear); a
    drawing at random, which is cheap and, in a simultaneous step, the same whatever
    the searching seat chose, so it does not bias the comparison of its choices."""
    if state.step == AMBUSH:
        return candidates(state, player, 1)[0]
    return rng.choice(state.legal_actions(player))


def follow_up(state: CartographersState, player: int, memory: dict[Hashable, Any]) -> Action:
    """The seat's next drawing inside a sampled future: the first of `candidates`, or
    with FOLLOW_UP_KEEP set, that estimated on a shortlist remembered in ``memory``
    (one dict per sampled future; see FOLLOW_UP_KEEP).

    The first time a card comes in a future every drawing is priced and the best
    FOLLOW_UP_KEEP are kept with the sheet they were priced on. After another
    placement the same card is priced on the kept drawings still legal and on every
    legal drawing that covers or touches a space filled on one sheet and not on the
    other: far from those spaces a drawing's value moves little, and the same for
    all, so the order of the best holds.
    """
    if LEARNED_FOLLOW and state.step == DRAW:
        return _learned_follow_up(state, player)
    if FOLLOW_UP_KEEP <= 0 or state.step != DRAW:
        return candidates(state, player, 1)[0]
    filled = _with_pending(state)[player][1]
    key = (player, state.season, state.time_used(), state.explore_card.name,
           state.ruins_pending)
    seen = memory.get(key)
    if seen is None:
        values = placement_values(state, player)
        order = sorted(range(len(values)), key=lambda i: -values[i][0])
        kept = frozenset(values[i][1] for i in order[:FOLLOW_UP_KEEP])
        memory[key] = (filled, kept)
        return values[order[0]][1]
    before, kept = seen
    legal = state.legal_actions(player)
    if not legal or not isinstance(legal[0], Draw):  # a 1x1 or a pass: few to price
        return candidates(state, player, 1)[0]
    changed = before ^ filled
    near = changed | neighbours(changed)
    masks = _draw_masks(state.explore_card)
    pool = [action for action in legal if action in kept or masks[action] & near]
    if not pool:
        return candidates(state, player, 1)[0]
    values = placement_values(state, player, pool)
    best = max(range(len(values)), key=lambda i: values[i][0])  # ties: the first, legal order
    return values[best][1]


def _learned_follow_up(state: CartographersState, player: int) -> Action:
    """The continuation's drawing with LEARNED_FOLLOW of the learned correction: among
    the LEARNED_KEEP best by the hand-written value, the best corrected one if it
    claims more than LEARNED_MARGIN over the hand-written best; else that best."""
    values = placement_values(state, player)
    order = sorted(range(len(values)), key=lambda i: -values[i][0])[:max(1, LEARNED_KEEP)]
    sheet = state.sheets[player]
    masks = _draw_masks(state.explore_card)
    believed = []
    for i in order:
        value, action = values[i]
        layers, filled = sheet.layers, sheet.filled
        mask = masks.get(action, 1 << action.cell if isinstance(action, Fallback) else 0)
        if mask and isinstance(action, (Draw, Fallback)):
            layers = list(layers)
            layers[_TERRAIN[action.terrain]] |= mask
            filled |= mask
        believed.append(value + LEARNED_FOLLOW * _learned_correction(state, player, layers,
                                                                     filled))
    best = max(range(len(order)), key=lambda k: believed[k])  # ties: the hand-written order
    return values[order[best if believed[best] > believed[0] + LEARNED_MARGIN else 0]][1]


@cache
def _draw_masks(card: ExploreCard) -> dict[Action, int]:
    """Each drawing of ``card`` and the spaces it covers (`draw_table`, by action)."""
    return {drawing: mask for mask, group in draw_table(card) for drawing in group}


def candidates(state: CartographersState, player: int, limit: int = 12) -> list[Action]:
    """The ``limit`` most promising legal actions by `placement_values`, best first.

    Ties keep the order of `legal_actions`, so the list is the same every time.
    """
    values = placement_values(state, player)
    order = sorted(range(len(values)), key=lambda i: -values[i][0])
    return [values[i][1] for i in order[:limit]]


def shortlist(state: CartographersState, player: int, width: int) -> list[Action]:
    """What the hard search compares: the ``width`` best placements by
    `placement_values`, and then the best placement of every shape and terrain the
    card offers that is not among them yet (the coin shape, the other terrain).

    The best few one card ahead are often the same idea shifted by a space; the
    search should also see the other choices the card gives, whose worth shows
    only a card or two later.
    """
    values = placement_values(state, player)
    order = sorted(range(len(values)), key=lambda i: -values[i][0])
    chosen = order[:width]
    seen = {_option(values[i][1]) for i in chosen}
    for i in order[width:]:
        option = _option(values[i][1])
        if option not in seen:
            seen.add(option)
            chosen.append(i)
    return [values[i][1] for i in chosen]


def _option(action: Action) -> tuple[object, ...]:
    """Which of the card's choices a drawing takes: its shape and terrain."""
    return (action.shape, action.terrain) if isinstance(action, Draw) else (type(action),)


class CartographersHeuristics(Heuristics):
    """Cartographers' knowledge as the bots' `Heuristics`: the functions above."""

    search = SEARCH

    def search_for(self, num_players: int) -> SearchSettings:
        return SEARCH if num_players == 1 else TABLE_SEARCH

    # The protocol's methods take any game's state: each hands on a Cartographers one.

    def evaluate(self, state: State, player: int) -> float:
        return evaluate(_ours(state), player)

    def evaluate_terms(self, state: State, player: int) -> dict[str, float]:
        return evaluate_terms(_ours(state), player)

    def outcome(self, state: State, player: int) -> float:
        return win_chance(_ours(state), player)

    def shortlist(self, state: State, player: int, width: int) -> list[Action]:
        return shortlist(_ours(state), player, width)

    def follow_up(self, state: State, player: int, memory: dict[Hashable, Any]) -> Action:
        return follow_up(_ours(state), player, memory)

    def horizon_reached(self, start: State, state: State, player: int) -> bool:
        return bool(SEASON_STOP) and _ours(state).season != _ours(start).season

    def worlds(self, seat: Any, rng: random.Random) -> Iterator[State]:
        if STRATIFY:
            return stratified_worlds(seat, rng)
        return super().worlds(seat, rng)

    def quick_reply(self, state: State, player: int, rng: random.Random) -> Action:
        return quick_reply(_ours(state), player, rng)

    def reasons(self, before: dict[str, float], after: dict[str, float], state: State,
                action: Action, player: int) -> list[dict[str, Any]]:
        return reasons(before, after, _ours(state), action, player=player)

    def candidates(self, state: State, player: int, limit: int | None = None) -> list[Action]:
        # the protocol's "no limit" is None; the function's default is its own dozen
        ours = _ours(state)
        return candidates(ours, player) if limit is None else candidates(ours, player, limit)

    def for_level(self, level: str) -> Heuristics:
        """``level``'s own heuristics if it has weights of its own (`LEVEL_WEIGHTS`),
        else these."""
        own = LEVEL_WEIGHTS.get(level)
        return LevelHeuristics(own) if own else self


class LevelHeuristics(CartographersHeuristics):
    """The heuristics of a level with weights of its own: each question is answered
    with `WEIGHTS` changed by ``own`` (`in_play`), and no longer."""

    def __init__(self, own: dict[str, float]) -> None:
        shared = CARD_WEIGHTS & set(own)
        if shared:
            raise ValueError(f"a level's own weights cannot change the edicts' credits "
                             f"(the cards' memos are shared): {', '.join(sorted(shared))}")
        self.own = dict(own)
        self._made: tuple[Weights, Weights] | None = None  # (WEIGHTS, it changed by own)

    def _weights(self) -> Weights:
        made = self._made
        if made is None or made[0] is not WEIGHTS:  # `use_weights` changed the others'
            made = self._made = (WEIGHTS, checked({**asdict(WEIGHTS), **self.own}, "level"))
        return made[1]

    def _asked(self, question: Callable[..., _T], *args: Any) -> _T:
        token = _LEVEL.set(self._weights())
        try:
            return question(*args)
        finally:
            _LEVEL.reset(token)

    def evaluate(self, state: State, player: int) -> float:
        return self._asked(super().evaluate, state, player)

    def evaluate_terms(self, state: State, player: int) -> dict[str, float]:
        return self._asked(super().evaluate_terms, state, player)

    def outcome(self, state: State, player: int) -> float:
        return self._asked(super().outcome, state, player)

    def shortlist(self, state: State, player: int, width: int) -> list[Action]:
        return self._asked(super().shortlist, state, player, width)

    def follow_up(self, state: State, player: int, memory: dict[Hashable, Any]) -> Action:
        return self._asked(super().follow_up, state, player, memory)

    def quick_reply(self, state: State, player: int, rng: random.Random) -> Action:
        return self._asked(super().quick_reply, state, player, rng)

    def reasons(self, before: dict[str, float], after: dict[str, float], state: State,
                action: Action, player: int) -> list[dict[str, Any]]:
        return self._asked(super().reasons, before, after, state, action, player)

    def candidates(self, state: State, player: int, limit: int | None = None) -> list[Action]:
        return self._asked(super().candidates, state, player, limit)


def _ours(state: State) -> CartographersState:
    """``state``, which must be a Cartographers position (a bot asks the game's own
    heuristics about the game's own states: anything else is a programming error)."""
    if not isinstance(state, CartographersState):
        raise TypeError(f"Cartographers heuristics asked about {type(state).__name__}")
    return state


HEURISTICS = CartographersHeuristics()
