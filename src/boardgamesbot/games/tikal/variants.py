"""How a Tikal variant plugs into the rules: the hooks `TikalState` calls, and the basic game.

A `TikalState` holds its variant as an object (``state.variant``) and calls it
at the few points where the variants differ: the start of the game, the
variant's own phases (legal actions and apply), the end of a normal turn, the
end of a volcano scoring round, explaining why an out-of-turn action is
refused, and the variant's part of a view and of a position. `Variant` is
that protocol, and its defaults *are* the basic game, so `BASIC` is simply
``Variant()``. The auction variant (`auction.AUCTION`) overrides the hooks.

A variant object is stateless and shared by every game; what a variant must
remember during a game lives in ``state.auction`` (``None`` in the basic
game), an object with a ``copy()`` method that `TikalState.clone` calls.

A variant changes the state only through the state's documented methods
(`TikalState.draw_tile`, `give_tile`, `reveal_tiles`, `hand_turn_to`, `pay`,
`cross_barrier`, `start_scoring_round`, `start_scoring_turns`) and its own
``state.auction`` part; it reads the rest freely. This module imports nothing
from the state but its type (for the checker alone), so there is no import loop
between the rules, the variants and the position format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgamesbot.engine import Action, IllegalAction

from .phases import FINAL_ROUND, PLACE

if TYPE_CHECKING:  # for the type only: the state imports no variant, nor this module it
    from boardgamesbot.games.positions import PositionReader

    from .state import TikalState

__all__ = ["BASIC", "Variant"]


class Variant:
    """The basic game, and the hooks every variant may override."""

    name = "basic"
    phases: tuple[str, ...] = ()  # the variant's own phases, beyond place / actions / over
    has_part = False  # does a position / view carry an "auction" part for this variant?
    starting_points = 0  # every player's score at the start

    # The game's course ---------------------------------------------------------------

    def start(self, state: TikalState) -> None:
        """The first turn: seat 0 draws the top tile."""
        state.draw_tile(0)

    def legal_actions(self, state: TikalState, player: int) -> list[Action]:
        """Legal actions in one of the variant's own phases (the basic game has none)."""
        return []

    def apply(self, state: TikalState, player: int, action: Action) -> None:
        """Check and carry out ``action`` in one of the variant's own phases."""
        raise IllegalAction(f"unknown phase {state.phase!r}", code="wrong_phase")

    def after_turn(self, state: TikalState, player: int) -> None:
        """``player``'s normal turn ended: the next player draws, or the final round starts."""
        following = (player + 1) % state.num_players
        if not state.stack:
            state.start_scoring_round(FINAL_ROUND, following)
        else:
            state.draw_tile(following)

    def after_volcano_round(self, state: TikalState) -> None:
        """The volcano scoring round is over: its drawer (``state.current``) places the
        volcano and plays a normal turn."""
        state.hand_turn_to(state.current, PLACE)

    def explain_out_of_turn(self, state: TikalState, player: int, action: Action) -> None:
        """Raise a specific `IllegalAction` when there is more to say than "not your turn"."""

    # The variant's part of views and positions ---------------------------------------

    def view(self, state: TikalState) -> dict[str, Any] | None:
        """The variant's part of every seat's view (``view["auction"]``); None: no part."""
        return None

    def to_json(self, state: TikalState) -> dict[str, Any] | None:
        """The variant's part of the position (``"auction"``); None: no part."""
        return None

    def read_part(self, data: Any, num_players: int, reader: PositionReader) -> Any:
        """Read the variant's part of a position (only called when `has_part`) into what
        ``state.auction`` holds."""
        return None

    def __repr__(self) -> str:
        return f"<Tikal variant {self.name}>"


BASIC = Variant()
