"""The Telegram adapter: python-telegram-bot (v21+) around the conversation core.

Commands are ``/word`` in groups (Telegram's privacy mode shows a bot only
commands and replies there) and plain words in a direct chat; an action in
notation may be sent as a command too (``/place C4 r2``, ``/bid 4``).
Buttons are inline keyboards whose ``callback_data`` the core keeps within
Telegram's 64 bytes. Every Bot API call goes through `_call`, which waits out
``429 retry_after`` and retries network errors with backoff; an update is
acted on once even if Telegram delivers it again (the core remembers update
ids in the database).
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
import re
from typing import Any, Awaitable, Callable

# Opt in to PTB's coming behaviour now (RetryAfter.retry_after as a timedelta), which
# `_call` reads either way, instead of a deprecation warning on every 429.
os.environ.setdefault("PTB_TIMEDELTA", "1")

from telegram import BotCommand, InlineKeyboardButton, InlineKeyboardMarkup, InputFile, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut
from telegram.ext import Application, ApplicationBuilder, CallbackQueryHandler, ContextTypes, \
    MessageHandler, filters

from .conversation import Button, Conversation, Person, Place
from .tables import Service

log = logging.getLogger(__name__)

MAX_TEXT = 4096
MAX_CAPTION = 1024
ATTEMPTS = 6
_MENTION = re.compile(r"\x00(-?\d+)\x01([^\x00]*)\x00")


class TelegramTransport:
    network = "telegram"
    numbered = False
    max_text = 3500  # leaves room for HTML escapes within Telegram's 4096 characters

    def __init__(self, bot) -> None:
        self.bot = bot

    async def _call(self, make: Callable[[], Awaitable[Any]]) -> Any:
        """One Bot API call, waiting out rate limits and retrying network errors."""
        delay = 0.5
        for attempt in range(ATTEMPTS):
            try:
                return await make()
            except RetryAfter as error:
                wait = error.retry_after
                seconds = wait.total_seconds() if hasattr(wait, "total_seconds") else float(wait)
                log.warning("Telegram asks to wait %.1f s", seconds)
                await asyncio.sleep(seconds)
            except (TimedOut, NetworkError) as error:
                if isinstance(error, BadRequest) or attempt == ATTEMPTS - 1:
                    raise
                log.warning("Telegram network error (%s); retrying in %.1f s", error, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 30.0)
        raise TimedOut("Telegram kept refusing")  # pragma: no cover

    async def send(self, chat_id: str, text: str, buttons: list[list[Button]] | None = None,
                   image: bytes | None = None) -> str | None:
        markup = _keyboard(buttons)
        formatted = _html(text)
        chat, thread = _where(chat_id)
        if image is not None:
            caption = formatted if len(formatted) <= MAX_CAPTION else None
            photo = await self._call(lambda: self.bot.send_photo(
                chat, InputFile(image, filename="board.png"), caption=caption,
                message_thread_id=thread,
                parse_mode=ParseMode.HTML, reply_markup=markup if caption is not None
                else None))
            if caption is not None:
                return str(photo.message_id)
        message = await self._call(lambda: self.bot.send_message(
            chat, formatted, parse_mode=ParseMode.HTML, reply_markup=markup,
            message_thread_id=thread,
            disable_web_page_preview=True))
        return str(message.message_id)

    async def edit(self, chat_id: str, message_id: str, text: str,
                   buttons: list[list[Button]] | None = None) -> None:
        markup = _keyboard(buttons)
        formatted = _html(text)
        chat_id, _ = _where(chat_id)
        try:
            await self._call(lambda: self.bot.edit_message_text(
                formatted, chat_id=chat_id, message_id=int(message_id),
                parse_mode=ParseMode.HTML, reply_markup=markup,
                disable_web_page_preview=True))
        except BadRequest as error:
            reason = str(error).lower()
            if "not modified" in reason:
                return
            if "no text" not in reason:
                raise
            # A picture's caption carries this menu.
            await self._call(lambda: self.bot.edit_message_caption(
                chat_id=chat_id, message_id=int(message_id),
                caption=formatted[:MAX_CAPTION], parse_mode=ParseMode.HTML,
                reply_markup=markup))

    def mention(self, user_id: str, name: str) -> str:
        return f"\x00{user_id}\x01{name}\x00"

    async def is_admin(self, chat_id: str, user_id: str) -> bool:
        chat, _ = _where(chat_id)
        if user_id == chat:  # the group itself: one of its anonymous admins (see _sender)
            return True
        member = await self._call(lambda: self.bot.get_chat_member(chat, int(user_id)))
        return member.status in ("administrator", "creator")

    async def direct_chat(self, user_id: str) -> str | None:
        # A person's private chat with a bot has their user id; it exists once they
        # have started the bot (sending there fails otherwise, and the group is used).
        return user_id

    async def open_direct_chat(self, user_id: str) -> str | None:
        return None  # a Telegram bot cannot write first to someone who never started it


def _place_id(chat, message) -> str:
    """A chat's id for the core: a forum topic of a group is a chat of its own
    (``CHAT/THREAD``), so a game in a topic stays in that topic."""
    if message is not None and getattr(message, "is_topic_message", False) \
            and message.message_thread_id:
        return f"{chat.id}/{message.message_thread_id}"
    return str(chat.id)


def _where(chat_id: str) -> tuple[str, int | None]:
    chat, _, thread = chat_id.partition("/")
    return chat, int(thread) if thread else None


def _keyboard(buttons: list[list[Button]] | None) -> InlineKeyboardMarkup | None:
    if not buttons:
        return None
    return InlineKeyboardMarkup([[InlineKeyboardButton(b.label, callback_data=b.data)
                                  for b in row] for row in buttons if row])


def _html(text: str) -> str:
    """The core's plain text as Telegram HTML: escaped, ``` blocks as <pre>, mentions as
    links to the person."""
    parts = text.split("```")
    out = []
    for index, part in enumerate(parts):
        if index % 2:
            out.append(f"<pre>{html.escape(part.strip(chr(10)))}</pre>")
        else:
            out.append(_MENTION.sub(_mention, html.escape(part, quote=False)))
    return "".join(out)


def _mention(match: re.Match) -> str:
    """A link to the person; a group (its anonymous admins) has no profile to link."""
    user_id, name = match.group(1), match.group(2)
    return name if user_id.startswith("-") else f'<a href="tg://user?id={user_id}">{name}</a>'


def _person(user) -> Person:
    name = " ".join(p for p in (user.first_name, user.last_name) if p) or str(user.id)
    return Person(str(user.id), name[:40], user.language_code)


def _sender(update: Update) -> Person | None:
    """Who wrote ``update``'s message; None for another bot.

    An admin who chose to remain anonymous writes as the group itself (Telegram's
    ``sender_chat`` is the chat, ``from`` its GroupAnonymousBot): such a message
    speaks for the group's admins, as one person named after the group whose id is
    the chat's, which `TelegramTransport.is_admin` recognises. A message written as
    another chat (a channel) speaks for nobody at this table."""
    message, chat = update.effective_message, update.effective_chat
    sender_chat = getattr(message, "sender_chat", None)
    if sender_chat is not None and chat is not None and sender_chat.id == chat.id:
        return Person(str(chat.id), (chat.title or str(chat.id))[:40], None)
    if sender_chat is not None:  # written as a channel (or forwarded from one): nobody here
        return None
    user = update.effective_user
    if user is None or user.is_bot:
        return None
    return _person(user)


class TelegramBot:
    """The conversation core wired to a python-telegram-bot `Application`."""

    def __init__(self, application: Application, service: Service, public_url: str) -> None:
        self.application = application
        self.transport = TelegramTransport(application.bot)
        self.conversation = Conversation(service, self.transport, public_url)
        application.add_handler(MessageHandler(filters.TEXT, self.on_text))
        application.add_handler(CallbackQueryHandler(self.on_button))
        application.add_error_handler(self.on_error)

    async def on_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        person = _sender(update) if message is not None else None
        if person is None:
            return
        chat = update.effective_chat
        direct = chat.type == "private"
        text, addressed = self._addressed(message.text or "", direct)
        if text is None:
            return
        await self.conversation.handle_text(
            Place("telegram", _place_id(chat, message), direct), person, text,
            f"u{update.update_id}", addressed)

    def _addressed(self, text: str, direct: bool) -> tuple[str | None, bool]:
        """The text for the core and whether it was meant for the bot."""
        me = (self.application.bot.username or "").lower()
        if text.startswith("/"):
            head, _, rest = text[1:].partition(" ")
            command, _, target = head.partition("@")
            if target and target.lower() != me:
                return None, False  # another bot's command
            return f"{command} {rest}".strip(), True
        if me and f"@{me}" in text.lower():
            return re.sub(rf"(?i)@{re.escape(me)}", "", text).strip(), True
        return text, direct

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None or query.message is None:
            return
        chat = query.message.chat
        notice = await self.conversation.handle_button(
            Place("telegram", _place_id(chat, query.message), chat.type == "private"),
            _person(query.from_user),
            query.data or "", f"u{update.update_id}", str(query.message.message_id))
        try:
            await self.transport._call(lambda: query.answer(
                _MENTION.sub(lambda m: m.group(2), notice)[:200] if notice else None))
        except (BadRequest, Forbidden) as error:  # an old query cannot be answered
            log.info("callback answer failed: %s", error)

    async def describe_commands(self) -> None:
        """The command menu Telegram shows when a person types '/', in each language."""
        from . import i18n
        from .conversation import COMMANDS

        for lang in i18n.LANGUAGES:
            commands = [BotCommand(c, i18n.text(lang, f"command.{c}")) for c in COMMANDS]
            code = None if lang == i18n.DEFAULT else lang.split("-")[0]
            try:
                await self.transport._call(lambda: self.application.bot.set_my_commands(
                    commands, language_code=code))
            except (BadRequest, Forbidden) as error:  # a menu is a nicety, not a need
                log.info("setting the command menu failed: %s", error)

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.warning("Telegram update failed: %s", context.error)


def build(token: str, service: Service, public_url: str = "", base_url: str | None = None,
          ) -> TelegramBot:
    builder = ApplicationBuilder().token(token)
    if base_url:
        builder = builder.base_url(f"{base_url.rstrip('/')}/bot") \
            .base_file_url(f"{base_url.rstrip('/')}/file/bot")
    return TelegramBot(builder.build(), service, public_url)


async def run(token: str, service: Service, public_url: str = "",
              base_url: str | None = None, stop: asyncio.Event | None = None,
              poll_timeout: int = 30) -> None:
    """Serve Telegram until ``stop`` is set (forever without one)."""
    bot = build(token, service, public_url, base_url)
    application = bot.application
    stop = stop or asyncio.Event()
    async with application:
        await bot.describe_commands()
        await bot.conversation.resume()
        await application.start()
        await application.updater.start_polling(poll_interval=0.0, timeout=poll_timeout,
                                                allowed_updates=["message", "callback_query"])
        try:
            await stop.wait()
        finally:
            await application.updater.stop()
            await bot.conversation.close()
            await application.stop()
