"""Help: the players' rules pages, and the rules and notation documents as Markdown."""

from __future__ import annotations

import os
from pathlib import Path

from fastapi import APIRouter, Query

from boardgamesbot.engine import GameError, known_games

from ..errors import ServiceError
from ..http import ERRORS, TEXT_ERRORS, MarkdownText
from ..schemas import HelpIndex, RulesPage

router = APIRouter()


def docs_dir() -> Path:
    return Path(os.environ.get("BGBOT_DOCS_DIR") or Path(__file__).resolve().parents[4] / "docs")


def help_documents() -> dict[str, str]:
    """Rules and notation help, read from the repository's docs/ (or $BGBOT_DOCS_DIR):
    every ``GAME-*.md`` of a known game, by its name without ``.md``."""
    found = {}
    for name in known_games():
        for path in sorted(docs_dir().glob(f"{name}-*.md")):
            found[path.stem] = path.name
    return found


@router.get("/api/rules/{game}", tags=["help"], responses=ERRORS, response_model=RulesPage)
async def rules(game: str, lang: str = Query("en", max_length=10)) -> dict:
    """The players' rules page of ``game`` in ``lang`` (en, pt-BR, ca) as HTML."""
    from boardgamesbot.help import LANGUAGES, help_html

    try:
        html = help_html(game, lang)
    except GameError as error:
        raise ServiceError(str(error), code=error.code, status=404, **error.params) from None
    return {"game": game, "lang": lang, "languages": list(LANGUAGES), "html": html}


@router.get("/api/help", tags=["help"], response_model=HelpIndex)
async def help_index() -> dict:
    return {"documents": sorted(help_documents())}


@router.get("/api/help/{name}", tags=["help"], response_class=MarkdownText,
            responses=TEXT_ERRORS)
async def help_document(name: str) -> MarkdownText:
    """Rules and notation as Markdown text."""
    documents = help_documents()
    if name not in documents:
        if not docs_dir().is_dir():
            raise ServiceError("the help documents are not installed with this server",
                               code="help_unavailable", status=404, name=name[:40])
        raise ServiceError(f"no help called {name[:40]!r}; known: "
                           f"{', '.join(sorted(documents))}", code="unknown_help",
                           status=404, known=sorted(documents))
    try:
        text = (docs_dir() / documents[name]).read_text(encoding="utf-8")
    except OSError:
        raise ServiceError(f"{documents[name]} is not installed with this server",
                           code="help_unavailable", status=404, name=name) from None
    return MarkdownText(text)

