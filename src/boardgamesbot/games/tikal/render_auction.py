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

from typing import Any

from .catalog import say, seat_tag, sides


def _tile(tile: dict[str, Any], lang: str) -> str:
    """``C temple 4   N1 SE2``: letter, what it is, its stoned sides as printed (r0)."""
    kind = tile["kind"]
    if kind == "temple":
        what = say(lang, "tikal.space.temple", value=tile["value"])
    elif kind == "treasure":
        what = say(lang, "tikal.term.auction.masks", n=tile["masks"])
    else:
        what = say(lang, f"tikal.kind.{kind}")
    compass = sides(lang)
    stones = " ".join(f"{compass[side]}{count}"
                      for side, count in enumerate(tile["stones"]) if count)
    # a column 18 wide, as in English, and a space after words that fill it (Portuguese)
    return f"{tile['letter']} {what.ljust(17)} {stones or say(lang, 'tikal.term.auction.nostones')}"


def auction_text(view_auction: dict[str, Any], lang: str = "en") -> str:
    """The display, the running auction (bid, bidder, who passed), amulets, who opened,
    in ``lang``."""
    lines, to_act = auction_parts(view_auction, lang)
    if to_act is not None:  # (just above the amulets)
        lines.insert(len(lines) - 1, to_act)
    return "\n".join(lines)


def auction_parts(view_auction: dict[str, Any], lang: str = "en") -> tuple[list[str], str | None]:
    """`auction_text`'s lines, and apart from them, while bidding, who is to act and what
    they may bid ("p2 to act: bid 3…12 or pass."): a screen short of rows says it in place
    of whose turn it is."""
    a = view_auction
    to_act = None

    def seat(number: int) -> str:
        return seat_tag(number, lang)

    def seats(numbers: list[int]) -> str:
        return ", ".join(seat(number) for number in numbers)

    players = len(a["amulets"])
    if a["turn"] is None:
        doing = say(lang, "tikal.term.auction.over")
    elif a["bidding"]:
        doing = say(lang, "tikal.term.auction.bidding", turn=a["turn"], n=players)
    elif a["winner"] is not None:
        doing = say(lang, "tikal.term.auction.chooses", seat=seat(a["winner"]),
                    turn=a["turn"], n=players)
    else:
        doing = say(lang, "tikal.term.auction.turn", turn=min(a["turn"], players), n=players)
    lines = [say(lang, "tikal.term.auction", n=a["round"], doing=doing)]
    if a["display"]:
        lines.append(say(lang, "tikal.term.auction.display"))
        lines.extend(f"  {tile['index']}. {_tile(tile, lang)}" for tile in a["display"])
    else:
        lines.append(say(lang, "tikal.term.auction.display.empty"))
    if a["bidding"]:
        if a["bidder"] is None:
            lines.append(say(lang, "tikal.term.auction.nobid", opener=seat(a["opener"])))
        else:
            lines.append(say(lang, "tikal.term.auction.bid", n=a["bid"],
                             seat=seat(a["bidder"]), opener=seat(a["opener"])))
        lines.append(say(lang, "tikal.term.auction.still", list=seats(a["bidding"])))
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
