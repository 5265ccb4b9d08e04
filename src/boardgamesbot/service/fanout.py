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
before 8.0 has no socket timeout); either listener gets the same bound.
"""

from __future__ import annotations

import asyncio
import logging
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
    """A background subscription that reconnects (and says so) when it breaks."""

    def __init__(self) -> None:
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()

    async def start(self, on_notice: Notice, on_reconnect: Callable[[], None]) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(on_notice, on_reconnect))
        try:  # subscribed before the process serves anything (else: the sweep catches up)
            await asyncio.wait_for(self.ready.wait(), 10)
        except TimeoutError:
            log.warning("the fan-out did not connect within 10 s; retrying in the background")

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
    """``LISTEN bgbot_tables``; `Store.commit` sends the ``NOTIFY`` with the write."""

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        super().__init__()
        from sqlalchemy.engine import make_url

        self.conninfo = make_url(url).set(drivername="postgresql").render_as_string(
            hide_password=False)
        self.channel = channel

    def publish(self, table_id: str, revision: int) -> None:
        pass  # sent by the store inside the write's transaction

    async def _listen(self):
        import psycopg

        async with await psycopg.AsyncConnection.connect(self.conninfo,
                                                         autocommit=True) as connection:
            await connection.execute(f"LISTEN {self.channel}")
            yield None
            async for notice in connection.notifies():
                yield notice.payload


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
    subscription's wait for the next notice is not a reply and has no limit; it asks
    for one `LISTEN_WAIT` at a time (redis-py 8.0.0's `listen` applied the socket's
    limit to it and broke an idle subscription every 5 s)."""

    #: Seconds one wait for the next notice lasts before the next (an idle channel).
    LISTEN_WAIT = 60.0

    def __init__(self, url: str, channel: str = CHANNEL, timeout: float = 5.0) -> None:
        super().__init__()
        import redis.asyncio as redis

        self.redis = redis.Redis.from_url(url, socket_timeout=timeout,
                                          socket_connect_timeout=timeout)
        self.channel = channel
        self.pending: set[asyncio.Task] = set()

    def publish(self, table_id: str, revision: int) -> None:
        task = asyncio.get_running_loop().create_task(self._publish(f"{table_id} {revision}"))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def _publish(self, payload: str) -> None:
        try:
            await self.redis.publish(self.channel, payload)
        except Exception:  # noqa: BLE001 - the sweep delivers it later
            log.warning("could not publish to Redis", exc_info=True)

    async def _listen(self):
        pubsub = self.redis.pubsub()
        try:
            await pubsub.subscribe(self.channel)
            yield None
            while True:
                # (a timeout given here is the wait for a message, not the socket's:
                # None when none came, and the subscription goes on)
                message = await pubsub.get_message(timeout=self.LISTEN_WAIT)
                if message is not None and message.get("type") == "message":
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
