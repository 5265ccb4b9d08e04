"""A search bot that plans its whole turn, then checks the plan against the replies.

One decision of a person is one action, but in a game whose turn has several
actions a good turn is a plan: bring pieces in, walk them somewhere, act there,
all within the turn's budget. So at the
first decision of its turn the bot:

1. samples a few *determinizations* of the position (the hidden tile order and
   wafers reshuffled consistently with what it knows — the only way it ever
   reasons about hidden information);
2. searches the sequences of its own actions up to the end of its turn with a
   beam search guided by the game's evaluation, in the first sample;
3. plays each finalist plan out in every sample, lets the other players reply
   with a quick greedy plan of their own until the bot is to act again, and
   evaluates the outcome;
4. plays the first action of the plan with the best average outcome, and
   follows the rest of the plan while the position stays the one it expected
   (a revealed wafer or any surprise makes it plan again).

A game decided one action at a time (a drawing game, where a seat's turn is
one drawing) may ask for flat Monte Carlo instead, with
``Heuristics.search = SearchSettings(method="montecarlo", ...)`` (see
`montecarlo`).

The same bot seed and the same view give the same decision: everything random
is drawn from a generator seeded by both.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from statistics import fmean

from boardgamesbot.engine import Action, GameError, Heuristics, SearchSettings, State

from .common import check_budget, child_after, heuristics_for, value_after, view_key
from .explain import Hint, forced, hint
from .greedy import Ranking
from .montecarlo import MonteCarloBot
from .seat import SeatView, seat_of

MAX_TURN_LENGTH = 16


@dataclass(order=True)
class Plan:
    value: float
    actions: list[Action] = field(compare=False)
    result: State = field(compare=False)


def plan_turn(state: State, player: int, heuristics: Heuristics, beam: int,
              keep: int) -> list[Plan]:
    """The ``keep`` best action sequences that finish ``player``'s turn, best first."""
    evaluate = heuristics.evaluate
    frontier = [Plan(evaluate(state, player), [], state)]
    finished: list[Plan] = []
    seen: set[Hashable] = set()
    for _ in range(MAX_TURN_LENGTH):
        children: list[Plan] = []
        for plan in frontier:
            for action in plan.result.legal_actions(player):
                child = child_after(plan.result, player, action)
                step = Plan(evaluate(child, player), plan.actions + [action], child)
                if child.is_over() or player not in child.current_players():
                    finished.append(step)
                    continue
                fingerprint = heuristics.position_key(child)
                if fingerprint is not None:
                    if fingerprint in seen:
                        continue
                    seen.add(fingerprint)
                children.append(step)
        if not children:
            if not finished:  # every way on leads back to a position planned already
                finished.extend(frontier)
            break
        children.sort(reverse=True)
        frontier = children[:beam]
    else:  # never cut a turn short silently: finish the best open plans as they stand
        finished.extend(frontier)
    finished.sort(reverse=True)
    return finished[:keep]


class SearchBot:
    """Plans its turn by beam search and picks the plan that survives the replies best."""

    def __init__(self, seed: int = 0, worlds: int = 2, beam: int = 10, finalists: int = 8,
                 reply_turns: int = 3, name: str = "search") -> None:
        self.seed = seed
        self.worlds = worlds
        self.beam = beam
        self.finalists = finalists
        self.reply_turns = reply_turns
        self.name = name
        self._plan: dict[int, Action] = {}

    def choose(self, state: State | SeatView, player: int, budget: float | None = None) -> Action:
        """``budget`` is the number of determinizations each plan is checked in."""
        seat = seat_of(state, player)
        worlds = max(1, int(check_budget(budget, self.worlds)))
        heuristics = heuristics_for(seat, self.name)
        settings = heuristics.search_for(seat.num_players)
        if settings.method == "montecarlo":
            return self._montecarlo(settings).choose(seat, player, budget)
        legal = seat.legal_actions()
        if not legal:
            raise GameError(f"seat {player} has no decision to make now", code="no_decision")
        key = view_key(seat, player)
        planned = self._plan.pop(key, None)
        if planned is not None and planned in legal:
            return planned
        self._plan.clear()
        ranking, plan, sample = self._rank(seat, worlds, heuristics, key)
        if plan is not None and sample is not None:  # a plan always comes with its sample
            self._remember(sample, player, plan, heuristics)
        return ranking.chosen

    def explain(self, state: State | SeatView, player: int, k: int = 3,
                budget: float | None = None) -> list[Hint]:
        """The first actions of the ``k`` best plans, with the plans' mean outcomes and
        what each whole plan changes (for a fresh bot the first is the action `choose`
        plays; a bot in the middle of a plan follows it instead)."""
        seat = seat_of(state, player)
        worlds = max(1, int(check_budget(budget, self.worlds)))
        heuristics = heuristics_for(seat, self.name)
        settings = heuristics.search_for(seat.num_players)
        if settings.method == "montecarlo":
            return self._montecarlo(settings).explain(seat, player, k, budget)
        if not seat.legal_actions():
            raise GameError(f"seat {player} has no decision to make now", code="no_decision")
        ranking, _, _ = self._rank(seat, worlds, heuristics, view_key(seat, player))
        return [make() for make in ranking.hints[:k]]

    def _rank(self, seat: SeatView, worlds: int, heuristics: Heuristics, key: int
              ) -> tuple[Ranking, list[Action] | None, State | None]:
        """(ranking, the chosen plan or ``None``, the sample it was planned in)."""
        player = seat.player
        legal = seat.legal_actions()
        rng = random.Random(self.seed * 1_000_003 + key)
        if len(legal) == 1:
            world = seat.determinize(rng)
            return Ranking(legal[0], [lambda: forced(
                legal[0], value_after(world, player, legal[0], heuristics))]), None, None
        samples = [seat.determinize(rng) for _ in range(worlds)]
        decided = heuristics.decide_explained(samples[0], player, rng, planning=True)
        if decided is not None:  # a decision the game's knowledge prices directly (a bid)
            action, reason = decided
            return Ranking(action, [lambda: hint(
                heuristics, player, action, value_after(samples[0], player, action, heuristics),
                None, None, reason=reason)]), None, None
        plans = plan_turn(samples[0], player, heuristics, self.beam, self.finalists)
        if len(plans) > 1:
            for plan in plans:
                plan.value = fmean(self._outcome(world, player, plan.actions, heuristics, rng)
                                   for world in samples)
            plans.sort(reverse=True)

        def maker(plan: Plan) -> Callable[[], Hint]:
            return lambda: _plan_hint(heuristics, player, plan, samples[0])

        hints: list[Callable[[], Hint]] = []
        firsts: set[Action] = set()
        for plan in plans:  # one hint per first action: its best plan
            if plan.actions[0] in firsts:
                continue
            firsts.add(plan.actions[0])
            hints.append(maker(plan))
        return Ranking(plans[0].actions[0], hints), plans[0].actions, samples[0]

    def _montecarlo(self, settings: SearchSettings) -> MonteCarloBot:
        """The flat Monte Carlo search a game asks for in its ``Heuristics.search``
        (games decided one action at a time, where there is no turn to plan)."""
        return MonteCarloBot(self.seed, worlds=settings.worlds, width=settings.width,
                             depth=settings.depth, finalists=settings.finalists,
                             final_worlds=settings.final_worlds,
                             final_depth=settings.final_depth, name=self.name)

    def _outcome(self, world: State, player: int, actions: list[Action], heuristics: Heuristics,
                 rng: random.Random) -> float:
        """Play ``actions`` in ``world``, let the others reply, evaluate for ``player``."""
        state = world.clone()
        for action in actions:
            try:
                state.apply(player, action)
            except GameError:
                break  # this world revealed something else (a wafer): the plan ends here
            if player not in state.current_players():
                break
        else:
            if player in state.current_players():  # cut short: finish the turn quickly
                for action in plan_turn(state, player, heuristics, 1, 1)[0].actions:
                    state.apply(player, action)
        turns = 0
        while not state.is_over() and player not in state.current_players():
            if turns >= self.reply_turns:
                break
            other = state.current_players()[0]
            # A rival's directly priced decision (a bid) the cheap way when the game
            # offers one: its turn's plan below is what the outcome mostly hangs on.
            decided = heuristics.quick_reply(state, other, rng)
            if decided is None:
                decided = heuristics.decide(state, other, rng, planning=True)
            if decided is not None:
                state.apply(other, decided)
                continue
            reply = plan_turn(state, other, heuristics, beam=1, keep=1)
            for action in reply[0].actions:
                state.apply(other, action)
            turns += 1
        return heuristics.evaluate(state, player)

    def _remember(self, sample: State, player: int, actions: list[Action],
                  heuristics: Heuristics) -> None:
        """Keep the plan's later actions, keyed by the views they are expected in.

        The plan is replayed in the sample it was made in: up to the first action
        that reveals something hidden, the seat's view there is the one it will
        have at the table.
        """
        position = sample.clone()
        for index, action in enumerate(actions):
            if index:
                self._plan[view_key(position, player)] = action
            if heuristics.reveals_hidden(action):
                break  # what comes next depends on what is revealed: plan again then
            position.apply(player, action)
            if player not in position.current_players():
                break


def _plan_hint(heuristics: Heuristics, player: int, plan: Plan, sample: State) -> Hint:
    step = sample.clone()  # the suggested move alone: its reasons are the hint's
    step.apply(player, plan.actions[0])
    return hint(heuristics, player, plan.actions[0], plan.value, sample, plan.result,
                line=plan.actions, step=step)
