import asyncio
from .test_telegram import (GROUP, ANA, CY, telegram_bot, until, living_of, keyboard, tap,
                            quiet, lobby_joined)
from .test_telegram import private  # noqa

def test_explore_ca(tmp_path):
    async def main():
        gid = GROUP["id"]
        async with telegram_bot(tmp_path, GROUP, admins=(ANA["id"],)) as (fake, bot):
            for p in (ANA, CY):
                fake.say(private(p), p, "/start")
            fake.say(GROUP, ANA, "/llengua ca")
            await until(lambda: any("català" in t for t in fake.texts(gid)))
            fake.say(GROUP, ANA, "/nova cartographers")
            await until(lambda: any("Taula nova" in (f.get("text") or "") for f in fake.calls("sendMessage", gid)))
            lobby_id = max(mid for (chat, mid) in fake.messages if chat == gid)
            fake.press(GROUP, CY, lobby_id, "j")
            await until(lambda: "Cy" in fake.messages[(gid, lobby_id)].get("text", ""))
            fake.press(GROUP, ANA, lobby_id, "s")
            await until(lambda: living_of(fake, ANA["id"]), what="Ana's private view")
            service = bot.service
            table_id = bot.bot.conversation.store.game_in("telegram", str(gid))["table_id"]
            rounds = 0
            while (await service.summary(table_id))["status"] == "playing":
                rounds += 1
                assert rounds < 4000
                moved = False
                for person in (ANA, CY):
                    found = living_of(fake, person["id"])
                    if found is None:
                        continue
                    mid, message = found
                    buttons = [b for b in keyboard(message) if not b["text"].startswith("←")]
                    conf = [b for b in buttons if b["text"].startswith("✔")]
                    pressed = (conf or buttons)[0]
                    await tap(fake, private(person), person, mid, pressed["callback_data"])
                    moved = True
                if not moved:
                    await asyncio.sleep(0.05)
            await quiet(fake, 1.0)
            for chat, name in ((gid, "group"), (ANA["id"], "ana"), (CY["id"], "cy")):
                with open(f"/tmp/chat_explore_ca_{name}.txt", "w") as out:
                    for m, f, _ in fake.sent:
                        if int(f.get("chat_id", 0) or 0) != chat:
                            continue
                        media = f.get("media")
                        t = f.get("text") or f.get("caption") or "".join(
                            x.get("caption", "") for x in (media if isinstance(media, list) else [media or {}]))
                        kb = [b["text"] for b in keyboard(f)]
                        out.write(f"--- {m} silent={f.get('disable_notification')}\n{t}\n{kb}\n")
            with open("/tmp/chat_explore_ca_answers.txt", "w") as out:
                for m, f, _ in fake.sent:
                    if m == "answerCallbackQuery" and f.get("text"):
                        out.write(f["text"] + "\n")
    asyncio.run(asyncio.wait_for(main(), 900))
