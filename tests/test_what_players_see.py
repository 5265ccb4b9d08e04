"""What a player sees must not change when the games' views and legal lists get faster.

Seeded random games of both games, every variant, 1 to 4 players, are played with the
calls the service makes per state: the view of every seat and the spectator's, each
awaited seat's legal actions with `action_info` and `describe`, and the taken action's
words and data before `apply`. Everything is written as JSON text, key order included
(the bytes a face receives), and hashed. The hashes were recorded on main's code
(3c48c39) before the games' share of an action was made cheaper (issue 31, session 36):
a speed-up that changes one byte anywhere fails here and names the game, setup and seed.

Views are also compared with those of a fresh copy of the same position (read back
from `to_json`): a view kept from an earlier state, after the state has changed, fails
that comparison at once, whatever the recorded hashes say.

If a rule or a view changes on purpose, re-record with
``python tests/test_what_players_see.py`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from boardgamesbot.engine import load_game

# (game, options, players, seed) -> sha256 of the views, legal infos and words of a game
RECORDED = {
    ('tikal', (('variant', 'basic'),), 2, 11):
        "656c09692caacd01c37d938cffd385b0ac4445e3116e0a1c36511d629f5feed8",
    ('tikal', (('variant', 'basic'),), 2, 12):
        "ea61f9b9403094b5ec3ce563a3689ac74c0ede3c844d5e9667a36735574b60b7",
    ('tikal', (('variant', 'basic'),), 3, 11):
        "3d0f8dc54fe200119405663b23144e51fb92c6aa87479572e667f8fe9c8f5b9a",
    ('tikal', (('variant', 'basic'),), 3, 12):
        "34793714e0c0bdc2e11f100cb1406e03a83bf6b94bba0695fa5c76e66ad5dba2",
    ('tikal', (('variant', 'basic'),), 4, 11):
        "4aa3d1d6f86da1d726ff4f7205c441455a92906b220204bb2a5ea78ff0dd6537",
    ('tikal', (('variant', 'basic'),), 4, 12):
        "759033fc7869f174b5e32d0c1136055f4298bfda51e4b9171112e65876f4c1b1",
    ('tikal', (('variant', 'auction'),), 2, 11):
        "a72e5c1572a8af95c153495c10523a70875012619302dcb74118aec5b0cb4e2e",
    ('tikal', (('variant', 'auction'),), 2, 12):
        "cad75bd481a7ec128853c07f6e0c518e62623aacf83afebbe7f468687696816c",
    ('tikal', (('variant', 'auction'),), 3, 11):
        "db6360dfeac5d6af20378781c62a2326d1597fc170da5c912b31c4d2aaf7d532",
    ('tikal', (('variant', 'auction'),), 3, 12):
        "07bf335ec49f071ef2fb4f350949662c72d5e769d37d1f6363d8c317f9d63b84",
    ('tikal', (('variant', 'auction'),), 4, 11):
        "c9934932ad7deb18b93e65e03861885e20e17f28b9d70cf290d24d4c2a2aa39f",
    ('tikal', (('variant', 'auction'),), 4, 12):
        "b6270b304e25854fca6a5d9eda79208ba24a4cda5dd6f763cff3d42f1f81c6ac",
    ('cartographers', (('side', 'A'),), 1, 21):
        "56403a13c8a8ab99daab86689d0343fd409f9c6e49fc26f24e4c5eb97a4a5db4",
    ('cartographers', (('side', 'A'),), 2, 21):
        "59068ba099d7df24fe3d63ba40455d0186899695cf3ebf4ca780dafb85b5514f",
    ('cartographers', (('side', 'A'),), 3, 21):
        "335aa815569e9b4a68fbacfe0c0696960ce4ad10fbe2b4ced831223784c8a40a",
    ('cartographers', (('side', 'A'),), 4, 21):
        "77f69d3fb013555904716294fb4c209923dd2493ba13acdfc7cfb12c857742bc",
    ('cartographers', (('side', 'B'),), 1, 21):
        "c0516eefadfbc3cf064666961428159da96216b1bc3ce8df97e1378b23b20352",
    ('cartographers', (('side', 'B'),), 2, 21):
        "6c05ecc3bda4e39988039bede5aa7a627ffc0c09699703398e6bfbf8c558cb36",
    ('cartographers', (('side', 'B'),), 3, 21):
        "d57c405fdd4a5d854703898135773984ba13c09aa034ca80e24902c0f0ed524f",
    ('cartographers', (('side', 'B'),), 4, 21):
        "83ebb4b86a499250782b2727272b54bed188def297e32c612fb6a0cb8ecfa52c",
    ('cartographers', (('side', 'A'),), 3, 22):
        "6e91134037b19a1c7316b70df10631edcd77194259fb1e4f1f346b919eba5e93",
}

CASES = [
    *[("tikal", (("variant", v),), n, seed) for v in ("basic", "auction") for n in (2, 3, 4)
      for seed in (11, 12)],
    *[("cartographers", (("side", s),), n, seed) for s in ("A", "B") for n in (1, 2, 3, 4)
      for seed in (21,)],
    ("cartographers", (("side", "A"),), 3, 22),
]
# Every how many states the views are compared with a fresh copy's (`to_json` + reading
# back costs more than the views themselves).
FRESH_EVERY = 9


def _text(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


def play_digest(name: str, options: tuple[tuple[str, str], ...], players: int, seed: int,
                check_fresh: bool = True) -> str:
    """Play one seeded random game as the service would, hashing what each seat is shown."""
    game = load_game(name)
    state = game.new(players, seed, **dict(options))
    rng = random.Random(seed)
    digest = hashlib.sha256()
    seats: list[int | None] = [None, *range(players)]
    step = 0
    while not state.is_over():
        views = [state.view(seat) for seat in seats]
        for view in views:
            digest.update(_text(view))
        if check_fresh and step % FRESH_EVERY == 0:
            fresh = game.from_json(state.to_json())
            assert [fresh.view(seat) for seat in seats] == views, (
                f"{name} {options} {players}p seed {seed}: a view at step {step} differs "
                f"from a fresh copy's")
        awaited = state.current_players()
        digest.update(_text(awaited))
        legal = {}
        for seat in awaited:
            legal[seat] = [{**state.action_info(seat, a), "text": state.describe(a)}
                           for a in state.legal_actions(seat)]
            digest.update(_text(legal[seat]))
        seat = rng.choice(awaited)
        action = game.parse_action(rng.choice(legal[seat])["notation"])
        digest.update(_text([state.describe(action), state.action_info(seat, action)]))
        state.apply(seat, action)
        step += 1
    digest.update(_text([state.view(seat) for seat in seats]))
    digest.update(state.to_json().encode())
    return digest.hexdigest()


@pytest.mark.parametrize("name, options, players, seed", CASES,
                         ids=lambda value: "-".join(str(x[1]) for x in value)
                         if isinstance(value, tuple) else str(value))
def test_views_legal_infos_and_words_are_those_recorded(name, options, players, seed):
    assert play_digest(name, options, players, seed) == RECORDED[(name, options, players, seed)]


def test_a_view_kept_from_before_an_action_is_never_shown_after_it():
    """The views of one state object, asked before and after each action, are those of a
    fresh copy of each position: nothing the game keeps for speed outlives a change."""
    for name, options in (("tikal", {"variant": "auction"}), ("cartographers", {"side": "B"})):
        game = load_game(name)
        state = game.new(3, 5, **options)
        rng = random.Random(5)
        for _ in range(60):
            if state.is_over():
                break
            for seat in (None, 0, 1, 2):  # asked first: whatever is kept from them could go stale
                state.view(seat)
            seat = rng.choice(state.current_players())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            fresh = game.from_json(state.to_json())
            after = [state.view(seat) for seat in (None, 0, 1, 2)]
            assert after == [fresh.view(seat) for seat in (None, 0, 1, 2)]


if __name__ == "__main__":  # re-record (see the module's docstring)
    for case in CASES:
        print(f"    {case!r}:\n        \"{play_digest(*case, check_fresh=False)}\",")
