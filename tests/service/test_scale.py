"""Many processes, one database: real `bgbot serve` and `bgbot worker` processes on the
real PostgreSQL (and Redis) of this machine.

* an action accepted by one web process reaches the WebSocket clients of both;
* the same action sent to both at once is accepted exactly once;
* a worker killed with SIGKILL in the middle of a bot's decision: the move is
  played once, by another worker, and the killed worker's bot processes die too;
* ``--workers 2`` starts on a fresh database (SQLite and PostgreSQL), and its
  processes end with the server;
* two live workers racing on the same tables' jobs play every bot decision once;
* SIGTERM while hard bots think: the server stops promptly, its bot processes with it.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import httpx
import pytest
import sqlalchemy
from processes import alive, children, wait_until
from websockets.sync.client import connect

from boardgamesbot.engine import Record

pytestmark = pytest.mark.slow

REDIS = os.environ.get("BGBOT_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


class Server:
    """A real ``bgbot serve`` (this tree's code: the child inherits PYTHONPATH).

    ``log``: a file for everything it prints (the access log goes to stdout, the rest to
    stderr); else stderr is kept in a pipe and stdout dropped."""

    def __init__(self, db_url: str, *extra: str, log=None, env: dict | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # Not a with-block: output() reads it while the server lives, and stop() closes it.
        self.log = open(log, "wb") if log else None  # noqa: SIM115
        # No periodic sweep: live updates can reach another process only by the fan-out.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "boardgamesbot.cli", "serve", "--db", db_url, "--port",
             str(self.port), *extra], stdout=self.log or subprocess.DEVNULL,
            stderr=self.log or subprocess.PIPE,
            env={**os.environ, "BGBOT_SWEEP_SECONDS": "3600", **(env or {})})

        def healthy():
            if self.process.poll() is not None:
                raise AssertionError(self.output())
            try:
                return httpx.get(f"{self.base}/api/health").status_code == 200
            except httpx.HTTPError:
                return False

        try:
            # Readiness, not a speed limit: a loaded machine takes long to start two workers.
            wait_until(healthy, 180)
        except BaseException:
            self.stop()  # not left running when it never got ready
            raise

    def ws(self, table_id: str, token: str | None = None):
        protocols = ["bgbot"] + ([f"token.{token}"] if token else [])
        return connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}",
                       subprotocols=protocols, max_size=2**22)

    def output(self) -> str:
        if self.log is not None:
            if not self.log.closed:
                self.log.flush()
            with open(self.log.name, encoding="utf-8", errors="replace") as f:
                return f.read()
        return self.process.stderr.read().decode()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.log is not None:
            self.log.close()


def worker(db_url: str, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "boardgamesbot.cli", "worker", "--db",
                             db_url, *extra], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def states_until(ws, predicate, seconds=60.0):
    deadline = time.monotonic() + seconds
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == "state" and predicate(message):
            return message


@pytest.fixture(params=["notify", "redis"])
def fanout(request):
    if request.param == "redis":
        if not redis_up():
            pytest.skip("no Redis on 127.0.0.1:6379")
        return ["--redis", REDIS]
    return []


def test_an_action_on_one_web_process_reaches_the_clients_of_both(pg_url, fanout):
    one = Server(pg_url, "--no-jobs", *fanout)
    two = Server(pg_url, "--no-jobs", *fanout)
    bots = worker(pg_url, "--processes", "1", *fanout)
    try:
        created = httpx.post(f"{one.base}/api/tables", json={"game": "tikal", "seats": [
            {"kind": "person"}, {"kind": "bot", "level": "random"}]}).json()
        table_id, token = created["table"]["id"], created["seats"][0]["token"]
        with one.ws(table_id, token) as mine, two.ws(table_id) as theirs:
            start = states_until(mine, lambda m: m["your_turn"])
            states_until(theirs, lambda m: m["state_id"] == start["state_id"])
            legal = httpx.get(f"{two.base}/api/tables/{table_id}/legal",
                              headers={"Authorization": f"Bearer {token}"}).json()
            # Played on process two; seen by the seat on process one and the spectator
            # on process two.
            done = httpx.post(f"{two.base}/api/tables/{table_id}/actions",
                              headers={"Authorization": f"Bearer {token}"},
                              json={"action": legal["actions"][0]["notation"],
                                    "state_id": legal["state_id"]}).json()
            assert done["type"] == "ack"
            after = done["state_id"]
            states_until(mine, lambda m: m["state_id"] >= after)
            states_until(theirs, lambda m: m["state_id"] >= after)
            httpx.post(f"{one.base}/api/tables/{table_id}/actions",
                       headers={"Authorization": f"Bearer {token}"},
                       json={"action": "end", "state_id": after})
            # The bot (in the worker) plays its whole turn; both processes show it.
            back = states_until(mine, lambda m: m["your_turn"] and m["state_id"] > after + 1)
            seen = states_until(theirs, lambda m: m["state_id"] >= back["state_id"])
            assert seen["view"] == httpx.get(f"{one.base}/api/tables/{table_id}/view").json()[
                "view"] or seen["state_id"] > back["state_id"]
            # REST on either process answers from the current table.
            for server in (one, two):
                assert httpx.get(f"{server.base}/api/tables/{table_id}").json()[
                    "state_id"] >= back["state_id"]
    finally:
        one.stop()
        two.stop()
        stop(bots)


def test_the_same_action_sent_to_two_processes_at_once_is_accepted_once(pg_url):
    def send(url, headers, body, barrier, answers):
        barrier.wait()  # both threads post at once
        answers.append(httpx.post(url, headers=headers, json=body))

    one, two = Server(pg_url), Server(pg_url)
    try:
        for _ in range(4):
            created = httpx.post(f"{one.base}/api/tables",
                                 json={"game": "tikal", "seats": PEOPLE}).json()
            table_id, token = created["table"]["id"], created["seats"][0]["token"]
            auth = {"Authorization": f"Bearer {token}"}
            legal = httpx.get(f"{two.base}/api/tables/{table_id}/legal", headers=auth).json()
            body = {"action": legal["actions"][0]["notation"], "state_id": legal["state_id"]}
            answers = []
            barrier = threading.Barrier(2)
            threads = [threading.Thread(target=send, args=(
                f"{server.base}/api/tables/{table_id}/actions", auth, body, barrier, answers))
                for server in (one, two)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            codes = sorted(a.status_code for a in answers)
            assert codes == [200, 409], [a.text for a in answers]
            refused = next(a for a in answers if a.status_code == 409).json()
            assert refused["error"]["code"] == "stale_state"
            engine = sqlalchemy.create_engine(pg_url)
            with engine.connect() as c:
                count = c.execute(sqlalchemy.text("select count(*) from actions where "
                                                  "table_id = :id"), {"id": table_id}).scalar()
            engine.dispose()
            assert count == 1
    finally:
        one.stop()
        two.stop()


def test_a_worker_killed_mid_decision_the_move_happens_once(pg_url):
    server = Server(pg_url, "--no-jobs")
    first = worker(pg_url, "--processes", "1", "--lease", "3")
    second = None
    try:
        wait_until(lambda: len(children(first.pid)) >= 1, 60)
        created = httpx.post(f"{server.base}/api/tables", json={"game": "cartographers",
                             "seats": [{"kind": "bot", "level": "hard"}] * 2}).json()
        table_id = created["table"]["id"]
        engine = sqlalchemy.create_engine(pg_url)

        def leased():
            with engine.connect() as c:
                return c.execute(sqlalchemy.text(
                    "select count(*) from jobs where table_id = :id and owner is not null"),
                    {"id": table_id}).scalar()

        wait_until(leased, 60, every=0.02)  # a hard bot (about a second) is deciding now
        pool = children(first.pid)
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        with engine.connect() as c:
            at_kill = c.execute(sqlalchemy.text("select count(*) from actions where table_id "
                                                "= :id"), {"id": table_id}).scalar()
        # The killed worker's bot processes die with it.
        wait_until(lambda: not any(alive(pid) for pid in pool), 10)

        second = worker(pg_url, "--processes", "1", "--lease", "3")

        def played():
            with engine.connect() as c:
                return c.execute(sqlalchemy.text("select count(*) from actions where "
                                                 "table_id = :id"),
                                 {"id": table_id}).scalar() >= at_kill + 4

        wait_until(played, 120)
        with engine.connect() as c:
            rows = c.execute(sqlalchemy.text("select n, seat, notation from actions where "
                                             "table_id = :id order by n"),
                             {"id": table_id}).all()
            seed = int(c.execute(sqlalchemy.text("select seed_text from game_tables where "
                                                 "id = :id"), {"id": table_id}).scalar())
        engine.dispose()
        assert [r.n for r in rows] == list(range(len(rows)))
        # Each step, each seat chose once: the record replays under the rules.
        record = Record("cartographers", seed, ["a", "b"], {},
                        [(r.seat, r.notation) for r in rows])
        record.replay()
        events = httpx.get(f"{server.base}/api/tables/{table_id}/events").json()["events"]
        numbers = [e["number"] for e in events if e["type"] == "action"]
        assert len(numbers) == len(set(numbers))
    finally:
        server.stop()
        for process in (first, second):
            if process is not None:
                stop(process)


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_two_web_processes_start_on_a_fresh_database_and_end_with_the_server(
        database, tmp_path, request):
    if database == "sqlite":
        url = f"sqlite:///{tmp_path / 'fresh.db'}"
    else:
        url = request.getfixturevalue("pg_url")
    server = Server(url, "--workers", "2", "--bot-workers", "1")
    try:
        pids = set()
        for _ in range(3):
            created = httpx.post(f"{server.base}/api/tables", json={
                "game": "tikal", "seats": [{"kind": "person"}, {"kind": "bot"}]})
            assert created.status_code == 201, created.text
        for _ in range(40):
            pids.update(children(server.process.pid))
        web = [pid for pid in pids if alive(pid)]
        assert len(web) >= 2
        grandchildren = [c for pid in web for c in children(pid)]
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(10)
        wait_until(lambda: not any(alive(pid) for pid in web + grandchildren), 15)
    finally:
        server.stop()


def test_tokens_never_reach_the_servers_log(db_url, tmp_path):
    """Neither in the access log (stdout) nor in the server's own (stderr)."""
    server = Server(db_url, "--bot-workers", "0", "--log-level", "info",
                    log=tmp_path / "server.log")
    try:
        created = httpx.post(f"{server.base}/api/tables", json={"game": "tikal",
                                                                "seats": PEOPLE}).json()
        table_id, token = created["table"]["id"], created["seats"][0]["token"]
        httpx.get(f"{server.base}/api/tables/{table_id}/view", params={"token": token})
        with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}?token={token}") as ws:
            ws.recv(timeout=10)
        with server.ws(table_id, token) as ws:
            ws.recv(timeout=10)
    finally:
        server.stop()
    log = server.output()
    assert f"/api/tables/{table_id}/view?token=***" in log  # the access log...
    assert f"/ws/tables/{table_id}?token=***" in log  # ...and the WebSocket's were written...
    assert token not in log  # ...without the token


def test_two_workers_racing_on_the_same_jobs_apply_each_bot_move_once(pg_url):
    """Two live workers claim the jobs of the same tables (a Cartographers step owes a
    decision of every seat at once): every decision is played exactly once, by one of
    them, and both of them played."""
    server = Server(pg_url, "--no-jobs")
    workers = [worker(pg_url, "--processes", "1", "--loops", "4") for _ in range(2)]
    engine = sqlalchemy.create_engine(pg_url)
    try:
        wait_until(lambda: all(len(children(w.pid)) >= 1 for w in workers), 120)
        tables = {}
        for game, seats in (("cartographers", 8), ("cartographers", 8), ("tikal", 4)):
            created = httpx.post(f"{server.base}/api/tables", json={
                "game": game, "seats": [{"kind": "bot", "level": "random"}] * seats}).json()
            tables[created["table"]["id"]] = (game, seats)
        owners = set()

        def played_enough():
            with engine.connect() as c:
                owners.update(c.execute(sqlalchemy.text(
                    "select distinct owner from jobs where owner is not null")).scalars())
                counts = dict(c.execute(sqlalchemy.text(
                    "select table_id, count(*) from actions group by table_id")).all())
            return all(counts.get(t, 0) >= 60 for t in tables)

        wait_until(played_enough, 240, every=0.05)
    finally:
        for process in workers:
            stop(process)
        server.stop()
    # Both workers took jobs (an owner is "host/pid/loop").
    assert {int(owner.split("/")[1]) for owner in owners} == {w.pid for w in workers}
    with engine.connect() as c:
        for table_id, (game, seats) in tables.items():
            rows = c.execute(sqlalchemy.text("select n, seat, notation from actions where "
                                             "table_id = :id order by n"),
                             {"id": table_id}).all()
            seed = int(c.execute(sqlalchemy.text("select seed_text from game_tables where "
                                                 "id = :id"), {"id": table_id}).scalar())
            numbers = c.execute(sqlalchemy.text(
                "select data from events where table_id = :id and kind = 'action'"),
                {"id": table_id}).scalars().all()
            assert [r.n for r in rows] == list(range(len(rows)))
            # A seat that chose twice in one step, or played out of turn, breaks the replay.
            Record(game, seed, ["x"] * seats, {}, [(r.seat, r.notation) for r in rows]).replay()
            numbers = [(json.loads(d) if isinstance(d, str) else d)["number"] for d in numbers]
            assert sorted(numbers) == list(range(1, len(rows) + 1))  # one event per move
    engine.dispose()


def test_sigterm_while_hard_bots_think_ends_the_server_and_its_bot_processes(tmp_path):
    """As the arena's test: a stopped `bgbot serve` leaves no bot process thinking on
    under PID 1, and stops promptly though a decision of seconds is in flight."""
    server = Server(f"sqlite:///{tmp_path / 'think.db'}", "--bot-workers", "2")
    try:
        pool = wait_until(lambda: len(found := children(server.process.pid)) >= 2 and found,
                          120)
        created = httpx.post(f"{server.base}/api/tables", json={
            "game": "cartographers", "seats": [{"kind": "bot", "level": "hard"}] * 4})
        assert created.status_code == 201, created.text
        table_id = created.json()["table"]["id"]
        engine = sqlalchemy.create_engine(f"sqlite:///{tmp_path / 'think.db'}")

        def thinking():
            with engine.connect() as c:
                return c.execute(sqlalchemy.text(
                    "select count(*) from jobs where table_id = :id and owner is not null"),
                    {"id": table_id}).scalar() >= 2

        wait_until(thinking, 60, every=0.02)  # hard bots (seconds each) are deciding now
        engine.dispose()
        tree = pool + [pid for pid in pool for pid in children(pid)]
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(20)
        stopped_after = time.monotonic() - started
        wait_until(lambda: not any(alive(pid) for pid in tree), 15)
    finally:
        server.stop()
    assert stopped_after < 15, stopped_after
