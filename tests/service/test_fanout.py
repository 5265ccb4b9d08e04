"""The Redis and PostgreSQL fan-outs against real peers: a Redis that accepts and never
answers (an asyncio TCP server) cannot hold the service's start or close, and the real Redis
on 127.0.0.1:6379 carries a table's revision from one process's fan-out to another's, an idle
subscription going on past the limit set on each reply, a subscription cut off by a
partition (a proxy that freezes) being made anew. Publishes to a Redis that is down stay
bounded. A PostgreSQL LISTEN connection cut off by a partition is noticed and made anew too
(the real PostgreSQL named by BGBOT_TEST_DATABASE_URL), and connecting to a silent database
is bounded."""

from __future__ import annotations

import asyncio
import logging
import os
import time
import uuid

import pytest

from boardgamesbot.service.fanout import PostgresFanout, RedisFanout
from tests.service.peers import HANG, FreezableProxy, SilentPeer
from tests.service.test_scale import redis_up


def test_starting_the_redis_fanout_waits_for_a_silent_redis_no_longer_than_its_timeout(caplog):
    """`start` waited a fixed 10 s for a subscription that never came before the process
    served anything; it now waits the fan-out's own timeout, says so, and goes on: the
    listener keeps trying in the background."""
    caplog.set_level(logging.WARNING, logger="boardgamesbot.service.fanout")

    async def run() -> tuple[float, int]:
        peer = SilentPeer()
        async with peer as url:
            fanout = RedisFanout(url, timeout=0.5)
            began = time.monotonic()
            await fanout.start(lambda table_id, revision: None, lambda: None)
            took = time.monotonic() - began
            tried = peer.accepted
            await asyncio.wait_for(fanout.close(), HANG)
        return took, tried

    took, tried = asyncio.run(run())
    assert tried >= 1
    assert took < 5.0, took  # 0.5 s asked; the old fixed wait was 10 s
    assert "did not subscribe within 0.5 s" in caplog.text


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


@pytest.mark.skipif(not redis_up(), reason="no Redis on 127.0.0.1:6379")
def test_a_redis_subscription_cut_off_by_a_partition_is_noticed_and_made_anew(caplog):
    """A Redis that falls silent on an open subscription (a partition: the connection stays
    up, nothing answers) was never noticed, and notices came only by the sweep. The
    subscription PINGs after a quiet wait, gives up on a PING not answered within its
    timeout and subscribes again (a new connection, on_reconnect once it holds): a revision
    published by another process's fan-out then reaches it again."""
    caplog.set_level(logging.WARNING, logger="boardgamesbot.service.fanout")

    async def run() -> tuple[list[tuple[str, int]], int]:
        channel = f"bgbot_test_{uuid.uuid4().hex}"
        heard: list[tuple[str, int]] = []
        arrived = asyncio.Event()
        reconnected = asyncio.Event()
        reconnects = 0

        def on_notice(table_id: str, revision: int) -> None:
            heard.append((table_id, revision))
            arrived.set()

        def on_reconnect() -> None:
            nonlocal reconnects
            reconnects += 1
            reconnected.set()

        async with FreezableProxy() as proxy:
            writer = RedisFanout("redis://127.0.0.1:6379/0", channel, timeout=0.5)
            reader = RedisFanout(proxy.url, channel, timeout=0.5)
            reader.LISTEN_WAIT = 0.2
            await writer.start(lambda table_id, revision: None, lambda: None)
            await reader.start(on_notice, on_reconnect)
            try:
                assert reader.ready.is_set()
                writer.publish("table-7", 12)  # through the proxy while it forwards
                await asyncio.wait_for(arrived.wait(), HANG)

                proxy.freeze()
                proxy.connected.clear()
                await asyncio.wait_for(proxy.connected.wait(), HANG)  # a reconnect attempt
                proxy.thaw()
                await asyncio.wait_for(reconnected.wait(), HANG)

                arrived.clear()
                writer.publish("table-7", 13)
                await asyncio.wait_for(arrived.wait(), HANG)
            finally:
                await asyncio.wait_for(writer.close(), HANG)
                await asyncio.wait_for(reader.close(), HANG)
        return heard, reconnects

    heard, reconnects = asyncio.run(run())
    assert heard[:1] == [("table-7", 12)] and ("table-7", 13) in heard
    assert reconnects >= 1
    assert "did not answer a PING on the subscription within 0.5 s" in caplog.text


def test_publishes_to_a_redis_that_does_not_answer_stay_bounded(caplog):
    """While Redis is silent (or slow) each publish waits for its reply up to the timeout,
    on a connection of its own, and one was kept per write, without bound. Past
    `MAX_PENDING` the oldest is dropped, logged with its table and revision (the sweep
    delivers it), and its connection is closed."""
    caplog.set_level(logging.WARNING, logger="boardgamesbot.service.fanout")

    async def run() -> tuple[set[str], int]:
        peer = SilentPeer()
        async with peer as url:
            fanout = RedisFanout(url, timeout=HANG)  # (none ends by itself during the test)
            fanout.MAX_PENDING = 3
            try:
                for revision in range(1, 11):
                    fanout.publish("table-7", revision)
                    await asyncio.sleep(0.01)  # under way: connected, waiting for a reply
                await asyncio.wait_for(peer.quiet(3), HANG)  # the dropped ones' closed
                return {task.get_name() for task in fanout.pending}, peer.accepted
            finally:
                await asyncio.wait_for(fanout.close(), HANG)

    under_way, connections = asyncio.run(run())
    assert under_way == {"publish table-7 8", "publish table-7 9", "publish table-7 10"}
    assert connections == 10
    dropped = [record.getMessage() for record in caplog.records
               if "dropped the oldest" in record.getMessage()]
    assert len(dropped) == 7
    assert "(publish table-7 1)" in dropped[0] and "(publish table-7 7)" in dropped[-1]


POSTGRES = os.environ.get("BGBOT_TEST_DATABASE_URL")


class LogWatch(logging.Handler):
    """Sets `seen` at the first record whose message holds ``words`` (emitted on the
    event loop's thread: the listener logs from its task)."""

    def __init__(self, words: str) -> None:
        super().__init__(logging.WARNING)
        self.words = words
        self.seen = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        if self.words in record.getMessage():
            self.seen.set()


def test_the_postgres_fanout_gives_up_connecting_to_a_silent_database():
    """Connecting to a database that accepts and never answers waited psycopg's default
    130 s before the listener tried again; ``connect_timeout`` follows the fan-out's
    timeout (at least 2 s: libpq's floor), so the listener tries again within seconds."""

    async def run() -> int:
        peer = SilentPeer("postgresql", "/test")
        async with peer as url:
            fanout = PostgresFanout(url, timeout=0.5)
            await fanout.start(lambda table_id, revision: None, lambda: None)
            try:
                while peer.accepted < 2:  # a second attempt: the first one gave up
                    peer.connected.clear()
                    await asyncio.wait_for(peer.connected.wait(), HANG)
            finally:
                await asyncio.wait_for(fanout.close(), HANG)
        return peer.accepted

    assert asyncio.run(asyncio.wait_for(run(), HANG + 10)) >= 2


@pytest.mark.skipif(not POSTGRES, reason="BGBOT_TEST_DATABASE_URL is not set")
def test_a_postgres_listen_cut_off_by_a_partition_is_noticed_and_made_anew():
    """A database that falls silent on the LISTEN connection (a partition: the connection
    stays up, nothing answers) was never noticed: ``notifies()`` waited on it until the
    kernel's TCP keepalive gave up. A wait that heard nothing ends in a ``SELECT 1``, given
    up past the fan-out's timeout; the listener connects again and, once it listens again
    (on_reconnect), a NOTIFY sent by another connection reaches it."""
    import psycopg
    from sqlalchemy.engine import make_url

    assert POSTGRES is not None
    direct = make_url(POSTGRES).set(drivername="postgresql")

    async def run() -> tuple[list[tuple[str, int]], int]:
        channel = f"bgbot_test_{uuid.uuid4().hex}"
        heard: list[tuple[str, int]] = []
        arrived = asyncio.Event()
        reconnected = asyncio.Event()
        reconnects = 0

        def on_notice(table_id: str, revision: int) -> None:
            heard.append((table_id, revision))
            arrived.set()

        def on_reconnect() -> None:
            nonlocal reconnects
            reconnects += 1
            reconnected.set()

        lost = LogWatch("fan-out listener lost its connection")
        logger = logging.getLogger("boardgamesbot.service.fanout")
        logger.addHandler(lost)
        writer = await psycopg.AsyncConnection.connect(
            direct.render_as_string(hide_password=False), autocommit=True)
        try:
            async with FreezableProxy(direct.port or 5432) as proxy:
                proxied = direct.set(host="127.0.0.1", port=proxy.port)
                reader = PostgresFanout(proxied.render_as_string(hide_password=False),
                                        channel, timeout=0.5)
                reader.LISTEN_WAIT = 0.2
                await reader.start(on_notice, on_reconnect)
                try:
                    assert reader.ready.is_set()
                    await writer.execute("SELECT pg_notify(%s, %s)", (channel, "table-7 12"))
                    await asyncio.wait_for(arrived.wait(), HANG)

                    proxy.freeze()
                    await asyncio.wait_for(lost.seen.wait(), HANG)  # noticed, gave it up
                    proxy.thaw()
                    await asyncio.wait_for(reconnected.wait(), HANG)

                    arrived.clear()
                    await writer.execute("SELECT pg_notify(%s, %s)", (channel, "table-7 13"))
                    await asyncio.wait_for(arrived.wait(), HANG)
                finally:
                    await asyncio.wait_for(reader.close(), HANG)
        finally:
            logger.removeHandler(lost)
            await writer.close()
        return heard, reconnects

    heard, reconnects = asyncio.run(run())
    assert heard[:1] == [("table-7", 12)] and ("table-7", 13) in heard
    assert reconnects >= 1
