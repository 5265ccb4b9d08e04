"""Set-up the per-pass test modules (``test_*_pass.py``) repeated, written once: a set's
figures for one game, the test that each set names its answer in exactly one passage, and
the rank of the answer that opens with given words. `scoring` holds the measures."""

from __future__ import annotations

from typing import Any

import pytest

from boardgamesbot.help.search import ask

from .scoring import assert_named_once, score_answers


def game_figures(game: str, questions: dict) -> tuple[int, ...]:
    """For one game of a set that names its answers: how many questions' passage comes
    first, within three, and with its answer read in the first characters shown."""
    results = score_answers(game, questions).values()
    return tuple(
        round(sum(result[measure] * result["count"] for result in results))
        for measure in ("top1", "top3", "read")
    )


def assert_game_figures(
    game: str, questions: dict, least: tuple[int, int, int], name: str | None = None
) -> None:
    """`game_figures` at least ``least``, as a pass measured them (docs/ask.md)."""
    found = game_figures(game, questions)
    assert all(got >= floor for got, floor in zip(found, least, strict=True)), (
        found if name is None else (name, found)
    )


def named_once_tests(sets: list[tuple[str, dict, int]]) -> Any:
    """The test, for a pass module to bind to its own name, that each of its ``sets``
    (name, questions, at least how many per language) names each question's passage and
    answer in exactly one passage of that language's page, in both games."""

    @pytest.mark.parametrize(("name", "questions", "least"), sets)
    @pytest.mark.parametrize("game", ["tikal", "cartographers"])
    def names_their_answer_in_exactly_one_passage(
        name: str, questions: dict, least: int, game: str
    ) -> None:
        assert_named_once(game, questions[game], least)

    return names_their_answer_in_exactly_one_passage


def opening_rank(
    game: str, lang: str, question: str, opening: str, options: dict | None = None
) -> int | None:
    """The rank of the first answer opening with ``opening`` (None: not among the answers)."""
    return next(
        (
            n
            for n, answer in enumerate(ask(game, question, lang, options=options).answers, 1)
            if answer.text.startswith(opening)
        ),
        None,
    )
