"""Our games for researchers: PettingZoo environments, OpenSpiel games, bot bridges.

Everything here is generic: it reads the registry (`known_games`,
`load_game`) and each game's numeric encoding (``games/<game>/encoding.py``:
a fixed action space and an observation built from a seat's view), and never
names a game. Install with ``pip install 'boardgamesbot[research]'``.

* `boardgamesbot.research.pettingzoo` — ``env(game, num_players=…, seed=…)``,
  an AEC environment per registered game.
* `boardgamesbot.research.openspiel` — every registered game as a
  ``pyspiel`` game (``bgbot_<game>``), our bots as OpenSpiel bots and
  OpenSpiel's bots as arena bots (``openspiel-random``, ``openspiel-mcts``,
  ``openspiel-ismcts``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

from boardgamesbot.engine import Game, load_game

__all__ = ["Encoding", "encoding", "option_combinations"]


@dataclass(frozen=True)
class Encoding:
    """A game's numbers for one player count and set of options."""

    actions: Any                 # .size, .encode(action) -> int, .decode(int) -> Action
    spaces: dict[str, dict]      # part -> {"shape", "low", "high"}
    observe: Any                 # view -> {part: np.ndarray}

    def __deepcopy__(self, memo) -> Encoding:
        return self  # immutable: OpenSpiel deep-copies states that refer to it

    @property
    def flat_size(self) -> int:
        return sum(int(np.prod(spec["shape"])) for spec in self.spaces.values())

    def flat(self, parts: dict[str, np.ndarray]) -> np.ndarray:
        """The parts concatenated in the spaces' order: one float32 vector."""
        return np.concatenate([parts[name].ravel() for name in self.spaces]).astype(np.float32)

    def flat_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        low = np.concatenate([np.full(int(np.prod(s["shape"])), s["low"], np.float32)
                              for s in self.spaces.values()])
        high = np.concatenate([np.full(int(np.prod(s["shape"])), s["high"], np.float32)
                               for s in self.spaces.values()])
        return low, high


def encoding(game: Game | str, num_players: int, **options: Any) -> Encoding:
    """The action space and observation encoding ``game`` declares (`Game.encoding`)."""
    if isinstance(game, str):
        game = load_game(game)
    declared = game.encoding(num_players, **options)
    return Encoding(declared.actions, declared.spaces, declared.observe)


def option_combinations(game: Game) -> list[dict[str, Any]]:
    """Every combination of the game's option choices (``[{}]`` for a game without options)."""
    return [{option.name: value for option, value in zip(game.options, values)}
            for values in itertools.product(*(option.choices for option in game.options))]
