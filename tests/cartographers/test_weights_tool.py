"""`bench/cartographers_weights.py` screens fitted weights against the hand ones: with
the hand weights its evaluation must be the evaluation itself, or every screen it
reports would compare two different bots without saying so (docs/bots.md, issue 14)."""

from __future__ import annotations

import pytest

from boardgamesbot.games.cartographers import heuristics as H
from boardgamesbot.games.cartographers.sheet import FULL

from .helpers import bench_script
from .test_bots import random_position


@pytest.fixture(scope="module")
def tool():
    return bench_script("cartographers_weights")


def _positions():
    for side in "AB":
        for seed in range(12):
            state = random_position(1, side, 7000 + seed, steps=3 * seed)
            if not state.is_over():
                yield state


def test_hand_weights_give_the_evaluations_own_sheet_worth(tool):
    hand = tool.weighted_sheet_worth({})
    for state in _positions():
        sheet, outlook = state.sheets[0], H.Outlook(state)
        assert hand(sheet.layers, sheet.filled, sheet.side, outlook) == pytest.approx(
            H.sheet_worth(sheet.layers, sheet.filled, sheet.side, outlook), abs=1e-9)


def test_grouped_terms_add_up_to_the_evaluation(tool):
    for state in _positions():
        certain, groups = tool.grouped_terms(state)
        hand_part = sum(value for group, value in groups.items() if group != "empty")
        assert certain + hand_part == pytest.approx(H.evaluate(state, 0), abs=1e-6)
        assert groups["empty"] == (FULL & ~state.sheets[0].filled).bit_count()


def test_a_weight_scales_its_term_only(tool):
    for state in _positions():
        sheet, outlook = state.sheets[0], H.Outlook(state)
        _, groups = tool.grouped_terms(state)
        args = (sheet.layers, sheet.filled, sheet.side, outlook)
        base = tool.weighted_sheet_worth({})(*args)
        assert tool.weighted_sheet_worth({"empty": -0.5})(*args) == pytest.approx(
            base - 0.5 * groups["empty"])
        assert tool.weighted_sheet_worth({"edicts": 0.5})(*args) == pytest.approx(
            base - 0.5 * groups["edicts"])


def test_a_misspelt_group_is_refused_not_ignored(tool):
    with pytest.raises(ValueError, match="unknown term groups"):
        tool.weighted_sheet_worth({"edict": 0.5})
