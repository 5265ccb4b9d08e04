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
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from boardgamesbot.bots import bot_names
from boardgamesbot.engine import GameError, known_games

from . import games, i18n, images
from .choices import MAX_BUTTONS, narrow, next_words
from .store import ChatStore
from .tables import Service, Subscription

log = logging.getLogger(__name__)

COMMANDS = ("new", "join", "bot", "clock", "start", "moves", "preview", "undo", "board",
            "score", "rules", "lang", "leave", "kick", "status", "help", "hint", "cancel")
LEVELS = ("easy", "medium", "hard")
MAX_CALLBACK = 64  # bytes of a button's data (Telegram's limit; Matrix keeps it too)
BATCH_WAIT = 0.05  # seconds to let a burst of table messages arrive before posting
MAX_LISTED = 40  # legal actions listed by `moves` before asking for a prefix


@dataclass(frozen=True)
class Place:
    """Where a message came from: a network's chat, direct (one person) or a group."""

    network: str
    chat_id: str
    direct: bool = False


@dataclass(frozen=True)
class Person:
    user_id: str
    name: str
    lang: str | None = None  # the language their client reports, if any


@dataclass(frozen=True)
class Button:
    label: str
    data: str


class Transport(Protocol):
    """What the conversation needs from a network adapter."""

    network: str
    numbered: bool  # buttons as numbered lines to answer (Matrix), not inline keyboards
    max_text: int

    async def send(self, chat_id: str, text: str, buttons: list[list[Button]] | None = None,
                   image: bytes | None = None) -> str | None: ...

    async def edit(self, chat_id: str, message_id: str, text: str,
                   buttons: list[list[Button]] | None = None) -> None: ...

    def mention(self, user_id: str, name: str) -> str: ...

    async def is_admin(self, chat_id: str, user_id: str) -> bool: ...

    async def direct_chat(self, user_id: str) -> str | None: ...


class Refusal(GameError):
    """A chat-level refusal: its text is the catalog key ``code`` with ``params``."""


@dataclass
class Seat:
    table_id: str
    seat: int
    chat_id: str


@dataclass
class Follower:
    task: asyncio.Task
    reminder: asyncio.TimerHandle | None = None
    extra: dict = field(default_factory=dict)


class Conversation:
    def __init__(self, service: Service, transport: Transport, public_url: str = "") -> None:
        self.service = service
        self.transport = transport
        self.network = transport.network
        self.store = ChatStore(service.engine)
        self.public_url = public_url.rstrip("/")
        self.followers: dict[str, Follower] = {}

    # Starting and stopping -------------------------------------------------------------

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

    # Languages -------------------------------------------------------------------------

    def lang_of(self, place: Place, person: Person | None = None) -> str:
        if place.direct and person is not None:
            own = self.store.person_lang(self.network, person.user_id)
            if own:
                return own
        room = self.store.room(self.network, place.chat_id)
        if room["lang"]:
            return room["lang"]
        if place.direct and person is not None:
            return i18n.language(person.lang) or i18n.DEFAULT
        return i18n.DEFAULT

    def chat_lang(self, chat_id: str) -> str:
        return self.store.room(self.network, chat_id)["lang"] or i18n.DEFAULT

    # Input -----------------------------------------------------------------------------

    async def handle_text(self, place: Place, person: Person, text: str, event_id: str,
                          addressed: bool = True) -> None:
        """A message: a command, an action in notation or a numbered answer.

        ``addressed``: the message was meant for the bot (a direct chat, a
        command prefix, a mention). Other group messages are read only when they
        are an answer from a person whose decision is awaited, and ignored
        otherwise: people talk in groups."""
        if not self.store.first_time(self.network, event_id):
            return
        lang = self.lang_of(place, person)
        try:
            await self._dispatch(place, person, text.strip(), lang, addressed)
        except GameError as error:
            if addressed or error.code not in ("chat_not_a_command",):
                await self.say(place.chat_id, "⚠ " + self.error_text(lang, error))
        except Exception:  # noqa: BLE001 - one bad message must never stop the bot
            log.exception("handling %r in %s failed", text[:80], place.chat_id)
            await self.say(place.chat_id, "⚠ " + i18n.text(lang, "chat.failed"))

    async def handle_button(self, place: Place, person: Person, data: str, event_id: str,
                            message_id: str | None = None) -> str | None:
        """A button press; returns a short notice for the presser (or None)."""
        if not self.store.first_time(self.network, event_id):
            return None
        lang = self.lang_of(place, person)
        try:
            return await self._press(place, person, data, lang, message_id)
        except GameError as error:
            return "⚠ " + self.error_text(lang, error)
        except Exception:  # noqa: BLE001
            log.exception("button %r in %s failed", data, place.chat_id)
            return "⚠ " + i18n.text(lang, "chat.failed")

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
        command = i18n.aliases(words[0])
        if command in COMMANDS and addressed:
            await getattr(self, f"cmd_{command}")(place, person, words[1:], lang)
            return
        # Not a command: an action in the game's notation, if it is this person's turn.
        found = self._find_seat(place, person, awaited_only=not addressed)
        if found is None:
            if not addressed:
                return
            if self.store.game_in(self.network, place.chat_id) is None \
                    and not self.store.seats_of_person(self.network, person.user_id):
                raise Refusal("unknown command", code="chat_unknown_command",
                              word=words[0][:30])
            raise Refusal("no seat", code="chat_no_seat")
        if not addressed:
            legal = self.service.notations(found.table_id, found.seat)
            if words[0].lower() not in games.verbs(legal):
                return
        await self.play(place, person, found, text, lang)

    # Lobby commands --------------------------------------------------------------------

    async def cmd_new(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        if self.store.game_in(self.network, place.chat_id):
            raise Refusal("running", code="chat_game_running")
        if not args:
            listed = ", ".join(f"{name} ({games.title(name, lang)})" for name in known_games())
            raise Refusal("which game", code="chat_which_game", games=listed)
        name = games.find_game(args[0])
        if name is None:
            raise Refusal("unknown game", code="chat_unknown_game", word=args[0][:30],
                          games=", ".join(known_games()))
        options = games.read_options(name, args[1:])
        lobby = {"network": self.network, "chat_id": place.chat_id, "game": name,
                 "options": options, "creator": person.user_id,
                 "players": [[person.user_id, person.name]], "bots": [], "clock": None,
                 "message_id": None, "created": time.time()}
        old = self.store.lobby(self.network, place.chat_id)
        if old and old["message_id"]:
            await self._safe_edit(place.chat_id, old["message_id"],
                                  i18n.text(self.chat_lang(place.chat_id), "lobby.replaced"))
        self.store.save_lobby(lobby)
        text, buttons = self.lobby_message(lobby, lang)
        lobby["message_id"] = await self.say(place.chat_id, text, buttons)
        self.store.save_lobby(lobby)

    def _lobby(self, place: Place) -> dict:
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is None:
            if self.store.game_in(self.network, place.chat_id):
                raise Refusal("started", code="table_started")
            raise Refusal("no lobby", code="chat_no_lobby")
        return lobby

    async def _creator_only(self, place: Place, person: Person, lobby_or_game: dict) -> None:
        if person.user_id != lobby_or_game["creator"] and not (
                not place.direct and await self.transport.is_admin(place.chat_id,
                                                                   person.user_id)):
            raise Refusal("creator only", code="chat_creator_only")

    async def cmd_join(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        lobby = self._lobby(place)
        if any(user == person.user_id for user, _ in lobby["players"]):
            raise Refusal("already", code="chat_already_joined")
        low, high = games.players(lobby["game"])
        if len(lobby["players"]) + len(lobby["bots"]) >= high:
            raise Refusal("full", code="table_full")
        lobby["players"].append([person.user_id, person.name])
        await self._update_lobby(place, lobby)

    async def cmd_bot(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        lobby = self._lobby(place)
        await self._creator_only(place, person, lobby)
        level = (args[0] if args else "medium").lower()
        if level not in bot_names():
            raise Refusal("level", code="chat_bad_level", levels=" | ".join(LEVELS))
        low, high = games.players(lobby["game"])
        if len(lobby["players"]) + len(lobby["bots"]) >= high:
            raise Refusal("full", code="table_full")
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
        lobby = self._lobby(place)
        await self._creator_only(place, person, lobby)
        low, high = games.players(lobby["game"])
        count = len(lobby["players"]) + len(lobby["bots"])
        if not low <= count <= high:
            raise Refusal("count", code="chat_player_count", low=low, high=high, count=count)
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
                           count=len(who), low=low, high=high),
                 i18n.text(lang, "lobby.clock", clock=clock_words(lobby["clock"], lang))]
        if started:
            lines.append(i18n.text(lang, "lobby.started", link=self.link("table", started)))
            return "\n".join(lines), []
        lines.append(i18n.text(lang, "lobby.how"))
        buttons = [[Button(i18n.text(lang, "button.join"), "j"),
                    Button(i18n.text(lang, "button.start"), "s")],
                   [Button(f"+🤖 {i18n.text(lang, f'level.{level}')}", f"b:{level}")
                    for level in LEVELS]]
        return "\n".join(lines), buttons

    # Game commands ---------------------------------------------------------------------

    def _game(self, place: Place, person: Person | None = None) -> dict:
        """The game this chat plays (in a direct chat: also one the person sits at)."""
        game = self.store.game_in(self.network, place.chat_id)
        if game is None and place.direct and person is not None:
            found = self._find_seat(place, person, awaited_only=False)
            if found is not None:
                game = self.store.game(found.table_id)
        if game is None:
            raise Refusal("no game", code="chat_no_game")
        return game

    def _find_seat(self, place: Place, person: Person, awaited_only: bool) -> Seat | None:
        game = self.store.game_in(self.network, place.chat_id)
        if game is not None:
            for seat, row in self.store.seats_of(game["table_id"]).items():
                if row["user_id"] == person.user_id:
                    if awaited_only and seat not in self._awaited(game["table_id"]):
                        return None
                    return Seat(game["table_id"], seat, game["chat_id"])
            return None
        if not place.direct:
            return None
        # A direct chat without its own game: the person's seat elsewhere, the one
        # awaited first (a hidden choice is best sent here, out of the group's sight).
        held = self.store.seats_of_person(self.network, person.user_id)
        awaited = [r for r in held if r["seat"] in self._awaited(r["table_id"])]
        chosen = awaited or ([] if awaited_only else held)
        if not chosen:
            return None
        row = chosen[0]
        return Seat(row["table_id"], row["seat"], row["chat_id"])

    def _awaited(self, table_id: str) -> list[int]:
        return list(self.service.summary(table_id)["to_act"])

    def _my_seat(self, place: Place, person: Person) -> Seat:
        found = self._find_seat(place, person, awaited_only=False)
        if found is None:
            raise Refusal("no seat", code="chat_no_seat")
        return found

    async def play(self, place: Place, person: Person, seat: Seat, notation: str,
                   lang: str) -> None:
        self.service.act(seat.table_id, seat.seat, notation)
        if place.chat_id != seat.chat_id:  # a hidden choice sent privately: confirm here
            await self.say(place.chat_id, i18n.text(lang, "play.taken", action=notation))

    async def cmd_undo(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        seat = self._my_seat(place, person)
        self.service.undo(seat.table_id, seat.seat)

    async def cmd_moves(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        seat = self._my_seat(place, person)
        legal = self.service.legal(seat.table_id, seat.seat)
        if not legal:
            raise Refusal("not your turn", code="not_your_turn")
        prefix = [w.lower() for w in args]
        chosen = [e for e in legal
                  if [w.lower() for w in e["notation"].split()[:len(prefix)]] == prefix]
        if not chosen:
            raise Refusal("none", code="chat_no_moves", prefix=" ".join(args)[:40])
        if len(chosen) > MAX_LISTED:
            steps = next_words([e["notation"] for e in chosen], prefix)
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
        seat = self._my_seat(place, person)
        if not args:
            raise Refusal("preview what", code="chat_preview_what")
        notation = " ".join(args)
        answer = self.service.preview(seat.table_id, seat.seat, notation)
        view = answer.get("view")
        if not answer["legal"]:
            error = answer["error"]
            raise GameError(error["message"], code=error["code"], **error["params"])
        game = self.service.summary(seat.table_id)["game"]
        caption = i18n.text(lang, "preview.caption", action=answer["action"])
        await self.show(place.chat_id, game, view, caption, seat=seat.seat,
                        table_id=seat.table_id)

    async def cmd_hint(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        seat = self._my_seat(place, person)
        notation = await self.service.hint(seat.table_id, seat.seat)
        await self.say(place.chat_id, i18n.text(lang, "hint", action=notation))

    async def cmd_board(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        game = self._game(place, person)
        seat = None
        if place.direct:
            found = self._find_seat(place, person, awaited_only=False)
            seat = found.seat if found else None
        state = self.service.state(game["table_id"], seat)
        await self.show(place.chat_id, state["table"]["game"], state["view"],
                        self.status_line(game["table_id"], lang), seat=seat,
                        table_id=game["table_id"])

    async def cmd_score(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        game = self._game(place, person)
        await self.say(place.chat_id, self.score_text(game["table_id"], lang))

    async def cmd_status(self, place: Place, person: Person, args: list[str],
                         lang: str) -> None:
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is not None:
            text, buttons = self.lobby_message(lobby, lang)
            await self.say(place.chat_id, text, buttons)
            return
        game = self._game(place, person)
        summary = self.service.summary(game["table_id"])
        lines = [f"{games.title(summary['game'], lang)} — "
                 + i18n.text(lang, f"status.{summary['status']}"),
                 self.status_line(game["table_id"], lang),
                 i18n.text(lang, "status.link", link=self.link("table", game["table_id"]))]
        await self.say(place.chat_id, "\n".join(lines))

    async def cmd_rules(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        lobby = self.store.lobby(self.network, place.chat_id)
        game = self.store.game_in(self.network, place.chat_id)
        name = None
        if args and games.find_game(args[0]):
            name, args = games.find_game(args[0]), args[1:]
        elif lobby:
            name = lobby["game"]
        elif game:
            name = self.service.summary(game["table_id"])["game"]
        if name is None:
            raise Refusal("which game", code="chat_which_game",
                          games=", ".join(known_games()))
        sections = games.rules_sections(name, lang)
        if not args:
            topics = "\n".join(f"• {heading}" for heading, _ in sections[1:])
            await self.say(place.chat_id, sections[0][1] + "\n\n"
                           + i18n.text(lang, "rules.topics", game=name) + "\n" + topics)
            return
        wanted = i18n.fold(" ".join(args))
        for heading, body in sections[1:]:
            if wanted in i18n.fold(heading):
                await self.say(place.chat_id, f"{heading}\n\n{body}")
                return
        raise Refusal("topic", code="chat_no_topic", topic=" ".join(args)[:40])

    async def cmd_lang(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        chosen = i18n.language(args[0]) if args else None
        if chosen is None:
            raise Refusal("lang", code="chat_bad_lang", langs=" | ".join(i18n.LANGUAGES))
        if place.direct:
            self.store.set_person_lang(self.network, person.user_id, chosen)
        else:
            owners = [x["creator"] for x in (self.store.lobby(self.network, place.chat_id),
                                             self.store.game_in(self.network, place.chat_id))
                      if x]
            if person.user_id not in owners and not await self.transport.is_admin(
                    place.chat_id, person.user_id):
                raise Refusal("admins", code="chat_admin_only")
            self.store.set_room(self.network, place.chat_id, lang=chosen)
        await self.say(place.chat_id, i18n.text(chosen, "lang.set"))

    async def cmd_help(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        await self.say(place.chat_id, i18n.text(lang, "help.long"))

    async def cmd_leave(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is not None:
            await self._drop_player(place, lobby, person.user_id)
            return
        seat = self._my_seat(place, person)
        self._hand_over(seat)

    async def cmd_kick(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        if not args:
            raise Refusal("whom", code="chat_kick_whom")
        target = " ".join(args)
        lobby = self.store.lobby(self.network, place.chat_id)
        if lobby is not None:
            await self._creator_only(place, person, lobby)
            user = _match_person([(u, n) for u, n in lobby["players"]], target)
            await self._drop_player(place, lobby, user)
            return
        game = self._game(place, person)
        await self._creator_only(place, person, game)
        seats = self.store.seats_of(game["table_id"])
        user = _match_person([(r["user_id"], r["name"]) for r in seats.values()]
                             + [(str(s + 1), r["name"]) for s, r in seats.items()], target)
        seat = next(s for s, r in seats.items() if user in (r["user_id"], str(s + 1)))
        self._hand_over(Seat(game["table_id"], seat, game["chat_id"]))

    async def _drop_player(self, place: Place, lobby: dict, user: str) -> None:
        players = [p for p in lobby["players"] if p[0] != user]
        if len(players) == len(lobby["players"]):
            raise Refusal("not in", code="chat_not_joined")
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

    def _hand_over(self, seat: Seat) -> None:
        """The computer plays this seat from now on (the table's clock level)."""
        level = self.service.summary(seat.table_id)["clock"].get("level") or "medium"
        self.service.autopilot(seat.table_id, seat.seat, level)

    # Buttons ---------------------------------------------------------------------------

    async def _press(self, place: Place, person: Person, data: str, lang: str,
                     message_id: str | None) -> str | None:
        kind, _, rest = data.partition(":")
        if kind in ("j", "s", "b"):
            command = {"j": "join", "s": "start", "b": "bot"}[kind]
            await getattr(self, f"cmd_{command}")(place, person, [rest] if rest else [], lang)
            return None
        if kind not in ("m", "p"):
            raise Refusal("stale", code="chat_stale_button")
        table_id, _, rest = rest.partition(":")
        version, _, words = rest.partition(":")
        game = self.store.game(table_id)
        if game is None or game["status"] != "playing":
            raise Refusal("over", code="game_over")
        held = [s for s, r in self.store.seats_of(table_id).items()
                if r["user_id"] == person.user_id]
        awaited = self._awaited(table_id)
        mine = [s for s in held if s in awaited]
        if not mine:
            raise Refusal("turn", code="not_your_turn")
        seat = Seat(table_id, mine[0], game["chat_id"])
        if not version.isdigit() or not self.service.fresh(table_id, seat.seat, int(version)):
            raise Refusal("stale", code="chat_stale_button")
        if kind == "p":
            await self.play(place, person, seat, words, lang)
            return None
        text, buttons = self.menu(seat, person, words.split(), lang, place.chat_id)
        if message_id is not None and not self.transport.numbered:
            await self.transport.edit(place.chat_id, message_id, text, buttons)
        else:
            await self.say(place.chat_id, text, buttons, menu_for=person.user_id)
        return None

    def menu(self, seat: Seat, person: Person, prefix: list[str], lang: str,
             chat_id: str) -> tuple[str, list[list[Button]]]:
        """The buttons for the next word of ``seat``'s decision after ``prefix``."""
        notations = self.service.notations(seat.table_id, seat.seat)
        top, _ = narrow(notations, [])
        prefix, steps = narrow(notations, prefix)
        version = self.service.summary(seat.table_id)["state_id"]
        head = f"{seat.table_id}:{version}:"
        buttons: list[Button] = []
        for step in steps[:MAX_BUTTONS]:
            if step.complete:
                buttons.append(Button(f"✔ {step.notation}" if prefix else f"✔ {step.word}",
                                      f"p:{head}{step.notation}"))
            if step.more:
                buttons.append(Button(f"{step.word} …", f"m:{head}{step.notation}"))
        buttons = [b for b in buttons if len(b.data.encode()) <= MAX_CALLBACK]
        rows = [buttons[i:i + 4] for i in range(0, len(buttons), 4)]
        if len(prefix) > len(top):  # a way back up, not past the forced first words
            rows.append([Button("⬅", f"m:{head}{' '.join(prefix[:-1])}")])
        who = self.transport.mention(person.user_id, person.name)
        text = i18n.text(lang, "menu.choose", who=who,
                         prefix=" ".join(prefix) + " …" if prefix else "…")
        if len(steps) > MAX_BUTTONS:
            text += "\n" + i18n.text(lang, "menu.type", example=steps[0].notation)
        return text, rows

    def _menu_choice(self, place: Place, person: Person, number: int) -> str | None:
        menu = self.store.room(self.network, place.chat_id)["menu"] or {}
        choices = menu.get(person.user_id) or menu.get("*") or []
        if 1 <= number <= len(choices):
            return choices[number - 1]
        return None

    # Output ----------------------------------------------------------------------------

    async def say(self, chat_id: str, text: str, buttons: list[list[Button]] | None = None,
                  image: bytes | None = None, menu_for: str = "*") -> str | None:
        """Send ``text`` (cut to the network's length), with buttons and a picture."""
        if buttons and self.transport.numbered:
            flat = [b for row in buttons for b in row]
            text += "\n" + "  ".join(f"{n}) {b.label}" for n, b in enumerate(flat, 1))
            room = self.store.room(self.network, chat_id)
            menu = dict(room["menu"] or {})
            menu[menu_for] = [b.data for b in flat]
            self.store.set_room(self.network, chat_id, menu=menu)
        limit = self.transport.max_text
        chunks = [text[i:i + limit] for i in range(0, len(text), limit)] or [""]
        first = None
        for index, chunk in enumerate(chunks):
            last = index == len(chunks) - 1
            sent = await self.transport.send(chat_id, chunk, buttons if last else None,
                                             image if index == 0 else None)
            first = first or sent
        return first

    async def _safe_edit(self, chat_id: str, message_id: str, text: str,
                         buttons: list[list[Button]] | None = None) -> None:
        try:
            await self.transport.edit(chat_id, message_id, text, buttons)
        except Exception:  # noqa: BLE001 - an edit that fails is worth a new message
            log.warning("edit of %s in %s failed; sending anew", message_id, chat_id)
            await self.say(chat_id, text, buttons)

    async def show(self, chat_id: str, game: str, view: dict, caption: str,
                   buttons: list[list[Button]] | None = None, menu_for: str = "*",
                   seat: int | None = None, table_id: str | None = None) -> None:
        """A picture of ``view`` (or the terminal drawing when the game has none)."""
        names = None
        if table_id is not None:
            known = self.names(table_id)
            names = [known[s] for s in sorted(known)]
        png = await asyncio.to_thread(images.picture, game, view, seat, names)
        if png is None:
            board = images.text_board(game, view)
            await self.say(chat_id, f"```\n{board}\n```\n{caption}", buttons,
                           menu_for=menu_for)
            return
        await self.say(chat_id, caption, buttons, image=png, menu_for=menu_for)

    def link(self, kind: str, table_id: str) -> str:
        return f"{self.public_url}/#/{kind}/{table_id}"

    def error_text(self, lang: str, error: GameError) -> str:
        key = f"error.{error.code}"
        if error.code.startswith("chat_"):
            key = error.code.replace("_", ".", 1)
        if not i18n.has(key):
            return str(error)
        words = i18n.text(lang, key, **{k: v for k, v in error.params.items()})
        if error.code == "bad_notation":  # the game's own words on what it expected
            words += f" ({error})"
        return words

    def names(self, table_id: str) -> dict[int, str]:
        summary = self.service.summary(table_id)
        seats = self.store.seats_of(table_id)
        lang = self.chat_lang(self.store.game(table_id)["chat_id"])
        return {s["seat"]: (s["name"] if s["kind"] != "bot" else
                            f"🤖 {i18n.text(lang, 'level.' + s['level'])}")
                if s["seat"] not in seats else seats[s["seat"]]["name"]
                for s in summary["seats"]}

    def status_line(self, table_id: str, lang: str) -> str:
        summary = self.service.summary(table_id)
        names = self.names(table_id)
        if summary["status"] != "playing":
            return i18n.text(lang, f"status.{summary['status']}")
        return i18n.text(lang, "status.to_act",
                         who=", ".join(names[s] for s in summary["to_act"]))

    def score_text(self, table_id: str, lang: str) -> str:
        names = self.names(table_id)
        scores = self.service.scores(table_id) or []
        return i18n.text(lang, "score.title") + "\n" + "\n".join(
            f"{names[s]}: {points}" for s, points in enumerate(scores))

    # Following a table -----------------------------------------------------------------

    def follow(self, table_id: str) -> None:
        if table_id in self.followers:
            return
        task = asyncio.get_running_loop().create_task(self._follow(table_id))
        self.followers[table_id] = Follower(task)

    async def _follow(self, table_id: str) -> None:
        subscription: Subscription | None = None
        try:
            subscription = self.service.watch(table_id)
            async for message in subscription.messages():
                await asyncio.sleep(BATCH_WAIT)
                batch = [message] + subscription.pending()
                try:
                    if await self._tell(table_id, batch):
                        return
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - keep following whatever one post did
                    log.exception("telling the chat about table %s failed", table_id)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("following table %s failed", table_id)
        finally:
            if subscription is not None:
                subscription.close()
            follower = self.followers.pop(table_id, None)
            if follower and follower.reminder:
                follower.reminder.cancel()

    async def _tell(self, table_id: str, batch: list[dict]) -> bool:
        """Post what ``batch`` (events and states) means for the chat; True when over."""
        game = self.store.game(table_id)
        if game is None or game["status"] != "playing":
            return True
        chat_id = game["chat_id"]
        lang = self.chat_lang(chat_id)
        names = self.names(table_id)
        lines, last_event, over = [], game["last_event"], None
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
                    line = self.event_line(event, names, lang)
                    if line:
                        lines.append(line)
        states = [m for m in batch if m.get("type") == "state"]
        state = states[-1] if states else None
        updates: dict[str, Any] = {"last_event": last_event}
        if state is None:
            if lines:
                await self.say(chat_id, "\n".join(lines))
            self.store.update_game(table_id, **updates)
            return False
        summary = state["table"]
        name = summary["game"]
        if over is not None or summary["status"] == "over":
            await self._announce_end(table_id, chat_id, summary, state, lines, lang)
            return True
        scores = self.service.scores(table_id)
        if game["scores"] is not None and scores != game["scores"]:
            await self._announce_scoring(table_id, chat_id, name, state, lines, lang)
            lines = []
        updates["scores"] = scores
        awaited = list(state["to_act"])
        if awaited != (game["awaited"] or []) or state["state_id"] > game["prompted"]:
            await self._prompt(table_id, game, state, awaited, lines, lang)
            updates.update(prompted=state["state_id"], awaited=awaited)
        elif lines:
            await self.say(chat_id, "\n".join(lines))
        self.store.update_game(table_id, **updates)
        self._arm_reminder(table_id, state, lang)
        return False

    def event_line(self, event: dict, names: dict[int, str], lang: str) -> str | None:
        who = names.get(event.get("seat"), "?")
        kind = event["type"]
        if kind == "action":
            by = event.get("by", "person")
            key = {"person": "event.action", "bot": "event.action",
                   "autopilot": "event.autopilot_action", "clock": "event.clock_action"
                   }.get(by, "event.action")
            return i18n.text(lang, key, who=who, action=event["notation"])
        if kind == "undo":
            return i18n.text(lang, "event.undo", who=who, action=event["notation"])
        if kind == "autopilot":
            if event.get("level"):
                return i18n.text(lang, "event.autopilot_on", who=who,
                                 level=i18n.text(lang, f"level.{event['level']}"))
            return i18n.text(lang, "event.autopilot_off", who=who)
        return None

    async def _prompt(self, table_id: str, game: dict, state: dict, awaited: list[int],
                      lines: list[str], lang: str) -> None:
        """Tell the chat whose decision it is: a picture when a new decision begins,
        buttons for the people awaited; bots' turns only as their actions."""
        chat_id = game["chat_id"]
        name = state["table"]["game"]
        seats = self.store.seats_of(table_id)
        people = [s for s in awaited if s in seats and not _autopilot(state["table"], s)]
        names = self.names(table_id)
        before = set(game["awaited"] or [])
        together = len(awaited) > 1
        if awaited and set(awaited) < before:
            # Someone chose in a simultaneous step: say so, never what they chose.
            waiting = ", ".join(names[s] for s in awaited)
            await self.say(chat_id, "\n".join(lines + [i18n.text(lang, "turn.waiting",
                                                                  who=waiting)]))
            return
        if not people:
            if lines:
                await self.say(chat_id, "\n".join(lines))
            return
        if set(awaited) == before and len(people) == 1 and \
                self.service.state(table_id, people[0])["can_undo"]:
            # The same person goes on with their turn: what happened and their next menu.
            seat = people[0]
            person = Person(seats[seat]["user_id"], seats[seat]["name"])
            text, buttons = self.menu(Seat(table_id, seat, chat_id), person, [], lang, chat_id)
            await self.say(chat_id, "\n".join(lines + [text]), buttons,
                           menu_for=person.user_id)
            return
        mentions = ", ".join(self.transport.mention(seats[s]["user_id"], seats[s]["name"])
                             for s in people)
        key = "turn.together" if together else "turn.yours"
        caption = "\n".join(lines + [i18n.text(lang, key, who=mentions)])
        group_view = self.service.state(table_id, None)["view"]
        if not together:
            # One person: the picture carries their menu.
            seat = people[0]
            person = Person(seats[seat]["user_id"], seats[seat]["name"])
            text, buttons = self.menu(Seat(table_id, seat, chat_id), person, [], lang, chat_id)
            await self.show(chat_id, name, group_view, caption + "\n" + text, buttons,
                            menu_for=person.user_id, seat=seat, table_id=table_id)
            return
        await self.show(chat_id, name, group_view, caption, table_id=table_id)
        for seat in people:
            person = Person(seats[seat]["user_id"], seats[seat]["name"])
            # Each person's menu goes to their direct chat when possible: choices made
            # there stay hidden from the group until the step resolves.
            where = await self._direct(person.user_id) or chat_id
            menu_lang = lang if where == chat_id else self.lang_of(
                Place(self.network, where, True), person)
            text, buttons = self.menu(Seat(table_id, seat, chat_id), person, [], menu_lang,
                                      where)
            if where != chat_id:
                view = self.service.state(table_id, seat)["view"]
                try:
                    await self.show(where, name, view, text, buttons,
                                    menu_for=person.user_id, seat=seat, table_id=table_id)
                    continue
                except Exception:  # noqa: BLE001 - e.g. they never started a chat with the bot
                    log.info("no direct chat with %s; their menu goes to the group",
                             person.user_id)
                text, buttons = self.menu(Seat(table_id, seat, chat_id), person, [], lang,
                                          chat_id)
            await self.say(chat_id, text, buttons, menu_for=person.user_id)

    async def _direct(self, user_id: str) -> str | None:
        try:
            return await self.transport.direct_chat(user_id)
        except Exception:  # noqa: BLE001 - no direct chat: the group it is
            log.info("no direct chat with %s", user_id)
            return None

    async def _announce_scoring(self, table_id: str, chat_id: str, name: str, state: dict,
                                lines: list[str], lang: str) -> None:
        """Scores changed: the scoreboard, then each player's picture."""
        await self.say(chat_id, "\n".join(lines + [self.score_text(table_id, lang)]))
        names = self.names(table_id)
        view = self.service.state(table_id, None)["view"]
        for seat in range(len(state["table"]["seats"])):
            await self.show(chat_id, name, view, i18n.text(lang, "score.sheet",
                                                           who=names[seat]),
                            seat=seat, table_id=table_id)
            if not images.per_seat(name):
                break

    async def _announce_end(self, table_id: str, chat_id: str, summary: dict, state: dict,
                            lines: list[str], lang: str) -> None:
        names = self.names(table_id)
        result = summary.get("result") or {}
        scores = result.get("scores") or self.service.scores(table_id) or []
        ranking = sorted(range(len(scores)), key=lambda s: -scores[s])
        board = "\n".join(f"{names[s]}: {scores[s]}" for s in ranking)
        winners = ", ".join(names[s] for s in result.get("winners", []))
        text = "\n".join(lines + [i18n.text(lang, "end.title"), board,
                                  i18n.text(lang, "end.winner", who=winners or "-"),
                                  i18n.text(lang, "end.replay",
                                            link=self.link("replay", table_id))])
        await self.show(chat_id, summary["game"], self.service.state(table_id, None)["view"],
                        text, table_id=table_id)
        self.store.update_game(table_id, status="over", last_event=10**9)

    # Clock reminders -------------------------------------------------------------------

    def _arm_reminder(self, table_id: str, state: dict, lang: str) -> None:
        follower = self.followers.get(table_id)
        if follower is None:
            return
        if follower.reminder:
            follower.reminder.cancel()
            follower.reminder = None
        clock = state.get("clock")
        if not clock:
            return
        seats = self.store.seats_of(table_id)
        remaining = {int(s): left for s, left in (clock.get("remaining") or {}).items()
                     if left is not None and int(s) in state["to_act"] and int(s) in seats
                     and not _autopilot(state["table"], int(s))}
        if not remaining:
            return
        soonest = min(remaining.values())
        warn = min(60.0, max(3.0, soonest / 4))  # a quarter of the time left, ≤ 1 minute
        delay = soonest - warn
        if delay <= 0:
            return
        version = state["state_id"]

        def remind() -> None:
            asyncio.get_running_loop().create_task(
                self._remind(table_id, version, list(remaining), round(warn)))

        follower.reminder = asyncio.get_running_loop().call_later(delay, remind)

    async def _remind(self, table_id: str, version: int, seats: list[int], seconds: int) -> None:
        try:
            summary = self.service.summary(table_id)
            if summary["state_id"] != version or summary["status"] != "playing":
                return
            game = self.store.game(table_id)
            held = self.store.seats_of(table_id)
            who = ", ".join(self.transport.mention(held[s]["user_id"], held[s]["name"])
                            for s in seats if s in summary["to_act"])
            if who:
                lang = self.chat_lang(game["chat_id"])
                await self.say(game["chat_id"], i18n.text(lang, "clock.reminder", who=who,
                                                          seconds=seconds))
        except Exception:  # noqa: BLE001
            log.exception("clock reminder for %s failed", table_id)


# Helpers -------------------------------------------------------------------------------------


def _autopilot(summary: dict, seat: int) -> bool:
    return bool(summary["seats"][seat].get("autopilot")) or summary["seats"][seat]["kind"] != \
        "person"


def _match_person(people: list[tuple[str, str]], target: str) -> str:
    """The user a kick names: their id (a mention), seat number or name."""
    wanted = i18n.fold(target.lstrip("@"))
    for user, name in people:
        if wanted in (i18n.fold(user.lstrip("@")), i18n.fold(name)):
            return user
    for user, name in people:
        if i18n.fold(name).startswith(wanted):
            return user
    raise Refusal("who", code="chat_kick_whom")


_DURATION = re.compile(r"^(\d+(?:\.\d+)?)(s|m|h)?$")


def read_clock(words: list[str]) -> dict | None:
    """``clock 90`` / ``clock 2m`` (per decision), ``clock bank 10m``, ``clock off``;
    an optional bot level plays for a person out of time (``clock 2m hard``)."""
    words = [w.lower() for w in words]
    if not words:
        raise Refusal("clock", code="chat_bad_clock")
    if words[0] in ("off", "none", "0"):
        return None
    mode = "decision"
    if words[0] in ("bank", "decision"):
        mode, words = words[0], words[1:]
    match = _DURATION.match(words[0]) if words else None
    if match is None:
        raise Refusal("clock", code="chat_bad_clock")
    seconds = float(match.group(1)) * {"s": 1, "m": 60, "h": 3600}[match.group(2) or "s"]
    level = words[1] if len(words) > 1 else "easy"
    if level not in bot_names() or not 0 < seconds <= 7 * 24 * 3600:
        raise Refusal("clock", code="chat_bad_clock")
    return {"mode": mode, "seconds": seconds, "level": level}


def clock_words(clock: dict | None, lang: str) -> str:
    if not clock:
        return i18n.text(lang, "clock.none")
    seconds = int(clock["seconds"])
    amount = f"{seconds // 60} min" if seconds % 60 == 0 and seconds >= 60 else f"{seconds} s"
    return i18n.text(lang, f"clock.{clock['mode']}", amount=amount)
