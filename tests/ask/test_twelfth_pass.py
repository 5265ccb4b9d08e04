"""The twelfth pass on the rules search (docs/ask.md, session 45): general causes of the misses
of its development set ``FRESH_14`` and of those the eleventh pass left, each with a test."""

from __future__ import annotations

from boardgamesbot.help.search import ask, index

from .scoring import SHOWN, holds, shown


def first_answer_reads(game: str, lang: str, question: str, facts: list[str], answer: str):
    """The first answer, after checking it holds ``facts`` and shows ``answer`` in the first
    `SHOWN` characters a face shows."""
    reply = ask(game, question, lang)
    assert reply.answers, (question, reply.topics)
    first = reply.answers[0]
    assert holds(first.text, facts), (question, first.text[:120])
    assert holds(shown(first)[:SHOWN], [answer]), (question, shown(first)[:SHOWN])
    return first


def test_catalan_next_is_not_going_round():
    """Snowball cut Catalan "següent" (next; the page's "la lloseta següent", and players'
    "propera", read as it) and "seguint" (going round the table) to the same stem: the
    question about the next tile got the volcano's scoring round."""
    words = index("tikal", "ca").words
    assert not set(words.keys("la lloseta següent")) & set(words.keys("seguint l'ordre"))
    first_answer_reads("tikal", "ca", "es veu quina es la propera lloseta abans de robar-la",
                       ["Les llosetes se separen per lletra"], "Tothom pot veure la lletra")
