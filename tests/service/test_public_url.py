"""``bgbot serve --public-url``: the page opened at another address is sent to the public
one (so the browser's links use it); the API and the WebSocket answer anywhere."""

from __future__ import annotations

from fastapi.testclient import TestClient

from boardgamesbot.service.api import create_app

PUBLIC = "https://games.example.org"


def test_pages_go_to_the_public_address_and_the_api_answers_anywhere(db_url):
    with TestClient(create_app(db=db_url, public_url=PUBLIC + "/")) as client:
        assert client.app.state.public_url == PUBLIC
        page = client.get("/table.js?v=2", follow_redirects=False)
        assert page.status_code == 307 and page.headers["location"] == f"{PUBLIC}/table.js?v=2"
        assert client.get("/", follow_redirects=False).headers["location"] == f"{PUBLIC}/"
        at_home = client.get("/", headers={"host": "games.example.org"})
        assert at_home.status_code == 200 and "<html" in at_home.text.lower()
        assert client.get("/api/health").status_code == 200
        created = client.post("/api/tables", json={"game": "tikal", "seats": [
            {"kind": "person"}, {"kind": "open"}]})
        assert created.status_code == 201
        table_id = created.json()["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert ws.receive_json()["type"] in ("events", "state")


def test_without_a_public_url_pages_answer_at_any_address(db_url):
    with TestClient(create_app(db=db_url)) as client:
        assert client.app.state.public_url is None
        assert client.get("/", follow_redirects=False).status_code == 200
