"""The arena's games as Ray tasks: one tournament spread over a cluster's machines.

Each task plays a *batch* of consecutive games (a game is a few hundred
milliseconds or more, a Ray task costs about a millisecond, so batching keeps
the overhead small without starving any CPU) and streams each result back as
it finishes, so the progress bar moves per game. A game is the same whatever
process plays it (its seed and its bots' seeds come from the arena seed and
its number), and results are put back in game order, so the Ray backend gives
exactly the local backend's results.

Needs ``pip install 'boardgamesbot[ray]'``, on every node of a cluster (the
workers import ``boardgamesbot``). docs/arena.md explains running on a cluster.
"""

from __future__ import annotations

import logging
import math
import socket
import time
from collections.abc import Callable
from typing import Any

from boardgamesbot.arena.local import Arena, ArenaError, GameResult, play_games
from boardgamesbot.engine import GameError

__all__ = ["batches", "run_on_ray"]

TASKS_PER_CPU = 4  # enough batches that a slow batch does not leave CPUs idle at the end
MAX_BATCH = 16


def batches(games: int, cpus: int) -> list[list[int]]:
    """Consecutive game numbers, cut into about ``TASKS_PER_CPU`` tasks per CPU."""
    size = max(1, min(MAX_BATCH, math.ceil(games / (max(1, cpus) * TASKS_PER_CPU))))
    return [list(range(start, min(start + size, games))) for start in range(0, games, size)]


def _check_reachable(address: str) -> None:
    """Fail fast on a wrong HOST:PORT (Ray itself retries for minutes)."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ArenaError(f"--address must be 'auto' or HOST:PORT, not {address!r}",
                         code="bad_address")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as error:
        raise ArenaError(f"cannot reach a Ray cluster at {address}: {error}",
                         code="ray_unreachable") from None


def run_on_ray(arena: Arena, workers: int, on_result: Callable[[GameResult], None] | None,
               address: str | None) -> list[GameResult]:
    try:
        import ray
    except ImportError:
        raise ArenaError("--backend ray needs Ray: pip install 'boardgamesbot[ray]'",
                         code="needs_ray") from None
    started_here = False
    if not ray.is_initialized():
        if address not in (None, "auto"):
            _check_reachable(address)
        try:
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.WARNING,
                         log_to_driver=False)
            else:
                ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError) as error:
            raise ArenaError(f"cannot reach a Ray cluster at {address or 'a new local one'}: "
                             f"{error}", code="ray_unreachable") from None
        started_here = True
    try:
        cpus = int(ray.cluster_resources().get("CPU", workers))  # type: ignore[no-untyped-call]
        task = ray.remote(num_returns="streaming", max_retries=0)(play_games)
        streams = [task.remote(arena, indices) for indices in batches(arena.games, cpus)]
        results: list[GameResult] = []
        try:
            while streams:
                ready, _ = ray.wait(streams, num_returns=1)
                stream = ready[0]
                try:
                    # A streaming task's ref is an ObjectRefGenerator; ray.wait types it
                    # as a plain ObjectRef.
                    reference = next(stream)  # type: ignore[arg-type]
                except StopIteration:
                    streams.remove(stream)
                    continue
                try:
                    result = ray.get(reference)
                except ray.exceptions.RayTaskError as error:
                    streams.remove(stream)  # a generator that raised has ended: nothing to kill
                    cause = getattr(error, "cause", None)
                    if isinstance(cause, GameError):
                        raise cause from None  # a bot's bug: the local run's very error
                    raise
                results.append(result)
                if on_result:
                    on_result(result)
        except BaseException:
            # A shared cluster should not play on for nothing. force=True kills the worker
            # rather than raising KeyboardInterrupt in it: an interrupt that lands while a
            # fresh worker imports numpy leaves a process that can never import it again
            # ("cannot load module more than once per process"), and Ray would hand that
            # worker the next run's tasks.
            for stream in streams:
                ray.cancel(stream, force=True)
            _wait_for_the_kills(streams)
            raise
        return sorted(results, key=lambda result: result.index)
    finally:
        if started_here:
            ray.shutdown()


def _wait_for_the_kills(streams: list[Any]) -> None:
    """Returns once every cancelled task has ended (or after a bounded wait). A kill is
    asynchronous: a run started at once on the same cluster could otherwise be handed a
    worker that dies under it (WorkerCrashedError; a CI run failed so)."""
    import ray

    deadline = time.monotonic() + 30
    for stream in streams:
        try:
            while time.monotonic() < deadline:
                ready, _ = ray.wait([stream], num_returns=1, timeout=1)
                if ready:
                    ray.get(next(stream), timeout=1)
        except (StopIteration, ray.exceptions.RayError):
            continue  # ended: cancelled, killed or exhausted
