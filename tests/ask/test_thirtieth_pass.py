"""The thirtieth pass on the rules search (docs/ask.md, session 57, helper ask57): its held-out
set ``FRESH_30``, naming its answers, and its figures as measured before anything of the pass was
changed; and the fixes the pass made on the known development misses, each with a test seen
failing first. The questions written here are development questions: they measure nothing held
out."""

from __future__ import annotations

import pytest

from boardgamesbot.help.search import ask, index  # noqa: F401

from .questions_fresh import FRESH_30
from .scoring import first_answer_reads, held_out_tests

#: FRESH_30 (session 57): each question names a passage and the answer in it, held by exactly
#: one passage; over both games (docs/ask.md, *Thirtieth pass*) 18/26/15 held out, before the
#: pass (the same asked of no table and from a table of default options).
(test_the_set_names_its_answer_in_exactly_one_passage, test_the_set_holds_its_figures) = (
    held_out_tests(FRESH_30, 5, (18, 26, 15))
)


#: Brazilian "trazer" (to bring) a figure into play is the action the English page calls "Bring
#: in a figure". Its stem "traz" met only the page's note on the reconstructed board ("O
#: BoardGamesBot traz um conjunto…": ships), and the row "Colocar uma figura no jogo" never said
#: the action's term, as the English ("Bring in") and Catalan ("Entrar") titles do: even
#: "entrar" found the camp rule first ("suas figuras podem entrar no jogo pelos seus
#: Acampamentos"). Read as a plain "colocar" it met every placing (tile, guard, camp). Now
#: "trazer" and its forms name the action, and the row says "ao entrar em jogo".
@pytest.mark.parametrize(
    "question",
    [
        "quanto custa trazer um explorador pro jogo?",
        "quanto custa entrar com um explorador no jogo?",
    ],
)
def test_bringing_a_figure_in_is_the_enter_action(question):
    first_answer_reads("tikal", "pt-BR", question, ["Colocar uma figura no jogo"], "PA: 1")

