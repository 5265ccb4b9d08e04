"""What people type: gathering a table (the lobby), then the game's commands.

Mixed into `Conversation`: every command is ``cmd_WORD(place, person, args,
lang)`` and refuses with a `Refusal` (a catalog key and parameters), which
the conversation turns into a short answer in the chat's language.
"""

from __future__ import annotations

import asyncio
import re
import time

from boardgamesbot.bots import bot_names
from boardgamesbot.engine import LANGUAGES, GameError, IllegalAction, known_games

from . import games, i18n, rules
from .basics import Alert, Button, Person, Place, Refusal, RefusedAction, Seat
from .choices import next_words, rows_for
from .living import autopilot
from .onboarding import join_payload

LEVELS = ("easy", "medium", "hard")
MAX_LISTED = 40  # legal actions listed by `moves` before asking for a prefix
MORE = ("more", "mais", "mes")  # 'rules more': the next answer (en, pt-BR, ca)
LEAVE_PAUSE, LEAVE_CONFIRM = 1.0, 30.0  # seconds: 🚪 tapped again to leave a game


class Commands:
    """The chat commands (a part of `Conversation`)."""

    async def cmd_new(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        if self.store.game_in(self.network, place.chat_id):
            raise Refusal("chat.game_running")
        if not args:
            await self._which_game(place, lang)
            return
        name = games.find_game(args[0])
        if name is None:
            raise Refusal("chat.unknown_game", word=args[0][:30],
                          games=", ".join(known_games()))
        await self._open_lobby(place, person, name, games.read_options(name, args[1:], lang), [],
                               lang)

    async def _open_lobby(self, place: Place, person: Person, name: str,
                          options: dict[str, str], bots: list[str], lang: str) -> None:
        """A lobby of ``name`` with ``options`` and computer players ``bots``, opened by
        ``person``: it replaces one still gathering here."""
        lobby = {"network": self.network, "chat_id": place.chat_id, "game": name,
                 "options": options, "creator": person.user_id,
                 "players": [[person.user_id, person.name]], "bots": bots, "clock": None,
                 "message_id": None, "created": time.time()}
        old = self.store.lobby(self.network, place.chat_id)
        if old and old["message_id"]:
            await self._safe_edit(place.chat_id, old["message_id"],
                                  i18n.text(self.chat_lang(place.chat_id), "lobby.replaced"))
        self.store.save_lobby(lobby)
        self.speak_as_the_host(place, person)
        text, buttons = self.lobby_message(lobby, lang)
        lobby["message_id"] = await self.say(place.chat_id, text, buttons)
        self.store.save_lobby(lobby)

    async def _which_game(self, place: Place, lang: str) -> None:
        """Which game to open, each on a button (its title in ``lang``) that opens its
        lobby: what '/new' alone, or '/start' where nothing is gathering, answers — a
        person who never read the docs knows no game's name to type."""
        names = known_games()
        listed = ", ".join(f"{name} ({games.title(name, lang)})" for name in names)
        titles = [games.title(name, lang) for name in names]
        buttons = [[Button(titles[i], f"n:{names[i]}") for i in row]
                   for row in rows_for(titles)]
        # Buttons to tap name the games: the question alone (the ids, which a typed
        # '/new GAME' needs, stay where menus are numbered lines to answer).
        text = i18n.text(lang, "chat.which_game", games=listed) if self.transport.numbered \
            else i18n.text(lang, "chat.which_game_tap")
        await self.say(place.chat_id, text, buttons)

    async def play_again(self, place: Place, person: Person, table_id: str,
                         lang: str) -> None:
        """🔁 Play again, tapped under a finished table: friends who never read 'new'
        start a rematch by a tap. The first tap opens a lobby of the same game, options
        and computer players; the next friends' taps join it rather than replacing it
        (who wants a rematch wants to play in it). While a game runs, refused as 'new'."""
        if self.store.game_in(self.network, place.chat_id):
            raise Refusal("chat.game_running")
        if self.store.lobby(self.network, place.chat_id) is not None:
            await self.cmd_join(place, person, [], lang)
            return
        summary = await self.service.summary(table_id)
        bots = [seat["level"] for seat in summary["seats"] if seat["kind"] == "bot"]
        await self._open_lobby(place, person, summary["game"], dict(summary["options"]),
                               bots, lang)

    def _lobby(self, place: Place) -> dict:
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is None:
            if self.store.game_in(self.network, place.chat_id):
                raise Refusal("error.table_started")
            raise Refusal("chat.no_lobby")
        return lobby

    async def _creator_only(self, place: Place, person: Person, lobby_or_game: dict) -> None:
        if person.user_id != lobby_or_game["creator"] and not (
                not place.direct and await self.transport.is_admin(place.chat_id,
                                                                   person.user_id)):
            raise Refusal("chat.creator_only")

    async def cmd_join(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        game = self.store.game_in(self.network, place.chat_id)
        if game and not self.store.lobby(self.network, place.chat_id):
            # (someone arriving mid-game: a service table's seats are fixed at its start,
            # so say where to follow it and how the next one begins)
            if any(seat["user_id"] == person.user_id
                   for seat in self.store.seats_of(game["table_id"]).values()):
                raise Refusal("chat.already_joined")
            summary = await self.service.summary(game["table_id"])
            raise Refusal("chat.join_running", game=games.title(summary["game"], lang),
                          link=self.link("table", game["table_id"]))
        lobby = self._lobby(place)
        if any(user == person.user_id for user, _ in lobby["players"]):
            raise Refusal("chat.already_joined")
        low, high = games.players(lobby["game"])
        if len(lobby["players"]) + len(lobby["bots"]) >= high:
            raise Refusal("error.table_full")
        lobby["players"].append([person.user_id, person.name])
        await self._update_lobby(place, lobby)

    async def cmd_bot(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        lobby = self._lobby(place)
        await self._creator_only(place, person, lobby)
        level = i18n.level(" ".join(args), bot_names()) if args else "medium"
        if level is None:
            raise Refusal("chat.bad_level", levels=" | ".join(
                i18n.text(lang, "level." + name) for name in LEVELS))
        low, high = games.players(lobby["game"])
        if len(lobby["players"]) + len(lobby["bots"]) >= high:
            raise Refusal("error.table_full")
        lobby["bots"].append(level)
        await self._update_lobby(place, lobby)

    async def cmd_clock(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        lobby = self._lobby(place)
        await self._creator_only(place, person, lobby)
        lobby["clock"] = read_clock(args)
        await self._update_lobby(place, lobby)

    async def cmd_cancel(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        lobby = self._lobby(place)
        await self._creator_only(place, person, lobby)
        self.store.drop_lobby(self.network, place.chat_id)
        if lobby["message_id"]:
            await self._safe_edit(place.chat_id, lobby["message_id"],
                                  i18n.text(lang, "lobby.cancelled"))
        else:
            await self.say(place.chat_id, i18n.text(lang, "lobby.cancelled"))

    async def cmd_start(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        if place.direct and (args or self.store.lobby(self.network, place.chat_id) is None):
            await self.welcome(place, person, args, lang)  # a first hello, or a deep link
            return
        if self.store.lobby(self.network, place.chat_id) is None \
                and not self.store.game_in(self.network, place.chat_id):
            await self._which_game(place, lang)  # (a group's first word to a new bot)
            return
        lobby = self._lobby(place)
        await self._creator_only(place, person, lobby)
        low, high = games.players(lobby["game"])
        count = len(lobby["players"]) + len(lobby["bots"])
        if not low <= count <= high:
            raise Refusal("chat.player_count", low=low, high=high, count=count)
        table_id, tokens = self.service.create(
            lobby["game"], lobby["options"], [name for _, name in lobby["players"]],
            lobby["bots"], lobby["clock"])
        sitting = [(seat, user, name, tokens[seat])
                   for seat, (user, name) in enumerate(lobby["players"])]
        self.store.start_game(table_id, self.network, place.chat_id, lobby["creator"], sitting)
        text, _ = self.lobby_message(lobby, lang, started=table_id)
        if lobby["message_id"]:
            await self._safe_edit(place.chat_id, lobby["message_id"], text)
        else:
            await self.say(place.chat_id, text)
        self.follow(table_id)

    async def _update_lobby(self, place: Place, lobby: dict) -> None:
        self.store.save_lobby(lobby)
        text, buttons = self.lobby_message(lobby, self.chat_lang(place.chat_id)
                                           if not place.direct else
                                           self.lang_of(place, None))
        if lobby["message_id"]:
            await self._safe_edit(place.chat_id, lobby["message_id"], text, buttons)
        else:
            lobby["message_id"] = await self.say(place.chat_id, text, buttons)
            self.store.save_lobby(lobby)

    def lobby_message(self, lobby: dict, lang: str, started: str | None = None,
                      ) -> tuple[str, list[list[Button]]]:
        name = lobby["game"]
        low, high = games.players(name)
        options = games.option_words(name, lobby["options"], lang)
        who = [self.transport.mention(user, person) for user, person in lobby["players"]]
        who += [f"🤖 {i18n.text(lang, f'level.{level}')}" for level in lobby["bots"]]
        lines = [i18n.text(lang, "lobby.title", game=games.title(name, lang))
                 + (f" ({options})" if options else ""),
                 i18n.text(lang, "lobby.players", players=", ".join(who),
                           count=len(who), range=players_range(low, high, lang)) if who
                 # (nobody in it: "Players: 0 (2 to 4) — " ended on a dash)
                 else i18n.text(lang, "lobby.nobody", range=players_range(low, high, lang))]
        if lobby["clock"]:  # (no clock: nothing to say, not "Clock: none")
            lines.append(i18n.text(lang, "lobby.clock", clock=clock_words(lobby["clock"], lang)))
        if started:
            lines.append(i18n.text(lang, "lobby.started", link=self.link("table", started)))
            return "\n".join(lines), []
        join, start = i18n.text(lang, "button.join"), i18n.text(lang, "button.start")
        # (buttons to tap, where the network has them: typed words are for numbered menus)
        lines.append(i18n.text(lang, "lobby.how") if self.transport.numbered
                     else i18n.text(lang, "lobby.how_tap", join=join, start=start))
        buttons = [[Button(join, "j"), Button(start, "s")],
                   [Button(f"+🤖 {i18n.text(lang, f'level.{level}')}", f"b:{level}")
                    for level in LEVELS]]
        link = getattr(self.transport, "deep_link", None)
        last: list[Button] = []
        if link is not None and not self._is_direct(lobby["chat_id"]):
            # Joining through the private chat opens it, so hidden choices can come there.
            last.append(Button(i18n.text(lang, "button.open_private"), "",
                               url=link(join_payload(lobby["chat_id"]))))
        # Last (the numbers of a numbered menu's other buttons stay as they were).
        last.append(Button(i18n.text(lang, "button.leave"), "l"))
        buttons += [[last[i] for i in row] for row in rows_for([b.label for b in last])]
        return "\n".join(lines), buttons


    async def _game(self, place: Place, person: Person | None = None) -> dict:
        """The game this chat plays (in a direct chat: also one the person sits at)."""
        game = self.store.game_in(self.network, place.chat_id)
        if game is None and place.direct and person is not None:
            found = await self._find_seat(place, person, awaited_only=False)
            if found is not None:
                game = self.store.game(found.table_id)
        if game is None:
            raise Refusal("chat.no_game")
        return game

    async def _my_seat(self, place: Place, person: Person) -> Seat:
        found = await self._find_seat(place, person, awaited_only=False)
        if found is None:
            raise Refusal("chat.no_seat")
        return found

    async def play(self, place: Place, person: Person, seat: Seat, notation: str,
                   lang: str, tapped: bool = False) -> str | None:
        """Play ``notation`` for ``seat``. A hidden choice made in private is confirmed
        there: as a message, or as the tap's own answer (``tapped``: a button on a message
        the network edits, whose picture already says who is still choosing — one message
        less per drawing); that answer is returned."""
        hidden = place.chat_id != seat.chat_id
        try:  # (read before it is played: a drawing's words name the card it is drawn from)
            action = (await self.service.infos(seat.table_id, seat.seat, [notation]))[0] \
                if hidden else {"notation": notation}
        except GameError:
            action = {"notation": notation}  # malformed: `act` says why, in the chat's words
        try:
            await self.service.act(seat.table_id, seat.seat, notation)
        except GameError as error:  # the rule it rests on is named with the reason
            summary = await self.service.summary(seat.table_id)
            # (notation a rule of the game speaks of — a number below the least a rule allows
            # — is refused as that rule's; other malformed words are told what goes there only)
            if not isinstance(error, IllegalAction) and not _notation_ruled(
                    summary["game"], error, notation):
                raise
            raise RefusedAction(error, summary["game"], notation, seat.table_id,
                                summary["state_id"]) from error
        if not hidden:
            return None
        summary = await self.service.summary(seat.table_id)
        # Still awaited (or the game over) once played: this choice was the last the step
        # waited for, and it is shown to everyone now — "kept hidden until everyone has
        # chosen" would send its maker looking for who is still to choose.
        resolved = summary["status"] != "playing" or seat.seat in summary["to_act"]
        taken = i18n.text(lang, "play.revealed" if resolved else "play.taken",
                          action=games.action_words(summary["game"], action, lang, "button"))
        if tapped:
            return taken
        await self.say(place.chat_id, taken)
        return None

    async def cmd_undo(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        seat = await self._my_seat(place, person)
        await self.service.undo(seat.table_id, seat.seat)

    async def cmd_moves(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        seat = await self._my_seat(place, person)
        legal = await self.service.legal(seat.table_id, seat.seat)
        if not legal:
            raise Refusal("error.not_your_turn")
        prefix = [w.lower() for w in args]
        chosen = [e for e in legal
                  if [w.lower() for w in e["notation"].split()[:len(prefix)]] == prefix]
        if not chosen:
            raise Refusal("chat.no_moves", prefix=" ".join(args)[:40])
        if len(chosen) > MAX_LISTED:
            steps = next_words([e["notation"] for e in chosen], prefix, split=False)
            counts = {s.word: sum(1 for e in chosen
                                  if e["notation"].split()[len(prefix)] == s.word)
                      for s in steps}
            summary = ", ".join(f"{(' '.join(prefix) + ' ' + w).strip()} ({n})"
                                for w, n in counts.items())
            await self.say(place.chat_id, i18n.text(lang, "moves.many", count=len(chosen),
                                                    groups=summary))
            return
        lines = [games.action_line(e, lang) for e in chosen]
        await self.say(place.chat_id, i18n.text(lang, "moves.title", count=len(chosen))
                       + "\n" + "\n".join(lines))

    async def cmd_preview(self, place: Place, person: Person, args: list[str],
                          lang: str) -> None:
        seat = await self._my_seat(place, person)
        if not args:  # (an action of this table's game, not one game's for all)
            game = (await self.service.summary(seat.table_id))["game"]
            raise Refusal("chat.preview_what", example=games.example_action(game, lang))
        notation = " ".join(args)
        answer = await self.service.preview(seat.table_id, seat.seat, notation)
        view = answer.get("view")
        if not answer["legal"]:
            error = answer["error"]
            raise GameError(error["message"], code=error["code"], **error["params"])
        game = (await self.service.summary(seat.table_id))["game"]
        caption = i18n.text(lang, "preview.caption", action=games.action_words(
            game, {"notation": answer["action"], "info": answer.get("info")}, lang, "button"))
        await self.show(place.chat_id, game, view, caption, seat=seat.seat,
                        table_id=seat.table_id)

    async def cmd_hint(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        seat = await self._my_seat(place, person)
        from boardgamesbot.hints import reason_text

        found = await self.service.hint(seat.table_id, seat.seat)
        if not found:
            raise Refusal("error.no_decision")
        # each suggestion as a button asks for it, in the game's words ("Place the tile on A4")
        game = (await self.service.summary(seat.table_id))["game"]
        said = [games.action_words(game, entry, lang, "button") for entry in
                await self.service.infos(seat.table_id, seat.seat,
                                         [h["notation"] for h in found])]
        lines = [i18n.text(lang, "hint", action=said[0])]
        reason = reason_text(found[0].get("reason"), lang)
        if reason:
            lines.append(reason)
        if said[1:]:
            lines.append(i18n.text(lang, "hint.others", actions="; ".join(said[1:])))
        await self.say(place.chat_id, "\n".join(lines))

    async def cmd_board(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        game = await self._game(place, person)
        seat = None
        if place.direct:
            found = await self._find_seat(place, person, awaited_only=False)
            seat = found.seat if found else None
        state = await self.service.state(game["table_id"], seat)
        await self.show(place.chat_id, state["table"]["game"], state["view"],
                        await self.status_line(game["table_id"], lang), seat=seat,
                        table_id=game["table_id"])

    async def cmd_score(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        try:
            game = await self._game(place, person)
        except Refusal:
            # Asked right after the end (the scores scrolled away): the last game's result
            # here, rather than "no game is running" about the game just played.
            finished = await self._last_finished(place)
            if finished is None:
                raise
            await self.say(place.chat_id, "\n".join(
                await self.result_lines(finished["id"], finished, lang)))
            return
        await self.say(place.chat_id, await self.score_text(game["table_id"], lang))

    async def _last_finished(self, place: Place) -> dict | None:
        """The summary of the game over in this chat that began last (one game runs in a
        chat at a time: it ended last too), or None."""
        latest = self.service.latest(
            [row["table_id"] for row in self.store.finished_in(self.network, place.chat_id)])
        return None if latest is None else await self.service.summary(latest)

    async def cmd_status(self, place: Place, person: Person, args: list[str],
                         lang: str) -> None:
        # Asked away from where the table lives (Matrix: the main timeline, the game in a
        # thread), the answer says where to find it.
        elsewhere = getattr(self.transport, "elsewhere", None)
        link = elsewhere(place.chat_id) if elsewhere is not None else None
        pointer = [i18n.text(lang, "status.in_thread", link=link)] if link else []
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is not None:
            text, buttons = self.lobby_message(lobby, lang)
            await self.say(place.chat_id, "\n".join([text, *pointer]), buttons)
            return
        game = await self._game(place, person)
        summary = await self.service.summary(game["table_id"])
        lines = [f"{games.title(summary['game'], lang)} — "
                 + i18n.text(lang, f"status.{summary['status']}"),
                 await self.status_line(game["table_id"], lang),
                 i18n.text(lang, "status.link", link=self.link("table", game["table_id"])),
                 *pointer]
        detail = self.turn_detail.get(game["table_id"])
        if detail:  # (told in few words as it was played: here in full)
            names = await self.names(game["table_id"])
            lines += [i18n.text(lang, "status.turn_detail",
                                who=names.get(detail[0].event["seat"], "?")),
                      *(told.in_lang(lang) for told in detail)]
        await self.say(place.chat_id, "\n".join(lines))

    async def cmd_rules(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        if [i18n.fold(word) for word in args] in ([w] for w in MORE) and self._waiting().get(
                place.chat_id):
            # (the answers still to come belong to this chat, whichever game they are about)
            await self._answer(place, "", args, lang)
            return
        lobby = self.store.lobby(self.network, place.chat_id)
        game = self.store.game_in(self.network, place.chat_id)
        name = None
        # (the game set up or played here, and its options: asked from it, the rules of a
        # variant not played do not lead)
        here = lobby or (await self.service.summary(game["table_id"]) if game else None)
        if here is None and place.direct:
            # (a direct chat without a table of its own: the game the person plays
            # elsewhere, whose hidden choices they make here — not "which game?" mid-game)
            seat = await self._find_seat(place, person, awaited_only=False)
            here = await self.service.summary(seat.table_id) if seat else None
        if args and games.find_game(args[0]):
            name, args = games.find_game(args[0]), args[1:]
        elif here:
            name = here["game"]
        options = here["options"] if here and here["game"] == name else None
        if name is None:
            raise Refusal("chat.which_game",
                          games=", ".join(known_games()))
        if not args:
            sections = games.rules_sections(name, lang)
            await self.say(place.chat_id, rules.intro(
                name, lang, sections[0][1], [heading for heading, _ in sections[1:]]))
            return
        wanted = i18n.fold(" ".join(args))
        if wanted in MORE:
            await self._answer(place, name, args, lang)
            return
        lang = rules.language_naming(name, wanted, lang)
        # A topic's name or a passage's title is looked up; anything else is a question.
        # (a topic is shown whole only when it fits a phone's screen: rules.PHONE)
        found = rules.named(rules.topics(name, lang), wanted)
        if len(found) == 1 and len(found[0].whole()) <= rules.PHONE:
            await self.say(place.chat_id, found[0].whole())
        elif len(found) == 1 and len(found[0].subtopics()) >= 2:
            topic = found[0]
            self._waiting()[place.chat_id] = [rules.answer(p) for p in topic.readable()]
            self._waiting_in()[place.chat_id] = lang
            await self.say(place.chat_id, rules.listed(
                lang, i18n.text(lang, "rules.subtopics", topic=topic.heading),
                topic.subtopics(), i18n.text(lang, "rules.ask_subtopic", game=name)))
        elif len(found) == 1:
            first, *rest = [rules.answer(p) for p in found[0].readable()]
            await self._show(place, lang, first, rest)
        elif found:
            await self.say(place.chat_id, rules.listed(
                lang, i18n.text(lang, "rules.headings", word=" ".join(args)[:40]),
                [t.heading for t in found], i18n.text(lang, "rules.ask_topic", game=name)))
        elif pieces := rules.titled(name, lang, wanted):
            first, *rest = [rules.answer(p) for p in pieces]
            await self._show(place, lang, first, rest)
        else:
            await self._answer(place, name, args, lang, options)

    def _waiting(self) -> dict[str, list]:
        """The answers not shown yet in each chat (``rules more``)."""
        return self.__dict__.setdefault("_more_answers", {})

    def _asked_before(self) -> dict[str, tuple[str, str, str]]:
        """Each chat's last answered rules question: its game, its language, and the question
        whose things it asked about (`Reply.about`), which a next question's pronoun may
        stand for."""
        return self.__dict__.setdefault("_rules_asked_before", {})

    def _waiting_in(self) -> dict[str, str]:
        """The language of each chat's answers still to come: a question asked in another
        language than the chat's is answered in its own, and so is its ``rules more``."""
        return self.__dict__.setdefault("_more_answers_lang", {})

    async def _answer(self, place: Place, game: str, args: list[str], lang: str,
                      options: dict | None = None) -> None:
        """A free question about ``game``'s rules (``rules QUESTION`` or ``? QUESTION``):
        the best passage, and the next ones offered (``rules more``); asked from a table
        set up or played with ``options``, another variant's rules are marked as its."""
        from boardgamesbot.help.search import LIMIT, ask, language_asked

        waiting = self._waiting()
        if len(args) == 1 and i18n.fold(args[0]) in MORE:
            if not waiting.get(place.chat_id):
                raise Refusal("rules.no_more")
            shown, *rest = waiting[place.chat_id]
            lang = self._waiting_in().get(place.chat_id, lang)
            aside = ""
        else:
            # (in a thread: the first question about a game builds its index, ~0.5 s)
            # (a question plainly in another language than the chat's — a Brazilian friend
            # in a Catalan group — is answered in its own: the search needs its words)
            # (told by its little words, or by the words the game's rules use in one language
            # only: "com guanyo?" is Catalan)
            said = language_asked(" ".join(args), (game,))
            # (a question that stands for a thing by a pronoun — "e ele pode ficar lá?" — asks
            # about what this chat's question before named, same game and language)
            earlier = self._asked_before().get(place.chat_id)
            before = earlier[2] if earlier and earlier[:2] == (game, said or lang) else None
            reply = await asyncio.to_thread(ask, game, " ".join(args), said or lang,
                                            LIMIT, before, options)
            lang = said or lang
            # (a few words too few to tell their language — "volcano" in a Catalan group
            # — are looked up in the other languages before "I don't know")
            for other in [] if said or reply.known else [t for t in LANGUAGES if t != lang]:
                found = await asyncio.to_thread(ask, game, " ".join(args), other, LIMIT,
                                                None, options)
                if found.known:
                    reply, lang = found, other
                    break
            if not reply.known and reply.unknown:  # (the words to say otherwise)
                raise Refusal("rules.dont_know_words", topic=" ".join(args)[:40],
                              words=", ".join(reply.unknown), topics="; ".join(reply.topics))
            if not reply.known:
                raise Refusal("rules.dont_know", topic=" ".join(args)[:40],
                              topics="; ".join(reply.topics))
            self._asked_before()[place.chat_id] = (game, lang, reply.about)
            shown, *rest = reply.answers
            aside = reply.aside
        await self._show(place, lang, shown, rest, aside)

    async def _show(self, place: Place, lang: str, shown, rest: list, aside: str = "") -> None:
        """One answer, fitted to a phone's screen; the rest kept for ``rules more``;
        ``aside`` first (`Reply.aside`)."""
        text, self._waiting()[place.chat_id] = rules.answer_text(lang, shown, rest, aside)
        self._waiting_in()[place.chat_id] = lang
        await self.say(place.chat_id, text)

    async def cmd_why(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        """``why ACTION``: why the engine refuses it now, and the rule it rests on."""
        from boardgamesbot.help.why import explain

        # 'why' alone asks about this person's last refused action here (a tap on the
        # '/por' of a tip's '/por que end' sends just that), while the game stands as it
        # was refused in; none: say what to type, with an action of the chat's game.
        notation = " ".join(args).rstrip("?").strip()
        if not notation:  # (a lone '?': no action either)
            notation = await self._last_refused(place, person, lang)
        if not notation:
            raise await self._how_to_ask_why("why.what", place, person, lang)
        seat = await self._my_seat(place, person)
        preview = await self.service.preview(seat.table_id, seat.seat, notation)
        game = (await self.service.summary(seat.table_id))["game"]
        found = explain(game, notation, preview, lang)
        if found.legal:
            said = games.action_words(game, {"notation": notation, "info": preview.get("info")},
                                      lang, "button")
            await self.say(place.chat_id, i18n.text(lang, "why.allowed", action=said))
        elif found.text is None:
            await self.say(place.chat_id, "🚫 " + found.reason)
        else:
            # (the rule's sentence that says this refusal first, when the game names one)
            text = f"» {found.lead}\n{found.text}" if found.lead else found.text
            await self.say(place.chat_id, i18n.text(lang, "why.refused", reason=found.reason,
                                                    source=found.source, text=text))

    async def _last_refused(self, place: Place, person: Person, lang: str) -> str:
        """The action last refused to ``person`` here, if the game has not moved on since
        (a later move by anyone: explained against the game as it now stands, a refusal
        would be answered wrongly); once it has, it is forgotten, and they are told so."""
        kept = self.store.refused(self.network, place.chat_id, person.user_id)
        if kept is None:
            return ""
        game = self.store.game(kept["table_id"])
        summary = await self.service.summary(kept["table_id"]) \
            if game is not None and game["status"] == "playing" else None
        if summary is not None and summary["state_id"] == kept["state_id"] \
                and summary["status"] == "playing":
            return str(kept["notation"])
        self.store.forget_refused(self.network, place.chat_id, person.user_id)
        raise await self._how_to_ask_why("why.moved_on", place, person, lang)

    async def _how_to_ask_why(self, key: str, place: Place, person: Person,
                              lang: str) -> Refusal:
        """The refusal ``key`` saying how 'why' is asked, with an action to copy
        (`_why_example`); for a game that writes no examples, its sentence without one
        (``KEY_plain``: the example's quote was left empty, "'why '")."""
        example = await self._why_example(place, person, lang)
        return Refusal(key, example=example) if example else Refusal(f"{key}_plain")

    async def _why_example(self, place: Place, person: Person, lang: str) -> str:
        """An action to show how 'why' is asked: of the game this chat (or this person, in
        a direct chat) plays, or gathers for (a lobby's game: before, a lobby was shown the
        first registered game's move), as the game writes its examples; else of the first
        game."""
        name = await self._game_here(place, person)
        return games.example_action(name, lang)

    async def _game_here(self, place: Place, person: Person) -> str | None:
        """The game of this chat's table, else of the lobby gathering here, else (in a
        direct chat) of a table this person sits at: the game a tip's example is of."""
        game = self.store.game_in(self.network, place.chat_id)
        if game is None:
            lobby = self.store.lobby(self.network, place.chat_id)
            if lobby is not None:
                return str(lobby["game"])
        if game is None and place.direct:
            found = await self._find_seat(place, person, awaited_only=False)
            game = self.store.game(found.table_id) if found is not None else None
        return (await self.service.summary(game["table_id"]))["game"] if game else None

    async def cmd_lang(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        chosen = i18n.language(args[0]) if args else None
        if chosen is None:
            raise Refusal("chat.bad_lang", langs=" | ".join(i18n.LANGUAGES))
        if place.direct:
            self.store.set_person_lang(self.network, person.user_id, chosen)
            # The room's too: on Matrix a room of two is direct until friends are invited
            # (Element's way to a game night: the bot first), and then the group speaks
            # the language set before they came.
            self.store.set_room(self.network, place.chat_id, lang=chosen)
        else:
            owners = [x["creator"] for x in (self.store.lobby(self.network, place.chat_id),
                                             self.store.game_in(self.network, place.chat_id))
                      if x]
            if person.user_id not in owners and not await self.transport.is_admin(
                    place.chat_id, person.user_id):
                raise Refusal("chat.admin_only")
            self.store.set_room(self.network, place.chat_id, lang=chosen)
        await self.say(place.chat_id, i18n.text(chosen, "lang.set"))

    async def cmd_help(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        # A person playing here can leave by a tap from the help (it asks to confirm);
        # a numbered menu (Matrix) keeps its numbers for the game's choices.
        playing = not self.transport.numbered and self.store.lobby(
            self.network, place.chat_id) is None and await self._find_seat(
            place, person, awaited_only=False) is not None
        # How commands are typed: the network's own words, else every network's.
        how = i18n.text(lang, getattr(self.transport, "help_how", "help.how"))
        text = i18n.text(lang, "help.long", how=how,
                         **games.examples(lang, game=await self._game_here(place, person)))
        spelled = getattr(self.transport, "command_words", None)  # (Telegram's groups: ASCII)
        if spelled is not None:
            text = spelled(place.chat_id, text, lang)
        more = getattr(self.transport, "help_more", None)  # the network's own ways (a key)
        if more:
            text += "\n" + i18n.text(lang, more)
        await self.say(place.chat_id, text,
                       [[Button(i18n.text(lang, "button.leave"), "l")]] if playing else None)

    async def cmd_leave(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is not None:
            await self._drop_player(place, lobby, person.user_id, "chat.not_in_lobby")
            return
        await self._hand_over(await self._seat_still_played(place, person))

    async def came_into_the_chat(self, place: Place, person: Person | None = None,
                                 history: bool = False) -> None:
        """Someone came into the chat: a lobby open here is shown again, so that where
        newcomers cannot read what was said before them (an encrypted Matrix room: the
        keys of its history never reached their devices) they learn of it without being
        told to type something they cannot see — the network sends it anew for them;
        where they can (``history``: a room in clear) it stays where it is. During a
        game, ``person`` is greeted once, in the chat's language, wherever they came in
        (the game's news scrolled far up is no way in): what is being played, by whom,
        whose turn it is, and how to watch, ask and join the next one (else they hear
        nothing addressed to them until the next turn)."""
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is not None and lobby["message_id"]:
            if not history:
                await self._update_lobby(place, lobby)
            return
        game = self.store.game_in(self.network, place.chat_id)
        # (back after leaving, or after the bot restarted: not again; kept in the database)
        if game is None or person is None or not self.store.first_greeting(
                game["table_id"], self.network, person.user_id):
            return
        lang = self.chat_lang(place.chat_id)
        summary = await self.service.summary(game["table_id"])
        names = await self.names(game["table_id"], lang)
        text = i18n.text(lang, "chat.came_in_game", name=person.name,
                         game=games.title(summary["game"], lang),
                         players=games.listed(list(names.values()), lang),
                         turn=await self.status_line(game["table_id"], lang),
                         link=self.link("table", game["table_id"]))
        # (a game in a Matrix thread: where to find it, as 'status' says)
        elsewhere = getattr(self.transport, "elsewhere", None)
        link = elsewhere(place.chat_id) if elsewhere is not None else None
        if link:
            text += "\n" + i18n.text(lang, "status.in_thread", link=link)
        await self.say(place.chat_id, text)

    async def left_the_chat(self, place: Place, user_id: str) -> None:
        """``user_id`` left the chat (or was removed from it): out of its lobby; at its game
        the computer takes their seat, and the chat is told so by the game's news, as
        after 'leave' — nobody there can answer for them, and else the game waits for
        them until someone thinks of 'kick'. A game nobody else plays is left as it is."""
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is not None:
            if any(user == user_id for user, _ in lobby["players"]):
                await self._drop_player(place, lobby, user_id)
            return
        game = self.store.game_in(self.network, place.chat_id)
        if game is None:
            return
        table = await self.service.summary(game["table_id"])
        held = {seat: row["user_id"] for seat, row in self.store.seats_of(game["table_id"]).items()
                if not autopilot(table, seat)}
        if user_id in held.values() and set(held.values()) != {user_id}:
            for seat in (s for s, user in held.items() if user == user_id):
                await self._hand_over(Seat(game["table_id"], seat, game["chat_id"]))

    async def leave_by_tap(self, place: Place, person: Person, lang: str,
                           answering: bool = False) -> str | None:
        """🚪 Leave, tapped: out of the lobby at once (joining again is one tap too); out of
        a game only when tapped again (`LEAVE_CONFIRM`), as the first tap's answer asks —
        a stray tap must not hand a friend's seat to the computer. A second tap that
        comes as fast as a double tap (within `LEAVE_PAUSE`) is no answer to the question
        it could not have read yet; one ``answering`` the question on the question's own
        message (Matrix: 🚪 on it) was made after reading it, however fast."""
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is not None:
            await self._drop_player(place, lobby, person.user_id, "chat.not_in_lobby")
            return None
        seat = await self._seat_still_played(place, person)
        asked = self.leaving
        key = (person.user_id, seat.table_id)
        # (wall-clock time, which means the same after a restart: `Conversation.leaving`)
        now = time.time()
        since = now - asked[key] if key in asked else None
        pause = 0.0 if answering else LEAVE_PAUSE
        if since is not None and pause <= since <= LEAVE_CONFIRM:
            del asked[key]
            await self._hand_over(seat)
            return i18n.text(lang, "leave.done")
        if since is None or not 0 <= since <= LEAVE_CONFIRM:  # (or asked "in the future":
            asked[key] = now                                  # the clock was set back)
        return Alert(i18n.text(lang, "leave.confirm"))

    async def cmd_kick(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        if not args:
            raise Refusal("chat.kick_whom")
        target = " ".join(args)
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is not None:
            await self._creator_only(place, person, lobby)
            user = _match_person([(u, n) for u, n in lobby["players"]], target)
            await self._drop_player(place, lobby, user)
            return
        game = await self._game(place, person)
        await self._creator_only(place, person, game)
        seats = self.store.seats_of(game["table_id"])
        user = _match_person([(r["user_id"], r["name"]) for r in seats.values()]
                             + [(str(s + 1), r["name"]) for s, r in seats.items()], target)
        seat = next(s for s, r in seats.items() if user in (r["user_id"], str(s + 1)))
        await self._hand_over(Seat(game["table_id"], seat, game["chat_id"]))

    async def _drop_player(self, place: Place, lobby: dict, user: str,
                           refusal: str = "chat.not_joined") -> None:
        players = [p for p in lobby["players"] if p[0] != user]
        if len(players) == len(lobby["players"]):
            raise Refusal(refusal)
        if not players:
            self.store.drop_lobby(self.network, place.chat_id)
            lang = self.chat_lang(place.chat_id)
            if lobby["message_id"]:
                await self._safe_edit(place.chat_id, lobby["message_id"],
                                      i18n.text(lang, "lobby.cancelled"))
            return
        lobby["players"] = players
        if lobby["creator"] == user:
            lobby["creator"] = players[0][0]
        await self._update_lobby(place, lobby)

    async def _seat_still_played(self, place: Place, person: Person) -> Seat:
        """The seat ``person`` leaves: refused once the computer plays it already (they left
        before), which would otherwise ask again and tell the group a second time."""
        seat = await self._my_seat(place, person)
        if autopilot(await self.service.summary(seat.table_id), seat.seat):
            raise Refusal("chat.already_left")
        return seat

    async def _hand_over(self, seat: Seat) -> None:
        """The computer plays this seat from now on (the table's clock level)."""
        level = (await self.service.summary(seat.table_id))["clock"].get("level") or "medium"
        await self.service.autopilot(seat.table_id, seat.seat, level)


def _match_person(people: list[tuple[str, str]], target: str) -> str:
    """The user a kick names: their id (a mention), seat number or name."""
    wanted = i18n.fold(target.lstrip("@"))
    for user, name in people:
        if wanted in (i18n.fold(user.lstrip("@")), i18n.fold(name)):
            return user
    for user, name in people:
        if i18n.fold(name).startswith(wanted):
            return user
    raise Refusal("chat.kick_whom")


_DURATION = re.compile(r"^(\d+(?:\.\d+)?)(s|m|h)?$")


def read_clock(words: list[str]) -> dict | None:
    """``clock 90`` / ``clock 2m`` (per decision), ``clock bank 10m``, ``clock off``;
    an optional bot level plays for a person out of time (``clock 2m hard``)."""
    words = [w.lower() for w in words]
    if not words:
        raise Refusal("chat.bad_clock")
    if words[0] in ("off", "none", "0"):
        return None
    mode = "decision"
    if words[0] in ("bank", "decision"):
        mode, words = words[0], words[1:]
    match = _DURATION.match(words[0]) if words else None
    if match is None:
        raise Refusal("chat.bad_clock")
    seconds = float(match.group(1)) * {"s": 1, "m": 60, "h": 3600}[match.group(2) or "s"]
    level = words[1] if len(words) > 1 else "easy"
    if level not in bot_names() or not 0 < seconds <= 7 * 24 * 3600:
        raise Refusal("chat.bad_clock")
    return {"mode": mode, "seconds": seconds, "level": level}


def clock_words(clock: dict | None, lang: str) -> str:
    if not clock:
        return i18n.text(lang, "clock.none")
    seconds = int(clock["seconds"])
    amount = f"{seconds // 60} min" if seconds % 60 == 0 and seconds >= 60 else f"{seconds} s"
    return i18n.text(lang, f"clock.{clock['mode']}", amount=amount)


OPEN_FROM = 10  # a game for this many or more has no top worth saying: "1 or more"


def players_range(low: int, high: int, lang: str) -> str:
    """How many may play, as people say it ("2 to 4", "1 or more", "exactly 2"), from
    the game's declared limits: a top of 100 is no real limit, and "1–100" reads odd."""
    if low == high:
        return i18n.text(lang, "lobby.range_exact", low=low)
    if high >= OPEN_FROM:
        return i18n.text(lang, "lobby.range_open", low=low)
    return i18n.text(lang, "lobby.range", low=low, high=high)


def _notation_ruled(game: str, error: GameError, notation: str) -> bool:
    """Whether ``game`` names a rule for its notation refusal ``error`` of ``notation``'s
    kind (its first word): a number the notation refuses may be one a rule forbids."""
    from boardgamesbot.help.why import refusal_passage

    if error.code != "bad_notation" or not notation.split():
        return False
    return refusal_passage(game, error.code, "en", notation.split()[0].lower()) is not None
