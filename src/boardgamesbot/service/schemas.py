"""The API's request bodies and answers, as pydantic models: FastAPI checks requests with
them and states them in the OpenAPI schema (``/api/openapi.json``), so that a fuzzer
checks every answer's shape.

The requests' schemas state what the registry knows (`service.openapi`): the games, bot
levels, each game's seats and options. The lobby checks it all again, with clear errors.
docs/api.md says what each field means.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_type_hints

from pydantic import BaseModel, ConfigDict, Field, create_model

from boardgamesbot.engine import ActionInfo

from . import openapi
from .tables import SEED_BITS
from .views import REPLAY_PAGE

# Request bodies ----------------------------------------------------------------------------
# Their schemas state what the registry knows (`service.openapi`): the games, bot levels,
# each game's seats and options. The lobby checks it all again, with clear errors.


class SeatSpec(BaseModel):
    kind: Literal["person", "bot", "open"] = Field(
        description="person: taken by the creator (a token is returned); bot: a computer "
                    "player at `level`; open: a friend joins through the invitation")
    name: str | None = Field(None, max_length=40)
    level: str | None = Field(None, max_length=16, json_schema_extra=openapi.optional_level,
                              description="easy (the default), medium, hard or random")


class ClockSpec(BaseModel):
    mode: Literal["none", "decision", "bank"] = "none"
    seconds: float | None = Field(None, gt=0, le=7 * 24 * 3600,
                                  description="per decision, or the whole bank")
    level: str = Field("easy", max_length=16, json_schema_extra=openapi.level,
                       description="the bot that plays for a seat out of time")


class CreateTable(BaseModel):
    model_config = ConfigDict(json_schema_extra=openapi.table_request)

    game: str = Field(max_length=32, description="a name from /api/games")
    options: dict[str, str] = Field(default_factory=dict, examples=[{}])
    seats: list[SeatSpec] = Field(min_length=1, max_length=100, examples=[
        [{"kind": "person", "name": "Ann"}, {"kind": "bot", "level": "easy"}],
        [{"kind": "person"}, {"kind": "open"}]])
    clock: ClockSpec | None = None
    seed: int | None = Field(None, ge=0, lt=2**SEED_BITS, strict=True,
                             description="only where no one else sits (no open seats)")
    hints: bool = Field(True, strict=True,
                        description="may seats ask for hints (false: a table for rated games)")


class JoinTable(BaseModel):
    name: str | None = Field(None, max_length=40)


class RenameSeat(BaseModel):
    name: str | None = Field(None, max_length=40,
                             description="the name to show; empty or null: none (each face "
                                         "names the seat in its viewer's language)")


class StartTable(BaseModel):
    fill: str | None = Field(None, max_length=16, json_schema_extra=openapi.optional_level,
                             description="a bot level for open seats")


class PlayAction(BaseModel):
    action: str = Field(max_length=200, examples=["end"])
    state_id: int = Field(ge=0, lt=2**53, strict=True)


class UndoAction(BaseModel):
    state_id: int = Field(ge=0, lt=2**53, strict=True)


class AskHint(BaseModel):
    state_id: int = Field(ge=0, lt=2**53, strict=True)


class Reason(BaseModel):
    code: str
    params: dict[str, Any]


class Hint(BaseModel):
    notation: str
    value: float
    reason: Reason | None
    reasons: list[Reason]
    line: list[str] | None = None


class Hints(BaseModel):
    state_id: int
    hints: list[Hint]


class PreviewAction(BaseModel):
    action: str = Field(max_length=200, examples=["forest 2 r90 C4"])


class Autopilot(BaseModel):
    level: str | None = Field(None, max_length=16, json_schema_extra=openapi.optional_level,
                              description="null: take the seat back")


# Answers (the OpenAPI schema states them, so that fuzzing checks them) ----------------------


class ErrorDetail(BaseModel):
    code: str
    message: str
    params: dict[str, Any]


class ErrorBody(BaseModel):
    error: ErrorDetail


class OptionOut(BaseModel):
    name: str
    choices: list[str]
    default: str
    titles: dict[str, str]
    labels: dict[str, dict[str, str]] = Field(description="each choice's name, per language")


class GameOut(BaseModel):
    name: str = Field(json_schema_extra=openapi.games)
    titles: dict[str, str] = Field(description="the game's name, per language")
    min_players: int
    max_players: int
    options: list[OptionOut]
    information: Literal["perfect", "imperfect"]
    simultaneous: bool
    hidden: list[str] = Field(description="what the game keeps hidden, in words")
    help: list[str] = Field(description="its documents under /api/help")
    face: dict[str, Any] | None = Field(
        None, description="its own browser files under /games/{name}/ (module, styles, "
                          "catalog); null: the generic table screen")


class ViewSchemaOut(BaseModel):
    """A JSON Schema (draft 2020-12) of an object: the game's `State.view`."""

    model_config = ConfigDict(extra="allow")

    type: Literal["object"]
    properties: dict[str, Any]
    required: list[str]


class SeatOut(BaseModel):
    seat: int
    kind: Literal["person", "bot", "open"]
    name: str
    level: str | None
    autopilot: str | None


class ClockOut(BaseModel):
    mode: Literal["none", "decision", "bank"]
    seconds: float | None
    level: str


class ResultOut(BaseModel):
    scores: list[int | float]
    winners: list[int]


class TableOut(BaseModel):
    id: str
    game: str = Field(json_schema_extra=openapi.games)
    options: dict[str, Any]
    status: Literal["open", "playing", "over"]
    state_id: int
    created: float
    seats: list[SeatOut]
    open_seats: list[int]
    clock: ClockOut
    to_act: list[int]
    actions: int
    result: ResultOut | None
    hints: bool
    rematch: str | None = Field(None, description="the table of this finished game's "
                                                  "rematch, once someone started one")
    host: int | None = Field(None, description="while the table waits: the seat of its host, "
                                               "who alone may start it early (the person "
                                               "seated longest)")


class SeatToken(BaseModel):
    seat: int
    token: str


class Created(BaseModel):
    table: TableOut
    invite: str | None
    seats: list[SeatToken]


class Joined(BaseModel):
    table: TableOut
    seat: int
    token: str


class Rematched(Joined):
    invite: str | None = Field(description="the rematch's invitation, to the one who "
                                           "started it while a seat is open")


class ClockState(BaseModel):
    mode: Literal["decision", "bank"]
    level: str
    remaining: dict[str, float | None] = Field(description="seconds left, per person's seat")


class StateOut(BaseModel):
    type: Literal["state"]
    table: TableOut
    seat: int | None
    state_id: int
    view: dict[str, Any] | None = Field(json_schema_extra=openapi.view,
                                        description="`State.view(seat)` of the table's game")
    to_act: list[int]
    your_turn: bool
    step: int = Field(description="actions that could not be taken back so far (a card "
                                  "revealed, a turn ended): with `your_turn`, a new value "
                                  "is a new decision of the seat")
    can_undo: bool
    clock: ClockState | None


# `engine.ActionInfo`'s fields as a model: the engine is the one place that lists them.
ActionInfoOut = create_model(
    "ActionInfoOut", __doc__="`State.action_info` of an applied action (a legal action's "
                             "fields but its text).",
    **{name: (kind, ...) for name, kind in get_type_hints(ActionInfo).items()})


class LegalAction(ActionInfoOut):  # type: ignore[misc,valid-type] - a model made above
    text: str


class LegalOut(BaseModel):
    state_id: int
    seat: int
    actions: list[LegalAction]


class PreviewOut(BaseModel):
    """`State.preview` on a copy; a game adds what a person wants to know before
    committing (say, the season's score, the cells)."""

    model_config = ConfigDict(extra="allow")

    state_id: int
    legal: bool
    error: ErrorDetail | None = None
    action: str | None = None
    text: str | None = None
    info: LegalAction | dict[str, Any] | None = None
    final: bool | None = None
    view: dict[str, Any] | None = Field(None, json_schema_extra=openapi.view)


# Events (docs/api.md): one shape per type; `public` is what the spectator's view changed.
By = Literal["person", "bot", "autopilot", "clock"]


class _Event(BaseModel):
    n: int
    at: float
    seat: int | None


class CreatedEvent(_Event):
    type: Literal["created"]
    seats: list[SeatOut]


class JoinedEvent(_Event):
    type: Literal["joined"]
    name: str


class StartedEvent(_Event):
    type: Literal["started"]
    seats: list[SeatOut]
    view: dict[str, Any] | None = Field(json_schema_extra=openapi.view)


class ActionData(BaseModel):
    """The action as data: its type and fields."""

    model_config = ConfigDict(extra="allow")

    type: str


class ActionEvent(_Event):
    type: Literal["action"]
    notation: str
    action: ActionData
    text: str
    info: ActionInfoOut | None = Field(
        None, description="the action as a face shows it, as the legal actions are: kind, "
                          "cost (e.g. {\"ap\": 2}), code + params to translate")
    by: By
    number: int
    state_id: int
    public: list[list[Any]] | None = None


class UndoEvent(_Event):
    type: Literal["undo"]
    notation: str
    number: int
    public: list[list[Any]] | None = None


class AutopilotEvent(_Event):
    type: Literal["autopilot"]
    level: str | None


class OverEvent(_Event):
    type: Literal["over"]
    scores: list[int | float]
    winners: list[int]


class LeftEvent(_Event):
    type: Literal["left"]
    name: str = Field(description="the name of the person who left the waiting room")
    host: int | None = Field(None, description="the new host's seat, when the host left")


class RenamedEvent(_Event):
    type: Literal["renamed"]
    name: str
    was: str = Field("", description="the name it replaces (\"\": none, the seat named "
                     "in each viewer's language); absent from renames before it was kept")


class RematchEvent(_Event):
    type: Literal["rematch"]
    table: str = Field(description="the rematch's table")


Event = Annotated[CreatedEvent | JoinedEvent | StartedEvent | ActionEvent | UndoEvent
                  | AutopilotEvent | OverEvent | RematchEvent | LeftEvent | RenamedEvent,
                  Field(discriminator="type")]


class EventsOut(BaseModel):
    events: list[Event]


class Ack(BaseModel):
    type: Literal["ack"]
    ref: str | int | None
    state_id: int
    action: str | None = None
    undone: bool | None = None
    autopilot: str | None = None


class ReplayStep(BaseModel):
    seat: int
    notation: str
    by: By
    number: int


class ReplayStates(BaseModel):
    from_: int = Field(alias="from", description="the first state's number")
    total: int = Field(description="states in the game: one more than its actions")
    states: list[dict[str, Any]] = Field(
        json_schema_extra=openapi.views,
        description=f"the spectator's views of states from, from + 1, … (at most "
                    f"{REPLAY_PAGE}); ask /replay/states?from=N for the next ones")


class ReplayOut(ReplayStates):
    record: dict[str, Any]
    steps: list[ReplayStep]
    events: list[Event]
    result: ResultOut | None


class Health(BaseModel):
    ok: bool
    schema_: int = Field(alias="schema")


class RulesPage(BaseModel):
    game: str
    lang: str
    languages: list[str]
    html: str


class HelpIndex(BaseModel):
    documents: list[str]
