"""Telegram figures (issue 26): what a group sees per Tikal turn and per Cartographers
drawing, how many sends + edits a group gets per minute in brisk play with the real
pacing, and how long a picture takes with its last move marked and in a language.

    .venv/bin/python bench/bench_telegram.py [--minutes 2] [--runs 15]

The bot runs unchanged (python-telegram-bot's HTTP stack, the default pace: a burst of
3, then one every 3 s per group) against the tests' fake Bot API on loopback
(tests/chat/fake_telegram.py). Three people play Tikal by taps as fast as the bot
answers: each taps the living message's first way forward, confirms a placement,
ends the turn. Taps per Cartographers drawing are counted on every legal drawing of
fresh positions (the fewest taps from the first menu, ✔ Confirm included).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardgamesbot.chat import images  # noqa: E402
from boardgamesbot.chat import telegram as tg  # noqa: E402
from boardgamesbot.chat.basics import Person, Seat  # noqa: E402
from boardgamesbot.chat.conversation import Conversation  # noqa: E402
from boardgamesbot.chat.tables import Service  # noqa: E402
from boardgamesbot.engine import load_game  # noqa: E402
from tests.chat.telegram_group import (  # noqa: E402
    ANA,
    BOB,
    CY,
    EDITS,
    GROUP,
    NEW,
    LivingRecorder,
    choose,
    keyboard,
    living_of,
    taps_to_each_action,
    telegram_bot,
)


def pictures(runs: int) -> dict[str, float]:
    """Median ms per PNG, mid-game, with the last move marked, in each language."""
    import random

    figures = {}
    for name in ("tikal", "cartographers"):
        game = load_game(name)
        state = game.new(3, 3)
        rng = random.Random(1)
        last = None
        for _ in range(40):
            if state.is_over():
                break
            player = state.current_players()[0]
            action = rng.choice(state.legal_actions(player))
            last = str(action)
            state.apply(player, action)
        for lang in ("en", "pt-BR", "ca"):
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                images.picture(name, state.view(None), 0, ["Ana", "Bob", "Cy"], lang, last)
                times.append((time.perf_counter() - start) * 1000)
            figures[f"{name} {lang}"] = statistics.median(times)
    return figures


async def brisk_tikal(minutes: float) -> dict:
    with tempfile.TemporaryDirectory() as data:
        # (Telegram's pace, not the tests' that never waits: the sends a minute are the point)
        async with telegram_bot(Path(data), GROUP, pace=tg.GROUP_PACE) as (fake, bot):
            service, gid = bot.service, GROUP["id"]
            fake.say(GROUP, ANA, "/new tikal")
            fake.say(GROUP, BOB, "/join")
            fake.say(GROUP, CY, "/join")
            fake.say(GROUP, ANA, "/start")
            while living_of(fake, gid) is None:
                await asyncio.sleep(0.05)
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            start, turns, stamps = time.monotonic(), [], []
            seen = len(fake.sent)
            while time.monotonic() - start < minutes * 60:
                summary = await service.summary(table_id)
                if summary["status"] != "playing":
                    break
                seat = summary["to_act"][0]
                person = (ANA, BOB, CY)[seat]
                since, taps, placed = len(fake.sent), 0, False
                while (await service.summary(table_id))["to_act"] == [seat]:
                    mid, message = living_of(fake, gid)
                    ending = [b for b in keyboard(message) if b["text"].startswith("⏭")]
                    pressed = ending[0] if placed and ending else choose(message)
                    placed = placed or pressed["text"].startswith("✔ Confirm")
                    answered = len(fake.calls("answerCallbackQuery"))
                    fake.press(GROUP, person, mid, pressed["callback_data"])
                    taps += 1
                    while len(fake.calls("answerCallbackQuery")) == answered:
                        await asyncio.sleep(0.01)
                    # Brisk: tap again as soon as the keyboard changed.
                    while fake.messages[(gid, mid)].get("reply_markup") == \
                            message.get("reply_markup") and \
                            (await service.summary(table_id))["to_act"] == [seat]:
                        await asyncio.sleep(0.02)
                        if living_of(fake, gid) and living_of(fake, gid)[0] != mid:
                            break
                await bot.bot.transport.settled()
                new = [m for m, f, _ in fake.sent[since:]
                       if m in NEW and int(f.get("chat_id", 0)) == gid]
                edits = [m for m, f, _ in fake.sent[since:]
                         if m in EDITS and int(f.get("chat_id", 0)) == gid]
                turns.append((len(new), len(edits), taps))
            for method, fields, _ in fake.sent[seen:]:
                if int(fields.get("chat_id", 0) or 0) == gid and method in NEW + EDITS:
                    stamps.append(method)
            elapsed = (time.monotonic() - start) / 60
            return {"turns": turns, "per_minute": len(stamps) / elapsed,
                    "minutes": elapsed, "refused_429": sum(1 for r in fake.refused
                                                            if r[1] == 429)}


async def drawing_taps() -> list[int]:
    taps = []
    with tempfile.TemporaryDirectory() as data:
        service = await Service.open(db=f"sqlite:///{data}/c.db", jobs=False)
        try:
            conversation = Conversation(service, LivingRecorder(), "http://bg")
            for _ in range(3):  # three tables: three random first cards
                table_id, tokens = service.create("cartographers", {}, ["Ana", "Bob"], [],
                                                  None)
                conversation.store.start_game(table_id, "telegram", "-5", "11",
                                              [(0, "11", "Ana", tokens[0]),
                                               (1, "12", "Bob", tokens[1])])
                reached = await taps_to_each_action(conversation, Seat(table_id, 0, "-5"),
                                                    Person("11", "Ana"))
                taps += list(reached.values())
        finally:
            await service.close()
    return taps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    for name, ms in pictures(args.runs).items():
        print(f"picture {name}, last move marked: {ms:.0f} ms (median of {args.runs})")
    taps = asyncio.run(drawing_taps())
    print(f"taps per Cartographers drawing over {len(taps)} legal drawings: median "
          f"{statistics.median(taps)}, max {max(taps)}")
    brisk = asyncio.run(brisk_tikal(args.minutes))
    turns = brisk["turns"]
    print(f"Tikal, 3 people, brisk taps for {brisk['minutes']:.1f} min, {len(turns)} turns:")
    print("  per turn (new messages, edits, taps):", turns)
    for index, what in enumerate(("new messages", "edits", "taps")):
        print(f"  {what} per turn: median {statistics.median(t[index] for t in turns)}, "
              f"max {max(t[index] for t in turns)}")
    print(f"  sends + edits in the group per minute: {brisk['per_minute']:.1f}; "
          f"429 answers: {brisk['refused_429']}")
    import os

    print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
