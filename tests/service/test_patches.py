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


DICTS = st.dictionaries(st.sampled_from("abcde"), VALUES, max_size=5)


@settings(max_examples=300, deadline=None)
@given(DICTS, DICTS, st.lists(st.booleans(), min_size=10, max_size=10), VALUES, VALUES,
       VALUES, VALUES)
def test_a_step_already_diffed_gives_the_same_ops(before, after, own, mine_then, mine_now,
                                                  rest_then, rest_now):
    """A seat's view made over the public view's objects (some entries its own) takes
    the public diff's ops for the shared entries: the same ops, in the same order, as
    comparing everything — whatever is shared, equal or not."""
    old_view = {k: (mine_then if own[i] else v) for i, (k, v) in enumerate(before.items())}
    new_view = {k: (mine_now if own[5 + i] else v) for i, (k, v) in enumerate(after.items())}
    old = {"table": rest_then, "view": old_view, "seat": 0}
    new = {"table": rest_now, "view": new_view, "seat": 0}
    step = ("view", before, after, diff(before, after))
    assert diff(old, new, step) == diff(old, new)
    assert diff(old, new, ("view", {}, {}, [])) == diff(old, new)


def test_a_view_over_the_public_one_takes_its_ops():
    before = {"viewer": None, "board": {"A1": 1, "A2": 2}, "score": [0, 0]}
    after = {"viewer": None, "board": {"A1": 1, "A2": 3}, "score": [0, 1]}
    old = {"state_id": 1, "view": {**before, "viewer": 0}}
    new = {"state_id": 2, "view": {**after, "viewer": 0}}
    step = ("view", before, after, diff(before, after))
    assert diff(old, new, step) == [[["state_id"], 2], [["view", "board", "A2"], 3],
                                    [["view", "score", 1], 1]]
