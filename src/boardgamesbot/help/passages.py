"""A rules page cut into passages: the pieces a person can read in one chat message.

A passage is a paragraph, a list item, a quoted paragraph (a numbered
**Decision**, or a note) or a table row, with the section headings above it
for context and a title: the bold words it opens with ("**Place a guard (5
AP).**" → "Place a guard (5 AP)"), or else its section's heading (also when the
bold words only open a sentence: "**Playing solo,** the game draws…"). A list item
holding a list of its own is cut further: its opening words are one passage
and each inner item another, titled after the item it belongs to.

Cutting walks markdown-it's syntax tree of the page, the same tree that
renders it, so the browser can be told which element holds which passage
(`annotated_html` marks each with ``data-passage``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

#: How a Decision opens in each language's page (``> **Decisão 3:** …``).
DECISION = re.compile(r"^(Decision|Decisão|Decisió) (\d+)$")


@dataclass(frozen=True)
class Passage:
    id: int              # its order in the page (``data-passage`` in the HTML)
    title: str           # the bold words it opens with, or its section's heading
    text: str            # the passage as plain text
    section: tuple[str, ...]  # the headings above it, outermost first (page title left out)
    decision: int | None  # the Decision's number, when it is one
    context: str = ""    # words indexed but not shown (a table's column names)
    notation: bool = False  # a row that explains what to type (it opens with code)
    row: bool = False       # a table row (a summary: the paragraphs around it say more)
    note: bool = False      # a quoted paragraph that is no Decision: a note beside the rules
    #: the bold words its first sentence opens with when they are no title, the case it is
    #: about ("Playing solo"): they say which rule it is, not which of its sentences answers
    setting: str = ""
    #: the page's lines it was cut from, ``[start, end)`` (a row: its whole table, so that
    #: a face showing a section as written gets the table's head along with its rows)
    lines: tuple[int, int] = (0, 0)
    #: a row's cells under their column names, as `shown` says it given alone
    cells: tuple[tuple[str, str], ...] = ()

    @property
    def shown(self) -> str:
        """The passage as a face shows it given alone: a table row with its column names
        ("Ir de um acampamento a outro — PA: 1 — o que é preciso: …"; bare, "— 1 —" says
        nothing), its first cell bare, since it names the row; any other passage as written.
        `text` stays the cells alone: what the search indexes (the names are its context)."""
        if not self.cells:
            return self.text
        first, *rest = self.cells
        return " — ".join([first[1], *(f"{name}: {cell}" if name else cell
                                       for name, cell in rest)])

    @property
    def source(self) -> str:
        """Where it comes from: ``Decision 3`` (in the page's words) or the section path."""
        if self.decision is not None:
            return self.title
        return " › ".join(self.section) or self.title


def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


def _plain(inline: SyntaxTreeNode) -> str:
    parts: list[str] = []

    def walk(node: SyntaxTreeNode) -> None:
        if node.type in ("text", "code_inline"):
            parts.append(node.content)
        elif node.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        for child in node.children:
            walk(child)

    walk(inline)
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def _lead(inline: SyntaxTreeNode | None) -> str | None:
    """The bold words an inline run opens with, without their closing punctuation."""
    if inline is None:
        return None
    children = [c for c in inline.children if not (c.type == "text" and not c.content.strip())]
    if not children or children[0].type != "strong":
        return None
    return _plain(children[0]).rstrip(".:").strip() or None


def _lines(node: SyntaxTreeNode) -> tuple[int, int]:
    """The page lines a block spans, ``[start, end)``."""
    start, end = node.map or (0, 0)
    return start, end


def _inlines(node: SyntaxTreeNode) -> list[SyntaxTreeNode]:
    return [n for n in node.walk() if n.type == "inline"]


class _Cutter:
    """Walks a page's blocks in order, keeping the headings above the current one, and
    marks each passage's element (``data-passage``) as it cuts it out."""

    def __init__(self) -> None:
        self.headings: list[tuple[int, str]] = []
        self.passages: list[Passage] = []

    def section(self) -> tuple[str, ...]:
        return tuple(text for level, text in self.headings if level > 1)

    def add(self, anchor: SyntaxTreeNode, inlines: list[SyntaxTreeNode], title: str | None,
            text: str | None = None, context: str = "", notation: bool = False,
            row: bool = False, quoted: bool = False,
            lines: tuple[int, int] | None = None,
            cells: tuple[tuple[str, str], ...] = ()) -> None:
        if text is None:
            text = " ".join(_plain(inline) for inline in inlines).strip()
        if not text:
            return
        lead = _lead(inlines[0]) if inlines else None
        setting = ""
        if lead and lead.endswith(","):
            # bold opening words of a sentence ("**With two or more players,** …") are
            # emphasis, not a title: the passage takes its section's heading
            setting = lead.rstrip(",")
            lead = None
        decision = DECISION.match(lead or "")
        section = self.section()
        heading = section[-1] if section else (self.headings[0][1] if self.headings else "")
        passage = Passage(id=len(self.passages), title=lead or title or heading, text=text,
                          section=section, decision=int(decision.group(2)) if decision else None,
                          context=context, notation=notation, row=row, setting=setting,
                          note=quoted and not decision,
                          lines=lines or _lines(anchor), cells=cells)
        # (every block cut here is a nesting one: paragraph, list item, quote, table row)
        assert anchor.nester_tokens is not None, anchor.type
        anchor.nester_tokens.opening.attrSet("data-passage", str(passage.id))
        self.passages.append(passage)

    def blocks(self, nodes: list[SyntaxTreeNode], title: str | None = None) -> None:
        for node in nodes:
            if node.type == "heading":
                level = int(node.tag[1])
                self.headings = [h for h in self.headings if h[0] < level]
                self.headings.append((level, _plain(node.children[0])))
            elif node.type == "paragraph" and _plain(node.children[0]).rstrip(".:") == _lead(
                    node.children[0]):
                # a paragraph of bold words only ("**Forest deck**") heads what follows,
                # below every real heading (level 7)
                self.headings = [h for h in self.headings if h[0] < 7]
                self.headings.append((7, _lead(node.children[0]) or ""))
            elif node.type == "paragraph":
                # a paragraph full of things to type explains the notation, not a rule
                typed = sum(n.type == "code_inline" for n in node.children[0].walk())
                self.add(node, node.children, title, notation=typed >= 3)
            elif node.type == "blockquote":
                self.add(node, _inlines(node), title, quoted=True)
            elif node.type in ("bullet_list", "ordered_list"):
                for item in node.children:
                    self.item(item, title)
            elif node.type == "table":
                self.table(node, title)
            # code blocks are commands to copy, not rules: left out

    def item(self, item: SyntaxTreeNode, title: str | None) -> None:
        own = [child for child in item.children if child.type == "paragraph"]
        inner = [child for child in item.children if child.type != "paragraph"]
        if not inner:
            self.add(item, [p.children[0] for p in own], title)
            return
        self.add(own[0] if own else item, [p.children[0] for p in own], title)
        first = own[0].children[0] if own else None
        self.blocks(inner, _lead(first) or title)

    def table(self, table: SyntaxTreeNode, title: str | None) -> None:
        head = [_plain(cell.children[0]) for row in table.children[0].children
                for cell in row.children] if table.children else []
        for body in table.children[1:]:
            for row in body.children:
                cells = [cell.children[0] for cell in row.children if cell.children]
                plain = [_plain(cell) for cell in cells]
                text = " — ".join(plain)
                # a row is titled by its first cell: the action, the rating band…
                opening = [c for c in cells[0].children if c.type != "text" or c.content.strip()
                           ] if cells else []
                self.add(row, [], _plain(cells[0]) if cells else title, text=text,
                         context=" ".join(head),
                         notation=bool(opening) and opening[0].type == "code_inline", row=True,
                         lines=_lines(table),
                         cells=tuple(zip(head + [""] * (len(plain) - len(head)), plain)))


@cache
def _cut(page: str) -> tuple[tuple[Passage, ...], str]:
    markdown = _markdown()
    tree = SyntaxTreeNode(markdown.parse(page))
    cutter = _Cutter()
    cutter.blocks(tree.children)
    html = markdown.renderer.render(tree.to_tokens(), markdown.options, {})
    return tuple(cutter.passages), html


def passages(page: str) -> tuple[Passage, ...]:
    """The passages of a Markdown rules page, in page order."""
    return _cut(page)[0]


def annotated_html(page: str) -> str:
    """The page as HTML, each passage's element carrying ``data-passage="ID"``."""
    return _cut(page)[1]
