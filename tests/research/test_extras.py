"""Bots from optional extras: a missing extra is a clear error, not an ImportError."""

from __future__ import annotations

import pytest

from boardgamesbot import bots
from boardgamesbot.engine import GameError


def test_a_bot_whose_extra_is_missing_names_the_extra_to_install(monkeypatch):
    monkeypatch.setitem(bots._EXTRA_BOTS, "openspiel-",
                        ("boardgamesbot.research.not_installed", "research"))
    with pytest.raises(GameError, match=r"pip install 'boardgamesbot\[research\]'") as error:
        bots.make_bot("openspiel-ismcts")
    assert error.value.code == "bot_needs_extra"


def test_extra_bots_are_not_offered_at_tables():
    assert not any(name.startswith("openspiel-") for name in bots.bot_names())
