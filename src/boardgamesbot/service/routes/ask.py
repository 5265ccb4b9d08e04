"""Asking the rules over HTTP: free questions about a game, and "why not?" at a table.

* ``GET /api/rules/{game}/ask?q=…&lang=…`` — the passages of the game's rules
  help that answer a question, best first (`boardgamesbot.help.search`), each
  with the ``passage`` number that marks it (``data-passage``) in the page
  ``GET /api/rules/{game}`` serves, so the browser can highlight it there;
  no answer: ``answers`` is empty and ``topics`` holds the closest sections.
* ``POST /api/tables/{table_id}/why`` — why the seat may not take an action
  now, in the asker's language, with the rule it rests on
  (`boardgamesbot.help.why`); tried on a copy, the table is not changed.

A router of its own, in the app's ``ROUTERS``.
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from boardgamesbot.engine import GameError

from ..errors import ServiceError
from ..http import ERRORS, Token, lobby

router = APIRouter(tags=["help"])


class AnswerOut(BaseModel):
    title: str
    text: str
    source: str = Field(description="the help section, or a numbered Decision")
    score: float
    passage: int = Field(description="its data-passage number in the rules page's HTML")
    lead: str = Field("", description="the sentence (or two) of the passage that best "
                      "answers, to show first; empty when that is its opening")


class AnswersOut(BaseModel):
    game: str
    lang: str
    question: str
    answers: list[AnswerOut]
    topics: list[str] = Field(description="the closest sections (what to read when "
                                          "there is no answer)")
    about: str = Field(description="the question whose things this one asks about: itself, "
                                   "or `before` when it named none and stood for them by a "
                                   "pronoun (send it as the next question's `before`)")


Language = Literal["en", "pt-BR", "ca"]  # the languages of LANGUAGES, for the schema


class WhyAction(BaseModel):
    action: str = Field(max_length=200, examples=["guard L A5"])
    lang: Language = "en"


class WhyOut(BaseModel):
    state_id: int
    action: str
    legal: bool
    code: str | None = None
    reason: str | None = None
    title: str | None = None
    text: str | None = None
    source: str | None = None
    passage: int | None = None


@router.get("/api/rules/{game}/ask", responses=ERRORS, response_model=AnswersOut)
def ask_rules(game: str, q: str = Query(..., min_length=1, max_length=500, pattern=r"\S",
                                       description="the question, in words"),
              lang: Language = "en", limit: int = Query(5, ge=1, le=20),
              before: str | None = Query(None, max_length=500,
                                         description="the question asked just before (its "
                                                     "reply's `about`): what a pronoun in "
                                                     "this one may stand for")) -> dict:
    """The passages of ``game``'s rules help (in ``lang``) that answer the question ``q``.

    (A plain function: FastAPI runs it in its thread pool, so building a game's index
    the first time, a fraction of a second, never holds up the other connections.)"""
    from boardgamesbot.help.search import ask

    try:
        reply = ask(game, q, lang, limit, before)
    except GameError as error:
        status = 404 if error.code == "unknown_help" else 422
        raise ServiceError(str(error), code=error.code, status=status, **error.params) from None
    return reply.as_dict()


@router.post("/api/tables/{table_id}/why", responses=ERRORS, response_model=WhyOut)
async def why_not(table_id: str, body: WhyAction, request: Request,
                  token: str | None = Token) -> dict:
    """Why the seat may not take ``action`` now, and the rule it rests on (in ``lang``)."""
    from boardgamesbot.help.why import why

    room = lobby(request)
    table = await room.current(table_id)
    seat = room.seat_of(table, token)
    if table.state is None:
        raise ServiceError("the game has not started yet", code="not_started", status=409)
    if not body.action.strip():
        raise ServiceError("say which action", code="bad_notation", status=422)
    try:
        answer = why(table.state, seat, body.action, body.lang)
    except GameError as error:
        raise ServiceError(str(error), code=error.code, status=422, **error.params) from None
    return {"state_id": table.version, **answer.as_dict()}
