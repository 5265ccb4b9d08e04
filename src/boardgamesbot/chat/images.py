"""Pictures of a position for chat: the game's SVG renderer, rasterized to PNG.

`picture` is the one place the chat draws: the game renders its view as SVG
(``Game.render_svg``) and ``boardgamesbot.images.png`` rasterizes it with a
bundled font, so a board looks the same on every machine. A game without a
picture renderer gets `None`, and the chat shows its terminal text instead.
"""

from __future__ import annotations

import io
import logging
from typing import Any

from boardgamesbot.engine import GameError, load_game
from boardgamesbot.images import png

log = logging.getLogger(__name__)


_SEATLESS: set[str] = set()  # games whose picture takes no seat: it shows the whole table
_SEATED: set[str] = set()  # games whose picture is one seat's part (a sheet)


def picture(game_name: str, view: dict, seat: int | None = None,
            names: list[str] | None = None, lang: str = "en",
            last_move: str | None = None) -> bytes | None:
    """A PNG of ``view`` with its words in ``lang``, players called ``names`` and the
    action ``last_move`` marked; ``seat``'s own part when the game draws one seat at a
    time (a sheet), else the whole table (see `per_seat`). Without ``seat`` the game
    picks the part that matters to the view's seat (in a drawing game: their own sheet,
    or the one they draw on for a neighbour)."""
    game = load_game(game_name)
    options: dict[str, Any] = {"lang": lang, "last_move": last_move}
    if names is not None:
        options["seat_names"] = list(names)
    try:
        if seat is not None and game_name not in _SEATLESS:
            try:
                return png(game.render_move(view, seat=seat, **options))
            except TypeError:  # the renderer draws the whole table
                _SEATLESS.add(game_name)
        return png(game.render_move(view, **options))
    except GameError as error:  # the game has no picture renderer
        log.info("no picture for %s: %s", game_name, error)
        return None


def per_seat(game_name: str, view: dict | None = None) -> bool:
    """Does the game draw one seat's part at a time (a sheet), not the whole table?
    Learnt from the renderer itself: once with ``view`` (an SVG, no raster), then
    remembered."""
    if game_name in _SEATLESS or game_name in _SEATED:
        return game_name not in _SEATLESS
    if view is None:
        return True
    try:
        load_game(game_name).render_svg(view, seat=0)
        _SEATED.add(game_name)
    except TypeError:
        _SEATLESS.add(game_name)
    except GameError:  # no renderer at all: no seat's part either
        _SEATLESS.add(game_name)
    return game_name not in _SEATLESS


def text_board(game_name: str, view: dict, width: int = 100, lang: str = "en") -> str:
    """The terminal face's drawing of ``view`` as plain text, in ``lang``."""
    from rich.console import Console

    game = load_game(game_name)
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(game.render_text(view, lang))
    return console.export_text().rstrip()
