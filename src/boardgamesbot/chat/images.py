"""Pictures of a position for chat: the game's SVG renderer, rasterized to PNG.

`picture` is the one place the chat draws: the game renders its view as SVG
(``Game.render_svg``) and ``boardgamesbot.images.png`` rasterizes it with a
bundled font, so a board looks the same on every machine. A game without a
picture renderer gets `None`, and the chat shows its terminal text instead.
"""

from __future__ import annotations

import importlib
import inspect
import io
import logging
import sys
from typing import Any

from boardgamesbot.engine import GameError, load_game

log = logging.getLogger(__name__)


def picture(game_name: str, view: dict, **options: Any) -> bytes | None:
    """A PNG of ``view`` (options the game's renderer does not take are dropped)."""
    game = load_game(game_name)
    render = getattr(game, "render_svg", None)
    try:
        from boardgamesbot.images import png
    except ImportError:
        return None
    if render is None:
        return None
    accepted = inspect.signature(render).parameters
    if not any(p.kind is p.VAR_KEYWORD for p in accepted.values()):
        options = {k: v for k, v in options.items() if k in accepted}
    try:
        return png(render(view, **options))
    except GameError as error:  # no renderer for this game
        log.info("no picture for %s: %s", game_name, error)
        return None


def text_board(game_name: str, view: dict, width: int = 100) -> str:
    """The terminal face's drawing of ``view`` as plain text."""
    from rich.console import Console

    game = load_game(game_name)
    render = getattr(game, "render_text", None)
    if render is None:
        package = sys.modules[type(game).__module__].__package__  # the game's own package
        render = importlib.import_module(f"{package}.render").text
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(render(view))
    return console.export_text().rstrip()
