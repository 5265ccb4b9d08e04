"""Undo inside a turn, clocks that hand a late seat to a bot, and autopilot."""

from __future__ import annotations

import time

from .conftest import create, receive, send, state_of

PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def act(client, table_id, token, action, state_id):
    return client.post(f"/api/tables/{table_id}/actions", params={"token": token},
                       json={"action": action, "state_id": state_id})


def view(client, table_id, token=None):
    params = {"token": token} if token else {}
    return client.get(f"/api/tables/{table_id}/view", params=params).json()


def test_undo_takes_back_actions_inside_the_turn_but_not_across_its_end(client):
    created = create(client, "tikal", seats=PEOPLE, seed=3)
    table_id = created["table"]["id"]
    ann, bob = (s["token"] for s in created["seats"])
    start = view(client, table_id, ann)
    legal = client.get(f"/api/tables/{table_id}/legal", params={"token": ann}).json()
    place = legal["actions"][0]["notation"]
    assert act(client, table_id, ann, place, 1).status_code == 200
    assert act(client, table_id, ann, "enter W A6", 2).status_code == 200
    assert view(client, table_id, ann)["can_undo"]
    assert not view(client, table_id, bob)["can_undo"]
    refused = client.post(f"/api/tables/{table_id}/undo", params={"token": bob},
                          json={"state_id": 3})
    assert refused.json()["error"]["code"] == "undo_not_yours"
    undone = client.post(f"/api/tables/{table_id}/undo", params={"token": ann},
                         json={"state_id": 3}).json()
    assert undone["undone"] and undone["state_id"] == 4
    undone = client.post(f"/api/tables/{table_id}/undo", params={"token": ann},
                         json={"state_id": 4}).json()
    assert view(client, table_id, ann)["view"] == start["view"]
    assert client.get(f"/api/tables/{table_id}").json()["actions"] == 0
    # Play the turn to its end: the next tile is drawn, nothing can be taken back.
    assert act(client, table_id, ann, place, 5).status_code == 200
    assert act(client, table_id, ann, "end", 6).status_code == 200
    refused = client.post(f"/api/tables/{table_id}/undo", params={"token": ann},
                          json={"state_id": 7})
    assert refused.json()["error"]["code"] == "undo_barrier"
    legal = client.get(f"/api/tables/{table_id}/legal", params={"token": bob}).json()
    assert act(client, table_id, bob, legal["actions"][0]["notation"], 7).status_code == 200
    assert act(client, table_id, bob, "end", 8).status_code == 200
    # Ann's turn now: Bob cannot act on his old state, Ann cannot undo Bob's turn.
    assert act(client, table_id, bob, "end", 8).json()["error"]["code"] == "stale_state"
    refused = client.post(f"/api/tables/{table_id}/undo", params={"token": ann},
                          json={"state_id": 9})
    assert refused.json()["error"]["code"] == "undo_not_yours"
    log = client.get(f"/api/tables/{table_id}/events").json()["events"]
    assert [e["type"] for e in log].count("undo") == 2


def test_undo_refused_when_the_action_ended_the_turn(client):
    created = create(client, "tikal", seats=[PEOPLE[0], {"kind": "person"}], seed=3)
    table_id, ann = created["table"]["id"], created["seats"][0]["token"]
    legal = client.get(f"/api/tables/{table_id}/legal", params={"token": ann}).json()
    act(client, table_id, ann, legal["actions"][0]["notation"], 1)
    act(client, table_id, ann, "end", 2)
    response = client.post(f"/api/tables/{table_id}/undo", params={"token": ann},
                           json={"state_id": 3})
    assert response.status_code == 409 and response.json()["error"]["code"] == "undo_barrier"


def test_cartographers_a_choice_can_be_taken_back_until_the_step_resolves(client):
    created = create(client, "cartographers", seats=PEOPLE + [{"kind": "person"}])
    table_id = created["table"]["id"]
    ann, bob, _ = (s["token"] for s in created["seats"])
    with client.websocket_connect(f"/ws/tables/{table_id}?token={ann}") as ws:
        first = state_of(ws)
        assert first["view"]["you"]["choice"] is None
        send(ws, type="legal")
        legal = receive(ws, lambda m: m["type"] == "legal")
        send(ws, type="act", action=legal["actions"][0]["notation"], state_id=first["state_id"])
        chosen = receive(ws, lambda m: m["type"] == "state")
        assert chosen["view"]["you"]["choice"] and chosen["can_undo"]
        send(ws, type="undo", state_id=chosen["state_id"])
        back = receive(ws, lambda m: m["type"] == "state")
        assert back["view"]["you"]["choice"] is None and not back["can_undo"]
    log = client.get(f"/api/tables/{table_id}/events", params={"token": bob}).json()["events"]
    assert [e["type"] for e in log] == ["created", "started"]


def test_the_last_to_choose_in_a_simultaneous_step_is_told_a_new_step_began(client):
    """Ann chooses last: the card resolves and her next decision follows at once, her
    `your_turn` true throughout; `step` is what tells the two decisions apart (a face fits
    the board to each). A choice that can be taken back does not move it, nor its undo."""
    created = create(client, "cartographers", seats=PEOPLE, seed=7)
    table_id = created["table"]["id"]
    ann, bob = (s["token"] for s in created["seats"])

    def first_legal(token):
        legal = client.get(f"/api/tables/{table_id}/legal", params={"token": token}).json()
        return legal["actions"][0]["notation"]

    start = view(client, table_id, ann)
    assert start["your_turn"] and start["step"] == 0
    assert act(client, table_id, bob, first_legal(bob), start["state_id"]).status_code == 200
    chosen = view(client, table_id, bob)
    assert chosen["can_undo"] and chosen["step"] == 0
    back = client.post(f"/api/tables/{table_id}/undo", params={"token": bob},
                       json={"state_id": chosen["state_id"]}).json()
    assert back["undone"] and view(client, table_id, ann)["step"] == 0
    waiting = view(client, table_id, ann)
    assert act(client, table_id, bob, first_legal(bob), waiting["state_id"]).status_code == 200
    assert view(client, table_id, ann)["your_turn"] and view(client, table_id, ann)["step"] == 0
    assert act(client, table_id, ann, first_legal(ann),
               view(client, table_id, ann)["state_id"]).status_code == 200
    after = view(client, table_id, ann)
    assert after["your_turn"] and not after["can_undo"] and after["step"] == 1


def test_a_person_out_of_time_is_played_by_the_tables_bot_and_the_log_says_so(client):
    created = create(client, "tikal", seats=[PEOPLE[0], {"kind": "bot", "level": "random"}],
                     clock={"mode": "decision", "seconds": 0.2, "level": "random"})
    table_id = created["table"]["id"]
    assert view(client, table_id)["clock"]["mode"] == "decision"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        log = client.get(f"/api/tables/{table_id}/events").json()["events"]
        if any(e.get("by") == "clock" for e in log):
            break
        time.sleep(0.05)
    by_clock = [e for e in log if e.get("by") == "clock"]
    assert by_clock and by_clock[0]["seat"] == 0


def test_a_bank_clock_runs_down_and_then_the_bot_plays(client):
    created = create(client, "cartographers", seats=[PEOPLE[0]],
                     clock={"mode": "bank", "seconds": 0.3, "level": "random"})
    table_id = created["table"]["id"]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        summary = client.get(f"/api/tables/{table_id}").json()
        if summary["actions"] >= 3:
            break
        time.sleep(0.05)
    assert summary["actions"] >= 3
    assert view(client, table_id)["clock"]["remaining"]["0"] == 0


def test_a_person_hands_the_seat_to_a_bot_and_takes_it_back(client):
    created = create(client, "tikal", seats=[PEOPLE[0], {"kind": "bot", "level": "random"}])
    table_id, ann = created["table"]["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={ann}") as ws:
        state_of(ws)
        send(ws, type="autopilot", level="random")
        assert receive(ws, lambda m: m["type"] == "ack")["autopilot"] == "random"
        receive(ws, lambda m: m["type"] == "state" and m["table"]["actions"] >= 6)
        send(ws, type="autopilot", level=None)
        assert receive(ws, lambda m: m["type"] == "ack")["autopilot"] is None
    time.sleep(0.3)
    settled = client.get(f"/api/tables/{table_id}").json()
    time.sleep(0.3)
    again = client.get(f"/api/tables/{table_id}").json()
    assert again["actions"] == settled["actions"] and again["to_act"] == [0]
    log = client.get(f"/api/tables/{table_id}/events").json()["events"]
    assert [e["level"] for e in log if e["type"] == "autopilot"] == ["random", None]
    assert any(e.get("by") == "autopilot" for e in log)
