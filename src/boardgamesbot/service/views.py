"""What people see of a table: each seat's view and legal actions, the summary, the
state message a watcher is sent, the events a seat may read, and replays.

A state's views and legal actions (with their descriptions) are the game's own work
and most of what a move costs the service; they are made once per state by
`PerState` and the same objects (and the legal list's JSON) go to every watcher and
request of that state. `TableViews` is `tables.Table`'s half that only reads.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from boardgamesbot import jsontext
from boardgamesbot.store import EventRow

from .errors import ServiceError
from .seats import OPEN, OPEN_STATUS, OVER, PERSON, PLAYING

if TYPE_CHECKING:  # the attributes `TableViews` reads are `Table`'s
    from boardgamesbot.engine import Choice, Game, Record, State
    from boardgamesbot.store import SeatRow

    from .clock import Clock

REPLAY_PAGE = 100  # states per page of a replay


class PerState:
    """Things made once per stamp and shared until the stamp moves on.

    ``get(stamp, key, make)`` returns what ``make()`` made for ``key`` under this
    stamp; a new stamp drops everything made under the old one, so memory stays at
    one state's worth (a few keys per seat), however long the game. What it holds is
    never changed once made: callers share it, they do not copy it."""

    __slots__ = ("stamp", "made")

    def __init__(self) -> None:
        self.stamp: Hashable = None
        self.made: dict[Hashable, Any] = {}

    def get(self, stamp: Hashable, key: Hashable, make: Callable[[], Any]) -> Any:
        if stamp != self.stamp:
            self.stamp, self.made = stamp, {}
        found = self.made.get(key)
        if found is None:
            found = self.made[key] = make()
        return found


class TableViews:
    """The reading half of a table (mixed into `tables.Table`, which owns the state)."""

    # Set by `Table`.
    id: str
    game: Game
    options: dict
    status: str
    version: int
    revision: int
    created: float
    result: dict | None
    hints: bool
    clock: Clock
    clock_spec: dict
    seats: list[SeatRow]
    events: list[EventRow]
    record: Record
    action_by: list[str]
    crossed: list[bool]
    state: State | None
    # A state's views and legal actions change only with ``version`` (an action, an
    # undo, the start). The summary changes with any write (a join, an autopilot too),
    # each of which moves ``revision`` — and ``status`` and ``version`` stamp it as
    # well, since the table is changed a little before a write stamps its revision
    # (`Table._finish`).
    per_state: PerState
    per_revision: PerState

    def rematch(self) -> str | None:
        """The id of this table's rematch, once someone at it has started one
        (`Table.note_rematch`). Only a finished table has one: a game in play's summary,
        made on every move, does not read its events for it."""
        if self.status != OVER:
            return None
        return next((e.data["table"] for e in reversed(self.events) if e.kind == "rematch"),
                    None)

    def host(self) -> int | None:
        """The waiting room's host, who alone starts the table early: the person seated
        longest (the creator, until they leave; then whoever sat down next). None once
        the table has started, or with nobody seated."""
        if self.status != OPEN_STATUS:
            return None
        order: list[int] = []
        for event in self.events:
            if event.kind == "created":
                order += [s["seat"] for s in event.data["seats"] if s["kind"] == PERSON]
            elif event.kind == "joined" and event.seat is not None:
                order.append(event.seat)
            elif event.kind == "left" and event.seat in order:
                order.remove(event.seat)
        return next((seat for seat in order if self.seats[seat].kind == PERSON), None)

    def awaited(self) -> list[int]:
        """The seats whose decision the game waits for now."""
        if self.status != PLAYING or self.state is None:
            return []
        return self.state.current_players()

    def spectator_view(self) -> dict | None:
        return self.view(None)

    def view(self, seat: int | None) -> dict | None:
        state = self.state
        if state is None:
            return None
        return self.per_state.get(self.version, ("view", seat), lambda: state.view(seat))

    def step(self) -> int:
        """How many actions so far could not be taken back (`State.undo_point` moved: a
        card revealed, a turn ended, a hidden thing turned up). A seat awaited again after
        the step moves has a new decision even if it never stopped being awaited: the last
        of a simultaneous step to act is straight on to the next card (a face fits the
        board to each new decision by this)."""
        return sum(self.crossed)

    def can_undo(self, seat: int | None) -> bool:
        return (seat is not None and self.status == PLAYING and bool(self.record.actions)
                and self.record.actions[-1][0] == seat and self.action_by[-1] == PERSON
                and not self.crossed[-1])

    def visible(self, event: EventRow, seat: int | None) -> bool:
        return event.private is None or event.private == seat

    def events_for(self, seat: int | None, after: int = 0) -> list[dict]:
        return [self.event_json(e) for e in self.events if e.n > after and self.visible(e, seat)]

    @staticmethod
    def event_json(event: EventRow) -> dict:
        return {"n": event.n, "at": event.at, "type": event.kind, "seat": event.seat,
                **event.data}

    def seat_list(self) -> list[dict]:
        return [{"seat": s.seat, "kind": s.kind, "name": s.name, "level": s.level,
                 "autopilot": s.autopilot} for s in self.seats]

    def summary(self) -> dict:
        return self.per_revision.get((self.revision, self.version, self.status), "summary",
                                     self._summary)

    def _summary(self) -> dict:
        return {
            "id": self.id,
            "game": self.game.name,
            "options": self.options,
            "status": self.status,
            "state_id": self.version,
            "created": self.created,
            "seats": self.seat_list(),
            "open_seats": [s.seat for s in self.seats if s.kind == OPEN],
            "clock": self.clock_spec,
            "to_act": self.awaited(),
            "actions": len(self.record.actions),
            "result": self.result,
            "hints": self.hints,
            "rematch": self.rematch(),
            "host": self.host(),
        }

    def clock_view(self) -> dict | None:
        if self.clock.mode == "none":
            return None
        return {"mode": self.clock.mode, "level": self.clock.level,
                "remaining": {str(s.seat): self.clock.remaining(s.seat) for s in self.seats
                              if s.kind == PERSON}}

    def state_message(self, seat: int | None) -> dict:
        awaited = self.awaited()
        return {
            "type": "state",
            "table": self.summary(),
            "seat": seat,
            "state_id": self.version,
            "view": self.view(seat),
            "to_act": awaited,
            "your_turn": seat is not None and seat in awaited,
            "step": self.step(),
            "can_undo": self.can_undo(seat),
            "clock": self.clock_view(),
        }

    def legal(self, seat: int) -> list[Choice]:
        """The seat's legal actions as data (`State.choices`: kind, cost, a translatable
        code + params) with the English ``text`` for simple faces; made once per state and
        seat, shared by every request (~1.5 ms for a large decision)."""
        state = self.state
        if self.status != PLAYING or state is None:
            return []
        return self.per_state.get(self.version, ("legal", seat), lambda: state.choices(seat))

    def legal_json(self, seat: int) -> str:
        """`legal` as JSON text, encoded once per state and seat: what the WebSocket's
        ``legal`` answer and the REST one wrap (a decision's list is most of them)."""
        return self.per_state.get(self.version, ("legal_json", seat),
                                  lambda: jsontext.text(self.legal(seat)))

    def replay(self, start: int = 0, limit: int = REPLAY_PAGE) -> dict:
        """A finished game: its record, steps, public events and result, and the page of
        spectator views from state ``start`` (`replay_states`)."""
        # One step per action of the record, in its order. The action events cannot
        # label the steps: an action taken back keeps its event (and the undo adds
        # one), so counting action events puts every later label one step late.
        page = self.replay_states(start, limit)
        steps = [{"seat": seat, "notation": notation, "by": self.action_by[index],
                  "number": index + 1}
                 for index, (seat, notation) in enumerate(self.record.actions)]
        return {
            "record": json.loads(self.record.to_json()),
            "steps": steps,
            "events": self.events_for(None),
            "result": self.result,
            **page,
        }

    def replay_states(self, start: int = 0, limit: int = REPLAY_PAGE) -> dict:
        """``{"from", "total", "states"}``: the spectator's views of states ``start`` to
        ``start + limit - 1`` of ``total`` (state n follows the record's first n actions).
        A page, not all: a finished 100-seat game has thousands of states of ~50 KB."""
        if self.status != OVER:
            raise ServiceError("a replay is available once the game is over",
                               code="game_not_over", status=409)
        total = len(self.record.actions) + 1
        states = self.record.states(start, start + max(0, min(limit, REPLAY_PAGE)))
        return {"from": start, "total": total, "states": [s.view(None) for s in states]}
