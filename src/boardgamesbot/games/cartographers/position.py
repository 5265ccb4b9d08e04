"""Reading the Cartographers position format (what `State.to_json` writes).

The format is meant to be written by hand for tests, bug reports and
scenarios (see docs/cartographers-notation.md): sheets are the plain-text
sheet format, cards are named as printed. Everything is checked, and every
error says which field is wrong and what was expected.
"""

from __future__ import annotations

import json
from collections import Counter

from boardgamesbot.engine import GameError

from .components import (
    AMBUSH_CARDS,
    CARDS,
    COIN_TRACK,
    EXPLORE_CARDS,
    RUINS_CARDS,
    SCORING_CARDS,
    SCORING_DECKS,
    SEASONS,
    AmbushCard,
    ExploreCard,
)
from .sheet import Sheet, _side, mask_of, parse_cell

_STEPS = ("draw", "ambush", "over")


def _bad(problem: str) -> GameError:
    return GameError(f"cartographers position: {problem}", code="bad_position")


def _field(data: dict, key: str, kind, what: str):
    if key not in data:
        raise _bad(f"missing {key!r} ({what})")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _bad(f"{key!r} must be {what}, not {value!r}")
    return value


def _names(data: dict, key: str) -> list[str]:
    names = _field(data, key, list, "a list of card names")
    for name in names:
        if name not in CARDS:
            raise _bad(f"{key!r}: unknown card {name!r}; cards are {', '.join(CARDS)}")
    return list(names)


def read_position(game, text: str):
    from .state import CartographersState

    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as error:
        raise _bad(f"invalid JSON ({error})") from None
    if not isinstance(data, dict):
        raise _bad("expected a JSON object")
    if data.get("format") != "cartographers-position/1":
        raise _bad("expected \"format\": \"cartographers-position/1\"")
    side = _side(_field(data, "side", str, "'A' or 'B'"))
    chance = _field(data, "chance", str, "a text that seeds future shuffles")

    edicts = _field(data, "edicts", list, "four scoring card names (edicts A-D)")
    if len(edicts) != 4:
        raise _bad("'edicts' must name four scoring cards, one per edict A-D")
    for letter, name, deck in zip("ABCD", edicts, SCORING_DECKS):
        card = SCORING_CARDS.get(name)
        if card is None:
            raise _bad(f"edict {letter}: unknown scoring card {name!r}; "
                       f"cards are {', '.join(SCORING_CARDS)}")
        if card.deck != deck:
            raise _bad(f"edict {letter} comes from the {deck} deck, and {name} does not")

    season_names = [s.name for s in SEASONS]
    season_name = _field(data, "season", str, f"one of {', '.join(season_names)}")
    if season_name not in season_names:
        raise _bad(f"'season' must be one of {', '.join(season_names)}")
    season = season_names.index(season_name)
    step = _field(data, "step", str, f"one of {', '.join(_STEPS)}")
    if step not in _STEPS:
        raise _bad(f"'step' must be one of {', '.join(_STEPS)}")

    deck = _names(data, "deck")
    revealed = _names(data, "revealed")
    pile = _names(data, "ambush_pile")
    removed = _names(data, "removed_ambushes")
    explore = Counter(c.name for c in EXPLORE_CARDS + RUINS_CARDS)
    held = Counter(n for n in deck + revealed if n in explore)
    if held != explore:
        missing = sorted((explore - held).elements())
        extra = sorted((held - explore).elements())
        raise _bad("every explore and ruins card must be once in 'deck' or 'revealed'"
                   + (f"; missing {', '.join(missing)}" if missing else "")
                   + (f"; twice {', '.join(extra)}" if extra else ""))
    if any(isinstance(CARDS[n], AmbushCard) for n in revealed):
        raise _bad("'revealed' holds this season's explore and ruins cards; revealed "
                   "ambushes belong in 'removed_ambushes'")
    ambushes = Counter(c.name for c in AMBUSH_CARDS)
    placed = Counter(n for n in deck + pile + removed if n in ambushes)
    if placed != ambushes or any(n not in ambushes for n in pile + removed):
        raise _bad("every ambush card must be once in 'deck', 'ambush_pile' or "
                   "'removed_ambushes' (and those two hold only ambushes)")
    if len(pile) != len(SEASONS) - 1 - season:
        raise _bad(f"in {season_name} the ambush pile holds {len(SEASONS) - 1 - season} "
                   f"card(s), not {len(pile)}")

    ruins_pending = _field(data, "ruins_pending", bool, "true or false")
    if step == "draw" and (not revealed or not isinstance(CARDS[revealed[-1]], ExploreCard)):
        raise _bad("in a draw step the last card of 'revealed' must be an explore card")
    if step == "ambush" and not removed:
        raise _bad("in an ambush step the last of 'removed_ambushes' is being resolved")
    last_ambush = data.get("last_ambush")
    if last_ambush is not None and not (
        isinstance(last_ambush, dict)
        and last_ambush.get("card") in {c.name for c in AMBUSH_CARDS}
        and isinstance(last_ambush.get("cells"), list)
        and all(isinstance(cells, list) and all(isinstance(c, str) for c in cells)
                for cells in last_ambush["cells"])
    ):
        raise _bad("'last_ambush' must be null or {\"card\": AMBUSH NAME, \"cells\": "
                   "[[CELL, ...] per sheet]}")

    players = _field(data, "players", list, "a list of players")
    if not players:
        raise _bad("'players' must list at least one player")
    game.check_num_players(len(players))
    if step == "ambush" and len(players) == 1:
        raise _bad("solo ambushes resolve by themselves; a solo position has no ambush step")

    state = CartographersState()
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
            raise _bad(f"player {seat}: expected an object")
        lines = _field(entry, "sheet", list, f"player {seat}'s sheet as 11 lines of text")
        if not all(isinstance(line, str) for line in lines):
            raise _bad(f"player {seat}: 'sheet' must be a list of text lines")
        try:
            sheet = Sheet.from_text("\n".join(lines), side)
        except GameError as error:
            raise _bad(f"player {seat}'s sheet: {error}") from None
        coins = _field(entry, "coins", int, f"0 to {COIN_TRACK}")
        if not 0 <= coins <= COIN_TRACK:
            raise _bad(f"player {seat}: coins must be 0 to {COIN_TRACK}")
        surrounded = entry.get("mountains_surrounded", sheet.surrounded_mountains())
        if surrounded != sheet.surrounded_mountains():
            raise _bad(f"player {seat}: 'mountains_surrounded' must be "
                       f"{sheet.surrounded_mountains()}, the mountains surrounded on the sheet")
        records = _field(entry, "seasons", list, "the stars of each finished season")
        finished = len(SEASONS) if step == "over" else season
        if len(records) != finished or not all(
            isinstance(r, list) and len(r) == 4
            and all(isinstance(v, int) and not isinstance(v, bool) for v in r)
            for r in records
        ):
            raise _bad(f"player {seat}: 'seasons' must hold {finished} entries "
                       "[edict stars, edict stars, coins, monster penalty]")
        state.sheets.append(sheet)
        state.coins.append(coins)
        state.surrounded.append(surrounded)
        state.records.append([tuple(r) for r in records])
        drawn = entry.get("last_drawn", [])
        if not isinstance(drawn, list) or not all(isinstance(c, str) for c in drawn):
            raise _bad(f"player {seat}: 'last_drawn' must be a list of cells like C4")
        try:
            mask = mask_of(divmod(parse_cell(c), 11) for c in drawn)
        except GameError as error:
            raise _bad(f"player {seat}: 'last_drawn': {error}") from None
        if mask & ~sheet.filled:
            raise _bad(f"player {seat}: 'last_drawn' names spaces that are not drawn on")
        state.last_drawn.append(mask)
        choices.append(entry.get("choice"))
    if step == "over" and any(choices):
        raise _bad("the game is over; no player can have a pending choice")
    if step != "over" and all(c is not None for c in choices):
        raise _bad("every seat has a choice: the step would already have been resolved")
    for seat, choice in enumerate(choices):
        if choice is not None:
            if not isinstance(choice, str):
                raise _bad(f"player {seat + 1}: 'choice' must be notation text or null")
            try:
                action = game.parse_action(choice)
                state.chosen[seat] = state._check(seat, action)
            except GameError as error:
                raise _bad(f"player {seat + 1}'s choice {choice!r}: {error}") from None
    return state
