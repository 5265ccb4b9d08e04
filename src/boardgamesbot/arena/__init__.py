"""The arena: reproducible tournaments between bots, with ratings.

A bot is only as good as the games that prove it, so the arena plays many
games between a fixed lineup of bots and reports what a reader needs to trust
a claim such as "greedy beats random 97% of the time": shared wins, a
confidence interval, scores, a skill rating and how long each decision took.

Three rules make the numbers trustworthy:

* **Seats rotate.** ``lineup`` names one bot per seat; game ``i`` (from 0)
  seats ``lineup[(seat - i) % players]``, so each game every bot moves one
  seat on and, over every block of ``players`` games, each lineup entry sits
  in every seat once. ``games`` must be a whole number of rotations, so no
  bot profits from a first-player advantage.
* **Everything is seeded.** Game ``i``'s seed comes from the arena seed and
  ``i``; each bot's seed from the game seed and its seat. A game is played
  the same way in any process, so the results do not depend on ``workers``
  (only the measured times do).
* **Bots must be correct.** A decision that raises or is illegal stops the
  run with a `BotFailure` naming the bot, the game seed and the action.

The package: `local` sets an arena up and plays its games on this machine,
`ray` plays them as Ray tasks on a cluster, `standings` turns results into
statistics and tables; `run` (here) picks the backend. Every public name is
importable from ``boardgamesbot.arena``.

>>> arena = plan("tikal", ["random", "random"], games=2, seed=1)
>>> standings = summarize(arena, run(arena))
>>> sum(bot.wins for bot in standings.bots)
2.0
"""

from __future__ import annotations

from collections.abc import Callable

# The package's public names are its parts' (each part's __all__ says which), and `run`.
from boardgamesbot.arena import local, standings
from boardgamesbot.arena.local import *  # noqa: F403
from boardgamesbot.arena.local import Arena, ArenaError, GameResult, run_locally
from boardgamesbot.arena.ray import run_on_ray
from boardgamesbot.arena.standings import *  # noqa: F403

__all__ = ["run"]
__all__ += local.__all__
__all__ += standings.__all__

BACKENDS = ("local", "ray")


def run(
    arena: Arena,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[GameResult]:
    """Play every game of ``arena``; results in game order, the same for every backend.

    ``backend="local"``: ``workers`` processes on this machine. One worker
    plays in this process (simple to debug, and games registered only here
    work). More use fresh ("spawn") processes: nothing leaks from this
    process into a game, and it behaves the same on every platform.

    ``backend="ray"``: the games run as Ray tasks, several games per task, on
    the cluster at ``address`` (``"auto"`` or ``HOST:PORT``; needs ``pip
    install 'boardgamesbot[ray]'`` on every node), or on a local Ray started
    with ``workers`` CPUs when ``address`` is None. If Ray is already
    initialized in this process, that cluster is used.

    ``on_result`` is called as each game finishes (for a progress bar).
    """
    if not isinstance(workers, int) or workers <= 0:
        raise ArenaError(f"--workers must be at least 1, not {workers}", code="bad_workers")
    if backend not in BACKENDS:
        raise ArenaError(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}",
                         code="bad_backend")
    if address is not None and backend != "ray":
        raise ArenaError("--address is for --backend ray", code="bad_backend")
    if backend == "ray":
        return run_on_ray(arena, workers, on_result, address)
    return run_locally(arena, workers, on_result)
