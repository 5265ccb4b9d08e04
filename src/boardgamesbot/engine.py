"""The engine contract every game implements and every player, service and face uses.

Shaped after OpenSpiel's Game/State split and python-chess's Board: a `Game`
makes `State`s; a `State` says whose decision is awaited, lists the legal
actions, applies one (or refuses it, changing nothing), and shows each seat
exactly what that seat may see.

>>> from boardgamesbot.engine import load_game
>>> state = load_game("tikal").new(num_players=2, seed=7)
>>> state.current_players()
[0]
>>> action = state.legal_actions(0)[0]
>>> state.apply(0, str(action))          # notation is accepted wherever an action is
"""

from __future__ import annotations

import importlib
import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Hashable, Iterator

__all__ = [
    "Action",
    "Game",
    "GameError",
    "IllegalAction",
    "Record",
    "State",
    "known_games",
    "load_game",
]

# Registered games: name -> module that exposes ``GAME``.
_GAMES = {
    "tikal": "boardgamesbot.games.tikal",
    "cartographers": "boardgamesbot.games.cartographers",
}


class GameError(ValueError):
    """A problem a person can fix, with a stable code and parameters for translation.

    Every face shows ``str(error)``; faces that translate look up ``code`` and
    fill in ``params``.
    """

    code = "game_error"

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params = params


class IllegalAction(GameError):
    """An action the rules do not allow now; the state was left untouched."""

    code = "illegal_action"


class Action:
    """Base of every game's actions.

    Actions are small frozen dataclasses whose ``str()`` is their notation;
    ``Game.parse_action(str(a)) == a`` always holds.
    """

    __slots__ = ()


class State(ABC):
    """One position of one game, with the whole history's consequences in it."""

    game: "Game"
    num_players: int

    @abstractmethod
    def current_players(self) -> list[int]:
        """Seats whose decision is awaited (several in a simultaneous step; empty when over)."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (empty if it is not their decision)."""

    @abstractmethod
    def apply(self, player: int, action: Action | str) -> Action:
        """Apply ``action`` for ``player``; return the action as applied.

        Raises `IllegalAction` (and changes nothing) when the action is not
        allowed, and a `GameError` when the notation cannot be read.
        """

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that share the win once the game is over; empty before."""

    @abstractmethod
    def view(self, player: int | None) -> dict:
        """A JSON-ready dict of exactly what ``player`` may see (``None``: a spectator)."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> "State":
        """A copy with every piece of information hidden from ``player`` resampled."""

    @abstractmethod
    def clone(self) -> "State": ...

    @abstractmethod
    def to_json(self) -> str:
        """The full position (hidden information included) as JSON text."""

    # Conveniences shared by every game -------------------------------------------------

    def describe(self, action: Action) -> str:
        """The action in words for a person (games add costs and effects)."""
        return str(action)

    def undo_point(self) -> Hashable:
        """A value that changes whenever play crosses an undo barrier.

        A barrier is anything that may not be taken back: hidden or random
        information revealed (a tile drawn, a wafer turned up, a card
        revealed), a new turn, another seat's decision. An action after which
        ``undo_point()`` is unchanged may be taken back by its own seat (replay
        the record without it). The default never compares equal: no undo.
        """
        return object()


class Game(ABC):
    """A game's rules: its name, player counts, options, notation and positions."""

    name: str
    min_players: int
    max_players: int

    @abstractmethod
    def new(self, num_players: int, seed: int, **options: Any) -> State:
        """A fresh game; all chance comes from ``seed``."""

    @abstractmethod
    def from_json(self, text: str) -> State:
        """A position written by `State.to_json` (or by hand); raises `GameError` if invalid."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written in ``text``; raises `GameError` naming what was expected."""

    def check_num_players(self, num_players: int) -> None:
        if not isinstance(num_players, int) or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise GameError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, "
                f"not {num_players}",
                code="bad_player_count",
                game=self.name,
                min=self.min_players,
                max=self.max_players,
                given=num_players,
            )

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


def known_games() -> list[str]:
    return sorted(_GAMES)


def load_game(name: str) -> Game:
    """The game called ``name``; unknown names get an error listing the known games."""
    module_name = _GAMES.get(str(name).strip().lower())
    if module_name is None:
        raise GameError(
            f"unknown game {name!r}; known games: {', '.join(known_games())}",
            code="unknown_game",
            name=str(name),
            known=known_games(),
        )
    return importlib.import_module(module_name).GAME


@dataclass
class Record:
    """A whole game as data: seed + actions rebuild every state (like a PGN).

    ``actions`` holds ``(seat, notation)`` pairs in the order they were applied.
    """

    game: str
    seed: int
    seats: list[str]
    options: dict = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)

    FORMAT = "boardgamesbot-record/1"

    @classmethod
    def start(cls, game: str, seed: int, seats: list[str], **options: Any) -> "Record":
        return cls(game=game, seed=seed, seats=list(seats), options=dict(options))

    def new_state(self) -> State:
        return load_game(self.game).new(len(self.seats), self.seed, **self.options)

    def add(self, player: int, action: Action | str) -> None:
        self.actions.append((player, str(action)))

    def states(self) -> Iterator[State]:
        """Every state from the start to the end, each a separate object."""
        state = self.new_state()
        yield state.clone()
        for index in range(len(self.actions)):
            self._replay_one(state, index)
            yield state.clone()

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all of them by default)."""
        state = self.new_state()
        for index in range(len(self.actions[:upto])):
            self._replay_one(state, index)
        return state

    def _replay_one(self, state: State, index: int) -> None:
        player, notation = self.actions[index]
        try:
            state.apply(player, notation)
        except GameError as error:
            raise GameError(
                f"record action {index + 1} ({notation!r} by seat {player}) "
                f"cannot be replayed: {error}",
                code="bad_record",
                index=index,
            ) from error

    # JSON ----------------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": self.FORMAT,
                "game": self.game,
                "options": self.options,
                "seed": self.seed,
                "seats": self.seats,
                "actions": [[player, notation] for player, notation in self.actions],
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> "Record":
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise GameError(f"not a game record: invalid JSON ({error})", code="bad_record")
        if not isinstance(data, dict) or data.get("format") != cls.FORMAT:
            raise GameError(
                f"not a game record: expected format {cls.FORMAT!r}", code="bad_record"
            )
        try:
            game = str(data["game"])
            seed = data["seed"]
            seats = data["seats"]
            options = data.get("options", {})
            actions = data["actions"]
        except KeyError as missing:
            raise GameError(f"game record lacks the field {missing}", code="bad_record")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise GameError("game record: 'seed' must be an integer", code="bad_record")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise GameError("game record: 'seats' must be a list of names", code="bad_record")
        if not isinstance(options, dict):
            raise GameError("game record: 'options' must be an object", code="bad_record")
        if not isinstance(actions, list) or not all(
            isinstance(a, list)
            and len(a) == 2
            and isinstance(a[0], int)
            and 0 <= a[0] < len(seats)
            and isinstance(a[1], str)
            for a in actions
        ):
            raise GameError(
                "game record: 'actions' must be a list of [seat, notation] pairs",
                code="bad_record",
            )
        load_game(game)  # an unknown game is a clear error here, not later
        return cls(game, seed, seats, options, [(a[0], a[1]) for a in actions])

    def save(self, path: str | Path) -> None:
        path = Path(path)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(self.to_json(), encoding="utf-8")
        temporary.replace(path)

    @classmethod
    def load(cls, path: str | Path) -> "Record":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise GameError(f"cannot read {path}: {error.strerror}", code="bad_record")
        except UnicodeDecodeError:
            raise GameError(f"{path} is not a text file", code="bad_record")
        return cls.from_json(text)
