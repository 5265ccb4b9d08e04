"""Lean state messages: the changes from the last state a connection was sent.

A connection that offers the ``patches`` subprotocol gets, after its first full
``state``, ``{"type": "patch", "state_id", "ops"}`` messages. Each op is
``[path, value]`` (set the value at ``path``: a list of object keys and list
indices; ``[]`` is the whole state) or ``[path]`` (delete that key). Objects are
compared key by key and lists of equal length index by index, so a move in a
30-seat drawing game sends the cells that changed, not 30 sheets.

>>> diff({"a": 1, "b": [1, 2], "c": 3}, {"a": 1, "b": [1, 5], "d": 4})
[[['b', 1], 5], [['d'], 4], [['c']]]
>>> apply({"a": 1, "b": [1, 2], "c": 3}, _) == {"a": 1, "b": [1, 5], "d": 4}
True
"""

from __future__ import annotations

import copy
from typing import Any


def diff(old: Any, new: Any) -> list[list]:
    """The ops that turn ``old`` into ``new`` (JSON-like values)."""
    ops: list[list] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: list, ops: list[list]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        _diff_dicts(old, new, path, ops)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        _diff_lists(old, new, path, ops)
    else:
        ops.append([path, new])


# The two walks below are most of a patch's cost (a state message is mostly unchanged):
# an unchanged entry is passed over by one comparison, without a call.

def _diff_dicts(old: dict, new: dict, path: list, ops: list[list]) -> None:
    added = 0
    for key, value in new.items():
        if key not in old:
            added += 1
            ops.append([[*path, key], value])
        else:
            was = old[key]
            # (an unchanged part is often the same object: a game may keep it across
            # states; `!=` would still look inside it)
            if was is not value and was != value:
                _diff(was, value, [*path, key], ops)
    if len(old) != len(new) - added:  # some of old's keys are gone (in old's order)
        for key in old:
            if key not in new:
                ops.append([[*path, key]])


def _diff_lists(old: list, new: list, path: list, ops: list[list]) -> None:
    for index, was in enumerate(old):
        value = new[index]
        if was is not value and was != value:
            _diff(was, value, [*path, index], ops)


def apply(value: Any, ops: list[list]) -> Any:
    """``value`` with ``ops`` applied (a copy; what a client does)."""
    root = copy.deepcopy(value)
    for op in ops:
        path = op[0]
        if not path:
            root = copy.deepcopy(op[1])
            continue
        node = root
        for key in path[:-1]:
            node = node[key]
        if len(op) == 2:
            node[path[-1]] = copy.deepcopy(op[1])
        else:
            del node[path[-1]]
    return root
