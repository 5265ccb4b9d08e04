# PINNED for the frozen reference `hard-2026.11`: a copy of
# boardgamesbot/games/cartographers/steps.py as of 3 December 2026.
# The rules the reference plans on. Do not edit: the live rules move on in the product;
# this copy stays so that the reference's decisions never drift.
"""The names of a Cartographers game's steps, shared by the rules and the position format.

Every step is a simultaneous decision: ``draw`` (each seat draws the revealed
explore card on its own sheet), ``ambush`` (each seat draws the revealed
monster on a neighbour's sheet); the game is ``over`` after winter's scoring.
"""

from __future__ import annotations

DRAW, AMBUSH, OVER = "draw", "ambush", "over"
STEPS = (DRAW, AMBUSH, OVER)
