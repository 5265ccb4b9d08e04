"""Tikal as numbers, for learning agents: a fixed action space and a view encoding.

Research adapters (PettingZoo, OpenSpiel) need every action as an index into
one fixed range and every observation as arrays of fixed shapes. Both depend
on the number of players only (never on the variant: basic and auction games
of the same size share one space, the auction parts stay zero in basic play).
The layout is documented in docs/research.md; the tests check that every
legal action of many random positions round-trips and gets its own index.

>>> from boardgamesbot.games.tikal.notation import parse_action
>>> space = action_space(4)
>>> space.size
6386
>>> space.decode(space.encode(parse_action("move W A6 B5")))
Move(figure='W', source=5, target=10)

The observation is built from ``state.view(seat)`` alone, so it can only show
what that seat may see.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from boardgamesbot.engine import Action, GameError
from boardgamesbot.games.action_blocks import ActionBlocks

from .components import (
    BASE_CAMP,
    COMPONENTS,
    JUNGLE,
    NUM_SPACES,
    TEMPLE,
    TREASURE,
    VOLCANO,
    parse_space,
)
from .notation import (
    END,
    FIGURES,
    PASS,
    bid,
    build_camp,
    enter,
    exchange,
    move,
    place,
    place_guard,
    recover,
    take,
    uncover,
)
from .state import TREASURE_POINTS

__all__ = ["MAX_POINTS", "TikalActions", "action_space", "observation_spaces", "observe"]

ROTATIONS = 6
KINDS = COMPONENTS.treasure_kinds  # treasure kinds 1…8
AUCTION_CAPITAL = 20

# No seat can ever hold more points than this, so no bid can be higher: the
# auction capital plus, for every scoring a seat takes part in (one per volcano
# and the final one), every temple at the highest level and a full set of
# every treasure kind. A sound bound, far above any real game (≈ 890).
_TEMPLES = sum(t.kind == TEMPLE for t in COMPONENTS.tiles) + sum(
    p.kind == TEMPLE for p in COMPONENTS.preprinted)
_SCORINGS = sum(t.kind == VOLCANO for t in COMPONENTS.tiles) + 1
MAX_POINTS = AUCTION_CAPITAL + _SCORINGS * (
    _TEMPLES * max(COMPONENTS.temple_levels) + KINDS * TREASURE_POINTS[COMPONENTS.treasure_copies])


class TikalActions(ActionBlocks):
    """Every Tikal action of an ``num_players`` game as an index, in blocks.

    Blocks in this order (offsets in docs/research.md): place space×rotation,
    enter figure×space, move figure×source×target, uncover space, recover
    space, camp space, guard figure×space, exchange give×seat×take, end,
    bid amount (1…MAX_POINTS), pass, take display index.
    """

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        super().__init__([
            ("place", NUM_SPACES * ROTATIONS),
            ("enter", len(FIGURES) * NUM_SPACES),
            ("move", len(FIGURES) * NUM_SPACES * NUM_SPACES),
            ("uncover", NUM_SPACES),
            ("recover", NUM_SPACES),
            ("camp", NUM_SPACES),
            ("guard", len(FIGURES) * NUM_SPACES),
            ("exchange", KINDS * num_players * KINDS),
            ("end", 1),
            ("bid", MAX_POINTS),
            ("pass", 1),
            ("take", num_players),
        ])
        # Encoding is decoding read backwards, so the layout is written once (`decode`) and
        # the two cannot disagree; an action no index decodes to is outside the space.
        self._indices = {self.decode(index): index for index in range(self.size)}

    def encode(self, action: Action) -> int:
        """The index of ``action``; `GameError` for an action outside the space."""
        index = self._indices.get(action)
        if index is None:
            raise GameError(
                f"{action!r} is outside Tikal's {self.num_players}-player action space",
                code="outside_action_space", action=str(action))
        return index

    def decode(self, index: int) -> Action:
        """The action at ``index`` (legal or not: legality is the state's business)."""
        name, i = self.block_of(index)
        if name == "place":
            return place(i // ROTATIONS, i % ROTATIONS)
        if name == "enter":
            return enter(FIGURES[i // NUM_SPACES], i % NUM_SPACES)
        if name == "move":
            figure, rest = divmod(i, NUM_SPACES * NUM_SPACES)
            return move(FIGURES[figure], rest // NUM_SPACES, rest % NUM_SPACES)
        if name == "uncover":
            return uncover(i)
        if name == "recover":
            return recover(i)
        if name == "camp":
            return build_camp(i)
        if name == "guard":
            return place_guard(FIGURES[i // NUM_SPACES], i % NUM_SPACES)
        if name == "exchange":
            give_seat, taken = divmod(i, KINDS)
            give, seat = divmod(give_seat, self.num_players)
            return exchange(give + 1, seat, taken + 1)
        if name == "end":
            return END
        if name == "bid":
            return bid(i + 1)
        if name == "pass":
            return PASS
        return take(i)


def action_space(num_players: int, **options: Any) -> TikalActions:
    """The fixed action space of a ``num_players`` game (every variant shares it)."""
    return TikalActions(num_players)


# Observations ----------------------------------------------------------------------------

TILE_KINDS = (JUNGLE, TEMPLE, TREASURE, VOLCANO, BASE_CAMP)
PHASES = ("place", "actions", "bid", "take", "over")
ROUNDS = (None, "volcano", "final")
LETTERS = "ABCDEFG"
LEADER_PLACES = ("supply", "board", "gone")
TILE_FEATURES = len(TILE_KINDS) + 3 + 6  # kind one-hot, present, value, masks, stones
PLAYER_FEATURES = 1 + KINDS + 4 + len(LEADER_PLACES)
AUCTION_SEAT_ROWS = ("amulet_up", "bidder", "passed", "bidding", "winner", "to_act", "opener")


def observation_spaces(num_players: int, **options: Any) -> dict[str, dict[str, Any]]:
    """Each part of the observation: ``{"shape", "low", "high"}`` (all float32).

    The flat vector is the parts in this dict's order, each flattened (C order).
    """
    n = num_players
    most_workers = COMPONENTS.workers
    return {
        "board_kind": {"shape": (NUM_SPACES, len(TILE_KINDS)), "low": 0, "high": 1},
        "board_stones": {"shape": (NUM_SPACES, 6), "low": 0, "high": 3},
        "temple": {"shape": (NUM_SPACES, 2), "low": 0, "high": 10},
        "wafers": {"shape": (NUM_SPACES,), "low": 0, "high": 4},
        "camp": {"shape": (NUM_SPACES, n), "low": 0, "high": 1},
        "guard": {"shape": (NUM_SPACES, n, len(FIGURES)), "low": 0, "high": 1},
        "figures": {"shape": (NUM_SPACES, n, len(FIGURES)), "low": 0, "high": most_workers},
        "drawn": {"shape": (TILE_FEATURES,), "low": 0, "high": 10},
        "stack": {"shape": (1 + len(LETTERS) + len(LETTERS) + 1,), "low": 0,
                  "high": len(COMPONENTS.tiles)},
        "supplies": {"shape": (1 + 9,), "low": 0, "high": KINDS * COMPONENTS.treasure_copies},
        "players": {"shape": (n, PLAYER_FEATURES), "low": 0, "high": MAX_POINTS},
        "viewer": {"shape": (n,), "low": 0, "high": 1},
        "current": {"shape": (n,), "low": 0, "high": 1},
        "phase": {"shape": (len(PHASES) + len(ROUNDS) + 1,), "low": 0, "high": 10},
        "scoring_round": {"shape": (2, n), "low": 0, "high": 1},
        "this_turn": {"shape": (2 * NUM_SPACES + 1,), "low": 0, "high": 2},
        "auction_numbers": {"shape": (3,), "low": 0, "high": MAX_POINTS},
        "auction_seats": {"shape": (len(AUCTION_SEAT_ROWS), n), "low": 0, "high": 1},
        "auction_display": {"shape": (n, TILE_FEATURES), "low": 0, "high": 10},
    }


def _tile(out: np.ndarray, tile: dict[str, Any] | None) -> None:
    if tile is None:
        return
    out[TILE_KINDS.index(tile["kind"])] = 1
    base = len(TILE_KINDS)
    out[base] = 1
    out[base + 1] = tile["value"]
    out[base + 2] = tile["masks"]
    out[base + 3:base + 9] = tile["stones"]


def observe(view: dict[str, Any]) -> dict[str, np.ndarray]:
    """The arrays of ``view`` (the dict ``state.view(seat)`` returns), by part name."""
    n = view["num_players"]
    parts = {name: np.zeros(spec["shape"], dtype=np.float32)
             for name, spec in observation_spaces(n).items()}
    for name, entry in view["board"].items():
        s = parse_space(name)
        parts["board_kind"][s, TILE_KINDS.index(entry["kind"])] = 1
        parts["board_stones"][s] = entry["stones"]
        if entry["kind"] == TEMPLE:
            parts["temple"][s] = (entry["value"], entry["printed"])
        parts["wafers"][s] = entry.get("wafers", 0)
        if "camp" in entry:
            parts["camp"][s, entry["camp"]] = 1
        if "guard" in entry:
            parts["guard"][s, entry["guard"]["seat"], FIGURES.index(entry["guard"]["figure"])] = 1
        for seat, figures in entry.get("figures", {}).items():
            parts["figures"][s, int(seat)] = (figures["L"], figures["W"])
    _tile(parts["drawn"], view["drawn"])
    stack = view["stack"]
    parts["stack"][0] = stack["size"]
    parts["stack"][1:1 + len(LETTERS)] = [stack["left"][letter] for letter in LETTERS]
    top = stack["top"]
    parts["stack"][1 + len(LETTERS) + (LETTERS.index(top) if top else len(LETTERS))] = 1
    parts["supplies"][0] = view["wafer_pile"]
    parts["supplies"][1:] = [view["levels"][str(v)] for v in range(2, 11)]
    for player in view["players"]:
        row = parts["players"][player["seat"]]
        row[0] = player["score"]
        for kind, count in player["treasures"].items():
            row[int(kind)] = count  # kinds 1…8 land in columns 1…8
        row[1 + KINDS:5 + KINDS] = (player["supply_workers"], player["removed"],
                                    player["camps_left"], player["guards_left"])
        leader = player["leader"]
        where = leader if leader in ("supply", "gone") else "board"
        row[5 + KINDS + LEADER_PLACES.index(where)] = 1
    if view["viewer"] is not None:
        parts["viewer"][view["viewer"]] = 1
    for seat in view["current"]:
        parts["current"][seat] = 1
    phase = parts["phase"]
    phase[PHASES.index(view["phase"])] = 1
    phase[len(PHASES) + ROUNDS.index(view["round"])] = 1
    phase[-1] = view["ap"]
    for seat in view["queue"]:
        parts["scoring_round"][0, seat] = 1
    if view["volcano_drawer"] >= 0:
        parts["scoring_round"][1, view["volcano_drawer"]] = 1
    turn = parts["this_turn"]
    for name, count in view["turn"]["uncovered"].items():
        turn[parse_space(name)] = count
    for name, count in view["turn"]["recovered"].items():
        turn[NUM_SPACES + parse_space(name)] = count
    turn[-1] = float(view["turn"]["camp_built"])
    auction = view.get("auction")
    if auction is not None:
        parts["auction_numbers"][:] = (auction["round"], auction["bid"], auction["max_bid"] or 0)
        seats = parts["auction_seats"]
        for seat, amulet in enumerate(auction["amulets"]):
            seats[0, seat] = amulet == "up"
        for row, key in ((1, "bidder"), (4, "winner"), (5, "to_act"), (6, "opener")):
            if auction[key] is not None:
                seats[row, auction[key]] = 1
        for seat in auction["passed"]:
            seats[2, seat] = 1
        for seat in auction["bidding"]:
            seats[3, seat] = 1
        for tile in auction["display"]:
            _tile(parts["auction_display"][tile["index"] - 1], tile)
    return parts
