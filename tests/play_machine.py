"""A hypothesis state machine that plays any registered game at random, checking the contract.

DESIGN.md's Tests section asks for random legal play that never breaks the
engine's promises. Each game's machine (tests/<game>/test_machine.py)
subclasses `PlayMachine`, says how to start a game, which wrong actions to try
and what its own invariants are (supplies conserved, scores only in scoring).
The rules here hold for every game:

* ``play``: a waiting seat plays one of its legal actions (several in a row
  with ``play_on``, so the machine reaches late phases in a short run);
* ``take_back``: when the last action crossed no undo barrier, the game goes
  back to the record without it and must be exactly the position before it
  (and such an action must not have depended on anything hidden from its seat);
* ``try_illegal``: an action the seat may not take is refused and changes nothing;
* ``clone_is_independent``: playing on a clone leaves the original untouched;
* ``a_finished_game_refuses_everything``: once over, nobody is awaited, there are
  winners, and any action is refused without a change;
* after every rule: the record replays to this very position, the position
  round-trips through its JSON, and no seat's view (nor the spectator's)
  depends on what that seat cannot see.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from boardgamesbot.engine import Action, Game, GameError, IllegalAction, Record, State


class PlayMachine(RuleBasedStateMachine):
    """Subclasses set ``game`` and ``starts`` and may override the ``check_*`` hooks."""

    game: Game
    starts: st.SearchStrategy  # of (num_players, seed, options)

    def __init__(self) -> None:
        super().__init__()
        self.state: State | None = None
        self.record: Record | None = None
        # For each recorded action: the position before it, and whether its seat may
        # take it back (it crossed no undo barrier).
        self.before: list[tuple[str, bool]] = []

    # Hooks for a game ---------------------------------------------------------------------

    def wrong_actions(self, state: State, seat: int) -> st.SearchStrategy:
        """Actions (or notation strings) to try that may well be illegal for ``seat``."""
        return st.sampled_from(["", "nonsense", "end end", "🎲"])

    def check_position(self, state: State) -> None:
        """Invariants of one position (supplies conserved, nothing negative...)."""

    def check_step(self, before: State, seat: int, action: Action, after: State) -> None:
        """Invariants of one action (scores change only in scoring...)."""

    # Rules ---------------------------------------------------------------------------------

    @initialize(start=st.data())
    def start(self, start: st.DataObject) -> None:
        num_players, seed, options = start.draw(self.starts, label="game")
        self.state = self.game.new(num_players, seed, **options)
        self.record = Record.start(self.game.name, seed,
                                   [f"seat {i + 1}" for i in range(num_players)], **options)

    def _play_one(self, pick: st.DataObject) -> None:
        state = self.state
        seat = pick.draw(st.sampled_from(state.current_players()), label="seat")
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is awaited but has no legal action"
        action = pick.draw(st.sampled_from(legal), label="action")
        before, point = state.clone(), state.undo_point()
        text = state.to_json()
        applied = state.apply(seat, str(action) if pick.draw(st.booleans()) else action)
        assert applied == action
        assert self.game.parse_action(str(action)) == action  # the notation round-trips
        self.record.add(seat, applied)
        undoable = state.undo_point() == point
        self.before.append((text, undoable))
        if undoable:
            # An action that may be taken back revealed nothing: played on any sample of
            # what its seat could not see, it shows that seat the very same position.
            sample = before.determinize(seat, random.Random(len(self.record.actions)))
            sample.apply(seat, action)
            assert sample.view(seat) == state.view(seat), f"{action} can be taken back " \
                "but its result depends on hidden information"
        self.check_step(before, seat, applied, state)

    @precondition(lambda self: not self.state.is_over())
    @rule(pick=st.data())
    def play(self, pick: st.DataObject) -> None:
        self._play_one(pick)

    @precondition(lambda self: not self.state.is_over())
    @rule(pick=st.data(), count=st.integers(2, 25))
    def play_on(self, pick: st.DataObject, count: int) -> None:
        for _ in range(count):
            if self.state.is_over():
                break
            self._play_one(pick)
            self.check_position(self.state)

    @precondition(lambda self: bool(self.before) and self.before[-1][1])
    @rule()
    def take_back(self) -> None:
        position, _ = self.before.pop()
        self.record.actions.pop()
        self.state = self.record.replay()
        assert self.state.to_json() == position

    @precondition(lambda self: not self.state.is_over())
    @rule(pick=st.data())
    def try_illegal(self, pick: st.DataObject) -> None:
        state = self.state
        seat = pick.draw(st.integers(-1, state.num_players), label="seat")  # may be no seat
        attempt = pick.draw(self.wrong_actions(state, seat), label="attempt")
        legal = state.legal_actions(seat) if 0 <= seat < state.num_players else []
        text = state.to_json()
        try:
            parsed = attempt if isinstance(attempt, Action) else self.game.parse_action(attempt)
        except GameError:
            parsed = None
        if parsed is not None and parsed in legal:
            return  # legal after all: nothing to check here (play covers it)
        trial = state.clone()
        try:
            applied = trial.apply(seat, attempt)
        except GameError:
            pass
        else:
            # Accepted: only as another name of a legal action (a symmetric shape's
            # orientations all draw the same cells, and apply names the listed one).
            assert applied in legal, f"{attempt!r} by seat {seat} applied but is not legal"
            return
        try:
            state.apply(seat, attempt)
        except GameError as error:
            assert isinstance(error, IllegalAction) or parsed is None, error
            assert error.code and str(error)  # a reason a person can read
        else:
            raise AssertionError(f"{attempt!r} by seat {seat} applied to the game, not a copy")
        assert state.to_json() == text

    @precondition(lambda self: not self.state.is_over())
    @rule(pick=st.data())
    def clone_is_independent(self, pick: st.DataObject) -> None:
        text = self.state.to_json()
        copy = self.state.clone()
        assert copy.to_json() == text
        seat = pick.draw(st.sampled_from(copy.current_players()), label="seat")
        copy.apply(seat, pick.draw(st.sampled_from(copy.legal_actions(seat)), label="action"))
        assert self.state.to_json() == text

    @precondition(lambda self: self.state.is_over())
    @rule(pick=st.data())
    def a_finished_game_refuses_everything(self, pick: st.DataObject) -> None:
        state = self.state
        assert state.current_players() == []
        assert state.winners() and set(state.winners()) <= set(range(state.num_players))
        seat = pick.draw(st.integers(0, state.num_players - 1), label="seat")
        assert state.legal_actions(seat) == []
        text = state.to_json()
        attempt = pick.draw(self.wrong_actions(state, seat), label="attempt")
        try:
            state.apply(seat, attempt)
        except GameError:
            pass
        else:
            raise AssertionError(f"{attempt!r} applied to a finished game")
        assert state.to_json() == text

    # Checked after every rule ----------------------------------------------------------------

    @invariant()
    def position_holds(self) -> None:
        if self.state is not None:
            self.check_position(self.state)

    @invariant()
    def record_replays_to_this_position(self) -> None:
        if self.state is None:
            return
        text = self.state.to_json()
        again = Record.from_json(self.record.to_json()).replay()
        assert again.to_json() == text
        assert self.game.from_json(text).to_json() == text
        assert again.undo_point() == self.state.undo_point()

    @invariant()
    def views_leak_nothing(self) -> None:
        """A view is the same whatever its seat cannot see (resampled by ``determinize``)."""
        if self.state is None:
            return
        state = self.state
        rng = random.Random(len(self.record.actions))
        for viewer in [None, *range(state.num_players)]:
            view = state.view(viewer)
            json.dumps(view)  # JSON-ready
            sampled = state.determinize(0 if viewer is None else viewer, rng)
            assert sampled.view(viewer) == view, f"the view of {viewer} shows hidden information"
            self.check_view(state, viewer, view)

    def check_view(self, state: State, viewer: int | None, view: dict[str, Any]) -> None:
        """Game-specific: what must never appear in a view."""
