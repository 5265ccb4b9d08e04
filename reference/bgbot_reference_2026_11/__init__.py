"""The frozen reference bot ``hard-2026.11``, standing apart from the product.

A snapshot package: the November 2026 ``hard`` search (`bot`), with a pinned copy of
each game's rules and heuristics as it read them (`tikal`, `cartographers`). Nothing in
``boardgamesbot`` imports it; the product finds it by name through the entry point
group ``boardgamesbot.bots`` (pyproject.toml), so ``make_bot("hard-2026.11")``, the
arena and the CLI load it only when it is asked for.
"""

from __future__ import annotations

from .bot import NAME, ReferenceBot

__all__ = ["NAME", "ReferenceBot", "make_bot"]


def make_bot(seed: int = 0) -> ReferenceBot:
    """The entry point ``boardgamesbot.bots`` names: the reference with its own seed."""
    return ReferenceBot(seed, name=NAME)
