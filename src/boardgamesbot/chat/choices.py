"""Buttons for a decision, read from the legal actions' notation alone.

A decision is offered word by word: the first words of the legal notations
(``bid``/``pass``; ``forest``/``farm``), then, once a word is picked, the
words that may follow it (shape ``1``/``2``, then ``r0 r90 …``), until a
complete action is reached — that button plays it. A level with more
choices than fit (a cell among a hundred) is typed instead. Nothing here
knows a game: only notation words.

>>> notations = ["bid 1", "bid 2", "pass"]
>>> [(c.word, c.complete) for c in next_words(notations, [])]
[('bid', False), ('pass', True)]
>>> [c.notation for c in next_words(notations, ["bid"])]
['bid 1', 'bid 2']
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_BUTTONS = 12  # per level; more are typed


@dataclass(frozen=True)
class Step:
    word: str  # the next word
    notation: str  # the words so far with this one
    complete: bool  # a legal action as it is (a button that plays it)
    more: bool  # longer actions start with it too


def next_words(notations: list[str], prefix: list[str]) -> list[Step]:
    """The words that may follow ``prefix`` among ``notations``, in their order."""
    depth = len(prefix)
    lowered = [w.lower() for w in prefix]
    seen: dict[str, list[bool]] = {}
    order: list[str] = []
    for notation in notations:
        words = notation.split()
        if len(words) <= depth or [w.lower() for w in words[:depth]] != lowered:
            continue
        word = words[depth]
        if word not in seen:
            seen[word] = [False, False]
            order.append(word)
        if len(words) == depth + 1:
            seen[word][0] = True
        else:
            seen[word][1] = True
    base = " ".join(prefix)
    return [Step(w, f"{base} {w}".strip(), seen[w][0], seen[w][1]) for w in order]


def narrow(notations: list[str], prefix: list[str]) -> tuple[list[str], list[Step]]:
    """Skip levels with a single way on (``enter`` → ``enter W`` when only W can
    enter); returns the prefix reached and the choices there."""
    steps = next_words(notations, prefix)
    while len(steps) == 1 and not steps[0].complete and steps[0].more:
        prefix = prefix + [steps[0].word]
        steps = next_words(notations, prefix)
    return prefix, steps
