"""Rules help for players: one Markdown page per game and language.

Each game declares its pages (``Game.help_page``; the built-in games keep
them as ``help/{lang}.md`` in their package), written by the project in its
own words; lines starting ``> **Decision N:**`` (``Decisão``,
``Decisió``) mark the project's rulings where the published rules leave a
gap, numbered the same way in every language. Faces show the Markdown as is
(the terminal, through ``bgbot rules``) or as HTML (``help_html``).

Free questions are answered from these pages by `boardgamesbot.help.search`
(``bgbot ask``), and the engine's refusals explained with the rule they rest
on by `boardgamesbot.help.why` (``why ACTION``).

>>> from boardgamesbot.help import help_page, help_html
>>> help_page("tikal", "pt-BR").startswith("# Tikal")
True
>>> "<h1>" in help_html("cartographers", "ca")
True
"""

from __future__ import annotations

from functools import cache

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


@cache
def help_page(game: str, lang: str = "en") -> str:
    """The rules page for ``game`` in ``lang``, as Markdown."""
    _check(game, lang)
    return load_game(game).help_page(lang)


@cache
def help_html(game: str, lang: str = "en") -> str:
    """The rules page for ``game`` in ``lang``, rendered to an HTML fragment.

    Raw HTML in the Markdown is not passed through; tables are rendered. Every
    passage the rules search answers with (`boardgamesbot.help.passages`) carries
    ``data-passage="N"``, so a face can highlight the answers in the page.
    """
    from .passages import annotated_html

    return annotated_html(help_page(game, lang))
