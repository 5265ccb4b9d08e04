"""Turns, coins, ruins, ambushes, seasons and the end of the game, one rule per test."""

import json
import random
from collections import Counter

import pytest

from boardgamesbot.engine import GameError, IllegalAction, load_game
from boardgamesbot.games.cartographers import GAME, Fallback, Pass, solo_ambush_cells
from boardgamesbot.games.cartographers.components import (
    AMBUSH_CARDS,
    CARDS,
    EXPLORE_CARDS,
    RUINS_CARDS,
    SCORING_CARDS,
    SCORING_DECKS,
)
from boardgamesbot.games.cartographers.sheet import Sheet, bits, cell_name, parse_cell

from .helpers import BLANK_A, lines, position

AMBUSH = {card.name: card for card in AMBUSH_CARDS}
FOUR_SEASONS_OF_NOTHING = [[0, 0, 0, 0]] * 4


def filled_except(*cells: str, side: str = "A") -> list[str]:
    """A sheet with every space filled (forest) except ``cells``."""
    text = (Sheet.blank(side).to_text().replace(".", "F").replace("R", "f")).splitlines()
    rows = [list(row) for row in text]
    for name in cells:
        row, col = divmod(parse_cell(name), 11)
        rows[row][col] = "." if rows[row][col] == "F" else "R"
    return ["".join(row) for row in rows]


def cells_of(sheet: Sheet, terrain: str) -> set[str]:
    return {cell_name(i) for i in bits(sheet.layer(terrain))}


# Setup -------------------------------------------------------------------------------


def test_setup_draws_one_scoring_card_per_deck_under_edicts_a_to_d():
    seen = set()
    for seed in range(40):
        state = GAME.new(2, seed)
        assert [SCORING_CARDS[name].deck for name in state.edicts] == list(SCORING_DECKS)
        seen.update(state.edicts)
    assert len(seen) == 16  # every card can be drawn


def test_setup_shuffles_one_ambush_into_the_thirteen_explore_cards():
    state = GAME.new(3, 11)
    cards = Counter(state.deck + state.revealed + state.removed)
    explore = Counter(c.name for c in EXPLORE_CARDS + RUINS_CARDS)
    assert len(EXPLORE_CARDS + RUINS_CARDS) == 13
    ambushes = [n for n in cards if n in AMBUSH]
    assert len(ambushes) == 1 and cards - Counter(ambushes) == explore
    assert len(state.ambush_pile) == 3
    assert set(state.ambush_pile) | set(ambushes) == set(AMBUSH)


def test_setup_blank_sheets_on_the_chosen_side_for_everybody():
    state = GAME.new(3, 1, side="b")
    assert all(sheet == Sheet.blank("B") for sheet in state.sheets)
    assert GAME.new(1, 1).sheets[0] == Sheet.blank("A")  # side A by default


def test_setup_first_card_is_revealed_and_every_seat_draws_at_once():
    state = GAME.new(4, 5)
    assert state.current_players() == [0, 1, 2, 3]
    assert state.step in ("draw", "ambush")


def test_unknown_option_or_side_names_what_is_accepted():
    with pytest.raises(GameError, match="side"):
        GAME.new(2, 1, variant="x")
    with pytest.raises(GameError, match="A .*B"):
        GAME.new(2, 1, side="C")


def test_player_count_one_to_one_hundred():
    assert load_game("cartographers").min_players == 1
    GAME.new(100, 1)
    for bad in (0, 101):
        with pytest.raises(GameError, match="1 to 100"):
            GAME.new(bad, 1)


def test_same_seed_same_game():
    assert GAME.new(2, 9).to_json() == GAME.new(2, 9).to_json()
    assert GAME.new(2, 9).to_json() != GAME.new(2, 10).to_json()


# Drawing -----------------------------------------------------------------------------


def test_draw_all_distinct_orientations_rotated_and_flipped():
    state = position(revealed=["Forgotten Forest"])
    kinds = Counter((a.shape, a.orientation) for a in state.legal_actions(0))
    # shape 1 (diagonal pair): 2 orientations; shape 2 (S-tetromino): 4
    assert {o for s, o in kinds if s == 1} == {0, 1}
    assert {o for s, o in kinds if s == 2} == {0, 1, 4, 5}


def test_draw_need_not_touch_anything_and_is_drawn_when_all_chose():
    state = position(players=2, revealed=["Great River"])
    state.apply(0, "water 1 r0 K9")
    assert state.sheets[0].layer("water") == 0  # hidden until everybody chose
    state.apply(1, "water 2 r0 C1")  # anchor: the top row's first square
    assert cells_of(state.sheets[0], "water") == {"K9", "K10", "K11"}
    assert cells_of(state.sheets[1], "water") == {"C1", "B2", "C2", "A3", "B3"}


def test_non_canonical_orientation_is_accepted_as_its_canonical_name():
    state = position(revealed=["Great River"])
    assert str(state.apply(0, "water 1 r180 A1")) == "water 1 r0 A1"


def test_rift_lands_offers_a_1x1_of_five_terrains():
    state = position(revealed=["Rift Lands"])
    actions = state.legal_actions(0)
    assert {a.terrain for a in actions} == {"forest", "village", "farm", "water", "monster"}
    assert len(actions) == 5 * (121 - 5)


# Coins -------------------------------------------------------------------------------


def test_coin_shape_fills_the_next_coin():
    state = position(revealed=["Forgotten Forest"])
    state.apply(0, "forest 1 r0 A1")
    assert state.coins == [1]
    state = position(revealed=["Forgotten Forest"])
    state.apply(0, "forest 2 r0 A1")
    assert state.coins == [0]


def test_surrounding_a_mountain_fills_a_coin_once():
    sheet = lines("""
    ...........
    ...^.R.....
    .R......^R.
    ...........
    .....F.....
    ....F^.....
    .....F.....
    ...........
    .R^......R.
    .....R.^...
    ...........
    """)
    state = position(revealed=["Fishing Village"], sheets=[sheet])
    state.apply(0, "village 1 r0 G6")  # G6-J6 closes F6's last side
    assert state.coins == [1] and state.surrounded == [1]
    # Drawing next to the surrounded mountain again gives nothing more.
    state = position(revealed=["Fishing Village"], sheets=[
        [row for row in state.sheets[0].to_text().splitlines()]], coins=[1])
    state.apply(0, "water 1 r90 E7")
    assert state.coins == [1]


def test_coins_beyond_the_track_are_lost():
    state = position(revealed=["Forgotten Forest"], coins=[14])
    state.apply(0, "forest 1 r0 A1")
    assert state.coins == [14]


def test_monster_drawn_by_the_neighbour_can_surround_the_owners_mountain():
    sheet = lines("""
    ...........
    ...^.R.....
    .R......^R.
    ...........
    .....F.....
    ....F^.....
    ...........
    ...........
    .R^......R.
    .....R.^...
    ...........
    """)
    state = position(players=2, revealed=["Great River"], deck_top=["Goblin Attack"],
                     sheets=[sheet, BLANK_A.splitlines()])
    state.apply(0, "water 1 r0 A1")
    state.apply(1, "water 1 r0 A1")
    assert state.step == "ambush"
    state.apply(1, "ambush f0 G6")  # seat 2 draws on seat 1's sheet: G6 F7 E8
    state.apply(0, "ambush r0 A5")
    assert "G6" in cells_of(state.sheets[0], "monster")
    assert state.coins == [2, 1]  # Great River's coin shape each, + F6 for seat 1


# Monsters ----------------------------------------------------------------------------


def test_monster_penalty_counts_each_empty_space_once():
    sheet = lines("""
    M.M........
    ...^.R.....
    .R......^R.
    ...........
    ...........
    .....^.....
    ...........
    ...........
    .R^......R.
    .....R.^...
    ...........
    """)
    assert Sheet.from_text("\n".join(sheet), "A").monster_penalty() == 4  # B1 A2 C2 D1
    state = position(revealed=["Fishing Village", "Hinterland Stream", "Homestead", "Orchard"],
                     sheets=[sheet])
    state.apply(0, "forest 1 r0 A7")  # time 8 of 8: spring ends
    assert state.records[0] == [(1, 0, 0, 4)]  # Sentinel Wood 1, Canal Lake 0, 0 coins, -4
    assert state.scores() == [-3]
    assert state.season == 1


# Ruins -------------------------------------------------------------------------------


def test_ruins_chain_reveals_until_an_explore_card():
    state = position(revealed=["Farmland"], deck_top=["Temple Ruins", "Outpost Ruins",
                                                      "Great River"])
    state.apply(0, "farm 1 r0 A1")
    assert state.revealed == ["Farmland", "Temple Ruins", "Outpost Ruins", "Great River"]
    assert state.ruins_pending and state.time_used() == 2
    ruins = state.sheets[0].ruins
    actions = state.legal_actions(0)
    assert actions and all(state.clone()._check(0, a)[1][2] & ruins for a in actions)


def test_ruins_requirement_refuses_a_drawing_off_the_ruins():
    state = position(revealed=["Temple Ruins", "Great River"], ruins_pending=True)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="ruins") as error:
        state.apply(0, "water 1 r0 A5")
    assert error.value.code == "ruins_required"
    assert state.to_json() == before
    state.apply(0, "water 1 r0 B1")  # B1 B2 B3: B3 is ruins
    assert not state.ruins_pending


def test_ruins_requirement_with_no_coverable_ruins_allows_a_1x1_anywhere():
    sheet = [row.replace("R", "a") for row in BLANK_A.splitlines()]  # every ruins drawn on
    state = position(revealed=["Temple Ruins", "Great River"], ruins_pending=True,
                     sheets=[sheet])
    actions = state.legal_actions(0)
    assert actions and all(isinstance(a, Fallback) for a in actions)
    assert len(actions) == 5 * (121 - 5 - 6)
    with pytest.raises(IllegalAction, match="1x1"):
        state.apply(0, "water 1 r0 E5")
    state.apply(0, "monster 1x1 E5")


def test_decision_ruins_requirement_applies_to_rift_lands():
    state = position(revealed=["Outpost Ruins", "Rift Lands"], ruins_pending=True)
    actions = state.legal_actions(0)
    assert len(actions) == 5 * 6
    assert {cell_name(a.cell) for a in actions} == {"F2", "B3", "J3", "B9", "J9", "F10"}


def test_ruins_followed_by_a_solo_ambush_waits_for_the_next_explore_card():
    state = position(revealed=["Farmland"], deck_top=["Temple Ruins", "Goblin Attack",
                                                      "Great River"])
    state.apply(0, "farm 1 r0 A1")
    assert state.removed == ["Goblin Attack"]
    assert cells_of(state.sheets[0], "monster") == {"I9", "J10", "K11"}
    assert state.step == "draw" and state.card.name == "Great River" and state.ruins_pending


def test_ruins_followed_by_a_multiplayer_ambush():
    state = position(players=2, revealed=["Farmland"],
                     deck_top=["Temple Ruins", "Goblin Attack", "Great River"])
    state.apply(0, "farm 1 r0 A1")
    state.apply(1, "farm 1 r0 A1")
    assert state.step == "ambush" and state.ruins_pending
    state.apply(0, "ambush r0 A5")  # the monster need not cover ruins
    state.apply(1, "ambush r0 A5")
    assert state.step == "draw" and state.card.name == "Great River" and state.ruins_pending


# Ambushes ----------------------------------------------------------------------------


def test_two_player_ambush_each_draws_on_the_other_sheet():
    state = position(players=2, revealed=["Great River"], deck_top=["Bugbear Assault"])
    state.apply(0, "water 1 r0 A1")
    state.apply(1, "water 1 r0 A1")
    assert state.ambush_target(0) == 1 and state.ambush_target(1) == 0
    state.apply(0, "ambush r0 E5")
    state.apply(1, "ambush r0 H7")
    assert cells_of(state.sheets[1], "monster") == {"E5", "G5", "E6", "G6"}
    assert cells_of(state.sheets[0], "monster") == {"H7", "J7", "H8", "J8"}
    assert state.removed == ["Bugbear Assault"] and state.step == "draw"


def test_ambush_direction_clockwise_passes_to_the_next_seat():
    state = position(players=3, revealed=["Great River"], deck_top=["Bugbear Assault"])
    for seat in range(3):
        state.apply(seat, "water 1 r0 A1")
    # clockwise: seat 1 hands its sheet to seat 2, so seat 2 draws on seat 1's sheet
    assert [state.ambush_target(p) for p in range(3)] == [2, 0, 1]
    state = position(players=3, revealed=["Great River"], deck_top=["Goblin Attack"])
    for seat in range(3):
        state.apply(seat, "water 1 r0 A1")
    assert [state.ambush_target(p) for p in range(3)] == [1, 2, 0]


def test_ambush_rotation_and_flip_allowed_in_multiplayer():
    state = position(players=2, revealed=["Great River"], deck_top=["Kobold Onslaught"])
    state.apply(0, "water 1 r0 A1")
    state.apply(1, "water 1 r0 A1")
    assert {a.orientation for a in state.legal_actions(0)} == {0, 1, 2, 3}


def test_ambush_1x1_when_the_monster_fits_nowhere():
    full = filled_except("A1", "K11")
    state = position(players=2, revealed=["Great River"], deck_top=["Gnoll Raid"],
                     sheets=[full, full])
    state.apply(0, "water 1x1 A1")
    state.apply(1, "water 1x1 A1")
    assert state.step == "ambush"
    assert [str(a) for a in state.legal_actions(0)] == ["ambush 1x1 K11"]
    with pytest.raises(IllegalAction):
        state.apply(0, "ambush r0 K11")


def test_two_ambushes_in_one_season():
    # Spring's ambush was never revealed, so summer's deck holds two.
    state = position(players=2, season="Summer", revealed=["Great River"],
                     deck_top=["Goblin Attack", "Bugbear Assault", "Farmland"])
    assert len(state.ambush_pile) == 2
    state.apply(0, "water 1 r0 A1")
    state.apply(1, "water 1 r0 A1")
    assert state.step == "ambush" and state.card.name == "Goblin Attack"
    state.apply(0, "ambush r0 A5")
    state.apply(1, "ambush r0 A5")
    assert state.step == "ambush" and state.card.name == "Bugbear Assault"
    state.apply(0, "ambush r0 H7")
    state.apply(1, "ambush r0 H7")
    assert state.step == "draw" and state.card.name == "Farmland"
    assert state.removed[-2:] == ["Goblin Attack", "Bugbear Assault"]


# Solo ambushes: corner, ring, printed orientation --------------------------------------


@pytest.mark.parametrize("card, cells", [
    ("Goblin Attack", {"I9", "J10", "K11"}),              # bottom-right, counterclockwise
    ("Bugbear Assault", {"I1", "K1", "I2", "K2"}),         # top-right, clockwise
    ("Kobold Onslaught", {"A9", "A10", "B10", "A11"}),     # bottom-left, clockwise
    ("Gnoll Raid", {"A1", "B1", "A2", "A3", "B3"}),        # top-left, counterclockwise
])
def test_solo_ambush_starts_in_the_cards_corner(card, cells):
    placed = solo_ambush_cells(AMBUSH[card], Sheet.blank("A").filled)
    assert {cell_name(r * 11 + c) for r, c in placed} == cells


def test_solo_ambush_walks_the_ring_in_the_cards_direction():
    # Gnoll Raid: top-left, counterclockwise = down the left edge. A1 is taken,
    # so the first fit is with the shape's top-left square on A2.
    filled = Sheet.from_text(BLANK_A.replace("...........", "F..........", 1), "A").filled
    placed = solo_ambush_cells(AMBUSH["Gnoll Raid"], filled)
    assert {cell_name(r * 11 + c) for r, c in placed} == {"A2", "B2", "A3", "A4", "B4"}
    # Bugbear Assault: top-right, clockwise = down the right edge. K1 is taken;
    # along K2 and K3 the shape would cover the I3 mountain; K4 is the first fit.
    filled = Sheet.from_text(BLANK_A.replace("...........", "..........F", 1), "A").filled
    placed = solo_ambush_cells(AMBUSH["Bugbear Assault"], filled)
    assert {cell_name(r * 11 + c) for r, c in placed} == {"I4", "K4", "I5", "K5"}


def test_solo_ambush_moves_one_ring_inward_when_the_outer_ring_is_blocked():
    rows = [list(row) for row in BLANK_A.splitlines()]
    for i in range(11):
        for r, c in ((0, i), (10, i), (i, 0), (i, 10)):
            rows[r][c] = "F"
    filled = Sheet.from_text("\n".join("".join(r) for r in rows), "A").filled
    placed = solo_ambush_cells(AMBUSH["Goblin Attack"], filled)
    assert {cell_name(r * 11 + c) for r, c in placed} == {"H8", "I9", "J10"}


def test_solo_ambush_never_fitting_has_no_effect():
    full = filled_except("A1", "K11")
    state = position(revealed=["Great River"], deck_top=["Gnoll Raid"], sheets=[full])
    state.apply(0, "water 1x1 A1")
    assert state.removed == ["Gnoll Raid"]
    assert state.last_ambush == {"card": "Gnoll Raid", "cells": [[]]}
    assert state.sheets[0].empty == 1 << parse_cell("K11")


def test_solo_ambush_is_drawn_in_printed_orientation():
    state = position(revealed=["Great River"], deck_top=["Kobold Onslaught"])
    state.apply(0, "water 1 r0 K1")
    assert cells_of(state.sheets[0], "monster") == {"A9", "A10", "B10", "A11"}
    assert state.current_players() == [0] and state.step == "draw"


# The 1x1 fallback ----------------------------------------------------------------------


def test_fallback_1x1_of_any_terrain_when_no_shape_fits():
    state = position(revealed=["Great River"], sheets=[filled_except("A1", "K11")])
    actions = state.legal_actions(0)
    assert len(actions) == 10 and all(isinstance(a, Fallback) for a in actions)
    state.apply(0, "village 1x1 K11")  # a terrain not on the card
    assert cells_of(state.sheets[0], "village") == {"K11"}


def test_fallback_refused_while_a_shape_fits():
    state = position(revealed=["Great River"])
    before = state.to_json()
    with pytest.raises(IllegalAction, match="1x1") as error:
        state.apply(0, "water 1x1 A1")
    assert error.value.code == "fallback_not_allowed" and state.to_json() == before


def test_decision_full_sheet_passes():
    state = position(revealed=["Great River"], sheets=[filled_except()])
    assert state.legal_actions(0) == [Pass()]
    state.apply(0, "pass")


# Seasons -----------------------------------------------------------------------------


def test_check_phase_ends_the_season_at_the_threshold_and_reshuffles():
    state = position(revealed=["Fishing Village", "Hinterland Stream", "Homestead",
                               "Orchard"])
    state.apply(0, "forest 1 r0 A7")
    assert state.season == 1 and len(state.records[0]) == 1
    # every explore card is back, plus the unrevealed spring ambush and a new one
    cards = Counter(state.deck + state.revealed + state.removed)
    assert sum(1 for n in cards if n in AMBUSH) == 2
    assert Counter(n for n in cards.elements() if n not in AMBUSH) == Counter(
        c.name for c in EXPLORE_CARDS + RUINS_CARDS)
    assert len(state.ambush_pile) == 2


def test_check_phase_continues_below_the_threshold():
    state = position(revealed=["Fishing Village", "Hinterland Stream", "Homestead",
                               "Farmland"])
    state.apply(0, "farm 1 r0 A7")
    assert state.season == 0 and state.time_used() >= 7


def test_deck_composition_across_seasons():
    state = GAME.new(2, 4)
    rng = random.Random(0)
    season, seen = -1, []
    while not state.is_over():
        if state.season != season:
            season = state.season
            everything = Counter(state.deck + state.revealed)
            seen.append((everything, len(state.ambush_pile), list(state.removed)))
        for p in state.current_players():
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert len(seen) == 4
    explore = Counter(c.name for c in EXPLORE_CARDS + RUINS_CARDS)
    for number, (cards, pile, removed) in enumerate(seen):
        ambushes = Counter({n: k for n, k in cards.items() if n in AMBUSH})
        assert cards - ambushes == explore
        assert pile == 3 - number
        assert sum(ambushes.values()) + len(removed) == number + 1


def test_end_of_winter_ends_the_game_and_scores_d_and_a():
    state = position(season="Winter", revealed=["Fishing Village", "Hinterland Stream",
                                                "Homestead"])
    state.apply(0, "village 1 r0 A1")  # time 6 of winter's 6
    assert state.is_over() and len(state.records[0]) == 4


def test_stars_per_season_edicts_coins_monsters():
    state = position(season="Winter", revealed=["Fishing Village", "Hinterland Stream",
                                                "Orchard"], coins=[3],
                     records=[[[1, 2, 0, 0], [0, 0, 1, 1], [5, 0, 2, 0]]])
    state.apply(0, "forest 1 r0 A1")  # A1 B1 C1 C2: 3 forests on the edge
    assert state.is_over()
    assert state.records[0][-1] == (0, 3, 3, 0)  # D Borderlands 0, A Sentinel Wood 3
    assert state.scores() == [3 + 0 + 7 + 6]
    assert state.winners() == [0]


def test_tie_break_fewest_stars_lost_to_monsters_then_shared():
    over = dict(season="Winter", step="over", revealed=["Great River"], players=3)
    state = position(**over, records=[[[10, 0, 0, 2]] + [[0, 0, 0, 0]] * 3,
                                      [[10, 0, 0, 1]] + [[0, 0, 0, 1]] * 3,
                                      [[5, 5, 0, 0]] + [[0, 0, 0, 2]] * 3])
    assert state.scores() == [8, 6, 4]
    assert state.winners() == [0]
    state = position(**over, records=[[[10, 0, 0, 2]] + [[0, 0, 0, 0]] * 3,
                                      [[11, 0, 0, 3]] + [[0, 0, 0, 0]] * 3,
                                      [[9, 0, 0, 1]] + [[0, 0, 0, 0]] * 3])
    assert state.scores() == [8, 8, 8] and state.winners() == [2]
    state = position(**over, records=[[[10, 0, 0, 2]] + [[0, 0, 0, 0]] * 3,
                                      [[10, 0, 0, 2]] + [[0, 0, 0, 0]] * 3,
                                      [[1, 0, 0, 0]] + [[0, 0, 0, 0]] * 3])
    assert state.winners() == [0, 1]


@pytest.mark.parametrize("stars, title", [
    (89 + 30, "Legendary Cartographer"), (89 + 29, "Master Mapsmith"),
    (89 + 10, "Journeyman Topographer"), (89, "Apprentice Surveyor"),
    (89 - 5, "Amateur Assessor"), (89 - 10, "Inept Assistant"),
    (89 - 20, "Dimwitted Doodler"), (89 - 21, "Oblivious Inkdrinker"),
    (0, "Oblivious Inkdrinker"),
])
def test_solo_rating_subtracts_the_solo_numbers(stars, title):
    # Sentinel Wood 25 + Canal Lake 24 + Great City 16 + Borderlands 24 = 89
    state = position(season="Winter", step="over", records=[[[stars, 0, 0, 0]] +
                                                             [[0, 0, 0, 0]] * 3])
    assert state.solo_rating() == (stars - 89, title)
    assert state.view(0)["solo"]["title"] == title


# Bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize("notation, code", [
    ("water 1 r0 D1", "overlap"),             # D2 is a mountain
    ("water 1 r0 A10", "off_map"),
    ("water 2 r0 K10", "off_map"),
    ("forest 1 r0 A1", "terrain_not_on_card"),
    ("water 3 r0 A1", None),                  # notation: shape is 1 or 2
    ("ambush r0 A1", "no_ambush"),       # no monster is being drawn
])
def test_bad_drawings_are_refused_and_change_nothing(notation, code):
    state = position(players=2, revealed=["Great River"])
    before = state.to_json()
    with pytest.raises(GameError) as error:
        state.apply(0, notation)
    if code is not None:
        assert isinstance(error.value, IllegalAction) and error.value.code == code
    assert state.to_json() == before


def test_another_games_action_is_refused_and_changes_nothing():
    """An action of no Cartographers kind (another game's) is refused with the game's own
    error, in a drawing step and in an ambush step, never an AttributeError."""
    from dataclasses import dataclass

    from boardgamesbot.engine import Action

    @dataclass(frozen=True)
    class Elsewhere(Action):
        terrain: str = "forest"  # looks like a drawing's field, but is no drawing

    for state in (position(players=2, revealed=["Great River"]),
                  position(players=2, step="ambush", removed=["Bugbear Assault"])):
        before = state.to_json()
        with pytest.raises(IllegalAction) as error:
            state.apply(0, Elsewhere())
        assert error.value.code == "wrong_step"
        with pytest.raises(IllegalAction):
            state.action_info(0, Elsewhere())
        assert state.to_json() == before


def test_shape_not_on_the_card_is_refused():
    state = position(revealed=["Hinterland Stream"])
    with pytest.raises(IllegalAction, match="1 shape") as error:
        state.apply(0, "farm 2 r0 A1")
    assert error.value.code == "shape_not_on_card"


def test_acting_twice_in_one_step_or_for_a_seat_that_does_not_exist():
    state = position(players=2, revealed=["Great River"])
    state.apply(0, "water 1 r0 A1")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="already chosen"):
        state.apply(0, "water 1 r0 K1")
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(2, "water 1 r0 K1")
    assert state.to_json() == before and state.current_players() == [1]


def test_acting_after_the_game_is_over():
    state = position(season="Winter", step="over", records=[FOUR_SEASONS_OF_NOTHING])
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, "water 1 r0 A1")
    assert state.legal_actions(0) == [] and state.current_players() == []


def test_every_card_exists_in_the_data():
    assert len(CARDS) == 17 and "Rift Lands" in CARDS


def test_illegal_action_reason_names_the_filled_spaces():
    state = position(revealed=["Great River"])
    with pytest.raises(IllegalAction, match="D2"):
        state.apply(0, "water 1 r0 D1")


def test_position_json_round_trip():
    state = position(players=2, revealed=["Great River"])
    state.apply(1, "water 1 r0 A1")
    again = GAME.from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert again.current_players() == [0]
    assert json.loads(state.to_json())["players"][1]["choice"] == "water 1 r0 A1"
