"""The store: versioned schema, and tables, seats, records, logs and results that survive
a restart — on SQLite, and on PostgreSQL when BGBOT_TEST_DATABASE_URL names a server."""

from __future__ import annotations

import pytest
import sqlalchemy
from fastapi.testclient import TestClient

from boardgamesbot.engine import GameError
from boardgamesbot.service.api import create_app
from boardgamesbot.service.tables import Table
from boardgamesbot.store import SCHEMA_VERSION, Store, models

from .conftest import POSTGRES, create, postgres_schema_url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    if not POSTGRES:
        pytest.skip("BGBOT_TEST_DATABASE_URL is not set")
    with postgres_schema_url() as url:  # a schema of its own: the database may be shared
        yield url


def test_the_schema_is_versioned_and_upgrading_twice_changes_nothing(store_url):
    store = Store(store_url)
    assert store.schema_version() == SCHEMA_VERSION
    store.close()
    again = Store(store_url)
    assert again.schema_version() == SCHEMA_VERSION
    again.close()


def test_a_version_4_database_gains_the_live_connection_counts(store_url):
    """Version 5: the presence table, which limits on live connections count in."""
    from boardgamesbot.store import migrations

    engine = sqlalchemy.create_engine(store_url)
    with engine.begin() as c:
        models.schema_version.create(c)
        for version in (1, 2, 3, 4):
            migrations.STEPS[version](c)
        c.execute(models.schema_version.insert().values(version=4))
    engine.dispose()
    store = Store(store_url)
    assert store.schema_version() == SCHEMA_VERSION >= 5
    assert store.admit("p", [("watch", "t", 1)], until=1e12) is None
    assert store.admit("q", [("watch", "t", 1)], until=1e12) == "watch"
    store.close()


def test_a_database_newer_than_the_program_is_refused(store_url):
    Store(store_url).close()
    engine = sqlalchemy.create_engine(store_url)
    with engine.begin() as c:
        c.execute(models.schema_version.update().values(version=SCHEMA_VERSION + 1))
    engine.dispose()
    with pytest.raises(GameError) as error:
        Store(store_url)
    assert error.value.code == "schema_too_new"


def play(store, table, moves):
    """Apply ``moves`` legal actions (people's), committing each like the lobby does."""
    for _ in range(moves):
        seat = table.awaited()[0]
        action = str(table.state.legal_actions(seat)[0])
        change = table.act(seat, action, table.version)
        store.commit(table.id, at=0.0, **change.commit_arguments())


def test_tables_seats_records_and_logs_survive_a_restart(store_url):
    store = Store(store_url)
    table, tokens, invite = Table.create("tikal", {"variant": "auction"},
                                         [{"kind": "person", "name": "Ann"}, {"kind": "open"}],
                                         {"mode": "bank", "seconds": 600})
    store.create_table(table.row())
    seat, token, change = table.join("Bob")
    store.commit(table.id, at=0.0, **change.commit_arguments())
    play(store, table, 12)
    store.close()

    reopened = Store(store_url)
    row = reopened.load(table.id)
    again = Table(row)
    assert again.state.to_json() == table.state.to_json()
    assert again.version == table.version and again.status == "playing"
    assert again.record.actions == table.record.actions
    assert [s.name for s in again.seats] == ["Ann", "Bob"]
    assert all(s.token_hash and s.token_hash not in (tokens[0], token) for s in again.seats)
    assert [e.n for e in again.events] == [e.n for e in table.events]
    assert row.invite_hash is None and reopened.table_for_invite(invite) is None
    reopened.close()


def test_finished_results_survive_a_restart(store_url):
    store = Store(store_url)
    table, _, _ = Table.create("cartographers", {}, [{"kind": "person"}], None, seed=5)
    store.create_table(table.row())
    while table.status == "playing":
        play(store, table, 1)
    store.close()
    reopened = Store(store_url)
    row = reopened.load(table.id)
    assert row.status == "over" and row.result == table.result
    assert Table(row).state.is_over()
    assert reopened.table_ids(["over"]) == [table.id]
    reopened.close()


def test_undo_drops_the_action_and_a_taken_back_choice_stays_private(store_url):
    store = Store(store_url)
    table, _, _ = Table.create("cartographers", {}, [{"kind": "person"}] * 2, None, seed=5)
    store.create_table(table.row())
    play(store, table, 1)  # seat 0 chooses; the step stays open
    assert table.events[-1].sealed
    change = table.undo(0, table.version)
    store.commit(table.id, at=0.0, **change.commit_arguments())
    play(store, table, 2)  # both choose: the step resolves
    store.close()
    reopened = Store(store_url)
    row = reopened.load(table.id)
    assert [a.n for a in row.actions] == [0, 1]
    taken_back = [e for e in row.events if e.kind in ("action", "undo")][:2]
    assert all(e.private == 0 and not e.sealed for e in taken_back)
    public = [e for e in row.events if e.kind == "action"][1:]
    assert all(e.private is None for e in public)
    reopened.close()


def test_the_service_resumes_its_tables_after_a_restart(store_url):
    with TestClient(create_app(db=store_url)) as client:
        created = create(client, "tikal", seats=[{"kind": "person"}, {"kind": "person"}])
        table_id, token = created["table"]["id"], created["seats"][0]["token"]
        legal = client.get(f"/api/tables/{table_id}/legal", params={"token": token}).json()
        client.post(f"/api/tables/{table_id}/actions", params={"token": token},
                    json={"action": legal["actions"][0]["notation"], "state_id": 1})
        before = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
    with TestClient(create_app(db=store_url)) as client:
        after = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
        assert after == before


def test_a_write_on_a_stale_revision_is_refused_and_writes_nothing(store_url):
    """The revision check of the direct write path: a change computed on revision r is
    refused once another write took the table past r — no action, event or job of it
    is kept — and the same change on the current revision goes through."""
    from boardgamesbot.store import StaleTable

    store = Store(store_url)
    table, _, _ = Table.create("tikal", {}, [{"kind": "person"}, {"kind": "bot",
                                                                  "level": "random"}])
    store.create_table(table.row(), table.jobs())
    first = Table(store.load(table.id))
    second = Table(store.load(table.id))
    seat = first.awaited()[0]
    action = str(first.state.legal_actions(seat)[0])
    winner = first.act(seat, action, first.version)
    loser = second.act(seat, action, second.version)  # made on the same revision
    store.commit(table.id, at=1.0, **winner.commit_arguments())
    jobs = [(j.seat, j.kind, j.since) for j in store.jobs(table.id)]
    with pytest.raises(StaleTable):
        store.commit(table.id, at=2.0, **loser.commit_arguments())
    row = store.load(table.id)
    assert row.revision == first.revision and len(row.actions) == 1
    assert [e.n for e in row.events] == [e.n for e in first.events]
    assert [(j.seat, j.kind, j.since) for j in store.jobs(table.id)] == jobs
    assert store.revision(table.id) == first.revision
    store.close()


def test_a_partial_load_brings_the_new_events_and_the_sealed_ones_as_they_are_now(store_url):
    """`Store.load(after_event=…, events=[…])`: what a process catching up reads — the
    events after the last it holds, and those it holds sealed, now released."""
    store = Store(store_url)
    table, _, _ = Table.create("cartographers", {}, [{"kind": "person"}] * 2, None, seed=5)
    store.create_table(table.row())
    play(store, table, 1)  # seat 0 chooses: its event is sealed, private to seat 0
    held = Table(store.load(table.id))
    sealed = [e.n for e in held.events if e.sealed]
    assert sealed
    last = held.events[-1].n
    play(store, table, 1)  # seat 1 chooses: the step resolves, both are released
    row = store.load(table.id, from_action=len(held.record.actions), after_event=last,
                     events=sealed)
    assert [a.n for a in row.actions] == [1]
    loaded = {e.n: e for e in row.events}
    assert set(loaded) == set(sealed) | {e.n for e in table.events if e.n > last}
    assert all(not loaded[n].sealed and loaded[n].private is None for n in sealed)
    store.close()


def test_json_columns_written_by_orjson_read_back_as_the_standard_library_wrote_them(
        store_url):
    """The direct write path writes JSON columns with `jsontext` (orjson): what is read
    back is what `json.dumps` + `json.loads` gave — text in any script, integer keys as
    strings, and an integer past 64 bits (which orjson refuses) through the fallback."""
    import json

    from boardgamesbot.store import EventRow

    store = Store(store_url)
    table, _, _ = Table.create("tikal", {}, [{"kind": "person"}, {"kind": "person"}])
    store.create_table(table.row())
    data = {"text": "Ação — 卡 ✓", "counts": {1: 2, 3: [4.5, None, True]},
            "seed": 2**70, "nested": [{"a": []}, {}]}
    result = {"scores": {0: 10, 1: 12}, "note": "empate é justo"}
    store.commit(table.id, at=1.0, expected=table.revision, version=table.version,
                 status="over", result=result, since=[0, 1],
                 events=[EventRow(n=99, at=1.0, kind="note", seat=None, data=data)])
    row = store.load(table.id)
    expected = json.loads(json.dumps(data))
    assert [e.data for e in row.events if e.n == 99] == [expected]
    assert row.result == json.loads(json.dumps(result)) and row.since == [0, 1]
    store.close()
