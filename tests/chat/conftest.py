"""A real Synapse homeserver for the Matrix tests: one per test session, on a free
loopback port, from its own virtual environment (``.ci/run`` installs it and exports
``SYNAPSE_PYTHON``). Without it the Matrix tests are skipped, saying why."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

HERE = Path(__file__).parent / "synapse"
SECRET = "test-shared-secret"


def synapse_python() -> str | None:
    found = os.environ.get("SYNAPSE_PYTHON")
    return found if found and Path(found).exists() else None


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture(scope="session")
def synapse(tmp_path_factory):
    python = synapse_python()
    if python is None:
        pytest.skip("Synapse is not installed: set SYNAPSE_PYTHON to the python of a venv "
                    "with matrix-synapse (.ci/run does this)")
    with running_synapse(python, tmp_path_factory.mktemp("synapse")) as url:
        yield url


@pytest.fixture(scope="module")
def bot_of_the_module(synapse, tmp_path_factory):
    """One Matrix bot process for a test module (`test_matrix.HouseBot`)."""
    from .test_matrix import HouseBot  # (imports matrix-nio, which the module skips without)

    house = HouseBot(synapse, tmp_path_factory)
    yield house
    house.close()


@pytest.fixture
def house_bot(bot_of_the_module):
    """The module's Matrix bot, ready for a test: a new one if the last test failed or
    left it dead."""
    return bot_of_the_module.ready()


@contextmanager
def running_synapse(python: str, data: Path):
    """Synapse on a free loopback port with its data in ``data``; yields its URL."""
    port = _free_port()
    log_config = (HERE / "log.config").read_text()
    (data / "log.yaml").write_text(log_config.replace("DATA_DIR/homeserver.log",
                                                      str(data / "homeserver.log")))
    config = ((HERE / "homeserver.yaml").read_text().replace("DATA_DIR", str(data))
              .replace("8448", str(port))
              .replace('"CONF_DIR/test.log.config"', str(data / "log.yaml"))
              .replace('"CONF_DIR/localhost.signing.key"', str(data / "signing.key")))
    (data / "homeserver.yaml").write_text(config)
    subprocess.run([python, "-m", "synapse.app.homeserver", "-c", str(data / "homeserver.yaml"),
                    "--generate-keys"], check=True, capture_output=True)
    started = time.monotonic()
    with open(data / "stdout.log", "w") as log:
        process = subprocess.Popen([python, "-m", "synapse.app.homeserver", "-c",
                                    str(data / "homeserver.yaml")], stdout=log,
                                   stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    while True:
        try:
            urllib.request.urlopen(f"{url}/_matrix/client/versions", timeout=1)
            break
        except OSError as error:
            if process.poll() is not None or time.monotonic() - started > 120:
                process.kill()
                raise RuntimeError("Synapse did not start:\n"
                                   + (data / "stdout.log").read_text()[-3000:]) from error
            time.sleep(0.1)
    try:
        yield url
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(data, ignore_errors=True)


def register(url: str, user: str, password: str) -> str:
    """A new account through Synapse's shared-secret admin registration."""
    endpoint = f"{url}/_synapse/admin/v1/register"
    nonce = json.load(urllib.request.urlopen(endpoint))["nonce"]
    mac = hmac.new(SECRET.encode(), b"\x00".join([nonce.encode(), user.encode(),
                                                   password.encode(), b"notadmin"]),
                   hashlib.sha1).hexdigest()
    body = json.dumps({"nonce": nonce, "username": user, "password": password,
                       "admin": False, "mac": mac}).encode()
    request = urllib.request.Request(endpoint, body, {"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))["user_id"]
