"""Random auction games (2–4 players) never break the rules' invariants."""

from __future__ import annotations

import random
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from boardgamesbot.engine import IllegalAction, Record, load_game
from boardgamesbot.games.tikal import COMPONENTS
from boardgamesbot.games.tikal.notation import PASS, Place, bid, take

GAME = load_game("tikal")
FIGURES = 1 + COMPONENTS.workers
WAFERS = COMPONENTS.treasure_kinds * COMPONENTS.treasure_copies
TILES = len(COMPONENTS.tiles)


def check_invariants(state) -> None:
    n = state.num_players
    assert state.ap >= 0
    assert all(points >= 0 for points in state.points), state.points
    for seat in range(n):
        on_board = sum(state.workers[seat]) + (state.leader[seat] >= 0)
        total = (state.supply[seat] + on_board + (state.leader[seat] == -1)
                 + state.removed[seat] + state.guard.count(seat))
        assert total == FIGURES
    held = sum(sum(kinds) for kinds in state.treasures)
    assert len(state.wafer_pile) + sum(len(w) for w in state.wafers) + held == WAFERS
    for value, count in COMPONENTS.temple_levels.items():
        used = sum(1 for s in range(len(state.kind))
                   if state.kind[s] == "temple" and state.printed[s] < value <= state.value[s])
        assert state.levels[value] + used == count
    auction = state.auction
    placed = [t for t in state.tile_id if t]
    in_hand = [state.drawn] if state.drawn and state.drawn not in placed else []
    everywhere = state.stack + auction.display + placed + in_hand
    assert sorted(everywhere) == sorted(t.id for t in COMPONENTS.tiles)
    assert len(auction.display) <= auction.amulets.count(True)
    if state.phase == "bid":
        assert auction.in_auction(state.current)


def illegal_tries(state, rng):
    """Actions the rules refuse now: out of turn, bids not higher or above the points."""
    player = state.current
    others = [p for p in range(state.num_players) if p != player]
    tries = [(rng.choice(others), PASS), (rng.choice(others), bid(1))]
    if state.phase == "bid":
        tries.append((player, bid(state.points[player] + 1)))
        if state.auction.bid:
            tries.append((player, bid(state.auction.bid)))
    if state.phase == "take" and len(state.auction.display) < 4:  # "take 5" is not notation
        tries.append((player, take(len(state.auction.display))))
    return tries


def play_random_game(players: int, seed: int, chooser: int):
    rng = random.Random(chooser)
    state = GAME.new(players, seed, variant="auction")
    record = Record.start("tikal", seed, [f"bot {i}" for i in range(players)], variant="auction")
    turns = defaultdict(list)  # round -> who placed a tile in it
    step = 0
    while not state.is_over():
        player = state.current_players()[0]
        if step % 7 == 0:
            for who, action in illegal_tries(state, rng):
                before = state.to_json()
                try:
                    state.apply(who, action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{action} by p{who + 1} was accepted")
                assert state.to_json() == before
        if step % 25 == 0:
            viewer = rng.randrange(players)
            assert state.determinize(viewer, rng).view(viewer) == state.view(viewer)
        actions = state.legal_actions(player)
        if state.phase == "actions" and rng.random() < 0.4:
            action = actions[0]  # "end": keeps games short
        elif state.phase == "bid" and rng.random() < 0.5:
            action = PASS
        else:
            action = rng.choice(actions)
        if isinstance(action, Place):
            turns[state.auction.round].append(player)
        state.apply(player, action)
        record.add(player, action)
        check_invariants(state)
        step += 1
    return state, record, turns


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**20), chooser=st.integers(0, 2**20))
def test_random_auction_games_keep_every_invariant(players, seed, chooser):
    state, record, turns = play_random_game(players, seed, chooser)
    # Each player exactly one turn per round, and every revealed tile was placed.
    assert len(turns) == TILES // players
    assert all(sorted(seats) == list(range(players)) for seats in turns.values())
    assert sum(1 for t in state.tile_id if t) == TILES
    assert not state.stack and not state.auction.display and state.drawn is None
    assert len(state.score_history) == 4  # three volcanoes and the final round
    # Replaying the record rebuilds the very same position.
    assert record.replay().to_json() == state.to_json()
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()
