"""A game night in Element's encrypted rooms, against a real Synapse (the helpers of
`test_matrix`): a group that shrinks to the bot and one friend stays a group; a
mistyped command during a game gets "did you mean", a real move still plays; a friend
who comes in mid-game is greeted once with what is going on; each message the bot
sends is written down once; the welcome speaks the reader's command words."""

from __future__ import annotations

import asyncio
import json
import re
import uuid
from urllib.parse import quote

import pytest

nio = pytest.importorskip("nio", reason="the [chat] extra (matrix-nio) is not installed")

from nio.crypto import ENCRYPTION_ENABLED  # noqa: E402

from boardgamesbot.chat.matrix import MatrixTransport  # noqa: E402

from .test_matrix import (  # noqa: E402
    MENU,
    Player,
    _reply,
    ana_and_bob_in_a_group,
    called,
    comes_in,
    element_room,
    joined,
    menu_choice,
    report,
    sent_kept,
    start_bot,
    tikal_started,
)

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not ENCRYPTION_ENABLED,
                                 reason="matrix-nio without its e2e extra (vodozemac)")]


def test_a_group_that_shrinks_to_two_stays_a_group(synapse, tmp_path):
    """Bob leaves; Ana is left alone with the bot in what was their group. It is still a
    group, also after a restart: her talk gets no answer (before: "I don't know ..."
    to every word, as in a direct room), and the lobby's tip quotes the commands with
    '!bg', in the room's language."""
    asyncio.run(asyncio.wait_for(_shrunk(synapse, tmp_path), 240))


async def _shrunk(url, tmp_path):
    async with ana_and_bob_in_a_group(url, tmp_path, "Noite") as (bot_id, bot, ana, bob,
                                                                   group):
        await ana.say(group, "!bg idioma pt-BR")
        await ana.until(lambda: any("português" in b for b in ana.heard(group)),
                        what="the room's language")
        await bob.client.room_leave(group)
        await ana.until(lambda: bob.user not in ana.client.rooms[group].users,
                        what="Bob gone")
        bot.kill()  # (remembered across a restart)
        bot.start()
        count = len(ana.heard(group))
        await ana.say(group, "bom, ficamos nós dois")  # talk
        await ana.say(group, "!bg novo tikal")
        lobby = await ana.until(lambda: ana.heard(group)[count:], what="the lobby")
        assert "Tikal" in lobby[0] and "'!bg entrar'" in lobby[0], lobby
        await ana.quiet(group, 3)
        assert len(ana.heard(group)) == count + 1, ana.heard(group)[count:]


def test_a_game_night_typos_in_game_and_a_friend_coming_in_mid_game(synapse, tmp_path,
                                                                    house_bot):
    """During a game of Tikal in Portuguese, '!bg ned' and '!bg plcar' are mistyped
    commands, answered with "did you mean" (before: refused as bad notation, or as not
    their turn); a real move typed with '!bg' still plays, and '!bg end' or '!bg place …'
    (close to 'placar') from one not awaited is still "not your turn". Cy, invited
    mid-game, is greeted once on coming in, in the room's language: the game, who plays,
    whose turn, a link to watch, how to ask and to join the next one (before: nothing Cy
    could read until the next turn)."""
    asyncio.run(asyncio.wait_for(_night(synapse, tmp_path, house_bot), 300))


async def _night(url, tmp_path, house):
    async with ana_and_bob_in_a_group(url, tmp_path, "Noite de Tikal",
                                      house=house) as (
            bot_id, bot, ana, bob, group):
        first = await tikal_started(ana, bob, group, "pt-BR")
        for _ in range(5):  # (the start's last messages in)
            await ana.pump()
        asked, other = (ana, bob) if f"Sua vez, {ana.name}" in first else (bob, ana)

        async def answer(player: Player, text: str) -> str:
            count = len(ana.heard(group))
            await player.say(group, text)
            said = await ana.until(lambda: ana.heard(group)[count:], what=f"the answer to {text}")
            return said[0]

        assert "Você quis dizer '!bg new'?" in await answer(asked, "!bg ned")
        assert "Você quis dizer '!bg placar'?" in await answer(other, "!bg plcar")
        assert "Não é a sua vez" in await answer(other, "!bg end")
        # A real move, typed: its words found with 'moves', as a friend would
        listed = await answer(asked, "!bg jogadas")  # (a turn of Tikal begins with a tile)
        move = re.search(r"\b(place [A-Z]\d+)\b", listed)
        if move is None:  # too many to list: narrowed
            listed = await answer(asked, "!bg jogadas place")
            move = re.search(r"\b(place [A-Z]\d+)\b", listed)
        assert move is not None, listed
        move = move.group(1)
        played = await answer(asked, f"!bg {move}")
        assert "⚠" not in played, played
        # A word of the game's notation close to a command ('placar') is a move, though
        # nobody could make it now: refused as the game refuses it
        assert "Não é a sua vez" in await answer(other, f"!bg {move}")

        cy = await comes_in(url, ana, bot_id, tmp_path / "cy", group)
        try:
            greeting = await cy.until(lambda: [b for b in cy.heard(group) if cy.name in b],
                                      what="Cy greeted")
            assert len(greeting) == 1, greeting
            said = greeting[0]
            assert said.startswith(f"👋 Oi, {cy.name}!"), said
            assert ana.name in said and bob.name in said and "Tikal" in said, said
            assert "Esperando:" in said and "http://bg.example/#/table/" in said, said
            assert "'!bg status'" in said and "'!bg entrar'" in said, said
            for _ in range(10):
                await cy.pump()
            assert len([b for b in cy.heard(group) if cy.name in b]) == 1  # greeted once
        finally:
            await cy.close()


def test_a_message_sent_is_written_down_once(synapse, tmp_path, monkeypatch):
    """sent.json is written whole at each change: a message sent in an encrypted room is
    one change (the bot's, and who could read it), written once (before: twice); an edit
    is no message of its own (reactions and replies go to the one it edits): nothing."""
    asyncio.run(asyncio.wait_for(_written(synapse, tmp_path, monkeypatch), 180))


async def _written(url, tmp_path, monkeypatch):
    from boardgamesbot.chat.matrix import kept
    from boardgamesbot.chat.matrix.sent import SentMessages

    tag = uuid.uuid4().hex[:6]
    house = Player(url, f"house{tag}", "", tmp_path / "house")  # the bot's client
    ana = Player(url, f"ana{tag}", house.user, tmp_path / "ana")
    try:
        await house.login()
        await ana.login()
        room = await element_room(ana, [house.user])
        await house.until(lambda: room in house.client.invited_rooms, what="the invite")
        await house.client.join(room)
        await house.until(lambda: room in house.client.rooms
                          and house.client.rooms[room].encrypted, what="the room")
        await joined(ana, room, house.user)
        writes = []
        save = kept.save
        monkeypatch.setattr(kept, "save", lambda path, data: (writes.append(path),
                                                              save(path, data)))
        path = tmp_path / "sent.json"
        transport = MatrixTransport(house.client, sent=SentMessages(path))
        event_id = await transport.send(room, "Boa noite!")
        assert writes == [path]
        again = SentMessages(path)
        assert again.is_mine(event_id)
        assert again.readers(event_id) == {ana.user, house.user}
        await ana.until(lambda: "Boa noite!" in ana.heard(room), what="the message")
        writes.clear()
        await transport.edit(room, event_id, "Boa noite, Ana!")
        await ana.until(lambda: any(b == "Boa noite, Ana!" for _, _, b in ana.edits),
                        what="the edit")
        assert writes == []
    finally:
        await house.close()
        await ana.close()


def test_the_welcome_speaks_the_readers_command_words(synapse, tmp_path):
    """In Portuguese the welcome shows the words Ana types — 'novo', 'começar', 'ajuda',
    and a group's command as Element takes it, '!bg novo tikal' (before: English words,
    and Telegram's '/new', which Element keeps for its own commands) — and both her
    words and the English ones work."""
    asyncio.run(asyncio.wait_for(_welcome(synapse, tmp_path), 180))


async def _welcome(url, tmp_path):
    tag = uuid.uuid4().hex[:6]
    bot_id, bot, log = start_bot(url, tmp_path)
    ana = Player(url, f"ana{tag}", bot_id, tmp_path / "ana")
    try:
        await ana.login()
        room = await element_room(ana, [bot_id], direct=True)
        await joined(ana, room, bot_id)
        await ana.say(room, "idioma pt-BR")
        await ana.until(lambda: ana.heard(room), what="the language")
        await ana.say(room, "comecar")
        welcome = await ana.until(lambda: next((b for b in ana.heard(room) if "👋" in b),
                                               None), what="the welcome")
        assert "'!bg novo tikal'" in welcome or "!bg novo tikal" in welcome, welcome
        assert "novo cartographers e depois começar" in welcome, welcome
        assert "ajuda lista" in welcome and "/new" not in welcome, welcome
        await ana.say(room, "novo cartographers")
        await ana.until(lambda: any("Cartógrafos" in b for b in ana.heard(room)),
                        what="the lobby")
        await ana.say(room, "start")  # the English word works too
        await ana.until(lambda: any("Começou!" in b for _, _, b in ana.edits)
                        or any("Começou!" in b for b in ana.heard(room)), what="started")
    finally:
        report(bot, log, tmp_path)
        await ana.close()


def test_a_friend_coming_in_mid_game_is_shown_the_thread_it_lives_in(synapse, tmp_path,
                                                                     house_bot):
    """The game was opened in a thread, to keep the room's timeline for talk: Cy, coming
    in mid-game, is greeted once in the main timeline with a link to the thread (before:
    the greeting named the game but not where to find it). The room is in clear, where
    Cy could scroll up to the game's news — greeted all the same (before: only in an
    encrypted room)."""
    asyncio.run(asyncio.wait_for(_in_thread(synapse, tmp_path, house_bot), 240))


async def _in_thread(url, tmp_path, house):
    async with ana_and_bob_in_a_group(url, tmp_path, "Thread night", encrypted=False,
                                      house=house) as (
            bot_id, bot, ana, bob, group):
        root = await ana.say(group, "Game night, in here")
        await tikal_started(ana, bob, group, thread=root)
        cy = await comes_in(url, ana, bot_id, tmp_path / "cy", group)
        try:
            greeting = await cy.until(
                lambda: [b for b in cy.heard_in(group, None) if cy.name in b],
                what="Cy greeted in the main timeline")
            assert "🧵 The game is in a thread: https://matrix.to/#/" in greeting[0], greeting
            assert quote(root, safe="") in greeting[0], greeting
            for _ in range(5):
                await cy.pump()
            assert len([b for b in cy.heard(group) if cy.name in b]) == 1  # greeted once
        finally:
            await cy.close()


def test_an_answer_read_while_its_menu_is_on_its_way_waits_for_the_menu():
    """The server tells the room of the bot's menu as it answers the send: Bob's keycap on
    it can reach a bot short of CPU before that answer, which makes the message Bob's menu
    (CI saw the keycap ignored). What people say is read once the sends have settled."""
    from types import SimpleNamespace

    from boardgamesbot.chat.basics import Button
    from boardgamesbot.chat.matrix.transport import MENU_FOR

    async def scenario() -> tuple[bool, str | None]:
        answered = asyncio.Event()

        class Server:  # nio's client at its edge: the send's answer held back
            rooms = {"!room": SimpleNamespace(users={"@bob:x": None}, encrypted=False)}
            olm = None

            async def room_send(self, room_id, event_type, content, **_):
                await answered.wait()
                return nio.RoomSendResponse("$menu", room_id)

        transport = MatrixTransport(Server())
        MENU_FOR.set("@bob:x")
        sending = asyncio.create_task(
            transport.send("!room", "Choose: 1) A1", [[Button("1) A1", "c:1")]]))
        await asyncio.sleep(0.01)
        reading = asyncio.create_task(transport.settled("!room"))
        await asyncio.sleep(0.05)
        waited = not reading.done()  # Bob's keycap is not read yet …
        answered.set()
        await reading  # … until the menu is sent and known as Bob's
        owner = transport.menus.owner("!room", "$menu")
        await sending
        return waited, owner

    assert asyncio.run(scenario()) == (True, "@bob:x")


def test_a_door_on_a_bot_message_it_no_longer_remembers_asks_to_leave(synapse, tmp_path):
    """🚪 on the bot's message that is not in its sent.json — older than the latest it
    keeps, or sent just before a kill -9, before it wrote it down — is asked of the
    server: the bot's own, it asks Bob whether to leave, as on any message of its own
    (before: ignored as talk); 🚪 on a person's message stays talk, also when asked. A
    number replied to another such message by the one awaited answers their menu, as on
    any message of the bot's (before: taken for talk, the move never played)."""
    asyncio.run(asyncio.wait_for(_forgotten(synapse, tmp_path), 240))


async def _forgotten(url, tmp_path):
    async with ana_and_bob_in_a_group(url, tmp_path, "Forgotten") as (
            bot_id, bot, ana, bob, group):
        turn = await tikal_started(ana, bob, group)
        count = len(ana.heard(group))
        for asked in (1, 2):
            await ana.say(group, "!bg status")
            await ana.until(lambda a=asked: len(ana.heard(group)) >= count + a,
                            what="the status")
        status, again = [e for (r, _), e in zip(ana.notices, ana.event_ids)
                         if r == group][count:count + 2]
        await ana.until(lambda: {status, again} <= set(sent_kept(bot)), what="both kept")
        bot.kill()
        kept = bot.device_file.parent / "sent.json"  # as if they had fallen off, or not
        saved = json.loads(kept.read_text())      # written yet when the kill came
        saved["mine"] = [e for e in saved["mine"] if e not in (status, again)]
        kept.write_text(json.dumps(saved))
        bot.start()
        talk = await ana.say(group, "brb, pizza")
        await bob.react(group, talk, "🚪")  # a person's message: talk
        await ana.quiet(group, 3.0)
        await bob.react(group, status, "🚪")
        asked = await bob.until(lambda: [b for b in bob.heard(group)
                                         if "leave this game?" in b], what="the question")
        assert bob.name in asked[0], asked
        await bob.until(lambda: status in sent_kept(bot), what="the status known again")
        player = called(turn, ana, bob)

        def menu() -> str | None:  # the event holding the player's open menu
            menus = json.loads((bot.device_file.parent / "menus.json").read_text())
            return (menus.get(group, {}).get(player.user) or {}).get("event_id")

        first = menu()
        await ana.until(lambda: any("leave this game?" in b for b in ana.heard(group)),
                        what="the question, read by Ana too")
        heard = len(ana.heard(group))
        await player.send(group, "m.room.message", _reply(menu_choice(turn), again))
        answer = await ana.until(lambda: ana.heard(group)[heard:], what="the reply answered")
        assert not any("menu is closed" in b for b in answer), answer
        await ana.until(lambda: first is not None and menu() != first,
                        what="the menu answered: the move played")
        assert again in sent_kept(bot)


#: English words no Portuguese sentence of the bot's holds (names, notation and the
#: edicts' card names aside): one of them in a message means a sentence left untranslated
ENGLISH = re.compile(r"\b(?:the|your|you|is|are|and|of|with|choose|draw|draws|turn|"
                     r"waiting|season|sheet|scores?|menu|game over|still)\b", re.I)


def untranslated(bodies: list[str], *names: str) -> list[str]:
    """The bot's messages among ``bodies`` with an English word in them (people's names
    taken out first: a name is no sentence)."""
    found = []
    for body in bodies:
        text = body
        for name in names:
            text = text.replace(name, "")
        text = re.sub(r"https?://\S+", "", text)
        if ENGLISH.search(text):
            found.append(body)
    return found


def test_cartographers_for_three_in_an_encrypted_group_in_portuguese(synapse, tmp_path,
                                                                     house_bot):
    """Three friends play a whole game of Cartographers in an encrypted Element room, in
    Portuguese, each drawing in the encrypted direct room the bot opens with them and
    answering its menus as Element people do — a typed number, or a keycap on the menu.
    Everything is in Portuguese (no English sentence left), every message encrypted; each
    has their sheet as an encrypted picture; each season's end is told in words over its
    scoreboard; the end gives the result. On the way: Ana, who has drawn, puts a keycap
    on her answered menu: she is told she has already chosen and who is still choosing
    (before: "not your turn"); and '!bg por que …' is the why command, as the question is
    asked (before: 'por' was an unknown command)."""
    asyncio.run(asyncio.wait_for(_three_draw(synapse, tmp_path, house_bot), 1500))


async def _three_draw(url, tmp_path, house):
    async with ana_and_bob_in_a_group(url, tmp_path, "Noite de mapas",
                                      house=house) as (
            bot_id, bot, ana, bob, group):
        cy = await comes_in(url, ana, bot_id, tmp_path / "cy", group)
        players = (ana, bob, cy)
        names = [p.name for p in players]
        try:
            await ana.say(group, "!bg idioma pt-BR")
            await ana.until(lambda: any("português" in b for b in ana.heard(group)),
                            what="the room's language")
            await ana.say(group, "!bg novo cartographers")
            lobby = await bob.until(lambda: next(
                (e for (r, b), e in zip(bob.notices, bob.event_ids)
                 if r == group and "Cartógrafos" in b), None), what="the lobby")
            await bob.react(group, lobby, "👍")  # a 👍 on the lobby joins
            await cy.until(lambda: group in cy.client.rooms, what="Cy in the room")
            await cy.say(group, "!bg entrar")
            await ana.until(lambda: any(bob.name in b and cy.name in b for r, e, b in ana.edits
                                        if e == lobby), what="Bob and Cy in the lobby")
            await ana.say(group, "!bg comecar")
            rooms: dict[str, str] = {}
            for player in players:  # each invited to a direct room by the bot
                invite = await player.until(lambda player=player: next(
                    (i for i in player.invites if i[1] == bot_id and i[0] != group), None),
                    what="an invitation to a direct room")
                await player.client.join(invite[0])
                rooms[player.name] = invite[0]

            answered: dict[str, set[str]] = {n: set() for n in names}
            asked_why = checked_chosen = False
            answers = 0
            while not any("🏁" in b for b in ana.heard(group)):
                moved = False
                for player in players:
                    room = rooms[player.name]
                    mine = [(e, b) for (r, b), e in zip(player.notices, player.event_ids)
                            if r == room]
                    if not mine or not MENU.search(mine[-1][1].splitlines()[-1]) \
                            or mine[-1][0] in answered[player.name]:
                        continue
                    menu, body = mine[-1]
                    number = menu_choice(body)
                    answered[player.name].add(menu)
                    count = len(player.heard(room))
                    if answers % 2 and int(number) <= 9:
                        await player.react(room, menu, f"{number}\ufe0f\u20e3")  # a keycap
                    else:
                        await player.say(room, number)
                    answers += 1
                    assert answers < 1500
                    said = await player.until(lambda count=count, player=player, room=room:
                                              player.heard(room)[count:],
                                              what="an answer", timeout=120)
                    moved = True
                    if player is ana and not checked_chosen and "fica escondido" in said[0]:
                        # Ana has drawn, Bob and Cy have not: her keycap on her answered
                        # menu is told she has chosen, and who is still choosing.
                        checked_chosen = True
                        count = len(ana.heard(room))
                        again = "2" if number != "2" else "3"  # (not her own keycap again)
                        await ana.react(room, menu, f"{again}\ufe0f\u20e3")
                        told = await ana.until(lambda count=count, room=room:
                                               ana.heard(room)[count:],
                                               what="the keycap answered")
                        assert told[0].startswith("⚠ Você já escolheu"), told
                        assert bob.name in told[0] and cy.name in told[0], told
                        assert "não é a sua vez" not in told[0].lower(), told
                if not moved:
                    if not asked_why:  # between two cards: asked as people ask it
                        asked_why = True
                        count = len(cy.heard(group))
                        await cy.say(group, "!bg por que forest 9 r0 A1?")
                        told = await cy.until(lambda count=count: cy.heard(group)[count:],
                                              what="why, answered")
                        assert not any("Não conheço" in b or "quis dizer" in b
                                       for b in told), told
                    for player in players:  # (each one's client reads its rooms)
                        await player.pump(100)
            for player in (bob, cy):
                await player.until(lambda player=player: any("🏁" in b for b in
                                                             player.heard(group)),
                                   what="the end")
            assert checked_chosen and asked_why
            end = next(b for b in ana.heard(group) if "🏁" in b)
            assert "🏆" in end and "http://bg.example/#/replay/" in end, end
            told = "\n".join(ana.heard(group))
            for season in ("Fim da primavera", "Fim do verão", "Fim do outono"):
                assert season in told, season
            # Every word in Portuguese: in the group and in each one's direct room
            for player in players:
                heard = [b for r, b in player.notices if r in (group, rooms[player.name])]
                assert not untranslated(heard, *names), untranslated(heard, *names)
                assert not untranslated([b for r, _, b in player.edits], *names)
                # all encrypted: the group and the direct room
                assert all(s for (r, _), s in zip(player.notices, player.secret)
                           if r in (group, rooms[player.name]))
                sheets = [e for r, e in player.images if r == rooms[player.name]]
                assert sheets and all(isinstance(e, nio.RoomEncryptedImage) for e in sheets)
                assert (await player.picture(sheets[-1])).startswith(b"\x89PNG")
            print(f"answers: {answers}")
        finally:
            await cy.close()


def test_a_portuguese_night_slips_why_and_the_score_by_its_noun(synapse, tmp_path,
                                                                house_bot):
    """In an encrypted Element room in Portuguese: '!bg colcoar A4' is told "Você quis
    dizer 'colocar'?" and nothing is played; a refused '!bg end' is explained by '!bg por'
    alone, until a move is made — then the bot says there is no refused move left to
    explain, with a Tikal example; '!bg pontuação' shows the score."""
    asyncio.run(asyncio.wait_for(_slips_and_why(synapse, tmp_path, house_bot), 300))


async def _slips_and_why(url, tmp_path, house):
    async with ana_and_bob_in_a_group(url, tmp_path, "Noite de Tikal",
                                      house=house) as (
            bot_id, bot, ana, bob, group):
        first = await tikal_started(ana, bob, group, "pt-BR")
        for _ in range(5):  # (the start's last messages in)
            await ana.pump()
        asked, other = (ana, bob) if f"Sua vez, {ana.name}" in first else (bob, ana)

        async def answer(player: Player, text: str, wanted: str = "") -> str:
            count = len(ana.heard(group))
            await player.say(group, text)
            said = await ana.until(lambda: [b for b in ana.heard(group)[count:]
                                            if wanted in b], what=f"the answer to {text}")
            return said[0]

        slip = await answer(asked, "!bg colcoar A4", "⚠")
        assert "Você quis dizer 'colocar'? Na notação, se escreve 'place'." in slip, slip
        assert "📖 A regra:" in await answer(asked, "!bg end", "⚠")
        assert "📖 A regra (" in await answer(asked, "!bg por", "📖")
        listed = await answer(asked, "!bg jogadas", "place")
        move = re.search(r"\b(place [A-Z]\d+)\b", listed)
        if move is None:  # too many to list: narrowed
            listed = await answer(asked, "!bg jogadas place", "place")
            move = re.search(r"\b(place [A-Z]\d+)\b", listed)
        assert move is not None, listed
        count = len(ana.heard(group))
        await asked.say(group, f"!bg {move.group(1)}")
        await ana.until(lambda: any(f"{asked.name}: coloca" in b
                                    for b in ana.heard(group)[count:]), what="the move told")
        gone = await answer(asked, "!bg por", "⚠")
        assert "Não há jogada recusada para explicar" in gone, gone
        assert "'!bg por que place C4 r2'" in gone, gone
        assert "Pontos:" in await answer(other, "!bg pontuação", "Pontos")
