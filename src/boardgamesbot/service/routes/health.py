"""``/api/health``: is the service up, on which schema."""

from __future__ import annotations

from fastapi import APIRouter, Request

from ..http import lobby
from ..lobby import Lobby
from ..schemas import Health

router = APIRouter()


@router.get("/api/health", tags=["service"], response_model=Health,
            response_model_by_alias=True)
async def health(request: Request) -> dict:
    return health_of(lobby(request))


def health_of(room: Lobby) -> dict:
    """`health`'s answer (and the fast lane's: `service.fastlane`)."""
    return {"ok": True, "schema": room.store.schema_version()}
