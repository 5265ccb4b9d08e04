"""The Tikal `Game`: its declaration, new games, positions and notation (rules: `state.py`)."""

from __future__ import annotations

from typing import Any

from boardgamesbot.engine import Action, Option, State
from boardgamesbot.games.package import PackagedGame

from .auction import AUCTION
from .heuristics import HEURISTICS
from .notation import parse_action
from .state import TikalState
from .variants import BASIC
from .views import TikalView

VARIANTS = {variant.name: variant for variant in (BASIC, AUCTION)}


class Tikal(PackagedGame):
    name = "tikal"
    package = __name__.rpartition(".")[0]
    titles = {"en": "Tikal", "pt-BR": "Tikal", "ca": "Tikal"}
    min_players = 2
    max_players = 4
    options = (
        Option("variant", tuple(VARIANTS), "basic",
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
    web_module = "tikal.js"
    web_styles = ("tikal.css",)
    board_says_who_won = True  # (the end's sentence under the board: `render._final`)

    def new(self, num_players: int, seed: int, **options: Any) -> State:
        self.check_num_players(num_players)
        options = self.check_options(options)
        return TikalState.setup(self, num_players, self.check_seed(seed),
                                VARIANTS[options["variant"]])

    def from_json(self, text: str) -> State:
        return TikalState.read(self, text, VARIANTS)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def render_svg(self, view: dict[str, Any], **options: Any) -> str:
        """The board of ``view`` as SVG text; options as `boardgamesbot.games.tikal.svg.board`."""
        from .svg import board  # imported when a picture is asked for, not with the game

        return board(view, **options)

    def render_move(self, view: dict[str, Any], last_move: str | None = None,
                    **options: Any) -> str:
        """The board with the last action marked: the spaces it acts on (a tile's space,
        a move's two ends) are outlined. The notation is read as an action (a `GameError`
        if it is not one), never searched for words that look like spaces."""
        from .components import space_name

        if last_move:
            action = self.parse_action(last_move)
            spaces = [space_name(getattr(action, field)) for field in ("space", "source", "target")
                      if isinstance(getattr(action, field, None), int)]
            options.setdefault("highlight", spaces)
        return self.render_svg(view, **options)


GAME = Tikal()
