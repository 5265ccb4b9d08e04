# FROZEN: the tikal heuristics of the reference bot `hard-2026.11` (bot.py beside this
# package): a verbatim copy of the product's heuristics as of November 2026, reading the
# pinned rules beside it. Do not edit. Every strength claim is measured against this bot,
# so it must play tomorrow as it plays today (tests/test_reference_bot.py checks its decisions).
# Improve boardgamesbot/games/tikal/heuristics.py instead.
"""Tikal knowledge for computer players: how good a position is for a seat.

`evaluate` estimates a seat's final-score margin over its strongest rival in
points. Each player's worth is what they have banked plus what the board is
likely to pay them at the scorings still to come:

* a guarded temple pays its owner at every remaining scoring;
* an unguarded temple pays whoever is strictly strongest there *when they
  score*, so control is discounted by how easily it can be taken back (the
  strength margin) and by how far away the later scorings are;
* treasures pay at every remaining scoring (1 / 3 / 6 per kind);
* figures on the board, wafers within reach and unspent AP are worth a little,
  so that a turn that prepares the next one beats one that wastes it.

The numbers are hand-tuned and measured in the arena (docs/bots.md).
"""

from __future__ import annotations

from .components import NUM_SPACES, TEMPLE, TREASURE, VOLCANO
from .notation import Recover
from .state import ACTIONS, FINAL_ROUND, TILES, TREASURE_POINTS, TikalState

VOLCANO_TILES = frozenset(tile_id for tile_id, tile in TILES.items() if tile.kind == VOLCANO)

# Likelihood of still controlling a temple at one's next scoring, by strength
# margin over the strongest rival (-3 or less … +5 or more).
CONTROL = {-3: 0.0, -2: 0.03, -1: 0.08, 0: 0.2, 1: 0.55, 2: 0.7, 3: 0.8, 4: 0.86, 5: 0.92}
LATER_SCORINGS = 0.45   # weight of scorings after the next one for unguarded temples
FIGURE_ON_BOARD = 0.35  # a figure in play instead of in supply
WAFER_IN_REACH = 0.6    # a wafer on a tile where the seat stands
AP_LEFT = 0.3           # an unspent action point during one's own turn


def _volcanoes_left(state: TikalState) -> int:
    volcanoes = sum(map(VOLCANO_TILES.__contains__, state.stack))
    if state.auction is not None:  # face-up tiles not yet taken
        volcanoes += sum(1 for tile in getattr(state.auction, "display", ())
                         if tile and TILES[tile].kind == VOLCANO)
    return volcanoes


def scorings_left(state: TikalState, player: int, volcanoes: int | None = None) -> int:
    """How many more times ``player`` will score (the round in progress included)."""
    if state.phase == "over":
        return 0
    in_round = 1 if state.round is not None and (
        player == state.current or player in state.queue) else 0
    if state.round == FINAL_ROUND:
        return in_round
    if volcanoes is None:
        volcanoes = _volcanoes_left(state)
    return in_round + volcanoes + 1


def evaluate(state: TikalState, player: int) -> float:
    """``player``'s estimated final margin over the strongest other player, in points."""
    n = state.num_players
    over = state.phase == "over"
    volcanoes = 0 if over else _volcanoes_left(state)
    kind, workers, leader = state.kind, state.workers, state.leader
    temples, treasures = [], []
    for space in range(NUM_SPACES):
        if kind[space] == TEMPLE:
            temples.append(space)
        elif kind[space] == TREASURE and state.wafers[space]:
            treasures.append(space)
    # Strength of every seat on every unguarded temple, computed once for all seats.
    contested = []
    for space in temples:
        if state.guard[space] < 0:
            strengths = [workers[q][space] + (3 if leader[q] == space else 0) for q in range(n)]
            if any(strengths):
                contested.append((state.value[space], strengths))
    worths = []
    for q in range(n):
        worth = float(state.points[q])
        scorings = 0 if over else scorings_left(state, q, volcanoes)
        if scorings:
            later = 1.0 + LATER_SCORINGS * (scorings - 1)
            for space in temples:
                if state.guard[space] == q:
                    worth += state.value[space] * scorings
            for value, strengths in contested:
                mine = strengths[q]
                if mine:
                    rival = max(strengths[o] for o in range(n) if o != q)
                    worth += value * CONTROL[max(-3, min(5, mine - rival))] * later
            worth += sum(map(TREASURE_POINTS.__getitem__, state.treasures[q])) * scorings
            own = workers[q]
            worth += FIGURE_ON_BOARD * (sum(own) + (leader[q] >= 0))
            for space in treasures:
                present = own[space] + (leader[q] == space)
                if present:
                    worth += WAFER_IN_REACH * min(present, len(state.wafers[space]), 2)
            if state.phase == ACTIONS and state.current == q:
                worth += AP_LEFT * state.ap
        worths.append(worth)
    mine = worths[player]
    rivals = [w for q, w in enumerate(worths) if q != player]
    if over:
        return mine - max(rivals)
    # Against several rivals, beating the leader matters most, but the field counts too.
    return mine - (0.7 * max(rivals) + 0.3 * sum(rivals) / len(rivals))


def position_key(state: TikalState) -> tuple:
    """Identifies positions reached by different orders of the same actions."""
    return (
        state.phase, state.current, state.ap,
        tuple(map(tuple, state.workers)), tuple(state.leader), tuple(state.value),
        tuple(map(tuple, state.treasures)), tuple(state.camp), tuple(state.guard),
        tuple(map(len, state.wafers)), tuple(state.kind),
    )


def reveals_hidden(action) -> bool:
    """Recovering a treasure turns a hidden wafer face up: plans stop there."""
    return isinstance(action, Recover)


# The auction variant ------------------------------------------------------------------
#
# A bid buys two things: an earlier turn (first pick of the temples and wafers the
# round offers) and the choice of tile. Both are priced by what each displayed tile
# is worth to this seat placed at its best spot now; winning is worth the spread
# between the best tile and the one likely left over, and the bot bids up to a
# share of that spread.

BID_SHARE = 0.8


def _tile_worth(state: TikalState, player: int, tile_id: str) -> float:
    """The seat's evaluation with ``tile_id`` placed at its best spot (no AP spent)."""
    best = float("-inf")
    trial = state.clone()
    trial.drawn, trial.current, trial.phase = tile_id, player, "place"
    for action in trial.placements(tile_id):
        child = trial.clone()
        child.put_tile(tile_id, action.space, action.rotation)
        best = max(best, evaluate(child, player))
    return best


def display_worths(state: TikalState, player: int) -> list[float]:
    return [_tile_worth(state, player, tile) for tile in state.auction.display]


def decide(state: TikalState, player: int, rng, planning: bool = False) -> object | None:
    """Auction decisions priced directly: bids, and (unless the caller plans its whole
    turn itself) which tile to take. ``None``: leave the decision to the bot."""
    from .notation import PASS, bid, take

    auction = state.auction
    if auction is None or state.phase not in ("bid", "take"):
        return None
    if state.phase == "take" and planning:
        return None
    worths = display_worths(state, player)
    if state.phase == "take":
        best = max(worths)
        return take(rng.choice([i for i, w in enumerate(worths) if w >= best - 1e-9]))
    rivals = sum(auction.amulets) - 1  # others still to play this round
    spread = max(worths) - (min(worths) if rivals else max(worths))
    limit = min(state.points[player], int(BID_SHARE * spread))
    wanted = auction.bid + 1
    return bid(wanted) if wanted <= limit else PASS
