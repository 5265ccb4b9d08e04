"""Rules help for players: one Markdown page per game and language.

Each game declares its pages (``Game.help_page``; the built-in games keep
them as ``help/{lang}.md`` in their package), written by the project in its
own words; lines starting ``> **Decision N:**`` (``Decisão``,
``Decisió``) mark the project's rulings where the published rules leave a
gap, numbered the same way in every language. Faces show the Markdown as is
(the terminal, through ``bgbot rules``) or as HTML (``help_html``).

>>> from boardgamesbot.help import help_page, help_html
>>> help_page("tikal", "pt-BR").startswith("# Tikal")
True
>>> "<h1>" in help_html("cartographers", "ca")
True
"""

from __future__ import annotations

from functools import lru_cache

from boardgamesbot.engine import LANGUAGES, GameError, known_games, load_game

__all__ = ["LANGUAGES", "help_html", "help_page"]


def _check(game: str, lang: str) -> None:
    games = known_games()
    if game not in games:
        raise GameError(
            f"no rules help for game {game!r}; available: {', '.join(games)}",
            code="unknown_help", game=game, available=list(games))
    if lang not in LANGUAGES:
        raise GameError(
            f"no rules help in language {lang!r}; available: {', '.join(LANGUAGES)}",
            code="unknown_help", lang=lang, available=list(LANGUAGES))


@lru_cache(maxsize=None)
def help_page(game: str, lang: str = "en") -> str:
    """The rules page for ``game`` in ``lang``, as Markdown."""
    _check(game, lang)
    return load_game(game).help_page(lang)


@lru_cache(maxsize=None)
def help_html(game: str, lang: str = "en") -> str:
    """The rules page for ``game`` in ``lang``, rendered to an HTML fragment.

    Raw HTML in the Markdown is not passed through; tables are rendered.
    """
    from markdown_it import MarkdownIt

    renderer = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    return renderer.render(help_page(game, lang))
