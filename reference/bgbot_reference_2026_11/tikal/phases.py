# PINNED for the frozen reference `hard-2026.11`: a copy of
# boardgamesbot/games/tikal/phases.py as of 3 December 2026.
# The rules the reference plans on. Do not edit: the live rules move on in the product;
# this copy stays so that the reference's decisions never drift.
"""The names of Tikal's phases and scoring rounds, shared by the rules, the variants
and the position format (which writes them as they are).

A phase says what the player to act does next: place the drawn tile, spend
action points, or (the auction variant's own phases, `AUCTION_PHASES`) bid for
the turn and take a tile of the display. The game is over in `OVER`.
"""

from __future__ import annotations

PLACE, ACTIONS, OVER = "place", "actions", "over"
BID, TAKE = "bid", "take"  # the auction variant: bidding for a turn; choosing a tile
BASIC_PHASES = (PLACE, ACTIONS, OVER)
AUCTION_PHASES = (BID, TAKE)

# Scoring rounds: everyone spends 10 AP and scores, after a volcano or at the end.
VOLCANO_ROUND, FINAL_ROUND = "volcano", "final"
ROUNDS = (VOLCANO_ROUND, FINAL_ROUND)
