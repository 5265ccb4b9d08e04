"""Behaviour guard for engine speed work: seeded random games hash to a recorded value.

The hashes below were recorded on the engine *before* any optimisation of the
inner loop (legal actions, apply, clone). A faster engine must play exactly the
same games: the same legal actions in the same order, the same positions, the
same views, scores and undo points. If a rule is changed on purpose, re-record
with ``python tests/tikal/test_regression_hash.py`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from boardgamesbot.engine import load_game

# (variant, players, first seed, games) -> sha256 of every step of those games
RECORDED = {
    ("basic", 2, 100, 3):
        "5cf3648a06a862e6a660fe524cc9bc5d39c4dd661e1d6121960381b905b679fd",
    ("basic", 3, 200, 2):
        "4ab00263cb2bd3b1b4ccedec82df86d4749e8cc13a8b114ea23aa14d8c9ebb3e",
    ("basic", 4, 300, 3):
        "d189981d20ccde46989b9e890f70ed12e6e80040b18d7a16239a7b555bf790d7",
    ("auction", 2, 400, 2):
        "a6651802fd9552332620ee2101d876e52f26752a0c187cdd374630f2a52a02dd",
    ("auction", 3, 500, 2):
        "9aeda822f6273266d6cee42c202f45f2e8f7e6e886e7cb26bd9ff8b42691d306",
    ("auction", 4, 600, 3):
        "5966d4ca1647334e696d559e7bb554c25fc5bc701bb25fadf9f45d1c0616ebeb",
}


def play_hash(variant: str, players: int, first_seed: int, games: int) -> str:
    """Play ``games`` random games; hash every legal-action list, action, position and view."""
    tikal = load_game("tikal")
    digest = hashlib.sha256()
    for seed in range(first_seed, first_seed + games):
        state = tikal.new(players, seed, variant=variant)
        rng = random.Random(seed)
        step = 0
        while not state.is_over():
            player = state.current_players()[0]
            legal = state.legal_actions(player)
            action = rng.choice(legal)
            digest.update(" ".join(map(str, legal)).encode())
            copy = state.clone() if step % 7 == 0 else None
            state.apply(player, action)
            position = state.to_json()
            digest.update(position.encode())
            if copy is not None:  # a clone must play on exactly like the original
                copy.apply(player, action)
                assert copy.to_json() == position
            digest.update(repr((state.current_players(), state.scores(), state.undo_point(),
                                state.winners())).encode())
            if step % 5 == 0:
                digest.update(repr(state.view(player)).encode())
            step += 1
    return digest.hexdigest()


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_random_games_play_as_recorded(key):
    assert play_hash(*key) == RECORDED[key]


if __name__ == "__main__":
    for key in sorted(RECORDED):
        print(f"    {key!r}: {play_hash(*key)!r},")
