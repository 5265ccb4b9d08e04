"""What the bot's messages look like on Matrix: an ``m.notice`` with a plain body and an
HTML ``formatted_body`` (clients show the HTML; the plain body is the fallback and
what notifications show).

The conversation core writes plain text with two marks: mentions (made by
`mention`, turned into pills here) and ```` ``` ```` blocks (a text board, shown in
a fixed-width font). A piece of a rules page comes as `Formatted` text: its Markdown
(headings, lists, tables) is rendered with markdown-it-py, the CommonMark parser the
project already uses, with raw HTML in the source escaped rather than passed through;
its plain reading (lists as lines, a table a line a row) is the body.
"""

from __future__ import annotations

import html
import re

from markdown_it import MarkdownIt

from ..richtext import Formatted

MENTION = re.compile(r"\x00([^\x01]*)\x01([^\x00]*)\x00")
HTML_FORMAT = "org.matrix.custom.html"

# Images off: a page's relative picture paths mean nothing to a Matrix client (which
# shows mxc:// images only). A page's lines are wrapped in its source: a line break
# inside a paragraph is a space (no "breaks"), or Element would show ragged lines.
_markdown = MarkdownIt("commonmark", {"html": False}).enable("table").disable("image")


def mention(user_id: str, name: str) -> str:
    """A mention mark in the core's text (see `notice`)."""
    return f"\x00{user_id}\x01{name}\x00"


def _pill(match: re.Match) -> str:
    return f'<a href="https://matrix.to/#/{html.escape(match.group(1))}">' \
           f'{html.escape(match.group(2), quote=False)}</a>'


def notice(text: str) -> dict:
    """The content of an ``m.notice`` saying ``text`` (`Formatted`: a piece of a rules
    page, whose Markdown becomes the HTML)."""
    mentioned = sorted({m.group(1) for m in MENTION.finditer(text)})
    plain = MENTION.sub(lambda m: m.group(2), text)
    if isinstance(text, Formatted):
        formatted = _markdown.render(text.markdown).strip()
    else:
        formatted = _plain_html(text)
    content = {"msgtype": "m.notice", "body": plain, "format": HTML_FORMAT,
               "formatted_body": formatted}
    if mentioned:
        content["m.mentions"] = {"user_ids": mentioned}
    return content


def _plain_html(text: str) -> str:
    parts = text.split("```")
    formatted = []
    for index, part in enumerate(parts):
        if index % 2:
            board = MENTION.sub(lambda m: m.group(2), part.strip("\n"))
            formatted.append(f"<pre><code>{html.escape(board, quote=False)}</code></pre>")
        else:
            # Escape around the mention marks (they hold no HTML-special characters
            # of their own that matter here), then turn the marks into pills.
            pieces, last = [], 0
            for match in MENTION.finditer(part):
                pieces.append(html.escape(part[last:match.start()], quote=False))
                pieces.append(_pill(match))
                last = match.end()
            pieces.append(html.escape(part[last:], quote=False))
            formatted.append("".join(pieces).replace("\n", "<br>"))
    return "".join(formatted)


def edit(event_id: str, new: dict) -> dict:
    """An ``m.replace`` of ``event_id`` with the content ``new`` (clients that know no
    edits show the starred body as a new message). The edit itself mentions nobody:
    the people in it were pinged by the message it edits (the spec's rule for edits)."""
    outer = {k: v for k, v in new.items() if k != "m.mentions"}
    return {**outer, "body": f"* {new['body']}",
            "formatted_body": f"* {new.get('formatted_body', '')}",
            "m.mentions": {},
            "m.new_content": new,
            "m.relates_to": {"rel_type": "m.replace", "event_id": event_id}}


def reply(event_id: str) -> dict:
    """What makes a message a reply to ``event_id`` (clients show the quoted message
    above it). No quoted fallback in the body (the spec dropped reply fallbacks in v1.13),
    and the mentions stay the message's own: the one replied to is the bot's, whom
    nothing needs to ring. nio copies ``m.relates_to`` outside the encryption, as the
    spec asks, so the server relates the two in an encrypted room too."""
    return {"m.relates_to": {"m.in_reply_to": {"event_id": event_id}}}


def numbered(labels: list[str]) -> str:
    """The menu line the core appends to a message with buttons (answer by number)."""
    return "  ".join(f"{n}) {label}" for n, label in enumerate(labels, 1))
