"""Tikal as the frozen reference reads it: a pinned copy of the rules (state, notation,
positions, the auction variant) and of the November 2026 heuristics.

The reference plans on this copy, never on the live `boardgamesbot.games.tikal`, so a
change to the live rules' internals cannot move its decisions. The copy is never
registered as a game: only the reference's search touches it.
"""

from __future__ import annotations

from typing import Any

from boardgamesbot.engine import Action, Game

from .auction import AUCTION
from .notation import parse_action
from .state import TikalState
from .variants import BASIC

VARIANTS = {variant.name: variant for variant in (BASIC, AUCTION)}


class PinnedTikal(Game):
    """Just enough of a `Game` for the pinned states: reading positions and notation."""

    name = "tikal"
    titles = {"en": "Tikal", "pt-BR": "Tikal", "ca": "Tikal"}
    min_players = 2
    max_players = 4

    def new(self, num_players: int, seed: int, **options: Any) -> TikalState:
        self.check_num_players(num_players)
        return TikalState.setup(self, num_players, self.check_seed(seed),
                                VARIANTS[options.get("variant", "basic")])

    def from_json(self, text: str) -> TikalState:
        return TikalState.read(self, text, VARIANTS)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


GAME = PinnedTikal()
