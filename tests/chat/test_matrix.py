"""The Matrix bot end to end, encrypted the way people's rooms are: a real Synapse, the
bot as its own process (`bgbot chat matrix`), people as matrix-nio clients with
encryption on that make rooms like Element does (``m.room.encryption`` in the initial
state, the private-chat preset, ``is_direct`` for a direct chat) and trust the bot's
device on first use before they write.

* a Cartographers solo game to its final score in an encrypted direct chat, with the
  bot killed and restarted mid-game (same device, same rooms, still encrypted), its
  pictures as encrypted files that decrypt to PNGs, its device cross-signed; then a
  message whose key the bot never gets, answered by one notice;
* several turns of Tikal with a computer player in an encrypted group, where chatter,
  stray reactions and numbers from people who are not awaited get no reply; a 👍 on
  the lobby taken back (redacted) leaves it, across a restart too, and after the
  start changes nothing; 🚪
  on the table's message asks, 🚪 on the question within its 30 seconds (across a
  restart too) hands the seat to the computer;
* Cartographers in an unencrypted group: the hidden choices go to the encrypted direct
  rooms the bot opens, the group stays in clear text; a direct room the bot's sync
  brought before its encryption (as under load) gets nothing in clear, nor does one
  two tables wanted at once, which they share;
* a late joiner, after a restart too, reads the lobby sent anew;
* Element's threads (answers in the thread asked from, a table in the thread it was
  opened in, across a restart; 'status' from the main timeline links to the thread;
  the relation in clear, listed by Synapse), replies (a
  number answers the menu replied to, never the newer one; 'join' replied to the lobby),
  edits (a refused typo fixed by an edit is read again; nothing is done twice);
* a newcomer whose join and first message reach the bot in one sync (the bot held still
  with SIGSTOP) can decrypt its answer;
* one device for life, from an operator's token or the password, across restarts and
  a revoked token;
and, without a server, the cross-signing identity file and the rules pages' HTML.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import re
import sqlite3
import struct
import subprocess
import sys
import time
import uuid
import zlib
from urllib.parse import quote

import pytest

nio = pytest.importorskip("nio", reason="the [chat] extra (matrix-nio) is not installed")

from nio.crypto import ENCRYPTION_ENABLED  # noqa: E402
from nio.crypto.attachments import decrypt_attachment  # noqa: E402

from boardgamesbot.chat.matrix import MatrixTransport  # noqa: E402
from boardgamesbot.chat.matrix.bot import key_steps  # noqa: E402

from .conftest import register  # noqa: E402

MENU = re.compile(r"(\d+)\) (.+?)(?=\s{2}\d+\) |$)")
ENCRYPTION = {"type": "m.room.encryption", "state_key": "",
              "content": {"algorithm": "m.megolm.v1.aes-sha2"}}
PNG = b"\x89PNG\r\n\x1a\n"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not ENCRYPTION_ENABLED,
                                 reason="matrix-nio without its e2e extra (vodozemac)")]


class BotProcess:
    def __init__(self, url: str, user: str, password_file, db: str, data_dir, log) -> None:
        self.command = [sys.executable, "-c", "from boardgamesbot.cli import main; main()",
                        "chat", "matrix", "--homeserver", url, "--user", user,
                        "--password-file", str(password_file), "--db", db,
                        "--data-dir", str(data_dir),
                        "--public-url", "http://bg.example", "--bot-workers", "0",
                        "--log-level", "info"]
        self.device_file = data_dir / "matrix" / user / "device.json"
        self.log = log
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, stdout=self.log, stderr=subprocess.STDOUT)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def device(self) -> str:
        return json.loads(self.device_file.read_text())["device_id"]


class Player:
    """A person's Matrix client with encryption on: says things, reads what the bot says."""

    def __init__(self, url: str, name: str, bot: str, store, account: bool = True) -> None:
        self.user = f"@{name}:localhost"
        if account:  # else another device of an account made before
            register(url, name, "pw-" + name)
        store.mkdir(parents=True, exist_ok=True)
        self.client = nio.AsyncClient(url, self.user, store_path=str(store),
                                      config=nio.AsyncClientConfig(encryption_enabled=True))
        self.bot = bot
        self.name = name
        self.notices: list[tuple[str, str]] = []  # (room, body) from the bot
        self.secret: list[bool] = []  # was that notice encrypted
        self.html: list[str] = []  # its formatted_body
        self.images: list[tuple[str, object]] = []  # (room, the image event)
        self.edits: list[tuple[str, str, str]] = []  # (room, edited event, new body)
        self.event_ids: list[str] = []  # of the notices, in the same order
        self.relations: list[dict] = []  # their m.relates_to (a thread, a reply), the same
        #: (msgtype, the users it mentions) of each, in the same order: an m.text rings
        #: those it mentions, an m.notice nobody (the default push rules)
        self.kinds: list[tuple[str, tuple[str, ...]]] = []
        self.invites: list[tuple[str, str, bool]] = []  # (room, inviter, is_direct)
        self.late: set[str] = set()  # rooms they join late, with history not for them
        self.joined_at: dict[str, int] = {}  # such a room -> their join (server ms)
        #: None: a message from the bot they cannot decrypt fails the test; else kept here
        self.unreadable: list[str] | None = None
        self.client.add_event_callback(self._on_invite, nio.InviteMemberEvent)

    async def _on_invite(self, room, event) -> None:
        if event.state_key == self.user and event.membership == "invite":
            self.invites.append((room.room_id, event.sender,
                                 bool(event.content.get("is_direct"))))

    async def login(self) -> None:
        await self.client.login("pw-" + self.name)
        await self.client.sync(timeout=0, full_state=True)
        await key_steps(self.client)

    def trust(self) -> None:
        """Trust on first use, as the test's people do: every device they have seen."""
        for device in self.client.device_store:
            if not device.verified and not device.blacklisted:
                self.client.verify_device(device)

    async def pump(self, timeout_ms: int = 300) -> None:
        # Room of a direct chat joined late: its whole history, not only the last events.
        response = await self.client.sync(timeout=timeout_ms,
                                          sync_filter={"room": {"timeline": {"limit": 100}}})
        await key_steps(self.client)
        self.trust()
        for room_id, room in getattr(response, "rooms", None).join.items():
            if room_id in self.late and room_id not in self.joined_at:
                self.joined_at[room_id] = next(
                    e.server_timestamp for e in room.timeline.events
                    if isinstance(e, nio.RoomMemberEvent) and e.state_key == self.user
                    and e.membership == "join")
            for event in room.timeline.events:
                if getattr(event, "sender", None) != self.bot:
                    continue
                if isinstance(event, (nio.RoomMessageNotice, nio.RoomMessageText)):
                    content = event.source["content"]
                    if "m.new_content" in content:  # the lobby or a closed menu, edited
                        self.edits.append((room_id, content["m.relates_to"]["event_id"],
                                           content["m.new_content"]["body"]))
                        continue
                    self.notices.append((room_id, event.body))
                    self.secret.append(event.decrypted)
                    self.html.append(content.get("formatted_body", ""))
                    self.event_ids.append(event.event_id)
                    self.relations.append(content.get("m.relates_to") or {})
                    self.kinds.append((content.get("msgtype", ""), tuple(
                        content.get("m.mentions", {}).get("user_ids", []))))
                elif isinstance(event, (nio.RoomMessageImage, nio.RoomEncryptedImage)):
                    self.images.append((room_id, event))
                elif isinstance(event, nio.MegolmEvent):
                    if event.server_timestamp < self.joined_at.get(room_id, 0):
                        continue  # sent before they joined: never meant for them
                    if self.unreadable is not None:
                        self.unreadable.append(event.event_id)
                        continue
                    raise AssertionError(f"{self.name} could not decrypt {event.event_id}")

    async def until(self, predicate, timeout: float = 60.0, what: str = "it"):
        start = time.monotonic()
        while True:
            found = predicate()
            if found:
                return found
            if time.monotonic() - start > timeout:
                tail = "\n".join(b for _, b in self.notices[-5:])
                raise AssertionError(f"{self.name} timed out waiting for {what}; last:\n{tail}")
            await self.pump()

    async def say(self, room: str, text: str, thread: str | None = None) -> str:
        """Say ``text`` in ``room``'s main timeline, or in the thread of the root
        ``thread`` the way Element writes there; returns the event's id."""
        content = {"msgtype": "m.text", "body": text}
        if thread is not None:
            content["m.relates_to"] = {"rel_type": "m.thread", "event_id": thread,
                                       "is_falling_back": True,
                                       "m.in_reply_to": {"event_id": thread}}
        return await self.send(room, "m.room.message", content)

    async def react(self, room: str, event_id: str, key: str) -> str:
        return await self.send(room, "m.reaction", {"m.relates_to": {
            "rel_type": "m.annotation", "event_id": event_id, "key": key}})

    async def send(self, room: str, kind: str, content: dict) -> str:
        if self.client.should_query_keys:
            await self.client.keys_query()
        self.trust()
        response = await self.client.room_send(room, kind, content,
                                               ignore_unverified_devices=True)
        assert isinstance(response, nio.RoomSendResponse), response
        return response.event_id

    def heard(self, room: str) -> list[str]:
        return [body for r, body in self.notices if r == room]

    def heard_in(self, room: str, thread: str | None) -> list[str]:
        """What the bot said in the thread ``thread`` of ``room`` (None: the main
        timeline)."""
        return [body for (r, body), relation in zip(self.notices, self.relations)
                if r == room and (relation.get("event_id") if relation.get("rel_type")
                                  == "m.thread" else None) == thread]

    async def quiet(self, room: str, seconds: float = 4.0) -> None:
        """Nothing new from the bot in ``room`` for a while."""
        count = len(self.heard(room))
        edits = len(self.edits)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            await self.pump()
        assert self.heard(room)[count:] == [], self.heard(room)[count:]
        assert self.edits[edits:] == [], self.edits[edits:]

    async def picture(self, event) -> bytes:
        """The PNG of an image event, decrypted when it came as an encrypted file."""
        response = await self.client.download(event.url)
        assert isinstance(response, nio.DownloadResponse), response
        if isinstance(event, nio.RoomEncryptedImage):
            return decrypt_attachment(response.body, event.key["k"], event.hashes["sha256"],
                                      event.iv)
        return response.body

    async def close(self) -> None:
        await self.client.close()


async def element_room(player: Player, invite: list[str], direct: bool = False,
                       name: str | None = None, encrypted: bool = True) -> str:
    """A room made the way Element makes one."""
    preset = nio.RoomPreset.trusted_private_chat if direct else nio.RoomPreset.private_chat
    response = await player.client.room_create(
        name=name, is_direct=direct, invite=invite, preset=preset,
        initial_state=[ENCRYPTION] if encrypted else [])
    assert isinstance(response, nio.RoomCreateResponse), response
    return response.room_id


def called(body: str, *players: Player) -> Player:
    """Which of ``players`` a menu awaits: the one it names ("Your turn, ana!" above the
    menu; "ana, choose …" when a turn goes on)."""
    return next(p for p in players if f"{p.name}," in body or f"{p.name}!" in body)


def menu_choice(body: str) -> str | None:
    """The number to answer a menu with: end the turn if possible, else the first complete
    action, else the first step."""
    options = MENU.findall(body.splitlines()[-1]) if body else []
    if not options:
        return None
    for number, label in options:
        if label.startswith(("✔ end", "⏭")):  # the game's own words: "⏭ End the turn"
            return number
    for number, label in options:
        if label.startswith("✔"):
            return number
    return options[0][0]


async def joined(player: Player, room: str, bot: str) -> None:
    await player.until(lambda: room in player.client.rooms
                       and bot in player.client.rooms[room].users
                       and not player.client.rooms[room].users[bot].invited,
                       what="the bot to join")


def start_bot(url: str, tmp_path) -> tuple[str, BotProcess, object]:
    """A new bot account and its process; returns (its user id, the process, its log)."""
    bot_id = register(url, f"bgbot{uuid.uuid4().hex[:6]}", "botpass")
    (tmp_path / "password").write_text("botpass\n")
    # Not a with-block: the log outlives this function, and report() closes it.
    log = open(tmp_path / "bot.log", "w")  # noqa: SIM115
    bot = BotProcess(url, bot_id, tmp_path / "password", f"sqlite:///{tmp_path / 'chat.db'}",
                     tmp_path / "data", log)
    bot.start()
    return bot_id, bot, log


class HouseBot:
    """One bot process for the tests of a module that only need a room of their own with
    new people in it (the ``house_bot`` fixture, conftest.py): starting a bot (an
    account, its keys, cross-signing, a first sync) is paid once, not per test. The tests
    stay independent: each makes its own Ana, Bob and room; and a test that fails, or
    leaves the process dead, gets it replaced by a new bot (a new account, database and
    log) for the next test, so one failure cannot spill into the others."""

    def __init__(self, url: str, tmp_path_factory) -> None:
        self.url, self.tmp_path_factory = url, tmp_path_factory
        self.bot: BotProcess | None = None
        self.failed = False

    def ready(self) -> HouseBot:
        if self.bot is None or self.failed or self.bot.process.poll() is not None:
            self.close()
            self.path = self.tmp_path_factory.mktemp("house-bot")
            self.bot_id, self.bot, self.log = start_bot(self.url, self.path)
            self.failed = False
        self.log.flush()
        self.since = (self.path / "bot.log").stat().st_size  # this test's part of the log
        return self

    def report_failure(self) -> None:
        """The bot's log since this test began (CI's rare timeouts are read there)."""
        self.failed = True
        self.log.flush()
        with open(self.path / "bot.log", encoding="utf-8", errors="replace") as log:
            log.seek(self.since)
            lines = log.read().splitlines()
        print("\n".join([line for line in lines if " nio.rooms: " not in line][-150:]))

    def close(self) -> None:
        if self.bot is not None:
            report(self.bot, self.log, self.path)
            self.bot = None


@contextlib.asynccontextmanager
async def ana_and_bob_in_a_group(url: str, tmp_path, name: str, encrypted: bool = True,
                                 house: HouseBot | None = None):
    """A bot, and Ana and Bob in a group Ana made the way Element makes one with the bot
    invited, Bob having joined: yields (the bot's id, its process, Ana, Bob, the room);
    afterwards the bot's log is reported and both clients closed. With ``house`` (a test
    that neither restarts the bot nor reads its files), the module's bot, left running."""
    tag = uuid.uuid4().hex[:6]
    if house is None:
        bot_id, bot, log = start_bot(url, tmp_path)
    else:
        bot_id, bot = house.bot_id, house.bot
    ana = Player(url, f"ana{tag}", bot_id, tmp_path / "ana")
    bob = Player(url, f"bob{tag}", bot_id, tmp_path / "bob")
    try:
        await ana.login()
        await bob.login()
        group = await element_room(ana, [bot_id, bob.user], name=name, encrypted=encrypted)
        await joined(ana, group, bot_id)
        await bob.until(lambda: group in bob.client.invited_rooms, what="the group invite")
        await bob.client.join(group)
        yield bot_id, bot, ana, bob, group
    except BaseException:
        if house is None:
            report(bot, log, tmp_path, failed=True)
        else:
            house.report_failure()
        raise
    else:
        if house is None:
            report(bot, log, tmp_path)
    finally:
        await ana.close()
        await bob.close()


async def tikal_started(ana: Player, bob: Player, group: str, lang: str = "en",
                        thread: str | None = None) -> str:
    """Ana opens a Tikal table in ``group`` (in ``thread``), in ``lang`` (said first, and
    the commands in its words), Bob joins, Ana starts it: the first call to play."""
    new, join, start, turn = {"en": ("new", "join", "start", "Your turn"),
                              "pt-BR": ("novo", "entrar", "comecar", "Sua vez")}[lang]
    if lang != "en":
        await ana.say(group, f"!bg idioma {lang}", thread=thread)
    await ana.say(group, f"!bg {new} tikal", thread=thread)
    await bob.until(lambda: any("Tikal" in b for b in bob.heard(group)), what="the lobby")
    await bob.say(group, f"!bg {join}", thread=thread)
    await ana.until(lambda: any(bob.name in b for r, _, b in ana.edits if r == group),
                    what="Bob in the lobby")
    await ana.say(group, f"!bg {start}", thread=thread)
    return await ana.until(lambda: next((b for b in ana.heard_in(group, thread)
                                         if turn in b), None), what="a turn")


async def comes_in(url: str, ana: Player, bot_id: str, store, group: str) -> Player:
    """Cy, a new account, invited by Ana into ``group`` and come in (late: its history
    was not for Cy's device). Cy is the caller's to close."""
    cy = Player(url, f"cy{ana.name[3:]}", bot_id, store)
    try:
        await cy.login()
        assert isinstance(await ana.client.room_invite(group, cy.user), nio.RoomInviteResponse)
        await cy.until(lambda: group in cy.client.invited_rooms, what="the invite")
        cy.late.add(group)
        await cy.client.join(group)
    except BaseException:
        await cy.close()
        raise
    return cy


async def bot_keys(player: Player, bot_id: str) -> dict:
    """What the server tells anyone about the bot's keys (``keys/query``)."""
    response = await player.client.send(
        "POST", "/_matrix/client/v3/keys/query", json.dumps({"device_keys": {bot_id: []}}),
        headers={"Authorization": f"Bearer {player.client.access_token}"})
    assert response.status == 200
    return await response.json()


def assert_cross_signed(player: Player, keys: dict, bot_id: str, device: str) -> str:
    """The device is signed by the self-signing key, which the master key signed; returns
    the master key. Checked with nio's own verifier (its canonical JSON, vodozemac's
    Ed25519), not the bot's code."""

    def signed(obj: dict, public: str, key_id: str | None = None) -> bool:
        return player.client.olm.verify_json(copy.deepcopy(obj), public, bot_id,
                                             key_id or public)

    master = keys["master_keys"][bot_id]
    self_signing = keys["self_signing_keys"][bot_id]
    (master_key,) = master["keys"].values()
    (self_signing_key,) = self_signing["keys"].values()
    assert signed(master, master_key)
    assert signed(self_signing, master_key)
    device_keys = keys["device_keys"][bot_id][device]
    assert signed(device_keys, self_signing_key)
    assert signed(device_keys, device_keys["keys"][f"ed25519:{device}"], device)  # its own
    assert not signed(device_keys, master_key)  # the master key signs only the self-signing key
    return master_key


def reactions_kept(bot: BotProcess) -> dict:
    """What the bot wrote down of people's reactions (its reactions.json)."""
    kept = bot.device_file.parent / "reactions.json"
    return json.loads(kept.read_text()) if kept.exists() else {"joins": {}, "questions": {}}


def sent_kept(bot: BotProcess) -> list[str]:
    """The bot's messages it wrote down as its own (its sent.json): written once the
    server answered its send, which can be after people read the message."""
    kept = bot.device_file.parent / "sent.json"
    return json.loads(kept.read_text())["mine"] if kept.exists() else []


def report(bot: BotProcess, log, tmp_path, failed: bool = False) -> None:
    """The bot stopped; its log's end printed if it died, or the test failed (what the
    bot made of the last events: CI's rare timeouts are read there)."""
    bot.stop()
    log.close()
    if failed or bot.process.returncode not in (0, -15, None):
        lines = (tmp_path / "bot.log").read_text().splitlines()
        print("\n".join([line for line in lines if " nio.rooms: " not in line][-150:]))


def test_cartographers_solo_in_an_encrypted_direct_chat(synapse, tmp_path):
    asyncio.run(asyncio.wait_for(_solo(synapse, tmp_path), 900))


async def _solo(url, tmp_path):
    tag = uuid.uuid4().hex[:6]
    bot_id, bot, log = start_bot(url, tmp_path)
    ana = Player(url, f"ana{tag}", bot_id, tmp_path / "ana")
    try:
        await ana.login()
        dm = await element_room(ana, [bot_id], direct=True)
        await joined(ana, dm, bot_id)
        device = bot.device()
        master = assert_cross_signed(ana, await bot_keys(ana, bot_id), bot_id, device)

        await ana.say(dm, "new cartographers B")
        await ana.until(lambda: any("Cartographers" in b for b in ana.heard(dm)),
                        what="the lobby")
        assert "Wastelands" in ana.heard(dm)[-1]  # the option's own name
        await ana.say(dm, "start")
        await ana.until(lambda: any("Your turn" in b for b in ana.heard(dm)), what="a turn")
        await ana.until(lambda: ana.images, what="a picture")
        answered, restarted = 0, False
        while not any("🏁" in b for b in ana.heard(dm)):
            body = ana.heard(dm)[-1]
            number = menu_choice(body)
            if number is None:
                count = len(ana.heard(dm))
                await ana.until(lambda count=count: len(ana.heard(dm)) > count, what="a menu")
                continue
            if answered == 6:
                await ana.say(dm, "forest 9 r0 A1")  # malformed: a shape is 1 or 2
                await ana.until(lambda: "⚠" in ana.heard(dm)[-1], what="a refusal")
            if answered == 8 and not restarted:
                bot.kill()  # the bot process dies mid-game …
                bot.start()  # … and a new one carries on, on the same device
                restarted = True
                # It still knows the menus it closed before: a keycap on an answered
                # one is told so, and plays nothing.
                answered_menu = next(e for r, e, b in ana.edits
                                     if r == dm and b.endswith("(closed)"))
                count = len(ana.heard(dm))
                await ana.react(dm, answered_menu, "1\ufe0f\u20e3")
                await ana.until(lambda count=count: any(
                    "That menu is closed" in b for b in ana.heard(dm)[count:]),
                    what="the closed menu told", timeout=90)
            count = len(ana.heard(dm))
            await ana.say(dm, number)
            await ana.until(lambda count=count: len(ana.heard(dm)) > count, what="an answer",
                            timeout=90)
            answered += 1
            assert answered < 400
        end = next(b for b in ana.heard(dm) if "🏁" in b)
        # (a solo game is rated, not won: its rating and title where a winner would be)
        assert "http://bg.example/#/replay/" in end and "⭐ Solo rating " in end, end
        assert "🏆" not in end, end
        assert restarted

        # Everything the bot said here was encrypted; its pictures are encrypted files.
        assert all(ana.secret), "a notice in the encrypted direct chat came in clear"
        assert all(isinstance(event, nio.RoomEncryptedImage) for _, event in ana.images)
        assert all("url" not in event.source["content"] for _, event in ana.images)
        for _, event in ana.images[:2] + ana.images[-1:]:
            assert (await ana.picture(event)).startswith(PNG)
        # Answered menus were edited to say they are closed; none is left open.
        assert any("(closed)" in body for _, _, body in ana.edits)
        menus = json.loads((bot.device_file.parent / "menus.json").read_text())
        assert menus.get(dm, {}) == {}, menus

        # One device for life: the restart kept it, its keys and its cross-signing.
        assert bot.device() == device
        keys = await bot_keys(ana, bot_id)
        with_keys = list(keys["device_keys"][bot_id])
        assert with_keys == [device], with_keys
        assert assert_cross_signed(ana, keys, bot_id, device) == master

        # A message whose key never reaches the bot (Ana's second device blocks the bot's
        # device): kept a while, then one notice per sender and session, not silence.
        second = Player(url, ana.name, bot_id, tmp_path / "ana2", account=False)
        try:
            await second.login()  # its first sync saw the room and queried its members' keys
            for device in second.client.device_store.active_user_devices(bot_id):
                second.client.blacklist_device(device)
            count = len(ana.heard(dm))
            await second.say(dm, "score")
            await second.say(dm, "status")  # the same session: no second notice
            await ana.until(lambda count=count: len(ana.heard(dm)) > count, what="the notice",
                            timeout=60)
            await ana.quiet(dm, 10.0)
            (notice,) = ana.heard(dm)[count:]
            assert "could not read your encrypted message" in notice and ana.name in notice
        finally:
            await second.close()
    finally:
        report(bot, log, tmp_path)
        await ana.close()


def test_tikal_with_a_computer_player_in_an_encrypted_group(synapse, tmp_path):
    asyncio.run(asyncio.wait_for(_tikal(synapse, tmp_path), 600))


async def _tikal(url, tmp_path):
    async with ana_and_bob_in_a_group(url, tmp_path, "Tikal night") as (
            bot_id, bot, ana, bob, group):
        await ana.say(group, "!bg new tikal")
        await bob.until(lambda: any("Tikal" in b for b in bob.heard(group)), what="the lobby")
        lobby = bob.event_ids[next(i for i, (r, b) in enumerate(bob.notices)
                                   if r == group and "Tikal" in b)]
        # (its tip quotes the commands as a group must type them)
        assert "Join with '!bg join'" in next(b for b in bob.heard(group) if "Tikal" in b)
        thumb = await bob.react(group, lobby, "👍")  # 👍 on the lobby joins
        await ana.until(lambda: any(e == lobby and bob.name in b for _, e, b in ana.edits),
                        what="Bob in the lobby")
        # The bot restarted meanwhile (once it has written the 👍 down) still knows what
        # it was: Element's second click on it takes it back (a redaction, which carries
        # no content), and him out.
        await ana.until(lambda: thumb in reactions_kept(bot)["joins"], what="the 👍 kept")
        count = len(ana.notices)
        await ana.say(group, "!bg rules tikal")  # a rules page: HTML with a plain fallback
        await ana.until(lambda: len(ana.notices) > count, what="the rules")
        assert re.search(r"<(p|ul|ol|h\d|table|strong)>", ana.html[-1]), ana.html[-1]
        assert "<" not in ana.notices[-1][1] and "**" not in ana.notices[-1][1]  # plain lines
        rules_page = ana.event_ids[-1]
        # Killed only once it wrote the page down as its own: Ana can read it before the
        # server's answer reaches the bot (CI saw 🚪 on it ignored after the restart).
        await ana.until(lambda: rules_page in sent_kept(bot), what="the rules page kept")
        bot.kill()
        bot.start()
        await bob.client.room_redact(group, thumb)
        await ana.until(lambda: ana.edits[-1][1] == lobby and bob.name not in ana.edits[-1][2],
                        what="Bob out of the lobby")
        thumb = await bob.react(group, lobby, "👍")  # in again
        await ana.until(lambda: bob.name in ana.edits[-1][2], what="Bob back in the lobby")
        await bob.react(group, lobby, "🚪")  # 🚪 on the lobby: out at once, nothing asked
        await ana.until(lambda: ana.edits[-1][1] == lobby and bob.name not in ana.edits[-1][2],
                        what="Bob out of the lobby by 🚪")
        # His 👍 still stands (a server takes one 👍 per person): Element's click on it
        # takes it back, out already, and the next one brings him in for the game.
        await bob.client.room_redact(group, thumb)
        thumb = await bob.react(group, lobby, "👍")
        await ana.say(group, "!bg bot easy")
        await ana.until(lambda: any("🤖" in b and bob.name in b for r, _, b in ana.edits
                                    if r == group), what="the lobby edited: Bob and a bot")
        await ana.say(group, "!bg start")
        await ana.until(lambda: any("Your turn" in b for b in ana.heard(group)), what="a turn")
        turns = {ana.name: 0, bob.name: 0}
        tested, answered = False, 0
        while min(turns.values()) < 2:
            notices = ana.heard(group)
            menus = [i for i in range(answered, len(notices))
                     if MENU.search(notices[i].splitlines()[-1])]
            if not menus:
                count = len(notices)
                await ana.until(lambda count=count: len(ana.heard(group)) > count,
                                what="the game going on", timeout=90)
                continue
            body = notices[menus[-1]]
            menu_event = [e for (r, _), e in zip(ana.notices, ana.event_ids)
                          if r == group][menus[-1]]
            answered = menus[-1] + 1
            asked = called(body, ana, bob)
            other = bob if asked is ana else ana
            if not tested:
                # People talk, react, and the one not awaited types a number: no reply.
                await other.say(group, "1")
                await other.say(group, "shall we order pizza? 2 or 3")
                await other.react(group, menu_event, "1️⃣")
                await asked.react(group, lobby, "👍")  # the lobby is long closed
                await asked.react(group, menu_event, "🎉")
                await bob.client.room_redact(group, thumb)  # the seat is the game's now
                await ana.quiet(group)
                # A command from the one not awaited still gets its refusal.
                count = len(ana.heard(group))
                await other.say(group, "!bg end")
                await ana.until(lambda count=count: any("not your turn" in b
                                                        for b in ana.heard(group)[count:]),
                                what="out of turn refused")
                await ana.say(group, "!bg lang ca")
                await ana.until(lambda: any("català" in b for b in ana.heard(group)),
                                what="Catalan")
                await ana.say(group, "!bg status")
                await ana.until(lambda: "en joc" in ana.heard(group)[-1], what="Catalan status")
                answered = len(ana.heard(group))
                tested = True
            number = menu_choice(body)
            label = dict(MENU.findall(body.splitlines()[-1]))[number]
            if label.startswith(("✔ end", "⏭")):
                turns[asked.name] += 1
            count = len(ana.heard(group))
            if int(number) <= 9 and turns[asked.name] % 2:
                await asked.react(group, menu_event, f"{number}\ufe0f\u20e3")  # a keycap
            else:
                await asked.say(group, number)
            await ana.until(lambda count=count: len(ana.heard(group)) > count, what="an answer",
                            timeout=90)
        # Leaving without typing: 🚪 on the bot's message (the rules page, sent before the
        # restart: the bot still knows it for its own) asks; 🚪 on the question leaves
        # within its 30 seconds, also across a restart; after them, it only asks again.
        def questions() -> list[str]:
            return [e for (r, b), e in zip(bob.notices, bob.event_ids)
                    if r == group and "vols deixar aquesta partida?" in b]

        await bob.react(group, rules_page, "🚪")
        question = (await bob.until(questions, what="the question"))[0]
        await bob.until(lambda: question in reactions_kept(bot)["questions"],
                        what="the question kept")
        bot.kill()  # … and away for longer than the question's 30 seconds: when it asked
        with contextlib.closing(sqlite3.connect(tmp_path / "chat.db")) as db, db:  # (kept
            assert db.execute("UPDATE chat_leaving SET asked_at = asked_at - 31 "  # as on
                              "WHERE user_id = ?", (bob.user,)).rowcount == 1  # every network)
        bot.start()
        await bob.react(group, question, "🚪")  # too late: asked again, nothing changes
        question = (await bob.until(lambda: questions()[1:], what="the question again"))[0]
        assert not any(f"juga per {bob.name}" in b for b in ana.heard(group))
        await bob.until(lambda: question in reactions_kept(bot)["questions"],
                        what="the new question kept")
        bot.kill()
        bot.start()
        await bob.react(group, question, "🚪")
        await ana.until(lambda: any(f"juga per {bob.name}" in b for b in ana.heard(group)),
                        what="the computer playing Bob's seat")
        assert any("🤖" in b for b in ana.heard(group))
        assert any("Et toca" in b for b in ana.heard(group))  # prompts now in Catalan
        assert any("(tancat)" in b for r, _, b in ana.edits if r == group)  # menus too
        assert all(ana.secret), "a notice in the encrypted group came in clear"
        assert ana.images and all(isinstance(e, nio.RoomEncryptedImage) for _, e in ana.images)
        assert (await ana.picture(ana.images[-1][1])).startswith(PNG)
        # Encrypted, the server sees only m.room.encrypted: no msgtype, no m.mentions. Its
        # default rule for those (.m.rule.encrypted) notifies every member of a group of
        # every message, silently; the reader's client decrypts and applies the same rules
        # to the content (an m.notice: nothing; a call mentioning them: sound).
        from_bot = [n for n in await notifications(bob)
                    if n["event"]["sender"] == bot_id and n["room_id"] == group]
        assert from_bot and all(n["event"]["type"] == "m.room.encrypted" for n in from_bot)
        assert not any(rings(n) for n in from_bot)
        calls = [k for (r, _), k in zip(ana.notices, ana.kinds) if r == group and k[0] == "m.text"]
        assert calls and all(len(mentioned) == 1 for _, mentioned in calls), calls


def test_a_late_joiner_reads_everything_the_bot_says_after_joining(synapse, tmp_path):
    """Cy is invited to an encrypted group with a lobby open, joins and asks to play, in
    Portuguese: every message and edit the bot sends from then on, Cy can decrypt (what
    it said before Cy came in was never meant for Cy's device). The lobby itself Cy
    cannot read, nor therefore its edits (clients apply an edit to the message it edits):
    so as Cy comes in the lobby comes as a new message, the old one closed, and Cy's
    joining and the start edit the new one — also when the bot restarted before Cy came
    in: it remembers who could read each of its messages. Bob's 👍 on the old one, taken
    back after a restart, takes him out of the new one: the bot remembers which message
    took over."""
    asyncio.run(asyncio.wait_for(_late_joiner(synapse, tmp_path), 240))


async def _late_joiner(url, tmp_path):
    async with ana_and_bob_in_a_group(url, tmp_path, "Late night") as (
            bot_id, bot, ana, bob, group):
        await ana.say(group, "!bg new cartographers")
        first = await bob.until(lambda: next(
            (e for (r, b), e in zip(bob.notices, bob.event_ids)
             if r == group and "Cartographers" in b), None), what="the lobby")
        thumb = await bob.react(group, first, "👍")
        await ana.until(lambda: thumb in reactions_kept(bot)["joins"], what="the 👍 kept")
        # Restarted before Cy comes in, the bot still knows who could read the lobby.
        bot.kill()
        bot.start()
        cy = await comes_in(url, ana, bot_id, tmp_path / "cy", group)
        try:
            await cy.until(lambda: group in cy.client.rooms, what="the group")
            # Cy has only come in, typed nothing: the lobby comes anew, for Cy to read
            # (before, Cy saw "unable to decrypt" and had to be told what to type).
            lobby = await cy.until(lambda: next(
                (e for (r, b), e in zip(cy.notices, cy.event_ids)
                 if r == group and "New table" in b), None),
                what="the lobby, as a message Cy can read, on coming in")
            await ana.until(lambda: any(b.endswith("(closed)") for r, _, b in ana.edits
                                        if r == group), what="the old lobby closed")
            assert bob.name in next(b for (r, b), e in zip(cy.notices, cy.event_ids)
                                    if e == lobby)
            await cy.say(group, "!bg entrar")
            await cy.until(lambda: any(e == lobby and cy.name in b for r, e, b in cy.edits),
                           what="Cy in the lobby")
            bot.kill()
            bot.start()
            await bob.client.room_redact(group, thumb)  # his 👍 on the old lobby
            await cy.until(lambda: any(e == lobby and bob.name not in b
                                       for r, e, b in cy.edits), what="Bob out of the lobby")
            await ana.say(group, "!bg start")
            await cy.until(lambda: any(e == lobby and "Started" in b
                                       for r, e, b in cy.edits), what="the lobby started")
            await cy.until(lambda: any(cy.name in b and "chooses" in b
                                       for b in cy.heard(group)), what="the call to choose")
            await cy.until(lambda: any(cy.name in b and "private message" in b
                                       for b in cy.heard(group)), what="the direct rooms told")
        finally:
            await cy.close()


def test_a_thread_is_answered_in_it_and_a_table_opened_there_lives_there(synapse, tmp_path):
    """Element's threads, in an encrypted group: a command typed in a thread is answered in
    that thread (Element's relation: ``rel_type m.thread``, the root, ``is_falling_back``
    with an ``m.in_reply_to`` for older clients), one from the main timeline there. A
    table opened in a thread lives in it — its lobby, turns, pictures and narration —
    while answers go where they were asked, also after a restart. The relation is in
    clear in the encrypted events: Synapse lists the bot's messages in the thread."""
    asyncio.run(asyncio.wait_for(_threads(synapse, tmp_path), 400))


def _thread_of(relation: dict) -> str | None:
    return relation.get("event_id") if relation.get("rel_type") == "m.thread" else None


async def _threads(url, tmp_path):
    async with ana_and_bob_in_a_group(url, tmp_path, "Threads") as (
            bot_id, bot, ana, bob, group):
        root = await ana.say(group, "Tikal tonight? Let's keep the game in a thread")
        asked = await ana.say(group, "!bg help", thread=root)
        await ana.until(lambda: ana.heard_in(group, root), what="help in the thread")
        index = next(i for i, relation in enumerate(ana.relations)
                     if _thread_of(relation) == root)
        assert ana.relations[index] == {"rel_type": "m.thread", "event_id": root,
                                        "is_falling_back": True,
                                        "m.in_reply_to": {"event_id": asked}}
        assert ana.secret[index]
        await bob.until(lambda: group in bob.client.rooms, what="the group")
        await bob.say(group, "!bg help")  # the main timeline is answered there
        await ana.until(lambda: ana.heard_in(group, None), what="help in the main timeline")
        assert len(ana.heard_in(group, root)) == 1

        await ana.say(group, "!bg new tikal", thread=root)
        await ana.until(lambda: any("Tikal" in b for b in ana.heard_in(group, root)),
                        what="the lobby in the thread")
        await bob.say(group, "!bg join")  # from the main timeline: the lobby is edited
        await ana.until(lambda: any(bob.name in b for r, _, b in ana.edits if r == group),
                        what="Bob in the lobby")
        await bob.say(group, "!bg start")  # only the creator starts: refused where asked
        await ana.until(lambda: any("⚠" in b for b in ana.heard_in(group, None)),
                        what="the refusal in the main timeline")
        await ana.say(group, "!bg start", thread=root)
        await ana.until(lambda: any("Your turn" in b for b in ana.heard_in(group, root)),
                        what="the first turn in the thread")
        await ana.until(lambda: ana.images, what="the board")
        assert all(_thread_of(event.source["content"].get("m.relates_to") or {}) == root
                   for r, event in ana.images if r == group)
        # 'status' asked from the main timeline points to the thread the game is in.
        await bob.say(group, "!bg status")
        pointer = f"https://matrix.to/#/{quote(group, safe='')}/{quote(root, safe='')}?via="
        await ana.until(lambda: any(pointer in b for b in ana.heard_in(group, None)),
                        what="status with a link to the thread")
        main = len(ana.heard_in(group, None))

        # Restarted, the bot still tells the table in its thread, and answers where asked.
        bot.kill()
        bot.start()
        in_thread = len(ana.heard_in(group, root))
        for _ in range(12):
            menus = [b for b in ana.heard(group) if MENU.search(b.splitlines()[-1])]
            body = menus[-1]
            player = called(body, ana, bob)
            count = len(ana.heard(group))
            await player.say(group, menu_choice(body))  # in the main timeline
            await ana.until(lambda count=count: len(ana.heard(group)) > count,
                            what="an answer", timeout=90)
            if len(ana.heard_in(group, root)) > in_thread:
                break
        told = ana.heard_in(group, root)[in_thread:]
        assert told and any(ana.name in b or bob.name in b for b in told), told
        # In the main timeline only answers to the numbers typed there: menu steps.
        assert all(MENU.search(b.splitlines()[-1]) for b in ana.heard_in(group, None)[main:])
        assert all(ana.secret)

        # The server relates them in the encrypted room: the relation is in clear.
        response = await ana.client.send(
            "GET", f"/_matrix/client/v1/rooms/{group}/relations/{root}/m.thread?limit=100",
            headers={"Authorization": f"Bearer {ana.client.access_token}"})
        assert response.status == 200
        chunk = (await response.json())["chunk"]
        from_bot = [e for e in chunk if e["sender"] == bot_id]
        assert len(from_bot) >= len(ana.heard_in(group, root))
        assert all(e["type"] == "m.room.encrypted" and "ciphertext" in e["content"]
                   and e["content"]["m.relates_to"]["event_id"] == root for e in from_bot)


def test_element_replies_answer_the_message_they_reply_to(synapse, tmp_path):
    """Element's "Reply" on the bot's messages, in an encrypted group: "join" and "start"
    replied to the lobby (no '!bg') are read as commands; a number replied to a menu
    answers that menu only — one replaced since (or somebody else's) plays nothing and
    says so, where the old code played that number on the newer menu (a keycap on one's
    own closed menu says so too, where the old code was silent) — and, somebody else's,
    whose turn it is and how to ask why; a number replied to a person's message is talk."""
    asyncio.run(asyncio.wait_for(_replies(synapse, tmp_path), 400))


def _reply(body: str, to: str) -> dict:
    return {"msgtype": "m.text", "body": body, "m.relates_to": {"m.in_reply_to": {
        "event_id": to}}}


async def _replies(url, tmp_path):
    async with ana_and_bob_in_a_group(url, tmp_path, "Replies") as (
            bot_id, bot, ana, bob, group):
        await ana.say(group, "!bg new tikal")
        lobby = await bob.until(lambda: next((e for (r, b), e in zip(bob.notices, bob.event_ids)
                                              if r == group and "Tikal" in b), None),
                                what="the lobby")
        await bob.send(group, "m.room.message", _reply("join", lobby))
        await ana.until(lambda: any(bob.name in b for r, _, b in ana.edits if r == group),
                        what="Bob in the lobby")
        await ana.send(group, "m.room.message", _reply("start", lobby))
        await ana.until(lambda: any("Your turn" in b for b in ana.heard(group)),
                        what="the first turn")

        def menus() -> list[tuple[str, str]]:
            return [(e, b) for (r, b), e in zip(ana.notices, ana.event_ids)
                    if r == group and MENU.search(b.splitlines()[-1])]

        first, body = menus()[-1]
        player, other = (ana, bob) if called(body, ana, bob) is ana else (bob, ana)
        options = MENU.findall(body.splitlines()[-1])
        number = next((n for n, label in options if label.endswith("…")), options[0][0])
        await player.say(group, number)
        second, body = await ana.until(lambda: menus()[-1] if menus()[-1][0] != first
                                       else None, what="the next menu")
        await ana.until(lambda: any(e == first for r, e, _ in ana.edits), what="closed")
        assert called(body, ana, bob) is player

        count = len(ana.heard(group))
        closed = "⚠ That menu is closed: nothing was played. Answer your latest menu."
        await player.send(group, "m.room.message", _reply("1", first))  # the closed one
        await ana.until(lambda: len(ana.heard(group)) > count, what="an answer")
        assert ana.heard(group)[count] == closed
        # Not theirs: whose turn it is, as a tap on another's buttons says on Telegram
        # (the old answer, "closed or not yours", left them asking whose).
        await other.send(group, "m.room.message", _reply("1", second))
        await ana.until(lambda: len(ana.heard(group)) > count + 1, what="an answer")
        assert ana.heard(group)[count + 1] == \
            f"⚠ It is not your turn. Waiting for: {player.name}\nWhy? Say '!bg why'"
        await other.send(group, "m.room.message", _reply("1", first))  # an old one of another
        await ana.until(lambda: len(ana.heard(group)) > count + 2, what="an answer")
        assert ana.heard(group)[count + 2] == "⚠ That menu is an old one, and it is not " \
            f"your turn. Waiting for: {player.name}"
        await player.react(group, first, "1\ufe0f\u20e3")  # a keycap on the closed one
        await ana.until(lambda: len(ana.heard(group)) > count + 3, what="an answer")
        assert ana.heard(group)[count + 3] == closed
        await other.react(group, first, "2\ufe0f\u20e3")  # on somebody's old menu: talk
        chatter = await other.say(group, "how many tiles are left?")
        await player.send(group, "m.room.message", _reply("2", chatter))  # talk
        await ana.quiet(group)
        # Nothing was played: the menu replied to last is still the open one.
        menus_file = json.loads((bot.device_file.parent / "menus.json").read_text())
        assert menus_file[group][player.user]["event_id"] == second
        count = len(ana.heard(group))
        await player.send(group, "m.room.message", _reply(menu_choice(body), second))
        await ana.until(lambda: len(ana.heard(group)) > count, what="the reply answered")
        assert not any("menu is closed" in b for b in ana.heard(group)[count:])


def test_an_edited_command_is_read_again_only_if_nothing_came_of_it(synapse, tmp_path,
                                                                    house_bot):
    """Element's edit (the up arrow) of a person's own message, in an encrypted group: a
    typo the bot refused, fixed by an edit, is read again — in the thread it was typed
    in; an edit of a message the bot already acted on does nothing twice and says so; an
    edited number that already answered a menu plays nothing again; edited talk stays
    talk. (The old code ignored every edit: the fixed command got no answer.)"""
    asyncio.run(asyncio.wait_for(_edits(synapse, tmp_path, house_bot), 400))


def _edit(original: str, body: str) -> dict:
    return {"msgtype": "m.text", "body": f"* {body}",
            "m.new_content": {"msgtype": "m.text", "body": body},
            "m.relates_to": {"rel_type": "m.replace", "event_id": original}}


async def _edits(url, tmp_path, house):
    async with ana_and_bob_in_a_group(url, tmp_path, "Edits",
                                      house=house) as (
            bot_id, bot, ana, bob, group):
        root = await ana.say(group, "Game?")
        typo = await ana.say(group, "!bg nwe tikal", thread=root)
        await ana.until(lambda: any("I don't know 'nwe'" in b
                                    for b in ana.heard_in(group, root)), what="the refusal")
        await ana.send(group, "m.room.message", _edit(typo, "!bg new tikal"))
        await ana.until(lambda: any("New table: Tikal" in b for b in ana.heard_in(group, root)),
                        what="the lobby, in the thread")
        count = len(ana.heard(group))
        await ana.send(group, "m.room.message", _edit(typo, "!bg new cartographers"))
        await ana.until(lambda: len(ana.heard(group)) > count, what="the edit's answer")
        assert "did not read your edit" in ana.heard(group)[count]
        assert "'!bg undo'" in ana.heard(group)[count]
        assert ana.heard_in(group, root)[-1] == ana.heard(group)[count]

        await bob.until(lambda: group in bob.client.rooms, what="the group")
        await bob.say(group, "!bg join")
        await ana.until(lambda: any(bob.name in b for r, _, b in ana.edits if r == group),
                        what="Bob in the lobby")
        await ana.say(group, "!bg start", thread=root)
        body = await ana.until(lambda: next((b for b in reversed(ana.heard(group))
                                             if MENU.search(b.splitlines()[-1])
                                             and "Your turn" in b), None),
                               what="the first menu")  # (not the lobby's, also numbered)
        player = called(body, ana, bob)
        count = len(ana.heard(group))
        answer = await player.say(group, menu_choice(body))
        await ana.until(lambda: len(ana.heard(group)) > count, what="the menu answered")
        await ana.quiet(group, 3.0)
        heard, edits = len(ana.heard(group)), len(ana.edits)
        await player.send(group, "m.room.message", _edit(answer, "2"))  # played: not again
        talk = await bob.say(group, "gg")
        await bob.send(group, "m.room.message", _edit(talk, "gg all"))
        await ana.quiet(group)
        assert (len(ana.heard(group)), len(ana.edits)) == (heard, edits)


def test_a_newcomers_first_message_read_with_their_join_is_answered_readably(synapse,
                                                                              tmp_path):
    """Cy is invited to an encrypted group, joins and writes while the bot is busy (held
    still with SIGSTOP between two syncs, as a slow answer holds its sync loop): its next
    sync brings Cy's invite, join and message together, and nio reads the message before
    it learns Cy's devices (it tracks a room's new members after the sync's timeline,
    and queries keys before a send only for a room whose members it never fetched). The
    bot's answers must still be encrypted for Cy's device: before, their room key went to
    everyone but Cy, and Cy saw "unable to decrypt"."""
    asyncio.run(asyncio.wait_for(_newcomer(synapse, tmp_path), 300))


async def _newcomer(url, tmp_path):
    import os
    import signal

    async with ana_and_bob_in_a_group(url, tmp_path, "Newcomer") as (
            bot_id, bot, ana, bob, group):
        await ana.say(group, "!bg help")  # a room key shared with Ana and Bob
        await ana.until(lambda: ana.heard(group), what="help")
        cy = Player(url, f"cy{ana.name[3:]}", bot_id, tmp_path / "cy")
        try:
            await cy.login()
            await ana.say(group, "!bg status")
            # Held still while it reads that message, before it asks for the next sync.
            os.kill(bot.process.pid, signal.SIGSTOP)
            try:
                assert isinstance(await ana.client.room_invite(group, cy.user),
                                  nio.RoomInviteResponse)
                await cy.until(lambda: group in cy.client.invited_rooms, what="the invite")
                cy.late.add(group)
                await cy.client.join(group)
                await cy.until(lambda: group in cy.client.rooms, what="the group")
                await cy.say(group, "!bg help")
            finally:
                os.kill(bot.process.pid, signal.SIGCONT)
            # The answer to Ana may have gone before the bot knew Cy was there (sent as
            # it woke, before its next sync): unreadable to Cy, as to any client. The
            # answer to Cy, read with Cy's join, must not be.
            cy.unreadable = []
            await ana.until(lambda: any("status" in b.lower() or "table" in b.lower()
                                        for b in ana.heard(group)[1:]), what="status")
            await cy.until(lambda: any("commands" in b for b in cy.heard(group))
                           or len(cy.unreadable) > 1, what="help", timeout=90)
            assert any("commands" in b for b in cy.heard(group)), cy.unreadable
            assert len(cy.unreadable) <= 1 and all(cy.secret)
        finally:
            await cy.close()


def test_hidden_choices_from_an_unencrypted_group_go_to_encrypted_direct_rooms(synapse,
                                                                               tmp_path):
    """Cartographers in a plain group where nobody ever wrote to the bot: the group stays
    in clear text; the bot opens an encrypted direct room with each person (an
    invitation), their menus go there, their choices stay hidden from the group until
    the step resolves, and the group is told once; a restarted bot uses the same rooms."""
    asyncio.run(asyncio.wait_for(_hidden_choices(synapse, tmp_path), 300))


async def _hidden_choices(url, tmp_path):
    async with ana_and_bob_in_a_group(url, tmp_path, "Map night", encrypted=False) as (
            bot_id, bot, ana, bob, group):
        await ana.say(group, "!bg new cartographers")
        await bob.until(lambda: any("Cartographers" in b for b in bob.heard(group)),
                        what="the lobby")
        await bob.say(group, "!bg join")
        await ana.until(lambda: any(bob.name in b for r, _, b in ana.edits if r == group),
                        what="Bob in the lobby")
        await ana.say(group, "!bg start")

        # Each is invited to a direct room by the bot, joins it, and finds the menu there.
        rooms = {}
        for player in (ana, bob):
            invite = await player.until(lambda player=player: next(
                (i for i in player.invites if i[1] == bot_id and i[0] != group), None),
                what="an invitation to a direct room")
            room, _, direct = invite
            assert direct, "the bot's invitation is marked as a direct chat"
            await player.client.join(room)
            await player.until(
                lambda player=player, room=room: any(MENU.search(b.splitlines()[-1])
                                                     for b in player.heard(room)),
                what="the menu in the direct room")
            await player.until(
                lambda player=player, room=room: any(r == room for r, _ in player.images),
                what="the sheet")
            assert player.client.rooms[room].encrypted
            sheet = next(e for r, e in player.images if r == room)
            assert isinstance(sheet, nio.RoomEncryptedImage)
            assert (await player.picture(sheet)).startswith(PNG)
            rooms[player.name] = room
        assert rooms[ana.name] != rooms[bob.name]

        for step in range(2):
            told = len(ana.heard(group))
            chosen = {}
            for pick, player in enumerate((ana, bob)):
                chosen[player.name] = await choose(player, rooms[player.name], pick)
                if player is ana:
                    await ana.until(lambda told=told: any("waiting for" in b
                                                          for b in ana.heard(group)[told:]),
                                    what="the group told Ana has chosen")
            # confirmed in the game's words as a button asks ("Draw forest (shape 1, …) at
            # A1"), told in them as the log tells ("Ana: draws forest (shape 1, …) at A1");
            # an ambush's monster, drawn "on the neighbour's sheet", is told on whose map
            assert all(c.startswith("Draw ") for c in chosen.values()), chosen
            neighbour = {ana.name: bob.name, bob.name: ana.name}
            said = {name: f"{name}: draws " + c.split(" ", 1)[1].replace(
                " on the neighbour's sheet", f" on {neighbour[name]}'s map")
                for name, c in chosen.items()}
            await ana.until(
                lambda said=said, told=told: any(all(s in b for s in said.values())
                                                 for b in ana.heard(group)[told:]),
                what="both choices revealed together")
            revealed = next(i for i, b in enumerate(ana.heard(group)[told:])
                            if said[ana.name] in b)
            before = ana.heard(group)[told:told + revealed]
            assert not any(s.split(": ", 1)[1] in b for b in before for s in said.values()), \
                before
            # The next card calls only Ana, who waited for it: Bob's drawing brought it
            # before his eyes. The call is the group's one m.text; all else m.notice.
            group_kinds = [k for (r, _), k in zip(ana.notices, ana.kinds) if r == group]
            calls = [k for k in group_kinds[told + revealed:] if k[0] == "m.text"]
            assert calls == [("m.text", (ana.user,))], group_kinds[told:]
            assert all(k[0] == "m.notice" for k in group_kinds[told:told + revealed]), \
                list(zip(group_kinds[told:told + revealed], ana.heard(group)[told:told + revealed]))
            for player in (ana, bob):  # the next step's menu, in the same room
                await player.until(lambda player=player: MENU.search(
                    player.heard(rooms[player.name])[-1].splitlines()[-1]),
                    what="the next menu")
            if step == 0:
                # Killed once it has written down that it told everyone of this step: a
                # bot killed between sending a prompt and writing it down sends it again
                # (rather than lose it), which this test is not about.
                await ana.until(lambda: awaited(tmp_path, group) == [0, 1],
                                what="the bot to record the step's prompt")
                bot.kill()  # a restarted bot still knows the rooms it opened …
                bot.start()

        notices = [b for b in ana.heard(group) if "private message" in b]
        assert len(notices) == 1, notices  # told once, not at every step nor after a restart
        assert ana.name in notices[0] and bob.name in notices[0]
        for player in (ana, bob):  # … one room each, opened once
            assert len([i for i in player.invites if i[1] == bot_id]) == 1, player.invites
        # The plain group stays plain: notices in clear, the pictures by url.
        group_secret = [s for (r, _), s in zip(ana.notices, ana.secret) if r == group]
        assert group_secret and not any(group_secret)
        group_images = [e for r, e in ana.images if r == group]
        assert group_images and all(isinstance(e, nio.RoomMessageImage) for e in group_images)

        # What the bot remembers, read as the bot on a new device before any sync: its
        # m.direct account data lists the rooms, and the server says the people are in.
        fresh = nio.AsyncClient(url, bot_id)
        try:
            await fresh.login("botpass")
            listed = (await fresh.list_direct_rooms()).rooms
            assert listed == {ana.user: [rooms[ana.name]], bob.user: [rooms[bob.name]]}
            transport = MatrixTransport(fresh)
            assert await transport.direct_chat(ana.user) == rooms[ana.name]
            # Someone who leaves the room the bot opened is not invited again and again.
            await bob.client.room_leave(rooms[bob.name])
            await fresh.sync(timeout=0, full_state=True)
            assert await transport.direct_chat(bob.user) is None
            assert await transport.open_direct_chat(bob.user) is None
            assert (await fresh.list_direct_rooms()).rooms == listed
        finally:
            await fresh.close()


def test_a_direct_room_the_bot_opens_gets_nothing_in_clear_before_its_encryption_is_known(
        synapse, tmp_path):
    """Synapse stores a new room's m.room.create and the creator's join before the rest of
    its first events, and a sync can bring the room in between: nio then holds it as a
    clear room of the bot alone. A hidden sheet sent to it then went out in clear text
    (seen once under load). Here the bot's sync is made to bring the room without its
    encryption (a filter, on a real server), then Cy joins and a full sync brings the
    rest: the sheet and its picture reach Cy encrypted, and readable."""
    asyncio.run(asyncio.wait_for(_opened_unsynced(synapse, tmp_path), 120))


# A sync that shows rooms as they look between Synapse's first events of a new one.
WITHOUT_ENCRYPTION = {"room": {"state": {"not_types": ["m.room.encryption"]},
                               "timeline": {"not_types": ["m.room.encryption"]}}}


def tiny_png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + \
            struct.pack(">I", zlib.crc32(kind + data))

    return PNG + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)) + \
        chunk(b"IDAT", zlib.compress(b"\x00\x00")) + chunk(b"IEND", b"")


@contextlib.asynccontextmanager
async def bot_and_cy(url, tmp_path):
    """The bot's own client with its transport, and Cy's, logged in (closed after)."""
    tag = uuid.uuid4().hex[:6]
    house = Player(url, f"bgbot{tag}", "", tmp_path / "bot")
    cy = Player(url, f"cy{tag}", house.user, tmp_path / "cy")
    try:
        await house.login()
        await cy.login()
        yield house, cy, MatrixTransport(house.client)
    finally:
        await house.close()
        await cy.close()


async def invited_in_a_room_seen_clear(house, cy) -> str:
    """The room the bot is opening for Cy, once her invitation came and the bot's sync
    brought the room without its encryption event (as nio saw it under load)."""
    room, _, _ = await cy.until(lambda: next(iter(cy.invites), None),
                                what="the bot's invitation")
    while room not in house.client.rooms:
        await house.client.sync(timeout=300, sync_filter=WITHOUT_ENCRYPTION)
    assert not house.client.rooms[room].encrypted
    return room


async def sheet_read_encrypted(cy, room) -> None:
    """Cy read "Cy's sheet" and its picture in ``room``, both encrypted (a message she
    cannot decrypt fails `pump`)."""
    await cy.until(lambda: cy.heard(room) and cy.images, what="the sheet")
    assert cy.heard(room) == ["Cy's sheet"] and all(cy.secret), cy.secret
    ((_, picture),) = cy.images
    assert isinstance(picture, nio.RoomEncryptedImage), picture
    assert await cy.picture(picture) == tiny_png()


async def _opened_unsynced(url, tmp_path):
    async with bot_and_cy(url, tmp_path) as (house, cy, transport):
        opening = asyncio.create_task(transport.open_direct_chat(cy.user))
        room = await invited_in_a_room_seen_clear(house, cy)
        # The bot writes to a room it opens once the server has answered the opening (under
        # load Cy's invitation can come first): from then on the room is one it opened.
        while room not in transport._private:
            await asyncio.sleep(0.05)
        sending = asyncio.create_task(transport.send(room, "Cy's sheet", image=tiny_png()))
        await cy.client.join(room)
        await cy.until(lambda: room in cy.client.rooms, what="the direct room")
        await house.client.sync(timeout=0, full_state=True)
        await key_steps(house.client)
        assert await opening == room
        assert await sending is not None
        await sheet_read_encrypted(cy, room)


def test_two_tables_wanting_a_persons_direct_room_at_once_share_one_and_nothing_goes_clear(
        synapse, tmp_path):
    """Two tables need Cy's direct room at the same moment (a hidden choice in each). One
    opens it; the other waits for that and uses the same room — also when the bot's sync
    brings the room, without its encryption (as under load), before the bot has read the
    server's answer to its opening: the other table's sheet and its picture, sent then,
    went out in clear. Here the answer is held back until the other table has looked."""
    asyncio.run(asyncio.wait_for(_opened_at_once(synapse, tmp_path), 120))


async def _opened_at_once(url, tmp_path):
    async with bot_and_cy(url, tmp_path) as (house, cy, transport):
        answer_read = asyncio.Event()
        create = house.client.room_create

        async def create_slowly(*args, **kwargs):
            response = await create(*args, **kwargs)  # the room made on the server
            await answer_read.wait()
            return response

        house.client.room_create = create_slowly
        opening = asyncio.create_task(transport.open_direct_chat(cy.user))  # one table
        room = await invited_in_a_room_seen_clear(house, cy)

        async def other_table() -> str | None:  # as `Narration._direct` finds the room
            found = await transport.direct_chat(cy.user) or \
                await transport.open_direct_chat(cy.user)
            if found is not None:
                await transport.send(found, "Cy's sheet", image=tiny_png())
            return found

        other = asyncio.create_task(other_table())
        # (it runs up to its first wait: no request comes before it finds the room, nor
        # before it decides whether to encrypt the picture)
        await asyncio.sleep(0)
        answer_read.set()
        await cy.client.join(room)
        await cy.until(lambda: room in cy.client.rooms, what="the direct room")
        await house.client.sync(timeout=0, full_state=True)
        await key_steps(house.client)
        assert await opening == room
        assert await other == room
        assert {r for r, inviter, _ in cy.invites if inviter == house.user} == {room}
        await sheet_read_encrypted(cy, room)


def test_direct_rooms_opened_for_two_people_at_once_are_both_recorded(synapse, tmp_path):
    """Rooms for Cy and for Dan are opened at the same time (a lock per person, not one
    for all); the bot's m.direct account data is written whole each time, and lists
    both, whichever write the server takes last: here the first write is held back
    until the second is ready to go."""
    asyncio.run(asyncio.wait_for(_opened_for_two(synapse, tmp_path), 120))


async def _opened_for_two(url, tmp_path):
    tag = uuid.uuid4().hex[:6]
    house = Player(url, f"bgbot{tag}", "", tmp_path / "bot")  # the bot's own client
    people = [Player(url, f"{name}{tag}", house.user, tmp_path / name) for name in ("cy", "dan")]
    try:
        await house.login()
        for person in people:
            await person.login()
        transport = MatrixTransport(house.client)
        second_ready = asyncio.Event()
        save, send, writes = transport._save_direct_rooms, house.client._send, []

        async def save_second_ready(*args):
            writes.append(None)
            if len(writes) == 2:
                second_ready.set()
            await save(*args)

        async def send_first_late(kind, method, path, *args, **kwargs):
            if method == "PUT" and "m.direct" in path and not second_ready.is_set():
                await second_ready.wait()
            return await send(kind, method, path, *args, **kwargs)

        transport._save_direct_rooms = save_second_ready
        house.client._send = send_first_late
        opening = asyncio.gather(*(transport.open_direct_chat(p.user) for p in people))
        while not opening.done():
            await house.client.sync(timeout=300)
            await key_steps(house.client)
        rooms = await opening
        assert None not in rooms and len(set(rooms)) == 2, rooms
        listed = await house.client.list_direct_rooms()
        assert listed.rooms == {p.user: [room] for p, room in zip(people, rooms)}, listed
    finally:
        await house.close()
        for person in people:
            await person.close()


def awaited(tmp_path, chat_id: str) -> list[int] | None:
    """The seats the bot last recorded prompting in ``chat_id``'s game (its database)."""
    with contextlib.closing(sqlite3.connect(tmp_path / "chat.db")) as db:
        row = db.execute("SELECT awaited FROM chat_games WHERE chat_id = ?",
                         (chat_id,)).fetchone()
    return json.loads(row[0]) if row and row[0] else None


async def choose(player: Player, room: str, pick: int) -> str:
    """Answer the menu in ``room`` number by number (the ``pick``-th complete action when
    there is a choice) until the bot confirms the hidden choice; returns the action."""
    for _ in range(10):
        body = player.heard(room)[-1]
        options = MENU.findall(body.splitlines()[-1])
        complete = [n for n, label in options if label.startswith("✔")]
        number = complete[min(pick, len(complete) - 1)] if complete else options[0][0]
        count = len(player.heard(room))
        await player.say(room, number)
        await player.until(lambda count=count: len(player.heard(room)) > count, what="an answer")
        answer = player.heard(room)[-1]
        if "kept hidden" in answer or "everyone has chosen" in answer:  # (the last to)
            return answer.split("✔ ")[1].split(" — ")[0]
    raise AssertionError(f"{player.name}: no choice made; last: {player.heard(room)[-1]}")


async def notifications(player: Player) -> list[dict]:
    """What Synapse recorded as notifying ``player`` (``GET /notifications``): only events
    whose push actions (the default push rules, evaluated by the server) say "notify"."""
    response = await player.client.send(
        "GET", "/_matrix/client/v3/notifications?limit=100",
        headers={"Authorization": f"Bearer {player.client.access_token}"})
    assert response.status == 200
    return (await response.json())["notifications"]


def rings(notification: dict) -> bool:
    """A notification with sound and highlighted: what a mention of the reader gets."""
    tweaks = {a.get("set_tweak"): a.get("value", True) for a in notification["actions"]
              if isinstance(a, dict)}
    return bool(tweaks.get("sound")) and bool(tweaks.get("highlight"))


def test_a_call_to_act_notifies_the_person_called_and_the_news_notifies_nobody(synapse, tmp_path,
                                                                               house_bot):
    """Synapse's default push rules ignore every m.notice (.m.rule.suppress_notices):
    the bot's news and menus notify nobody. A call to act — the turn beginning, a clock
    reminder — is an m.text whose m.mentions names the person called (their pill in the
    body): it rings them (.m.rule.is_user_mention: sound, highlight). Read from the
    server's own record of notifications, in a plain group where it sees the content;
    the commands typed in Catalan, accents and all."""
    asyncio.run(asyncio.wait_for(_notified(synapse, tmp_path, house_bot), 300))


REMINDED = "abans que l'ordinador jugui per tu"  # a reminder, in Catalan


async def _notified(url, tmp_path, house):
    async with ana_and_bob_in_a_group(url, tmp_path, "Nit de Tikal", encrypted=False,
                                      house=house) as (
            bot_id, bot, ana, bob, group):
        await ana.say(group, "!bg llengua ca")
        await ana.until(lambda: any("català" in b for b in ana.heard(group)), what="Catalan")
        await ana.say(group, "!bg nova tikal")
        await bob.until(lambda: any("Tikal" in b for b in bob.heard(group)), what="the lobby")
        await bob.say(group, "!bg uneix")
        await ana.until(lambda: any(bob.name in b for r, _, b in ana.edits if r == group),
                        what="Bob in the lobby")
        await ana.say(group, "!bg rellotge 12")  # reminded with 3 s left
        await ana.until(lambda: any("12" in b for r, _, b in ana.edits if r == group),
                        what="the clock in the lobby")
        await ana.say(group, "!bg comença")
        # Ana's turn is called; she lets her time run out; the computer plays it; Bob's
        # turn is called, and he is reminded in turn.
        await ana.until(lambda: any(REMINDED in b and bob.name in b
                                    for b in ana.heard(group)),
                        timeout=120, what="Bob reminded")
        assert any("temps exhaurit" in b for b in ana.heard(group))  # the computer for Ana
        await ana.pump()
        for player, other in ((ana, bob), (bob, ana)):
            from_bot = [n for n in await notifications(player)
                        if n["event"]["sender"] == bot_id and n["room_id"] == group]
            kinds = [n["event"]["content"].get("msgtype") for n in from_bot]
            assert "m.notice" not in kinds, kinds  # news, menus, the lobby: no notification
            rung = [n["event"]["content"] for n in from_bot if rings(n)]
            # Rung: the call to their turn and the reminder, each an m.text naming them.
            assert rung and all(c["msgtype"] == "m.text" for c in rung), rung
            assert all(c["m.mentions"] == {"user_ids": [player.user]} for c in rung), rung
            assert all(f"matrix.to/#/{player.user}" in c["formatted_body"] for c in rung)
            assert any("Et toca" in c["body"] for c in rung), rung
            assert any(REMINDED in c["body"] for c in rung), rung
            # A reminder is a reply to the message holding their menu (the call to their
            # turn, numbers and all), mentioning just them.
            said = dict(zip(ana.event_ids, (body for _, body in ana.notices)))
            for reminder in (c for c in rung if REMINDED in c["body"]):
                quoted = said[reminder["m.relates_to"]["m.in_reply_to"]["event_id"]]
                assert "Et toca" in quoted and player.name in quoted, (reminder, quoted)
                assert MENU.findall(quoted.splitlines()[-1]), quoted
            # The other's calls reach them as a group's ordinary message: listed, silent.
            for n in from_bot:
                mentioned = n["event"]["content"].get("m.mentions", {}).get("user_ids", [])
                assert rings(n) == (player.user in mentioned), n
                assert other.user not in mentioned or not rings(n)
        # What Ana saw: every call an m.text, everything else an m.notice (pills and all:
        # the lobby names its players, the news who played, and nobody's phone rings).
        for (room, body), (kind, mentioned) in zip(ana.notices, ana.kinds):
            if room == group:
                asks = "Et toca" in body or REMINDED in body
                assert (kind == "m.text") == asks, (body, kind)
                assert not asks or len(mentioned) == 1, (body, mentioned)


def test_the_end_rings_every_person_seated_by_mentioning_them(synapse, tmp_path,
                                                              house_bot):
    """The end concerns every player: it is an m.text whose m.mentions lists each person
    seated (their pills in the body; not the computer player), so Synapse's
    .m.rule.is_user_mention notifies each of them with sound and highlight — not the
    legacy display-name rule, which a message carrying m.mentions no longer triggers. Read
    from the server's own record of notifications, in a plain group. The quickest way to
    an end: Ana and Bob hand their seats to the easy computer, which plays Tikal out."""
    asyncio.run(asyncio.wait_for(_the_end_rings(synapse, tmp_path, house_bot), 300))


async def _the_end_rings(url, tmp_path, house):
    async with ana_and_bob_in_a_group(url, tmp_path, "Tikal night", encrypted=False,
                                      house=house) as (
            bot_id, bot, ana, bob, group):

        async def edited_after(command: str) -> None:
            """Ana says ``command``; the lobby's message is edited in answer."""
            count = len(ana.edits)
            await ana.say(group, command)
            await ana.until(lambda: len(ana.edits) > count, what=f"the lobby after {command}")

        await ana.say(group, "!bg new tikal")
        await bob.until(lambda: any("Tikal" in b for b in bob.heard(group)), what="the lobby")
        await bob.say(group, "!bg join")
        await ana.until(lambda: any(bob.name in b for r, _, b in ana.edits if r == group),
                        what="Bob in the lobby")
        await edited_after("!bg bot easy")
        await edited_after("!bg clock 10m easy")  # who leaves is played for by the easy bot
        await ana.say(group, "!bg start")
        await ana.until(lambda: any("Your turn" in b for b in ana.heard(group)),
                        what="the first turn")
        await ana.say(group, "!bg leave")
        await bob.say(group, "!bg leave")
        await ana.until(lambda: any("Game over" in b for b in ana.heard(group)),
                        timeout=200, what="the end")
        await bob.until(lambda: any("Game over" in b for b in bob.heard(group)),
                        what="the end")
        for player in (ana, bob):
            ends = [n for n in await notifications(player)
                    if n["event"]["sender"] == bot_id and n["room_id"] == group
                    and "Game over" in n["event"]["content"].get("body", "")]
            assert len(ends) == 1, ends
            (end,) = ends
            content = end["event"]["content"]
            assert rings(end), end  # sound and highlight: the person's own mention
            assert content["msgtype"] == "m.text", content
            assert sorted(content["m.mentions"]["user_ids"]) == sorted([ana.user, bob.user])
            for person in (ana, bob):
                assert f"matrix.to/#/{person.user}" in content["formatted_body"], content
            assert bot_id not in content["formatted_body"]


def test_someone_who_leaves_the_room_mid_game_is_played_for_by_the_computer(synapse, tmp_path,
                                                                            house_bot):
    """Bob leaves the encrypted room (Element's "Leave room") while the game awaits him:
    the computer takes his seat and the room is told, in its language, and the game goes
    on to Ana — before, it waited for him, '!bg status' still said so, and only a 'kick'
    nobody thought of moved it. Leaving during the lobby takes him out of it."""
    asyncio.run(asyncio.wait_for(_left_the_room(synapse, tmp_path, house_bot), 300))


async def _left_the_room(url, tmp_path, house):
    async with ana_and_bob_in_a_group(url, tmp_path, "Noite de Tikal",
                                      house=house) as (
            bot_id, bot, ana, bob, group):
        assert f"Sua vez, {ana.name}" in await tikal_started(ana, bob, group, "pt-BR")
        while not any(f"Sua vez, {bob.name}" in b for b in ana.heard(group)):
            count = len(ana.heard(group))
            await ana.say(group, menu_choice(ana.heard(group)[-1]))
            await ana.until(lambda count=count: len(ana.heard(group)) > count,
                            what="Ana's turn going on")
        await bob.client.room_leave(group)
        await ana.until(lambda: any(f"joga por {bob.name} a partir de agora" in b
                                    for b in ana.heard(group)), what="Bob's seat handed over")
        await ana.until(lambda: ana.heard(group)[-1].startswith(f"Sua vez, {ana.name}")
                        or f"\nSua vez, {ana.name}" in ana.heard(group)[-1],
                        what="Ana's turn again", timeout=90)


def test_cross_signing_keys_are_made_once_and_kept_for_the_bot_alone(tmp_path):
    """The bot's identity: two Ed25519 seeds made at the first start, read back unchanged
    later, in a file only its owner may read; what they sign verifies with vodozemac."""
    import os

    import vodozemac

    from boardgamesbot.chat.matrix.crosssigning import Identity, canonical

    path = tmp_path / "cross-signing.json"
    first = Identity(path, "@bot:example.org")
    assert os.stat(path).st_mode & 0o777 == 0o600
    again = Identity(path, "@bot:example.org")
    assert (again.master.public, again.self_signing.public) == \
        (first.master.public, first.self_signing.public)
    assert first.master.public != first.self_signing.public
    key = first.self_signing_key()
    signature = key["signatures"]["@bot:example.org"][f"ed25519:{first.master.public}"]
    vodozemac.Ed25519PublicKey.from_base64(first.master.public).verify_signature(
        canonical(key), vodozemac.Ed25519Signature.from_base64(signature))
    tampered = {**key, "usage": ["master"]}
    with pytest.raises(vodozemac.SignatureException):
        vodozemac.Ed25519PublicKey.from_base64(first.master.public).verify_signature(
            canonical(tampered), vodozemac.Ed25519Signature.from_base64(signature))


def test_one_device_for_life_from_an_operators_token_or_the_password(synapse, tmp_path):
    """An operator's access token is adopted with its device and kept; later starts
    restore it (same id, same identity keys); a revoked token is renewed by the password
    on the same device, and without the password the bot says what it needs."""
    asyncio.run(asyncio.wait_for(_device(synapse, tmp_path), 120))


async def _device(url, tmp_path):
    from boardgamesbot.chat.matrix import device

    bot_id = register(url, f"tok{uuid.uuid4().hex[:6]}", "botpass")
    operator = nio.AsyncClient(url, bot_id)
    try:
        granted = await operator.login("botpass", device_name="operator")
        client = await device.login(url, bot_id, access_token=granted.access_token,
                                    data_dir=tmp_path)
        assert client.device_id == granted.device_id  # named by the server (whoami)
        await client.keys_upload()
        identity = dict(client.olm.account.identity_keys)
        await client.close()

        client = await device.login(url, bot_id, data_dir=tmp_path)  # nothing but the files
        assert (client.device_id, client.olm.account.identity_keys) == \
            (granted.device_id, identity)
        await client.logout()  # the token is revoked …
        await client.close()
        with pytest.raises(RuntimeError, match="password"):
            await device.login(url, bot_id, data_dir=tmp_path)
        client = await device.login(url, bot_id, password="botpass", data_dir=tmp_path)
        assert (client.device_id, client.olm.account.identity_keys) == \
            (granted.device_id, identity)  # … and renewed on the same device
        assert f"device {granted.device_id}" in device.describe(client)
        await client.close()
        saved = tmp_path / "matrix" / bot_id / "device.json"
        assert saved.stat().st_mode & 0o777 == 0o600
        assert json.loads(saved.read_text())["access_token"] != granted.access_token
    finally:
        await operator.close()


def test_rules_pages_go_as_html_with_readable_lines_as_the_plain_fallback():
    """Element shows the page's lists and tables as such; the plain body (notifications,
    clients without HTML) reads as lines, with no Markdown marks to decode."""
    from boardgamesbot.chat.games import rules_page
    from boardgamesbot.chat.matrix.formatting import notice
    from boardgamesbot.chat.richtext import Formatted

    page = rules_page("tikal", "ca")
    content = notice(Formatted(page + "\n\n<script>x</script> ![map](img/map.png)"))
    html = content["formatted_body"]
    assert "<table>" in html and "<th>" in html and "<h1>" in html and "<li>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html  # raw HTML stays text
    assert "<img" not in html
    body = content["body"]
    assert body.startswith("Tikal — com s'hi juga\n\n")
    assert "|" not in body and "**" not in body and "\n#" not in body
    assert "\n• A (5 llosetes) — " in body  # a table's row: one line


def test_reactions_are_remembered_beside_the_store_within_a_bound(tmp_path):
    """A 👍 that joined someone and a "leave this game?" question, read back by a
    restarted bot; a 👍 taken back is forgotten; only the latest are kept; a damaged
    file is set aside with a warning, not a crash."""
    from boardgamesbot.chat.matrix.reactions import KEPT, Reactions

    path = tmp_path / "reactions.json"
    before = Reactions(path)
    before.joined("$thumb", "!group", "@bob:localhost", "$lobby")
    before.asked("$question", "@bob:localhost")
    after = Reactions(path)
    assert after.asking("$question") == "@bob:localhost"
    assert after.asking("$thumb") is None
    assert after.taken_back("$thumb") == ("!group", "@bob:localhost", "$lobby")
    assert Reactions(path).taken_back("$thumb") is None  # taken back once
    for n in range(KEPT + 1):
        after.joined(f"$t{n}", "!group", "@bob:localhost", "$lobby")
    again = Reactions(path)
    assert again.taken_back("$t0") is None and again.taken_back(f"$t{KEPT}") is not None
    assert again.asking("$question") == "@bob:localhost"
    path.write_text('{"joins": {"$t1": "abc", "$t2": ["!g", "@b:l"]}, "questions": {}}')
    damaged = Reactions(path)  # (nor any question's time: a file from before them)
    assert damaged.taken_back("$t1") is None and damaged.taken_back("$t2") is None
    assert damaged.left_over == {}


def test_a_leave_question_kept_in_an_old_reactions_file_moves_to_the_database(tmp_path):
    """When the bot asked whom whether to leave which table lives in the chat database,
    as on every network (a restart keeps it there: `_tikal` ages that row). A
    reactions.json from the bot that kept it itself still loads, entries of the wrong
    kind left out: the Matrix bot moves its times to the database, once, over none it
    holds already, and the file forgets them."""
    from boardgamesbot.chat.matrix.bot import MatrixBot
    from boardgamesbot.chat.matrix.reactions import Reactions
    from boardgamesbot.chat.tables import Service

    path = tmp_path / "reactions.json"
    path.write_text('{"joins": {}, "questions": {"$q": "@a:l"}, "leaving": [["@a:l", "t1", 5], '
                    '["@b:l", "t1", true], ["@c:l", 3, 5], ["@d:l", "t1"], "x", '
                    '["@e:l", "t2", 7.5]]}')
    assert Reactions(path).left_over == {("@a:l", "t1"): 5.0, ("@e:l", "t2"): 7.5}

    async def main() -> None:
        service = await Service.open(db=f"sqlite:///{tmp_path / 'chat.db'}", jobs=False)
        client = nio.AsyncClient("http://127.0.0.1:9", "@bot:l", store_path=str(tmp_path))
        try:
            database = MatrixBot(client, service).conversation.store.leaving("matrix")
            database[("@e:l", "t2")] = 9.0  # asked again since: the newer time stands
            bot = MatrixBot(client, service, reactions=Reactions(path))
            assert dict(bot.conversation.leaving) == dict(database) == {
                ("@a:l", "t1"): 5.0, ("@e:l", "t2"): 9.0}
            assert "leaving" not in json.loads(path.read_text())
            assert Reactions(path).asking("$q") == "@a:l" and Reactions(path).left_over == {}
            bot.reactions.asked("$q2", "@b:l")  # (nor written back with the next change)
            assert "leaving" not in json.loads(path.read_text())
        finally:
            await client.close()
            await service.close()

    asyncio.run(main())


def test_the_bots_own_messages_are_remembered_beside_the_store_within_a_bound(tmp_path,
                                                                              monkeypatch):
    """A restarted bot still knows its recent messages (🚪 on one asks to leave), which
    message a lobby was sent anew as (a 👍 taken back on the old one), whose menus it
    closed (a keycap on one is told so) and who could read each (a late joiner gets a
    new message, not an edit); only the latest are kept; a damaged file is set aside
    with a warning, not a crash; one from before readers were kept is still read."""
    from boardgamesbot.chat.matrix import sent
    from boardgamesbot.chat.matrix.sent import KEPT, SentMessages

    path = tmp_path / "sent.json"
    before = SentMessages(path)
    before.sent("$news")
    before.moved("$lobby", "$copy")
    before.moved("$copy", "$copy2")  # sent anew twice: a second late joiner
    before.closed("$menu", "@ana:localhost")
    after = SentMessages(path)
    assert after.is_mine("$news") and not after.is_mine("$peoples")
    assert after.latest("$lobby") == "$copy2" and after.latest("$news") == "$news"
    assert after.closed_for("$menu") == "@ana:localhost" and after.closed_for("$news") is None
    for n in range(KEPT + 1):
        after.sent(f"$m{n}")
    again = SentMessages(path)
    assert not again.is_mine("$news") and not again.is_mine("$m0")
    assert again.is_mine(f"$m{KEPT}") and again.latest("$lobby") == "$copy2"
    group = frozenset({"@ana:localhost", "@bob:localhost", "@bot:localhost"})
    monkeypatch.setattr(sent, "READERS_KEPT", 50)  # (a file written whole 2000 times: slow)
    for n in range(sent.READERS_KEPT + 1):
        again.read_by(f"$r{n}", group)
    again.read_by("$lobby", group - {"@bob:localhost"})
    readers = SentMessages(path)
    assert readers.readers("$r1") is None and readers.readers("$r2") == group
    assert readers.readers("$lobby") == group - {"@bob:localhost"}
    assert readers.readers("$news") is None
    assert len(json.loads(path.read_text())["readers"]["groups"]) == 2  # each set once
    path.write_text('{"mine": ["$a", 3], "moved": {"$b": "$b"}, "closed": {"$c": null}}')
    odd = SentMessages(path)  # entries of the wrong kind left out, a loop ended
    assert odd.is_mine("$a") and odd.latest("$b") == "$b" and odd.closed_for("$c") is None
    assert odd.readers("$a") is None  # (a file from before readers were kept)
    path.write_text('{"mine": [], "moved": {}, "closed": {}, "readers": {"groups": '
                    '[["@ana:l", 7]], "of": {"$x": 0, "$y": 1, "$z": "0"}}}')
    odd = SentMessages(path)
    assert odd.readers("$x") == {"@ana:l"} and odd.readers("$y") is odd.readers("$z") is None
    path.write_text('{"mine": ')
    assert not SentMessages(path).is_mine("$a")


def test_a_damaged_memory_file_is_ignored_with_a_warning(tmp_path, caplog):
    """Every file the bot keeps beside its store (menus, threads, reactions, its own
    messages, groups) is read the same way: a damaged one leaves the bot remembering nothing of
    it, said in the log, and is written whole again at the next change."""
    from boardgamesbot.chat.matrix.groups import Groups
    from boardgamesbot.chat.matrix.menus import Menu, OpenMenus
    from boardgamesbot.chat.matrix.reactions import Reactions
    from boardgamesbot.chat.matrix.sent import SentMessages
    from boardgamesbot.chat.matrix.threads import Threads

    for name, make in [("menus.json", OpenMenus), ("threads.json", Threads),
                       ("reactions.json", Reactions), ("sent.json", SentMessages),
                       ("groups.json", Groups)]:
        path = tmp_path / name
        path.write_text("[1, 2")
        caplog.clear()
        make(path)
        assert f"ignoring unreadable {path}" in caplog.text, name
        path.write_text('["a list, not what was written"]')
        caplog.clear()
        make(path)
        assert f"ignoring unreadable {path}" in caplog.text, name
    menus = OpenMenus(tmp_path / "menus.json")
    menus.open("!room", "*", Menu("$lobby", "New table\n1 join", ["j:t1:1:"]))
    assert OpenMenus(tmp_path / "menus.json").owner("!room", "$lobby") == "*"
    threads = Threads(tmp_path / "threads.json")
    threads.settle("!room", "$root")
    assert Threads(tmp_path / "threads.json").home("!room") == "$root"
    Groups(tmp_path / "groups.json").seen("!group", 3)
    assert not Groups(tmp_path / "groups.json").direct("!group", 2)


def test_why_alone_after_a_number_or_keycap_refused_in_an_encrypted_group(synapse, tmp_path,
                                                                          house_bot):
    """A number or keycap the bot refuses (a number on somebody else's menu, a keycap on
    one's own closed one), then the question asked bare ('!bg por que' in a Portuguese
    group): the number's refusal says how to ask, and asking explains the move refused —
    the rule it rests on — rather than "Which action?"; after the keycap, which refused
    no move, asking says how to ask about one."""
    asyncio.run(asyncio.wait_for(_why_after_a_number(synapse, tmp_path, house_bot), 400))


async def _why_after_a_number(url, tmp_path, house):
    async with ana_and_bob_in_a_group(url, tmp_path, "Por quê",
                                      house=house) as (
            bot_id, bot, ana, bob, group):
        await tikal_started(ana, bob, group, "pt-BR")

        def menus() -> list[tuple[str, str]]:
            return [(e, b) for (r, b), e in zip(ana.notices, ana.event_ids)
                    if r == group and MENU.search(b.splitlines()[-1])]

        async def answer_to(who: Player, doing) -> str:
            """The bot's answer to what ``who`` does: a refusal, an explanation, or how
            to ask (the table's news of a move before it is none of them)."""
            count = len(ana.heard(group))
            await doing
            return await ana.until(lambda: next(
                (b for b in ana.heard(group)[count:]
                 if b.startswith(("⚠", "🚫", "✔", "Qual ação?"))), None),
                what=f"{who.name} answered")

        first, body = menus()[-1]
        player, other = (ana, bob) if called(body, ana, bob) is ana else (bob, ana)
        tip = "Por quê? Diga '!bg por que'"
        # A number replied to the menu of the one whose turn it is.
        said = await answer_to(other, other.send(group, "m.room.message", _reply("1", first)))
        assert said == f"⚠ Não é a sua vez. Esperando: {player.name}\n{tip}", said
        told = await answer_to(other, other.say(group, "!bg por que"))
        assert told.startswith("🚫 Não é a sua vez") and "📖 A regra (" in told, told
        told = await answer_to(other, other.say(group, "!bg porque"))  # (asked again)
        assert told.startswith("🚫 Não é a sua vez") and "📖 A regra (" in told, told
        # The player answers; a keycap on the menu now closed plays nothing, and the
        # question then has no move to explain: it says how to ask about one.
        await player.say(group, menu_choice(body))
        await ana.until(lambda: any(e == first for r, e, _ in ana.edits), what="closed")
        said = await answer_to(player, player.react(group, first, "1\ufe0f\u20e3"))
        assert said.startswith("⚠ Esse menu está encerrado"), said
        told = await answer_to(player, player.say(group, "!bg por que"))
        assert told.startswith("⚠ Qual ação? Por exemplo: '!bg por que "), told
        assert not any("Which" in b or "Your turn" in b for b in ana.heard(group)), \
            ana.heard(group)
