"""Tikal positions as JSON (the whole truth) and views (what one seat may see).

A position (`to_json` / `from_json`) holds everything, hidden order included,
so tests and bug reports can write one by hand; docs/tikal-notation.md
describes the format. A view holds only public information: the order of
tiles inside a letter group and face-down wafers never appear in it.

`TikalState.view`, `TikalState.to_json` and `TikalState.read` call in here;
this module never imports the rules (it reads and fills the state it is
given, typed as the `table.TikalTable` whose fields the state declares there),
and the variant supplies its own part through its hooks.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from boardgamesbot.engine import Game, GameError
from boardgamesbot.games.positions import PositionReader

from .components import (
    BASE_CAMP,
    COMPONENTS,
    JUNGLE,
    NUM_SPACES,
    SPACE_NAMES,
    TEMPLE,
    TILES,
    TREASURE,
    VOLCANO,
    parse_space,
    space_name,
)
from .notation import LEADER, WORKER, seat_name
from .phases import ACTIONS, BASIC_PHASES, PLACE, ROUNDS
from .table import TikalTable

FORMAT = "tikal-position/1"
KINDS = (JUNGLE, TEMPLE, TREASURE, VOLCANO, BASE_CAMP)
FIGURES_PER_PLAYER = 1 + COMPONENTS.workers
SEATS = tuple(str(seat) for seat in range(4))  # a seat as a key of a view's JSON object


def _explored(state: TikalTable) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """Each explored space in board order: (space, its kind, its board entry so far).

    A view and a position write a space alike: kind and stones first, then what each
    adds (a position its tile, a view whose temple it is), then the camp and the guard
    (`_camp_and_guard`)."""
    for space in range(NUM_SPACES):
        kind = state.kind[space]
        if kind is not None:
            yield space, kind, {"kind": kind, "stones": list(state.stones[space])}


def _camp_and_guard(state: TikalTable, space: int, entry: dict[str, Any]) -> None:
    """Add the camp and the guard on ``space`` to its board entry (in views and positions)."""
    if state.camp[space] >= 0:
        entry["camp"] = state.camp[space]
    if state.guard[space] >= 0:
        entry["guard"] = {"seat": state.guard[space], "figure": state.guard_figure[space]}


def _leader_place(state: TikalTable, player: int) -> str:
    where = state.leader[player]
    if where >= 0:
        return space_name(where)
    return "supply" if where == -1 else "gone"


def _board(state: TikalTable) -> dict[str, dict[str, Any]]:
    """The public board: each explored space's entry, in board order.

    An action changes a space or two, so each space's entry is kept with everything it
    shows (`TikalTable.entries`) and used again, the same object, while that is unchanged:
    a view costs the spaces that changed, and the diff of two views (the service's public
    diff, a watcher's patch) passes over the same objects without looking inside them."""
    # The figures on each space, seat by seat: each seat's occupied spaces are known
    # (`spots`), so the 48 spaces are not asked once per seat.
    held: dict[int, list[tuple[str, int, int]]] = {}
    for seat in range(state.num_players):
        workers, leader, key = state.workers[seat], state.leader[seat], SEATS[seat]
        for space in state.spots[seat]:
            here = (key, workers[space], int(leader == space))
            found = held.get(space)
            if found is None:
                held[space] = [here]
            else:
                found.append(here)
    kinds, entries = state.kind, state.entries
    board: dict[str, dict[str, Any]] = {}
    for space in range(NUM_SPACES):
        kind = kinds[space]
        if kind is None:
            continue
        figures = held.get(space)
        # Everything the entry shows (a temple's controller follows from its figures and
        # guard): an entry is a function of this, so equal means the same entry.
        shows = (kind, state.stones[space], state.value[space], state.printed[space],
                 len(state.wafers[space]), state.camp[space], state.guard[space],
                 state.guard_figure[space], None if figures is None else tuple(figures))
        kept = entries[space]
        if kept is not None and kept[0] == shows:
            board[SPACE_NAMES[space]] = kept[1]
            continue
        entry: dict[str, Any] = {"kind": kind, "stones": list(state.stones[space])}
        if kind == TEMPLE:
            entry["value"] = state.value[space]
            entry["printed"] = state.printed[space]
            entry["controller"] = state.controller(space)
        elif kind == TREASURE:
            entry["wafers"] = len(state.wafers[space])  # how many, never which
        _camp_and_guard(state, space, entry)
        if figures is not None:  # the figures last, seat by seat
            entry["figures"] = {key: {WORKER: workers, LEADER: leader}
                                for key, workers, leader in figures}
        entries[space] = (shows, entry)
        board[SPACE_NAMES[space]] = entry
    return board


def view(state: TikalTable, player: int | None) -> dict[str, Any]:
    """What ``player`` (or a spectator, ``None``) may see: everything public, nothing else.

    Every seat sees the same (only ``viewer`` differs), so the public part is built once
    per position (`TikalTable.shown`, dropped by every change) and each seat's view is a
    new dict over it: a face asks for several seats' views of each position (its watchers,
    the spectator's for the public diff), and shared parts also compare in an instant."""
    shown = state.shown
    if shown is None:
        shown = state.shown = _public(state)
    seen = shown.copy()  # (its "viewer" key is in place: the order of the keys holds)
    seen["viewer"] = player
    return seen


def _public(state: TikalTable) -> dict[str, Any]:
    """The view of every seat, its ``viewer`` left None."""
    board = _board(state)
    left = dict.fromkeys("ABCDEFG", 0)
    for tile_id in state.stack:
        left[TILES[tile_id].letter] += 1
    drawn = None
    if state.drawn is not None:
        tile = TILES[state.drawn]
        drawn = {"letter": tile.letter, "kind": tile.kind, "value": tile.value,
                 "masks": tile.masks, "stones": list(tile.stones)}
    players = []
    for seat in range(state.num_players):
        players.append({
            "seat": seat,
            "name": seat_name(seat),
            "score": state.points[seat],
            "treasures": {str(k): c for k, c in enumerate(state.treasures[seat]) if c},
            "supply_workers": state.supply[seat],
            "leader": _leader_place(state, seat),
            "removed": state.removed[seat],
            "camps_left": COMPONENTS.camps - state.camps_built[seat],
            "guards_left": COMPONENTS.guards - state.guards_placed[seat],
        })
    result = {
        "game": "tikal",
        "variant": state.variant.name,
        "viewer": None,
        "num_players": state.num_players,
        "phase": state.phase,
        "current": state.current_players(),
        "ap": state.ap,
        "board": board,
        "drawn": drawn,
        "stack": {"size": len(state.stack),
                  "top": TILES[state.stack[-1]].letter if state.stack else None,
                  "left": left},
        "wafer_pile": len(state.wafer_pile),
        "levels": {str(v): state.levels[v] for v in range(2, 11)},
        "players": players,
        "round": state.round,
        "queue": list(state.queue),
        "volcano_drawer": state.volcano_drawer,
        "turn": {
            "uncovered": {space_name(s): n for s, n in state.uncovered.items()},
            "recovered": {space_name(s): n for s, n in state.recovered.items()},
            "camp_built": state.camp_this_turn,
        },
        "score_history": [list(s) for s in state.score_history],
        "over": state.is_over(),
        "winners": state.winners(),
    }
    part = state.variant.view(state)
    if part is not None:
        result["auction"] = part
    return result


def to_json(state: TikalTable) -> str:
    """The full position (hidden information included)."""
    board = {}
    for space, kind, entry in _explored(state):
        if state.tile_id[space]:
            entry["tile"] = state.tile_id[space]
        if kind == TEMPLE:
            entry["printed"] = state.printed[space]
            entry["value"] = state.value[space]
        if kind == TREASURE:
            entry["wafers"] = list(state.wafers[space])
        _camp_and_guard(state, space, entry)
        board[space_name(space)] = entry
    players = []
    for seat in range(state.num_players):
        players.append({
            "score": state.points[seat],
            "leader": _leader_place(state, seat),
            "workers": {space_name(s): n for s, n in enumerate(state.workers[seat]) if n},
            "supply": state.supply[seat],
            "removed": state.removed[seat],
            "camps_built": state.camps_built[seat],
            "guards_placed": state.guards_placed[seat],
            "treasures": [k for k, c in enumerate(state.treasures[seat]) for _ in range(c)],
        })
    data = {
        "format": FORMAT,
        "variant": state.variant.name,
        "players": players,
        "board": board,
        "stack": list(state.stack),
        "drawn": state.drawn,
        "wafer_pile": list(state.wafer_pile),
        "levels": {str(v): state.levels[v] for v in range(2, 11)},
        "phase": state.phase,
        "current": state.current,
        "ap": state.ap,
        "uncovered": {space_name(s): n for s, n in state.uncovered.items()},
        "recovered": {space_name(s): n for s, n in state.recovered.items()},
        "camp_this_turn": state.camp_this_turn,
        "round": state.round,
        "queue": list(state.queue),
        "volcano_drawer": state.volcano_drawer,
        "last_placer": state.last_placer,
        "score_history": [list(s) for s in state.score_history],
    }
    part = state.variant.to_json(state)
    if part is not None:
        data["auction"] = part
    return json.dumps(data, indent=1)


READ = PositionReader("invalid Tikal position: ")
_expect = READ.expect
_int = READ.integer


def _space(text: object, what: str) -> int:
    try:
        return parse_space(str(text))
    except GameError:
        raise READ.error(f"{what}: {text!r} is not a space A1…H6") from None


def read(state: TikalTable, game: Game, text: str, variants: dict[str, Any]) -> None:
    """Fill the blank ``state`` from ``text``, checking its structure and that every
    supply is conserved (``variants`` maps variant names to `Variant` objects)."""
    data = READ.json_object(text, FORMAT)
    try:
        _read(state, game, data, variants)
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        if isinstance(error, GameError):
            raise
        raise READ.error(f"missing or malformed field ({error})") from None


def _read(state: TikalTable, game: Game, data: dict[str, Any], variants: dict[str, Any]) -> None:
    raw_players = data["players"]
    _expect(isinstance(raw_players, list) and 2 <= len(raw_players) <= 4,
            "players must list 2 to 4 players")
    n = len(raw_players)
    name = data.get("variant", "basic")
    _expect(isinstance(name, str) and name in variants, f"unknown variant {name!r}")
    variant = variants[name]
    state.game, state.num_players, state.variant = game, n, variant
    state.barriers = 0  # a position read from JSON is an undo barrier itself
    state.clear_board()
    kinds = COMPONENTS.treasure_kinds
    seen_tiles = []
    for name, entry in dict(data["board"]).items():
        space = _space(name, "board")
        kind = entry["kind"]
        _expect(kind in KINDS, f"{name}: unknown kind {kind!r}")
        stones = entry["stones"]
        _expect(isinstance(stones, list) and len(stones) == 6, f"{name}: six side counts")
        state.kind[space] = kind
        state.stones[space] = tuple(_int(s, f"{name} stones", 0, 3) for s in stones)
        if entry.get("tile") is not None:
            _expect(entry["tile"] in TILES, f"{name}: unknown tile {entry['tile']!r}")
            state.tile_id[space] = entry["tile"]
            seen_tiles.append(entry["tile"])
        if kind == TEMPLE:
            state.printed[space] = _int(entry["printed"], f"{name} printed value", 1, 10)
            state.value[space] = _int(entry.get("value", state.printed[space]),
                                      f"{name} value", state.printed[space], 10)
        if kind == TREASURE:
            state.wafers[space] = [_int(w, f"{name} wafer", 1, kinds) for w in entry["wafers"]]
        if "camp" in entry:
            _expect(kind in (JUNGLE, TREASURE), f"{name}: a camp stands on a jungle or treasure")
            state.camp[space] = _int(entry["camp"], f"{name} camp", 0, n - 1)
        if "guard" in entry:
            _expect(kind == TEMPLE, f"{name}: only a temple has a guard")
            state.guard[space] = _int(entry["guard"]["seat"], f"{name} guard seat", 0, n - 1)
            figure = entry["guard"]["figure"]
            _expect(figure in (LEADER, WORKER), f"{name}: guard figure is L or W")
            state.guard_figure[space] = figure
    _expect(state.kind[COMPONENTS.base_camp] == BASE_CAMP,
            f"the base camp must be on {space_name(COMPONENTS.base_camp)}")

    state.workers = [[0] * NUM_SPACES for _ in range(n)]
    state.leader, state.supply, state.removed = [-1] * n, [0] * n, [0] * n
    state.camps_built, state.guards_placed, state.points = [0] * n, [0] * n, [0] * n
    state.treasures = [[0] * (kinds + 1) for _ in range(n)]
    for seat, raw in enumerate(raw_players):
        who = f"player {seat + 1}"
        state.points[seat] = _int(raw.get("score", 0), f"{who} score", 0)
        leader = raw.get("leader", "supply")
        if leader in ("supply", "gone"):
            state.leader[seat] = -1 if leader == "supply" else -2
        else:
            state.leader[seat] = _space(leader, f"{who} leader")
        for name, count in dict(raw.get("workers", {})).items():
            state.workers[seat][_space(name, f"{who} workers")] = _int(count, f"{who} workers")
        state.removed[seat] = _int(raw.get("removed", 0), f"{who} removed")
        state.camps_built[seat] = _int(raw.get("camps_built", 0), f"{who} camps", 0,
                                       COMPONENTS.camps)
        state.guards_placed[seat] = _int(raw.get("guards_placed", 0), f"{who} guards", 0,
                                         COMPONENTS.guards)
        for kind in raw.get("treasures", []):
            state.treasures[seat][_int(kind, f"{who} treasure", 1, kinds)] += 1
        guards = state.guard.count(seat)
        placed_figures = sum(state.workers[seat]) + (state.leader[seat] >= 0)
        leader_in_supply = state.leader[seat] == -1
        supply = raw.get("supply")
        if supply is None:  # hand-written positions may leave the supply to be counted
            supply = (FIGURES_PER_PLAYER - placed_figures - leader_in_supply
                      - state.removed[seat] - guards)
        state.supply[seat] = _int(supply, f"{who} supply", 0, COMPONENTS.workers)
        total = (state.supply[seat] + placed_figures + leader_in_supply
                 + state.removed[seat] + guards)
        _expect(total == FIGURES_PER_PLAYER,
                f"{who} has {total} figures in supply, on the board, out of the game and as "
                f"guards; there must be {FIGURES_PER_PLAYER}")
        _expect(state.camp.count(seat) == state.camps_built[seat],
                f"{who}: camps_built must equal the camps on the board")
        _expect(guards == state.guards_placed[seat],
                f"{who}: guards_placed must equal the guards on the board")

    state.stack = [str(t) for t in data.get("stack", [])]
    for tile_id in state.stack:
        _expect(tile_id in TILES, f"unknown tile {tile_id!r} in the stack")
    state.drawn = data.get("drawn")
    _expect(state.drawn is None or state.drawn in TILES, f"unknown drawn tile {state.drawn!r}")
    everywhere = seen_tiles + state.stack + ([state.drawn] if state.drawn else [])
    if data.get("auction"):
        everywhere += [t for t in data["auction"].get("display", []) if t]
    _expect(len(everywhere) == len(set(everywhere)), "a tile appears twice")
    state.wafer_pile = [_int(w, "wafer pile", 1, kinds) for w in data.get("wafer_pile", [])]
    all_wafers = state.wafer_pile + [w for stack in state.wafers for w in stack] + [
        k for t in state.treasures for k in range(1, kinds + 1) for _ in range(t[k])]
    for kind in range(1, kinds + 1):
        _expect(all_wafers.count(kind) <= COMPONENTS.treasure_copies,
                f"more than {COMPONENTS.treasure_copies} wafers of kind {kind}")
    state.levels = [0] * 11
    levels = data.get("levels")
    for value in range(2, 11):
        used = sum(1 for s in range(NUM_SPACES)
                   if state.kind[s] == TEMPLE and state.printed[s] < value <= state.value[s])
        supply = COMPONENTS.temple_levels[value] - used
        if levels is not None:
            supply = _int(levels.get(str(value), 0), f"level {value} supply")
            _expect(supply + used == COMPONENTS.temple_levels[value],
                    f"temple level {value}: {supply} in supply + {used} on temples must be "
                    f"{COMPONENTS.temple_levels[value]}")
        _expect(supply >= 0, f"temple level {value}: more on temples than exist")
        state.levels[value] = supply

    state.phase = data.get("phase", ACTIONS)
    _expect(state.phase in BASIC_PHASES + variant.phases, f"unknown phase {state.phase!r}")
    _expect(variant.has_part == (data.get("auction") is not None),
            "an auction position needs its \"auction\" part, and only it")
    state.current = _int(data.get("current", 0), "current", 0, n - 1)
    state.ap = _int(data.get("ap", 10 if state.phase == ACTIONS else 0), "ap", 0, 10)
    _expect(state.phase != PLACE or state.drawn is not None, "phase place needs a drawn tile")
    state.uncovered = {_space(k, "uncovered"): _int(v, "uncovered", 1, 2)
                       for k, v in dict(data.get("uncovered", {})).items()}
    state.recovered = {_space(k, "recovered"): _int(v, "recovered", 1, 2)
                       for k, v in dict(data.get("recovered", {})).items()}
    state.camp_this_turn = bool(data.get("camp_this_turn", False))
    state.round = data.get("round")
    _expect(state.round is None or state.round in ROUNDS, f"unknown round {state.round!r}")
    state.queue = [_int(q, "queue", 0, n - 1) for q in data.get("queue", [])]
    state.volcano_drawer = _int(data.get("volcano_drawer", -1), "volcano_drawer", -1, n - 1)
    state.last_placer = _int(data.get("last_placer", -1), "last_placer", -1, n - 1)
    state.score_history = [[_int(x, "score history", 0) for x in row]
                           for row in data.get("score_history", [])]
    state.auction = None
    if variant.has_part:
        state.auction = variant.read_part(data["auction"], n, READ)
    state.recompute_derived()
