"""`ServiceError`: a `GameError` with the HTTP status a face should get for it."""

from __future__ import annotations

from typing import Any

from boardgamesbot.engine import GameError, IllegalAction


class ServiceError(GameError):
    """A refused request: stable ``code``, readable message, ``params``, an HTTP status."""

    def __init__(self, message: str, code: str, status: int = 400, **params: Any) -> None:
        super().__init__(message, code=code, **params)
        self.status = status


def status_of(error: GameError) -> int:
    """Service errors carry theirs; the engine's refusals are conflicts with the rules."""
    if isinstance(error, ServiceError):
        return error.status
    return 409 if isinstance(error, IllegalAction) else 422


def error_body(error: GameError) -> dict:
    return {"error": error.as_dict()}
