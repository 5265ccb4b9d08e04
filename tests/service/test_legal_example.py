"""A line the service cannot read is answered with an example the seat may play now
(`State.read_action`; tests/test_legal_examples.py for the other faces): the browser says
it in its reader's language from these params."""

from __future__ import annotations

from .conftest import create


def test_the_service_shows_an_action_allowed_now(client):
    """The browser (and any client of the API) is answered with the same example."""
    created = create(client, "tikal", seed=3)
    table_id, ann = created["table"]["id"], created["seats"][0]["token"]
    legal = [action["notation"] for action in client.get(
        f"/api/tables/{table_id}/legal", params={"token": ann}).json()["actions"]]
    answer = client.post(f"/api/tables/{table_id}/actions", params={"token": ann},
                         json={"action": "place Z9", "state_id": 1})
    assert answer.status_code == 422, answer.json()
    error = answer.json()["error"]
    assert error["code"] == "bad_notation"
    assert error["params"]["example"] in legal and "place C4 r2" not in legal
