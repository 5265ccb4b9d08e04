"""The shape of a Cartographers view (`CartographersState.view`).

Sheets travel as the plain-text sheet format, one string per row (see
docs/cartographers-sheet-format.md); cells are named ``A1``…``K11``. Hidden
information has no field at all: the deck shows its size, never its order,
and in an open step another seat's choice (even whether it chose) is absent.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from boardgamesbot.games.schema import wire

__all__ = ["CardView", "CartographersView", "PlayerView", "YouView"]


@wire
class ShapeView(TypedDict):
    cells: list[list[int]]  # (row, column) pairs as printed
    coin: bool


@wire
class ExploreCardView(TypedDict):
    kind: Literal["explore"]
    name: str
    time: int
    terrains: list[str]
    shapes: list[ShapeView]


@wire
class AmbushCardView(TypedDict):
    kind: Literal["ambush"]
    name: str
    time: int
    cells: list[list[int]]
    direction: str
    solo_corner: str


@wire
class RuinsCardView(TypedDict):
    kind: Literal["ruins"]
    name: str
    time: int


CardView = Annotated[ExploreCardView | AmbushCardView | RuinsCardView,
                     Field(discriminator="kind")]


@wire
class SideView(TypedDict):
    letter: str
    name: str


@wire
class SeasonView(TypedDict):
    number: int
    name: str
    threshold: int
    time_used: int
    scoring: list[str]  # the edict letters scored at this season's end


@wire
class SeasonPlan(TypedDict):
    name: str
    threshold: int
    edicts: list[str]


@wire
class EdictView(TypedDict):
    letter: str
    card: str
    rule: str
    solo: int


@wire
class LastAmbush(TypedDict):
    card: str
    cells: list[list[str]]


@wire
class SeasonScore(TypedDict):
    season: str
    edicts: list[int]
    coins: int
    monsters: int
    total: int


@wire
class PlayerView(TypedDict):
    seat: int
    sheet: list[str]
    coins: int
    seasons: list[SeasonScore]
    stars: int
    monster_losses: int
    last_drawn: list[str]


@wire
class SoloView(TypedDict):
    rating: int
    title: str | None
    solo_numbers: int


@wire
class ChoiceView(TypedDict):
    action: str
    sheet: int
    terrain: str
    cells: list[str]
    coin: bool


@wire
class YouView(TypedDict):
    seat: int
    choice: ChoiceView | None
    target: NotRequired[int]  # ambush: whose sheet you draw the monster on
    mode: NotRequired[str]  # shape, ruins, 1x1 or pass


@wire
class CartographersView(TypedDict):
    game: str
    viewer: int | None
    num_players: int
    side: SideView
    season: SeasonView
    seasons: list[SeasonPlan]
    edicts: list[EdictView]
    revealed: list[CardView]
    removed_ambushes: list[str]
    deck_size: int
    ambushes_in_deck: int
    ruins_pending: bool
    step: str  # draw, ambush, over
    card: CardView | None
    last_ambush: LastAmbush | None
    players: list[PlayerView]
    over: bool
    winners: list[int]
    ambush_targets: NotRequired[list[int]]
    solo: NotRequired[SoloView]
    you: NotRequired[YouView]
