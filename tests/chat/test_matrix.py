"""The Matrix bot end to end: a real Synapse, the bot as its own process (`bgbot chat
matrix`), people as real matrix-nio clients. A Cartographers solo game in a direct chat
to its final score, surviving a kill -9 of the bot mid-game; several turns of a
3-player Tikal game with a computer player in a group, switched to Catalan, with
illegal and out-of-turn input; a 2-person Cartographers game in a group whose hidden
choices go to direct rooms the bot opens."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
import uuid

import pytest

nio = pytest.importorskip("nio", reason="the [chat] extra (matrix-nio) is not installed")

from boardgamesbot.chat.matrix import MatrixTransport  # noqa: E402

from .conftest import register  # noqa: E402

MENU = re.compile(r"(\d+)\) (.+?)(?=\s{2}\d+\) |$)")
pytestmark = pytest.mark.slow


class BotProcess:
    def __init__(self, url: str, user: str, password_file, db: str, log) -> None:
        self.command = [sys.executable, "-c", "from boardgamesbot.cli import main; main()",
                        "chat", "matrix", "--homeserver", url, "--user", user,
                        "--password-file", str(password_file), "--db", db,
                        "--public-url", "http://bg.example", "--bot-workers", "0",
                        "--log-level", "warning"]
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


class Player:
    """A person's Matrix client: says things, reads what the bot says."""

    def __init__(self, url: str, name: str, bot: str) -> None:
        self.user = f"@{name}:localhost"
        register(url, name, "pw-" + name)
        self.client = nio.AsyncClient(url, self.user)
        self.bot = bot
        self.name = name
        self.notices: list[tuple[str, str]] = []  # (room, body) from the bot
        self.images: list[tuple[str, str]] = []  # (room, mxc url)
        self.edits: list[tuple[str, str]] = []  # (room, new body)
        self.event_ids: list[str] = []  # of the notices, in the same order
        self.invites: list[tuple[str, str, bool]] = []  # (room, inviter, is_direct)
        self.client.add_event_callback(self._on_invite, nio.InviteMemberEvent)

    async def _on_invite(self, room, event) -> None:
        if event.state_key == self.user and event.membership == "invite":
            self.invites.append((room.room_id, event.sender,
                                 bool(event.content.get("is_direct"))))

    async def login(self) -> None:
        await self.client.login("pw-" + self.name)
        await self.client.sync(timeout=0)

    async def pump(self, timeout_ms: int = 300) -> None:
        # Room of a direct chat joined late: its whole history, not only the last events.
        response = await self.client.sync(timeout=timeout_ms,
                                          sync_filter={"room": {"timeline": {"limit": 100}}})
        for room_id, room in getattr(response, "rooms", None).join.items():
            for event in room.timeline.events:
                if getattr(event, "sender", None) != self.bot:
                    continue
                if isinstance(event, nio.RoomMessageNotice):
                    content = event.source["content"]
                    if "m.new_content" in content:  # the lobby, edited in place
                        self.edits.append((room_id, content["m.new_content"]["body"]))
                        continue
                    self.notices.append((room_id, event.body))
                    self.event_ids.append(event.event_id)
                elif isinstance(event, nio.RoomMessageImage):
                    self.images.append((room_id, event.url))

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

    async def say(self, room: str, text: str) -> None:
        await self.client.room_send(room, "m.room.message", {"msgtype": "m.text", "body": text})

    def heard(self, room: str) -> list[str]:
        return [body for r, body in self.notices if r == room]


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
                       and bot in player.client.rooms[room].users, what="the bot to join")


def start_bot(url: str, tmp_path) -> tuple[str, BotProcess, object]:
    """A new bot account and its process; returns (its user id, the process, its log)."""
    bot_id = register(url, f"bgbot{uuid.uuid4().hex[:6]}", "botpass")
    (tmp_path / "password").write_text("botpass\n")
    log = open(tmp_path / "bot.log", "w")
    bot = BotProcess(url, bot_id, tmp_path / "password", f"sqlite:///{tmp_path / 'chat.db'}",
                     log)
    bot.start()
    return bot_id, bot, log


def test_matrix_games_end_to_end(synapse, tmp_path):
    asyncio.run(asyncio.wait_for(_games(synapse, tmp_path), 600))


async def _games(url, tmp_path):
    tag = uuid.uuid4().hex[:6]
    bot_id, bot, log = start_bot(url, tmp_path)
    ana, bob = Player(url, f"ana{tag}", bot_id), Player(url, f"bob{tag}", bot_id)
    try:
        await ana.login()
        await bob.login()

        # Cartographers solo in a direct chat ----------------------------------------
        dm = (await ana.client.room_create(is_direct=True, invite=[bot_id])).room_id
        await joined(ana, dm, bot_id)
        await ana.say(dm, "new cartographers B")
        await ana.until(lambda: any("Cartographers" in b for b in ana.heard(dm)),
                        what="the lobby")
        assert "Wastelands" in ana.heard(dm)[-1]  # the option's own name
        await ana.say(dm, "forest 9 r0 A1")  # nothing to play yet: explained
        await ana.say(dm, "start")
        await ana.until(lambda: any("Your turn" in b for b in ana.heard(dm)), what="a turn")
        assert ana.images, "the first decision comes with a picture"
        answered, restarted = 0, False
        while not any("🏁" in b for b in ana.heard(dm)):
            body = ana.heard(dm)[-1]
            number = menu_choice(body)
            if number is None:
                count = len(ana.heard(dm))
                await ana.until(lambda: len(ana.heard(dm)) > count, what="a menu")
                continue
            if answered == 6:
                await ana.say(dm, "forest 9 r0 A1")  # malformed: a shape is 1 or 2
                await ana.until(lambda: "⚠" in ana.heard(dm)[-1], what="a refusal")
            if answered == 8 and not restarted:
                bot.kill()  # the bot process dies mid-game …
                bot.start()  # … and a new one carries on from the database
                restarted = True
            count = len(ana.heard(dm))
            await ana.say(dm, number)
            await ana.until(lambda: len(ana.heard(dm)) > count, what="an answer",
                            timeout=90)
            answered += 1
            assert answered < 400
        end = next(b for b in ana.heard(dm) if "🏁" in b)
        assert "http://bg.example/#/replay/" in end and "🏆" in end
        assert restarted

        # Tikal in a group: Ana, Bob and a computer player ---------------------------
        group = (await ana.client.room_create(name="Tikal night",
                                              invite=[bot_id, bob.user])).room_id
        await joined(ana, group, bot_id)
        await bob.until(lambda: group in bob.client.invited_rooms, what="the invite")
        await bob.client.join(group)
        await ana.say(group, "!bg new tikal")
        await ana.until(lambda: any("Tikal" in b for b in ana.heard(group)), what="the lobby")
        await bob.until(lambda: any("Tikal" in b for b in bob.heard(group)), what="the lobby")
        lobby = bob.event_ids[next(i for i, (r, b) in enumerate(bob.notices)
                                   if r == group and "Tikal" in b)]
        await bob.client.room_send(group, "m.reaction", {"m.relates_to": {  # 👍 joins
            "rel_type": "m.annotation", "event_id": lobby, "key": "👍"}})
        await ana.say(group, "!bg bot easy")
        await ana.until(lambda: any("🤖" in b and bob.name in b for r, b in ana.edits
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
                await ana.until(lambda: len(ana.heard(group)) > count,
                                what="the game going on", timeout=90)
                continue
            body = notices[menus[-1]]
            answered = menus[-1] + 1
            asked = next(p for p in (ana, bob) if f"{p.name}," in body)
            other = bob if asked is ana else ana
            if not tested:
                count = len(ana.heard(group))
                await other.say(group, "!bg end")  # out of turn
                await ana.until(lambda: any("not your turn" in b
                                            for b in ana.heard(group)[count:]),
                                what="out of turn refused")
                await asked.say(group, "!bg move W A1 H6")  # illegal
                await ana.until(lambda: sum("⚠" in b for b in ana.heard(group)[count:]) >= 2,
                                what="illegal refused")
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
            await asked.say(group, number)
            await ana.until(lambda: len(ana.heard(group)) > count, what="an answer",
                            timeout=90)
        assert any("Et toca" in b for b in ana.heard(group))  # prompts now in Catalan
        assert any("easy" in b.lower() or "🤖" in b for b in ana.heard(group))
    finally:
        bot.stop()
        log.close()
        await ana.client.close()
        await bob.client.close()
        if bot.process.returncode not in (0, -15, None):
            print((tmp_path / "bot.log").read_text()[-3000:])


def test_matrix_hidden_choices_in_direct_rooms_the_bot_opens(synapse, tmp_path):
    """Cartographers in a group where nobody ever wrote to the bot: it opens a direct room
    with each person (an invitation), their menus go there, their choices stay hidden
    from the group until the step resolves, and the group is told once; a restarted bot
    uses the same rooms."""
    asyncio.run(asyncio.wait_for(_hidden_choices(synapse, tmp_path), 300))


async def _hidden_choices(url, tmp_path):
    tag = uuid.uuid4().hex[:6]
    bot_id, bot, log = start_bot(url, tmp_path)
    ana, bob = Player(url, f"ana{tag}", bot_id), Player(url, f"bob{tag}", bot_id)
    try:
        await ana.login()
        await bob.login()
        group = (await ana.client.room_create(name="Map night",
                                              invite=[bot_id, bob.user])).room_id
        await joined(ana, group, bot_id)
        await bob.until(lambda: group in bob.client.invited_rooms, what="the group invite")
        await bob.client.join(group)
        await ana.say(group, "!bg new cartographers")
        await bob.until(lambda: any("Cartographers" in b for b in bob.heard(group)),
                        what="the lobby")
        await bob.say(group, "!bg join")
        await ana.until(lambda: any(bob.name in b for r, b in ana.edits if r == group),
                        what="Bob in the lobby")
        await ana.say(group, "!bg start")

        # Each is invited to a direct room by the bot, joins it, and finds the menu there.
        rooms = {}
        for player in (ana, bob):
            invite = await player.until(lambda: next(
                (i for i in player.invites if i[1] == bot_id and i[0] != group), None),
                what="an invitation to a direct room")
            room, _, direct = invite
            assert direct, "the bot's invitation is marked as a direct chat"
            await player.client.join(room)
            await player.until(lambda: any(MENU.search(b.splitlines()[-1])
                                           for b in player.heard(room)),
                               what="the menu in the direct room")
            assert any(r == room for r, _ in player.images), "the sheet comes along"
            rooms[player.name] = room
        assert rooms[ana.name] != rooms[bob.name]

        for step in range(2):
            told = len(ana.heard(group))
            chosen = {}
            for pick, player in enumerate((ana, bob)):
                chosen[player.name] = await choose(player, rooms[player.name], pick)
                if player is ana:
                    await ana.until(lambda: any("waiting for" in b
                                                for b in ana.heard(group)[told:]),
                                    what="the group told Ana has chosen")
            await ana.until(lambda: any(chosen[ana.name] in b and chosen[bob.name] in b
                                        for b in ana.heard(group)[told:]),
                            what="both choices revealed together")
            revealed = next(i for i, b in enumerate(ana.heard(group)[told:])
                            if chosen[ana.name] in b)
            before = ana.heard(group)[told:told + revealed]
            assert not any(c in b for b in before for c in chosen.values()), before
            for player in (ana, bob):  # the next step's menu, in the same room
                await player.until(lambda: MENU.search(
                    player.heard(rooms[player.name])[-1].splitlines()[-1]),
                    what="the next menu")
            if step == 0:
                bot.kill()  # a restarted bot still knows the rooms it opened …
                bot.start()

        notices = [b for b in ana.heard(group) if "private message" in b]
        assert len(notices) == 1, notices  # told once, not at every step nor after a restart
        assert ana.name in notices[0] and bob.name in notices[0]
        for player in (ana, bob):  # … one room each, opened once
            assert len([i for i in player.invites if i[1] == bot_id]) == 1, player.invites

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
    finally:
        bot.stop()
        log.close()
        await ana.client.close()
        await bob.client.close()
        if bot.process.returncode not in (0, -15, None):
            print((tmp_path / "bot.log").read_text()[-3000:])


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
        await player.until(lambda: len(player.heard(room)) > count, what="an answer")
        answer = player.heard(room)[-1]
        if "kept hidden" in answer:
            return answer.split("✔ ")[1].split(" — ")[0]
    raise AssertionError(f"{player.name}: no choice made; last: {player.heard(room)[-1]}")
