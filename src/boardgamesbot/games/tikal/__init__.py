"""Tikal (Kramer & Kiesling): explore the jungle, uncover temples, recover treasures.

>>> from boardgamesbot.engine import load_game
>>> state = load_game("tikal").new(num_players=4, seed=1)
>>> state.view(0)["stack"]["top"]
'A'

The package: `game` (the `Game`: new games, positions, notation), `state`
(the rules), `variants` and `auction` (the basic game's and the auction's
hooks), `position` (views and the position format), `notation`, `components`,
`heuristics` (for bots), `render` (terminal text).
"""

from __future__ import annotations

from .components import COMPONENTS, load_components
from .game import GAME, Tikal
from .state import TikalState

__all__ = ["GAME", "COMPONENTS", "Tikal", "TikalState", "load_components"]
