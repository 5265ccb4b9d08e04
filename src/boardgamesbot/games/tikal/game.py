"""The Tikal `Game`: new games, positions and notation (the rules are in `state.py`)."""

from __future__ import annotations

from typing import Any

from boardgamesbot.engine import Action, Game, GameError, State

from .auction import AUCTION
from .notation import parse_action
from .state import TikalState
from .variants import BASIC

VARIANTS = {variant.name: variant for variant in (BASIC, AUCTION)}


class Tikal(Game):
    name = "tikal"
    min_players = 2
    max_players = 4
    options = {"variant": tuple(VARIANTS)}

    def new(self, num_players: int, seed: int, **options: Any) -> State:
        self.check_num_players(num_players)
        unknown = set(options) - set(self.options)
        if unknown:
            raise GameError(
                f"Tikal has no option {', '.join(sorted(unknown))}; its option is: variant",
                code="bad_option", option=sorted(unknown)[0],
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise GameError(f"the seed must be a whole number, not {seed!r}", code="bad_seed")
        variant = options.get("variant", "basic")
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise GameError(f"unknown Tikal variant {variant!r}; choose basic or auction",
                            code="bad_option", option="variant", value=variant)
        return TikalState.setup(self, num_players, seed, VARIANTS[variant])

    def from_json(self, text: str) -> State:
        return TikalState.read(self, text, VARIANTS)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


GAME = Tikal()
