"""Scoring the question set: does the first answer, or one of the first three, hold the facts?"""

from __future__ import annotations

import pytest

from boardgamesbot.help import LANGUAGES, help_page
from boardgamesbot.help.passages import passages
from boardgamesbot.help.search import ask
from boardgamesbot.help.words import fold

from .questions import QUESTIONS


def holds(text: str, facts: list) -> bool:
    """Whether ``text`` states every fact (a tuple of alternatives: any one of them)."""
    folded = fold(text)
    return all(any(fold(one) in folded for one in (fact if isinstance(fact, tuple) else (fact,)))
               for fact in facts)


def rank(game: str, lang: str, question: str, facts: list[str]) -> int | None:
    """The 1-based rank of the first answer holding every fact (None: not in the answers)."""
    for number, answer in enumerate(ask(game, question, lang).answers, 1):
        if holds(answer.text, facts):
            return number
    return None


def score(game: str, questions: dict | None = None) -> dict[str, dict[str, float]]:
    """Per language: the share of questions answered first, and within the first three."""
    found: dict[str, list[int | None]] = {}
    for lang, question, facts in (questions or QUESTIONS)[game]:
        found.setdefault(lang, []).append(rank(game, lang, question, facts))
    return {lang: {"top1": sum(r == 1 for r in ranks) / len(ranks),
                   "top3": sum(r is not None and r <= 3 for r in ranks) / len(ranks),
                   "count": len(ranks)}
            for lang, ranks in found.items()}


#: How much of the first answer a person reads on a phone before deciding it does not answer.
SHOWN = 160


def shown(answer) -> str:
    """What a face shows first of an answer: its lead (the sentence that answers, when the
    search gives one), then the passage."""
    lead = getattr(answer, "lead", "")
    return f"{lead} {answer.text}" if lead else answer.text


def assert_named_once(game: str, questions: list, least: int) -> None:
    """A set that names its answers (``game``'s list of ``(lang, question, facts, answer)``):
    at least ``least`` questions per language, and each question's facts and answer held by
    exactly one passage of that language's page (an answer no passage holds, or several do,
    would measure nothing)."""
    per_language = {lang: sum(q[0] == lang for q in questions) for lang in LANGUAGES}
    assert min(per_language.values()) >= least, per_language
    for lang, question, facts, answer in questions:
        texts = [p.text for p in passages(help_page(game, lang))
                 if holds(p.text, [*facts, answer])]
        assert len(texts) == 1, (lang, question, texts)


def first_answer_reads(game: str, lang: str, question: str, facts: list[str], answer: str):
    """The first answer, after checking it holds ``facts`` and shows ``answer`` in the first
    `SHOWN` characters a face shows."""
    reply = ask(game, question, lang)
    assert reply.answers, (question, reply.topics)
    first = reply.answers[0]
    assert holds(first.text, facts), (question, first.text[:120])
    assert holds(shown(first)[:SHOWN], [answer]), (question, shown(first)[:SHOWN])
    return first


def score_answers(game: str, questions: dict) -> dict[str, dict[str, float]]:
    """Per language, for a set that names the answer too (``FRESH_6``): the share whose passage
    comes first and within three, and whose answer is in the first `SHOWN` characters shown
    of the first answer."""
    found: dict[str, list[tuple[int | None, bool]]] = {}
    for lang, question, facts, answer in questions[game]:
        reply = ask(game, question, lang)
        position = next((number for number, given in enumerate(reply.answers, 1)
                         if holds(given.text, [*facts, answer])), None)
        first = bool(reply.answers) and holds(shown(reply.answers[0])[:SHOWN], [answer])
        found.setdefault(lang, []).append((position, first))
    return {lang: {"top1": sum(r == 1 for r, _ in ranks) / len(ranks),
                   "top3": sum(r is not None and r <= 3 for r, _ in ranks) / len(ranks),
                   "read": sum(first for _, first in ranks) / len(ranks),
                   "count": len(ranks)}
            for lang, ranks in found.items()}


def totals(questions: dict) -> list[int]:
    """Over every game of a set that names its answers: how many questions' passage comes
    first, within three, and with its answer read in the first `SHOWN` characters shown."""
    found = [0, 0, 0]
    for game in questions:
        for result in score_answers(game, questions).values():
            for at, measure in enumerate(("top1", "top3", "read")):
                found[at] += round(result[measure] * result["count"])
    return found


def assert_totals(questions: dict, least: tuple[int, int, int], name: str = "") -> None:
    """A set's `totals` hold at least the figures a pass measured (docs/ask.md): a change
    that loses one of its questions fails here."""
    found = totals(questions)
    assert all(got >= floor for got, floor in zip(found, least, strict=True)), (name, found)


def held_out_tests(questions: dict, least: int, figures: tuple[int, int, int]):
    """The two tests of a pass's held-out set that names its answers, for a test module to
    bind to its own ``test_…`` names: each question's facts and answer held by exactly one
    passage of its language's page (at least ``least`` questions per game and language), and
    the set's `totals` at least ``figures`` (top-1, top-3, read), as the pass measured them."""

    @pytest.mark.parametrize("game", list(questions))
    def names_its_answer_in_exactly_one_passage(game: str) -> None:
        assert_named_once(game, questions[game], least)

    def holds_its_figures() -> None:
        assert_totals(questions, figures)

    return names_its_answer_in_exactly_one_passage, holds_its_figures


if __name__ == "__main__":  # python -m tests.ask.scoring: the misses, for looking at
    for game, questions in QUESTIONS.items():
        print(game, score(game))
        for lang, question, facts in questions:
            position = rank(game, lang, question, facts)
            if position != 1:
                reply = ask(game, question, lang)
                print(f"  [{lang}] {position} {question!r} -> "
                      f"{reply.answers[0].text[:90] if reply.answers else ('?', reply.topics)}")
