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
        "8ecd55a0bccdc1b259d9e374f37af8b87f72b53ae14a63c04ec18676f8018cb0",
    (3, "B", 400, 2):
        "50ac3f30615c403e9fb48ad5da8276e02282b8cc2df60c6791c276c7db89d8aa",
    (4, "A", 500, 3):
        "3ee17b64ab3deef648c5186cd1845b35f74e0457be649f2e1f721754437fcaa7",
    (4, "B", 600, 3):
        "4f4e14c950422d28639ca5325e68cf60863b1bd97818c90f556b87ef102c0387",
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
