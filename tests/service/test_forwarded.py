"""Whose address a request comes from, behind a proxy or not (docs/deploy.md).

Quotas count per client address, so an `X-Forwarded-For` believed from anyone would let
one person pass every quota by writing a new address in each request. `bgbot serve`
believes it only from the addresses given to `--forwarded-allow-ips` (Caddy's, on the
same machine: 127.0.0.1); without the option nobody's is believed — uvicorn's own
default would have believed any local process's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import httpx
import pytest
from processes import wait_until

from .test_scale import free_port

TWO_SEATS = {"game": "tikal", "options": {"variant": "basic"},
             "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "level": "random"}]}


def serve(tmp_path, *extra: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "BGBOT_MAX_TABLES": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "boardgamesbot.cli", "serve", "--db",
         f"sqlite:///{tmp_path / 'night.db'}", "--port", str(port), "--bot-workers", "0", *extra],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        assert process.poll() is None, "bgbot serve stopped"
        try:
            return httpx.get(f"{base}/api/health").status_code == 200
        except httpx.HTTPError:
            return False

    wait_until(up, 60)  # readiness, not a speed limit
    return process, base


def tables_from_two_forwarded_addresses(base: str) -> list[int]:
    return [httpx.post(f"{base}/api/tables", json=TWO_SEATS,
                       headers={"X-Forwarded-For": address}).status_code
            for address in ("203.0.113.1", "203.0.113.2")]


@pytest.mark.parametrize("trusted, expected", [
    ((), [201, 429]),  # one client (this process), whatever the header says
    (("--forwarded-allow-ips", "127.0.0.1"), [201, 201]),  # the proxy's clients, each counted
])
def test_forwarded_addresses_are_believed_only_from_the_proxy_named(tmp_path, trusted, expected):
    process, base = serve(tmp_path, *trusted)
    try:
        assert tables_from_two_forwarded_addresses(base) == expected
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(30)
