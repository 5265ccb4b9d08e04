"""The Matrix adapter: matrix-nio around the conversation core.

The bot joins rooms it is invited to. In a room of two (the bot and one
person) every message is for it; in a group it reads ``!bg COMMAND`` or a
message that mentions it, plus answers from the person whose decision is
awaited (an action in notation, or a number from the latest menu). Matrix
has no buttons: choices are numbered lines, answered with the number or
with a keycap reaction (1️⃣ …), 👍 joins and ▶️ starts. The bot writes
``m.notice`` messages (other bots ignore them), edits its lobby message in
place (``m.replace``), and sends pictures as ``m.image``. For hidden choices it
opens a direct room with a person who has none (an ``is_direct`` invitation) and
records it in its ``m.direct`` account data, as the spec asks of clients.

nio itself retries rate limits (``M_LIMIT_EXCEEDED`` with ``retry_after_ms``)
and timeouts with backoff; the sync loop is restarted after any other error.
The sync token is kept in the database, so after a restart the bot reads
what it missed, and event ids already handled are skipped.
"""

from __future__ import annotations

import asyncio
import html
import io
import json
import logging
import re
import struct

from nio import (AsyncClient, AsyncClientConfig, DirectRoomsResponse, InviteMemberEvent,
                 LoginResponse, MatrixRoom, ReactionEvent, RoomCreateResponse,
                 RoomGetStateEventResponse, RoomMessageText, RoomPreset, SyncResponse,
                 UploadResponse)
from nio.api import Api
from nio.responses import EmptyResponse

from .conversation import Button, Conversation, Person, Place
from .tables import Service

log = logging.getLogger(__name__)

PREFIX = "!bg"
_MENTION = re.compile(r"\x00([^\x01]*)\x01([^\x00]*)\x00")
KEYCAPS = {f"{n}\ufe0f\u20e3": str(n) for n in range(1, 10)} | {"🔟": "10"}
REACTIONS = {"👍": "join", "▶️": "start", "▶": "start"} | KEYCAPS


class MatrixTransport:
    network = "matrix"
    numbered = True
    max_text = 16000

    def __init__(self, client: AsyncClient) -> None:
        self.client = client
        self._listed: dict[str, list[str]] | None = None  # m.direct: person -> rooms
        self._listed_saved = True  # False: m.direct could not be read, so never written
        self._opening = asyncio.Lock()  # one new room per person, however many tables
        self._unusable: set[str] = set()  # listed rooms the server says are not shared

    async def _send(self, room_id: str, content: dict) -> str | None:
        for attempt in range(5):
            try:
                response = await self.client.room_send(room_id, "m.room.message", content)
            except (OSError, asyncio.TimeoutError) as error:
                log.warning("Matrix send failed (%s); retrying", error)
                await asyncio.sleep(min(30.0, 0.5 * 2 ** attempt))
                continue
            event_id = getattr(response, "event_id", None)
            if event_id is None:
                log.warning("Matrix refused a message in %s: %s", room_id, response)
            return event_id
        return None

    async def send(self, chat_id: str, text: str, buttons: list[list[Button]] | None = None,
                   image: bytes | None = None) -> str | None:
        if image is not None:
            await self._image(chat_id, image)
        return await self._send(chat_id, _content(text))

    async def _image(self, room_id: str, png: bytes) -> None:
        response, _ = await self.client.upload(io.BytesIO(png), content_type="image/png",
                                               filename="board.png", filesize=len(png))
        if not isinstance(response, UploadResponse):
            log.warning("Matrix upload failed: %s", response)
            return
        width, height = struct.unpack(">II", png[16:24])  # from the PNG's IHDR chunk
        await self._send(room_id, {"msgtype": "m.image", "body": "board.png",
                                   "url": response.content_uri,
                                   "info": {"mimetype": "image/png", "size": len(png),
                                            "w": width, "h": height}})

    async def edit(self, chat_id: str, message_id: str, text: str,
                   buttons: list[list[Button]] | None = None) -> None:
        new = _content(text)
        await self._send(chat_id, {**new, "body": f"* {new['body']}",
                                   "m.new_content": new,
                                   "m.relates_to": {"rel_type": "m.replace",
                                                    "event_id": message_id}})

    def mention(self, user_id: str, name: str) -> str:
        return f"\x00{user_id}\x01{name}\x00"

    async def is_admin(self, chat_id: str, user_id: str) -> bool:
        room = self.client.rooms.get(chat_id)
        return room is not None and room.power_levels.get_user_level(user_id) >= 50

    async def direct_chat(self, user_id: str) -> str | None:
        """A room of just the bot and ``user_id`` (joined or invited), if there is one."""
        for room in self.client.rooms.values():
            if room.member_count == 2 and user_id in room.users:
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
        """A new direct room with ``user_id`` (an invitation they accept to read it),
        recorded in the bot's m.direct account data; None when they left one the bot
        opened before (no invitation every turn) or the server refused (logged)."""
        async with self._opening:
            found = await self.direct_chat(user_id)  # opened meanwhile for another table
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
                is_direct=True, invite=[user_id], preset=RoomPreset.trusted_private_chat)
            if not isinstance(response, RoomCreateResponse):
                log.warning("could not open a direct room with %s: %s", user_id, response)
                return None
            listed.setdefault(user_id, []).append(response.room_id)
            await self._save_direct_rooms(listed)
            return response.room_id

    async def _direct_rooms(self) -> dict[str, list[str]]:
        """The bot's m.direct account data (read once, then kept up to date here)."""
        if self._listed is None:
            response = await self.client.list_direct_rooms()
            if isinstance(response, DirectRoomsResponse):
                self._listed = {user: list(rooms) for user, rooms in response.rooms.items()
                                if isinstance(rooms, list)}
            else:
                # M_NOT_FOUND: never written. Anything else: unknown, so not overwritten.
                self._listed = {}
                self._listed_saved = getattr(response, "status_code", "") == "M_NOT_FOUND"
                if not self._listed_saved:
                    log.warning("could not read the bot's m.direct: %s", response)
        return self._listed

    async def _save_direct_rooms(self, listed: dict[str, list[str]]) -> None:
        if not self._listed_saved:
            return
        # nio reads m.direct (list_direct_rooms) but has no call to write account data:
        # its own request machinery (rate limits, timeouts) on the spec's endpoint.
        path = Api._build_path(["user", self.client.user_id, "account_data", "m.direct"])
        response = await self.client._send(EmptyResponse, "PUT", path, json.dumps(listed))
        if not isinstance(response, EmptyResponse):
            log.warning("could not record the direct rooms in m.direct: %s", response)

    async def _membership(self, room_id: str, user_id: str) -> str | None:
        response = await self.client.room_get_state_event(room_id, "m.room.member", user_id)
        if isinstance(response, RoomGetStateEventResponse):
            return response.content.get("membership")
        return None


def _content(text: str) -> dict:
    """An ``m.notice`` with plain and HTML bodies; mentions become pills."""
    mentioned = [m.group(1) for m in _MENTION.finditer(text)]
    plain = _MENTION.sub(lambda m: m.group(2), text)
    parts = text.split("```")
    formatted = []
    for index, part in enumerate(parts):
        if index % 2:
            formatted.append(f"<pre><code>{html.escape(part.strip(chr(10)))}</code></pre>")
        else:
            escaped = html.escape(part, quote=False).replace("\n", "<br>")
            formatted.append(_MENTION.sub(
                lambda m: f'<a href="https://matrix.to/#/{html.escape(m.group(1))}">'
                          f'{m.group(2)}</a>', escaped))
    content = {"msgtype": "m.notice", "body": plain, "format": "org.matrix.custom.html",
               "formatted_body": "".join(formatted)}
    if mentioned:
        content["m.mentions"] = {"user_ids": sorted(set(mentioned))}
    return content


class MatrixBot:
    """The conversation core on a logged-in nio client."""

    def __init__(self, client: AsyncClient, service: Service, public_url: str = "") -> None:
        self.client = client
        self.transport = MatrixTransport(client)
        self.conversation = Conversation(service, self.transport, public_url)
        client.add_event_callback(self.on_invite, InviteMemberEvent)
        client.add_event_callback(self.on_text, RoomMessageText)
        client.add_event_callback(self.on_reaction, ReactionEvent)
        client.add_response_callback(self.on_sync, SyncResponse)

    async def on_sync(self, response: SyncResponse) -> None:
        self.conversation.store.set_cursor("matrix", self.client.user_id, response.next_batch)

    async def on_invite(self, room: MatrixRoom, event: InviteMemberEvent) -> None:
        if event.state_key == self.client.user_id and event.membership == "invite":
            for attempt in range(3):
                try:
                    await self.client.join(room.room_id)
                    return
                except (OSError, asyncio.TimeoutError):
                    await asyncio.sleep(1 + attempt)

    def _place(self, room: MatrixRoom) -> Place:
        return Place("matrix", room.room_id, room.member_count <= 2)

    def _person(self, room: MatrixRoom, user_id: str) -> Person:
        return Person(user_id, room.user_name(user_id) or user_id)

    async def on_text(self, room: MatrixRoom, event: RoomMessageText) -> None:
        if event.sender == self.client.user_id:
            return
        content = event.source.get("content", {})
        if "m.new_content" in content or content.get("msgtype") == "m.notice":
            return  # edits are not new commands; notices come from bots
        place = self._place(room)
        text, addressed = self._addressed(room, event.body, place.direct)
        await self.conversation.handle_text(place, self._person(room, event.sender), text,
                                            event.event_id, addressed)

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
        if event.sender == self.client.user_id or event.key not in REACTIONS:
            return
        await self.conversation.handle_text(self._place(room),
                                            self._person(room, event.sender),
                                            REACTIONS[event.key], event.event_id, True)


async def login(homeserver: str, user: str, password: str | None = None,
                access_token: str | None = None, device_id: str | None = None) -> AsyncClient:
    config = AsyncClientConfig(max_limit_exceeded=None, max_timeouts=None,
                               request_timeout=60)
    client = AsyncClient(homeserver, user, device_id=device_id or "", config=config)
    if access_token:
        client.restore_login(user, device_id or "BOARDGAMESBOT", access_token)
        return client
    for attempt in range(8):
        try:
            response = await client.login(password, device_name="BoardGamesBot")
        except (OSError, asyncio.TimeoutError) as error:
            log.warning("Matrix login failed (%s); retrying", error)
            await asyncio.sleep(min(30.0, 2 ** attempt))
            continue
        if isinstance(response, LoginResponse):
            return client
        await client.close()
        raise RuntimeError(f"Matrix login refused: {response}")
    await client.close()
    raise RuntimeError("Matrix homeserver unreachable")


async def run(client: AsyncClient, service: Service, public_url: str = "",
              stop: asyncio.Event | None = None, ready: asyncio.Event | None = None,
              sync_timeout: int = 30000) -> None:
    """Serve Matrix on a logged-in ``client`` until ``stop`` is set."""
    bot = MatrixBot(client, service, public_url)
    stop = stop or asyncio.Event()
    since = bot.conversation.store.cursor("matrix", client.user_id)
    try:
        if since:
            client.next_batch = since  # read what arrived while the bot was away
        else:
            await client.sync(timeout=0, full_state=True)  # first start: skip old history
            bot.conversation.store.set_cursor("matrix", client.user_id, client.next_batch)
        await bot.conversation.resume()
        if ready is not None:
            ready.set()
        syncing = asyncio.create_task(_sync(client, sync_timeout))
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({syncing, stopping}, return_when=asyncio.FIRST_COMPLETED)
        syncing.cancel()
        stopping.cancel()
        await asyncio.gather(syncing, stopping, return_exceptions=True)
    finally:
        await bot.conversation.close()
        await client.close()


async def _sync(client: AsyncClient, timeout: int) -> None:
    delay = 1.0
    while True:
        try:
            await client.sync_forever(timeout=timeout, full_state=True)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - the bot must outlive a bad sync
            log.warning("Matrix sync failed (%s); again in %.0f s", error, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 60.0)
