"""Group commit (`writes.RevisionCheckedWrites._commit`, `Store.commit_together`): changes
of several tables made together are committed in one transaction, each writer answered
only after that commit; a stale change in a batch writes nothing and the others are
written; a batch whose transaction fails is committed one change at a time."""

from __future__ import annotations

import asyncio

import pytest

from boardgamesbot.service.lobby import Limits, Lobby
from boardgamesbot.service.tables import Table
from boardgamesbot.store import StaleTable, Store

NO_QUOTAS = Limits(tables_per_client=0, bot_seats_per_client=0, spectators_per_table=0)
PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def first_action(table) -> tuple[int, str]:
    seat = table.awaited()[0]
    return seat, str(table.state.legal_actions(seat)[0])


def test_moves_made_together_are_committed_in_one_transaction(db_url, monkeypatch):
    store = Store(db_url)
    batches = []
    together = store.commit_together

    def spy(writes):
        batches.append(len(writes))
        return together(writes)

    monkeypatch.setattr(store, "commit_together", spy)

    async def run():
        lobby = Lobby(store, limits=NO_QUOTAS)
        ids = [lobby.create("tikal", {}, PEOPLE, None, seed)["table"]["id"]
               for seed in range(5)]
        moves = []
        for table_id in ids:
            table = lobby.get(table_id)
            seat, action = first_action(table)
            moves.append(lobby.act(table_id, seat, action, table.version))
        acks = await asyncio.gather(*moves)
        lobby.writer.shutdown()
        lobby.loader.shutdown()
        return ids, acks

    ids, acks = asyncio.run(run())
    assert batches == [5]  # one transaction for the five
    assert all(ack["type"] == "ack" for ack in acks)
    fresh = Store(db_url)  # what another process reads: every acknowledged move is there
    assert [fresh.count_actions(table_id) for table_id in ids] == [1] * 5
    fresh.close()
    store.close()


def changes(store: Store, count: int) -> list[tuple[str, dict]]:
    writes = []
    for seed in range(count):
        table, _, _ = Table.create("tikal", {}, PEOPLE, None, seed)
        store.create_table(table.row(), table.jobs())
        seat, action = first_action(table)
        change = table.act(seat, action, table.version)
        writes.append((table.id, {"at": 1.0, **change.commit_arguments()}))
    return writes


def test_a_stale_change_in_a_batch_writes_nothing_and_the_others_are_written(db_url):
    store = Store(db_url)
    writes = changes(store, 3)
    writes[1][1]["expected"] += 5  # as if another process had written that table first
    outcomes = store.commit_together(writes)
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], StaleTable)
    assert [store.count_actions(table_id) for table_id, _ in writes] == [1, 0, 1]
    store.close()


def test_a_batch_that_fails_whole_is_committed_one_change_at_a_time(db_url, monkeypatch):
    store = Store(db_url)
    writes = changes(store, 3)

    def broken(statements):
        raise RuntimeError("the transaction failed")

    monkeypatch.setattr(store.direct, "write_together", broken)
    assert store.commit_together(writes) == [None, None, None]
    assert [store.count_actions(table_id) for table_id, _ in writes] == [1, 1, 1]
    store.close()


@pytest.mark.parametrize("alone", [True, False])
def test_a_failed_commit_acknowledges_nothing(db_url, monkeypatch, alone):
    store = Store(db_url)

    def failing(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(store, "commit", failing)
    monkeypatch.setattr(store.direct, "write_together", failing)

    async def run():
        lobby = Lobby(store, limits=NO_QUOTAS)
        ids = [lobby.create("tikal", {}, PEOPLE, None, seed)["table"]["id"]
               for seed in range(1 if alone else 3)]
        moves = []
        for table_id in ids:
            table = lobby.get(table_id)
            seat, action = first_action(table)
            moves.append(lobby.act(table_id, seat, action, table.version))
        answers = await asyncio.gather(*moves, return_exceptions=True)
        lobby.writer.shutdown()
        lobby.loader.shutdown()
        return ids, answers

    ids, answers = asyncio.run(run())
    assert [getattr(a, "code", None) for a in answers] == ["store_failed"] * len(ids)
    assert [store.count_actions(table_id) for table_id in ids] == [0] * len(ids)
    store.close()
