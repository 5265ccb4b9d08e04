"""One-step lookahead on the game's evaluation."""

from __future__ import annotations

import math

from boardgamesbot.engine import Action, State

from .common import check_budget, decision_rng, heuristics_for


class GreedyBot:
    """Plays the action whose result the game's `evaluate` likes best.

    The lookahead runs on a determinization, so the bot never peeks at hidden
    information (a treasure wafer's kind, the next tile). With a
    ``temperature`` it samples actions in proportion to ``exp(value / T)``
    instead: a softer, more human opponent.

    A game whose decisions have hundreds of actions (every placement of a
    Cartographers shape) pre-filters them in ``Heuristics.candidates``, so the
    full lookahead runs on the most promising few only.
    """

    def __init__(self, seed: int = 0, temperature: float = 0.0, name: str = "greedy") -> None:
        self.seed = seed
        self.temperature = temperature
        self.name = name

    def choose(self, state: State, player: int, budget: float | None = None) -> Action:
        check_budget(budget, 1)
        rng = decision_rng(self.seed, state, player)
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        heuristics = heuristics_for(state)
        evaluate = heuristics.evaluate
        world = state.determinize(player, rng)
        decided = heuristics.decide(world, player, rng)
        if decided is not None:
            return decided
        actions = heuristics.candidates(world, player)  # many actions: the game's best few
        values = []
        for action in actions:
            child = world.clone()
            child.apply(player, action)
            values.append(evaluate(child, player))
        if self.temperature > 0:
            top = max(values)
            weights = [math.exp((v - top) / self.temperature) for v in values]
            return rng.choices(actions, weights)[0]
        best = max(values)
        return rng.choice([a for a, v in zip(actions, values) if v >= best - 1e-9])
