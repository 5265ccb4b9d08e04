"""One-step lookahead on the game's evaluation."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from boardgamesbot.engine import Action, State

from .common import check_budget, child_after, decision_rng, heuristics_for, value_after
from .explain import Hint, forced, hint
from .seat import SeatView, seat_of


@dataclass
class Ranking:
    """A decision worked out: the action chosen and every action looked at, best first."""

    chosen: Action
    # Callables making the hint dicts, best first (the chosen one first).
    hints: list[Callable[[], Hint]]


class RankingBot:
    """A bot whose decision and hints are one ranking (`_rank`): `choose` plays its first
    action, `explain` shows its ``k`` best. What ``budget`` means is the bot's own."""

    def choose(self, state: State | SeatView, player: int, budget: float | None = None) -> Action:
        return self._rank(seat_of(state, player), budget).chosen

    def explain(self, state: State | SeatView, player: int, k: int = 3,
                budget: float | None = None) -> list[Hint]:
        return [make() for make in self._rank(seat_of(state, player), budget).hints[:k]]

    def _rank(self, seat: SeatView, budget: float | None) -> Ranking:
        raise NotImplementedError


class GreedyBot(RankingBot):
    """Plays the action whose result the game's `evaluate` likes best.

    The lookahead runs on a determinization, so the bot never peeks at hidden
    information (a treasure wafer's kind, the next tile). With a
    ``temperature`` it samples actions in proportion to ``exp(value / T)``
    instead: a softer, more human opponent.

    A game whose decisions have hundreds of actions (every placement of a shape
    on a sheet, say) may offer ``heuristics.candidates(state, player)``: a
    quick pre-filter to the most promising few, so the full lookahead runs on
    those only.

    `explain` gives the ``k`` best actions by the lookahead: for a deterministic bot
    (no temperature) the first is the action `choose` plays; a sampling bot (``easy``)
    shows the ones it rates best. ``budget`` must be valid but buys nothing more.
    """

    def __init__(self, seed: int = 0, temperature: float = 0.0, name: str = "greedy") -> None:
        self.seed = seed
        self.temperature = temperature
        self.name = name

    def _rank(self, seat: SeatView, budget: float | None) -> Ranking:
        check_budget(budget, 1)
        player = seat.player
        rng = decision_rng(self.seed, seat, player)
        actions = seat.legal_actions()
        heuristics = heuristics_for(seat, self.name)
        if len(actions) == 1:
            world = seat.determinize(rng)
            return Ranking(actions[0], [lambda: forced(
                actions[0], value_after(world, player, actions[0], heuristics))])
        evaluate = heuristics.evaluate
        world = seat.determinize(rng)
        decided = heuristics.decide_explained(world, player, rng)
        if decided is not None:  # a decision the game prices directly (a bid)
            action, reason = decided
            return Ranking(action, [lambda: hint(
                heuristics, player, action, value_after(world, player, action, heuristics),
                None, None, reason=reason)])
        actions = heuristics.candidates(world, player)  # many actions: the game's best few
        values: list[float] = []
        children: list[State] = []
        for action in actions:
            child = child_after(world, player, action)
            values.append(evaluate(child, player))
            children.append(child)
        if self.temperature > 0:
            top = max(values)
            weights = [math.exp((v - top) / self.temperature) for v in values]
            chosen = rng.choices(actions, weights)[0]
        else:
            best = max(values)
            chosen = rng.choice([a for a, v in zip(actions, values) if v >= best - 1e-9])
        order = sorted(range(len(actions)),
                       key=lambda i: (actions[i] != chosen or self.temperature > 0, -values[i]))

        def maker(i: int) -> Callable[[], Hint]:
            return lambda: hint(heuristics, player, actions[i], values[i], world, children[i])

        return Ranking(chosen, [maker(i) for i in order])
