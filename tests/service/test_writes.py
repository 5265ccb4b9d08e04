"""The lobby's write path: catching up with other processes' writes by reading only
what changed, and writes whose commit waits off the event loop (PostgreSQL's path,
forced here on every database) — one at a time per table, never seen before they are
committed."""

from __future__ import annotations

import asyncio
import threading

import pytest

from boardgamesbot.engine import GameError
from boardgamesbot.service.lobby import Limits, Lobby
from boardgamesbot.store import Store

NO_QUOTAS = Limits(tables_per_client=0, bot_seats_per_client=0, spectators_per_table=0)


def test_a_cached_table_catches_up_with_events_another_process_released(db_url):
    store = Store(db_url)
    mine, theirs = Lobby(store, limits=NO_QUOTAS), Lobby(Store(db_url), limits=NO_QUOTAS)
    table_id = mine.create("cartographers", {}, [{"kind": "person"}] * 2, None, 5)["table"]["id"]
    table = mine.get(table_id)
    asyncio.run(mine.act(table_id, 0, str(table.state.legal_actions(0)[0]), table.version))
    sealed = [e.n for e in table.events if e.sealed]
    assert sealed and not set(sealed) & {e["n"] for e in table.events_for(None)}
    other = theirs.get(table_id)
    asyncio.run(theirs.act(table_id, 1, str(other.state.legal_actions(1)[0]), other.version))
    again = mine.get(table_id)
    assert again is table  # caught up in place, not reloaded
    assert again.revision == other.revision
    assert again.state.to_json() == other.state.to_json()
    seen = {e["n"] for e in again.events_for(None)}
    assert set(sealed) <= seen  # released: everyone sees seat 0's choice now
    assert [e.n for e in again.events] == [e.n for e in other.events]
    theirs.store.close()
    store.close()


def threaded_lobby(db_url):
    lobby = Lobby(Store(db_url), limits=NO_QUOTAS)
    lobby.commit_in_thread = True
    return lobby


def test_two_writes_on_one_state_take_turns_and_the_second_is_stale(db_url):
    async def run():
        lobby = threaded_lobby(db_url)
        seats = [{"kind": "person"}, {"kind": "person"}]
        table_id = lobby.create("tikal", {}, seats, None, 3)["table"]["id"]
        table = lobby.get(table_id)
        seat, version = table.awaited()[0], table.version
        action = str(table.state.legal_actions(seat)[0])
        answers = await asyncio.gather(
            lobby.act(table_id, seat, action, version),
            lobby.act(table_id, seat, action, version), return_exceptions=True)
        lobby.writer.shutdown()
        return lobby, table_id, version, answers

    lobby, table_id, version, answers = asyncio.run(run())
    acks = [a for a in answers if isinstance(a, dict)]
    refused = [a for a in answers if isinstance(a, GameError)]
    assert len(acks) == 1 and acks[0]["state_id"] == version + 1
    assert len(refused) == 1 and refused[0].code == "stale_state"
    assert lobby.store.count_actions(table_id) == 1
    assert not lobby.writing  # no lock left behind
    lobby.store.close()


async def write_held_in_its_commit(db_url):
    """A lobby that commits in its writer thread (PostgreSQL's path), a two-person Tikal
    table, and an action whose commit is held until ``release`` is set: the change is
    made in memory and not yet in the database. Returns (lobby, table, the version
    acted on, the write's future, release)."""
    lobby = threaded_lobby(db_url)
    seats = [{"kind": "person"}, {"kind": "person"}]
    table = lobby.get(lobby.create("tikal", {}, seats, None, 3)["table"]["id"])
    seat, version = table.awaited()[0], table.version
    started, release = threading.Event(), threading.Event()
    commit = lobby.store.commit

    def slow_commit(*args, **kwargs):
        started.set()
        release.wait(10)
        return commit(*args, **kwargs)

    lobby.store.commit = slow_commit
    write = asyncio.ensure_future(lobby.act(
        table.id, seat, str(table.state.legal_actions(seat)[0]), version))
    await asyncio.get_running_loop().run_in_executor(None, started.wait, 10)
    return lobby, table, version, write, release


def test_a_reader_waits_for_the_write_in_flight(db_url):
    async def run():
        lobby, table, version, write, release = await write_held_in_its_commit(db_url)
        table_id = table.id
        read = asyncio.ensure_future(lobby.current(table_id))
        await asyncio.sleep(0.2)
        waited = not read.done()  # the change is made in memory, not yet committed
        in_flight = lobby.store.revision(table_id)
        release.set()
        ack = await write
        seen = await read
        lobby.writer.shutdown()
        return lobby, waited, in_flight, ack, seen

    lobby, waited, in_flight, ack, seen = asyncio.run(run())
    assert waited
    assert in_flight == seen.revision - 1  # the database had not the change yet
    assert seen.version == ack["state_id"]
    assert lobby.store.revision(seen.id) == seen.revision
    lobby.store.close()


@pytest.mark.parametrize("jobs", [False, True])
def test_the_job_loops_are_woken_only_by_writes_that_owe_a_decision(db_url, jobs):
    lobby = Lobby(Store(db_url), limits=NO_QUOTAS)
    seats = [{"kind": "person"}, {"kind": "bot" if jobs else "person", "level": "random"}]

    async def run():
        table_id = lobby.create("tikal", {}, seats, None, 3)["table"]["id"]
        lobby.wake.kept = 0
        table = lobby.get(table_id)
        for _ in range(40):  # play seat 0 until the next decision is seat 1's
            if table.awaited() != [0]:
                break
            await lobby.act(table_id, 0, str(table.state.legal_actions(0)[-1]),
                                  table.version)
            table = lobby.get(table_id)
        return table.awaited() == [1], lobby.wake.kept > 0  # rung with no loop asleep

    turned, woken = asyncio.run(run())
    assert turned
    assert woken == jobs
    lobby.store.close()


def test_a_ring_wakes_one_job_loop_per_decision_owed():
    """Each woken loop asks the database for a job: a write owing one decision wakes one
    sleeping loop, not all of them; a ring while no loop sleeps is kept for the next."""
    from boardgamesbot.service.jobs import Bell

    async def run():
        bell = Bell()
        bell.loops = 3
        sleeping = [asyncio.ensure_future(bell.sleep(5)) for _ in range(3)]
        await asyncio.sleep(0)
        bell.ring()
        await asyncio.sleep(0.01)
        woken = sum(s.done() for s in sleeping)
        bell.ring(2, chained=True)
        chained = await asyncio.gather(*sleeping)
        bell.ring()  # nobody asleep: kept
        started = asyncio.get_running_loop().time()
        kept = await bell.sleep(5)
        bell.ring(chained=True)  # kept, and chained still
        kept_chained = await bell.sleep(5)
        return (woken, sorted(chained), asyncio.get_running_loop().time() - started,
                kept, kept_chained)

    woken, chained, slept, kept, kept_chained = asyncio.run(run())
    assert woken == 1
    assert chained == [False, True, True]
    assert slept < 1 and kept is False and kept_chained is True


def test_reads_during_a_write_in_flight_leave_the_cached_table_as_it_is(db_url):
    """The lobby's list, a hint and start's lookup waited for nothing: during a commit in
    flight (PostgreSQL's path) they compared the cached table, already changed, with the
    database, not yet, and put its version and revision back. Now they read as every read
    does (they wait for the write), and a synchronous `get` never rolls a copy back."""
    async def run():
        lobby, table, version, write, release = await write_held_in_its_commit(db_url)
        table_id, seat = table.id, table.awaited()[0]
        in_memory = (table.version, table.revision)
        listed = asyncio.ensure_future(lobby.list())
        hinted = asyncio.ensure_future(lobby.hint(table_id, seat, version + 1))
        await asyncio.sleep(0.2)
        waited = not listed.done() and not hinted.done()
        during = lobby.get(table_id)  # a synchronous reader (the chat's) meanwhile
        kept = (during is table, table.version, table.revision)
        release.set()
        ack = await write
        summaries, hint = await listed, await hinted
        lobby.writer.shutdown()
        return lobby, table, in_memory, waited, kept, ack, summaries, hint

    lobby, table, in_memory, waited, kept, ack, summaries, hint = asyncio.run(run())
    assert waited
    assert kept == (True, *in_memory)  # not put back under the write in flight
    assert [s["state_id"] for s in summaries] == [ack["state_id"]]
    assert hint["state_id"] == ack["state_id"]
    assert (table.version, table.revision) == in_memory == (
        ack["state_id"], lobby.store.revision(table.id))
    lobby.store.close()


def test_a_table_not_cached_is_replayed_off_the_event_loop(db_url, monkeypatch):
    """Listing 200 tables another process wrote replayed every record on the loop."""
    from boardgamesbot.service.tables import Table

    writer, reader = Lobby(Store(db_url), limits=NO_QUOTAS), Lobby(Store(db_url),
                                                                   limits=NO_QUOTAS)
    ids = [writer.create("tikal", {}, [{"kind": "person"}] * 2, None, n)["table"]["id"]
           for n in range(3)]
    threads = []
    made = Table.__init__

    def noting_thread(self, row):
        threads.append(threading.current_thread().name)
        made(self, row)

    monkeypatch.setattr(Table, "__init__", noting_thread)

    async def run():
        listed = await reader.list()
        return listed, await reader.current(ids[0])

    listed, again = asyncio.run(run())
    assert sorted(s["id"] for s in listed) == sorted(ids)
    assert len(threads) == 3 and all(name.startswith("load") for name in threads)
    assert again is reader.tables[ids[0]]  # cached once loaded
    writer.store.close()
    reader.store.close()


def test_a_load_reads_one_snapshot_while_another_process_writes(db_url):
    """A table's row, seats, actions and events are read in one snapshot: read as four
    statements of their own (PostgreSQL's READ COMMITTED gives each its own), a commit
    landing between them gave a row one version behind its actions — a state sent to
    the players under the previous state id, with the previous seat to act."""
    writer = Lobby(Store(db_url), limits=NO_QUOTAS)
    reader = Store(db_url)
    seats = [{"kind": "person"}, {"kind": "person"}]
    table_id = writer.create("tikal", {}, seats, None, 11)["table"]["id"]
    stop, torn, loads = threading.Event(), [], [0]

    def read():
        while not stop.is_set():
            row = reader.load(table_id)
            loads[0] += 1
            if row.version != len(row.actions) + 1:  # started: 1, then one per action
                torn.append((row.version, len(row.actions)))
            if len({e.n for e in row.events}) != len(row.events):
                torn.append("events")

    thread = threading.Thread(target=read)
    thread.start()
    try:
        async def play():
            for _ in range(150):
                table = writer.get(table_id)
                if table.state.is_over():
                    break
                seat = table.awaited()[0]
                await writer.act(table_id, seat, str(table.state.legal_actions(seat)[0]),
                                 table.version)
                # The reader's turn: a write is now fast enough that, on a busy machine, the
                # 150 could be over before the reader's thread had read a few times.
                await asyncio.sleep(0.001)
        asyncio.run(play())
    finally:
        stop.set()
        thread.join()
        writer.store.close()
        reader.close()
    assert loads[0] > 20
    assert torn == []


def test_an_instant_bots_job_is_taken_without_a_lease_on_sqlite(tmp_path):
    """`Store.claim_job`'s ``lease_if``: a job it declines is handed out unleased (no
    write; another taker deciding it too would lose the revision check), and one that
    failed is leased then, so that it is retried when the lease runs out, not at once."""
    from boardgamesbot.service.tables import Table

    store = Store(f"sqlite:///{tmp_path / 'lease.db'}")
    table, _, _ = Table.create("tikal", {}, [{"kind": "bot", "level": "random"},
                                             {"kind": "bot", "level": "random"}], None, 3)
    store.create_table(table.row(), table.jobs())
    asked = []
    job = store.claim_job("me", 60, lease_if=lambda found: asked.append(found) or False)
    assert asked == [job] and not job.leased and job.attempts == 0
    again = store.claim_job("other", 60, lease_if=lambda found: False)
    assert again == job  # still free: anyone may take it (the write decides)
    assert store.claim_job("me", 60, skip=[job.id]) is None  # in hand here
    store.lease_job(job, "me", 60)
    assert store.claim_job("other", 60) is None  # leased now
    store.release_job(job, "me")
    leased = store.claim_job("other", 60, lease_if=lambda found: True)
    assert leased.leased and leased.attempts == 2
    store.close()
