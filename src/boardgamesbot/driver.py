"""The one game loop: ask each awaited seat for its decision, then apply the answers.

The terminal, the arena and the service all play games the same way: a
`Driver` holds a state and one `Player` per seat (a bot, a person at a
keyboard, a person far away whose answer has not come yet), asks every seat
the state awaits — all on the same position, so in a simultaneous step nobody
decides on another's choice — and applies the answers in seat order. A
player is handed its seat's window (`SeatView`) on a copy: what the seat may
know, and samples of the rest through its ``determinize``, never the position
itself.

>>> from boardgamesbot.bots import make_bot
>>> from boardgamesbot.engine import load_game
>>> state = load_game("tikal").new(2, seed=3)
>>> driver = Driver(state, [make_bot("random", 1), make_bot("random", 2)])
>>> driver.run().is_over()
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from boardgamesbot.bots import SeatView
from boardgamesbot.engine import Action, GameError, Record, State

__all__ = ["Decision", "DecisionFailed", "Driver", "Player", "Stalled"]


class Player(Protocol):
    """Whoever decides for a seat. Bots already are players (`Bot.choose`)."""

    def choose(self, state: SeatView, player: int, budget: float | None = None
               ) -> Action | str:
        """The seat's decision, seen through its window (on a copy: nothing it does
        changes the game)."""


@dataclass
class Decision:
    seat: int
    action: Action
    seconds: float  # how long the seat took to decide


class DecisionFailed(GameError):
    """A seat's player raised, or answered an action the rules refuse."""

    code = "decision_failed"

    def __init__(self, seat: int, action: Action | str | None, error: BaseException) -> None:
        what = f"chose the illegal action {str(action)!r}: {error}" if action is not None \
            else f"raised {type(error).__name__}: {error}"
        super().__init__(f"seat {seat + 1} {what}", seat=seat)
        self.seat, self.action, self.error = seat, action, error


class Stalled(GameError):
    """The game is not over but no seat can be asked (nobody plays an awaited seat)."""

    code = "stalled"


class Driver:
    """Plays ``state`` with ``players[seat]`` deciding for each seat (None: nobody yet).

    ``record``, when given, receives every applied action; ``on_decision`` is
    called after each one is applied (a face shows it, the arena times it).
    """

    def __init__(self, state: State, players: Sequence[Player | None],
                 record: Record | None = None,
                 on_decision: Callable[[Decision], None] | None = None) -> None:
        self.state = state
        self.players = list(players)
        self.record = record
        self.on_decision = on_decision

    def to_ask(self) -> list[int]:
        """The awaited seats somebody here can answer for, in seat order."""
        return [seat for seat in self.state.current_players() if self.players[seat] is not None]

    def ask(self, seat: int) -> Action | str:
        """``seat``'s answer on the current position (on a copy: nothing is applied).

        A service that applies answers itself (checking versions, in another
        process) asks here; `step` asks the same way and applies.
        """
        player = self.players[seat]
        if player is None:  # to_ask() never names such a seat; a caller asked anyway
            raise DecisionFailed(seat, None, LookupError(f"nobody here plays seat {seat}"))
        try:
            return player.choose(SeatView(self.state.clone(), seat), seat)
        except Exception as error:
            raise DecisionFailed(seat, None, error) from error

    def step(self) -> list[Decision]:
        """Ask every seat of `to_ask` on the same position, then apply all the answers."""
        answers = []
        for seat in self.to_ask():
            started = time.perf_counter()
            action = self.ask(seat)
            answers.append((seat, action, time.perf_counter() - started))
        decisions = []
        for seat, action, seconds in answers:
            try:
                applied = self.state.apply(seat, action)
            except Exception as error:
                raise DecisionFailed(seat, action, error) from error
            if self.record is not None:
                self.record.add(seat, applied)
            decision = Decision(seat, applied, seconds)
            decisions.append(decision)
            if self.on_decision is not None:
                self.on_decision(decision)
        return decisions

    def run(self) -> State:
        """Play until the game is over; the final state."""
        while not self.state.is_over():
            if not self.step():
                raise Stalled(f"{self.state.game.name} awaits seats "
                              f"{[s + 1 for s in self.state.current_players()]}, "
                              "but nobody plays them", seats=self.state.current_players())
        return self.state
