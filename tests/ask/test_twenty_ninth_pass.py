"""The twenty-ninth pass on the rules search (docs/ask.md, session 56, helper ask56): its held-out
set ``FRESH_29``, naming its answers, and its figures as measured before anything of the pass was
changed; and the fixes the pass made on development questions and refusals, each with a test seen
failing first. The questions written here are development questions: they measure nothing held
out."""

from __future__ import annotations

from .questions_fresh import FRESH_29
from .scoring import held_out_tests

#: FRESH_29 (session 56): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Twenty-ninth pass*) 21/26/19 held out, before
#: the pass (the same asked of no table and from a table of default options).
(test_the_set_names_its_answer_in_exactly_one_passage, test_the_set_holds_its_figures) = (
    held_out_tests(FRESH_29, 5, (21, 26, 19))
)
