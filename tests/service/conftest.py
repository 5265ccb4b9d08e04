"""Fixtures for the service tests: an app on a fresh database, bots in threads.

Every test using ``db_url`` (and so ``client``) runs on SQLite, and again on
PostgreSQL when ``BGBOT_TEST_DATABASE_URL`` names a server (e.g.
``postgresql+psycopg://postgres@127.0.0.1:5432/test``): each test gets a
schema of its own, dropped afterwards, so parallel runs never meet."""

from __future__ import annotations

import json
import os

import pytest
from databases import postgres_schema_url
from fastapi.testclient import TestClient

from boardgamesbot.service.api import create_app

POSTGRES = os.environ.get("BGBOT_TEST_DATABASE_URL")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'service.db'}"
        return
    if not POSTGRES:
        pytest.skip("BGBOT_TEST_DATABASE_URL is not set")
    with postgres_schema_url() as url:
        yield url


@pytest.fixture
def pg_url():
    """PostgreSQL only (multi-process tests)."""
    if not POSTGRES:
        pytest.skip("BGBOT_TEST_DATABASE_URL is not set")
    with postgres_schema_url() as url:
        yield url


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db=db_url)) as client:
        yield client


def create(client, game="tikal", seats=None, options=None, **extra):
    body = {"game": game, "seats": seats or [{"kind": "person", "name": "Ann"},
                                             {"kind": "bot", "level": "random"}],
            "options": options or {}, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def receive(ws, predicate, limit=5000):
    """Messages until one satisfies ``predicate``; returns it."""
    for _ in range(limit):
        message = json.loads(ws.receive_text())
        if predicate(message):
            return message
    raise AssertionError("no such message")


def send(ws, **message):
    ws.send_text(json.dumps(message))


def state_of(ws):
    send(ws, type="view")
    return receive(ws, lambda m: m["type"] == "state")


def play_to_end(ws, choose=None, limit=5000):
    """Play every decision of this connection's seat until the game is over.

    ``choose(actions)`` picks from the legal notations (default: 'end' when it can,
    else the first). Returns the last state message.
    """
    choose = choose or (lambda actions: "end" if "end" in actions else actions[0])
    asked_on = -1
    for _ in range(limit):
        message = json.loads(ws.receive_text())
        kind = message["type"]
        if kind == "error":
            assert message["error"]["code"] in ("stale_state", "game_over"), message
            asked_on = -1
        elif kind == "state":
            if message["table"]["status"] == "over":
                return message
            if message["your_turn"] and message["state_id"] > asked_on:
                asked_on = message["state_id"]
                send(ws, type="legal")
        elif kind == "legal" and message["actions"]:
            notations = [a["notation"] for a in message["actions"]]
            send(ws, type="act", action=choose(notations), state_id=message["state_id"])
    raise AssertionError("the game did not end")


def all_states(client, table_id, replay=None):
    """Every state of a finished game's replay, fetched a page at a time."""
    replay = replay or client.get(f"/api/tables/{table_id}/replay").json()
    states = list(replay["states"])
    while len(states) < replay["total"]:
        states += client.get(f"/api/tables/{table_id}/replay/states",
                             params={"from": len(states)}).json()["states"]
    return states
