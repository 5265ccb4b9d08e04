"""What every HTTP request passes through before a route: security headers, the body
limit, the ``/api`` methods check — and the log redaction every record passes.

Plain ASGI classes (not Starlette's ``BaseHTTPMiddleware``, which costs a task and a
queue per request). Their order is `boardgamesbot.service.api.create_app`'s.
"""

from __future__ import annotations

import copy
import logging
import re
from collections.abc import Mapping
from typing import Any

from fastapi.responses import JSONResponse, Response
from fastapi.routing import iter_route_contexts
from starlette.routing import compile_path

from .errors import ServiceError, error_body

MAX_BODY = 64 * 1024  # bytes of an HTTP request body

# The browser front-end loads ES modules, styles and images from this origin only, and
# talks to this origin only (fetch, WebSocket); inline SVG is markup, not a resource.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
# The interactive API page (/api/docs) is FastAPI's Swagger UI, served from a CDN.
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "img-src 'self' data: https://fastapi.tiangolo.com; frame-ancestors 'none'")


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
        self.paths: list[tuple[re.Pattern, frozenset[str]]] | None = None

    def _paths(self) -> list[tuple[re.Pattern, frozenset[str]]]:
        """Each ``/api`` path pattern with the methods its routes take, read from the router
        on the first request (every route is added by then). Matching a request against
        these compiled patterns is what matching each route did, without building a scope
        per route per request (measured: ~0.05 ms of every API request)."""
        paths: dict[str, set[str]] = {}
        # Routers included with `include_router` are held as branches: walk them with
        # FastAPI's own iterator of every route (the one the OpenAPI schema is made from).
        for route in iter_route_contexts(self.router.routes):
            path, methods = route.path or "", route.methods
            if methods and path.startswith("/api/"):
                paths.setdefault(path, set()).update(methods)
        paths = {compile_path(path)[0]: methods for path, methods in paths.items()}
        return [(regex, frozenset(methods)) for regex, methods in paths.items()]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            return await self.app(scope, receive, send)
        if self.paths is None:
            self.paths = self._paths()
        path, allowed = scope["path"], set()
        for regex, methods in self.paths:
            if regex.match(path):
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


class PublicAddress:
    """``bgbot serve --public-url https://games.example.org``: a page opened at another
    address (``http://127.0.0.1:8000/``, the LAN address) is redirected (307) to the same
    path at the public one, so that every link the browser makes from its own address
    — an invitation, a table to share — is the public address. The API and the
    WebSocket answer at any address (a reverse proxy in front keeps the public Host)."""

    def __init__(self, app, public_url: str) -> None:
        from urllib.parse import urlsplit

        self.app = app
        self.public_url = public_url.rstrip("/")
        self.host = urlsplit(self.public_url).netloc.lower().encode()

    async def __call__(self, scope, receive, send):
        if (scope["type"] != "http" or scope["method"] not in ("GET", "HEAD")
                or scope["path"].startswith(("/api/", "/ws/"))):
            return await self.app(scope, receive, send)
        host = next((value for name, value in scope["headers"] if name == b"host"), b"")
        if host.lower() == self.host:
            return await self.app(scope, receive, send)
        query = scope.get("query_string") or b""
        target = self.public_url + scope["path"] + ("?" + query.decode("latin-1")
                                                    if query else "")
        return await Response(status_code=307, headers={"location": target})(
            scope, receive, send)
