"""A person's first steps and own record (a part of `Conversation`): the welcome,
links that lead from a group to the private chat, and ``stats``.

What every Telegram client sends when a person first opens a bot is
``/start``; a link ``t.me/<bot>?start=PAYLOAD`` sends ``/start PAYLOAD``.
So ``start`` in a direct chat with no table gathering there is a welcome, or
follows the link's payload:

* ``j<chat>`` — the group lobby's "Join in private" button: join that lobby
  (and the private chat now exists, for hidden choices later);
* ``t<table>`` — "Choose in private": this person's seat at that table, their
  own view and menu, as a living message here.

A payload is at most 64 characters of ``A-Z a-z 0-9 _ -``; a chat id's ``/``
(a forum topic) travels as ``_``.
"""

from __future__ import annotations

import logging

from boardgamesbot.engine import load_game

from . import games, i18n
from .basics import Person, Place, Refusal

log = logging.getLogger(__name__)

LOG_LINES = 120  # the latest actions `log` lists (the browser's replay has them all)


def join_payload(chat_id: str) -> str:
    return "j" + chat_id.replace("/", "_")


class Onboarding:
    """The welcome, deep links and stats (a part of `Conversation`)."""

    async def welcome(self, place: Place, person: Person, args: list[str], lang: str) -> None:
        """``start`` in a direct chat without a lobby: a link's payload, or hello."""
        if args:
            await self.follow_link(place, person, args[0], lang)
            return
        await self.say(place.chat_id, i18n.text(lang, "welcome", name=person.name,
                                                    **self._examples(lang)))

    async def follow_link(self, place: Place, person: Person, payload: str,
                          lang: str) -> None:
        kind, rest = payload[:1], payload[1:]
        if kind == "j" and rest:
            group = Place(self.network, rest.replace("_", "/"), False)
            await self.cmd_join(group, person, [], self.chat_lang(group.chat_id))
            await self.say(place.chat_id, i18n.text(lang, "link.joined",
                                                    chat=await self._chat_title(group)))
            return
        if kind == "t" and rest:
            game = self.store.game(rest)
            if game is None or game["status"] != "playing" or game["network"] != self.network:
                raise Refusal("chat.old_link")
            held = [s for s, r in self.store.seats_of(rest).items()
                    if r["user_id"] == person.user_id]
            if not held:
                raise Refusal("chat.not_at_table")
            for seat in held:
                await self.refresh_private(rest, seat, quiet=False, chat_id=place.chat_id)
            return
        await self.say(place.chat_id, i18n.text(lang, "welcome", name=person.name,
                                                    **self._examples(lang)))

    def _examples(self, lang: str) -> dict[str, str]:
        """The welcome's examples, a group's command typed as this network wants it."""
        return games.examples(lang, getattr(self.transport, "group_prefix", "/"))

    async def _chat_title(self, group: Place) -> str:
        title = getattr(self.transport, "chat_title", None)
        if title is not None:
            try:
                return await title(group.chat_id)
            except Exception:  # noqa: BLE001 - a name is a nicety
                log.info("no title for %s", group.chat_id)
        return group.chat_id

    async def cmd_stats(self, place: Place, person: Person, args: list[str],
                        lang: str) -> None:
        """Per game: tables played to the end, won, best score; and, for a game that
        rates solo play (its final view has ``solo``), the best rating
        and its title."""
        played: dict[str, dict] = {}
        for row in self.store.games_of_person(self.network, person.user_id):
            summary = await self.service.summary(row["table_id"])
            result = summary.get("result") or {}
            scores = result.get("scores") or []
            if row["seat"] >= len(scores):
                continue
            entry = played.setdefault(summary["game"], {"played": 0, "won": 0, "best": None,
                                                        "solo": None})
            entry["played"] += 1
            entry["won"] += row["seat"] in result.get("winners", [])
            score = scores[row["seat"]]
            entry["best"] = score if entry["best"] is None else max(entry["best"], score)
            if len(summary["seats"]) == 1:
                solo = (await self.service.state(row["table_id"], None))["view"].get("solo")
                if solo and (entry["solo"] is None or solo["rating"] > entry["solo"]["rating"]):
                    entry["solo"] = solo
        if not played:
            await self.say(place.chat_id, i18n.text(lang, "stats.none", who=person.name))
            return
        lines = [i18n.text(lang, "stats.title", who=person.name)]
        for name, entry in sorted(played.items()):
            title = games.title(name, lang)
            lines.append(i18n.text(lang, "stats.line", game=title, played=entry["played"],
                                   won=entry["won"], best=entry["best"]))
            if entry["solo"]:
                solo = entry["solo"]
                # the title as the rules print it, in the chat's language (the game's words)
                named = load_game(name).rating_title(solo["title"], lang) if solo["title"] else "-"
                lines.append(i18n.text(lang, "stats.solo", game=title, rating=solo["rating"],
                                       title=named))
        await self.say(place.chat_id, "\n".join(lines))

    async def cmd_log(self, place: Place, person: Person, args: list[str],
                      lang: str) -> None:
        """The game's whole story so far (a living message's caption tells only the
        latest lines): every action as it was told, and the browser's link."""
        game = await self._game(place, person)
        names = await self.names(game["table_id"], lang)
        name = (await self.service.summary(game["table_id"]))["game"]
        lines = [line for event in await self.service.events(game["table_id"])
                 if (line := self.event_line(event, names, lang, name))]
        lines = lines[-LOG_LINES:]
        lines.append(i18n.text(lang, "status.link", link=self.link("table", game["table_id"])))
        await self.say(place.chat_id, "\n".join(lines))
