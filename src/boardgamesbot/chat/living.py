"""One living message per table and chat: the board, what just happened, whose turn,
and the menu, edited as the game moves (a part of `Conversation`).

Used when the network can edit a picture in place (``transport.living``:
Telegram). A group then sees one message per table whose picture, caption
and buttons follow the game; new messages only call a person whose turn
begins (a mention, with sound), announce a scoring or the end. Everything
else is silent. When the living message has been buried under newer
messages, a new turn posts it again below them and the old one loses its
buttons, so only one message ever carries a live keyboard.

A step where everyone chooses at once (a drawing game's drawings) is a hidden
choice: in a group its menus are never shown, not even one word of them;
each seat gets a living message of its own in the private chat with the bot,
reached from the group by a deep link button (``/start PAYLOAD``).

How often a message is really edited is the adapter's business: Telegram
counts edits against a group's ~20 messages a minute, so the adapter
coalesces them (the latest wanted content wins).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any

from boardgamesbot.engine import load_game

from . import games, i18n, images
from .basics import Button, Person, Place, Seat
from .choices import rows_for

log = logging.getLogger(__name__)

STORY_LINES = 6  # the latest actions told in a caption at a table with nobody's turn to show
STORY_KEPT = 400  # lines of a table's story kept for its captions (the rest: 'log')
#: old calls to act deleted together (`LivingTable.drop_call`): at most this many less one
#: stay above the newest call, for one request where each took one
CALLS_PER_DELETION = 3
BURIED = 4  # newer messages in a chat after which a new turn posts the table again
ANSWERED = 1  # the computer's moves per other player, after a person's own, that still
#              leave them watching (each answered once: an auction's round of passes)
# Seconds at most that the table messages keep showing one computer player's turn while
# others' follow it (`LivingTable.tell_living`): several quick turns are one edit, a slow
# player's end is still told.
HELD_AT_MOST = 8.0
PICTURES_KEPT = 16  # pictures remembered (a few tables' current boards and previews)


class Told(str):
    """A line of a table's story, as told in the chat's language, that can be told again
    in another: a private caption speaks its reader's language, the story in it too (not
    the group's words beside their own)."""

    def __new__(cls, line: str, say: Callable[[str], str | None],
                event: dict | None = None) -> Told:
        told = super().__new__(cls, line)
        told.say = say
        told.event = event  # (the action it tells, if it tells one)
        return told

    def in_lang(self, lang: str) -> str:
        return self.say(lang) or str(self)


class Story:
    """A table's lines as told, and where each seat's latest turn began in them: a
    caption tells everything since the turn before each person's latest (`since`), so
    one who looks after two computers played sees both turns whole and their own before
    them — a caption of the last few lines lost the first computer's turn behind a long
    second one. Lines told together (`extend`: one look at the table) are one moment: a
    turn that begins among them begins with them — a step whose choices were hidden is
    told at once when it ends, the computer's drawing before the person's in the log,
    and theirs is no news from before."""

    def __init__(self) -> None:
        self.lines: deque[str] = deque(maxlen=STORY_KEPT)
        self.told = 0  # lines told in all, the forgotten ones too
        self.turns: dict[int, int] = {}  # seat -> the line its latest turn began with
        self.last_seat: int | None = None

    def extend(self, lines: list[str]) -> None:
        together = self.told
        for line in lines:
            event = getattr(line, "event", None)
            seat = event.get("seat") if isinstance(event, dict) else None
            if seat is not None:
                if seat != self.last_seat:  # (a scoring's line between keeps the turn)
                    self.turns[seat] = together
                self.last_seat = seat
            self.lines.append(line)
            self.told += 1

    def since(self, seats: list[int]) -> list[str]:
        """The lines since the earliest latest turn of ``seats`` (the people playing; from
        the start for one who has not played yet); with none, the latest `STORY_LINES`."""
        first = self.told - len(self.lines)  # the oldest line kept
        start = min((self.turns.get(s, 0) for s in seats), default=self.told - STORY_LINES)
        return list(self.lines)[max(0, start - first):]

    def __iter__(self):
        return iter(self.lines)


class LivingTable:
    """The living messages of the tables followed (a part of `Conversation`)."""

    def __init__(self) -> None:
        self._stories: dict[str, Story] = {}
        self._last_moves: dict[str, tuple[int | None, str | None]] = {}
        self._posted_at: dict[tuple[str, str], int] = {}  # when a living message was posted
        self._sent: dict[str, int] = {}  # messages sent per chat (to see one buried)
        self._pictures: OrderedDict[str, bytes | None] = OrderedDict()
        self._wishes: dict[tuple[str, str], int] = {}  # the latest refresh per message
        self._background: set[asyncio.Task] = set()
        # Per table: the seat of the latest move a person made, the computer's moves
        # since, and how many players sit at the table (`watching`).
        self._person_moves: dict[str, tuple[int, int, int]] = {}
        # (the calls to act still shown, and the old ones waiting to be deleted together,
        # are kept in the database: `ChatStore.calls`, `drop_call`)
        # Per table: the computer seat whose turn the table messages last showed, and
        # when they began to show it (`tell_living` holds what follows, for a while).
        self._computers_turn: dict[str, tuple[int, float]] = {}

    def in_background(self, work) -> None:
        """Run ``work`` (a refresh) after the current update is answered."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("refreshing a table message failed", exc_info=task.exception())

    async def settled(self) -> None:
        """Wait for the refreshes under way (for a clean stop, and tests)."""
        while self._background:
            await asyncio.gather(*self._background, return_exceptions=True)

    def _wish(self, table_id: str, chat_id: str) -> int:
        """Number this refresh of the table's message in ``chat_id``: asked for before
        any await, so the numbers follow the order of the taps and updates; a refresh
        overtaken by a later one gives up (latest state wins)."""
        key = (table_id, chat_id)
        self._wishes[key] = self._wishes.get(key, 0) + 1
        return self._wishes[key]

    @property
    def living(self) -> bool:
        return bool(getattr(self.transport, "living", False))

    def _loud(self, **extra: Any) -> dict:
        """Keyword arguments for `Transport.send` that only a transport with sounds takes
        (``sounds``: a living one, or Matrix, which rings for an ``m.text`` only)."""
        return extra if getattr(self.transport, "sounds", self.living) else {}

    def story(self, table_id: str) -> Story:
        """The lines told about ``table_id`` (kept in memory; after a restart, recalled
        from the game's record by `recall_story`)."""
        return self._stories.setdefault(table_id, Story())

    async def recall_story(self, table_id: str, told: int | None = None) -> None:
        """The story of ``table_id`` as it was told before this process began (a
        restart): the lines of the table's events up to ``told`` (the last one told the
        chat; None: as the chat's record says), read from the game's record — not a copy
        of its own. A restarted bot's caption began the story afresh, and a friend no
        longer saw the tile placed just before it. (Lines that are no event's, such as a
        scoring round's, are not recalled: the record has no such thing.)"""
        if table_id in self._stories:
            return
        game = self.store.game(table_id)
        if told is None:
            told = game["last_event"] if game is not None else 0
        story = Story()
        if game is not None and told:
            summary = await self.service.summary(table_id)
            lang = self.chat_lang(game["chat_id"])
            names = await self.names(table_id, lang)
            for event in await self.service.events(table_id):
                line = self.told_line(event, names, lang, summary) \
                    if event["n"] <= told else None
                if line is not None:
                    story.extend([line])
        self._stories.setdefault(table_id, story)

    def forget_story(self, table_id: str) -> None:
        """The table is over and its last captions are written: its story is forgotten
        (hundreds of lines a game, kept for every table a long-running bot has seen)."""
        self._stories.pop(table_id, None)

    def last_move(self, table_id: str) -> tuple[int | None, str | None]:
        return self._last_moves.get(table_id, (None, None))

    def _remember_move(self, table_id: str, seat: int | None, notation: str) -> None:
        self._last_moves[table_id] = (seat, notation)

    def count_move(self, table_id: str, event: dict, players: int) -> None:
        """An action told, in the table's order (however the follower's looks batch them),
        at a table of ``players``: who made the latest move of a person, and how many the
        computer made since."""
        if event.get("by", "person") == "person":
            self._person_moves[table_id] = (event.get("seat"), 0, players)
        elif table_id in self._person_moves:
            seat, since, players = self._person_moves[table_id]
            self._person_moves[table_id] = (seat, since + 1, players)

    def watching(self, table_id: str) -> int | None:
        """The seat whose person made the latest move of a person at the table, when the
        computer has made at most `ANSWERED` moves per other player since (each one's
        answer — an auction's pass — not a turn of its own, which is two moves at least):
        they are still holding their phone (`to_call`). One friend with two computer
        players was rung right after each bid or pass, both computers having passed."""
        seat, since, players = self._person_moves.get(table_id, (None, 0, 2))
        return seat if since <= ANSWERED * max(1, players - 1) else None

    def hidden_step(self, game: str, chat_id: str) -> bool:
        """Are the choices of this game's steps hidden from a group? (In a game where
        everyone chooses at once they are, until the step resolves.)"""
        return games.simultaneous(game) and not self._is_direct(chat_id)

    def _is_direct(self, chat_id: str) -> bool:
        direct = getattr(self.transport, "is_direct", None)
        return bool(direct and direct(chat_id))

    # Telling a followed table's news ---------------------------------------------------

    async def tell_living(self, table_id: str, game: dict, state: dict, lines: list[str],
                          move: tuple[int | None, str | None], hold: bool = True) -> None:
        """The table moved to ``state``: tell its chat (and private views) in place.

        A computer player going on with a turn the table messages already show as its
        own (no menu, nobody to call) is told when the turn ends, in one edit, unless
        not ``hold`` (a scoring was just announced under it): a turn may be several
        actions, and each edit counts towards Telegram's ~20 sends a minute per group.
        So are the turns of other computer players after it, while a person still plays
        at the table (their next menu comes in the same edit): nobody acts on the
        moment one computer hands over to the next. Not for longer than `HELD_AT_MOST`:
        slow players' turns are told as they end rather than the table standing still."""
        chat_id = game["chat_id"]
        name = state["table"]["game"]
        lang = self.chat_lang(chat_id)
        story = self.story(table_id)
        story.extend(lines)
        awaited = list(state["to_act"])
        table = state["table"]
        computer = awaited[0] if len(awaited) == 1 and autopilot(table, awaited[0]) else None
        shown, since = self._computers_turn.get(table_id, (None, 0.0))
        if hold and computer is not None and shown is not None and move[0] is not None \
                and autopilot(table, move[0]) and (computer == shown == move[0] or (
                    time.monotonic() - since < HELD_AT_MOST
                    and not all(autopilot(table, s) for s in self.store.seats_of(table_id)))):
            return
        if computer is None:
            self._computers_turn.pop(table_id, None)
        else:
            self._computers_turn[table_id] = (computer, time.monotonic())
        seats = self.store.seats_of(table_id)
        people = [s for s in awaited if s in seats and not played_for(state, s)]
        before = set(game["awaited"] or [])
        hidden = self.hidden_step(name, chat_id)
        # Whose decision begins now: everyone awaited when a new step starts (someone who
        # was not awaited is again, or others played since), none while a step only loses
        # the seats that chose or a person goes on with their turn. A step where several
        # choose at once awaiting the same seats after a move is the next one: everyone
        # chose, the last ones in the same look as the new step (two friends confirming
        # at the same moment) — a seat that chose is not awaited again until then.
        others_played = move[0] is not None and move[0] not in awaited
        step_again = move[0] is not None and len(awaited) > 1
        begins = not set(awaited) <= before or (set(awaited) == before
                                                and (others_played or step_again))
        called = to_call(people if begins else [], move[0], self.watching(table_id))
        # (the table message first — posted anew when buried — then the call, quoting it:
        # tapping the quote lands on the picture holding the buttons)
        await self.refresh_group(table_id, turn_begins=bool(called))
        if called:
            await self._call_people(table_id, chat_id, [seats[s] for s in called], hidden,
                                    lang, set(awaited))
        if hidden:
            # Each person's private view: a menu for those awaited, the news (and no
            # more buttons) for those who have chosen.
            for seat, row in seats.items():
                if seat in people:
                    await self.refresh_private(table_id, seat, quiet=seat not in called)
                    continue
                where = await self.transport.direct_chat(row["user_id"])
                if where and self.store.living(table_id, self.network, where):
                    await self.refresh_private(table_id, seat, chat_id=where)

    async def _call_people(self, table_id: str, chat_id: str, rows: list[dict], hidden: bool,
                           lang: str, awaited: set[int]) -> None:
        """A new message, with sound, to the people whose decision begins: the only
        message of an ordinary turn (the board itself is edited). It quotes the table
        message and carries no button of its own: in a hidden step (everyone choosing in
        private at once) the 🔒 link is on the table message only, which the next hidden
        step edits, so the calls of past steps left above keep nothing that looks like it
        is still to be tapped — taking a button off each old call would cost an edit per
        step, which Telegram counts as a send. How to choose in private is told at the
        table's first such call; the next (a card's, some forty a game) are one short line,
        not the same long sentence filling the group's screen card after card.

        The call before it goes (`drop_call`) once those it called have acted or are
        called again: the group reads the table message and the latest call under it,
        not a game's worth of "Your turn" — which also buried the table message, posted
        anew every few turns then."""
        who = ", ".join(self.transport.mention(r["user_id"], r["name"]) for r in rows)
        if hidden and not self.store.first_how(table_id):  # (kept across a restart)
            text = i18n.text(lang, "turn.private_again", who=who)
        elif hidden:
            text = i18n.text(lang, "turn.private", who=who,
                             button=i18n.text(lang, "button.choose_private"))
        else:
            text = i18n.text(lang, "turn.yours", who=who)
        living_id = self.store.living(table_id, self.network, chat_id)
        call_id = await self.say(chat_id, text, silent=False, reply_to=living_id)
        called = {row["seat"] for row in rows}
        await self.drop_call(table_id, chat_id, awaited - called)
        if call_id is not None and hasattr(self.transport, "delete"):
            self.store.add_call(self.network, chat_id, table_id, call_id, called)

    async def drop_call(self, table_id: str, chat_id: str, awaited: set[int],
                        end: bool = False) -> None:
        """Delete the table's calls to act in ``chat_id`` (where the network can), but
        those calling someone among the seats still ``awaited``: their call stays until
        they act. Where the network deletes many messages in one request (Telegram's
        ``deleteMessages``), old calls wait until `CALLS_PER_DELETION` of them (or the
        game's ``end``) and go together: a deletion counts as a send among a group's
        twenty a minute, and was one in four of a card's sends in a game of hidden
        drawings. Both lists are in the database (`ChatStore.calls`): a restarted bot
        deletes the calls made before it (they stayed in the group for good)."""
        delete = getattr(self.transport, "delete", None)
        calls = self.store.calls(self.network, table_id, chat_id) if delete else []
        if not calls:
            if end:
                await self._delete_old_calls(chat_id)
            return
        gone = [call_id for call_id, seats in calls if not seats & awaited]
        if getattr(self.transport, "delete_many", None) is None:
            self.store.forget_calls(self.network, chat_id, gone)
            for call_id in gone:
                self._sent[chat_id] = max(0, self.sent_in(chat_id) - 1)  # it buries nothing
                self.in_background(self._tidy(chat_id, call_id, buries=True))
            return
        self.store.retire_calls(self.network, chat_id, gone)
        if end or len(self.store.old_calls(self.network, chat_id)) >= CALLS_PER_DELETION:
            await self._delete_old_calls(chat_id)

    async def _delete_old_calls(self, chat_id: str) -> None:
        """Delete the old calls to act waiting in ``chat_id``, in one request, after the
        update that asked for it is answered. Until then they still bury the table message
        (`sent_in`); once gone they no longer do."""
        ids = self.store.old_calls(self.network, chat_id)
        if not ids:
            return
        self.store.forget_calls(self.network, chat_id, ids)  # (asked once, come what may)

        async def tidy() -> None:
            if await self.transport.delete_many(chat_id, ids):  # type: ignore[attr-defined]
                self._sent[chat_id] = max(0, self.sent_in(chat_id) - len(ids))

        self.in_background(tidy())

    async def _tidy(self, chat_id: str, message_id: str, buries: bool = False,
                    keep_picture: bool = False) -> None:
        """Delete the bot's message ``message_id``, after the update that asked for it is
        answered (a deletion waits for the chat's pace like a send): tidying must never
        hold up a menu. Where it cannot be deleted it is counted again among the messages
        sent (``buries``), or loses its menu and keeps its picture (``keep_picture``)."""
        if await self.transport.delete(chat_id, message_id):
            return
        if buries:
            self.count_sent(chat_id)
        if keep_picture:
            self.transport.edit_living(chat_id, message_id, None, [], None)

    async def refresh_group(self, table_id: str, turn_begins: bool = False,
                            menu: tuple[str, list[list[Button]], str | None] | None = None,
                            ) -> None:
        """Bring the group's living message up to date: the board (or a preview), the
        story, and the menu of the one person awaited (none in a hidden step)."""
        game = self.store.game(table_id)
        chat_id = game["chat_id"]
        wish = self._wish(table_id, chat_id)
        lang = self.chat_lang(chat_id)
        state = await self.service.state(table_id, None)
        name = state["table"]["game"]
        seats = self.store.seats_of(table_id)
        # (not a person whose time ran out: the computer plays their turn out, an action
        # at a time, and a menu shown meanwhile would offer them what is no longer theirs)
        people = [s for s in state["to_act"] if s in seats and not played_for(state, s)]
        buttons: list[list[Button]] = []
        prompt = await self.status_line(table_id, lang)
        preview = None
        hidden = self.hidden_step(name, chat_id)
        if menu is not None:
            prompt, buttons, preview = menu
        elif len(people) == 1 and not hidden:
            row = seats[people[0]]
            person = Person(row["user_id"], row["name"])
            prompt, buttons, preview = await self.menu(
                Seat(table_id, people[0], chat_id), person, [], lang, chat_id)
        elif people and hidden:
            buttons = [[Button(i18n.text(lang, "button.choose_private"), "",
                               url=self.transport.deep_link(f"t{table_id}"))]]
        elif not people and (out := [s for s in state["to_act"] if s in seats
                                     and not autopilot(state["table"], s)]):
            # Their time ran out: the computer plays their decision out, an action at a time.
            names = await self.names(table_id, lang)
            prompt = i18n.text(lang, "status.clock_plays", who=", ".join(names[s] for s in out))
        buttons = self._with_leave(buttons, state, lang,
                                   self._board_button(table_id, chat_id, lang))
        seat, move = self.last_move(table_id)
        view = state["view"]
        if preview is not None:
            view = await self.service.preview_view(table_id, people[0], preview, None) or view
            move = preview
        caption = await self._caption(table_id, chat_id, lang, prompt, state["table"])
        picture_seat = seat if images.per_seat(name, view) else None
        await self._living_post(table_id, chat_id, name, view, picture_seat, move, caption,
                                buttons, lang, turn_begins, wish)

    async def refresh_private(self, table_id: str, seat: int, quiet: bool = True,
                              prefix: list[str] | None = None, chosen: str | None = None,
                              chat_id: str | None = None) -> bool:
        """The seat's private living message (their own view, their menu); False when
        the person has no private chat with the bot yet (they reach it by the group's
        deep link button)."""
        game = self.store.game(table_id)
        row = self.store.seats_of(table_id)[seat]
        where = chat_id or await self.transport.direct_chat(row["user_id"])
        if where is None:
            return False
        wish = self._wish(table_id, where)
        person = Person(row["user_id"], row["name"])
        lang = self.private_lang(where, person, game["chat_id"])
        state = await self.service.state(table_id, seat)
        name = state["table"]["game"]
        if seat in state["to_act"] and not played_for(state, seat):
            prompt, buttons, preview = await self.menu(
                Seat(table_id, seat, game["chat_id"]), person, prefix or [], lang, where,
                chosen)
        else:
            prompt, buttons, preview = await self.status_line(table_id, lang), [], None
        board = self._board_button(table_id, where, lang)
        if board is not None:
            buttons = buttons + [[board]]
        view, move = state["view"], self.last_move(table_id)[1]
        if preview is not None:
            view = await self.service.preview_view(table_id, seat, preview, seat) or view
            move = preview
        caption = await self._caption(table_id, where, lang, prompt, state["table"])
        try:
            await self._living_post(table_id, where, name, view, None, move, caption,
                                    buttons, lang, not quiet, wish)
        except Exception:  # noqa: BLE001 - e.g. they never started the bot, or blocked it
            log.info("no private view for %s: they have not started the bot",
                     row["user_id"])
            return False
        return True

    def _with_leave(self, buttons: list[list[Button]], state: dict, lang: str,
                    board: Button | None) -> list[list[Button]]:
        """The group's table message: the menu, then 🗺 the board (where the network opens
        it), and 🚪 Leave for whoever still plays there (a tap asks to confirm:
        `Commands.leave_by_tap`) beside ← Back or the board — the keyboard a row taller
        at most."""
        seats = self.store.seats_of(state["table"]["id"])
        last = [board] if board is not None else []
        if any(not autopilot(state["table"], s) for s in seats):
            leave = Button(i18n.text(lang, "button.leave"), "l")
            back = i18n.text(lang, "button.back")
            if buttons and len(buttons[-1]) == 1 and buttons[-1][0].label == back:
                buttons = buttons[:-1] + [[buttons[-1][0], leave]]
            else:
                last.append(leave)
        # (side by side where both fit a phone's row whole)
        return buttons + [[last[i] for i in row] for row in rows_for([b.label for b in last])]

    def private_lang(self, where: str, person: Person, group_id: str) -> str:
        """The language of ``person``'s private chat ``where``, for a table of the group
        ``group_id``: their own or the chat's, once set; else the group's — the bot may
        write there before they ever did (their first sheet), and knows nothing of their
        client then, so speaks as the table does rather than in the default English."""
        return self.lang_of(Place(self.network, where, True), person,
                            default=self.chat_lang(group_id))

    def _board_button(self, table_id: str, chat_id: str, lang: str) -> Button | None:
        """"Open the board" (the browser table, inside the network) where it can."""
        make = getattr(self.transport, "board_button", None)
        if make is None:
            return None
        return make(table_id, self._is_direct(chat_id), i18n.text(lang, "button.open_board"))

    def story_in(self, table_id: str, lang: str, table: dict) -> list[str]:
        """The lines told about ``table_id`` since the turn before each person's latest
        (`Story.since`; ``table``: its summary, who plays for whom), in ``lang``."""
        people = [s for s in self.store.seats_of(table_id) if not autopilot(table, s)]
        return [line.in_lang(lang) if isinstance(line, Told) else line
                for line in self.story(table_id).since(people)]

    async def _caption(self, table_id: str, chat_id: str, lang: str, prompt: str,
                       table: dict) -> str:
        await self.recall_story(table_id)
        names = await self.names(table_id, lang)
        scores = await self.service.scores_told(table_id) or []
        tail = [prompt]
        if scores:
            tail.insert(0, i18n.text(lang, "living.scores", scores=" · ".join(
                f"{names[s]} {points}" for s, points in enumerate(scores))))
        return self.folded(chat_id, lang, self.story_in(table_id, lang, table), tail)

    def folded(self, chat_id: str, lang: str, story: list[str], tail: list[str]) -> str:
        """``story`` then ``tail`` as one caption within the network's length
        (``fits_caption``), its earliest lines folded into "… N more" with the command
        that lists them all, when they do not fit: cut silently, a turn lost its start
        and nobody knew."""
        fits = getattr(self.transport, "fits_caption", None)
        text = "\n".join([*story, *tail])
        hidden = 0
        while fits is not None and not fits(text) and hidden < len(story):
            hidden += 1
            more = self.as_typed(chat_id, i18n.text(lang, "living.folded", count=hidden))
            text = "\n".join([more, *story[hidden:], *tail])
        return text  # (a prompt too long alone: the network shortens its last line)

    async def _living_post(self, table_id: str, chat_id: str, name: str, view: dict,
                           seat: int | None, move: str | None, caption: str,
                           buttons: list[list[Button]], lang: str, turn_begins: bool,
                           wish: int) -> None:
        known = await self.names(table_id, lang)
        names = [known[s] for s in sorted(known)]
        png = await self._picture(name, view, seat, names, lang, move)
        if wish != self._wishes.get((table_id, chat_id)):
            return  # a later tap or move asked for newer content meanwhile
        message_id = self.store.living(table_id, self.network, chat_id)
        posted = self._posted_at
        # Unknown after a restart: posted again at the next turn, to be sure it is seen.
        buried = self.sent_in(chat_id) - posted.get((table_id, chat_id), -BURIED) >= BURIED
        if message_id is not None and not (turn_begins and buried):
            self.transport.edit_living(chat_id, message_id, caption, buttons, png)
            return
        new_id = await self.say(chat_id, caption, buttons, image=png)
        if new_id is None:
            return
        if message_id is not None:
            # The table moved down: the old message keeps its picture, loses its buttons.
            self.transport.edit_living(chat_id, message_id, None, [], None)
        self.store.set_living(table_id, self.network, chat_id, new_id)
        posted[(table_id, chat_id)] = self.sent_in(chat_id)

    async def _picture(self, name: str, view: dict, seat: int | None, names: list[str],
                       lang: str, move: str | None) -> bytes | None:
        """`images.picture`, remembered for the last few pictures: a tap that only
        narrows a menu shows the same board, and answering it should not wait for a
        new raster (~150 ms)."""
        key = json.dumps([name, view, seat, names, lang, move], sort_keys=True)
        if key in self._pictures:
            self._pictures.move_to_end(key)
            return self._pictures[key]
        png = await asyncio.to_thread(images.picture, name, view, seat, names, lang, move)
        self._pictures[key] = png
        while len(self._pictures) > PICTURES_KEPT:
            self._pictures.popitem(last=False)
        return png

    def sent_in(self, chat_id: str) -> int:
        return self._sent.get(chat_id, 0)

    def count_sent(self, chat_id: str) -> None:
        self._sent[chat_id] = self._sent.get(chat_id, 0) + 1

    # The end of a table ----------------------------------------------------------------

    async def end_living(self, table_id: str, chat_id: str, name: str, result: list[str],
                         lang: str) -> None:
        """The end of a game drawn as one picture: the final board with the story's last
        lines and the ``result`` lines under it and 🔁 Play again, as a new message that
        rings everyone, takes the place of the group's living message — which goes (it
        showed the board before the last moves, a second "final" board above the real
        one), or, when the network cannot remove it, keeps its picture and loses its
        menu. Private living messages close as in `close_living`."""
        state = await self.service.state(table_id, None)
        again = [[Button(i18n.text(lang, "button.play_again"), f"r:{table_id}")]]
        old = self.store.living(table_id, self.network, chat_id)
        # The story's last lines (the final scoring turn, a computer's last moves) come
        # with the result: the message that told them goes, and the end showed the result
        # alone — the game's last moves lost.
        await self.recall_story(table_id)
        text = self.folded(chat_id, lang, self.story_in(table_id, lang, state["table"]),
                           result)
        new_id = await self.show(chat_id, name, state["view"], text, again,
                                 table_id=table_id, silent=False)
        if new_id is None:  # (not sent: the table message stays the last word)
            await self.close_living(table_id, chat_id)
            return
        self.store.set_living(table_id, self.network, chat_id, new_id)
        if old is not None and old != new_id:
            if hasattr(self.transport, "delete"):
                self.in_background(self._tidy(chat_id, old, keep_picture=True))
            else:
                self.transport.edit_living(chat_id, old, None, [], None)
        await self.close_living(table_id, chat_id, group=False)

    async def close_living(self, table_id: str, chat_id: str, group: bool = True) -> None:
        """The game is over: the living messages of the group ``chat_id`` (unless not
        ``group``) and of each person's private chat keep their picture and lose their
        menus; each caption tells the latest moves and the end in its reader's language
        (a private sheet spoke its reader's all game long). The group's gets 🔁 Play again
        (a rematch by a tap: `Commands.play_again`)."""
        summary = await self.service.summary(table_id)
        result = summary.get("result") or {}
        scores = result.get("scores") or await self.service.scores(table_id) or []
        readers = [(chat_id, self.chat_lang(chat_id))] if group else []
        for row in self.store.seats_of(table_id).values():
            where = await self.transport.direct_chat(row["user_id"])
            if where and where != chat_id:  # (a game played in a private chat: told above)
                person = Person(row["user_id"], row["name"])
                readers.append((where, self.private_lang(where, person, chat_id)))
        for where, lang in readers:
            message_id = self.store.living(table_id, self.network, where)
            if message_id is not None:
                await self.recall_story(table_id)
                # The scores said under "Final scores:" — which ended the caption, pointing
                # at nothing, when the album or the final board below had them.
                names = self.names_at(summary, lang)
                ranking = sorted(range(len(scores)), key=lambda s: -scores[s])
                caption = self.folded(
                    where, lang, self.story_in(table_id, lang, summary),
                    [i18n.text(lang, "end.title")]
                    + [f"{names[s]}: {scores[s]}" for s in ranking]
                    + [winners_line(lang, [names[s] for s in result.get("winners", [])])])
                again = [[Button(i18n.text(lang, "button.play_again"), f"r:{table_id}")]]
                self.transport.edit_living(where, message_id, caption,
                                           again if where == chat_id else [], None)

    async def album(self, table_id: str, chat_id: str, name: str, caption: str,
                    lang: str, view: dict | None = None, silent: bool = True) -> bool:
        """Every seat's part of the table (each seat's sheet) as one album with
        ``caption``, from the spectator's ``view`` (default: the table now), ``silent``
        but at the end (`to_call`); False when the game draws the whole table in one
        picture."""
        if view is None:
            view = (await self.service.state(table_id, None))["view"]
        if not images.per_seat(name, view) or not hasattr(self.transport, "send_album"):
            return False
        known = await self.names(table_id, lang)
        if not 2 <= len(known) <= 10:  # an album holds 2 to 10 pictures (solo: the living
            return False               # message shows the one sheet already)
        names = [known[s] for s in sorted(known)]
        pictures = []
        for seat in sorted(known):
            png = await asyncio.to_thread(images.picture, name, view, seat, names, lang)
            if png is None:
                return False
            pictures.append((png, i18n.text(lang, "score.sheet", who=known[seat])))
        await self.transport.send_album(chat_id, pictures, caption, silent=silent)
        self.count_sent(chat_id)
        return True


def winners_line(lang: str, winners: list[str]) -> str:
    """Who won, a tie's winners said as several ("🏆 Guanyen: Ana, Cy", not "Guanya")."""
    key = "end.winners" if len(winners) > 1 else "end.winner"
    return i18n.text(lang, key, who=", ".join(winners) or "-")


def to_call(beginning: list[int], actor: int | None, watching: int | None = None,
            ) -> list[int]:
    """Who among the seats whose decision ``beginning`` is hears it, with a mention and a
    sound: the chat's one rule for sounds, for every game and network.

    Friends play on phones: a sound only when they must act and could not know it. A
    decision that begins after others played (the next player's turn, the next card
    once everyone drew) calls those it awaits — except ``actor``, whose own action
    began it: the last drawing of a step brings the next card under the eyes of who
    drew it — and ``watching`` (`LivingTable.watching`), whose own move the computer only
    answered (one move of its own, as a pass in an auction) before the decision came
    back to them: a bid, a computer's instant pass, then taking the tile rang the bidder
    a second time right after their tap. Counted in moves, not seconds, so it does not
    depend on how the follower's looks batch them. A turn that goes on, a step that only
    loses the seats that chose, the news of a move, a scoring (the next card's call
    follows it) come silently; the game's end rings everyone. Telegram:
    ``disable_notification`` for silence; Matrix: an ``m.notice`` (which no default push
    rule rings, mention or not) for silence, an ``m.text`` mentioning them for a call."""
    return [seat for seat in beginning if seat not in (actor, watching)]


def label_of(game_name: str, prefix: list[str], notation: str, lang: str,
             view: dict | None = None) -> str | None:
    """The game's own words for a button (`Game.choice_label`), in the chooser's ``view``."""
    return load_game(game_name).choice_label(prefix, notation, lang, view)


def in_words(game_name: str, words: list[str], lang: str, view: dict | None = None) -> str:
    """The words of an action chosen so far as its buttons said them ("🧩 Col·locar la
    peça A4"): a menu's prompt in the chat's language, not in the notation's English
    verbs; a word the game gives no label (a space, a number) stays as written."""
    return " ".join(label_of(game_name, words[:index], " ".join(words[:index + 1]), lang,
                             view) or word for index, word in enumerate(words))


def played_for(state: dict, seat: int) -> bool:
    """Whether the computer plays ``seat``'s decision in ``state``: a computer player, a
    person on autopilot, or a person whose time ran out (the clock's computer plays for
    them, an action at a time: a busy bot may see the first of them before the rest, and
    must not call the person to a turn that is no longer theirs to play)."""
    left = ((state.get("clock") or {}).get("remaining") or {}).get(str(seat))
    return autopilot(state["table"], seat) or left == 0


def autopilot(summary: dict, seat: int) -> bool:
    return bool(summary["seats"][seat].get("autopilot")) or summary["seats"][seat]["kind"] != \
        "person"
