"""The conversation's vocabulary: where a message came from, who sent it, buttons, and
what a network adapter provides (`Transport`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from boardgamesbot.engine import GameError, IllegalAction


@dataclass(frozen=True)
class Place:
    """Where a message came from: a network's chat, direct (one person) or a group."""

    network: str
    chat_id: str
    direct: bool = False


@dataclass(frozen=True)
class Person:
    user_id: str
    name: str
    lang: str | None = None  # the language their client reports, if any


@dataclass(frozen=True)
class Button:
    label: str
    data: str  # what a press sends back ("" for a link)
    url: str | None = None  # a link to open instead (a deep link to the private chat)
    web_app: str | None = None  # an HTTPS page the network opens inside itself


class Transport(Protocol):
    """What the conversation needs from a network adapter."""

    network: str
    numbered: bool  # buttons as numbered lines to answer (Matrix), not inline keyboards
    max_text: int

    async def send(self, chat_id: str, text: str, buttons: list[list[Button]] | None = None,
                   image: bytes | None = None) -> str | None: ...

    async def edit(self, chat_id: str, message_id: str, text: str,
                   buttons: list[list[Button]] | None = None) -> None: ...

    def mention(self, user_id: str, name: str) -> str: ...

    async def is_admin(self, chat_id: str, user_id: str) -> bool: ...

    async def direct_chat(self, user_id: str) -> str | None:
        """The chat of the bot and just this person, if there is one."""

    async def open_direct_chat(self, user_id: str) -> str | None:
        """Open a chat of the bot and just this person (for their hidden choices); None
        when the network lets no bot do that, or it failed (logged)."""

    # What a network may add (`Conversation` reads each with a default, so an adapter
    # without them keeps working): ``living = True`` with ``edit_living(chat_id,
    # message_id, text, buttons, image)`` (edit a picture message in place; text None
    # keeps the caption, image None the picture), ``sounds = True`` with
    # ``send(..., silent=, reply_to=)`` (whether a message rings: `living.to_call`),
    # ``deep_link(payload)`` (a link opening the private chat with the bot),
    # ``is_direct(chat_id)``, ``send_album(chat_id, [(png, caption)], text, silent=)``,
    # ``elsewhere(chat_id)`` (a link to where the chat's table lives, when the bot is
    # answering somewhere else: a Matrix thread), ``help_more`` (the catalog key of a
    # help line on the network's own ways: Element's reactions) and
    # ``command_words(chat_id, text, lang)`` (the help's command words as that chat must
    # type them: Telegram's groups take no accent after a '/').


class Alert(str):
    """A button's answer that asks to be read before going on (a confirmation), which a
    network shows as a dialog to dismiss where it can (Telegram: ``show_alert``) rather
    than as a passing toast."""


class Tipped(str):
    """A button's refusal ending with how to ask why it was refused (``tip``, its last
    line, as a typed refusal's rule line ends): a network that must shorten it
    (Telegram's pop-up holds 200 characters) shortens the ``reason`` and keeps the tip."""

    reason: str
    tip: str

    def __new__(cls, reason: str, tip: str) -> Tipped:
        made = super().__new__(cls, f"{reason}\n{tip}")
        made.reason, made.tip = reason, tip
        return made


class Refusal(GameError):
    """A refusal by the chat itself: the sentence ``key`` of the catalogs (``chat.…``, or a
    shared ``error.…``) with ``params``; its `code` is the key. ``kept``: the action it
    refused is kept for 'why' alone (a friend's move tapped out of turn)."""

    kept = False

    def __init__(self, key: str, **params) -> None:
        super().__init__(key, code=key, **params)
        self.key = key


class RefusedAction(IllegalAction):
    """The engine's refusal of an action a person typed, kept with what it was tried
    on (the table's ``game`` and the ``notation``), so the answer can name the rule."""

    def __init__(self, error: GameError, game: str, notation: str, table_id: str = "",
                 state_id: int = 0) -> None:
        super().__init__(str(error), code=error.code, **error.params)
        self.game = game
        self.notation = notation
        self.table_id = table_id  # (and the table's state it was refused in)
        self.state_id = state_id


@dataclass
class Seat:
    table_id: str
    seat: int
    chat_id: str
