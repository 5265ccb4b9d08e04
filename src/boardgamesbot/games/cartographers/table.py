"""What a Cartographers position holds, declared apart from the rules that move it.

The position format (`position`) reads and fills a table; the rules (`state`) are
one and also write it out through `position`. Both see the table's fields and the
few rule answers the format needs from here, so neither imports the other both ways.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from boardgamesbot.engine import Action, State

from .components import AmbushCard, ExploreCard, MapSide
from .sheet import Sheet

__all__ = ["Choice", "Effect", "SeasonRecord", "Table"]

# What a choice does, worked out when it is made and drawn when the step resolves:
# (sheet index, terrain index — 4 is a monster —, the spaces drawn as a mask, whether a coin
# comes with it). A choice is the canonical action and its effect.
Effect = tuple[int, int, int, bool]
Choice = tuple[Action, Effect]
# A season's record on a sheet: the two edicts' stars, the coins and the monster penalty.
SeasonRecord = tuple[int, int, int, int]


class Table(State):
    """A Cartographers position's fields and the rule answers the position format reads
    (the rules are `CartographersState`)."""

    __slots__ = (
        "game", "num_players", "side", "edicts",
        # chance: the text that seeds every shuffle (see the state module's docstring)
        "chance",
        # the cards
        "season", "deck", "revealed", "ambush_pile", "removed", "ruins_pending",
        # the step: its kind and each seat's hidden choice (None: still to choose)
        "step", "chosen",
        # the players
        "sheets", "coins", "surrounded", "records", "last_drawn",
        # what the last ambush drew where (for the faces)
        "last_ambush",
        # the part of the views every seat shares, once a seat has asked for one
        # (`position.view`; None until then): every change (`apply`), and every copy,
        # starts without it
        "shown",
    )

    side: MapSide
    edicts: tuple[str, ...]  # the four scoring cards' names, edicts A-D
    chance: str  # the text that seeds every shuffle
    season: int  # index into SEASONS
    deck: list[str]  # card names, next first
    revealed: list[str]  # this season's explore and ruins cards, in order
    ambush_pile: list[str]
    removed: list[str]  # the ambushes revealed so far
    ruins_pending: bool
    step: str  # one of STEPS
    chosen: list[Choice | None]  # each seat's hidden choice in this step
    sheets: list[Sheet]
    coins: list[int]
    surrounded: list[int]  # mountains each seat has been paid for
    records: list[list[SeasonRecord]]
    last_drawn: list[int]  # each sheet's spaces drawn in the last step, as a mask
    last_ambush: dict[str, Any] | None  # what the last ambush drew where (for the faces)
    shown: dict[str, Any] | None  # the views' shared part, kept while the position stays

    @property
    @abstractmethod
    def card(self) -> ExploreCard | AmbushCard | None:
        """The card being drawn: the explore card, or the ambush being resolved."""

    @abstractmethod
    def time_used(self) -> int: ...

    @abstractmethod
    def ambush_target(self, player: int) -> int: ...

    @abstractmethod
    def drawing_mode(self, player: int) -> str: ...

    @abstractmethod
    def monster_losses(self) -> list[int]: ...

    @abstractmethod
    def solo_rating(self) -> tuple[int, str]: ...

    @abstractmethod
    def _check(self, player: int, action: Action) -> Choice:
        """Validate ``action`` of ``player`` without changing anything: the choice it is."""
