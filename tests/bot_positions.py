"""Positions for the bot tests: seeded random play into every phase of every game."""

from __future__ import annotations

import random

from boardgamesbot.engine import State, load_game

# (game, options, players): every game, variant and table shape the bots must handle.
SETUPS = [
    ("tikal", {}, 2),
    ("tikal", {}, 4),
    ("tikal", {"variant": "auction"}, 3),
    ("cartographers", {"side": "A"}, 1),
    ("cartographers", {"side": "B"}, 3),
]

# Random play lasts about this many actions (Tikal) or steps (Cartographers):
# positions are spread over the whole game, from the first decision to the last.
GAME_LENGTH = {"tikal": 500, "cartographers": 45}


def random_position(game: str, options: dict, players: int, seed: int, steps: int) -> State:
    """``steps`` random moves into a seeded game (one move: every awaited seat acts once)."""
    state = load_game(game).new(players, seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        for player in state.current_players():
            state.apply(player, rng.choice(state.legal_actions(player)))
    return state


def decision_positions(game: str, options: dict, players: int, count: int, seed: int):
    """``count`` positions of a seeded series where some seat has a real choice
    (two legal actions or more), spread over the game; with the seat to decide."""
    rng = random.Random(f"{game}/{sorted(options.items())}/{players}/{seed}")
    found = []
    while len(found) < count:
        game_seed = rng.randrange(10**6)
        steps = rng.randrange(GAME_LENGTH[game])
        state = random_position(game, options, players, game_seed, steps)
        if state.is_over():
            continue
        seats = [p for p in state.current_players() if len(state.legal_actions(p)) > 1]
        if seats:
            found.append((state, rng.choice(seats), game_seed, steps))
    return found
