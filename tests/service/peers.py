"""Network peers that misbehave the way a partition or a hung server does, for the fan-out
tests on Redis and PostgreSQL: `SilentPeer` accepts and never answers; `FreezableProxy`
stands in front of a real server and can stop forwarding while keeping every connection
open."""

from __future__ import annotations

import asyncio

#: A hang detector, not a speed limit: close gives up on a silent peer after seconds.
HANG = 30.0


class SilentPeer:
    """A TCP server that accepts every connection and reads what it is sent, never
    answering: a server hung, or a proxy whose other side is gone."""

    def __init__(self, scheme: str = "redis", path: str = "/0") -> None:
        self.scheme = scheme
        self.path = path
        self.accepted = 0
        self.open = 0
        self.closed = asyncio.Event()  # set at each connection its client closed
        self.connected = asyncio.Event()  # set at each connection accepted
        self.server: asyncio.Server | None = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        self.connected.set()
        self.open += 1
        try:
            while await reader.read(4096):
                pass
        finally:
            writer.close()
            self.open -= 1
            self.closed.set()

    async def quiet(self, most: int) -> None:
        """Until at most ``most`` connections are open."""
        while self.open > most:
            self.closed.clear()
            await self.closed.wait()

    async def __aenter__(self) -> str:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self.server.sockets[0].getsockname()[1]
        return f"{self.scheme}://127.0.0.1:{port}{self.path}"

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()


class FreezableProxy:
    """A TCP proxy in front of a real server (Redis by default) that can `freeze`: it stops
    forwarding either way and keeps every connection open, as a network partition does;
    new connections are accepted and go nowhere. `thaw` forwards again what was held (TCP
    delivers what it held once a partition heals)."""

    def __init__(self, upstream_port: int = 6379) -> None:
        self.upstream_port = upstream_port
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.connected = asyncio.Event()  # set at each connection accepted
        self.handlers: set[asyncio.Task] = set()
        self.writers: set[asyncio.StreamWriter] = set()  # both ends of each connection
        self.server: asyncio.Server | None = None

    def freeze(self) -> None:
        self.flowing.clear()

    def thaw(self) -> None:
        self.flowing.set()

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                await self.flowing.wait()
                writer.write(data)
                await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self.handlers.add(task)
        self.connected.set()
        self.writers.add(writer)
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(
                "127.0.0.1", self.upstream_port)
            self.writers.add(upstream_writer)
            await asyncio.gather(self._pump(reader, upstream_writer),
                                 self._pump(upstream_reader, writer))
        finally:
            writer.close()
            self.handlers.discard(task)

    async def __aenter__(self) -> FreezableProxy:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self

    @property
    def port(self) -> int:
        assert self.server is not None
        return self.server.sockets[0].getsockname()[1]

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()
        self.thaw()
        # (a client may leave a connection open: with psycopg 3.3.9 a connect or a cancel
        # request that timed out kept its socket, and waiting for it held this forever)
        for writer in self.writers:
            writer.close()
        await asyncio.wait_for(asyncio.gather(*self.handlers), HANG)
