"""Every registered game's fixed action space and observation encoding.

For many random positions of every game, player count and option: each legal
action round-trips through its index, distinct legal actions get distinct
indices, and the observation has the declared shapes and stays within the
declared bounds.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the research extra is not installed: "
                         "pip install -e '.[research]'")

from boardgamesbot.engine import GameError, known_games, load_game  # noqa: E402
from boardgamesbot.research import encoding, option_combinations  # noqa: E402


def setups():
    for name in known_games():
        game = load_game(name)
        for players in range(game.min_players, min(game.max_players, 4) + 1):
            for options in option_combinations(game):
                yield pytest.param(name, players, options,
                                   id=f"{name}-{players}p-" + "-".join(map(str, options.values())))


def random_positions(name, players, options, games=8):
    """Every position of a few random games (each waiting seat acts in turn)."""
    game = load_game(name)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(players, seed, **options)
        while not state.is_over():
            yield state
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.mark.parametrize("name,players,options", list(setups()))
def test_every_legal_action_round_trips_to_its_own_index(name, players, options):
    space = encoding(name, players, **options).actions
    checked = 0
    for state in random_positions(name, players, options):
        for seat in state.current_players():
            actions = state.legal_actions(seat)
            indices = [space.encode(action) for action in actions]
            assert len(set(indices)) == len(actions), "two legal actions share an index"
            for action, index in zip(actions, indices):
                assert 0 <= index < space.size
                assert space.decode(index) == action
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("name,players,options", list(setups()))
def test_observation_has_the_declared_shapes_and_bounds(name, players, options):
    code = encoding(name, players, **options)
    rng = random.Random(5)
    for count, state in enumerate(random_positions(name, players, options, games=1)):
        if count % 7:
            continue
        for seat in [*range(players), None]:
            parts = code.observe(state.view(seat))
            assert list(parts) == list(code.spaces)
            for part, spec in code.spaces.items():
                array = parts[part]
                assert array.shape == tuple(spec["shape"]), part
                assert array.dtype == np.float32
                assert array.min() >= spec["low"] and array.max() <= spec["high"], part
            assert code.flat(parts).shape == (code.flat_size,)
        # Built from the view only: resampling what the seat cannot see changes nothing.
        seat = state.current_players()[0] if state.current_players() else 0
        hidden = state.determinize(seat, rng)
        same = code.observe(hidden.view(seat))
        mine = code.observe(state.view(seat))
        assert all(np.array_equal(mine[p], same[p]) for p in mine)


@pytest.mark.parametrize("name", known_games())
def test_indices_outside_the_space_are_refused(name):
    game = load_game(name)
    space = encoding(game, game.min_players).actions
    for bad in (-1, space.size, "3", 2.0):
        with pytest.raises(GameError):
            space.decode(bad)
    with pytest.raises(GameError):
        space.encode(object())


def test_a_game_without_an_encoding_is_a_clear_error():
    import hidden_nim

    from boardgamesbot.engine import Game

    class Solitaire(hidden_nim.HiddenNim):  # a game that declares no encoding
        name = "solitaire"
        encoding = Game.encoding

    with pytest.raises(GameError, match="solitaire declares no numeric encoding") as error:
        encoding(Solitaire(), 2)
    assert error.value.code == "no_encoding"
