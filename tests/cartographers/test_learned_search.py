"""The learned correction inside `hard`'s search (issue 32, sessions 47-48): at the leaves
of its sampled futures (`LEARNED_LEAF`) and in its own next cards (`LEARNED_FOLLOW`,
`LEARNED_MARGIN`, `LEARNED_KEEP`), all off by default. The heuristics read the weights
through `ntuple.py`, not `learned.py` (which imports the heuristics: a cycle)."""

from __future__ import annotations

import random

import pytest

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.engine import load_game
from boardgamesbot.games.cartographers import heuristics as H

np = pytest.importorskip("numpy")
from boardgamesbot.games.cartographers import learned as L  # noqa: E402

GAME = load_game("cartographers")


def drawings(players: int, seed: int, side: str = "A"):
    """Seat 0's drawing positions of a game played at random, one after another."""
    state = GAME.new(players, seed, side=side)
    rng = random.Random(seed)
    while not state.is_over():
        if state.step == H.DRAW and 0 in state.current_players():
            yield state
        for seat in state.current_players():
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.fixture
def weights(monkeypatch):
    """Random weights in place of the shipped ones (a test of the wiring, not of them)."""
    made = np.random.default_rng(3).normal(0, 0.5, L.WEIGHTS).astype(np.float32)
    monkeypatch.setattr(H, "search_weights", lambda: made)
    return made


def test_off_by_default():
    assert H.LEARNED_LEAF == 0 and H.LEARNED_FOLLOW == 0


def test_the_leaves_add_the_share_of_the_correction_asked(weights, monkeypatch):
    """With LEARNED_LEAF the search's outcome is the learned evaluation's, every seat's
    worth corrected (solo: own worth; at a table: the margin), scaled by the share."""
    full = L.LearnedEvaluation(weights)
    zero = L.LearnedEvaluation(np.zeros_like(weights))
    checked = 0
    for players in (1, 4):
        for index, state in enumerate(drawings(players, 40 + players)):
            if index % 3:
                continue
            monkeypatch.setattr(H, "LEARNED_LEAF", 0.0)
            assert H.HEURISTICS.outcome(state, 0) == pytest.approx(zero.evaluate(state, 0))
            monkeypatch.setattr(H, "LEARNED_LEAF", 1.0)
            assert H.HEURISTICS.outcome(state, 0) == pytest.approx(full.evaluate(state, 0),
                                                                   abs=1e-3)
            monkeypatch.setattr(H, "LEARNED_LEAF", 0.5)
            half = L.LearnedEvaluation(0.5 * weights).evaluate(state, 0)
            assert H.HEURISTICS.outcome(state, 0) == pytest.approx(half, abs=1e-3)
            # greedy and the hints keep the hand-written evaluation
            assert H.evaluate(state, 0) == pytest.approx(zero.evaluate(state, 0))
            checked += 1
    assert checked > 10


def test_the_continuation_believes_the_correction_by_share_and_margin(weights, monkeypatch):
    """LEARNED_FOLLOW with 12 kept and no margin is the learned evaluation's `choose`
    over greedy's dozen; a margin no correction reaches is the hand-written choice."""
    monkeypatch.setattr(H, "LEARNED_KEEP", 12)
    overruled = 0
    for state in drawings(1, 7):
        plain = H.candidates(state, 0, 1)[0]
        monkeypatch.setattr(H, "LEARNED_FOLLOW", 0.0)
        assert H.follow_up(state, 0, {}) == plain
        monkeypatch.setattr(H, "LEARNED_FOLLOW", 1.0)
        monkeypatch.setattr(H, "LEARNED_MARGIN", 0.0)
        chosen = H.follow_up(state, 0, {})
        assert chosen == L.LearnedEvaluation(weights).choose(state, 0)
        overruled += chosen != plain
        monkeypatch.setattr(H, "LEARNED_MARGIN", 1e6)
        assert H.follow_up(state, 0, {}) == plain
    assert overruled  # the correction did overrule the hand-written best somewhere


def test_hard_with_the_correction_decides_on_its_view_only(weights, monkeypatch):
    """Two positions the seat cannot tell apart (the deck reshuffled) get the same
    decision from `hard` with the correction at its leaves and in its continuation."""
    monkeypatch.setattr(H, "LEARNED_LEAF", 1.0)
    monkeypatch.setattr(H, "LEARNED_FOLLOW", 0.5)
    state = next(s for i, s in enumerate(drawings(1, 21)) if i == 4)
    twins = [state.determinize(0, random.Random(seed)) for seed in range(2)]
    decisions = {make_bot("hard", 5).choose(SeatView(twin, 0), 0) for twin in twins}
    assert len(decisions) == 1


def test_the_shipped_weights_load_for_the_search():
    from boardgamesbot.games.cartographers import ntuple

    ntuple.shipped_weights.cache_clear()
    loaded = H.search_weights()
    shipped = L.shipped()
    if shipped is None:
        assert loaded is None
    else:
        assert np.array_equal(loaded, shipped.weights)


def test_a_run_can_make_the_search_read_other_weights(tmp_path):
    """`ntuple.use_weights`: a screen of weights not shipped (`cartographers_games.py
    --weights`, session 49) is what the leaves then read; None goes back to the shipped."""
    from boardgamesbot.games.cartographers import ntuple

    made = np.random.default_rng(9).normal(0, 1, L.WEIGHTS).astype(np.float32)
    path = tmp_path / "other.npz"
    L.Checkpoint(made, 1).save(path)
    try:
        ntuple.use_weights(path)
        assert np.array_equal(H.search_weights(), made)
    finally:
        ntuple.use_weights(None)
    shipped = L.shipped()
    assert (H.search_weights() is None) if shipped is None else np.array_equal(
        H.search_weights(), shipped.weights)
