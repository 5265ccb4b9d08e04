"""How far a seat's figures have to walk: AP distances from its camps, and what camps save.

A figure enters the board on the base camp or on one of its owner's camps (1 AP either
way) and then walks, paying for each crossing the stones on the two facing sides. So
the way from a seat's supply to a space costs 1 AP plus the cheapest walk from any of
its entry points (``state.nodes[seat]``: the base camp, then its camps). The crossing
costs are the game's own (``state.links``, kept by the rules after every placement);
nothing here knows a rule the state does not already encode.

Distances only change when a tile is placed (the crossings) or a camp is built (the
entry points), a few times per game, while a search evaluates thousands of positions
of the same board: they are computed once per board and set of entry points and
cached (`board_paths`). A board one placement away from a cached one (the search
tries every placement of the drawn tile) differs from it only by the crossings of the
new tile, so its distances are the parent's, improved by the walks through that tile.

>>> from boardgamesbot.engine import load_game
>>> from boardgamesbot.games.tikal.components import parse_space
>>> state = load_game("tikal").new(2, seed=1)
>>> paths = board_paths(state)
>>> paths.distances(state.nodes[0])[parse_space("A5")]   # the base camp's neighbour
1
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from heapq import heappop, heappush
from typing import TYPE_CHECKING

from .components import NEIGHBOURS, NUM_SPACES

if TYPE_CHECKING:
    from .state import TikalState

# Per space, its passable crossings as ``(neighbour, cost)`` (`TikalState.links`).
Links = Sequence[Sequence[tuple[int, int]]]
# A board's cache key: the identities of its crossing tuples (`board_paths`).
BoardKey = tuple[int, ...]

__all__ = ["UNREACHABLE", "BoardPaths", "board_paths", "distances"]

UNREACHABLE = 99  # the distance to a space no walk reaches (unexplored, a volcano)
CACHE_LIMIT = 4096  # boards kept (a search visits some hundreds per decision)
PARENTS_KEPT = 8    # boards kept per set of explored spaces, to find a new board's parent
AROUND = tuple(tuple(n for n in NEIGHBOURS[s] if n >= 0) for s in range(NUM_SPACES))


def _outside(space: int) -> tuple[tuple[int, int], ...]:
    """The index ranges of the spaces a tile at ``space`` leaves alone (not it, not its
    neighbours), as slices: boards are compared a slice at a time."""
    cut = sorted((space,) + AROUND[space])
    ranges, start = [], 0
    for index in cut:
        if index > start:
            ranges.append((start, index))
        start = index + 1
    if start < NUM_SPACES:
        ranges.append((start, NUM_SPACES))
    return tuple(ranges)


OUTSIDE = tuple(_outside(s) for s in range(NUM_SPACES))


def distances(links: Links, sources: Iterable[int]) -> list[int]:
    """The cheapest walk (AP) from any of ``sources`` to every space, over ``links``
    (``state.links``: per space its passable crossings as ``(neighbour, cost)``)."""
    dist = [UNREACHABLE] * NUM_SPACES
    for source in sources:
        dist[source] = 0
    return _spread(dist, links, sorted((0, source) for source in sources))  # a heap


def _improve(dist: list[int], links: Links, space: int, start: int) -> list[int]:
    """``dist`` (changed in place) after the walks through ``space`` are added: ``space``
    at ``start`` or what its crossings reach it for, then whatever it brings closer."""
    best = start
    for other, cost in links[space]:
        if dist[other] + cost < best:
            best = dist[other] + cost
    if best < dist[space]:
        dist[space] = best
        _spread(dist, links, [(best, space)])
    return dist


def _spread(dist: list[int], links: Links, heap: list[tuple[int, int]]) -> list[int]:
    """Dijkstra from the spaces on ``heap`` (``(distance, space)``, already in ``dist``):
    ``dist`` lowered in place wherever a walk through them is cheaper."""
    while heap:
        d, space = heappop(heap)
        if d > dist[space]:
            continue
        for other, cost in links[space]:
            nd = d + cost
            if nd < dist[other]:
                dist[other] = nd
                heappush(heap, (nd, other))
    return dist


class BoardPaths:
    """The distances on one board (one set of crossings), per set of entry points.

    ``parent``: a cached board with the same crossings except those of one more tile
    here, at ``added`` (None when none is known)."""

    __slots__ = ("links", "key", "parent", "added", "by_sources", "values")

    def __init__(self, links: tuple[tuple[tuple[int, int], ...], ...], key: BoardKey,
                 parent: BoardPaths | None = None, added: int = -1) -> None:
        self.links = links  # kept: the cache key (``key``) is made of these objects' ids
        self.key = key
        self.parent, self.added = parent, added
        self.by_sources: dict[tuple[int, ...], list[int]] = {}
        self.values: dict[Hashable, object] = {}  # what heuristics derive from the distances

    def distances(self, sources: Iterable[int]) -> list[int]:
        """Distances from ``sources`` (any order; cached per set)."""
        key = tuple(sorted(sources))
        found = self.by_sources.get(key)
        if found is None:
            parent, added = self.parent, self.added
            known = parent.by_sources.get(key) if parent is not None else None
            if known is not None:
                found = _improve(known[:], self.links, added, UNREACHABLE)
            elif parent is not None and added in key and len(key) > 1:
                known = parent.by_sources.get(tuple(s for s in key if s != added))
                found = (_improve(known[:], self.links, added, 0) if known is not None
                         else distances(self.links, key))
            else:
                found = distances(self.links, key)
            self.by_sources[key] = found
        return found


_CACHE: dict[BoardKey, BoardPaths] = {}
_BY_EXPLORED: dict[int, list[BoardPaths]] = {}


def _parent(links: Links, key: BoardKey, explored: int) -> tuple[BoardPaths | None, int]:
    """A cached board that ``links`` (ids: ``key``) extends by one tile, and that tile's
    space."""
    bits = explored
    while bits:
        lowest = bits & -bits
        bits ^= lowest
        candidates = _BY_EXPLORED.get(explored ^ lowest)
        if not candidates:
            continue
        space = lowest.bit_length() - 1
        around = AROUND[space]
        outside = OUTSIDE[space]
        for board in candidates:
            old, old_key = board.links, board.key
            if any(old_key[a:b] != key[a:b] for a, b in outside):
                continue
            # the neighbours' crossings: the same, plus those to the new tile
            if all([link for link in links[n] if link[0] != space] == list(old[n])
                   for n in around) and not old[space]:
                return board, space
    return None, -1


def board_paths(state: TikalState) -> BoardPaths:
    """The cached `BoardPaths` of ``state``'s board.

    The key is the identity of the state's crossing tuples: clones share them until a
    placement replaces some, and the cache entry keeps them alive, so an equal key
    means the very same crossings.
    """
    links = state.links
    key = tuple(map(id, links))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= CACHE_LIMIT:
            _CACHE.clear()
            _BY_EXPLORED.clear()
        kept = tuple(links)
        explored = state.explored
        found = _CACHE[key] = BoardPaths(kept, key, *_parent(kept, key, explored))
        family = _BY_EXPLORED.setdefault(explored, [])
        family.append(found)
        if len(family) > PARENTS_KEPT:
            del family[0]
    return found
