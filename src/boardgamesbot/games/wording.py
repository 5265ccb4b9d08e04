"""A game's sentences in a language, filled in: the Python side of the browser's ``t()``.

A game's catalog (`Game.words`, ``web/i18n/<lang>.json``) holds its words for every face.
The browser fills them in ``web/static/i18n.js``; faces written in Python (the chat) fill
the same entries here, with the same rules, so an action reads the same everywhere:

* a key may have moods (``KEY@button``: "Build a camp on C5", beside the told
  ``KEY``: "builds a camp on C5"); a mood the catalog lacks falls back to the told form;
* an entry may be plural forms (``{"one": …, "other": …}``), chosen by ``{n}`` (or the
  parameter ``"_n"`` names) with the CLDR rules of the language (`plural_form`);
* a key missing in a language is said in English.
"""

from __future__ import annotations

import difflib
import re
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from boardgamesbot.engine import LANGUAGES
from boardgamesbot.games.notation import folded

__all__ = ["between_entries", "edits", "elide", "nearest", "notation_error", "phrase",
           "plural_form"]

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def plural_form(lang: str, number: str) -> str:
    """The plural category of ``number`` as written ("1", "1.5", "0") in ``lang``: the
    same choice as the browser's ``pluralCategory`` (web/static/i18n.js;
    tests/web/test_follow_words.py compares them), for the languages the faces speak.
    CLDR's rules, but for zero in Portuguese: English and Catalan say "one" for exactly 1;
    Portuguese for 1 and what lies between 0 and 2 ("1,5 ponto"), and none of a thing in
    the plural ("0 moedas": CLDR says "0 moeda", which a Brazilian does not write);
    Portuguese and Catalan also say "many" for whole millions ("1 milhão de pontos")."""
    whole, _, fraction = number.lstrip("-").partition(".")
    i, v = int(whole or 0), len(fraction)
    if lang.startswith("pt"):
        if i == 1 or (i == 0 and int(fraction or 0) != 0):
            return "one"
    elif i == 1 and v == 0:
        return "one"
    if lang.startswith(("pt", "ca")) and v == 0 and i != 0 and i % 1_000_000 == 0:
        return "many"
    return "other"


#: Languages that write a fraction with a decimal comma ("3,1 esperades").
DECIMAL_COMMA = frozenset({"pt-BR", "ca"})


def number_text(value: Any, lang: str = "en") -> str:
    """A number as a sentence in ``lang`` says it (``2``, ``1.5``, Catalan ``1,5``, as the
    browser's i18n.js says it); anything else as it is."""
    if isinstance(value, float):
        text = f"{value:.1f}".rstrip("0").rstrip(".") if value % 1 else str(int(value))
        return text.replace(".", ",") if lang in DECIMAL_COMMA else text
    return str(value)


def phrase(
    words: Callable[[str], dict[str, Any]],
    lang: str,
    key: str,
    mood: str | None = None,
    **params: Any,
) -> str | None:
    """The entry ``key`` (in ``mood`` when the catalog has it) of ``words(lang)`` — else of
    ``words("en")`` — filled with ``params``; None when neither language has it."""
    for language in dict.fromkeys((lang, "en")):
        catalog = words(language)
        template = catalog.get(f"{key}@{mood}") if mood else None
        template = template if template is not None else catalog.get(key)
        if template is not None:
            return fill(template, lang if language == lang else "en", params)
    return None


# Catalan writes "de" as "d'" before a vowel sound — "el mapa d'Ana", but "de Ian" (an
# i or u before a vowel sounds as a consonant) — and a name filled in may begin either
# way, so the catalog cannot say it: `elide` does, as the browser's t() does.
_OF = re.compile(r"\b([Dd])e \{(\w+)\}")
_VOWEL_SOUND = re.compile(r"h?(?:[aeoàèéòó]|[iuíúïü](?![aeiouàèéíòóú]))", re.IGNORECASE)
_MARKUP = re.compile(r"(?:<[^>]*>|\x00[^\x01]*\x01)+")  # a mention's link or mark


def elide(template: str, lang: str, params: dict[str, Any]) -> str:
    """``template`` with Catalan's "de {name}" written "d'{name}" where the value filled
    in begins with a vowel sound (its visible text: a mention's markup apart)."""
    if lang != "ca":
        return template

    def of(match: re.Match[str]) -> str:
        value = params.get(match.group(2))
        visible = _MARKUP.sub("", str(value), count=1) if isinstance(value, str) else ""
        if visible and _VOWEL_SOUND.match(visible):
            return f"{match.group(1)}'{{{match.group(2)}}}"
        return str(match.group(0))

    return _OF.sub(of, template)


def fill(template: Any, lang: str, params: dict[str, Any]) -> str:
    """``template`` (a string, or plural forms chosen by the count ``"_n"`` names, ``n``
    by default) with each ``{name}`` replaced; an unknown name shows as ``?``."""
    if isinstance(template, dict):
        count = params.get(template.get("_n", "n"))
        form = plural_form(lang, number_text(count)) if isinstance(count, (int, float)) else "other"
        template = template.get(form, template["other"])
    template = elide(str(template), lang, params)
    return PLACEHOLDER.sub(lambda m: number_text(params.get(m.group(1), "?"), lang), template)


def notation_error(words: Callable[[str], dict[str, Any]], lang: str,
                   params: dict[str, Any]) -> str | None:
    """A ``bad_notation`` refusal's particulars (`boardgamesbot.games.notation.unreadable`)
    in ``lang``: which word was not understood, what goes in its place (the game's entry
    ``notation.<expected>``), an action written right and, for a word of the game's own in
    some language, how the notation writes it. None when the params do not say (a refusal
    with no word to point at: its ``error.bad_notation`` sentence stands)."""
    if "example" not in params:
        return None
    word, expected = params.get("word", ""), params.get("expected")
    what: str | None = ""
    if expected is None:
        key = "notation.extra"
    else:
        key = "notation.unexpected" if word else "notation.missing"
        what = phrase(words, lang, f"notation.{expected}")
        if what is None:
            return None
    said = phrase(words, lang, key, word=word, expected=what, example=params["example"])
    if said is not None and params.get("meant"):
        said += " " + (phrase(words, lang, "notation.meant", word=word,
                              meant=params["meant"]) or "")
    return said


def between_entries(sentence: str, entries: Sequence[str], width: int | None,
                    indent: str = "  ",
                    more: Sequence[tuple[Sequence[str], str]] = ()) -> str:
    """``sentence`` with the ``entries`` ("p1: 1→2→7", "easy (seat 2): 40"), comma
    separated, in place of its NUL, in lines of ``width`` (unbroken when None) broken only
    between entries, the later lines standing in by ``indent``: broken at any blank,
    "p2:" ended a line and its numbers began the next, read as someone else's.

    ``more``: the lists for the sentence's later NULs, each with the word that joins its
    entries (", ", " and "): who won in a tie of many, the record's path (a list of one,
    never broken, to be copied whole). Between two lists a line may break after a full
    stop, the next sentence ("Winner: …") beginning the line. An entry longer than a
    line breaks between its words, its end kept whole (`_unbroken_tail`).

    >>> print(between_entries("Scores: \\0.", ["p1: 1→2", "p2: 3→19"], 16))
    Scores: p1: 1→2,
      p2: 3→19.
    >>> print(between_entries("Game over. Final scores: \\0.", ["Ana (p1): 3", "Bo (p2): 5"], 24))
    Game over. Final scores:
      Ana (p1): 3,
      Bo (p2): 5.
    >>> print(between_entries("\\0. Winner: \\0. Record: \\0", ["a: 9", "b: 9"], 20,
    ...                       more=[(["a", "b"], " and "), (["/tmp/game.json"], "")]))
    a: 9, b: 9.
      Winner: a and b.
      Record: /tmp/game.json
    >>> print(between_entries("Game record: \\0", ["games/tikal-20261206-071234.json"], 30))
    Game record:
      games/tikal-20261206-071234.json
    """
    lists = [(entries, ", "), *more]
    texts = sentence.split("\0")
    chunks: list[str] = []
    glue = texts[0]  # (the words before an entry begin its chunk)
    for (items, joiner), after in zip(lists, texts[1:], strict=False):
        for number, item in enumerate(items):
            last = number == len(items) - 1
            chunks.append(glue + item + ("" if last else joiner.rstrip()))
            glue = "" if last else joiner[len(joiner.rstrip()):].lstrip()
        # (what follows a list: up to its first full stop with the list's last entry; each
        # sentence after it a chunk of its own, the last one glued to the next list's first
        # entry)
        head, *sentences = re.split(r"(?<=\.) ", after)
        if chunks:
            chunks[-1] += head
        else:
            glue += head
        if sentences:
            chunks += sentences[:-1]
            glue = sentences[-1]
    if glue:
        chunks.append(glue)
    lines = [chunks[0]] if chunks else [""]
    opening = texts[0].rstrip()
    if width is not None and len(lines[0]) > width and opening and entries:
        # (the words before the first entry too long for a line with it, on a phone's 40
        # columns: they are wrapped first, the entry kept whole after them, on a line of
        # its own where it is too long for theirs: a list of one, a record's path, or an
        # entry longer than any line, kept on the sentence's line, went past its end and
        # the terminal broke it anywhere, "games/tikal-2026" | "1206.json")
        lines = textwrap.wrap(opening, width, subsequent_indent=indent,
                              break_long_words=False, break_on_hyphens=False)
        chunks = ["", chunks[0][len(texts[0]):], *chunks[1:]]
    if width is not None and len(lines[0]) > width and len(lines) == 1:
        # (an entry longer than a line with no words before it: begun on the first line)
        lines, chunks = [""], ["", *chunks]
    for chunk in chunks[1:]:
        if not chunk:
            continue
        if width is None or len(lines[-1]) + 1 + len(chunk) <= width:
            lines[-1] += " " + chunk if lines[-1] else chunk
            continue
        start = indent if lines[-1] else ""
        if len(start + chunk) <= width:
            lines.append(start + chunk)
            continue
        # (an entry longer than a line, a long name on a phone's 40 columns: broken between
        # the words of its name, the later lines standing in further, its last word, seat
        # tag and points kept whole: "Pereira (seat" ended a line and "1): 30," began the
        # next, read as someone else's)
        pieces = _unbroken_tail(chunk)
        if len(pieces) == 1 and len(chunk) <= width:
            # (one word, a record's path, that fits the line only at its start: there,
            # whole, "games/cartographers-20261206-180133.js" | "on" no more)
            lines.append(chunk)
            continue
        lines.append(start + pieces[0])
        for piece in pieces[1:]:
            if len(lines[-1]) + 1 + len(piece) <= width:
                lines[-1] += " " + piece
            else:
                lines.append(indent + "  " + piece)
    if not lines[0] and len(lines) > 1:
        del lines[0]
    return "\n".join(lines)


def _unbroken_tail(entry: str) -> list[str]:
    """``entry``'s words, a line may break between, its end kept whole: from the word
    before its last parenthesis (a name's last word and its seat tag, "Pereira (seat 1):
    30,"), else from the word before its points ("Pereira: 30,"), else all of it.

    >>> _unbroken_tail("Final stars: Maria Eduarda Pereira (seat 1): 30,")
    ['Final', 'stars:', 'Maria', 'Eduarda', 'Pereira (seat 1): 30,']
    >>> _unbroken_tail("Maria Eduarda Pereira: 30.")
    ['Maria', 'Eduarda', 'Pereira: 30.']
    >>> _unbroken_tail("Record: /tmp/game.json")
    ['Record: /tmp/game.json']
    """
    words = entry.split(" ")
    start = 0  # (neither: whole, "Record: /tmp/…/game.json" as the line has always said it)
    tagged = [at for at, word in enumerate(words) if word.startswith("(")]
    if tagged:
        start = max(tagged[-1] - 1, 0)
    else:
        scored = [at for at in range(len(words) - 1)
                  if words[at].endswith(":") and re.match(r"[-+]?\d", words[at + 1])]
        if scored:
            start = scored[-1]
    return [*words[:start], " ".join(words[start:])]


def nearest(typed: str, words: Iterable[tuple[str, Sequence[str]]]) -> tuple[str, str] | None:
    """Which of ``words`` (each thing's name and the words it is typed as, the commoner
    things first) ``typed`` looks like a slip of ('nvo' → 'novo', 'movimentos' →
    'moves'), as the thing's name and the word: of the words as alike as the terminal
    asks of a game's name (`difflib`, the same cutoff) or one edit away, the fewest edits
    away (`edits`), then the commoner thing, then the most alike, then the word listed
    first. The chat and the terminal answer a mistyped command so, from this one place.

    >>> nearest("stauts", [("status", ["status"]), ("stats", ["stats"])])
    ('status', 'status')
    >>> nearest("xyz", [("status", ["status"])]) is None
    True
    """
    typed = folded(typed)
    near: list[tuple[int, int, float, int, str, str]] = []
    for rank, (name, spelled) in enumerate(words):
        for order, word in enumerate(spelled):
            plain = folded(word)
            distance = edits(typed, plain)
            alike = difflib.SequenceMatcher(None, typed, plain).ratio()
            if distance <= 1 or alike >= 0.6:
                near.append((distance, rank, -alike, order, name, word))
    if not near:
        return None
    found = min(near)
    return found[4], found[5]


def slips(typed: str, notation: Sequence[str],
          spoken: Mapping[str, Mapping[str, Sequence[str]]]) -> dict[str, list[str]]:
    """What ``typed``, a first word no action begins with, looks like a slip of in each
    language (`nearest`, among the words it is `near_enough` to): language → [the word,
    the notation's word it stands for], of the notation's own words (``notation``, written
    so in every language: "forst" → "forest") and that language's words for them
    (``spoken``, `spoken_by_language`: "colcoar" → "colocar", written "place"). A language
    with no word near enough is left out: every face offers what is here, and a word
    merely alike in letters is no slip ('redo' was offered the Brazilian 'trazendo').

    >>> slips("colcoar", ["place"], {"pt-BR": {"place": ["colocar"]}})
    {'pt-BR': ['colocar', 'place']}
    >>> slips("forst", ["forest", "farm"], {})["ca"]
    ['forest', 'forest']
    >>> slips("redo", ["enter"], {"pt-BR": {"enter": ["trazendo"]}})
    {}
    """
    def near(words: Sequence[str]) -> list[str]:
        return [word for word in words if near_enough(typed, word)]

    found_in = {}
    for lang in LANGUAGES:
        found = nearest(typed, [*((word, near([word])) for word in notation),
                                *((meant, near(said))
                                  for meant, said in spoken.get(lang, {}).items())])
        if found is not None:
            found_in[lang] = [found[1], found[0]]
    return found_in


def slip_offered(params: Mapping[str, Any], lang: str) -> list[str] | None:
    """The slip a face offers a reader of ``lang`` for the first word of a ``bad_notation``
    refusal (its ``params``: ``word`` and ``near``, `slips`): [the word, the notation's
    word], of ``lang``'s words, else of the other languages the faces speak, the fewest
    edits away (a Catalan at an English table types "col·locr", a slip of no English
    word); None when the game found none.

    >>> slip_offered({"word": "colocr", "near": {"pt-BR": ["colocar", "place"]}}, "en")
    ['colocar', 'place']
    >>> slip_offered({"word": "plase", "near": {"en": ["place", "place"],
    ...                                         "ca": ["plaça", "square"]}}, "ca")
    ['plaça', 'square']
    >>> slip_offered({"word": "xyz"}, "en") is None
    True
    """
    near: Mapping[str, Sequence[str]] = params.get("near") or {}
    if lang in near:
        return list(near[lang])
    typed = folded(str(params.get("word", "")))
    found = [(edits(typed, folded(near[other][0])), list(near[other]))
             for other in LANGUAGES if other in near]
    return min(found, key=lambda each: each[0])[1] if found else None


def near_enough(typed: str, word: str) -> bool:
    """Whether a face offers ``word`` for ``typed``: a plausible slip of it (`a_slip`), or
    another word of the same stem — the first three letters alike, the rest alike enough
    for `nearest` ("movimentos" for "moves", "historical" for "historial"). The terminal's
    commands and every face's slips of a move's word are offered so.

    >>> near_enough("colocr", "colocar"), near_enough("redo", "trazendo")
    (True, False)
    """
    return a_slip(typed, word) or folded(typed)[:3] == folded(word)[:3]


def a_slip(typed: str, word: str) -> bool:
    """Whether ``typed`` is a plausible slip of ``word``: one edit (a letter added,
    dropped, changed, or two swapped: `edits`), two in a word of six letters or more
    ('estadisticas' for 'estadistiques' is not; 'pontuaco' for 'pontuacao' is), none in a
    word of two letters ('no' is no slip of Catalan 'nou'). A word merely alike in
    letters is none: 'ordre' is three edits from 'score'. The chat and the terminal
    offer a command's word for a mistyped one only so.

    >>> a_slip("nvo", "novo"), a_slip("ORDRE", "score"), a_slip("no", "nou")
    (True, False, False)
    """
    typed, word = folded(typed), folded(word)
    if min(len(typed), len(word)) < 3:
        return False
    return edits(typed, word) <= (2 if min(len(typed), len(word)) >= 6 else 1)


def edits(a: str, b: str) -> int:
    """How many edits turn ``a`` into ``b``: a letter added, dropped, changed, or two
    neighbours swapped (a quick thumb's usual slip), each one (the optimal string
    alignment distance)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1,
                         rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]
