"""The nineteenth pass on the rules search (docs/ask.md, session 50, helper ask19): its held-out
set ``FRESH_21``, naming its answers, and its figures as measured; and the general causes of the
misses it fixed, each with a test."""

from __future__ import annotations

import pytest

from .questions_fresh import FRESH_21
from .scoring import assert_named_once


@pytest.mark.parametrize("game", ["tikal", "cartographers"])
def test_the_held_out_set_names_its_answer_in_exactly_one_passage(game):
    """FRESH_21 (held out, session 50): each question names a passage and the answer in it,
    held by exactly one passage of that language's page."""
    assert_named_once(game, FRESH_21[game], 5)
