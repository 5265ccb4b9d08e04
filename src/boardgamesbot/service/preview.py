"""Try an action on a copy of the state: is it legal, and what would it score now?

The browser's live preview asks this while a person hovers a placement. The
table's state is never touched: the action is applied to a clone.
"""

from __future__ import annotations

from typing import Any

from boardgamesbot.engine import GameError, State

from .errors import error_body


def preview(state: State, seat: int, notation: str) -> dict[str, Any]:
    """``{"legal": True, "action", "text", ...}`` or ``{"legal": False, "error": {...}}``."""
    trial = state.clone()
    try:
        applied = trial.apply(seat, notation)
    except GameError as error:
        return {"legal": False, **error_body(error)}
    result: dict[str, Any] = {"legal": True, "action": str(applied),
                              "text": state.describe(applied)}
    if state.game.name == "cartographers":
        result.update(_cartographers_estimate(state, seat, applied))
    return result


def _cartographers_estimate(state: State, seat: int, action) -> dict[str, Any]:
    """The drawn cells and the season's score if it ended with this drawing."""
    from boardgamesbot.games.cartographers import Ambush, AmbushFallback, Draw, Fallback
    from boardgamesbot.games.cartographers.components import COIN_TRACK, DRAWN_TERRAINS
    from boardgamesbot.games.cartographers.scoring import score_card
    from boardgamesbot.games.cartographers.sheet import (
        Sheet,
        cell_name,
        mask_of,
        oriented,
        shape_cells_at,
    )

    view = state.view(seat)
    card = view["card"] or {}
    target, coin = seat, False
    if isinstance(action, Draw):
        shape = card["shapes"][action.shape - 1]
        cells = shape_cells_at(oriented([tuple(c) for c in shape["cells"]], action.orientation),
                               action.cell)
        terrain, coin = action.terrain, bool(shape["coin"])
    elif isinstance(action, Fallback):
        cells, terrain = [divmod(action.cell, 11)], action.terrain
    elif isinstance(action, (Ambush, AmbushFallback)):
        target = view.get("you", {}).get("target", seat)
        terrain = "monster"
        if isinstance(action, Ambush):
            cells = shape_cells_at(oriented([tuple(c) for c in card["cells"]],
                                            action.orientation), action.cell)
        else:
            cells = [divmod(action.cell, 11)]
    else:
        return {"cells": [], "sheet": seat}
    cells = cells or []
    before = Sheet.from_text("\n".join(view["players"][target]["sheet"]), view["side"]["letter"])
    after = before.copy()
    after.draw(DRAWN_TERRAINS.index(terrain), mask_of(cells))
    names = {e["letter"]: e["card"] for e in view["edicts"]}
    edicts = {letter: score_card(names[letter], after) for letter in view["season"]["scoring"]}
    coins = view["players"][seat]["coins"]
    if target == seat:
        coins = min(COIN_TRACK, coins + int(coin) + after.surrounded_mountains()
                    - before.surrounded_mountains())
    monsters = (after if target == seat else before).monster_penalty()
    return {"cells": [cell_name(r * 11 + c) for r, c in cells], "sheet": target,
            "terrain": terrain, "coin": coin,
            "season_score": {"edicts": edicts, "coins": coins, "monsters": -monsters,
                             "total": sum(edicts.values()) + coins - monsters}}
