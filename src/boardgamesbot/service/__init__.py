"""The game service: tables, seats, clocks, undo, event logs, and the HTTP/WebSocket API.

* `tables` — one table's rules of hosting (seats, tokens, state ids, undo, sealing
  hidden choices in the log);
* `clock` — none, per-decision or bank clocks;
* `lobby` — all tables of a server: store commits, watchers, bots, timers;
* `bots` — bots choosing off the event loop;
* `api` — the FastAPI app (`create_app`), served by ``bgbot serve``.
"""

from .errors import ServiceError
from .tables import Table

__all__ = ["ServiceError", "Table", "create_app"]


def create_app(*args, **kwargs):
    from .api import create_app as make

    return make(*args, **kwargs)
