"""Each action event carries the action as data (kind, cost, code + params), read before it
was applied: the log says "(2 AP)" from it and never parses the English `text`."""

from __future__ import annotations

from .conftest import create

PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def test_a_tikal_action_event_holds_the_cost_and_words_the_legal_action_offered(client):
    created = create(client, "tikal", seats=PEOPLE, seed=3)
    table_id = created["table"]["id"]
    ann = created["seats"][0]["token"]
    offered = []
    state_id = 1
    for kind in ("place", "enter", "move"):
        legal = client.get(f"/api/tables/{table_id}/legal", params={"token": ann}).json()
        choice = next(a for a in legal["actions"] if a["type"] == kind)
        offered.append(choice)
        answer = client.post(f"/api/tables/{table_id}/actions", params={"token": ann},
                             json={"action": choice["notation"], "state_id": state_id})
        assert answer.status_code == 200, answer.json()
        state_id = answer.json()["state_id"]
    events = client.get(f"/api/tables/{table_id}/events").json()["events"]
    infos = [e["info"] for e in events if e["type"] == "action"]
    assert infos == [{k: v for k, v in a.items() if k != "text"} for a in offered]
    # A move's cost depends on the board before it: read then, not after.
    assert infos[2]["type"] == "move" and infos[2]["cost"]["ap"] >= 1
    assert infos[1]["cost"] == {"ap": 1} and infos[0]["cost"] == {}
