"""Every registered game as a PettingZoo AEC environment.

>>> from boardgamesbot.research.pettingzoo import env
>>> tikal = env("tikal", num_players=4, seed=1)
>>> tikal.reset(seed=1)
>>> observation, reward, termination, truncation, info = tikal.last()
>>> sorted(observation)
['action_mask', 'observation']

* Agents are ``player_0`` … ``player_{n-1}``, one per seat.
* Each agent observes ``{"observation": float32 vector, "action_mask": int8
  vector}``; the vector is the game's encoding of the seat's view (the
  encoding's parts flattened in order), so it holds only what that seat may
  see. ``structured=True`` makes ``"observation"`` a `gymnasium.spaces.Dict`
  of the parts instead; `BoardGameEnv.structured_observation` gives the parts
  either way.
* Actions are indices into the game's fixed action space
  (docs/research.md); the mask marks the legal ones. An illegal index raises
  `GameError` and changes nothing.
* Rewards (``reward="score"``, the default) are score changes: a seat is
  rewarded whenever its score moves (a scoring round, a bid paid, a season's
  end), the final scoring included, so an agent's
  rewards add up to its final score. ``reward="win"`` instead pays 1/k to
  each of the k winners at the end and 0 otherwise.
* A simultaneous step (every seat drawing at once) is serialized as the AEC model
  asks: the seats awaited in that step act one after another, in seat
  order; every choice stays hidden until all are made, because views hide
  them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from boardgamesbot.engine import GameError, IllegalAction, State, load_game

from . import encoding

__all__ = ["BoardGameEnv", "env"]

REWARDS = ("score", "win")


def env(game: str, num_players: int | None = None, seed: int | None = None,
        render_mode: str | None = None, structured: bool = False, reward: str = "score",
        **options: Any) -> BoardGameEnv:
    """The AEC environment of ``game`` (any name `known_games` lists).

    ``num_players`` defaults to 2 when the game allows it (otherwise its
    minimum); ``options`` are the game's own (e.g. ``variant="auction"``).
    """
    return BoardGameEnv(game, num_players, seed, render_mode, structured, reward, **options)


def _box(spec: dict) -> spaces.Box:
    return spaces.Box(low=spec["low"], high=spec["high"], shape=tuple(spec["shape"]),
                      dtype=np.float32)


class BoardGameEnv(AECEnv):
    """One game of a registered board game, seat by seat (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, num_players: int | None = None, seed: int | None = None,
                 render_mode: str | None = None, structured: bool = False,
                 reward: str = "score", **options: Any) -> None:
        super().__init__()
        self.game = load_game(game)
        if num_players is None:
            num_players = min(max(self.game.min_players, 2), self.game.max_players)
        self.game.check_num_players(num_players)
        if reward not in REWARDS:
            raise GameError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}",
                            code="bad_option", option="reward")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise GameError(f"render_mode must be None or 'ansi', not {render_mode!r}",
                            code="bad_option", option="render_mode")
        self.game.new(num_players, 0, **options)  # a bad option fails here, clearly
        self.num_players = num_players
        self.options = dict(options)
        self.render_mode = render_mode
        self.structured = structured
        self.reward_mode = reward
        self.metadata = {**self.metadata, "name": f"bgbot_{self.game.name}"}
        self.code = encoding(self.game, num_players, **options)
        self.possible_agents = [f"player_{seat}" for seat in range(num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = self.code.flat_bounds()
        inner = (spaces.Dict({name: _box(spec) for name, spec in self.code.spaces.items()})
                 if structured else spaces.Box(low, high, dtype=np.float32))
        space = spaces.Dict({
            "observation": inner,
            "action_mask": spaces.Box(0, 1, (self.code.actions.size,), dtype=np.int8),
        })
        self._observation_spaces = {agent: space for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(self.code.actions.size)
                               for agent in self.possible_agents}
        self._seeds = random.Random(seed)
        self.state: State | None = None

    # The PettingZoo API ----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. ``seed`` reseeds the sequence of game seeds (the game's options
        are fixed when the environment is made; ``options`` here are not used)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game_seed = self._seeds.getrandbits(31)
        self.state = self.game.new(self.num_players, self.game_seed, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._scores = list(self.state.scores())
        self._selector = AgentSelector([])
        self._step_left: list[str] = []  # agents of the open step yet to act
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        parts = self.structured_observation(agent)
        mask = np.zeros(self.code.actions.size, dtype=np.int8)
        for action in self.state.legal_actions(seat):
            mask[self.code.actions.encode(action)] = 1
        return {"observation": parts if self.structured else self.code.flat(parts),
                "action_mask": mask}

    def structured_observation(self, agent: str) -> dict[str, np.ndarray]:
        """The encoding's parts of ``agent``'s view, by name (docs/research.md)."""
        return self.code.observe(self.state.view(self._seat[agent]))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        seat = self._seat[agent]
        chosen = self.code.actions.decode(action)
        if chosen not in self.state.legal_actions(seat):
            raise IllegalAction(f"{agent} cannot play action {action} ({chosen}) now",
                                code="illegal_action", action=str(chosen))
        self.state.apply(seat, chosen)
        self._cumulative_rewards[agent] = 0.0
        self._reward()
        if self.state.is_over():
            self.terminations = {a: True for a in self.agents}
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        view = self.state.view(None)
        draw = getattr(self.game, "render_text", None)
        return draw(view) if draw else json.dumps(view, indent=1)

    def close(self) -> None:
        pass

    # Inside -----------------------------------------------------------------------------

    def _reward(self) -> None:
        scores = list(self.state.scores())
        if self.reward_mode == "score":
            seat = self._seat
            self.rewards = {agent: float(scores[seat[agent]] - self._scores[seat[agent]])
                            for agent in self.agents}
        else:
            winners = self.state.winners() if self.state.is_over() else []
            self.rewards = {agent: (1.0 / len(winners) if self._seat[agent] in winners else 0.0)
                            for agent in self.agents}
        self._scores = scores

    def _select(self) -> None:
        """Whose turn it is: the next seat still awaited in this step, in seat order.

        `AgentSelector` walks the seats awaited when a step opened; a seat that has
        acted leaves the engine's awaited list, so the next one in the selector is
        the next to act. When the engine opens a new step, the selector starts over.
        """
        awaited = [self.possible_agents[s] for s in self.state.current_players()]
        if not awaited:  # over: the dead-agent steps remove the agents in seat order
            self.agent_selection = self.agents[0]
            return
        if awaited != self._step_left:  # a new step opened
            self._selector.reinit(awaited)
        self.agent_selection = self._selector.next()
        order = self._selector.agent_order
        self._step_left = order[order.index(self.agent_selection) + 1:]
