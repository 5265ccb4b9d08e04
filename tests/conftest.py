"""The whole suite's setup: the test-only game joins the registry from here alone."""

import hidden_nim

from boardgamesbot.engine import register

register(hidden_nim.GAME)
