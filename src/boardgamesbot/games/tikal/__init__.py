"""Tikal (Kramer & Kiesling): explore the jungle, uncover temples, recover treasures.

>>> from boardgamesbot.engine import load_game
>>> state = load_game("tikal").new(num_players=4, seed=1)
>>> state.view(0)["stack"]["top"]
'A'
"""

from __future__ import annotations

from typing import Any

from boardgamesbot.engine import Action, Game, GameError, State

from .components import COMPONENTS, load_components
from .notation import parse_action
from .position import from_json
from .state import TikalState, new_state

__all__ = ["GAME", "COMPONENTS", "Tikal", "TikalState", "load_components"]


class Tikal(Game):
    name = "tikal"
    min_players = 2
    max_players = 4
    options = {"variant": ("basic", "auction")}

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
        return new_state(self, num_players, seed, **options)

    def from_json(self, text: str) -> State:
        return from_json(self, text)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def render_svg(self, view: dict, **options: Any) -> str:
        """The board of ``view`` as SVG text; options as `boardgamesbot.games.tikal.svg.board`."""
        from .svg import board  # imported when a picture is asked for, not with the game

        return board(view, **options)


GAME = Tikal()
