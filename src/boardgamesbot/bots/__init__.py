"""Computer players. One protocol: ``choose(state, player, budget) -> Action``, and
``explain(state, player, k)`` for hints.

Every bot owns a seeded generator, so the same bot, seed and state give the
same decision. The arena and the service hand a bot the seat's window on the
position (`SeatView`), never the position: the only door to hidden
information is ``SeatView.determinize``, whose samples depend on the seat's
view alone. A bot called with a plain `State` wraps it the same way.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable
from importlib import metadata
from typing import Protocol

from boardgamesbot.engine import Action, GameError, State

from .explain import Hint
from .seat import SeatView, seat_of

__all__ = ["LEVELS", "REFERENCE", "Bot", "RandomBot", "SeatView", "bot_names", "is_instant",
           "make_bot", "seat_of"]

# The frozen reference bot: every strength claim is measured against it. It stands apart
# from this package (a snapshot package under reference/, with a pinned copy of the rules it
# reads) and is found by this name among the installed bots (`ENTRY_POINTS`).
REFERENCE = "hard-2026.11"

# Bots other packages declare, by name: ``[project.entry-points."boardgamesbot.bots"]``,
# each a factory of one argument, the seed. Loaded when asked for, never imported here.
ENTRY_POINTS = "boardgamesbot.bots"


class Bot(Protocol):
    name: str

    def choose(self, state: State | SeatView, player: int,
               budget: float | None = None) -> Action: ...

    def explain(self, state: State | SeatView, player: int, k: int = 3,
                budget: float | None = None) -> list[Hint]: ...


def is_instant(bot: object) -> bool:
    """Whether ``bot`` declares ``instant = True``: it decides in about the time of one
    legal-actions call, so a service may ask it where it stands (on its event loop)
    rather than pay a hop to a thread or a process that costs more than the decision."""
    return getattr(bot, "instant", False) is True


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"
    instant = True  # one legal-actions call and a draw (`is_instant`)

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: State | SeatView, player: int, budget: float | None = None) -> Action:
        actions = seat_of(state, player).legal_actions()
        if not actions:
            raise GameError(f"seat {player} has no decision to make now", code="no_decision")
        return self.rng.choice(actions)

    def explain(self, state: State | SeatView, player: int, k: int = 3,
                budget: float | None = None) -> list[Hint]:
        """Random play has no reasons of its own: its hints are the one-step lookahead's."""
        from .greedy import GreedyBot

        return GreedyBot(self.seed, name=self.name).explain(state, player, k)


# A bot by name: a factory of one argument, the seed.
BotFactory = Callable[[int], Bot]


def _levels() -> dict[str, BotFactory]:
    from .greedy import GreedyBot
    from .search import SearchBot

    return {
        "greedy": lambda seed: GreedyBot(seed),
        "search": lambda seed: SearchBot(seed),
        # Levels for people: a bot and a budget each.
        "easy": lambda seed: GreedyBot(seed, temperature=2.0, name="easy"),
        "medium": lambda seed: GreedyBot(seed, name="medium"),
        "hard": lambda seed: SearchBot(seed, name="hard"),
    }


_BOTS: dict[str, BotFactory] = {"random": RandomBot}
_BOTS.update(_levels())
LEVELS = ("easy", "medium", "hard")


@functools.cache
def _declared() -> dict[str, metadata.EntryPoint]:
    """The bots installed packages declare (the frozen reference among them), by name;
    read once per process, like the games (`boardgamesbot.engine.known_games`)."""
    return {entry.name.strip().lower(): entry
            for entry in metadata.entry_points(group=ENTRY_POINTS)}


def bot_names() -> list[str]:
    return sorted(set(_BOTS) | set(_declared()))


# Bots that live in optional extras, by name prefix: the module's ``make_bot(name,
# seed)`` makes them. They are for the arena and research tools (docs/research.md),
# not offered at tables, so `bot_names` leaves them out.
_EXTRA_BOTS = {"openspiel-": ("boardgamesbot.research.openspiel", "research")}


def _extra_bot(name: str) -> Callable[[str, int], Bot] | None:
    for prefix, (module_name, extra) in _EXTRA_BOTS.items():
        if name.startswith(prefix):
            try:
                module = importlib.import_module(module_name)
            except ImportError as error:
                raise GameError(
                    f"bot {name!r} needs the optional {extra!r} extra "
                    f"(pip install 'boardgamesbot[{extra}]'): {error}",
                    code="bot_needs_extra", name=name, extra=extra,
                ) from None
            make: Callable[[str, int], Bot] = module.make_bot
            return make
    return None


def make_bot(name: str, seed: int = 0) -> Bot:
    """The bot called ``name`` with its own generator seeded by ``seed``."""
    key = name.strip().lower()
    extra = _extra_bot(key)
    if extra is not None:
        return extra(key, seed)
    factory = _BOTS.get(key)
    if factory is None and key in _declared():
        factory = _declared()[key].load()
    if factory is None:
        # The reference is declared at install time: a checkout installed before it moved
        # out of this package knows it not, and the fix is to install again, not a typo.
        missing = (" (the frozen reference is registered when this package is installed: "
                   "run `pip install -e .` again)" if key == REFERENCE else "")
        raise GameError(
            f"unknown bot {name!r}{missing}; choose from: {', '.join(bot_names())}",
            code="unknown_bot",
            name=name,
            known=bot_names(),
        )
    bot: Bot = factory(seed)
    return bot
