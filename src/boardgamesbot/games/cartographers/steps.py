"""The names of a Cartographers game's steps, shared by the rules and the position format.

Every step is a simultaneous decision: ``draw`` (each seat draws the revealed
explore card on its own sheet), ``ambush`` (each seat draws the revealed
monster on a neighbour's sheet); the game is ``over`` after winter's scoring.
"""

from __future__ import annotations

DRAW, AMBUSH, OVER = "draw", "ambush", "over"
STEPS = (DRAW, AMBUSH, OVER)
