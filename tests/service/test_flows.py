"""Whole games through the API: create, join by invitation, start, play to the end
against bots over the WebSocket, spectate, replay."""

from __future__ import annotations

import json

import pytest

from boardgamesbot.engine import Record

from .conftest import all_states, create, play_to_end, receive, send


def test_tikal_person_against_a_bot_to_the_end_then_replay(client):
    created = create(client, "tikal")
    table, token = created["table"], created["seats"][0]["token"]
    assert created["invite"] is None and table["status"] == "playing"
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
        final = play_to_end(ws)
    assert final["table"]["result"]["winners"]
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["status"] == "over" and summary["result"]["winners"]
    replay = client.get(f"/api/tables/{table['id']}/replay").json()
    record = Record.from_json(json.dumps(replay["record"]))
    assert record.replay().is_over()
    assert len(all_states(client, table["id"], replay)) == len(record.actions) + 1
    assert replay["result"] == summary["result"]
    events = replay["events"]
    assert [e["type"] for e in events][:2] == ["created", "started"]
    assert events[-1]["type"] == "over"
    actions = [e for e in events if e["type"] == "action"]
    assert {e["by"] for e in actions} == {"person", "bot"}
    assert all(e["notation"] and e["action"]["type"] for e in actions)


def test_tikal_auction_two_friends_join_by_invitation_and_a_bot(client):
    created = create(client, "tikal", options={"variant": "auction"},
                     seats=[{"kind": "person", "name": "Ann"}, {"kind": "open"},
                            {"kind": "bot", "level": "easy"}])
    table_id, invite = created["table"]["id"], created["invite"]
    assert created["table"]["status"] == "open" and created["table"]["open_seats"] == [1]
    assert client.get(f"/api/tables/{table_id}/view").json()["view"] is None
    joined = client.post(f"/api/invites/{invite}", json={"name": "Bob"}).json()
    assert joined["seat"] == 1 and joined["table"]["status"] == "playing"
    again = client.post(f"/api/invites/{invite}", json={"name": "Eve"})
    assert again.status_code == 404 and again.json()["error"]["code"] == "unknown_invite"
    view = client.get(f"/api/tables/{table_id}/view",
                      headers={"Authorization": f"Bearer {joined['token']}"}).json()
    assert view["seat"] == 1 and view["view"]["auction"]["round"] == 1


def test_start_early_fills_open_seats_with_bots(client):
    created = create(client, "tikal", seats=[{"kind": "person"}, {"kind": "open"},
                                             {"kind": "open"}])
    table_id, token = created["table"]["id"], created["seats"][0]["token"]
    refused = client.post(f"/api/tables/{table_id}/start", json={}, params={"token": token})
    assert refused.status_code == 409
    assert refused.json()["error"] == {"code": "table_not_full", "message": refused.json()[
        "error"]["message"], "params": {"open": [1, 2]}}
    started = client.post(f"/api/tables/{table_id}/start", json={"fill": "random"},
                          params={"token": token}).json()
    assert started["status"] == "playing"
    assert [s["kind"] for s in started["seats"]] == ["person", "bot", "bot"]
    assert client.post(f"/api/invites/{created['invite']}", json={}).status_code == 404


def test_only_the_host_starts_early_and_the_next_seated_hosts_when_the_host_leaves(client):
    """Any friend's "Start now" started the table for everyone: only the host (the person
    seated longest) may. In the waiting room a person renames themself, or leaves; the
    host leaving hands the table to the next person seated."""
    created = create(client, "tikal", seats=[{"kind": "person"}, {"kind": "open"},
                                             {"kind": "open"}, {"kind": "open"}])
    table_id, ann = created["table"]["id"], created["seats"][0]["token"]
    assert created["table"]["host"] == 0
    bea = client.post(f"/api/invites/{created['invite']}", json={"name": "Bea"}).json()
    cid = client.post(f"/api/invites/{created['invite']}", json={"name": "Cid"}).json()
    url = f"/api/tables/{table_id}"

    refused = client.post(f"{url}/start", json={"fill": "random"}, params={"token": bea["token"]})
    assert refused.status_code == 403, refused.text
    assert refused.json()["error"]["code"] == "not_host"
    assert refused.json()["error"]["params"]["host"] == 0
    assert client.get(url).json()["status"] == "open"

    # Renaming oneself: shown to everyone; empty is no name; too long is refused.
    renamed = client.post(f"{url}/name", json={"name": " Ana "}, params={"token": ann})
    assert renamed.status_code == 200 and renamed.json()["seats"][0]["name"] == "Ana"
    too_long = client.post(f"{url}/name", json={"name": "x" * 41}, params={"token": ann})
    assert too_long.status_code == 422
    assert client.post(f"{url}/name", json={"name": ""},
                       params={"token": cid["token"]}).json()["seats"][2]["name"] == ""
    assert client.post(f"{url}/name", json={"name": "Ana"}).status_code == 401
    assert [s["name"] for s in client.get(url).json()["seats"]] == ["Ana", "Bea", "", ""]

    # The host leaves: Bea, seated next, hosts; Ana's seat is open and her token holds none.
    left = client.post(f"{url}/leave", params={"token": ann})
    assert left.status_code == 200, left.text
    assert left.json()["host"] == 1 and left.json()["open_seats"] == [0, 3]
    events = client.get(f"{url}/events").json()["events"]
    assert [(e["type"], e.get("name"), e.get("host")) for e in events[-2:]] == [
        ("renamed", "", None), ("left", "Ana", 1)]
    assert client.post(f"{url}/leave", params={"token": ann}).status_code == 403
    refused = client.post(f"{url}/start", json={"fill": "random"}, params={"token": cid["token"]})
    assert refused.status_code == 403 and refused.json()["error"]["params"]["host"] == 1
    started = client.post(f"{url}/start", json={"fill": "random"},
                          params={"token": bea["token"]})
    assert started.status_code == 200, started.text
    assert [s["kind"] for s in started.json()["seats"]] == ["bot", "person", "person", "bot"]
    assert started.json()["host"] is None
    # Renaming oneself during the game too ("Player 2" gives her name once it has begun):
    # everyone reads who it was; a wrong token or a bad name is refused and changes nothing.
    late = client.post(f"{url}/name", json={"name": "Bia"}, params={"token": bea["token"]})
    assert late.status_code == 200, late.text
    assert [s["name"] for s in late.json()["seats"]][1:3] == ["Bia", ""]
    def renames():  # (the bots seated at the start play meanwhile: their moves are events)
        return [(e["seat"], e["name"], e["was"]) for e in
                client.get(f"{url}/events").json()["events"] if e["type"] == "renamed"]
    assert renames() == [(0, "Ana", ""), (2, "", "Cid"), (1, "Bia", "Bea")]
    elsewhere = create(client, "cartographers", seats=[{"kind": "person"}])["seats"][0]["token"]
    for token, name, status, code in [(elsewhere, "Eve", 403, "bad_token"),
                                      (None, "Eve", 401, "token_required"),
                                      # (as in the waiting room: the page's own words)
                                      (cid["token"], "x" * 41, 422, "bad_name")]:
        refused = client.post(f"{url}/name", json={"name": name},
                              params={"token": token} if token else {})
        assert refused.status_code == status and refused.json()["error"]["code"] == code
    after = client.get(url).json()
    assert [s["name"] for s in after["seats"]][1:3] == ["Bia", ""]
    assert len(renames()) == 3
    # (the same name again tells nobody)
    client.post(f"{url}/name", json={"name": "Bia"}, params={"token": bea["token"]})
    assert len(renames()) == 3

    # The last person to leave a waiting room takes the table away: left empty, it counted
    # against its creator's tables in play for ever.
    alone = create(client, "tikal", seats=[{"kind": "person"}, {"kind": "open"}])
    url = f"/api/tables/{alone['table']['id']}"
    assert client.post(f"{url}/leave", params={"token": alone["seats"][0]["token"]}
                       ).json()["open_seats"] == [0, 1]
    assert client.get(url).status_code == 404
    assert client.post(f"/api/invites/{alone['invite']}", json={}).status_code == 404


def test_cartographers_person_and_bot_to_the_end_with_a_spectator(client):
    created = create(client, "cartographers", options={"side": "B"},
                     seats=[{"kind": "person", "name": "Ann"},
                            {"kind": "bot", "level": "random"}])
    table_id, token = created["table"]["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        first = receive(spectator, lambda m: m["type"] == "state")
        assert first["seat"] is None and "you" not in first["view"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            final = play_to_end(ws)
        assert final["view"]["over"]
        seen = receive(spectator, lambda m: m["type"] == "state"
                       and m["table"]["status"] == "over")
        assert seen["view"]["winners"] == final["view"]["winners"]
        send(spectator, type="act", action="pass", state_id=seen["state_id"])
        error = receive(spectator, lambda m: m["type"] == "error")
        assert error["error"]["code"] == "spectator"
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["record"]["options"] == {"side": "B"}
    assert all_states(client, table_id, replay)[-1]["over"]


def test_cartographers_solo_to_the_end(client):
    created = create(client, "cartographers", seats=[{"kind": "person", "name": "Solo"}])
    table_id, token = created["table"]["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        final = play_to_end(ws)
    assert final["view"]["solo"]["title"]
    # A finished game keeps the names it was played under (its record, its result).
    url = f"/api/tables/{table_id}"
    refused = client.post(f"{url}/name", json={"name": "Ana"}, params={"token": token})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_over"
    assert client.get(url).json()["seats"][0]["name"] == "Solo"


def test_the_lobby_lists_tables_and_serves_games_and_help(client):
    create(client, "tikal")
    open_table = create(client, "tikal", seats=[{"kind": "person"}, {"kind": "open"}])
    listed = client.get("/api/tables", params={"status": "open"}).json()
    assert [t["id"] for t in listed] == [open_table["table"]["id"]]
    assert "invite" not in json.dumps(listed)
    assert len(client.get("/api/tables").json()) == 2
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["cartographers"]["max_players"] == 100
    names = client.get("/api/help").json()["documents"]
    assert "tikal-notation" in names and "cartographers-rules" in names
    for name in names:
        text = client.get(f"/api/help/{name}")
        assert text.status_code == 200 and text.headers["content-type"].startswith(
            "text/markdown") and text.text.startswith("#")
    assert client.get("/api/help/passwd").json()["error"]["code"] == "unknown_help"
    assert client.get("/api/openapi.json").json()["paths"]["/api/tables"]


@pytest.mark.parametrize("body, code", [
    ({"game": "chess", "seats": [{"kind": "person"}]}, "unknown_game"),
    ({"game": "tikal", "seats": [{"kind": "person"}]}, "bad_player_count"),
    ({"game": "tikal", "seats": [{"kind": "person"}] * 2, "options": {"variant": "x"}},
     None),
    ({"game": "tikal", "seats": [{"kind": "person"}] * 2, "options": {"speed": "x"}},
     "bad_option"),
    ({"game": "tikal", "seats": [{"kind": "person"}, {"kind": "bot", "level": "god"}]},
     "unknown_bot"),
    ({"game": "tikal", "seats": [{"kind": "person"}] * 2, "clock": {"mode": "bank"}},
     "bad_clock"),
    ({"game": "tikal", "seats": [{"kind": "chair"}] * 2}, "bad_request"),
])
def test_creating_a_bad_table_is_refused_with_a_code(client, body, code):
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["message"] and isinstance(error["params"], dict)
    if code:
        assert error["code"] == code


def test_a_browser_front_end_is_served_at_the_root_beside_the_api(tmp_path, db_url):
    from fastapi.testclient import TestClient

    from boardgamesbot.service.api import create_app

    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<h1>BoardGamesBot</h1>")
    with TestClient(create_app(db=db_url, static_dir=static)) as client:
        assert "BoardGamesBot" in client.get("/").text
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/nowhere").json()["error"]["code"] == "not_found"


def test_bgbot_serve_is_a_command_with_its_options():
    from click.testing import CliRunner

    from boardgamesbot.cli import main

    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--db", "--data-dir", "--host", "--port", "--bot-workers"):
        assert option in result.output


def test_the_default_database_lives_in_a_data_directory_it_creates(tmp_path):
    from boardgamesbot.store import default_url

    url = default_url(tmp_path / "data")
    assert (tmp_path / "data").is_dir() and url.endswith("data/boardgamesbot.db")


def test_a_person_without_a_name_has_none_stored(client):
    """No stored words for an unnamed seat: whatever language they were in, everyone at the
    table would see them. Each face names the seat in its viewer's language."""
    created = create(client, "tikal", seats=[{"kind": "person"}, {"kind": "open"}])
    assert [s["name"] for s in created["table"]["seats"]] == ["", ""]
    joined = client.post(f"/api/invites/{created['invite']}", json={"name": "  "}).json()
    assert joined["table"]["seats"][1]["name"] == ""
    events = client.get(f"/api/tables/{created['table']['id']}/events").json()["events"]
    assert next(e for e in events if e["type"] == "joined")["name"] == ""
