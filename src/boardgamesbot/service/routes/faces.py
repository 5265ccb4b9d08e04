"""A game's own browser files, served from its package at ``/games/<name>/<path>``, and
its picture of a view for the generic table screen (``POST /api/games/<name>/picture``).

The registry says which games exist and where each keeps its face (`Game.web_dir`);
``/api/games`` names the files (`Game.face`), and the browser ``import()``s the module,
links the styles and merges the catalog. Nothing here knows a game: a game added to
the registry is served without a line changed. Starlette's `StaticFiles` does the
serving (paths kept inside the folder, ETags, ranges); we only choose the folder.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from boardgamesbot.engine import GameError, known_games, load_game

from ..errors import ServiceError

router = APIRouter(tags=["lobby"])


@cache
def _files(name: str) -> StaticFiles | None:
    game = load_game(name)
    return StaticFiles(directory=game.web_dir) if game.web_dir is not None else None


@router.get("/games/{name}/{path:path}", include_in_schema=False)
async def game_file(name: str, path: str, request: Request) -> Response:
    """One file of a game's browser face; 404 (as JSON, with a code) for anything else."""
    if name not in known_games():
        raise ServiceError(f"no game called {name!r}", code="unknown_game", status=404, game=name)
    files = _files(name)
    if files is None:
        raise ServiceError(f"{name} has no browser files", code="not_found", status=404)
    return await files.get_response(path, request.scope)


class PictureOf(BaseModel):
    """A view the browser already holds (`State.view` of its seat, or a replay's)."""

    view: dict[str, Any] = Field(description="a view as the game's view-schema describes it")
    options: dict[str, Any] = Field(default_factory=dict, description=(
        "the game's keyword options of render_svg (e.g. the seat whose sheet is shown); "
        "pure data, like the view"))


@router.post("/api/games/{name}/picture",
             responses={422: {"description": "no renderer, or not a view"}})
async def picture(name: str, body: PictureOf) -> dict[str, str]:
    """The game's SVG of ``view`` (``{"svg": …}``): the same pure function of a view that
    draws the chat's pictures, for the generic table screen. It shows nothing the caller
    did not send, so it needs no seat. An option the renderer does not take (or a
    value it cannot use) is refused with 422, like a view that is not one."""
    game = load_game(name)  # an unknown game is refused with its code
    try:
        return {"svg": game.render_svg(body.view, **body.options)}
    except GameError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
        raise ServiceError(f"not a {name} view, or not options its picture takes ({error!r})",
                           code="bad_request", status=422) from None
