"""Cartographers' own terminal tools: ``bgbot cartographers score SHEET --card NAME``."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import click

from boardgamesbot.engine import LANGUAGES, TOOL_LANGUAGE, GameError
from boardgamesbot.games.notation import folded

from .scoring import SCORERS, score_card
from .sheet import Sheet

#: Each tool's help (a command's, an option's) by the path `bgbot --help` names it with,
#: and its entry in the game's catalogue, which says it in each language.
HELPED = {
    "cartographers": "carto.tool",
    "cartographers score": "carto.tool.score",
    "cartographers score --card": "carto.tool.score.card",
    "cartographers score --side": "carto.tool.score.side",
    "cartographers score --lang": "carto.tool.score.lang",
}


def tool_help(lang: str) -> dict[str, str]:
    """The tools' help in ``lang`` (`Game.command_help`); {} in English, written below."""
    if lang == "en":
        return {}
    from .render import say

    return {path: say(lang, key) for path, key in HELPED.items()}


def _fail(lang: str, message: str) -> NoReturn:
    """A one-line error in ``lang`` ("erro: …"), and status 2, as the terminal's own."""
    from .render import say

    click.echo(say(lang, "carto.tool.error", message=message), err=True)
    raise SystemExit(2)


def _language(given: str | None) -> str:
    """The person's language: the one the terminal speaks (`TOOL_LANGUAGE`, from
    ``--lang`` or the locale), else ``given`` where it is one of the faces', else English."""
    context = click.get_current_context(silent=True)
    spoken = context.meta.get(TOOL_LANGUAGE) if context is not None else None
    if spoken in LANGUAGES:
        return str(spoken)
    return given if given in LANGUAGES else "en"


def card_named(typed: str, lang: str) -> str | None:
    """The scoring card ``typed`` names, by its English name: typed as the card says it in
    English or in ``lang`` (the catalog's name), case and accents aside ("bosque
    sentinela" is 'Sentinel Wood' in Portuguese); None where no card is called so."""
    from .render import named

    wanted = folded(typed)
    for card in SCORERS:
        if wanted in (folded(card), folded(named(lang, "carto.card", card))):
            return card
    return None


def sheet_error(lang: str, path: str, where: dict[str, Any]) -> str:
    """Where the sheet in ``path`` is wrong and why, in ``lang``, from `Sheet.from_text`'s
    refusal's particulars (``where``): its count of lines, a line's width, or a cell (its
    line and character, the mark written there, what the side prints there)."""
    from .render import named, say

    if where.get("case") in ("lines", "width"):
        return say(lang, f"carto.tool.error.{where['case']}", path=path, **where)
    said: dict[str, Any] = {**where}  # (the printed features by their names in ``lang``)
    for name in ("printed", "written"):
        if name in where:
            said[name] = named(lang, "carto.sheet.printed", where[name])
    reason = say(lang, f"carto.tool.error.cell.{where['case']}", **said)
    return say(lang, "carto.tool.error.cell", path=path, line=where["line"],
               character=where["character"], mark=where["mark"], reason=reason)


@click.group("cartographers")
def tools() -> None:
    """Cartographers tools."""


@tools.command("score")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--card", "card_name", required=True,
              help="Scoring card name, e.g. 'Sentinel Wood' (or as --lang's language names it).")
@click.option("--side", default="A", show_default=True, help="Map side A or B.")
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca",
              help="Language of the errors and card names (default: your locale's, else en).")
def score(path: str, card_name: str, side: str, lang: str | None) -> None:
    """Print the stars the sheet in FILE (plain-text sheet format) earns from one scoring card."""
    from .render import named, say

    lang = _language(lang)
    # (the card first: a name mistyped is said before the file is read)
    card = card_named(card_name, lang)
    if card is None:
        _fail(lang, say(lang, "carto.tool.error.card", name=card_name,
                        cards=", ".join(named(lang, "carto.card", c) for c in SCORERS)))
    if str(side).strip().upper() not in ("A", "B"):
        _fail(lang, say(lang, "carto.tool.error.side", side=side))
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        _fail(lang, say(lang, "carto.tool.error.missing", path=path))
    except UnicodeDecodeError:
        _fail(lang, say(lang, "carto.tool.error.text", path=path))
    except OSError:
        _fail(lang, say(lang, "carto.tool.error.read", path=path))
    try:
        sheet = Sheet.from_text(text, side)
    except GameError as error:
        _fail(lang, sheet_error(lang, path, error.params))
    click.echo(str(score_card(card, sheet)))
