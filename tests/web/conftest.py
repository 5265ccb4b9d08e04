"""Browser tests: a real `bgbot serve` on a temporary data directory, driven through
Debian's Chromium with Playwright. Screenshots go to test-artifacts/ (ignored by git)."""

from __future__ import annotations

import fcntl
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .helpers import SHOWN, phone_page, wait_settled

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("BGBOT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The address of a running `bgbot serve` (SQLite in a temporary directory)."""
    data = tmp_path_factory.mktemp("serve")
    port = free_port()
    # Open for the server's whole life: the with encloses the yield.
    with open(data / "serve.log", "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "boardgamesbot.cli", "serve", "--data-dir", str(data), "--port",
             str(port), "--bot-workers", "0"], stdout=log, stderr=subprocess.STDOUT,
            # Every browser test creates its tables from 127.0.0.1: no per-client quotas here
            # (tests/service checks them).
            env={**os.environ, "BGBOT_MAX_TABLES": "0", "BGBOT_MAX_BOT_SEATS": "0",
                 "BGBOT_MAX_CONNECTIONS": "0"})
        url = f"http://127.0.0.1:{port}"
        try:
            # A deadline, not a count of tries: on two cores under a load of 20 a server did
            # not listen within the 200 quick refusals (about 20 s) a count allowed.
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                try:
                    with urllib.request.urlopen(f"{url}/api/health", timeout=1) as answer:
                        if answer.status == 200:
                            break
                except OSError:
                    time.sleep(0.1)
                if process.poll() is not None:
                    pytest.fail(f"bgbot serve exited: {(data / 'serve.log').read_text()}")
            else:
                pytest.fail("bgbot serve did not answer")
            yield url
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


# One Chromium for the browser tests, closed when a worker leaves this folder: Playwright's
# sync API leaves its event loop marked running on the thread while it is open, so a later
# test elsewhere on the same pytest-xdist worker (asyncio.run in the chat and service tests)
# would find "a running event loop".
@pytest.fixture(scope="package")
def browser():
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (Debian package 'chromium'; "
                    ".ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="the playwright package is not installed")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# Every context bypasses the Content-Security-Policy: Playwright's wait_for_function
# evaluates its predicate with eval, which the policy forbids. The pages themselves
# are checked under the real policy in tests/service/test_browser_csp.py.
@pytest.fixture
def context(browser):
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900},
                                  locale="en-US")
    context.set_default_timeout(20_000)
    yield context
    context.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture
def phone(browser):
    """A 390×844 phone (touch), the common size; no script error on its page."""
    context, page, errors = phone_page(browser)
    yield page
    context.close()
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture
def narrow(browser):
    """A 360×740 phone (touch), the narrowest screen the phone tests hold the pages to; no
    script error on its page."""
    context, page, errors = phone_page(browser, 360, 740)
    yield page
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def shot(page, name: str, full_page: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


# axe-core (the accessibility checker) from the npm registry, installed once into a cache
# directory by the test fixture; it is injected into the page under test.
AXE_CACHE = Path(os.environ.get("BGBOT_AXE_DIR")
                 or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
                 / "boardgamesbot" / "axe")


@pytest.fixture(scope="session")
def axe_source() -> str:
    script = AXE_CACHE / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is not installed (Debian package 'npm'; .ci/run installs it)")
        AXE_CACHE.mkdir(parents=True, exist_ok=True)
        # The suite's workers (pytest-xdist) may reach this at once on a fresh machine: one
        # installs while the others wait, rather than two npm runs writing the same folder.
        with open(AXE_CACHE / "install.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not script.exists():
                subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix",
                                str(AXE_CACHE), "axe-core@4"],
                               check=True, timeout=600, capture_output=True)
    return script.read_text(encoding="utf-8")


def serious_violations(page, axe_source: str) -> list[dict]:
    """axe-core's serious and critical findings on the page once it is settled
    (`wait_settled`): a table's page redraws as the server's messages come, and axe run
    across a redraw judged a frame (a board being drawn, another's move being shown), not
    the page. The page drew again while axe ran (a bot moved): run again on the new one."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    for _ in range(5):
        shown = wait_settled(page)
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        if page.evaluate(SHOWN) == shown:
            break
    else:
        pytest.fail("the page kept drawing new states while axe ran")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


SCREENSHOTS = ARTIFACTS / "screenshots"


def screen_shot(page, name: str) -> None:
    """A screenshot for docs/screenshots.md (test-artifacts/screenshots/NAME.jpg; JPEG so
    that the copies committed under docs/screenshots/ stay small)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.jpg"), type="jpeg", quality=80)
