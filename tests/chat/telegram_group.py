"""A Telegram group on the fake Bot API (tests/chat/fake_telegram.py, the network
boundary) with our bot through python-telegram-bot's real HTTP stack: the people, the
bot process, and what a test does and waits for there (taps, quiet, the living message).
Shared by the Telegram test files and the benchmarks of bench/."""

from __future__ import annotations

import asyncio
import contextlib
import time

from boardgamesbot.chat import telegram as tg  # (the test files skip without the [chat] extra)
from boardgamesbot.chat.tables import Service

from .fake_telegram import FakeTelegram

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
async def telegram_bot(tmp_path, *chats: dict, admins: tuple = (), pace: tuple = FAST):
    """The fake Bot API, knowing ``chats`` (their admins by id), and our bot started on
    it over a new database (at ``pace`` per group: the benchmarks give Telegram's); both
    stopped however the test ends."""
    fake = FakeTelegram()
    for chat in chats:
        fake.chats[chat["id"]] = chat
    fake.admins.update(admins)
    await fake.start()
    bot = Bot(fake, f"sqlite:///{tmp_path / 'chat.db'}", pace)
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
    """Press a button and wait for the answer to this press: counting answers let a late
    one to an earlier press (a join pressed by `lobby_joined`, which waits for the lobby's
    text, not for its answer) pass for this one's under a CI run's load."""
    update_id = fake.press(chat, person, mid, data)
    query = next(u["callback_query"]["id"] for u in fake.updates if u["update_id"] == update_id)
    await until(lambda: any(str(f.get("callback_query_id")) == query
                            for f in fake.calls("answerCallbackQuery")), what="its answer")
    await told_everything(fake)


async def told_everything(fake: FakeTelegram, timeout: float = 30.0) -> None:
    """Wait until the bot has told the chats everything the taps so far led to: no
    computer's decision owed now, every move told, every picture drawn and edited in —
    and a whole look at all of it saw the fake Telegram receive nothing new (a look that
    saw a send looks again: that send may have set off more). An explicit condition, not
    a quiet period: a tap costs what the bot takes, not a fixed wait on top."""
    running = Bot.running
    if running is None or running.bot is None:
        await quiet(fake, 0.12)  # (no bot to ask: the old wait)
        return
    conversation, transport = running.bot.conversation, running.bot.transport
    store = running.service.lobby.store
    start = time.monotonic()
    while True:
        count = len(fake.sent)
        # A computer's (or autopilot's) decision is a job due at once, taken by the
        # service's job loops after the write that owed it: until it is played its move
        # is in no table's log, so `caught_up` alone would not wait for it.
        owed = any(job.kind == "bot" or job.due <= time.time() for job in store.jobs())
        await conversation.caught_up()  # every move made so far reached the chat
        await conversation.settled()  # the table messages' pictures drawn…
        await transport.settled()  # …and edited in
        if not owed and len(fake.sent) == count:
            return
        assert time.monotonic() - start < timeout, "the bot never told everything"
        await asyncio.sleep(0.01)


async def settled(fake: FakeTelegram, seconds: float) -> None:
    """Wait until the bot has drawn and sent all it was working on (pictures are drawn
    after the answer, then edited in), then said nothing for ``seconds``: for a test that
    checks nothing more comes (a count of sends)."""
    running = Bot.running.bot if Bot.running else None
    if running is not None:
        await running.conversation.caught_up()  # every move made so far reached the chat
        await running.conversation.settled()
        await running.transport.settled()
    await quiet(fake, seconds)


def silent(fields: dict) -> bool:
    return str(fields.get("disable_notification")).lower() == "true"


def dump(fake: FakeTelegram) -> str:
    return "\n".join(f"{m} {f.get('chat_id')}: {(f.get('text') or f.get('caption') or '')[:150]!r}"
                     f" {[b['callback_data'] for b in keyboard(f)]}" for m, f, _ in fake.sent[-14:])


def private(person: dict) -> dict:
    return {"id": person["id"], "type": "private", "first_name": person["first_name"]}


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
