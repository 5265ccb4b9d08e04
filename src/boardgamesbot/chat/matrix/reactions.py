"""What the bot remembers of people's reactions, across restarts.

A reaction taken back comes as a redaction, which carries no content: which 👍 it
was, on what, is known only if the bot wrote it down when the 👍 came. So are the
bot's "leave this game?" questions, answered by 🚪 on the question itself.

* ``joins``: a 👍 that joined someone to a lobby -> (its room, who reacted, the
  lobby's message): taking it back leaves the lobby (`bot.MatrixBot.on_redaction`);
* ``questions``: a "leave this game?" question -> whom it asks
  (`bot.MatrixBot.leave_by_reaction`);

Kept in reactions.json beside the crypto store (`kept`), the latest `KEPT` of each:
a 👍 matters only while its lobby is open, a question for a moment. When each person
was asked lives in the chat database with every network's (`ChatStore.leaving`); a
file from before that keeps them under ``leaving`` still loads, and hands them over
(`left_over`).
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from . import kept

KEPT = 500  # of each kind, the most recent


class Reactions:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._joins: OrderedDict[str, tuple[str, str, str]] = OrderedDict()
        self._questions: OrderedDict[str, str] = OrderedDict()
        #: (who, their table) -> when they were asked whether to leave it, as a file
        #: from before the database kept them wrote it: for the bot to move there
        self.left_over: dict[tuple[str, str], float] = {}
        saved = kept.load(path, _read)
        if saved is not None:
            self._joins, self._questions, self.left_over = saved

    def moved(self) -> None:
        """The `left_over` times are in the database now: the file forgets them."""
        if self.left_over:
            self.left_over = {}
            self._save()

    def joined(self, reaction_id: str, room_id: str, who: str, lobby_message: str) -> None:
        """The 👍 ``reaction_id`` by ``who`` on ``lobby_message`` joined them to its lobby."""
        kept.remember(self._joins, reaction_id, (room_id, who, lobby_message), KEPT)
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
        kept.remember(self._questions, question_id, who, KEPT)
        self._save()

    def asking(self, question_id: str) -> str | None:
        """Whom the bot's message ``question_id`` asks whether to leave, if it is such a
        question."""
        return self._questions.get(question_id)

    def _save(self) -> None:
        data = {"joins": {reaction: list(joined) for reaction, joined in self._joins.items()},
                "questions": dict(self._questions)}
        kept.save(self.path, data)


def _read(saved: Any) -> tuple[OrderedDict[str, tuple[str, str, str]], OrderedDict[str, str],
                               dict[tuple[str, str], float]]:
    joins = OrderedDict((reaction, (joined[0], joined[1], joined[2]))
                        for reaction, joined in saved["joins"].items()
                        if isinstance(joined, list) and len(joined) == 3
                        and all(isinstance(x, str) for x in joined))
    questions = OrderedDict((question, who) for question, who in saved["questions"].items()
                            if isinstance(who, str))
    # (the questions' times, which a file kept between their being kept at all and their
    # moving to the database: the rest holds without them)
    leaving = dict(((who, table), float(at))
                          for who, table, at in (e for e in saved.get("leaving", [])
                                                 if isinstance(e, list) and len(e) == 3)
                          if isinstance(who, str) and isinstance(table, str)
                          and isinstance(at, (int, float)) and not isinstance(at, bool))
    return joins, questions, leaving
