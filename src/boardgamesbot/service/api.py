"""The HTTP and WebSocket API (FastAPI): the lobby under ``/api``, live play under ``/ws``.

Every error is ``{"error": {"code", "message", "params"}}`` with a stable code
(docs/api.md lists them). A browser front-end, when present in
``boardgamesbot/web/static/``, is served at ``/``.

The app is put together here from its parts, each a module of its own:

* `schemas` — the request bodies and answers (the OpenAPI schema);
* `middleware` — security headers, the body limit, the methods check, log redaction;
* `http` — what the routes share: the seat token, error answers;
* `routes` — one `APIRouter` per area (`ROUTERS`: every router the app includes);
* `live` — the WebSocket;
* `fastlane` — the requests of a move, answered without FastAPI's per-request work.

`create_app` builds one process's app; `app_from_env` is the factory
``bgbot serve --workers N`` hands to uvicorn (each worker process calls it).
"""

from __future__ import annotations

import os
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI

import boardgamesbot
from boardgamesbot.processes import die_with_parent
from boardgamesbot.store import Store, default_url

from . import live
from .bots import BotPool
from .collector import settle
from .fanout import CHANNEL, make_fanout
from .fastlane import FastLane
from .http import add_error_handlers
from .lobby import Limits, Lobby
from .middleware import ApiMethods, BodyLimit, PublicAddress, SecurityHeaders, redact_tokens_in_logs
from .routes import ask, faces, health, help, lobby, play, replays

STATIC = Path(boardgamesbot.__file__).parent / "web" / "static"

# Every router the app includes, in this order (the browser's static files come last, at
# ``/``). A new area of the API adds its router here: one line.
ROUTERS = [
    health.router,
    lobby.router,
    play.router,
    replays.router,
    help.router,
    ask.router,  # free rules questions and "why not?" (boardgamesbot.help)
    faces.router,  # each game's own browser files, and its picture for the generic screen
    live.router,
]


class ServiceApp(FastAPI):
    """The FastAPI app with the fast lane (`fastlane.FastLane`) in front of all of it.

    FastAPI's own entry (`FastAPI.__call__`) asks OpenTelemetry on every request whether
    it is configured (three provider look-ups through ``os.environ``) and then runs two
    layers of its own (server errors, exception telemetry) before the app's middleware;
    the fast lane answers its requests (and their errors) itself, so it goes first and
    hands FastAPI only what it declines. ``fast_lane`` None: everything goes to FastAPI."""

    fast_lane: FastLane | None = None

    async def __call__(self, scope, receive, send) -> None:
        if self.fast_lane is None or scope["type"] != "http" or self.root_path:
            return await super().__call__(scope, receive, send)
        scope["app"] = self  # as Starlette sets it: the lane's routes read the lobby there
        return await self.fast_lane(scope, receive, send)

    async def _fastapi(self, scope, receive, send) -> None:
        return await super().__call__(scope, receive, send)


def create_app(db: str | None = None, data_dir: str | None = None, bot_workers: int = 0,
               static_dir: str | Path | None = None, redis: str | None = None,
               jobs: bool = True, job_loops: int | None = None,
               limits: Limits | None = None, fast_lane: bool = True,
               public_url: str | None = None, collector: bool = False) -> FastAPI:
    """The service over the database at ``db`` (default: SQLite in ``data_dir``).

    ``redis``: fan out over Redis (else LISTEN/NOTIFY on PostgreSQL, in memory on
    SQLite). ``jobs``: take bot and clock jobs in this process, thinking in
    ``bot_workers`` processes (0: threads); off when ``bgbot worker`` processes do it.
    ``limits``: quotas (default `Limits.from_env`). ``fast_lane``: answer the well-formed
    requests of a move and health checks without FastAPI's machinery (`fastlane`; the
    tests turn it off to compare the answers). ``public_url``: the address people use
    (``bgbot serve --public-url``; `middleware.PublicAddress`), kept as
    ``app.state.public_url`` for whatever makes links (None: the page's own address).
    ``collector``: once started, set the garbage collector for a server's heap
    (`collector.settle`; only in a process that serves this one app, as ``bgbot serve``)."""
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
        if collector:
            settle()
        try:
            yield
        finally:
            await lobby.close()
            if bots is not None:
                bots.close()
            store.close()

    app = ServiceApp(title="BoardGamesBot", version=boardgamesbot.__version__
                  if hasattr(boardgamesbot, "__version__") else "0.1.0",
                  description="Tables, seats and live play for every game of /api/games. "
                              "See docs/api.md.",
                  lifespan=lifespan, openapi_url="/api/openapi.json", docs_url="/api/docs",
                  redoc_url=None)
    app.add_middleware(ApiMethods, router=app.router)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    if fast_lane:  # in front of FastAPI itself: it adds the security headers itself
        app.fast_lane = FastLane(app._fastapi)
    if public_url:
        app.add_middleware(PublicAddress, public_url=public_url)
    app.state.public_url = public_url.rstrip("/") if public_url else None
    add_error_handlers(app)
    for router in ROUTERS:  # every area of the API: add a new one to `ROUTERS`
        app.include_router(router)
    static = Path(static_dir) if static_dir else STATIC
    if static.is_dir():
        from fastapi.staticfiles import StaticFiles

        app.mount("/", StaticFiles(directory=static, html=True), name="web")
    return app


def app_from_env() -> FastAPI:
    """The app as ``bgbot serve`` configured it through the environment (one per uvicorn
    worker process): ``BGBOT_DB``, ``BGBOT_PUBLIC_URL``, ``BGBOT_REDIS``,
    ``BGBOT_BOT_WORKERS``, ``BGBOT_JOBS`` (1/0), ``BGBOT_DIE_WITH_PARENT`` (1: end with
    the process that started this one)."""
    if os.environ.get("BGBOT_DIE_WITH_PARENT") == "1":
        die_with_parent()
    return create_app(db=os.environ.get("BGBOT_DB") or None,
                      public_url=os.environ.get("BGBOT_PUBLIC_URL") or None,
                      redis=os.environ.get("BGBOT_REDIS") or None,
                      bot_workers=int(os.environ.get("BGBOT_BOT_WORKERS", "0")),
                      jobs=os.environ.get("BGBOT_JOBS", "1") == "1", collector=True)
