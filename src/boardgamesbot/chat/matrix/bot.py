"""The bot on a logged-in client: what it listens to, and the sync loop.

**Quiet by design.** In a room of two (the bot and one person) every message
is for the bot — unless it was a group once (`groups`). In a group it answers only
its own commands (``!bg WORD`` or a message beginning with its name), answers to a
menu it has open — the awaited person's number, or keycap reaction on that very
message, for *their current* menu; anyone's for the open lobby, where 👍 / ▶️ join /
start (and taking one's 👍 back, Element's second click on it, leaves again) — 🚪 on
the bot's message about a table (`leave_by_reaction`), and an action in notation from
the person whose decision is awaited. Everything else — chatter, numbers from anyone
else, reactions on other messages — is conversation and gets no reply. A menu found
stale when answered is edited to show it is closed.

**Element's threads, replies and edits.** An answer goes to the thread its message
came from, a table's messages to the thread its lobby was opened in (`threads`). A
number replied to a menu answers that menu only; a reply to the bot's message
holding a command is a command. An edit of a person's message is read again only when
nothing came of the message (refused, or let pass as talk): nothing is done twice.

**Encrypted rooms.** nio decrypts what it can before the callbacks run, so a
decrypted message reaches `on_text` like a clear one. An event nio cannot
decrypt yet (its key has not arrived) is kept and tried again as syncs bring
keys; one still unreadable after `UNREADABLE_AFTER` seconds gets one short
notice per (room, sender, session) saying why, never silence (and is still
answered should its key come within `KEPT_FOR`). Devices are
trusted on first use: a bot cannot compare emoji with anyone (see docs/chat.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from nio import (
    AsyncClient,
    EncryptionError,
    InviteMemberEvent,
    KeysQueryResponse,
    MatrixRoom,
    MegolmEvent,
    ReactionEvent,
    RedactionEvent,
    RoomMemberEvent,
    RoomMessageText,
    SyncResponse,
)

from boardgamesbot.engine import GameError

from .. import i18n
from ..basics import Alert, Person, Place
from ..commands import LEAVE_CONFIRM
from ..conversation import Conversation, a_command
from ..tables import Service
from . import crosssigning
from .groups import Groups
from .menus import LOBBY, OpenMenus
from .reactions import Reactions
from .sent import SentMessages
from .threads import THREAD, Threads, root_of
from .transport import COMMAND_PREFIX, MENU_FOR, MatrixTransport

log = logging.getLogger(__name__)

PREFIX = COMMAND_PREFIX
# Keycaps, with and without the emoji variation selector (clients send either).
KEYCAPS = {f"{n}{vs}\u20e3": n for n in range(1, 10) for vs in ("\ufe0f", "")} | {"🔟": 10}
LOBBY_REACTIONS = {"👍": "join", "▶️": "start", "▶": "start"}
LEAVE_REACTIONS = {"🚪"}  # on the lobby or a message about the table: `leave_by_reaction`
UNREADABLE_AFTER = 8.0  # seconds a late room key may take before the sender is told
KEPT_FOR = 300.0  # seconds an unreadable event is kept for a key that comes even later
RETRY_EVERY = 1.0
READ_KEPT = 2000  # people's recent messages whose outcome is remembered (`Reading`)


@dataclass
class Reading:
    """What came of reading a person's message: whether the bot acted on it (a command
    answered, a move or a menu choice played) or refused it (which changes nothing), and
    the thread it was in. An edit of a message is read again only if nothing came of it,
    so an edit never does anything twice."""

    root: str | None
    acted: bool = False
    refused: bool = False
    passed: bool = False  # read, and let pass as people's talk

    def unanswered(self) -> bool:
        """Read this time, and nothing came of it (an event delivered again after a
        restart was not read, and counts as answered)."""
        return (self.refused or self.passed) and not self.acted


#: the message being read now (set by `MatrixBot.on_text`)
READING: contextvars.ContextVar[Reading | None] = contextvars.ContextVar("reading",
                                                                        default=None)


class MatrixConversation(Conversation):
    """The core, telling the transport whose menu each message is, and closing a table's
    menus at its end, without changing what the core says."""

    async def say(self, chat_id, text, buttons=None, image=None, *args,
                  menu_for: str = LOBBY, **kwargs):
        token = MENU_FOR.set(menu_for)
        try:
            return await super().say(chat_id, text, buttons, image, *args,
                                     menu_for=menu_for, **kwargs)
        finally:
            MENU_FOR.reset(token)

    async def _dispatch(self, place: Place, person: Person, text: str, lang: str,
                        addressed: bool) -> None:
        reading = READING.get()
        try:
            await super()._dispatch(place, person, text, lang, addressed)
        except GameError:
            if reading is not None:
                reading.refused = True
            raise
        if reading is not None:
            if addressed:
                reading.acted = True  # a command answered (help, status …) or carried out
            elif not reading.acted:
                reading.passed = True

    async def _press(self, place: Place, person: Person, data: str, lang: str,
                     message_id: str | None) -> str | None:
        reading = READING.get()
        try:
            answer = await super()._press(place, person, data, lang, message_id)
        except GameError:
            if reading is not None:
                reading.refused = True
            raise
        if reading is not None:
            reading.acted = True
        return answer

    async def play(self, place: Place, person: Person, seat, notation: str, lang: str,
                   tapped: bool = False) -> str | None:
        answer = await super().play(place, person, seat, notation, lang, tapped)
        reading = READING.get()
        if reading is not None:
            reading.acted = True  # an action in notation from the person awaited
        return answer

    async def cmd_new(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        await super().cmd_new(place, person, args, lang)
        # The lobby was opened (else a refusal was raised): its table lives where it was.
        self.transport.threads.settle(place.chat_id, self.transport.threads.now(place.chat_id))

    def follow(self, table_id: str) -> None:
        """Follow the table in a task that writes to its room in the thread the table
        lives in (`threads`), wherever the message that started it came from."""
        game = self.store.game(table_id)
        root = self.transport.threads.home(game["chat_id"]) if game else None
        token = THREAD.set((game["chat_id"], root) if game and root else None)
        try:
            super().follow(table_id)  # the task copies this context
        finally:
            THREAD.reset(token)

    def buttons_message(self, table_id: str, chat_id: str, user_ids: list[str]) -> str | None:
        """The open menu of ``user_ids`` for the table in ``chat_id`` (the message a clock
        reminder answers as a reply): one menu, or none when each has their own (a
        reply quotes one message) or theirs are in their direct rooms."""
        menus = {menu.event_id for user_id in user_ids
                 if (menu := self.transport.menus.current(chat_id, user_id)) is not None
                 and any(data.split(":")[1:2] == [table_id] for data in menu.choices)}
        return menus.pop() if len(menus) == 1 else None

    async def _announce_end(self, table_id: str, chat_id: str, *args, **kwargs):
        await super()._announce_end(table_id, chat_id, *args, **kwargs)
        # Every menu of this table still open is stale now: in its chat, and in the
        # direct rooms its people chose from.
        for room_id, who in self.transport.menus.of_table(table_id):
            await self.transport.close_menu(room_id, who)


@dataclass
class Unreadable:
    room_id: str
    event: MegolmEvent
    since: float


class MatrixBot:
    """The conversation core on a logged-in nio client with encryption on."""

    def __init__(self, client: AsyncClient, service: Service, public_url: str = "",
                 menus: OpenMenus | None = None, threads: Threads | None = None,
                 reactions: Reactions | None = None,
                 sent: SentMessages | None = None, groups: Groups | None = None) -> None:
        self.client = client
        self.transport = MatrixTransport(client, menus, threads, sent, groups)
        self.conversation = MatrixConversation(service, self.transport, public_url)
        self.transport.language = self._language
        self.unreadable: list[Unreadable] = []
        self.told: set[tuple[str, str, str]] = set()  # (room, sender, session) told once
        self.joined_at: dict[str, int] = {}  # room -> when the bot joined (server ms)
        self.read: OrderedDict[str, Reading] = OrderedDict()  # a message's id -> its outcome
        # The 👍 that joined lobbies and the "leave this game?" questions: a redaction
        # strips a reaction's content, so what it was is known only from here.
        self.reactions = reactions or Reactions()
        # When each was asked lives in the database (`Conversation.leaving`), as on every
        # network; a reactions.json from before kept it itself: moved there, once.
        for key, asked_at in self.reactions.left_over.items():
            self.conversation.leaving.setdefault(key, asked_at)
        self.reactions.moved()
        client.add_event_callback(self.on_invite, InviteMemberEvent)
        client.add_event_callback(self.on_member, RoomMemberEvent)
        client.add_event_callback(self.on_text, RoomMessageText)
        client.add_event_callback(self.on_reaction, ReactionEvent)
        client.add_event_callback(self.on_redaction, RedactionEvent)
        client.add_event_callback(self.on_unreadable, MegolmEvent)
        client.add_response_callback(self.on_sync, SyncResponse)
        client.add_response_callback(self.on_keys, KeysQueryResponse)

    # Keys and trust ---------------------------------------------------------------------

    async def on_keys(self, response: KeysQueryResponse) -> None:
        """Trust on first use: every device seen for the first time is marked verified
        (the store remembers it); one blacklisted by hand stays so."""
        for device in self.client.device_store:
            if device.device_id == self.client.device_id and \
                    device.user_id == self.client.user_id:
                continue
            if not device.verified and not device.blacklisted:
                self.client.verify_device(device)

    async def on_sync(self, response: SyncResponse) -> None:
        # nio has stored the room keys this sync brought before callbacks run: moving the
        # cursor on now loses none.
        self.conversation.store.set_cursor("matrix", self.client.user_id, response.next_batch)
        # A room with a third member is a group for good, though they all leave but one
        # (`groups`): seen here, before anyone leaves, though nobody said anything.
        for room_id in response.rooms.join:
            room = self.client.rooms.get(room_id)
            if room is not None:
                self.transport.groups.seen(room_id, room.member_count)

    # Membership -------------------------------------------------------------------------

    async def on_invite(self, room: MatrixRoom, event: InviteMemberEvent) -> None:
        if event.state_key == self.client.user_id and event.membership == "invite":
            for attempt in range(3):
                try:
                    await self.client.join(room.room_id)
                    return
                except (TimeoutError, OSError):
                    await asyncio.sleep(1 + attempt)

    async def on_member(self, room: MatrixRoom, event: RoomMemberEvent) -> None:
        # (a join after a join is a change of name or avatar)
        came = event.membership == "join" and event.prev_membership != "join"
        if event.state_key == self.client.user_id:
            if came:
                self.joined_at[room.room_id] = event.server_timestamp
        elif came:  # (in a clear room the history is theirs to read: not the lobby again)
            await self.conversation.came_into_the_chat(self._place(room),
                                                       self._person(room, event.state_key),
                                                       history=not room.encrypted)
        elif event.prev_membership == "join" \
                and event.membership in ("leave", "ban"):  # left, kicked or banned
            await self.conversation.left_the_chat(self._place(room), event.state_key)

    # Messages ---------------------------------------------------------------------------

    def _language(self, room_id: str) -> str:
        """The language the bot speaks in ``room_id``: in a direct room, its person's own."""
        room = self.client.rooms.get(room_id)
        if room is not None and self.transport.direct(room_id):
            for user_id in room.users:
                if user_id != self.client.user_id:
                    return self.conversation.lang_of(self._place(room),
                                                     self._person(room, user_id))
        return self.conversation.chat_lang(room_id)

    def _place(self, room: MatrixRoom) -> Place:
        return Place("matrix", room.room_id, self.transport.direct(room.room_id))

    def _person(self, room: MatrixRoom, user_id: str) -> Person:
        return Person(user_id, room.user_name(user_id) or user_id)

    async def on_text(self, room: MatrixRoom, event: RoomMessageText) -> None:
        if event.sender == self.client.user_id:
            return
        await self.transport.settled(room.room_id)  # (a number answers the menu just sent)
        content = event.source.get("content", {})
        root = root_of(content)
        if root is not None:
            self.transport.threads.seen(root, event.event_id)
        if content.get("msgtype") == "m.notice":
            return  # notices come from bots
        relation = content.get("m.relates_to") or {}
        if "m.new_content" in content:
            await self._edited(room, event, relation.get("event_id"), content["m.new_content"])
            return
        await self._reading(room, event, event.body, event.event_id, Reading(root))

    async def _reading(self, room: MatrixRoom, event: RoomMessageText, body: str,
                       original: str, reading: Reading) -> None:
        """Read ``body`` (an event's, or an edit's new one), answered where it was said
        (its thread, or the main timeline), and remember what came of it."""
        self.read[original] = reading
        self.read.move_to_end(original)
        while len(self.read) > READ_KEPT:
            self.read.popitem(last=False)
        tokens = (THREAD.set((room.room_id, reading.root) if reading.root else None),
                  READING.set(reading))
        try:
            await self._read(room, event, body)
        finally:
            READING.reset(tokens[1])
            THREAD.reset(tokens[0])

    async def _edited(self, room: MatrixRoom, event: RoomMessageText, original: object,
                      new: object) -> None:
        """A person edited their message (Element's up arrow: a typo fixed). Read again
        if nothing came of it (refused, or talk the bot let pass); if the bot already
        acted on it, or does not remember it (a restart), the edit does nothing twice:
        said so when the edit is for the bot."""
        if not isinstance(original, str) or not isinstance(new, dict) \
                or not isinstance(new.get("body"), str):
            return
        before = self.read.get(original)
        if before is not None and before.unanswered():
            await self._reading(room, event, new["body"], original, Reading(before.root))
            return
        place, person = self._place(room), self._person(room, event.sender)
        _, addressed = self._addressed(room, new["body"], place.direct)
        if addressed and self.conversation.store.first_time("matrix", event.event_id):
            root = before.root if before is not None else None
            token = THREAD.set((room.room_id, root) if root else None)
            try:
                lang = self.conversation.lang_of(place, person)
                await self.conversation.say(room.room_id,
                                            i18n.text(lang, "matrix.edit_unread"))
            finally:
                THREAD.reset(token)

    async def _read(self, room: MatrixRoom, event: RoomMessageText, body: str) -> None:
        place, person = self._place(room), self._person(room, event.sender)
        content = event.source.get("content", {})
        text, addressed = self._addressed(room, _without_quote(body), place.direct)
        replied = _replied_to(content)
        if replied is not None and text.isdecimal():
            # Element's "Reply" on a menu with a number answers *that* menu: the sender's
            # current one (or the open lobby) as usual; never the newer menu that replaced
            # an old one, nor somebody else's.
            owner = self.transport.menus.owner(room.room_id, replied)
            if owner in (event.sender, LOBBY):
                await self._choose(place, person, owner, int(text), event.event_id)
                return
            if owner is not None or self.transport.closed_for(replied) is not None:
                reading = READING.get()
                if reading is not None:
                    reading.refused = True
                if self.conversation.store.first_time("matrix", event.event_id):
                    await self._not_theirs(room, place, person, owner, int(text))
                return
        # Whose message it replies to: the server is asked about one the bot no longer
        # remembers (`was_mine`), so an answer to its old message is not taken for talk.
        to_bot = replied is not None and (text.isdecimal() or a_command(text)) \
            and await self.transport.was_mine(room.room_id, replied)
        if replied is not None and text.isdecimal() and not place.direct and not to_bot:
            _passed()
            return  # a number said to somebody ("how many pizzas?"), not to the bot
        if not addressed and (self.client.user_id in _mentioned(content) or to_bot):
            # A reply to the bot's message (Element also mentions whom it replies to), or
            # its pill: a command in it is for the bot (the lobby's "join"); other words
            # stay people's talk, unless they are the awaited person's action.
            addressed = a_command(text)
        if text.isdecimal():
            # A bare number answers the sender's own current menu here, or the open lobby.
            owner = self._menu_of(room.room_id, event.sender)
            if owner is not None:
                await self._choose(place, person, owner, int(text), event.event_id)
                return
            if not addressed:
                _passed()
                return  # in a group: somebody's number, not an answer to the bot
        await self.conversation.handle_text(place, person, text, event.event_id, addressed)

    def _menu_of(self, room_id: str, user_id: str) -> str | None:
        """Whose open menu a number from ``user_id`` answers: theirs, else the lobby's."""
        for owner in (user_id, LOBBY):
            if self.transport.menus.current(room_id, owner) is not None:
                return owner
        return None

    async def _choose(self, place: Place, person: Person, owner: str, number: int,
                      event_id: str) -> None:
        """Number ``number`` of ``owner``'s menu, pressed by ``person``; a number the menu
        does not have is not an answer (said only where the bot is addressed anyway)."""
        menu = self.transport.menus.current(place.chat_id, owner)
        data = menu.choice(number)
        if data is None:
            if place.direct:
                await self.conversation.handle_text(place, person, str(number), event_id)
            return
        refusal = await self.conversation.handle_button(place, person, data, event_id)
        if owner == LOBBY:
            if refusal:  # e.g. "only the creator starts": the lobby's menu is everyone's
                await self.conversation.say(place.chat_id, refusal)
            return
        if self.transport.menus.current(place.chat_id, owner) == menu:
            # Answered (or refused: a choice from a menu is legal when the menu is
            # current, so a refused one is stale), and no newer menu replaced it.
            await self.transport.close_menu(place.chat_id, owner)
        if refusal and place.direct:
            await self.conversation.say(place.chat_id, refusal)

    async def _not_theirs(self, room: MatrixRoom, place: Place, person: Person,
                          owner: str | None, number: int = 1) -> None:
        """A number or keycap on a menu that is not the person's to answer: ``owner``'s
        open one, or (None) a closed one. Nothing is played; they are told whose turn it
        is and whether the menu is an old one, as a tap on another's buttons is told —
        or, when it is their turn, to answer their latest menu. The choice ``number``
        names is kept as refused ('why' alone explains it)."""
        menu = self.transport.menus.current(room.room_id, owner) if owner else None
        choice = (menu.choice(number) or menu.choices[0]) \
            if menu is not None and menu.choices else None
        said = await self.conversation.menu_not_theirs(place, person, choice)
        if said is None:
            said = i18n.text(self.conversation.lang_of(place, person),
                             "matrix.not_your_menu" if menu is not None else "matrix.old_menu")
        await self.conversation.say(room.room_id, said)

    def _addressed(self, room: MatrixRoom, body: str, direct: bool) -> tuple[str, bool]:
        text = body.strip()
        if text.lower().startswith(PREFIX):
            return text[len(PREFIX):].strip(), True
        me = self.client.user_id
        names = [me, room.user_name(me) or "", me.split(":")[0].lstrip("@")]
        for name in filter(None, names):
            if text.lower().startswith(name.lower()):
                return text[len(name):].lstrip(" :,").strip(), True
        return text, direct

    async def on_reaction(self, room: MatrixRoom, event: ReactionEvent) -> None:
        """A keycap on the sender's current menu (or the open lobby) answers it; 👍 / ▶️
        on the open lobby join / start; 🚪 asks to leave; any other reaction is people
        talking."""
        if event.sender == self.client.user_id:
            return
        await self.transport.settled(room.room_id)  # (a keycap on the menu just sent)
        owner = self.transport.menus.owner(room.room_id, event.reacts_to)
        place, person = self._place(room), self._person(room, event.sender)
        if event.key in LEAVE_REACTIONS:
            await self.leave_by_reaction(room, event, owner)
            return
        if owner is None and event.key in KEYCAPS \
                and self.transport.closed_for(event.reacts_to) == event.sender:
            # A keycap on their own menu that a newer one replaced (or that was answered):
            # the same word as a number replied to it, where the table lives.
            if self.conversation.store.first_time("matrix", event.event_id):
                with self._at_home(room.room_id):
                    await self._not_theirs(room, place, person, None)
            return
        if owner not in (event.sender, LOBBY):
            return
        # A reaction is on a menu of the room's table: answered where that table lives.
        with self._at_home(room.room_id):
            if event.key in KEYCAPS:
                await self._choose(place, person, owner, KEYCAPS[event.key], event.event_id)
            elif event.key in LOBBY_REACTIONS and owner == LOBBY:
                reading = Reading(None)
                token = READING.set(reading)
                try:
                    await self.conversation.handle_text(
                        place, person, LOBBY_REACTIONS[event.key], event.event_id, True)
                finally:
                    READING.reset(token)
                if LOBBY_REACTIONS[event.key] == "join" and reading.acted \
                        and not reading.refused:
                    self.reactions.joined(event.event_id, room.room_id, event.sender,
                                          event.reacts_to)

    async def on_redaction(self, room: MatrixRoom, event: RedactionEvent) -> None:
        """A person took back the 👍 that joined them to the lobby (Element: a second
        click on the reaction redacts it): out of the lobby again, as 'leave' typed. Once
        the table has started, or the lobby was replaced, nothing happens and nothing is
        said: the seat is the game's now."""
        joined = self.reactions.taken_back(event.redacts)
        if joined is None or joined[:2] != (room.room_id, event.sender):
            return  # not a 👍 that joined; or a moderator's redaction, not their choice
        lobby_message = self.transport.latest(joined[2])
        if self.transport.menus.owner(room.room_id, lobby_message) != LOBBY:
            return  # started, cancelled, or another lobby opened since
        place, person = self._place(room), self._person(room, event.sender)
        with self._at_home(room.room_id):
            # (a refusal — they had typed 'leave' already — is no news to anyone)
            await self.conversation.handle_button(place, person, "l", event.event_id)

    async def leave_by_reaction(self, room: MatrixRoom, event: ReactionEvent,
                                owner: str | None) -> None:
        """🚪 on the lobby, or on the bot's message about the room's table: Telegram's 🚪
        Leave (`Commands.leave_by_tap`) by a reaction. Out of the lobby at once; out of a
        game only after the question the bot asks is answered with 🚪 on the question
        itself (Element cannot add the same reaction twice to one message), so a stray
        reaction hands nobody's seat to the computer. 🚪 on people's messages is talk."""
        question = self.reactions.asking(event.reacts_to)
        store = self.conversation.store
        if not self.transport.direct(room.room_id) \
                and store.lobby("matrix", room.room_id) is None \
                and store.game_in("matrix", room.room_id) is None:
            return  # a group with no table: 🚪 on the bot's last words is a goodbye
        # (one the bot no longer remembers, the server is asked about: `was_mine`)
        if question is None and owner is None \
                and not await self.transport.was_mine(room.room_id, event.reacts_to):
            return
        if question is not None and question != event.sender:
            return  # someone else's question: theirs to answer
        place, person = self._place(room), self._person(room, event.sender)
        with self._at_home(room.room_id):
            answer = await self.conversation.handle_button(
                place, person, "l:asked" if question else "l", event.event_id)
            if answer is None:
                return  # out of the lobby: its message says so
            if isinstance(answer, Alert):
                lang = self.conversation.lang_of(place, person)
                who = self.transport.mention(event.sender, person.name)
                asked = await self.conversation.say(room.room_id, i18n.text(
                    lang, "matrix.leave_confirm", who=who, seconds=int(LEAVE_CONFIRM)))
                if asked is not None:
                    self.reactions.asked(asked, event.sender)
                return
            await self.conversation.say(room.room_id, answer)

    @contextlib.contextmanager
    def _at_home(self, room_id: str) -> Iterator[None]:
        """The bot's messages to ``room_id`` go where its table lives (`threads`)."""
        home = self.transport.threads.home(room_id)
        token = THREAD.set((room_id, home) if home else None)
        try:
            yield
        finally:
            THREAD.reset(token)

    # Events the bot cannot read ---------------------------------------------------------

    async def on_unreadable(self, room: MatrixRoom, event: MegolmEvent) -> None:
        if event.sender == self.client.user_id:
            return
        self.unreadable.append(Unreadable(room.room_id, event, time.monotonic()))

    async def retry_unreadable(self) -> None:
        """Try the kept events again with the keys that arrived since; tell the sender
        about those that stay unreadable too long."""
        # Events that arrive while this round awaits are appended to a fresh list.
        kept_events, self.unreadable = self.unreadable, []
        waiting = []
        for kept in kept_events:
            try:
                event = self.client.decrypt_event(kept.event)
            except EncryptionError:
                event = None
            room = self.client.rooms.get(kept.room_id)
            if room is None:
                continue
            if isinstance(event, RoomMessageText):
                await self.on_text(room, event)
            elif isinstance(event, ReactionEvent):
                await self.on_reaction(room, event)
            elif event is not None:
                continue  # read, and nothing the bot answers
            else:
                waited = time.monotonic() - kept.since
                if waited >= UNREADABLE_AFTER:
                    await self._tell_unreadable(room, kept.event)
                if waited < KEPT_FOR:
                    waiting.append(kept)
        self.unreadable[:0] = waiting

    async def _tell_unreadable(self, room: MatrixRoom, event: MegolmEvent) -> None:
        # Checked this late because a sync that brings the bot's join brings the history
        # before it first: what was said before the bot was there was never meant for it.
        if event.server_timestamp < self.joined_at.get(room.room_id, 0):
            return
        key = (room.room_id, event.sender, event.session_id)
        if key in self.told:
            return
        self.told.add(key)
        lang = self.conversation.lang_of(self._place(room), self._person(room, event.sender))
        who = self.transport.mention(event.sender, room.user_name(event.sender) or event.sender)
        log.info("could not decrypt %s from %s in %s (session %s)", event.event_id,
                 event.sender, room.room_id, event.session_id)
        # The relation stays in clear in an encrypted event: told in the thread it came in.
        root = root_of(event.source.get("content", {}))
        token = THREAD.set((room.room_id, root) if root else None)
        try:
            await self.conversation.say(room.room_id, i18n.text(lang, "matrix.unreadable",
                                                                who=who))
        finally:
            THREAD.reset(token)

    async def keep_retrying(self) -> None:
        while True:
            await asyncio.sleep(RETRY_EVERY)
            if self.unreadable:
                try:
                    await self.retry_unreadable()
                except Exception:  # noqa: BLE001 - the next round tries again
                    log.exception("retrying undecryptable events failed")


def _passed() -> None:
    reading = READING.get()
    if reading is not None:
        reading.passed = True


def _replied_to(content: dict) -> str | None:
    """The event a message replies to; not a thread's fallback (``is_falling_back``: the
    thread's latest message, named for clients without threads)."""
    relation = content.get("m.relates_to")
    if not isinstance(relation, dict) or relation.get("is_falling_back"):
        return None
    replied = (relation.get("m.in_reply_to") or {}).get("event_id")
    return replied if isinstance(replied, str) else None


def _mentioned(content: dict) -> list[str]:
    mentions = content.get("m.mentions")
    users = mentions.get("user_ids") if isinstance(mentions, dict) else None
    return users if isinstance(users, list) else []


def _without_quote(body: str) -> str:
    """A reply's own words: clients that still add the quoted message as a fallback put
    it first, as ``> `` lines and a blank line."""
    if not body.startswith("> "):
        return body
    lines = body.split("\n")
    while lines and lines[0].startswith(">"):
        lines.pop(0)
    return "\n".join(lines).strip()


async def key_steps(client: AsyncClient) -> None:
    """What ``sync_forever`` does after each sync, for a sync made by hand: publish
    this device's keys, learn the members' devices, open Olm sessions, send."""
    if client.should_upload_keys:
        await client.keys_upload()
    if client.should_query_keys:
        await client.keys_query()
    if client.should_claim_keys:
        await client.keys_claim(client.get_users_for_key_claiming())
    await client.send_to_device_messages()


async def run(client: AsyncClient, service: Service, public_url: str = "",
              stop: asyncio.Event | None = None, ready: asyncio.Event | None = None,
              sync_timeout: int = 30000, password: str | None = None) -> None:
    """Serve Matrix on a logged-in ``client`` (from `device.login`) until ``stop``."""
    bot_dir = Path(client.store_path).parent if client.store_path else None
    menus = OpenMenus(bot_dir / "menus.json" if bot_dir else None)
    threads = Threads(bot_dir / "threads.json" if bot_dir else None)
    reactions = Reactions(bot_dir / "reactions.json" if bot_dir else None)
    sent = SentMessages(bot_dir / "sent.json" if bot_dir else None)
    groups = Groups(bot_dir / "groups.json" if bot_dir else None)
    bot = MatrixBot(client, service, public_url, menus, threads, reactions, sent, groups)
    stop = stop or asyncio.Event()
    since = bot.conversation.store.cursor("matrix", client.user_id)
    tasks: list[asyncio.Task] = []
    try:
        # The device's keys published and signed before it meets anyone (a person's
        # client may check the signature as soon as the bot joins).
        if client.should_upload_keys:
            await client.keys_upload()
        if bot_dir is not None:
            try:
                await crosssigning.ensure(client, bot_dir / "cross-signing.json", password)
            except crosssigning.CrossSigningError as error:
                log.warning("the bot's device is not cross-signed: %s", error)
        # Rooms, members and encryption state are known only from a full-state sync; from
        # the saved cursor it also brings what arrived while the bot was away. The first
        # start reads no old messages (nobody awaits answers to them), only the rooms'
        # state, invitations and keys.
        await client.sync(timeout=0, full_state=True, since=since or None,
                          sync_filter=None if since else {"room": {"timeline": {"limit": 0}}})
        bot.conversation.store.set_cursor("matrix", client.user_id, client.next_batch)
        await key_steps(client)
        await bot.conversation.resume()
        if ready is not None:
            ready.set()
        tasks = [asyncio.create_task(_sync(client, sync_timeout)),
                 asyncio.create_task(bot.keep_retrying())]
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({*tasks, stopping}, return_when=asyncio.FIRST_COMPLETED)
        tasks.append(stopping)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await bot.conversation.close()
        await client.close()


async def _sync(client: AsyncClient, timeout: int) -> None:
    delay = 1.0
    while True:
        try:
            # Without full_state: the first sync had it, nio keeps the rooms up to date.
            await client.sync_forever(timeout=timeout)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - the bot must outlive a bad sync
            log.warning("Matrix sync failed (%s); again in %.0f s", error, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 60.0)
