"""What a face shows of each legal action: its English description (`describe`) and its
data (`action_info`) — the same for an action from the legal list and for the same
action read from its notation, for every kind of action a game reaches."""

from __future__ import annotations

import random

from boardgamesbot.games.tikal.components import parse_space
from boardgamesbot.games.tikal.notation import LEADER, Move
from boardgamesbot.games.tikal.state import COSTS

from .helpers import GAME

WORDS = {
    "place": "place the drawn tile here",
    "enter": "bring a figure from your supply onto a camp",
    "uncover": "uncover the next temple level",
    "recover": "take the top treasure wafer",
    "exchange": "swap single treasures",
    "camp": "build a camp",
    "guard": "guard this temple for the rest of the game",
    "end": "end your turn",
}


def test_every_kind_of_action_is_described_and_read_alike():
    seen = set()
    for seed in range(3):
        state = GAME.new(2, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.current_players()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                notation = str(action)
                info = state.action_info(seat, action)
                assert info == state.action_info(seat, notation)  # read, then checked
                assert info["notation"] == notation
                assert info["code"] == f"tikal.{info['type']}"
                text = state.describe(action)
                assert text == state.describe(GAME.parse_action(notation))
                seen.add(info["type"])
                if isinstance(action, Move):
                    figure = "leader" if action.figure == LEADER else "worker"
                    assert text.startswith(f"{notation}  (move your {figure} ")
                    assert info["params"]["to"] in text
                    assert parse_space(info["params"]["to"]) == action.target
                    assert text.endswith(f", {info['cost']['ap']} AP)")
                else:
                    cost = COSTS.get(type(action))
                    tail = f", {cost} AP" if cost else ""
                    assert text == f"{notation}  ({WORDS[info['type']]}{tail})"
                    assert info["cost"] == ({"ap": cost} if cost else {})
            state.apply(seat, rng.choice(legal))
    assert {"place", "enter", "move", "uncover", "recover", "camp", "end"} <= seen
