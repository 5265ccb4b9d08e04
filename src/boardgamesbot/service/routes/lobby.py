"""The lobby: the games there are, creating, listing, joining and starting tables."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Query, Request

from boardgamesbot.engine import GameError, known_games, load_game

from ..errors import ServiceError
from ..http import ERRORS, Token, lobby
from ..lobby import Lobby
from ..schemas import (
    Created,
    CreateTable,
    GameOut,
    Joined,
    JoinTable,
    Rematched,
    RenameSeat,
    StartTable,
    TableOut,
    ViewSchemaOut,
)
from .help import help_documents

router = APIRouter()


@router.get("/api/games", tags=["lobby"], response_model=list[GameOut])
async def games() -> list[dict]:
    """Every registered game as it declares itself: names in each language, player
    counts, options (choices, default, labels per language), information type and
    its help documents. The browser's single source for what can be played."""
    documents = help_documents()
    return [{**load_game(name).describe(),
             "help": [key for key in documents if key.startswith(f"{name}-")]}
            for name in known_games()]


@router.get("/api/games/{name}/view-schema", tags=["lobby"], responses=ERRORS,
            response_model=ViewSchemaOut)
async def view_schema(name: str) -> dict:
    """The JSON Schema of the game's seat views (what ``view`` holds in a state message)."""
    from boardgamesbot.games.schema import view_schema as schema

    try:
        game = load_game(name)
    except GameError as error:
        raise ServiceError(str(error), code=error.code, status=404, **error.params) from None
    if game.view_type is None:
        raise ServiceError(f"{game.name} does not declare its view's shape",
                           code="no_view_schema", status=404, game=game.name)
    return schema(game.view_type)


@router.post("/api/tables", status_code=201, tags=["lobby"], responses=ERRORS,
             response_model=Created)
async def create_table(body: CreateTable, request: Request) -> dict:
    """Create a table; returns it, the tokens of the creator's seats and the invitation.

    Quotas per client address: tables in play and their bot seats (429)."""
    return lobby(request).create(body.game, body.options,
                                 [s.model_dump() for s in body.seats],
                                 body.clock.model_dump() if body.clock else None, body.seed,
                                 client=request.client.host if request.client else None,
                                 hints=body.hints)


@router.get("/api/tables", tags=["lobby"], responses=ERRORS, response_model=list[TableOut])
async def list_tables(request: Request,
                      status: Literal["open", "playing", "over"] | None = None,
                      limit: int = Query(50, ge=1, le=200)) -> list[dict]:
    return await lobby(request).list(status, limit)


@router.get("/api/tables/{table_id}", tags=["lobby"], responses=ERRORS,
            response_model=TableOut)
async def get_table(table_id: str, request: Request) -> dict:
    return await table_of(lobby(request), table_id)


async def table_of(room: Lobby, table_id: str) -> dict:
    """`get_table`'s answer (and the fast lane's: `service.fastlane`)."""
    return (await room.current(table_id)).summary()


@router.post("/api/invites/{invite}", tags=["lobby"], responses=ERRORS, response_model=Joined)
async def join(invite: str, body: JoinTable, request: Request) -> dict:
    """Take the first open seat of the invitation's table; returns the seat's token."""
    return await lobby(request).join(invite, body.name)


@router.post("/api/tables/{table_id}/rematch", status_code=201, tags=["lobby"],
             responses=ERRORS, response_model=Rematched)
async def rematch(table_id: str, request: Request, token: str | None = Token) -> dict:
    """The same game again with the same people, from a finished table (any person's
    seat token). The first call creates the rematch (computers stay computers, every
    other person's seat kept for them) and tells the finished table (its ``rematch``,
    a ``rematch`` event); each other person's call takes their own seat in it."""
    return await lobby(request).rematch(table_id, token,
                                        client=request.client.host if request.client else None)


@router.post("/api/tables/{table_id}/start", tags=["lobby"], responses=ERRORS,
             response_model=TableOut)
async def start(table_id: str, body: StartTable, request: Request,
                token: str | None = Token) -> dict:
    """Start a waiting table now (its open seats filled with ``fill`` bots): only its
    host's token may (403 ``not_host``)."""
    return await lobby(request).start(table_id, token, body.fill)


@router.post("/api/tables/{table_id}/leave", tags=["lobby"], responses=ERRORS,
             response_model=TableOut)
async def leave(table_id: str, request: Request, token: str | None = Token) -> dict:
    """Leave a waiting table: the seat of the token is open again. When the host leaves,
    the person seated longest becomes host."""
    return await lobby(request).leave(table_id, token)


@router.post("/api/tables/{table_id}/name", tags=["lobby"], responses=ERRORS,
             response_model=TableOut)
async def rename(table_id: str, body: RenameSeat, request: Request,
                 token: str | None = Token) -> dict:
    """Change the name of the token's seat (only its own), while the table waits for its
    players or while the game is played; a finished game's names stay (409 ``game_over``)."""
    return await lobby(request).rename(table_id, token, body.name)
