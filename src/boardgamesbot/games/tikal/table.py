"""What a Tikal position holds, declared apart from the rules that move it.

The position format (`position`) reads and fills a table; the rules (`state`) are
one and also write it out through `position`. Both see the table's fields and the
few rule answers the format needs from here, so neither imports the other both ways
(the same split as Cartographers' ``table``).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from boardgamesbot.engine import Game, State

from .components import NUM_SPACES
from .notation import Move

__all__ = ["Exits", "TikalTable"]

# A space's moves out, for when the AP left pay for its dearest crossing: (that dearest
# cost, the moves by figure code: none, the worker's, the leader's, both interleaved per
# target). The code is the one `TikalState._legal_turn_actions` reads off the figures there.
Exits = tuple[int, tuple[tuple[Move, ...], ...]]


class TikalTable(State):
    """A Tikal position's fields and the rule answers the position format reads
    (the rules are `TikalState`)."""

    __slots__ = (
        "game", "num_players", "variant",
        # the board (``wafers[space]`` stacks are shared by clones: replaced, never changed)
        "kind", "stones", "tile_id", "printed", "value", "wafers", "camp", "guard",
        "guard_figure", "links", "exits",
        # derived for speed (`recompute_derived`): bitmasks of the explored spaces, of the
        # unexplored ones next to them, of those open for a camp and of the temples; per
        # seat, the spaces holding their figures (sorted) and their camp nodes (the base
        # camp, then their camps in board order)
        "explored", "border", "campable", "temples", "spots", "nodes",
        # per space, the sides facing an explored non-volcano space (bits 0-5) and those
        # of them where that neighbour shows stones (bits 6-11): what a placement there
        # must connect to (`placements` reads it instead of looking around every space)
        "opened",
        # the players
        "workers", "leader", "supply", "removed", "camps_built", "guards_placed",
        "treasures", "points",
        # the supplies
        "stack", "drawn", "wafer_pile", "levels",
        # the turn
        "phase", "current", "ap", "uncovered", "recovered", "camp_this_turn",
        "round", "queue", "volcano_drawer", "last_placer", "score_history",
        # the variant's own part of the position (an `auction.Auction`; None in the basic game)
        "auction",
        # undo: how many barriers (a turn's end, a wafer turned up, a bid or pass) were crossed
        "barriers",
        # the public view of this position once a seat has asked for it (`position.view`;
        # None until then): every change (`apply`), and every copy, starts without it
        "shown",
        # per space, its last public board entry with everything that entry shows
        # (`position._board`), kept across changes and shared by copies: an entry is
        # used again only where all it shows is unchanged
        "entries",
    )

    game: Game
    num_players: int
    # a `variants.Variant` (Any: the variants type their hooks against the state, which
    # is this table's subclass, so naming them here would import in a loop)
    variant: Any
    # the board, per space
    kind: list[str | None]  # None: unexplored
    stones: list[tuple[int, ...]]  # per side
    tile_id: list[str | None]
    printed: list[int]  # a temple's printed value
    value: list[int]  # a temple's value with its levels
    wafers: list[list[int]]  # a treasure's face-down wafers
    camp: list[int]  # the seat whose camp it holds, or -1
    guard: list[int]  # the seat whose guard it holds, or -1
    guard_figure: list[str | None]
    links: list[tuple[tuple[int, int], ...]]  # per space, (neighbour, cost) of each crossing
    exits: list[Exits | None]  # per space; None: not built since its crossings last changed
    # derived for speed (see __slots__)
    explored: int  # a bit per explored space
    border: int
    campable: int
    temples: int
    spots: list[list[int]]  # per seat
    nodes: list[tuple[int, ...]]  # per seat
    opened: list[int]  # per space
    # the players, per seat
    workers: list[list[int]]  # per space
    leader: list[int]  # a space; -1 in supply, -2 out of the game (a guard)
    supply: list[int]
    removed: list[int]
    camps_built: list[int]
    guards_placed: list[int]
    treasures: list[list[int]]  # per treasure kind (index 0 unused)
    points: list[int]  # each seat's score
    # the supplies
    stack: list[str]  # the tile ids still to draw, the next at the end
    drawn: str | None
    wafer_pile: list[int]
    levels: list[int]  # temple levels left, by value
    # the turn
    phase: str
    current: int
    ap: int
    uncovered: dict[int, int]  # space: wafers uncovered there this turn
    recovered: dict[int, int]  # space: wafers recovered there this turn
    camp_this_turn: bool
    round: str | None  # a scoring round, or None
    queue: list[int]  # the seats still to score in this round
    volcano_drawer: int
    last_placer: int
    score_history: list[list[int]]
    # the variant's part: an `auction.Auction` in the auction game, None in the basic one
    # (Any: the variant modules import the state, so it cannot name their classes)
    auction: Any
    barriers: int  # undo barriers crossed
    shown: dict[str, Any] | None  # the public view, kept while the position stays the same
    entries: list[tuple[tuple[Any, ...], dict[str, Any]] | None]  # per space (see __slots__)

    def __getstate__(self) -> dict[str, Any]:
        """The fields to pickle, without the kept board entries: a copy sent to a bot
        process would carry ~48 entries it may never use (twice the pickling time)."""
        return {name: getattr(self, name) for name in TikalTable.__slots__
                if name != "entries" and hasattr(self, name)}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name, value in fields.items():
            setattr(self, name, value)
        self.entries = [None] * NUM_SPACES

    @abstractmethod
    def clear_board(self) -> None: ...

    @abstractmethod
    def recompute_derived(self) -> None: ...

    @abstractmethod
    def controller(self, space: int) -> int: ...
