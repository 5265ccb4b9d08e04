"""The rules in a chat, one phone screen at a time.

A chat on a phone (a Telegram group, Element) shows some 20 lines of 40
characters before its reader must scroll: `PHONE` characters. A rules page is
13–16 thousand, and most of its sections are longer than a screen ("The scoring
cards" holds every card: 2,700). So ``rules WORD`` shows a section whole only
when it fits; a longer one is offered by its topics (its sub-headings and the
titles of its passages), each asked for by name, or read piece by piece with
``rules more``; and a single passage longer than a screen is cut at a sentence,
``rules more`` going on with the rest.

Everything here is read from the passages the rules search answers with
(`boardgamesbot.help.passages`), so a topic, an answer and a question's answer
are the same pieces of the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from boardgamesbot.engine import LANGUAGES
from boardgamesbot.help import help_page
from boardgamesbot.help.passages import Passage, passages
from boardgamesbot.help.search import Answer

from . import i18n
from .richtext import Formatted, escape

#: The most characters one rules reply holds: about one phone screen.
PHONE = 800
#: A sentence ends here (where a passage too long for a screen is cut).
SENTENCE_END = re.compile(r"(?<=[.;:!?)])\s+")


def without_summaries(pieces: tuple[Passage, ...]) -> list[Passage]:
    """``pieces`` but a table row that only sums up one of their paragraphs ("Build a
    camp — 5 — …" beside "Build a camp (5 AP). …"): on a phone, the same rule once."""
    explained = [p.title for p in pieces if not p.row]
    return [p for p in pieces if not (p.row and any(
        title != p.title and title.startswith(p.title) for title in explained))]


@dataclass(frozen=True)
class Topic:
    """A heading of the page and the passages under it, in page order."""

    path: tuple[str, ...]  # the headings down to this one, outermost first
    pieces: tuple[Passage, ...]
    written: str = ""  # the page's Markdown under the heading: its lists, tables, bold

    @property
    def heading(self) -> str:
        return self.path[-1]

    def whole(self) -> Formatted:
        """The section as written: its heading, then its lists and tables as such where
        the network formats (`richtext`), as readable lines where it does not."""
        return Formatted(f"**{escape(self.heading)}**\n\n{self.written}")

    def readable(self) -> list[Passage]:
        return without_summaries(self.pieces)

    def subtopics(self) -> list[str]:
        """What it is made of: the headings just below it and its passages' own titles,
        in page order, each once."""
        found: list[str] = []
        depth = len(self.path)
        for piece in self.readable():
            name = piece.section[depth] if len(piece.section) > depth else piece.title
            if name != self.heading and name not in found:
                found.append(name)
        return found


def topics(game: str, lang: str) -> list[Topic]:
    """Every heading of ``game``'s rules page in ``lang`` (at any depth), in page order."""
    page = help_page(game, lang)
    pieces = passages(page)
    lines = page.splitlines()
    paths: list[tuple[str, ...]] = []
    for piece in pieces:
        for depth in range(1, len(piece.section) + 1):
            if piece.section[:depth] not in paths:
                paths.append(piece.section[:depth])
    found = []
    for path in paths:
        under = tuple(p for p in pieces if p.section[:len(path)] == path)
        # (from its first passage's first line to its last one's end: what lies between —
        # an inner heading, a table's head — is part of it as written)
        written = "\n".join(lines[min(p.lines[0] for p in under):
                                  max(p.lines[1] for p in under)])
        found.append(Topic(path, under, written))
    return found


def titled(game: str, lang: str, wanted: str) -> list[Passage]:
    """The passages whose own title is ``wanted`` (folded), or else opens with it
    ("place a guard" → "Place a guard (5 AP)"); those titled by their heading are
    topics, not found here."""
    own = [p for p in without_summaries(passages(help_page(game, lang)))
           if p.title not in p.section]
    for whole in (True, False):
        found = [p for p in own if i18n.fold(p.title) == wanted
                 or not whole and i18n.fold(p.title).startswith(wanted + " ")]
        if found:
            return [p for p in own if p.title == found[0].title]
    return []


def named(all_topics: list[Topic], wanted: str) -> list[Topic]:
    """The topics ``wanted`` names: the one whose heading it is, or else every one whose
    heading holds it ("cards": the explore, ambush and scoring cards)."""
    exact = [t for t in all_topics if i18n.fold(t.heading) == wanted]
    return exact[:1] or [t for t in all_topics if wanted in i18n.fold(t.heading)]


def language_naming(game: str, wanted: str, lang: str) -> str:
    """The language to show ``wanted`` in: the chat's ``lang`` when its page has such a
    topic or title, else another language whose page has a heading or a passage titled
    exactly so ("setup" asked in a Brazilian group with an English-speaking friend)."""
    if named(topics(game, lang), wanted) or titled(game, lang, wanted):
        return lang
    for other in LANGUAGES:
        if other != lang and (
                any(i18n.fold(t.heading) == wanted for t in topics(game, other))
                or any(i18n.fold(p.title) == wanted for p in passages(help_page(game, other)))):
            return other
    return lang


def answer(piece: Passage) -> Answer:
    return Answer(piece.title, piece.shown, piece.source, 0.0, piece.id)


def listed(lang: str, head: str, names: list[str], tail: str) -> str:
    """``head``, one line per name while the screen has room, then ``tail``."""
    lines = [head]
    for index, name in enumerate(names):
        rest = len(names) - index
        cut = "\n" + i18n.text(lang, "rules.and_more", count=rest)
        if sum(map(len, lines)) + len(lines) + len(name) + 3 + len(cut) + len(tail) > PHONE:
            lines.append(cut.strip())
            break
        lines.append(f"• {name}")
    return "\n".join([*lines, tail])


def intro(game: str, lang: str, opening: str, sections: list[str]) -> Formatted:
    """``rules GAME``: the page's ``opening`` (its title and the text above its first
    section, Markdown), paragraph by paragraph while they fit, then its sections to ask
    for."""
    tail = "\n\n".join([escape(i18n.text(lang, "rules.topics", game=game)),
                         "\n".join(f"- {escape(heading)}" for heading in sections)])
    kept: list[str] = []
    for paragraph in re.split(r"\n\s*\n", opening.strip()):
        if kept and len(Formatted("\n\n".join([*kept, paragraph, tail]))) > PHONE:
            break
        kept.append(paragraph.strip())
    return Formatted("\n\n".join([*kept, tail]))


def answer_text(lang: str, shown: Answer, rest: list[Answer],
                aside: str = "") -> tuple[str, list[Answer]]:
    """One answer as a reply that fits a screen, and the answers still to come: a
    passage too long is cut at a sentence, its rest the next to come. ``aside`` (the
    reply's, `Reply.aside`: "This table plays the basic game: …") opens it."""
    def text(body: str, coming: list[Answer], titles: int) -> str:
        said = i18n.text(lang, "rules.answer" if shown.source != shown.title
                         else "rules.answer_titled", title=shown.title, source=shown.source,
                         text=body)
        if shown.lead:  # (the sentence that answers on the first line a phone shows)
            said = f"» {shown.lead}\n\n{said}"
        if shown.variant:  # (a rule of a variant this table does not play)
            said = i18n.text(lang, "rules.variant", variant=shown.variant) + "\n" + said
        if aside:  # (asked about what only a variant not played has: said first)
            said = f"ℹ️ {aside}\n{said}"
        if coming:
            said += "\n" + i18n.text(lang, "rules.more", titles=" · ".join(
                a.title for a in coming[:titles]))
        return said

    body = shown.body
    # (fewer titles offered before any rule is cut)
    for titles in (3, 2, 1):
        if len(text(body, rest, titles)) <= PHONE:
            return text(body, rest, titles), rest
    # (the rest keeps the passage's title, marked as going on; it opens with no title)
    going_on = replace(shown, title=f"{shown.title} (…)", text="", lead="", source=(
        f"{shown.source} (…)" if shown.source == shown.title else shown.source))
    room = PHONE - len(text("", [going_on, *rest], 1))
    ends = [m.start() for m in SENTENCE_END.finditer(body) if m.start() < room]
    cut = ends[-1] if ends else body.rfind(" ", 0, room - 1)
    head, tail = body[:cut].rstrip(), body[cut:].strip()
    if not ends:
        head += "…"
    going_on = replace(going_on, text=tail)
    coming = [going_on, *rest]
    return text(head, coming, 1), coming
