"""`Fanout`: "table T is now at revision R", from the process that wrote it to all others.

Only the table id and revision travel; each process reloads the table from the
database and pushes each of its watchers that seat's view. Delivery is at most
once (pub/sub): a process that was reconnecting looks at every watched table
again (``on_reconnect``), and the lobby sweeps the watched tables'
revisions every few seconds, so a lost announcement costs a delay, never a
wrong state.

* `MemoryFanout` — one process (SQLite default, tests): nothing to send;
* `PostgresFanout` — ``LISTEN``; the store sends ``NOTIFY`` inside each
  write's transaction, so it is heard exactly when the write is committed and
  needs no other service (psycopg 3's async ``notifies()``);
* `RedisFanout` — Redis pub/sub (redis-py's asyncio client) when ``--redis``
  is given: faster than NOTIFY when a Redis is deployed anyway
  (``../shared/notes/scale-out.md``: median 4 ms against 24 ms).

Closing never waits on the network for long (`CLOSE_SECONDS` a step): a Redis
that accepted and never answered held the service's shutdown forever (redis-py
before 8.0 has no socket timeout); either listener gets the same bound. Starting
waits for the subscription at most the fan-out's own ``timeout``, then goes on
(the listener keeps trying in the background). A Redis subscription that falls
silent (a network partition: the connection stays open, nothing answers) is
noticed by a PING of its own and made anew, a LISTEN connection to PostgreSQL by a
``SELECT 1``; publishes waiting on a Redis that does not answer are bounded
(`RedisFanout.MAX_PENDING`).
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)

Notice = Callable[[str, int], None]
CHANNEL = "bgbot_tables"

#: Seconds `close` waits for the listener to stop and each Redis publish still under way
#: to end; then it logs what it leaves and goes on (the sweep delivers a lost notice).
CLOSE_SECONDS = 5.0


class Fanout(Protocol):
    async def start(self, on_notice: Notice, on_reconnect: Callable[[], None]) -> None: ...

    def publish(self, table_id: str, revision: int) -> None: ...

    async def close(self) -> None: ...


def _parse(payload: str | bytes) -> tuple[str, int] | None:
    if isinstance(payload, bytes):
        payload = payload.decode("utf-8", "replace")
    table_id, _, revision = payload.partition(" ")
    return (table_id, int(revision)) if revision.isdigit() and table_id else None


class MemoryFanout:
    """One process: the writer pushes its own watchers; nobody else to tell."""

    async def start(self, on_notice: Notice, on_reconnect: Callable[[], None]) -> None:
        pass

    def publish(self, table_id: str, revision: int) -> None:
        pass

    async def close(self) -> None:
        pass


class _Listener:
    """A background subscription that reconnects (and says so) when it breaks.

    ``timeout``: seconds `start` waits for the subscription (a healthy peer takes
    milliseconds; the process then serves anyway, the sweep delivering meanwhile)."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()

    async def start(self, on_notice: Notice, on_reconnect: Callable[[], None]) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(on_notice, on_reconnect))
        try:  # subscribed before the process serves anything (else: the sweep catches up)
            await asyncio.wait_for(self.ready.wait(), self.timeout)
        except TimeoutError:
            log.warning("the fan-out did not subscribe within %.1f s; it goes on trying in "
                        "the background (other processes' writes arrive by the sweep "
                        "meanwhile)", self.timeout)

    async def _run(self, on_notice: Notice, on_reconnect: Callable[[], None]) -> None:
        first = True
        while True:
            try:
                async for payload in self._listen():
                    if payload is None:  # subscribed
                        self.ready.set()
                        if not first:
                            on_reconnect()
                        first = False
                        continue
                    parsed = _parse(payload)
                    if parsed is not None:
                        on_notice(*parsed)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - reconnect after any failure
                log.warning("fan-out listener lost its connection; reconnecting",
                            exc_info=True)
            await asyncio.sleep(1.0)

    async def _listen(self):  # pragma: no cover - overridden
        yield None

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            # (a cancelled listener still closes its connection, which may wait on a peer)
            await _within(CLOSE_SECONDS, "the fan-out listener to stop", self.task)


class PostgresFanout(_Listener):
    """``LISTEN bgbot_tables``; `Store.commit` sends the ``NOTIFY`` with the write.

    A wait for notices lasts `LISTEN_WAIT`; one that heard nothing ends in a ``SELECT 1``
    answered within ``timeout`` or the connection is given up and made anew: a database
    cut off by a partition leaves the connection open and silent, and ``notifies()``
    waited on it until the kernel gave up (TCP keepalive: about two hours), notices coming
    only by the sweep meanwhile. libpq's keepalive parameters would not do instead: the
    kernel of whatever holds the other end answers them, so a PgBouncer or a proxy whose
    database is gone looks alive (as does the frozen proxy in the tests); only an answer to a
    query shows the database is there. Connecting is bounded too (``connect_timeout``;
    psycopg waits 130 s by default, and libpq counts at least 2 s).

    A query given up is cancelled by psycopg before the connection is dropped, a cancel
    request that psycopg 3.3 waits on for up to 5 s and then 5 s for the query to end: a
    silent database is noticed within ``LISTEN_WAIT + timeout`` plus those 10 s."""

    #: Seconds one wait for notices lasts; one that heard nothing ends in a ``SELECT 1``.
    LISTEN_WAIT = 10.0

    def __init__(self, url: str, channel: str = CHANNEL, timeout: float = 5.0) -> None:
        super().__init__(timeout)
        from sqlalchemy.engine import make_url

        self.conninfo = make_url(url).set(drivername="postgresql").render_as_string(
            hide_password=False)
        self.channel = channel

    def publish(self, table_id: str, revision: int) -> None:
        pass  # sent by the store inside the write's transaction

    async def _answered(self, connection, statement: str) -> None:
        try:
            await asyncio.wait_for(connection.execute(statement), self.timeout)
        except TimeoutError:
            raise ConnectionError(f"PostgreSQL did not answer {statement} on the fan-out's "
                                  f"connection within {self.timeout} s") from None

    async def _listen(self):
        import psycopg

        async with await psycopg.AsyncConnection.connect(
                self.conninfo, autocommit=True,
                connect_timeout=max(1, math.ceil(self.timeout))) as connection:
            await self._answered(connection, f"LISTEN {self.channel}")
            yield None
            while True:
                # (the timeout bounds this whole wait, not each notice: psycopg >= 3.2)
                heard = False
                async for notice in connection.notifies(timeout=self.LISTEN_WAIT):
                    heard = True
                    yield notice.payload
                if not heard:  # a quiet spell: is the database still there?
                    await self._answered(connection, "SELECT 1")


async def _within(seconds: float, what: str, *tasks: asyncio.Task) -> None:
    """Wait up to ``seconds`` for ``tasks`` to end; cancel and log those that did not."""
    if not tasks:
        return
    _, late = await asyncio.wait(tasks, timeout=seconds)
    if late:
        log.warning("gave up waiting for %s after %.0f s (%d left)", what, seconds, len(late))
        for task in late:
            task.cancel()


class RedisFanout(_Listener):
    """Redis pub/sub on channel ``bgbot_tables`` (one subscription per process).

    Every reply is awaited at most ``timeout`` seconds (a Redis answers in
    milliseconds): redis-py before 8.0 waits forever by default, so a Redis that
    accepted and never answered held each publish, and with it `close`. The
    subscription's wait for the next notice is not a reply; it asks for one
    `LISTEN_WAIT` at a time (redis-py 8.0.0's `listen` applied the socket's limit to
    it and broke an idle subscription every 5 s). A wait that heard nothing ends in a
    PING on the subscription, answered within ``timeout`` or the subscription is made
    anew: a Redis cut off by a partition leaves the connection open and silent, and
    the subscription would wait on it forever (notices then came only by the sweep).

    redis-py's ``health_check_interval`` does not notice that. Its documented purpose on
    a subscription is to keep the connection open: `get_message` *sends* a PING when
    nothing was read for that long, and drops the PONG whenever one comes; nothing
    waits for it (redis-py 8.2.0, a frozen subscription with health_check_interval=1
    and socket_timeout=0.5: `get_message` returned None for 8 s, never an error)."""

    #: Seconds one wait for the next notice lasts; one that heard nothing ends in a PING.
    LISTEN_WAIT = 10.0
    #: Publishes under way at most; past it the oldest is dropped (logged) and the sweep
    #: delivers it. While Redis is silent or slow each publish waits up to ``timeout`` for
    #: its reply, on a connection of its own (the pool opens one per publish under way):
    #: without a bound, publishes and connections piled up with the writes.
    MAX_PENDING = 100

    def __init__(self, url: str, channel: str = CHANNEL, timeout: float = 5.0) -> None:
        super().__init__(timeout)
        import redis.asyncio as redis

        self.redis = redis.Redis.from_url(url, socket_timeout=timeout,
                                          socket_connect_timeout=timeout)
        self.channel = channel
        self.pending: dict[asyncio.Task, None] = {}  # (a dict keeps them oldest first)

    def publish(self, table_id: str, revision: int) -> None:
        while len(self.pending) >= self.MAX_PENDING:
            oldest = next(iter(self.pending))
            del self.pending[oldest]
            oldest.cancel()
            log.warning("%d publishes to Redis under way: dropped the oldest (%s); the "
                        "sweep delivers it", self.MAX_PENDING, oldest.get_name())
        payload = f"{table_id} {revision}"
        task = asyncio.get_running_loop().create_task(self._publish(payload),
                                                      name=f"publish {payload}")
        self.pending[task] = None
        task.add_done_callback(self._published)

    def _published(self, task: asyncio.Task) -> None:
        self.pending.pop(task, None)

    async def _publish(self, payload: str) -> None:
        try:
            await self.redis.publish(self.channel, payload)
        except Exception:  # noqa: BLE001 - the sweep delivers it later
            log.warning("could not publish to Redis", exc_info=True)

    async def _listen(self):
        pubsub = self.redis.pubsub()
        try:
            await pubsub.subscribe(self.channel)
            # (that only sent it: the lobby looks at its tables again once Redis has
            # confirmed, else a notice in between would be lost)
            if await pubsub.get_message(timeout=self.timeout) is None:
                raise ConnectionError(
                    f"Redis did not confirm the subscription within {self.timeout} s")
            yield None
            while True:
                # (a timeout given here is the wait for a message, not the socket's:
                # None when none came, and the subscription goes on)
                message = await pubsub.get_message(timeout=self.LISTEN_WAIT)
                if message is None:  # a quiet spell: is Redis still there?
                    await pubsub.ping()
                    message = await pubsub.get_message(timeout=self.timeout)
                    if message is None:
                        raise ConnectionError(f"Redis did not answer a PING on the "
                                              f"subscription within {self.timeout} s")
                if message.get("type") == "message":
                    yield message["data"]
        finally:
            await pubsub.aclose()

    async def close(self) -> None:
        await super().close()
        await _within(CLOSE_SECONDS, "publishes to Redis", *self.pending)
        closing = asyncio.get_running_loop().create_task(self.redis.aclose())
        await _within(CLOSE_SECONDS, "the Redis connections to close", closing)


def make_fanout(db_url: str, redis_url: str | None = None) -> Fanout:
    """Redis when given; LISTEN/NOTIFY on PostgreSQL; in memory otherwise."""
    if redis_url:
        return RedisFanout(redis_url)
    if db_url.startswith(("postgresql", "postgres")):
        return PostgresFanout(db_url)
    return MemoryFanout()
