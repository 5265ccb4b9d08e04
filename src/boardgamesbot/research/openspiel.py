"""Every registered game as an OpenSpiel game, and bots crossing between the two worlds.

>>> import pyspiel
>>> from boardgamesbot.research import openspiel
>>> game = openspiel.load("tikal", num_players=2)
>>> game.get_type().short_name
'bgbot_tikal'
>>> state = game.new_initial_state()
>>> state.is_chance_node()           # the game opens with the deal of its seed
True
>>> state = openspiel.new_state(game, seed=7)
>>> state.current_player()
0

Importing this module registers ``bgbot_<game>`` for every game `known_games`
lists, with the parameters ``players``, ``utility`` and the game's own options
(``pyspiel.load_game("bgbot_GAME", {"players": 3, "OPTION": "CHOICE"})``).

How our games map onto OpenSpiel's model (docs/research.md says more):

* **Imperfect information; chance is the deal.** Our engine draws every
  chance event (tile order, wafers, card draws) from the game's seed, so
  seed + actions = the whole game. In OpenSpiel the seed is dealt by chance:
  a game opens with four chance nodes of 256 outcomes each, the bytes of a
  32-bit game seed (``EXPLICIT_STOCHASTIC``). So an OpenSpiel history *is*
  a record (the seed, then the actions), a state serialises as its history
  and the engine position, and no generator hides in the game object
  (OpenSpiel's ``GetRNGState`` cannot be written in Python: its Python game
  class does not forward it, so ``SAMPLED_STOCHASTIC`` Python games fail
  ``serialize=True``). `new_state` deals a chosen seed. Search algorithms see
  hidden information only through ``resample_from_infostate``, which is our
  ``determinize``.
* **Sequential.** A simultaneous step (every seat drawing at once) is played seat
  after seat, in seat order; a seat's view shows nothing of the choices
  made before it in the step, so the game stays faithful. Resampling for a
  later seat also resamples those earlier hidden choices (uniformly among
  their legal actions).
* **Observations** are the game's encoding of ``state.view(seat)``
  (tensor) and the view as JSON (string). The information state is the
  same: every view of our games already carries the public history that
  matters (scores, the board or sheets, cards revealed this season). Before
  the deal nobody has seen anything: zeros and ``""``.
* **Returns** (``utility="win"``, the default) are 1/k for each of the k
  winners and 0 for the others, at the end: ``CONSTANT_SUM``, summing to 1.
  ``utility="score"`` returns the final scores (what a solo game
  needs): ``GENERAL_SUM``.

Bots: `SpielBot` puts one of our bots inside OpenSpiel's tools
(``evaluate_bots``); `make_bot` gives OpenSpiel's bots to our arena as
``openspiel-random``, ``openspiel-mcts`` and ``openspiel-ismcts`` (Python
MCTS and ISMCTS with random rollouts; the C++ MCTS/ISMCTS bots crash on
Python-defined games).
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from boardgamesbot.bots import SeatView, seat_of
from boardgamesbot.bots import make_bot as make_our_bot
from boardgamesbot.engine import Action, GameError, State, known_games, load_game

from . import encoding

__all__ = ["BoardGame", "BoardGameState", "OpenSpielBot", "SpielBot", "deal", "load",
           "make_bot", "new_state", "register_all", "short_name"]

UTILITIES = ("win", "score")
# OpenSpiel asks for a longest game; no game of ours comes near it (the longest, at
# four players, take some hundreds of decisions) and the Python algorithms used here
# never read it.
MAX_GAME_LENGTH = 100_000
# Scores have no printed maximum; "score" utilities are bounded by this for OpenSpiel's
# bookkeeping only.
SCORE_BOUND = 100_000.0
BOT_KINDS = ("random", "mcts", "ismcts")
# The deal: chance draws DEAL_DRAWS bytes, most significant first, which make the game seed.
DEAL_DRAWS = 4
DEAL_OUTCOMES = 256
SIMULATIONS = 20  # per decision when the arena gives no budget


def short_name(game: str) -> str:
    return f"bgbot_{game}"


def _default_players(rules) -> int:
    return min(max(rules.min_players, 2), rules.max_players)


class _Position:
    """The engine state inside an OpenSpiel state, and the deal so far.

    OpenSpiel clones states with ``copy.deepcopy``, which this turns into our
    cheap ``State.clone``; it serialises them by pickling their attributes,
    which pickles this (an engine state pickles whole, its generator included).
    ``state`` is None until the deal's last byte is drawn.
    """

    __slots__ = ("state", "deal")

    def __init__(self, state: State | None, deal: list[int]) -> None:
        self.state = state
        self.deal = deal

    def __deepcopy__(self, memo) -> _Position:
        return _Position(None if self.state is None else self.state.clone(), self.deal[:])


def _utility_type(utility: str) -> pyspiel.GameType.Utility:
    # "win": the winners share 1, so every game's returns sum to 1.
    return (pyspiel.GameType.Utility.CONSTANT_SUM if utility == "win"
            else pyspiel.GameType.Utility.GENERAL_SUM)


class BoardGame(pyspiel.Game):
    """One registered game with fixed players and options, as OpenSpiel sees it."""

    rules_name = ""  # set by the subclass `register_all` makes for each game
    game_type: pyspiel.GameType

    def __init__(self, params: dict | None = None) -> None:
        params = dict(params or {})
        self.rules = load_game(self.rules_name)
        self.num_seats = int(params.get("players", _default_players(self.rules)))
        self.rules.check_num_players(self.num_seats)
        self.utility = str(params.get("utility", "win"))
        if self.utility not in UTILITIES:
            raise GameError(f"utility must be one of {', '.join(UTILITIES)}, not "
                            f"{self.utility!r}", code="bad_option", option="utility")
        self.options = {option.name: params.get(option.name, option.default)
                        for option in self.rules.options}
        self.rules.new(self.num_seats, 0, **self.options)  # a bad option fails here
        self.code = encoding(self.rules, self.num_seats, **self.options)
        low, high = (0.0, 1.0) if self.utility == "win" else (-SCORE_BOUND, SCORE_BOUND)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.code.actions.size, max_chance_outcomes=DEAL_OUTCOMES,
            num_players=self.num_seats, min_utility=low, max_utility=high,
            utility_sum=1.0 if self.utility == "win" else None,
            max_game_length=MAX_GAME_LENGTH)
        # The registered type names the default utility; this game's type names its own,
        # which OpenSpiel's tests check against the utility sum.
        super().__init__(_game_type(self.rules, self.utility), info, params)

    def new_initial_state(self) -> BoardGameState:
        """A game before the deal: chance is to draw the seed's bytes."""
        return BoardGameState(self, None)

    def wrap(self, state: State) -> BoardGameState:
        """An OpenSpiel state around ``state`` (not copied), e.g. one from our arena.
        Its history starts after the deal (which it does not know)."""
        return BoardGameState(self, state)

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        if params:
            raise ValueError(f"observer parameters are not supported; got {params}")
        return ViewObserver(self.code)


class BoardGameState(pyspiel.State):
    """An engine state played through OpenSpiel's API (actions as indices)."""

    def __init__(self, game: BoardGame, state: State | None) -> None:
        super().__init__(game)
        self.position = _Position(state, [])
        self._utility = game.utility

    @property
    def code(self):
        return self.get_game().code

    @property
    def engine_state(self) -> State:
        """Our `State` (the whole truth: bots must use `determinize` to reason);
        None before the deal."""
        return self.position.state

    def current_player(self) -> int:
        state = self.position.state
        if state is None:
            return pyspiel.PlayerId.CHANCE
        awaited = state.current_players()
        return awaited[0] if awaited else pyspiel.PlayerId.TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1.0 / DEAL_OUTCOMES) for byte in range(DEAL_OUTCOMES)]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.position.state
        if state is None:
            return []
        awaited = state.current_players()
        if not awaited or player != awaited[0]:
            return []
        return sorted(self.code.actions.encode(a) for a in state.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        position = self.position
        if position.state is None:
            position.deal.append(action)
            if len(position.deal) == DEAL_DRAWS:
                game = self.get_game()
                seed = int.from_bytes(bytes(position.deal), "big")
                position.state = game.rules.new(game.num_seats, seed, **game.options)
            return
        state = position.state
        state.apply(state.current_players()[0], self.code.actions.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {action}"
        return str(self.code.actions.decode(action))

    def is_terminal(self) -> bool:
        state = self.position.state
        return state is not None and state.is_over()

    def returns(self) -> list[float]:
        state = self.position.state
        if state is None or not state.is_over():
            return [0.0] * self.get_game().num_seats
        if self._utility == "score":
            return [float(score) for score in state.scores()]
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0
                for seat in range(state.num_players)]

    def resample_from_infostate(self, player_id: int, probability_sampler) -> BoardGameState:
        rng = random.Random(int(probability_sampler() * 2**31))
        return resample(self, player_id, rng)

    def __str__(self) -> str:
        state = self.position.state
        if state is None:
            return json.dumps({"deal": self.position.deal})
        return state.to_json()


def deal(state: BoardGameState, seed: int) -> BoardGameState:
    """Play the deal of a fresh state as the chance draws that make ``seed`` (0 … 2**32-1)."""
    if not 0 <= seed < DEAL_OUTCOMES ** DEAL_DRAWS:
        raise GameError(f"a dealt seed is between 0 and {DEAL_OUTCOMES ** DEAL_DRAWS - 1}, "
                        f"not {seed}", code="bad_option", option="seed")
    if state.position.deal or state.engine_state is not None:
        raise GameError("only a fresh state (nothing dealt yet) can be dealt a seed",
                        code="bad_option", option="seed")
    for byte in seed.to_bytes(DEAL_DRAWS, "big"):
        state.apply_action(byte)
    return state


def new_state(game: BoardGame, seed: int) -> BoardGameState:
    """The game dealt with the engine seed ``seed``: the same game as ``Game.new(players,
    seed, **options)``, with the deal in its history."""
    return deal(game.new_initial_state(), seed)


def resample(state: BoardGameState, player: int, rng: random.Random) -> BoardGameState:
    """A copy of ``state`` with everything ``player`` cannot see resampled.

    `State.determinize` drops the hidden choices of the seats that acted before
    ``player`` in a simultaneous step; in OpenSpiel's sequential model those seats
    have acted, so they act again here, uniformly at random among their legal actions.
    """
    copy = state.clone()
    copy.position.state = sequential(state.engine_state.determinize(player, rng), player, rng)
    return copy


def sequential(state: State, player: int, rng: random.Random) -> State:
    """``state`` with ``player`` first to act: seats awaited before it in a simultaneous
    step play a random legal action each (hidden from ``player``, so any will do)."""
    awaited = state.current_players()
    while player in awaited and awaited[0] != player:
        state.apply(awaited[0], rng.choice(state.legal_actions(awaited[0])))
        awaited = state.current_players()
    return state


class ViewObserver:
    """OpenSpiel's observer protocol over a seat's view: the encoding as a tensor
    (``dict`` holds the named parts), the view as JSON text."""

    def __init__(self, code) -> None:
        self.code = code
        self.tensor = np.zeros(code.flat_size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, spec in code.spaces.items():
            size = int(np.prod(spec["shape"]))
            self.dict[name] = self.tensor[start:start + size].reshape(spec["shape"])
            start += size

    def set_from(self, state: BoardGameState, player: int) -> None:
        if state.engine_state is None:  # before the deal: nothing seen yet
            self.tensor[...] = 0.0
            return
        parts = self.code.observe(state.engine_state.view(player))
        for name, array in parts.items():
            self.dict[name][...] = array

    def string_from(self, state: BoardGameState, player: int) -> str:
        if state.engine_state is None:
            return ""
        return json.dumps(state.engine_state.view(player), sort_keys=True,
                          separators=(",", ":"))


def _game_type(rules, utility: str = "win") -> pyspiel.GameType:
    params: dict[str, Any] = {"players": _default_players(rules), "utility": "win"}
    params.update({option.name: option.default for option in rules.options})
    return pyspiel.GameType(
        short_name=short_name(rules.name),
        long_name=f"BoardGamesBot {rules.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_utility_type(utility),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_players,
        min_num_players=rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def register_all() -> list[str]:
    """Register every game of the registry not yet known to OpenSpiel; their short names."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in known_games():
        rules = load_game(name)
        if short_name(name) not in registered:
            game_type = _game_type(rules)
            game_class = type(f"BoardGame_{name}", (BoardGame,),
                              {"rules_name": name, "game_type": game_type})
            pyspiel.register_game(game_type, game_class)
        names.append(short_name(name))
    return names


def load(game: str, num_players: int | None = None, utility: str = "win",
         **options: Any) -> BoardGame:
    """``pyspiel.load_game`` for one of our games (registering it first if needed)."""
    rules = load_game(game)
    if short_name(rules.name) not in pyspiel.registered_names():
        register_all()
    params = {"players": num_players or _default_players(rules), "utility": utility,
              **options}
    return pyspiel.load_game(short_name(rules.name), params)


register_all()


# Our bots in OpenSpiel ---------------------------------------------------------------------


class SpielBot(pyspiel.Bot):
    """One of our bots (any `make_bot` name) as a ``pyspiel.Bot`` for OpenSpiel's tools.

    >>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    >>> game = load("tikal", num_players=2)
    >>> bots = [SpielBot("greedy", seed=1), SpielBot("random", seed=2)]
    >>> len(evaluate_bots(game.new_initial_state(), bots, np.random))
    2
    """

    def __init__(self, name: str, seed: int = 0, budget: float | None = None) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = make_our_bot(name, seed)
        self.budget = budget

    def step(self, state: BoardGameState) -> int:
        seat = state.current_player()
        action = self.bot.choose(state.engine_state.clone(), seat, self.budget)
        return state.code.actions.encode(action)

    def restart_at(self, state) -> None:
        pass

    def inform_action(self, state, player_id, action) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


# OpenSpiel's bots in our arena -----------------------------------------------------------


class OpenSpielBot:
    """An OpenSpiel bot playing by our bot protocol, ``choose(state, player, budget)``.

    ``random`` chooses uniformly; ``ismcts`` is OpenSpiel's Python ISMCTS with
    one random rollout per simulation and our ``determinize`` as the
    resampler; ``mcts`` is its Python MCTS searching one determinization of
    the position (a sample of the hidden information, never the truth).
    ``budget`` is the number of simulations per decision (default 20).
    """

    def __init__(self, kind: str, seed: int = 0) -> None:
        if kind not in BOT_KINDS:
            raise GameError(f"unknown OpenSpiel bot {kind!r}; choose from: "
                            f"{', '.join('openspiel-' + k for k in BOT_KINDS)}",
                            code="unknown_bot", name=f"openspiel-{kind}")
        self.kind = kind
        self.name = f"openspiel-{kind}"
        self.rng = random.Random(seed)
        self.numbers = np.random.RandomState(seed)

    def choose(self, state: State | SeatView, player: int, budget: float | None = None
               ) -> Action:
        seat = seat_of(state, player)
        game = _spiel_game(seat.game.name, seat.num_players)
        # The bot sees its seat's window only: it plays in a sample of what the seat
        # cannot see (ISMCTS resamples from there). OpenSpiel's model is sequential:
        # make ``player`` the seat to act, resampling the hidden choices of seats
        # before it in a simultaneous step.
        sample = seat.determinize(self.rng)
        position = sequential(sample, player, self.rng) \
            if sample.current_players()[:1] != [player] else sample
        spiel_state = game.wrap(position)
        simulations = int(budget) if budget else SIMULATIONS
        evaluator = mcts.RandomRolloutEvaluator(1, self.numbers)
        if self.kind == "random":
            index = int(self.numbers.choice(spiel_state.legal_actions()))
        elif self.kind == "mcts":
            sample = game.wrap(sequential(state.determinize(player, self.rng), player, self.rng))
            bot = mcts.MCTSBot(game, 2.0, simulations, evaluator, solve=False,
                               random_state=self.numbers)
            index = bot.step(sample)
        else:
            bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                                   random_state=self.numbers)
            bot.set_resampler(lambda s, seat: resample(s, seat, self.rng))
            index = bot.step(spiel_state)
        return game.code.actions.decode(index)


@cache
def _spiel_game(name: str, num_players: int) -> BoardGame:
    # The action space depends on the number of players only, so default options serve
    # every variant when wrapping a state that already exists. Alone, there is no one
    # to beat: a solo game is searched for its score.
    return load(name, num_players, utility="win" if num_players > 1 else "score")


def make_bot(name: str, seed: int = 0) -> OpenSpielBot:
    """``openspiel-random``, ``openspiel-mcts`` or ``openspiel-ismcts`` for our arena
    (`boardgamesbot.bots` resolves ``openspiel-…`` names here)."""
    kind = name.strip().lower().removeprefix("openspiel-")
    return OpenSpielBot(kind, seed)
