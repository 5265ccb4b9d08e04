"""The fifteenth pass on the rules search (docs/ask.md, session 47): its held-out set
``FRESH_19``, naming its answers, and its figures as measured; and the general causes of the
misses it fixed, each with a test."""

from __future__ import annotations

import pytest

from .questions_fresh import FRESH_19
from .scoring import assert_named_once, score_answers


@pytest.mark.parametrize("game", ["tikal", "cartographers"])
def test_the_held_out_set_names_its_answer_in_exactly_one_passage(game):
    """FRESH_19 (held out, session 47): each question names a passage and the answer in it,
    held by exactly one passage of that language's page."""
    assert_named_once(game, FRESH_19[game], 6)


def test_the_held_out_set_holds_its_figures():
    """Passage first, within three, answer read in the first 160 characters, over both games
    (docs/ask.md, *Fifteenth pass*): FRESH_19 (held out, 36; measured in totals only, its
    questions' results never looked at) 28/31/20 before the pass."""
    found = [0, 0, 0]
    for game in FRESH_19:
        for result in score_answers(game, FRESH_19).values():
            for at, measure in enumerate(("top1", "top3", "read")):
                found[at] += round(result[measure] * result["count"])
    assert all(got >= floor for got, floor in zip(found, (28, 31, 20), strict=True)), found
