"""The browser front-end works under the server's Content-Security-Policy: Chromium opens
the lobby, creates a table and plays over the WebSocket with no violation reported."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from .test_scale import Server

CHROMIUM = "/usr/bin/chromium"


def test_the_front_end_runs_under_the_content_security_policy(tmp_path):
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip("Chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    server = Server(f"sqlite:///{tmp_path / 'csp.db'}", "--bot-workers", "0")
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                 args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            console: list[str] = []
            page.on("console", lambda message: console.append(message.text))
            page.on("pageerror", lambda error: console.append(str(error)))
            # Injected by the browser itself, so the policy does not apply to it.
            page.add_init_script("window.__violations = []; document.addEventListener("
                                 "'securitypolicyviolation', e => window.__violations.push("
                                 "e.violatedDirective + ' ' + e.blockedURI));")
            page.goto(f"{server.base}/")
            page.set_default_timeout(60_000)
            page.wait_for_selector("#create-button")
            page.click("#game-tikal")
            page.click("#create-button")
            page.wait_for_url(re.compile(r"#/table/"))
            page.wait_for_selector(".tikal-board")  # state came over the WebSocket
            page.locator(".space.target").first.wait_for()  # the server-drawn board got its targets
            violations = page.evaluate("window.__violations")
            browser.close()
        assert violations == []
        assert not [m for m in console if "Content Security Policy" in m], console
    finally:
        server.stop()
