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
"""

from __future__ import annotations

import random

from boardgamesbot.engine import Action, GameError, IllegalAction, State

from .components import (
    BASE_CAMP,
    COMPONENTS,
    JUNGLE,
    NEIGHBOURS,
    NUM_SPACES,
    TEMPLE,
    TREASURE,
    VOLCANO,
    rotate,
    space_name,
)
from .notation import (
    END,
    LEADER,
    WORKER,
    BuildCamp,
    EndTurn,
    Enter,
    Exchange,
    Move,
    Place,
    PlaceGuard,
    Recover,
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
    uncover,
)

AP_PER_TURN = 10
LEADER_STRENGTH = 3
TREASURE_POINTS = (0, 1, 3, 6)  # by how many of one kind a player holds
COSTS = {Enter: 1, Uncover: 2, Recover: 3, Exchange: 3, BuildCamp: 5, PlaceGuard: 5}

TILES = {tile.id: tile for tile in COMPONENTS.tiles}
ROTATED = {tile.id: tuple(rotate(tile.stones, r) for r in range(6)) for tile in COMPONENTS.tiles}
BASE = COMPONENTS.base_camp
OPPOSITE = (3, 4, 5, 0, 1, 2)
ADJACENT = tuple(tuple(n for n in sides if n >= 0) for sides in NEIGHBOURS)
# Per tile and rotation: a 6-bit mask of the board sides that carry stones.
STONED_SIDES = {
    tile_id: tuple(sum(1 << side for side in range(6) if stones[side]) for stones in rotations)
    for tile_id, rotations in ROTATED.items()
}
PLACE_ANY_ROTATION = tuple(tuple(place(s, r) for r in range(6)) for s in range(NUM_SPACES))
# MOVES[figure][source][target]: every move action, built once (the inner loop only looks up).
MOVES = {f: tuple(tuple(move(f, a, b) for b in range(NUM_SPACES)) for a in range(NUM_SPACES))
         for f in (LEADER, WORKER)}

# Phases of play.
PLACE, ACTIONS, OVER = "place", "actions", "over"
# Scoring rounds.
VOLCANO_ROUND, FINAL_ROUND = "volcano", "final"


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


class TikalState(State):
    """A Tikal position. Build one with ``load_game("tikal").new(...)``."""

    __slots__ = (
        "game", "num_players", "variant",
        # the board
        "kind", "stones", "tile_id", "printed", "value", "wafers", "camp", "guard",
        "guard_figure", "links",
        # the players
        "workers", "leader", "supply", "removed", "camps_built", "guards_placed",
        "treasures", "points",
        # the supplies
        "stack", "drawn", "wafer_pile", "levels",
        # the turn
        "phase", "current", "ap", "uncovered", "recovered", "camp_this_turn",
        "round", "queue", "volcano_drawer", "last_placer", "score_history",
        # auction variant
        "auction",
        # undo: how many barriers (a turn's end, a wafer turned up, a bid or pass) were crossed
        "barriers",
    )

    # Set up -------------------------------------------------------------------------

    @classmethod
    def setup(cls, game, num_players: int, seed: int, variant: str) -> "TikalState":
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
        for space in range(NUM_SPACES):
            state._relink(space)
        n = num_players
        state.workers = [[0] * NUM_SPACES for _ in range(n)]
        state.leader = [-1] * n  # -1 in supply, -2 out of the game (a guard)
        state.supply = [COMPONENTS.workers] * n
        state.removed = [0] * n
        state.camps_built = [0] * n
        state.guards_placed = [0] * n
        state.treasures = [[0] * (COMPONENTS.treasure_kinds + 1) for _ in range(n)]
        state.points = [20 if variant == "auction" else 0] * n
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
        if variant == "auction":
            from .auction import start_game

            start_game(state)
        else:
            state._start_turn(0)
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

    def _relink(self, space: int) -> None:
        """Recompute the passable crossings out of ``space`` (after a placement)."""
        kind = self.kind[space]
        if kind is None or kind == VOLCANO:
            self.links[space] = ()
            return
        links = []
        stones = self.stones[space]
        for side, other in enumerate(NEIGHBOURS[space]):
            if other < 0 or self.kind[other] is None or self.kind[other] == VOLCANO:
                continue
            cost = stones[side] + self.stones[other][OPPOSITE[side]]
            if cost:
                links.append((other, cost))
        self.links[space] = tuple(links)

    def clone(self) -> "TikalState":
        other = TikalState.__new__(TikalState)
        other.game = self.game
        other.num_players = self.num_players
        other.variant = self.variant
        other.kind = self.kind[:]
        other.stones = self.stones[:]
        other.tile_id = self.tile_id[:]
        other.printed = self.printed[:]
        other.value = self.value[:]
        other.wafers = [w[:] if w else w for w in self.wafers]
        other.camp = self.camp[:]
        other.guard = self.guard[:]
        other.guard_figure = self.guard_figure[:]
        other.links = self.links[:]
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
        other.score_history = [s[:] for s in self.score_history]
        other.auction = self.auction.copy() if self.auction is not None else None
        other.barriers = self.barriers
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
        if self.phase == OVER or player != self.current:
            return []
        if self.phase == PLACE:
            return self._legal_placements()
        if self.phase == ACTIONS:
            return self._legal_turn_actions(player)
        from .auction import legal_auction_actions

        return legal_auction_actions(self, player)

    def apply(self, player: int, action: Action | str) -> Action:
        action = self.parse(action)
        if self.phase == OVER:
            raise IllegalAction("the game is over", code="game_over")
        if player != self.current:
            if self.auction is not None:
                from .auction import check_out_of_turn

                check_out_of_turn(self, player, action)  # "you passed", "you already played"
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
            from .auction import apply_auction_action

            apply_auction_action(self, player, action)
        return action

    def describe(self, action: Action) -> str:
        if isinstance(action, Move):
            figure = "leader" if action.figure == LEADER else "worker"
            cost = self.move_cost(action.source, action.target, self.current)
            return (f"{action}  (move your {figure} {space_name(action.source)} → "
                    f"{space_name(action.target)}, {cost} AP)")
        cost = COSTS.get(type(action))
        words = {
            Enter: "bring a figure from your supply onto a camp",
            Uncover: "uncover the next temple level",
            Recover: "take the top treasure wafer",
            Exchange: "swap single treasures",
            BuildCamp: "build a camp",
            PlaceGuard: "guard this temple for the rest of the game",
            EndTurn: "end your turn",
            Place: "place the drawn tile here",
        }.get(type(action), "")
        tail = f", {cost} AP" if cost else ""
        return f"{action}  ({words}{tail})" if words else str(action)

    # Placement --------------------------------------------------------------------------

    def frontier(self) -> list[int]:
        """Empty spaces adjacent to the explored area."""
        kind = self.kind
        return [
            s for s in range(NUM_SPACES)
            if kind[s] is None and any(kind[n] is not None for n in ADJACENT[s])
        ]

    def _sides_open(self, space: int) -> tuple[int, int]:
        """Two 6-bit side masks of ``space``: sides facing an explored non-volcano space,
        and those of them where that neighbour already shows stones."""
        kind, board_stones = self.kind, self.stones
        explored = stoned = 0
        for side, other in enumerate(NEIGHBOURS[space]):
            if other >= 0 and kind[other] is not None and kind[other] != VOLCANO:
                explored |= 1 << side
                if board_stones[other][OPPOSITE[side]]:
                    stoned |= 1 << side
        return explored, stoned

    def _connects(self, space: int, tile_id: str, rotation: int) -> bool:
        """Does the tile, so placed, share a stoned side (on either tile) with a non-volcano?"""
        explored, stoned = self._sides_open(space)
        return bool(stoned or STONED_SIDES[tile_id][rotation] & explored)

    def placements(self, tile_id: str) -> list[Action]:
        """Where and how ``tile_id`` may be placed (with the no-legal-space fallback)."""
        frontier = self.frontier()
        if TILES[tile_id].kind == VOLCANO:
            return [place(s, 0) for s in frontier]
        masks = STONED_SIDES[tile_id]
        legal = []
        for space in frontier:
            explored, stoned = self._sides_open(space)
            if stoned:  # a neighbour's stones already lead here: every rotation connects
                legal.extend(PLACE_ANY_ROTATION[space])
            else:
                legal.extend(place(space, r) for r in range(6) if masks[r] & explored)
        if legal:
            return legal
        # Decision: a tile with no legal space goes on any frontier space, any rotation.
        return [a for s in frontier for a in PLACE_ANY_ROTATION[s]]

    def _legal_placements(self) -> list[Action]:
        return self.placements(self.drawn)

    def _check_place(self, action: Place) -> None:
        tile = TILES[self.drawn]
        space = action.space
        name = space_name(space)
        if self.kind[space] is not None:
            raise IllegalAction(f"{name} is already explored", code="space_taken", space=name)
        if not any(n >= 0 and self.kind[n] is not None for n in NEIGHBOURS[space]):
            raise IllegalAction(
                f"{name} is not next to the explored area", code="not_adjacent", space=name
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
        self.stones[space] = ROTATED[tile_id][rotation]
        self.tile_id[space] = tile_id
        self.printed[space] = self.value[space] = tile.value
        if tile.kind == TREASURE:
            pile = self.wafer_pile
            self.wafers[space] = pile[len(pile) - tile.masks:]
            del pile[len(pile) - tile.masks:]
        self._relink(space)
        for other in NEIGHBOURS[space]:
            if other >= 0:
                self._relink(other)

    def _do_place(self, action: Place) -> None:
        self.put_tile(self.drawn, action.space, action.rotation)
        self.drawn = None
        self.last_placer = self.current
        if self.volcano_drawer == self.current:
            self.volcano_drawer = -1
        self._begin_actions()

    # Turn flow ----------------------------------------------------------------------------

    def _start_turn(self, player: int) -> None:
        """A basic-game turn: draw the top tile; a volcano starts a scoring round."""
        self.current = player
        self.drawn = self.stack.pop()
        if TILES[self.drawn].kind == VOLCANO:
            self.volcano_drawer = player
            self.start_scoring_round(VOLCANO_ROUND, player)
        else:
            self.phase = PLACE

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
            self.after_volcano_round()
            return
        self.after_normal_turn(player)

    def after_volcano_round(self) -> None:
        if self.variant == "auction":
            from .auction import after_volcano_round

            after_volcano_round(self)
        else:
            self.phase = PLACE

    def after_normal_turn(self, player: int) -> None:
        if self.variant == "auction":
            from .auction import after_turn

            after_turn(self, player)
        elif not self.stack:
            self.start_scoring_round(FINAL_ROUND, (player + 1) % self.num_players)
        else:
            self._start_turn((player + 1) % self.num_players)

    # Scoring ------------------------------------------------------------------------------

    def strength(self, player: int, space: int) -> int:
        return self.workers[player][space] + (LEADER_STRENGTH if self.leader[player] == space else 0)

    def controller(self, space: int) -> int:
        """Who scores this temple now: its guard's owner, else strictly the strongest (-1: nobody)."""
        if self.guard[space] >= 0:
            return self.guard[space]
        best, owner = 0, -1
        for player in range(self.num_players):
            strength = self.strength(player, space)
            if strength > best:
                best, owner = strength, player
            elif strength == best:
                owner = -1
        return owner

    def temple_points(self, player: int) -> int:
        return sum(
            self.value[s] for s in range(NUM_SPACES)
            if self.kind[s] == TEMPLE and self.controller(s) == player
        )

    def treasure_points(self, player: int) -> int:
        return sum(TREASURE_POINTS[count] for count in self.treasures[player])

    def scoring_points(self, player: int) -> int:
        return self.temple_points(player) + self.treasure_points(player)

    # The 10 AP --------------------------------------------------------------------------

    def figures_on(self, player: int, space: int) -> int:
        return self.workers[player][space] + (self.leader[player] == space)

    def camp_nodes(self, player: int) -> list[int]:
        """The base camp and the player's camps: entry points, linked by 1-AP shortcuts."""
        return [BASE] + [s for s in range(NUM_SPACES) if self.camp[s] == player]

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
        ap = self.ap
        actions: list[Action] = [END]
        workers = self.workers[player]
        leader = self.leader[player]
        nodes = self.camp_nodes(player)
        if self.supply[player]:
            actions.extend(enter(WORKER, s) for s in nodes)
        if leader == -1:
            actions.extend(enter(LEADER, s) for s in nodes)
        kind, links = self.kind, self.links
        occupied = [s for s in range(NUM_SPACES) if workers[s]]
        if leader >= 0 and not workers[leader]:
            occupied.append(leader)
            occupied.sort()
        for space in occupied:
            count = workers[space] + (leader == space)
            figures = (WORKER, LEADER) if workers[space] and leader == space else (
                (WORKER,) if workers[space] else (LEADER,))
            targets = [other for other, cost in links[space] if cost <= ap]
            if space in nodes:
                targets.extend(n for n in nodes if n != space and n not in targets)
            rows = [MOVES[figure][space] for figure in figures]
            for target in targets:
                for row in rows:
                    actions.append(row[target])
            if kind[space] == TEMPLE:
                if (
                    ap >= 2
                    and self.guard[space] < 0
                    and self.uncovered.get(space, 0) < min(2, count)
                    and self.value[space] < 10
                    and self.levels[self.value[space] + 1]
                ):
                    actions.append(uncover(space))
                if ap >= 5 and self.guard[space] < 0 and self.guards_placed[player] < COMPONENTS.guards:
                    mine = self.strength(player, space)
                    if all(self.strength(p, space) < mine for p in range(self.num_players)
                           if p != player):
                        actions.extend(place_guard(f, space) for f in figures)
            elif kind[space] == TREASURE and ap >= 3 and self.wafers[space]:
                if self.recovered.get(space, 0) < min(2, count):
                    actions.append(recover(space))
        if ap >= 3:
            mine = self.treasures[player]
            singles = [k for k in range(1, len(mine)) if mine[k] == 1]
            if singles:
                for other in range(self.num_players):
                    if other == player:
                        continue
                    theirs = self.treasures[other]
                    for take in range(1, len(theirs)):
                        if theirs[take] == 1:
                            actions.extend(exchange(give, other, take) for give in singles
                                           if give != take)
        if ap >= 5 and not self.camp_this_turn and self.camps_built[player] < COMPONENTS.camps:
            for space in range(NUM_SPACES):
                if self.camp[space] < 0 and (
                    kind[space] == JUNGLE or (kind[space] == TREASURE and not self.wafers[space])
                ):
                    actions.append(build_camp(space))
        return actions

    def _need(self, cost: int) -> None:
        if cost > self.ap:
            raise IllegalAction(f"needs {cost} AP, {self.ap} left", code="not_enough_ap",
                                cost=cost, left=self.ap)

    def _has_figure(self, player: int, figure: str, space: int) -> None:
        if figure == LEADER and self.leader[player] != space:
            name = space_name(space)
            raise IllegalAction(f"your leader is not on {name}", code="no_figure", space=name)
        if figure == WORKER and not self.workers[player][space]:
            name = space_name(space)
            raise IllegalAction(f"you have no worker on {name}", code="no_figure", space=name)

    def _apply_turn_action(self, player: int, action: Action) -> None:
        """Check ``action`` completely, then carry it out."""
        if isinstance(action, EndTurn):
            self._end_turn()
            return
        handler = _TURN_ACTIONS.get(type(action))
        if handler is None:
            raise IllegalAction(f"'{action}' is not an action of this phase; spend your AP or "
                                "'end' your turn", code="wrong_phase")
        cost = handler(self, player, action)
        self.ap -= cost
        if self.ap == 0:
            self._end_turn()

    def _enter(self, player: int, action: Enter) -> int:
        space, name = action.space, space_name(action.space)
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
        return 1

    def _move(self, player: int, action: Move) -> int:
        source, target = action.source, action.target
        self._has_figure(player, action.figure, source)
        if self.kind[target] is None:
            b = space_name(target)
            raise IllegalAction(f"{b} is unexplored", code="unexplored", space=b)
        if self.kind[target] == VOLCANO:
            raise IllegalAction("nobody enters a volcano", code="volcano", space=space_name(target))
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
        self._need(cost)
        if action.figure == WORKER:
            self.workers[player][source] -= 1
            self.workers[player][target] += 1
        else:
            self.leader[player] = target
        return cost

    def _uses_this_turn(self, player: int, space: int, counts: dict, limit: str,
                        code: str) -> int:
        """Uncovering and recovering: at most 2 per space per turn, one own figure per use."""
        done = counts.get(space, 0)
        name = space_name(space)
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
        space, name = action.space, space_name(action.space)
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
        space, name = action.space, space_name(action.space)
        if self.kind[space] != TREASURE:
            raise IllegalAction(f"{name} is not a treasure tile", code="not_a_treasure",
                                space=name)
        if not self.wafers[space]:
            raise IllegalAction(f"no treasure left on {name}", code="no_treasure", space=name)
        done = self._uses_this_turn(player, space, self.recovered,
                                    f"2 treasures were already taken from {name} this turn",
                                    "recover_limit")
        self._need(3)
        wafer = self.wafers[space].pop()
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
        space, name = action.space, space_name(action.space)
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
        self.camps_built[player] += 1
        self.camp_this_turn = True
        return 5

    def _place_guard(self, player: int, action: PlaceGuard) -> int:
        space, name = action.space, space_name(action.space)
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
                    code="not_strongest", space=name,
                )
        self._need(5)
        # The guard stays; every other own figure there leaves the game.
        self.removed[player] += self.workers[player][space] + (self.leader[player] == space) - 1
        self.workers[player][space] = 0
        if self.leader[player] == space:
            self.leader[player] = -2
        self.guard[space] = player
        self.guard_figure[space] = action.figure
        self.guards_placed[player] += 1
        return 5

    # Hidden information -------------------------------------------------------------------

    def determinize(self, player: int, rng: random.Random) -> "TikalState":
        """Reshuffle what nobody can see: tile order inside each letter, face-down wafers.

        Each hidden group is sorted before it is shuffled, never shuffled from its
        true order: then the sample depends only on what ``player`` sees and on
        ``rng`` (two positions that differ only in hidden information give the same
        samples, hence the same bot decisions; tests/test_honesty.py proves it).
        """
        other = self.clone()
        stack, start = other.stack, 0
        while start < len(stack):
            letter = TILES[stack[start]].letter
            end = start
            while end < len(stack) and TILES[stack[end]].letter == letter:
                end += 1
            group = sorted(stack[start:end])
            rng.shuffle(group)
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

    def view(self, player: int | None) -> dict:
        from .position import view

        return view(self, player)

    def to_json(self) -> str:
        from .position import to_json

        return to_json(self)


_TURN_ACTIONS = {
    Enter: TikalState._enter,
    Move: TikalState._move,
    Uncover: TikalState._uncover,
    Recover: TikalState._recover,
    Exchange: TikalState._exchange,
    BuildCamp: TikalState._build_camp,
    PlaceGuard: TikalState._place_guard,
}


def new_state(game, num_players: int, seed: int, variant: str = "basic") -> TikalState:
    if variant not in ("basic", "auction"):
        raise GameError(f"unknown Tikal variant {variant!r}; choose basic or auction",
                        code="bad_option", option="variant", value=variant)
    return TikalState.setup(game, num_players, seed, variant)
