"""FROZEN: the reference bot ``hard-2026.11`` — the ``hard`` level as of November 2026.

Every claim that a bot got stronger is measured against this one, so it must
not change: this module is a copy of that day's `SearchBot` (whole-turn beam
search checked against the replies), `MonteCarloBot` (flat Monte Carlo, for
Cartographers) and the helpers they used. It plays on a pinned copy of each
game's rules and of that day's heuristics (the ``tikal`` and ``cartographers``
packages beside it), never on the live ones that keep improving. Do not edit;
tests/test_reference_bot.py checks its decisions on fixed positions and in
whole recorded games.

Where it meets the live product, only through the seat's public window
(`boardgamesbot.bots.SeatView`): the seat's view (its generator's seed), its
legal actions, and samples of the hidden information (`SeatView.determinize`).
Each sample crosses into the pinned rules as a position (`State.to_json`, read by
the pinned ``from_json``), and the decision crosses back as notation (read by the
live ``Game.parse_action``). Both are the games' documented, versioned formats.

Two differences from the original, neither of which changes a decision it
made. The door it uses: like every bot it gets the seat's window, not the
state. And one crash repaired (December 2026): where every continuation of a
turn led back to a position already planned, `_plan_turn` returned no plan at
all and the bot raised IndexError (Tikal's auction variant, a turn whose end
starts the same seat's final turn); it now finishes the open plans as they
stand, as it did when a turn ran too long.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from boardgamesbot.bots import SeatView, seat_of
from boardgamesbot.engine import Action, Game, GameError, State

from . import cartographers, tikal
from .cartographers import heuristics as cartographers_heuristics
from .tikal import heuristics as tikal_heuristics

NAME = "hard-2026.11"
MAX_TURN_LENGTH = 16
MAX_REPLY_STEPS = 16


@dataclass(frozen=True)
class Knowledge:
    """What the reference knew of one game in November 2026, named part by part (the
    original probed a heuristics module for each of these; absent ones are None)."""

    rules: Game                      # the pinned rules it searches on
    evaluate: Callable[[State, int], float]
    position_key: Callable[[State], Any] | None = None
    reveals_hidden: Callable[[Action], bool] | None = None
    decide: Callable[..., Action | None] | None = None
    # Games decided one action at a time: flat Monte Carlo with these settings.
    montecarlo: dict[str, Any] | None = None
    candidates: Callable[..., list[Action]] | None = None
    quick_reply: Callable[..., Action | None] | None = None


KNOWLEDGE = {
    "tikal": Knowledge(tikal.GAME, tikal_heuristics.evaluate,
                       position_key=tikal_heuristics.position_key,
                       reveals_hidden=tikal_heuristics.reveals_hidden,
                       decide=tikal_heuristics.decide),
    "cartographers": Knowledge(cartographers.GAME, cartographers_heuristics.evaluate,
                               montecarlo=cartographers_heuristics.SEARCH_SETTINGS,
                               candidates=cartographers_heuristics.candidates,
                               quick_reply=cartographers_heuristics.quick_reply),
}


def _view_key(view: dict) -> int:
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return zlib.crc32(text.encode())


def _check_budget(budget, default):
    if budget is None:
        return default
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or budget <= 0:
        raise GameError(f"a bot budget must be a positive number, not {budget!r}",
                        code="bad_budget", budget=budget)
    return budget


def _pinned(world: State, knowledge: Knowledge) -> State:
    """A live sample as a position of the pinned rules (through the position format)."""
    return knowledge.rules.from_json(world.to_json())


def _live(seat: SeatView, action: Action) -> Action:
    """A decision of the pinned rules as the live game's action (through its notation)."""
    return seat.game.parse_action(str(action))


@dataclass(order=True)
class _Plan:
    value: float
    actions: list[Action] = field(compare=False)
    result: State = field(compare=False)


def _plan_turn(state: State, player: int, knowledge: Knowledge, beam: int,
               keep: int) -> list[_Plan]:
    evaluate = knowledge.evaluate
    key = knowledge.position_key
    frontier = [_Plan(evaluate(state, player), [], state)]
    finished: list[_Plan] = []
    seen = set()
    for _ in range(MAX_TURN_LENGTH):
        children = []
        for plan in frontier:
            for action in plan.result.legal_actions(player):
                child = plan.result.clone()
                child.apply(player, action)
                step = _Plan(evaluate(child, player), plan.actions + [action], child)
                if child.is_over() or player not in child.current_players():
                    finished.append(step)
                    continue
                if key is not None:
                    fingerprint = key(child)
                    if fingerprint in seen:
                        continue
                    seen.add(fingerprint)
                children.append(step)
        if not children:
            if not finished:  # the one repair: this returned nothing, and the bot crashed
                finished.extend(frontier)
            break
        children.sort(reverse=True)
        frontier = children[:beam]
    else:
        finished.extend(frontier)
    finished.sort(reverse=True)
    return finished[:keep]


class ReferenceBot:
    """``hard`` as of November 2026: frozen (see the module's docstring)."""

    def __init__(self, seed: int = 0, worlds: int = 3, beam: int = 6, finalists: int = 4,
                 reply_turns: int = 3, name: str = NAME) -> None:
        self.seed = seed
        self.worlds = worlds
        self.beam = beam
        self.finalists = finalists
        self.reply_turns = reply_turns
        self.name = name
        self._plan: dict[int, Action] = {}

    def choose(self, state: State | SeatView, player: int, budget: float | None = None) -> Action:
        seat = seat_of(state, player)
        worlds = max(1, int(_check_budget(budget, self.worlds)))
        knowledge = KNOWLEDGE.get(seat.game.name)
        legal = seat.legal_actions()
        if not legal:
            raise GameError(f"seat {player} has no decision to make now", code="no_decision")
        if knowledge is None:  # a game born after this bot: it can only play at random
            return random.Random(self.seed * 1_000_003 + _view_key(seat.view())).choice(legal)
        if knowledge.montecarlo is not None:
            return self._montecarlo(seat, player, budget, knowledge)
        key = _view_key(seat.view())
        planned = self._plan.pop(key, None)
        if planned is not None and planned in legal:
            return planned
        self._plan.clear()
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(self.seed * 1_000_003 + key)
        worlds_seen = [seat.determinize(rng) for _ in range(worlds)]
        samples = [_pinned(world, knowledge) for world in worlds_seen]
        decided = (knowledge.decide(samples[0], player, rng, planning=True)
                   if knowledge.decide else None)
        if decided is not None:
            return _live(seat, decided)
        plans = _plan_turn(samples[0], player, knowledge, self.beam, self.finalists)
        if len(plans) > 1:
            for plan in plans:
                plan.value = fmean(self._outcome(world, player, plan.actions, knowledge, rng)
                                   for world in samples)
            plans.sort(reverse=True)
        best = [_live(seat, action) for action in plans[0].actions]
        # Remember the plan's later actions by the views they are expected in. The
        # original replayed the plan on the true state; on a sample the views along
        # the plan are the same (it stops before anything hidden is revealed). The
        # replay is on the live sample, since the live views are what it is asked with.
        self._remember(worlds_seen[0], player, plans[0].actions, best, knowledge)
        return best[0]

    def _outcome(self, world: State, player: int, actions: list[Action], knowledge: Knowledge,
                 rng: random.Random) -> float:
        decide = knowledge.decide
        state = world.clone()
        for action in actions:
            try:
                state.apply(player, action)
            except GameError:
                break
            if player not in state.current_players():
                break
        else:
            if player in state.current_players():
                for action in _plan_turn(state, player, knowledge, 1, 1)[0].actions:
                    state.apply(player, action)
        turns = 0
        while not state.is_over() and player not in state.current_players():
            if turns >= self.reply_turns:
                break
            other = state.current_players()[0]
            decided = decide(state, other, rng, planning=True) if decide else None
            if decided is not None:
                state.apply(other, decided)
                continue
            reply = _plan_turn(state, other, knowledge, beam=1, keep=1)
            for action in reply[0].actions:
                state.apply(other, action)
            turns += 1
        return knowledge.evaluate(state, player)

    def _remember(self, sample: State, player: int, pinned: list[Action], live: list[Action],
                  knowledge: Knowledge) -> None:
        reveals = knowledge.reveals_hidden or (lambda action: False)
        position = sample.clone()
        for index, (action, played) in enumerate(zip(pinned, live)):
            if index:
                self._plan[_view_key(position.view(player))] = played
            if reveals(action):
                break
            position.apply(player, played)
            if player not in position.current_players():
                break

    # The flat Monte Carlo search of games decided one action at a time -------------------

    def _montecarlo(self, seat: SeatView, player: int, budget, knowledge: Knowledge) -> Action:
        settings = knowledge.montecarlo or {}
        worlds = max(1, int(_check_budget(budget, settings.get("worlds", 4))))
        width = settings.get("width", 6)
        depth = settings.get("depth", 1)
        legal = seat.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(self.seed * 1_000_003 + _view_key(seat.view()))
        samples = [_pinned(seat.determinize(rng), knowledge) for _ in range(worlds)]
        shortlist = knowledge.candidates
        pool = shortlist(samples[0], player, width) if shortlist else samples[0].legal_actions(
            player)
        if len(pool) == 1:
            return _live(seat, pool[0])
        totals = [0.0] * len(pool)
        for world in samples:
            reply_seed = rng.getrandbits(32)
            for index, action in enumerate(pool):
                totals[index] += _mc_outcome(world, player, action, knowledge, reply_seed,
                                             depth)
        best = max(totals)
        return _live(seat, next(a for a, total in zip(pool, totals) if total >= best - 1e-9))


def _mc_outcome(world: State, player: int, action: Action, knowledge: Knowledge,
                reply_seed: int, depth: int) -> float:
    state = world.clone()
    state.apply(player, action)
    replies = random.Random(reply_seed)
    for _ in range(depth):
        _let_others_move(state, player, replies, knowledge.quick_reply)
        if state.is_over() or player not in state.current_players():
            break
        if knowledge.candidates is not None:
            move = knowledge.candidates(state, player, 1)[0]
        else:
            move = max(state.legal_actions(player), key=lambda a: _after(state, player, a,
                                                                         knowledge))
        state.apply(player, move)
    return knowledge.evaluate(state, player)


def _let_others_move(state: State, player: int, replies: random.Random, reply) -> None:
    for _ in range(MAX_REPLY_STEPS):
        if state.is_over():
            return
        others = [seat for seat in state.current_players() if seat != player]
        if not others:
            return
        for seat in others:
            move = reply(state, seat, replies) if reply is not None else None
            state.apply(seat, move if move is not None
                        else replies.choice(state.legal_actions(seat)))


def _after(state: State, player: int, action: Action, knowledge: Knowledge) -> float:
    child = state.clone()
    child.apply(player, action)
    return knowledge.evaluate(child, player)
