"""The Telegram bot through python-telegram-bot's real HTTP stack, against a fake Bot API
server on loopback (only the network boundary is fake).

What a group sees: one living message per table, edited as the game moves; new
messages only to call a person (with sound) and for scorings; everything else
silent; only the living message carries buttons. Menus reaching every action, /start
in a fresh private chat, a group becoming a supergroup mid-game, a flood wait in one chat
while another plays on, the lobby, refusals, per-chat language, duplicate delivery
after a restart. Whole games to their end, the end itself and the private sheets are in
test_telegram_games.py (a file of its own: xdist runs each file on one worker)."""

from __future__ import annotations

import asyncio
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
from .telegram_group import (  # noqa: E402
    ANA,
    BOB,
    CY,
    EDITS,
    GROUP,
    NEW,
    PUBLIC,
    Bot,
    LivingRecorder,
    choose,
    dump,
    keyboard,
    links,
    living_of,
    lobby_joined,
    private,
    quiet,
    settled,
    silent,
    tap,
    taps_to_each_action,
    telegram_bot,
    until,
    with_buttons,
)


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


def new_messages(fake: FakeTelegram, chat_id: int, since: int) -> list[tuple[str, dict]]:
    return [(m, f) for m, f, _ in fake.sent[since:]
            if m in NEW and int(f.get("chat_id", 0)) == chat_id]


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


def test_the_catalogs_write_command_words_with_their_accents_where_people_read_them():
    """A tip read in Catalan or Portuguese shows a command word as it is spelled
    ('comença', 'começar', 'situação'): the ASCII word ('comenca'), there only so that a
    Telegram command link sends it whole, read as a misspelling in the Catalan welcome
    ("nova cartographers i després comenca"). Every ASCII word that is the bare form of
    an accented one is refused in the chat's sentences; a Telegram group's link still
    gets the ASCII word (`i18n.typable`), which names the same command."""
    from boardgamesbot.chat import i18n

    for lang in ("pt-BR", "ca"):
        catalog = i18n._catalog(lang)
        accented = {}
        for command, words in catalog["aliases"].items():
            for word in words:
                if " " in word or command == "why":
                    continue  # (Portuguese 'porque' is "because": a word of its own)
                typable = i18n.typable(word)
                assert TELEGRAM_COMMAND.fullmatch(typable), (lang, word, typable)
                assert i18n.aliases(typable) == command, (lang, word, typable)
                if typable != word.lower():
                    accented[typable] = word
        assert {"ca": "comenca", "pt-BR": "comecar"}[lang] in accented, lang
        own = json.loads(resources.files("boardgamesbot.chat").joinpath(
            f"messages/{lang}.json").read_text(encoding="utf-8"))
        for key, sentence in own.items():
            if key == "aliases" or not isinstance(sentence, str):
                continue
            for word in re.findall(r"[\w·]+", sentence):
                assert word not in accented, \
                    f"{lang} {key}: '{word}' reads as a misspelling; write '{accented[word]}'"


def test_catalan_and_portuguese_commands_work_typed_without_accents_or_with_them(tmp_path):
    """Telegram commands are [a-z0-9_]: every command has such a word in each language
    ('comenca' for 'comença', 'cancella' for 'cancel·la'), the command menu of each
    language lists only valid names. A command typed with its accents is no command to
    Telegram ('/comença': a letter after '/comen', tdlib's ``match_bot_commands``), so a
    group with privacy mode on never passes it to the bot (before, the fake marked
    '/comen' and delivered it: this test passed on a behaviour Telegram lacks); replied to
    the bot's message, or in a group with privacy mode off, the bot gets it and reads the
    word with its accents."""
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
            fake.say(private(CY), CY, "/start")  # a Catalan reads the word as it is spelled
            welcome = (await until(lambda: fake.calls("sendMessage", CY["id"]),
                                   what="Cy's welcome"))[0]["text"]
            assert "nova cartographers i després comença." in welcome, welcome
            fake.say(GROUP, BOB, f"/uneix@{tg_bot_name(fake)}")
            await until(lambda: "Bob" in fake.messages[(gid, lobby_id)].get("text", ""),
                        what="Bob in the lobby")
            # with its cedilla: no command, and privacy mode keeps it from the bot
            assert fake.say(GROUP, ANA, "/comença") is None
            assert fake.unheard[-1]["text"] == "/comença" and not fake.unheard[-1]["entities"]
            await quiet(fake, 0.5)
            assert living_of(fake, gid) is None, "a game begun by a message never delivered"
            # replied to the bot's lobby it is delivered, and read with its accents
            assert fake.say(GROUP, ANA, "comença", reply_to=fake.messages[(gid, lobby_id)])
            await until(lambda: living_of(fake, gid), what="the game begun")
            fake.privacy = False  # (BotFather's /setprivacy off: every message delivered)
            assert fake.say(GROUP, BOB, "/desfés")  # not Bob's turn: refused in Catalan
            await until(lambda: any("⚠" in t for t in fake.texts(gid)), what="a refusal")
            fake.privacy = True
            assert not any("Unknown" in t or "desconeguda" in t for t in fake.texts(gid))
            # 'why' asked as the question is ("/per què end": Telegram marks '/per' alone
            # as the command), and a refused move's tip quotes it so, with its '/'
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            awaited = (await bot.service.summary(table_id))["to_act"][0]
            person = (ANA, BOB)[awaited]
            fake.say(GROUP, person, "/end")  # the drawn tile not placed yet
            refused = await until(lambda: next((t for t in fake.texts(gid)
                                                if "📖 La regla:" in t), None), what="the tip")
            assert "'/per què end'" in refused, refused
            fake.say(GROUP, person, "/per què end")
            await until(lambda: any("📖 La regla (" in t for t in fake.texts(gid)),
                        what="the rule, asked why")
            assert not any("No conec 'per'" in t for t in fake.texts(gid))
            # A tap on that link sends just "/per": the same refusal explained again
            explained = sum("📖 La regla (" in t for t in fake.texts(gid))
            fake.say(GROUP, person, "/per")
            await until(lambda: sum("📖 La regla (" in t for t in fake.texts(gid)) > explained,
                        what="the refused 'end' explained by a tap on '/per'")
            # and from someone nothing was refused to, what to type — in their words, with
            # its '/' ('/por', '/why' alone, as 'why' alone)
            fake.say(GROUP, CY, "/per")
            what = await until(lambda: next((t for t in fake.texts(gid)
                                             if "Quina acció?" in t), None), what="what to ask")
            assert "'/per què " in what, what
            fake.say(GROUP, ANA, "/idioma pt-BR")
            await until(lambda: any("português" in t.lower() for t in fake.texts(gid)),
                        what="Portuguese")
            for tapped in ("/por", "/why"):
                asked = sum("Qual ação?" in t for t in fake.texts(gid))
                fake.say(GROUP, CY, tapped)
                await until(lambda asked=asked: sum("Qual ação?" in t
                                                    for t in fake.texts(gid)) > asked,
                            what=f"what to ask, after {tapped}")
            assert not any("Não conheço" in t or "No conec" in t for t in fake.texts(gid))
            fake.say(GROUP, ANA, "/idioma ca")
            await until(lambda: sum("parlaré en català" in t for t in fake.texts(gid)) == 2,
                        what="Catalan again")
            # "How is it going?" in Catalan words: the table's state (it was "I don't know
            # 'estat'. Did you mean '/start'?" — in a lobby, advice to start the game).
            fake.say(GROUP, CY, "/estat")
            await until(lambda: any("en joc" in t for t in fake.texts(gid)), what="the status")
            assert not any("No conec" in t for t in fake.texts(gid)), fake.texts(gid)[-1]

    asyncio.run(asyncio.wait_for(main(), 90))


def test_a_reply_to_the_bots_message_is_for_it_and_one_to_a_person_is_talk(tmp_path):
    """Friends answer the bot with Telegram's Reply, no '/': "uneix" replied to the lobby
    joins it, and replied to the bot's oldest message too (Telegram names whose message
    it was: nothing to remember); "uneix" replied to a friend's message, and any other
    words replied to the bot, are talk: no answer. Before, a reply was read as talk
    whoever it answered: the lobby never heard the join."""
    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP, admins=(ANA["id"],)) as (fake, bot):
            fake.say(GROUP, ANA, "/llengua ca")
            await until(lambda: fake.calls("sendMessage", gid), what="Catalan")
            oldest = max(fake.messages.values(), key=lambda m: m["message_id"])
            fake.say(GROUP, ANA, "/nova tikal")
            await until(lambda: len(fake.calls("sendMessage", gid)) > 1, what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            lobby = fake.messages[(gid, lobby_id)]
            fake.say(GROUP, CY, "uneix", reply_to=lobby)
            await until(lambda: "Cy" in fake.messages[(gid, lobby_id)].get("text", ""),
                        what="Cy in the lobby")
            await quiet(fake, 0.5)
            said = len(fake.calls("sendMessage", gid))
            cy_said = {"message_id": 1, "date": 0, "chat": GROUP, "from": CY, "text": "som-hi"}
            fake.say(GROUP, BOB, "uneix", reply_to=cy_said)  # to Cy: talk
            fake.say(GROUP, BOB, "quina il·lusió!", reply_to=lobby)  # to the bot: talk
            await quiet(fake, 1.0)
            assert "Bob" not in fake.messages[(gid, lobby_id)]["text"]
            assert len(fake.calls("sendMessage", gid)) == said, fake.texts(gid)[-2:]
            count = len(fake.sent)
            fake.say(GROUP, BOB, "uneix", reply_to=oldest)
            await until(lambda: "Bob" in fake.messages[(gid, lobby_id)].get("text", ""),
                        what="Bob in the lobby")
            assert not [t for t in fake.texts(gid) if "⚠" in t], fake.texts(gid)
            assert all(m in EDITS for m, _, _ in fake.sent[count:]), fake.sent[count:]

    asyncio.run(asyncio.wait_for(main(), 90))


def tg_bot_name(fake: FakeTelegram) -> str:
    from .fake_telegram import BOT

    return BOT["username"]


@pytest.mark.parametrize("person, typed, shown", [
    (CY, "/nova tikal subhasta", "variant amb subhasta"),
    (BOB, "/novo tikal leilão", "variante com leilão"),
    (BOB, "/novo tikal leilao", "variante com leilão"),
])
def test_the_auction_is_asked_for_in_the_groups_own_words(tmp_path, person, typed, shown):
    """Friends name the variant in their language, as the lobby names it to them: Cy's
    '/nova tikal subhasta' opens an auction table ("variant amb subhasta"), Bob's
    '/novo tikal leilão' (or 'leilao', typed without the accent) too. Before, both were
    refused: "⚠ 'subhasta' no és una opció d'aquest joc. Opcions: basic, auction"."""
    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, person, typed)
            lobby = (await until(lambda: fake.calls("sendMessage", gid), what="the lobby"))[0]
            assert "⚠" not in lobby["text"] and shown in lobby["text"], lobby["text"]

    asyncio.run(asyncio.wait_for(main(), 60))


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
        fake.asked_from = 0
        await bot.start()
        last = fake.updates[-1]["update_id"]
        await until(lambda: fake.asked_from > last, what="every old update fetched")
        await quiet(fake, 0.5)  # and skipped (a spinner stopped again, at most)
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


def json_of(value) -> str:

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


def test_waiting_for_someone_who_left_names_the_computer_playing_for_them(tmp_path):
    """Ana left the game (the computer plays her seat). While it plays her turn, the
    table message says whom the table waits for: "Waiting for: Ana (computer)", as the story
    writes her moves ("Ana (computer): places …") — not "Waiting for: Ana", which had friends
    waiting for someone who had gone. The computer is held back here (no jobs), so the
    table stays at that moment for the test to look."""
    async def main():
        service = await Service.open(db=f"sqlite:///{tmp_path / 'c.db'}", jobs=False)
        try:
            conversation, table_id = ana_and_bob_in_group(service, "tikal", 1)
            conversation.transport = shown = LivingShown()
            assert (await service.summary(table_id))["to_act"] == [0]
            await service.autopilot(table_id, 0, "easy")
            state = await service.state(table_id, None)
            await conversation.tell_living(table_id, conversation.store.game(table_id), state,
                                           [], (None, None))
            assert shown.shown[-1][0].endswith("Waiting for: Ana (computer)"), shown.shown[-1][0]
            assert "Ana (computer)" in await conversation.status_line(table_id, "en")
            assert "Ana (computador)" in await conversation.status_line(table_id, "pt-BR")
            assert "Ana (ordinador)" in await conversation.status_line(table_id, "ca")
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
            store = bot.bot.conversation.store
            moved = await until(lambda: store.game_in("telegram", str(big["id"])),
                                what="the table moved to the supergroup")
            # Play goes on in the supergroup: a typed action and the board's answer.
            service = bot.service
            table_id = moved["table_id"]
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


FLOOD = 8.0  # seconds of Telegram's 429 in one group


def test_a_flood_wait_in_one_group_never_stalls_another(tmp_path):
    """Telegram tells one group's bot to wait 8 s (429 retry_after): that group's messages
    wait; another group's game goes on meanwhile, and the first catches up after. (Four
    seconds were less than the other group's three taps took on a loaded CI machine: 4.6 s,
    and the test read the flood's end as the other group waiting.)"""
    async def main():
        other = {"id": -100456, "type": "supergroup", "title": "Others"}
        async with telegram_bot(tmp_path, GROUP, other) as (fake, bot):
            for chat, (a, b) in ((GROUP, (ANA, BOB)), (other, (CY, BOB))):
                fake.say(chat, a, "/new tikal")
                fake.say(chat, b, "/join")
                fake.say(chat, a, "/start")
            await until(lambda: living_of(fake, GROUP["id"]) and living_of(fake, other["id"]))
            await quiet(fake)
            fake.flooded[GROUP["id"]] = (time.monotonic() + FLOOD, int(FLOOD))
            fake.say(GROUP, ANA, "/status")  # waits out the flood
            flooded_at = time.monotonic()
            await until(lambda: ("sendMessage", 429) in fake.refused, what="the 429")
            # Meanwhile the other group plays by taps, answered and edited at once.
            for _ in range(3):
                mid, message = living_of(fake, other["id"])
                await tap(fake, other, CY, mid, choose(message)["callback_data"])
            assert time.monotonic() - flooded_at < FLOOD, "the other group waited too"
            assert not any(int(f.get("chat_id", 0)) == GROUP["id"]
                           for m, f, _ in fake.sent if m == "sendMessage"
                           and "Tikal" in f.get("text", "") and "playing" in f["text"])
            await until(lambda: any("playing" in t for t in fake.texts(GROUP["id"])),
                        timeout=10, what="the status after the flood")
            assert time.monotonic() - flooded_at >= FLOOD - 0.5
    asyncio.run(asyncio.wait_for(main(), 60))


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
            before = len(fake.texts(ANA["id"]))
            fake.say(private(ANA), ANA, f"/moves {terrain} {shape}")

            def the_answer():  # (not the chat's last message: on a loaded machine the
                # solo game's own messages can still come after it)
                return next((text for text in fake.texts(ANA["id"])[before:]
                             if "moves START" in text or "What you can do" in text), None)
            answer = await until(the_answer, what="the moves")
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


def test_someone_who_already_left_is_told_so_and_the_story_tells_it_once(tmp_path):
    """Ana leaves a Portuguese game with '/sair'; the computer plays her seat. Later she
    taps 🚪 Sair on the table message (it is there for everyone) and types '/sair' again:
    she is told, in the group's language, that she already left — no question to confirm,
    nothing handed over a second time. Before, the taps asked "Sair desta partida?" and
    then answered "Você saiu da partida", and the table message told the group twice that
    the computer plays for Ana from now on."""
    asyncio.run(asyncio.wait_for(_left_twice(tmp_path), 120))


async def _left_twice(tmp_path):
    gid = GROUP["id"]
    async with telegram_bot(tmp_path, GROUP) as (fake, bot):
        fake.say(GROUP, BOB, "/novo tikal")
        await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
        lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
        await tap(fake, GROUP, ANA, lobby_id, "j")
        await tap(fake, GROUP, BOB, lobby_id, "s")
        mid, _ = await until(lambda: living_of(fake, gid), what="the table message")
        table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
        told = "joga por Ana"  # (the story's line: "O computador (médio) joga por Ana …")

        def caption() -> str:
            return fake.messages[(gid, living_of(fake, gid)[0])].get("caption", "")

        fake.say(GROUP, ANA, "/sair")
        await until(lambda: told in caption(), what="the story told")
        await settled(fake, 0.3)
        seats = (await bot.service.summary(table_id))["seats"]
        assert seats[1]["autopilot"] is not None, seats
        mid = living_of(fake, gid)[0]
        already = "⚠ Você já saiu desta partida: o computador joga no seu lugar."
        await tap(fake, GROUP, ANA, mid, "l")
        answer = fake.calls("answerCallbackQuery")[-1]
        assert answer["text"] == already, answer
        assert str(answer.get("show_alert")).lower() != "true", answer
        await asyncio.sleep(1.0)  # as a second tap answering a question would come
        await tap(fake, GROUP, ANA, mid, "l")
        assert fake.calls("answerCallbackQuery")[-1]["text"] == already
        fake.say(GROUP, ANA, "/sair")
        await until(lambda: any(f["text"] == already for f in fake.calls("sendMessage", gid)),
                    what="the typed answer")
        await settled(fake, 0.3)
        assert caption().count(told) == 1, caption()
        assert (await bot.service.summary(table_id))["seats"] == seats

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


def test_start_or_new_alone_in_a_group_offers_each_game_as_a_button(tmp_path):
    """The first thing friends type after adding a bot is '/start' (or '/new' from the
    command menu, without a game): instead of "open one with '/new GAME'", which a person
    who never read the docs cannot follow, the answer names each game on a button in the
    asker's language; a tap opens that game's lobby. The question is all the text: the
    buttons name the games (it used to list "cartographers (Cartògrafs), tikal (Tikal)"
    beside buttons saying the same)."""
    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, CY, "/new")
            await until(lambda: fake.calls("sendMessage", gid), what="the answer to /new")
            which = fake.calls("sendMessage", gid)[-1]
            assert which["text"] == "Quin joc?", which
            # (each game registered: the tests' own too)
            assert {"Cartògrafs", "Tikal"} <= {b["text"] for b in keyboard(which)}
            fake.say(GROUP, BOB, "/start")
            await until(lambda: len(fake.calls("sendMessage", gid)) == 2,
                        what="the answer to /start")
            which = fake.calls("sendMessage", gid)[-1]
            assert which["text"] == "Qual jogo?", which
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


def test_a_stale_start_under_a_lobby_gone_answers_the_tap_only(tmp_path):
    """Start tapped on a lobby that is gone (cancelled here; a client still shows its
    buttons) is answered on the tap alone, in the presser's language, that no table is
    gathering here: nothing is posted in the group. It used to post "Qual jogo?" with a
    button per game, as if '/start' had been typed where nothing gathers."""
    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, BOB, "/novo tikal")
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            fake.say(GROUP, BOB, "/cancel")
            await until(lambda: any("cancel" in t.lower() for t in fake.texts(gid)[1:]),
                        what="the lobby cancelled")
            await settled(fake, 0.3)
            sent = len(fake.calls("sendMessage", gid))
            await tap(fake, GROUP, BOB, lobby_id, "s")
            answer = fake.calls("answerCallbackQuery")[-1]
            assert answer["text"].startswith(
                "⚠ Nenhuma mesa está reunindo jogadores aqui"), answer
            await settled(fake, 0.3)
            assert len(fake.calls("sendMessage", gid)) == sent, fake.texts(gid)
    asyncio.run(asyncio.wait_for(main(), 60))


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


def test_why_alone_outlives_a_restart_and_is_forgotten_once_the_game_moves_on(tmp_path):
    """'/why' alone explains the person's last refused move: after a restart too (it is
    kept where the table is, not in the bot's memory), but not once anyone has moved
    since — then it was explained against a game that is no longer the one refused, so
    the bot says there is none and how to ask about one, with an action of this game."""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.press(GROUP, ANA, await lobby_joined(fake, "tikal", BOB), "s")
            await until(lambda: living_of(fake, gid), what="the table message")
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            seat = (await bot.service.summary(table_id))["to_act"][0]
            person = (ANA, BOB)[seat]
            fake.say(GROUP, person, "/end")  # the drawn tile not placed yet: refused
            await until(lambda: any("📖 The rule:" in t for t in fake.texts(gid)),
                        what="the refusal")
            await bot.close()
            bot.bot = None
            await bot.start()
            await until(lambda: bot.bot, what="the bot restarted")
            fake.say(GROUP, person, "/why")
            await until(lambda: any("📖 The rule (" in t for t in fake.texts(gid)),
                        what="the refused 'end' explained after the restart")
            assert not any("Which action?" in t for t in fake.texts(gid))
            # A move (in a browser, say): the game has moved on since 'end' was refused
            legal = await bot.service.notations(table_id, seat)
            await bot.service.act(table_id, seat, legal[0])
            explained = sum("📖 The rule (" in t or "is allowed" in t for t in fake.texts(gid))
            fake.say(GROUP, person, "/why")
            told = await until(lambda: next((t for t in fake.texts(gid)
                                             if "No refused move" in t), None),
                               what="no refused move to explain")
            assert "'/why place C4 r2'" in told, told
            assert sum("📖 The rule (" in t or "is allowed" in t
                       for t in fake.texts(gid)) == explained
            # and forgotten: asked again, the same answer
            fake.say(GROUP, person, "/why")
            await until(lambda: sum("Which action?" in t for t in fake.texts(gid)) == 1,
                        what="what to ask")
    asyncio.run(asyncio.wait_for(main(), 90))


def test_the_why_example_is_an_action_of_the_tables_game_in_its_language(tmp_path):
    """At a Cartographers table in a Catalan group, '/per' with nothing refused shows how
    to ask with a Cartographers action (it showed Tikal's 'guard L A5' at every table),
    and the command menu's 'why' names no game's action."""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            await until(lambda: len(fake.commands) == 3, what="the command menus")
            for menu in fake.commands.values():
                why = next(c["description"] for c in menu if c["command"] == "why")
                assert "guard" not in why and "A5" not in why, why
            fake.say(GROUP, CY, "/nova cartographers")
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            fake.press(GROUP, BOB, lobby_id, "j")
            await until(lambda: "Bob" in fake.messages[(gid, lobby_id)].get("text", ""),
                        what="Bob in the lobby")
            fake.press(GROUP, CY, lobby_id, "s")
            await until(lambda: living_of(fake, gid), what="the table message")
            fake.say(GROUP, CY, "/per")
            what = await until(lambda: next((t for t in fake.texts(gid)
                                             if "Quina acció?" in t), None), what="what to ask")
            assert "'/per què forest 2 r90 C4'" in what, what
            assert "guard" not in what
            # the score asked by its noun, as a Catalan says it (it was read as a move:
            # "En lloc de 'puntuacio' hi ha d'anar una acció — …"); with its accent it is
            # no command to Telegram, which keeps it from a bot in privacy mode
            assert fake.say(GROUP, CY, "/puntuació") is None
            fake.say(GROUP, CY, "/puntuacio")
            await until(lambda: any(t.startswith("Punts") for t in fake.texts(gid)),
                        what="the score")
            assert not any("En lloc de" in t for t in fake.texts(gid)), fake.texts(gid)
    asyncio.run(asyncio.wait_for(main(), 90))


@pytest.mark.parametrize("lang,nobody", [
    ("en", "Players: nobody yet (2 to 4)"),
    ("pt-BR", "Jogadores: ninguém ainda (de 2 a 4)"),
    ("ca", "Jugadors: encara ningú (de 2 a 4)")])
def test_an_empty_lobby_says_nobody_has_joined_yet(tmp_path, lang, nobody):
    """A lobby with nobody in it (the last one out cancels it today; a lobby's line must
    read right anyway): "nobody yet", where it read "Players: 0 (2 to 4) — ", a dash
    before nothing."""

    async def main():
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            await until(lambda: bot.bot, what="the bot")
            lobby = {"network": "telegram", "chat_id": str(GROUP["id"]), "game": "tikal",
                     "options": {}, "creator": "11", "players": [], "bots": [],
                     "clock": None, "message_id": None, "created": 0.0}
            text, _ = bot.bot.conversation.lobby_message(lobby, lang)
            assert nobody in text, text
            assert not re.search(r"— *(\n|$)", text), text
    asyncio.run(asyncio.wait_for(main(), 60))


@pytest.mark.parametrize("person,typed,told", [
    (ANA, "/plase A4", "'plase' is no word of the notation. Did you mean 'place'?"),
    (BOB, "/colcoar A4", "'colcoar' não é uma palavra da notação. Você quis dizer "
                         "'colocar'? Na notação, se escreve 'place'."),
    (CY, "/colcoar A4", "'colcoar' no és cap paraula de la notació. Volies dir "
                        "'col·locar'? En la notació s'escriu 'place'."),
    (ANA, "/colcoar A4", "'colcoar' is no word of the notation. Did you mean 'colocar'? "
                         "The notation writes it 'place'."),
    (BOB, "/redo A4", "No lugar de 'redo' deve vir uma ação")])
def test_a_slip_of_a_notation_word_is_told_what_was_meant_and_nothing_is_played(
        tmp_path, person, typed, told):
    """A friend whose turn it is mistypes the action's word: the game found the word it
    looks like (``near``); the chat says it in the friend's language (it answered with
    the notation's whole grammar, or took 'plase' for the 'placar' command), a slip of
    another language's word too (an English group's 'colcoar': before, the grammar). A
    word merely alike in letters is no slip: the notation's refusal stands (a Brazilian
    group's 'redo' was asked "Você quis dizer 'trazendo'?")."""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, person, "/new tikal")
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            other = BOB if person is not BOB else ANA
            fake.press(GROUP, other, lobby_id, "j")
            await until(lambda: other["first_name"] in
                        fake.messages[(gid, lobby_id)].get("text", ""), what="joined")
            fake.press(GROUP, person, lobby_id, "s")
            await until(lambda: living_of(fake, gid), what="the table message")
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            before = await bot.service.summary(table_id)
            awaited = (person, other)[before["to_act"][0]]
            fake.say(GROUP, awaited, typed)
            said = await until(lambda: next((t for t in fake.texts(gid) if "⚠" in t), None),
                               what="the answer")
            assert told in said, said
            assert (await bot.service.summary(table_id))["state_id"] == before["state_id"]
    asyncio.run(asyncio.wait_for(main(), 60))


def test_por_or_per_alone_in_a_private_chat_asks_why_but_never_takes_a_move(
        tmp_path, monkeypatch):
    """In a private chat 'per' alone (the first word of 'per què') asks why; 'por favor'
    is no question; and a game whose notation wrote an action as such a first word would
    have it played, not explained: here 'end', made the first word of a why (as 'por' is
    of 'por que') — before, it was taken for the question and never played."""
    from boardgamesbot.chat import i18n

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.press(GROUP, ANA, await lobby_joined(fake, "tikal", BOB), "s")
            await until(lambda: living_of(fake, gid), what="the table message")
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            person = (ANA, BOB)[(await bot.service.summary(table_id))["to_act"][0]]
            dm = private(person)
            fake.say(dm, person, "per")
            await until(lambda: any("Which action?" in t or "Qual ação?" in t
                                    for t in fake.texts(dm["id"])), what="what to ask")
            asked = len(fake.texts(dm["id"]))
            fake.say(dm, person, "por favor")
            said = await until(lambda: fake.texts(dm["id"])[asked:], what="an answer")
            assert not any("Which action?" in t or "Qual ação?" in t for t in said), said
            why = i18n._catalog("pt-BR")["aliases"]["why"]
            monkeypatch.setitem(i18n._catalog("pt-BR")["aliases"], "why", [*why, "end now"])
            asked = len(fake.texts(dm["id"]))
            fake.say(dm, person, "end")  # a move (refused: the tile is not placed yet)
            said = await until(lambda: fake.texts(dm["id"])[asked:], what="an answer")
            assert "⚠" in said[0] and "Which action?" not in said[0] \
                and "Qual ação?" not in said[0], said
    asyncio.run(asyncio.wait_for(main(), 90))


def test_why_alone_after_a_tapped_move_was_refused_explains_that_move(tmp_path):
    """A move refused after a TAP (an old button's 'end' before the tile is placed, or a
    friend's button tapped out of turn) is told in a notice that fades; the bare '/why'
    ('/por' in Portuguese) typed after it explains that move, as after a typed one — it
    answered "Which action?", the tapped move forgotten. (A Portuguese group: Bob opened
    the table.)"""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, BOB, "/nova tikal")
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            fake.press(GROUP, ANA, lobby_id, "j")
            await until(lambda: "Ana" in fake.messages[(gid, lobby_id)].get("text", ""),
                        what="Ana in the lobby")
            fake.press(GROUP, BOB, lobby_id, "s")
            await until(lambda: living_of(fake, gid), what="the table message")
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            summary = await bot.service.summary(table_id)
            seat = summary["to_act"][0]
            seated = bot.bot.conversation.store.seats_of(table_id)
            person_of = {str(p["id"]): p for p in (ANA, BOB)}
            awaited, other = (person_of[seated[s]["user_id"]] for s in (seat, 1 - seat))
            end = f"p:{table_id}:{summary['state_id']}:end"  # (the tile not placed yet)
            mid = living_of(fake, gid)[0]
            for person in (awaited, other):
                answered = len(fake.calls("answerCallbackQuery"))
                fake.press(GROUP, person, mid, end)
                notice = await until(lambda a=answered: next(
                    (f.get("text") for f in fake.calls("answerCallbackQuery")[a:]
                     if (f.get("text") or "").startswith("⚠")), None), what="the refusal")
                typed = {"Ana": "/why", "Bob": "/por"}[person["first_name"]]
                before = len(fake.texts(gid))
                fake.say(GROUP, person, typed)
                said = await until(lambda b=before: next(
                    (t for t in fake.texts(gid)[b:] if "📖 A regra (" in t), None),
                    what=f"{person['first_name']}'s tapped 'end' explained")
                assert "🚫" in said, (notice, said)
                assert not any("Qual ação?" in t for t in fake.texts(gid)), fake.texts(gid)
            assert (await bot.service.summary(table_id))["state_id"] == summary["state_id"]
    asyncio.run(asyncio.wait_for(main(), 90))


def test_a_tapped_refusal_ends_with_how_to_ask_why_in_the_persons_words(tmp_path):
    """A refused tap is answered in a pop-up that fades: it ends with how to ask why, as a
    typed refusal's rule line does ("Per què? Digues '/per què'" in a Catalan group, as
    the chat types it) — it used to say only the reason, and nobody knew '/per' would
    explain it. Both refusals a tap meets: a friend's move tapped out of turn, and the
    awaited person's 'end' before the tile is placed. The tip is what '/per' then
    answers; a stale button (nothing 'why' could explain) gets no tip."""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, CY, "/nova tikal")  # (Cy's client speaks Catalan: the group does)
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            fake.press(GROUP, ANA, lobby_id, "j")
            await until(lambda: "Ana" in fake.messages[(gid, lobby_id)].get("text", ""),
                        what="Ana in the lobby")
            fake.press(GROUP, CY, lobby_id, "s")
            await until(lambda: living_of(fake, gid), what="the table message")
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            summary = await bot.service.summary(table_id)
            seated = bot.bot.conversation.store.seats_of(table_id)
            person_of = {str(p["id"]): p for p in (ANA, CY)}
            seat = summary["to_act"][0]
            awaited, other = (person_of[seated[s]["user_id"]] for s in (seat, 1 - seat))
            end = f"p:{table_id}:{summary['state_id']}:end"  # (the tile not placed yet)
            mid = living_of(fake, gid)[0]

            async def answer_to(person, data):
                answered = len(fake.calls("answerCallbackQuery"))
                fake.press(GROUP, person, mid, data)
                return await until(lambda: next(
                    (f.get("text") for f in fake.calls("answerCallbackQuery")[answered:]
                     if (f.get("text") or "").startswith("⚠")), None), what="the refusal")

            for person in (other, awaited):
                notice = await answer_to(person, end)
                assert notice.endswith("\nPer què? Digues '/per què'"), notice
                assert len(notice) <= 200, notice
                before = len(fake.texts(gid))
                fake.say(GROUP, person, "/per")  # (what a tap on the tip's '/per' sends)
                said = await until(lambda b=before: next(
                    (t for t in fake.texts(gid)[b:] if "📖 La regla (" in t), None),
                    what=f"{person['first_name']}'s tapped 'end' explained")
                assert "🚫" in said, (notice, said)
            stale = await answer_to(awaited, "q:gone")  # (a button of no menu: stale)
            assert "per què" not in stale.lower(), stale
            assert (await bot.service.summary(table_id))["state_id"] == summary["state_id"]
    asyncio.run(asyncio.wait_for(main(), 90))


def test_a_long_tapped_refusal_is_cut_in_its_reason_and_keeps_its_tip():
    """Telegram shows 200 characters of a tap's answer: a refusal longer than that loses
    the end of its reason, never the tip on asking why; names lose their links."""
    from boardgamesbot.chat.basics import Tipped

    tip = "Per què? Digues '/per què'"
    long = Tipped("⚠ Encara trien: " + ", ".join(["\x001\x01Maria del Carme\x00"] * 12),
                  tip)
    shown = tg.popup(long)
    assert len(shown) <= tg.POPUP and shown.endswith("…\n" + tip), shown
    assert "\x00" not in shown and shown.startswith("⚠ Encara trien: Maria del Carme, "), shown
    assert tg.popup(Tipped("⚠ No et toca. Esperant: Ana", tip)) == \
        "⚠ No et toca. Esperant: Ana\n" + tip
    assert len(tg.popup("x" * 300)) == tg.POPUP


def test_old_calls_waiting_to_be_deleted_outlive_a_restart(tmp_path):
    """Old calls to act ("Your turn, Bob!") wait to be deleted three in one
    ``deleteMessages``; a restart between lost the waiting list (it lived in the bot's
    memory), and those calls stayed in the group for good. Kept in the database with the
    table's state, the restarted bot deletes them with the next batch."""

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            lobby_id = await lobby_joined(fake, "tikal", BOB)
            fake.press(GROUP, ANA, lobby_id, "s")
            await until(lambda: living_of(fake, gid), what="the table message")
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            calls: dict[int, str] = {}  # every call to act seen in the group: id -> text

            def seen_calls() -> list[int]:
                calls.update({mid: m["text"] for (chat, mid), m in fake.messages.items()
                              if chat == gid and m.get("text", "").startswith("Your turn,")})
                return sorted(calls)

            async def play_a_turn():
                summary = await bot.service.summary(table_id)
                seat, placed, taps = summary["to_act"][0], False, 0
                person = [ANA, BOB][seat]
                while (await bot.service.summary(table_id))["to_act"] == [seat]:
                    mid, message = living_of(fake, gid)
                    ending = [b for b in keyboard(message) if b["text"].startswith("⏭")]
                    pressed = ending[0] if placed and ending else choose(message)
                    placed = placed or pressed["text"].startswith("✔ Confirm")
                    await tap(fake, GROUP, person, mid, pressed["callback_data"])
                    taps += 1
                    assert taps < 30, dump(fake)
                await settled(fake, 0.3)
                seen_calls()

            await settled(fake, 0.3)
            seen_calls()
            while len(calls) < 3:  # the first call and two more: two old ones waiting
                await play_a_turn()
            assert not fake.calls("deleteMessages"), dump(fake)
            waiting = seen_calls()[:-1]
            assert len(waiting) == 2, calls
            assert all((gid, m) in fake.messages for m in waiting), "deleted already"
            await bot.close()
            bot.bot = None
            await bot.start()
            await until(lambda: bot.bot, what="the bot restarted")
            await play_a_turn()  # one more old call: three waiting, deleted together
            deleted = await until(lambda: fake.calls("deleteMessages", gid),
                                  what="the old calls deleted")
            assert set(waiting) <= {int(m) for m in deleted[0]["message_ids"]}, \
                (waiting, deleted, calls)
            assert not any((gid, m) in fake.messages for m in waiting), calls
            latest = seen_calls()[-1]
            assert (gid, latest) in fake.messages, "the latest call stays until answered"
    asyncio.run(asyncio.wait_for(main(), 150))


def test_the_fake_telegram_finds_commands_and_delivers_as_telegram_does():
    """The fake Bot API marks commands by tdlib's rule (td/telegram/MessageEntity.cpp,
    ``find_bot_commands`` → ``match_bot_commands``; the cases of tdlib's own
    test/message_entities.cpp first) and, with privacy mode on (BotFather's default),
    gives the bot in a group only a message holding a command for it or a reply to one of
    its messages: the tests cannot pass on a delivery Telegram would not make."""
    from .fake_telegram import BOT, bot_commands

    def found(text: str) -> list[str]:
        units = text.encode("utf-16-le")
        return [units[2 * e["offset"]:2 * (e["offset"] + e["length"])].decode("utf-16-le")
                for e in bot_commands(text)]

    for text, expected in [("/abc", ["/abc"]), (" /abc", ["/abc"]), ("/abc ", ["/abc"]),
                           (" /abc ", ["/abc"]), ("/a@abc", ["/a@abc"]), ("/a@b", []),
                           ("/@bfdsa", []), ("/test/", []),
                           ("/comença", []), ("/começar", []), ("/desfés ara", []),
                           ("/comenca", ["/comenca"]), ("/per què end", ["/per"]),
                           ("/por que end?", ["/por"]), ("🎲 /new tikal", ["/new"]),
                           ("a/b", []), ("/cancel·la", ["/cancel"]),  # ('·' is no letter)
                           ("/uneix@bgbot_test_bot", ["/uneix@bgbot_test_bot"])]:
        assert found(text) == expected, (text, found(text))
    fake = FakeTelegram()
    other = {**BOT, "id": 1, "username": "other_bot"}
    heard = [fake.say(GROUP, ANA, t) is not None
             for t in ("/comenca", "/comença", "comença", "/start@other_bot",
                       f"/start@{BOT['username']}", f"@{BOT['username']} start",
                       "hi /help")]
    assert heard == [True, False, False, False, True, False, True]
    lobby = {"message_id": 7, "date": 0, "chat": GROUP, "from": BOT, "text": "Lobby"}
    assert fake.say(GROUP, ANA, "comença", reply_to=lobby) is not None
    assert fake.say(GROUP, ANA, "comença", reply_to={**lobby, "from": other}) is None
    assert fake.say(private(ANA), ANA, "comença") is not None  # a private chat: everything
    fake.privacy = False
    assert fake.say(GROUP, ANA, "/comença") is not None


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_the_help_in_a_group_lists_words_telegram_passes_on(tmp_path, lang):
    """The help a group reads lists each command as it must be typed there: a '/' word
    with an accent is no command to Telegram and never reaches a bot in privacy mode, so
    the group's help writes 'comenca', 'desfes', 'situacao' (and says why, once), and every
    command word it lists, typed with a '/', is delivered. A private chat's help keeps the
    words as they are spelled ('comença'), which every message there delivers. Before, a
    Catalan group read 'comença' in the help, typed '/comença', and nothing happened."""
    from boardgamesbot.chat import i18n

    from .fake_telegram import bot_commands

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP, admins=(ANA["id"],)) as (fake, bot):
            fake.say(GROUP, ANA, f"/lang {lang}")
            await until(lambda: fake.calls("sendMessage", gid), what="the language")
            before = len(fake.texts(gid))
            fake.say(GROUP, ANA, "/help")
            help_text = (await until(lambda: fake.texts(gid)[before:], what="the help"))[0]
            said = i18n.text(lang, "telegram.no_accents", plain="\0", word="").split("\0")[0]
            listing = "\n".join(line for line in help_text.split("\n") if said not in line)
            words = {w.split()[0] for names in i18n._catalog(lang)["aliases"].values()
                     for w in names}
            listed = {w for w in words if re.search(rf"(?<![\w·]){re.escape(w)}(?![\w·])",
                                                    listing)}
            assert {"start", "help"} & {i18n.aliases(w) for w in listed}, help_text
            lost = sorted(w for w in listed if [e["length"] for e in bot_commands(f"/{w} x")]
                          != [len(w) + 1])  # (the whole word: a command, alone)
            assert not lost, (lost, help_text)  # (before: comença, desfés, …)
            assert listing != help_text, help_text  # (and a line on why, once)
            assert i18n.typable(i18n.word(lang, "start")) in help_text
            assert "'/comenca' (per comença)" in help_text if lang == "ca" else \
                "'/comecar' (para começar)" in help_text, help_text
            for word in sorted(listed):  # each, typed as the help says, reaches the bot
                assert fake.say(GROUP, BOB, f"/{word}") is not None, word
            fake.say(private(CY), CY, f"/lang {lang}")
            await until(lambda: fake.calls("sendMessage", CY["id"]), what="Cy's language")
            before = len(fake.texts(CY["id"]))
            fake.say(private(CY), CY, "help")
            alone = (await until(lambda: fake.texts(CY["id"])[before:], what="Cy's help"))[0]
            assert {"ca": "comença", "pt-BR": "começar"}[lang] in alone, alone
            assert said not in alone

    asyncio.run(asyncio.wait_for(main(), 90))


#: A command link as Telegram's clients find one in a message (tdlib's
#: match_bot_commands): a '/' that follows no letter, digit, '/', '<' or '>', then 1 to 64
#: of [A-Za-z0-9_] (the Bot API's command words: at most 32), maybe '@bot', and no letter
#: or digit right after it — '/começar' is no link at all ('ç' is a letter), or, in a
#: client that stops at the first letter it does not take, a link to '/come'.
COMMAND_LINK = re.compile(r"(?<![\w/<>])/([A-Za-z0-9_]{1,64})(@[A-Za-z0-9_]{3,32})?(?![\w/<>])")
SLASH_WORD = re.compile(r"(?<![\w/<>])/\w[\w·]*")  # what a reader takes for a command


def _as_read(text: str) -> str:
    """A message's text as its reader sees it (Telegram's HTML parsed away), without its
    web addresses (a link of their own: no command in them)."""
    import html

    plain = html.unescape(re.sub(r"<[^>]+>", "", text))
    return re.sub(r"\b(?:https?|tg)://\S+", "", plain)


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_every_command_a_group_is_shown_is_a_link_the_bot_answers(tmp_path, lang):
    """In a Telegram group every '/word' the bot writes — in the help, a lobby's hint, a
    refusal's tip, 'why', an unknown word's answer, the table message — is a command link
    as Telegram draws one (`COMMAND_LINK`: ASCII letters, digits and '_', the whole word),
    and the command a tap on it sends (with '@bot', as a group's tap does) is one of the
    bot's commands, which it answers, never with "I don't know". A '/começar' is no link
    ('ç' is a letter to Telegram), or one to '/come'; the help's '/COMMAND' ('/ORDRE')
    was a link to no command ("I don't know 'ORDRE'")."""
    from boardgamesbot.chat import i18n
    from boardgamesbot.chat.conversation import COMMANDS

    unknown = [i18n.text(lang, key, word="\0", near="\0").split("\0")[0]
               for key in ("chat.unknown_command", "chat.unknown_command_near")]

    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP, admins=(ANA["id"],)) as (fake, bot):

            async def ask(person: dict, words: str) -> list[str]:
                """What the bot answers ``person`` saying ``words`` in the group."""
                before = len(fake.texts(gid))
                fake.say(GROUP, person, words)
                await until(lambda: len(fake.texts(gid)) > before, what=f"{words}'s answer")
                await settled(fake, 0.1)  # (the whole answer: a refusal and its tip)
                return fake.texts(gid)[before:]

            await ask(ANA, f"/lang {lang}")
            # A night's words: the help, slips, a lobby and its refusals, a game begun,
            # its refusals and questions, a friend who comes late, leaving.
            for person, words in [(ANA, "/help"), (ANA, "/nvo"), (ANA, "/xyzzy"),
                                  (ANA, "/score"), (ANA, "/rules"), (ANA, "/stats"),
                                  (ANA, "/new"), (ANA, "/new tikal"), (ANA, "/clock soon"),
                                  (BOB, "/join"), (BOB, "/start"), (ANA, "/preview"),
                                  (ANA, "/why"), (ANA, "/kick Zed"), (ANA, "/start")]:
                await ask(person, words)
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            awaited = (await bot.service.summary(table_id))["to_act"][0]
            person, other = (ANA, BOB) if awaited == 0 else (BOB, ANA)
            for who, words in [(person, "/end"), (person, "/why"), (other, "/end"),
                               (other, "/undo"), (person, "/place Z9"), (person, "/help"),
                               (person, "/moves"), (person, "/hint"), (person, "/status"),
                               (person, "/log"), (person, "/board"), (person, "/score"),
                               (CY, "/join"), (CY, "/why"), (CY, "/leave"),
                               (other, "/leave")]:
                await ask(who, words)
            told = [_as_read(t) for t in fake.texts(gid)]
            slashed = {w for t in told for w in SLASH_WORD.findall(t)}
            links = {m.group(1) for t in told for m in COMMAND_LINK.finditer(t)}
            cut = {w for w in slashed if w[1:] not in links}  # no link, or not the whole word
            assert not cut, [t for t in told if any(w in t for w in cut)]
            assert links, "no command shown: nothing for the test to check"
            for command in sorted(links):
                assert len(command) <= 32, command
                assert i18n.command_in([command])[0] in COMMANDS, f"/{command}: no command"
                answers = await ask(person, f"/{command}@{tg_bot_name(fake)}")  # a tap
                assert not [a for a in answers if any(u in a for u in unknown)], \
                    (command, answers)

    asyncio.run(asyncio.wait_for(main(), 120))
