"""Tikal's rules: the position and its transitions (see docs/tikal-rules.md).

A turn of the basic game: the player draws the top tile and places it, then
spends up to 10 action points (AP). A drawn volcano is set aside and starts a
scoring round: from the drawer clockwise, everyone spends 10 AP and scores on
their own; then the drawer places the volcano and plays a normal turn. When
the stack is empty and the last turn ends, a final scoring round begins with
the player left of the last one.

The position is kept in flat lists indexed by space (0…47) and seat, so that
`clone`, `legal_actions` and `apply` — the inner loop of every search bot —
stay cheap. Every check happens before any change: an illegal action raises
`IllegalAction` and leaves the state exactly as it was.

The state holds its variant as an object (``self.variant``, see `variants.py`)
and calls its hooks where the variants differ; the variant changes the state
only through the methods under "For the variants" below. Views and the
position format are built in `position.py`; the `Game` lives in `game.py`.
"""

from __future__ import annotations

import random
import re
from bisect import insort
from collections.abc import Callable
from itertools import compress
from typing import Any, NamedTuple

from boardgamesbot.engine import Action, ActionInfo, Choice, Game, GameError, IllegalAction

from . import position
from .components import (
    COMPONENTS,
    JUNGLE,
    NEIGHBOURS,
    NUM_SPACES,
    TEMPLE,
    TILES,
    TREASURE,
    VOLCANO,
    rotate,
    space_name,
)
from .notation import (
    END,
    FORMS,
    LEADER,
    PASS,
    VARIANT_ACTIONS,
    WORKER,
    Bid,
    BuildCamp,
    EndTurn,
    Enter,
    Exchange,
    Move,
    Pass,
    Place,
    PlaceGuard,
    Recover,
    Take,
    TikalAction,
    Uncover,
    build_camp,
    check_action,
    enter,
    exchange,
    move,
    parse_action,
    place,
    place_guard,
    recover,
    seat_name,
    uncover,
)
from .phases import ACTIONS, FINAL_ROUND, OVER, PLACE, VOLCANO_ROUND
from .table import Exits, TikalTable

AP_PER_TURN = 10
LEADER_STRENGTH = 3
TREASURE_POINTS = (0, 1, 3, 6)  # by how many of one kind a player holds
COSTS = {Enter: 1, Uncover: 2, Recover: 3, Exchange: 3, BuildCamp: 5, PlaceGuard: 5}

ROTATED = {tile.id: tuple(rotate(tile.stones, r) for r in range(6)) for tile in COMPONENTS.tiles}
BASE = COMPONENTS.base_camp
OPPOSITE = (3, 4, 5, 0, 1, 2)
ADJACENT = tuple(tuple(n for n in sides if n >= 0) for sides in NEIGHBOURS)
ADJACENT_MASK = tuple(sum(1 << n for n in spaces) for spaces in ADJACENT)
# Per tile and rotation: a 6-bit mask of the board sides that carry stones.
STONED_SIDES = {
    tile_id: tuple(sum(1 << side for side in range(6) if stones[side]) for stones in rotations)
    for tile_id, rotations in ROTATED.items()
}
# ROTATIONS_TOUCHING[tile][explored sides]: the rotations that put stones on an explored side.
ROTATIONS_TOUCHING = {
    tile_id: tuple(tuple(r for r in range(6) if masks[r] & explored) for explored in range(64))
    for tile_id, masks in STONED_SIDES.items()
}
# SIDES_OF[space]: (side bit, neighbour, the neighbour's side facing back) for each neighbour.
SIDE_INDEX = {1 << side: side for side in range(6)}
SIDES_OF = tuple(
    tuple((1 << side, other, OPPOSITE[side]) for side, other in enumerate(NEIGHBOURS[space])
          if other >= 0)
    for space in range(NUM_SPACES)
)
# SIDES_AROUND[space]: (side, neighbour, the neighbour's side facing back) for each neighbour.
SIDES_AROUND = tuple(
    tuple((side, other, OPPOSITE[side]) for side, other in enumerate(NEIGHBOURS[space])
          if other >= 0)
    for space in range(NUM_SPACES)
)
STONED = 1 << 6  # `TikalState.opened`: the shift from a space's explored sides to its stoned ones
PLACE_ANY_ROTATION = tuple(tuple(place(s, r) for r in range(6)) for s in range(NUM_SPACES))
# MOVES[figure][source][target]: every move action, built once (the inner loop only looks up).
MOVES = {f: tuple(tuple(move(f, a, b) for b in range(NUM_SPACES)) for a in range(NUM_SPACES))
         for f in (LEADER, WORKER)}
MOVE_WORKER, MOVE_LEADER = MOVES[WORKER], MOVES[LEADER]
ENTER_WORKER = tuple(enter(WORKER, s) for s in range(NUM_SPACES))
ENTER_LEADER = tuple(enter(LEADER, s) for s in range(NUM_SPACES))
UNCOVER = tuple(uncover(s) for s in range(NUM_SPACES))
RECOVER = tuple(recover(s) for s in range(NUM_SPACES))
BUILD_CAMP = tuple(build_camp(s) for s in range(NUM_SPACES))
SPACES = range(NUM_SPACES)
# The spaces' names, looked up rather than formatted: the checks of `apply` name their space
# in the error they may raise, before knowing whether they will.
SPACE_NAMES = tuple(space_name(s) for s in SPACES)
BASE_ONLY = (COMPONENTS.base_camp,)  # the camp nodes of a player without camps
KINDS = range(1, COMPONENTS.treasure_kinds + 1)  # treasure kinds (index 0 is unused)
# The figures of one seat on a space, as a code: 1 worker(s), 2 the leader, 3 both (0 none).
FIGURES_BY_CODE: tuple[tuple[str, ...], ...] = ((), (WORKER,), (LEADER,), (WORKER, LEADER))
# PLACE_GUARD[code][space]: the guard actions of the figures ``code`` stands for.
PLACE_GUARD = tuple(
    tuple(tuple(place_guard(f, s) for f in figures) for s in range(NUM_SPACES))
    for figures in FIGURES_BY_CODE)
# EXCHANGES[seat][take][give]: every exchange with the player in ``seat``, by treasure kind
# (only real kinds are keys, so no malformed exchange counts as prebuilt).
EXCHANGES = tuple(
    {take: {give: exchange(give, seat, take) for give in KINDS} for take in KINDS}
    for seat in range(4))
NO_EXITS: Exits = (0, ((), (), (), ()))  # exits of an unexplored space or a volcano
GUARDS, CAMPS = COMPONENTS.guards, COMPONENTS.camps
# The prebuilt actions above: `apply` need not check that these are well formed, and
# their data and words are written once (`_KNOWN`, by id: the tables live as long as the
# module, so their ids are never reused).
PREBUILT_ACTIONS: tuple[Action, ...] = (
    *(action for table in (MOVE_WORKER, MOVE_LEADER, PLACE_ANY_ROTATION, *PLACE_GUARD)
      for row in table for action in row),
    *(action for table in (ENTER_WORKER, ENTER_LEADER, UNCOVER, RECOVER, BUILD_CAMP, (END,))
      for action in table),
    *(action for by_take in EXCHANGES for gives in by_take.values() for action in gives.values()),
)
PREBUILT = frozenset(map(id, PREBUILT_ACTIONS))

__all__ = ["ACTIONS", "FINAL_ROUND", "OVER", "PLACE", "TILES", "TREASURE_POINTS",
           "TikalState", "VOLCANO_ROUND", "seat_name"]


class TikalState(TikalTable):
    """A Tikal position. Build one with ``load_game("tikal").new(...)``; its fields are
    declared in `TikalTable`."""

    __slots__ = ()  # the fields are `TikalTable`'s

    # Set up -------------------------------------------------------------------------

    @classmethod
    def setup(cls, game: Game, num_players: int, seed: int, variant: Any) -> TikalState:
        """A new game of ``variant`` (a `variants.Variant`: Any, as `TikalTable.variant`);
        all chance comes from ``seed``."""
        rng = random.Random(seed)
        state = cls.__new__(cls)
        state.game = game
        state.num_players = num_players
        state.variant = variant
        state.clear_board()
        for space in COMPONENTS.preprinted:
            state.kind[space.space] = space.kind
            state.stones[space.space] = space.stones
            state.printed[space.space] = state.value[space.space] = space.value
        n = num_players
        state.workers = [[0] * NUM_SPACES for _ in range(n)]
        state.leader = [-1] * n  # -1 in supply, -2 out of the game (a guard)
        state.supply = [COMPONENTS.workers] * n
        state.removed = [0] * n
        state.camps_built = [0] * n
        state.guards_placed = [0] * n
        state.treasures = [[0] * (COMPONENTS.treasure_kinds + 1) for _ in range(n)]
        state.points = [variant.starting_points] * n
        # The stack: each letter group shuffled, A on top (the end of the list).
        stack = []
        for letter in "GFEDCBA":
            group = [t.id for t in COMPONENTS.tiles if t.letter == letter]
            rng.shuffle(group)
            stack.extend(group)
        state.stack = stack
        state.drawn = None
        pile = [kind for kind in range(1, COMPONENTS.treasure_kinds + 1)
                for _ in range(COMPONENTS.treasure_copies)]
        rng.shuffle(pile)
        state.wafer_pile = pile
        state.levels = [0] * 11
        for value, count in COMPONENTS.temple_levels.items():
            state.levels[value] = count
        state.phase = PLACE
        state.current = 0
        state.ap = 0
        state.uncovered = {}
        state.recovered = {}
        state.camp_this_turn = False
        state.round = None
        state.queue = []
        state.volcano_drawer = -1
        state.last_placer = -1
        state.score_history = []
        state.auction = None
        state.barriers = 0
        state.recompute_derived()
        variant.start(state)
        return state

    @classmethod
    def read(cls, game: Game, text: str, variants: dict[str, Any]) -> TikalState:
        """A position written by `to_json` (or by hand); ``variants`` maps names to variants."""
        state = cls.__new__(cls)
        position.read(state, game, text, variants)
        return state

    def clear_board(self) -> None:
        """Every space unexplored (setup and position reading fill it in)."""
        self.kind = [None] * NUM_SPACES
        self.stones = [(0,) * 6] * NUM_SPACES
        self.tile_id = [None] * NUM_SPACES
        self.printed = [0] * NUM_SPACES
        self.value = [0] * NUM_SPACES
        self.wafers = [[] for _ in range(NUM_SPACES)]
        self.camp = [-1] * NUM_SPACES
        self.guard = [-1] * NUM_SPACES
        self.guard_figure = [None] * NUM_SPACES
        self.links = [()] * NUM_SPACES
        self.exits = [NO_EXITS] * NUM_SPACES
        self.explored = self.border = self.campable = self.temples = 0
        self.opened = [0] * NUM_SPACES
        self.shown = None
        self.entries = [None] * NUM_SPACES

    def recompute_derived(self) -> None:
        """Recompute what is kept for speed only (after setup or reading a position); the
        rules keep it up to date from then on."""
        kind, camp, wafers = self.kind, self.camp, self.wafers
        self.spots, self.nodes = [], []
        for seat in range(self.num_players):
            spots = set(compress(SPACES, self.workers[seat]))
            if self.leader[seat] >= 0:
                spots.add(self.leader[seat])
            self.spots.append(sorted(spots))
            camps = tuple(s for s in SPACES if camp[s] == seat)
            self.nodes.append((BASE,) + camps if camps else BASE_ONLY)
        self.explored = explored = sum(1 << s for s in SPACES if kind[s] is not None)
        self.border = sum(1 << s for s in SPACES
                          if not explored >> s & 1 and ADJACENT_MASK[s] & explored)
        self.temples = sum(1 << s for s in SPACES if kind[s] == TEMPLE)
        self.campable = sum(1 << s for s in SPACES if camp[s] < 0 and (
            kind[s] == JUNGLE or (kind[s] == TREASURE and not wafers[s])))
        for space in SPACES:
            self._relink(space)
        self.opened = [0] * NUM_SPACES
        for space in SPACES:
            explored, stoned = self._sides_open(space)
            self.opened[space] = explored | stoned * STONED

    def _relink(self, space: int) -> None:
        """Recompute the passable crossings out of ``space`` (after a placement)."""
        kind = self.kind
        if kind[space] is None or kind[space] == VOLCANO:
            self.links[space] = ()
            self.exits[space] = NO_EXITS
            return
        links = []
        stones, board_stones = self.stones[space], self.stones
        for side, other, facing in SIDES_AROUND[space]:
            other_kind = kind[other]
            if other_kind is not None and other_kind != VOLCANO:
                cost = stones[side] + board_stones[other][facing]
                if cost:
                    links.append((other, cost))
        self.links[space] = tuple(links)
        self.exits[space] = None  # built when first needed (see `_exits`)

    def _exits(self, space: int) -> Exits:
        """Every move out of ``space`` across its crossings (see `Exits`), kept until they
        change."""
        links = self.links[space]
        exits = self.exits[space] = (max((cost for _, cost in links), default=0),
                                     _moves_by_code(space, [other for other, _ in links]))
        return exits

    def clone(self) -> TikalState:
        # Field by field on purpose: search bots clone in their inner loop, and a helper
        # looping over the field names (one for every game's state) clones a third slower.
        other = TikalState.__new__(TikalState)
        other.game = self.game
        other.num_players = self.num_players
        other.variant = self.variant
        other.kind = self.kind[:]
        other.stones = self.stones[:]
        other.tile_id = self.tile_id[:]
        other.printed = self.printed[:]
        other.value = self.value[:]
        other.wafers = self.wafers[:]  # the stacks are shared: never changed in place
        other.camp = self.camp[:]
        other.guard = self.guard[:]
        other.guard_figure = self.guard_figure[:]
        other.links = self.links[:]
        other.exits = self.exits[:]
        other.explored = self.explored
        other.border = self.border
        other.campable = self.campable
        other.temples = self.temples
        other.opened = self.opened[:]
        other.spots = [spots[:] for spots in self.spots]
        other.nodes = self.nodes[:]
        other.workers = [w[:] for w in self.workers]
        other.leader = self.leader[:]
        other.supply = self.supply[:]
        other.removed = self.removed[:]
        other.camps_built = self.camps_built[:]
        other.guards_placed = self.guards_placed[:]
        other.treasures = [t[:] for t in self.treasures]
        other.points = self.points[:]
        other.stack = self.stack[:]
        other.drawn = self.drawn
        other.wafer_pile = self.wafer_pile[:]
        other.levels = self.levels[:]
        other.phase = self.phase
        other.current = self.current
        other.ap = self.ap
        other.uncovered = dict(self.uncovered)
        other.recovered = dict(self.recovered)
        other.camp_this_turn = self.camp_this_turn
        other.round = self.round
        other.queue = self.queue[:]
        other.volcano_drawer = self.volcano_drawer
        other.last_placer = self.last_placer
        other.score_history = self.score_history[:]  # rows are never changed once added
        other.auction = self.auction.copy() if self.auction is not None else None
        other.barriers = self.barriers
        other.shown = None  # a copy is changed without `apply` (determinize, search bots)
        other.entries = self.entries  # (shared: an entry is used only where it still holds)
        return other

    # The contract -----------------------------------------------------------------------

    def current_players(self) -> list[int]:
        return [] if self.phase == OVER else [self.current]

    def is_over(self) -> bool:
        return self.phase == OVER

    def undo_point(self) -> int:
        """Changes when a turn ends (a tile is drawn or revealed, another seat acts), a
        treasure wafer is turned up, or a bid or pass is made: an action that leaves it
        unchanged may be taken back by its player."""
        return self.barriers

    def scores(self) -> list[int]:
        return self.points[:]

    def scorings_done(self) -> int:
        """The scoring rounds finished (each volcano's, the final one): the scores also
        change when an auction is paid for and at each player's scoring turn, neither of
        which is a scoring to announce on its own."""
        return len(self.score_history)

    def winners(self) -> list[int]:
        """Most points; then a guard on the highest temple; then most wafers; else shared."""
        if self.phase != OVER:
            return []
        best = max(self.points)
        tied = [p for p in range(self.num_players) if self.points[p] == best]
        for tie_break in (self.highest_guarded_temple, self.wafer_count):
            if len(tied) == 1:
                break
            top = max(tie_break(p) for p in tied)
            tied = [p for p in tied if tie_break(p) == top]
        return tied

    def highest_guarded_temple(self, player: int) -> int:
        return max((self.value[s] for s in range(NUM_SPACES) if self.guard[s] == player), default=0)

    def wafer_count(self, player: int) -> int:
        return sum(self.treasures[player])

    def parse(self, action: Action | str) -> Action:
        return parse_action(action) if isinstance(action, str) else check_action(action)

    def legal_actions(self, player: int) -> list[Action]:
        phase = self.phase
        if player != self.current or phase == OVER:
            return []
        if phase == ACTIONS:
            return self._legal_turn_actions(player)
        if phase == PLACE:
            return self.placements(self.tile_to_place())
        # (the variant is typed Any, see `TikalTable.variant`; its hook returns this)
        actions: list[Action] = self.variant.legal_actions(self, player)
        return actions

    def apply(self, player: int, action: Action | str) -> Action:
        self.shown = None  # the position changes (or stays as it was: then nothing is lost)
        # Actions from our own tables are well formed (and no string is one of them).
        if isinstance(action, str):
            action = self.read_action(player, action)  # (an unreadable one: a legal example)
        elif id(action) not in PREBUILT:
            action = check_action(action)
        phase = self.phase
        if phase == ACTIONS and player == self.current:  # the common case first
            # `_apply_turn_action`, inline: check completely, then carry out
            handler = _TURN_ACTIONS.get(type(action))
            if handler is None:
                self._check_variant(action)
                self._apply_turn_action(player, action)  # ends the turn, or raises
                return action
            self.ap -= handler(self, player, action)
            if self.ap == 0:
                self._end_turn()
            return action
        if phase == OVER:
            raise IllegalAction("the game is over", code="game_over")
        self._check_variant(action)
        if player != self.current:
            self.variant.explain_out_of_turn(self, player, action)  # "you already played"
            raise IllegalAction(
                f"it is {seat_name(self.current)}'s turn, not {seat_name(player)}'s",
                code="not_your_turn", seat=player, current=self.current,
            )
        if self.phase == PLACE:
            if not isinstance(action, Place):
                raise IllegalAction(
                    f"place the drawn tile first (e.g. 'place C4 r2'), not '{action}'",
                    code="place_tile_first",
                )
            self._check_place(action)
            self._do_place(action)
        elif self.phase == ACTIONS:
            self._apply_turn_action(player, action)
        else:
            self.variant.apply(self, player, action)
        return action

    def read_action(self, player: int, text: str) -> Action:
        """`State.read_action`, and a verb that cannot be read is told the verbs of the
        variant played: the basic game's list named the auction's bid, pass and take."""
        try:
            action = super().read_action(player, text)
        except GameError as error:
            if error.code != "bad_notation":
                raise
            if error.params.get("expected") != "tikal.action":
                # A verb of another variant written wrong ("bid 0" at a basic table) is that
                # variant's move whatever follows it: told what a bid's number must be, the
                # person was pointed to an auction rule at a table that plays none.
                verb = text.split()[0].lower()
                owner = {str(kind.notation).split()[0]: owner
                         for kind, owner in VARIANT_ACTIONS.items()}.get(verb)
                if owner is not None and owner != self.variant.name:
                    raise self._other_variant(verb, owner) from None
                raise
            # ("passar", "passo" alone: Portuguese and Catalan for passing, where the basic
            # game has none; the person means to end the turn. Catalan "passar" with more
            # words may be crossing a path: that is told as any other word)
            words = text.split()
            passing = self._no_passing(PASS, words[0]) \
                if error.params.get("meant") == str(PASS) and len(words) == 1 else None
            if passing is not None:
                raise passing from None
            others = {str(kind.notation).split()[0] for kind, owner in VARIANT_ACTIONS.items()
                      if owner != self.variant.name}
            if not others:
                raise
            verbs = ", ".join(verb for verb in FORMS if verb not in others)
            message = re.sub(r"is not an action \([^)]*\)", f"is not an action ({verbs})",
                             str(error))
            raise GameError(message, code=error.code, **{
                **error.params, "expected": f"tikal.action.{self.variant.name}"}) from None
        return action

    def _check_variant(self, action: Action) -> None:
        """Refuse an action of another variant as that variant's, whoever types it and
        whenever: "place the drawn tile first" made a bid in the basic game look like a
        move that comes later in the turn."""
        owner = VARIANT_ACTIONS.get(type(action)) if isinstance(action, TikalAction) else None
        if owner is not None and owner != self.variant.name:
            raise self._other_variant(str(action).split()[0], owner)

    def _other_variant(self, verb: str, owner: str) -> IllegalAction:
        """The refusal of ``verb``, a move of variant ``owner`` this table does not play (a
        pass: that a turn ends with 'end', `_no_passing`)."""
        if verb == str(PASS):
            passing = self._no_passing(PASS)
            if passing is not None:
                return passing
        return IllegalAction(
            f"the {self.variant.name} game has no {owner}: '{verb}' is a move of the "
            f"{owner} variant", code="other_variant", verb=verb, variant=owner)

    def _no_passing(self, action: Action, word: str | None = None) -> IllegalAction | None:
        """The refusal of a pass (``word``: as typed, "pass" or "passar") in the basic game,
        which has no auction, or while a turn spends its action points: it says that a turn
        ends with 'end', which is what someone who types it then means (they were told
        "'pass' is a move of the auction variant", or "not possible in this part of the
        turn", and not what to type). None for any other action, or where one may pass."""
        if not isinstance(action, Pass) or (
                VARIANT_ACTIONS[Pass] == self.variant.name and self.phase != ACTIONS):
            return None
        word = word or str(action)
        return IllegalAction(f"passing is only for bidding in the {VARIANT_ACTIONS[Pass]} "
                             f"variant: to end your turn, type '{END}'", code="no_passing",
                             word=word, end=str(END))

    def describe(self, action: Action) -> str:
        known = _KNOWN.get(id(action))
        if known is None:
            if type(action) not in _KINDS:
                return str(action)  # not a Tikal action: its notation, as any game's
            known = _remember(action)
        if known.cost is None:  # a move: what it costs depends on the position
            move = action
            assert isinstance(move, Move)  # (only moves are known without a cost)
            return f"{known.words}{self.move_cost(move.source, move.target, self.current)} AP)"
        return known.words

    def action_info(self, player: int, action: Action | str) -> ActionInfo:
        """``action`` as data: kind, AP cost and a translatable description (code + params)."""
        known = _KNOWN.get(id(action))  # a prebuilt action, written before: well formed
        if known is None or isinstance(action, str):
            action = self.parse(action)
            known = _KNOWN.get(id(action)) or _remember(action)
        cost = known.cost
        if cost is None:
            move = action
            assert isinstance(move, Move)  # (only moves are known without a cost)
            cost = self.move_cost(move.source, move.target, player)
        fixed = known.params
        return {"notation": known.notation, "type": known.kind,
                "cost": {"ap": cost} if cost else {}, "code": known.code,
                "params": (_POSITION_PARAMS[type(action)](self, action) if fixed is None
                           else fixed.copy())}

    def choices(self, player: int) -> list[Choice]:
        """`State.choices` in one pass: each action's `_Known` is looked up once, and a
        move's cost worked out once for both its data and its words (`describe` and
        `action_info` each work it out: a turn lists ~25 moves)."""
        choices: list[Choice] = []
        for action in self.legal_actions(player):
            known = _KNOWN.get(id(action))
            if known is None:
                known = _remember(action)  # (legal actions are Tikal's, well formed)
            cost = known.cost
            if cost is None:
                move = action
                assert isinstance(move, Move)  # (only moves are known without a cost)
                cost = self.move_cost(move.source, move.target, player)
                text = f"{known.words}{cost} AP)"
            else:
                text = known.words
            fixed = known.params
            choices.append({"notation": known.notation, "type": known.kind,
                            "cost": {"ap": cost} if cost else {}, "code": known.code,
                            "params": (_POSITION_PARAMS[type(action)](self, action)
                                       if fixed is None else fixed.copy()),
                            "text": text})
        return choices

    # Placement --------------------------------------------------------------------------

    def frontier(self) -> list[int]:
        """Empty spaces adjacent to the explored area."""
        spaces, border = [], self.border
        while border:  # in board order
            lowest = border & -border
            spaces.append(lowest.bit_length() - 1)
            border ^= lowest
        return spaces

    def _sides_open(self, space: int) -> tuple[int, int]:
        """Two 6-bit side masks of ``space``: sides facing an explored non-volcano space,
        and those of them where that neighbour already shows stones — computed afresh
        (`recompute_derived`); the rules keep them in ``opened`` as tiles are placed."""
        kind, board_stones = self.kind, self.stones
        explored = stoned = 0
        for bit, other, facing in SIDES_OF[space]:
            other_kind = kind[other]
            if other_kind is not None and other_kind != VOLCANO:
                explored |= bit
                if board_stones[other][facing]:
                    stoned |= bit
        return explored, stoned

    def _connects(self, space: int, tile_id: str, rotation: int) -> bool:
        """Does the tile, so placed, share a stoned side (on either tile) with a non-volcano?"""
        sides = self.opened[space]
        return bool(sides >= STONED or STONED_SIDES[tile_id][rotation] & sides)

    def tile_to_place(self) -> str:
        """The drawn tile, which the place phase always has (`give_tile` sets it, and the
        position reader refuses a place phase without one)."""
        tile_id = self.drawn
        if tile_id is None:
            raise RuntimeError(f"no drawn tile in phase {self.phase!r}: a broken position")
        return tile_id

    def placements(self, tile_id: str) -> list[Action]:
        """Where and how ``tile_id`` may be placed (with the no-legal-space fallback)."""
        if TILES[tile_id].kind == VOLCANO:
            return [PLACE_ANY_ROTATION[s][0] for s in self.frontier()]
        touching = ROTATIONS_TOUCHING[tile_id]
        opened = self.opened
        legal: list[Action] = []
        border = self.border
        while border:  # the frontier in board order (`frontier`, inline)
            lowest = border & -border
            border ^= lowest
            space = lowest.bit_length() - 1
            sides = opened[space]
            if sides >= STONED:  # a neighbour's stones already lead here: every rotation
                legal += PLACE_ANY_ROTATION[space]
            elif sides:
                legal += map(PLACE_ANY_ROTATION[space].__getitem__, touching[sides])
        if legal:
            return legal
        # Decision: a tile with no legal space goes on any frontier space, any rotation.
        return [a for s in self.frontier() for a in PLACE_ANY_ROTATION[s]]

    def _check_place(self, action: Place) -> None:
        tile = TILES[self.tile_to_place()]
        space = action.space
        name = SPACE_NAMES[space]
        if self.kind[space] is not None:
            raise IllegalAction(f"{name} is already explored", code="space_taken", space=name)
        if not any(n >= 0 and self.kind[n] is not None for n in NEIGHBOURS[space]):
            raise IllegalAction(
                f"{name} is not next to the explored area", code="not_beside_explored",
                space=name,
            )
        if tile.kind == VOLCANO:
            if action.rotation:
                raise IllegalAction(
                    "a volcano has no stones: place it without a rotation", code="volcano_rotation"
                )
            return
        if self._connects(space, tile.id, action.rotation):
            return
        if any(self._connects(s, tile.id, r) for s in self.frontier() for r in range(6)):
            raise IllegalAction(
                f"the {tile.label()} on {name} turned r{action.rotation} shares no stoned side "
                "with an explored space",
                code="no_path_to_tile", space=name,
            )
        # No legal space anywhere: the fallback allows any frontier space and rotation.

    def put_tile(self, tile_id: str, space: int, rotation: int) -> None:
        """Lay a tile on the board (wafers drawn face down onto a treasure tile)."""
        tile = TILES[tile_id]
        self.kind[space] = tile.kind
        self.explored |= 1 << space
        self.border = (self.border | ADJACENT_MASK[space]) & ~self.explored
        self.stones[space] = ROTATED[tile_id][rotation]
        self.tile_id[space] = tile_id
        self.printed[space] = self.value[space] = tile.value
        if tile.kind == TREASURE:
            pile = self.wafer_pile
            self.wafers[space] = pile[len(pile) - tile.masks:]
            del pile[len(pile) - tile.masks:]
            if not self.wafers[space]:  # the wafers ran out
                self.campable |= 1 << space
        elif tile.kind == JUNGLE:
            self.campable |= 1 << space
        elif tile.kind == TEMPLE:
            self.temples |= 1 << space
        self._relink(space)
        if tile.kind != VOLCANO:
            # A neighbour gains a crossing to the new tile where either side shows stones
            # (nobody crosses into a volcano, nor out of an unexplored space or a volcano:
            # those keep theirs); and its side facing the new tile is open now.
            stones, board_stones, kind, opened = self.stones[space], self.stones, self.kind, \
                self.opened
            for side, other, facing in SIDES_AROUND[space]:
                stoned = stones[side]
                other_kind = kind[other]
                if (other_kind is not None and other_kind != VOLCANO
                        and (stoned or board_stones[other][facing])):
                    self._relink(other)
                opened[other] |= (1 << facing) * (STONED + 1 if stoned else 1)

    def _do_place(self, action: Place) -> None:
        self.put_tile(self.tile_to_place(), action.space, action.rotation)
        self.drawn = None
        self.last_placer = self.current
        if self.volcano_drawer == self.current:
            self.volcano_drawer = -1
        self._begin_actions()

    # Turn flow ----------------------------------------------------------------------------

    # For the variants: the only ways a variant changes the state (besides its own part,
    # ``self.auction``). Each keeps the state consistent on its own.

    def draw_tile(self, player: int) -> None:
        """A basic-game turn: ``player`` draws the top tile of the stack (see `give_tile`)."""
        self.give_tile(player, self.stack.pop())

    def give_tile(self, player: int, tile_id: str) -> None:
        """``player`` is to place ``tile_id``; a volcano is set aside and starts a volcano
        scoring round with ``player`` first (who places it afterwards)."""
        self.current = player
        self.drawn = tile_id
        if TILES[tile_id].kind == VOLCANO:
            self.volcano_drawer = player
            self.start_scoring_round(VOLCANO_ROUND, player)
        else:
            self.phase = PLACE

    def reveal_tiles(self, count: int) -> list[str]:
        """Take up to ``count`` tiles off the top of the stack, topmost first."""
        stack = self.stack
        return [stack.pop() for _ in range(min(count, len(stack)))]

    def hand_turn_to(self, player: int, phase: str) -> None:
        """``player`` is to act in ``phase`` (``"place"`` or one of the variant's phases)."""
        self.current = player
        self.phase = phase

    def pay(self, player: int, points: int) -> None:
        """``player`` pays ``points`` of their score (an auction bid)."""
        self.points[player] -= points

    def cross_barrier(self) -> None:
        """Something was revealed or committed that may not be taken back (see `undo_point`)."""
        self.barriers += 1

    def start_scoring_round(self, kind: str, first: int) -> None:
        n = self.num_players
        order = [(first + i) % n for i in range(n)]
        self.start_scoring_turns(kind, order)

    def start_scoring_turns(self, kind: str, order: list[int]) -> None:
        self.round = kind
        self.queue = order[1:]
        self.current = order[0]
        self._begin_actions()

    def _begin_actions(self) -> None:
        """Start spending 10 AP (a scoring turn if ``self.round`` is set)."""
        self.phase = ACTIONS
        self.ap = AP_PER_TURN
        self.uncovered = {}
        self.recovered = {}
        self.camp_this_turn = False

    def _end_turn(self) -> None:
        player = self.current
        self.ap = 0
        self.barriers += 1
        if self.round is not None:
            self.points[player] += self.scoring_points(player)
            if self.queue:
                self.current = self.queue.pop(0)
                self._begin_actions()
                return
            self.score_history.append(self.points[:])
            finished, self.round = self.round, None
            if finished == FINAL_ROUND:
                self.phase = OVER
                return
            # A volcano round is over: its drawer places the volcano and plays on.
            self.current = self.volcano_drawer
            self.variant.after_volcano_round(self)
            return
        self.variant.after_turn(self, player)

    # Scoring ------------------------------------------------------------------------------

    def strength(self, player: int, space: int) -> int:
        led = LEADER_STRENGTH if self.leader[player] == space else 0
        return self.workers[player][space] + led

    def controller(self, space: int) -> int:
        """Who scores this temple now: its guard's owner, else strictly the strongest
        (-1: nobody)."""
        if self.guard[space] >= 0:
            return self.guard[space]
        best, owner = 0, -1
        leader = self.leader
        for player, workers in enumerate(self.workers):  # `strength`, inline: every view asks
            strength = workers[space] + (LEADER_STRENGTH if leader[player] == space else 0)
            if strength > best:
                best, owner = strength, player
            elif strength == best:
                owner = -1
        return owner

    def temple_points(self, player: int) -> int:
        """The values of the temples ``player`` scores now (see `controller`): a scoring
        turn's cost, so the temples are read from their bitmask and strengths inline."""
        total = 0
        value, guard, workers, leader = self.value, self.guard, self.workers, self.leader
        mine_on = workers[player]
        led = leader[player]
        others = [(workers[p], leader[p]) for p in range(self.num_players) if p != player]
        temples = self.temples
        while temples:
            lowest = temples & -temples
            temples ^= lowest
            space = lowest.bit_length() - 1
            owner = guard[space]
            if owner >= 0:
                if owner == player:
                    total += value[space]
                continue
            mine = mine_on[space] + (LEADER_STRENGTH if led == space else 0)
            if mine:
                for theirs, their_leader in others:
                    if theirs[space] + (LEADER_STRENGTH if their_leader == space else 0) >= mine:
                        break
                else:
                    total += value[space]
        return total

    def treasure_points(self, player: int) -> int:
        return sum(TREASURE_POINTS[count] for count in self.treasures[player])

    def scoring_points(self, player: int) -> int:
        return self.temple_points(player) + self.treasure_points(player)

    # The 10 AP --------------------------------------------------------------------------

    def figures_on(self, player: int, space: int) -> int:
        return self.workers[player][space] + (self.leader[player] == space)

    def camp_nodes(self, player: int) -> list[int]:
        """The base camp and the player's camps: entry points, linked by 1-AP shortcuts."""
        return list(self.nodes[player])

    def move_cost(self, source: int, target: int, player: int) -> int:
        """AP to move between two spaces (0: no way across)."""
        cost = 0
        for other, stones in self.links[source]:
            if other == target:
                cost = stones
                break
        if cost != 1 and source != target:
            nodes = (source == BASE or self.camp[source] == player,
                     target == BASE or self.camp[target] == player)
            if all(nodes):
                return 1
        return cost

    def _legal_turn_actions(self, player: int) -> list[Action]:
        """Every action of the 10 AP, in a fixed order (bots' tie-breaks and seeded random
        play depend on it): end; enter (workers, then the leader) on each camp node; per
        occupied space in board order its moves (per target: worker, then leader), uncover,
        guard or recover; exchanges; camps.

        The inner loop of every search bot: tables are looked up, never built, here.
        """
        ap = self.ap
        workers = self.workers[player]
        leader = self.leader[player]
        nodes = self.nodes[player]
        actions: list[Action] = [END]
        if nodes is BASE_ONLY:
            if self.supply[player]:
                actions.append(ENTER_WORKER[BASE])
            if leader == -1:
                actions.append(ENTER_LEADER[BASE])
        else:
            if self.supply[player]:
                actions += map(ENTER_WORKER.__getitem__, nodes)
            if leader == -1:
                actions += map(ENTER_LEADER.__getitem__, nodes)
        kind, links, exits = self.kind, self.links, self.exits
        camp_nodes = () if nodes is BASE_ONLY else nodes  # with a camp, nodes are linked
        for space in self.spots[player]:
            here = workers[space]
            # 1 the worker(s) here, 2 the leader, 3 both (per target: worker, then leader)
            if leader == space:
                code = 3 if here else 2
                count = here + 1
            else:
                code, count = 1, here
            if space in camp_nodes:  # its crossings, then the 1-AP shortcuts to the others
                out = _node_exits(space, nodes, links[space])
            else:
                out = exits[space] or self._exits(space)
            if ap >= out[0]:  # every crossing is affordable: the prebuilt list
                actions += out[1][code]
            else:
                targets = [other for other, cost in links[space] if cost <= ap]
                if space in camp_nodes:
                    targets += [n for n in nodes if n != space and n not in targets]
                if targets:
                    if code == 1:
                        actions += map(MOVE_WORKER[space].__getitem__, targets)
                    elif code == 2:
                        actions += map(MOVE_LEADER[space].__getitem__, targets)
                    else:
                        row, lead_row = MOVE_WORKER[space], MOVE_LEADER[space]
                        for target in targets:
                            actions.append(row[target])
                            actions.append(lead_row[target])
            space_kind = kind[space]
            if space_kind == TEMPLE:
                if ap >= 2 and self.guard[space] < 0:
                    value = self.value[space]
                    if (self.uncovered.get(space, 0) < (2 if count > 2 else count)
                            and value < 10 and self.levels[value + 1]):
                        actions.append(UNCOVER[space])
                    if ap >= 5 and self.guards_placed[player] < GUARDS:
                        # strictly the strongest here (`_strongest`, inline)
                        strength = here + (LEADER_STRENGTH if code > 1 else 0)
                        for other in range(self.num_players):
                            if other != player and (
                                    self.workers[other][space]
                                    + (LEADER_STRENGTH if self.leader[other] == space else 0)
                                    >= strength):
                                break
                        else:
                            actions += PLACE_GUARD[code][space]
            elif (space_kind == TREASURE and ap >= 3 and self.wafers[space]
                  and self.recovered.get(space, 0) < (2 if count > 2 else count)):
                actions.append(RECOVER[space])
        if ap >= 3:
            treasures = self.treasures
            mine = treasures[player]
            if 1 in mine:  # (index 0, no kind, is always 0)
                singles = [k for k in KINDS if mine[k] == 1]
                for other in range(self.num_players):
                    if other == player:
                        continue
                    theirs = treasures[other]
                    if 1 not in theirs:
                        continue
                    by_take = EXCHANGES[other]
                    for take in KINDS:
                        if theirs[take] == 1:
                            gives = by_take[take]
                            actions += [gives[give] for give in singles if give != take]
        if ap >= 5 and not self.camp_this_turn and self.camps_built[player] < CAMPS:
            spaces = self.campable  # in board order, as everywhere
            while spaces:
                lowest = spaces & -spaces
                actions.append(BUILD_CAMP[lowest.bit_length() - 1])
                spaces ^= lowest
        return actions

    def _strongest(self, player: int, space: int) -> bool:
        """Is ``player`` strictly the strongest on ``space`` (as a guard needs)?"""
        leaders, workers = self.leader, self.workers
        mine = workers[player][space] + (LEADER_STRENGTH if leaders[player] == space else 0)
        for other in range(self.num_players):
            if other != player and (workers[other][space]
                                    + (LEADER_STRENGTH if leaders[other] == space else 0)
                                    ) >= mine:
                return False
        return True

    def _need(self, cost: int) -> None:
        if cost > self.ap:
            raise IllegalAction(f"needs {cost} AP, {self.ap} left", code="not_enough_ap",
                                cost=cost, left=self.ap)

    def _has_figure(self, player: int, figure: str, space: int) -> None:
        if figure == LEADER and self.leader[player] != space:
            name = SPACE_NAMES[space]
            raise IllegalAction(f"your leader is not on {name}", code="no_figure", space=name)
        if figure == WORKER and not self.workers[player][space]:
            name = SPACE_NAMES[space]
            raise IllegalAction(f"you have no worker on {name}", code="no_figure", space=name)

    def _apply_turn_action(self, player: int, action: Action) -> None:
        """Check ``action`` completely, then carry it out."""
        if isinstance(action, EndTurn):
            self._end_turn()
            return
        handler = _TURN_ACTIONS.get(type(action))
        if handler is None:
            passing = self._no_passing(action)
            if passing is not None:
                raise passing
            raise IllegalAction(f"'{action}' is not an action of this phase; spend your AP or "
                                "'end' your turn", code="wrong_phase")
        cost = handler(self, player, action)
        self.ap -= cost
        if self.ap == 0:
            self._end_turn()

    def _enter(self, player: int, action: Enter) -> int:
        space, name = action.space, SPACE_NAMES[action.space]
        if space != BASE and self.camp[space] != player:
            raise IllegalAction(
                f"figures enter only onto the base camp ({space_name(BASE)}) or one of your "
                f"camps, not {name}", code="not_a_camp", space=name,
            )
        if action.figure == WORKER and not self.supply[player]:
            raise IllegalAction("no workers left in your supply", code="supply_empty")
        if action.figure == LEADER and self.leader[player] != -1:
            raise IllegalAction("your leader is not in your supply", code="supply_empty")
        self._need(1)
        if action.figure == WORKER:
            self.supply[player] -= 1
            self.workers[player][space] += 1
        else:
            self.leader[player] = space
        spots = self.spots[player]
        if space not in spots:
            insort(spots, space)
        return 1

    def _move(self, player: int, action: Move) -> int:
        source, target, figure = action.source, action.target, action.figure
        workers = self.workers[player]
        if not (workers[source] if figure == WORKER else self.leader[player] == source):
            self._has_figure(player, figure, source)  # raises, naming the missing figure
        # The common case, inline: a 1-AP crossing (``cost`` is read after the loop).
        for other, cost in self.links[source]:  # noqa: B007
            if other == target:
                break
        else:
            cost = 0
            # no crossing: the target may be no place to go at all
            kind = self.kind[target]
            if kind is None:
                b = space_name(target)
                raise IllegalAction(f"{b} is unexplored", code="unexplored", space=b)
            if kind == VOLCANO:
                raise IllegalAction("nobody enters a volcano", code="volcano",
                                    space=space_name(target))
        if cost != 1:
            cost = self.move_cost(source, target, player)
        if not cost:
            a, b = space_name(source), space_name(target)
            if target in NEIGHBOURS[source]:
                raise IllegalAction(f"no stone path between {a} and {b}", code="no_path",
                                    source=a, target=b)
            raise IllegalAction(
                f"{a} and {b} are not adjacent (and not both your camps)", code="not_adjacent",
                source=a, target=b,
            )
        if cost > self.ap:
            self._need(cost)  # raises
        if figure == WORKER:
            workers[source] -= 1
            workers[target] += 1
        else:
            self.leader[player] = target
        spots = self.spots[player]
        if not workers[source] and self.leader[player] != source:
            spots.remove(source)
        if target not in spots:
            insort(spots, target)
        return cost

    def _uses_this_turn(self, player: int, space: int, counts: dict[int, int], limit: str,
                        code: str) -> int:
        """Uncovering and recovering: at most 2 per space per turn, one own figure per use."""
        done = counts.get(space, 0)
        name = SPACE_NAMES[space]
        if done >= 2:
            raise IllegalAction(limit, code=code, space=name)
        figures = self.figures_on(player, space)
        if figures <= done:
            raise IllegalAction(
                f"only {figures} of your figures is on {name}" if figures else
                f"you have no figure on {name}", code="too_few_figures", space=name,
            )
        return done

    def _uncover(self, player: int, action: Uncover) -> int:
        space, name = action.space, SPACE_NAMES[action.space]
        if self.kind[space] != TEMPLE:
            raise IllegalAction(f"{name} is not a temple", code="not_a_temple", space=name)
        if self.guard[space] >= 0:
            raise IllegalAction(f"the temple on {name} is guarded", code="guarded", space=name)
        done = self._uses_this_turn(player, space, self.uncovered,
                                    f"2 levels of {name} were already uncovered this turn",
                                    "uncover_limit")
        level = self.value[space] + 1
        if level > 10 or not self.levels[level]:
            raise IllegalAction(f"no level {level} left in the supply", code="no_level",
                                level=level)
        self._need(2)
        self.levels[level] -= 1
        self.value[space] = level
        self.uncovered[space] = done + 1
        return 2

    def _recover(self, player: int, action: Recover) -> int:
        space, name = action.space, SPACE_NAMES[action.space]
        if self.kind[space] != TREASURE:
            raise IllegalAction(f"{name} is not a treasure tile", code="not_a_treasure",
                                space=name)
        if not self.wafers[space]:
            raise IllegalAction(f"no treasure left on {name}", code="no_treasure", space=name)
        done = self._uses_this_turn(player, space, self.recovered,
                                    f"2 treasures were already taken from {name} this turn",
                                    "recover_limit")
        self._need(3)
        stack = self.wafers[space]
        wafer = stack[-1]
        self.wafers[space] = stack = stack[:-1]  # a new list: clones share the old one
        if not stack and self.camp[space] < 0:
            self.campable |= 1 << space
        self.barriers += 1  # the wafer is turned up: no taking it back
        self.treasures[player][wafer] += 1
        self.recovered[space] = done + 1
        return 3

    def _exchange(self, player: int, action: Exchange) -> int:
        other = action.seat
        if not 0 <= other < self.num_players or other == player:
            raise IllegalAction(f"{seat_name(other)} is not another player in this game",
                                code="bad_seat")
        mine, theirs = self.treasures[player], self.treasures[other]
        if action.give == action.take:
            raise IllegalAction("swapping a treasure for one of the same kind changes nothing",
                                code="same_treasure")
        if mine[action.give] != 1:
            raise IllegalAction(
                f"you can only give a single treasure; you hold {mine[action.give]} of "
                f"kind {action.give}", code="not_single", kind=action.give,
            )
        if theirs[action.take] != 1:
            raise IllegalAction(
                f"you can only take a single treasure; {seat_name(other)} holds "
                f"{theirs[action.take]} of kind {action.take}", code="not_single",
                kind=action.take,
            )
        self._need(3)
        mine[action.give] -= 1
        theirs[action.give] += 1
        theirs[action.take] -= 1
        mine[action.take] += 1
        return 3

    def _build_camp(self, player: int, action: BuildCamp) -> int:
        space, name = action.space, SPACE_NAMES[action.space]
        kind = self.kind[space]
        if not (kind == JUNGLE or (kind == TREASURE and not self.wafers[space])):
            raise IllegalAction(
                f"camps go on a jungle or an emptied treasure tile; {name} is "
                f"{'unexplored' if kind is None else 'a ' + kind.replace('_', ' ')}"
                f"{' with treasure left' if kind == TREASURE else ''}",
                code="not_campable", space=name,
            )
        if self.camp[space] >= 0:
            raise IllegalAction(f"{name} already has a camp", code="camp_taken", space=name)
        if self.camps_built[player] >= COMPONENTS.camps:
            raise IllegalAction("you have built both your camps", code="no_camps_left")
        if self.camp_this_turn:
            raise IllegalAction("one camp per turn", code="camp_limit")
        self._need(5)
        self.camp[space] = player
        self.campable &= ~(1 << space)
        self.nodes[player] = (BASE,) + tuple(sorted(self.nodes[player][1:] + (space,)))
        self.camps_built[player] += 1
        self.camp_this_turn = True
        return 5

    def _place_guard(self, player: int, action: PlaceGuard) -> int:
        space, name = action.space, SPACE_NAMES[action.space]
        if self.kind[space] != TEMPLE:
            raise IllegalAction(f"{name} is not a temple", code="not_a_temple", space=name)
        if self.guard[space] >= 0:
            raise IllegalAction(f"the temple on {name} is already guarded", code="guarded",
                                space=name)
        if self.guards_placed[player] >= COMPONENTS.guards:
            raise IllegalAction("you have placed both your guards", code="no_guards_left")
        self._has_figure(player, action.figure, space)
        mine = self.strength(player, space)
        for other in range(self.num_players):
            if other != player and self.strength(other, space) >= mine:
                raise IllegalAction(
                    f"a guard needs the strictly greatest strength on {name}: yours is {mine}, "
                    f"{seat_name(other)}'s is {self.strength(other, space)}",
                    code="not_strongest", space=name, mine=mine,
                    theirs=self.strength(other, space),
                )
        self._need(5)
        # The guard stays; every other own figure there leaves the game.
        self.removed[player] += self.workers[player][space] + (self.leader[player] == space) - 1
        self.workers[player][space] = 0
        if self.leader[player] == space:
            self.leader[player] = -2
        self.spots[player].remove(space)
        self.guard[space] = player
        self.guard_figure[space] = action.figure
        self.guards_placed[player] += 1
        return 5

    # Hidden information -------------------------------------------------------------------

    def determinize(self, player: int, rng: random.Random) -> TikalState:
        """Reshuffle what nobody can see: tile order inside each letter, face-down wafers."""
        other = self.clone()
        stack, start = other.stack, 0
        while start < len(stack):
            letter = TILES[stack[start]].letter
            end = start
            while end < len(stack) and TILES[stack[end]].letter == letter:
                end += 1
            group = sorted(stack[start:end])  # sorted first: the sample must not depend
            rng.shuffle(group)                  # on the hidden order, only on the view
            stack[start:end] = group
            start = end
        hidden = other.wafer_pile[:]
        holders = [s for s in range(NUM_SPACES) if other.wafers[s]]
        for s in holders:
            hidden.extend(other.wafers[s])
        hidden.sort()
        rng.shuffle(hidden)
        for s in holders:
            size = len(other.wafers[s])
            other.wafers[s], hidden = hidden[:size], hidden[size:]
        other.wafer_pile = hidden
        return other

    def view(self, player: int | None) -> dict[str, Any]:
        return position.view(self, player)

    def to_json(self) -> str:
        return position.to_json(self)


Links = tuple[tuple[int, int], ...]  # a space's crossings: (neighbour, cost) each

# (camp node, all camp nodes) -> (its crossings, its exits as `TikalState._exits` gives
# them, shortcuts to the other nodes included), for the moves out of a camp node.
_NODE_EXITS: dict[tuple[int, tuple[int, ...]], tuple[Links, Exits]] = {}


def _node_exits(space: int, nodes: tuple[int, ...], links: Links) -> Exits:
    """Every move out of camp node ``space`` (its crossings ``links``, then 1-AP shortcuts
    to the other ``nodes``), as `TikalState._exits`; cached while the crossings stay the
    same (a placement next to a camp replaces them)."""
    key = (space, nodes)
    found = _NODE_EXITS.get(key)
    if found is not None and found[0] is links:
        return found[1]
    targets = [other for other, _ in links]
    targets += [n for n in nodes if n != space and n not in targets]
    exits = (max((cost for _, cost in links), default=1), _moves_by_code(space, targets))
    _NODE_EXITS[key] = (links, exits)
    return exits


def _moves_by_code(space: int, targets: list[int]) -> tuple[tuple[Move, ...], ...]:
    """The moves from ``space`` to each of ``targets``, by figure code (see `Exits`)."""
    workers, leaders = MOVE_WORKER[space], MOVE_LEADER[space]
    return ((), tuple([workers[t] for t in targets]), tuple([leaders[t] for t in targets]),
            tuple([row[t] for t in targets for row in (workers, leaders)]))


def _figure(code: str) -> str:
    return "leader" if code == LEADER else "worker"


def _tile_params(tile_id: str) -> dict[str, Any]:
    tile = TILES[tile_id]
    return {"letter": tile.letter, "kind": tile.kind, "value": tile.value}


# What each kind of action does, in English words (`TikalState.describe`).
_WORDS = {
    Enter: "bring a figure from your supply onto a camp",
    Uncover: "uncover the next temple level",
    Recover: "take the top treasure wafer",
    Exchange: "swap single treasures",
    BuildCamp: "build a camp",
    PlaceGuard: "guard this temple for the rest of the game",
    EndTurn: "end your turn",
    Place: "place the drawn tile here",
}
# Per action type: its kind, for `ActionInfo`'s type and code.
_KINDS: dict[type[Action], str] = {
    Place: "place", Enter: "enter", Move: "move", Uncover: "uncover", Recover: "recover",
    Exchange: "exchange", BuildCamp: "camp", PlaceGuard: "guard", EndTurn: "end", Bid: "bid",
    Pass: "pass", Take: "take",
}
# Per action type: its description's parameters (Any: a dict cannot tie each key's type to
# its value's argument; the key is it). Those of the action alone are worked out once per
# prebuilt action (`_Known.params`), those that read the position at every answer.
_ACTION_PARAMS: dict[type[Action], Callable[[Any], dict[str, Any]]] = {
    Enter: lambda a: {"figure": _figure(a.figure), "space": SPACE_NAMES[a.space]},
    Move: lambda a: {"figure": _figure(a.figure), "from": SPACE_NAMES[a.source],
                     "to": SPACE_NAMES[a.target]},
    Recover: lambda a: {"space": SPACE_NAMES[a.space]},
    Exchange: lambda a: {"give": a.give, "seat": a.seat, "take": a.take},
    BuildCamp: lambda a: {"space": SPACE_NAMES[a.space]},
    Bid: lambda a: {"amount": a.amount},
    Pass: lambda a: {},
}
_POSITION_PARAMS: dict[type[Action], Callable[[TikalState, Any], dict[str, Any]]] = {
    Place: lambda s, a: {"space": SPACE_NAMES[a.space], "rotation": a.rotation,
                         **(_tile_params(s.drawn) if s.drawn else {})},
    Uncover: lambda s, a: {"space": SPACE_NAMES[a.space], "level": s.value[a.space] + 1},
    PlaceGuard: lambda s, a: {"figure": _figure(a.figure), "space": SPACE_NAMES[a.space],
                              "value": s.value[a.space]},
    EndTurn: lambda s, a: {"ap_left": s.ap},
    Take: lambda s, a: {"index": a.index + 1,
                        **(_tile_params(s.auction.display[a.index])
                           if s.auction and a.index < len(s.auction.display) else {})},
}


class _Known(NamedTuple):
    """What an action's data and words hold whatever the position: a legal list writes
    them for every action of every position, so the prebuilt actions' are written once."""

    notation: str
    kind: str  # `ActionInfo`'s type; its code is "tikal.<kind>"
    code: str
    cost: int | None  # AP (0: none); None for a move, whose cost is the position's
    words: str  # `describe`'s text; a move's up to its cost
    # the description's parameters (copied for each answer) when they are the action's
    # alone; None: `_POSITION_PARAMS` works them out from the position
    params: dict[str, Any] | None


def _known(action: Action) -> _Known:
    kind = _KINDS[type(action)]  # (`parse` lets through only Tikal's actions)
    by_action = _ACTION_PARAMS.get(type(action))
    fixed = None if by_action is None else by_action(action)
    if isinstance(action, Move):
        figure = "leader" if action.figure == LEADER else "worker"
        return _Known(str(action), kind, f"tikal.{kind}", None,
                      f"{action}  (move your {figure} {SPACE_NAMES[action.source]} → "
                      f"{SPACE_NAMES[action.target]}, ", fixed)
    cost = COSTS.get(type(action), 0)
    words = _WORDS.get(type(action), "")
    tail = f", {cost} AP" if cost else ""
    return _Known(str(action), kind, f"tikal.{kind}", cost,
                  f"{action}  ({words}{tail})" if words else str(action), fixed)


# id(prebuilt action) -> its `_Known`, written when first asked for (not at import: the
# ~5,500 prebuilt actions' texts cost ~20 ms, and most processes write a few of them).
_KNOWN: dict[int, _Known] = {}


def _remember(action: Action) -> _Known:
    """`_known`, kept for a prebuilt action (the others are written at each ask)."""
    known = _known(action)
    if id(action) in PREBUILT:
        _KNOWN[id(action)] = known
    return known

# The actions that spend AP, per type: check, carry out, return the AP spent (Any as in
# `_ACTION_PARAMS`: each handler takes the action of its key's type).
_TURN_ACTIONS: dict[type[Action], Callable[[TikalState, int, Any], int]] = {
    Enter: TikalState._enter,
    Move: TikalState._move,
    Uncover: TikalState._uncover,
    Recover: TikalState._recover,
    Exchange: TikalState._exchange,
    BuildCamp: TikalState._build_camp,
    PlaceGuard: TikalState._place_guard,
}

