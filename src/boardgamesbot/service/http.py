"""What every route shares: the seat token a request presents, how refusals are
answered (``{"error": {"code", "message", "params"}}``, docs/api.md), and the answers
that are not plain JSON models.
"""

from __future__ import annotations

from fastapi import Depends, FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from boardgamesbot.engine import GameError

from .errors import ServiceError, error_body, status_of
from .lobby import Lobby
from .schemas import ErrorBody
from .tables import MESSAGES

MAX_TOKEN = 200


def lobby(request: Request) -> Lobby:
    """The app's `Lobby` (made by `create_app`'s lifespan)."""
    return request.app.state.lobby


def seat_token(authorization: str | None, token: str | None) -> str | None:
    """The seat token of a request: the Authorization header's (``Bearer TOKEN``; another
    scheme is refused), else the ``?token=`` query's, else None (a spectator)."""
    if authorization:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
        raise ServiceError("the Authorization header is 'Bearer TOKEN'", code="bad_token",
                           status=401)
    return token



TokenQuery = Query(None, max_length=MAX_TOKEN, description="a seat's token (or use the "
                   "Authorization: Bearer header)")
AuthHeader = Header(None, max_length=MAX_TOKEN + 10)


async def presented_token(token: str | None = TokenQuery,
                          authorization: str | None = AuthHeader) -> str | None:
    """The seat token a request presents: the Authorization header, else ?token=.
    (``async``: a plain function dependency is run in a worker thread, a hop that cost
    every request with a token ~0.1 ms.)"""
    return seat_token(authorization, token)


Token = Depends(presented_token)
ERRORS = {code: {"model": ErrorBody, "description": "refused; the table is unchanged"}
          for code in (401, 403, 404, 409, 413, 422, 429, 503)}
# A route answering text still answers its errors as JSON: say so in the schema.
ERROR_SCHEMA = {"type": "object", "required": ["error"], "properties": {"error": {
    "type": "object", "required": ["code", "message", "params"], "properties": {
        "code": {"type": "string"}, "message": {"type": "string"},
        "params": {"type": "object"}}}}}
TEXT_ERRORS = {code: {"description": "refused",
                      "content": {"application/json": {"schema": ERROR_SCHEMA}}}
               for code in (404, 413, 422)}


# A body field that is wrong on its own gets the code the WebSocket gives the same mistake
# (docs/api.md); several wrong fields, or others, are ``bad_request``.
FIELD_CODES = {"state_id": "bad_state_id", "action": "bad_action", "seed": "bad_seed",
               "name": "bad_name"}  # (a joiner's or a renamed seat's: the page words it)


class MarkdownText(PlainTextResponse):
    """A help document (the schema says so: text/markdown, not text/plain)."""

    media_type = "text/markdown"


class JSONText(Response):
    """An answer already encoded as JSON (off the event loop: a replay page)."""

    media_type = "application/json"



def add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(GameError)
    async def game_error(request: Request, error: GameError):
        return JSONResponse(error_body(error), status_of(error))

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError):
        problems = [{"where": [str(part) for part in e.get("loc", ())], "problem": e.get("msg"),
                     "type": e.get("type")} for e in error.errors()]
        named = [FIELD_CODES.get(p["where"][1]) if len(p["where"]) == 2
                 and p["where"][0] == "body" else None for p in problems]
        if any(p["type"] == "json_invalid" for p in problems):
            code, message = "bad_json", "the body is not valid JSON"
        elif named and None not in named:  # only fields with a code of their own are wrong
            code, message = named[0], MESSAGES[named[0]]
        else:
            code, message = "bad_request", "the request does not have the expected shape"
        return JSONResponse({"error": {"code": code, "message": message,
                                       "params": {"problems": problems}}}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException):
        if error.status_code == 400 and "parsing the body" in str(error.detail):
            # Invalid UTF-8, JSON nested too deep for the parser: not JSON we can read.
            return JSONResponse({"error": {"code": "bad_json",
                                           "message": "the body is not valid JSON",
                                           "params": {}}}, 422)
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code,
                                                                 "http_error")
        return JSONResponse({"error": {"code": code, "message": str(error.detail),
                                       "params": {}}}, error.status_code,
                            headers=getattr(error, "headers", None))

    @app.exception_handler(Exception)
    async def internal(request: Request, error: Exception):  # pragma: no cover
        return JSONResponse({"error": {"code": "internal_error",
                                       "message": "something went wrong on the server",
                                       "params": {}}}, 500)

