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
  so that a turn that prepares the next one beats one that wastes it;
* a built camp is worth the AP it saves on the ways from the seat's entry points to
  the temples and treasures still in play (`paths`), and an unused camp the option of
  building it on the best spot later.

The numbers are hand-tuned and measured in the arena (docs/bots.md).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, cast

from boardgamesbot.engine import Action, Heuristics, SearchSettings, State, ranked_reasons

from .components import COMPONENTS, NUM_SPACES, TEMPLE, TREASURE, VOLCANO, parse_space, space_name
from .notation import Place, Recover
from .paths import BoardPaths, board_paths
from .state import ACTIONS, FINAL_ROUND, TILES, TREASURE_POINTS, TikalState

# A camp target: (space, weight, is_temple); `camp_targets` gives them with their key.
Target = tuple[int, float, bool]
Targets = tuple[tuple[Target, ...], bytes]
# `camp_values`' cache per target key: (camp nodes, campable, camps in hand) -> its answer
CampTable = dict[tuple[tuple[int, ...], int, int], tuple[float, float, float]]

VOLCANO_TILES = frozenset(tile_id for tile_id, tile in TILES.items() if tile.kind == VOLCANO)

# Likelihood of still controlling a temple at one's next scoring, by strength
# margin over the strongest rival (-3 or less … +5 or more).
CONTROL = {-3: 0.0, -2: 0.03, -1: 0.08, 0: 0.2, 1: 0.55, 2: 0.7, 3: 0.8, 4: 0.86, 5: 0.92}
LATER_SCORINGS = 0.45   # weight of scorings after the next one for unguarded temples
FIGURE_ON_BOARD = 0.35  # a figure in play instead of in supply
WAFER_IN_REACH = 0.6    # a wafer on a tile where the seat stands
AP_LEFT = 0.3           # an unspent action point during one's own turn
# An unused guard is an option: later it can hold a bigger temple (temples grow to
# 10) for the scorings then left. Its worth: this share of the best unguarded
# temple's value + 1, over the scorings after the next one, for each guard in hand.
# Without it a guard placed at once on any temple looks like pure gain, and the
# bot spent both guards on 2-temples before the first scoring (issue 14).
GUARD_OPTION = 0.6
# The leader in play (not spent as a guard): strength 3 that can still move to
# where a temple is contested, worth this much per scoring after the next one.
LEADER_KEPT = 0.8
# Camps (issue 14). A camp is an entry point: the AP it saves on the way from the seat's
# entry points to a space that pays (an unguarded temple, weighted by its value / 5; a
# treasure tile, 0.4 per wafer up to 3) are worth AP_WORTH points each at the next
# scoring and CAMP_LATER of that at each later one. Savings are ranked and weighted
# 1, CAMP_DECAY, CAMP_DECAY², … (a turn has 10 AP: a camp that shortens every way does
# not save every way's AP every turn). An unused camp is the option of building it on
# the best spot open later: CAMP_OPTION of what the best camp now would add, and
# CAMP_SECOND of that again for a second camp in hand, so that a camp is not spent on
# a spot that saves little.
AP_WORTH = 0.5
CAMP_LATER = 0.3
TEMPLE_WEIGHT = 0.2     # per temple value level
TREASURE_WEIGHT = 0.4   # per wafer on the tile (at most 3)
CAMP_DECAY = 0.5
CAMP_OPTION = 0.6
CAMP_SECOND = 0.5
CAMP_CAP = 20           # a saving counts at most this many AP
BASE_SOURCES = (COMPONENTS.base_camp,)


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


# Camps ---------------------------------------------------------------------------------

def camp_targets(state: TikalState, temples: list[int] | None = None,
                 treasures: list[int] | None = None) -> Targets:
    """The spaces whose ways camps shorten: ``(space, weight, is_temple)`` for every
    unguarded temple, then every treasure tile with wafers left; and a compact key of
    them (space and value, or space and wafers). ``temples`` / ``treasures``: those
    spaces, when known."""
    kind, value, guard, wafers = state.kind, state.value, state.guard, state.wafers
    if temples is None:
        temples = [s for s in range(NUM_SPACES) if kind[s] == TEMPLE]
        treasures = [s for s in range(NUM_SPACES) if kind[s] == TREASURE and wafers[s]]
    assert treasures is not None  # the callers pass both or neither
    targets: list[Target] = []
    code: list[int] = []
    for space in temples:
        if guard[space] < 0:
            targets.append((space, TEMPLE_WEIGHT * value[space], True))
            code += (space, value[space])
    for space in treasures:
        count = min(3, len(wafers[space]))
        targets.append((space, TREASURE_WEIGHT * count, False))
        code += (space, 100 + count)
    return tuple(targets), bytes(code)


def _savings(base: list[int], here: list[int], targets: tuple[Target, ...]
             ) -> tuple[float, float]:
    """The weighted AP saved (temples, treasures) by walking from ``here``'s entry points
    instead of the base camp alone: ranked, the n-th weighted CAMP_DECAY ** n."""
    savings = []
    for space, weight, temple in targets:
        saved = (base[space] if base[space] < CAMP_CAP else CAMP_CAP) - here[space]
        if saved > 0:
            savings.append((weight * saved, temple))
    if not savings:
        return 0.0, 0.0
    savings.sort(reverse=True)
    temples = treasures = 0.0
    factor = 1.0
    for part, temple in savings:
        if temple:
            temples += factor * part
        else:
            treasures += factor * part
        factor *= CAMP_DECAY
    return temples, treasures


def camp_values(state: TikalState, player: int, targets: Targets | None = None,
                paths: BoardPaths | None = None) -> tuple[float, float, float]:
    """``player``'s camps, in weighted AP saved (before the AP_WORTH and horizon factors):
    (ways to temples, ways to treasures, the option of the camps still in hand).
    ``targets`` (`camp_targets`) and ``paths`` (`paths.board_paths`) when known."""
    goals, code = targets or camp_targets(state)
    paths = paths or board_paths(state)
    table = cast("CampTable | None", paths.values.get(code))  # only this function stores here
    if table is None:
        if len(paths.values) >= 1024:
            paths.values.clear()
        table = paths.values[code] = {}
    nodes = state.nodes[player]
    in_hand = COMPONENTS.camps - state.camps_built[player]
    campable = state.campable if in_hand else 0
    key = (nodes, campable, in_hand)
    found = table.get(key)
    if found is None:
        base = paths.distances(BASE_SOURCES)
        if len(nodes) > 1:
            temples, treasures = _savings(base, paths.distances(nodes), goals)
        else:
            temples = treasures = 0.0
        option = 0.0
        if campable:
            now = temples + treasures
            best = 0.0
            spots = campable
            while spots:
                lowest = spots & -spots
                spots ^= lowest
                with_camp = paths.distances(nodes + (lowest.bit_length() - 1,))
                gain = sum(_savings(base, with_camp, goals)) - now
                if gain > best:
                    best = gain
            option = CAMP_OPTION * best * (1 + CAMP_SECOND * (in_hand - 1))
        found = table[key] = (temples, treasures, option)
    return found


def camp_way(state: TikalState, player: int, temples: bool = True) -> tuple[int, int] | None:
    """The target whose way ``player``'s camps shorten most (weighted), among the temples
    (or the treasures): ``(space, AP saved)``; None when they shorten none."""
    paths = board_paths(state)
    base = paths.distances(BASE_SOURCES)
    here = paths.distances(state.nodes[player])
    best = None
    for space, weight, temple in camp_targets(state)[0]:
        if temple != temples:
            continue
        saved = min(base[space], CAMP_CAP) - here[space]
        if saved > 0 and (best is None or weight * saved > best[0]):
            best = (weight * saved, space, saved)
    return None if best is None else best[1:]


def evaluate(state: TikalState, player: int) -> float:
    """``player``'s estimated final margin over the strongest other player, in points."""
    return _evaluate(state, player, None)


def evaluate_terms(state: TikalState, player: int) -> dict[str, float]:
    """`evaluate` broken into its terms (they add up to it), for explanations.

    Keys: ``points`` (banked), ``guarded:<space>`` (a guarded temple's pay to
    come), ``temple:<space>`` (an unguarded temple's expected pay), ``treasures``,
    ``figures`` (figures in play), ``wafers:<space>`` (wafers within reach),
    ``ap`` (unspent AP in one's own turn), ``guards`` and ``leader`` (guards in hand, the
    leader kept), ``camps`` / ``camp_treasures`` (the AP built camps save on the ways to
    temples / treasures), ``camp_option`` (camps in hand) and ``rivals`` (minus the
    weighted rivals' worth).
    """
    terms: dict[str, float] = {}
    _evaluate(state, player, terms)
    return terms


def _evaluate(state: TikalState, player: int, terms: dict[str, float] | None) -> float:
    """`evaluate`; when ``terms`` is a dict, ``player``'s part is also added up in it."""
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
                contested.append((space, state.value[space], strengths))
    # The best temple a guard in hand could still go to: the biggest unguarded one
    # now, a level higher by the time it is wanted.
    best_open = min(10, 1 + max((state.value[s] for s in temples if state.guard[s] < 0),
                                default=0))
    guards = COMPONENTS.guards
    # Camps pay over the turns still to come: nothing in the final round.
    targets: Targets | None
    paths: BoardPaths | None
    if not over and state.round != FINAL_ROUND:
        targets = camp_targets(state, temples, treasures)
        paths = board_paths(state) if targets[0] else None
    else:
        targets = paths = None
    worths = []
    for q in range(n):
        detail = terms if q == player else None
        worth = float(state.points[q])
        if detail is not None:
            detail["points"] = worth
        scorings = 0 if over else scorings_left(state, q, volcanoes)
        if scorings:
            later = 1.0 + LATER_SCORINGS * (scorings - 1)
            for space in temples:
                if state.guard[space] == q:
                    worth += state.value[space] * scorings
                    if detail is not None:
                        detail[f"guarded:{space_name(space)}"] = float(
                            state.value[space] * scorings)
            for space, value, strengths in contested:
                mine = strengths[q]
                if mine:
                    rival = max(strengths[o] for o in range(n) if o != q)
                    part = value * CONTROL[max(-3, min(5, mine - rival))] * later
                    worth += part
                    if detail is not None:
                        detail[f"temple:{space_name(space)}"] = part
            treasure = sum(map(TREASURE_POINTS.__getitem__, state.treasures[q])) * scorings
            worth += treasure
            own = workers[q]
            figures = FIGURE_ON_BOARD * (sum(own) + (leader[q] >= 0))
            worth += figures
            if detail is not None:
                detail["treasures"] = float(treasure)
                detail["figures"] = figures
            for space in treasures:
                present = own[space] + (leader[q] == space)
                if present:
                    part = WAFER_IN_REACH * min(present, len(state.wafers[space]), 2)
                    worth += part
                    if detail is not None:
                        detail[f"wafers:{space_name(space)}"] = part
            if state.phase == ACTIONS and state.current == q:
                worth += AP_LEFT * state.ap
                if detail is not None:
                    detail["ap"] = AP_LEFT * state.ap
            if scorings > 1:
                in_hand = guards - state.guards_placed[q]
                option = GUARD_OPTION * best_open * (scorings - 1) * in_hand
                kept = LEADER_KEPT * (scorings - 1) if leader[q] != -2 else 0.0
                worth += option + kept
                if detail is not None:
                    detail["guards"] = option
                    detail["leader"] = kept
            if paths is not None:
                temples_saved, treasures_saved, camp_option = camp_values(state, q, targets, paths)
                if temples_saved or treasures_saved or camp_option:
                    factor = AP_WORTH * (1.0 + CAMP_LATER * (scorings - 1))
                    worth += factor * (temples_saved + treasures_saved + camp_option)
                    if detail is not None:
                        detail["camps"] = factor * temples_saved
                        detail["camp_treasures"] = factor * treasures_saved
                        detail["camp_option"] = factor * camp_option
        worths.append(worth)
    mine_total = worths[player]  # (`mine` above is a strength, an int)
    rivals = [w for q, w in enumerate(worths) if q != player]
    if over:
        field = max(rivals)
    else:
        # Against several rivals, beating the leader matters most, but the field counts too.
        field = 0.7 * max(rivals) + 0.3 * sum(rivals) / len(rivals)
    if terms is not None:
        terms["rivals"] = -field
    return mine_total - field


# Explanations -------------------------------------------------------------------------
#
# A reason names the evaluation term that an action (or a whole turn's plan) changed
# most, as a code and parameters that every face translates (docs/bots.md lists the
# English templates). ``gain`` is the change of that term, in expected points.

REASON_CODES = {
    "points": "tikal.points",
    "guarded": "tikal.temple_guard",
    "temple": "tikal.temple_majority",
    "treasures": "tikal.treasures",
    "figures": "tikal.figures_in_play",
    "wafers": "tikal.wafers_in_reach",
    "ap": "tikal.action_points",
    "rivals": "tikal.rivals_setback",
    "guards": "tikal.guards_in_hand",
    "leader": "tikal.leader_kept",
    "camps": "tikal.camp_paths",
    "camp_treasures": "tikal.camp_treasure_paths",
    "camp_option": "tikal.camps_in_hand",
}
QUIET = "tikal.quiet"  # nothing measurable changes (a placement that prepares later turns)
NOTICEABLE = 0.05      # a change smaller than this is no reason


def reasons(before: dict[str, float], after: dict[str, float], state: TikalState,
            action: Action | None = None, limit: int = 3, player: int | None = None
            ) -> list[dict[str, Any]]:
    """Why a move is good, largest term change first: ``{"code", "params"}`` each.

    ``before``/``after`` are `evaluate_terms` of the position before the move (or
    plan) and after it; ``state`` is the position after. The first reason always
    names the largest change (a `QUIET` one when nothing changes noticeably).

    A placement is not explained by the action points it leads to: every placement
    brings the turn's 10, so none is chosen for them ("Keeps action points for this
    turn" was the reason of every placement hint).
    """
    if isinstance(action, Place) and "ap" in after:
        after = {**after, "ap": before.get("ap", 0.0)}
    return ranked_reasons(before, after, lambda key, gain: _reason(key, gain, state, player),
                          QUIET, limit, NOTICEABLE)


def _reason(key: str, gain: float, state: TikalState, player: int | None) -> dict[str, Any]:
    family, _, where = key.partition(":")
    params: dict[str, Any] = {"gain": round(gain, 2)}
    if where:
        space = parse_space(where)
        params["space"] = where
        if family in ("guarded", "temple"):
            params["value"] = state.value[space]
    if family == "points":
        params["points"] = round(gain)
    elif family == "guards":
        params["guards"] = COMPONENTS.guards - state.guards_placed[player] \
            if player is not None else None
    elif family == "ap":
        params["ap"] = state.ap if state.phase == ACTIONS else 0
    elif family in ("camps", "camp_treasures"):
        way = camp_way(state, player, family == "camps") if player is not None else None
        place: tuple[int | None, int] = way if way is not None else (None, 0)
        target, saved = place  # (not `space`: that is the key's space, an int)
        params["space"] = space_name(target) if target is not None else None
        params["ap"] = saved
        if family == "camps":
            params["value"] = state.value[target] if target is not None else None
    elif family == "camp_option":
        params["camps"] = COMPONENTS.camps - state.camps_built[player] \
            if player is not None else None
    return {"code": REASON_CODES[family], "params": params}


def position_key(state: TikalState) -> tuple[object, ...]:
    """Identifies positions reached by different orders of the same actions.

    The round and its queue are part of it: ending the last turn before a scoring round
    (or the final one) can give the same seat a fresh 10 AP at once, a new position
    that looks like the last one in everything else."""
    return (
        state.phase, state.current, state.ap, state.round, tuple(state.queue),
        tuple(map(tuple, state.workers)), tuple(state.leader), tuple(state.value),
        tuple(map(tuple, state.treasures)), tuple(state.camp), tuple(state.guard),
        tuple(map(len, state.wafers)), tuple(state.kind),
    )


def reveals_hidden(action: Action) -> bool:
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
        assert isinstance(action, Place)  # placements are Place actions
        child = trial.clone()
        child.put_tile(tile_id, action.space, action.rotation)
        best = max(best, evaluate(child, player))
    return best


def display_worths(state: TikalState, player: int) -> list[float]:
    return [_tile_worth(state, player, tile) for tile in state.auction.display]


# The rivals a search simulates bid from a priced summary of the display instead
# (issue 32: pricing every tile at every placement for every simulated bid took 23 of
# 28 profiled seconds of late `take` decisions at four players). A tile's quick price
# is linear in its kind, its temple value or wafers, and the scorings the seat has
# left (`bid_features`); the weights are fitted by least squares to the full
# worths within each display (`bench/tikal_bid_prices.py --games 12 --seed 3201`,
# 4 players, 324 displays). The fit is loose (R² 0.11 on the spread): what a tile is
# worth depends mostly on where the seat's figures stand. Full pricing spreads the
# tiles by 0.54 points on average and bids (a spread of 1.25 or more) at 15% of
# auctions, mostly 1 point; the quick spread stays under 1.25 there, so simulated
# rivals pass, which agrees with the full pricing in 85% of those auctions.
BID_PRICES = (-0.195, 0.101, -0.05, -0.655, 0.345, -0.04, -0.495, -0.074)


def bid_features(state: TikalState, player: int, tile_id: str,
                 scorings: int | None = None) -> tuple[float, ...]:
    """What the quick price of ``tile_id`` reads: (temple, its value, value × scorings
    left, treasure, its wafers, wafers × scorings left, volcano, scorings left if a
    volcano); a jungle tile is all zeros."""
    tile = TILES[tile_id]
    left = scorings_left(state, player) if scorings is None else scorings
    if tile.kind == TEMPLE:
        return (1.0, tile.value, tile.value * left, 0.0, 0.0, 0.0, 0.0, 0.0)
    if tile.kind == TREASURE:
        return (0.0, 0.0, 0.0, 1.0, tile.masks, tile.masks * left, 0.0, 0.0)
    if tile.kind == VOLCANO:
        return (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, float(left))
    return (0.0,) * 8


def quick_prices(state: TikalState, player: int) -> list[float]:
    left = scorings_left(state, player)
    return [sum(w * x for w, x in zip(BID_PRICES, bid_features(state, player, tile, left)))
            for tile in state.auction.display]


def quick_bid(state: TikalState, player: int) -> Action:
    """A simulated rival's bid: raise by one while the quick spread allows, else pass.
    The same rule as `decide`'s, on `quick_prices`."""
    from .notation import PASS, bid

    auction = state.auction
    prices = quick_prices(state, player)
    rivals = sum(auction.amulets) - 1
    spread = max(prices) - (min(prices) if rivals else max(prices))
    limit = min(state.points[player], int(BID_SHARE * spread))
    return bid(auction.bid + 1) if auction.bid + 1 <= limit else PASS


def quick_reply(state: TikalState, player: int, rng: random.Random) -> Action | None:
    """Another seat's decision inside a search, cheaply: its bids (`quick_bid`).
    None elsewhere: the search plans that seat's turn itself."""
    if state.auction is None or state.phase != "bid":
        return None
    return quick_bid(state, player)


def decide(state: TikalState, player: int, rng: random.Random,
           planning: bool = False) -> Action | None:
    """Auction decisions priced directly: bids, and (unless the caller plans its whole
    turn itself) which tile to take. ``None``: leave the decision to the bot."""
    decided = decide_explained(state, player, rng, planning)
    return None if decided is None else decided[0]


def decide_explained(state: TikalState, player: int, rng: random.Random,
                     planning: bool = False) -> tuple[Action, dict[str, Any]] | None:
    """`decide`, with the reason for the decision (``{"code", "params"}``)."""
    from .notation import PASS, bid, take

    auction = state.auction
    if auction is None or state.phase not in ("bid", "take"):
        return None
    if state.phase == "take" and planning:
        return None
    worths = display_worths(state, player)
    if state.phase == "take":
        best = max(worths)
        index = rng.choice([i for i, w in enumerate(worths) if w >= best - 1e-9])
        spare = sorted(worths)[-2] if len(worths) > 1 else best
        return take(index), {"code": "tikal.auction_take", "params": {
            "tile": index + 1, "gain": round(best - spare, 2)}}
    rivals = sum(auction.amulets) - 1  # others still to play this round
    spread = max(worths) - (min(worths) if rivals else max(worths))
    limit = min(state.points[player], int(BID_SHARE * spread))
    wanted = auction.bid + 1
    params = {"bid": wanted, "limit": limit, "gain": round(spread, 2)}
    if wanted <= limit:
        return bid(wanted), {"code": "tikal.auction_bid", "params": params}
    return PASS, {"code": "tikal.auction_pass", "params": params}


class TikalHeuristics(Heuristics):
    """Tikal's knowledge as the bots' `Heuristics`: the functions above (``reasons``
    names its seat by keyword)."""

    search = SearchSettings(method="plan")

    # The protocol's methods take any game's state: each hands on a Tikal one.

    def evaluate(self, state: State, player: int) -> float:
        return evaluate(_ours(state), player)

    def evaluate_terms(self, state: State, player: int) -> dict[str, float]:
        return evaluate_terms(_ours(state), player)

    def decide(self, state: State, player: int, rng: random.Random,
               planning: bool = False) -> Action | None:
        return decide(_ours(state), player, rng, planning)

    def decide_explained(self, state: State, player: int, rng: random.Random,
                         planning: bool = False) -> tuple[Action, dict[str, Any]] | None:
        return decide_explained(_ours(state), player, rng, planning)

    def quick_reply(self, state: State, player: int, rng: random.Random) -> Action | None:
        return quick_reply(_ours(state), player, rng)

    def position_key(self, state: State) -> Hashable:
        return position_key(_ours(state))

    def reveals_hidden(self, action: Action) -> bool:
        return reveals_hidden(action)

    def reasons(self, before: dict[str, float], after: dict[str, float], state: State,
                action: Action, player: int) -> list[dict[str, Any]]:
        return reasons(before, after, _ours(state), action, player=player)


def _ours(state: State) -> TikalState:
    """``state``, which must be a Tikal position (a bot asks the game's own heuristics
    about the game's own states: anything else is a programming error)."""
    if not isinstance(state, TikalState):
        raise TypeError(f"Tikal heuristics asked about {type(state).__name__}")
    return state


HEURISTICS = TikalHeuristics()
