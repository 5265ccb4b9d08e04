"""Asking the rules over HTTP: free questions about a game, and "why not?" at a table.

* ``GET /api/rules/{game}/ask?q=…&lang=…`` — the passages of the game's rules
  help that answer a question, best first (`boardgamesbot.help.search`), each
  with the ``passage`` number that marks it (``data-passage``) in the page
  ``GET /api/rules/{game}`` serves, so the browser can highlight it there;
  no answer: ``answers`` is empty and ``topics`` holds the closest sections.
  Asked from a table, ``options`` (its options as JSON) puts the rules of a
  variant it does not play after those of the game played, marked (``variant``).
* ``POST /api/tables/{table_id}/why`` — why the seat may not take an action
  now, in the asker's language, with the rule it rests on
  (`boardgamesbot.help.why`); tried on a copy, the table is not changed.

A router of its own, in the app's ``ROUTERS``.
"""

from __future__ import annotations

import json
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
    variant: str = Field("", description="asked with a table's `options`: the name of the "
                         "variant whose rules alone this passage states, when the table "
                         "plays another (to mark it); empty otherwise")


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
    unknown: list[str] = Field([], description="with no answer, the question's words that "
                               "the rules never use (to ask in other words)")
    aside: str = Field("", description="asked with a table's `options` about what only a "
                       "variant it does not play has, the sentence saying so, to show "
                       "first (\"This table plays the basic game: bidding is part of the "
                       "auction variant.\"); empty otherwise")


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
    lead: str = Field("", description="the rule's sentence that says this refusal, when the "
                      "game names one (to show first, and mark in the passage)")


@router.get("/api/rules/{game}/ask", responses=ERRORS, response_model=AnswersOut)
def ask_rules(game: str, q: str = Query(..., min_length=1, max_length=500, pattern=r"\S",
                                       description="the question, in words"),
              lang: Language = "en", limit: int = Query(5, ge=1, le=20),
              before: str | None = Query(None, max_length=500,
                                         description="the question asked just before (its "
                                                     "reply's `about`): what a pronoun in "
                                                     "this one may stand for"),
              options: str | None = Query(None, max_length=500,
                                          description="asked from a table: its options as "
                                                      "a JSON object (its summary's "
                                                      "`options`); the rules of a variant "
                                                      "it does not play do not lead")) -> dict:
    """The passages of ``game``'s rules help (in ``lang``) that answer the question ``q``.

    (A plain function: FastAPI runs it in its thread pool, so building a game's index
    the first time, a fraction of a second, never holds up the other connections.)"""
    from boardgamesbot.help.search import ask

    try:
        played = json.loads(options) if options is not None else None
    except ValueError:
        played = []
    if played is not None and not isinstance(played, dict):
        raise ServiceError("options are a JSON object, as a table's summary gives them",
                           code="bad_options", status=422)
    try:
        reply = ask(game, q, lang, limit, before, played)
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
