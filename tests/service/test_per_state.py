"""Once per state: a table's views, legal actions (with descriptions) and summary are
made once and shared by every watcher and request of that state, made again after
each change (an action, an undo, a join), and never pile up."""

from __future__ import annotations

import json
import random

import pytest

from boardgamesbot.service.tables import Table

PEOPLE = [{"kind": "person"}, {"kind": "person"}]


@pytest.fixture
def counted(monkeypatch):
    """How often the game made a view and a legal list (Tikal's own methods, counted)."""
    from boardgamesbot.games.tikal.state import TikalState

    counts = {"view": 0, "legal": 0}
    view, legal = TikalState.view, TikalState.legal_actions

    def counted_view(self, player):
        counts["view"] += 1
        return view(self, player)

    def counted_legal(self, player):
        counts["legal"] += 1
        return legal(self, player)

    monkeypatch.setattr(TikalState, "view", counted_view)
    monkeypatch.setattr(TikalState, "legal_actions", counted_legal)
    return counts


def fresh_legal(table: Table, seat: int) -> list[dict]:
    state = table.state
    return [{**state.action_info(seat, a), "text": state.describe(a)}
            for a in state.legal_actions(seat)]


def test_every_request_of_one_state_shares_one_view_and_one_legal_list(counted):
    table, _, _ = Table.create("tikal", {}, PEOPLE, None, seed=3)
    seat = table.awaited()[0]
    counted["view"] = counted["legal"] = 0
    first = [table.view(seat), table.view(None), table.legal(seat), table.legal_json(seat),
             table.state_message(seat), table.summary()]
    for _ in range(5):  # five more watchers or requests of the same state
        again = [table.view(seat), table.view(None), table.legal(seat), table.legal_json(seat),
                 table.state_message(seat), table.summary()]
        assert all(a is b for a, b in zip(first[:4], again[:4]))
        assert again[4]["view"] is first[0] and again[5] is first[5]
    # The seat's view and one list: the spectator's view was made for the start's event.
    assert counted == {"view": 1, "legal": 1}
    assert json.loads(first[3]) == first[2] == fresh_legal(table, seat)


def test_an_action_an_undo_and_a_join_make_them_again():
    table, _, _ = Table.create("tikal", {}, PEOPLE, None, seed=3)
    rng = random.Random(1)
    for _ in range(40):  # actions, with an undo whenever one may be taken back
        seat = table.awaited()[0]
        before = table.legal(seat)
        if table.can_undo(seat) and rng.random() < 0.3:
            table.undo(seat, table.version)
        else:
            table.act(seat, rng.choice(before)["notation"], table.version)
        seat = table.awaited()[0]
        assert table.view(seat) == table.state.view(seat)
        assert table.view(None) == table.state.view(None)
        assert table.legal(seat) == fresh_legal(table, seat)
        assert json.loads(table.legal_json(seat)) == table.legal(seat)
        assert table.summary()["state_id"] == table.version
        assert table.summary()["actions"] == len(table.record.actions)
        # One state's worth is kept, however long the game: per seat a view, a legal
        # list and its JSON, and the spectator's view.
        assert len(table.per_state.made) <= 3 * len(table.seats) + 1

    waiting, _, _ = Table.create("tikal", {}, [{"kind": "person"}, {"kind": "open"}])
    assert waiting.summary()["open_seats"] == [1]
    waiting.join("Ana")  # a write that moves the revision, not only the state
    assert waiting.summary()["open_seats"] == []
    assert waiting.summary()["seats"][1]["name"] == "Ana"
    assert waiting.summary()["status"] == "playing"
