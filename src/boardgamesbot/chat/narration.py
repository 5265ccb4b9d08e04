"""Telling a chat what happens at its table: actions, whose turn it is (with a picture
and buttons), hidden choices made, scoring, clock reminders, the end.

Mixed into `Conversation`: one *follower* task per table watches it as a
spectator, like a browser's WebSocket, and posts what each burst of table
messages means. What a chat was last told (the last event, the version last
prompted) is kept in ``chat_games``, so a restarted bot neither repeats itself nor
misses anything.

A scoring is announced per action that changed the scores (found in the actions a
look tells, `Service.scorings`), with the table as it was right after it: a look
that takes in two scorings at once (a follower busy drawing the last one's pictures
while people play on) announces both.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from boardgamesbot.engine import load_game

from . import games, i18n, images
from .basics import Person, Place, Seat
from .living import Told, autopilot, played_for, to_call, winners_line

log = logging.getLogger(__name__)

HOLD_LINES, HOLD_SECONDS = 30, 20.0  # computer players' actions told at most this late


@dataclass
class Follower:
    """A table being followed: its task and its pending clock reminder."""

    task: asyncio.Task
    reminder: asyncio.TimerHandle | None = None
    held: list[str] = field(default_factory=list)  # lines waiting for the next post
    held_since: float = 0.0
    held_through: int = 0  # the last event the held lines tell


class Narration:
    """Following tables (a part of `Conversation`)."""

    def follow(self, table_id: str) -> None:
        if table_id in self.followers:
            return
        task = asyncio.get_running_loop().create_task(self._follow(table_id))
        self.followers[table_id] = Follower(task)

    async def _follow(self, table_id: str) -> None:
        try:
            while True:
                subscription = await self.service.watch(table_id)
                try:
                    async for batch in subscription.batches():
                        try:
                            if await self._tell(table_id, batch):
                                return
                        except asyncio.CancelledError:
                            raise
                        except Exception:  # noqa: BLE001 - keep following whatever one post did
                            log.exception("telling the chat about table %s failed", table_id)
                finally:
                    subscription.close()
                # The service dropped a watcher that fell behind (a slow network): watch
                # again; events already told are skipped.
                await asyncio.sleep(1.0)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("following table %s failed", table_id)
        finally:
            follower = self.followers.pop(table_id, None)
            if follower and follower.reminder:
                follower.reminder.cancel()

    async def caught_up(self) -> None:
        """Wait until every event of the tables followed so far has been told (for a clean
        stop, and tests): a move reaches the chat through the table's watcher, after the
        tap or message that made it was answered, so waiting for the answer and for the
        drawings under way is not enough on a loaded machine."""
        while True:
            behind = False
            for table_id, follower in list(self.followers.items()):
                events = await self.service.events(table_id)
                game = self.store.game(table_id)
                if not events or game is None or game["status"] != "playing":
                    continue
                told = max(game["last_event"], follower.held_through)
                behind = behind or told < events[-1]["n"]
            if not behind:
                return
            await asyncio.sleep(0.02)

    async def _tell(self, table_id: str, batch: list[dict]) -> bool:
        """Post what ``batch`` (events and states) means for the chat; True when over."""
        game = self.store.game(table_id)
        if game is None or game["status"] != "playing":
            return True
        chat_id = game["chat_id"]
        lang = self.chat_lang(chat_id)
        names = await self.names(table_id)
        follower = self.followers.get(table_id)
        held = follower.held if follower else []
        # The database keeps the last event *told*: lines held back are not, so a bot that
        # restarts before posting them narrates their events again from the table's log.
        last_event = follower.held_through if held else game["last_event"]
        # Each line with the number of the last action told with or before it (0: held
        # from an earlier look), so that a scoring takes the lines up to its action.
        told: list[tuple[int, str]] = [(0, line) for line in held]
        over = None
        held.clear()
        move: tuple[int | None, str | None] = (None, None)
        number, numbers = 0, []
        event_of: dict[int, int] = {}  # action number -> the event that told it
        states = [m for m in batch if m.get("type") == "state"]
        state = states[-1] if states else None
        summary = (await self.service.summary(table_id)) if state is None else state["table"]
        name = summary["game"]
        for message in batch:
            if message.get("type") != "events":
                continue
            # Sorted: a step's hidden choices are released with the action that ends it,
            # after it in the message but before it in the table's log.
            for event in sorted(message["events"], key=lambda e: e["n"]):
                if event["n"] <= last_event:
                    continue
                last_event = event["n"]
                if event["type"] == "over":
                    over = event
                else:
                    if event["type"] == "action":
                        self.count_move(table_id, event, len(summary["seats"]))
                        move = (event.get("seat"), event["notation"])
                        number = event["number"]
                        numbers.append(number)
                        event_of[number] = event["n"]
                    line = self.told_line(event, names, lang, summary)
                    if line is not None:
                        told.append((number, line))
        scorings = await self.service.scorings(table_id, min(numbers), max(numbers)) \
            if numbers else []
        if state is not None and over is None:
            # (after the actions that led to it: "Ana draws a volcano: every player scores
            # in turn" where the picture alone showed it, in a banner)
            moment = self.moment_line(table_id, name, state["view"], lang, summary,
                                      scorings[-1]["view"] if scorings else None)
            if moment is not None:
                told.append((number, moment))
        updates: dict[str, Any] = {"last_event": last_event}
        if over is not None:
            # The action that ends the game scores in the end's announcement.
            scorings = [s for s in scorings if s["number"] != max(numbers)]
        if self.living:
            return await self._tell_in_place(table_id, game, state, told, move, over, updates,
                                             scorings, name)
        for scoring in scorings:
            lines = [line for n, line in told if n <= scoring["number"]]
            told = [(n, line) for n, line in told if n > scoring["number"]]
            await self._announce_scoring(table_id, chat_id, name, scoring,
                                         self.condensed(table_id, name, lines, lang, names),
                                         lang)
        lines = [line for _, line in told]
        if state is None:
            if lines:
                await self.say(chat_id, "\n".join(self.condensed(table_id, name, lines, lang,
                                                                 names)))
            self.store.update_game(table_id, **updates)
            return False
        if over is not None or summary["status"] == "over":
            await self._announce_end(table_id, chat_id, summary, state,
                                     self.condensed(table_id, name, lines, lang, names), lang)
            return True
        awaited = list(state["to_act"])
        if awaited != (game["awaited"] or []) or state["state_id"] > game["prompted"]:
            await self._prompt(table_id, game, state, awaited, lines, lang, move[0])
            updates.update(prompted=state["state_id"], awaited=awaited)
        elif lines:
            await self.say(chat_id, "\n".join(self.condensed(table_id, name, lines, lang,
                                                             names)))
        if follower is not None:
            if follower.held:
                follower.held_through = updates.pop("last_event")
                if scorings:  # told through the last one: a restarted bot does not repeat it
                    updates["last_event"] = event_of[scorings[-1]["number"]]
            else:
                follower.held_since = 0.0
        self.store.update_game(table_id, **updates)
        await self._arm_reminder(table_id, state, lang)
        return False

    async def _tell_in_place(self, table_id: str, game: dict, state: dict | None,
                             told: list[tuple[int, str]], move: tuple[int | None, str | None],
                             over: dict | None, updates: dict[str, Any],
                             scorings: list[dict], name: str) -> bool:
        """`_tell` where the network edits a living message (`LivingTable`): no held
        lines, no picture per turn; new messages only to call people, for each scoring
        and at the end."""
        chat_id = game["chat_id"]
        lang = self.chat_lang(chat_id)
        await self.recall_story(table_id, game["last_event"])
        lines = [line for _, line in told]
        if move[1] is not None:
            self._remember_move(table_id, *move)
        if scorings:
            self.story(table_id).extend(lines)
            lines = []
        announced = False
        for scoring in scorings:
            text = await self.scoring_text(table_id, name, scoring, lang)
            if await self.album(table_id, chat_id, name, text, lang, scoring["view"]):
                announced = True
                continue
            # A scoreboard of words alone where everyone still has their starting points
            # ("Pontos: Ana 0 · Bob 0 · Cy 0", a volcano round that scored nobody) is nothing
            # a friend need read, but what the game says of the moment (a season's end, its
            # stars) is news whatever the totals: a solo sheet back at 0 after its season.
            if not await self.service.points_won(table_id, scoring["scores"]):
                text = await self.scoring_text(table_id, name, scoring, lang, board=False)
            if text:
                await self.say(chat_id, text)  # (silent: the next decision's call rings)
                announced = True
        if state is None:
            self.story(table_id).extend(lines)
            self.store.update_game(table_id, **updates)
            return False
        summary = state["table"]
        if over is not None or summary["status"] == "over":
            self.story(table_id).extend(lines)
            await self._announce_end(table_id, chat_id, summary, state, [], lang)
            return True
        if not lines and state["state_id"] <= game["prompted"] \
                and list(state["to_act"]) == (game["awaited"] or []):
            self.store.update_game(table_id, **updates)
            return False  # told already (a restarted bot watching again): nothing new
        await self.tell_living(table_id, game, state, lines, move, hold=not announced)
        updates.update(prompted=state["state_id"], awaited=list(state["to_act"]))
        self.store.update_game(table_id, **updates)
        await self._arm_reminder(table_id, state, lang)
        return False

    async def scoring_text(self, table_id: str, game: str, scoring: dict, lang: str,
                           board: bool = True) -> str:
        """A scoring's scoreboard (`Service.scorings`), after the moment its view began, as
        the game says it (`Game.moment_words`: which season ended, what scored in it) —
        the board's totals alone left that to the pictures. ``board=False``: the moment
        alone ("" when the game says none)."""
        began = load_game(game).moment_words(scoring["view"], lang,
                                             await self.names(table_id, lang), begins=True)
        if not board:
            return began or ""
        scores = await self.score_text(table_id, lang, scoring["scores"])
        return scores if not began else f"{began}\n{scores}"

    def moment_line(self, table_id: str, game: str, view: dict, lang: str,
                    summary: dict, scored: dict | None = None) -> Told | None:
        """A line of the story for the moment of play the table is in now (a spectator's
        ``view``; `Game.moment_words`), when it is news: how it began, once ("Ana draws a
        volcano: every player scores in turn."), then how it stands whenever that changes
        ("Volcano! Scoring round: Bea spends 10 AP, then scores."). None in an ordinary
        turn, and when the chat was told already — or is told it with a scoring taken in
        at the same look (``scored``: its view; a season's end said over its scoreboard)."""
        rules = load_game(game)

        def said(other: str, begins: bool) -> str | None:  # (told again in another language)
            return rules.moment_words(view, other, self.names_at(summary, other), begins)

        names = self.names_at(summary, lang)
        began = rules.moment_words(view, lang, names, begins=True)
        now = rules.moment_words(view, lang, names)
        told_began, told_now = self.store.moment(table_id)
        if (began, now) != (told_began, told_now):
            self.store.set_moment(table_id, began, now)
        if began and began != told_began and (
                scored is None or began != rules.moment_words(scored, lang, names, begins=True)):
            return Told(began, lambda other: said(other, True))
        if now and now != told_now:
            return Told(now, lambda other: said(other, False))
        return None

    def condensed(self, table_id: str, game: str, lines: list[str], lang: str,
                  names: dict[int, str]) -> list[str]:
        """``lines`` with each computer player's turn (its actions in a row, told at
        once) on one line, as the game says a turn in few words (`Game.turn_words`: what
        changed on the board; else each action's words, one after the other): not one
        line per action, a phone's screenful. Its lines in full are the table's
        `turn_detail`, for 'status'."""
        out: list[str] = []
        run: list[Told] = []

        def flush() -> None:
            if len(run) < 2:
                out.extend(run)
            else:
                events = [told.event for told in run]

                def said(other: str, events: list[dict] = events) -> str:
                    infos = [event.get("info") for event in events]
                    phrases = load_game(game).turn_words(infos, other, names) \
                        if all(infos) else None
                    if phrases is None:
                        phrases = [games.action_words(game, event, other, names=names)
                                   for event in events]
                    return i18n.text(other, "event.action", action="; ".join(phrases),
                                     who=names.get(events[0]["seat"], "?"))

                out.append(Told(said(lang), said))
                self.turn_detail[table_id] = list(run)
            run.clear()

        for line in lines:
            event = getattr(line, "event", None)
            by_bot = event is not None and event.get("type") == "action" and \
                event.get("by") == "bot"
            if run and not (by_bot and run[0].event.get("seat") == event.get("seat")):
                flush()  # (the run is over: another seat, or no computer's action)
            if by_bot:
                run.append(line)  # type: ignore[arg-type]
            else:
                out.append(line)
        flush()
        return out

    def told_line(self, event: dict, names: dict[int, str], lang: str,
                  summary: dict) -> Told | None:
        """`event_line` as a line of the story (``summary``: the table's), which can be
        told again in a reader's language: computer players' names too."""
        game = summary["game"]
        line = self.event_line(event, names, lang, game)
        if not line:
            return None
        return Told(line, lambda other: self.event_line(event, self.names_at(summary, other),
                                                        other, game), event)

    def event_line(self, event: dict, names: dict[int, str], lang: str,
                   game: str) -> str | None:
        """One line of the story: an action in the game's words, as the browser's log
        says it ("Bea: builds a camp on C5 (5 AP)"), never in its notation."""
        who = names.get(event.get("seat"), "?")
        kind = event["type"]
        if kind == "action":
            by = event.get("by", "person")
            key = {"person": "event.action", "bot": "event.action",
                   "autopilot": "event.autopilot_action", "clock": "event.clock_action"
                   }.get(by, "event.action")
            return i18n.text(lang, key, who=who,
                             action=games.action_words(game, event, lang, names=names))
        if kind == "undo":
            # (what was taken back quoted as its button asked for it: "Build a camp on C5")
            return i18n.text(lang, "event.undo", who=who, action=games.action_words(
                game, event, lang, "button", names))
        if kind == "autopilot":
            if event.get("level"):
                return i18n.text(lang, "event.autopilot_on", who=who,
                                 level=i18n.text(lang, f"level.{event['level']}"))
            return i18n.text(lang, "event.autopilot_off", who=who)
        return None

    async def _prompt(self, table_id: str, game: dict, state: dict, awaited: list[int],
                      lines: list[str], lang: str, actor: int | None = None) -> None:
        """Tell the chat whose decision it is: a picture when a new decision begins,
        buttons for the people awaited; bots' turns only as their actions. Those it calls
        (`to_call`: not ``actor``, whose own action began it) are mentioned, with sound."""
        chat_id = game["chat_id"]
        name = state["table"]["game"]
        seats = self.store.seats_of(table_id)
        people = [s for s in awaited if s in seats and not played_for(state, s)]
        names = await self.names(table_id)
        before = set(game["awaited"] or [])
        together = len(awaited) > 1
        if awaited and set(awaited) < before:
            # Someone chose in a simultaneous step: say so, never what they chose.
            waiting = ", ".join(names[s] for s in awaited)
            await self.say(chat_id, "\n".join(lines + [i18n.text(lang, "turn.waiting",
                                                                  who=waiting)]))
            return
        if not people:
            # Computer players' actions are told together with the next person's turn
            # (a bot's turn may be a dozen actions), or after a while.
            follower = self.followers.get(table_id)
            if follower is not None and len(lines) < HOLD_LINES:
                follower.held_since = follower.held_since or time.monotonic()
                if time.monotonic() - follower.held_since < HOLD_SECONDS:
                    follower.held[:] = lines
                    return
            if lines:
                await self.say(chat_id, "\n".join(self.condensed(table_id, name, lines, lang,
                                                                 names)))
            return
        lines = self.condensed(table_id, name, lines, lang, names)
        if set(awaited) == before and len(people) == 1 and \
                (await self.service.state(table_id, people[0]))["can_undo"]:
            # The same person goes on with their turn: what happened and their next menu.
            seat = people[0]
            person = Person(seats[seat]["user_id"], seats[seat]["name"])
            text, buttons, _ = await self.menu(Seat(table_id, seat, chat_id), person, [], lang,
                                            chat_id)
            await self.say(chat_id, "\n".join(lines + [text]), buttons,
                           menu_for=person.user_id)
            return
        called = to_call(people, actor, self.watching(table_id))
        mentions = ", ".join(self.transport.mention(seats[s]["user_id"], seats[s]["name"])
                             if s in called else names[s] for s in people)
        key = "turn.together" if together else "turn.yours"
        caption = "\n".join(lines + [i18n.text(lang, key, who=mentions)])
        quiet = not called
        group_view = (await self.service.state(table_id, None))["view"]
        if not together:
            # One person: the picture carries their menu, which need not name them
            # again under "Your turn, Ana!".
            seat = people[0]
            person = Person(seats[seat]["user_id"], seats[seat]["name"])
            text, buttons, _ = await self.menu(Seat(table_id, seat, chat_id), person, [], lang,
                                            chat_id, named=False)
            await self.show(chat_id, name, group_view, caption + "\n" + text, buttons,
                            menu_for=person.user_id, seat=seat, table_id=table_id,
                            silent=quiet)
            return
        await self.show(chat_id, name, group_view, caption, table_id=table_id, silent=quiet)
        opened = []  # people the bot has just opened a direct chat with
        for seat in people:
            if not await self.service.notations(table_id, seat):
                # They chose already (typed while the group's picture was on its way):
                # a menu now would ask "choose what to do:" over nothing.
                continue
            person = Person(seats[seat]["user_id"], seats[seat]["name"])
            # Each person's menu goes to their direct chat when possible: choices made
            # there stay hidden from the group until the step resolves.
            where, new = await self._direct(person.user_id, chat_id)
            where = where or chat_id
            menu_lang = lang if where == chat_id else self.lang_of(
                Place(self.network, where, True), person)
            text, buttons, _ = await self.menu(Seat(table_id, seat, chat_id), person, [],
                                            menu_lang, where)
            if where != chat_id:
                view = (await self.service.state(table_id, seat))["view"]
                try:
                    await self.show(where, name, view, text, buttons,
                                    menu_for=person.user_id, seat=seat, table_id=table_id)
                    if new:
                        opened.append(self.transport.mention(person.user_id, person.name))
                    continue
                except Exception:  # noqa: BLE001 - e.g. they never started a chat with the bot
                    log.info("no direct chat with %s; their menu goes to the group",
                             person.user_id)
                text, buttons, _ = await self.menu(Seat(table_id, seat, chat_id), person, [],
                                                lang, chat_id)
            await self.say(chat_id, text, buttons, menu_for=person.user_id)
        if opened:
            # Told once, when the chat is opened: later menus go there without a word.
            await self.say(chat_id, i18n.text(lang, "direct.opened", who=", ".join(opened)))

    async def _direct(self, user_id: str, group_id: str) -> tuple[str | None, bool]:
        """The person's direct chat, and whether the bot has just opened it (for a menu
        of a game in ``group_id``); (None, False) when there is none and the network (or
        the person) allows none."""
        try:
            found = await self.transport.direct_chat(user_id)
            if found is not None:
                return found, False
            opened = await self.transport.open_direct_chat(user_id)
        except Exception:  # noqa: BLE001 - no direct chat: the group it is
            log.warning("no direct chat with %s", user_id, exc_info=True)
            return None, False
        if opened is None:
            log.info("no direct chat with %s; their menus go to the group", user_id)
            return None, False
        group_lang = self.store.room(self.network, group_id)["lang"]
        if group_lang and not self.store.room(self.network, opened)["lang"]:
            # A chat the bot opened speaks the language set for the group it was opened
            # from (a person's own choice, 'lang' there, still comes first).
            self.store.set_room(self.network, opened, lang=group_lang)
        return opened, True

    async def _announce_scoring(self, table_id: str, chat_id: str, name: str, scoring: dict,
                                lines: list[str], lang: str) -> None:
        """A scoring (`Service.scorings`): the scoreboard, then each player's picture, as
        they were right after it."""
        # A scoring where everyone still has their starting points (a volcano round that
        # scored nobody) shows no scoreboard of zeros, as on Telegram (`points_won`): the
        # story, if there is one, is told without it, else no message at all.
        won = await self.service.points_won(table_id, scoring["scores"])
        told = await self.scoring_text(table_id, name, scoring, lang, board=won)
        text = "\n".join(lines + ([told] if told else []))
        names = await self.names(table_id, lang)
        view = scoring["view"]
        if not images.per_seat(name, view):  # one picture of the whole table, with the scores
            if text:
                await self.show(chat_id, name, view, text, table_id=table_id)
            return
        if text:
            await self.say(chat_id, text)
        for seat in sorted(names):
            await self.show(chat_id, name, view, i18n.text(lang, "score.sheet",
                                                           who=names[seat]),
                            seat=seat, table_id=table_id)

    async def result_lines(self, table_id: str, summary: dict, lang: str,
                           mention: bool = False) -> list[str]:
        """A finished table's result: the final scores best first, who won (a solo game:
        its rating), the replay's link — the people seated mentioned when ``mention``
        (the end itself; a result asked for again later rings nobody)."""
        names = await self.names(table_id, lang)
        result = summary.get("result") or {}
        scores = result.get("scores") or await self.service.scores(table_id) or []
        ranking = sorted(range(len(scores)), key=lambda s: -scores[s])
        # The end concerns every person seated, whoever was awaited last: each is
        # mentioned on the scoreboard (a pill in m.mentions on Matrix, which rings them
        # by .m.rule.is_user_mention rather than by the legacy display-name rule; a
        # mention on Telegram), computer players named plainly.
        seats = self.store.seats_of(table_id) if mention else {}
        shown = {s: self.transport.mention(seats[s]["user_id"], seats[s]["name"])
                 if s in seats else names[s] for s in ranking}
        board = "\n".join(f"{shown[s]}: {scores[s]}" for s in ranking)
        # A solo game is rated, not won (its final view has ``solo``): the rating and its
        # title, in the game's words, stand where a winner would.
        solo = ((await self.service.state(table_id, None))["view"] or {}).get("solo") \
            if len(scores) == 1 else None
        outcome = i18n.text(lang, "end.solo", rating=solo["rating"], title=load_game(
            summary["game"]).rating_title(solo["title"], lang)) if solo and solo.get("title") \
            else winners_line(lang, [names[s] for s in result.get("winners", [])])
        return [i18n.text(lang, "end.title"), board, outcome,
                i18n.text(lang, "end.replay", link=self.link("replay", table_id))]

    async def _announce_end(self, table_id: str, chat_id: str, summary: dict, state: dict,
                            lines: list[str], lang: str) -> None:
        # what to do next, as it must be typed there: nobody looks up the help
        end = await self.result_lines(table_id, summary, lang, mention=True) \
            + [i18n.text(lang, "end.again", game=summary["game"])]
        if self.living:
            # The result comes as a new message (with sound). A game of sheets: every
            # sheet as an album, and the living messages keep theirs, losing their menus.
            # A game drawn whole: the final board with the result, as the one table
            # message left (`end_living`). The last call to act goes: the end rings all.
            await self.drop_call(table_id, chat_id, set(), end=True)
            # An album carries no button: its caption points at 🔁 Play again on the
            # table's message above it rather than telling what to type.
            text = "\n".join(lines + end[:-1] + [i18n.text(lang, "end.again_button")])
            if await self.album(table_id, chat_id, summary["game"], text, lang,
                                silent=False):
                await self.close_living(table_id, chat_id)
            else:
                # (not the typed 'new GAME' hint: 🔁 Play again is right under it)
                await self.end_living(table_id, chat_id, summary["game"], end[:-1], lang)
            self.forget_story(table_id)
        else:
            if lines:
                # The last moves first, as news: the end, which rings everyone, opens
                # with the result — what a phone's notification shows of it — and not
                # with a computer player's last few moves.
                await self.say(chat_id, "\n".join(lines))
            view = (await self.service.state(table_id, None))["view"]
            await self.show(chat_id, summary["game"], view, "\n".join(end),
                            table_id=table_id, silent=False)
        self.store.finish_game(table_id)


    async def _arm_reminder(self, table_id: str, state: dict, lang: str) -> None:
        """Remind the people ``state`` awaits when a quarter of their time (at most a
        minute) is left — counted on the clock as it stands now, not on the state's: the
        state was made when their decision began, and telling it (a picture drawn, sent
        over a slow network, after the previous post) took part of their time. Under load
        that was more than the quarter, and a reminder counted from the state came after
        the computer had played for them."""
        follower = self.followers.get(table_id)
        if follower is None:
            return
        if follower.reminder:
            follower.reminder.cancel()
            follower.reminder = None
        if not state.get("clock"):
            return
        version, clock = await self.service.clock(table_id)
        if version != state["state_id"] or not clock:
            return  # the table moved on: its newer state is on its way, and arms its own
        seats = self.store.seats_of(table_id)

        def people(clock: dict) -> dict[int, float]:
            return {int(s): left for s, left in (clock.get("remaining") or {}).items()
                    if left is not None and int(s) in state["to_act"] and int(s) in seats
                    and not autopilot(state["table"], int(s))}

        then, now = people(state["clock"]), people(clock)
        if not then or not now:
            return
        # A quarter of the time they had when the state was made; a time too short for
        # it to leave anything before the reminder gets none (the call was just made).
        warn = min(60.0, max(3.0, min(then.values()) / 4))
        if min(then.values()) <= warn:
            return
        left = min(now.values())
        if left <= 0:
            return  # out of time already: the computer plays, and the chat is told
        # Telling the turn may have taken longer than the quarter: remind at once then.
        delay = max(0.0, left - warn)
        seconds = max(1, round(min(warn, left)))
        loop = asyncio.get_running_loop()

        def remind() -> None:
            loop.create_task(self._remind(table_id, version, list(now), seconds))

        follower.reminder = loop.call_later(delay, remind)

    def buttons_message(self, table_id: str, chat_id: str, user_ids: list[str]) -> str | None:
        """The message in ``chat_id`` holding the buttons of ``user_ids`` for the table, for
        a reminder to quote: the living message, where the network keeps one (a network
        that knows each person's menu message says so instead)."""
        return self.store.living(table_id, self.network, chat_id)

    async def _remind(self, table_id: str, version: int, seats: list[int], seconds: int) -> None:
        try:
            summary = await self.service.summary(table_id)
            if summary["state_id"] != version or summary["status"] != "playing":
                return
            game = self.store.game(table_id)
            held = self.store.seats_of(table_id)
            reminded = [held[s] for s in seats if s in summary["to_act"]]
            if reminded:
                # A reminder asks them to act before the computer does: like the call to
                # their turn it rings them (an m.text mentioning them on Matrix, sound on
                # Telegram) and quotes the message where their buttons are.
                chat_id = game["chat_id"]
                lang = self.chat_lang(chat_id)
                who = ", ".join(self.transport.mention(r["user_id"], r["name"])
                                for r in reminded)
                await self.say(chat_id, i18n.text(lang, "clock.reminder", who=who,
                                                  seconds=seconds), silent=False,
                               reply_to=self.buttons_message(
                                   table_id, chat_id, [r["user_id"] for r in reminded]))
        except Exception:  # noqa: BLE001
            log.exception("clock reminder for %s failed", table_id)

