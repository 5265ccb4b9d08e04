"""The Telegram adapter: python-telegram-bot (v21+) around the conversation core.

Commands are ``/word`` in groups (Telegram's privacy mode shows a bot only
commands and replies there) and plain words in a direct chat; an action in
notation may be sent as a command too (``/place C4 r2``, ``/forest 2 r90 C4``).
Buttons are inline keyboards whose ``callback_data`` the core keeps within
Telegram's 64 bytes; links (a deep link to the private chat, a Mini App) are
URL and ``web_app`` buttons.

Each table has one *living message* per chat (`living.LivingTable`): this
adapter edits its picture, caption and keyboard in place. Telegram counts
edits like messages (about 20 a minute in a group), so edits are *coalesced*:
the latest wanted content of a message is kept, and a per-chat pacer lets
one edit through when the chat's budget allows — intermediate states are
skipped, never queued. Everything not calling someone to act is sent
silently (``disable_notification``).

Pacing is per chat, with `aiolimiter`'s leaky bucket (one per chat, plus one
for the whole bot), not python-telegram-bot's ``AIORateLimiter``: that one
pauses *every* chat while it waits out one chat's ``429 retry_after``, so one
busy group would stall every other table. Here a 429 pauses only its chat.
Updates are processed concurrently, one chat's in order (a lock per chat), so
a slow ``hint`` or a flood wait in one chat never holds up another. An update
is acted on once even if Telegram delivers it again (the core remembers
update ids in the database).
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import logging
import os
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

# Opt in to PTB's coming behaviour now (RetryAfter.retry_after as a timedelta), which
# `_call` reads either way, instead of a deprecation warning on every 429.
os.environ.setdefault("PTB_TIMEDELTA", "1")

from aiolimiter import AsyncLimiter
from telegram import (
    BotCommand,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    InputMediaPhoto,
    ReplyParameters,
    Update,
    WebAppInfo,
)
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from . import i18n
from .basics import Alert, Tipped
from .conversation import Button, Conversation, Person, Place, a_command
from .richtext import Formatted, readable
from .tables import Service

log = logging.getLogger(__name__)

MAX_TEXT = 4096
MAX_CAPTION = 1024
ATTEMPTS = 6
_MENTION = re.compile(r"\x00(-?\d+)\x01([^\x00]*)\x00")
# Telegram's guidance: about 20 messages (edits included) a minute in a group, about
# one a second in a private chat, 30 a second overall. A bucket of 3 leaking one per
# 3 s keeps a group under ~21 in any minute while a tap's first edits go at once.
GROUP_PACE = (3, 9.0)
PRIVATE_PACE = (3, 3.0)
OVERALL_PACE = (30, 1.0)


class TelegramTransport:
    network = "telegram"
    numbered = False
    living = True  # the living message: pictures, captions and keyboards edited in place
    sounds = True  # `send` takes ``silent`` (disable_notification) and ``reply_to``
    max_text = 3500  # leaves room for HTML escapes within Telegram's 4096 characters
    help_how = "telegram.help_how"  # how commands are typed here (the help's first line)

    def __init__(self, bot, group_pace: tuple[float, float] = GROUP_PACE,
                 private_pace: tuple[float, float] = PRIVATE_PACE) -> None:
        self.bot = bot
        self.group_pace, self.private_pace = group_pace, private_pace
        self.overall = AsyncLimiter(*OVERALL_PACE)
        self._pacers: dict[str, AsyncLimiter] = {}
        self._paused: dict[str, float] = {}  # chat -> when its flood wait ends
        self._wanted: dict[str, dict[str, dict]] = {}  # chat -> message -> latest content
        self._shown: dict[tuple[str, str], tuple] = {}  # (chat, message) -> what it shows
        self._editors: dict[str, asyncio.Task] = {}
        self._edit_locks: dict[str, asyncio.Lock] = {}
        self.unreachable: set[str] = set()  # people who never started the bot (403)
        self.web_app_url: str | None = None  # the Mini App's page, when the site is HTTPS
        self.web_app_name: str | None = None  # its short name (t.me/<bot>/<name> links)

    # Pacing and retries ------------------------------------------------------------------

    def _pacer(self, chat: str) -> AsyncLimiter:
        if chat not in self._pacers:
            pace = self.private_pace if not chat.startswith("-") else self.group_pace
            self._pacers[chat] = AsyncLimiter(*pace)
        return self._pacers[chat]

    async def _pace(self, chat: str | None) -> None:
        """Wait for this chat's turn: its flood wait, its budget, the bot's budget."""
        if chat is not None:
            while (wait := self._paused.get(chat, 0.0) - time.monotonic()) > 0:
                await asyncio.sleep(wait)
            await self._pacer(chat).acquire()
        await self.overall.acquire()

    async def _call(self, make: Callable[[], Awaitable[Any]], chat: str | None = None,
                    paced: bool = False) -> Any:
        """One Bot API call for ``chat``: paced (unless the caller already was), waiting
        out that chat's rate limits, retrying network errors with backoff."""
        delay = 0.5
        for attempt in range(ATTEMPTS):
            if not paced or attempt:
                await self._pace(chat)
            try:
                return await make()
            except RetryAfter as error:
                wait = error.retry_after
                seconds = wait.total_seconds() if hasattr(wait, "total_seconds") else float(wait)
                log.warning("Telegram asks to wait %.1f s in chat %s", seconds, chat)
                if chat is not None:  # only this chat waits; the others go on
                    self._paused[chat] = time.monotonic() + seconds
                else:
                    await asyncio.sleep(seconds)
            except (TimedOut, NetworkError) as error:
                if isinstance(error, BadRequest) or attempt == ATTEMPTS - 1:
                    raise
                log.warning("Telegram network error (%s); retrying in %.1f s", error, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 30.0)
        raise TimedOut("Telegram kept refusing")  # pragma: no cover

    # Sending -----------------------------------------------------------------------------

    async def send(self, chat_id: str, text: str, buttons: list[list[Button]] | None = None,
                   image: bytes | None = None, silent: bool = True,
                   reply_to: str | None = None) -> str | None:
        markup = _keyboard(buttons)
        chat, thread = _where(chat_id)
        reply = ReplyParameters(int(reply_to), allow_sending_without_reply=True) \
            if reply_to else None
        if reply_to:
            # A call to act quotes the table message: its edit (the new card, whose turn)
            # goes first — the one the chat's editor is making, or the one waiting for it.
            # Left to the editor, it often came after the call had rung, and the friend who
            # opened the group read the card before.
            async with self._editing(chat_id):
                content = self._wanted.get(chat_id, {}).pop(reply_to, None)
                if content is not None:
                    await self._pace(chat_id)
                    await self._apply_logged(chat_id, reply_to, content)
        try:
            return await self._send(chat_id, chat, thread, text, markup, image, silent,
                                    reply)
        except Forbidden:
            if self.is_direct(chat_id):
                self.unreachable.add(chat)
            raise

    async def _send(self, chat_id: str, chat: str, thread: int | None, text: str,
                    markup: InlineKeyboardMarkup | None, image: bytes | None, silent: bool,
                    reply: ReplyParameters | None) -> str:
        if image is not None:
            caption = _caption(text)
            photo = await self._call(lambda: self.bot.send_photo(
                chat, InputFile(image, filename="board.png"), caption=caption,
                message_thread_id=thread, disable_notification=silent,
                reply_parameters=reply, parse_mode=ParseMode.HTML, reply_markup=markup),
                chat_id)
            message_id = str(photo.message_id)
            self._shown[(chat_id, message_id)] = (caption, _markup_key(markup), _digest(image))
            return message_id
        message = await self._call(lambda: self.bot.send_message(
            chat, _html(text), parse_mode=ParseMode.HTML, reply_markup=markup,
            message_thread_id=thread, disable_notification=silent, reply_parameters=reply,
            disable_web_page_preview=True), chat_id)
        return str(message.message_id)

    async def send_album(self, chat_id: str, pictures: list[tuple[bytes, str]],
                         text: str, silent: bool = True) -> None:
        """Pictures as one album (a season's sheets), ``text`` under the first; albums
        carry no keyboard. With sound only when not ``silent`` (the end)."""
        chat, thread = _where(chat_id)
        # Raw bytes, not an InputFile: PTB attaches them as parts of their own
        # ("attach://…"), which an album and an edited photo need.
        media = [InputMediaPhoto(png, filename=f"sheet{n}.png",
                                 caption=_caption(f"{text}\n\n{label}" if n == 0 else label),
                                 parse_mode=ParseMode.HTML)
                 for n, (png, label) in enumerate(pictures[:10])]
        await self._call(lambda: self.bot.send_media_group(
            chat, media, message_thread_id=thread, disable_notification=silent), chat_id)

    async def edit(self, chat_id: str, message_id: str, text: str,
                   buttons: list[list[Button]] | None = None) -> None:
        markup = _keyboard(buttons)
        formatted = _html(text)
        chat, _ = _where(chat_id)
        try:
            await self._call(lambda: self.bot.edit_message_text(
                formatted, chat_id=chat, message_id=int(message_id),
                parse_mode=ParseMode.HTML, reply_markup=markup,
                disable_web_page_preview=True), chat_id)
        except BadRequest as error:
            reason = str(error).lower()
            if "not modified" in reason:
                return
            if "no text" not in reason:
                raise
            # A picture's caption carries this menu.
            await self._call(lambda: self.bot.edit_message_caption(
                chat_id=chat, message_id=int(message_id), caption=_caption(text),
                parse_mode=ParseMode.HTML, reply_markup=markup), chat_id)

    async def delete(self, chat_id: str, message_id: str) -> bool:
        """Remove the bot's message ``message_id`` (edits still wanted for it are dropped);
        False when Telegram refuses (a message older than 48 hours, one already gone)."""
        self._wanted.get(chat_id, {}).pop(message_id, None)
        chat, _ = _where(chat_id)
        try:
            await self._call(lambda: self.bot.delete_message(chat, int(message_id)), chat_id)
        except (NetworkError, Forbidden) as error:  # (a deletion is tidying, never a need)
            log.info("deleting message %s in %s failed: %s", message_id, chat_id, error)
            return False
        self._shown.pop((chat_id, message_id), None)
        return True

    async def delete_many(self, chat_id: str, message_ids: list[str]) -> bool:
        """Remove the bot's messages ``message_ids`` in one request (``deleteMessages``:
        one send among a group's twenty a minute, however many go); False when Telegram
        refuses them all."""
        wanted = self._wanted.get(chat_id, {})
        for message_id in message_ids:
            wanted.pop(message_id, None)
        chat, _ = _where(chat_id)
        try:
            await self._call(lambda: self.bot.delete_messages(
                chat, [int(m) for m in message_ids]), chat_id)
        except (NetworkError, Forbidden) as error:  # (a deletion is tidying, never a need)
            log.info("deleting messages %s in %s failed: %s", message_ids, chat_id, error)
            return False
        for message_id in message_ids:
            self._shown.pop((chat_id, message_id), None)
        return True

    # The living message: coalesced edits -------------------------------------------------

    def edit_living(self, chat_id: str, message_id: str, text: str | None,
                    buttons: list[list[Button]] | None, image: bytes | None) -> None:
        """Want ``message_id`` to show this (text None: its caption as it is; image None:
        its picture as it is). Returns at once: the chat's editor applies the latest
        wish when the chat's pace allows, skipping the ones overtaken meanwhile."""
        wanted = self._wanted.setdefault(chat_id, {})
        before = wanted.pop(message_id, {})
        wanted[message_id] = {
            "text": text if text is not None else before.get("text"),
            "image": image if image is not None else before.get("image"),
            "buttons": buttons}
        editor = self._editors.get(chat_id)
        if editor is None or editor.done():
            self._editors[chat_id] = asyncio.get_running_loop().create_task(
                self._edit_all(chat_id))

    async def settled(self) -> None:
        """Wait until every wanted edit is made (for a clean stop, and tests)."""
        while any(not t.done() for t in self._editors.values()):
            await asyncio.gather(*self._editors.values(), return_exceptions=True)

    def _editing(self, chat_id: str) -> asyncio.Lock:
        """Held while an edit in ``chat_id`` is taken and made: a send that quotes the
        message waits for it (`send`)."""
        return self._edit_locks.setdefault(chat_id, asyncio.Lock())

    async def _edit_all(self, chat_id: str) -> None:
        wanted = self._wanted.get(chat_id, {})
        while wanted:
            await self._pace(chat_id)  # first the chat's turn, then the latest content
            async with self._editing(chat_id):
                if not wanted:
                    return
                message_id = next(iter(wanted))
                await self._apply_logged(chat_id, message_id, wanted.pop(message_id))

    async def _apply_logged(self, chat_id: str, message_id: str, content: dict) -> None:
        try:
            await self._apply(chat_id, message_id, content)
        except Exception:  # noqa: BLE001 - a message deleted by someone; the next turn reposts
            log.warning("editing message %s in %s failed", message_id, chat_id,
                        exc_info=True)

    async def _apply(self, chat_id: str, message_id: str, content: dict) -> None:
        chat, _ = _where(chat_id)
        markup = _keyboard(content["buttons"])
        caption = _caption(content["text"]) if content["text"] is not None else None
        digest = _digest(content["image"]) if content["image"] is not None else None
        shown = self._shown.get((chat_id, message_id), (None, None, None))
        caption = caption if caption is not None else shown[0]
        digest = digest or shown[2]
        now = (caption, _markup_key(markup), digest)
        if now == shown:
            return  # Telegram refuses an edit that changes nothing
        kwargs = dict(chat_id=chat, message_id=int(message_id), reply_markup=markup)
        if digest != shown[2] and content["image"] is not None:
            media = InputMediaPhoto(content["image"], filename="board.png",
                                    caption=caption, parse_mode=ParseMode.HTML)
            call = lambda: self.bot.edit_message_media(media, **kwargs)  # noqa: E731
        elif caption != shown[0] and caption is not None:
            call = lambda: self.bot.edit_message_caption(  # noqa: E731
                caption=caption, parse_mode=ParseMode.HTML, **kwargs)
        else:
            call = lambda: self.bot.edit_message_reply_markup(**kwargs)  # noqa: E731
        try:
            await self._call(call, chat_id, paced=True)
        except BadRequest as error:
            if "not modified" not in str(error).lower():
                raise
        self._shown[(chat_id, message_id)] = now

    # What the core asks ------------------------------------------------------------------

    def mention(self, user_id: str, name: str) -> str:
        return f"\x00{user_id}\x01{name}\x00"

    def deep_link(self, payload: str) -> str:
        """A link that opens the private chat with the bot and sends ``/start PAYLOAD``
        (up to 64 characters of ``A-Z a-z 0-9 _ -``)."""
        return f"https://t.me/{self.bot.username}?start={payload}"

    def board_button(self, table_id: str, direct: bool, label: str) -> Button | None:
        """"Open the board" inside Telegram, when the site is HTTPS: a ``web_app`` button
        in a private chat (Telegram refuses them in groups), a ``t.me/<bot>/<app>`` link
        in a group (when the Mini App's short name is known). The page proves who opens
        it with Telegram's signed initData (`chat.webapp`)."""
        if not self.web_app_url:
            return None
        if direct:
            return Button(label, "", web_app=f"{self.web_app_url}?table={table_id}")
        if self.web_app_name:
            return Button(label, "", url=f"https://t.me/{self.bot.username}/"
                                         f"{self.web_app_name}?startapp=t{table_id}")
        return None

    def typed(self, chat_id: str, notation: str) -> str:
        """How to type ``notation`` in this chat: privacy mode shows a bot only commands
        in a group, so there it needs a '/'."""
        return notation if self.is_direct(chat_id) else f"/{notation}"

    def command(self, chat_id: str, words: str) -> str:
        """How to type a command a tip quotes: '/rules more' in a group, where the
        command's word is its ASCII one ('/comenca' for 'comença', `i18n.typable`) —
        Telegram makes a link of '[a-z0-9_]' only, and a tap on '/comença' would send
        '/comen'; a private chat reads the word as it is spelled."""
        return words if self.is_direct(chat_id) else f"/{i18n.typable(words)}"

    def command_words(self, chat_id: str, text: str, lang: str) -> str:
        """A list of command words to read (the help) as a group must type them: each
        word Telegram would not take whole after a '/' ('comença': tdlib's
        ``match_bot_commands`` finds no command in '/comença', and privacy mode passes
        the bot only commands) in its ASCII form ('comenca'), and a line saying why; a
        private chat, where every message reaches the bot, reads the words as spelled."""
        if self.is_direct(chat_id):
            return text
        text, changed = i18n.typable_commands(text, lang)
        if changed:
            spelled, plain = changed[0]
            text += "\n" + i18n.text(lang, "telegram.no_accents", word=spelled, plain=plain)
        return text

    def fits_caption(self, text: str) -> bool:
        """Whether ``text`` goes whole under a picture (1,024 characters of Telegram's
        HTML): the core folds a long story's earliest lines to fit (`LivingTable.folded`)."""
        return len(_html(text)) <= MAX_CAPTION

    def is_direct(self, chat_id: str) -> bool:
        return not chat_id.startswith("-")  # private chats have the person's (positive) id

    async def is_admin(self, chat_id: str, user_id: str) -> bool:
        chat, _ = _where(chat_id)
        if user_id == chat:  # the group itself: one of its anonymous admins (see _sender)
            return True
        member = await self._call(lambda: self.bot.get_chat_member(chat, int(user_id)),
                                  chat_id)
        return member.status in ("administrator", "creator")

    async def direct_chat(self, user_id: str) -> str | None:
        # A person's private chat with a bot has their user id; it exists once they
        # have started the bot. One who has not (Telegram said 403) is not tried again
        # until they write to the bot privately (`reachable`).
        return None if user_id in self.unreachable else user_id

    def reachable(self, user_id: str) -> None:
        self.unreachable.discard(user_id)

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
    return InlineKeyboardMarkup([[_button(b) for b in row] for row in buttons if row])


def _button(b: Button) -> InlineKeyboardButton:
    if b.web_app:
        return InlineKeyboardButton(b.label, web_app=WebAppInfo(b.web_app))
    if b.url:
        return InlineKeyboardButton(b.label, url=b.url)
    return InlineKeyboardButton(b.label, callback_data=b.data)


def _markup_key(markup: InlineKeyboardMarkup | None) -> str:
    return json.dumps(markup.to_dict() if markup else None, sort_keys=True)


def _digest(image: bytes) -> str:
    return hashlib.sha256(image).hexdigest()


def _caption(text: str, limit: int = MAX_CAPTION) -> str:
    """``text`` as Telegram HTML within ``limit`` characters, cut on a character of the
    plain text, never inside an HTML tag or escape: the oldest lines go first (a living
    message's caption tells the latest actions last), then the last line is shortened."""
    lines = text.split("\n")
    while len(lines) > 1 and len(_html("\n".join(lines))) > limit:
        lines.pop(0)
    plain = "\n".join(lines)
    while len(_html(plain)) > limit:
        plain = plain.removesuffix("…")
        plain = plain[:len(plain) - max(2, (len(_html(plain)) - limit) // 2)].rstrip()
        if plain.count("\x00") % 2:  # a mention cut in two: drop it whole
            plain = plain[:plain.rindex("\x00")]
        plain += "…"
    return _html(plain)


def _html(text: str) -> str:
    """The core's plain text as Telegram HTML: escaped, ``` blocks as <pre>, mentions as
    links to the person; a piece of a rules page (`Formatted`) with its bold and lists,
    its tables as lines (Telegram has none)."""
    if isinstance(text, Formatted):
        return readable(text.markdown, html=True)
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

    def __init__(self, application: Application, service: Service, public_url: str,
                 transport: TelegramTransport | None = None) -> None:
        self.application = application
        self.transport = transport or TelegramTransport(application.bot)
        if public_url.startswith("https://"):  # Telegram opens Mini Apps over HTTPS only
            self.transport.web_app_url = f"{public_url.rstrip('/')}/telegram/app"
        self.conversation = Conversation(service, self.transport, public_url)
        self._locks: dict[str, asyncio.Lock] = {}
        application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, self.on_migrate))
        application.add_handler(MessageHandler(filters.TEXT, self.on_text))
        application.add_handler(CallbackQueryHandler(self.on_button))
        application.add_error_handler(self.on_error)

    def _lock(self, chat_id: str) -> asyncio.Lock:
        """Updates run concurrently (`concurrent_updates`), but one chat's in the order
        they came: each waits for this chat's lock, which asyncio hands out first come,
        first served."""
        return self._locks.setdefault(chat_id, asyncio.Lock())

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
        if not addressed and self._to_me(message):
            addressed = a_command(text)  # a reply to the bot's message: "join" on the lobby
        where = _place_id(chat, message)
        if direct:
            self.transport.reachable(person.user_id)  # they opened the private chat
        async with self._lock(where):
            await self.conversation.handle_text(Place("telegram", where, direct), person,
                                                text, f"u{update.update_id}", addressed)

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

    def _to_me(self, message) -> bool:
        """Whether ``message`` replies to one of the bot's: Telegram names the sender of
        the message replied to, however old (not a topic's first message, which every
        message in a forum topic replies to)."""
        replied = message.reply_to_message
        if replied is None or replied.from_user is None:
            return False
        if message.is_topic_message and replied.message_id == message.message_thread_id:
            return False
        return replied.from_user.id == self.application.bot.id

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None or query.message is None:
            return
        chat = query.message.chat
        where = _place_id(chat, query.message)
        async with self._lock(where):
            # Handling a press only asks for edits (made later, paced), so the answer
            # below comes at once: the spinner on the person's button stops.
            notice = await self.conversation.handle_button(
                Place("telegram", where, chat.type == "private"), _person(query.from_user),
                query.data or "", f"u{update.update_id}", str(query.message.message_id))
        try:
            await self.transport._call(lambda: query.answer(
                popup(notice) if notice else None, show_alert=isinstance(notice, Alert)))
        except (BadRequest, Forbidden) as error:  # an old query cannot be answered
            log.info("callback answer failed: %s", error)

    async def on_migrate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A group became a supergroup (a new chat id; the old one stops working): its
        lobby, table and language move along. Telegram tells both chats; either does."""
        message = update.effective_message
        if message.migrate_to_chat_id:
            old, new = str(message.chat.id), str(message.migrate_to_chat_id)
        elif message.migrate_from_chat_id:
            old, new = str(message.migrate_from_chat_id), str(message.chat.id)
        else:
            return
        async with self._lock(old), self._lock(new):
            self.conversation.store.move_chat("telegram", old, new)
        log.info("chat %s became %s: its tables moved along", old, new)

    async def describe_commands(self) -> None:
        """The command menu Telegram shows when a person types '/', in each language."""
        from .conversation import COMMANDS

        for lang in i18n.LANGUAGES:
            commands = [BotCommand(c, i18n.text(lang, f"command.{c}")) for c in COMMANDS]
            code = None if lang == i18n.DEFAULT else lang.split("-")[0]
            try:
                await self.transport._call(
                    lambda commands=commands, code=code: self.application.bot.set_my_commands(
                        commands, language_code=code))
            except (BadRequest, Forbidden) as error:  # a menu is a nicety, not a need
                log.info("setting the command menu failed: %s", error)

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.warning("Telegram update failed: %s", context.error)


POPUP = 200  # characters of a callback's answer (a toast, or a dialog) Telegram shows


def popup(notice: str) -> str:
    """``notice`` as a tap's answer shows it: plain names (a pop-up shows no links), within
    `POPUP` characters. A refusal's tip on asking why (`Tipped`) stays whole at its end:
    the reason before it is what gets shortened."""
    def plain(text: str) -> str:
        return _MENTION.sub(lambda m: m.group(2), text)

    if not isinstance(notice, Tipped):
        text = plain(notice)
        return text if len(text) <= POPUP else text[:POPUP - 1] + "…"
    reason, room = plain(notice.reason), POPUP - len(notice.tip) - 1
    if len(reason) > room:
        reason = reason[:room - 1] + "…"
    return f"{reason}\n{notice.tip}"


def build(token: str, service: Service, public_url: str = "", base_url: str | None = None,
          group_pace: tuple[float, float] = GROUP_PACE,
          mini_app: str | None = None) -> TelegramBot:
    builder = ApplicationBuilder().token(token).concurrent_updates(True)
    if base_url:
        builder = builder.base_url(f"{base_url.rstrip('/')}/bot") \
            .base_file_url(f"{base_url.rstrip('/')}/file/bot")
    application = builder.build()
    transport = TelegramTransport(application.bot, group_pace=group_pace)
    transport.web_app_name = mini_app
    return TelegramBot(application, service, public_url, transport)


async def run(token: str, service: Service, public_url: str = "",
              base_url: str | None = None, stop: asyncio.Event | None = None,
              poll_timeout: int = 30, group_pace: tuple[float, float] = GROUP_PACE,
              started: Callable[[TelegramBot], None] | None = None,
              mini_app: str | None = None) -> None:
    """Serve Telegram until ``stop`` is set (forever without one). ``group_pace``: a
    group's edits and messages as (burst, seconds per burst); ``started`` is handed the
    running bot; ``mini_app``: the Mini App's short name (BotFather's /newapp), for
    "Open the board" links in groups."""
    bot = build(token, service, public_url, base_url, group_pace, mini_app)
    application = bot.application
    stop = stop or asyncio.Event()
    async with application:
        await bot.describe_commands()
        await bot.conversation.resume()
        await application.start()
        await application.updater.start_polling(poll_interval=0.0, timeout=poll_timeout,
                                                allowed_updates=["message", "callback_query"])
        if started is not None:
            started(bot)
        try:
            await stop.wait()
        finally:
            await application.updater.stop()
            await bot.conversation.settled()
            await bot.conversation.close()
            await bot.transport.settled()
            await application.stop()
