"""uvicorn's HTTP protocol (httptools), with each answer's head and body written together.

uvicorn writes an answer's status line and headers to the socket when the app sends
``http.response.start``, and its body when the app sends ``http.response.body``: two
``send`` system calls for every answer, where one would do. On the loopback a ``send``
costs the sender tens of µs (the kernel delivers the segment to the reader in the same
call), and a REST move is three answers; the profile of `bench/bench_rest.py`
(docs/benchmarks.md, issue 31, session 39) put uvicorn's ``send`` first.

Here, through uvicorn's own plug point (``--http``: the protocol class), each request's
cycle writes through `HeldHead`: the head is held and goes out with the first write
after it (the body), in one ``send``. Nothing waits on it longer than the current turn
of the event loop: a held head is flushed on the loop's next turn whatever follows (a
streamed answer whose body comes later), and before a close. A ``100 Continue`` is
not held (the client waits for it before it sends its body). The bytes on the wire are
the same, in the same order.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["HeldHead", "HttpProtocol"]

CONTINUE = b"HTTP/1.1 100 "


class HeldHead:
    """A transport for one request's cycle: its first write (the answer's head) is held
    until the next write, the next turn of the loop or a close, whichever comes first.
    Everything else is the connection's transport."""

    __slots__ = ("transport", "head", "fresh")

    def __init__(self, transport: asyncio.Transport) -> None:
        self.transport = transport
        self.head: bytes | None = None
        self.fresh = True  # nothing written yet: the next write is the head

    def write(self, data: bytes) -> None:
        if self.fresh:
            self.fresh = False
            if data.startswith(b"HTTP/") and not data.startswith(CONTINUE):
                self.head = data
                asyncio.get_running_loop().call_soon(self.flush)
                return
            self.fresh = data.startswith(CONTINUE)  # the answer's head is still to come
        head = self.head
        if head is not None:
            self.head = None
            data = head + data
        self.transport.write(data)

    def flush(self) -> None:
        head = self.head
        if head is not None:
            self.head = None
            if not self.transport.is_closing():
                self.transport.write(head)

    def close(self) -> None:
        self.flush()
        self.transport.close()

    def is_closing(self) -> bool:
        return self.transport.is_closing()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)


class HttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol whose request cycles write through `HeldHead`."""

    def on_headers_complete(self) -> None:
        before = self.cycle
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is not None and cycle is not before:  # a new request (not an upgrade)
            cycle.transport = HeldHead(self.transport)  # type: ignore[assignment]
