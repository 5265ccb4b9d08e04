"""Tikal (Kramer & Kiesling): explore the jungle, uncover temples, recover treasures.

>>> from boardgamesbot.engine import load_game
>>> state = load_game("tikal").new(num_players=4, seed=1)
>>> state.view(0)["stack"]["top"]
'A'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardgamesbot.engine import Action, Game, Option, State

from .components import COMPONENTS, load_components
from .heuristics import HEURISTICS
from .notation import parse_action
from .position import from_json
from .state import TikalState, new_state
from .views import TikalView

__all__ = ["GAME", "COMPONENTS", "Tikal", "TikalState", "load_components"]


class Tikal(Game):
    name = "tikal"
    titles = {"en": "Tikal", "pt-BR": "Tikal", "ca": "Tikal"}
    min_players = 2
    max_players = 4
    options = (
        Option("variant", ("basic", "auction"), "basic",
               titles={"en": "Rules", "pt-BR": "Regras", "ca": "Regles"},
               labels={"en": {"basic": "basic game", "auction": "auction variant"},
                       "pt-BR": {"basic": "jogo básico", "auction": "variante com leilão"},
                       "ca": {"basic": "joc bàsic", "auction": "variant amb subhasta"}}),
    )
    information = "imperfect"
    hidden = ("the order of the tiles inside each letter group",
              "which treasure each face-down wafer is")
    heuristics = HEURISTICS
    view_type = TikalView
    help_dir = Path(__file__).parent / "help"

    def new(self, num_players: int, seed: int, **options: Any) -> State:
        self.check_num_players(num_players)
        options = self.check_options(options)
        return new_state(self, num_players, self.check_seed(seed), **options)

    def from_json(self, text: str) -> State:
        return from_json(self, text)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def render_text(self, view: dict):
        from .render import text

        return text(view)

    def render_svg(self, view: dict, **options: Any) -> str:
        """The board of ``view`` as SVG text; options as `boardgamesbot.games.tikal.svg.board`."""
        from .svg import board  # imported when a picture is asked for, not with the game

        return board(view, **options)


GAME = Tikal()
