"""The Telegram bot through python-telegram-bot's real HTTP stack, against a fake Bot API
server on loopback: the lobby with buttons, a bid with buttons, an action in notation,
a photo of the board, a 429 answer, per-chat language, duplicate delivery after a
restart (the same updates fetched again) acted on once."""

from __future__ import annotations

import asyncio
import io
import time

import pytest

pytest.importorskip("telegram", reason="the [chat] extra (python-telegram-bot) is not installed")

from boardgamesbot.chat import telegram as tg  # noqa: E402
from boardgamesbot.chat.tables import Service  # noqa: E402

from .fake_telegram import FakeTelegram  # noqa: E402

GROUP = {"id": -100123, "type": "supergroup", "title": "Board gamers"}
ANA = {"id": 11, "is_bot": False, "first_name": "Ana", "language_code": "en"}
BOB = {"id": 12, "is_bot": False, "first_name": "Bob", "language_code": "pt-br"}
TOKEN = "4242:TEST"
PUBLIC = "http://bg.example"


async def until(predicate, timeout: float = 20.0, what: str = "condition"):
    start = time.monotonic()
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() - start > timeout:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


class Bot:
    """The bot process: the service over the database and the Telegram adapter."""

    def __init__(self, fake: FakeTelegram, db: str) -> None:
        self.fake, self.db = fake, db

    async def start(self) -> None:
        self.service = await Service.open(db=self.db)
        self.stop = asyncio.Event()
        self.task = asyncio.create_task(tg.run(TOKEN, self.service, PUBLIC,
                                               base_url=self.fake.url, stop=self.stop,
                                               poll_timeout=1))

    async def close(self) -> None:
        self.stop.set()
        await self.task
        await self.service.close()


def keyboard(fields: dict) -> list[dict]:
    return [b for row in (fields.get("reply_markup") or {}).get("inline_keyboard", [])
            for b in row]


def button(fields: dict, label_start: str) -> str:
    for b in keyboard(fields):
        if b["text"].startswith(label_start):
            return b["callback_data"]
    raise AssertionError(f"no button {label_start!r} in {[b['text'] for b in keyboard(fields)]}")


def last_with_buttons(fake: FakeTelegram, chat_id: int) -> tuple[int, dict]:
    """The latest message in the chat carrying a keyboard: (message_id, its fields)."""
    for (chat, mid), message in sorted(fake.messages.items(), key=lambda kv: -kv[0][1]):
        if chat == chat_id and message.get("reply_markup", {}).get("inline_keyboard"):
            return mid, {**message, "reply_markup": message["reply_markup"]}
    raise AssertionError("no message with buttons")


def test_a_tikal_auction_table_in_a_telegram_group(tmp_path):
    asyncio.run(asyncio.wait_for(_auction_table(tmp_path), 120))


async def _auction_table(tmp_path):
    fake = FakeTelegram()
    fake.chats[GROUP["id"]] = GROUP
    fake.admins.add(ANA["id"])
    await fake.start()
    bot = Bot(fake, f"sqlite:///{tmp_path / 'chat.db'}")
    await bot.start()
    gid = GROUP["id"]
    try:
        # The command menu, in each language.
        await until(lambda: len(fake.commands) == 3, what="the command menus")
        assert {c["command"] for c in fake.commands[""]} >= {"new", "join", "start", "lang"}
        assert any(c["description"] == "totes les ordres" for c in fake.commands["ca"])

        # A lobby with buttons, edited in place as people join.
        fake.say(GROUP, ANA, "/new tikal auction")
        await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
        lobby = fake.calls("sendMessage", gid)[0]
        assert "Tikal" in lobby["text"] and "auction" in lobby["text"]
        assert {b["callback_data"] for b in keyboard(lobby)} >= {"j", "s", "b:easy"}
        lobby_id = next(mid for (chat, mid), m in fake.messages.items()
                        if chat == gid and m.get("text") == lobby["text"])
        fake.press(GROUP, BOB, lobby_id, "j")
        await until(lambda: any("Bob" in f["text"] for f in fake.calls("editMessageText", gid)),
                    what="Bob in the lobby")
        fake.press(GROUP, ANA, lobby_id, "b:easy")
        await until(lambda: any("🤖" in f["text"] for f in fake.calls("editMessageText", gid)),
                    what="the computer player in the lobby")
        fake.press(GROUP, BOB, lobby_id, "s")  # only the creator starts
        await until(lambda: any("creator" in f.get("text", "")
                                for f in fake.calls("answerCallbackQuery")), what="a refusal")
        fake.press(GROUP, ANA, lobby_id, "s")

        # The first decision: a photo of the board, Ana mentioned, bid/pass buttons.
        await until(lambda: fake.calls("sendPhoto", gid), what="the board")
        photo = fake.calls("sendPhoto", gid)[0]
        assert 'href="tg://user?id=11"' in photo["caption"]
        started = [f["text"] for f in fake.calls("editMessageText", gid) if "▶" in f["text"]]
        table_id = started[0].split("/#/table/")[1].split()[0]
        assert f"{PUBLIC}/#/table/{table_id}" in started[0]
        name, data, ctype = next(files["photo"] for m, f, files in fake.sent
                                 if m == "sendPhoto")
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        from PIL import Image

        assert Image.open(io.BytesIO(data)).size[0] >= 600

        # A bid with buttons: "bid …" narrows the same message's keyboard, then a bid.
        mid, message = last_with_buttons(fake, gid)
        assert "✔ pass" in [b["text"] for b in keyboard(message)]
        fake.press(GROUP, BOB, mid, button(message, "bid"))  # not Bob's turn
        await until(lambda: any("not your turn" in f.get("text", "")
                                for f in fake.calls("answerCallbackQuery")), what="Bob refused")
        fake.press(GROUP, ANA, mid, button(message, "bid"))
        await until(lambda: fake.calls("editMessageCaption", gid), what="the bids")
        narrowed = fake.messages[(gid, mid)]
        assert any(b["text"] == "✔ bid 2" for b in keyboard(narrowed))
        fake.press(GROUP, ANA, mid, button(narrowed, "✔ bid 2"))
        await until(lambda: any("Ana: bid 2" in t for t in fake.texts(gid)), what="Ana's bid")

        # An action in notation, as a command: Bob passes.
        await until(lambda: len(fake.calls("sendPhoto", gid)) >= 2, what="Bob's turn")
        assert 'href="tg://user?id=12"' in fake.calls("sendPhoto", gid)[-1]["caption"]
        fake.say(GROUP, BOB, "/pass")
        await until(lambda: any("Bob: pass" in t for t in fake.texts(gid)), what="Bob's pass")

        # Illegal and malformed input: explained, nothing changes.
        service = bot.service
        actions = (await service.summary(table_id))["actions"]
        fake.say(GROUP, BOB, "/bid 99")
        fake.say(GROUP, ANA, "/frobnicate")
        await until(lambda: sum("⚠" in t for t in fake.texts(gid)) >= 2, what="two refusals")
        assert (await service.summary(table_id))["actions"] == actions

        # The board on request, as a photo.
        photos = len(fake.calls("sendPhoto", gid))
        fake.say(GROUP, BOB, "/board")
        await until(lambda: len(fake.calls("sendPhoto", gid)) > photos, what="the board")

        # Telegram says 429: the bot waits retry_after and sends again.
        fake.too_many["sendMessage"] = 1
        count = len(fake.calls("sendMessage", gid))
        fake.say(GROUP, ANA, "/status")
        await until(lambda: len(fake.calls("sendMessage", gid)) > count, what="the status")
        assert ("sendMessage", 429) in fake.refused
        assert "Tikal" in fake.calls("sendMessage", gid)[-1]["text"]

        # A network error (502 Bad Gateway): retried with backoff.
        fake.bad_gateway.add("sendMessage")
        count = len(fake.calls("sendMessage", gid))
        fake.say(GROUP, ANA, "/score")
        await until(lambda: len(fake.calls("sendMessage", gid)) > count, what="the scores")
        assert ("sendMessage", 502) in fake.refused

        # Per-chat language: set by the creator (an admin), refused to others.
        fake.say(GROUP, BOB, "/lang en")
        await until(lambda: any("Only the chat's admins" in t for t in fake.texts(gid)),
                    what="Bob refused")
        fake.say(GROUP, ANA, "/lang ca")
        await until(lambda: any("català" in t for t in fake.texts(gid)), what="Catalan")
        fake.say(GROUP, BOB, "/status")
        await until(lambda: "en joc" in fake.texts(gid)[-1], what="a Catalan status")

        # Restart: Telegram hands the bot every update again (its offset was lost); none
        # is acted on twice, and the running game carries on.
        await until(lambda: not fake._new.is_set() or True)
        await asyncio.sleep(0.3)
        before = len(fake.sent)
        state = (await service.summary(table_id))["state_id"]
        await bot.close()
        await bot.start()
        await asyncio.sleep(2.5)  # every old update fetched and skipped
        replayed = [(m, f.get("text") or f.get("caption")) for m, f, _ in fake.sent[before:]
                    if m != "answerCallbackQuery"]  # a spinner stopped again is no action
        assert replayed == [], replayed
        assert (await bot.service.summary(table_id))["state_id"] == state
        fake.say(GROUP, ANA, "/score")
        await until(lambda: "Punts" in fake.texts(gid)[-1], what="the scores after restart")
        for method, fields, _ in fake.sent:
            if method in ("sendMessage", "sendPhoto"):
                assert len(fields.get("text", "")) <= 4096
                assert len(fields.get("caption", "") or "") <= 1024
        assert not [r for r in fake.refused if r[1] == 400 and r[0] != "editMessageText"]
    finally:
        await bot.close()
        await fake.stop()


def sent_with_buttons(fake: FakeTelegram) -> list[tuple[int, int, dict]]:
    """Every message now carrying a keyboard: (chat, message_id, message)."""
    return [(chat, mid, m) for (chat, mid), m in sorted(fake.messages.items())
            if (m.get("reply_markup") or {}).get("inline_keyboard")]


def menu_of(fake: FakeTelegram, person: dict) -> tuple[int, int, dict] | None:
    """The latest menu addressed to ``person`` (in any chat)."""
    mark = f'tg://user?id={person["id"]}">{person["first_name"]}</a>, choose'
    found = [(c, mid, m) for c, mid, m in sent_with_buttons(fake)
             if mark in (m.get("text") or m.get("caption") or "")]
    return max(found, key=lambda f: f[1]) if found else None


def test_cartographers_in_a_group_keeps_choices_hidden_and_scores_the_season(tmp_path):
    asyncio.run(asyncio.wait_for(_cartographers(tmp_path), 180))


async def _cartographers(tmp_path):
    fake = FakeTelegram()
    fake.chats[GROUP["id"]] = GROUP
    fake.blocked.add(BOB["id"])  # Bob never started the bot: his menu stays in the group
    await fake.start()
    bot = Bot(fake, f"sqlite:///{tmp_path / 'chat.db'}")
    await bot.start()
    gid = GROUP["id"]
    try:
        fake.say(GROUP, ANA, "/new cartographers B")
        await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
        assert "Wastelands" in fake.calls("sendMessage", gid)[0]["text"]
        fake.say(GROUP, BOB, "/join")
        await until(lambda: fake.calls("editMessageText", gid), what="Bob joined")
        fake.say(GROUP, ANA, "/start")
        await until(lambda: menu_of(fake, ANA) and menu_of(fake, BOB), what="both menus")
        # Ana's menu and her own sheet come privately; Bob's (no private chat) in the group.
        assert menu_of(fake, ANA)[0] == ANA["id"] and menu_of(fake, BOB)[0] == gid
        assert ("sendPhoto", 403) in fake.refused
        assert any("Everyone chooses now" in t for t in fake.texts(gid))

        pressed: set = set()
        steps = idle = 0
        while not any("Scores:" in t for t in fake.texts(gid)):
            moved = False
            for person in (ANA, BOB):
                menu = menu_of(fake, person)
                if menu is None:
                    continue
                chat, mid, message = menu
                signature = (chat, mid, json_of(message.get("reply_markup")))
                if signature in pressed:
                    continue
                pressed.add(signature)
                buttons = keyboard(message)
                choice = next((b for b in buttons if b["text"].startswith("✔")), buttons[0])
                if choice["callback_data"].startswith("p:"):
                    steps += 1
                    if person is ANA and steps < 3:
                        # A hidden choice: the group hears that Ana chose, not what.
                        notation = choice["callback_data"].split(":", 3)[3]
                        texts = len(fake.texts(gid))
                        fake.press({"id": chat, "type": "private"}, person, mid,
                                   choice["callback_data"])
                        await until(lambda: any("Still waiting for: Bob" in t
                                                for t in fake.texts(gid)[texts:]),
                                    what="Ana's choice announced")
                        assert not any(f"Ana: {notation}" in t for t in fake.texts(gid))
                        assert any(notation in t and "hidden" in t
                                   for t in fake.texts(ANA["id"]))
                        moved = True
                        continue
                fake.press({"id": chat, "type": "private" if chat > 0 else "supergroup"},
                           person, mid, choice["callback_data"])
                moved = True
            if not moved:
                await asyncio.sleep(0.05)
                idle += 1
            else:
                idle = 0
            assert steps < 200 and idle < 400, dump(fake)
        # The season's scoring: the scoreboard, then each player's sheet.
        await until(lambda: sum("sheet" in (f.get("caption") or "")
                                for f in fake.calls("sendPhoto", gid)) >= 2,
                    what="both sheets")
        captions = [f.get("caption") or "" for f in fake.calls("sendPhoto", gid)]
        assert any("Ana's sheet" in c for c in captions)
        assert any("Bob's sheet" in c for c in captions)
        # Once a step resolves, everybody's drawing is told, Ana's hidden one included.
        assert any(line.startswith("Ana: ") for t in fake.texts(gid) for line in t.split("\n"))
    finally:
        await bot.close()
        await fake.stop()


def dump(fake: FakeTelegram) -> str:
    return "\n".join(f"{m} {f.get('chat_id')}: {(f.get('text') or f.get('caption') or '')[:150]!r}"
                     f" {[b['callback_data'] for b in keyboard(f)]}" for m, f, _ in fake.sent[-14:])


def json_of(value) -> str:
    import json

    return json.dumps(value, sort_keys=True)


def test_a_turn_clock_reminds_then_the_computer_plays(tmp_path):
    asyncio.run(asyncio.wait_for(_clock(tmp_path), 60))


async def _clock(tmp_path):
    fake = FakeTelegram()
    await fake.start()
    bot = Bot(fake, f"sqlite:///{tmp_path / 'chat.db'}")
    await bot.start()
    dm = {"id": ANA["id"], "type": "private", "first_name": "Ana"}
    try:
        fake.say(dm, ANA, "new cartographers")
        fake.say(dm, ANA, "clock 5s")
        fake.say(dm, ANA, "start")
        await until(lambda: menu_of(fake, ANA), what="the first decision")
        await until(lambda: any("s left before the computer plays" in t
                                for t in fake.texts(dm["id"])), what="a reminder")
        await until(lambda: any("ran out of time; the computer played" in t
                                for t in fake.texts(dm["id"])), what="the computer's move")
    finally:
        await bot.close()
        await fake.stop()


def test_a_game_in_a_forum_topic_stays_in_that_topic(tmp_path):
    async def main():
        fake = FakeTelegram()
        forum = {"id": -100777, "type": "supergroup", "title": "Games", "is_forum": True}
        fake.chats[forum["id"]] = forum
        await fake.start()
        bot = Bot(fake, f"sqlite:///{tmp_path / 'chat.db'}")
        await bot.start()
        try:
            fake.say(forum, ANA, "/new tikal", thread=7)
            fake.say(forum, BOB, "/status", thread=8)  # another topic: no table there
            await until(lambda: len(fake.calls("sendMessage", forum["id"])) >= 2)
            by_thread = {str(f.get("message_thread_id")): f["text"]
                         for f in fake.calls("sendMessage", forum["id"])}
            assert "Tikal" in by_thread["7"] and "No game" in by_thread["8"]
        finally:
            await bot.close()
            await fake.stop()
    asyncio.run(asyncio.wait_for(main(), 60))


ANONYMOUS_ADMIN = {"id": 1087968824, "is_bot": True, "first_name": "Group",
                   "username": "GroupAnonymousBot"}
CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel",
               "username": "Channel_Bot"}


def test_an_anonymous_admin_speaks_for_the_group_and_a_channel_for_nobody(tmp_path):
    """An admin who remains anonymous writes as the group (``sender_chat`` is the chat):
    they may set the chat's language and start a table; a message written as a channel
    is not anyone at this table."""
    async def main():
        fake = FakeTelegram()
        fake.chats[GROUP["id"]] = GROUP
        await fake.start()
        bot = Bot(fake, f"sqlite:///{tmp_path / 'chat.db'}")
        await bot.start()

        def as_chat(sender: dict, sender_chat: dict, text: str) -> None:
            fake.push({"message": {
                "message_id": 900 + len(fake.updates), "date": int(time.time()),
                "chat": GROUP, "from": sender, "sender_chat": sender_chat, "text": text,
                "entities": [{"type": "bot_command", "offset": 0,
                              "length": len(text.split()[0])}]}})

        try:
            channel = {"id": -100999, "type": "channel", "title": "News"}
            as_chat(CHANNEL_BOT, channel, "/new tikal")
            as_chat(ANONYMOUS_ADMIN, GROUP, "/lang ca")
            await until(lambda: fake.texts(GROUP["id"]), what="an answer")
            assert "català" in fake.texts(GROUP["id"])[-1]
            assert not fake.calls("getChatMember"), "the group's own message needs no lookup"
            as_chat(ANONYMOUS_ADMIN, GROUP, "/new tikal")
            await until(lambda: any("Tikal" in t for t in fake.texts(GROUP["id"])),
                        what="the lobby")
            lobby = next(t for t in fake.texts(GROUP["id"]) if "Tikal" in t)
            assert "Board gamers" in lobby  # the table's creator: the group's admins
            assert "tg://user?id=-" not in lobby  # a group has no profile to link
            assert len([t for t in fake.texts(GROUP["id"]) if "Tikal" in t]) == 1, \
                "the channel's /new tikal opened nothing"
        finally:
            await bot.close()
            await fake.stop()
    asyncio.run(asyncio.wait_for(main(), 60))
