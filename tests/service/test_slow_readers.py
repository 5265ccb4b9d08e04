"""A client that completes the WebSocket handshake and never reads, against a real
``bgbot serve``: the server drops the connection within a bound, keeps its memory, and
still stops promptly on SIGTERM.

Before, such a connection stayed ESTABLISHED after hundreds of actions with megabytes
in the kernel's send queue: the server's sender waited in a send forever, so its 4408
close never ran, and uvicorn's own closes waited for the buffer to drain; SIGTERM was
ignored for as long as the reader stayed.
"""

from __future__ import annotations

import base64
import os
import signal
import socket
import subprocess
import time

import httpx
import pytest
from processes import wait_until

from .test_scale import Server

pytestmark = pytest.mark.slow

# A 100-seat Cartographers table played by random bots in the server: every action
# sends a spectator ~50 KB, so a reader that never reads is far behind in seconds.
BOTS = [{"kind": "bot", "level": "random"}] * 100


def never_reading(port: int, table_id: str) -> socket.socket:
    """A raw WebSocket client: the handshake, then nothing is ever read again."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:  # only the handshake's answer is read
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def server_side(port: int, client: socket.socket) -> dict | None:
    """The server's end of ``client``'s connection in /proc/net/tcp (None: it is gone):
    its state and the bytes in its kernel send queue."""
    peer = client.getsockname()[1]
    with open("/proc/net/tcp") as f:
        for line in f.readlines()[1:]:
            fields = line.split()
            local, remote = fields[1], fields[2]
            if int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) == peer:
                return {"state": fields[3], "queued": int(fields[4].split(":")[0], 16)}
    return None


def stuck(port: int, client: socket.socket, seconds: float = 2.0) -> bool:
    """The kernel holds all it will for ``client`` (its send queue, over 1 MB, has not
    moved for ``seconds``): the server's own buffer fills now, and its sends wait."""
    first = server_side(port, client)
    time.sleep(seconds)
    return first is not None and first["queued"] > 1 << 20 and server_side(
        port, client) == first


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))


def bot_table(server: Server) -> str:
    created = httpx.post(f"{server.base}/api/tables", json={"game": "cartographers",
                                                              "seats": BOTS})
    assert created.status_code == 201, created.text
    return created.json()["table"]["id"]


def actions(server: Server, table_id: str) -> int:
    return httpx.get(f"{server.base}/api/tables/{table_id}").json()["actions"]


def test_a_reader_that_never_reads_is_dropped_and_the_server_keeps_its_memory(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'slow.db'}", "--bot-workers", "0",
                    env={"BGBOT_STALL_SECONDS": "3", "BGBOT_MAX_BOT_SEATS": "0"})
    silent = []
    try:
        table_id = bot_table(server)
        silent.append(never_reading(server.port, table_id))
        before = rss_kb(server.process.pid)
        # Far behind: the kernel holds all it can, and the server's sends wait.
        wait_until(lambda: (side := server_side(server.port, silent[0])) is None
                   or side["queued"] > 256 * 1024, 120)
        # Dropped (aborted: no FIN handshake it would never read) within the stall limit
        # and the close's bound, while the game goes on.
        started = time.monotonic()
        wait_until(lambda: server_side(server.port, silent[0]) is None, 30)
        dropped_after = time.monotonic() - started
        # Another reader that never reads, at a fresh table (the server plays the first
        # game's 2,100 actions in seconds: it may be over), while its bots play hundreds.
        second = bot_table(server)
        silent.append(never_reading(server.port, second))
        wait_until(lambda: actions(server, second) > 400
                   or httpx.get(f"{server.base}/api/tables/{second}").json()["status"]
                   == "over", 300)
        wait_until(lambda: server_side(server.port, silent[1]) is None, 30)
        grown = rss_kb(server.process.pid) - before
        assert httpx.get(f"{server.base}/api/health").status_code == 200
    finally:
        server.stop()
        for sock in silent:
            sock.close()
    assert dropped_after < 3 + 10, dropped_after  # the stall limit, then the close's bound
    # Nothing piles up per action (~50 KB each went to a reader that took none): what
    # grows is the table's own record and log.
    assert grown < 64 * 1024, f"the server grew by {grown} KB"


def test_sigterm_ends_the_server_promptly_while_a_reader_never_reads(tmp_path):
    # The default stall limit (30 s): only the shutdown can end this connection in time.
    server = Server(f"sqlite:///{tmp_path / 'term.db'}", "--bot-workers", "0",
                    env={"BGBOT_MAX_BOT_SEATS": "0"})
    sock = None
    try:
        table_id = bot_table(server)
        sock = never_reading(server.port, table_id)
        # Stuck: the kernel holds all it will, so the server's sends wait. Signal at once:
        # the outbox's own bounds (64 messages, 1 MB) drop such a reader a few seconds
        # later, and the game (2,100 actions) is over in about 8 s on a quiet machine.
        wait_until(lambda: stuck(server.port, sock, seconds=0.5), 120, every=0.05)
        assert server_side(server.port, sock)["state"] == "01"  # ESTABLISHED, and stuck
        started = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(20)
        except subprocess.TimeoutExpired:
            pytest.fail("bgbot serve ignored SIGTERM with a reader that never reads")
        stopped_after = time.monotonic() - started
    finally:
        server.stop()
        if sock is not None:
            sock.close()
    assert server.process.returncode in (0, -signal.SIGTERM)  # uvicorn re-raises it
    assert stopped_after < 15, stopped_after  # the close's bound, well inside uvicorn's 10 s
