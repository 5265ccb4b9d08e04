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
cached (`board_paths`).

>>> from boardgamesbot.engine import load_game
>>> state = load_game("tikal").new(2, seed=1)
>>> paths = board_paths(state)
>>> paths.distances(state.nodes[0])[parse_space("A5")]   # the base camp's neighbour
1
"""

from __future__ import annotations

from heapq import heappop, heappush

from .components import NUM_SPACES, parse_space

__all__ = ["UNREACHABLE", "BoardPaths", "board_paths", "distances"]

UNREACHABLE = 99  # the distance to a space no walk reaches (unexplored, a volcano)
CACHE_LIMIT = 2048  # boards kept; a search visits a handful per decision


def distances(links, sources) -> list[int]:
    """The cheapest walk (AP) from any of ``sources`` to every space, over ``links``
    (``state.links``: per space its passable crossings as ``(neighbour, cost)``)."""
    dist = [UNREACHABLE] * NUM_SPACES
    heap = []
    for source in sources:
        dist[source] = 0
        heap.append((0, source))
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
    """The distances on one board (one set of crossings), per set of entry points."""

    __slots__ = ("links", "by_sources", "values")

    def __init__(self, links: tuple):
        self.links = links  # kept: the cache key is made of these objects' ids
        self.by_sources: dict[tuple, list[int]] = {}
        self.values: dict[tuple, object] = {}  # what heuristics derive from the distances

    def distances(self, sources) -> list[int]:
        """Distances from ``sources`` (any order; cached per set)."""
        key = tuple(sorted(sources))
        found = self.by_sources.get(key)
        if found is None:
            found = self.by_sources[key] = distances(self.links, key)
        return found


_CACHE: dict[tuple, BoardPaths] = {}


def board_paths(state) -> BoardPaths:
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
        found = _CACHE[key] = BoardPaths(tuple(links))
    return found
