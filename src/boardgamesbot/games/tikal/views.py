"""The shape of a Tikal view (`TikalState.view`), as the service, the browser and the arena read it.

Spaces are named ``A1``…``H6``; seats are 0-based; figures are ``"W"``
(workers) and ``"L"`` (leader). Hidden information has no field at all: a
treasure tile shows how many wafers it holds, never which; the stack shows
how many tiles of each letter are left, never their order.
"""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from boardgamesbot.games.schema import wire

__all__ = ["AuctionView", "PlayerView", "SpaceView", "TikalView", "TileView"]


@wire
class Guard(TypedDict):
    seat: int
    figure: str  # "W" or "L"


@wire
class Figures(TypedDict):
    W: int
    L: int


@wire
class SpaceView(TypedDict):
    kind: str  # jungle, temple, treasure, volcano, base_camp
    stones: list[int]  # per side N, NE, SE, S, SW, NW
    value: NotRequired[int]  # temples: the value showing now
    printed: NotRequired[int]  # temples: the printed value
    controller: NotRequired[int]  # temples: who would score it now (-1: nobody)
    wafers: NotRequired[int]  # treasure tiles: wafers left (face down)
    camp: NotRequired[int]  # whose camp stands here
    guard: NotRequired[Guard]
    figures: NotRequired[dict[str, Figures]]  # by seat (as text)


@wire
class TileView(TypedDict):
    letter: str
    kind: str
    value: int
    masks: int
    stones: list[int]


@wire
class DisplayTile(TileView):
    index: int  # 1-based, as in ``take 1``


@wire
class StackView(TypedDict):
    size: int
    top: str | None  # the next tile's letter
    left: dict[str, int]  # tiles left per letter


@wire
class PlayerView(TypedDict):
    seat: int
    name: str
    score: int
    treasures: dict[str, int]  # treasure kind (1…8, as text) -> how many
    supply_workers: int
    leader: str  # a space, "supply" or "gone" (a guard)
    removed: int
    camps_left: int
    guards_left: int


@wire
class TurnView(TypedDict):
    uncovered: dict[str, int]
    recovered: dict[str, int]
    camp_built: bool


@wire
class AuctionView(TypedDict):
    round: int
    turn: int | None
    display: list[DisplayTile]
    amulets: list[str]  # "up" or "down" per seat
    opener: int
    bid: int
    bidder: int | None
    passed: list[int]
    bidding: list[int]
    winner: int | None
    to_act: int | None
    max_bid: int | None


@wire
class TikalView(TypedDict):
    game: str
    variant: str
    viewer: int | None
    num_players: int
    phase: str  # place, actions, bid, take, over
    current: list[int]
    ap: int
    board: dict[str, SpaceView]
    drawn: TileView | None
    stack: StackView
    wafer_pile: int
    levels: dict[str, int]
    players: list[PlayerView]
    round: str | None
    queue: list[int]
    volcano_drawer: int
    turn: TurnView
    score_history: list[list[int]]
    over: bool
    winners: list[int]
    auction: NotRequired[AuctionView]
