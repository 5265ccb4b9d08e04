"""The Cartographers `Game`: new games, positions and notation (the rules are in `state.py`)."""

from __future__ import annotations

from typing import Any

from boardgamesbot.engine import Action, Game, GameError

from .notation import parse_action
from .sheet import _side
from .state import CartographersState

MAX_PLAYERS = 100  # the box says "1-100"


class CartographersGame(Game):
    """Cartographers: 1 player is solo; the box allows up to 100."""

    name = "cartographers"
    min_players = 1
    max_players = MAX_PLAYERS

    def new(self, num_players: int, seed: int, **options: Any) -> CartographersState:
        self.check_num_players(num_players)
        unknown = set(options) - {"side"}
        if unknown:
            raise GameError(f"unknown option(s) {', '.join(sorted(unknown))}; cartographers "
                            "accepts: side (A or B)", code="bad_option",
                            accepted=["side"])
        side = _side(options.get("side", "A"))
        return CartographersState.setup(self, num_players, seed, side)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def from_json(self, text: str) -> CartographersState:
        return CartographersState.read(self, text)


GAME = CartographersGame()
