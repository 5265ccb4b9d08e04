"""The search's cheaper continuation (issue 32, session 40): the seat's next drawing in
a sampled future priced on a shortlist remembered per future (`heuristics.follow_up`,
switched by FOLLOW_UP_KEEP)."""

from __future__ import annotations

import random

import pytest

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.bots.montecarlo import MonteCarloBot
from boardgamesbot.engine import load_game
from boardgamesbot.games.cartographers import heuristics as H
from boardgamesbot.games.cartographers.sheet import neighbours

from .helpers import spy_on_follow_up

GAME = load_game("cartographers")


def drawing_position(players: int, seed: int, steps: int):
    """A game ``steps`` simultaneous steps in, at random, then on to seat 0's next drawing."""
    state = GAME.new(players, seed, side="A")
    rng = random.Random(seed)
    step = 0
    while not state.is_over() and (step < steps or state.step != H.DRAW
                                   or 0 not in state.current_players()):
        for seat in state.current_players():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    assert state.step == H.DRAW and 0 in state.current_players()
    return state


def next_card(world, placement, reply_seed: int = 9):
    """``world`` after seat 0 draws ``placement`` and the others reply as the search has
    them reply (the same replies whatever seat 0 drew), at seat 0's next drawing."""
    state = world.clone()
    state.apply(0, placement)
    MonteCarloBot._let_others_move(state, 0, random.Random(reply_seed), H.HEURISTICS)
    assert state.step == H.DRAW and 0 in state.current_players()
    return state


def best_value(state, only=None) -> float:
    return max(value for value, _ in H.placement_values(state, 0, only))


def two_futures(seed: int, players: int = 4):
    """The same next card after two different placements of this one (the best, and
    the best that does not overlap it)."""
    world = drawing_position(players, seed, steps=5)
    first, *others = H.candidates(world, 0, 40)
    masks = H._draw_masks(world.explore_card)
    second = next(a for a in others if not masks[a] & masks[first])
    after_first, after_second = next_card(world, first), next_card(world, second)
    assert after_first.explore_card == after_second.explore_card
    return after_first, after_second


def test_off_by_default_solo_and_at_a_table():
    """FOLLOW_UP_KEEP = 0: the first candidate, every drawing priced, nothing remembered
    (the play measured before), solo and at a table."""
    assert H.FOLLOW_UP_KEEP == 0
    for players in (1, 4):
        state = drawing_position(players, 3, steps=4)
        memory: dict = {}
        assert H.follow_up(state, 0, memory) == H.candidates(state, 0, 1)[0] and not memory


@pytest.mark.parametrize(("players", "seed"), [(4, 11), (4, 12), (4, 14), (1, 11), (1, 13)])
def test_the_first_future_prices_every_drawing_the_next_a_shortlist(monkeypatch, players,
                                                                    seed):
    """At a table and (since session 42) solo alike."""
    monkeypatch.setattr(H, "FOLLOW_UP_KEEP", 6)
    after_first, after_second = two_futures(seed, players)
    memory: dict = {}
    # The first placement tried: the full pricing's best, and its 6 best remembered.
    chosen = H.follow_up(after_first, 0, memory)
    assert chosen == H.candidates(after_first, 0, 1)[0]
    ((before, kept),) = memory.values()
    assert kept == set(H.candidates(after_first, 0, 6))
    # The second: the best of the kept drawings still legal and of those on or beside a
    # space filled on one sheet and not the other — not necessarily the best of all.
    filled = after_second.sheets[0].filled
    changed = before ^ filled
    assert changed
    masks = H._draw_masks(after_second.explore_card)
    legal = after_second.legal_actions(0)
    pool = [a for a in legal if a in kept or masks[a] & (changed | neighbours(changed))]
    assert 0 < len(pool) < len(legal)
    chosen = H.follow_up(after_second, 0, memory)
    assert chosen in pool
    assert dict((a, v) for v, a in H.placement_values(after_second, 0))[chosen] == \
        best_value(after_second, pool)


def test_keeping_every_drawing_is_the_full_pricing(monkeypatch):
    """With more kept than there are drawings, the shortlist is everything: the choice
    is exactly the first candidate's."""
    monkeypatch.setattr(H, "FOLLOW_UP_KEEP", 100_000)
    for seed in (21, 22):
        after_first, after_second = two_futures(seed)
        memory: dict = {}
        for state in (after_first, after_second):
            assert H.follow_up(state, 0, memory) == H.candidates(state, 0, 1)[0]


def test_the_search_keeps_one_memory_per_sampled_future(monkeypatch):
    """The montecarlo bot hands `follow_up` a fresh dict per sampled future, the same to
    every placement tried in it (so what one teaches is used only in that future)."""
    # Every memory is held here: a dict the search has dropped could lend its id to the
    # next one (a self-reference does not stop the cycle collector), so ids are compared
    # on living dicts only.
    seen: list[dict] = []
    spy_on_follow_up(monkeypatch, lambda state, memory: seen.append(memory))
    state = drawing_position(4, 5, steps=3)
    bot = make_bot("hard", 1)
    bot.choose(SeatView(state.clone(), 0), 0)
    worlds = H.TABLE_SEARCH.worlds + H.TABLE_SEARCH.final_worlds
    assert len({id(memory) for memory in seen}) == worlds
    assert len(seen) > 2 * worlds  # several placements tried in each


@pytest.mark.parametrize("seed", [31, 32])
def test_hard_plays_as_with_every_drawing_priced(monkeypatch, seed):
    """The shortlist is an estimate; on these positions (as on 110 of the 112 of
    bench/cartographers_follow_up.py) `hard` plays the same placement with it."""
    state = drawing_position(4, seed, steps=8)
    plain = make_bot("hard", 4).choose(SeatView(state.clone(), 0), 0)
    monkeypatch.setattr(H, "FOLLOW_UP_KEEP", 16)
    assert make_bot("hard", 4).choose(SeatView(state.clone(), 0), 0) == plain
