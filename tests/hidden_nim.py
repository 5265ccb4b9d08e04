"""A test-only game, declared and registered from the tests alone: Nim with hidden draws.

It proves the registry: nothing outside ``tests/`` knows it, yet it passes the
conformance suite, plays in the arena and plays a whole game through the HTTP
API. Small as it is, it has what the contract must carry: hidden information
(each seat's drawn cards, the deck's order), turns of several actions with an
undo barrier, notation, a position format and a typed view.

Rules. A pile of stones; on your turn take one stone at a time (``take``),
one to three of them, then ``end`` the turn (or take the last stone, which
ends the game). Ending a turn draws the top card of a face-down deck (values
0-2) into your hand, seen only by you. Score: stones taken plus the cards in
hand, shown when the game ends. Most points wins; ties share.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from typing_extensions import TypedDict

from boardgamesbot.engine import (
    Action,
    Game,
    GameError,
    IllegalAction,
    NumericEncoding,
    Option,
    State,
)
from boardgamesbot.games.schema import wire

PILES = {"small": 9, "large": 15}
DECK = (0, 0, 1, 1, 1, 2, 2, 2)


@dataclass(frozen=True, slots=True)
class Take(Action):
    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class End(Action):
    def __str__(self) -> str:
        return "end"


TAKE, END = Take(), End()


@wire
class NimView(TypedDict):
    pile: int
    current: list[int]
    taken_this_turn: int
    taken: list[int]
    hand_sizes: list[int]
    hand: list[int] | None  # the viewer's own cards
    hands: list[list[int]] | None  # everybody's, once the game is over
    deck: int
    over: bool
    winners: list[int]


class NimState(State):
    __slots__ = ("game", "num_players", "pile", "current", "this_turn", "taken", "hands",
                 "deck", "turns")

    def current_players(self) -> list[int]:
        return [] if self.pile == 0 else [self.current]

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.current_players():
            return []
        actions = [TAKE] if self.this_turn < 3 else []
        return actions + ([END] if self.this_turn else [])

    def apply(self, player: int, action: Action | str) -> Action:
        action = self.game.parse_action(action) if isinstance(action, str) else action
        if self.pile == 0:
            raise IllegalAction("the game is over", code="game_over")
        if player != self.current:
            raise IllegalAction(f"it is seat {self.current + 1}'s turn", code="not_your_turn")
        if action not in self.legal_actions(player):
            raise IllegalAction(f"'{action}' is not allowed now", code="not_allowed")
        if action == TAKE:
            self.pile -= 1
            self.this_turn += 1
            self.taken[player] += 1
        else:
            if self.deck:
                self.hands[player].append(self.deck.pop())
            self.this_turn = 0
            self.turns += 1
            self.current = (player + 1) % self.num_players
        return action

    def is_over(self) -> bool:
        return self.pile == 0

    def scores(self) -> list[int]:
        return [t + sum(h) for t, h in zip(self.taken, self.hands)]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.scores())
        return [p for p, s in enumerate(self.scores()) if s == best]

    def view(self, player: int | None) -> dict:
        return {"pile": self.pile, "current": self.current_players(),
                "taken_this_turn": self.this_turn, "taken": self.taken[:],
                "hand_sizes": [len(h) for h in self.hands],
                "hand": self.hands[player][:] if player is not None else None,
                "hands": [h[:] for h in self.hands] if self.is_over() else None,
                "deck": len(self.deck), "over": self.is_over(), "winners": self.winners()}

    def determinize(self, player: int, rng: random.Random) -> NimState:
        other = self.clone()
        if self.is_over():
            return other  # every hand is shown at the end
        unseen = sorted(self.deck + [c for p, h in enumerate(self.hands) if p != player
                                     for c in h])
        rng.shuffle(unseen)
        for p in range(self.num_players):
            if p != player:
                size = len(other.hands[p])
                other.hands[p], unseen = unseen[:size], unseen[size:]
        other.deck = unseen
        return other

    def clone(self) -> NimState:
        other = NimState.__new__(NimState)
        other.game, other.num_players = self.game, self.num_players
        other.pile, other.current, other.this_turn = self.pile, self.current, self.this_turn
        other.taken = self.taken[:]
        other.hands = [h[:] for h in self.hands]
        other.deck = self.deck[:]
        other.turns = self.turns
        return other

    def to_json(self) -> str:
        return json.dumps({"format": "hidden-nim/1", "pile": self.pile, "current": self.current,
                           "this_turn": self.this_turn, "taken": self.taken,
                           "hands": self.hands, "deck": self.deck, "turns": self.turns})

    def undo_point(self) -> tuple[int, bool]:
        # Ending a turn draws a hidden card, and the last stone shows every hand:
        # neither can be taken back.
        return self.turns, self.is_over()

    def describe(self, action: Action) -> str:
        return "take a stone" if action == TAKE else "end your turn and draw a card"


class NimActions:
    """The fixed action space: 0 = take, 1 = end."""

    size = 2

    def encode(self, action: Action) -> int:
        if action not in (TAKE, END):
            raise GameError(f"{action!r} is not a hidden-nim action", code="bad_action")
        return 0 if action == TAKE else 1

    def decode(self, index: int) -> Action:
        if index not in (0, 1):
            raise GameError(f"no hidden-nim action {index!r}", code="bad_action")
        return (TAKE, END)[index]


def observe(view: dict) -> dict:
    import numpy as np

    n = len(view["taken"])
    return {"pile": np.array([view["pile"]], np.float32),
            "taken": np.array(view["taken"], np.float32),
            "this_turn": np.array([view["taken_this_turn"]], np.float32),
            "hand": np.array([sum(view["hand"] or [])], np.float32),
            "current": np.array([float(p in view["current"]) for p in range(n)], np.float32)}


class HiddenNim(Game):
    name = "hidden-nim"
    titles = {"en": "Hidden Nim", "pt-BR": "Nim Oculto", "ca": "Nim Ocult"}
    min_players = 2
    max_players = 3
    options = (Option("pile", tuple(PILES), "small", titles={"en": "Pile"}),)
    hidden = ("the cards in the other hands", "the deck's order")
    view_type = NimView

    def new(self, num_players: int, seed: int, **options) -> NimState:
        self.check_num_players(num_players)
        options = self.check_options(options)
        state = NimState.__new__(NimState)
        state.game, state.num_players = self, num_players
        state.pile = PILES[options["pile"]]
        state.current, state.this_turn, state.turns = 0, 0, 0
        state.taken = [0] * num_players
        state.hands = [[] for _ in range(num_players)]
        state.deck = list(DECK)
        random.Random(self.check_seed(seed)).shuffle(state.deck)
        return state

    def from_json(self, text: str) -> NimState:
        try:
            data = json.loads(text)
            assert data["format"] == "hidden-nim/1"
            state = NimState.__new__(NimState)
            state.game = self
            state.num_players = len(data["taken"])
            for key in ("pile", "current", "this_turn", "taken", "hands", "deck", "turns"):
                setattr(state, key, data[key])
        except (ValueError, KeyError, TypeError, AssertionError) as error:
            raise GameError(f"not a hidden-nim position ({error})", code="bad_position") from error
        self.check_num_players(state.num_players)
        return state

    def encoding(self, num_players: int, **options) -> NumericEncoding:
        most = max(PILES.values())
        spaces = {"pile": {"shape": (1,), "low": 0, "high": most},
                  "taken": {"shape": (num_players,), "low": 0, "high": most},
                  "this_turn": {"shape": (1,), "low": 0, "high": 3},
                  "hand": {"shape": (1,), "low": 0, "high": sum(DECK)},
                  "current": {"shape": (num_players,), "low": 0, "high": 1}}
        return NumericEncoding(NimActions(), spaces, observe)

    def parse_action(self, text: str) -> Action:
        word = str(text).strip().lower()
        if word == "take":
            return TAKE
        if word == "end":
            return END
        raise GameError(f"expected 'take' or 'end', not {text!r}", code="bad_notation")


GAME = HiddenNim()
