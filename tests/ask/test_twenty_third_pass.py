"""The twenty-third pass on the rules search (docs/ask.md, session 52, helper ask23): its held-out
set ``FRESH_24``, naming its answers, and its figures as measured before anything of the pass was
changed; and the general fixes the pass made on development questions (``FRESH_23`` became a
development set with this pass), each with a test. The questions written here are development
questions: they were asked while fixing, and measure nothing held out."""

from __future__ import annotations

from .questions_fresh import FRESH_24
from .scoring import held_out_tests

#: FRESH_24 (session 52): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Twenty-third pass*) 22/27/18 held out, before
#: the pass.
(test_the_set_names_its_answer_in_exactly_one_passage,
 test_the_set_holds_its_figures) = held_out_tests(FRESH_24, 5, (22, 27, 18))
