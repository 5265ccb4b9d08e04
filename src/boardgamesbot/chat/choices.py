"""Buttons for a decision, read from the legal actions' notation alone.

A decision is offered word by word: the first words of the legal notations
(``bid``/``pass``; ``forest``/``farm``), then, once a word is picked, the
words that may follow it (shape ``1``/``2``, then ``r0 r90 …``), until a
complete action is reached — that button plays it. Nothing here knows a
game: only notation words.

A level with more choices than fit on a phone (a cell among a hundred) is
split in two when its words are grid places (``C4``, ``K10``): first the row
letter, then the numbers of that row that are legal — so every legal action
stays reachable by taps, and only rows and cells where the action fits are
offered. A chosen row travels in the prefix as ``C*``.

A level of more numbers than fit (a bid of 2 to 150 points) is paged: the
first `NUMBERS` as buttons, then up to `RANGES` ranges of the rest, each of
which opens the same way (``10~45``: the numbers 10 to 45) — every legal
number is a few taps away on a keyboard of three rows.

>>> notations = ["bid 1", "bid 2", "pass"]
>>> [(c.word, c.complete) for c in next_words(notations, [])]
[('bid', False), ('pass', True)]
>>> [c.notation for c in next_words(notations, ["bid"])]
['bid 1', 'bid 2']
>>> cells = [f"draw {r}{c}" for r in "ABC" for c in range(1, 6)]
>>> [c.word for c in next_words(cells, ["draw"])]
['A*', 'B*', 'C*']
>>> [c.notation for c in next_words(cells, ["draw", "B*"])]
['draw B1', 'draw B2', 'draw B3', 'draw B4', 'draw B5']
>>> bids = [f"bid {n}" for n in range(2, 61)]
>>> [c.word for c in next_words(bids, ["bid"])]
['2', '3', '4', '5', '6', '7', '8', '9', '10~22', '23~35', '36~48', '49~60']
>>> [c.word for c in next_words(bids, ["bid", "49~60"])]
['49', '50', '51', '52', '53', '54', '55', '56', '57', '58', '59', '60']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_BUTTONS = 12  # per level: more than this is split by row, or typed
_PLACE = re.compile(r"^([A-Za-z])(\d{1,2})$")  # a grid place: a row letter and a number
ROW = "*"  # marks a prefix word that is a chosen row (``C*``)
_RANGE = re.compile(r"^(\d+)~(\d+)$")  # a chosen range of numbers (``10~45``)
NUMBERS, RANGES = 8, 4  # a page of numbers: the first few, then ranges of the rest


@dataclass(frozen=True)
class Step:
    word: str  # the next word (``C*``: a row of places)
    notation: str  # the words so far with this one
    complete: bool  # a legal action as it is (a button that plays it)
    more: bool  # longer actions start with it too

    @property
    def row(self) -> bool:
        return self.word.endswith(ROW)

    @property
    def range(self) -> tuple[int, int] | None:
        """The numbers a range button opens (``10~45``: 10 to 45), else None."""
        found = _RANGE.match(self.word)
        return (int(found.group(1)), int(found.group(2))) if found else None


def grouped(word: str) -> bool:
    """Is this prefix word a chosen group of words (a row ``C*``, a range ``10~45``)
    rather than a word of the notation?"""
    return word.endswith(ROW) or _RANGE.match(word) is not None


def _matches(words: list[str], prefix: list[str]) -> bool:
    """Do ``words`` start with ``prefix`` (whose last word may be a row ``C*``)?"""
    if len(words) < len(prefix):
        return False
    for word, wanted in zip(words, prefix):
        span = _RANGE.match(wanted)
        if span is not None:
            if not word.isdigit() or not int(span.group(1)) <= int(word) <= int(span.group(2)):
                return False
        elif wanted.endswith(ROW):
            place = _PLACE.match(word)
            if place is None or place.group(1).lower() != wanted[:-1].lower():
                return False
        elif word.lower() != wanted.lower():
            return False
    return True


def next_words(notations: list[str], prefix: list[str], split: bool = True) -> list[Step]:
    """The words that may follow ``prefix`` among ``notations``, in their order; a level
    of more than `MAX_BUTTONS` grid places comes as rows, one of more than that many
    numbers as pages (``split``)."""
    rowed = bool(prefix) and grouped(prefix[-1])
    depth = len(prefix) - 1 if rowed else len(prefix)
    base_words = prefix[:-1] if rowed else prefix
    seen: dict[str, list[bool]] = {}
    order: list[str] = []
    for notation in notations:
        words = notation.split()
        if len(words) <= depth or not _matches(words, prefix):
            continue
        word = words[depth]
        if word not in seen:
            seen[word] = [False, False]
            order.append(word)
        if len(words) == depth + 1:
            seen[word][0] = True
        else:
            seen[word][1] = True
    base = " ".join(base_words)
    steps = [Step(w, f"{base} {w}".strip(), seen[w][0], seen[w][1]) for w in order]
    if split and len(steps) > MAX_BUTTONS and all(s.word.isdigit() for s in steps):
        return _paged(steps, base)
    if split and not rowed and len(steps) > MAX_BUTTONS \
            and all(_PLACE.match(s.word) for s in steps):
        rows: list[str] = []
        for step in steps:
            letter = step.word[0].upper()
            if letter not in rows:
                rows.append(letter)
        rows.sort()
        return [Step(f"{r}{ROW}", f"{base} {r}{ROW}".strip(), False, True) for r in rows]
    return steps


def _paged(steps: list[Step], base: str) -> list[Step]:
    """A level of numbers as a page: the `NUMBERS` smallest as they are, the rest in up to
    `RANGES` ranges of about equal size (a range of more than `MAX_BUTTONS` numbers is
    paged again when it is opened)."""
    steps = sorted(steps, key=lambda s: int(s.word))
    first, rest = steps[:NUMBERS], steps[NUMBERS:]
    size = -(-len(rest) // RANGES)
    ranges = [rest[i:i + size] for i in range(0, len(rest), size)]
    return first + [r[0] if len(r) == 1 else  # (a range of one: that number)
                    Step(f"{r[0].word}~{r[-1].word}", f"{base} {r[0].word}~{r[-1].word}".strip(),
                         False, True) for r in ranges]


def narrow(notations: list[str], prefix: list[str]) -> tuple[list[str], list[Step]]:
    """Skip levels with a single way on (``enter`` → ``enter W`` when only W can
    enter); returns the prefix reached and the choices there."""
    steps = next_words(notations, prefix)
    while len(steps) == 1 and not steps[0].complete and steps[0].more:
        prefix = prefix + [steps[0].word]
        steps = next_words(notations, prefix)
    return prefix, steps


def unrow(prefix: list[str]) -> list[str]:
    """``prefix`` without a trailing chosen row or range (what the notation so far really
    is)."""
    return prefix[:-1] if prefix and grouped(prefix[-1]) else prefix


#: A phone (360 dp) has room for about 45 characters across a keyboard row, each button
#: taking about 3 more for its padding; a network gives the buttons of a row equal widths,
#: so the row's longest label is what must fit.
ROW_ROOM = 45
BUTTON_PADDING = 3
PER_ROW = 4


def rows_for(labels: list[str]) -> list[list[int]]:
    """The buttons (by index) row by row, in order: as many to a row as fit a phone with
    the row's longest label whole — four short ones (``A4 …``, ``↻ 180° …``), two or one
    long ones (``⏭ Acabar el torn``).

    >>> rows_for(["A4 …", "B4 …", "C5 …", "C6 …", "D6 …"])
    [[0, 1, 2, 3], [4]]
    >>> rows_for(["⏭ End the turn", "➕ Bring in …", "⛺ Camp …"])
    [[0, 1], [2]]
    """
    rows: list[list[int]] = []
    widest = 0
    for index, label in enumerate(labels):
        wider = max(widest, len(label))
        if rows and len(rows[-1]) < PER_ROW \
                and (len(rows[-1]) + 1) * (wider + BUTTON_PADDING) <= ROW_ROOM:
            rows[-1].append(index)
            widest = wider
        else:
            rows.append([index])
            widest = len(label)
    return rows
