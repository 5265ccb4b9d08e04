"""Play at a table over REST: the seat's view, its legal actions, the events; acting,
undoing, hints, autopilot, trying an action on a copy. (The same over a WebSocket:
`service.live`.)"""

from __future__ import annotations

from fastapi import APIRouter, Query, Request

from ..errors import ServiceError
from ..http import ERRORS, Token, lobby
from ..lobby import Lobby
from ..schemas import (
    Ack,
    AskHint,
    Autopilot,
    EventsOut,
    Hints,
    LegalOut,
    PlayAction,
    PreviewAction,
    PreviewOut,
    StateOut,
    UndoAction,
)

router = APIRouter()


@router.get("/api/tables/{table_id}/view", tags=["play"], responses=ERRORS,
            response_model=StateOut)
async def view(table_id: str, request: Request, token: str | None = Token) -> dict:
    """The seat's view with a token; the spectator view without."""
    return await view_of(lobby(request), table_id, token)


async def view_of(room: Lobby, table_id: str, token: str | None) -> dict:
    """`view`'s answer (the fast lane gives it too: `service.fastlane`)."""
    table = await room.current(table_id)
    return table.state_message(room.viewer(table, token))


@router.get("/api/tables/{table_id}/legal", tags=["play"], responses=ERRORS,
            response_model=LegalOut)
async def legal(table_id: str, request: Request, token: str | None = Token) -> dict:
    return await legal_of(lobby(request), table_id, token)


async def legal_of(room: Lobby, table_id: str, token: str | None) -> dict:
    """`legal`'s answer (and the fast lane's)."""
    table = await room.current(table_id)
    seat = room.seat_of(table, token)
    return {"state_id": table.version, "seat": seat, "actions": table.legal(seat)}


@router.get("/api/tables/{table_id}/events", tags=["play"], responses=ERRORS,
            response_model=EventsOut, response_model_exclude_unset=True)
async def events(table_id: str, request: Request, after: int = Query(0, ge=0, lt=2**53),
                 token: str | None = Token) -> dict:
    room = lobby(request)
    table = await room.current(table_id)
    seat = room.viewer(table, token)
    return {"events": table.events_for(seat, after)}


@router.post("/api/tables/{table_id}/actions", tags=["play"], responses=ERRORS,
             response_model=Ack, response_model_exclude_unset=True)
async def act(table_id: str, body: PlayAction, request: Request,
              token: str | None = Token) -> dict:
    return await act_of(lobby(request), table_id, token, body.action, body.state_id)


async def act_of(room: Lobby, table_id: str, token: str | None, action: str,
                 state_id: int) -> dict:
    """`act`'s answer, the acknowledgement (and the fast lane's).

    The seat is found on the cached table when it is there, without reading its revision
    first: a token, once given, stays its seat's, and the write checks the revision
    anyway. A token the copy does not know (a friend who joined through another process)
    is looked for again on the table as the database has it."""
    cached = room.tables.get(table_id)
    if cached is not None and isinstance(token, str) and token:
        try:
            seat = room.seat_of(cached, token)
        except ServiceError:  # not a seat this copy knows
            seat = None
        if seat is not None:
            return await room.act(table_id, seat, action, state_id)
    seat = room.seat_of(await room.current(table_id), token)
    return await room.act(table_id, seat, action, state_id)


async def _seated(request: Request, table_id: str, token: str | None) -> tuple[Lobby, int]:
    """The lobby, and the seat ``token`` holds at the table as it is now (refused if none)."""
    room = lobby(request)
    return room, room.seat_of(await room.current(table_id), token)


@router.post("/api/tables/{table_id}/undo", tags=["play"], responses=ERRORS,
             response_model=Ack, response_model_exclude_unset=True)
async def undo(table_id: str, body: UndoAction, request: Request,
               token: str | None = Token) -> dict:
    room, seat = await _seated(request, table_id, token)
    return await room.undo(table_id, seat, body.state_id)


@router.post("/api/tables/{table_id}/hint", tags=["play"], responses=ERRORS,
             response_model=Hints, response_model_exclude_none=True)
async def hint(table_id: str, body: AskHint, request: Request,
               token: str | None = Token) -> dict:
    """The hard computer player's three best actions for the seat now, each with its
    value and reasons as codes + params (docs/bots.md lists them; the catalogs put
    them in words). Only the seat's view is used. 403 ``hints_disabled`` at a table
    created with ``"hints": false``."""
    room, seat = await _seated(request, table_id, token)
    return await room.hint(table_id, seat, body.state_id)


@router.post("/api/tables/{table_id}/autopilot", tags=["play"], responses=ERRORS,
             response_model=Ack, response_model_exclude_unset=True)
async def autopilot(table_id: str, body: Autopilot, request: Request,
                    token: str | None = Token) -> dict:
    room, seat = await _seated(request, table_id, token)
    return await room.autopilot(table_id, seat, body.level)


@router.post("/api/tables/{table_id}/preview", tags=["play"], responses=ERRORS,
             response_model=PreviewOut, response_model_exclude_unset=True)
async def try_action(table_id: str, body: PreviewAction, request: Request,
                     token: str | None = Token) -> dict:
    """Is ``action`` legal for the seat now, and what would it bring (the game's
    `State.preview`: a game may add the season's score if it ended now)?

    Tried on a copy; the table is not changed. An illegal action is not an
    error here: the answer is ``{"legal": false, "error": {...}}``."""
    room = lobby(request)
    table = await room.current(table_id)
    seat = room.seat_of(table, token)
    if table.state is None:
        raise ServiceError("the game has not started yet", code="not_started", status=409)
    return {"state_id": table.version, **table.state.preview(seat, body.action)}
