"""The fourteenth pass on the rules search (docs/ask.md, session 47): its held-out set
``FRESH_17`` and its development set ``FRESH_18``, each naming its answer, and their figures
as measured (no change to the search was kept: every one tried lost an older set's question)."""

from __future__ import annotations

import pytest

from .questions_fresh import FRESH_17, FRESH_18
from .scoring import assert_named_once, score_answers


@pytest.mark.parametrize(("name", "questions", "least"), [
    ("FRESH_17", FRESH_17, 7), ("FRESH_18", FRESH_18, 5)])
@pytest.mark.parametrize("game", ["tikal", "cartographers"])
def test_the_new_sets_name_their_answer_in_exactly_one_passage(name, questions, least, game):
    """FRESH_17 (held out) and FRESH_18 (development), session 47: each question names a
    passage and the answer in it, held by exactly one passage of that language's page (an
    answer no passage holds, or several do, would measure nothing)."""
    assert_named_once(game, questions[game], least)


@pytest.mark.parametrize(("name", "questions", "least"), [
    ("FRESH_17", FRESH_17, (32, 36, 25)),
    ("FRESH_18", FRESH_18, (17, 25, 13)),
])
def test_the_new_sets_hold_their_figures(name, questions, least):
    """Passage first, within three, answer read in the first 160 characters, over both games
    (docs/ask.md, *Fourteenth pass*): FRESH_17 (held out, 42; measured in totals only, its
    questions' results never looked at) 32/36/25, FRESH_18 (development, 30) 17/25/13."""
    found = [0, 0, 0]
    for game in questions:
        for result in score_answers(game, questions).values():
            for at, measure in enumerate(("top1", "top3", "read")):
                found[at] += round(result[measure] * result["count"])
    assert all(got >= floor for got, floor in zip(found, least, strict=True)), (name, found)
