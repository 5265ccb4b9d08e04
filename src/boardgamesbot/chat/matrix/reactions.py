"""What the bot remembers of people's reactions, across restarts.

A reaction taken back comes as a redaction, which carries no content: which 👍 it
was, on what, is known only if the bot wrote it down when the 👍 came. So are the
bot's "leave this game?" questions, answered by 🚪 on the question itself.

* ``joins``: a 👍 that joined someone to a lobby -> (its room, who reacted, the
  lobby's message): taking it back leaves the lobby (`bot.MatrixBot.on_redaction`);
* ``questions``: a "leave this game?" question -> whom it asks
  (`bot.MatrixBot.leave_by_reaction`).

Kept in a small JSON file beside the crypto store (as the open menus and the threads
are), the latest `KEPT` of each: the file is written again at each change, and a 👍
matters only while its lobby is open, a question for a moment.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

KEPT = 500  # of each kind, the most recent


class Reactions:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._joins: OrderedDict[str, tuple[str, str, str]] = OrderedDict()
        self._questions: OrderedDict[str, str] = OrderedDict()
        if path is not None and path.exists():
            try:
                saved = json.loads(path.read_text(encoding="utf-8"))
                self._joins = OrderedDict((reaction, (joined[0], joined[1], joined[2]))
                                          for reaction, joined in saved["joins"].items()
                                          if isinstance(joined, list) and len(joined) == 3
                                          and all(isinstance(x, str) for x in joined))
                self._questions = OrderedDict((question, who) for question, who
                                              in saved["questions"].items()
                                              if isinstance(who, str))
            except (ValueError, TypeError, KeyError, AttributeError) as error:
                log.warning("ignoring unreadable %s: %s", path, error)

    def joined(self, reaction_id: str, room_id: str, who: str, lobby_message: str) -> None:
        """The 👍 ``reaction_id`` by ``who`` on ``lobby_message`` joined them to its lobby."""
        _keep(self._joins, reaction_id, (room_id, who, lobby_message))
        self._save()

    def taken_back(self, reaction_id: str) -> tuple[str, str, str] | None:
        """(room, who, lobby message) of the 👍 ``reaction_id`` that joined someone, now
        forgotten; None if it joined nobody (or is too old)."""
        joined = self._joins.pop(reaction_id, None)
        if joined is not None:
            self._save()
        return joined

    def asked(self, question_id: str, who: str) -> None:
        """The bot's message ``question_id`` asks ``who`` whether to leave their game."""
        _keep(self._questions, question_id, who)
        self._save()

    def asking(self, question_id: str) -> str | None:
        """Whom the bot's message ``question_id`` asks whether to leave, if it is such a
        question."""
        return self._questions.get(question_id)

    def _save(self) -> None:
        if self.path is None:
            return
        data = {"joins": {reaction: list(joined) for reaction, joined in self._joins.items()},
                "questions": dict(self._questions)}
        partial = self.path.with_suffix(".partial")
        partial.write_text(json.dumps(data), encoding="utf-8")
        partial.replace(self.path)


def _keep(recent: OrderedDict[str, Any], key: str, value: Any) -> None:
    recent[key] = value
    recent.move_to_end(key)
    while len(recent) > KEPT:
        recent.popitem(last=False)
