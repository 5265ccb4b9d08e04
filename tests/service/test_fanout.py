"""The Redis fan-out against real peers: a Redis that accepts and never answers (an asyncio
TCP server) cannot hold the service's close, and the real Redis on 127.0.0.1:6379 carries
a table's revision from one process's fan-out to another's, an idle subscription going on
past the limit set on each reply."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from boardgamesbot.service.fanout import RedisFanout
from tests.service.test_scale import redis_up

#: A hang detector, not a speed limit: close gives up on a silent peer after seconds.
HANG = 30.0


class SilentPeer:
    """A TCP server that accepts every connection and reads what it is sent, never
    answering: a Redis hung, or a proxy whose other side is gone."""

    def __init__(self) -> None:
        self.accepted = 0
        self.server: asyncio.Server | None = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        try:
            while await reader.read(4096):
                pass
        finally:
            writer.close()

    async def __aenter__(self) -> str:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self.server.sockets[0].getsockname()[1]
        return f"redis://127.0.0.1:{port}/0"

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()


def test_closing_the_redis_fanout_ends_when_redis_never_answers():
    """A publish under way to a Redis that never answers waited for its reply forever
    (redis-py before 8.0 has no socket timeout), and `close` waited for the publish."""

    async def run() -> int:
        peer = SilentPeer()
        async with peer as url:
            fanout = RedisFanout(url)
            # (never subscribed: start gives up waiting and the listener retries)
            await fanout.start(lambda table_id, revision: None, lambda: None)
            fanout.publish("t1", 1)
            await asyncio.sleep(0)  # the publish is under way
            await asyncio.wait_for(fanout.close(), HANG)
        return peer.accepted

    assert asyncio.run(run()) >= 1  # the fan-out did talk to the silent peer


@pytest.mark.skipif(not redis_up(), reason="no Redis on 127.0.0.1:6379")
def test_a_revision_published_on_redis_reaches_another_fanout_after_an_idle_spell():
    """Two processes' fan-outs on the real Redis: one publishes a table's revision and the
    other hears it, after idling past the limit on each reply (0.5 s here): the wait for
    the next notice is not a reply, and the subscription is not broken and made anew."""

    async def run() -> tuple[list[tuple[str, int]], int]:
        channel = f"bgbot_test_{uuid.uuid4().hex}"
        heard: list[tuple[str, int]] = []
        arrived = asyncio.Event()
        reconnects = 0

        def on_notice(table_id: str, revision: int) -> None:
            heard.append((table_id, revision))
            arrived.set()

        def on_reconnect() -> None:
            nonlocal reconnects
            reconnects += 1

        writer = RedisFanout("redis://127.0.0.1:6379/0", channel, timeout=0.5)
        reader = RedisFanout("redis://127.0.0.1:6379/0", channel, timeout=0.5)
        reader.LISTEN_WAIT = 0.2  # several waits for a notice within the idle spell
        await writer.start(lambda table_id, revision: None, lambda: None)
        await reader.start(on_notice, on_reconnect)
        try:
            assert reader.ready.is_set()
            await asyncio.sleep(1.5)  # idle: three times the limit on a reply
            writer.publish("table-7", 12)
            await asyncio.wait_for(arrived.wait(), HANG)
        finally:
            await asyncio.wait_for(writer.close(), HANG)
            await asyncio.wait_for(reader.close(), HANG)
        return heard, reconnects

    heard, reconnects = asyncio.run(run())
    assert ("table-7", 12) in heard
    assert reconnects == 0
