"""Terminal text for the auction variant's part of a view (``view["auction"]``).

Kept apart from ``render.py`` so the basic renderer only needs one call:
``if "auction" in view: lines.append(auction_text(view["auction"]))``.
Plain text with no square brackets, so it prints the same through rich.

>>> from boardgamesbot.engine import load_game
>>> view = load_game("tikal").new(2, seed=1, variant="auction").view(None)
>>> print(auction_text(view["auction"]).splitlines()[0])
Auction, round 1: bidding for turn 1 of 2
"""

from __future__ import annotations

from typing import Any

from .components import SIDES


def _seat(seat: int) -> str:
    return f"p{seat + 1}"


def _tile(tile: dict[str, Any]) -> str:
    """``C temple 4   N1 SE2``: letter, what it is, its stoned sides as printed (r0)."""
    kind = tile["kind"]
    if kind == "temple":
        what = f"temple {tile['value']}"
    elif kind == "treasure":
        what = f"treasure {tile['masks']} masks"
    else:
        what = kind
    stones = " ".join(f"{SIDES[side]}{count}" for side, count in enumerate(tile["stones"]) if count)
    return f"{tile['letter']} {what:<18}{stones or 'no stones'}"


def auction_text(view_auction: dict[str, Any]) -> str:
    """The display, the running auction (bid, bidder, who passed), amulets, who opened."""
    a = view_auction
    players = len(a["amulets"])
    if a["turn"] is None:
        doing = "over, every tile is placed"
    elif a["bidding"]:
        doing = f"bidding for turn {a['turn']} of {players}"
    elif a["winner"] is not None:
        doing = f"{_seat(a['winner'])} chooses a tile for turn {a['turn']} of {players}"
    else:
        doing = f"turn {min(a['turn'], players)} of {players}"
    lines = [f"Auction, round {a['round']}: {doing}"]
    if a["display"]:
        lines.append("Display (face up; 'take N' chooses):")
        lines.extend(f"  {tile['index']}. {_tile(tile)}" for tile in a["display"])
    else:
        lines.append("Display: empty")
    if a["bidding"]:
        if a["bidder"] is None:
            lines.append(f"No bid yet (opened by {_seat(a['opener'])}); bids start at 1.")
        else:
            lines.append(f"High bid: {a['bid']} by {_seat(a['bidder'])} "
                         f"(opened by {_seat(a['opener'])}).")
        lines.append("Still bidding: " + ", ".join(_seat(s) for s in a["bidding"]))
        if a["passed"]:
            first = (f" ({_seat(a['passed'][0])} passed first: plays free if nobody bids)"
                     if a["bidder"] is None else "")
            lines.append("Passed: " + ", ".join(_seat(s) for s in a["passed"]) + first)
        top = a["max_bid"]
        can = (f"bid {a['bid'] + 1}…{top} or pass" if top > a["bid"]
               else "only pass (a bid cannot exceed one's points)")
        lines.append(f"{_seat(a['to_act'])} to act: {can}.")
    elif a["winner"] is not None:
        paid = (f"paid {a['bid']}" if a["bidder"] == a["winner"] and a["bid"]
                else "plays free")
        lines.append(f"{_seat(a['winner'])} won the auction and {paid}.")
    amulets = ", ".join(
        f"{_seat(seat)} {'up' if side == 'up' else 'down (played)'}"
        for seat, side in enumerate(a["amulets"])
    )
    lines.append(f"Amulets: {amulets}")
    return "\n".join(lines)
