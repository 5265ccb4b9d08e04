"""Finished games: the replay, and its states a page at a time."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from ..http import ERRORS, JSONText, lobby
from ..schemas import ReplayOut, ReplayStates
from ..views import REPLAY_PAGE

router = APIRouter()

Start = Query(0, alias="from", ge=0, lt=2**31, description="the first state's number")
Page = Query(REPLAY_PAGE, ge=1, le=REPLAY_PAGE, description="states on the page")


@router.get("/api/tables/{table_id}/replay", tags=["play"], responses=ERRORS,
            response_model=ReplayOut, response_model_by_alias=True)
async def replay(table_id: str, request: Request, start: int = Start,
                 limit: int = Page) -> Response:
    """A finished game: its record, steps, public events, result, and its states as a
    spectator saw them, a page at a time (``total`` says how many there are)."""
    return JSONText(await lobby(request).replay(table_id, start, limit))


@router.get("/api/tables/{table_id}/replay/states", tags=["play"], responses=ERRORS,
            response_model=ReplayStates, response_model_by_alias=True)
async def replay_states(table_id: str, request: Request, start: int = Start,
                        limit: int = Page) -> dict:
    """The next page of a finished game's states (the rest of `/replay` is the same)."""
    return JSONText(await lobby(request).replay(table_id, start, limit, whole=False))
