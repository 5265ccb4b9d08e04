"""A table: a game with its options, seats, record, clock and event log.

The domain only: every method checks completely, then changes the table and
returns a `Change` — what the store must commit and the watchers be told.
Nothing here awaits, so a change is atomic on the event loop.

The state id is the table's ``version``: it grows by one on every accepted
change (start, action, undo). A seat's action or undo carries the id of the
state it was chosen on; it is *stale* when something that seat can see
changed since: its own actions, any undo barrier, any undo of its own.
Another seat's hidden choice in a simultaneous step (a drawing game's) does not
make it stale.

The ``revision`` grows by one on *every* write (joins and autopilot too); the
store accepts a `Change` only if the table is still at the revision the
change was computed from, so two processes never both write on one state.
The per-seat ``since`` and the clock's running decisions are stored with the
table, so any process that loads it judges staleness and time the same way.
"""

from __future__ import annotations

import random
import secrets
import time
from typing import Any

from boardgamesbot.engine import Action, ActionInfo, GameError, Record, State, load_game
from boardgamesbot.store import ActionRow, EventRow, JobRow, SeatRow, TableRow

from .changes import Change, action_data, view_diff
from .clock import Clock, check_clock
from .errors import ServiceError
from .seats import (
    BOT,
    OPEN,
    OPEN_STATUS,
    OVER,
    PERSON,
    PLAYING,
    check_level,
    clean_name,
    hash_token,
    new_token,
)
from .views import PerState, TableViews

SEED_BITS = 128
# What a malformed state id, action or seed is told, over REST and WebSocket alike.
MESSAGES = {
    "bad_state_id": "state_id must be the whole number sent with the state you chose on",
    "bad_action": "an action is its notation as text, e.g. 'end'",
    "bad_seed": f"a seed is a whole number from 0 to 2**{SEED_BITS} - 1",
    "bad_name": "a name is text of at most 40 characters",
}


class Table(TableViews):
    """One game at one table. Build with `Table.create` or from a stored `TableRow`.

    The changes are here; what people see of it (views, legal actions, summaries,
    replays, made once per state) is `views.TableViews`."""

    def __init__(self, row: TableRow) -> None:
        self.id = row.id
        self.game = load_game(row.game)
        self.options = dict(row.options)
        self.seed = row.seed
        self.status = row.status
        self.version = row.version
        self.clock_spec = dict(row.clock)
        self.invite_hash = row.invite_hash
        self.created = row.created
        self.result = row.result
        self.seats = list(row.seats)
        self.events = list(row.events)
        # The events that may still be sealed (a superset: read each one's ``sealed``), so
        # that a release or a catch-up does not scan the whole log.
        self.sealed = [e for e in self.events if e.sealed]
        self.revision = row.revision
        self.creator = row.creator
        self.hints = bool(row.hints)
        self.clock = Clock(self.clock_spec, [s.bank for s in self.seats])
        for seat, started in (row.clock_started or {}).items():
            self.clock.waiting[int(seat)] = _monotonic(started)
        self.record = Record.start(self.game.name, self.seed, [s.name for s in self.seats],
                                   **self.options)
        self.action_by: list[str] = []
        self.crossed: list[bool] = []  # per action: did it cross an undo barrier?
        self.state: State | None = None
        self.since = list(row.since) if row.since and len(row.since) == len(self.seats) \
            else [self.version] * len(self.seats)
        # What every watcher and request of one state (views, legal actions) or revision
        # (the summary) shares, made once (`views.PerState`).
        self.per_state = PerState()
        self.per_revision = PerState()
        # The jobs this copy's last write committed (None: not known, e.g. just loaded).
        self.committed_jobs: list[JobRow] | None = None
        if self.status != OPEN_STATUS:
            self.state = self.record.new_state()
            for a in row.actions:
                self._apply(a.seat, a.notation, a.by)
            self._update_clock()

    def catch_up(self, row: TableRow) -> bool:
        """Bring this copy up to ``row`` (loaded with only the actions it lacks) by
        applying the new actions, instead of replaying the whole record. False (and
        unchanged): the record was not simply extended (an undo, the start); reload."""
        known = len(self.record.actions)
        fresh = row.events[len(self.events):]
        if (self.state is None or any(e.kind in ("undo", "started") for e in fresh)
                or [a.n for a in row.actions] != list(range(known, known + len(row.actions)))
                or [e.n for e in row.events[:len(self.events)]] != [e.n for e in self.events]):
            return False
        for action in row.actions:
            self._apply(action.seat, action.notation, action.by)
        self.status, self.version, self.result = row.status, row.version, row.result
        self.revision, self.invite_hash = row.revision, row.invite_hash
        self.seats, self.events = list(row.seats), list(row.events)
        # (a seat renamed during the game by another process: its record names it anew)
        self.record.seats[:] = [s.name for s in self.seats]
        self.sealed = [e for e in self.events if e.sealed]
        if row.since and len(row.since) == len(self.seats):
            self.since = list(row.since)
        self.clock = Clock(self.clock_spec, [s.bank for s in self.seats])
        for seat, started in (row.clock_started or {}).items():
            self.clock.waiting[int(seat)] = _monotonic(started)
        self._update_clock()
        self.committed_jobs = None  # another process wrote: its jobs are not known here
        return True

    # Creation and seating -------------------------------------------------------------

    @classmethod
    def create(cls, game: str, options: dict, seats: list[dict], clock: dict | None = None,
               seed: int | None = None, hints: bool = True
               ) -> tuple[Table, dict[int, str], str | None]:
        """A new table, the creator's seat tokens and the invite code (if a seat is open).

        The caller writes it with ``store.create_table(table.row())``."""
        try:
            rules = load_game(game)
        except GameError as error:
            raise ServiceError(str(error), code=error.code, status=422, **error.params) from None
        options = {str(k): v for k, v in (options or {}).items()}
        if not isinstance(seats, list) or not seats:
            raise ServiceError("a table needs seats", code="bad_seats", status=422)
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**SEED_BITS:
            raise ServiceError(MESSAGES["bad_seed"], code="bad_seed", status=422)
        elif any(isinstance(spec, dict) and spec.get("kind") == OPEN for spec in seats):
            # Every hidden order follows from the seed: whoever chose it would know what
            # the friends who join will draw.
            raise ServiceError("a chosen seed is only for tables where no one else sits (all "
                               "other seats bots, or every person seat yours); leave it out "
                               "when friends are invited", code="seed_not_allowed",
                               status=422)
        try:
            rules.check_num_players(len(seats))
            rules.new(len(seats), seed, **options)  # options checked by the game itself
        except GameError as error:
            raise ServiceError(str(error), code=error.code, status=422, **error.params) from None
        clock = check_clock(clock)
        rows, tokens = [], {}
        for index, spec in enumerate(seats):
            kind = spec.get("kind") if isinstance(spec, dict) else None
            if kind == PERSON:
                token = new_token()
                tokens[index] = token
                rows.append(SeatRow(index, PERSON, clean_name(spec.get("name")),
                                    token_hash=hash_token(token)))
            elif kind == BOT:
                level = check_level(spec.get("level") or "easy")
                rows.append(SeatRow(index, BOT, level, level=level))
            elif kind == OPEN:
                rows.append(SeatRow(index, OPEN, ""))  # named by each face, in its language
            else:
                raise ServiceError(f"seat {index + 1}: kind is person, bot or open",
                                   code="bad_seats", status=422, seat=index)
        if clock["mode"] == "bank":
            for row in rows:
                row.bank = clock["seconds"]
        invite = secrets.token_urlsafe(12) if any(r.kind == OPEN for r in rows) else None
        now = time.time()
        row = TableRow(id=secrets.token_urlsafe(8), game=rules.name, options=options,
                       seed=seed, status=OPEN_STATUS, version=0, clock=clock,
                       invite_hash=hash_token(invite) if invite else None, created=now,
                       updated=now, seats=rows, hints=hints)
        table = cls(row)
        table._event("created", None, {"seats": table.seat_list()})
        if invite is None:
            table._start()  # nobody to wait for; `row()` writes the started table
        return table, tokens, invite

    def join(self, name: Any, at: int | None = None, token: str | None = None
             ) -> tuple[int, str, Change]:
        """Sit a person in the first open seat (or in seat ``at``, kept for them: a
        rematch's, with the ``token`` made for them); the table starts when it is full."""
        if self.status != OPEN_STATUS:
            raise ServiceError("this table has already started", code="table_started",
                               status=409, table=self.id)
        if at is None:
            seat = next((s for s in self.seats if s.kind == OPEN), None)
        else:
            seat = self.seats[at] if 0 <= at < len(self.seats) else None
            if seat is None or seat.kind != OPEN:
                raise ServiceError("this seat is taken already", code="seat_taken",
                                   status=409, table=self.id, seat=at)
        if seat is None:  # pragma: no cover - an open table always has an open seat
            raise ServiceError("this table is full", code="table_full", status=409)
        token = token or new_token()
        seat.kind, seat.name, seat.token_hash = PERSON, clean_name(name), hash_token(token)
        self.record.seats[seat.seat] = seat.name
        change = Change(seats=[seat], events=[self._event("joined", seat.seat,
                                                          {"name": seat.name})])
        if not any(s.kind == OPEN for s in self.seats):
            started = self._start()
            change.seats += started.seats
            change.events += started.events
            change.version, change.status = started.version, started.status
            change.clear_invite = True
        return seat.seat, token, self._finish(change)

    def start(self, fill: str | None = None, by: int | None = None) -> Change:
        """Deal the game; open seats get ``fill`` bots (else: refused while a seat is open).
        Only the host (`host`) starts it early: ``by`` is the seat asking (None: the
        service itself)."""
        host = self.host()
        if by is not None and host is not None and by != host and self.status == OPEN_STATUS:
            who = self.seats[host].name or f"seat {host + 1}"
            raise ServiceError(f"only the table's host ({who}) starts it; wait for them",
                               code="not_host", status=403, table=self.id, host=host)
        return self._finish(self._start(fill))

    def leave(self, seat: int) -> Change:
        """``seat``'s person leaves the waiting room: the seat is open again (its token no
        longer holds it). When the host leaves, the person seated longest becomes host;
        when the last person leaves, the table is deleted (nobody is left to start it)."""
        self._check_waiting()
        row = self.seats[seat]
        name, was_host = row.name, self.host() == seat
        row.kind, row.name, row.token_hash, row.autopilot = OPEN, "", None, None
        self.record.seats[seat] = ""
        return self._finish(Change(seats=[row], events=[self._event(
            "left", seat, {"name": name, "host": self.host() if was_host else None})],
            delete=not any(s.kind == PERSON for s in self.seats)))

    def rename(self, seat: int, name: Any) -> Change:
        """``seat``'s person takes the name ``name`` ("" or None: none, named by each face
        in its viewer's language), in the waiting room or while the game is played: friends
        who sat down as "Player 2" give their name once the game has begun. The event says
        the name it replaces (``was``), so that the others read who "Bea" is; a finished
        game keeps the names it was played under (its record's, the replay's, the result's).
        The same name again changes nothing and tells nobody."""
        if self.status == OVER:
            raise ServiceError("the game is over", code="game_over", status=409, table=self.id)
        row = self.seats[seat]
        was, row.name = row.name, clean_name(name)  # (refused before anything changes)
        self.record.seats[seat] = row.name
        told = [self._event("renamed", seat, {"name": row.name, "was": was})] \
            if row.name != was else []
        return self._finish(Change(seats=[row], events=told))

    def _check_waiting(self) -> None:
        if self.status != OPEN_STATUS:
            raise ServiceError("this table has already started", code="table_started",
                               status=409, table=self.id)

    def _start(self, fill: str | None = None) -> Change:
        if self.status != OPEN_STATUS:
            raise ServiceError("this table has already started", code="table_started",
                               status=409, table=self.id)
        open_seats = [s for s in self.seats if s.kind == OPEN]
        if open_seats and fill is None:
            raise ServiceError(f"{len(open_seats)} seat(s) are still open; wait for friends "
                               "or fill them with bots", code="table_not_full", status=409,
                               open=[s.seat for s in open_seats])
        for seat in open_seats:
            seat.kind, seat.level = BOT, check_level(fill)
            seat.name = seat.level
            self.record.seats[seat.seat] = seat.name
        self.status = PLAYING
        self.invite_hash = None
        self.state = self.record.new_state()
        self.version += 1
        self.since = [self.version] * len(self.seats)
        charged = self._update_clock()
        return Change(version=self.version, status=PLAYING, clear_invite=True,
                      seats=open_seats + charged,
                      events=[self._event("started", None, {"seats": self.seat_list(),
                                                            "view": self.spectator_view()})])

    def rematch_seats(self, seat: int) -> list[dict]:
        """The seats of this finished game's rematch as `create` reads them: ``seat``'s
        person again (by name), a computer a computer again at its level, and each other
        person's seat kept open for them (`join` ``at``)."""
        if self.status != OVER:
            raise ServiceError("a rematch is for a finished game", code="rematch_not_over",
                               status=409, table=self.id)
        return [{"kind": PERSON, "name": s.name} if s.seat == seat
                else {"kind": BOT, "level": s.level} if s.kind == BOT else {"kind": OPEN}
                for s in self.seats]

    def note_rematch(self, seat: int, table_id: str) -> Change:
        """Tell everyone at this finished table that ``seat`` started its rematch
        ``table_id`` (an event: their pages offer to join it)."""
        if self.rematch() is not None:
            raise ServiceError("this game has a rematch already", code="rematch_exists",
                               status=409, table=self.id, rematch=self.rematch())
        return self._finish(Change(events=[self._event("rematch", seat, {"table": table_id})]))

    # Play ----------------------------------------------------------------------------

    def check_turn(self, seat: int, state_id: Any) -> None:
        if self.status != PLAYING:
            if self.status == OVER:
                raise ServiceError("the game is over", code="game_over", status=409)
            raise ServiceError("the game has not started yet", code="not_started", status=409)
        if isinstance(state_id, bool) or not isinstance(state_id, int):
            raise ServiceError(MESSAGES["bad_state_id"], code="bad_state_id", status=422)
        if not self.since[seat] <= state_id <= self.version:
            raise ServiceError(
                f"the state changed since state {state_id}; look again (now {self.version})",
                code="stale_state", status=409, given=state_id, current=self.version,
            )

    def act(self, seat: int, notation: Any, state_id: Any, by: str = PERSON) -> Change:
        """Play ``notation`` for ``seat``; every refusal leaves the table untouched."""
        self.check_turn(seat, state_id)
        if not isinstance(notation, str) or not notation.strip():
            raise ServiceError(MESSAGES["bad_action"], code="bad_action", status=422)
        spectator_before = self.spectator_view()
        applied, text, info = self._apply(seat, notation, by)
        self.version += 1
        event = self._event("action", seat, {
            "notation": str(applied), "action": action_data(applied), "text": text, "by": by,
            "info": info,
            "number": len(self.record.actions), "state_id": self.version,
        })
        action = ActionRow(len(self.record.actions) - 1, seat, self.record.actions[-1][1], by,
                           event.at)
        change = Change(version=self.version, add_actions=[action], events=[event])
        # What the action showed everyone: computed once, it also tells a hidden choice.
        public = view_diff(spectator_before, self.spectator_view())
        if self.crossed[-1]:
            change.released = self._release()
            change.unseal = bool(change.released)
            self.since = [self.version] * len(self.seats)
        else:
            self.since[seat] = self.version
            if not public:
                event.private, event.sealed = seat, True  # hidden until the step resolves
                self.sealed.append(event)
        if public:
            event.data["public"] = public
        change.seats = self._update_clock()
        if self.state.is_over():
            self.status = change.status = OVER
            self.result = change.result = {"scores": self.state.scores(),
                                           "winners": self.state.winners()}
            change.events.append(self._event("over", None, dict(self.result)))
        return self._finish(change)

    def _apply(self, seat: int, notation: str, by: str) -> tuple[Action, str, ActionInfo]:
        state = self.state
        before = state.undo_point()
        try:
            action = state.read_action(seat, notation)  # (an unreadable one: a legal example)
            text = state.describe(action)
            # As data too (kind, cost, code + params), read before the action changes what
            # it costs: the log shows "(2 AP)" from this, never from `text`.
            info = state.action_info(seat, action)
            applied = state.apply(seat, action)
        except GameError:
            raise
        except Exception as error:  # the notation reader should never get here
            raise ServiceError(f"cannot read the action {notation[:80]!r}",
                               code="bad_action", status=422) from error
        self.record.add(seat, applied)
        self.action_by.append(by)
        self.crossed.append(state.undo_point() != before)
        return applied, text, info

    def undo(self, seat: int, state_id: Any) -> Change:
        """Take back ``seat``'s last action, if nothing that may not be undone followed it."""
        self.check_turn(seat, state_id)
        if not self.record.actions:
            raise ServiceError("there is nothing to undo", code="nothing_to_undo", status=409)
        last_seat, notation = self.record.actions[-1]
        if last_seat != seat:
            raise ServiceError("another player acted since your last action; it cannot be "
                               "taken back", code="undo_not_yours", status=409)
        if self.action_by[-1] != PERSON:
            raise ServiceError("a bot played that action; it cannot be taken back",
                               code="undo_bot_action", status=409)
        if self.crossed[-1]:
            raise ServiceError(f"'{notation}' revealed information or ended the turn; it "
                               "cannot be taken back", code="undo_barrier", status=409,
                               action=notation)
        number = len(self.record.actions) - 1
        spectator_before = self.spectator_view()
        self.record.actions.pop()
        self.action_by.pop()
        self.crossed.pop()
        self.state = self.record.replay()
        self.version += 1
        self.since[seat] = self.version
        undone = next(e for e in reversed(self.events)
                      if e.kind == "action" and e.seat == seat)
        change = Change(version=self.version, drop_actions_from=number)
        event = self._event("undo", seat, {"notation": notation, "number": number + 1})
        if undone.data.get("info"):
            # the action taken back as data too, so that a face can say it in words
            event.data["info"] = undone.data["info"]
        public = view_diff(spectator_before, self.spectator_view())
        if public:
            event.data["public"] = public
        if undone.sealed:
            undone.sealed = False  # stays private to its seat for good
            change.keep_private.append(undone.n)
            event.private = seat
        change.events.append(event)
        change.seats = self._update_clock()
        return self._finish(change)

    def set_autopilot(self, seat: int, level: str | None) -> Change:
        """Hand a person's seat to a bot (``level``) or take it back (None)."""
        if self.seats[seat].kind != PERSON:  # pragma: no cover - only people have tokens
            raise ServiceError("only a person's seat is handed over", code="not_a_person")
        row = self.seats[seat]
        row.autopilot = None if level is None else check_level(level)
        change = Change(seats=[row], events=[self._event("autopilot", seat,
                                                         {"level": row.autopilot})])
        change.seats += self._update_clock()
        return self._finish(change)

    # Who plays ------------------------------------------------------------------------

    def bot_level(self, seat: int) -> tuple[str, str] | None:
        """``(level, by)`` when a bot must choose for ``seat`` now, else None."""
        row = self.seats[seat]
        if row.kind == BOT:
            return row.level, BOT
        if row.autopilot:
            return row.autopilot, "autopilot"
        if self.clock.expired(seat):
            return self.clock.level, "clock"
        return None

    def jobs(self) -> list[JobRow]:
        """The decisions owed now: a bot's for each awaited bot (or autopilot, or expired
        clock) seat, a clock's for each awaited person with a deadline."""
        if self.status != PLAYING:
            return []
        owed = []
        for seat in self.awaited():
            if self.bot_level(seat) is not None:
                owed.append(JobRow(seat, "bot", self.since[seat], time.time()))
            elif (deadline := self.clock.deadline(seat)) is not None:
                owed.append(JobRow(seat, "clock", self.since[seat], _wall(deadline)))
        return owed

    def _finish(self, change: Change) -> Change:
        """Stamp a change with what the store checks and keeps: the revision it was made
        on, each seat's ``since``, running decisions, the jobs owed after it."""
        change.expected = self.revision
        self.revision += 1
        change.since = list(self.since)
        if self.clock.mode != "none":
            change.clock_started = self.clock_started()
        jobs = self.jobs()
        # No job owed before (as this copy last committed) nor after — a game of people
        # without clocks: the jobs' statements would change nothing; leave them out.
        change.jobs = None if not jobs and self.committed_jobs == [] else jobs
        self.committed_jobs = jobs
        return change

    def clock_started(self) -> dict:
        return {str(seat): round(_wall(started), 3) for seat, started in
                self.clock.waiting.items()}

    def bot_seed(self, seat: int) -> int:
        return random.Random(f"{self.seed}/{seat}/{len(self.record.actions)}").getrandbits(32)

    def _update_clock(self) -> list[SeatRow]:
        awaited = {s for s in self.awaited()
                   if self.seats[s].kind == PERSON and not self.seats[s].autopilot}
        charged = self.clock.update(awaited)
        for seat in charged:
            self.seats[seat].bank = self.clock.banks[seat]
        return [self.seats[s] for s in charged]

    def next_deadline(self) -> float | None:
        deadlines = [d for s in self.awaited() if (d := self.clock.deadline(s)) is not None]
        return min(deadlines, default=None)

    # Helpers ---------------------------------------------------------------------------

    def _event(self, kind: str, seat: int | None, data: dict) -> EventRow:
        event = EventRow(n=(self.events[-1].n + 1) if self.events else 1, at=time.time(),
                         kind=kind, seat=seat, data=data)
        self.events.append(event)
        return event

    def _release(self) -> list[EventRow]:
        released = [e for e in self.sealed if e.sealed]
        self.sealed = []
        for event in released:
            event.sealed, event.private = False, None
        return released

    def row(self) -> TableRow:
        """The table as first written to the store."""
        return TableRow(id=self.id, game=self.game.name, options=self.options, seed=self.seed,
                        status=self.status, version=self.version, clock=self.clock_spec,
                        invite_hash=self.invite_hash, created=self.created,
                        updated=time.time(), result=self.result, seats=list(self.seats),
                        actions=[ActionRow(i, s, n, self.action_by[i], time.time())
                                 for i, (s, n) in enumerate(self.record.actions)],
                        events=list(self.events), revision=self.revision,
                        since=list(self.since), creator=self.creator, hints=self.hints,
                        clock_started=self.clock_started() if self.clock.mode != "none"
                        else None)


def _wall(monotonic: float) -> float:
    """A monotonic-clock instant as wall time (what another process understands)."""
    return time.time() - (time.monotonic() - monotonic)


def _monotonic(wall: float) -> float:
    return time.monotonic() - (time.time() - wall)
