"""Writing SVG by hand, the few pieces every game's picture renderer shares.

Text, not a drawing library: the pictures are small, their text is stable
(golden files compare it exactly), and no dependency is needed to make one.

>>> element("rect", x=1.0, y=2.5, fill="#fff")
'<rect x="1" y="2.5" fill="#fff"/>'
>>> text(3, 4, "A & B", size=10)
'<text x="3" y="4" font-size="10">A &amp; B</text>'
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

__all__ = ["PAPER", "element", "language", "number", "picture", "picture_words", "text", "wrap"]

PAPER = "#f7f3e8"  # the background of every picture


def number(x: float) -> str:
    """A coordinate with one decimal at most: short, and stable for golden files."""
    written = f"{x:.1f}"
    return written[:-2] if written.endswith(".0") else written


@cache
def _name(key: str) -> str:
    """An attribute's name as SVG writes it (``font_size`` → ``font-size``)."""
    return key.rstrip("_").replace("_", "-")


# A picture writes a few hundred attributes, mostly the same colours, classes and
# coordinates again: escaping each anew was half of a Tikal board's SVG (docs/benchmarks.md).
_quoted = lru_cache(maxsize=4096)(quoteattr)


def element(tag: str, content: str | None = None, **attrs: object) -> str:
    """``<tag attr="…">content</tag>``; ``font_size`` is written ``font-size``, a trailing
    underscore (``class_``) is dropped, None attributes are left out."""
    parts = [tag]
    for key, value in attrs.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = number(value)
        parts.append(f"{_name(key)}={_quoted(str(value))}")
    if content is None:
        return f"<{' '.join(parts)}/>"
    return f"<{' '.join(parts)}>{content}</{tag}>"


def text(x: float, y: float, words: object, size: float = 12, **attrs: object) -> str:
    return element("text", escape(str(words)), x=float(x), y=float(y), font_size=number(size),
                   **attrs)


def wrap(words: str, size: float, width: float) -> list[str]:
    """Lines of at most ``width`` units, guessing DejaVu Sans at 0.57 em a character."""
    most = max(8, int(width / (0.57 * size)))
    lines, line = [], ""
    for word in str(words).split(" "):  # a no-break space (\xa0) keeps words together
        if line and len(line) + 1 + len(word) > most:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def picture(board: str, width: float, height: float, *, panel: tuple[str, float] | None,
            panel_end: float, size: float | None, font: str) -> str:
    """A whole picture: the paper, the ``board`` (an element, ``width`` × ``height``) and the
    side panel's group. ``panel`` is the panel's content and its height, or None for no
    panel (its group stays, empty); with one, the picture reaches to ``panel_end`` and is
    as high as the taller of the two. ``size`` is the width in pixels (the height follows);
    None leaves the picture unsized (1 unit = 1 px)."""
    side = ""
    if panel is not None:
        side, panel_height = panel
        width, height = panel_end, max(height, panel_height)
    attrs = {"xmlns": "http://www.w3.org/2000/svg",
             "viewBox": f"0 0 {number(width)} {number(height)}"}
    if size is not None:
        attrs["width"] = number(size)
        attrs["height"] = number(size * height / width)
    attrs["font-family"] = font
    head = " ".join(f"{k}={quoteattr(v)}" for k, v in attrs.items())
    body = (element("rect", x="0", y="0", width=number(width), height=number(height), fill=PAPER)
            + board + element("g", side, class_="panel"))
    return f"<svg {head}>{body}</svg>\n"


def picture_words(folder: Path) -> dict[str, dict[str, Any]]:
    """A renderer's words in each language the faces speak, ``{lang: {key: words}}``, read
    from ``picture_words.json`` in its game's ``folder`` (data, beside the game's other
    catalogues, rather than three look-alike tables in code)."""
    words: dict[str, dict[str, Any]] = json.loads(
        (folder / "picture_words.json").read_text(encoding="utf-8"))
    return words


def language(words: dict[str, dict[str, Any]], lang: str) -> dict[str, Any]:
    """The words in ``lang``; a ValueError names the languages there are."""
    if lang not in words:
        raise ValueError(f"no words for language {lang!r}; one of {', '.join(words)}")
    return words[lang]
