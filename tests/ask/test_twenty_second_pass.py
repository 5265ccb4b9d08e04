"""The twenty-second pass on the rules search (docs/ask.md, session 51, helper ask22): its held-out
set ``FRESH_23``, naming its answers, and its figures as measured; and the general fixes the pass
made on development questions, each with a test. The questions written here are development
questions: they were asked while fixing, and measure nothing held out."""

from __future__ import annotations

from .questions_fresh import FRESH_23
from .scoring import held_out_tests

#: FRESH_23 (session 51): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Twenty-second pass*) 18/26/14 held out, before
#: the pass.
(test_the_set_names_its_answer_in_exactly_one_passage,
 test_the_set_holds_its_figures) = held_out_tests(FRESH_23, 5, (18, 26, 14))
