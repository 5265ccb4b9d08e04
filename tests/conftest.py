"""The whole suite's setup: the test-only game joins the registry from here alone."""

from boardgamesbot.engine import register

import hidden_nim

register(hidden_nim.GAME)
