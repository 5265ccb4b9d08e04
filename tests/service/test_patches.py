"""The patch ops (`service/patches.py`): applying ``diff(old, new)`` to ``old`` gives
``new`` for any JSON-like values, and equal parts send nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgamesbot.service.patches import apply, diff

SCALARS = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["a", "b", ""])
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.sampled_from("abcde"), inner, max_size=4),
                      max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(VALUES, VALUES)
def test_a_patch_turns_the_old_value_into_the_new(old, new):
    ops = diff(old, new)
    assert apply(old, ops) == new
    if old == new and isinstance(old, (dict, list)) and type(old) is type(new):
        assert ops == []


def test_ops_name_the_changed_entries_in_order_deletions_last():
    old = {"a": 1, "b": [1, {"x": 2, "y": 3}], "c": 3, "d": [1]}
    new = {"a": 1, "b": [1, {"x": 2, "y": 4}], "e": 5, "d": [1, 2]}
    assert diff(old, new) == [[["b", 1, "y"], 4], [["e"], 5], [["d"], [1, 2]], [["c"]]]
