"""Telegram's Mini App: "Open the board" opens the browser table inside Telegram, at the
person's own seat, with no token ever posted in a chat.

Telegram hands the page it opens a signed ``initData`` (who the person is, when,
and the link's ``start_param``). The page sends it to ``POST
/api/telegram/seat``; `check_init_data` verifies it as Telegram documents —
``secret = HMAC-SHA256(key="WebAppData", msg=bot_token)``, the fields but
``hash`` sorted as ``key=value`` lines, ``HMAC-SHA256(secret, lines)`` compared
in constant time with ``hash``, ``auth_date`` no older than `MAX_AGE` — and
answers with the seat's token, which the page keeps like any browser seat
(``bgbot.seats`` in localStorage) before showing ``/#/table/ID``.

The service knows nothing of chat: `router` is an `APIRouter` that ``bgbot serve
--telegram-token-file`` adds to the app it builds (`add_to`; `app_from_env` for
several worker processes). The seat comes from the chat's own records (``chat_seats``:
this Telegram user at this table), never from anything the page could choose.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import time
from importlib import resources
from urllib.parse import parse_qsl

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

MAX_AGE = 24 * 3600  # seconds an initData is accepted after Telegram signed it


class InitDataError(ValueError):
    """Why an initData is refused: ``code`` is ``bad_init_data``, ``bad_signature`` or
    ``expired``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def check_init_data(init_data: str, bot_token: str, max_age: float = MAX_AGE,
                    now: float | None = None) -> dict:
    """The verified fields of a Mini App's ``initData`` (``user`` decoded from JSON);
    raises `InitDataError` when it is malformed, not signed with ``bot_token``, or
    older than ``max_age`` seconds."""
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise InitDataError("bad_init_data", "initData is not a query string") from None
    fields = dict(pairs)
    if len(fields) != len(pairs) or "hash" not in fields:
        raise InitDataError("bad_init_data", "initData has no hash, or a field twice")
    given = fields.pop("hash")
    lines = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    expected = hmac.new(secret, lines.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, given):
        raise InitDataError("bad_signature", "initData is not signed by this bot")
    try:
        signed_at = int(fields["auth_date"])
        user = json.loads(fields["user"])
        user_id = int(user["id"])
    except (KeyError, ValueError, TypeError):
        raise InitDataError("bad_init_data", "initData lacks auth_date or user") from None
    age = (time.time() if now is None else now) - signed_at
    if age > max_age:
        raise InitDataError("expired", f"initData is {int(age)} s old; open the board again")
    return {**fields, "user": user, "user_id": str(user_id), "auth_date": signed_at}


def sign_init_data(fields: dict[str, str], bot_token: str) -> str:
    """``fields`` signed as Telegram signs them (for tests and local trials)."""
    from urllib.parse import urlencode

    lines = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    signed = hmac.new(secret, lines.encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": signed})


class SeatRequest(BaseModel):
    init_data: str = Field(max_length=4096)
    table: str | None = Field(default=None, max_length=64)  # a web_app button's ?table=


def router(bot_token: str, max_age: float = MAX_AGE) -> APIRouter:
    """The Mini App's routes, for the bot whose token signs the initData."""
    from .store import ChatStore

    routes = APIRouter()
    stores: dict[int, ChatStore] = {}

    def chat_store(request: Request) -> ChatStore:
        engine = request.app.state.lobby.store.engine
        if id(engine) not in stores:
            stores[id(engine)] = ChatStore(engine)
        return stores[id(engine)]

    @routes.post("/api/telegram/seat", tags=["telegram"])
    async def seat(body: SeatRequest, request: Request) -> dict:
        """The seat a Telegram user holds at a table, proven by the Mini App's initData:
        ``{table, seat, token}`` (403 unsigned or expired, 404 no seat there)."""
        try:
            fields = check_init_data(body.init_data, bot_token, max_age)
        except InitDataError as error:
            status = 400 if error.code == "bad_init_data" else 403
            raise HTTPException(status, {"code": error.code, "message": str(error)}) from None
        start = fields.get("start_param", "")
        table_id = start[1:] if start.startswith("t") else body.table
        if not table_id:
            raise HTTPException(400, {"code": "no_table", "message": "which table?"})
        store = chat_store(request)
        held = [row for seat, row in sorted(store.seats_of(table_id).items())
                if row["network"] == "telegram" and row["user_id"] == fields["user_id"]]
        if not held:
            raise HTTPException(404, {"code": "no_seat",
                                      "message": "you have no seat at this table"})
        return {"table": table_id, "seat": held[0]["seat"], "token": held[0]["token"]}

    @routes.get("/telegram/app", include_in_schema=False)
    async def page() -> HTMLResponse:
        return HTMLResponse(_asset("telegram-app.html"))

    @routes.get("/telegram/app.js", include_in_schema=False)
    async def script() -> Response:
        return Response(_asset("telegram-app.js"), media_type="text/javascript")

    return routes


def add_to(app, bot_token: str) -> None:
    """Add the Mini App's routes to the service's ``app``, ahead of its last route (the
    browser front-end's static files, mounted at ``/``, which would answer first)."""
    routes = router(bot_token).routes
    app.router.routes[0:0] = routes


def _asset(name: str) -> str:
    return (resources.files("boardgamesbot.chat") / "webapp" / name).read_text("utf-8")


def app_from_env():
    """`bgbot serve`'s app (one per worker process) with the Mini App's routes when
    ``BGBOT_TELEGRAM_TOKEN`` is set."""
    from boardgamesbot.service.api import app_from_env as service_app

    app = service_app()
    token = os.environ.get("BGBOT_TELEGRAM_TOKEN")
    if token:
        add_to(app, token)
    return app
