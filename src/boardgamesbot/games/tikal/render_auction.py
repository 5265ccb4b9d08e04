"""Terminal text for the auction variant's part of a view (``view["auction"]``).

Kept apart from ``render.py`` so the basic renderer only needs one call:
``if "auction" in view: lines.append(auction_text(view["auction"], lang))``.
Plain text with no square brackets, so it prints the same through rich. Its words are
the catalog's ``tikal.term.auction.*`` entries, in the reader's language.

>>> from boardgamesbot.engine import load_game
>>> view = load_game("tikal").new(2, seed=1, variant="auction").view(None)
>>> print(auction_text(view["auction"]).splitlines()[0])
Auction, round 1: bidding for turn 1 of 2
>>> print(auction_text(view["auction"], "ca").splitlines()[0])
Subhasta, ronda 1: ofertes pel torn 1 de 2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .catalog import say, seat_tag, sides


def _tile(tile: dict[str, Any], lang: str,
          named: Callable[[dict[str, Any]], str] | None = None) -> str:
    """``C temple 4   N1 SE2``: letter, what it is, its stoned sides as printed (r0);
    ``named``: what it is said as the map says it, without the letter (the stack's
    order, nothing a bidder weighs) or the column (``T4 N1 SE2``; a tile without stones
    says none, as a space on the map does)."""
    kind = tile["kind"]
    compass = sides(lang)
    stones = " ".join(f"{compass[side]}{count}"
                      for side, count in enumerate(tile["stones"]) if count)
    if named is not None:
        return " ".join(part for part in (named(tile), stones) if part)
    if kind == "temple":
        what = say(lang, "tikal.space.temple", value=tile["value"])
    elif kind == "treasure":
        what = say(lang, "tikal.term.auction.masks", n=tile["masks"])
    else:
        what = say(lang, f"tikal.kind.{kind}")
    # a column 18 wide, as in English, and a space after words that fill it (Portuguese)
    return f"{tile['letter']} {what.ljust(17)} {stones or say(lang, 'tikal.term.auction.nostones')}"


def auction_text(view_auction: dict[str, Any], lang: str = "en",
                 named: Callable[[dict[str, Any]], str] | None = None) -> str:
    """The display, the running auction (bid, bidder, who passed), amulets, who opened,
    in ``lang`` (``named``: said short, `auction_parts`)."""
    lines, to_act = auction_parts(view_auction, lang, named)
    if to_act is not None:  # (just above the amulets)
        lines.insert(len(lines) - 1, to_act)
    return "\n".join(lines)


def auction_parts(view_auction: dict[str, Any], lang: str = "en",
                  named: Callable[[dict[str, Any]], str] | None = None,
                  ) -> tuple[list[str], str | None]:
    """`auction_text`'s lines, and apart from them, while bidding, who is to act and what
    they may bid ("p2 to act: bid 3…12 or pass."): a screen short of rows says it in place
    of whose turn it is. ``named``: a tile's kind as the map says it ("T4", "$2",
    "jngl"), for a phone's 40 columns: the tiles said so (`_tile`), the heading as
    "Auction 2: bidding for turn 1/4" and who is still bidding as "Bidding: p1, p2", so
    that two tiles share a line and the heading keeps to one."""
    a = view_auction
    short = ".short" if named is not None else ""
    to_act = None

    def seat(number: int) -> str:
        return seat_tag(number, lang)

    def seats(numbers: list[int]) -> str:
        return ", ".join(seat(number) for number in numbers)

    players = len(a["amulets"])
    if a["turn"] is None:
        doing = say(lang, f"tikal.term.auction.over{short}")
    elif a["bidding"]:
        doing = say(lang, f"tikal.term.auction.bidding{short}", turn=a["turn"], n=players)
    elif a["winner"] is not None:
        doing = say(lang, f"tikal.term.auction.chooses{short}", seat=seat(a["winner"]),
                    turn=a["turn"], n=players)
    else:
        doing = say(lang, f"tikal.term.auction.turn{short}", turn=min(a["turn"], players),
                    n=players)
    lines = [say(lang, f"tikal.term.auction{short}", n=a["round"], doing=doing)]
    if a["display"]:
        lines.append(say(lang, "tikal.term.auction.display"))
        lines.extend(f"  {tile['index']}. {_tile(tile, lang, named)}" for tile in a["display"])
    else:
        lines.append(say(lang, "tikal.term.auction.display.empty"))
    if a["bidding"]:
        if a["bidder"] is None:
            lines.append(say(lang, "tikal.term.auction.nobid", opener=seat(a["opener"])))
        else:
            lines.append(say(lang, "tikal.term.auction.bid", n=a["bid"],
                             seat=seat(a["bidder"]), opener=seat(a["opener"])))
        lines.append(say(lang, f"tikal.term.auction.still{short}", list=seats(a["bidding"])))
        if a["passed"]:
            first = (" " + say(lang, "tikal.term.auction.passed_first", seat=seat(a["passed"][0]))
                     if a["bidder"] is None else "")
            lines.append(say(lang, "tikal.term.auction.passed", list=seats(a["passed"])) + first)
        top = a["max_bid"]
        can = (say(lang, "tikal.term.auction.can", low=a["bid"] + 1, high=top)
               if top > a["bid"] else say(lang, "tikal.term.auction.only_pass"))
        to_act = say(lang, "tikal.term.auction.to_act", seat=seat(a["to_act"]), can=can)
    elif a["winner"] is not None:
        paid = (say(lang, "tikal.term.auction.paid", n=a["bid"])
                if a["bidder"] == a["winner"] and a["bid"]
                else say(lang, "tikal.term.auction.free"))
        lines.append(say(lang, "tikal.term.auction.won", seat=seat(a["winner"]), paid=paid))
    amulets = ", ".join(
        f"{seat(number)} " + say(lang, "tikal.term.auction.amulet.up" if side == "up"
                                 else "tikal.term.auction.amulet.down")
        for number, side in enumerate(a["amulets"])
    )
    lines.append(say(lang, "tikal.term.auction.amulets", list=amulets))
    return lines, to_act
