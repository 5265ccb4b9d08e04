"""The fast lane (`service.fastlane`) answers exactly as FastAPI's routes do: the same
status, JSON and security headers for every request of a move, refusals included, and
whatever it declines reaches FastAPI whole (a body it read is replayed)."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from boardgamesbot.service.api import create_app

HOT_SEAT = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]
SECURITY = ("content-security-policy", "x-frame-options", "x-content-type-options",
            "referrer-policy", "content-type")


@pytest.fixture
def lanes(db_url):
    """Two apps on one database: with the fast lane, and without (FastAPI only)."""
    with TestClient(create_app(db=db_url)) as fast, \
            TestClient(create_app(db=db_url, fast_lane=False)) as slow:
        yield fast, slow


def same(lanes, method, path, **kwargs):
    fast, slow = lanes
    one = fast.request(method, path, **kwargs)
    two = slow.request(method, path, **kwargs)
    assert one.status_code == two.status_code, (path, one.text, two.text)
    assert one.json() == two.json(), path
    for header in SECURITY:
        assert one.headers.get(header) == two.headers.get(header), header
    return one


def test_both_lanes_answer_a_whole_game_alike(lanes, monkeypatch):
    fast, slow = lanes
    answered = count_fast_answers(monkeypatch)
    created = slow.post("/api/tables", json={"game": "tikal", "seats": HOT_SEAT,
                                             "options": {"variant": "basic"}, "seed": 4})
    table_id = created.json()["table"]["id"]
    tokens = [s["token"] for s in created.json()["seats"]]
    rng = random.Random(1)
    same(lanes, "GET", "/api/health")
    for step in range(60):
        table = same(lanes, "GET", f"/api/tables/{table_id}").json()
        if table["status"] == "over":
            break
        seat = table["to_act"][0]
        bearer = {"authorization": f"Bearer {tokens[seat]}"}
        same(lanes, "GET", f"/api/tables/{table_id}/view")
        same(lanes, "GET", f"/api/tables/{table_id}/view", headers=bearer)
        same(lanes, "GET", f"/api/tables/{table_id}/view?token={tokens[1 - seat]}")
        legal = same(lanes, "GET", f"/api/tables/{table_id}/legal", headers=bearer).json()
        same(lanes, "GET", f"/api/tables/{table_id}/legal?token={tokens[seat]}")
        # Refusals: not your turn or a stale state (judged alike, nothing changes).
        same(lanes, "POST", f"/api/tables/{table_id}/actions", headers={
            "authorization": f"Bearer {tokens[1 - seat]}"},
             json={"action": "end", "state_id": legal["state_id"]})
        same(lanes, "POST", f"/api/tables/{table_id}/actions", headers=bearer,
             json={"action": "not an action", "state_id": legal["state_id"]})
        choice = rng.choice(legal["actions"])["notation"]
        lane = (fast, slow)[step % 2]
        answer = lane.post(f"/api/tables/{table_id}/actions", headers=bearer,
                           json={"action": choice, "state_id": legal["state_id"]})
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"type": "ack", "ref": None,
                                 "state_id": legal["state_id"] + 1, "action": choice}
    same(lanes, "GET", f"/api/tables/{table_id}/events")  # FastAPI's in both
    # The fast lane did answer all of them in its app (FastAPI's routes, in the other).
    assert answered == {"health_of": 1, "table_of": 60, "view_of": 180, "legal_of": 120,
                        "act_of": 150}


def count_fast_answers(monkeypatch) -> dict:
    from boardgamesbot.service import fastlane

    answered = {}

    def counting(name, original):
        def counted(*args):
            answered[name] = answered.get(name, 0) + 1
            return original(*args)

        return counted

    for name in ("health_of", "table_of", "view_of", "legal_of", "act_of"):
        monkeypatch.setattr(fastlane, name, counting(name, getattr(fastlane, name)))
    return answered


def test_both_lanes_refuse_alike(lanes):
    fast, slow = lanes
    created = slow.post("/api/tables", json={"game": "tikal", "seats": HOT_SEAT}).json()
    table_id, token = created["table"]["id"], created["seats"][0]["token"]
    state_id = created["table"]["state_id"]
    body = {"action": "end", "state_id": state_id}
    for method, path, kwargs in [
        ("GET", "/api/tables/nope", {}),
        ("GET", "/api/tables/nope/legal", {"headers": {"authorization": f"Bearer {token}"}}),
        ("GET", f"/api/tables/{table_id}/legal", {}),  # token_required
        ("GET", f"/api/tables/{table_id}/legal?token=someone-else", {}),  # bad_token
        ("GET", f"/api/tables/{table_id}/legal", {"headers": {"authorization": "Basic x"}}),
        ("GET", f"/api/tables/{table_id}/view?token={'x' * 300}", {}),  # declined: 422
        ("GET", f"/api/tables/{table_id}/view?token={token}&token=x", {}),  # declined
        ("GET", f"/api/tables/{table_id}/legal?token=a%20b", {}),  # declined
        ("POST", f"/api/tables/{table_id}/actions", {"json": body}),  # token_required
        ("POST", f"/api/tables/{table_id}/actions?token={token}",
         {"json": {"action": "end", "state_id": state_id + 7}}),  # stale_state
        ("POST", f"/api/tables/{table_id}/actions?token={token}",
         {"json": {"action": "end", "state_id": True}}),  # declined: bad_state_id
        ("POST", f"/api/tables/{table_id}/actions?token={token}",
         {"json": {"action": 5, "state_id": state_id}}),  # declined: bad_action
        ("POST", f"/api/tables/{table_id}/actions?token={token}",
         {"json": {"action": "x" * 201, "state_id": state_id}}),  # declined
        ("POST", f"/api/tables/{table_id}/actions?token={token}",
         {"json": [1, 2]}),  # declined: bad_request
        ("POST", f"/api/tables/{table_id}/actions?token={token}",
         {"content": b"{not json", "headers": {"content-type": "application/json"}}),
        ("POST", f"/api/tables/{table_id}/actions?token={token}",
         {"content": b"x" * (70 * 1024), "headers": {"content-type": "application/json"}}),
        ("POST", f"/api/tables/{table_id}/actions?token={token}",
         {"content": b'{"action": "end", "state_id": 1}',
          "headers": {"content-type": "text/plain"}}),
    ]:
        same(lanes, method, path, **kwargs)
    # Nothing refused changed the table.
    assert fast.get(f"/api/tables/{table_id}").json()["state_id"] == state_id


def test_a_friend_who_joined_through_another_process_plays_here(lanes):
    """A move finds its seat on this process's cached table without reading it first; a
    token the cached copy does not know yet is looked for on the table as it is now."""
    here, there = lanes
    created = here.post("/api/tables", json={"game": "tikal", "seats": [
        {"kind": "open"}, {"kind": "person", "name": "Ann"}]}).json()
    table_id = created["table"]["id"]
    assert here.get(f"/api/tables/{table_id}").json()["status"] == "open"  # cached here
    joined = there.post(f"/api/invites/{created['invite']}", json={"name": "Bo"}).json()
    assert joined["seat"] == 0
    tokens = {0: joined["token"], 1: created["seats"][0]["token"]}
    table = there.get(f"/api/tables/{table_id}").json()
    seat = table["to_act"][0]
    legal = there.get(f"/api/tables/{table_id}/legal?token={tokens[seat]}").json()
    answer = here.post(f"/api/tables/{table_id}/actions?token={tokens[seat]}", json={
        "action": legal["actions"][0]["notation"], "state_id": legal["state_id"]})
    assert answer.status_code == 200, answer.text
    wrong = here.post(f"/api/tables/{table_id}/actions?token=not-a-seat", json={
        "action": "end", "state_id": answer.json()["state_id"]})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"


def test_the_fast_lane_answers_before_fastapi_is_entered(lanes, monkeypatch):
    """FastAPI's own entry (an OpenTelemetry look-up and two layers per request) is left
    out for the fast lane's requests, and still reached for everything it declines."""
    from fastapi import FastAPI

    entered = []
    original = FastAPI.__call__

    async def counted(self, scope, receive, send):
        if scope["type"] == "http":
            entered.append(scope["path"])
        return await original(self, scope, receive, send)

    monkeypatch.setattr(FastAPI, "__call__", counted)
    fast, slow = lanes
    assert fast.get("/api/health").status_code == 200
    assert entered == []
    assert fast.get("/api/games").status_code == 200  # not the lane's: FastAPI answers
    assert slow.get("/api/health").status_code == 200
    assert entered == ["/api/games", "/api/health"]
