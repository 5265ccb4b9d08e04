"""A piece of a rules page as a chat shows it: Markdown kept for the networks that can
format, and readable lines for everything else.

The conversation core speaks plain text. A rules section, though, is written in
Markdown — headings, bold card names, lists, tables — and printing that source in a
chat shows ``**`` and ``|`` marks, while flattening it to paragraphs loses which lines
were a list and which cells a table's row. So a section goes out as `Formatted`: a
``str`` whose value is the plain reading (what a network without formatting, a
notification or a test sees, and what the screen limit counts) and which carries its
Markdown, for the adapters to render:

* Matrix renders the Markdown to HTML (``formatted_body``): lists and tables as such;
* Telegram knows no lists, headings nor tables: `readable(markdown, html=True)` keeps
  its bold, italics and code, writes list items as ``•`` lines and a table as its head
  in italics and one ``•`` line per row;
* the plain reading is the same lines without tags.
"""

from __future__ import annotations

import html as html_escaping
import re

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

_parser = MarkdownIt("commonmark", {"html": False}).enable("table")
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")
#: between the cells of a table's row, on one line
CELLS = " — "


class Formatted(str):
    """Plain text (its value) that also carries the Markdown it reads from."""

    markdown: str

    def __new__(cls, markdown: str) -> Formatted:
        text = super().__new__(cls, readable(markdown))
        text.markdown = markdown
        return text


def escape(text: str) -> str:
    """Plain words (a heading, a sentence of the catalogs) as Markdown that says them."""
    return _PUNCTUATION.sub(r"\\\1", text)


def readable(markdown: str, html: bool = False) -> str:
    """``markdown`` as lines a chat can show: plain, or with Telegram's few HTML tags
    (``b``, ``i``, ``code``, ``pre``, ``blockquote``)."""
    return _Lines(html).blocks(SyntaxTreeNode(_parser.parse(markdown)).children).strip()


class _Lines:
    def __init__(self, html: bool) -> None:
        self.html = html

    def tag(self, name: str, inner: str) -> str:
        return f"<{name}>{inner}</{name}>" if self.html and inner else inner

    def text(self, text: str) -> str:
        return html_escaping.escape(text, quote=False) if self.html else text

    def inline(self, node: SyntaxTreeNode) -> str:
        if node.type == "text":
            return self.text(node.content)
        if node.type == "code_inline":
            return self.tag("code", self.text(node.content))
        if node.type in ("softbreak",):
            return " "
        if node.type == "hardbreak":
            return "\n"
        inner = "".join(self.inline(child) for child in node.children)
        # (links and pictures of a page point inside the site: their words are kept)
        return {"strong": self.tag("b", inner), "em": self.tag("i", inner)}.get(
            node.type, inner)

    def words(self, node: SyntaxTreeNode) -> str:
        """The inline run inside a block (a paragraph, a heading, a cell)."""
        return "".join(self.inline(child) for child in node.children[0].children) \
            if node.children else ""

    def blocks(self, nodes: list[SyntaxTreeNode], depth: int = 0) -> str:
        said = ""
        for node in nodes:
            text = self.block(node, depth)
            # (a list right under the sentence that announces it ("…every player scores:")
            # reads as one piece: no empty line between them)
            close = said.endswith(":") and node.type in ("bullet_list", "ordered_list")
            said += ("\n" if close else "\n\n") + text if said and text else text
        return said

    def block(self, node: SyntaxTreeNode, depth: int) -> str:
        if node.type == "heading":
            return self.tag("b", self.words(node))
        if node.type == "paragraph":
            return self.words(node)
        if node.type in ("bullet_list", "ordered_list"):
            return self.items(node, depth)
        if node.type == "table":
            return self.table(node)
        if node.type == "blockquote":
            return self.tag("blockquote", self.blocks(node.children, depth))
        if node.type in ("fence", "code_block"):
            return self.tag("pre", self.text(node.content.rstrip("\n")))
        return ""  # a rule line (---): nothing to read

    def items(self, node: SyntaxTreeNode, depth: int) -> str:
        """One line per item, ``•`` (or its number), an inner list indented below it."""
        start = int(node.attrs.get("start", 1)) if node.type == "ordered_list" else 0
        lines = []
        for index, item in enumerate(node.children):
            mark = f"{start + index}." if start else ("•" if depth == 0 else "◦")
            inner = "\n".join(self.block(child, depth + 1) for child in item.children)
            lines.append("  " * depth + f"{mark} {inner.strip()}")
        return "\n".join(lines)

    def table(self, node: SyntaxTreeNode) -> str:
        """Telegram has no tables: the head says what each column is, then a line a row."""
        rows = [[self.words(cell) for cell in row.children]
                for part in node.children for row in part.children]
        head, *body = rows or [[]]
        return "\n".join([self.tag("i", CELLS.join(head)),
                          *(f"• {CELLS.join(cells)}" for cells in body)])
