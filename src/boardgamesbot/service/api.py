"""The HTTP and WebSocket API (FastAPI): the lobby under ``/api``, live play under ``/ws``.

Every error is ``{"error": {"code", "message", "params"}}`` with a stable code
(docs/api.md lists them). A browser front-end, when present in
``boardgamesbot/web/static/``, is served at ``/``.
"""

from __future__ import annotations

import json
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Literal

from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

import boardgamesbot
from boardgamesbot.engine import GameError, known_games, load_game
from boardgamesbot.store import Store, default_url

from .bots import BotPool
from .errors import ServiceError, error_body, status_of
from .lobby import Lobby, Watcher

MAX_BODY = 64 * 1024  # bytes of an HTTP request body
MAX_MESSAGE = 4096  # characters of a WebSocket message
MAX_TOKEN = 200

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


class SeatSpec(BaseModel):
    kind: Literal["person", "bot", "open"] = Field(
        description="person: taken by the creator (a token is returned); bot: a computer "
                    "player at `level`; open: a friend joins through the invitation")
    name: str | None = Field(None, max_length=40)
    level: str | None = Field(None, max_length=16, description="easy, medium, hard or random")


class ClockSpec(BaseModel):
    mode: Literal["none", "decision", "bank"] = "none"
    seconds: float | None = Field(None, gt=0, le=7 * 24 * 3600,
                                  description="per decision, or the whole bank")
    level: str = Field("easy", max_length=16,
                       description="the bot that plays for a seat out of time")


class CreateTable(BaseModel):
    game: str = Field(max_length=32, description="a name from /api/games")
    options: dict[str, str] = Field(default_factory=dict, examples=[{"variant": "basic"}])
    seats: list[SeatSpec] = Field(min_length=1, max_length=100)
    clock: ClockSpec | None = None
    seed: int | None = Field(None, ge=0, lt=2**63)


class JoinTable(BaseModel):
    name: str | None = Field(None, max_length=40)


class StartTable(BaseModel):
    fill: str | None = Field(None, max_length=16, description="a bot level for open seats")


class PlayAction(BaseModel):
    action: str = Field(max_length=200, examples=["end"])
    state_id: int = Field(ge=0, lt=2**53)


class UndoAction(BaseModel):
    state_id: int = Field(ge=0, lt=2**53)


class PreviewAction(BaseModel):
    action: str = Field(max_length=200, examples=["forest 2 r90 C4"])


class Autopilot(BaseModel):
    level: str | None = Field(None, max_length=16, description="null: take the seat back")


# The app -----------------------------------------------------------------------------------


class BodyLimit:
    """Refuse request bodies over `MAX_BODY` bytes (declared or streamed)."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        too_large = ServiceError(f"a request body has at most {MAX_BODY} bytes",
                                 code="request_too_large", status=413, max=MAX_BODY)
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            return await JSONResponse(error_body(too_large), 413)(scope, receive, send)
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    raise too_large
            return message

        return await self.app(scope, limited, send)


def create_app(db: str | None = None, data_dir: str | None = None, bot_workers: int = 0,
               static_dir: str | Path | None = None) -> FastAPI:
    """The service over the database at ``db`` (default: SQLite in ``data_dir``)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = Store(db or default_url(data_dir))
        bots = BotPool(bot_workers)
        if bot_workers:
            await bots.warm_up()
        lobby = Lobby(store, bots)
        await lobby.open()
        app.state.lobby = lobby
        try:
            yield
        finally:
            await lobby.close()
            bots.close()
            store.close()

    app = FastAPI(title="BoardGamesBot", version=boardgamesbot.__version__
                  if hasattr(boardgamesbot, "__version__") else "0.1.0",
                  description="Tables, seats and live play for every game of /api/games. "
                              "See docs/api.md.",
                  lifespan=lifespan, openapi_url="/api/openapi.json", docs_url="/api/docs",
                  redoc_url=None)
    app.add_middleware(BodyLimit)
    _errors(app)
    _routes(app)
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
        code = "bad_json" if any(p["type"] == "json_invalid" for p in problems) else \
            "bad_request"
        message = "the body is not valid JSON" if code == "bad_json" else \
            "the request does not have the expected shape"
        return JSONResponse({"error": {"code": code, "message": message,
                                       "params": {"problems": problems}}}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException):
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
    ERRORS = {code: {"description": "error: {\"error\": {code, message, params}}"}
              for code in (401, 403, 404, 409, 413, 422)}

    @app.get("/api/health", tags=["service"])
    async def health(request: Request) -> dict:
        return {"ok": True, "schema": lobby(request).store.schema_version()}

    @app.get("/api/games", tags=["lobby"])
    async def games() -> list[dict]:
        """Every registered game as it declares itself: names in each language, player
        counts, options (choices, default, labels per language), information type and
        its help documents. The browser's single source for what can be played."""
        documents = help_documents()
        return [{**load_game(name).describe(),
                 "help": [key for key in documents if key.startswith(f"{name}-")]}
                for name in known_games()]

    @app.get("/api/games/{name}/view-schema", tags=["lobby"], responses=ERRORS)
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

    @app.post("/api/tables", status_code=201, tags=["lobby"], responses=ERRORS)
    async def create_table(body: CreateTable, request: Request) -> dict:
        """Create a table; returns it, the tokens of the creator's seats and the invitation."""
        return lobby(request).create(body.game, body.options,
                                     [s.model_dump() for s in body.seats],
                                     body.clock.model_dump() if body.clock else None, body.seed)

    @app.get("/api/tables", tags=["lobby"], responses=ERRORS)
    async def list_tables(request: Request,
                          status: Literal["open", "playing", "over"] | None = None,
                          limit: int = Query(50, ge=1, le=200)) -> list[dict]:
        return lobby(request).list(status, limit)

    @app.get("/api/tables/{table_id}", tags=["lobby"], responses=ERRORS)
    async def get_table(table_id: str, request: Request) -> dict:
        return lobby(request).get(table_id).summary()

    @app.post("/api/invites/{invite}", tags=["lobby"], responses=ERRORS)
    async def join(invite: str, body: JoinTable, request: Request) -> dict:
        """Take the first open seat of the invitation's table; returns the seat's token."""
        return lobby(request).join(invite, body.name)

    @app.post("/api/tables/{table_id}/start", tags=["lobby"], responses=ERRORS)
    async def start(table_id: str, body: StartTable, request: Request,
                    token: str | None = Token) -> dict:
        return lobby(request).start(table_id, token, body.fill)

    @app.get("/api/tables/{table_id}/view", tags=["play"], responses=ERRORS)
    async def view(table_id: str, request: Request, token: str | None = Token) -> dict:
        """The seat's view with a token; the spectator view without."""
        room = lobby(request)
        table = room.get(table_id)
        return table.state_message(room.viewer(table, token))

    @app.get("/api/tables/{table_id}/legal", tags=["play"], responses=ERRORS)
    async def legal(table_id: str, request: Request, token: str | None = Token) -> dict:
        room = lobby(request)
        table = room.get(table_id)
        seat = room.seat_of(table, token)
        return {"state_id": table.version, "seat": seat, "actions": table.legal(seat)}

    @app.get("/api/tables/{table_id}/events", tags=["play"], responses=ERRORS)
    async def events(table_id: str, request: Request, after: int = Query(0, ge=0, lt=2**53),
                     token: str | None = Token) -> dict:
        room = lobby(request)
        table = room.get(table_id)
        seat = room.viewer(table, token)
        return {"events": table.events_for(seat, after)}

    @app.post("/api/tables/{table_id}/actions", tags=["play"], responses=ERRORS)
    async def act(table_id: str, body: PlayAction, request: Request,
                  token: str | None = Token) -> dict:
        room = lobby(request)
        seat = room.seat_of(room.get(table_id), token)
        return room.act(table_id, seat, body.action, body.state_id)

    @app.post("/api/tables/{table_id}/undo", tags=["play"], responses=ERRORS)
    async def undo(table_id: str, body: UndoAction, request: Request,
                   token: str | None = Token) -> dict:
        room = lobby(request)
        seat = room.seat_of(room.get(table_id), token)
        return room.undo(table_id, seat, body.state_id)

    @app.post("/api/tables/{table_id}/autopilot", tags=["play"], responses=ERRORS)
    async def autopilot(table_id: str, body: Autopilot, request: Request,
                        token: str | None = Token) -> dict:
        room = lobby(request)
        seat = room.seat_of(room.get(table_id), token)
        return room.autopilot(table_id, seat, body.level)

    @app.get("/api/tables/{table_id}/replay", tags=["play"], responses=ERRORS)
    async def replay(table_id: str, request: Request) -> dict:
        """A finished game: its record and every state as a spectator saw it."""
        return lobby(request).get(table_id).replay()

    @app.post("/api/tables/{table_id}/preview", tags=["play"], responses=ERRORS)
    async def try_action(table_id: str, body: PreviewAction, request: Request,
                         token: str | None = Token) -> dict:
        """Is ``action`` legal for the seat now, and what would it bring (the game's
        `State.preview`: Cartographers adds the season's score if it ended now)?

        Tried on a copy; the table is not changed. An illegal action is not an
        error here: the answer is ``{"legal": false, "error": {...}}``."""
        room = lobby(request)
        table = room.get(table_id)
        seat = room.seat_of(table, token)
        if table.state is None:
            raise ServiceError("the game has not started yet", code="not_started", status=409)
        return {"state_id": table.version, **table.state.preview(seat, body.action)}

    @app.get("/api/rules/{game}", tags=["help"], responses=ERRORS)
    async def rules(game: str, lang: str = Query("en", max_length=10)) -> dict:
        """The players' rules page of ``game`` in ``lang`` (en, pt-BR, ca) as HTML."""
        from boardgamesbot.help import LANGUAGES, help_html

        try:
            html = help_html(game, lang)
        except GameError as error:
            raise ServiceError(str(error), code=error.code, status=404, **error.params)
        return {"game": game, "lang": lang, "languages": list(LANGUAGES), "html": html}

    @app.get("/api/help", tags=["help"])
    async def help_index() -> dict:
        return {"documents": sorted(help_documents())}

    @app.get("/api/help/{name}", tags=["help"], response_class=PlainTextResponse,
             responses=ERRORS)
    async def help_document(name: str) -> PlainTextResponse:
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
        return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")


# WebSocket ---------------------------------------------------------------------------------


def _websocket(app: FastAPI) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def live(websocket: WebSocket, table_id: str, token: str | None = None):
        """One connection per seat (``?token=``) or spectator (no token); see docs/api.md."""
        await websocket.accept()
        room: Lobby = websocket.app.state.lobby
        try:
            table = room.get(table_id)
            seat = room.viewer(table, token)
        except ServiceError as error:
            await websocket.send_text(json.dumps({"type": "error", "ref": None,
                                                  **error_body(error)}))
            await websocket.close(code=4000 + error.status)
            return
        watcher = room.watch(table, seat)
        sender = _spawn_sender(websocket, watcher)
        try:
            while True:
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
                _handle(room, table_id, seat, watcher, text)
        except WebSocketDisconnect:
            pass
        finally:
            room.unwatch(watcher)
            sender.cancel()


def _spawn_sender(websocket: WebSocket, watcher: Watcher):
    import asyncio

    async def send_all():
        try:
            while True:
                await websocket.send_text(await watcher.outbox.get())
        except Exception:  # noqa: BLE001 - the connection is gone
            return

    return asyncio.get_running_loop().create_task(send_all())


def _handle(room: Lobby, table_id: str, seat: int | None, watcher: Watcher, text: str) -> None:
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
        table = room.get(table_id)
        if kind == "view":
            watcher.send(table.state_message(seat))
            return
        if kind == "events":
            after = message.get("after", 0)
            watcher.send({"type": "events", "ref": ref,
                          "events": table.events_for(seat, after if isinstance(after, int)
                                                     else 0)})
            return
        if kind not in ("act", "undo", "autopilot", "legal"):
            raise ServiceError(f"unknown message type {str(kind)[:40]!r}; known: act, undo, "
                               "autopilot, legal, view, events, ping",
                               code="unknown_message", status=422)
        if seat is None:
            raise ServiceError("spectators only watch; join with a seat's token to play",
                               code="spectator", status=403)
        if kind == "legal":
            watcher.send({"type": "legal", "ref": ref, "state_id": table.version,
                          "actions": table.legal(seat)})
        elif kind == "act":
            room.act(table_id, seat, message.get("action"), message.get("state_id"),
                     reply=watcher, ref=ref)
        elif kind == "undo":
            room.undo(table_id, seat, message.get("state_id"), reply=watcher, ref=ref)
        else:
            room.autopilot(table_id, seat, message.get("level"), reply=watcher, ref=ref)
    except GameError as error:
        watcher.send({"type": "error", "ref": ref, **error_body(error)})
