"""The service side of the browser's log and replay: public view diffs on the events
(from which the log rebuilds what each action revealed) and replay steps that stay in
step with the boards after an undo."""

from __future__ import annotations

import copy
import random

from boardgamesbot.service.tables import Table, view_diff


def apply_diff(view, diff):
    """The browser's `applyDiff` (log.js), in Python, to check the diffs are complete."""
    view = copy.deepcopy(view)
    for change in diff:
        path = change[0]
        target = view
        for key in path[:-1]:
            target = target[key]
        if len(change) == 1:
            del target[path[-1]]
        else:
            target[path[-1]] = copy.deepcopy(change[1])
    return view


def test_view_diff_round_trips():
    before = {"a": 1, "b": [1, 2], "c": {"x": "y", "gone": 1}, "rows": ["..", ".."]}
    after = {"a": 2, "b": [1, 2, 3], "c": {"x": "z", "new": [1]}, "rows": ["..", ".M"]}
    diff = view_diff(before, after)
    assert apply_diff(before, diff) == after
    assert [["rows", 1], ".M"] in diff, "a changed sheet line travels alone"
    assert view_diff(after, after) == []


def play(table, rng, count):
    for _ in range(count):
        if table.status != "playing":
            return
        seat = table.awaited()[0]
        action = rng.choice(table.state.legal_actions(seat))
        table.act(seat, str(action), table.version, by="person")


def test_the_events_rebuild_every_public_view():
    table, _, _ = Table.create("tikal", {}, [{"kind": "person"}] * 3, seed=4)
    rng = random.Random(2)
    view = next(e for e in table.events if e.kind == "started").data["view"]
    play(table, rng, 150)
    for event in table.events:
        if event.kind in ("action", "undo"):
            view = apply_diff(view, event.data.get("public", []))
    assert view == table.spectator_view()


def test_replay_steps_match_the_boards_after_an_undo():
    """Play, undo, play again, finish: step n's label is the action that made board n."""
    table, _, _ = Table.create("tikal", {}, [{"kind": "person"}] * 2, seed=9)
    seat = table.awaited()[0]
    table.act(seat, sorted(str(a) for a in table.state.legal_actions(seat))[0], table.version)
    enter = next(str(a) for a in table.state.legal_actions(seat) if str(a).startswith("enter"))
    table.act(seat, enter, table.version)
    table.undo(seat, table.version)
    table.act(seat, enter, table.version)
    rng = random.Random(1)
    while table.status == "playing":
        play(table, rng, 50)
    replay = table.replay()
    steps, states = replay["steps"], replay["states"]
    while len(states) < replay["total"]:  # the states come a page at a time
        states += table.replay_states(len(states))["states"]
    assert len(steps) == len(states) - 1 == len(table.record.actions)
    assert steps[1]["notation"] == enter
    # Each step's action, applied to the board before it, gives the board after it.
    state = table.record.new_state()
    for index, step in enumerate(steps):
        state.apply(step["seat"], step["notation"])
        assert state.view(None) == states[index + 1]
    undone = [e for e in replay["events"] if e["type"] == "action"]
    assert len(undone) == len(steps) + 1, "the taken-back action keeps its event"
