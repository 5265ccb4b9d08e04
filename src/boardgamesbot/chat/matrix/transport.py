"""The Matrix side of the conversation's `Transport`: messages, pictures, edits, menus
and direct rooms, encrypted wherever the room is.

nio encrypts a ``room_send`` (Megolm, the session shared over Olm with every
member's devices) when the room is encrypted and sends clear text otherwise,
so the bot decides nothing per message; a room must be known from a sync first
(nio reads its encryption state and members there). A direct room the bot opens
is private from its first event, and nothing goes there before a sync has shown
nio its encryption (`_private`). Pictures are the
exception: in an encrypted room the file itself is encrypted before upload and
the event carries ``file`` (its key, iv and hash) instead of ``url``.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import json
import logging
import struct
import time
import weakref
from collections.abc import Callable
from urllib.parse import quote

from nio import (
    AsyncClient,
    DirectRoomsResponse,
    KeysQueryResponse,
    LocalProtocolError,
    RoomCreateResponse,
    RoomGetEventResponse,
    RoomGetStateEventResponse,
    RoomPreset,
    UploadResponse,
)
from nio.api import Api
from nio.responses import EmptyResponse

from .. import i18n
from ..basics import Button
from . import formatting
from .groups import Groups
from .menus import LOBBY, Menu, OpenMenus
from .sent import SentMessages
from .threads import Threads, in_thread, root_of

log = logging.getLogger(__name__)

# Set around a send by the bot's conversation (`bot.MatrixConversation`): whose menu a
# message with buttons is.
MENU_FOR: contextvars.ContextVar[str] = contextvars.ContextVar("menu_for", default=LOBBY)
#: what a message in a group begins with to be read as a command
COMMAND_PREFIX = "!bg"

ENCRYPTION_STATE = {"type": "m.room.encryption", "state_key": "",
                    "content": {"algorithm": "m.megolm.v1.aes-sha2"}}
ROOM_WAIT = 20.0  # seconds for a room the bot created to arrive through the sync
SETTLE_AT_MOST = 15.0  # seconds a person's answer waits for the bot's sends (`settled`)


class MatrixTransport:
    network = "matrix"
    numbered = True
    sounds = True  # `send` takes ``silent``: a call to act rings, as an m.text
    max_text = 16000
    help_more = "matrix.help"  # reactions: what Element offers instead of buttons
    group_prefix = f"{COMMAND_PREFIX} "  # a command in a group (Element keeps '/' for its own)

    def __init__(self, client: AsyncClient, menus: OpenMenus | None = None,
                 threads: Threads | None = None, sent: SentMessages | None = None,
                 groups: Groups | None = None) -> None:
        self.client = client
        self.groups = groups or Groups()  # rooms once seen with more than two members
        self.menus = menus or OpenMenus()
        self.threads = threads or Threads()
        # The bot's recent messages, those sent anew, its closed menus (a reply to one
        # with a number must not answer the newer menu that replaced it), and who could
        # read each: nio shares a message's Megolm key with the devices of the room's
        # members (the invited too) as it sends.
        self.sent = sent or SentMessages()
        # Per room, the bot's messages on their way (sent, the server's answer not yet
        # read): see `settled`.
        self._on_the_way: dict[str, int] = {}
        self._all_sent: dict[str, asyncio.Event] = {}
        self.language: Callable[[str], str] = lambda room_id: i18n.DEFAULT
        self._listed: dict[str, list[str]] | None = None  # m.direct: person -> rooms
        self._listed_saved = True  # False: m.direct could not be read, so never written
        # m.direct read once, and written whole, one at a time: rooms opened for two people
        # at once are both listed, whichever write the server takes last.
        self._listing = asyncio.Lock()
        # One direct room per person, however many tables want one at once: whoever
        # looks for a person's room while it is being opened waits for it (a lock per
        # person, gone when nobody holds or awaits it).
        self._opening: weakref.WeakValueDictionary[str, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        self._unusable: set[str] = set()  # listed rooms the server says are not shared
        self._room_creators: dict[str, set[str]] = {}  # a room's creators never change
        self._asked_devices: set[str] = set()  # members whose devices a send asked for
        # The direct rooms this bot opened encrypted -> whom it invited: never written to
        # in clear text, whatever nio believes of them before a sync brings their state.
        # (Since this start: after a restart the first sync, with full state, brings every
        # room whole before anything is sent.)
        self._private: dict[str, frozenset[str]] = {}

    # Sending -------------------------------------------------------------------------

    async def _members_devices(self, room_id: str) -> None:
        """Learn the devices of members nio does not track yet before encrypting for them.

        A sync that brings a newcomer's join and first message together (the bot busy
        answering, or back from a restart) has nio read the message before it tracks the
        newcomer: it does so after the sync's timeline, and queries keys before a send
        only for a room whose members it never fetched. The answer's room key then went
        to everyone's devices but theirs: "unable to decrypt", for good."""
        room = self.client.rooms.get(room_id)
        olm = self.client.olm
        if room is None or not room.encrypted or olm is None:
            return
        # (each asked once: a user whose server does not answer is not asked at every
        # send; sync_forever's own key queries go on as usual)
        untracked = set(room.users) - olm.tracked_users - self._asked_devices
        if untracked:
            self._asked_devices.update(untracked)
            olm.users_for_key_query.update(untracked)
        if self.client.should_query_keys:
            try:
                response = await self.client.keys_query()
            except LocalProtocolError as error:  # another query under way: nio waits on it
                log.info("Matrix key query skipped: %s", error)
                return
            if not isinstance(response, KeysQueryResponse):
                log.warning("Matrix could not learn %s's devices: %s", room_id, response)

    async def settled(self, room_id: str, at_most: float = SETTLE_AT_MOST) -> None:
        """Until the bot's messages on their way to ``room_id`` are sent and known (as the
        bot's, a menu as whose it is): a person's answer to one is read only then. The
        server tells the room of a message as it answers the send, and a bot short of CPU
        read a keycap on a menu before the answer that made it the menu (CI saw the
        keycap ignored). Waits ``at_most`` seconds: a send retried for long holds nobody."""
        all_sent = self._all_sent.get(room_id)
        if all_sent is not None and not all_sent.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(all_sent.wait(), at_most)

    async def _send(self, room_id: str, content: dict, event_type: str = "m.room.message",
                    readers: bool = False) -> str | None:
        """Send ``content``; remember the new message as the bot's (an edit is no message
        of its own: reactions and replies go to the message it edits) and, ``readers``,
        who could read it (`_readers`), in one write of sent.json."""
        if room_id in self._private:
            await self._known(room_id)  # (waits for a sync: not counted as on its way)
            room = self.client.rooms.get(room_id)
            if room is None or not room.encrypted:
                log.warning("Matrix: %s is not known as encrypted yet: nothing is sent "
                            "there", room_id)
                return None
        self._on_the_way[room_id] = self._on_the_way.get(room_id, 0) + 1
        self._all_sent.setdefault(room_id, asyncio.Event()).clear()
        try:
            return await self._send_now(room_id, content, event_type, readers)
        finally:
            self._on_the_way[room_id] -= 1
            if not self._on_the_way[room_id]:
                del self._on_the_way[room_id]
                self._all_sent.pop(room_id).set()

    async def _send_now(self, room_id: str, content: dict, event_type: str,
                        readers: bool) -> str | None:
        for attempt in range(5):
            try:
                await self._members_devices(room_id)
                # Devices are trusted on first use (see bot.MatrixBot.on_keys); a device
                # that appeared since the last key query is not refused either.
                response = await self.client.room_send(room_id, event_type, content,
                                                       ignore_unverified_devices=True)
            except (TimeoutError, OSError) as error:
                log.warning("Matrix send failed (%s); retrying", error)
                await asyncio.sleep(min(30.0, 0.5 * 2 ** attempt))
                continue
            except LocalProtocolError as error:
                # nio encrypts only for rooms a sync brought: one the bot has left, or
                # was never in, is refused before anything is sent.
                log.warning("Matrix cannot send to %s: %s", room_id, error)
                return None
            event_id = getattr(response, "event_id", None)
            if event_id is None:
                log.warning("Matrix refused a message in %s: %s", room_id, response)
            else:
                if "m.new_content" not in content:
                    self.sent.sent(event_id, self._readers(room_id) if readers else None)
                root = root_of(content)
                if root is not None:
                    self.threads.seen(root, event_id)
            return event_id
        return None

    async def send(self, chat_id: str, text: str, buttons: list[list[Button]] | None = None,
                   image: bytes | None = None, silent: bool = True,
                   reply_to: str | None = None) -> str | None:
        """``text`` as an ``m.notice``, which no default push rule rings; a call to act
        (not ``silent``) as an ``m.text``, which rings those it mentions (`to_call`); a
        reply to the event ``reply_to`` (a reminder quoting the menu it is about); in the
        thread the bot writes to now (`threads.THREAD`), its picture too."""
        await self._known(chat_id)
        root = self.threads.now(chat_id)
        if image is not None:
            await self._image(chat_id, image, root)
        content = formatting.notice(text)
        if not silent:
            content["msgtype"] = "m.text"
        content.update(self._relation(root, reply_to))
        event_id = await self._send(chat_id, content, readers=True)
        choices = [b.data for row in buttons or [] for b in row]
        if event_id and choices:
            replaced = self.menus.open(chat_id, MENU_FOR.get(), Menu(event_id, text, choices))
            if replaced is not None:
                await self._show_closed(chat_id, replaced, MENU_FOR.get())
        return event_id

    def _relation(self, root: str | None, reply_to: str | None) -> dict:
        """In the thread ``root`` (a reply to ``reply_to`` there, else to its latest
        message as a fallback only), or a plain reply, or nothing."""
        if root is not None:
            return in_thread(root, reply_to or self.threads.latest(root),
                             falling_back=not reply_to)
        return formatting.reply(reply_to) if reply_to else {}

    def _readers(self, room_id: str) -> frozenset[str] | None:
        """Who can read a message sent to ``room_id`` now: in an encrypted room, its
        members (the invited too), whose devices nio shares the message's key with."""
        room = self.client.rooms.get(room_id)
        return frozenset(room.users) if room is not None and room.encrypted else None

    def _unreadable_to_newcomers(self, room_id: str, event_id: str) -> bool:
        """Whether someone in ``room_id`` came in after ``event_id`` was sent: their
        devices never got its key, so their client shows it (and any edit of it, which
        clients apply to the message they cannot decrypt) as "unable to decrypt"."""
        readers = self.sent.readers(event_id)
        room = self.client.rooms.get(room_id)
        if readers is None or room is None:
            return False  # too old to be remembered, or in a clear room
        joined = set(room.users) - set(room.invited_users) - {self.client.user_id}
        return not joined <= readers

    def encrypted(self, room_id: str) -> bool:
        room = self.client.rooms.get(room_id)
        return room_id in self._private or bool(room and room.encrypted)

    async def _image(self, room_id: str, png: bytes, root: str | None = None) -> None:
        secret = self.encrypted(room_id)
        response, keys = await self.client.upload(
            io.BytesIO(png), content_type="image/png", filename="board.png",
            encrypt=secret, filesize=len(png))
        if not isinstance(response, UploadResponse):
            log.warning("Matrix upload failed: %s", response)
            return
        width, height = struct.unpack(">II", png[16:24])  # from the PNG's IHDR chunk
        content = {"msgtype": "m.image", "body": "board.png",
                   "info": {"mimetype": "image/png", "size": len(png),
                            "w": width, "h": height}}
        if secret:
            # The server holds ciphertext only; the key travels inside the encrypted event.
            content["file"] = {**keys, "url": response.content_uri, "mimetype": "image/png"}
        else:
            content["url"] = response.content_uri
        content.update(self._relation(root, None))
        await self._send(room_id, content)

    async def edit(self, chat_id: str, message_id: str, text: str,
                   buttons: list[list[Button]] | None = None) -> None:
        message_id = self.latest(message_id)
        flat = [b for row in buttons or [] for b in row]
        if flat:  # the same numbered line `say` gives a message with buttons
            text += "\n" + formatting.numbered([b.label for b in flat])
        choices = [b.data for b in flat]
        if self._unreadable_to_newcomers(chat_id, message_id):
            # (a lobby edited when someone who came in late joins it: they would see no
            # answer at all) The new text as a new message everyone can read; later edits
            # go to it; the old one, if a menu, is shown closed, the new one its menu.
            owner = self.menus.owner(chat_id, message_id)
            # (where the table lives, as the message it replaces: `threads`)
            home = self.threads.home(chat_id)
            event_id = await self._send(chat_id, {**formatting.notice(text),
                                                  **self._relation(home, None)},
                                        readers=True)
            if event_id is None:
                return
            self.sent.moved(message_id, event_id)
            replaced = self.menus.open(chat_id, owner or MENU_FOR.get(),
                                       Menu(event_id, text, choices)) if choices else \
                self.menus.close(chat_id, owner) if owner is not None else None
            if replaced is not None:
                await self._show_closed(chat_id, replaced, owner or MENU_FOR.get())
            return
        await self._send(chat_id, formatting.edit(message_id, formatting.notice(text)))
        if choices and self.menus.owner(chat_id, message_id) is None:
            # A menu edited back to life (a lobby whose copy `status` had sent meanwhile):
            # the edited message is the current one again.
            replaced = self.menus.open(chat_id, MENU_FOR.get(), Menu(message_id, text, choices))
            if replaced is not None:
                await self._show_closed(chat_id, replaced, MENU_FOR.get())
        else:
            self.menus.rewrite(chat_id, message_id, text, choices)

    async def close_menu(self, room_id: str, who: str) -> None:
        """``who``'s menu here was answered: edit it to say so."""
        menu = self.menus.close(room_id, who)
        if menu is not None:
            await self._show_closed(room_id, menu, who)

    def is_mine(self, event_id: str) -> bool:
        """Whether ``event_id`` is one of the bot's recent messages (`sent`)."""
        return self.sent.is_mine(event_id)

    async def was_mine(self, room_id: str, event_id: str) -> bool:
        """Whether ``event_id`` is the bot's message, also one it no longer remembers:
        older than the latest it keeps, or sent just before the bot was killed, before it
        wrote it down (`sent`). Those the server is asked about (whose event it is; the
        sender is in clear in an encrypted one too), and one found the bot's is
        remembered again."""
        if self.is_mine(event_id):
            return True
        response = await self.client.room_get_event(room_id, event_id)
        if not isinstance(response, RoomGetEventResponse) \
                or response.event.sender != self.client.user_id:
            return False  # (not found, not visible to the bot: not known as its own)
        self.sent.sent(event_id)
        return True

    def latest(self, event_id: str) -> str:
        """The message that took over from ``event_id`` (sent anew for late joiners, in
        `edit`), or ``event_id`` itself."""
        return self.sent.latest(event_id)

    def closed_for(self, event_id: str) -> str | None:
        """Whose menu ``event_id`` was, if the bot closed it (`sent`)."""
        return self.sent.closed_for(event_id)

    async def _show_closed(self, room_id: str, menu: Menu, who: str) -> None:
        self.sent.closed(menu.event_id, who)
        words = menu.text.rsplit("\n", 1)[0] if "\n" in menu.text else ""
        closed = i18n.text(self.language(room_id), "menu.closed")
        text = f"{words}\n{closed}" if words else closed
        await self._send(room_id, formatting.edit(menu.event_id, formatting.notice(text)))

    def elsewhere(self, chat_id: str) -> str | None:
        """A link to the thread the room's table lives in, when the bot writes elsewhere
        now (someone asked from the main timeline): Element's permalink to the thread's
        root, whose summary opens the thread."""
        home = self.threads.home(chat_id)
        if home is None or self.threads.now(chat_id) == home:
            return None
        server = self.client.user_id.partition(":")[2]  # (v12 room ids name no server)
        return f"https://matrix.to/#/{quote(chat_id, safe='')}/{quote(home, safe='')}" \
               f"?via={quote(server, safe='')}"

    def command(self, chat_id: str, words: str) -> str:
        """How to type a command in this room: a group reads only what starts with
        '!bg' (a direct room — the bot and one person — everything)."""
        return words if self.direct(chat_id) else f"{COMMAND_PREFIX} {words}"

    def direct(self, room_id: str) -> bool:
        """Whether ``room_id`` is a direct room: the bot and one person, and never more
        (a group that shrank to two is still a group: `groups`)."""
        room = self.client.rooms.get(room_id) if self.client is not None else None
        return room is not None and self.groups.direct(room_id, room.member_count)

    def mention(self, user_id: str, name: str) -> str:
        return formatting.mention(user_id, name)

    async def is_admin(self, chat_id: str, user_id: str) -> bool:
        room = self.client.rooms.get(chat_id)
        if room is None:
            return False
        if room.power_levels.get_user_level(user_id) >= 50:
            return True
        # Room version 12 (Synapse's default since 1.163's line, and Element's rooms with
        # it) gives the room's creators unlimited power without listing them in
        # m.room.power_levels: nio reads them as level 0, so ask who created the room.
        return user_id in await self._creators(room)

    async def _creators(self, room) -> set[str]:
        """The room's creators (the m.room.create sender and its ``additional_creators``),
        who outrank everyone in room versions that privilege them (12 on); none before."""
        if not room.room_version.isdigit() or int(room.room_version) < 12:
            return set()
        if room.room_id not in self._room_creators:
            response = await self.client.room_get_state(room.room_id)
            creators: set[str] = set()
            for event in getattr(response, "events", None) or []:
                if event.get("type") == "m.room.create" and event.get("state_key") == "":
                    extra = event.get("content", {}).get("additional_creators") or []
                    creators = {event.get("sender", "")} | {u for u in extra
                                                             if isinstance(u, str)}
            if not creators:
                log.warning("Matrix: who created %s is unknown: %s", room.room_id, response)
                return set()  # asked again next time
            self._room_creators[room.room_id] = creators
        return self._room_creators[room.room_id]

    async def _known(self, room_id: str, timeout: float = ROOM_WAIT) -> bool:
        """Wait (briefly) until a sync has brought ``room_id`` as the bot must write to it;
        whether it has. nio encrypts only for rooms it knows, and a room the bot just
        created or joined may not be there yet.

        A direct room the bot opened (`_private`) must also have shown nio its encryption
        and the person invited. Synapse stores a new room's m.room.create and the bot's
        join before the rest of its first events, and a sync can come in between: nio
        then holds the room as a clear one of the bot alone, and would send the person's
        hidden sheet in clear text (or encrypted for nobody but the bot)."""
        deadline = time.monotonic() + timeout
        while not self._arrived(room_id) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        return self._arrived(room_id)

    def _arrived(self, room_id: str) -> bool:
        room = self.client.rooms.get(room_id)
        if room is None:
            return False
        invited = self._private.get(room_id)
        if invited is None or not invited:
            return True  # not opened by the bot, or arrived whole before
        if room.encrypted and invited <= set(room.users):
            self._private[room_id] = frozenset()  # (the person may leave later)
            return True
        return False

    # Direct rooms ---------------------------------------------------------------------

    async def direct_chat(self, user_id: str) -> str | None:
        """A room of just the bot and ``user_id`` (who is in it or invited), if there is
        one. With encryption on, every such room is one the bot can read.

        One being opened for them meanwhile (another table's) is waited for: a sync can
        bring it before the bot has it as one it opened (`_private`), with nothing yet
        showing its encryption, and what went there then — a picture above all, which
        is encrypted or not before its upload — would go in clear."""
        async with self._opening_for(user_id):
            return await self._direct_chat(user_id)

    def _opening_for(self, user_id: str) -> asyncio.Lock:
        lock = self._opening.get(user_id)
        if lock is None:
            lock = self._opening[user_id] = asyncio.Lock()
        return lock

    async def _direct_chat(self, user_id: str) -> str | None:
        for room in self.client.rooms.values():
            if room.member_count == 2 and user_id in room.users \
                    and self.direct(room.room_id):
                return room.room_id
        # A room the bot opened that no sync has brought yet: just created, or the bot
        # restarted. The m.direct account data remembers it; the server knows whether
        # the person is still in it.
        for room_id in (await self._direct_rooms()).get(user_id, []):
            if room_id in self.client.rooms or room_id in self._unusable:
                continue
            if await self._membership(room_id, user_id) in ("join", "invite"):
                return room_id
            self._unusable.add(room_id)  # a room the bot is in comes back through the sync
        return None

    async def open_direct_chat(self, user_id: str) -> str | None:
        """A new direct room with ``user_id``, made the way Element makes one (an
        ``is_direct`` invitation, private, encrypted from its first event), recorded in
        the bot's m.direct account data; None when they left one the bot opened before
        (no invitation every turn) or the server refused (logged)."""
        async with self._opening_for(user_id):
            found = await self._direct_chat(user_id)  # opened meanwhile for another table
            if found is not None:
                return found
            listed = await self._direct_rooms()
            for room_id in listed.get(user_id, []):
                room = self.client.rooms.get(room_id)
                if room is not None and user_id not in room.users:
                    log.info("%s left the direct room %s; their menus go to the group",
                             user_id, room_id)
                    return None
            response = await self.client.room_create(
                is_direct=True, invite=[user_id], preset=RoomPreset.trusted_private_chat,
                initial_state=[ENCRYPTION_STATE])
            if not isinstance(response, RoomCreateResponse):
                log.warning("could not open a direct room with %s: %s", user_id, response)
                return None
            self._private[response.room_id] = frozenset({user_id})
            listed.setdefault(user_id, []).append(response.room_id)
            await self._save_direct_rooms()
            await self._known(response.room_id)
            return response.room_id

    async def _direct_rooms(self) -> dict[str, list[str]]:
        """The bot's m.direct account data (read once, then kept up to date here)."""
        async with self._listing:
            if self._listed is None:
                self._listed = await self._read_direct_rooms()
            return self._listed

    async def _read_direct_rooms(self) -> dict[str, list[str]]:
        response = await self.client.list_direct_rooms()
        if isinstance(response, DirectRoomsResponse):
            return {user: list(rooms) for user, rooms in response.rooms.items()
                    if isinstance(rooms, list)}
        # M_NOT_FOUND: never written. Anything else: unknown, so not overwritten.
        self._listed_saved = getattr(response, "status_code", "") == "M_NOT_FOUND"
        if not self._listed_saved:
            log.warning("could not read the bot's m.direct: %s", response)
        return {}

    async def _save_direct_rooms(self) -> None:
        """m.direct written as it stands when the previous write is done (`_listing`)."""
        if not self._listed_saved:
            return
        # nio reads m.direct (list_direct_rooms) but has no call to write account data:
        # its own request machinery (rate limits, timeouts) on the spec's endpoint.
        path = Api._build_path(["user", self.client.user_id, "account_data", "m.direct"])
        async with self._listing:
            response = await self.client._send(EmptyResponse, "PUT", path,
                                               json.dumps(self._listed))
        if not isinstance(response, EmptyResponse):
            log.warning("could not record the direct rooms in m.direct: %s", response)

    async def _membership(self, room_id: str, user_id: str) -> str | None:
        response = await self.client.room_get_state_event(room_id, "m.room.member", user_id)
        if isinstance(response, RoomGetStateEventResponse):
            return response.content.get("membership")
        return None

