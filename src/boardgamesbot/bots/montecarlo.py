"""Flat Monte Carlo over a decision's most promising actions.

For games decided one action at a time where the future is mostly chance (which
card comes next), planning a long turn buys nothing, but knowing how an action
leaves one placed for what may come does. So the bot:

1. samples a few *determinizations* of the position (the hidden deck order
   reshuffled consistently with what the seat knows — the only way it ever
   reasons about hidden information), as the game's ``heuristics.worlds``
   draws them (independent samples unless the game spreads them out);
2. shortlists the most promising actions with the game's quick pre-filter
   (``heuristics.shortlist``), or takes them all;
3. tries each shortlisted action in every sample: the other awaited seats make
   a reply fixed per sample (``heuristics.quick_reply`` or a random legal
   action; the same for every action tried, so actions are compared on the
   same futures), the step resolves, and the seat then makes
   its ``depth`` next decisions as the game's `follow_up` says (its first
   candidate, or a cheaper estimate of it remembered per sample), fewer if the
   game's `horizon_reached` says the sample has gone far enough;
4. with ``finalists`` set, tries the ``finalists`` best of them again in
   ``final_worlds`` fresh samples (the same for each): the best few are
   usually a fraction of a point apart, closer than a few samples can tell,
   while the rest are clearly behind — more samples pay where the call is
   close; with ``final_depth`` deeper than ``depth``, the finalists are also
   looked at further: each is tried ``final_depth`` own decisions deep in the
   first round's samples again and in the fresh ones, and they are compared on
   those deeper outcomes alone (a mean that mixed two horizons would dilute
   what the longer look sees with what the short one missed);
5. plays the action with the best mean `outcome` over the samples (among
   the finalists, over all the samples each was tried in; a game's `outcome`
   is its `evaluate` unless it says otherwise, e.g. a chance of winning).

The same bot seed and the same view give the same decision: every random draw
comes from a generator seeded by both.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from boardgamesbot.engine import Action, GameError, Heuristics, State

from .common import check_budget, child_after, decision_rng, heuristics_for, value_after
from .explain import Hint, forced, hint
from .greedy import Ranking, RankingBot
from .seat import SeatView

MAX_REPLY_STEPS = 16  # steps others may take before the seat decides again


@dataclass(eq=False)  # a bot is one player: compared by identity, as before
class MonteCarloBot(RankingBot):
    """Samples the future a few times and keeps the action that fares best on average.

    ``budget`` is the number of determinizations each action is tried in; `explain`
    gives the ``k`` best actions by their mean outcome (the first is the one played).
    """

    seed: int = 0
    worlds: int = 4
    width: int = 6
    depth: int = 1
    finalists: int = 0
    final_worlds: int = 0
    final_depth: int | None = None  # None: ``depth``, the finalists looked at no further
    name: str = "montecarlo"

    def __post_init__(self) -> None:
        if self.finalists < 0 or self.final_worlds < 0:
            raise ValueError("finalists and final_worlds cannot be negative")
        if self.final_depth is not None and self.final_depth < 1:
            raise ValueError("final_depth must be at least 1 (None: the same as depth)")

    def _rank(self, seat: SeatView, budget: float | None) -> Ranking:
        worlds = max(1, int(check_budget(budget, self.worlds)))
        player = seat.player
        legal = seat.legal_actions()
        if not legal:
            raise GameError(f"seat {player} has no decision to make now", code="no_decision")
        heuristics = heuristics_for(seat, self.name)
        rng = decision_rng(self.seed, seat, player)
        if len(legal) == 1:
            world = seat.determinize(rng)
            return Ranking(legal[0], [lambda: forced(
                legal[0], value_after(world, player, legal[0], heuristics))])
        # The game's stream of samples, drawn as asked (by default independent
        # `determinize` calls, in the order they always were).
        stream = heuristics.worlds(seat, rng)
        samples = list(itertools.islice(stream, worlds))
        pool = heuristics.shortlist(samples[0], player, self.width)
        if len(pool) == 1:
            return Ranking(pool[0], [lambda: self._hint(heuristics, samples[0], player, pool[0],
                                                        value_after(samples[0], player,
                                                                    pool[0], heuristics))])
        totals = [0.0] * len(pool)
        tried = [len(samples)] * len(pool)
        self._try(pool, range(len(pool)), samples, player, heuristics, rng, totals)
        # The second round: the best few again in fresh samples, scaled with the budget.
        more = round(self.final_worlds * worlds / self.worlds) if self.worlds else 0
        finalists = sorted(range(len(pool)), key=lambda i: -totals[i])[:self.finalists]
        deeper = self.final_depth if self.final_depth is not None else self.depth
        if len(finalists) > 1 and more > 0:
            extra = list(itertools.islice(stream, more))
            if deeper != self.depth:
                # The finalists' first-round outcomes were at the short horizon: they are
                # looked at again, deeper, in the same samples (new replies, the same for
                # each finalist), so every finalist's mean is over one horizon.
                for i in finalists:
                    totals[i] = 0.0
                self._try(pool, finalists, samples, player, heuristics, rng, totals, deeper)
            self._try(pool, finalists, extra, player, heuristics, rng, totals, deeper)
            for i in finalists:
                tried[i] += more
        else:
            finalists = list(range(len(pool)))
        means = [total / count for total, count in zip(totals, tried)]
        # One round compares totals (as many samples each); two compare the finalists' means.
        scores = totals if len(finalists) == len(pool) else means
        best = max(scores[i] for i in finalists)
        # Ties keep the shortlist's order (its best first), whatever order the round left.
        chosen = pool[min(i for i in finalists if scores[i] >= best - 1e-9)]
        kept = set(finalists)
        order = sorted(range(len(pool)),
                       key=lambda i: (pool[i] != chosen, i not in kept, -scores[i]))

        def maker(i: int) -> Callable[[], Hint]:
            return lambda: self._hint(heuristics, samples[0], player, pool[i], means[i])

        return Ranking(chosen, [maker(i) for i in order])

    def _try(self, pool: list[Action], indices: Sequence[int], worlds: list[State], player: int,
             heuristics: Heuristics, rng: random.Random, totals: list[float],
             depth: int | None = None) -> None:
        """Add to ``totals`` each indexed action's outcome in every one of ``worlds``,
        ``depth`` own decisions deep (None: the bot's ``depth``).

        Every action meets the same worlds and, per world, the same replies (one
        reply seed per world): the comparison is of the actions, not of luck.
        """
        for world in worlds:
            reply_seed = rng.getrandbits(32)
            memory: dict[Hashable, Any] = {}  # the seat's next cards, for `follow_up`
            for index in indices:
                totals[index] += self._outcome(world, player, pool[index], heuristics,
                                               reply_seed, memory, depth)

    @staticmethod
    def _hint(heuristics: Heuristics, world: State, player: int, action: Action,
              value: float) -> Hint:
        """The reasons are the terms the action itself changes, in the first sample."""
        return hint(heuristics, player, action, value, world,
                    child_after(world, player, action))

    def _outcome(self, world: State, player: int, action: Action, heuristics: Heuristics,
                 reply_seed: int, memory: dict[Hashable, Any], depth: int | None = None) -> float:
        """Play ``action`` in ``world``, then the seat's next ``depth`` decisions (None: the
        bot's ``depth``); evaluate."""
        state = world.clone()
        state.apply(player, action)
        # The others' replies: the game's quick reply if it has one, else random legal
        # actions; drawn from a generator fixed per world, so every action tried meets
        # the same replies (their choices do not depend on ours in a simultaneous
        # step) and the comparison is fair.
        replies = random.Random(reply_seed)
        for _ in range(self.depth if depth is None else depth):
            self._let_others_move(state, player, replies, heuristics)
            if (state.is_over() or player not in state.current_players()
                    or heuristics.horizon_reached(world, state, player)):
                break
            state.apply(player, heuristics.follow_up(state, player, memory))
        return heuristics.outcome(state, player)

    @staticmethod
    def _let_others_move(state: State, player: int, replies: random.Random,
                         heuristics: Heuristics) -> None:
        for _ in range(MAX_REPLY_STEPS):
            if state.is_over():
                return
            others = [seat for seat in state.current_players() if seat != player]
            if not others:
                return
            for seat in others:
                move = heuristics.quick_reply(state, seat, replies)
                state.apply(seat, move if move is not None
                            else replies.choice(state.legal_actions(seat)))
