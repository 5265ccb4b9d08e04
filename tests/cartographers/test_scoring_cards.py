"""Every scoring card on hand-drawn sheets, stars counted by hand (rules reference table)."""

import pytest

from boardgamesbot.engine import GameError
from boardgamesbot.games.cartographers import SCORERS, Sheet, score_card

from .helpers import BLANK_A, BLANK_B, sheet

# Side A prints mountains at D2 I3 F6 C9 H10 and ruins at F2 B3 J3 B9 J9 F10.
# Side B prints mountains at I2 D3 F8 J9 C10, ruins at G2 C3 G5 B7 I8 D10 and
# wasteland at F4 E5 F5 E6 F6 G6 F7.

EDGE_FORESTS = """
F.........F
...^.R.....
.R......^R.
...........
FF.........
.....^.....
.....F.....
...........
.R^......R.
.....R.^...
FFF........
"""


def test_every_card_in_the_reference_has_a_scorer():
    assert len(SCORERS) == 16


def test_blank_sheets_score_only_what_the_printed_map_gives():
    a, b = Sheet.blank("A"), Sheet.blank("B")
    for name in SCORERS:
        expected_a = 3 if name == "Lost Barony" else 0  # a lone mountain is a 1x1 square
        assert score_card(name, a) == expected_a, name
    assert score_card("Lost Barony", b) == 6  # E5 F5 E6 F6 wasteland: a 2x2 square
    assert score_card("Mages Valley", b) == 0


# Sentinel Wood: 1 per forest on the map edge ------------------------------------------


def test_sentinel_wood_counts_edge_forests_and_corners_once():
    assert score_card("Sentinel Wood", sheet(EDGE_FORESTS)) == 6  # 2 top + A5 + 3 bottom


def test_sentinel_wood_ignores_forest_one_space_in():
    text = """
    ...........
    .F.^.R.....
    .R......^R.
    ...........
    .........F.
    .....^.....
    ...........
    ...........
    .R^......R.
    .....R.^.F.
    ...........
    """
    assert score_card("Sentinel Wood", sheet(text)) == 0


# Greenbough: 1 per row and 1 per column with a forest ---------------------------------


def test_greenbough_counts_rows_and_columns():
    # rows 1, 5, 7, 11 and columns A, B, C, F, K
    assert score_card("Greenbough", sheet(EDGE_FORESTS)) == 9


def test_greenbough_forest_on_ruins_counts():
    text = BLANK_A.replace(".R......^R.", ".f......^R.", 1)
    assert score_card("Greenbough", Sheet.from_text(text, "A")) == 2


# Treetower: forest whose four sides are filled or off the map --------------------------


def test_treetower_edges_mountains_monsters_and_filled_ruins_surround():
    text = """
    FV..M......
    W..^Fa.....
    .R..F...^R.
    ...........
    ...........
    .....^.....
    ...........
    ...........
    .R^......R.
    .....R.^...
    ...........
    """
    # A1: top and left edges, village, water: yes. E2: monster, mountain, farm on
    # ruins, forest below: yes. E3: empty sides: no.
    assert score_card("Treetower", sheet(text)) == 2


def test_treetower_wasteland_fills_and_empty_ruins_do_not():
    text = """
    ...........
    ......R.^..
    ..R^.......
    ...V.#.....
    ..VF##R....
    ...V###....
    FR...#.....
    .....^..R..
    .........^W
    ..^R......W
    .........WF
    """
    # D5: wasteland E5, villages around: yes. K11: corner with waters: yes.
    # A7: ruins B7 is empty: no.
    assert score_card("Treetower", sheet(text, "B")) == 2


# Stoneside Forest: 3 per mountain linked to another by a forest cluster ---------------


def test_stoneside_forest_two_clusters_link_four_mountains():
    text = """
    ...........
    ...^FfFFF..
    .R......^R.
    ...........
    ....F......
    .....^.....
    ...........
    ...........
    .R^FFFF..R.
    .....R^^...
    ...........
    """
    # Row 2 cluster touches D2 and I3; the row 9 cluster touches C9 and H10
    # (through G10). E5 touches only F6.
    text = text.replace(".....R^^...", ".....RF^...")
    assert score_card("Stoneside Forest", sheet(text)) == 12


def test_stoneside_forest_one_mountain_or_diagonal_contact_scores_nothing():
    text = """
    ...........
    ...^FR.....
    .R......^R.
    ...........
    ...........
    .....^.....
    ......F....
    .......F...
    .R^......R.
    .....R.^...
    ...........
    """
    assert score_card("Stoneside Forest", sheet(text)) == 0


# Canal Lake --------------------------------------------------------------------------


def test_canal_lake_counts_each_side_of_each_contact():
    text = """
    WA.........
    A..^.R.....
    .R......^R.
    ...WW......
    ...A.......
    .....^.....
    ...........
    ...........
    .R^......R.
    .....R.^...
    ...........
    """
    # waters next to farm: A1, D4 (2); farms next to water: B1, A2, D5 (3)
    assert score_card("Canal Lake", sheet(text)) == 5


def test_canal_lake_diagonal_is_not_adjacent():
    text = BLANK_A.replace("...........", "W..........", 1).replace(
        "...^.R.....", ".A.^.R.....", 1)
    assert score_card("Canal Lake", Sheet.from_text(text, "A")) == 0


# Mages Valley ------------------------------------------------------------------------


def test_mages_valley_water_two_farm_one():
    text = """
    W..........
    ...^.R.....
    .R......^R.
    ...........
    .....W.....
    ....W^A....
    ......A....
    ...........
    .R^......R.
    .....R.^...
    ...........
    """
    # F5 and E6 water next to F6: 4; G6 farm: 1; G7 and A1 touch no mountain.
    assert score_card("Mages Valley", sheet(text)) == 5


def test_mages_valley_on_side_b_wasteland_is_not_a_mountain():
    text = BLANK_B.replace("....##R....", "...W##R....", 1)
    assert score_card("Mages Valley", Sheet.from_text(text, "B")) == 0


# The Golden Granary -------------------------------------------------------------------


def test_golden_granary_ruins_filled_or_empty_count_as_ruins_spaces():
    text = """
    .....W.....
    .W.^.R.....
    .a......^R.
    ...A.......
    ...........
    .....^.....
    ...........
    ...........
    .R^......w.
    .....R.^...
    ...........
    """
    # farm on B3 ruins: 3; B2 water next to B3 (filled ruins): 1; F1 water next
    # to F2 (empty ruins): 1; water on J9 ruins touches no ruins: 0; D4 farm: 0.
    assert score_card("The Golden Granary", sheet(text)) == 5


# Shoreside Expanse -------------------------------------------------------------------


def test_shoreside_expanse_isolated_inland_clusters():
    text = """
    A..........
    ...^.R.....
    .R......^R.
    ...AA......
    .......AW..
    .....^.....
    ......WW...
    ...........
    .R^......R.
    .....R.^...
    ..........W
    """
    # D4-E4 farm: 3. G7-H7 water: 3. A1 farm and K11 water touch the edge;
    # H5 farm and I5 water touch each other.
    assert score_card("Shoreside Expanse", sheet(text)) == 6


# Wildholds ---------------------------------------------------------------------------


def test_wildholds_clusters_of_six_or_more():
    text = """
    VVVVVV.....
    ...^.R.....
    .R......^R.
    VVV........
    VV.........
    .....^.....
    .......VVVV
    ........VVV
    .R^......R.
    .....R.^...
    ...........
    """
    # row 1: 6 (yes); A4-B5: 5 (no); H7-K8: 7 (yes)
    assert score_card("Wildholds", sheet(text)) == 16


# Great City --------------------------------------------------------------------------


def test_great_city_largest_cluster_away_from_mountains():
    text = """
    ...........
    ...^.R.....
    .R......^R.
    ..........V
    ..........V
    .....^VVVVV
    ...........
    ...VV......
    .R^.V....R.
    .....R.^...
    VVVV.......
    """
    # G6-K4 (7) touches F6; D8 E8 E9 (3); A11-D11 (4): the largest allowed is 4.
    assert score_card("Great City", sheet(text)) == 4


def test_great_city_no_village_or_all_next_to_mountains():
    text = BLANK_A.replace("...^.R.....", "..V^.R.....", 1)
    assert score_card("Great City", Sheet.from_text(text, "A")) == 0


# Greengold Plains --------------------------------------------------------------------


def test_greengold_plains_three_terrain_types():
    text = """
    FVA........
    .W.^.R.....
    .R......^R.
    ...........
    ...........
    ...MV^.....
    .....F.....
    ...........
    .R^......R.
    .....R.^...
    ...........
    """
    # B1 touches forest, farm and water: 3. E6 touches monster D6 and mountain
    # F6 only (F7 forest is diagonal to it): 0.
    assert score_card("Greengold Plains", sheet(text)) == 3


def test_greengold_plains_mountain_and_monster_are_types_wasteland_is_not():
    text_a = """
    ...........
    ...^.R.....
    .R......^R.
    ...........
    ....F......
    ...MV^.....
    ...........
    ...........
    .R^......R.
    .....R.^...
    ...........
    """
    assert score_card("Greengold Plains", sheet(text_a)) == 3  # forest, monster, mountain
    text_b = """
    ...........
    ......R.^..
    ..R^.......
    .....#.....
    ...V##R....
    ...F###....
    .R...#.....
    .....^..R..
    .........^.
    ..^R.......
    ...........
    """
    assert score_card("Greengold Plains", sheet(text_b, "B")) == 0  # forest + wasteland


# Shieldgate --------------------------------------------------------------------------


def test_shieldgate_tie_for_largest_counts_as_second():
    text = """
    VVV........
    ...^.R.....
    .R......^R.
    ...........
    .......VVV.
    .....^.....
    ...........
    ...........
    .R^......R.
    .....R.^...
    ...........
    """
    assert score_card("Shieldgate", sheet(text)) == 6


def test_shieldgate_second_largest_and_single_cluster():
    two = """
    VVVV.......
    ...^.R.....
    .R......^R.
    ...........
    .......VV..
    .....^.....
    ..V........
    ...........
    .R^......R.
    .....R.^...
    ...........
    """
    assert score_card("Shieldgate", sheet(two)) == 4  # sizes 4, 2, 1
    one = BLANK_A.replace("...........", "VVVVV......", 1)
    assert score_card("Shieldgate", Sheet.from_text(one, "A")) == 0


# Borderlands -------------------------------------------------------------------------


def test_borderlands_rows_and_columns_mountains_fill():
    text = """
    FFFFFFFFFFF
    ...^.R....W
    .R......^RW
    ..........W
    ..........W
    .....^....W
    ..........W
    ..........W
    .R^......RW
    .....R.^..W
    ..........W
    """
    assert score_card("Borderlands", sheet(text)) == 12  # row 1 and column K


def test_borderlands_empty_ruins_break_a_line_filled_ruins_complete_it():
    # row 3 on side A: ruins at B3 and J3, mountain at I3
    broken = BLANK_A.replace(".R......^R.", "AaAAAAAA^RA", 1)
    done = BLANK_A.replace(".R......^R.", "AaAAAAAA^wA", 1)
    assert score_card("Borderlands", Sheet.from_text(broken, "A")) == 0
    assert score_card("Borderlands", Sheet.from_text(done, "A")) == 6


def test_borderlands_wasteland_counts_as_filled():
    text = BLANK_B.replace("....###....", "AAAA###AAAA", 1)
    assert score_card("Borderlands", Sheet.from_text(text, "B")) == 6


# Lost Barony -------------------------------------------------------------------------


def test_lost_barony_square_at_the_border():
    text = BLANK_A.replace("...........", "FFF........", 1).replace(
        "...^.R.....", "FFF^.R.....", 1).replace(".R......^R.", "FaF.....^R.", 1)
    assert score_card("Lost Barony", Sheet.from_text(text, "A")) == 9  # 3x3 at A1


def test_lost_barony_square_includes_mountains():
    text = BLANK_A.replace("...........\n.....^", "....VV.....\n....V^", 1)
    # E5 F5 E6 + mountain F6
    assert score_card("Lost Barony", Sheet.from_text(text, "A")) == 6


def test_lost_barony_empty_ruins_break_the_square():
    text = BLANK_A.replace("...........", "AAA........", 1).replace(
        "...^.R.....", "AAA^.R.....", 1).replace(".R......^R.", "AR......^R.", 1)
    # A1:C2 filled, B3 empty ruins: the biggest square is 2x2
    assert score_card("Lost Barony", Sheet.from_text(text, "A")) == 6


# The Broken Road ---------------------------------------------------------------------


def test_broken_road_short_and_long_diagonals():
    text = """
    F..........
    .F.^.R.....
    .RF.....^R.
    ...F.......
    ....F......
    .....^.....
    ......F....
    .......F...
    .R^.....FR.
    F....R.^.F.
    .F........F
    """
    # main diagonal A1-K11 (through the F6 mountain): 3; A10-B11: 3; A11 alone
    # is empty: 0.
    assert score_card("The Broken Road", sheet(text)) == 6


def test_broken_road_corner_diagonal_is_one_space():
    text = BLANK_A.rstrip("\n").rsplit("\n", 1)[0] + "\nM..........\n"
    assert score_card("The Broken Road", Sheet.from_text(text, "A")) == 3


# The Cauldrons -----------------------------------------------------------------------


def test_cauldrons_corner_and_empty_ruins():
    text = """
    .F.........
    FF.^.R.....
    FRF.....^R.
    .F.........
    ...........
    .....^.....
    ...........
    ...........
    .R^......R.
    .....R.^...
    ...........
    """
    # A1 (corner, B1 and A2 forest): 1; B3 empty ruins boxed in: 1.
    assert score_card("The Cauldrons", sheet(text)) == 2


def test_cauldrons_wasteland_walls_on_side_b():
    text = BLANK_B.replace(".....#.....\n....##R....", ".....#F....\n....##RF...", 1)
    # G5 ruins: G4 forest, F5 wasteland, H5 forest, G6 wasteland
    assert score_card("The Cauldrons", Sheet.from_text(text, "B")) == 1


# Names -------------------------------------------------------------------------------


def test_unknown_card_name_lists_the_cards():
    with pytest.raises(GameError) as error:
        score_card("Sentinel", Sheet.blank("A"))
    assert "Sentinel Wood" in str(error.value) and "The Cauldrons" in str(error.value)
