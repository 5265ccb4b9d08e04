"""The HTTP and WebSocket API (FastAPI): the lobby under ``/api``, live play under ``/ws``.

Every error is ``{"error": {"code", "message", "params"}}`` with a stable code
(docs/api.md lists them). A browser front-end, when present in
``boardgamesbot/web/static/``, is served at ``/``.

`create_app` builds one process's app; `app_from_env` is the factory
``bgbot serve --workers N`` hands to uvicorn (each worker process calls it).
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import os
import re
from collections.abc import Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

import boardgamesbot
from boardgamesbot.engine import GameError, known_games, load_game
from boardgamesbot.processes import die_with_parent
from boardgamesbot.store import Store, default_url

from . import openapi
from .bots import BotPool
from .errors import ServiceError, error_body, status_of
from .fanout import CHANNEL, make_fanout
from .lobby import Limits, Lobby, Outbox, Watcher
from .tables import MESSAGES, REPLAY_PAGE, SEED_BITS

MAX_BODY = 64 * 1024  # bytes of an HTTP request body
MAX_MESSAGE = 4096  # characters of a WebSocket message
MAX_TOKEN = 200
SUBPROTOCOL = "bgbot"  # WebSocket: offer ["bgbot", "token.TOKEN"] to sit at a seat
PATCHES = "patches"  # offered too: state changes come as patches (service/patches.py)
TOKEN_PROTOCOL = "token."

# The browser front-end loads ES modules, styles and images from this origin only, and
# talks to this origin only (fetch, WebSocket); inline SVG is markup, not a resource.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# The interactive API page (/api/docs) is FastAPI's Swagger UI, served from a CDN.
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "img-src 'self' data: https://fastapi.tiangolo.com; frame-ancestors 'none'")

STATIC = Path(boardgamesbot.__file__).parent / "web" / "static"


def docs_dir() -> Path:
    return Path(os.environ.get("BGBOT_DOCS_DIR") or Path(__file__).resolve().parents[3] / "docs")


def help_documents() -> dict[str, str]:
    """Rules and notation help, read from the repository's docs/ (or $BGBOT_DOCS_DIR):
    every ``GAME-*.md`` of a known game, by its name without ``.md``."""
    found = {}
    for name in known_games():
        for path in sorted(docs_dir().glob(f"{name}-*.md")):
            found[path.stem] = path.name
    return found


# Request bodies ----------------------------------------------------------------------------
# Their schemas state what the registry knows (`service.openapi`): the games, bot levels,
# each game's seats and options. The lobby checks it all again, with clear errors.


class SeatSpec(BaseModel):
    kind: Literal["person", "bot", "open"] = Field(
        description="person: taken by the creator (a token is returned); bot: a computer "
                    "player at `level`; open: a friend joins through the invitation")
    name: str | None = Field(None, max_length=40)
    level: str | None = Field(None, max_length=16, json_schema_extra=openapi.optional_level,
                              description="easy (the default), medium, hard or random")


class ClockSpec(BaseModel):
    mode: Literal["none", "decision", "bank"] = "none"
    seconds: float | None = Field(None, gt=0, le=7 * 24 * 3600,
                                  description="per decision, or the whole bank")
    level: str = Field("easy", max_length=16, json_schema_extra=openapi.level,
                       description="the bot that plays for a seat out of time")


class CreateTable(BaseModel):
    model_config = ConfigDict(json_schema_extra=openapi.table_request)

    game: str = Field(max_length=32, description="a name from /api/games")
    options: dict[str, str] = Field(default_factory=dict, examples=[{}])
    seats: list[SeatSpec] = Field(min_length=1, max_length=100, examples=[
        [{"kind": "person", "name": "Ann"}, {"kind": "bot", "level": "easy"}],
        [{"kind": "person"}, {"kind": "open"}]])
    clock: ClockSpec | None = None
    seed: int | None = Field(None, ge=0, lt=2**SEED_BITS, strict=True,
                             description="only where no one else sits (no open seats)")
    hints: bool = Field(True, strict=True,
                        description="may seats ask for hints (false: a table for rated games)")


class JoinTable(BaseModel):
    name: str | None = Field(None, max_length=40)


class StartTable(BaseModel):
    fill: str | None = Field(None, max_length=16, json_schema_extra=openapi.optional_level,
                             description="a bot level for open seats")


class PlayAction(BaseModel):
    action: str = Field(max_length=200, examples=["end"])
    state_id: int = Field(ge=0, lt=2**53, strict=True)


class UndoAction(BaseModel):
    state_id: int = Field(ge=0, lt=2**53, strict=True)


class AskHint(BaseModel):
    state_id: int = Field(ge=0, lt=2**53, strict=True)


class Reason(BaseModel):
    code: str
    params: dict[str, Any]


class Hint(BaseModel):
    notation: str
    value: float
    reason: Reason | None
    reasons: list[Reason]
    line: list[str] | None = None


class Hints(BaseModel):
    state_id: int
    hints: list[Hint]


class PreviewAction(BaseModel):
    action: str = Field(max_length=200, examples=["forest 2 r90 C4"])


class Autopilot(BaseModel):
    level: str | None = Field(None, max_length=16, json_schema_extra=openapi.optional_level,
                              description="null: take the seat back")


# Answers (the OpenAPI schema states them, so that fuzzing checks them) ----------------------


class ErrorDetail(BaseModel):
    code: str
    message: str
    params: dict[str, Any]


class ErrorBody(BaseModel):
    error: ErrorDetail


class OptionOut(BaseModel):
    name: str
    choices: list[str]
    default: str
    titles: dict[str, str]
    labels: dict[str, dict[str, str]] = Field(description="each choice's name, per language")


class GameOut(BaseModel):
    name: str = Field(json_schema_extra=openapi.games)
    titles: dict[str, str] = Field(description="the game's name, per language")
    min_players: int
    max_players: int
    options: list[OptionOut]
    information: Literal["perfect", "imperfect"]
    simultaneous: bool
    hidden: list[str] = Field(description="what the game keeps hidden, in words")
    help: list[str] = Field(description="its documents under /api/help")
    face: dict[str, Any] | None = Field(None, description="its own browser files under /games/{name}/ (module, styles, catalog); null: the generic table screen")


class ViewSchemaOut(BaseModel):
    """A JSON Schema (draft 2020-12) of an object: the game's `State.view`."""

    model_config = ConfigDict(extra="allow")

    type: Literal["object"]
    properties: dict[str, Any]
    required: list[str]


class SeatOut(BaseModel):
    seat: int
    kind: Literal["person", "bot", "open"]
    name: str
    level: str | None
    autopilot: str | None


class ClockOut(BaseModel):
    mode: Literal["none", "decision", "bank"]
    seconds: float | None
    level: str


class ResultOut(BaseModel):
    scores: list[int | float]
    winners: list[int]


class TableOut(BaseModel):
    id: str
    game: str = Field(json_schema_extra=openapi.games)
    options: dict[str, Any]
    status: Literal["open", "playing", "over"]
    state_id: int
    created: float
    seats: list[SeatOut]
    open_seats: list[int]
    clock: ClockOut
    to_act: list[int]
    actions: int
    result: ResultOut | None
    hints: bool


class SeatToken(BaseModel):
    seat: int
    token: str


class Created(BaseModel):
    table: TableOut
    invite: str | None
    seats: list[SeatToken]


class Joined(BaseModel):
    table: TableOut
    seat: int
    token: str


class ClockState(BaseModel):
    mode: Literal["decision", "bank"]
    level: str
    remaining: dict[str, float | None] = Field(description="seconds left, per person's seat")


class StateOut(BaseModel):
    type: Literal["state"]
    table: TableOut
    seat: int | None
    state_id: int
    view: dict[str, Any] | None = Field(json_schema_extra=openapi.view,
                                        description="`State.view(seat)` of the table's game")
    to_act: list[int]
    your_turn: bool
    can_undo: bool
    clock: ClockState | None


class LegalAction(BaseModel):
    notation: str
    type: str
    cost: dict[str, int]
    code: str
    params: dict[str, Any]
    text: str


class LegalOut(BaseModel):
    state_id: int
    seat: int
    actions: list[LegalAction]


class PreviewOut(BaseModel):
    """`State.preview` on a copy; a game adds what a person wants to know before
    committing (Cartographers: the season's score, the cells)."""

    model_config = ConfigDict(extra="allow")

    state_id: int
    legal: bool
    error: ErrorDetail | None = None
    action: str | None = None
    text: str | None = None
    info: LegalAction | dict[str, Any] | None = None
    final: bool | None = None
    view: dict[str, Any] | None = Field(None, json_schema_extra=openapi.view)


# Events (docs/api.md): one shape per type; `public` is what the spectator's view changed.
By = Literal["person", "bot", "autopilot", "clock"]


class _Event(BaseModel):
    n: int
    at: float
    seat: int | None


class CreatedEvent(_Event):
    type: Literal["created"]
    seats: list[SeatOut]


class JoinedEvent(_Event):
    type: Literal["joined"]
    name: str


class StartedEvent(_Event):
    type: Literal["started"]
    seats: list[SeatOut]
    view: dict[str, Any] | None = Field(json_schema_extra=openapi.view)


class ActionData(BaseModel):
    """The action as data: its type and fields."""

    model_config = ConfigDict(extra="allow")

    type: str


class ActionEvent(_Event):
    type: Literal["action"]
    notation: str
    action: ActionData
    text: str
    by: By
    number: int
    state_id: int
    public: list[list[Any]] | None = None


class UndoEvent(_Event):
    type: Literal["undo"]
    notation: str
    number: int
    public: list[list[Any]] | None = None


class AutopilotEvent(_Event):
    type: Literal["autopilot"]
    level: str | None


class OverEvent(_Event):
    type: Literal["over"]
    scores: list[int | float]
    winners: list[int]


Event = Annotated[CreatedEvent | JoinedEvent | StartedEvent | ActionEvent | UndoEvent
                  | AutopilotEvent | OverEvent, Field(discriminator="type")]


class EventsOut(BaseModel):
    events: list[Event]


class Ack(BaseModel):
    type: Literal["ack"]
    ref: str | int | None
    state_id: int
    action: str | None = None
    undone: bool | None = None
    autopilot: str | None = None


class ReplayStep(BaseModel):
    seat: int
    notation: str
    by: By
    number: int


class ReplayStates(BaseModel):
    from_: int = Field(alias="from", description="the first state's number")
    total: int = Field(description="states in the game: one more than its actions")
    states: list[dict[str, Any]] = Field(
        json_schema_extra=openapi.views,
        description=f"the spectator's views of states from, from + 1, … (at most "
                    f"{REPLAY_PAGE}); ask /replay/states?from=N for the next ones")


class ReplayOut(ReplayStates):
    record: dict[str, Any]
    steps: list[ReplayStep]
    events: list[Event]
    result: ResultOut | None


class Health(BaseModel):
    ok: bool
    schema_: int = Field(alias="schema")


class RulesPage(BaseModel):
    game: str
    lang: str
    languages: list[str]
    html: str


class HelpIndex(BaseModel):
    documents: list[str]


# The app -----------------------------------------------------------------------------------


class BodyLimit:
    """Refuse request bodies over `MAX_BODY` bytes, declared or streamed (chunked).

    The body is read here first, so an oversized one is answered 413
    ``request_too_large`` before any route sees it; the rest is replayed."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        too_large = JSONResponse(error_body(ServiceError(
            f"a request body has at most {MAX_BODY} bytes", code="request_too_large",
            status=413, max=MAX_BODY)), 413)
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            return await too_large(scope, receive, send)
        chunks, seen = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunks.append(message.get("body", b""))
            seen += len(chunks[-1])
            if seen > MAX_BODY:
                return await too_large(scope, receive, send)
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return await self.app(scope, replay, send)


class SecurityHeaders:
    """CSP, X-Frame-Options and X-Content-Type-Options on every HTTP answer."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        csp = DOCS_CSP if scope["path"] == "/api/docs" else CSP

        async def with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                headers += [(b"content-security-policy", csp.encode()),
                            (b"x-frame-options", b"DENY"),
                            (b"x-content-type-options", b"nosniff"),
                            (b"referrer-policy", b"same-origin")]
                message = {**message, "headers": headers}
            await send(message)

        return await self.app(scope, receive, with_headers)


class ApiMethods:
    """Under ``/api``: ``OPTIONS`` says which methods a path takes (204 with ``Allow``),
    another method it does not take is 405 with the right ``Allow`` (without this the
    browser front-end's static mount at ``/`` would answer for the API's paths)."""

    def __init__(self, app, router) -> None:
        self.app = app
        self.router = router

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            return await self.app(scope, receive, send)
        allowed: set[str] = set()
        for route in self.router.routes:
            methods = getattr(route, "methods", None)
            if methods is None or not getattr(route, "path", "").startswith("/api/"):
                continue
            match, _ = route.matches({**scope, "method": next(iter(methods))})
            if match == Match.FULL:
                allowed |= methods
        method = scope["method"]
        if not allowed or method in allowed:
            return await self.app(scope, receive, send)
        allow = ", ".join(sorted(allowed | {"OPTIONS"}))
        if method == "OPTIONS":
            return await Response(status_code=204, headers={"Allow": allow})(scope, receive,
                                                                              send)
        body = {"error": {"code": "method_not_allowed",
                          "message": f"{method} is not allowed here; allowed: {allow}",
                          "params": {"allowed": allow.split(", ")}}}
        return await JSONResponse(body, 405, headers={"Allow": allow})(scope, receive, send)


class RedactTokens(logging.Filter):
    """Seat tokens never reach a log: ``token=…`` in any logged text becomes ``token=***``.

    A filter on a logger sees only the records logged on that very logger, not those of
    its children (``boardgamesbot.service.lobby``) that propagate to its handlers: so it
    sits on the handlers (`log_config`, `redact_tokens_in_logs`), which every record
    passes."""

    PATTERN = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, Mapping):
            record.args = {key: self._redact(value) for key, value in record.args.items()}
        elif record.args:
            record.args = tuple(self._redact(value) for value in record.args)
        record.msg = self._redact(record.msg)
        return True

    def _redact(self, value: Any) -> Any:
        if isinstance(value, str) and "token=" in value:
            return self.PATTERN.sub(r"\1***", value)
        return value


LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "boardgamesbot")


def log_config(level: str = "warning") -> dict:
    """uvicorn's own logging configuration (its ``log_config``) with `RedactTokens` on
    every handler, and the service's loggers (``boardgamesbot.*``) on its default handler
    at ``level``."""
    import uvicorn.config

    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config["filters"] = {"redact_tokens": {"()": f"{__name__}.RedactTokens"}}
    for handler in config["handlers"].values():
        handler["filters"] = [*handler.get("filters", []), "redact_tokens"]
    config["loggers"]["boardgamesbot"] = {"handlers": ["default"], "level": level.upper(),
                                          "propagate": False}
    return config


def redact_tokens_in_logs() -> None:
    """`RedactTokens` on every handler the service's records may reach, however logging was
    configured (the app served by another command than ``bgbot serve``)."""
    for logger in (logging.getLogger(), *map(logging.getLogger, LOGGERS)):
        for handler in logger.handlers:
            if not any(isinstance(f, RedactTokens) for f in handler.filters):
                handler.addFilter(RedactTokens())


def create_app(db: str | None = None, data_dir: str | None = None, bot_workers: int = 0,
               static_dir: str | Path | None = None, redis: str | None = None,
               jobs: bool = True, job_loops: int | None = None,
               limits: Limits | None = None) -> FastAPI:
    """The service over the database at ``db`` (default: SQLite in ``data_dir``).

    ``redis``: fan out over Redis (else LISTEN/NOTIFY on PostgreSQL, in memory on
    SQLite). ``jobs``: take bot and clock jobs in this process, thinking in
    ``bot_workers`` processes (0: threads); off when ``bgbot worker`` processes do it.
    ``limits``: quotas (default `Limits.from_env`)."""
    redact_tokens_in_logs()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        url = db or default_url(data_dir)
        store = Store(url, notify=None if redis else CHANNEL)
        lobby = Lobby(store, make_fanout(store.url, redis), limits or Limits.from_env())
        bots = BotPool(bot_workers) if jobs else None
        if bots is not None and bot_workers:
            await bots.warm_up()
        await lobby.open()
        if bots is not None:
            lobby.run_jobs(bots, job_loops or max(2, 2 * bot_workers))
        app.state.lobby = lobby
        try:
            yield
        finally:
            await lobby.close()
            if bots is not None:
                bots.close()
            store.close()

    app = FastAPI(title="BoardGamesBot", version=boardgamesbot.__version__
                  if hasattr(boardgamesbot, "__version__") else "0.1.0",
                  description="Tables, seats and live play for every game of /api/games. "
                              "See docs/api.md.",
                  lifespan=lifespan, openapi_url="/api/openapi.json", docs_url="/api/docs",
                  redoc_url=None)
    app.add_middleware(ApiMethods, router=app.router)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    _errors(app)
    _routes(app)
    from .ask import router as rules_questions  # bgbot ask / why over HTTP (issue 28)
    app.include_router(rules_questions)
    from .faces import router as game_faces  # a game's own browser files (issue 29)
    app.include_router(game_faces)
    _websocket(app)
    static = Path(static_dir) if static_dir else STATIC
    if static.is_dir():
        from fastapi.staticfiles import StaticFiles

        app.mount("/", StaticFiles(directory=static, html=True), name="web")
    return app


def _errors(app: FastAPI) -> None:
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


# A body field that is wrong on its own gets the code the WebSocket gives the same mistake
# (docs/api.md); several wrong fields, or others, are ``bad_request``.
FIELD_CODES = {"state_id": "bad_state_id", "action": "bad_action", "seed": "bad_seed"}


class MarkdownText(PlainTextResponse):
    """A help document (the schema says so: text/markdown, not text/plain)."""

    media_type = "text/markdown"


class JSONText(Response):
    """An answer already encoded as JSON (off the event loop: a replay page)."""

    media_type = "application/json"


def _token(authorization: str | None, token: str | None) -> str | None:
    if authorization:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
        raise ServiceError("the Authorization header is 'Bearer TOKEN'", code="bad_token",
                           status=401)
    return token


def _routes(app: FastAPI) -> None:
    def lobby(request: Request) -> Lobby:
        return request.app.state.lobby

    TokenQuery = Query(None, max_length=MAX_TOKEN, description="a seat's token (or use the "
                       "Authorization: Bearer header)")
    AuthHeader = Header(None, max_length=MAX_TOKEN + 10)

    def presented_token(token: str | None = TokenQuery,
                        authorization: str | None = AuthHeader) -> str | None:
        """The seat token a request presents: the Authorization header, else ?token=."""
        return _token(authorization, token)

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

    @app.get("/api/health", tags=["service"], response_model=Health,
             response_model_by_alias=True)
    async def health(request: Request) -> dict:
        return {"ok": True, "schema": lobby(request).store.schema_version()}

    @app.get("/api/games", tags=["lobby"], response_model=list[GameOut])
    async def games() -> list[dict]:
        """Every registered game as it declares itself: names in each language, player
        counts, options (choices, default, labels per language), information type and
        its help documents. The browser's single source for what can be played."""
        documents = help_documents()
        return [{**load_game(name).describe(),
                 "help": [key for key in documents if key.startswith(f"{name}-")]}
                for name in known_games()]

    @app.get("/api/games/{name}/view-schema", tags=["lobby"], responses=ERRORS,
             response_model=ViewSchemaOut)
    async def view_schema(name: str) -> dict:
        """The JSON Schema of the game's seat views (what ``view`` holds in a state message)."""
        from boardgamesbot.games.schema import view_schema as schema

        try:
            game = load_game(name)
        except GameError as error:
            raise ServiceError(str(error), code=error.code, status=404, **error.params)
        if game.view_type is None:
            raise ServiceError(f"{game.name} does not declare its view's shape",
                               code="no_view_schema", status=404, game=game.name)
        return schema(game.view_type)

    @app.post("/api/tables", status_code=201, tags=["lobby"], responses=ERRORS,
              response_model=Created)
    async def create_table(body: CreateTable, request: Request) -> dict:
        """Create a table; returns it, the tokens of the creator's seats and the invitation.

        Quotas per client address: tables in play and their bot seats (429)."""
        return lobby(request).create(body.game, body.options,
                                     [s.model_dump() for s in body.seats],
                                     body.clock.model_dump() if body.clock else None, body.seed,
                                     client=request.client.host if request.client else None,
                                     hints=body.hints)

    @app.get("/api/tables", tags=["lobby"], responses=ERRORS, response_model=list[TableOut])
    async def list_tables(request: Request,
                          status: Literal["open", "playing", "over"] | None = None,
                          limit: int = Query(50, ge=1, le=200)) -> list[dict]:
        return await lobby(request).list(status, limit)

    @app.get("/api/tables/{table_id}", tags=["lobby"], responses=ERRORS,
             response_model=TableOut)
    async def get_table(table_id: str, request: Request) -> dict:
        return (await lobby(request).current(table_id)).summary()

    @app.post("/api/invites/{invite}", tags=["lobby"], responses=ERRORS, response_model=Joined)
    async def join(invite: str, body: JoinTable, request: Request) -> dict:
        """Take the first open seat of the invitation's table; returns the seat's token."""
        return await lobby(request).join(invite, body.name)

    @app.post("/api/tables/{table_id}/start", tags=["lobby"], responses=ERRORS,
              response_model=TableOut)
    async def start(table_id: str, body: StartTable, request: Request,
                    token: str | None = Token) -> dict:
        return await lobby(request).start(table_id, token, body.fill)

    @app.get("/api/tables/{table_id}/view", tags=["play"], responses=ERRORS,
             response_model=StateOut)
    async def view(table_id: str, request: Request, token: str | None = Token) -> dict:
        """The seat's view with a token; the spectator view without."""
        room = lobby(request)
        table = await room.current(table_id)
        return table.state_message(room.viewer(table, token))

    @app.get("/api/tables/{table_id}/legal", tags=["play"], responses=ERRORS,
             response_model=LegalOut)
    async def legal(table_id: str, request: Request, token: str | None = Token) -> dict:
        room = lobby(request)
        table = await room.current(table_id)
        seat = room.seat_of(table, token)
        return {"state_id": table.version, "seat": seat, "actions": table.legal(seat)}

    @app.get("/api/tables/{table_id}/events", tags=["play"], responses=ERRORS,
             response_model=EventsOut, response_model_exclude_unset=True)
    async def events(table_id: str, request: Request, after: int = Query(0, ge=0, lt=2**53),
                     token: str | None = Token) -> dict:
        room = lobby(request)
        table = await room.current(table_id)
        seat = room.viewer(table, token)
        return {"events": table.events_for(seat, after)}

    @app.post("/api/tables/{table_id}/actions", tags=["play"], responses=ERRORS,
              response_model=Ack, response_model_exclude_unset=True)
    async def act(table_id: str, body: PlayAction, request: Request,
                  token: str | None = Token) -> dict:
        room = lobby(request)
        seat = room.seat_of(await room.current(table_id), token)
        return await room.act(table_id, seat, body.action, body.state_id)

    @app.post("/api/tables/{table_id}/undo", tags=["play"], responses=ERRORS,
              response_model=Ack, response_model_exclude_unset=True)
    async def undo(table_id: str, body: UndoAction, request: Request,
                   token: str | None = Token) -> dict:
        room = lobby(request)
        seat = room.seat_of(await room.current(table_id), token)
        return await room.undo(table_id, seat, body.state_id)

    @app.post("/api/tables/{table_id}/hint", tags=["play"], responses=ERRORS,
              response_model=Hints, response_model_exclude_none=True)
    async def hint(table_id: str, body: AskHint, request: Request,
                   token: str | None = Token) -> dict:
        """The hard computer player's three best actions for the seat now, each with its
        value and reasons as codes + params (docs/bots.md lists them; the catalogs put
        them in words). Only the seat's view is used. 403 ``hints_disabled`` at a table
        created with ``"hints": false``."""
        room = lobby(request)
        seat = room.seat_of(await room.current(table_id), token)
        return await room.hint(table_id, seat, body.state_id)

    @app.post("/api/tables/{table_id}/autopilot", tags=["play"], responses=ERRORS,
              response_model=Ack, response_model_exclude_unset=True)
    async def autopilot(table_id: str, body: Autopilot, request: Request,
                        token: str | None = Token) -> dict:
        room = lobby(request)
        seat = room.seat_of(await room.current(table_id), token)
        return await room.autopilot(table_id, seat, body.level)

    Start = Query(0, alias="from", ge=0, lt=2**31, description="the first state's number")
    Page = Query(REPLAY_PAGE, ge=1, le=REPLAY_PAGE, description="states on the page")

    @app.get("/api/tables/{table_id}/replay", tags=["play"], responses=ERRORS,
             response_model=ReplayOut, response_model_by_alias=True)
    async def replay(table_id: str, request: Request, start: int = Start,
                     limit: int = Page) -> Response:
        """A finished game: its record, steps, public events, result, and its states as a
        spectator saw them, a page at a time (``total`` says how many there are)."""
        return JSONText(await lobby(request).replay(table_id, start, limit))

    @app.get("/api/tables/{table_id}/replay/states", tags=["play"], responses=ERRORS,
             response_model=ReplayStates, response_model_by_alias=True)
    async def replay_states(table_id: str, request: Request, start: int = Start,
                            limit: int = Page) -> dict:
        """The next page of a finished game's states (the rest of `/replay` is the same)."""
        return JSONText(await lobby(request).replay(table_id, start, limit, whole=False))

    @app.post("/api/tables/{table_id}/preview", tags=["play"], responses=ERRORS,
              response_model=PreviewOut, response_model_exclude_unset=True)
    async def try_action(table_id: str, body: PreviewAction, request: Request,
                         token: str | None = Token) -> dict:
        """Is ``action`` legal for the seat now, and what would it bring (the game's
        `State.preview`: Cartographers adds the season's score if it ended now)?

        Tried on a copy; the table is not changed. An illegal action is not an
        error here: the answer is ``{"legal": false, "error": {...}}``."""
        room = lobby(request)
        table = await room.current(table_id)
        seat = room.seat_of(table, token)
        if table.state is None:
            raise ServiceError("the game has not started yet", code="not_started", status=409)
        return {"state_id": table.version, **table.state.preview(seat, body.action)}

    @app.get("/api/rules/{game}", tags=["help"], responses=ERRORS, response_model=RulesPage)
    async def rules(game: str, lang: str = Query("en", max_length=10)) -> dict:
        """The players' rules page of ``game`` in ``lang`` (en, pt-BR, ca) as HTML."""
        from boardgamesbot.help import LANGUAGES, help_html

        try:
            html = help_html(game, lang)
        except GameError as error:
            raise ServiceError(str(error), code=error.code, status=404, **error.params)
        return {"game": game, "lang": lang, "languages": list(LANGUAGES), "html": html}

    @app.get("/api/help", tags=["help"], response_model=HelpIndex)
    async def help_index() -> dict:
        return {"documents": sorted(help_documents())}

    @app.get("/api/help/{name}", tags=["help"], response_class=MarkdownText,
             responses=TEXT_ERRORS)
    async def help_document(name: str) -> MarkdownText:
        """Rules and notation as Markdown text."""
        documents = help_documents()
        if name not in documents:
            if not docs_dir().is_dir():
                raise ServiceError("the help documents are not installed with this server",
                                   code="help_unavailable", status=404, name=name[:40])
            raise ServiceError(f"no help called {name[:40]!r}; known: "
                               f"{', '.join(sorted(documents))}", code="unknown_help",
                               status=404, known=sorted(documents))
        try:
            text = (docs_dir() / documents[name]).read_text(encoding="utf-8")
        except OSError:
            raise ServiceError(f"{documents[name]} is not installed with this server",
                               code="help_unavailable", status=404, name=name)
        return MarkdownText(text)


# WebSocket ---------------------------------------------------------------------------------


def _websocket(app: FastAPI) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str, token: str | None = None):
        """One connection per seat or spectator; see docs/api.md.

        The seat's token travels as the subprotocol ``token.TOKEN`` offered beside
        ``bgbot`` (never in a URL, so never in a log); ``?token=`` still works."""
        offered = websocket.scope.get("subprotocols") or []
        for protocol in offered:
            if protocol.startswith(TOKEN_PROTOCOL) and len(protocol) <= MAX_TOKEN + 6:
                token = protocol[len(TOKEN_PROTOCOL):]
        await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
        room: Lobby = websocket.app.state.lobby
        try:
            table = await room.current(table_id)
            seat = room.viewer(table, token)
            admission = await room.admit(table.id, seat, websocket.client.host
                                         if websocket.client else None)
        except ServiceError as error:
            await websocket.send_text(json.dumps({"type": "error", "ref": None,
                                                  **error_body(error)}))
            await websocket.close(code=4000 + error.status)
            return
        watcher = room.watch(table, seat, patches=PATCHES in offered)
        sender = _spawn_sender(websocket, watcher, room)
        try:
            while not watcher.outbox.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    data = message.get("bytes") or b""
                    try:
                        text = data.decode("utf-8")
                    except UnicodeDecodeError:
                        text = "\x00"  # not JSON: answered as bad_json
                await _handle(room, table_id, seat, watcher, text)
        except WebSocketDisconnect:
            pass
        finally:
            room.unwatch(watcher)
            sender.cancel()
            # Shielded: a handler cancelled here (a test client's exit, a shutdown) must
            # still give its place back, or the client's count keeps it for good.
            await asyncio.shield(room.release(admission))


def _spawn_sender(websocket: WebSocket, watcher: Watcher, room: Lobby) -> asyncio.Task:
    """The connection's sender: its outbox's messages, each send bounded. A reader that
    stays behind (its outbox overflows, or a message waits ``stall_seconds`` for it) is
    closed with 4408 — an abort, under ``bgbot serve``, when it reads nothing at all
    (`service.websocket`)."""
    outbox = watcher.outbox

    async def send_all():
        try:
            while (item := await outbox.get()) is not None:
                if not await _delivered(websocket, room.render(watcher, item), outbox):
                    outbox.drop()
            if outbox.overflowed:
                await asyncio.wait_for(websocket.close(code=4408), 5)
        except Exception:  # noqa: BLE001 - the connection is gone
            return

    return asyncio.get_running_loop().create_task(send_all())


async def _delivered(websocket: WebSocket, text: str, outbox: Outbox) -> bool:
    """Send ``text``; False (the send abandoned) when the reader took longer than the
    stall limit, or its outbox overflowed meanwhile (`Outbox.drop` ends the wait)."""
    try:
        async with asyncio.timeout(outbox.limits.stall_seconds) as deadline:
            outbox.sending = deadline
            await websocket.send_text(text)
    except TimeoutError:
        return False
    finally:
        outbox.sending = None
    return True


async def _handle(room: Lobby, table_id: str, seat: int | None, watcher: Watcher,
                  text: str) -> None:
    ref = None
    try:
        if len(text) > MAX_MESSAGE:
            raise ServiceError(f"a message has at most {MAX_MESSAGE} characters",
                               code="message_too_large", status=413, max=MAX_MESSAGE)
        try:
            message = json.loads(text)
        except ValueError:
            raise ServiceError("the message is not valid JSON", code="bad_json", status=422)
        if not isinstance(message, dict):
            raise ServiceError("a message is a JSON object with a 'type'",
                               code="bad_message", status=422)
        ref = message.get("ref")
        if not isinstance(ref, (str, int, type(None))) or isinstance(ref, bool):
            ref = None
        kind = message.get("type")
        if kind == "ping":
            watcher.send({"type": "pong", "ref": ref})
            return
        if kind not in ("act", "undo", "autopilot", "legal", "view", "events"):
            raise ServiceError(f"unknown message type {str(kind)[:40]!r}; known: act, undo, "
                               "autopilot, legal, view, events, ping",
                               code="unknown_message", status=422)
        if kind in ("view", "events", "legal"):  # reads: the table as the database has it
            table = await room.current(table_id)
            if kind == "view":
                room.send_state(table, watcher)
                return
            if kind == "events":
                after = message.get("after", 0)
                watcher.send({"type": "events", "ref": ref,
                              "events": table.events_for(seat, after if isinstance(after, int)
                                                         else 0)})
                return
        if seat is None:
            raise ServiceError("spectators only watch; join with a seat's token to play",
                               code="spectator", status=403)
        # A write needs no read first: its commit checks the revision (and a lost race
        # reloads and judges again), so the cached table serves as it is.
        if kind == "legal":
            watcher.send({"type": "legal", "ref": ref, "state_id": table.version,
                          "actions": table.legal(seat)})
        elif kind == "act":
            await room.act(table_id, seat, message.get("action"),
                                 message.get("state_id"), reply=watcher, ref=ref)
        elif kind == "undo":
            await room.undo(table_id, seat, message.get("state_id"), reply=watcher,
                                  ref=ref)
        else:
            await room.autopilot(table_id, seat, message.get("level"), reply=watcher,
                                       ref=ref)
    except GameError as error:
        watcher.send({"type": "error", "ref": ref, **error_body(error)})


def app_from_env() -> FastAPI:
    """The app as ``bgbot serve`` configured it through the environment (one per uvicorn
    worker process): ``BGBOT_DB``, ``BGBOT_REDIS``, ``BGBOT_BOT_WORKERS``, ``BGBOT_JOBS``
    (1/0), ``BGBOT_DIE_WITH_PARENT`` (1: end with the process that started this one)."""
    if os.environ.get("BGBOT_DIE_WITH_PARENT") == "1":
        die_with_parent()
    return create_app(db=os.environ.get("BGBOT_DB") or None,
                      redis=os.environ.get("BGBOT_REDIS") or None,
                      bot_workers=int(os.environ.get("BGBOT_BOT_WORKERS", "0")),
                      jobs=os.environ.get("BGBOT_JOBS", "1") == "1")
