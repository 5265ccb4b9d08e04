"""uvicorn's WebSocket protocol, with every close of a connection bounded in time.

uvicorn's default protocol (``websockets-sansio``) closes a connection with
``transport.close()``, which waits for the write buffer to drain first: forever, for
a peer that stopped reading. Its own keepalive timeout, the app's close and the
server's shutdown all end in that call, so a client that finished the handshake and
never read again kept its connection (and what was queued for it) for as long as
the server ran, and ``bgbot serve`` ignored SIGTERM while it was there. The app's
close could not even be sent: uvicorn waits for the transport to take more bytes
before it handles a ``websocket.close``.

Here, through uvicorn's own plug point (``--ws``: the protocol class):

* a ``websocket.close`` while the transport takes no more bytes resets the
  connection (the peer reads nothing, so a close frame would only queue behind the
  rest);
* a peer that answers no keepalive ping in time (uvicorn's ``ws_ping_timeout``) is
  reset;
* any other close that leaves bytes unsent gives them `CLOSE_SECONDS` to reach the
  peer, then resets the connection.

A reset is a TCP RST (``SO_LINGER`` 0, then abort): a plain close, even asyncio's
``abort()``, hands the kernel the megabytes it still holds for the peer, and it keeps
trying to deliver them in FIN_WAIT1 for minutes.

The app bounds each send itself (`boardgamesbot.service.api`): a reader that does not
take a message within the stall limit, or whose outbox overflows, is closed with 4408.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = ["CLOSE_SECONDS", "WebSocketProtocol", "reset"]

CLOSE_SECONDS = 5.0  # for what is still unsent when a connection closes


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """``websockets-sansio``, whose connections always end, read or not."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(_BoundedClose(transport, self.loop))

    async def send(self, message: Any) -> None:
        if (message["type"] == "websocket.close" and self.handshake_complete
                and not self.close_sent and not self.writable.is_set()):
            # The transport is full: the peer reads nothing, not even a close frame.
            self.close_sent = True
            self.queue.put_nowait({"type": "websocket.disconnect",
                                   "code": message.get("code", 1000)})
            reset(self.transport)
            return
        await super().send(message)

    def keepalive_timeout(self) -> None:
        # The peer answered no ping in time: it reads nothing more that it is sent either.
        reset(self.transport)
        super().keepalive_timeout()


class _BoundedClose:
    """A transport whose ``close`` gives unsent bytes `CLOSE_SECONDS`, then resets."""

    def __init__(self, transport: Any, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop

    def close(self) -> None:
        self._transport.close()
        if self._transport.get_write_buffer_size():
            self._loop.call_later(CLOSE_SECONDS, reset, self._transport)  # no-op once gone

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


def reset(transport: Any) -> None:
    """End the connection at once with a TCP reset: nothing more is sent, by this process
    or by the kernel."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError, ValueError):  # ValueError: uvloop's, once closed
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()
