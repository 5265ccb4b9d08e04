"""Python's garbage collector, set for a server process's heap.

A server keeps every table it serves in memory: each table's state, its current views
and legal lists (made once per state, `views.PerState`), its events. So most container
objects made while playing stay alive until the next state, and the collector's young
generation, collected every 700 net allocations by default, finds nearly everything
in it alive and promotes it; the oldest generation is then walked whole every few
seconds. Measured on the action path (docs/benchmarks.md, issue 31, session 36: 50
tables, ~5,800 actions): the collector took ~0.2 ms of CPU per action — a quarter of
the path — and each full collection held the event loop 135–250 ms, longer than the
p99 the service is held to. ``gc.freeze()`` once started moves what the start made
(modules, the games' precomputed tables, the app) out of every later collection, and
young collections every 5,000 allocations instead of 700 promote what lives on as
before but run 7 times less often: ~0.06 ms per action, no full collection in a run,
and the longest pause ~40 ms (a middle collection).

Cycles still die: objects unreachable through a cycle are found by the young and middle
collections as before, only later; the oldest generation is collected after 100 middle
ones (and, as Python does anyway, only once it has grown by a quarter). Only a server
process calls this (`api.create_app` with ``collector=True``, which ``bgbot serve``
asks for, and ``bgbot worker``): frozen objects are never freed, which a process that
builds many apps one after another, like the tests, must not do.
"""

from __future__ import annotations

import gc

# (young, middle, oldest): collect the young generation after this many net container
# allocations, the middle after this many young collections, the oldest after this
# many middle ones. Python's defaults are (700, 10, 10).
THRESHOLDS = (5_000, 10, 100)


def settle() -> None:
    """Once the process has started: collect what the start left, keep the rest out of
    later collections for good, and collect less often from now on."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
