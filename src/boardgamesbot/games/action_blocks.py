"""A fixed action space laid out in named blocks, for the games' numeric encodings.

Each kind of action gets one block of consecutive indices, in a fixed order
(docs/research.md gives each game's): the first block starts at 0 and each
next one where the last ended. A game's encoding numbers the actions inside
a block; this module keeps the offsets and finds the block an index is in.

>>> space = ActionBlocks([("place", 12), ("end", 1)])
>>> space.size, space.blocks["end"]
(13, (12, 1))
>>> space.block_of(5), space.block_of(12)
(('place', 5), ('end', 0))
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from numbers import Integral

from boardgamesbot.engine import GameError

__all__ = ["ActionBlocks"]


class ActionBlocks:
    """Blocks named in ``sizes`` (name, how many indices), in that order."""

    def __init__(self, sizes: Sequence[tuple[str, int]]) -> None:
        self.blocks: dict[str, tuple[int, int]] = {}  # name: (first index, size)
        offset = 0
        for name, size in sizes:
            self.blocks[name] = (offset, size)
            offset += size
        self.size = offset
        self._starts = [start for start, _ in self.blocks.values()]
        self._names = list(self.blocks)

    def block_of(self, index: object) -> tuple[str, int]:
        """The block ``index`` falls in and its place inside it; `GameError` for anything
        but an integer (numpy's too) from 0 to ``size - 1``."""
        number = int(index) if isinstance(index, Integral) else -1
        if not 0 <= number < self.size:
            raise GameError(f"action index {index!r} is outside 0…{self.size - 1}",
                            code="outside_action_space", index=str(index))
        found = bisect_right(self._starts, number) - 1
        return self._names[found], number - self._starts[found]
