"""The rules of Cartographers: setup, explore, simultaneous draw, ambushes, seasons.

One `CartographersState` is a whole table: every player's `Sheet`, coins and
stars per season, the explore deck, the ambush pile and the current step.

Steps. A game is a chain of *steps*, each a simultaneous decision:

* ``draw``: every seat chooses a drawing for the revealed explore card; the
  choices stay hidden until the last seat has chosen, then all are drawn.
* ``ambush`` (two or more players): every seat draws the revealed monster on
  its neighbour's sheet (clockwise: the previous seat's sheet, since sheets
  are passed to the next seat). Solo ambushes are resolved automatically by
  the corner-and-ring rule (`solo_ambush_cells`).
* ``over``: after winter's scoring.

Chance. All shuffles come from ``chance`` (the seed, as text): setup from
``"{chance}/edicts"``, ``"{chance}/ambush"``, season *n*'s explore deck from
``"{chance}/season{n}"`` over the sorted cards. So seed + action list is the
whole game, and `determinize` hides the future by replacing ``chance``.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from typing import Any, NamedTuple

import numpy as np

from boardgamesbot.engine import Action, ActionInfo, Game, IllegalAction

from . import position
from .components import (
    AMBUSH_CARDS,
    AMBUSH_NAMES,
    CARDS,
    COIN_TRACK,
    DRAWN_TERRAINS,
    SCORING_CARDS,
    SCORING_DECKS,
    SEASON_CARDS,
    SEASONS,
    SIZE,
    SOLO_TITLES,
    AmbushCard,
    ExploreCard,
    MapSide,
    RuinsCard,
)
from .notation import Ambush, AmbushFallback, Draw, Fallback, Pass, parse_action
from .scoring import score_card
from .sheet import (
    ORIENTATIONS,
    Sheet,
    bits,
    cell_name,
    mask_of,
    orientations,
    oriented,
    placements,
    shape_cells_at,
)
from .steps import AMBUSH, DRAW, OVER
from .table import Choice, Table

__all__ = ["AMBUSH", "DRAW", "OVER", "CartographersState", "solo_ambush_cells"]

_TERRAIN_INDEX = {terrain: index for index, terrain in enumerate(DRAWN_TERRAINS)}
_DECK_NAMES = tuple(sorted(card.name for card in SEASON_CARDS))
_FALLBACKS = tuple(tuple(Fallback(t, cell) for t in DRAWN_TERRAINS) for cell in range(SIZE * SIZE))
_AMBUSH_FALLBACKS = tuple(AmbushFallback(cell) for cell in range(SIZE * SIZE))
# The same as arrays (a row per space): the empty spaces' 1x1s are picked with numpy.
_FALLBACK_ROWS = np.empty((SIZE * SIZE, len(DRAWN_TERRAINS)), object)
_FALLBACK_ROWS[:] = _FALLBACKS
_AMBUSH_FALLBACK_ROWS = np.empty(SIZE * SIZE, object)
_AMBUSH_FALLBACK_ROWS[:] = _AMBUSH_FALLBACKS
_PASS = (Pass(),)


# Precomputed action tables -----------------------------------------------------------


@cache
def draw_table(card: ExploreCard) -> tuple[tuple[int, tuple[Draw, ...]], ...]:
    """Every in-map drawing of ``card`` as ``(mask, actions)``, canonical orientations only.

    The actions sharing a mask (one per terrain on the card) are grouped so
    the legality test ``mask & filled`` runs once per placement.
    """
    table: list[tuple[int, tuple[Draw, ...]]] = []
    for number, shape in enumerate(card.shapes, 1):
        for orientation, anchor, mask in placements(shape.cells):
            table.append((mask, tuple(Draw(terrain, number, orientation, anchor)
                                      for terrain in card.terrains)))
    return tuple(table)


_LOW = (1 << 64) - 1


@cache
def _flat_draw_table(card: ExploreCard) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`draw_table` one action a row, for listing the legal drawings with numpy: each
    mask split into its low 64 bits and the rest (a sheet has 121 spaces), and the
    actions. Listing the legal drawings is most of a random game's time (issue 32):
    two array ANDs replace a Python loop over up to a thousand placements."""
    masks = [mask for mask, group in draw_table(card) for _ in group]
    actions = np.empty(len(masks), object)
    actions[:] = [action for _, group in draw_table(card) for action in group]
    return (np.array([mask & _LOW for mask in masks], np.uint64),
            np.array([mask >> 64 for mask in masks], np.uint64), actions)


class _CardTables:
    """One explore card's tables for the inner loop, found by the card's name (hashing the
    card itself, a frozen dataclass of tuples, cost more than listing its drawings):
    the flat arrays of `_flat_draw_table`, the grouped `draw_table`, and each prebuilt
    drawing's effect by identity, so that `apply` of an action `legal_actions` listed
    skips parsing the shape again (issue 32)."""

    __slots__ = ("flat", "grouped", "effects", "words")

    def __init__(self, card: ExploreCard) -> None:
        self.flat = _flat_draw_table(card)
        self.grouped = draw_table(card)
        coins = [shape.coin for shape in card.shapes]
        # id(action) -> (terrain index, mask, coin); the tables live as long as the module,
        # so these ids are never reused by other objects.
        self.effects = {id(action): (_TERRAIN_INDEX[action.terrain], mask,
                                     coins[action.shape - 1])
                        for mask, group in self.grouped for action in group}
        # id(action) -> its `_Drawing`, written when first asked for (ids as above)
        self.words: dict[int, _Drawing] = {}


class _Drawing(NamedTuple):
    """What a drawing's words and data hold on its card, whatever the sheets: a legal list
    writes them for each of its ~1,000 drawings at every state, so a card's prebuilt
    drawings keep theirs (`_drawing`)."""

    words: str  # `describe`'s text
    params: dict[str, Any]  # `action_info`'s parameters, "cells" as the tuple below
    cells: tuple[str, ...]  # the spaces it covers (a fresh list in each answer)


_CARD_TABLES: dict[str, _CardTables] = {}


def _card_tables(card: ExploreCard) -> _CardTables:
    """The tables of ``card``, one of `CARDS` (whose names are unique: `self.card`)."""
    found = _CARD_TABLES.get(card.name)
    if found is None:
        found = _CARD_TABLES[card.name] = _CardTables(card)
    return found


def _drawing(card: ExploreCard, action: Draw) -> _Drawing:
    """``action``'s words and data on ``card`` (its shape is one of the card's)."""
    tables = _card_tables(card)
    found = tables.words.get(id(action))
    if found is not None:
        return found
    shape = card.shapes[action.shape - 1]
    cells = _covered(shape.cells, action.orientation, action.cell)
    coin = " (+1 coin)" if shape.coin else ""
    found = _Drawing(
        f"{action}: {action.terrain} shape {action.shape}{coin} turned "
        f"{ORIENTATIONS[action.orientation]} on {', '.join(cells) or 'off the map'}",
        {"terrain": action.terrain, "shape": action.shape,
         "orientation": ORIENTATIONS[action.orientation], "cell": cell_name(action.cell),
         "cells": cells, "coin": bool(shape.coin)},
        cells)
    if id(action) in tables.effects:  # one of the card's own: kept as long as the module
        tables.words[id(action)] = found
    return found


def _touching(low: np.ndarray, high: np.ndarray, mask: int) -> np.ndarray:
    """Which rows of a flat table overlap ``mask``."""
    touching: np.ndarray = ((low & np.uint64(mask & _LOW)) | (high & np.uint64(mask >> 64))) != 0
    return touching


@cache
def ambush_table(card: AmbushCard) -> tuple[tuple[int, Ambush], ...]:
    return tuple((mask, Ambush(o, anchor)) for o, anchor, mask in placements(card.cells))


def _flat(table: tuple[tuple[int, Action], ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(mask, action)`` rows as `_flat_draw_table` keeps them (low bits, high bits,
    actions)."""
    actions = np.empty(len(table), object)
    actions[:] = [action for _, action in table]
    return (np.array([mask & _LOW for mask, _ in table], np.uint64),
            np.array([mask >> 64 for mask, _ in table], np.uint64), actions)


_AMBUSH_FLAT: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _ambush_flat(card: AmbushCard) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`ambush_table` flat, by the card's name (one of `CARDS`), for listing the landings
    that fit with numpy as the drawings are."""
    found = _AMBUSH_FLAT.get(card.name)
    if found is None:
        found = _AMBUSH_FLAT[card.name] = _flat(ambush_table(card))
    return found


def _cells_of_mask(mask: int) -> np.ndarray:
    """The spaces of ``mask`` as a boolean array of the sheet's 121 spaces."""
    return np.unpackbits(np.frombuffer(mask.to_bytes(16, "little"), np.uint8),
                         count=SIZE * SIZE, bitorder="little").view(bool)


@cache
def _mask_lookup(cells: tuple[tuple[int, int], ...]) -> dict[tuple[int, int], int]:
    """(canonical orientation, anchor) -> mask, for the in-map placements of ``cells``."""
    return {(o, anchor): mask for o, anchor, mask in placements(cells)}


def _placed_mask(cells: tuple[tuple[int, int], ...], orientation: int, anchor: int
                 ) -> tuple[int, int | None]:
    """The canonical orientation and mask of a placement (mask ``None`` if it leaves the map)."""
    canonical = orientations(cells)[orientation]
    return canonical, _mask_lookup(cells).get((canonical, anchor))


@lru_cache(maxsize=1 << 15)
def _covered(cells: tuple[tuple[int, int], ...], orientation: int, anchor: int
             ) -> tuple[str, ...]:
    """The names of the spaces ``cells`` covers turned ``orientation`` with its anchor on
    ``anchor`` (none if it leaves the map). Written once: an ambush's legal list names
    them for each of its landings at every state, and a drawing's words (`_drawing`) are
    written per card (the bound, above the 17,424 shapes × orientations × anchors of all
    the cards, only keeps odd callers from piling up)."""
    placed = shape_cells_at(oriented(cells, orientation), anchor) or []
    return tuple(cell_name(r * SIZE + c) for r, c in placed)


def _cell_list(mask: int) -> str:
    return ", ".join(cell_name(i) for i in bits(mask))


# Solo ambushes -----------------------------------------------------------------------


def _ring(depth: int, corner: str, direction: str) -> list[tuple[int, int]]:
    """Cells of ring ``depth`` (0 = the map edge) from ``corner``, walking ``direction``.

    Clockwise is as seen on the sheet: along the top edge to the right, down
    the right edge, along the bottom edge to the left, up the left edge.
    """
    low, high = depth, SIZE - 1 - depth
    if low == high:
        return [(low, low)]
    cycle = (
        [(low, c) for c in range(low, high)]
        + [(r, high) for r in range(low, high)]
        + [(high, c) for c in range(high, low, -1)]
        + [(r, low) for r in range(high, low, -1)]
    )
    start = {"top-left": (low, low), "top-right": (low, high),
             "bottom-right": (high, high), "bottom-left": (high, low)}[corner]
    index = cycle.index(start)
    cycle = cycle[index:] + cycle[:index]
    if direction == "counterclockwise":
        cycle = [cycle[0]] + cycle[:0:-1]
    return cycle


def solo_ambush_cells(card: AmbushCard, filled: int) -> list[tuple[int, int]] | None:
    """Where the solo ambush monster goes on a sheet whose filled spaces are ``filled``.

    The rule: from the card's corner, walk the outermost ring in the card's
    direction; the monster goes at the first place along the ring where it
    fits, in its printed orientation. Nothing fits on that ring: try the next
    ring inward, from the same corner in the same direction.

    The project's precise ordering (a Decision of the rules reference): for
    each ring cell in walking order, try the printed shape's cells in reading
    order (top row first, left to right) as the one placed on that ring cell.
    A placement is "on ring d" when it covers that ring cell and stays inside
    ring d's square (rows and columns d to 10 - d). The first placement whose
    cells are all empty wins. Returns ``None`` when it fits on no ring.
    """
    shape = sorted(card.cells)
    for depth in range((SIZE + 1) // 2):
        low, high = depth, SIZE - 1 - depth
        for ring_row, ring_col in _ring(depth, card.solo_corner, card.direction):
            for pinned_row, pinned_col in shape:
                cells = [(ring_row + r - pinned_row, ring_col + c - pinned_col) for r, c in shape]
                if not all(low <= r <= high and low <= c <= high for r, c in cells):
                    continue
                if mask_of(cells) & filled == 0:
                    return cells
    return None


# The state ---------------------------------------------------------------------------


class CartographersState(Table):
    """A Cartographers table. Build one with ``GAME.new(num_players, seed, side=...)``."""

    __slots__ = ()  # the fields are `Table`'s

    def __init__(self) -> None:  # use GAME.new or GAME.from_json
        self.last_ambush = None
        self.shown = None

    @classmethod
    def setup(cls, game: Game, num_players: int, seed: int, side: MapSide
              ) -> CartographersState:
        """A new game on map ``side``; all chance comes from ``seed``."""
        chance = str(seed)
        rng = random.Random(f"{chance}/edicts")
        edicts = tuple(
            rng.choice(sorted(name for name, card in SCORING_CARDS.items() if card.deck == deck))
            for deck in SCORING_DECKS
        )
        pile = sorted(card.name for card in AMBUSH_CARDS)
        random.Random(f"{chance}/ambush").shuffle(pile)
        deck = sorted(_DECK_NAMES + (pile.pop(0),))
        random.Random(f"{chance}/season0").shuffle(deck)
        state = cls()
        state.game = game
        state.num_players = num_players
        state.side = side
        state.chance = chance
        state.edicts = edicts
        state.season = 0
        state.deck = deck
        state.revealed = []
        state.ambush_pile = pile
        state.removed = []
        state.ruins_pending = False
        state.step = DRAW
        state.chosen = [None] * num_players
        state.sheets = [Sheet(side) for _ in range(num_players)]
        state.coins = [0] * num_players
        state.surrounded = [0] * num_players
        state.records = [[] for _ in range(num_players)]
        state.last_drawn = [0] * num_players
        state._explore()
        return state

    # Queries ---------------------------------------------------------------------------

    def current_players(self) -> list[int]:
        if self.step == OVER:
            return []
        return [p for p, choice in enumerate(self.chosen) if choice is None]

    @property
    def card(self) -> ExploreCard | AmbushCard | None:
        """The card being drawn: the explore card, or the ambush being resolved."""
        if self.step == DRAW:
            return self.explore_card
        if self.step == AMBUSH:
            return self.ambush_card
        return None

    @property
    def explore_card(self) -> ExploreCard:
        """The explore card being drawn from (in a drawing step: `_explore` reveals past
        ruins cards, so the last revealed card is an explore card)."""
        card = CARDS[self.revealed[-1]]
        assert isinstance(card, ExploreCard), f"{card.name} is not an explore card"
        return card

    @property
    def ambush_card(self) -> AmbushCard:
        """The ambush being resolved (in an ambush step: the last one removed)."""
        card = CARDS[self.removed[-1]]
        assert isinstance(card, AmbushCard), f"{card.name} is not an ambush card"
        return card

    def time_used(self) -> int:
        return sum(CARDS[name].time for name in self.revealed)

    def ambush_target(self, player: int) -> int:
        """The sheet ``player`` draws the monster on during an ambush."""
        step = -1 if self.ambush_card.direction == "clockwise" else 1
        return (player + step) % self.num_players

    def legal_actions(self, player: int) -> list[Action]:
        if (self.step == OVER or not 0 <= player < self.num_players
                or self.chosen[player] is not None):
            return []
        if self.step == AMBUSH:
            sheet = self.sheets[self.ambush_target(player)]
            low, high, landings = _ambush_flat(self.ambush_card)
            landed: list[Action] = landings[~_touching(low, high, sheet.filled)].tolist()
            return landed or self._fallbacks(sheet, _AMBUSH_FALLBACK_ROWS)
        sheet = self.sheets[player]
        drawings = self._drawings(sheet)
        if drawings:
            return list(drawings)
        return self._fallbacks(sheet, _FALLBACK_ROWS)

    def _drawings(self, sheet: Sheet, first_only: bool = False) -> list[Draw]:
        """Legal drawings of the current card's shapes on ``sheet`` (ruins rule included)."""
        tables = _card_tables(self.explore_card)
        filled = sheet.filled
        if self.ruins_pending:
            empty_ruins = sheet.ruins & ~filled
            if not empty_ruins:
                return []
            low, high, actions = tables.flat
            legal = ~_touching(low, high, filled) & _touching(low, high, empty_ruins)
        else:
            low, high, actions = tables.flat
            legal = ~_touching(low, high, filled)
        if first_only:  # the first in table order, as the grouped table lists them
            where = legal.argmax()
            return [actions[where]] if legal[where] else []
        listed: list[Draw] = actions[legal].tolist()
        return listed

    @staticmethod
    def _fallbacks(sheet: Sheet, rows: np.ndarray) -> list[Action]:
        """The 1x1s on every empty space of ``sheet`` (``rows``: by space), else a pass."""
        fallbacks: list[Action] = rows[_cells_of_mask(sheet.empty)].ravel().tolist()
        return fallbacks or list(_PASS)

    def is_over(self) -> bool:
        return self.step == OVER

    def undo_point(self) -> tuple[int, int, str]:
        """Changes when a step resolves: the choices are drawn and a card is revealed
        (every reveal takes a card from the deck; a season's end refills it for the next
        season; the end of the game sets the step to over). A choice that leaves the step
        open can be taken back by its seat."""
        return (self.season, len(self.deck), self.step)

    def season_totals(self, player: int) -> list[int]:
        return [e1 + e2 + coins - monsters for e1, e2, coins, monsters in self.records[player]]

    def scores(self) -> list[int]:
        return [sum(self.season_totals(p)) for p in range(self.num_players)]

    def scorings_done(self) -> int:
        """The seasons scored (every seat's sheet is scored at each season's end)."""
        return len(self.records[0])

    def monster_losses(self) -> list[int]:
        return [sum(r[3] for r in self.records[p]) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        """Most stars; tied: fewest stars lost to monsters; still tied: shared."""
        if not self.is_over():
            return []
        scores, losses = self.scores(), self.monster_losses()
        best = max(scores)
        tied = [p for p in range(self.num_players) if scores[p] == best]
        fewest = min(losses[p] for p in tied)
        return [p for p in tied if losses[p] == fewest]

    def solo_rating(self) -> tuple[int, str]:
        """Solo: score minus the four scoring cards' solo numbers, and its title."""
        rating = self.scores()[0] - sum(SCORING_CARDS[name].solo for name in self.edicts)
        for threshold, title in SOLO_TITLES:
            if rating >= threshold:
                return rating, title
        return rating, SOLO_TITLES[-1][1]

    # Applying actions ------------------------------------------------------------------

    def apply(self, player: int, action: Action | str) -> Action:
        self.shown = None  # the position changes (or stays as it was: then nothing is lost)
        if isinstance(action, str):
            action = self.read_action(player, action)  # (an unreadable one: a legal example)
        canonical, effect = self._check(player, action)
        self.chosen[player] = (canonical, effect)
        if None not in self.chosen:
            self._resolve()
        return canonical

    def _check(self, player: int, action: Action) -> Choice:
        """Validate without changing anything; return the canonical action and its effect.

        The effect is ``(sheet index, terrain index, mask, coin)``.
        """
        if self.step == OVER:
            raise IllegalAction("the game is over", code="game_over")
        if not isinstance(player, int) or not 0 <= player < self.num_players:
            raise IllegalAction(f"there is no seat {player!r} at this table",
                                code="no_such_seat")
        if self.chosen[player] is not None:
            raise IllegalAction(f"seat {player + 1} has already chosen in this step; "
                                "waiting for the other seats", code="already_chosen")
        if self.step == AMBUSH:
            return self._check_ambush(player, action)
        return self._check_draw(player, action)

    def _check_draw(self, player: int, action: Action) -> Choice:
        card = self.explore_card
        sheet = self.sheets[player]
        known = _card_tables(card).effects.get(id(action))
        if known is not None:  # listed by `legal_actions`: canonical, on the card, on the map
            terrain, mask, coin = known
            self._check_empty(sheet, mask)
            if self.ruins_pending and not mask & sheet.ruins & ~sheet.filled:
                self._ruins_refused(sheet)
            return action, (player, terrain, mask, coin)
        if isinstance(action, (Ambush, AmbushFallback)):
            raise IllegalAction(f"no ambush is being resolved; draw from {card.name}",
                                code="no_ambush")
        if isinstance(action, Pass):
            if sheet.empty:
                raise IllegalAction("you may pass only when your sheet has no empty space",
                                    code="cannot_pass")
            return action, (player, 0, 0, False)
        if isinstance(action, (Fallback, Draw)) and action.terrain not in DRAWN_TERRAINS:
            raise IllegalAction(f"unknown terrain {action.terrain!r}", code="bad_terrain")
        if isinstance(action, Fallback):
            if self._drawings(sheet, first_only=True):
                raise IllegalAction(
                    f"a 1x1 is allowed only when no shape of {card.name} can be drawn"
                    + (" over an empty ruins space" if self.ruins_pending else ""),
                    code="fallback_not_allowed")
            self._check_empty(sheet, 1 << action.cell)
            return action, (player, _TERRAIN_INDEX[action.terrain], 1 << action.cell, False)
        if not isinstance(action, Draw):
            raise IllegalAction(f"{action} is not a Cartographers drawing", code="wrong_step")
        if action.terrain not in card.terrains:
            raise IllegalAction(f"{card.name} offers {' or '.join(card.terrains)}, "
                                f"not {action.terrain}", code="terrain_not_on_card",
                                terrain=list(card.terrains))  # said as the faces' choice
        if not 1 <= action.shape <= len(card.shapes):
            raise IllegalAction(f"{card.name} shows {len(card.shapes)} shape"
                                f"{'s' if len(card.shapes) > 1 else ''}, so there is no shape "
                                f"{action.shape}", code="shape_not_on_card")
        shape = card.shapes[action.shape - 1]
        orientation, drawn = _placed_mask(shape.cells, action.orientation, action.cell)
        if drawn is None:
            raise IllegalAction(f"{action}: the shape would leave the map", code="off_map")
        self._check_empty(sheet, drawn)
        if self.ruins_pending and not drawn & sheet.ruins & ~sheet.filled:
            self._ruins_refused(sheet)
        canonical = Draw(action.terrain, action.shape, orientation, action.cell)
        return canonical, (player, _TERRAIN_INDEX[action.terrain], drawn, shape.coin)

    def _ruins_refused(self, sheet: Sheet) -> None:
        """Raise: a ruins card asks for a drawing over an empty ruins space, and this one
        covers none."""
        if self._drawings(sheet, first_only=True):
            raise IllegalAction("a ruins card was revealed: your drawing must cover an "
                                "empty ruins space", code="ruins_required")
        raise IllegalAction("a ruins card was revealed and no shape can cover an empty "
                            "ruins space: draw a 1x1 of any terrain instead "
                            "(e.g. 'forest 1x1 C4')", code="ruins_fallback")

    def _check_ambush(self, player: int, action: Action) -> Choice:
        card = self.ambush_card
        target = self.ambush_target(player)
        sheet = self.sheets[target]
        if isinstance(action, Pass):
            if sheet.empty:
                raise IllegalAction("you may pass only when the sheet has no empty space",
                                    code="cannot_pass")
            return action, (target, 4, 0, False)
        if isinstance(action, AmbushFallback):
            if any(not m & sheet.filled for m, _ in ambush_table(card)):
                raise IllegalAction(f"the {card.name} monster fits on seat {target + 1}'s "
                                    "sheet, so a 1x1 is not allowed", code="fallback_not_allowed")
            self._check_empty(sheet, 1 << action.cell)
            return action, (target, 4, 1 << action.cell, False)
        if not isinstance(action, Ambush):
            raise IllegalAction(f"{card.name} is being resolved: draw its monster on seat "
                                f"{target + 1}'s sheet, e.g. 'ambush r0 C4'",
                                # a drawing typed as usual: the ambush comes first
                                code="ambush_pending" if isinstance(action, (Draw, Fallback))
                                else "wrong_step")
        orientation, mask = _placed_mask(card.cells, action.orientation, action.cell)
        if mask is None:
            raise IllegalAction(f"{action}: the monster would leave the map", code="off_map")
        self._check_empty(sheet, mask)
        return Ambush(orientation, action.cell), (target, 4, mask, False)

    @staticmethod
    def _check_empty(sheet: Sheet, mask: int) -> None:
        overlap = mask & sheet.filled
        if overlap:
            raise IllegalAction(f"{_cell_list(overlap)} already filled: drawings may not "
                                "overlap mountains, wasteland or earlier drawings",
                                code="overlap", cells=_cell_list(overlap))

    def _resolve(self) -> None:
        """Everybody has chosen: draw every choice, award coins, move on."""
        # every seat has chosen (`apply` resolves only then)
        choices = [choice for choice in self.chosen if choice is not None]
        self.chosen = [None] * self.num_players
        self.last_drawn = [0] * self.num_players
        if self.step == AMBUSH:
            placed: list[list[str]] = [[] for _ in range(self.num_players)]
            for _, (target, terrain, mask, _) in choices:
                self.sheets[target].draw(terrain, mask)
                self.last_drawn[target] |= mask
                placed[target] = [cell_name(i) for i in bits(mask)]
                self._award_mountains(target)
            self.last_ambush = {"card": self.removed[-1], "cells": placed}
            self._explore()
            return
        for _, (owner, terrain, mask, coin) in choices:
            self.sheets[owner].draw(terrain, mask)
            self.last_drawn[owner] |= mask
            if coin:
                self.coins[owner] = min(COIN_TRACK, self.coins[owner] + 1)
            self._award_mountains(owner)
        self.ruins_pending = False
        if self.time_used() >= SEASONS[self.season].threshold:
            self._end_season()
        else:
            self._explore()

    def _award_mountains(self, owner: int) -> None:
        """One coin per mountain whose four neighbours are all filled, once per mountain."""
        now = self.sheets[owner].surrounded_mountains()
        if now > self.surrounded[owner]:
            self.coins[owner] = min(COIN_TRACK, self.coins[owner] + now - self.surrounded[owner])
            self.surrounded[owner] = now

    def _explore(self) -> None:
        """Reveal cards until one needs a decision (ruins chain; solo ambushes resolve here)."""
        while True:
            name = self.deck.pop(0)
            card = CARDS[name]
            if isinstance(card, RuinsCard):
                self.revealed.append(name)
                self.ruins_pending = True
                continue
            if isinstance(card, AmbushCard):
                self.removed.append(name)
                if self.num_players == 1:
                    cells = solo_ambush_cells(card, self.sheets[0].filled)
                    if cells is not None:
                        self.sheets[0].draw(4, mask_of(cells))
                        self.last_drawn[0] |= mask_of(cells)
                        self._award_mountains(0)
                    self.last_ambush = {
                        "card": name,
                        "cells": [[cell_name(r * SIZE + c) for r, c in sorted(cells or [])]],
                    }
                    continue
                self.step = AMBUSH
                return
            self.revealed.append(name)
            self.step = DRAW
            return

    def _end_season(self) -> None:
        season = SEASONS[self.season]
        first, second = ("ABCD".index(letter) for letter in season.edicts)
        for p, sheet in enumerate(self.sheets):
            self.records[p].append(self._season_stars(sheet, self.coins[p], first, second))
        if self.season == len(SEASONS) - 1:
            self.step = OVER
            return
        self.season += 1
        cards = sorted(self.deck + self.revealed + [self.ambush_pile.pop(0)])
        random.Random(f"{self.chance}/season{self.season}").shuffle(cards)
        self.deck, self.revealed = cards, []
        self._explore()

    def _season_stars(self, sheet: Sheet, coins: int, first: int, second: int
                      ) -> tuple[int, int, int, int]:
        """A season's scoring of ``sheet``: the stars of edicts ``first`` and ``second``
        (indices into A-D), the coins, and the monster penalty."""
        return (score_card(self.edicts[first], sheet), score_card(self.edicts[second], sheet),
                coins, sheet.monster_penalty())

    def _coins_after(self, owner: int, sheet: Sheet, coin: bool) -> int:
        """``owner``'s coins once ``sheet`` (their sheet after a drawing) is theirs: the
        drawing's coin and one per newly surrounded mountain (see `_award_mountains`)."""
        gained = int(coin) + max(0, sheet.surrounded_mountains() - self.surrounded[owner])
        return min(COIN_TRACK, self.coins[owner] + gained)

    def preview(self, player: int, action: Action | str) -> dict[str, Any]:
        """The engine's preview, plus the drawn cells and the score of the sheet drawn on
        if the season ended with this drawing (``season_score``: edicts by letter,
        coins, monsters as a negative number, total)."""
        result = super().preview(player, action)
        if not result["legal"]:
            return result
        _, (target, terrain, mask, coin) = self._check(player, self.game.parse_action(
            result["action"]))
        after = self.sheets[target].copy()
        if mask:
            after.draw(terrain, mask)
        letters = SEASONS[self.season].edicts
        first, second = ("ABCD".index(letter) for letter in letters)
        e1, e2, coins, monsters = self._season_stars(
            after, self._coins_after(target, after, coin), first, second)
        result.update({
            "cells": [cell_name(i) for i in bits(mask)], "sheet": target,
            "terrain": DRAWN_TERRAINS[terrain] if mask else None, "coin": bool(coin),
            "season_score": {"edicts": dict(zip(letters, (e1, e2))), "coins": coins,
                             "monsters": -monsters, "total": e1 + e2 + coins - monsters},
        })
        return result

    def action_info(self, player: int, action: Action) -> ActionInfo:
        """``action`` as data: kind, no cost, and a translatable description (code + params)."""
        if isinstance(action, str):
            action = parse_action(action)
        params: dict[str, Any]
        if isinstance(action, Draw):  # nearly every action of a legal list: asked first
            card = self.card
            kind = "draw"
            if isinstance(card, ExploreCard) and action.shape <= len(card.shapes):
                drawing = _drawing(card, action)
                params = drawing.params.copy()
                params["cells"] = list(drawing.cells)
            else:  # a shape the card does not have: no spaces, no coin
                params = {"terrain": action.terrain, "shape": action.shape,
                          "orientation": ORIENTATIONS[action.orientation],
                          "cell": cell_name(action.cell), "cells": [], "coin": False}
        elif isinstance(action, Pass):
            kind, params = "pass", {}
        elif isinstance(action, Fallback):
            kind, params = "fallback", {"terrain": action.terrain, "cell": cell_name(action.cell)}
        elif isinstance(action, AmbushFallback):
            kind, params = "ambush_fallback", {"cell": cell_name(action.cell),
                                               "sheet": self.ambush_target(player)}
        elif isinstance(action, Ambush):
            kind, params = "ambush", {"card": self.card.name if self.card else None,
                                      "orientation": ORIENTATIONS[action.orientation],
                                      "cell": cell_name(action.cell),
                                      "cells": self._cells_of(action),
                                      "sheet": self.ambush_target(player)}
        else:
            raise IllegalAction(f"{action} is not a Cartographers action", code="wrong_step")
        return {"notation": str(action), "type": kind, "cost": {},
                "code": f"cartographers.{kind}", "params": params}

    def _cells_of(self, action: Draw | Ambush) -> list[str]:
        """The cells a drawing or an ambush covers (empty if it leaves the map)."""
        card = self.card
        if isinstance(action, Ambush) and isinstance(card, AmbushCard):
            cells = card.cells
        elif isinstance(action, Draw) and isinstance(card, ExploreCard) and \
                action.shape <= len(card.shapes):
            cells = card.shapes[action.shape - 1].cells
        else:
            return []
        return list(_covered(cells, action.orientation, action.cell))

    # Copies, hidden information ------------------------------------------------------

    def clone(self) -> CartographersState:
        other = CartographersState.__new__(CartographersState)
        other.game = self.game
        other.num_players = self.num_players
        other.side = self.side
        other.chance = self.chance
        other.edicts = self.edicts
        other.season = self.season
        other.deck = self.deck[:]
        other.revealed = self.revealed[:]
        other.ambush_pile = self.ambush_pile[:]
        other.removed = self.removed[:]
        other.ruins_pending = self.ruins_pending
        other.step = self.step
        other.chosen = self.chosen[:]
        other.sheets = [sheet.copy() for sheet in self.sheets]
        other.coins = self.coins[:]
        other.surrounded = self.surrounded[:]
        other.records = [r[:] for r in self.records]
        other.last_ambush = self.last_ambush
        other.last_drawn = self.last_drawn[:]
        other.shown = None  # a copy is changed without `apply` (determinize, search bots)
        return other

    def determinize(self, player: int, rng: random.Random) -> CartographersState:
        """Resample what ``player`` cannot know: deck order, where the unrevealed ambushes
        are (in the deck or still in the ambush pile), future shuffles, and the other
        seats' hidden choices in an open step (they are dropped: those seats choose again).
        """
        other = self.clone()
        # Shuffle the cards in sorted order, never in their hidden order: then the sample
        # depends only on what ``player`` sees and on ``rng`` (two positions that differ
        # only in hidden information give the same samples, hence the same bot decisions).
        in_deck = sum(1 for name in self.deck if name in AMBUSH_NAMES)
        unseen = sorted([name for name in self.deck if name in AMBUSH_NAMES] + self.ambush_pile)
        rng.shuffle(unseen)
        deck = sorted(name for name in self.deck if name not in AMBUSH_NAMES) + unseen[:in_deck]
        rng.shuffle(deck)
        other.deck, other.ambush_pile = deck, unseen[in_deck:]
        other.chance = f"d{rng.getrandbits(64):016x}"
        for seat in range(self.num_players):
            if seat != player:
                other.chosen[seat] = None
        return other

    # Views and positions (built in position.py) ---------------------------------------

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: everything but deck order, unrevealed ambushes,
        future shuffles and the other seats' choices (even whether they chose) in an open step.
        """
        return position.view(self, player)

    def to_json(self) -> str:
        return position.to_json(self)

    @classmethod
    def read(cls, game: Game, text: str) -> CartographersState:
        """A position written by `to_json` (or by hand); raises `GameError` naming the field."""
        state = cls()
        position.read(state, game, text)
        return state

    def drawing_mode(self, player: int) -> str:
        """How ``player`` draws in this step: ``"shape"`` (a shape of the card), ``"ruins"``
        (a shape over an empty ruins space), ``"1x1"`` (no shape fits) or ``"pass"``."""
        if self.step == AMBUSH:
            sheet = self.sheets[self.ambush_target(player)]
            fits = any(not m & sheet.filled for m, _ in ambush_table(self.ambush_card))
            return "shape" if fits else ("1x1" if sheet.empty else "pass")
        sheet = self.sheets[player]
        if self._drawings(sheet, first_only=True):
            return "ruins" if self.ruins_pending else "shape"
        return "1x1" if sheet.empty else "pass"

    # Words ---------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        if isinstance(action, str):
            action = parse_action(action)
        if isinstance(action, Draw):  # nearly every action of a legal list: asked first
            card = self.card
            if isinstance(card, ExploreCard) and action.shape <= len(card.shapes):
                return _drawing(card, action).words
            return str(action)
        if isinstance(action, Pass):
            return "pass (the sheet is full)"
        if isinstance(action, Fallback):
            return f"{action}: a 1x1 {action.terrain} on {cell_name(action.cell)}"
        if isinstance(action, AmbushFallback):
            return f"{action}: a 1x1 monster on {cell_name(action.cell)} of the neighbour's sheet"
        card = self.card
        if isinstance(action, Ambush) and isinstance(card, AmbushCard):
            where = ", ".join(self._cells_of(action)) or "off the map"
            return f"{action}: {card.name} monster on the neighbour's sheet at {where}"
        return str(action)

    def __repr__(self) -> str:
        return (f"<Cartographers {self.num_players}p side {self.side.letter} "
                f"{SEASONS[self.season].name} {self.step}>")
