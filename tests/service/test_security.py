"""A token acts only for its seat and sees only its seat; bad input gets a clear error
and leaves the table untouched."""

from __future__ import annotations

import json

import pytest

from .conftest import create, receive, send, state_of

PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


@pytest.fixture
def tikal(client):
    created = create(client, "tikal", seats=PEOPLE)
    return created["table"]["id"], [s["token"] for s in created["seats"]]


@pytest.fixture
def carto(client):
    created = create(client, "cartographers", seats=PEOPLE)
    return created["table"]["id"], [s["token"] for s in created["seats"]]


def untouched(client, table_id, before):
    after = client.get(f"/api/tables/{table_id}").json()
    assert (after["state_id"], after["actions"]) == (before["state_id"], before["actions"])


def test_a_token_cannot_act_for_another_seat(client, tikal):
    table_id, (ann, bob) = tikal
    before = client.get(f"/api/tables/{table_id}").json()
    assert before["to_act"] == [0]
    legal = client.get(f"/api/tables/{table_id}/legal", params={"token": ann}).json()
    response = client.post(f"/api/tables/{table_id}/actions", params={"token": bob},
                           json={"action": legal["actions"][0]["notation"], "state_id": 1})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "not_your_turn"
    assert response.json()["error"]["params"] == {"seat": 1, "current": 0}
    untouched(client, table_id, before)


def test_a_token_of_another_table_holds_no_seat_here(client, tikal):
    table_id, _ = tikal
    other = create(client, "tikal", seats=PEOPLE)["seats"][0]["token"]
    response = client.post(f"/api/tables/{table_id}/actions", params={"token": other},
                           json={"action": "end", "state_id": 1})
    assert response.status_code == 403 and response.json()["error"]["code"] == "bad_token"
    with client.websocket_connect(f"/ws/tables/{table_id}?token={other}") as ws:
        assert json.loads(ws.receive_text())["error"]["code"] == "bad_token"


def test_acting_needs_a_token(client, tikal):
    table_id, _ = tikal
    response = client.post(f"/api/tables/{table_id}/actions",
                           json={"action": "end", "state_id": 1})
    assert response.status_code == 401 and response.json()["error"]["code"] == "token_required"
    bad = client.get(f"/api/tables/{table_id}/view", headers={"Authorization": "Basic x"})
    assert bad.status_code == 401 and bad.json()["error"]["code"] == "bad_token"


def test_a_seat_never_sees_another_seats_hidden_choice(client, carto):
    """Cartographers: Ann's drawing stays hidden from Bob, spectators and the public log
    until the step resolves; then everybody sees it."""
    table_id, (ann, bob) = carto
    legal = client.get(f"/api/tables/{table_id}/legal", params={"token": ann}).json()
    choice = legal["actions"][0]["notation"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={bob}") as bob_ws, \
            client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        bob_first = state_of(bob_ws)
        spectator_first = state_of(spectator)
        acted = client.post(f"/api/tables/{table_id}/actions", params={"token": ann},
                            json={"action": choice, "state_id": legal["state_id"]})
        assert acted.status_code == 200
        bob_now = receive(bob_ws, lambda m: m["type"] == "state")
        spectator_now = receive(spectator, lambda m: m["type"] == "state")
        assert bob_now["view"] == bob_first["view"]
        assert spectator_now["view"] == spectator_first["view"]
        for token in (bob, None):
            params = {"token": token} if token else {}
            log = client.get(f"/api/tables/{table_id}/events", params=params).json()["events"]
            assert choice not in json.dumps(log)
            view = client.get(f"/api/tables/{table_id}/view", params=params).json()
            assert choice not in json.dumps(view)
        own = client.get(f"/api/tables/{table_id}/events", params={"token": ann}).json()
        assert own["events"][-1]["notation"] == choice
        # Bob's choice is not stale although Ann acted after his state: he could not see it.
        bob_legal = client.get(f"/api/tables/{table_id}/legal", params={"token": bob}).json()
        send(bob_ws, type="act", action=bob_legal["actions"][0]["notation"],
             state_id=bob_first["state_id"])
        assert receive(bob_ws, lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        released = receive(spectator, lambda m: m["type"] == "events"
                           and any(e.get("notation") == choice for e in m["events"]))
        assert released
    log = client.get(f"/api/tables/{table_id}/events").json()["events"]
    assert choice in json.dumps(log)


@pytest.mark.parametrize("text, code", [
    ("{not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"type": "fly"}', "unknown_message"),
    ('{"type": "act", "action": "jump around", "state_id": 1}', "bad_notation"),
    ('{"type": "act", "action": "place Z9", "state_id": 1}', None),
    ('{"type": "act", "action": 7, "state_id": 1}', "bad_action"),
    ('{"type": "act", "action": "end", "state_id": 0}', "stale_state"),
    ('{"type": "act", "action": "end", "state_id": 99}', "stale_state"),
    ('{"type": "act", "action": "end", "state_id": "1"}', "bad_state_id"),
    ('{"type": "act", "action": "end"}', "bad_state_id"),
    ('{"type": "act", "action": "end", "state_id": 1}', "place_tile_first"),
    ('{"type": "undo", "state_id": 1}', "nothing_to_undo"),
    ('{"type": "autopilot", "level": "genius"}', "unknown_bot"),
    ("x" * 5000, "message_too_large"),
])
def test_bad_messages_get_a_clear_error_and_change_nothing(client, tikal, text, code):
    table_id, (ann, _) = tikal
    before = client.get(f"/api/tables/{table_id}").json()
    with client.websocket_connect(f"/ws/tables/{table_id}?token={ann}") as ws:
        state_of(ws)
        ws.send_text(text)
        error = receive(ws, lambda m: m["type"] in ("error", "ack"))
        assert error["type"] == "error"
        assert set(error["error"]) == {"code", "message", "params"}
        if code:
            assert error["error"]["code"] == code
        else:
            assert error["error"]["code"] not in ("internal_error",)
        send(ws, type="ping", ref="still-open")
        assert receive(ws, lambda m: m["type"] == "pong")["ref"] == "still-open"
    untouched(client, table_id, before)


def test_an_illegal_action_carries_the_engines_code_and_params(client, tikal):
    table_id, (ann, _) = tikal
    response = client.post(f"/api/tables/{table_id}/actions", params={"token": ann},
                           json={"action": "move W A6 B5", "state_id": 1})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "place_tile_first"


def test_binary_frames_that_are_not_text_are_bad_json(client, tikal):
    table_id, (ann, _) = tikal
    with client.websocket_connect(f"/ws/tables/{table_id}?token={ann}") as ws:
        ws.send_bytes(b"\xff\xfe")
        assert receive(ws, lambda m: m["type"] == "error")["error"]["code"] == "bad_json"


def test_unknown_tables_are_clear_errors(client):
    for path in ("/api/tables/nope", "/api/tables/nope/view", "/api/tables/nope/replay",
                 "/api/tables/nope/events"):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["error"]["code"] == \
            "unknown_table"
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert json.loads(ws.receive_text())["error"]["code"] == "unknown_table"


def test_http_bodies_malformed_or_oversized_are_refused(client, tikal):
    table_id, (ann, _) = tikal
    response = client.post("/api/tables", content=b"{oops",
                           headers={"content-type": "application/json"})
    assert response.status_code == 422 and response.json()["error"]["code"] == "bad_json"
    big = client.post("/api/tables", content=b"{" + b" " * 70000 + b"}",
                      headers={"content-type": "application/json"})
    assert big.status_code == 413 and big.json()["error"]["code"] == "request_too_large"
    wrong = client.delete(f"/api/tables/{table_id}")
    assert wrong.status_code == 405 and wrong.json()["error"]["code"] == "method_not_allowed"
    early = client.get(f"/api/tables/{table_id}/replay")
    assert early.status_code == 409 and early.json()["error"]["code"] == "game_not_over"


def test_tokens_are_stored_only_as_hashes(client, tikal, db_url):
    import sqlalchemy

    table_id, tokens = tikal
    engine = sqlalchemy.create_engine(db_url)
    with engine.connect() as c:
        dump = json.dumps([list(map(str, r)) for r in c.execute(sqlalchemy.text(
            "select * from seats"))])
    engine.dispose()
    assert all(token not in dump for token in tokens)
