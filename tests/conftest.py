"""The whole suite's setup: the test-only game joins the registry from here alone."""

import hidden_nim

from boardgamesbot.engine import register

register(hidden_nim.GAME)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch):
    """The terminal speaks the locale's language when no --lang is given; the suite runs
    in English whatever the machine's locale (tests of other locales pass their own)."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
