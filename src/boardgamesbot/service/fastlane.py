"""The fast lane: the requests every move makes, answered without FastAPI's per-request
machinery.

A REST player's move is three requests — the table (who is to act), its legal
actions, the action — and a monitor asks ``/api/health`` all day. Through FastAPI
each cost ~0.2–0.3 ms of CPU before the route's own work (measured with cProfile,
docs/benchmarks.md, issue 31): solving the token dependency, validating the request
and answer models, three middleware layers. Here the *well-formed* requests of those
routes are answered directly: the same functions the routes call (`routes.health`,
`routes.lobby`, `routes.play`), the same JSON, the same headers (the security
headers of `middleware`), the same error answers. Anything else — a query it does
not expect, a header it does not read, a body that is not exactly what the route's
model takes, a HEAD — goes on to FastAPI untouched, which answers it as it always
did. The routes stay declared in FastAPI, so the OpenAPI schema and every refusal
are unchanged; `tests/service/test_fastlane.py` checks that both lanes answer alike.
"""

from __future__ import annotations

import json
import logging
import re

from boardgamesbot.engine import GameError
from boardgamesbot.jsontext import encode

from .errors import error_body, status_of
from .http import MAX_TOKEN, seat_token
from .middleware import CSP, MAX_BODY
from .routes.health import health_of
from .routes.lobby import table_of
from .routes.play import act_of, legal_of, view_of

log = logging.getLogger(__name__)

# The answers' headers besides the length: JSON, and what `middleware.SecurityHeaders` adds.
HEADERS = [(b"content-type", b"application/json"),
           (b"content-security-policy", CSP.encode()),
           (b"x-frame-options", b"DENY"),
           (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"same-origin")]
TABLE = re.compile(r"/api/tables/([^/]+)(?:/(view|legal|actions))?")
# A token as `tables.new_token` makes them; anything else in a query goes to FastAPI.
TOKEN_QUERY = re.compile(rb"token=([A-Za-z0-9_-]{1,%d})" % MAX_TOKEN)
MAX_ACTION = 200  # `schemas.PlayAction.action`
MAX_STATE_ID = 2**53  # `schemas.PlayAction.state_id`


class Declined(Exception):
    """Not a request the fast lane answers: FastAPI does."""


class FastLane:
    """In front of the whole FastAPI app (`api.ServiceApp`): ``app`` is FastAPI itself."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("root_path"):
            return await self.app(scope, receive, send)
        method, path = scope["method"], scope["path"]
        if method == "GET" and path == "/api/health":
            return await self._answer(send, lambda: _done(health_of(_lobby(scope))))
        found = TABLE.fullmatch(path) if method in ("GET", "POST") else None
        if found is None:
            return await self.app(scope, receive, send)
        table_id, part = found.groups()
        if method == "GET" and part is None:
            return await self._answer(send, lambda: table_of(_lobby(scope), table_id))
        if method == "GET" and part in ("view", "legal"):
            try:
                presented = _presented(scope)
            except Declined:
                return await self.app(scope, receive, send)
            answer = view_of if part == "view" else legal_of
            return await self._answer(send, lambda: answer(_lobby(scope), table_id,
                                                           seat_token(*presented)))
        if method == "POST" and part == "actions":
            body, receive = await _body(receive)
            try:
                presented = _presented(scope)
                action, state_id = _play_action(scope, body)
            except Declined:
                return await self.app(scope, receive, send)
            return await self._answer(send, lambda: act_of(
                _lobby(scope), table_id, seat_token(*presented), action, state_id))
        return await self.app(scope, receive, send)

    @staticmethod
    async def _answer(send, make) -> None:
        """Send ``await make()`` as JSON, or its refusal as the app's error handlers do."""
        try:  # `make` reads the token too: a malformed one is a refusal like any other
            status, content = 200, await make()
        except GameError as error:
            status, content = status_of(error), error_body(error)
        except Exception:  # noqa: BLE001 - answered as `http.add_error_handlers` does
            log.exception("the fast lane failed")
            status, content = 500, {"error": {"code": "internal_error", "message":
                                              "something went wrong on the server",
                                              "params": {}}}
        data = encode(content)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-length", str(len(data)).encode()), *HEADERS]})
        await send({"type": "http.response.body", "body": data})


async def _done(value):
    return value


def _lobby(scope):
    return scope["app"].state.lobby


def _presented(scope) -> tuple[str | None, str | None]:
    """The Authorization header and the ``?token=`` a request presents, for `http.seat_token`
    to read as `http.presented_token` does. Declined: a query or header FastAPI would
    have to judge."""
    query = scope.get("query_string") or b""
    token = None
    if query:
        found = TOKEN_QUERY.fullmatch(query)
        if found is None:
            raise Declined
        token = found.group(1).decode()
    authorization = None
    for name, value in scope["headers"]:
        if name == b"authorization":
            if authorization is not None or len(value) > MAX_TOKEN + 10:
                raise Declined
            authorization = value.decode("latin-1")
    return authorization, token


async def _body(receive) -> tuple[bytes | None, object]:
    """The whole body (None: over `MAX_BODY`, or the client left), and a ``receive`` that
    replays what was read, then reads on, for FastAPI if the fast lane declines."""
    messages, seen = [], 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return None, _replay(messages, receive)
        seen += len(message.get("body", b""))
        if seen > MAX_BODY:
            return None, _replay(messages, receive)
        if not message.get("more_body"):
            return b"".join(m.get("body", b"") for m in messages), _replay(messages, receive)


def _replay(messages: list[dict], receive):
    pending = list(messages)

    async def replayed():
        return pending.pop(0) if pending else await receive()

    return replayed


def _play_action(scope, body: bytes | None) -> tuple[str, int]:
    """``PlayAction``'s fields, when the body is exactly what it takes (else Declined)."""
    if body is None:
        raise Declined
    for name, value in scope["headers"]:
        if name == b"content-type" and value.split(b";")[0].strip().lower() != \
                b"application/json":
            raise Declined
    try:
        data = json.loads(body)
    except ValueError:
        raise Declined from None
    if not isinstance(data, dict):
        raise Declined
    action, state_id = data.get("action"), data.get("state_id")
    if (not isinstance(action, str) or len(action) > MAX_ACTION or type(state_id) is not int
            or not 0 <= state_id < MAX_STATE_ID):
        raise Declined
    return action, state_id
