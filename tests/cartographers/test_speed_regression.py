"""Behaviour guard for the speed work of issue 32: seeded random games hash to a recorded value.

The hashes below were recorded on the engine *before* the speed work of
issue 32 (session 34: tables found by name, listed drawings applied without
parsing, ambush landings and 1x1s listed with numpy, Lost Barony on
bitboards). Besides what `test_regression_hash.py` hashes, this one hashes the
drawing modes and the refusals of 1x1s, which read the first-fit search. A
faster engine must play exactly the same games. If a rule is changed on
purpose, re-record with ``python tests/cartographers/test_speed_regression.py``
and say why in the commit.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from boardgamesbot.engine import IllegalAction
from boardgamesbot.games.cartographers import GAME
from boardgamesbot.games.cartographers.notation import Fallback

# (players, side, first seed, games) -> sha256 of every step of those games
RECORDED = {
    (1, "A", 100, 4):
        "613ee07ab65e9148bd41044af603530a322b28885d90a2728a5296567e43e277",
    (1, "B", 200, 4):
        "0b244d9157e1b9caed7b066a70b14ed105e28fcf145d72c620fdc139c62f596b",
    (2, "A", 300, 3):
        "97a54c2dd0603c5e9deb08c0964d9a3c38f5753be99fb2e71a136e045441313d",
    (3, "B", 400, 2):
        "13bc6e457d510705b40a999073a642953eed086873bb00d9636d07a20ff6a9da",
    (4, "A", 500, 3):
        "d5fc0b5da8f617bfa26821ac71fb62a18d221e140bee42076f6b6bb56de23662",
    (4, "B", 600, 3):
        "36e4bbaf33b89457ac8cb22323ff20d7d5a43d6d8ff2b7d0e67fd324107b5cbc",
}


def _refusal(state, seat: int, action) -> str:
    """What ``apply`` says to ``action`` on a copy: the canonical action or the error code."""
    try:
        return str(state.clone().apply(seat, action))
    except IllegalAction as error:
        return f"refused {error.code}"


def play_hash(players: int, side: str, first_seed: int, games: int) -> str:
    """Play ``games`` random games; hash every legal-action list, action, position, score."""
    digest = hashlib.sha256()
    for seed in range(first_seed, first_seed + games):
        state = GAME.new(players, seed, side=side)
        rng = random.Random(seed)
        step = 0
        while not state.is_over():
            for seat in state.current_players():
                legal = state.legal_actions(seat)
                digest.update(" ".join(map(str, legal)).encode())
                digest.update(state.drawing_mode(seat).encode())
                if step % 3 == 0:  # a 1x1 is allowed only when no shape fits
                    empty = state.sheets[seat].empty
                    cell = (empty & -empty).bit_length() - 1 if empty else 0
                    digest.update(_refusal(state, seat, Fallback("forest", cell)).encode())
                digest.update(str(state.apply(seat, rng.choice(legal))).encode())
                step += 1
            digest.update(state.to_json().encode())
            digest.update(repr((state.current_players(), state.scores(), state.undo_point(),
                                state.winners())).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("key", list(RECORDED))
def test_random_games_play_as_recorded(key):
    assert play_hash(*key) == RECORDED[key]


if __name__ == "__main__":
    for key in RECORDED:
        print(f"    {key}: \"{play_hash(*key)}\",")
