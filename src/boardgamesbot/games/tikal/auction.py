"""Tikal's auction variant (the rulebook's advanced rules): tiles are bought, not drawn.

Everyone starts with 20 points, the capital they bid with. A round reveals as
many tiles as players, face up: the *display*. Then the turns of the round are
auctioned one by one:

* The first auction of the game is opened by seat 0; the first auction of a
  later round by the player left of the one who played last. Every later
  auction of a round is opened by the first player clockwise from the last
  winner whose *amulet* is still face up.
* Clockwise, each player with a face-up amulet bids strictly more than the
  current bid (never more than their points) or passes, which puts them out of
  this auction. The last bidder standing pays the bid, chooses a displayed
  tile, places it, spends 10 AP, and flips their amulet face down.
* If everybody passes, the first player who passed plays for free.
* The last player of the round takes the last tile for free; then all amulets
  turn face up and the next round is revealed.
* A volcano chosen from the display starts a scoring round at once, with the
  chooser first; scoring turns flip no amulet. Then the chooser places the
  volcano, spends 10 AP and flips their amulet.
* When the stack and the display are empty and the last turn is over, the
  final round is played in ascending order of points (ties: nearest clockwise
  after the player who placed the last tile first); each spends 10 AP, scores.

The rules (`state.py`) call in here through the `Variant` hooks that
`AuctionVariant` overrides (see `variants.py`): the start of the game, the
auction's own phases (``"bid"`` and ``"take"``), the end of a normal turn and
of a volcano round, out-of-turn explanations, and the auction's part of views
and positions. The auction keeps its own part of the position in
``state.auction`` (an `Auction`) and changes the rest of the state only
through the state's documented methods. Decisions where the rulebook is
silent are marked **Decision** and listed in docs/tikal-auction.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgamesbot.engine import Action, IllegalAction

from .components import TILES
from .notation import PASS, Bid, Pass, Take, bid, seat_name, take
from .phases import AUCTION_PHASES, BID, FINAL_ROUND, TAKE
from .variants import Variant

if TYPE_CHECKING:  # for the type only: the state imports no variant, nor this module it
    from boardgamesbot.games.positions import PositionReader

    from .state import TikalState

PHASES = AUCTION_PHASES


class Auction:
    """The auction's part of a position: the display, the amulets, the running auction.

    ``display`` lists the revealed tiles still on the table (``take 1`` is the
    first); ``amulets[seat]`` is True while that seat's amulet is face up
    (they have not played this round); ``bid``/``bidder`` are the current high
    bid (0 / -1: nobody has bid); ``passed`` lists who passed in this auction
    in the order they passed, so ``passed[0]`` is the first to pass.
    """

    __slots__ = ("display", "amulets", "opener", "bid", "bidder", "passed", "round")

    def __init__(self, num_players: int) -> None:
        self.display: list[str] = []
        self.amulets = [True] * num_players
        self.opener = 0
        self.bid = 0
        self.bidder = -1
        self.passed: list[int] = []
        self.round = 0  # rounds revealed so far (1 during the first round)

    def copy(self) -> Auction:
        other = Auction.__new__(Auction)
        other.display = self.display[:]
        other.amulets = self.amulets[:]
        other.opener = self.opener
        other.bid = self.bid
        other.bidder = self.bidder
        other.passed = self.passed[:]
        other.round = self.round
        return other

    def face_up(self) -> list[int]:
        return [seat for seat, up in enumerate(self.amulets) if up]

    def turn(self) -> int:
        """Which turn of the round is being auctioned or played (1-based)."""
        return self.amulets.count(False) + 1

    def in_auction(self, seat: int) -> bool:
        return self.amulets[seat] and seat not in self.passed

    def to_json(self) -> dict[str, Any]:
        return {
            "display": self.display[:],
            "amulets": self.amulets[:],
            "opener": self.opener,
            "bid": self.bid,
            "bidder": self.bidder,
            "passed": self.passed[:],
            "round": self.round,
        }

    @classmethod
    def from_json(cls, data: Any, num_players: int, reader: PositionReader) -> Auction:
        """Read the auction part of a position; every malformed field is named.

        ``reader`` is the position's `PositionReader`; errors say "auction: ".
        """
        read = reader.part("auction: ")
        read.expect(isinstance(data, dict), "must be an object")
        auction = cls(num_players)
        display = data.get("display", [])
        read.expect(isinstance(display, list) and len(display) <= num_players,
                    f"display must list at most {num_players} tiles")
        for tile_id in display:
            read.expect(tile_id in TILES, f"unknown tile {tile_id!r} in the display")
        auction.display = list(display)
        amulets = data.get("amulets", [True] * num_players)
        read.expect(isinstance(amulets, list) and len(amulets) == num_players
                    and all(isinstance(up, bool) for up in amulets),
                    f"amulets must list {num_players} booleans (true: face up)")
        auction.amulets = list(amulets)
        read.expect(len(auction.display) <= auction.amulets.count(True),
                    "more tiles on display than face-up amulets to take them")
        auction.opener = read.seat(data.get("opener", 0), "opener", num_players)
        auction.bid = read.at_least(data.get("bid", 0), "bid")
        auction.bidder = read.seat(data.get("bidder", -1), "bidder", num_players, -1)
        read.expect((auction.bid == 0) == (auction.bidder == -1),
                    "a bid needs a bidder and vice versa")
        auction.passed = read.list_of(data.get("passed", []),
                                      lambda p: read.seat(p, "passed", num_players),
                                      "passed must be a list of seats")
        read.expect(len(set(auction.passed)) == len(auction.passed), "a seat passed twice")
        read.expect(auction.bidder not in auction.passed, "the high bidder cannot have passed")
        auction.round = read.at_least(data.get("round", 1), "round")
        return auction


# The variant: the hooks the rules call ----------------------------------------------------


class AuctionVariant(Variant):
    """The auction variant's hooks (see `Variant` for when the rules call each)."""

    name = "auction"
    phases = AUCTION_PHASES
    has_part = True
    starting_points = 20  # the capital everyone bids with

    def start(self, state: TikalState) -> None:
        """Reveal the first round; seat 0 opens (as if the last seat had just played)."""
        state.auction = Auction(state.num_players)
        _start_round(state, state.num_players - 1)

    def legal_actions(self, state: TikalState, player: int) -> list[Action]:
        auction: Auction = state.auction
        if state.phase == BID:
            return [bid(amount) for amount in range(auction.bid + 1, state.points[player] + 1)] + [
                PASS]
        if state.phase == TAKE:
            return [take(index) for index in range(len(auction.display))]
        return []

    def apply(self, state: TikalState, player: int, action: Action) -> None:
        """Check ``action`` completely, then carry it out (the rules checked the turn)."""
        auction: Auction = state.auction
        if state.phase == BID:
            if isinstance(action, Bid):
                _check_bid(state, player, action.amount)
                _bid(state, player, action.amount)
            elif isinstance(action, Pass):
                _pass(state, player)
            else:
                raise IllegalAction(
                    f"the auction for turn {auction.turn()} of the round is on: "
                    f"'bid N' or 'pass', not '{action}'", code="auction_running",
                )
        elif state.phase == TAKE:
            if not isinstance(action, Take):
                raise IllegalAction(
                    f"choose a tile of the display first ('take 1'…'take "
                    f"{len(auction.display)}'), not '{action}'", code="take_tile_first",
                )
            if not 0 <= action.index < len(auction.display):
                raise IllegalAction(
                    f"the display has {len(auction.display)} tile(s); there is no tile "
                    f"{action.index + 1}", code="no_such_tile", index=action.index + 1,
                )
            _choose(state, player, action.index)
        else:
            super().apply(state, player, action)

    def explain_out_of_turn(self, state: TikalState, player: int, action: Action) -> None:
        """Say *why* a seat that is not to act cannot bid, pass or take, when there is a reason.

        The rules call this before their generic "not your turn" error, so a
        player who passed or already played this round is told so.
        """
        auction: Auction = state.auction
        if auction is None or not isinstance(action, (Bid, Pass, Take)):
            return
        if state.phase not in PHASES or not 0 <= player < state.num_players:
            return
        if not auction.amulets[player]:
            raise IllegalAction(
                f"{seat_name(player)} already played this round (amulet face down) and is out "
                "of the auctions until the next round", code="already_played", seat=player,
            )
        if state.phase == BID and player in auction.passed:
            raise IllegalAction(
                f"{seat_name(player)} passed and is out of this auction; "
                f"{seat_name(state.current)} is to bid", code="already_passed", seat=player,
            )

    def after_turn(self, state: TikalState, player: int) -> None:
        """A normal turn ended: the player's amulet flips face down; on to the next turn.

        Scoring turns are not normal turns, so they flip no amulet.
        """
        state.auction.amulets[player] = False
        _next_turn(state, player)

    # after_volcano_round: as in the basic game, the chooser (``state.current``)
    # places the volcano, which stayed in ``state.drawn`` through the scoring round.

    def view(self, state: TikalState) -> dict[str, Any]:
        """The auction as every seat sees it: all of it is public."""
        auction: Auction = state.auction
        display = []
        for index, tile_id in enumerate(auction.display):
            tile = TILES[tile_id]
            display.append({"index": index + 1, "letter": tile.letter, "kind": tile.kind,
                             "value": tile.value, "masks": tile.masks,
                             "stones": list(tile.stones)})
        bidding = state.phase == BID
        auctions_over = state.round == FINAL_ROUND or state.is_over()
        return {
            "round": auction.round,
            "turn": None if auctions_over else auction.turn(),  # None: every tile is placed
            "display": display,
            "amulets": ["up" if up else "down" for up in auction.amulets],
            "opener": auction.opener,
            "bid": auction.bid,
            "bidder": auction.bidder if auction.bidder >= 0 else None,
            "passed": auction.passed[:] if bidding else [],
            "bidding": [s for s in range(state.num_players) if auction.in_auction(s)]
            if bidding else [],
            "winner": state.current if state.phase == TAKE else None,
            "to_act": state.current if bidding else None,
            "max_bid": state.points[state.current] if bidding else None,
        }

    def to_json(self, state: TikalState) -> dict[str, Any]:
        auction: Auction = state.auction
        return auction.to_json()

    def read_part(self, data: Any, num_players: int, reader: PositionReader) -> Auction:
        return Auction.from_json(data, num_players, reader)


AUCTION = AuctionVariant()


# The round ----------------------------------------------------------------------------------


def _start_round(state: TikalState, last: int) -> None:
    """Reveal the next tiles; the player left of ``last`` opens the first auction.

    **Decision:** should the stack hold fewer tiles than players (impossible
    with the 36 printed tiles, which 2, 3 and 4 divide, but a hand-written
    position may do it), the round reveals what is left and its auctions run
    until the display is empty; the players left without a tile do not play
    that round.
    """
    auction: Auction = state.auction
    auction.round += 1
    auction.display = state.reveal_tiles(state.num_players)
    _next_turn(state, last)


def _next_turn(state: TikalState, last: int) -> None:
    """After ``last`` played: the next auction, the free last tile, or the end of the round."""
    auction: Auction = state.auction
    n = state.num_players
    if not auction.display:
        # The round is over: every amulet turns face up again.
        auction.amulets = [True] * n
        if state.stack:
            _start_round(state, last)
        else:
            _start_final_round(state, last)
        return
    auction.bid, auction.bidder, auction.passed = 0, -1, []
    face_up = auction.face_up()
    if len(face_up) == 1:
        # The last player of the round takes the last tile for free.
        _won(state, face_up[0])
        return
    auction.opener = next(p for p in ((last + i) % n for i in range(1, n + 1))
                          if auction.amulets[p])
    state.hand_turn_to(auction.opener, BID)


def _start_final_round(state: TikalState, last: int) -> None:
    """Ascending points; ties: nearest clockwise after ``last``, who placed the last tile.

    Only the scorer's own points change in a scoring turn, so fixing the order
    now is the same as asking "who is lowest of those still to play" each time.
    """
    n = state.num_players
    order = sorted(range(n), key=lambda p: (state.points[p], (p - last - 1) % n))
    state.start_scoring_turns(FINAL_ROUND, order)


# Bidding ------------------------------------------------------------------------------------


def _check_bid(state: TikalState, player: int, amount: int) -> None:
    auction: Auction = state.auction
    if amount < 1:
        # Decision: bids start at 1; passing is the way to offer nothing.
        raise IllegalAction("a bid is at least 1 point; to offer nothing, pass",
                            code="bid_too_low", amount=amount)
    if amount <= auction.bid:
        raise IllegalAction(
            f"a bid must be higher than the current bid of {auction.bid} "
            f"by {seat_name(auction.bidder)}; bid at least {auction.bid + 1} or pass",
            code="bid_not_higher", amount=amount, current=auction.bid,
        )
    if amount > state.points[player]:
        # A player with 0 points can therefore only pass.
        raise IllegalAction(
            f"a bid cannot exceed your points: you have {state.points[player]}, not {amount}",
            code="bid_above_points", amount=amount, points=state.points[player],
        )


def _next_in_auction(state: TikalState, after: int) -> int:
    """The next seat clockwise after ``after`` still in this auction (-1: none)."""
    n = state.num_players
    for i in range(1, n):
        seat = (after + i) % n
        if state.auction.in_auction(seat):
            return seat
    return -1


def _bid(state: TikalState, player: int, amount: int) -> None:
    auction: Auction = state.auction
    state.cross_barrier()  # a bid is binding: the other seats have seen it
    auction.bid, auction.bidder = amount, player
    following = _next_in_auction(state, player)
    if following < 0:  # everybody else has passed
        _won(state, player)
    else:
        state.hand_turn_to(following, BID)


def _pass(state: TikalState, player: int) -> None:
    auction: Auction = state.auction
    state.cross_barrier()  # so is a pass
    auction.passed.append(player)
    still_in = [seat for seat in range(state.num_players) if auction.in_auction(seat)]
    if not still_in:
        # Everybody passed: the first who passed plays for free.
        _won(state, auction.passed[0])
    elif still_in == [auction.bidder]:
        # The last bidder standing wins.
        _won(state, auction.bidder)
    else:
        state.hand_turn_to(_next_in_auction(state, player), BID)


def _won(state: TikalState, player: int) -> None:
    """``player`` pays the bid (0 when free) and chooses a tile (no choice with one left)."""
    auction: Auction = state.auction
    if auction.bidder == player:
        state.pay(player, auction.bid)
    if len(auction.display) == 1:
        _choose(state, player, 0)
    else:
        state.hand_turn_to(player, TAKE)


def _choose(state: TikalState, player: int, index: int) -> None:
    """The chosen tile becomes the one to place; a volcano starts a scoring round first.

    The chooser sets a volcano aside; the scoring turns flip no amulet (they are
    not normal turns, so `AuctionVariant.after_turn` is not called for them).
    """
    state.give_tile(player, state.auction.display.pop(index))


__all__ = ["AUCTION", "Auction", "AuctionVariant", "BID", "PHASES", "TAKE"]
