"""The conversation: chat commands and button presses in, service calls and messages out.

One `Conversation` serves one network through a `Transport` (the adapter:
Matrix or Telegram). It knows no network and no game: commands are words,
actions are the game's notation, pictures come from the game's renderer and
every service call goes through `tables.Service`.

A chat first gathers players in a *lobby* (kept in ``chat_lobbies``: the
service fixes a table's seats when it is created, while a chat lobby grows as
people join); ``start`` creates an ordinary service table with a seat per
person and per computer player. From then on a *follower* per table watches
it like a browser does and tells the chat what happened: actions, whose turn
it is (with a picture), scoring, the end.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import MutableMapping

from boardgamesbot.engine import GameError, load_game
from boardgamesbot.games.wording import edits, notation_error, slip_offered
from boardgamesbot.web import catalog, said_params

from . import games, i18n, images
from .basics import Button, Person, Place, Refusal, RefusedAction, Seat, Tipped, Transport
from .choices import MAX_BUTTONS, PER_ROW, ROW, narrow, rows_for, unrow
from .commands import Commands
from .living import LivingTable, Told, in_words, label_of
from .narration import Follower, Narration
from .onboarding import Onboarding
from .richtext import Formatted
from .store import ChatStore
from .tables import Service

log = logging.getLogger(__name__)
#: A seated friend's choice refused as another's turn (not "you have already chosen",
#: which refuses no move 'why' could explain)
OUT_OF_TURN = ("chat.not_yours", "chat.old_menu_not_yours")
#: a word right after an opening quote ("say 'rules more'"; not the one in "t'hi"), and
#: the word after it (a command may be two words: "say 'por que end'")
QUOTED = re.compile(r"(?<!\w)'(\w[\w·]*)(?: (\w[\w·]*))?")

COMMANDS = ("new", "join", "bot", "clock", "start", "moves", "preview", "undo", "board",
            "score", "rules", "lang", "leave", "kick", "status", "help", "hint", "cancel",
            "why", "stats", "log")
MAX_CALLBACK = 64  # bytes of a button's data (Telegram's limit; Matrix keeps it too)

__all__ = ["Button", "Conversation", "Person", "Place", "Refusal", "Transport"]


def cut_to(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, each cut at a line's end where
    one is in reach, else between words: a piece cut at a fixed length broke a word ("on
    their own ma"), a scoreboard in two, or an HTML tag open. The newline or space cut at
    is dropped (each piece is a message of its own)."""
    pieces = []
    while len(text) > limit:
        cut = text.rfind("\n", 0, limit + 1)
        if cut <= 0:
            cut = text.rfind(" ", 0, limit + 1)
        if cut <= 0:  # one word longer than a message: cut where it must be
            pieces.append(text[:limit])
            text = text[limit:]
            continue
        pieces.append(text[:cut])
        text = text[cut + 1:]
    return [*pieces, text] if text or not pieces else pieces


def a_command(text: str) -> bool:
    """Whether ``text`` begins with a command's word, in any language: a reply to the
    bot's own message that does is for the bot (the lobby's "join", without a prefix);
    other words in a reply stay people's talk, unless they are the awaited one's action."""
    words = text.split()
    return bool(words) and i18n.command_in(words)[0] in COMMANDS


class Conversation(Commands, Narration, LivingTable, Onboarding):
    """The chat face on one network: `handle_text` and `handle_button` take what people
    send; `Commands` answers them; `Narration` follows the tables, in one `LivingTable`
    message per chat where the network can edit pictures."""

    def __init__(self, service: Service, transport: Transport, public_url: str = "") -> None:
        LivingTable.__init__(self)
        self.service = service
        self.transport = transport
        self.network = transport.network
        self.store = ChatStore(service.engine)
        self.public_url = public_url.rstrip("/")
        self.followers: dict[str, Follower] = {}
        # Each person's last move played by a tap (its button's data, which names the
        # table and the moment): a second tap on it, from a fast thumb, is told it counted.
        self.played_by_tap: dict[str, str] = {}
        # table -> the last computer turn told in few words (`Narration.condensed`), line by
        # line, for 'status'
        self.turn_detail: dict[str, list[Told]] = {}
        # (person, table) -> when (wall-clock time) they were asked whether to leave it: a
        # second 🚪 within `LEAVE_CONFIRM` confirms (`Commands.leave_by_tap`), also after a
        # restart: kept in the database (`ChatStore.leaving`), for every network.
        self.leaving: MutableMapping[tuple[str, str], float] = self.store.leaving(
            self.network)

    async def resume(self) -> int:
        """Follow every running game of this network again (after a restart)."""
        self.store.forget_old_events()
        running = self.store.running_games(self.network)
        for game in running:
            self.follow(game["table_id"])
        return len(running)

    async def close(self) -> None:
        for follower in list(self.followers.values()):
            follower.task.cancel()
            if follower.reminder:
                follower.reminder.cancel()
        await asyncio.gather(*(f.task for f in self.followers.values()), return_exceptions=True)
        self.followers.clear()


    def lang_of(self, place: Place, person: Person | None = None,
                default: str = i18n.DEFAULT) -> str:
        """The language to speak to ``person`` in ``place``: theirs (in a direct chat) or
        the chat's once set; else their client's; else ``default``."""
        if place.direct and person is not None:
            own = self.store.person_lang(self.network, person.user_id)
            if own:
                return own
        room = self.store.room(self.network, place.chat_id)
        if room["lang"]:
            return room["lang"]
        if person is not None:  # (a group nobody set a language for answers in the asker's)
            return i18n.language(person.lang) or default
        return default

    def _speak_as_their_client(self, place: Place, person: Person) -> None:
        """A direct chat whose language nobody set takes the one its person's client
        reports, the first time they write or tap there: what the bot sends there on its
        own later (a private sheet and menu, which know the seat but not the client)
        then speaks as its answers to them do."""
        if place.direct and person.lang and i18n.language(person.lang) and \
                not self.store.room(self.network, place.chat_id)["lang"]:
            self.store.set_room(self.network, place.chat_id, lang=i18n.language(person.lang))

    def speak_as_the_host(self, place: Place, person: Person) -> None:
        """A group whose language nobody set takes the one the client of the person who
        opens a table there reports: friends whose phones speak Portuguese then read the
        lobby, the board and the calls to play in Portuguese without ever hearing of
        'lang' (which its admins may still say). A network that reports no client
        language (Matrix) leaves the group as it was."""
        if not place.direct and i18n.language(person.lang) and \
                not self.store.room(self.network, place.chat_id)["lang"]:
            self.store.set_room(self.network, place.chat_id, lang=i18n.language(person.lang))

    def as_typed(self, chat_id: str, text: str) -> str:
        """``text`` with the commands it quotes ("say 'rules more'") written the way they
        must be typed in this chat: a Telegram group shows a bot only '/rules more', a
        Matrix group reads only '!bg rules more' — quoted bare, a tip nobody could follow
        there. (A network without ``command(chat_id, words)`` is left as it is.)"""
        command = getattr(self.transport, "command", None)
        if command is None:
            return text

        def typed(match: re.Match) -> str:
            first, second = match.group(1), match.group(2)
            if second is not None and hasattr(self, f"cmd_{i18n.aliases(first + ' ' + second)}"):
                return "'" + command(chat_id, f"{first} {second}")  # ('por que end')
            if not hasattr(self, f"cmd_{i18n.aliases(first)}"):
                return match.group(0)  # quoted words that are no command
            return "'" + command(chat_id, first) + match.group(0)[1 + len(first):]

        if isinstance(text, Formatted):
            return Formatted(QUOTED.sub(typed, text.markdown))
        return QUOTED.sub(typed, text)

    def chat_lang(self, chat_id: str) -> str:
        return self.store.room(self.network, chat_id)["lang"] or i18n.DEFAULT


    async def handle_text(self, place: Place, person: Person, text: str, event_id: str,
                          addressed: bool = True) -> None:
        """A message: a command, an action in notation or a numbered answer.

        ``addressed``: the message was meant for the bot (a direct chat, a
        command prefix, a mention). Other group messages are read only when they
        are an answer from a person whose decision is awaited, and ignored
        otherwise: people talk in groups."""
        if not self.store.first_time(self.network, event_id):
            return
        self._speak_as_their_client(place, person)
        lang = self.lang_of(place, person)
        try:
            await self._dispatch(place, person, text.strip(), lang, addressed)
        except GameError as error:
            self._remember_refused(place, person, error)
            if error.code in ("not_your_turn", "error.not_your_turn") \
                    or isinstance(error, RefusedAction):  # (a game's own "already chosen")
                error = await self._whose_turn(place, person, lang, error) or error
            await self.say(place.chat_id, "⚠ " + self.error_text(lang, error)
                           + self.rule_of(lang, error))
        except Exception:  # noqa: BLE001 - one bad message must never stop the bot
            log.exception("handling %r in %s failed", text[:80], place.chat_id)
            await self.say(place.chat_id, "⚠ " + i18n.text(lang, "chat.failed"))

    async def handle_button(self, place: Place, person: Person, data: str, event_id: str,
                            message_id: str | None = None) -> str | None:
        """A button press; returns a short notice for the presser (or None)."""
        if not self.store.first_time(self.network, event_id):
            return None
        self._speak_as_their_client(place, person)
        lang = self.lang_of(place, person)
        try:
            return await self._press(place, person, data, lang, message_id)
        except GameError as error:
            said = "⚠ " + self.error_text(lang, error)
            if self._remember_refused(place, person, error) \
                    or (isinstance(error, Refusal) and error.kept):
                # (a tap's refusal is a notice that fades: it says how to ask why, as a
                # typed one's rule line does, in the words this chat types it with)
                return Tipped(said, self.as_typed(place.chat_id, i18n.text(lang, "why.ask")))
            return said
        except Exception:  # noqa: BLE001
            log.exception("button %r in %s failed", data, place.chat_id)
            return "⚠ " + i18n.text(lang, "chat.failed")

    def _remember_refused(self, place: Place, person: Person, error: GameError) -> bool:
        """Keep an action refused to ``person`` here, typed or tapped, with the table's
        state it was refused in: 'why' alone asks about it (a tap's refusal is a notice
        that fades; '/por' after it was answered "which action?"). Whether it was kept."""
        if isinstance(error, RefusedAction) and error.table_id:
            self.store.set_refused(self.network, place.chat_id, person.user_id,
                                   error.table_id, error.state_id, error.notation)
            return True
        return False

    async def _dispatch(self, place: Place, person: Person, text: str, lang: str,
                        addressed: bool) -> None:
        words = text.split()
        if not words:
            if addressed:
                await self.say(place.chat_id, i18n.text(lang, "help.short"))
            return
        if words[0].isdigit() and len(words) == 1:
            data = self._menu_choice(place, person, int(words[0]))
            if data is not None:
                notice = await self._press(place, person, data, lang, None)
                if notice:
                    await self.say(place.chat_id, notice)
                return
        command, args = i18n.command_in(words)
        if command == "why" and len(words) == 1 and addressed \
                and i18n.aliases(words[0].rstrip("?")) != "why":
            # ('por'/'per' alone, the first word of 'por que'/'per què', asks why — unless
            # the game played here writes an action so: a move is never taken for a question)
            found = await self._find_seat(place, person, awaited_only=False)
            if found is not None and await self._an_action(found.table_id, words[0]):
                command = ""
        if command in COMMANDS and addressed:
            await getattr(self, f"cmd_{command}")(place, person, args, lang)
            return
        # Not a command: an action in the game's notation, if it is this person's turn.
        found = await self._find_seat(place, person, awaited_only=not addressed)
        if addressed and text.rstrip().endswith("?") and not (
                found is not None and await self._an_action(found.table_id,
                                                            text.rstrip().rstrip("?"))):
            # ("posso desenhar sobre uma montanha?" said to the bot: a question about the
            # rules, answered so, not a move refused for its first word; a move followed by
            # '?' is still the move)
            await self.cmd_rules(place, person, words, lang)
            return
        if found is None:
            if not addressed:
                return
            game = self.store.game_in(self.network, place.chat_id)
            if game is None \
                    and not self.store.seats_of_person(self.network, person.user_id):
                near = i18n.nearest_command(words[0], COMMANDS, lang)
                if near is not None:  # a typo ('nvo', 'entar'): say what was likely meant
                    raise Refusal("chat.unknown_command_near", word=words[0][:30], near=near)
                raise Refusal("chat.unknown_command",
                              word=words[0][:30])
            if game is not None:
                await self._typo(game["table_id"], words[0], lang)
            raise Refusal("chat.no_seat")
        if addressed:
            await self._typo(found.table_id, words[0], lang)
        if not addressed:
            legal = await self.service.notations(found.table_id, found.seat)
            if words[0].lower() not in games.verbs(legal):
                return
        await self.play(place, person, found, text, lang)


    async def _an_action(self, table_id: str, text: str) -> bool:
        """Whether ``text`` is an action written in the notation of ``table_id``'s game."""
        try:
            load_game((await self.service.summary(table_id))["game"]).parse_action(text)
        except GameError:
            return False
        return True

    async def _typo(self, table_id: str, word: str, lang: str) -> None:
        """A word said to the bot during a game that the game's notation does not begin
        with but that looks like a command ('ned', 'plcar') is a mistyped command: say
        what was likely meant, rather than refusing it as a move in bad notation. A word
        of the notation ('place', though close to 'placar') is left to be played, or
        refused as the game refuses it (not their turn, not now)."""
        near = i18n.nearest_command(word, COMMANDS, lang)
        if near is None:
            return
        game = (await self.service.summary(table_id))["game"]
        try:
            load_game(game).parse_action(word)
        except GameError as error:
            # (the notation stumbled on the first word itself: no action begins so — but
            # a word nearer one of the game's own than the command, 'plase' nearer 'place'
            # than 'leave', is that word mistyped: told so when played)
            slip = slip_offered(error.params, i18n.language(lang) or i18n.DEFAULT)
            if slip and edits(i18n.fold(word), i18n.fold(slip[0])) \
                    < edits(i18n.fold(word), i18n.fold(near)):
                return
            if i18n.fold(str(error.params.get("word", ""))) == i18n.fold(word):
                raise Refusal("chat.unknown_command_near", word=word[:30],
                              near=near) from error

    async def _find_seat(self, place: Place, person: Person, awaited_only: bool) -> Seat | None:
        game = self.store.game_in(self.network, place.chat_id)
        if game is not None:
            for seat, row in self.store.seats_of(game["table_id"]).items():
                if row["user_id"] == person.user_id:
                    if awaited_only and seat not in await self._awaited(game["table_id"]):
                        return None
                    return Seat(game["table_id"], seat, game["chat_id"])
            return None
        if not place.direct:
            return None
        # A direct chat without its own game: the person's seat elsewhere, the one
        # awaited first (a hidden choice is best sent here, out of the group's sight).
        held = self.store.seats_of_person(self.network, person.user_id)
        awaited = [r for r in held if r["seat"] in await self._awaited(r["table_id"])]
        chosen = awaited or ([] if awaited_only else held)
        if not chosen:
            return None
        row = chosen[0]
        return Seat(row["table_id"], row["seat"], row["chat_id"])

    async def _awaited(self, table_id: str) -> list[int]:
        return list((await self.service.summary(table_id))["to_act"])

    async def _press(self, place: Place, person: Person, data: str, lang: str,
                     message_id: str | None) -> str | None:
        kind, _, rest = data.partition(":")
        if kind == "l":  # ("l:asked": on the question's own message, `leave_by_tap`)
            return await self.leave_by_tap(place, person, lang, answering=rest == "asked")
        if kind == "n":  # a game's button under "Which game?" (`Commands._which_game`)
            await self.cmd_new(place, person, [rest], lang)
            return None
        if kind == "r":  # 🔁 Play again, under a finished table (`LivingTable.close_living`)
            await self.play_again(place, person, rest, lang)
            return None
        if kind == "s" and self.store.lobby(self.network, place.chat_id) is None:
            # A stale Start under a lobby gone (cancelled, started, its game over): the tap
            # alone is answered — '/start' typed where nothing gathers asks "Which game?"
            # in the group, which nobody asked here.
            self._lobby(place)
        if kind in ("j", "s", "b"):
            command = {"j": "join", "s": "start", "b": "bot"}[kind]
            await getattr(self, f"cmd_{command}")(place, person, [rest] if rest else [], lang)
            return None
        if kind not in ("m", "p", "v"):
            raise Refusal("chat.stale_button")
        if kind == "p" and self.played_by_tap.get(person.user_id) == data:
            return i18n.text(lang, "chat.already_played")
        table_id, _, rest = rest.partition(":")
        version, _, words = rest.partition(":")
        game = self.store.game(table_id)
        if game is None or game["status"] != "playing":
            raise Refusal("error.game_over")
        held = [s for s, r in self.store.seats_of(table_id).items()
                if r["user_id"] == person.user_id]
        awaited = await self._awaited(table_id)
        mine = [s for s in held if s in awaited]
        if not mine:
            refusal = await self._not_yours(place, game["chat_id"], table_id, version,
                                            message_id, awaited, lang, held)
            refusal.kept = bool(held) and refusal.key in OUT_OF_TURN \
                and await self._keep_out_of_turn(place, person, table_id, kind, words,
                                                 awaited)  # ('why' alone explains it)
            raise refusal
        seat = Seat(table_id, mine[0], game["chat_id"])
        if not version.isdigit() \
                or not await self.service.fresh(table_id, seat.seat, int(version)):
            raise Refusal("chat.stale_button")
        if kind == "p":
            notice = await self.play(place, person, seat, words, lang,
                                     tapped=self.living and message_id is not None)
            self.played_by_tap[person.user_id] = data
            return notice
        prefix, chosen = menu_step(kind, words)
        if self.living and message_id is not None \
                and message_id != self.store.living(table_id, self.network, place.chat_id):
            # An older table message whose keyboard a client still showed: the menu
            # lives on the newest one only.
            self.transport.edit_living(place.chat_id, message_id, None, [], None)
            raise Refusal("chat.stale_button")
        if self.living and message_id is not None:
            # The picture is drawn after the tap is answered (a raster takes ~150 ms);
            # a later tap's picture overtakes this one (`LivingTable.refresh_group`).
            if place.chat_id == seat.chat_id:
                menu = await self.menu(seat, person, prefix, lang, place.chat_id, chosen)
                self.in_background(self.refresh_group(table_id, menu=menu))
            else:
                self.in_background(self.refresh_private(
                    table_id, seat.seat, prefix=prefix, chosen=chosen, chat_id=place.chat_id))
            return None
        text, buttons, _ = await self.menu(seat, person, prefix, lang, place.chat_id, chosen)
        if message_id is not None and not self.transport.numbered:
            await self.transport.edit(place.chat_id, message_id, text, buttons)
        else:
            await self.say(place.chat_id, text, buttons, menu_for=person.user_id)
        return None

    async def _keep_out_of_turn(self, place: Place, person: Person, table_id: str,
                                kind: str, words: str, awaited: list[int]) -> bool:
        """A seated friend's choice on a menu that is another's turn (tapped, or a number
        on Matrix; refused as one of `OUT_OF_TURN`) is kept as refused, so that 'why'
        alone explains it as the same move typed out of turn: the move itself, or the
        first the awaited seat could make from the menu's step (a step alone, 'place', is
        no move to explain). Whether kept."""
        try:
            prefix, chosen = menu_step(kind, words) if kind in ("m", "v") else ([], words)
        except GameError:
            return False
        notation = chosen
        if not notation and awaited:
            legal = await self.service.notations(table_id, awaited[0])
            notation = next((n for n in legal if n.split()[:len(prefix)] == prefix), None)
        if not notation:
            return False
        self.store.set_refused(self.network, place.chat_id, person.user_id, table_id,
                               (await self.service.summary(table_id))["state_id"], notation)
        return True

    async def _not_yours(self, place: Place, group_id: str, table_id: str, version: str,
                         message_id: str | None, awaited: list[int], lang: str,
                         held: list[int]) -> Refusal:
        """The refusal of a tap on buttons that are not the presser's to tap: whose turn it
        is (a friend's "not your turn" alone left them asking whose), and, when the
        buttons were an old menu's (the position has moved on, or the table's message is
        a newer one), that they were."""
        # (a table message above the newest, whose keyboard a client still shows)
        old = self.living and message_id is not None and place.chat_id == group_id \
            and message_id != self.store.living(table_id, self.network, place.chat_id)
        return await self._waiting_for(table_id, version, awaited, lang, old, held)

    async def _waiting_for(self, table_id: str, version: str, awaited: list[int], lang: str,
                           old: bool, held: list[int]) -> Refusal:
        """"Not your turn", naming whose it is, and saying the menu is an old one when it
        is (``old``, or its ``version`` is behind the table's). One of ``held`` (the
        person's seats) that has already chosen in a step the others are still choosing
        in is told that instead: "not your turn" read as if they had never been called."""
        summary = await self.service.summary(table_id)
        old = old or not version.isdigit() or int(version) < summary["state_id"]
        who = self._awaited_names(summary, awaited, lang)
        if not who:  # (nobody's decision awaited this instant: nobody to name)
            return Refusal("error.not_your_turn")
        for seat in held:
            if await self.service.chosen_in_step(table_id, seat):
                return Refusal("chat.already_chosen", who=who)
        return Refusal("chat.old_menu_not_yours" if old else "chat.not_yours", who=who)

    async def menu_not_theirs(self, place: Place, person: Person, choice: str | None,
                              ) -> str | None:
        """What to tell ``person``, who answered a menu that is not theirs to answer now (a
        network without buttons, where a menu is a message answered by number: somebody
        else's, or one that was closed): whose turn it is and whether the menu is an old
        one, as a tap on another's buttons is told. ``choice``: one of the menu's buttons
        when it is still open (its table and version); None for a closed one, of the
        chat's table. None when it is the person's turn (their own latest menu is the one
        to answer) or no table is running."""
        if choice is not None:
            kind, _, rest = choice.partition(":")
            table_id, _, rest = rest.partition(":")
            version = rest.partition(":")[0]
            game = self.store.game(table_id) if kind in ("m", "p", "v") else None
        else:
            version = ""
            game = self.store.game_in(self.network, place.chat_id)
            if game is None:
                seat = await self._find_seat(place, person, awaited_only=False)
                game = self.store.game(seat.table_id) if seat is not None else None
        if game is None or game["status"] != "playing":
            return None
        table_id = game["table_id"]
        awaited = await self._awaited(table_id)
        held = [s for s, r in self.store.seats_of(table_id).items()
                if r["user_id"] == person.user_id]
        if any(s in awaited for s in held):
            return None
        lang = self.lang_of(place, person)
        refusal = await self._waiting_for(table_id, version, awaited, lang, choice is None,
                                          held)
        kept = choice is not None and bool(held) and refusal.key in OUT_OF_TURN and \
            await self._keep_out_of_turn(place, person, table_id, kind,
                                         rest.partition(":")[2], awaited)
        said = "⚠ " + self.error_text(lang, refusal)
        if kept:  # (as a tap's refusal ends: how to ask why, as this chat types it)
            return Tipped(said, self.as_typed(place.chat_id, i18n.text(lang, "why.ask")))
        return said

    async def _whose_turn(self, place: Place, person: Person, lang: str,
                          error: GameError) -> Refusal | None:
        """A typed action or command refused as not the person's turn, with whose it is:
        the game's bare "It is not your turn." left a friend asking, as a tap's did. One
        who has already chosen in a step the others are still choosing in is told so and
        who is still choosing, as a tap on their old menu is, whatever the game answered.
        None when there is no seat or nobody to name: the game's refusal stands."""
        seat = await self._find_seat(place, person, awaited_only=False)
        if seat is None:
            return None
        summary = await self.service.summary(seat.table_id)
        who = self._awaited_names(summary, summary.get("to_act") or [], lang)
        if not who:
            return None
        if await self.service.chosen_in_step(seat.table_id, seat.seat):
            return Refusal("chat.already_chosen", who=who)
        if error.code not in ("not_your_turn", "error.not_your_turn"):
            return None
        return Refusal("chat.not_yours", who=who)

    def _awaited_names(self, summary: dict, awaited: list[int], lang: str) -> str:
        names = self.names_at(summary, lang)
        return ", ".join(names[s] for s in awaited if s in names)

    async def menu(self, seat: Seat, person: Person, prefix: list[str], lang: str,
                   chat_id: str, chosen: str | None = None, named: bool = True,
                   ) -> tuple[str, list[list[Button]], str | None]:
        """The buttons for the next word of ``seat``'s decision after ``prefix``: the
        prompt, the keyboard, and the action to show as a preview picture (None). The
        prompt names its person, but not ``named=False`` (under "Your turn, Ana!", which
        called her already: one call, not two).

        Where the game judges a choice by eye (`Game.preview_choice`: a tile's
        rotation, a shape's place) and the network can change a picture in place,
        the last level is a preview: the picture shows ``chosen`` (the first by
        default) as played, its neighbours are one tap away, and ✔ Confirm plays it."""
        notations = await self.service.notations(seat.table_id, seat.seat)
        summary = await self.service.summary(seat.table_id)
        game = summary["game"]
        top, _ = narrow(notations, [])
        prefix, steps = narrow(notations, prefix)
        head = f"{seat.table_id}:{summary['state_id']}:"
        words = unrow(prefix)
        here = " ".join(words)
        # (the chooser's own view: a button's words may depend on it, "Place the volcano")
        view = (await self.service.state(seat.table_id, seat.seat))["view"]

        def label(notation: str, default: str) -> str:
            return label_of(game, words, notation, lang, view) or default

        def asking(key: str, **params: str) -> str:
            if not named:
                return i18n.text(lang, key + "_unnamed", **params)
            return i18n.text(lang, key, who=self.transport.mention(person.user_id, person.name),
                             **params)

        rows: list[list[Button]] = []
        siblings = ([here] if here in notations else []) + \
            [s.notation for s in steps if s.complete and not s.more]
        previewing = (self.living and siblings and not any(s.more for s in steps)
                      and load_game(game).preview_choice(siblings[0]))
        preview = None
        if previewing:
            preview = chosen if chosen in siblings else siblings[0]
            depth = f"{len(words)}{'r' if prefix and prefix[-1].endswith(ROW) else ''}"
            choices = [Button(("• " if n == preview else "")
                              + label(n, n.split()[-1] if n != here else "✔"),
                              f"v:{head}{depth}:{n}") for n in siblings]
            rows = [[choices[i] for i in row] for row in rows_for([b.label for b in choices])]
            rows.append([Button(i18n.text(lang, "button.confirm"), f"p:{head}{preview}")])
            text = asking("menu.preview", action=in_words(game, preview.split(), lang, view))
        else:
            buttons: list[Button] = []
            judged = load_game(game).preview_choice
            # A page of numbers (a bid of 2 to 150) is said by the prompt ("Ana, choose:
            # 💰 Bid …"): its buttons are the numbers alone, four to a row.
            # (Not where the buttons are numbered to be answered by number: "1) 5" would
            # read as a bid of 1; there each says the action, "9) 💰 Bid 9–11 …".)
            numbers = all(s.word.isdigit() or s.range for s in steps) and (
                len(steps) > PER_ROW or len(prefix) > len(words)) and not self.transport.numbered
            # A complete action the game gives no button word says what it does, as a
            # button asks for it ("✔ Place the tile on A4", not "✔ place A4").
            unlabelled = [] if numbers else [
                s.notation for s in steps[:MAX_BUTTONS] if s.complete and not s.row
                and label_of(game, words, s.notation, lang, view) is None]
            said = {entry["notation"]: "✔ " + games.action_words(game, entry, lang, "button")
                    for entry in await self.service.infos(seat.table_id, seat.seat,
                                                          unlabelled)}
            for step in steps[:MAX_BUTTONS]:
                if step.row:
                    buttons.append(Button(f"{step.word[:-1]} …", f"m:{head}{step.notation}"))
                    continue
                if step.range:  # (no space before the dots: "118–150…" four to a row)
                    low, high = step.range
                    buttons.append(Button(f"{low}–{high}…" if numbers else
                                          f"{in_words(game, words, lang, view)} {low}–{high} …",
                                          f"m:{head}{step.notation}"))
                    continue
                if numbers and step.complete and not step.more:
                    buttons.append(Button(step.word, f"p:{head}{step.notation}"))
                    continue
                if step.complete and not (self.living and step.more and judged(step.notation)):
                    default = said.get(step.notation) or f"✔ {step.word}"
                    own = label_of(game, words, step.notation, lang, view)
                    # (the game's short word, "A4", marked ✔ against its "A4 …" beside)
                    buttons.append(Button(default if own is None else
                                          f"✔ {own}" if step.more else own,
                                          f"p:{head}{step.notation}"))
                if step.more:
                    buttons.append(Button(label(step.notation, step.word) + " …",
                                          f"m:{head}{step.notation}"))
            rows = [[buttons[i] for i in row] for row in rows_for([b.label for b in buttons])]
            # With nothing chosen yet (a turn that goes on) the menu says what it awaits:
            # "Ana, choose: …" was a colon before nothing.
            text = (asking("menu.choose", prefix=in_words(game, words, lang, view) + " …") if here
                    else asking("menu.what"))
            if not here:
                # A decision unlike a turn's (a scoring round: no tile to place) says why
                # first, in the game's words for this seat; the picture's banner is no
                # sentence a person reads before tapping.
                moment = load_game(game).moment_words(view, lang, self.names_at(summary, lang))
                if moment:
                    text = f"{moment}\n{text}"
            if len(steps) > MAX_BUTTONS:
                # The form that works where the menu is shown (a Telegram group reads
                # only commands: "/forest 2 r90 C4").
                typed = getattr(self.transport, "typed", None)
                example = typed(chat_id, steps[0].notation) if typed else steps[0].notation
                text += "\n" + i18n.text(lang, "menu.type", example=example)
        for row in rows:
            row[:] = [b for b in row if len(b.data.encode()) <= MAX_CALLBACK]
        rows = [row for row in rows if row]
        if len(prefix) > len(top):  # a way back up, not past the forced first words
            rows.append([Button(i18n.text(lang, "button.back"),
                                f"m:{head}{' '.join(prefix[:-1])}")])
        return text, rows, preview

    def _menu_choice(self, place: Place, person: Person, number: int) -> str | None:
        menu = self.store.room(self.network, place.chat_id)["menu"] or {}
        choices = menu.get(person.user_id) or menu.get("*") or []
        if 1 <= number <= len(choices):
            return choices[number - 1]
        return None


    async def say(self, chat_id: str, text: str, buttons: list[list[Button]] | None = None,
                  image: bytes | None = None, menu_for: str = "*", silent: bool = True,
                  reply_to: str | None = None) -> str | None:
        """Send ``text`` (cut to the network's length), with buttons and a picture;
        where the network can, ``silent`` (no sound: everything but a call to act, a
        scoring and the end) and as a reply to message ``reply_to``."""
        if buttons and self.transport.numbered:
            flat = [b for row in buttons for b in row]
            text += "\n" + "  ".join(f"{n}) {b.label}" for n, b in enumerate(flat, 1))
            room = self.store.room(self.network, chat_id)
            menu = dict(room["menu"] or {})
            menu[menu_for] = [b.data for b in flat]
            self.store.set_room(self.network, chat_id, menu=menu)
        text = self.as_typed(chat_id, text)
        limit = self.transport.max_text
        # (a text that fits goes as it is: a rules section keeps its formatting, which a
        # cut copy would lose)
        chunks = cut_to(text, limit)
        first = None
        for index, chunk in enumerate(chunks):
            last = index == len(chunks) - 1
            sent = await self.transport.send(chat_id, chunk, buttons if last else None,
                                             image if index == 0 else None,
                                             **self._loud(silent=silent, reply_to=reply_to))
            self.count_sent(chat_id)
            first = first or sent
        return first

    async def _safe_edit(self, chat_id: str, message_id: str, text: str,
                         buttons: list[list[Button]] | None = None) -> None:
        try:
            await self.transport.edit(chat_id, message_id, self.as_typed(chat_id, text),
                                      buttons)
        except Exception:  # noqa: BLE001 - an edit that fails is worth a new message
            log.warning("edit of %s in %s failed; sending anew", message_id, chat_id)
            await self.say(chat_id, text, buttons)

    async def show(self, chat_id: str, game: str, view: dict, caption: str,
                   buttons: list[list[Button]] | None = None, menu_for: str = "*",
                   seat: int | None = None, table_id: str | None = None,
                   silent: bool = True) -> str | None:
        """A picture of ``view`` in the chat's language, the last move marked (or the
        terminal drawing when the game has none); the id of the message sent."""
        names = None
        move = None
        if table_id is not None:
            known = await self.names(table_id, self.chat_lang(chat_id))
            names = [known[s] for s in sorted(known)]
            move = self.last_move(table_id)[1]
        png = await asyncio.to_thread(images.picture, game, view, seat, names,
                                      self.chat_lang(chat_id), move)
        if png is None:
            board = images.text_board(game, view, lang=self.chat_lang(chat_id))
            return await self.say(chat_id, f"```\n{board}\n```\n{caption}", buttons,
                                  menu_for=menu_for, silent=silent)
        return await self.say(chat_id, caption, buttons, image=png, menu_for=menu_for,
                              silent=silent)

    def link(self, kind: str, table_id: str) -> str:
        return f"{self.public_url}/#/{kind}/{table_id}"

    def error_text(self, lang: str, error: GameError) -> str:
        key = error.key if isinstance(error, Refusal) else f"error.{error.code}"
        if error.code == "bad_notation":  # a slip of a word ('plase', 'colcoar'): which
            # (as every face offers it: of the chat's language, else of another's, so a
            # Brazilian's 'colcoar' in an English group is told 'colocar' too)
            near = slip_offered(error.params, i18n.language(lang) or i18n.DEFAULT)
            if near:
                word, written = near
                return i18n.text(lang, "play.near" if i18n.fold(word) == i18n.fold(written)
                                 else "play.near_written", word=error.params.get("word", ""),
                                 near=word, written=written)
        if error.code == "bad_notation":  # which word, and what goes in its place
            told = notation_error(catalog, i18n.language(lang) or i18n.DEFAULT, error.params)
            if told is not None:
                return told
        if not i18n.has(key):
            return str(error)
        words = i18n.text(lang, key, **said_params(error.params, lang))
        if error.code == "bad_notation":  # the game's own words on what it expected
            words += f" ({error})"
        return words

    @staticmethod
    def rule_of(lang: str, error: GameError) -> str:
        """A line naming the rule a typed action was refused by (title and place in the
        game's help) and how to read it (``why ACTION``); empty for other refusals."""
        if not isinstance(error, RefusedAction) or error.code == "not_your_turn":
            return ""  # (whose turn it is is no rule a friend needs quoted)
        from boardgamesbot.help.why import refusal_passage, refusal_sentence

        kind = error.notation.split()[0].lower() if error.notation.split() else "*"
        passage = refusal_passage(error.game, error.code, lang, kind)
        if passage is None:
            return ""
        rule = passage.title if passage.title == passage.source \
            else f"{passage.title} ({passage.source})"
        # (the rule's sentence that says this refusal, when the game names one: the moving
        # rule's "If neither side has a stone, there is no path that way", not its title)
        said = refusal_sentence(error.game, error.code, lang, passage)
        if said:
            rule = f"{rule}: {said}"
        return "\n" + i18n.text(lang, "why.rule", rule=rule, action=error.notation)

    async def names(self, table_id: str, lang: str | None = None) -> dict[int, str]:
        """Each seat's name: a person's own, a computer player's level in ``lang`` — the
        reader's (a private chat's own language); by default the table's group's."""
        return self.names_at(await self.service.summary(table_id), lang)

    def names_at(self, summary: dict, lang: str | None = None) -> dict[int, str]:
        """`names` from a table ``summary`` at hand: a story line told again in another
        reader's language is not an await away."""
        table_id = summary["id"]
        seats = self.store.seats_of(table_id)
        lang = lang or self.chat_lang(self.store.game(table_id)["chat_id"])
        return {s["seat"]: (f"🤖 {i18n.text(lang, 'level.' + s['level'])}" if s["kind"] == "bot"
                            # no name stored (joined unnamed, an open seat): the reader's language
                            else s["name"] or i18n.text(lang, "seat.unnamed", n=s["seat"] + 1))
                if s["seat"] not in seats else seats[s["seat"]]["name"]
                for s in summary["seats"]}

    async def status_line(self, table_id: str, lang: str) -> str:
        summary = await self.service.summary(table_id)
        names = await self.names(table_id, lang)
        if summary["status"] == "over":  # (a line of its own: a bare "over" read as a slip)
            return i18n.text(lang, "status.ended")
        if summary["status"] != "playing":
            return i18n.text(lang, f"status.{summary['status']}")
        # (a person who left, the computer playing their seat: "Ana (computer)", as the
        # story writes their moves — not "Ana", whom nobody need wait for)
        return i18n.text(lang, "status.to_act", who=", ".join(
            i18n.text(lang, "status.computer_for", who=names[s])
            if summary["seats"][s]["kind"] == "person" and summary["seats"][s].get("autopilot")
            else names[s] for s in summary["to_act"]))

    async def score_text(self, table_id: str, lang: str, scores: list[int] | None = None
                         ) -> str:
        """The scoreboard: ``scores`` (as at a scoring), else the table's scores now."""
        names = await self.names(table_id, lang)
        if scores is None:
            scores = await self.service.scores(table_id) or []
        return i18n.text(lang, "score.title") + "\n" + "\n".join(
            f"{names[s]}: {points}" for s, points in enumerate(scores))


def menu_step(kind: str, words: str) -> tuple[list[str], str | None]:
    """What a menu button's data asks for: the prefix to show and the action to preview.
    ``m``: the words so far; ``v``: a previewed choice, ``DEPTH[r]:NOTATION`` (the prefix
    is its first DEPTH words, ``r``: and the row of the next one was chosen)."""
    if kind != "v":
        return words.split(), None
    depth, _, chosen = words.partition(":")
    words_of = chosen.split()
    if not depth.rstrip("r").isdigit() or int(depth.rstrip("r")) > len(words_of) \
            or (depth.endswith("r") and int(depth[:-1]) >= len(words_of)):
        raise Refusal("chat.stale_button")
    prefix = words_of[:int(depth.rstrip("r"))]
    if depth.endswith("r"):
        prefix.append(words_of[len(prefix)][0] + ROW)
    return prefix, chosen
