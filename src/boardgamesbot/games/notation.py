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
terrain), and their errors name what each expected.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import lru_cache
from typing import Any, ClassVar

from boardgamesbot.engine import Action

__all__ = ["Written"]


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
