"""Cartographers as the frozen reference reads it: a pinned copy of the rules (state,
sheet, scoring, notation, positions) and of the November 2026 heuristics.

The reference plans on this copy, never on the live `boardgamesbot.games.cartographers`,
so a change to the live rules' internals cannot move its decisions. The copy is never
registered as a game: only the reference's search touches it.
"""

from __future__ import annotations

from typing import Any

from boardgamesbot.engine import Action, Game

from .notation import parse_action
from .sheet import _side
from .state import CartographersState


class PinnedCartographers(Game):
    """Just enough of a `Game` for the pinned states: reading positions and notation."""

    name = "cartographers"
    titles = {"en": "Cartographers", "pt-BR": "Cartógrafos", "ca": "Cartògrafs"}
    min_players = 1
    max_players = 100
    simultaneous = True

    def new(self, num_players: int, seed: int, **options: Any) -> CartographersState:
        self.check_num_players(num_players)
        return CartographersState.setup(self, num_players, self.check_seed(seed),
                                        _side(options.get("side", "A")))

    def from_json(self, text: str) -> CartographersState:
        return CartographersState.read(self, text)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


GAME = PinnedCartographers()
