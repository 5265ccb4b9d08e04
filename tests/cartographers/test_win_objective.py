"""The table search's optional objective (issue 32, session 39): a chance of ending
ahead of the best rival (`heuristics.win_chance`), switched by WIN_SCALE."""

from __future__ import annotations

import math
import random

import pytest

from boardgamesbot.bots import make_bot
from boardgamesbot.engine import Heuristics, load_game
from boardgamesbot.games.cartographers import heuristics as H

GAME = load_game("cartographers")


def played(players: int, seed: int, steps: int | None = None):
    """A game ``steps`` simultaneous steps in (to the end with None), at random."""
    state = GAME.new(players, seed, side="A")
    rng = random.Random(seed)
    step = 0
    while not state.is_over() and (steps is None or step < steps):
        for seat in state.current_players():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    return state


def test_off_by_default_and_never_solo(monkeypatch):
    """WIN_SCALE = 0: the search's outcome is `evaluate`, as measured before; solo it is
    `evaluate` whatever the setting (there is nobody to beat)."""
    assert H.WIN_SCALE == 0
    table, solo = played(4, 3, steps=6), played(1, 3, steps=6)
    heuristics = H.CartographersHeuristics()
    for seat in range(4):
        assert heuristics.outcome(table, seat) == H.evaluate(table, seat)
    monkeypatch.setattr(H, "WIN_SCALE", 10.0)
    assert heuristics.outcome(solo, 0) == H.evaluate(solo, 0)
    assert heuristics.outcome(table, 0) != H.evaluate(table, 0)


def test_time_left_share_falls_from_one_to_zero():
    shares = [H.time_left_share(played(2, 5, steps=steps)) for steps in (0, 5, 10, 20)]
    assert shares[0] > 0.9 and shares == sorted(shares, reverse=True) and shares[-1] < shares[0]
    assert H.time_left_share(played(2, 5)) == 0


def test_win_chance_is_a_logistic_of_the_lead_over_the_best_rival(monkeypatch):
    monkeypatch.setattr(H, "WIN_SCALE", 10.0)
    monkeypatch.setattr(H, "WIN_FLOOR", 2.0)
    state = played(4, 7, steps=12)
    outlook = H.Outlook(state)
    sheets = H._with_pending(state)
    worths = [H.seat_worth(state, seat, outlook, *sheets[seat]) for seat in range(4)]
    scale = 10.0 * H.time_left_share(state) ** 0.5 + 2.0
    for seat in range(4):
        lead = worths[seat] - max(w for i, w in enumerate(worths) if i != seat)
        chance = H.win_chance(state, seat)
        assert 0 < chance < 1
        assert chance == pytest.approx(1 / (1 + math.exp(-lead / scale)))
    leader = max(range(4), key=lambda seat: worths[seat])
    assert H.win_chance(state, leader) > 0.5
    # Over: only the floor is left (scores 22, -2, 28, 10), so the scores decide.
    over = played(4, 7)
    assert over.scores() == [22, -2, 28, 10]
    assert H.win_chance(over, 2) > 0.9
    assert H.win_chance(over, 1) < 0.001


def test_the_search_averages_the_outcome_not_evaluate(monkeypatch):
    """hard's Monte Carlo compares placements by `Heuristics.outcome`: with the setting on
    at a table, every sampled future is scored by the chance of winning."""
    monkeypatch.setattr(H, "WIN_SCALE", 10.0)
    seen: list[float] = []
    original = H.win_chance

    def spy(state, player):
        value = original(state, player)
        seen.append(value)
        return value

    monkeypatch.setattr(H, "win_chance", spy)
    state = played(4, 11, steps=3)
    player = state.current_players()[0]
    make_bot("hard", 1).choose(state.clone(), player)
    assert seen and all(0 < value < 1 for value in seen)


def test_the_generic_outcome_is_evaluate():
    state = played(2, 2, steps=4)
    assert Heuristics().outcome(state, 0) == Heuristics().evaluate(state, 0)
