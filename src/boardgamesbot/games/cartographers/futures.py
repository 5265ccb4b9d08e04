"""Sampled futures spread over the next card, for the search (issue 32, session 41).

`hard` compares placements that are usually a fraction of a star apart on a few
sampled futures (8, then 6 more for the best three, solo). What separates one
future from another most is the next card: it is what the seat draws first after
the placement tried. Drawn independently, 8 futures of a season with ten cards
left leave about four of the possible next cards unseen and repeat others, so
two placements can be told apart by which cards happened to come up rather than
by what they are worth.

`stratified_worlds` chooses the set instead: the cards the next reveal can be
(every unseen ambush counts as one card of a single kind, since which ambush it is
is hidden) are put in a random order once per decision, and sample i starts with
the i-th of them, cycling; everything else about sample i is an ordinary
`determinize` sample conditioned on that. Each card then leads in its share of the
samples (exactly, over whole cycles), so the mean over samples stays an unbiased
estimate of the mean over futures, with the next card's part of the spread taken
out. Each sample is one the seat's view allows: it starts from the seat's own
`determinize` sample and moves one unseen card of the deck to the top (the rest of
the deck keeps its random order, which is the order conditioned on that card), or,
when this step ends the season, redraws the future shuffles' seed until the next
season's deck starts with that card — in both cases only what the seat sees (the
cards left, how many ambushes are unseen, whether the season ends) is used.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from .components import AMBUSH_NAMES, SEASONS
from .state import DRAW, OVER, CartographersState

__all__ = ["AMBUSH", "next_cards", "next_from_new_season", "stratified_worlds"]

#: The kind every unseen ambush card counts as: which one is in the deck is hidden.
AMBUSH = "ambush"

# Redrawing the seed of the future shuffles until the next season starts with a given
# card takes about as many tries as the deck has cards (13-16). The cap is a guard
# only: every kind asked for is in that deck, so each try finds it with a chance of
# at least 1 in 16 (400 misses in a row: about 1 in 10^11); the sample then stays as drawn.
_SEED_TRIES = 400


def next_from_new_season(state: CartographersState) -> bool:
    """Whether the next card is the first of the next season's deck: this is a
    drawing step and the cards revealed have used up the season's time (public)."""
    return state.step == DRAW and state.time_used() >= SEASONS[state.season].threshold


def _kind(name: str) -> str:
    return AMBUSH if name in AMBUSH_NAMES else name


def _new_season_cards(state: CartographersState) -> list[str]:
    """The cards the next season is shuffled from, as `_end_season` gathers them."""
    return sorted(state.deck + state.revealed + state.ambush_pile[:1])


def next_cards(state: CartographersState) -> list[str]:
    """The cards the next reveal is drawn from, one entry per card (every ambush as
    `AMBUSH`), sorted; empty when the game ends before another card is revealed.

    Read from a sample, it is the same for every sample of one position: the cards
    left are public, and so is how many of them are ambushes.
    """
    if state.step == OVER:
        return []
    if next_from_new_season(state):
        if state.season == len(SEASONS) - 1:
            return []
        return sorted(_kind(name) for name in _new_season_cards(state))
    return sorted(_kind(name) for name in state.deck)


def _lead_with(world: CartographersState, kind: str, rng: random.Random) -> None:
    """Make ``kind`` the next card revealed in ``world`` (a sample, changed in place)."""
    if next_from_new_season(world):
        cards = _new_season_cards(world)
        season = world.season + 1
        for _ in range(_SEED_TRIES):
            chance = f"d{rng.getrandbits(64):016x}"
            order = cards[:]
            random.Random(f"{chance}/season{season}").shuffle(order)
            if _kind(order[0]) == kind:
                world.chance = chance
                return
        return
    # The first card of that kind in the sample's own random order: for an ambush, a
    # uniformly chosen one of those the sample put in the deck.
    index = next(i for i, name in enumerate(world.deck) if _kind(name) == kind)
    world.deck.insert(0, world.deck.pop(index))


def stratified_worlds(seat: Any, rng: random.Random) -> Iterator[CartographersState]:
    """Samples of ``seat``'s position (its window: `SeatView` or the like), sample i
    leading with the i-th of the next possible cards in an order shuffled once."""
    world = seat.determinize(rng)
    if not isinstance(world, CartographersState):
        raise TypeError(f"Cartographers futures asked about {type(world).__name__}")
    kinds = next_cards(world)
    if not kinds:  # nothing is revealed before the end: independent samples
        yield world
        while True:
            yield seat.determinize(rng)
    rng.shuffle(kinds)
    for i in itertools.count():
        if i:
            world = seat.determinize(rng)
        _lead_with(world, kinds[i % len(kinds)], rng)
        yield world
