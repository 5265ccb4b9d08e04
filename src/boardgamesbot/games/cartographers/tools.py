"""Cartographers' own terminal tools: ``bgbot cartographers score SHEET --card NAME``."""

from __future__ import annotations

from pathlib import Path

import click

from boardgamesbot.engine import GameError

from .scoring import score_card
from .sheet import Sheet

#: Each tool's help (a command's, an option's) by the path `bgbot --help` names it with,
#: and its entry in the game's catalogue, which says it in each language.
HELPED = {
    "cartographers": "carto.tool",
    "cartographers score": "carto.tool.score",
    "cartographers score --card": "carto.tool.score.card",
    "cartographers score --side": "carto.tool.score.side",
}


def tool_help(lang: str) -> dict[str, str]:
    """The tools' help in ``lang`` (`Game.command_help`); {} in English, written below."""
    if lang == "en":
        return {}
    from .render import say

    return {path: say(lang, key) for path, key in HELPED.items()}


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    raise SystemExit(2)


@click.group("cartographers")
def tools() -> None:
    """Cartographers tools."""


@tools.command("score")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--card", "card_name", required=True, help="Scoring card name, e.g. 'Sentinel Wood'.")
@click.option("--side", default="A", show_default=True, help="Map side A or B.")
def score(path: str, card_name: str, side: str) -> None:
    """Print the stars the sheet in FILE (plain-text sheet format) earns from one scoring card."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        _fail(f"cannot read {path}: {getattr(error, 'strerror', None) or error}")
    try:
        stars = score_card(card_name, Sheet.from_text(text, side))
    except GameError as error:
        _fail(f"{path}: {error}" if getattr(error, "code", "") == "bad_sheet" else str(error))
    click.echo(str(stars))
