"""A rematch is the same game again with the same people: whoever at a finished table asks
first creates it, the finished table is told (so every friend's page offers to join), each
friend takes their own seat in it, and a computer's seat stays a computer's."""

from __future__ import annotations

import pytest

from .conftest import create, play_to_end

FRIENDS = [{"kind": "person", "name": "Ann"}, {"kind": "open"}]


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def play_out(client, table_id, tokens):
    """Every decision of the people holding ``tokens`` until the game is over."""
    for _ in range(500):
        state = client.get(f"/api/tables/{table_id}/view").json()
        if state["table"]["status"] == "over":
            return state
        seat = state["to_act"][0]
        legal = client.get(f"/api/tables/{table_id}/legal", headers=auth(tokens[seat])).json()
        notations = [a["notation"] for a in legal["actions"]]
        action = "end" if "end" in notations else notations[0]
        answer = client.post(f"/api/tables/{table_id}/actions", headers=auth(tokens[seat]),
                             json={"action": action, "state_id": legal["state_id"]})
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


def test_a_rematch_keeps_each_friend_their_seat_and_tells_the_finished_table(client):
    created = create(client, "hidden-nim", seats=FRIENDS)
    old = created["table"]["id"]
    bob = client.post(f"/api/invites/{created['invite']}", json={"name": "Bob"}).json()
    tokens = {0: created["seats"][0]["token"], 1: bob["token"]}
    play_out(client, old, tokens)
    assert client.get(f"/api/tables/{old}").json()["rematch"] is None

    # Bob asks first: any person at the table may.
    started = client.post(f"/api/tables/{old}/rematch", headers=auth(tokens[1]))
    assert started.status_code == 201, started.text
    rematch = started.json()
    new = rematch["table"]["id"]
    assert new != old and rematch["seat"] == 1 and rematch["invite"]
    assert rematch["table"]["status"] == "open" and rematch["table"]["open_seats"] == [0]
    assert [(s["kind"], s["name"]) for s in rematch["table"]["seats"]] == [("open", ""),
                                                                          ("person", "Bob")]
    # The finished table says so, to everyone at it (summary and an event).
    assert client.get(f"/api/tables/{old}").json()["rematch"] == new
    events = client.get(f"/api/tables/{old}/events", headers=auth(tokens[0])).json()["events"]
    assert events[-1]["type"] == "rematch" and events[-1]["table"] == new
    assert events[-1]["seat"] == 1

    # Ann's "Rematch" (or "Join the rematch") takes her own seat in the same rematch.
    joined = client.post(f"/api/tables/{old}/rematch", headers=auth(tokens[0]))
    assert joined.status_code == 201, joined.text
    assert joined.json()["seat"] == 0 and joined.json()["table"]["id"] == new
    assert joined.json()["invite"] is None
    summary = client.get(f"/api/tables/{new}").json()
    assert summary["status"] == "playing"
    assert [(s["kind"], s["name"]) for s in summary["seats"]] == [("person", "Ann"),
                                                                  ("person", "Bob")]
    view = client.get(f"/api/tables/{new}/view", headers=auth(joined.json()["token"])).json()
    assert view["seat"] == 0

    # Asked again (a double tap, another tab): the same seat and token, nothing changed.
    for seat, first in ((0, joined.json()), (1, rematch)):
        again = client.post(f"/api/tables/{old}/rematch", headers=auth(tokens[seat]))
        assert again.status_code == 201, again.text
        assert (again.json()["table"]["id"], again.json()["seat"], again.json()["token"]) == (
            new, seat, first["token"])
    assert client.get(f"/api/tables/{new}").json()["seats"] == summary["seats"]
    assert client.get(f"/api/tables/{old}").json()["rematch"] == new


def test_a_rematch_is_refused_to_strangers_and_before_the_end(client):
    created = create(client, "hidden-nim", seats=FRIENDS)
    old = created["table"]["id"]
    bob = client.post(f"/api/invites/{created['invite']}", json={"name": "Bob"}).json()
    early = client.post(f"/api/tables/{old}/rematch", headers=auth(bob["token"]))
    assert early.status_code == 409 and early.json()["error"]["code"] == "rematch_not_over"
    play_out(client, old, {0: created["seats"][0]["token"], 1: bob["token"]})
    other = create(client, "hidden-nim", seats=FRIENDS)
    stranger = client.post(f"/api/tables/{old}/rematch",
                           headers=auth(other["seats"][0]["token"]))
    assert stranger.status_code == 403 and stranger.json()["error"]["code"] == "bad_token"
    nobody = client.post(f"/api/tables/{old}/rematch")
    assert nobody.status_code == 401
    assert client.get(f"/api/tables/{old}").json()["rematch"] is None


def test_a_computer_seat_stays_a_computer_seat(client):
    created = create(client, "hidden-nim", seats=[{"kind": "person", "name": "Ann"},
                                                  {"kind": "bot", "level": "random"}])
    old, token = created["table"]["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{old}?token={token}") as ws:
        play_to_end(ws)
    rematch = client.post(f"/api/tables/{old}/rematch", headers=auth(token)).json()
    # Nobody to wait for: it starts at once, the computer at its level.
    assert rematch["table"]["status"] == "playing" and rematch["invite"] is None
    assert [(s["kind"], s["level"]) for s in rematch["table"]["seats"]] == [
        ("person", None), ("bot", "random")]
    assert rematch["table"]["options"] == created["table"]["options"]


@pytest.mark.parametrize("seats", [(0, 1), (0, 0)], ids=["friends", "double-tap"])
def test_two_rematches_asked_at_once_make_one_table_both_friends_sit_at(db_url, monkeypatch,
                                                                         seats):
    """Ann and Bob tap "Rematch" at the same instant (or Ann twice), each request served by
    another process: one rematch is made and the other request takes its seat in it (the
    same seat and token again for Ann's second tap). Two were made, and the one never
    announced stayed open and empty, counted in its creator's tables in play."""
    import threading

    from fastapi.testclient import TestClient

    from boardgamesbot.service.api import create_app
    from boardgamesbot.service.tables import Table

    with TestClient(create_app(db=db_url)) as one, TestClient(create_app(db=db_url)) as two:
        created = create(one, "hidden-nim", seats=FRIENDS)
        old = created["table"]["id"]
        bob = one.post(f"/api/invites/{created['invite']}", json={"name": "Bob"}).json()
        tokens = {0: created["seats"][0]["token"], 1: bob["token"]}
        play_out(one, old, tokens)
        assert two.get(f"/api/tables/{old}").json()["status"] == "over"
        # Both requests read the finished table before either writes (the race).
        barrier, original = threading.Barrier(2, timeout=10), Table.rematch_seats
        waiting = [2]

        def at_once(table, seat):
            if waiting[0]:
                waiting[0] -= 1
                barrier.wait()
            return original(table, seat)

        monkeypatch.setattr(Table, "rematch_seats", at_once)
        answers: dict = {}

        def ask(client, n, seat):
            answers[n] = client.post(f"/api/tables/{old}/rematch", headers=auth(tokens[seat]))

        threads = [threading.Thread(target=ask, args=(client, n, seat))
                   for n, (client, seat) in enumerate(zip((one, two), seats))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert [answers[n].status_code for n in (0, 1)] == [201, 201], answers[1].text
        rematches = {answer.json()["table"]["id"] for answer in answers.values()}
        assert len(rematches) == 1, rematches
        new, = rematches
        assert [answers[n].json()["seat"] for n in (0, 1)] == list(seats)
        assert one.get(f"/api/tables/{old}").json()["rematch"] == new
        summary = two.get(f"/api/tables/{new}").json()
        if seats == (0, 1):
            assert summary["status"] == "playing"
            assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob"]
            # No other table: nothing open left over.
            assert one.get("/api/tables", params={"status": "open"}).json() == []
        else:  # the same seat and token twice; Bob's seat still kept for him
            assert answers[0].json()["token"] == answers[1].json()["token"]
            assert summary["open_seats"] == [1]
            assert [t["id"] for t in one.get("/api/tables", params={"status": "open"}).json()
                    ] == [new]
