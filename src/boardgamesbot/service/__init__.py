"""The game service: tables, seats, clocks, undo, event logs, and the HTTP/WebSocket API.

The domain:

* `tables` — one table's rules of hosting (seats, tokens, state ids, undo, sealing
  hidden choices in the log), and what each state shares with every request;
* `clock` — none, per-decision or bank clocks;
* `lobby` — all tables of a server (`Lobby`), made of named parts: `memory` (the
  tables in memory), `writes` (revision-checked writes, group commit), `watchers`
  (outboxes and fan-out; `outbox`: one connection's), `presence` (live connections
  counted over every process) and `jobs` (bots' and clocks' decisions);
* `bots` — bots choosing off the event loop, through the `Driver`'s seat window;
* `fanout` — "table T is at revision R" across processes; `worker` — ``bgbot worker``.

The API (`api.create_app`, served by ``bgbot serve``): `schemas`, `middleware`,
`http`, `routes` (one router per area), `live` (the WebSocket), `fastlane` (the
requests of a move, without FastAPI's per-request work), `websocket` (uvicorn's
protocol with bounded closes), `openapi` and `patches`; `collector` sets Python's
garbage collector for a server process once it has started. JSON text comes from
`boardgamesbot.jsontext`, which the store shares.
"""

from .errors import ServiceError
from .tables import Table

__all__ = ["ServiceError", "Table", "create_app"]


def create_app(*args, **kwargs):
    from .api import create_app as make

    return make(*args, **kwargs)
