"""Pictures for people: SVG text (from a game's renderer) to PNG bytes.

>>> from boardgamesbot.images import png
>>> data = png('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
...            '<rect width="40" height="20" fill="#3f7d3b"/></svg>')
>>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True

Rasterized by resvg (through the resvg-py binding: a Rust library in a
manylinux wheel, no system libraries; chosen over CairoSVG, which needs the
system's cairo, and svglib, whose renderer needs it too — see
docs/rendering.md). Text is drawn with the DejaVu Sans fonts shipped in
``boardgamesbot/fonts`` and never with the system's, so the same SVG gives
the same pixels on every machine; without a font resvg would silently drop
every word.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["png", "FONT_FILES", "FONT_FAMILY"]

FONT_DIR = Path(__file__).with_name("fonts")
FONT_FILES = (FONT_DIR / "DejaVuSans.ttf", FONT_DIR / "DejaVuSans-Bold.ttf")
FONT_FAMILY = "DejaVu Sans"


class ImageError(ValueError):
    """The SVG could not be turned into a picture (malformed SVG, bad width)."""


def png(svg_text: str, *, width: int | None = None) -> bytes:
    """``svg_text`` rasterized to PNG bytes, ``width`` pixels wide (height to scale).

    Without ``width`` the picture takes the SVG's own ``width`` attribute (or
    its viewBox). The background is whatever the SVG paints (transparent
    elsewhere).
    """
    import resvg_py

    if width is not None and (isinstance(width, bool) or not isinstance(width, int)
                              or width <= 0):
        raise ImageError(f"the width must be a positive whole number of pixels, not {width!r}")
    missing = [str(f) for f in FONT_FILES if not f.is_file()]
    if missing:
        raise ImageError(f"the bundled font is missing: {', '.join(missing)}")
    try:
        return bytes(resvg_py.svg_to_bytes(
            svg_string=svg_text,
            width=width,
            skip_system_fonts=True,
            font_files=[str(f) for f in FONT_FILES],
            font_family=FONT_FAMILY,
            sans_serif_family=FONT_FAMILY,
        ))
    except ValueError as error:
        raise ImageError(f"cannot draw this SVG: {error}") from error
