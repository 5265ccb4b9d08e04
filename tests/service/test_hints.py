"""Hints through the API: the hard bot's best actions for the seat, with reasons; none at a
table created without hints."""

from __future__ import annotations

from .conftest import create


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_a_seat_gets_three_hints_with_reasons_for_its_own_decision(client):
    made = create(client, "tikal")
    table, token = made["table"]["id"], made["seats"][0]["token"]
    assert made["table"]["hints"] is True
    state = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
    answer = client.post(f"/api/tables/{table}/hint", headers=bearer(token),
                         json={"state_id": state["state_id"]})
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert found["state_id"] == state["state_id"] and 1 <= len(found["hints"]) <= 3
    legal = {a["notation"] for a in client.get(f"/api/tables/{table}/legal",
                                                headers=bearer(token)).json()["actions"]}
    for hint in found["hints"]:
        assert hint["notation"] in legal
        assert hint["reason"]["code"] and isinstance(hint["reasons"], list)
    again = client.get(f"/api/tables/{table}/view", headers=bearer(token)).json()
    assert again["state_id"] == state["state_id"]  # nothing was played


def test_a_table_without_hints_refuses_and_says_so(client):
    made = create(client, "cartographers", seats=[{"kind": "person", "name": "Ann"}],
                  hints=False)
    table, token = made["table"]["id"], made["seats"][0]["token"]
    assert made["table"]["hints"] is False
    answer = client.post(f"/api/tables/{table}/hint", headers=bearer(token),
                         json={"state_id": made["table"]["state_id"]})
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "hints_disabled"


def test_hints_need_the_seat_token_a_fresh_state_and_a_decision(client):
    made = create(client, "tikal")
    table, token = made["table"]["id"], made["seats"][0]["token"]
    state_id = made["table"]["state_id"]
    assert client.post(f"/api/tables/{table}/hint", json={"state_id": state_id}).json()[
        "error"]["code"] == "token_required"
    stale = client.post(f"/api/tables/{table}/hint", headers=bearer(token),
                        json={"state_id": state_id + 5})
    assert stale.json()["error"]["code"] == "stale_state"
    assert client.post(f"/api/tables/{table}/hint", headers=bearer(token),
                       json={"state_id": "1"}).status_code == 422
