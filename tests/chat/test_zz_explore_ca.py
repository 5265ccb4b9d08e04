import asyncio

from .telegram_group import (BOB, CY, GROUP, choose, keyboard, living_of, tap, telegram_bot,
                             until, quiet)


def test_explore(tmp_path):
    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP) as (fake, bot):
            fake.say(GROUP, CY, "/nova tikal")
            await until(lambda: fake.calls("sendMessage", gid), what="the lobby")
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            fake.press(GROUP, BOB, lobby_id, "j")
            await until(lambda: "Bob" in fake.messages[(gid, lobby_id)].get("text", ""))
            fake.say(GROUP, CY, "/estat")
            await quiet(fake)
            fake.press(GROUP, CY, lobby_id, "s")
            await until(lambda: living_of(fake, gid), what="the board")
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            service = bot.service
            placed_in = None
            people = (CY, BOB)
            step = 0
            for _ in range(3000):
                summary = await service.summary(table_id)
                if summary["status"] != "playing":
                    break
                found = living_of(fake, gid)
                if found is None or not summary["to_act"]:
                    await asyncio.sleep(0.05)
                    continue
                who = people[summary["to_act"][0]]
                step += 1
                if step == 3:
                    for typed in ("/colcoar A4", "/per", "/end", "/per", "/plase A4", "/per què end",
                                  "/puntuacio", "/estat", "/jugades"):
                        fake.say(GROUP, who, typed)
                        await quiet(fake, 0.4)
                if step == 6:
                    for typed in ("/per", "/ajuda"):
                        fake.say(GROUP, who, typed)
                        await quiet(fake, 0.4)
                mid, message = living_of(fake, gid)
                buttons = keyboard(message)
                ending = [b for b in buttons if b["text"].startswith("⏭")]
                turn = summary["state_id"]
                pressed = ending[0] if placed_in is not None and ending else choose(message)
                if pressed["text"].startswith("✔"):
                    placed_in = turn
                if pressed in ending:
                    placed_in = None
                await tap(fake, GROUP, who, mid, pressed["callback_data"])
            await quiet(fake, 0.5)
            seen = []
            for m, f, _ in fake.sent:
                if int(f.get("chat_id", 0) or 0) != gid or m in ("answerCallbackQuery",):
                    continue
                text = f.get("text") or f.get("caption") or (f.get("media") or {}).get("caption") or ""
                if text and text not in seen:
                    seen.append(text)
                    print(f"--- {m}\n{text}")
            answers = [f.get("text") for m, f, _ in fake.sent if m == "answerCallbackQuery" and f.get("text")]
            print("TOASTS", sorted(set(answers)))
            print("REFUSED", fake.refused)
            counts = {}
            for m, f, _ in fake.sent:
                if int(f.get("chat_id", 0) or 0) == gid:
                    counts[m] = counts.get(m, 0) + 1
            print("COUNTS", counts)
    asyncio.run(asyncio.wait_for(main(), 600))
