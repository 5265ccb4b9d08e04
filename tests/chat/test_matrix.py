"""The Matrix bot end to end: a real Synapse, the bot as its own process (`bgbot chat
matrix`), people as real matrix-nio clients. A Cartographers solo game in a direct chat
to its final score, surviving a kill -9 of the bot mid-game; several turns of a
3-player Tikal game with a computer player in a group, switched to Catalan, with
illegal and out-of-turn input."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
import uuid

import pytest

nio = pytest.importorskip("nio", reason="the [chat] extra (matrix-nio) is not installed")

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

    async def login(self) -> None:
        await self.client.login("pw-" + self.name)
        await self.client.sync(timeout=0)

    async def pump(self, timeout_ms: int = 300) -> None:
        response = await self.client.sync(timeout=timeout_ms)
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
        if label.startswith("✔ end"):
            return number
    for number, label in options:
        if label.startswith("✔"):
            return number
    return options[0][0]


async def joined(player: Player, room: str, bot: str) -> None:
    await player.until(lambda: room in player.client.rooms
                       and bot in player.client.rooms[room].users, what="the bot to join")


def test_matrix_games_end_to_end(synapse, tmp_path):
    asyncio.run(asyncio.wait_for(_games(synapse, tmp_path), 600))


async def _games(url, tmp_path):
    tag = uuid.uuid4().hex[:6]
    bot_id = register(url, f"bgbot{tag}", "botpass")
    (tmp_path / "password").write_text("botpass\n")
    log = open(tmp_path / "bot.log", "w")
    bot = BotProcess(url, bot_id, tmp_path / "password", f"sqlite:///{tmp_path / 'chat.db'}",
                     log)
    bot.start()
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
            if label.startswith("✔ end"):
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
