"""What one accepted change of a table is made of: the `Change` the store commits and
the watchers are told, an action as data, and the public diff an event carries."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any

from boardgamesbot.engine import Action
from boardgamesbot.store import ActionRow, EventRow, JobRow, Quota, SeatRow, TableRow

from .patches import diff


def view_diff(before: Any, after: Any) -> list[list]:
    """What changed from one public view to the next, as ``[path, value]`` pairs
    (``[path]`` alone: the key is gone). Lists of another length are replaced whole.

    The log in the browser rebuilds every public view from the start view and these
    diffs: that is how it shows what an action revealed (a drawn volcano, a treasure
    wafer, an ambush, a scoring round) without the service knowing any game. The same
    ops as a WebSocket patch (`patches.diff`), which walks only into the parts that
    differ (compared in C), so most of a view costs one comparison."""
    return [] if before == after else diff(before, after)


def action_data(action: Action) -> dict:
    """An action as structured data: its type and fields."""
    data = {"type": type(action).__name__}
    for name in _field_names(type(action)):
        value = getattr(action, name)
        data[name] = value if isinstance(value, (int, str, bool, type(None))) else str(value)
    return data


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    """A dataclass's field names, read once per class (`dataclasses.fields` builds its
    answer anew on every call); none for another class."""
    return tuple(f.name for f in dataclasses.fields(kind)) if dataclasses.is_dataclass(
        kind) else ()


@dataclass
class Change:
    """One accepted change: what to commit (`Store.commit` arguments) and to announce."""

    version: int | None = None
    status: str | None = None
    result: dict | None = None
    clear_invite: bool = False
    seats: list[SeatRow] = field(default_factory=list)
    add_actions: list[ActionRow] = field(default_factory=list)
    drop_actions_from: int | None = None
    events: list[EventRow] = field(default_factory=list)
    unseal: bool = False
    keep_private: list[int] = field(default_factory=list)
    released: list[EventRow] = field(default_factory=list)  # sealed events now public
    expected: int = 0  # the revision the change was computed from
    since: list[int] | None = None
    clock_started: dict | None = None
    jobs: list[JobRow] | None = field(default_factory=list)  # None: leave them as they are
    quota: Quota | None = None  # a limit the lobby has the store check with the commit
    # A new table written in the same transaction (a rematch, with the note of it).
    create: TableRow | None = None
    create_jobs: list[JobRow] = field(default_factory=list)
    # The table is deleted instead (its rows go with it): the last person left its waiting
    # room, and an empty table would count against its creator's quota for ever.
    delete: bool = False

    def commit_arguments(self) -> dict:
        return {name: getattr(self, name) for name in _COMMITTED}


# `Store.commit`'s arguments: every field of a change but the events it released.
_COMMITTED = tuple(name for name in _field_names(Change) if name != "released")
