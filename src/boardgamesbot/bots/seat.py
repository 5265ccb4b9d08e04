"""What a bot is handed: one seat's window on a position, never the position itself.

A `State` holds everything, hidden information included (the tile order, the
face-down wafers, the deck). A bot must decide on what its seat may know, so
the arena and the service hand it a `SeatView`: the seat's view, its own legal
actions and the public facts (who is awaited as far as the seat can tell,
scores, whether the game is over). The only door to hidden information is
`SeatView.determinize`, a *sample* of it, drawn so that it depends on the
seat's view and the generator alone (two positions the seat cannot tell apart
give identical samples; tests/test_honesty.py checks every game).

A bot may be called with a plain `State` as well (tests, scripts): `seat_of`
wraps it, so the bot's own code only ever touches the window.
"""

from __future__ import annotations

import random
from typing import Any

from boardgamesbot.engine import Action, ActionInfo, Game, GameError, State

__all__ = ["SeatView", "seat_of"]

# The generator of the one sample `current_players` is read from: any fixed seed
# does, since a sample depends only on the view and the generator.
_PUBLIC_SAMPLE_SEED = 0


class SeatView:
    """``player``'s window on ``state``: what that seat may know, and samples of the rest.

    The window is live (it reads the state it was given when asked), so hand a
    bot a window on a copy if the game moves on while the bot thinks.
    """

    __slots__ = ("_state", "player", "_public")

    def __init__(self, state: State, player: int) -> None:
        if not isinstance(state, State):
            raise TypeError(f"a SeatView wraps a State, not {type(state).__name__}")
        if isinstance(player, bool) or not isinstance(player, int) \
                or not 0 <= player < state.num_players:
            raise GameError(f"there is no seat {player!r} at this table of "
                            f"{state.num_players}", code="bad_seat", seat=player)
        self._state = state
        self.player = player
        self._public: State | None = None

    # Public facts ----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def view(self, player: int | None = None) -> dict[str, Any]:
        """Exactly what the seat may see (`State.view` of this seat).

        ``player`` is accepted so that code written for a `State` keeps working,
        but only for this seat: the window shows no other seat's view.
        """
        self._own(player)
        return self._state.view(self.player)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The seat's own legal actions (empty when its decision is not awaited)."""
        self._own(player)
        return self._state.legal_actions(self.player)

    def _own(self, player: object) -> None:  # anything but this seat or None is refused
        if player is not None and player != self.player:
            raise GameError(f"this window shows seat {self.player}, not seat {player}",
                            code="bad_seat", seat=player)

    def awaited(self) -> bool:
        """Whether this seat's decision is awaited now (a seat always knows that)."""
        return self.player in self._state.current_players()

    def current_players(self) -> list[int]:
        """The seats awaited, as far as this seat can tell.

        In a simultaneous step whether the others have chosen yet is hidden, so
        this is read from a sample (in which their hidden choices are undone),
        never from the state itself.
        """
        if self._public is None:
            self._public = self._state.determinize(
                self.player, random.Random(_PUBLIC_SAMPLE_SEED))
        return self._public.current_players()

    def is_over(self) -> bool:
        return self._state.is_over()

    def scores(self) -> list[int]:
        return list(self._state.scores())

    def winners(self) -> list[int]:
        return list(self._state.winners())

    def describe(self, action: Action) -> str:
        return self._state.describe(action)

    def action_info(self, action: Action) -> ActionInfo:
        return self._state.action_info(self.player, action)

    def preview(self, action: Action | str) -> dict[str, Any]:
        """`State.preview` for this seat: tried on a sample, it shows nothing hidden."""
        return self._state.preview(self.player, action)

    # The door to hidden information -----------------------------------------------------

    def determinize(self, *args: int | random.Random) -> State:
        """``determinize(rng)``: a full position with the hidden parts resampled from
        ``rng``, a fresh copy the bot owns.

        Depends on the seat's view and ``rng`` alone, so a bot may play, search
        and evaluate in it freely without ever learning the true hidden parts.
        ``determinize(player, rng)`` (the `State` signature) works for this seat.
        """
        if len(args) == 2:
            self._own(args[0])
        elif len(args) != 1:
            raise TypeError("determinize takes a generator (or this seat and a generator)")
        rng = args[-1]
        if not isinstance(rng, random.Random):
            raise TypeError(f"determinize needs a random.Random, not {type(rng).__name__}")
        return self._state.determinize(self.player, rng)

    def __repr__(self) -> str:
        return f"<SeatView seat {self.player} of {self._state!r}>"


def seat_of(state: State | SeatView, player: int) -> SeatView:
    """The window a bot works through: ``state`` itself if it is one (for ``player``),
    otherwise a new window on ``state`` for ``player``."""
    if isinstance(state, SeatView):
        if state.player != player:
            raise GameError(f"this window shows seat {state.player}, not seat {player}",
                            code="bad_seat", seat=player)
        return state
    return SeatView(state, player)

