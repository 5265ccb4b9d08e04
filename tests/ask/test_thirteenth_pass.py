"""The thirteenth pass on the rules search (docs/ask.md, session 46): general causes of the
misses of its development set ``FRESH_16`` and of those the twelfth pass left, each with a test."""

from __future__ import annotations

import pytest

from boardgamesbot.help import LANGUAGES, help_page
from boardgamesbot.help.passages import passages

from .questions_fresh import FRESH_15, FRESH_16
from .scoring import holds


@pytest.mark.parametrize(("name", "questions", "least"), [
    ("FRESH_15", FRESH_15, 8), ("FRESH_16", FRESH_16, 6)])
@pytest.mark.parametrize("game", ["tikal", "cartographers"])
def test_the_new_sets_name_their_answer_in_exactly_one_passage(name, questions, least, game):
    """FRESH_15 (held out) and FRESH_16 (development), session 46: each question names a
    passage and the answer in it, held by exactly one passage of that language's page (an
    answer no passage holds, or several do, would measure nothing)."""
    per_language = {lang: sum(q[0] == lang for q in questions[game]) for lang in LANGUAGES}
    assert min(per_language.values()) >= least, (name, per_language)
    for lang, question, facts, answer in questions[game]:
        texts = [p.text for p in passages(help_page(game, lang))
                 if holds(p.text, [*facts, answer])]
        assert len(texts) == 1, (name, lang, question, texts)
