"""The thirty-second pass on the rules search (docs/ask.md, session 59, helper ask59): its held-out
set ``FRESH_32``, naming its answers, and its figures as measured before anything of the pass was
changed."""

from __future__ import annotations

from .questions_fresh import FRESH_32
from .scoring import held_out_tests

#: FRESH_32 (session 59): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Thirty-second pass*) 24/25/23 held out, before the
#: pass (the same asked of no table and from a table of default options).
(test_the_set_names_its_answer_in_exactly_one_passage, test_the_set_holds_its_figures) = (
    held_out_tests(FRESH_32, 5, (24, 25, 23))
)
