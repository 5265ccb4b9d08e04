"""The twenty-sixth pass on the rules search (docs/ask.md, session 54, helper ask26): its held-out
set ``FRESH_26``, naming its answers, and its figures as measured before anything of the pass was
changed; and the fixes the pass made on development questions, each with a test. The questions
written here are development questions: they were asked while fixing, and measure nothing held
out."""

from __future__ import annotations

from .questions_fresh import FRESH_26
from .scoring import held_out_tests

#: FRESH_26 (session 54): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Twenty-sixth pass*) 19/28/18 held out, before
#: the pass (the same asked of no table and from a table of default options).
(test_the_set_names_its_answer_in_exactly_one_passage, test_the_set_holds_its_figures) = (
    held_out_tests(FRESH_26, 5, (19, 28, 18))
)
