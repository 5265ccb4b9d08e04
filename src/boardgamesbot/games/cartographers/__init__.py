"""Cartographers (Thunderworks Games): map the realm, please the Queen's edicts.

>>> from boardgamesbot.engine import load_game
>>> state = load_game("cartographers").new(2, seed=7, side="B")
>>> state.current_players()        # both seats draw at once
[0, 1]

Public vocabulary: `GAME`, `Sheet` (with the plain-text format),
`score_card`, the action types and `parse_action`.

The package: `game` (the `Game`: new games, positions, notation), `state`
(the rules), `steps`, `position` (views and the position format), `notation`,
`components`, `sheet` and `scoring`, `heuristics` (for bots), `render`
(terminal text).
"""

from .components import AmbushCard, ExploreCard, RuinsCard, ScoringCard, Season
from .game import GAME, CartographersGame
from .notation import Ambush, AmbushFallback, Draw, Fallback, Pass, parse_action
from .scoring import SCORERS, score_card
from .sheet import Sheet
from .state import CartographersState, solo_ambush_cells

__all__ = [
    "GAME",
    "Ambush",
    "AmbushCard",
    "AmbushFallback",
    "CartographersGame",
    "CartographersState",
    "Draw",
    "ExploreCard",
    "Fallback",
    "Pass",
    "RuinsCard",
    "SCORERS",
    "ScoringCard",
    "Season",
    "Sheet",
    "parse_action",
    "score_card",
    "solo_ambush_cells",
]
