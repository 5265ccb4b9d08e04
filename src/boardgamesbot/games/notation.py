"""How both games write their actions: each action class states its notation once, as a
template over its fields, and its game says how a kind of field is written.

>>> from dataclasses import dataclass
>>> class Example(Written):
...     __slots__ = ()
...     words = {"space": lambda space: "ABC"[space]}
>>> @dataclass(frozen=True, slots=True)
... class Uncover(Example):
...     notation = "uncover {space}"
...     space: int
>>> str(Uncover(2))
'uncover C'

Reading stays each game's own: their notations differ in shape (a verb first, or a
terrain). What each could not read is said the same way, `unreadable`: which word, what
goes there, and an action written right, as a code and params every face says in its
reader's language.

>>> error = unreadable("uncover Z9", 1, "example.space", "a space", "uncover A5")
>>> str(error)
"cannot read 'uncover Z9': 'Z9' is not a space (e.g. 'uncover A5')"
>>> error.params["word"], error.params["expected"]
('Z9', 'example.space')

A word of the game typed in a person's own language (Portuguese "mover", Catalan "bosc")
is told how the notation writes it: `spoken_words` reads the players' words for the
notation's words from the game's rules knowledge, the one place they are kept.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import lru_cache
from importlib import resources
from typing import Any, ClassVar

from boardgamesbot.engine import Action, GameError

__all__ = ["Written", "folded", "spoken_by_language", "spoken_words", "unaccented", "unreadable"]


class Written(Action):
    """An action whose ``str()`` is ``notation`` (``str.format`` fields named as the
    dataclass's), each field written by ``words[its name]``, or by ``str`` if absent."""

    __slots__ = ()

    notation: ClassVar[str]
    words: ClassVar[Mapping[str, Callable[[Any], str]]] = {}

    def __str__(self) -> str:
        return _written(self)


# Faces write every legal action of a view (about a thousand in a Cartographers draw), so
# each action's text is kept once written: the action spaces are small (the largest about
# 11,000 actions), and the bound keeps odd ones (a bid of a million) from piling up.
@lru_cache(maxsize=1 << 15)
def _written(action: Written) -> str:
    words = action.words
    return action.notation.format_map({
        field.name: words.get(field.name, str)(getattr(action, field.name))
        for field in fields(action)  # type: ignore[arg-type]  # actions are dataclasses
    })


def unreadable(text: str, at: int, expected: str | None, said: str, example: str,
               meant: str | None = None,
               near: Mapping[str, list[str]] | None = None) -> GameError:
    """The refusal (``bad_notation``) of ``text`` whose word number ``at`` (from 0; one past
    the last when a word is missing) is not what the notation has there.

    Its params are what a face needs to say so in its reader's language: ``word`` (the word
    not understood, "" when one is missing), ``expected`` (what goes there: the catalog
    entry ``notation.<expected>``; None when nothing more goes there, ``word`` being one
    too many), ``example`` (a whole action written right) and, when the word is one of the
    game's own words in some language (Catalan "bosc"), ``meant``: how the notation writes
    it ("forest"), and, when the word is a slip of one (`boardgamesbot.games.wording.slips`:
    "forst", "colcoar"), ``near``: by language, the word it looks like and the notation's
    word for it. ``said`` is what goes there in English, for the engine's own message.
    """
    words = text.split()
    word = words[at] if at < len(words) else ""
    if expected is None:
        problem = f"{word!r} is one word too many"
    elif word:
        problem = f"{word!r} is not {said}"
    else:
        problem = f"{said} is missing at the end"
    if meant:
        problem += f" ({word!r} is written {meant!r})"
    params: dict[str, Any] = {"text": text.strip(), "word": word, "expected": expected,
                              "example": example}
    if meant:
        params["meant"] = meant
    if near:
        params["near"] = dict(near)
    return GameError(f"cannot read {text.strip()!r}: {problem} (e.g. {example!r})",
                     code="bad_notation", **params)


def folded(word: str) -> str:
    """``word`` as compared with the players' words: case and accents aside ("Guardião",
    "guardiao" and "GUARDIÃO" are one word). Every face and the rules search fold what
    people type with it (the search on top of its own: Catalan "l·l")."""
    return unaccented(word.strip().casefold())


def unaccented(text: str) -> str:
    """``text`` without its accents ("Català" → "Catala"), case and spaces as they are."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


def spoken_words(package: str, terms: Mapping[str, str]) -> dict[str, str]:
    """The words players use, in every language, for some of the notation's words, folded
    → the notation's word: with Tikal's verbs, "mover" → "move", "guardião" → "guard".

    ``terms`` maps each notation word to the term of the game's rules knowledge
    (``help/knowledge.json`` in ``package``: ``terms.<term>.<lang>``, what the rules
    search reads too, and ``typed.<term>.<lang>``, the words only typed for it: everyday
    verbs whose sense in the rules' text is wider, as Catalan "passar" is to cross a path
    as well as to pass in an auction) that names it. Only single words count, as a person
    types one where the notation has its word; a word two of them share is left out (no
    one of them is meant), and so is each notation word itself (it is read as itself).

    >>> spoken_words("boardgamesbot.games.tikal", {"move": "move", "camp": "camp"})["moure"]
    'move'
    """
    meant: dict[str, set[str]] = {}
    for said in spoken_by_language(package, terms).values():
        for notation, words in said.items():
            for word in words:
                meant.setdefault(folded(word), set()).add(notation)
    own = {folded(word) for word in terms}
    return {word: notations.pop() for word, notations in meant.items()
            if len(notations) == 1 and word not in own}


def spoken_by_language(package: str, terms: Mapping[str, str]) -> dict[str, dict[str, list[str]]]:
    """The single words players of each language use for the notation's words (``terms``
    as for `spoken_words`), as the rules knowledge spells them: language → notation word →
    words. A slip of one ("colcoar") is answered with the word of its reader's language
    ("colocar"), so the words are kept by language and with their accents.

    >>> spoken_by_language("boardgamesbot.games.tikal", {"place": "place_tile"})["ca"]["place"]
    ['col·locar', 'col·loca', 'posar', 'posa']
    """
    knowledge = json.loads(resources.files(package).joinpath("help", "knowledge.json")
                           .read_text(encoding="utf-8"))
    said: dict[str, dict[str, list[str]]] = {}
    for notation, term in terms.items():
        for kept in (knowledge["terms"], knowledge.get("typed", {})):
            for lang, words in kept.get(term, {}).items():
                listed = said.setdefault(lang, {}).setdefault(notation, [])
                listed.extend(word for word in words
                              if len(word.split()) == 1 and word not in listed)
    return said
