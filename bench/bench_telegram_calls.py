"""Calls (new ringing messages) and new messages in a Telegram group per minute of a Tikal
auction game between one person and a computer player, with and without the rule that a
person whose own move the computer only answered is not called again
(`LivingTable.watching`; ``--old``: the rule off, as before it).

    .venv/bin/python bench/bench_telegram_calls.py [--seconds 60] [--runs 2] [--old]
    .venv/bin/python bench/bench_telegram_calls.py --game cartographers [--seconds 60]

``--game cartographers``: Ana and Bob (both with a private chat) draw every card in
private, tapping through as fast as the bot answers: per card, the group's new messages,
its edits (Telegram counts both against the group's ~20 a minute), the calls, and the
calls still carrying a button once a later card's call came (old calls that look
actionable).

The bot runs unchanged against the tests' fake Bot API on loopback, at a pace that never
waits; Ana taps the table message's first way forward (the lowest bid, ✔ Confirm) as soon
as it is hers.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardgamesbot.chat import living  # noqa: E402
from tests.chat.fake_telegram import FakeTelegram  # noqa: E402
from tests.chat.telegram_group import (  # noqa: E402
    ANA,
    BOB,
    EDITS,
    GROUP,
    NEW,
    Bot,
    choose,
    keyboard,
    links,
    living_of,
    lobby_joined,
    private,
    settled,
    tap,
    telegram_bot,
)


@contextlib.asynccontextmanager
async def group_with_bot() -> AsyncIterator[tuple[FakeTelegram, Bot]]:
    """The fake Bot API serving the test group, and our bot on a fresh database."""
    with tempfile.TemporaryDirectory() as folder:
        async with telegram_bot(Path(folder), GROUP) as (fake, bot):
            yield fake, bot


async def one_game(seconds: float) -> dict[str, int]:
    gid = GROUP["id"]
    async with group_with_bot() as (fake, bot):
        fake.say(GROUP, ANA, "/new tikal auction")
        while not fake.calls("sendMessage", gid):
            await asyncio.sleep(0.05)
        lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
        fake.press(GROUP, ANA, lobby_id, "b:easy")
        while "🤖" not in fake.messages[(gid, lobby_id)].get("text", ""):
            await asyncio.sleep(0.05)
        fake.press(GROUP, ANA, lobby_id, "s")
        while not (bot.bot and bot.bot.conversation.store.game_in("telegram", str(gid))):
            await asyncio.sleep(0.05)
        table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
        start = time.monotonic()
        decisions = 0
        while time.monotonic() - start < seconds:
            summary = await bot.service.summary(table_id)
            if summary["status"] != "playing":
                break
            found = living_of(fake, gid)
            if summary["to_act"] != [0] or found is None:
                await asyncio.sleep(0.05)
                continue
            await settled(fake, 0.1)
            mid, message = living_of(fake, gid)
            if not [b for b in keyboard(message) if b["callback_data"].startswith("p:")
                    or b["callback_data"].startswith("m:")]:
                await asyncio.sleep(0.05)
                continue
            pressed = choose(message)
            fake.press(GROUP, ANA, mid, pressed["callback_data"])
            decisions += 1 if pressed["callback_data"].startswith("p:") else 0
            await settled(fake, 0.1)
        sent = [(m, f) for m, f, _ in fake.sent
                if m in NEW and int(f.get("chat_id", 0) or 0) == gid]
        calls = [f for m, f in sent if 'href="tg://user?id=11"' in (f.get("text") or "")
                 and str(f.get("disable_notification")).lower() == "false"]
        return {"actions by Ana": decisions, "new messages": len(sent), "calls": len(calls),
                "actions": (await bot.service.summary(table_id))["actions"]}


async def one_cartographers_game(seconds: float) -> dict[str, float]:
    gid = GROUP["id"]
    async with group_with_bot() as (fake, bot):
        for person in (ANA, BOB):  # each has a private chat with the bot already
            fake.say(private(person), person, "/start")
        lobby_id = await lobby_joined(fake, "cartographers", BOB)
        started = len(fake.sent)
        fake.press(GROUP, ANA, lobby_id, "s")
        while not (bot.bot and bot.bot.conversation.store.game_in("telegram", str(gid))):
            await asyncio.sleep(0.05)
        table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
        start = time.monotonic()
        while time.monotonic() - start < seconds:
            if (await bot.service.summary(table_id))["status"] != "playing":
                break
            moved = False
            for person in (ANA, BOB):
                found = living_of(fake, person["id"])
                if found is not None:
                    mid, message = found
                    await tap(fake, private(person), person, mid,
                              choose(message)["callback_data"])
                    moved = True
            if not moved:
                await asyncio.sleep(0.05)
        await settled(fake, 0.2)
        to_group = [(m, f) for m, f, _ in fake.sent[started:]
                    if int(f.get("chat_id", 0) or 0) == gid]
        calls = [f for m, f in to_group if m in NEW
                 and str(f.get("disable_notification")).lower() == "false"
                 and "tg://user?id=" in (f.get("text") or "")]
        cards = max(1, len(calls))
        # What each call looks like now (an edit may have taken its button off).
        shown = [fake.messages.get((gid, mid), {}) for (chat, mid) in fake.messages
                 if chat == gid and fake.messages[(chat, mid)].get("text") in
                 {f.get("text") for f in calls}]
        actionable = [m for m in shown if keyboard(m) or links(m)]
        return {"cards (calls)": len(calls),
                "group sends per card": round(
                    len([m for m, _ in to_group if m in NEW]) / cards, 2),
                "group edits per card": round(
                    len([m for m, _ in to_group if m in EDITS]) / cards, 2),
                "old calls with a button": max(0, len(actionable) - 1),
                "actions": (await bot.service.summary(table_id))["actions"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--old", action="store_true", help="the rule off (as before it)")
    parser.add_argument("--game", choices=("tikal", "cartographers"), default="tikal")
    args = parser.parse_args()
    if args.old:
        living.ANSWERED = -1  # nobody is ever `watching`: every decision begun rings
    play = one_cartographers_game if args.game == "cartographers" else one_game
    for run in range(args.runs):
        print(run + 1, asyncio.run(play(args.seconds)), flush=True)


if __name__ == "__main__":
    main()
