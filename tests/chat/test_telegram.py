"""The Telegram bot through python-telegram-bot's real HTTP stack, against a fake Bot API
server on loopback (only the network boundary is fake).

What a group sees: one living message per table, edited as the game moves; new
messages only to call a person (with sound) and for scorings; everything else
silent; only the living message carries buttons. Both games from lobby to final score
by taps alone, hidden choices only in private chats reached by deep links, /start in a
fresh private chat, a group becoming a supergroup mid-game, a flood wait in one chat
while another plays on, the lobby, refusals, per-chat language, duplicate delivery
after a restart."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import json
import re
import time
from importlib import resources

import pytest

pytest.importorskip("telegram", reason="the [chat] extra (python-telegram-bot) is not installed")

from boardgamesbot.chat import images  # noqa: E402
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


FAST = (1000, 1.0)  # a pace that never waits: tests of play, not of pacing


class Bot:
    """The bot process: the service over the database and the Telegram adapter."""

    def __init__(self, fake: FakeTelegram, db: str, pace: tuple = FAST,
                 public: str = PUBLIC, mini_app: str | None = None) -> None:
        self.fake, self.db, self.pace = fake, db, pace
        self.public, self.mini_app = public, mini_app
        self.bot = None

    running: Bot | None = None  # the bot a test talks to (`tap` waits for its pictures)

    async def start(self) -> None:
        Bot.running = self
        self.service = await Service.open(db=self.db)
        self.stop = asyncio.Event()
        self.task = asyncio.create_task(tg.run(
            TOKEN, self.service, self.public, base_url=self.fake.url, stop=self.stop,
            poll_timeout=1, group_pace=self.pace, mini_app=self.mini_app,
            started=lambda bot: setattr(self, "bot", bot)))

    async def close(self) -> None:
        self.stop.set()
        await self.task
        await self.service.close()


@contextlib.asynccontextmanager
async def telegram_bot(tmp_path, *chats: dict, admins: tuple = ()):
    """The fake Bot API, knowing ``chats`` (their admins by id), and our bot started on
    it over a new database; both stopped however the test ends."""
    fake = FakeTelegram()
    for chat in chats:
        fake.chats[chat["id"]] = chat
    fake.admins.update(admins)
    await fake.start()
    bot = Bot(fake, f"sqlite:///{tmp_path / 'chat.db'}")
    await bot.start()
    try:
        yield fake, bot
    finally:
        await bot.close()
        await fake.stop()


async def lobby_joined(fake: FakeTelegram, game: str, *joining: dict) -> int:
    """Ana opens a table of ``game`` in the group and each of ``joining`` taps Join on its
    lobby; the lobby's message id, once the last of them is seated."""
    gid = GROUP["id"]
    fake.say(GROUP, ANA, f"/new {game}")
    await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
    lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
    for person in joining:
        fake.press(GROUP, person, lobby_id, "j")
        await until(lambda p=person: p["first_name"] in
                    fake.messages[(gid, lobby_id)].get("text", ""),
                    what=f"{person['first_name']} in the lobby")
    return lobby_id


def keyboard(fields: dict) -> list[dict]:
    """The callback buttons of a message (links apart: see `links`)."""
    return [b for row in (fields.get("reply_markup") or {}).get("inline_keyboard", [])
            for b in row if "callback_data" in b]


def links(fields: dict) -> list[dict]:
    return [b for row in (fields.get("reply_markup") or {}).get("inline_keyboard", [])
            for b in row if "url" in b or "web_app" in b]


def button(fields: dict, label_start: str) -> str:
    for b in keyboard(fields):
        if b["text"].startswith(label_start):
            return b["callback_data"]
    raise AssertionError(f"no button {label_start!r} in {[b['text'] for b in keyboard(fields)]}")


def last_with_buttons(fake: FakeTelegram, chat_id: int) -> tuple[int, dict]:
    """The latest message in the chat carrying a keyboard: (message_id, its fields)."""
    for (chat, mid), message in sorted(fake.messages.items(), key=lambda kv: -kv[0][1]):
        if chat == chat_id and keyboard(message):
            return mid, {**message, "reply_markup": message["reply_markup"]}
    raise AssertionError("no message with buttons")


CY = {"id": 13, "is_bot": False, "first_name": "Cy", "language_code": "ca"}
NEW = ("sendMessage", "sendPhoto", "sendMediaGroup")
EDITS = ("editMessageText", "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup")


async def quiet(fake: FakeTelegram, seconds: float = 0.25, timeout: float = 30.0) -> None:
    """Wait until the bot has said nothing for ``seconds`` (its edits are made later)."""
    start = time.monotonic()
    count, since = len(fake.sent), time.monotonic()
    while time.monotonic() - since < seconds:
        await asyncio.sleep(0.03)
        if len(fake.sent) != count:
            count, since = len(fake.sent), time.monotonic()
        assert time.monotonic() - start < timeout, "the bot never fell quiet"


def living_of(fake: FakeTelegram, chat_id: int) -> tuple[int, dict] | None:
    """The chat's latest picture carrying callback buttons: the living message."""
    found = [(mid, m) for (chat, mid), m in fake.messages.items()
             if chat == chat_id and "photo" in m and keyboard(m)]
    return max(found, key=lambda f: f[0]) if found else None


def with_buttons(fake: FakeTelegram, chat_id: int) -> list[int]:
    return [mid for (chat, mid), m in fake.messages.items() if chat == chat_id and keyboard(m)]


def choose(message: dict) -> dict:
    """A player who taps through: confirm a preview, end a turn once something was done,
    else the first way forward."""
    buttons = [b for b in keyboard(message) if not b["text"].startswith("←")]
    for start in ("✔ Confirm",):
        for b in buttons:
            if b["text"].startswith(start):
                return b
    return buttons[0]


async def tap(fake: FakeTelegram, chat: dict, person: dict, mid: int, data: str) -> None:
    answered = len(fake.calls("answerCallbackQuery"))
    fake.press(chat, person, mid, data)
    await until(lambda: len(fake.calls("answerCallbackQuery")) > answered, what="an answer")
    await settled(fake, 0.12)


async def settled(fake: FakeTelegram, seconds: float) -> None:
    """Wait until the bot has drawn and sent all it was working on (pictures are drawn
    after the answer, then edited in), then said nothing for ``seconds``."""
    running = Bot.running.bot if Bot.running else None
    if running is not None:
        await running.conversation.caught_up()  # every move made so far reached the chat
        await running.conversation.settled()
        await running.transport.settled()
    await quiet(fake, seconds)


def new_messages(fake: FakeTelegram, chat_id: int, since: int) -> list[tuple[str, dict]]:
    return [(m, f) for m, f, _ in fake.sent[since:]
            if m in NEW and int(f.get("chat_id", 0)) == chat_id]


def silent(fields: dict) -> bool:
    return str(fields.get("disable_notification")).lower() == "true"


def ringing_mentions(fake, chat_id) -> list[str]:
    """The texts of the messages sent to ``chat_id`` that mention someone and ring."""
    return [f["text"] for f in fake.calls("sendMessage", chat_id)
            if "tg://user?id=" in f.get("text", "") and not silent(f)]


def test_a_tikal_turn_in_a_group_is_one_living_message_and_a_mention(tmp_path):
    asyncio.run(asyncio.wait_for(_tikal_turns(tmp_path), 240))


async def _tikal_turns(tmp_path):
    """Three people play Tikal by taps in a group; each turn is counted message by
    message: new messages (a mention to act; the board moved down when buried), edits,
    silent flags; at the end of each turn only the living message has buttons, and its
    picture is the board as it is, in the chat's language, the last move marked."""
    gid = GROUP["id"]
    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        fake.say(GROUP, ANA, "/new tikal")
        await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
        lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
        fake.press(GROUP, BOB, lobby_id, "j")
        fake.press(GROUP, CY, lobby_id, "j")
        await until(lambda: "Cy" in fake.messages[(gid, lobby_id)].get("text", ""),
                    what="Bob and Cy in the lobby")
        fake.press(GROUP, ANA, lobby_id, "s")
        await until(lambda: living_of(fake, gid), what="the living message")
        await quiet(fake)
        service = bot.service
        table_id = fake.messages[(gid, lobby_id)]["text"].split("/#/table/")[1].split()[0]
        per_turn: list[tuple[int, int, int]] = []  # (new messages, edits, taps)
        for _ in range(6):  # six turns
            summary = await service.summary(table_id)
            seat = summary["to_act"][0]
            person = [ANA, BOB, CY][seat]
            since, taps = len(fake.sent), 0
            version = summary["state_id"]
            placed = False
            while (await service.summary(table_id))["to_act"] == [seat]:
                mid, message = living_of(fake, gid)
                buttons = keyboard(message)
                ending = [b for b in buttons if b["text"].startswith("⏭")]
                pressed = ending[0] if placed and ending else choose(message)
                placed = placed or pressed["text"].startswith("✔ Confirm")
                await tap(fake, GROUP, person, mid, pressed["callback_data"])
                taps += 1
                assert taps < 30, dump(fake)
            await settled(fake, 0.4)  # the board is drawn after the turn, then edited in
            assert (await service.summary(table_id))["state_id"] > version
            sent = new_messages(fake, gid, since)
            edits = [f for m, f, _ in fake.sent[since:] if m in EDITS
                     and int(f.get("chat_id", 0)) == gid]
            per_turn.append((len(sent), len(edits), taps))
            # Sound only for the person called to act; all else silent.
            for method, fields in sent:
                text = fields.get("text") or fields.get("caption") or ""
                calls = "tg://user?id=" in text and "Your turn" in text
                assert silent(fields) != calls, (method, text)
            # Only the living message carries buttons, and they are the next person's.
            assert with_buttons(fake, gid) == [living_of(fake, gid)[0]]
            # The living picture is the board as it is now, the last move marked.
            mid, message = living_of(fake, gid)
            state = await service.state(table_id, None)
            names = ["Ana", "Bob", "Cy"]
            expected = images.picture("tikal", state["view"], None, names, "en",
                                      bot.bot.conversation.last_move(table_id)[1])
            assert message["photo"][0]["file_unique_id"] == \
                hashlib.sha256(expected).hexdigest()[:16]
            caption = message["caption"]
            assert f'{names[seat]}: end' in caption  # the story of the turn in words
        # The group reads the table message and the latest call under it: each call goes
        # once the next one comes, so six turns leave one, and the calls never bury the
        # table message (which a new turn would post again, a picture more each time).
        calls = [m["text"] for (chat, _), m in fake.messages.items()
                 if chat == gid and "Your turn" in m.get("text", "")]
        assert len(calls) == 1, calls
        assert len(fake.calls("sendPhoto", gid)) == 1, per_turn
        news = sorted(n for n, _, _ in per_turn)
        assert news[len(news) // 2] <= 2, per_turn  # the issue's goal: median ≤ 2
        assert max(n for n, _, _ in per_turn) <= 2, per_turn
        print("new messages, edits, taps per turn:", per_turn)
        # Nothing refused by Telegram: no edit that changed nothing, no cut tag.
        assert not [r for r in fake.refused if r[1] == 400], fake.refused


TELEGRAM_COMMAND = re.compile(r"[a-z0-9_]{1,32}")  # what setMyCommands and a '/' accept


def test_catalan_and_portuguese_commands_work_typed_without_accents_or_with_them(tmp_path):
    """Telegram commands are [a-z0-9_]: every command has such a word in each language
    ('comenca' for 'comença', 'cancella' for 'cancel·la'), the command menu of each
    language lists only valid names, and a command typed with its accents (Telegram marks
    only '/comen' of '/comença' as the command) is understood too."""
    from boardgamesbot.chat import i18n
    from boardgamesbot.chat.conversation import COMMANDS

    for lang in i18n.LANGUAGES:
        aliases = i18n._catalog(lang).get("aliases", {})
        for command, words in aliases.items():
            assert command in COMMANDS, (lang, command)
            typable = [w for w in words if TELEGRAM_COMMAND.fullmatch(w)]
            assert typable or TELEGRAM_COMMAND.fullmatch(command), (lang, command, words)
            for word in words:  # each word, accents and all, names its command
                assert i18n.aliases(word) == command, (lang, word)
                assert i18n.aliases(i18n.fold(word)) == command, (lang, word)

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP, admins=(ANA["id"],)) as (fake, bot):
            await until(lambda: len(fake.commands) == 3, what="the command menus")
            assert set(fake.commands) == {"", "pt", "ca"}
            for code, menu in fake.commands.items():
                names = [c["command"] for c in menu]
                assert all(TELEGRAM_COMMAND.fullmatch(n) for n in names), (code, names)
                assert len(set(names)) == len(names) <= 100
                assert all(1 <= len(c["description"]) <= 256 for c in menu), code
            fake.say(GROUP, ANA, "/llengua ca")
            await until(lambda: any("català" in t for t in fake.texts(gid)), what="Catalan")
            fake.say(GROUP, ANA, "/nova tikal")
            await until(lambda: any("Taula nova" in t for t in fake.texts(gid)),
                        what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            fake.say(GROUP, BOB, f"/uneix@{tg_bot_name(fake)}")
            await until(lambda: "Bob" in fake.messages[(gid, lobby_id)].get("text", ""),
                        what="Bob in the lobby")
            fake.say(GROUP, ANA, "/comença")  # with its cedilla
            await until(lambda: living_of(fake, gid), what="the game begun")
            fake.say(GROUP, BOB, "/desfés")  # not Bob's turn: refused in Catalan
            await until(lambda: any("⚠" in t for t in fake.texts(gid)), what="a refusal")
            assert not any("Unknown" in t or "desconeguda" in t for t in fake.texts(gid))

    asyncio.run(asyncio.wait_for(main(), 90))


def tg_bot_name(fake: FakeTelegram) -> str:
    from .fake_telegram import BOT

    return BOT["username"]


def test_a_tikal_auction_table_in_a_telegram_group(tmp_path):
    asyncio.run(asyncio.wait_for(_auction_table(tmp_path), 120))


async def _auction_table(tmp_path):
    gid = GROUP["id"]
    async with telegram_bot(tmp_path, GROUP, admins=(ANA["id"],)) as (fake, bot):
        # The command menu, in each language.
        await until(lambda: len(fake.commands) == 3, what="the command menus")
        assert {c["command"] for c in fake.commands[""]} >= {"new", "join", "start", "lang",
                                                             "stats"}
        assert any(c["description"] == "totes les ordres" for c in fake.commands["ca"])

        # A lobby with buttons, edited in place as people join; a link to join privately.
        fake.say(GROUP, ANA, "/new tikal auction")
        await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
        lobby = fake.calls("sendMessage", gid)[0]
        assert "Tikal" in lobby["text"] and "auction" in lobby["text"]
        assert {b["callback_data"] for b in keyboard(lobby)} >= {"j", "s", "b:easy"}
        assert [b["url"] for b in links(lobby)] == \
            [f"https://t.me/bgbot_test_bot?start=j{gid}"]
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

        # The first decision: the living picture with the bid buttons, and Ana called.
        await until(lambda: living_of(fake, gid), what="the board")
        await until(lambda: any('href="tg://user?id=11"' in (f.get("text") or "")
                                for f in fake.calls("sendMessage", gid)), what="Ana called")
        started = [f["text"] for f in fake.calls("editMessageText", gid) if "▶" in f["text"]]
        table_id = started[0].split("/#/table/")[1].split()[0]
        assert f"{PUBLIC}/#/table/{table_id}" in started[0]
        name, data, ctype = next(files["photo"] for m, f, files in fake.sent
                                 if m == "sendPhoto")
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        from PIL import Image

        assert Image.open(io.BytesIO(data)).size[0] >= 600

        # A bid with buttons: "Bid …" narrows the living message's keyboard to a page of
        # numbers — the first few bids, then ranges of the rest — then a bid by taps.
        mid, message = living_of(fake, gid)
        assert "⏭ Pass" in [b["text"] for b in keyboard(message)]
        fake.press(GROUP, BOB, mid, button(message, "💰 Bid"))  # not Bob's turn
        await until(lambda: any("not your turn" in f.get("text", "")
                                for f in fake.calls("answerCallbackQuery")), what="Bob refused")
        fake.press(GROUP, ANA, mid, button(message, "💰 Bid"))
        await until(lambda: any(b["text"] == "2" for b in keyboard(fake.messages[(gid, mid)])),
                    what="the bids")
        narrowed = fake.messages[(gid, mid)]
        rows = narrowed["reply_markup"]["inline_keyboard"]
        assert len(rows) <= 5, rows  # a phone shows it whole under the picture
        assert [b["text"] for b in rows[0]] == ["1", "2", "3", "4"], rows
        assert any(b["text"] == "← Back" for b in keyboard(narrowed))
        assert "Bid" in narrowed["caption"].splitlines()[-1]  # the prompt says what they are
        # The twentieth point: past the first page, one tap on its range, one on it.
        fake.press(GROUP, ANA, mid, button(narrowed, "18–20"))
        await until(lambda: any(b["text"] == "20" for b in keyboard(fake.messages[(gid, mid)])),
                    what="the range's bids")
        fake.press(GROUP, ANA, mid, button(fake.messages[(gid, mid)], "20"))
        # told in the game's words, as the browser's log tells it (not "Ana: bid 20")
        await until(lambda: any("Ana: bids 20 points" in t for t in fake.texts(gid)),
                    what="Ana's bid")

        # An action in notation, as a command: Bob passes.
        await until(lambda: any('href="tg://user?id=12"' in (f.get("text") or "")
                                for f in fake.calls("sendMessage", gid)), what="Bob's turn")
        fake.say(GROUP, BOB, "/pass")
        await until(lambda: any("Bob: passes" in t for t in fake.texts(gid)), what="Bob's pass")

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
        await quiet(fake, 0.3)
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
        # The whole story, beyond the living caption's last lines.
        fake.say(GROUP, BOB, "/log")
        await until(lambda: "Ana: ofereix 20 punts" in fake.texts(gid)[-1], what="the log")
        assert "Bob: passa" in fake.texts(gid)[-1]  # in the group's language now
        assert f"{PUBLIC}/#/table/{table_id}" in fake.texts(gid)[-1]
        for method, fields, _ in fake.sent:
            if method in ("sendMessage", "sendPhoto"):
                assert len(fields.get("text", "")) <= 4096
                assert len(fields.get("caption", "") or "") <= 1024
        assert not [r for r in fake.refused if r[1] == 400]


def dump(fake: FakeTelegram) -> str:
    return "\n".join(f"{m} {f.get('chat_id')}: {(f.get('text') or f.get('caption') or '')[:150]!r}"
                     f" {[b['callback_data'] for b in keyboard(f)]}" for m, f, _ in fake.sent[-14:])


def json_of(value) -> str:
    import json

    return json.dumps(value, sort_keys=True)


def test_a_turn_clock_reminds_then_the_computer_plays(tmp_path):
    asyncio.run(asyncio.wait_for(_clock(tmp_path), 60))


async def _clock(tmp_path):
    dm = {"id": ANA["id"], "type": "private", "first_name": "Ana"}
    async with telegram_bot(tmp_path) as (fake, bot):
        fake.say(dm, ANA, "new cartographers")
        fake.say(dm, ANA, "clock 5s")
        fake.say(dm, ANA, "start")
        await until(lambda: living_of(fake, dm["id"]), what="the first decision")
        await until(lambda: any("s left before the computer plays" in t
                                for t in fake.texts(dm["id"])), what="a reminder")
        await until(lambda: any("(out of time: the computer played)" in t
                                for t in fake.texts(dm["id"])), what="the computer's move")


def test_a_clock_reminder_rings_the_person_awaited_and_only_them(tmp_path):
    """A reminder asks a person to act before the computer does: like the call to their
    turn it comes with sound, mentions them and quotes the table message (a tap lands on
    the buttons); the group's other news stays silent."""
    asyncio.run(asyncio.wait_for(_clock_in_a_group(tmp_path), 90))


async def _clock_in_a_group(tmp_path):
    gid = GROUP["id"]
    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        lobby_id = await lobby_joined(fake, "tikal", BOB)
        fake.say(GROUP, ANA, "/clock 8")  # reminded with 3 s left, after 5
        await until(lambda: "8" in fake.messages[(gid, lobby_id)].get("text", ""),
                    what="the clock in the lobby")
        fake.press(GROUP, ANA, lobby_id, "s")
        await until(lambda: any("(out of time: the computer played)" in t
                                for t in fake.texts(gid)), timeout=40,
                    what="the computer playing for Ana")
        await until(lambda: any("Your turn" in (f.get("text") or "") and "id=12" in f["text"]
                                for f in fake.calls("sendMessage", gid)),
                    what="Bob's call")
        sent = new_messages(fake, gid, 0)
        reminders = [f for _, f in sent if "s left before the computer plays" in
                     (f.get("text") or "")]
        assert reminders, dump(fake)
        for reminder in reminders:
            assert not silent(reminder), reminder
            assert 'href="tg://user?id=11"' in reminder["text"]  # Ana, mentioned
            quoted = int((reminder.get("reply_parameters") or {}).get("message_id", 0))
            assert "photo" in fake.messages.get((gid, quoted), {}), reminder  # the table's
        for method, fields in sent:
            text = fields.get("text") or fields.get("caption") or ""
            asks = "tg://user?id=" in text and ("Your turn" in text or "s left" in text)
            assert silent(fields) != asks, (method, text)


def test_a_game_in_a_forum_topic_stays_in_that_topic(tmp_path):
    async def main():
        forum = {"id": -100777, "type": "supergroup", "title": "Games", "is_forum": True}
        async with telegram_bot(tmp_path, forum) as (fake, bot):
            fake.say(forum, ANA, "/new tikal", thread=7)
            fake.say(forum, BOB, "/status", thread=8)  # another topic: no table there
            await until(lambda: len(fake.calls("sendMessage", forum["id"])) >= 2)
            by_thread = {str(f.get("message_thread_id")): f["text"]
                         for f in fake.calls("sendMessage", forum["id"])}
            # (Bob's phone speaks Portuguese, and nobody set the topic's language)
            assert "Tikal" in by_thread["7"] and "Nenhum jogo" in by_thread["8"]
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
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):

            def as_chat(sender: dict, sender_chat: dict, text: str) -> None:
                fake.push({"message": {
                    "message_id": 900 + len(fake.updates), "date": int(time.time()),
                    "chat": GROUP, "from": sender, "sender_chat": sender_chat, "text": text,
                    "entities": [{"type": "bot_command", "offset": 0,
                                  "length": len(text.split()[0])}]}})

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
    asyncio.run(asyncio.wait_for(main(), 60))


def private(person: dict) -> dict:
    return {"id": person["id"], "type": "private", "first_name": person["first_name"]}


@pytest.mark.slow
def test_cartographers_by_taps_with_hidden_choices_in_private(tmp_path):
    asyncio.run(asyncio.wait_for(_cartographers_by_taps(tmp_path), 420))


async def _cartographers_by_taps(tmp_path):
    """Two people play Cartographers from the lobby to the final score by taps alone.
    Every drawing is chosen in a private chat (Bob, who never opened one, comes through
    the group's deep link: what his client sends is ``/start PAYLOAD``); the group never
    sees a menu or a choice before the step resolves; each season's scoring and the end
    bring an album of both sheets."""
    fake = FakeTelegram()
    fake.chats[GROUP["id"]] = GROUP
    fake.blocked.add(BOB["id"])  # Bob has never started the bot
    await fake.start()
    bot = Bot(fake, f"sqlite:///{tmp_path / 'chat.db'}")
    await bot.start()
    gid = GROUP["id"]
    try:
        fake.press(GROUP, ANA, await lobby_joined(fake, "cartographers", BOB), "s")
        # The group: the board with a link to choose in private, and a call to both that
        # quotes it. The call has no button of its own: the next card's call would leave
        # it above, a 🔒 still to tap, unless an edit (a send, to Telegram) took it off.
        await until(lambda: any("🔒" in (f.get("text") or "") for f in
                                fake.calls("sendMessage", gid)), what="the call to draw")
        call = next(f for f in fake.calls("sendMessage", gid) if "🔒" in f.get("text", ""))
        assert 'tg://user?id=11' in call["text"] and 'tg://user?id=12' in call["text"]
        assert not silent(call)
        assert "reply_markup" not in call, call
        table = fake.messages[(gid, int(call["reply_parameters"]["message_id"]))]
        link = links(table)[0]["url"]
        assert links(table)[0]["text"] == "🔒 Choose in private" and \
            "🔒 Choose in private on the table's message" in call["text"]
        assert link.startswith("https://t.me/bgbot_test_bot?start=t")
        payload = link.split("start=")[1]
        await until(lambda: living_of(fake, ANA["id"]), what="Ana's private view")
        await until(lambda: ("sendPhoto", 403) in fake.refused,
                    what="Bob's private view refused: he never started the bot")
        # Bob follows the link: his client opens the private chat and says /start PAYLOAD.
        fake.blocked.discard(BOB["id"])
        fake.say(private(BOB), BOB, f"/start {payload}")
        await until(lambda: living_of(fake, BOB["id"]), what="Bob's private view")

        started_at = len(fake.sent)
        taps_per_drawing: list[int] = []
        taps = {ANA["id"]: 0, BOB["id"]: 0}
        service = bot.service
        table_id = payload[1:]
        hidden_checked = False
        rounds = 0
        while (await service.summary(table_id))["status"] == "playing":
            rounds += 1
            assert rounds < 3000, dump(fake)
            moved = False
            for person in (ANA, BOB):
                found = living_of(fake, person["id"])
                if found is None:
                    continue
                mid, message = found
                pressed = choose(message)
                confirm = pressed["text"].startswith("✔ Confirm")
                notation = pressed["callback_data"].split(":", 3)[3] if confirm else None
                before = len(fake.texts(gid))
                await tap(fake, private(person), person, mid, pressed["callback_data"])
                taps[person["id"]] += 1
                moved = True
                if confirm:
                    taps_per_drawing.append(taps[person["id"]])
                    taps[person["id"]] = 0
                    if person is ANA and not hidden_checked \
                            and 1 in (await service.summary(table_id))["to_act"]:
                        # Ana chose, Bob has not: the group does not hear what she drew.
                        hidden_checked = True
                        assert not any(notation in t for t in fake.texts(gid)[before:])
            if not moved:
                await asyncio.sleep(0.05)
        await quiet(fake, 0.5)
        assert hidden_checked
        # Nothing of a menu ever reached the group: no callback button (but 🚪 Leave,
        # which tells nothing, and at the end 🔁 Play again), no prompt.
        for method, fields, _ in fake.sent[started_at:]:
            if int(fields.get("chat_id", 0) or 0) != gid:
                continue
            assert not [b for b in keyboard(fields) if b["callback_data"] != "l"
                        and not b["callback_data"].startswith("r:")], (method, fields)
            media = fields.get("media")
            text = "\n".join([fields.get("text") or fields.get("caption") or ""]
                             + [m.get("caption", "") for m in (
                                 media if isinstance(media, list) else [media or {}])])
            assert "Confirm" not in text and "choose:" not in text, text
            assert "choose what to do" not in text, text
        # Four seasons scored, each with an album of both sheets; then the end. (The last
        # album may still be drawn when the bot falls quiet on a loaded machine: wait for it.)
        await until(lambda: any("Game over" in album["media"][0]["caption"]
                                for album in fake.calls("sendMediaGroup", gid)),
                    timeout=60, what="the end's album")
        albums = fake.calls("sendMediaGroup", gid)
        assert len(albums) >= 4, len(albums)
        for album in albums:
            assert [m["caption"].split("\n")[-1] for m in album["media"]] == \
                ["Ana's sheet", "Bob's sheet"]
            # a season's scoring silently (the next card's call rings), the end with sound
            assert silent(album) == (album is not albums[-1])
        assert "Game over" in albums[-1]["media"][0]["caption"]
        ordered = sorted(taps_per_drawing)
        assert ordered[len(ordered) // 2] <= 6, ordered  # the issue's goal: median ≤ 6
        print("taps per drawing:", ordered)
        assert not [r for r in fake.refused if r[1] == 400], fake.refused
    finally:
        await bot.close()
        await fake.stop()


def test_your_turn_replies_to_the_table_message_that_holds_your_buttons(tmp_path):
    asyncio.run(asyncio.wait_for(_turn_replies(tmp_path), 90))


async def _turn_replies(tmp_path):
    """The call to act (the one message with sound) quotes the table message: tapping the
    quote must land on the picture whose buttons are that person's — at the first turn
    (posted after the call, it was no reply at all) and when the table was buried under
    chatter and posted anew (the call quoted the old one, its buttons gone)."""
    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        gid = GROUP["id"]

        def calls() -> list[dict]:
            return [f for f in fake.calls("sendMessage", gid) if "Your turn" in f.get("text", "")]

        fake.press(GROUP, ANA, await lobby_joined(fake, "tikal", BOB), "s")
        await until(lambda: living_of(fake, gid) and calls(), what="the first turn")
        await quiet(fake, 0.3)
        first = calls()[-1]
        assert (first.get("reply_parameters") or {}).get("message_id") == \
            living_of(fake, gid)[0], first
        for _ in range(5):  # chatter buries the table message
            fake.say(GROUP, BOB, "/status")
        await quiet(fake, 0.3)
        buried = living_of(fake, gid)[0]
        table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
        while (await bot.service.summary(table_id))["to_act"] == [0]:
            mid, message = living_of(fake, gid)
            ending = [b for b in keyboard(message) if b["text"].startswith("⏭")]
            pressed = ending[0] if ending and "Ana: places the tile" in message["caption"] \
                else choose(message)
            await tap(fake, GROUP, ANA, mid, pressed["callback_data"])
        await until(lambda: len(calls()) == 2, what="Bob's turn")
        await quiet(fake, 0.3)
        mid, message = living_of(fake, gid)
        assert mid != buried, "posted anew below the chatter"
        assert (calls()[-1].get("reply_parameters") or {}).get("message_id") == mid
        assert keyboard(message), "the quoted message holds Bob's buttons"


def test_a_private_view_speaks_the_language_of_the_persons_telegram(tmp_path):
    asyncio.run(asyncio.wait_for(_private_language(tmp_path), 60))


async def _private_language(tmp_path):
    """Bob's Telegram is in Portuguese: having started the bot, his private sheet and menu
    in a Cartographers game speak Portuguese like the bot's replies to his taps there —
    not English beside a Portuguese confirmation."""
    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        fake.say(private(BOB), BOB, "/start")
        await until(lambda: fake.calls("sendMessage", BOB["id"]), what="the welcome")
        fake.press(GROUP, ANA, await lobby_joined(fake, "cartographers", BOB), "s")
        mid, view = await until(lambda: living_of(fake, BOB["id"]), what="Bob's sheet")
        assert "escolha" in view["caption"], view["caption"]
        assert "Pontos:" not in view["caption"]  # (nobody has points yet: no scores line)
        assert "choose" not in view["caption"]
        mine = await until(lambda: living_of(fake, ANA["id"]), what="Ana's sheet")
        assert "choose" in mine[1]["caption"]  # Ana's Telegram speaks English
        # Bob taps his drawing through: its confirmation is the tap's answer, not one more
        # message in his private chat at every drawing.
        since = len(fake.sent)
        for _ in range(12):
            mid, view = living_of(fake, BOB["id"])
            pressed = choose(view)
            await tap(fake, private(BOB), BOB, mid, pressed["callback_data"])
            if pressed["text"].startswith("✔"):
                break
        toasts = [f.get("text") or "" for f in fake.calls("answerCallbackQuery")]
        assert toasts[-1].startswith("✔ ") and "fica escondido" in toasts[-1], toasts
        assert not [f for m, f, _ in fake.sent[since:] if m == "sendMessage"
                    and int(f["chat_id"]) == BOB["id"]]
        # Ana draws too: the step resolves, and the story of it in Bob's private caption
        # is told in his language, as the group's caption tells it in the group's.
        for _ in range(12):
            mid, view = living_of(fake, ANA["id"])
            pressed = choose(view)
            await tap(fake, private(ANA), ANA, mid, pressed["callback_data"])
            if pressed["text"].startswith("✔"):
                break
        await until(lambda: "Ana: draws" in (living_of(fake, GROUP["id"]) or (0, {}))[1].get(
            "caption", "") or any("Ana: draws" in t for t in fake.texts(GROUP["id"])),
            what="the group told")
        caption = (await until(lambda: (lambda f: f if f and "Ana: " in f[1]["caption"]
                                        else None)(living_of(fake, BOB["id"])),
                               what="Bob's sheet telling the step"))[1]["caption"]
        assert "Ana: desenha" in caption and "Bob: desenha" in caption, caption
        assert "draws" not in caption, caption


class LivingRecorder:
    """The core's view of a network that edits pictures in place, recording nothing: for
    walking menus without a network."""

    network, numbered, living, max_text = "telegram", False, True, 3500

    async def send(self, chat_id, text, buttons=None, image=None, **extra):
        return "1"

    def edit_living(self, *args):
        pass

    def mention(self, user_id, name):
        return name

    def deep_link(self, payload):
        return f"https://t.me/bot?start={payload}"

    def is_direct(self, chat_id):
        return not chat_id.startswith("-")

    async def direct_chat(self, user_id):
        return None


async def taps_to_each_action(conversation, seat, person,
                              labels: set | None = None, lang: str = "en",
                              keyboards: list | None = None) -> dict[str, int]:
    """Walk every menu from the first (as a person tapping would): the fewest taps that
    play each action, the ✔ or confirming tap included (``labels``: every button's
    words seen; ``keyboards``: every menu's rows of labels)."""
    from boardgamesbot.chat.conversation import menu_step

    labels = set() if labels is None else labels
    reached: dict[str, int] = {}
    seen: set[str] = set()
    frontier = [(await conversation.menu(seat, person, [], lang, seat.chat_id), 0)]
    while frontier:
        next_frontier = []
        for (_, rows, _), taps in frontier:
            if keyboards is not None:
                keyboards.append([[b.label for b in row] for row in rows])
            for b in (b for row in rows for b in row):
                labels.add(b.label.removeprefix("• ").removesuffix(" …"))
                kind, _, rest = b.data.partition(":")
                words = rest.split(":", 2)[2]
                if kind == "p":
                    reached.setdefault(words, taps + 1)
                elif b.data not in seen:
                    seen.add(b.data)
                    prefix, chosen = menu_step(kind, words)
                    menu = await conversation.menu(seat, person, prefix, lang, seat.chat_id,
                                                   chosen)
                    next_frontier.append((menu, taps + 1))
        frontier = next_frontier
    return reached


def ana_and_bob_in_group(service: Service, game: str, seed: int, options: dict | None = None,
                         clock: dict | None = None):
    """A two-person table of ``game`` (a fixed position per seed) played in group -5 by
    Ana (11) and Bob (12), and a conversation over it that sends nothing."""
    from boardgamesbot.chat.conversation import Conversation

    conversation = Conversation(service, LivingRecorder(), PUBLIC)
    created = service.lobby.create(game, options or {}, [{"kind": "person", "name": "Ana"},
                                                         {"kind": "person", "name": "Bob"}],
                                   clock, seed)
    table_id = created["table"]["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    conversation.store.start_game(table_id, "telegram", "-5", "11",
                                  [(0, "11", "Ana", tokens[0]), (1, "12", "Bob", tokens[1])])
    return conversation, table_id


@pytest.mark.parametrize("game, seed, options", [
    ("cartographers", 1, {}), ("cartographers", 7, {}), ("tikal", 1, {}),
    ("tikal", 1, {"variant": "auction"})])
def test_every_legal_action_is_reachable_by_taps(tmp_path, game, seed, options):
    """From the first menu, every legal action of the position (952 drawings on a fresh
    Cartographers sheet; the twenty bids of Tikal's first auction) is a few taps away,
    through rows, pages of numbers, orientations and previews, on keyboards of at most
    four rows (a phone shows them under the picture without scrolling; the group's table
    message adds a row at most, 🚪 and the board)."""
    async def main():
        from boardgamesbot.chat.basics import Person, Seat

        service = await Service.open(db=f"sqlite:///{tmp_path / 'c.db'}")
        try:
            conversation, table_id = ana_and_bob_in_group(service, game, seed, options)
            legal = await service.notations(table_id, 0)
            labels: set[str] = set()
            keyboards: list = []
            reached = await taps_to_each_action(conversation, Seat(table_id, 0, "-5"),
                                                Person("11", "Ana"), labels,
                                                keyboards=keyboards)
            assert set(reached) == set(legal), sorted(set(legal) - set(reached))
            assert max(len(rows) for rows in keyboards) <= 4, max(keyboards, key=len)
            if options:  # the auction: bids (beyond twelve of them) and passing
                assert sum(n.startswith("bid") for n in legal) > 12
                assert max(reached[n] for n in legal) <= 3, reached
                return
            # Buttons say what they do: a turn, a mirrored turn, a confirmation, a way back.
            turns = {w for n in legal for w in n.split() if re.fullmatch(r"[rf]\d+", w)}
            if game == "cartographers":  # r90 → ↻ 90°, f90 (mirrored) → ⇋ ↻ 90°
                expected = {("⇋ " if w[0] == "f" else "") + f"↻ {w[1:]}°" for w in turns}
            else:  # sixths of a turn; a tile as drawn is ↻ 0°
                expected = {f"↻ {60 * int(w[1:])}°" for w in turns} | {"↻ 0°"}
            if len(turns) > 1:  # (a single way to turn is skipped, not asked)
                assert expected <= labels, sorted(labels)
            assert {"✔ Confirm", "← Back"} <= labels, sorted(labels)
            taps = sorted(reached.values())
            assert taps[len(taps) // 2] <= 6 and taps[-1] <= 7, taps
        finally:
            await service.close()
    asyncio.run(asyncio.wait_for(main(), 120))


class LivingShown(LivingRecorder):
    """`LivingRecorder` that keeps what each message shows, sent or edited in: (text,
    buttons)."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, list]] = []

    async def send(self, chat_id, text, buttons=None, image=None, **extra):
        self.shown.append((text, buttons or []))
        return str(len(self.shown))

    def edit_living(self, chat_id, message_id, text, buttons, image):
        if text is not None:
            self.shown.append((text, buttons))


def test_out_of_time_the_table_message_shows_no_menu_while_the_computer_plays(tmp_path):
    """A person's time ran out: the clock's computer plays their turn out, an action at a
    time. Meanwhile the group's table message says so and offers them no menu, nor calls
    them (a tap there would be refused: the turn is not theirs any more) — as the
    fresh-message path treats them as a computer player (`played_for`). The computer is
    held back here (no jobs), so the table stays at that moment for the test to look."""
    async def main():
        service = await Service.open(db=f"sqlite:///{tmp_path / 'c.db'}", jobs=False)
        try:
            conversation, table_id = ana_and_bob_in_group(
                service, "tikal", 1, clock={"mode": "decision", "seconds": 0.3, "level": "easy"})
            conversation.transport = shown = LivingShown()
            await asyncio.sleep(0.5)
            state = await service.state(table_id, None)
            assert state["to_act"] == [0] and state["clock"]["remaining"]["0"] == 0, state
            await conversation.tell_living(table_id, conversation.store.game(table_id), state,
                                           [], (None, None))
            assert shown.shown
            for text, rows in shown.shown:
                assert not [b.data for row in rows for b in row
                            if b.data.startswith(("m:", "p:", "v:"))], (text, rows)
                assert "Your turn" not in text, text
            assert shown.shown[-1][0].endswith("⏰ Out of time: the computer plays for Ana")
        finally:
            await service.close()
    asyncio.run(asyncio.wait_for(main(), 60))


@pytest.mark.parametrize("game", ["tikal", "cartographers"])
def test_no_keyboard_row_is_wider_than_a_phone(tmp_path, game):
    """A phone (360 dp) shows some 45 characters across an inline keyboard, each button
    taking about 3 for its padding, and a row's buttons are equally wide: three long
    labels in a row ("⏭ End the turn", "➕ Bring in …", "⛺ Camp …") were cut to "⏭ End
    t…". Every menu of a turn, in every language, keeps its rows within that, short labels
    (a sheet's cells) still four to a row."""
    async def main():
        from boardgamesbot.chat.basics import Person, Seat

        service = await Service.open(db=f"sqlite:///{tmp_path / 'c.db'}")
        try:
            conversation, table_id = ana_and_bob_in_group(service, game, 3)
            if game == "tikal":  # the tile placed: the turn's actions are offered
                await service.act(table_id, 0, (await service.notations(table_id, 0))[0])
            for lang in ("en", "pt-BR", "ca"):
                keyboards: list = []
                await taps_to_each_action(conversation, Seat(table_id, 0, "-5"),
                                          Person("11", "Ana"), lang=lang, keyboards=keyboards)
                for rows in keyboards:
                    for row in rows:  # (a row's buttons are equally wide: its longest)
                        width = len(row) * (max(map(len, row)) + 3)
                        assert len(row) == 1 or width <= 45, (lang, row)
                if game == "cartographers":  # a sheet's cells: short, four to a row
                    assert max(len(row) for rows in keyboards for row in rows) == 4
                # The lobby too (🚪 Leave beside 📩 Join in private where both fit).
                lobby = {"game": game, "options": {}, "players": [["11", "Ana"]], "bots": [],
                         "clock": None, "chat_id": "-5"}
                _, rows = conversation.lobby_message(lobby, lang)
                assert "l" in [b.data for b in rows[-1]]
                for row in rows:
                    width = len(row) * (max(len(b.label) for b in row) + 3)
                    assert len(row) == 1 or width <= 45, (lang, [b.label for b in row])
        finally:
            await service.close()
    asyncio.run(asyncio.wait_for(main(), 120))


def test_start_in_a_fresh_private_chat_welcomes_and_a_deep_link_joins(tmp_path):
    """What every client sends when a person first opens the bot is /start: a welcome
    in their language. The lobby's "Join in private" link sends /start j<group>: it
    joins the table and says so, in private."""
    async def main():
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(private(ANA), ANA, "/start")
            fake.say(private(CY), CY, "/start")
            await until(lambda: fake.texts(ANA["id"]) and fake.texts(CY["id"]))
            assert "Hello Ana" in fake.texts(ANA["id"])[0]
            assert "/new tikal" in fake.texts(ANA["id"])[0]
            assert "Hola, Cy" in fake.texts(CY["id"])[0]  # Catalan: his client's language
            fake.say(GROUP, ANA, "/new tikal")
            await until(lambda: fake.calls("sendMessage", GROUP["id"]), what="the lobby")
            lobby = fake.calls("sendMessage", GROUP["id"])[0]
            payload = links(lobby)[0]["url"].split("start=")[1]
            fake.say(private(BOB), BOB, f"/start {payload}")
            await until(lambda: fake.texts(BOB["id"]), what="Bob's answer")
            assert "Board gamers" in fake.texts(BOB["id"])[0] or \
                str(GROUP["id"]) in fake.texts(BOB["id"])[0]
            assert "Você entrou" in fake.texts(BOB["id"])[0]
            await until(lambda: any("Bob" in t for t in fake.texts(GROUP["id"])),
                        what="Bob in the lobby")
            fake.say(private(BOB), BOB, "/start tNOSUCHTABLE")
            await until(lambda: len(fake.texts(BOB["id"])) > 1)
            assert "desatualizado" in fake.texts(BOB["id"])[-1]
    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_group_that_becomes_a_supergroup_keeps_its_table(tmp_path):
    async def main():
        small = {"id": -555, "type": "group", "title": "Friends"}
        big = {"id": -100555, "type": "supergroup", "title": "Friends"}
        async with telegram_bot(tmp_path, small) as (fake, bot):
            fake.say(small, ANA, "/new tikal")
            fake.say(small, BOB, "/join")
            fake.say(small, ANA, "/lang pt-BR")
            fake.say(small, ANA, "/start")
            await until(lambda: living_of(fake, small["id"]), what="the table")
            await quiet(fake)
            fake.migrate(small, big)
            await asyncio.sleep(0.3)
            # Play goes on in the supergroup: a typed action and the board's answer.
            service = bot.service
            table_id = bot.bot.conversation.store.game_in("telegram", str(big["id"]))["table_id"]
            first = (await service.notations(table_id, 0))[0]
            fake.say(big, ANA, f"/{first}")
            await until(lambda: living_of(fake, big["id"]), what="the table in the supergroup")
            assert any(f"Ana: coloca a peça em {first.split()[1]}" in t
                       for t in fake.texts(big["id"]))
            assert "escolha" in " ".join(fake.texts(big["id"]))  # its language moved too
            fake.say(big, BOB, "/status")
            await until(lambda: any("jogando" in t or "Tikal" in t
                                    for t in fake.texts(big["id"])[-1:]))
    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_flood_wait_in_one_group_never_stalls_another(tmp_path):
    """Telegram tells one group's bot to wait 4 s (429 retry_after): that group's messages
    wait; another group's game goes on meanwhile, and the first catches up after."""
    async def main():
        other = {"id": -100456, "type": "supergroup", "title": "Others"}
        async with telegram_bot(tmp_path, GROUP, other) as (fake, bot):
            for chat, (a, b) in ((GROUP, (ANA, BOB)), (other, (CY, BOB))):
                fake.say(chat, a, "/new tikal")
                fake.say(chat, b, "/join")
                fake.say(chat, a, "/start")
            await until(lambda: living_of(fake, GROUP["id"]) and living_of(fake, other["id"]))
            await quiet(fake)
            fake.flooded[GROUP["id"]] = (time.monotonic() + 4.0, 4)
            fake.say(GROUP, ANA, "/status")  # waits out the flood
            flooded_at = time.monotonic()
            await until(lambda: ("sendMessage", 429) in fake.refused, what="the 429")
            # Meanwhile the other group plays by taps, answered and edited at once.
            for _ in range(3):
                mid, message = living_of(fake, other["id"])
                await tap(fake, other, CY, mid, choose(message)["callback_data"])
            assert time.monotonic() - flooded_at < 4.0, "the other group waited too"
            assert not any(int(f.get("chat_id", 0)) == GROUP["id"]
                           for m, f, _ in fake.sent if m == "sendMessage"
                           and "Tikal" in f.get("text", "") and "playing" in f["text"])
            await until(lambda: any("playing" in t for t in fake.texts(GROUP["id"])),
                        timeout=10, what="the status after the flood")
            assert time.monotonic() - flooded_at >= 3.5
    asyncio.run(asyncio.wait_for(main(), 60))


@pytest.mark.slow
def test_tikal_from_lobby_to_final_score_by_taps(tmp_path):
    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, ANA, "/new tikal")
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            fake.press(GROUP, ANA, lobby_id, "b:random")
            await until(lambda: "🤖" in fake.messages[(gid, lobby_id)].get("text", ""))
            fake.press(GROUP, ANA, lobby_id, "s")
            await until(lambda: living_of(fake, gid), what="the board")
            table_id = fake.messages[(gid, lobby_id)]["text"].split("/#/table/")[1].split()[0]
            service = bot.service
            placed_in = None
            for _ in range(2000):
                summary = await service.summary(table_id)
                if summary["status"] != "playing":
                    break
                found = living_of(fake, gid)
                if summary["to_act"] != [0] or found is None:
                    await asyncio.sleep(0.05)
                    continue
                mid, message = found
                buttons = keyboard(message)
                ending = [b for b in buttons if b["text"].startswith("⏭")]
                turn = summary["state_id"]
                pressed = ending[0] if placed_in is not None and ending else choose(message)
                if pressed["text"].startswith("✔ Confirm"):
                    placed_in = turn
                if pressed in ending:
                    placed_in = None
                await tap(fake, GROUP, ANA, mid, pressed["callback_data"])
            await quiet(fake, 0.5)
            summary = await service.summary(table_id)
            assert summary["status"] == "over"
            texts = fake.texts(gid)
            assert any("Game over" in t for t in texts)
            assert any(t.startswith("Scores:") for t in texts)  # the volcanoes' scorings
            # The last word: the board's final picture has no menu left, only a rematch.
            (final,) = with_buttons(fake, gid)
            assert [b["text"] for b in keyboard(fake.messages[(gid, final)])] == \
                ["🔁 Play again"]
            fake.say(GROUP, ANA, "/stats")
            await until(lambda: any("📊" in t for t in fake.texts(gid)), what="the stats")
            stats = next(t for t in fake.texts(gid) if "📊" in t)
            assert "Tikal: 1 played" in stats and "best score" in stats
            assert not [r for r in fake.refused if r[1] == 400], fake.refused
    asyncio.run(asyncio.wait_for(main(), 400))


def test_the_end_mentions_every_person_seated_with_sound(tmp_path):
    """The end concerns every player: it comes with sound and mentions each person seated
    (a link to their profile), the computer player named plainly — here after both people
    handed their seats to the random computer, the quickest way to an end."""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            lobby_id = await lobby_joined(fake, "tikal", BOB)
            fake.press(GROUP, ANA, lobby_id, "b:random")
            await until(lambda: "🤖" in fake.messages[(gid, lobby_id)].get("text", ""))
            fake.say(GROUP, ANA, "/clock 10m random")  # who leaves: played for at once
            await until(lambda: "10" in fake.messages[(gid, lobby_id)].get("text", ""),
                        what="the clock in the lobby")
            fake.press(GROUP, ANA, lobby_id, "s")
            await until(lambda: living_of(fake, gid), what="the board")
            fake.say(GROUP, ANA, "/leave")
            fake.say(GROUP, BOB, "/leave")
            ends = lambda: [f for m, f, _ in fake.sent  # noqa: E731
                            if m in ("sendMessage", "sendPhoto", "sendMediaGroup")
                            and int(f.get("chat_id", 0)) == gid
                            and "Game over" in (f.get("text") or f.get("caption") or "")]
            (end,) = await until(ends, timeout=150, what="the end")  # (a loaded machine)
            said = end.get("text") or end.get("caption")
            assert not silent(end), end
            assert "tg://user?id=11" in said and "tg://user?id=12" in said, said
            assert said.count("tg://user?id=") == 2, said  # the computer player: no link
    asyncio.run(asyncio.wait_for(main(), 180))


def test_a_caption_is_cut_on_a_character_never_inside_a_tag():
    """A living message's caption keeps within Telegram's 1024 characters by dropping the
    oldest lines, then shortening the last: never inside an HTML tag, an escape or a
    mention link, whatever the lengths."""
    from .fake_telegram import _broken_html

    transport = tg.TelegramTransport(None)
    mention = transport.mention("42", "Ana <&> Maria")
    for width in range(1, 400, 7):
        lines = [f"line {n}: {'<b>&' * (width // 4)} {mention}" for n in range(30)]
        for text in ("\n".join(lines), mention * 200, "x" * width * 10 + mention):
            cut = tg._caption(text)
            assert len(cut) <= 1024 and not _broken_html(cut), cut[-80:]
            assert cut.count("<a ") == cut.count("</a>")
    story = "\n".join(f"Ana: place C{n} r1" for n in range(200))
    assert tg._caption(story).endswith("Ana: place C199 r1")  # the latest lines stay


def test_open_the_board_is_a_mini_app_in_private_and_a_link_in_groups(tmp_path):
    """With an HTTPS site: a web_app button under the private table message (Telegram
    refuses them in groups: the fake does too), a t.me/<bot>/<app>?startapp= link in the
    group when the Mini App's name is known."""
    async def main():
        fake = FakeTelegram()
        fake.chats[GROUP["id"]] = GROUP
        await fake.start()
        bot = Bot(fake, f"sqlite:///{tmp_path / 'chat.db'}", public="https://bg.example",
                  mini_app="board")
        await bot.start()
        try:
            fake.say(private(ANA), ANA, "new cartographers")
            fake.say(private(ANA), ANA, "start")
            fake.say(GROUP, ANA, "/new tikal")
            fake.say(GROUP, BOB, "/join")
            fake.say(GROUP, ANA, "/start")
            await until(lambda: living_of(fake, ANA["id"]) and living_of(fake, GROUP["id"]))
            await quiet(fake)
            solo = bot.bot.conversation.store.game_in("telegram", str(ANA["id"]))["table_id"]
            group = bot.bot.conversation.store.game_in("telegram",
                                                       str(GROUP["id"]))["table_id"]
            _, mine = living_of(fake, ANA["id"])
            assert [b["web_app"]["url"] for b in links(mine)] == \
                [f"https://bg.example/telegram/app?table={solo}"]
            _, shared = living_of(fake, GROUP["id"])
            assert [b["url"] for b in links(shared)] == \
                [f"https://t.me/bgbot_test_bot/board?startapp=t{group}"]
            # Typed notation keeps working beside the buttons: /moves narrows by words.
            legal = await bot.service.notations(solo, 0)
            terrain, shape, turn = legal[0].split()[:3]
            fake.say(private(ANA), ANA, f"/moves {terrain} {shape}")
            await until(lambda: "moves START" in fake.texts(ANA["id"])[-1]
                        or "What you can do" in fake.texts(ANA["id"])[-1], what="the moves")
            answer = fake.texts(ANA["id"])[-1]
            count = sum(1 for n in legal if n.startswith(f"{terrain} {shape} {turn} "))
            if sum(1 for n in legal if n.startswith(f"{terrain} {shape} ")) > 40:
                assert f"{terrain} {shape} {turn} ({count})" in answer, answer
            else:
                assert "What you can do" in answer and legal[0] in answer, answer
            assert not [r for r in fake.refused if r[1] == 400], fake.refused
        finally:
            await bot.close()
            await fake.stop()
    asyncio.run(asyncio.wait_for(main(), 60))


def test_quick_taps_are_answered_at_once_and_their_edits_coalesced(tmp_path):
    """With a group's pace at one edit per 2 s, four quick taps are each answered without
    waiting for it, the living message is edited fewer times than tapped (only the latest
    wish is sent when the pace allows), and it ends showing the last tap's choice."""
    async def main():
        fake = FakeTelegram()
        fake.chats[GROUP["id"]] = GROUP
        await fake.start()
        bot = Bot(fake, f"sqlite:///{tmp_path / 'chat.db'}", pace=(1, 2.0))
        await bot.start()
        gid = GROUP["id"]
        try:
            fake.say(GROUP, ANA, "/new tikal")
            fake.say(GROUP, BOB, "/join")
            fake.say(GROUP, ANA, "/start")
            await until(lambda: living_of(fake, gid), what="the table")
            await bot.bot.transport.settled()
            await quiet(fake, 0.3)
            mid, message = living_of(fake, gid)
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            version = (await bot.service.summary(table_id))["state_id"]
            space = next(b for b in keyboard(message) if b["callback_data"].startswith("m:"))
            notation = space["callback_data"].split(":", 3)[3]  # "place A4"
            taps = [space["callback_data"]] + [f"v:{table_id}:{version}:2:{notation} r{k}"
                                               for k in (1, 2, 3)]
            since = len(fake.sent)
            for data in taps:
                fake.press(GROUP, ANA, mid, data)
            await until(lambda: len(fake.calls("answerCallbackQuery")) >= 4, what="answers")
            await bot.bot.conversation.settled()
            await bot.bot.transport.settled()
            calls = [m for m, _, _ in fake.sent[since:]]
            # Every tap was answered before the paced second edit: none waited for it.
            answers = [i for i, m in enumerate(calls) if m == "answerCallbackQuery"]
            edited = [i for i, m in enumerate(calls) if m in EDITS]
            assert len(answers) == 4 and answers[-1] < edited[-1], calls
            made = [f for m, f, _ in fake.sent[since:] if m in EDITS]
            # Fewer edits than taps: a wish overtaken before its turn is never sent.
            assert 1 <= len(made) < len(taps), [(f.get("media") or {}).get("caption")
                                                 for f in made]
            final = fake.messages[(gid, mid)]
            assert "• ↻ 180°" in [b["text"] for b in keyboard(final)]
            # (the choice told in the game's words, as its buttons say it)
            assert f"🧩 Place the tile {notation.split()[1]} ↻ 180°" in final["caption"]
        finally:
            await bot.close()
            await fake.stop()
    asyncio.run(asyncio.wait_for(main(), 60))


def test_stats_name_the_solo_title_in_the_chats_language(tmp_path):
    """/stats tells a solo game's best rating with its title from the rules: in the chat's
    language, in the same words as the browser's ending (the game's catalogue)."""
    async def main():
        chat = private(BOB)  # his client speaks Brazilian Portuguese
        async with telegram_bot(tmp_path) as (fake, bot):
            fake.say(chat, BOB, "/new cartographers")
            await until(lambda: fake.calls("sendMessage", BOB["id"]), what="the lobby")
            lobby_id = max(mid for (where, mid) in fake.messages if where == BOB["id"])
            fake.press(chat, BOB, lobby_id, "s")
            await until(lambda: "/#/table/" in fake.messages[(BOB["id"], lobby_id)].get(
                "text", ""), what="the table")
            table_id = fake.messages[(BOB["id"], lobby_id)]["text"].split(
                "/#/table/")[1].split()[0]
            service = bot.service
            # The solo game played to its end as a browser would (the chat follows it).
            while (await service.summary(table_id))["status"] == "playing":
                await service.act(table_id, 0, (await service.notations(table_id, 0))[0])
            title = (await service.state(table_id, None))["view"]["solo"]["title"]
            words = json.loads(resources.files("boardgamesbot.games.cartographers").joinpath(
                "web", "i18n", "pt-BR.json").read_text(encoding="utf-8"))
            await until(lambda: any("/#/replay/" in t for t in fake.texts(BOB["id"])),
                        what="the end told")
            await quiet(fake, 0.5)
            fake.say(chat, BOB, "/stats")
            await until(lambda: any("📊" in t for t in fake.texts(BOB["id"])), what="the stats")
            stats = next(t for t in fake.texts(BOB["id"]) if "📊" in t)
            assert f"({words['carto.title.' + title]})" in stats, (title, stats)
            assert title not in stats and "melhor nota" in stats
    asyncio.run(asyncio.wait_for(main(), 120))


def sounds_for(fake: FakeTelegram, since: int, person: dict) -> int:
    """Messages since ``since`` that ring ``person``'s phone: with sound in their private
    chat, or with sound in a group and mentioning them."""
    rung = 0
    for method, fields, _ in fake.sent[since:]:
        if method not in NEW or silent(fields):
            continue
        chat = int(fields.get("chat_id", 0) or 0)
        media = fields.get("media")
        said = (fields.get("text") or fields.get("caption") or "") + "".join(
            m.get("caption", "") for m in (media if isinstance(media, list) else []))
        rung += chat == person["id"] or chat < 0 and (
            f"tg://user?id={person['id']}" in said or method == "sendMediaGroup")
    return rung


@pytest.mark.slow
def test_three_friends_drawing_hear_a_sound_only_when_they_must_act_unawares(tmp_path):
    asyncio.run(asyncio.wait_for(_three_friends_drawing(tmp_path), 400))


async def _three_friends_drawing(tmp_path):
    """Ana, Bob and Cy play Cartographers' first season in a group, each drawing by taps in
    their private chat. A new card rings those who were waiting for it — once per card —
    never the friend whose drawing brought it (their eyes are on it); a season's scoring
    comes silently, the next card's call being the one sound. Prints what a card costs in
    messages, edits and sounds (docs/chat.md)."""
    gid, people = GROUP["id"], (ANA, BOB, CY)
    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        for person in people:  # each has opened the bot once
            fake.say(private(person), person, "/start")
        fake.press(GROUP, ANA, await lobby_joined(fake, "cartographers", BOB, CY), "s")
        await until(lambda: all(living_of(fake, p["id"]) for p in people), what="private views")
        await quiet(fake, 0.3)
        service = bot.service
        table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
        cards: list[dict] = []

        def card(since: int, last: dict) -> dict:
            """What a card cost from ``since`` on: messages, edits (the group's too: its
            ~20 a minute count both) and the sounds each friend heard."""
            sent = fake.sent[since:]
            in_group = [m for m, f, _ in sent if int(f.get("chat_id", 0) or 0) == gid]
            return {"messages": sum(m in NEW for m, _, _ in sent),
                    "edits": sum(m in EDITS for m, _, _ in sent),
                    "group": (sum(m in NEW for m in in_group), sum(m in EDITS for m in in_group)),
                    "sounds": {p["first_name"]: sounds_for(fake, since, p) for p in people},
                    "last": last["first_name"], "since": since}

        while not (await service.state(table_id, None))["view"]["players"][0]["seasons"]:
            since, last = len(fake.sent), None
            for person in people:  # each draws in turn, the last one brings the next card
                seat = [p["id"] for p in people].index(person["id"])
                for _ in range(12):
                    summary = await service.summary(table_id)
                    if seat not in summary["to_act"]:
                        break
                    # Their private message shows this card's menu once its edit is made:
                    # under load it may still hold the last card's buttons, which a tap
                    # would only find outdated.
                    current = f":{summary['state_id']}:"
                    found = await until(lambda p=person, c=current: (
                        (lambda f: f if f and all(c in b["callback_data"] for b in keyboard(f[1]))
                         else None)(living_of(fake, p["id"]))), timeout=60,
                        what=f"{person['first_name']}'s menu for this card")
                    mid, message = found
                    pressed = choose(message)
                    await tap(fake, private(person), person, mid, pressed["callback_data"])
                    last = person
                    if pressed["text"].startswith("✔"):
                        break  # drawn: the next card is the next round's
            # The next card's call (or the season's album) is sent to the group; a busy
            # machine can be silent longer than `quiet` waits before it comes.
            await until(lambda since=since: any(
                m in NEW and int(f.get("chat_id", 0) or 0) == gid for m, f, _ in fake.sent[since:]),
                timeout=60, what="the next card's call")
            # Each friend's private sheet is redrawn for the new card before anyone taps
            # (a tap on the old buttons is refused as stale).
            await settled(fake, 0.4)
            if last is not None:
                cards.append(card(since, last))
        # The first season scored: its album, then the next card's call.
        await until(lambda: fake.calls("sendMediaGroup", gid), timeout=60, what="the album")
        await quiet(fake, 0.5)
        cards[-1] = card(cards[-1]["since"], {"first_name": cards[-1]["last"]})
        print("per card:", [{k: v for k, v in c.items() if k != "since"} for c in cards])
        for each in cards:
            assert each["sounds"][each["last"]] == 0, each  # they brought the new card
            assert sorted(each["sounds"].values()) == [0, 1, 1], each  # the two waiting
        albums = fake.calls("sendMediaGroup", gid)
        assert albums and all(silent(album) for album in albums), albums


def test_the_last_to_draw_is_not_told_their_drawing_stays_hidden(tmp_path):
    asyncio.run(asyncio.wait_for(_last_to_draw(tmp_path), 90))


async def _last_to_draw(tmp_path):
    """Ana draws first: her ✔ is answered "kept hidden until everyone has chosen". Cy,
    whose Telegram speaks Catalan, draws last: her drawing resolves the card and the group
    sees every drawing at once, so her answer says everyone has chosen — not that it stays
    hidden until they have (which read as if someone were still to choose)."""
    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        for person in (ANA, CY):
            fake.say(private(person), person, "/start")
        fake.press(GROUP, ANA, await lobby_joined(fake, "cartographers", CY), "s")
        gid = GROUP["id"]
        table_id = (await until(lambda: bot.bot and bot.bot.conversation.store.game_in(
            "telegram", str(gid)), what="the game"))["table_id"]

        async def draw(person: dict) -> str:
            seat = 0 if person is ANA else 1
            for _ in range(12):
                summary = await bot.service.summary(table_id)
                current = f":{summary['state_id']}:"
                mid, view = await until(lambda c=current: (lambda f: f if f and all(
                    c in b["callback_data"] for b in keyboard(f[1])) else None)(
                        living_of(fake, person["id"])), what=f"{person['first_name']}'s menu")
                pressed = choose(view)
                await tap(fake, private(person), person, mid, pressed["callback_data"])
                if pressed["text"].startswith("✔"):
                    assert seat not in (await bot.service.summary(table_id))["to_act"] \
                        or person is CY
                    return fake.calls("answerCallbackQuery")[-1].get("text") or ""
            raise AssertionError("no ✔ Confirm within 12 taps")

        first = await draw(ANA)
        assert first.startswith("✔ ") and "kept hidden until everyone has chosen" in first
        last = await draw(CY)
        assert last.startswith("✔ Dibuixa "), last
        assert "amagat" not in last and "tothom ha triat" in last, last


def test_a_double_tap_on_a_move_is_told_it_counted_once(tmp_path):
    asyncio.run(asyncio.wait_for(_double_tap(tmp_path), 90))


async def _double_tap(tmp_path):
    """A fast thumb taps ✔ Confirm twice before the picture changes: the move is played
    once, and the second tap is answered that it was done already — not "these buttons
    are out of date" (nor, had the turn passed on, "it is not your turn"), which read as
    if the first tap had been lost. The game moves once."""
    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        gid = GROUP["id"]
        fake.say(GROUP, CY, "/new tikal")
        await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
        lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
        fake.press(GROUP, ANA, lobby_id, "j")
        await until(lambda: "Ana" in fake.messages[(gid, lobby_id)].get("text", ""))
        fake.press(GROUP, CY, lobby_id, "s")
        await until(lambda: living_of(fake, gid), what="the board")
        await settled(fake, 0.3)
        table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
        for _ in range(6):  # Cy taps to the tile's preview
            mid, message = living_of(fake, gid)
            if any(b["text"].startswith("✔") for b in keyboard(message)):
                break
            await tap(fake, GROUP, CY, mid, choose(message)["callback_data"])
        mid, message = living_of(fake, gid)
        confirm = button(message, "✔")
        version = (await bot.service.summary(table_id))["state_id"]
        answered = len(fake.calls("answerCallbackQuery"))
        fake.press(GROUP, CY, mid, confirm)
        fake.press(GROUP, CY, mid, confirm)
        await until(lambda: len(fake.calls("answerCallbackQuery")) >= answered + 2,
                    what="both taps answered")
        await settled(fake, 0.3)
        first, second = [f.get("text") for f in fake.calls("answerCallbackQuery")[answered:]]
        assert first is None, first  # played: the picture says so
        # (in Catalan: Cy, whose phone speaks it, opened the table)
        assert second == "✔ Ja està fet: el teu toc ha comptat un cop.", second
        after = await bot.service.summary(table_id)
        assert after["state_id"] == version + 1, (version, after)  # one move, not two


def test_leaving_by_taps_from_the_lobby_and_from_a_game_once_confirmed(tmp_path):
    asyncio.run(asyncio.wait_for(_leaving_by_taps(tmp_path), 120))


async def _leaving_by_taps(tmp_path):
    """Nobody needs to type '/leave': the lobby has 🚪 Leave (at once: joining again is a
    tap), and so do the group's table message and the help of a person playing. In a game
    the first tap asks (a dialog to dismiss, not a toast) and only a second one, not part
    of a double tap, hands the seat to the computer: a stray tap drops nobody."""
    gid = GROUP["id"]

    def answers() -> list[dict]:
        return fake.calls("answerCallbackQuery")

    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        lobby_id = await lobby_joined(fake, "tikal", BOB)
        lobby = fake.messages[(gid, lobby_id)]
        assert button(lobby, "🚪 Leave") == "l"
        await tap(fake, GROUP, CY, lobby_id, "l")  # not in the lobby
        assert answers()[-1]["text"] == "⚠ You have not joined this table.", answers()[-1]
        await tap(fake, GROUP, BOB, lobby_id, "l")
        await until(lambda: "Bob" not in fake.messages[(gid, lobby_id)]["text"],
                    what="Bob out of the lobby")
        await tap(fake, GROUP, BOB, lobby_id, "j")
        await until(lambda: "Bob" in fake.messages[(gid, lobby_id)]["text"], what="Bob back")
        fake.press(GROUP, ANA, lobby_id, "s")
        mid, message = await until(lambda: living_of(fake, gid), what="the table message")
        table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]

        async def autopilot() -> list:
            return [s.get("autopilot") for s in (await bot.service.summary(table_id))["seats"]]

        # Bob (not awaited) taps 🚪 on the table message: asked, nothing changes; a second
        # tap as fast as a double tap is no answer to a question not read yet.
        assert [b["text"] for b in message["reply_markup"]["inline_keyboard"][-1]] == \
            ["🚪 Leave"], message["reply_markup"]
        await tap(fake, GROUP, BOB, mid, "l")
        asked = answers()[-1]
        assert asked["text"].startswith("🚪 Leave this game?"), asked
        assert str(asked.get("show_alert")).lower() == "true", asked
        await tap(fake, GROUP, BOB, mid, "l")
        assert answers()[-1]["text"] == asked["text"]
        assert await autopilot() == [None, None]
        await asyncio.sleep(1.0)  # the question read, the dialog dismissed: tapped again
        await tap(fake, GROUP, BOB, mid, "l")
        assert answers()[-1]["text"] == "🚪 You left the game: the computer plays your seat now."
        assert (await autopilot())[1] is not None
        await until(lambda: "plays for Bob from now on" in
                    fake.messages[(gid, mid)].get("caption", ""), what="the story told")

        # The help of a person playing offers it too.
        fake.say(GROUP, ANA, "/help")
        helped = await until(lambda: [f for f in fake.calls("sendMessage", gid)
                                      if "commands" in (f.get("text") or "")], what="help")
        assert [b["callback_data"] for b in keyboard(helped[-1])] == ["l"]


def test_a_bid_the_computer_answers_does_not_ring_the_bidder_again(tmp_path):
    asyncio.run(asyncio.wait_for(_bid_answered(tmp_path), 120))


def test_a_bid_two_computers_answer_does_not_ring_the_bidder_again(tmp_path):
    """One friend and two computer players: each answers her bid once (two moves of the
    computer) before the decision is hers again — still no second ring."""
    asyncio.run(asyncio.wait_for(_bid_answered(tmp_path, computers=2), 120))


async def _bid_answered(tmp_path, computers: int = 1):
    """Ana bids in the auction; the computer answers at once (a pass, or a higher bid)
    and the decision is Ana's again (take the tile, or bid on). She has just tapped: her
    phone is in her hand, and the call that rang it again right after her tap is not sent
    — whether the bot's table follower took in her bid and the computer's answer in one
    look or two (the rule counts moves: `LivingTable.watching`)."""
    gid = GROUP["id"]
    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        fake.say(GROUP, ANA, "/new tikal auction")
        await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
        lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
        for _ in range(computers):
            await tap(fake, GROUP, ANA, lobby_id, "b:easy")
        await until(lambda: fake.messages[(gid, lobby_id)]["text"].count("🤖") == computers,
                    what="the computer players")
        fake.press(GROUP, ANA, lobby_id, "s")
        table_id = (await until(lambda: bot.bot and bot.bot.conversation.store.game_in(
            "telegram", str(gid)), what="the game"))["table_id"]

        def calls_to_ana(since: int = 0) -> list[dict]:
            return [f for m, f in new_messages(fake, gid, since)
                    if 'href="tg://user?id=11"' in (f.get("text") or "")]

        async def awaited() -> list[int]:
            return list((await bot.service.summary(table_id))["to_act"])

        await until(lambda: living_of(fake, gid) and "💰 Bid …" in [
            b["text"] for b in keyboard(living_of(fake, gid)[1])], what="Ana's bid menu")
        await settled(fake, 0.3)
        assert await awaited() == [0]
        mid, message = living_of(fake, gid)
        await tap(fake, GROUP, ANA, mid, button(message, "💰 Bid"))
        bids = fake.messages[(gid, mid)]
        since = len(fake.sent)
        actions = (await bot.service.summary(table_id))["actions"]
        await tap(fake, GROUP, ANA, mid, keyboard(bids)[0]["callback_data"])  # the lowest bid
        answered = actions + 1 + computers  # her bid, each computer's answer
        for _ in range(200):  # the computer's answers, then Ana's again
            summary = await bot.service.summary(table_id)
            if summary["actions"] >= answered and summary["to_act"] == [0]:
                break
            await asyncio.sleep(0.05)
        assert summary["actions"] == answered and summary["to_act"] == [0], summary
        await settled(fake, 0.5)
        assert calls_to_ana(0), "Ana was called to her first decision"
        assert calls_to_ana(since) == [], calls_to_ana(since)
        # Her decision is on the table message: the menu of what is hers now.
        assert keyboard(fake.messages[(gid, living_of(fake, gid)[0])])


def test_a_group_nobody_set_a_language_for_speaks_its_hosts(tmp_path):
    """Friends whose phones speak Brazilian Portuguese add the bot to a group and never
    read about '/lang': the one who opens the table sets the group's language by their
    client's, so the lobby, the board's caption and the call to play speak Portuguese,
    and so do the refusals to a friend whose phone speaks English. Before a table is
    opened, each asker is answered in their own client's language (a Catalan's '/start'
    in Catalan). An admin's '/lang' still changes it."""
    joao = {"id": 21, "is_bot": False, "first_name": "João", "language_code": "pt-br"}
    maria = {"id": 22, "is_bot": False, "first_name": "Maria", "language_code": "pt-br"}
    group = {"id": -100555, "type": "supergroup", "title": "Noite de jogos"}

    async def main():
        gid = group["id"]
        async with telegram_bot(tmp_path, group, admins=(joao["id"],)) as (fake, bot):
            fake.say(group, CY, "/start")  # no table here yet: asked in Catalan which game
            await until(lambda: fake.texts(gid), what="the answer to /start")
            assert fake.texts(gid)[-1].startswith("Quin joc?"), fake.texts(gid)
            fake.say(group, joao, "/new tikal")
            await until(lambda: any("Nova mesa" in t for t in fake.texts(gid)),
                        what="the lobby in Portuguese")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            fake.press(group, maria, lobby_id, "j")
            await until(lambda: "Maria" in fake.messages[(gid, lobby_id)].get("text", ""))
            fake.press(group, ANA, lobby_id, "s")  # not the creator: refused in Portuguese
            await until(lambda: any("criou" in (f.get("text") or "")
                                    for f in fake.calls("answerCallbackQuery")),
                        what="Ana refused in the group's language")
            fake.press(group, joao, lobby_id, "s")
            await until(lambda: living_of(fake, gid), what="the board")
            await until(lambda: any("Sua vez" in t for t in fake.texts(gid)),
                        what="the call in Portuguese")
            mid, message = living_of(fake, gid)
            assert "escolha" in message["caption"], message["caption"]
            assert [b["text"] for b in links(message) + keyboard(message)][-1] == "🚪 Sair"
            fake.say(group, joao, "/lang en")  # an admin's choice still wins
            await until(lambda: any("speak English" in t for t in fake.texts(gid)),
                        what="English set")
            assert not [r for r in fake.refused if r[1] == 400], fake.refused
    asyncio.run(asyncio.wait_for(main(), 90))


async def clock_set(fake: FakeTelegram, creator: dict, lobby_id: int) -> None:
    """The lobby's ``creator`` sets a clock whose computer is the random player: whoever
    leaves the game is played for at once (the quickest way to an end), not after the
    easy or medium player weighed every move."""
    before = fake.messages[(GROUP["id"], lobby_id)].get("text", "")
    fake.say(GROUP, creator, "/clock 10m random")
    await until(lambda: fake.messages[(GROUP["id"], lobby_id)].get("text", "") != before,
                what="the clock in the lobby")


def test_each_private_sheet_speaks_its_readers_language_to_the_end(tmp_path):
    """A Catalan group (Cy opened the table); Ana's private chat speaks English (she
    wrote there first); Dani never wrote to the bot privately, so the sheet it sends him
    first speaks the group's Catalan, not the default English. At the end each private
    sheet's last caption tells the story and the end in its reader's language, not in the
    group's."""
    dani = {"id": 14, "is_bot": False, "first_name": "Dani", "language_code": "ca"}

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(private(ANA), ANA, "/start")
            await until(lambda: fake.texts(ANA["id"]), what="Ana's welcome")
            fake.say(GROUP, CY, "/new cartographers")
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            for person in (ANA, dani):
                await tap(fake, GROUP, person, lobby_id, "j")
            await clock_set(fake, CY, lobby_id)
            await tap(fake, GROUP, CY, lobby_id, "s")
            await until(lambda: living_of(fake, dani["id"]) and living_of(fake, ANA["id"]),
                        what="the private sheets")
            assert "tria" in living_of(fake, dani["id"])[1]["caption"]
            assert "choose" in living_of(fake, ANA["id"])[1]["caption"]
            sheets = {who: living_of(fake, who)[0] for who in (ANA["id"], dani["id"])}
            for person in (ANA, CY, dani):  # the computer plays the game out
                fake.say(GROUP, person, "/leave")
            await until(lambda: any("Fi de la partida" in t for t in fake.texts(gid)),
                        timeout=120, what="the end")
            await settled(fake, 0.5)
            # "Final scores:" and the scores under it (it once ended the caption, pointing
            # at nothing: they were in the group's album only), then who won.
            ana = fake.messages[(ANA["id"], sheets[ANA["id"]])]["caption"]
            end = ana.split("🏁 Game over! Final scores:\n")[-1].split("\n")
            assert sorted(line.split(":")[0] for line in end[:-1]) == ["Ana", "Cy", "Dani"], ana
            assert end[-1].startswith("🏆 Winner"), ana
            assert "draws" in ana and "dibuixa" not in ana, ana
            dani_sheet = fake.messages[(dani["id"], sheets[dani["id"]])]["caption"]
            end = dani_sheet.split("🏁 Fi de la partida! Punts finals:\n")[-1].split("\n")
            assert len(end) == 4 and end[-1].startswith("🏆 Guany"), dani_sheet
            assert not keyboard(fake.messages[(ANA["id"], sheets[ANA["id"]])])
    asyncio.run(asyncio.wait_for(main(), 180))


def test_a_private_sheet_names_the_computer_player_in_its_readers_language(tmp_path):
    """A Catalan group with a computer player: Ana's private sheet speaks English, and so
    does the computer's name in it — "🤖 easy: draws …" in the story of the card just
    drawn, not the group's "🤖 fàcil" among English words."""
    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(private(ANA), ANA, "/start")
            await until(lambda: fake.texts(ANA["id"]), what="Ana's welcome")
            fake.say(GROUP, CY, "/new cartographers")
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            await tap(fake, GROUP, ANA, lobby_id, "j")
            await tap(fake, GROUP, CY, lobby_id, "b:easy")
            await tap(fake, GROUP, CY, lobby_id, "s")
            await until(lambda: living_of(fake, ANA["id"]), what="Ana's private sheet")
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            service = bot.service
            for seat in (0, 1):  # Cy and Ana draw the first card (the computer has drawn)
                await service.act(table_id, seat, (await service.notations(table_id, seat))[0])
            await until(lambda: "🤖" in living_of(fake, ANA["id"])[1]["caption"],
                        what="the computer's drawing told to Ana")
            caption = living_of(fake, ANA["id"])[1]["caption"]
            assert "🤖 easy: draws" in caption and "fàcil" not in caption, caption
            assert "🤖 fàcil" in living_of(fake, gid)[1]["caption"]  # the group's own words
    asyncio.run(asyncio.wait_for(main(), 60))


def test_play_again_under_a_finished_table_opens_the_same_table_anew(tmp_path):
    """The end: the table message keeps its last board and gets one button, 🔁 Play
    again, so friends who never read '/new' start a rematch by a tap: the first tap opens
    a lobby of the same game, options and computer players; a friend's tap joins it
    (never replacing it); a tap while a game runs is refused in a toast."""
    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, ANA, "/new cartographers B")
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            await tap(fake, GROUP, BOB, lobby_id, "j")
            await tap(fake, GROUP, ANA, lobby_id, "b:random")
            await clock_set(fake, ANA, lobby_id)
            await tap(fake, GROUP, ANA, lobby_id, "s")
            await until(lambda: living_of(fake, gid), what="the board")
            table_id = fake.messages[(gid, lobby_id)]["text"].split("/#/table/")[1].split()[0]
            fake.say(GROUP, ANA, "/leave")  # the computer plays all three seats to the end
            fake.say(GROUP, BOB, "/leave")
            await until(lambda: any("Game over" in t for t in fake.texts(gid)), timeout=90,
                        what="the end")
            await settled(fake, 0.5)
            (mid, final), = [(mid, m) for (chat, mid), m in fake.messages.items()
                             if chat == gid and keyboard(m)]
            assert "photo" in final and [b["text"] for b in keyboard(final)] == \
                ["🔁 Play again"], final
            again = keyboard(final)[0]["callback_data"]
            await tap(fake, GROUP, BOB, mid, again)
            lobby = fake.calls("sendMessage", gid)[-1]
            assert lobby["text"].startswith("🎲 New table: Cartographers"), lobby
            assert "Bob" in lobby["text"] and "🤖 random" in lobby["text"], lobby
            new_lobby = max(m for (chat, m) in fake.messages if chat == gid)
            await tap(fake, GROUP, ANA, mid, again)  # Ana too: she joins Bob's lobby
            assert "Ana" in fake.messages[(gid, new_lobby)]["text"]
            assert "replaced" not in fake.messages[(gid, new_lobby)]["text"]
            await tap(fake, GROUP, BOB, new_lobby, "s")
            await until(lambda: bot.bot.conversation.store.game_in("telegram", str(gid)),
                        what="the rematch")
            answered = len(fake.calls("answerCallbackQuery"))
            await tap(fake, GROUP, ANA, mid, again)  # a game runs: refused, nothing changes
            assert "already running" in fake.calls("answerCallbackQuery")[answered]["text"]
            game = bot.bot.conversation.store.game_in("telegram", str(gid))
            assert game["table_id"] != table_id
            summary = await bot.service.summary(game["table_id"])
            assert summary["options"] == {"side": "B"}
            assert [s["kind"] for s in summary["seats"]] == ["person", "person", "bot"]
            assert not [r for r in fake.refused if r[1] == 400], fake.refused
    asyncio.run(asyncio.wait_for(main(), 150))


def test_start_or_new_alone_in_a_group_offers_each_game_as_a_button(tmp_path):
    """The first thing friends type after adding a bot is '/start' (or '/new' from the
    command menu, without a game): instead of "open one with '/new GAME'", which a person
    who never read the docs cannot follow, the answer names each game on a button in the
    asker's language; a tap opens that game's lobby."""
    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, CY, "/new")
            await until(lambda: fake.calls("sendMessage", gid), what="the answer to /new")
            which = fake.calls("sendMessage", gid)[-1]
            assert which["text"].startswith("Quin joc?"), which
            # (each game registered: the tests' own too)
            assert {"Cartògrafs", "Tikal"} <= {b["text"] for b in keyboard(which)}
            fake.say(GROUP, BOB, "/start")
            await until(lambda: len(fake.calls("sendMessage", gid)) == 2,
                        what="the answer to /start")
            which = fake.calls("sendMessage", gid)[-1]
            assert which["text"].startswith("Qual jogo?"), which
            assert {"Cartógrafos", "Tikal"} <= {b["text"] for b in keyboard(which)}
            mid = max(m for (chat, m) in fake.messages if chat == gid)
            await tap(fake, GROUP, BOB, mid, button(which, "Tikal"))
            lobby = fake.calls("sendMessage", gid)[-1]
            assert lobby["text"].startswith("🎲 Nova mesa: Tikal"), lobby
            assert "Bob" in lobby["text"]
            # (a game gathering: /start is the creator's start again)
            fake.say(GROUP, CY, "/start")
            await until(lambda: any("criou" in t for t in fake.texts(gid)), what="refused")
    asyncio.run(asyncio.wait_for(main(), 60))


@contextlib.asynccontextmanager
async def called_to_the_first_card(tmp_path):
    """Ana and Bob at a Cartographers table in the group, rung to draw its first card:
    the fake, the service, the table's id and the group's ringing mentions (a function:
    those sent so far)."""
    gid = GROUP["id"]
    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        fake.press(GROUP, ANA, await lobby_joined(fake, "cartographers", BOB), "s")

        def calls() -> list[str]:
            return ringing_mentions(fake, gid)

        await until(calls, what="the first call")
        table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
        yield fake, bot.service, table_id, calls


def test_the_call_to_choose_in_private_explains_itself_once_per_table(tmp_path):
    """Each Cartographers card rings those who must draw with a message in the group: the
    first says where and how to choose (🔒 on the table's message, hidden from the group);
    the next cards' calls, some forty a game, are one short line — the same long
    explanation every card filled the group's screen."""
    async def main():
        async with called_to_the_first_card(tmp_path) as (fake, service, table_id, calls):
            # Both draw the first card (as a browser would), one after the other.
            await service.act(table_id, 0, (await service.notations(table_id, 0))[0])
            await until(lambda: "Waiting for: Bob" in living_of(fake, GROUP["id"])[1]["caption"],
                        what="Ana's drawing told")
            await service.act(table_id, 1, (await service.notations(table_id, 1))[0])
            await until(lambda: len(calls()) >= 2, what="the next card's call")
            first, second = calls()[:2]
            assert "🔒 Choose in private on the table's message" in first, first
            assert second.startswith("🔒 Turn to choose, in private: "), second
            assert len(re.sub(r"<[^>]+>", "", second)) < 45, second
    asyncio.run(asyncio.wait_for(main(), 90))


def test_a_card_is_called_when_both_drawings_came_in_one_look(tmp_path):
    """Two friends confirm their drawings at the same moment: the bot's follower takes in
    both and the next card in one look. The card still rings the one who did not draw
    last (the last drawer saw it come): before, the step seemed unchanged — the same
    seats awaited as before — and nobody was called to the new card."""
    async def main():
        async with called_to_the_first_card(tmp_path) as (fake, service, table_id, calls):
            choices = [(await service.notations(table_id, seat))[0] for seat in (0, 1)]
            for seat in (0, 1):  # at once: no await between them reaches the follower
                await service.act(table_id, seat, choices[seat])
            await until(lambda: len(calls()) >= 2, what="the next card's call")
            assert 'tg://user?id=11' in calls()[1] and 'tg://user?id=12' not in calls()[1]
    asyncio.run(asyncio.wait_for(main(), 90))


async def _played_out_by_the_computer(fake: FakeTelegram, bot: Bot, game: str) -> str:
    """Ana, Bob and the random computer at a table of ``game``; both friends leave it, the
    computer plays it out (the quickest way to an end: the random player answers at once,
    where the easy one weighs every move). The table's id, once all the bot had to say
    about it was said."""
    gid = GROUP["id"]
    lobby_id = await lobby_joined(fake, game, BOB)
    fake.press(GROUP, ANA, lobby_id, "b:random")
    await until(lambda: "🤖" in fake.messages[(gid, lobby_id)].get("text", ""))
    fake.say(GROUP, ANA, "/clock 10m random")  # who leaves is played for by the random bot
    await until(lambda: "10" in fake.messages[(gid, lobby_id)].get("text", ""),
                what="the clock in the lobby")
    fake.press(GROUP, ANA, lobby_id, "s")
    await until(lambda: living_of(fake, gid), what="the board")
    table_id = fake.messages[(gid, lobby_id)]["text"].split("/#/table/")[1].split()[0]
    fake.say(GROUP, ANA, "/leave")
    fake.say(GROUP, BOB, "/leave")
    await until(lambda: any("Game over" in t for t in fake.texts(gid)), timeout=180,
                what="the end")
    await settled(fake, 0.5)
    return table_id


def test_tikal_ends_with_one_board_the_result_under_it(tmp_path):
    """A game drawn as one picture ends with one board, not two: the final board with the
    result under it and 🔁 Play again, ringing everyone — the table message that showed
    the game so far makes way for it (it showed the board before the last moves, and
    said 'Game over' above a second copy of the end)."""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            table_id = await _played_out_by_the_computer(fake, bot, "tikal")
            boards = [(mid, m) for (chat, mid), m in fake.messages.items()
                      if chat == gid and "photo" in m and "Game over" in m.get("caption", "")]
            assert len(boards) == 1, [m["caption"] for _, m in boards]
            (mid, final), = boards
            assert not silent(next(f for m, f, _ in fake.sent if m == "sendPhoto"
                                   and "Game over" in f.get("caption", "")))
            conversation = bot.bot.conversation
            known = await conversation.names(table_id)
            state = await bot.service.state(table_id, None)
            expected = images.picture("tikal", state["view"], None,
                                      [known[s] for s in sorted(known)], "en",
                                      conversation.last_move(table_id)[1])
            assert final["photo"][0]["file_unique_id"] == \
                hashlib.sha256(expected).hexdigest()[:16]
            assert with_buttons(fake, gid) == [mid]
            assert [b["text"] for b in keyboard(final)] == ["🔁 Play again"]
            assert not [r for r in fake.refused if r[1] == 400], fake.refused
    asyncio.run(asyncio.wait_for(main(), 240))


def test_the_table_message_tells_no_scores_before_anyone_has_points(tmp_path):
    """'Scores: Ana 0 · Bob 0 · 🤖 easy 0' under the board from the first move said
    nothing a friend could use: the table message tells the scores once points were
    won (a Tikal volcano's scoring), and from then on."""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            await _played_out_by_the_computer(fake, bot, "tikal")
            captions = [f.get("caption") or (f.get("media") or {}).get("caption") or ""
                        for m, f, _ in fake.sent
                        if m in ("sendPhoto", "editMessageCaption", "editMessageMedia")
                        and int(f.get("chat_id", 0)) == gid]
            told = [re.findall(r" (-?\d+)(?: ·|$)", line) for c in captions
                    for line in c.split("\n") if line.startswith("Scores: ")]
            assert told, captions  # the scores are told, once there are some
            assert not [points for points in told if set(points) == {"0"}], told
            assert "Scores: " not in captions[0]  # (the board at the start)
    asyncio.run(asyncio.wait_for(main(), 240))


def test_a_leave_asked_before_a_restart_is_confirmed_after_it(tmp_path):
    """🚪 tapped, the bot restarted (an update, a crash), 🚪 tapped again within the 30 s:
    the second tap confirms, as it would have without the restart — the question is kept
    in the database, not in the bot's memory."""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            lobby_id = await lobby_joined(fake, "tikal", BOB)
            fake.press(GROUP, ANA, lobby_id, "s")
            mid, _ = await until(lambda: living_of(fake, gid), what="the table message")
            await tap(fake, GROUP, BOB, mid, "l")
            asked_at = time.monotonic()
            assert fake.calls("answerCallbackQuery")[-1]["text"].startswith("🚪 Leave this")
            await bot.close()
            bot.bot = None
            await bot.start()
            await until(lambda: bot.bot, what="the bot restarted")
            # (a second tap as fast as a double tap would be no answer to the question)
            await asyncio.sleep(max(0.0, 1.2 - (time.monotonic() - asked_at)))
            fake.press(GROUP, BOB, mid, "l")
            query = fake.updates[-1]["callback_query"]["id"]
            (answer,) = await until(lambda: [f for f in fake.calls("answerCallbackQuery")
                                             if f.get("callback_query_id") == query],
                                    what="the answer to the second tap")
            assert answer["text"].startswith("🚪 You left the game"), answer
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            seats = (await bot.service.summary(table_id))["seats"]
            assert [s.get("autopilot") is not None for s in seats] == [False, True]
    asyncio.run(asyncio.wait_for(main(), 90))


@pytest.mark.parametrize("host,how,never,started", [
    (ANA, "Tap Join to play", "Matrix", "▶ Started!"),
    (BOB, "Toque em Entrar para jogar", "Matrix", "▶ Começou!"),
    (CY, "Toca Uneix-t'hi per jugar", "Matrix", "▶ Ha començat!")])
def test_a_telegram_group_is_told_what_to_tap_never_of_matrix(tmp_path, host, how, never,
                                                               started):
    """Friends on Telegram tap: the lobby tells them which buttons to tap (not which
    commands to type beside those very buttons), and the help tells how to type a
    command on Telegram only — '!bg COMMAND on Matrix' is a network they never heard of.
    Once started, the lobby says so (in Catalan 'Comença!' read as 'Start!')."""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, host, "/new tikal")
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby = fake.calls("sendMessage", gid)[-1]["text"]
            assert how in lobby and "'/" not in lobby, lobby
            fake.say(GROUP, host, "/help")
            await until(lambda: len(fake.calls("sendMessage", gid)) > 1, what="the help")
            help_text = fake.calls("sendMessage", gid)[-1]["text"]
            assert never not in help_text and "/" in help_text.split("\n")[0], help_text
            lobby_id = min(mid for (chat, mid) in fake.messages if chat == gid)
            await tap(fake, GROUP, host, lobby_id, "b:easy")
            await tap(fake, GROUP, host, lobby_id, "s")
            await until(lambda: started in fake.messages[(gid, lobby_id)]["text"],
                        what="the lobby started")
    asyncio.run(asyncio.wait_for(main(), 60))
