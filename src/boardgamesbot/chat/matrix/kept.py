"""What the bot keeps in small JSON files beside its crypto store, across restarts:
the open menus (`menus`), where each room's table lives (`threads`), people's
reactions and the "leave this game?" questions (`reactions`), the bot's own recent
messages with who could read them (`sent`) and which rooms are groups (`groups`).

One way for all of them: a file is written whole at each change (to a partial file
first, then renamed over the old one, so a crash mid-write leaves the old one), and
one that cannot be read — damaged by hand, or from a version that wrote it otherwise
— is ignored with a warning: the bot starts with nothing remembered rather than not
at all. What grows with use is bounded (`remember`): the latest are what matter.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


def load(path: Path | None, read: Callable[[Any], T]) -> T | None:
    """``read`` applied to what ``path`` holds; None when there is no such file, or
    when it (or ``read``) finds it unreadable (logged)."""
    if path is None or not path.exists():
        return None
    try:
        return read(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
        log.warning("ignoring unreadable %s: %s", path, error)
        return None


def save(path: Path | None, data: Any) -> None:
    """``data`` written to ``path`` whole (nothing when there is no file to keep)."""
    if path is None:
        return
    partial = path.with_suffix(".partial")
    partial.write_text(json.dumps(data), encoding="utf-8")
    partial.replace(path)


def remember(recent: OrderedDict[K, V], key: K, value: V, bound: int) -> None:
    """``key`` -> ``value`` as the most recent, keeping only the latest ``bound``."""
    recent[key] = value
    recent.move_to_end(key)
    while len(recent) > bound:
        recent.popitem(last=False)

