"""Cartographers positions as JSON (the whole truth) and views (what one seat may see).

The position format (`to_json` / `read`) is meant to be written by hand for
tests, bug reports and scenarios (see docs/cartographers-notation.md): sheets
are the plain-text sheet format, cards are named as printed. Everything is
checked, and every error says which field is wrong and what was expected. A
view holds only what its seat may see: never the deck order, the unrevealed
ambushes, future shuffles or the other seats' pending choices.

`CartographersState.view`, `to_json` and `read` call in here; this module
never imports the rules (it reads and fills the state it is given).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from boardgamesbot.engine import Game, GameError
from boardgamesbot.games.positions import PositionReader

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
    AmbushCard,
    ExploreCard,
    RuinsCard,
)
from .sheet import Sheet, _side, bits, cell_name, mask_of, parse_cell
from .steps import AMBUSH, OVER, STEPS
from .table import SeasonRecord, Table

FORMAT = "cartographers-position/1"
READ = PositionReader("cartographers position: ")


# Views -------------------------------------------------------------------------------


def view(state: Table, player: int | None) -> dict[str, Any]:
    """What ``player`` may see: everything but deck order, unrevealed ambushes,
    future shuffles and the other seats' choices (even whether they chose) in an open step.

    All but ``viewer`` and a seat's own part (``you``) is the same for every seat, so it
    is built once per position (`Table.shown`, dropped by every change) and each seat's
    view is a new dict over it: a face asks for several seats' views of each position.
    """
    shown = state.shown
    if shown is None:
        shown = state.shown = _public(state)
    view = shown.copy()  # (its "viewer" key is in place: the order of the keys holds)
    view["viewer"] = player
    if player is not None and 0 <= player < state.num_players and state.step != OVER:
        view["you"] = _own_view(state, player)
    return view


def _public(state: Table) -> dict[str, Any]:
    """The views' part every seat shares, its ``viewer`` left None."""
    season = SEASONS[state.season]
    scores = state.scores()
    losses = state.monster_losses()
    view: dict[str, Any] = {
        "game": "cartographers",
        "viewer": None,
        "num_players": state.num_players,
        "side": {"letter": state.side.letter, "name": state.side.name},
        "season": {"number": state.season + 1, "name": season.name,
                   "threshold": season.threshold, "time_used": state.time_used(),
                   "scoring": list(season.edicts)},
        "seasons": [{"name": s.name, "threshold": s.threshold, "edicts": list(s.edicts)}
                    for s in SEASONS],
        "edicts": [
            {"letter": letter, "card": name, "rule": SCORING_CARDS[name].rule,
             "solo": SCORING_CARDS[name].solo}
            for letter, name in zip("ABCD", state.edicts)
        ],
        "revealed": [_card_view(CARDS[name]) for name in state.revealed],
        "removed_ambushes": list(state.removed),
        "deck_size": len(state.deck),
        "ambushes_in_deck": sum(1 for name in state.deck if name in AMBUSH_NAMES),
        "ruins_pending": state.ruins_pending,
        "step": state.step,
        "card": _card_view(state.card) if state.card is not None else None,
        "last_ambush": state.last_ambush,
        "players": [
            {
                "seat": p,
                "sheet": state.sheets[p].to_text().splitlines(),
                "coins": state.coins[p],
                "seasons": [
                    {"season": SEASONS[i].name, "edicts": [e1, e2], "coins": coins,
                     "monsters": -monsters, "total": e1 + e2 + coins - monsters}
                    for i, (e1, e2, coins, monsters) in enumerate(state.records[p])
                ],
                "stars": scores[p],
                "monster_losses": losses[p],
                "last_drawn": [cell_name(i) for i in bits(state.last_drawn[p])],
            }
            for p in range(state.num_players)
        ],
        "over": state.is_over(),
        "winners": state.winners(),
    }
    if state.step == AMBUSH:
        view["ambush_targets"] = [state.ambush_target(p) for p in range(state.num_players)]
    if state.num_players == 1:
        rating, title = state.solo_rating()
        view["solo"] = {"rating": rating, "title": title if state.is_over() else None,
                        "solo_numbers": sum(SCORING_CARDS[n].solo for n in state.edicts)}
    return view


def _own_view(state: Table, player: int) -> dict[str, Any]:
    choice = state.chosen[player]
    own: dict[str, Any] = {"seat": player, "choice": None}
    if choice is not None:
        action, (target, terrain, mask, coin) = choice
        own["choice"] = {"action": str(action), "sheet": target,
                         "terrain": DRAWN_TERRAINS[terrain],
                         "cells": [cell_name(i) for i in bits(mask)], "coin": coin}
        return own
    if state.step == AMBUSH:
        own["target"] = state.ambush_target(player)
    own["mode"] = state.drawing_mode(player)
    return own


def _card_view(card: ExploreCard | RuinsCard | AmbushCard) -> dict[str, Any]:
    if isinstance(card, ExploreCard):
        return {"kind": "explore", "name": card.name, "time": card.time,
                "terrains": list(card.terrains),
                "shapes": [{"cells": [list(c) for c in s.cells], "coin": s.coin}
                           for s in card.shapes]}
    if isinstance(card, AmbushCard):
        return {"kind": "ambush", "name": card.name, "time": 0,
                "cells": [list(c) for c in card.cells], "direction": card.direction,
                "solo_corner": card.solo_corner}
    return {"kind": "ruins", "name": card.name, "time": card.time}


# The position format -------------------------------------------------------------------


def to_json(state: Table) -> str:
    """The full position (hidden information included) as JSON text."""
    players = []
    for p in range(state.num_players):
        choice = state.chosen[p]
        players.append({
            "sheet": state.sheets[p].to_text().splitlines(),
            "coins": state.coins[p],
            "mountains_surrounded": state.surrounded[p],
            "seasons": [list(r) for r in state.records[p]],
            "choice": str(choice[0]) if choice is not None else None,
            "last_drawn": [cell_name(i) for i in bits(state.last_drawn[p])],
        })
    return json.dumps({
        "format": FORMAT,
        "side": state.side.letter,
        "chance": state.chance,
        "edicts": list(state.edicts),
        "season": SEASONS[state.season].name,
        "step": state.step,
        "deck": state.deck,
        "revealed": state.revealed,
        "ambush_pile": state.ambush_pile,
        "removed_ambushes": state.removed,
        "ruins_pending": state.ruins_pending,
        "last_ambush": state.last_ambush,
        "players": players,
    }, indent=1)



def _names(data: dict[str, Any], key: str) -> list[str]:
    names = READ.field(data, key, list, "a list of card names")
    for name in names:
        if name not in CARDS:
            raise READ.error(f"{key!r}: unknown card {name!r}; cards are {', '.join(CARDS)}")
    return list(names)


def read(state: Table, game: Game, text: str) -> None:
    """Fill the blank ``state`` from ``text``; every error names the field that is wrong."""
    data = READ.json_object(text, FORMAT, not_json="invalid JSON",
                            not_object="expected a JSON object")
    side = _side(READ.field(data, "side", str, "'A' or 'B'"))
    chance = READ.field(data, "chance", str, "a text that seeds future shuffles")

    edicts = READ.field(data, "edicts", list, "four scoring card names (edicts A-D)")
    if len(edicts) != 4:
        raise READ.error("'edicts' must name four scoring cards, one per edict A-D")
    for letter, name, edict_deck in zip("ABCD", edicts, SCORING_DECKS):
        card = SCORING_CARDS.get(name)
        if card is None:
            raise READ.error(f"edict {letter}: unknown scoring card {name!r}; "
                       f"cards are {', '.join(SCORING_CARDS)}")
        if card.deck != edict_deck:
            raise READ.error(f"edict {letter} comes from the {edict_deck} deck, "
                             f"and {name} does not")

    season_names = [s.name for s in SEASONS]
    season_name = READ.field(data, "season", str, f"one of {', '.join(season_names)}")
    if season_name not in season_names:
        raise READ.error(f"'season' must be one of {', '.join(season_names)}")
    season = season_names.index(season_name)
    step = READ.field(data, "step", str, f"one of {', '.join(STEPS)}")
    if step not in STEPS:
        raise READ.error(f"'step' must be one of {', '.join(STEPS)}")

    deck = _names(data, "deck")
    revealed = _names(data, "revealed")
    pile = _names(data, "ambush_pile")
    removed = _names(data, "removed_ambushes")
    explore = Counter(c.name for c in SEASON_CARDS)
    held = Counter(n for n in deck + revealed if n in explore)
    if held != explore:
        missing = sorted((explore - held).elements())
        extra = sorted((held - explore).elements())
        raise READ.error("every explore and ruins card must be once in 'deck' or 'revealed'"
                   + (f"; missing {', '.join(missing)}" if missing else "")
                   + (f"; twice {', '.join(extra)}" if extra else ""))
    if any(isinstance(CARDS[n], AmbushCard) for n in revealed):
        raise READ.error("'revealed' holds this season's explore and ruins cards; revealed "
                   "ambushes belong in 'removed_ambushes'")
    ambushes = Counter(c.name for c in AMBUSH_CARDS)
    placed = Counter(n for n in deck + pile + removed if n in ambushes)
    if placed != ambushes or any(n not in ambushes for n in pile + removed):
        raise READ.error("every ambush card must be once in 'deck', 'ambush_pile' or "
                   "'removed_ambushes' (and those two hold only ambushes)")
    if len(pile) != len(SEASONS) - 1 - season:
        raise READ.error(f"in {season_name} the ambush pile holds {len(SEASONS) - 1 - season} "
                   f"card(s), not {len(pile)}")

    ruins_pending = READ.field(data, "ruins_pending", bool, "true or false")
    if step == "draw" and (not revealed or not isinstance(CARDS[revealed[-1]], ExploreCard)):
        raise READ.error("in a draw step the last card of 'revealed' must be an explore card")
    if step == "ambush" and not removed:
        raise READ.error("in an ambush step the last of 'removed_ambushes' is being resolved")
    last_ambush = data.get("last_ambush")
    if last_ambush is not None and not (
        isinstance(last_ambush, dict)
        and last_ambush.get("card") in AMBUSH_NAMES
        and isinstance(last_ambush.get("cells"), list)
        and all(isinstance(cells, list) and all(isinstance(c, str) for c in cells)
                for cells in last_ambush["cells"])
    ):
        raise READ.error("'last_ambush' must be null or {\"card\": AMBUSH NAME, \"cells\": "
                   "[[CELL, ...] per sheet]}")

    players = READ.field(data, "players", list, "a list of players")
    if not players:
        raise READ.error("'players' must list at least one player")
    game.check_num_players(len(players))
    if step == "ambush" and len(players) == 1:
        raise READ.error("solo ambushes resolve by themselves; a solo position has no ambush step")

    state.game = game
    state.num_players = len(players)
    state.side = side
    state.chance = chance
    state.edicts = tuple(edicts)
    state.season = season
    state.deck, state.revealed, state.ambush_pile, state.removed = deck, revealed, pile, removed
    state.ruins_pending = ruins_pending
    state.step = step
    state.chosen = [None] * len(players)
    state.sheets, state.coins, state.surrounded, state.records = [], [], [], []
    state.last_drawn = []
    state.last_ambush = last_ambush
    choices = []
    for seat, entry in enumerate(players, 1):
        if not isinstance(entry, dict):
            raise READ.error(f"player {seat}: expected an object")
        lines = READ.field(entry, "sheet", list, f"player {seat}'s sheet as 11 lines of text")
        if not all(isinstance(line, str) for line in lines):
            raise READ.error(f"player {seat}: 'sheet' must be a list of text lines")
        try:
            sheet = Sheet.from_text("\n".join(lines), side)
        except GameError as error:
            raise READ.error(f"player {seat}'s sheet: {error}") from None
        coins = READ.field(entry, "coins", int, f"0 to {COIN_TRACK}")
        if not 0 <= coins <= COIN_TRACK:
            raise READ.error(f"player {seat}: coins must be 0 to {COIN_TRACK}")
        surrounded = entry.get("mountains_surrounded", sheet.surrounded_mountains())
        if surrounded != sheet.surrounded_mountains():
            raise READ.error(f"player {seat}: 'mountains_surrounded' must be "
                       f"{sheet.surrounded_mountains()}, the mountains surrounded on the sheet")
        records = READ.field(entry, "seasons", list, "the stars of each finished season")
        finished = len(SEASONS) if step == "over" else season
        if len(records) != finished or not all(
            isinstance(r, list) and len(r) == 4
            and all(isinstance(v, int) and not isinstance(v, bool) for v in r)
            for r in records
        ):
            raise READ.error(f"player {seat}: 'seasons' must hold {finished} entries "
                       "[edict stars, edict stars, coins, monster penalty]")
        state.sheets.append(sheet)
        state.coins.append(coins)
        state.surrounded.append(surrounded)
        season_records: list[SeasonRecord] = [(r[0], r[1], r[2], r[3]) for r in records]
        state.records.append(season_records)
        drawn = entry.get("last_drawn", [])
        if not isinstance(drawn, list) or not all(isinstance(c, str) for c in drawn):
            raise READ.error(f"player {seat}: 'last_drawn' must be a list of cells like C4")
        try:
            mask = mask_of(divmod(parse_cell(c), 11) for c in drawn)
        except GameError as error:
            raise READ.error(f"player {seat}: 'last_drawn': {error}") from None
        if mask & ~sheet.filled:
            raise READ.error(f"player {seat}: 'last_drawn' names spaces that are not drawn on")
        state.last_drawn.append(mask)
        choices.append(entry.get("choice"))
    if step == "over" and any(choices):
        raise READ.error("the game is over; no player can have a pending choice")
    if step != "over" and all(c is not None for c in choices):
        raise READ.error("every seat has a choice: the step would already have been resolved")
    for seat, choice in enumerate(choices):
        if choice is not None:
            if not isinstance(choice, str):
                raise READ.error(f"player {seat + 1}: 'choice' must be notation text or null")
            try:
                action = game.parse_action(choice)
                state.chosen[seat] = state._check(seat, action)
            except GameError as error:
                raise READ.error(f"player {seat + 1}'s choice {choice!r}: {error}") from None
