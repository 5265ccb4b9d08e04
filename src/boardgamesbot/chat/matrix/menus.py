"""The menus a room has open: which message holds whose current choices.

Matrix has no buttons, so a menu is a message ending in numbered choices,
answered with a number or a keycap reaction *on that message*. To stay quiet
the bot must know, per room, which message is each person's current menu (and
the lobby's, kept under ``"*"``): only its awaited person's number, or a
reaction on that very message, is an answer; anything else is conversation.
A menu stops being current when it is answered or when a newer one replaces
it, and is then edited to say it is closed.

Kept in menus.json beside the crypto store (`kept`) so that a restarted bot still
knows which message a reaction is about.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from . import kept

LOBBY = "*"  # the conversation core's key for a menu anyone may answer (the lobby)


@dataclass
class Menu:
    event_id: str
    text: str  # as sent: the core's words, then the numbered line
    choices: list[str]  # the buttons' data, in their numbers' order

    def choice(self, number: int) -> str | None:
        return self.choices[number - 1] if 1 <= number <= len(self.choices) else None


class OpenMenus:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._rooms: dict[str, dict[str, Menu]] = kept.load(path, lambda saved: {
            room: {who: Menu(**menu) for who, menu in menus.items()}
            for room, menus in saved.items()}) or {}

    def current(self, room_id: str, who: str) -> Menu | None:
        return self._rooms.get(room_id, {}).get(who)

    def owner(self, room_id: str, event_id: str) -> str | None:
        """Whose open menu the message ``event_id`` is (``"*"``: the lobby's)."""
        for who, menu in self._rooms.get(room_id, {}).items():
            if menu.event_id == event_id:
                return who
        return None

    def of_table(self, table_id: str) -> list[tuple[str, str]]:
        """(room, whose) of the open menus for a table: their buttons name it, as the
        core writes a choice (``KIND:TABLE:VERSION:WORDS``)."""
        return [(room, who) for room, menus in self._rooms.items()
                for who, menu in menus.items()
                if any(data.split(":")[1:2] == [table_id] for data in menu.choices)]

    def open(self, room_id: str, who: str, menu: Menu) -> Menu | None:
        """``menu`` is now ``who``'s current one here; returns the one it replaces."""
        previous = self._rooms.setdefault(room_id, {}).get(who)
        self._rooms[room_id][who] = menu
        self._save()
        return previous if previous and previous.event_id != menu.event_id else None

    def rewrite(self, room_id: str, event_id: str, text: str, choices: list[str]) -> None:
        """The message was edited (a lobby growing): keep its new text, or forget it when
        it lost its choices (a lobby that started)."""
        who = self.owner(room_id, event_id)
        if who is None:
            return
        if choices:
            self._rooms[room_id][who] = Menu(event_id, text, choices)
        else:
            del self._rooms[room_id][who]
        self._save()

    def close(self, room_id: str, who: str) -> Menu | None:
        menu = self._rooms.get(room_id, {}).pop(who, None)
        if menu is not None:
            self._save()
        return menu

    def _save(self) -> None:
        kept.save(self.path, {room: {who: asdict(menu) for who, menu in menus.items()}
                              for room, menus in self._rooms.items() if menus})
