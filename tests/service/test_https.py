"""A game night over the internet, as docs/deploy.md tells it: Caddy (the Debian
package) in front with HTTPS, `bgbot serve --public-url https://…` behind it. Here Caddy
signs with its own internal certificate authority (no public name on this machine); the
client trusts that authority's root and plays a whole game over HTTPS and WSS.

Skipped, with the reason, where no ``caddy`` is installed (`.ci/run` installs it)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import ssl
import subprocess
import sys
import time

import httpx
import pytest
from processes import wait_until
from websockets.sync.client import connect

from .test_scale import free_port

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    shutil.which("caddy") is None,
    reason="caddy is not installed (Debian: apt-get install caddy; .ci/run does)")]


def caddyfile(site_port: int, http_port: int, app_port: int, storage) -> str:
    # The recipe of docs/deploy.md, with the internal CA instead of Let's Encrypt, no
    # admin endpoint, and the local root left out of the system's trust store.
    return f"""{{
    admin off
    skip_install_trust
    http_port {http_port}
    https_port {site_port}
    storage file_system {storage}
}}

https://localhost:{site_port} {{
    tls internal
    encode gzip
    reverse_proxy 127.0.0.1:{app_port}
}}
"""


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_a_game_over_https_and_wss_behind_caddy(tmp_path):
    app_port, site_port, http_port = free_port(), free_port(), free_port()
    public = f"https://localhost:{site_port}"
    storage = tmp_path / "caddy"
    (tmp_path / "Caddyfile").write_text(caddyfile(site_port, http_port, app_port, storage))
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    server = subprocess.Popen(
        [sys.executable, "-m", "boardgamesbot.cli", "serve", "--db",
         f"sqlite:///{tmp_path / 'night.db'}", "--port", str(app_port), "--bot-workers", "0",
         "--public-url", public, "--forwarded-allow-ips", "127.0.0.1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    with open(tmp_path / "caddy.log", "wb") as caddy_log:  # Caddy keeps its own copy
        caddy = subprocess.Popen(["caddy", "run", "--config", str(tmp_path / "Caddyfile"),
                                  "--adapter", "caddyfile"], stdout=subprocess.DEVNULL,
                                 stderr=caddy_log, env=env)
    try:
        root = storage / "pki" / "authorities" / "local" / "root.crt"
        # Caddy writes its root certificate as it starts: read it once it is whole (a CI run
        # found the file there but still empty: "no certificate or crl found").
        wait_until(lambda: root.exists() and b"-----END CERTIFICATE-----" in root.read_bytes(), 60)
        trust = ssl.create_default_context(cafile=str(root))

        def up():
            if caddy.poll() is not None:
                raise AssertionError((tmp_path / "caddy.log").read_text())
            try:
                return httpx.get(f"{public}/api/health", verify=trust).status_code == 200
            except httpx.HTTPError:
                return False

        wait_until(up, 120)  # readiness, not a speed limit
        with httpx.Client(base_url=public, verify=trust, timeout=30) as http:
            # The page, through Caddy, at the public address; opened at the server's own
            # address it is sent to the public one (so the browser's links use it).
            assert http.get("/").status_code == 200
            direct = httpx.get(f"http://127.0.0.1:{app_port}/", follow_redirects=False)
            assert direct.status_code == 307 and direct.headers["location"] == f"{public}/"
            created = http.post("/api/tables", json={
                "game": "tikal", "options": {"variant": "basic"},
                "seats": [{"kind": "person", "name": "Ann"},
                          {"kind": "bot", "level": "random"}]})
            assert created.status_code == 201, created.text
            table_id = created.json()["table"]["id"]
            token = created.json()["seats"][0]["token"]
            played = play_over_wss(site_port, table_id, token, trust)
            table = http.get(f"/api/tables/{table_id}").json()
            assert table["status"] == "over" and table["result"] is not None
            assert played >= 10 and table["actions"] > played  # the bot played too
            replay = http.get(f"/api/tables/{table_id}/replay")
            assert replay.status_code == 200 and replay.json()["total"] == table["actions"] + 1
    finally:
        stop(caddy)
        stop(server)


def play_over_wss(port: int, table_id: str, token: str, trust: ssl.SSLContext) -> int:
    """Seat 0's side of the game, over WSS: legal, act, until the game is over."""
    rng, played, asked = random.Random(3), 0, -1
    with connect(f"wss://localhost:{port}/ws/tables/{table_id}", ssl=trust,
                 subprotocols=["bgbot", f"token.{token}"], max_size=2**22,
                 open_timeout=120) as ws:  # readiness under load, not a speed limit
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=120))
            if message["type"] == "state":
                if message["table"]["status"] == "over":
                    return played
                if message["your_turn"] and message["state_id"] > asked:
                    asked = message["state_id"]
                    ws.send(json.dumps({"type": "legal"}))
            elif message["type"] == "legal" and message["actions"]:
                ws.send(json.dumps({"type": "act", "state_id": message["state_id"],
                                    "action": rng.choice(message["actions"])["notation"]}))
            elif message["type"] == "ack":
                played += 1
            elif message["type"] == "error":
                asked = -1
                ws.send(json.dumps({"type": "view"}))
    raise AssertionError("the game did not end over WSS")
