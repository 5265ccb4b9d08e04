"""The Cartographers `Game`: its declaration, new games, positions and notation
(the rules are in `state.py`)."""

from __future__ import annotations

from typing import Any

from boardgamesbot.engine import Action, Heuristics, Option
from boardgamesbot.games.package import PackagedGame

from .catalog import solo_title
from .notation import parse_action
from .sheet import _side
from .state import CartographersState
from .views import CartographersView

MAX_PLAYERS = 100  # the box says "1-100"


class CartographersGame(PackagedGame):
    """Cartographers: 1 player is solo; the box allows up to 100."""

    name = "cartographers"
    package = __name__.rpartition(".")[0]
    titles = {"en": "Cartographers", "pt-BR": "Cartógrafos", "ca": "Cartògrafs"}
    min_players = 1
    max_players = MAX_PLAYERS
    options = (
        Option("side", ("A", "B"), "A",
               titles={"en": "Map side", "pt-BR": "Lado do mapa", "ca": "Cara del mapa"},
               labels={"en": {"A": "side A (Wilderness)", "B": "side B (Wastelands)"},
                       "pt-BR": {"A": "lado A (Terras Selvagens)",
                                 "B": "lado B (Terras Devastadas)"},
                       "ca": {"A": "cara A (Terres salvatges)", "B": "cara B (Terres ermes)"}}),
    )
    information = "imperfect"
    simultaneous = True
    hidden = ("the order of the explore deck and which ambushes it holds",
              "the other seats' choices until a step resolves")
    view_type = CartographersView
    reason_words = {"card": "carto.card"}
    web_module = "cartographers.js"
    web_styles = ("cartographers.css",)
    board_says_who_won = True  # (the final stars under the sheets: `render._parts`)

    def train(self, out: str, games: int, seed: int, evaluate_every: int = 200,
              measure_games: int = 40, progress: Any = None, teacher: Any = None,
              workers: int = 1, target: str = "self-play") -> str:
        if target == "tune":  # the evaluation's weights, jointly (docs/bots.md, session 50)
            from .tuning import tune

            return tune(out, games, seed, evaluate_every, measure_games, workers, progress)
        if teacher is not None:  # fitted to a search's values (docs/bots.md, session 49)
            from .distilled import train_search

            return train_search(out, games, seed, teacher, evaluate_every, measure_games,
                                workers, progress=progress)
        from .learned import train_and_report  # numpy and the trainer, on first use

        return train_and_report(out, games, seed, evaluate_every, measure_games, progress)

    @property
    def heuristics(self) -> Heuristics:
        # imported on first use: the heuristics module imports the state's
        from .heuristics import HEURISTICS

        return HEURISTICS

    def new(self, num_players: int, seed: int, **options: Any) -> CartographersState:
        self.check_num_players(num_players)
        options = self.check_options(options)
        return CartographersState.setup(self, num_players, self.check_seed(seed),
                                        _side(options["side"]))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def from_json(self, text: str) -> CartographersState:
        return CartographersState.read(self, text)

    def rating_title(self, title: str, lang: str) -> str:
        return solo_title(title, lang)

    def render_svg(self, view: dict[str, Any], **options: Any) -> str:
        """One sheet of ``view`` as SVG text; options as `...cartographers.svg.sheet`."""
        from .svg import sheet  # imported when a picture is asked for, not with the game

        return sheet(view, **options)

    def commands(self) -> list[Any]:
        from .tools import tools

        return [tools]

    def command_help(self, lang: str) -> dict[str, str]:
        from .tools import tool_help

        return tool_help(lang)


GAME = CartographersGame()
