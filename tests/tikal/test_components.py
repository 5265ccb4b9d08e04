"""The reconstructed component set: what it holds and how a wrong file is refused."""

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from boardgamesbot.engine import GameError
from boardgamesbot.games.tikal.components import (
    BASE_CAMP,
    COMPONENTS,
    JUNGLE,
    NEIGHBOURS,
    TEMPLE,
    TREASURE,
    VOLCANO,
    ComponentError,
    load_components,
    rotate,
    space_name,
)

from .helpers import GAME, sp

RAW = json.loads(
    resources.files("boardgamesbot.games.tikal").joinpath("components.json").read_text("utf-8")
)


def test_shipped_component_file_validates():
    components = load_components()
    assert len(components.tiles) == 36
    assert components == COMPONENTS


def test_tile_counts_per_letter():
    per_letter = Counter(t.letter for t in COMPONENTS.tiles)
    assert per_letter == {"A": 5, "B": 5, "C": 5, "D": 6, "E": 5, "F": 5, "G": 5}


def test_tile_counts_per_type():
    per_kind = Counter(t.kind for t in COMPONENTS.tiles)
    assert per_kind == {TEMPLE: 15, JUNGLE: 10, TREASURE: 8, VOLCANO: 3}


def test_tile_table_matches_reference():
    table = {
        "A": ["jungle", "temple 1", "temple 2", "treasure 2", "treasure 3"],
        "B": ["jungle", "temple 2", "temple 3", "treasure 3", "volcano"],
        "C": ["jungle", "jungle", "temple 3", "temple 4", "treasure 4"],
        "D": ["jungle", "temple 3", "temple 4", "temple 4", "treasure 3", "volcano"],
        "E": ["jungle", "jungle", "temple 4", "temple 5", "treasure 4"],
        "F": ["jungle", "temple 5", "temple 5", "treasure 3", "volcano"],
        "G": ["jungle", "jungle", "temple 6", "temple 6", "treasure 2"],
    }
    for letter, labels in table.items():
        found = sorted(t.label() for t in COMPONENTS.tiles if t.letter == letter)
        assert found == sorted(labels), letter


def test_every_non_volcano_tile_carries_3_stones_in_a_printed_grouping():
    groupings = Counter()
    for tile in COMPONENTS.tiles:
        if tile.kind == VOLCANO:
            assert tile.stones == (0,) * 6
            continue
        assert sum(tile.stones) == 3, tile.id
        filled = [s for s in range(6) if tile.stones[s]]
        counts = sorted(tile.stones[s] for s in filled)
        if counts == [3]:
            groupings["3"] += 1
        elif counts == [1, 1, 1]:
            groupings["1+1+1"] += 1
        else:
            assert counts == [1, 2], tile.id
            distance = min((filled[1] - filled[0]) % 6, (filled[0] - filled[1]) % 6)
            assert distance in (1, 3), tile.id
            groupings["2+1 adjacent" if distance == 1 else "2+1 opposite"] += 1
    # "Use every grouping several times across the set."
    assert set(groupings) == {"3", "1+1+1", "2+1 adjacent", "2+1 opposite"}
    assert all(count >= 2 for count in groupings.values()), groupings


def test_24_masks_one_per_wafer():
    assert sum(t.masks for t in COMPONENTS.tiles) == 24
    assert COMPONENTS.treasure_kinds * COMPONENTS.treasure_copies == 24
    assert COMPONENTS.treasure_copies == 3 and COMPONENTS.treasure_kinds == 8


def test_volcanoes_one_each_in_b_d_f():
    assert sorted(t.letter for t in COMPONENTS.tiles if t.kind == VOLCANO) == ["B", "D", "F"]


def test_48_temple_levels():
    assert COMPONENTS.temple_levels == {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}
    assert sum(COMPONENTS.temple_levels.values()) == 48


def test_player_pieces_1_leader_18_workers_2_camps_2_guards():
    assert (COMPONENTS.workers, COMPONENTS.camps, COMPONENTS.guards) == (18, 2, 2)


def test_preprinted_spaces():
    found = {space_name(p.space): (p.kind, p.value, p.stones) for p in COMPONENTS.preprinted}
    assert found == {
        "A6": (BASE_CAMP, 0, (1, 1, 1, 0, 0, 0)),
        "A5": (TEMPLE, 1, (1, 1, 1, 0, 0, 0)),
        "B5": (JUNGLE, 0, (1, 1, 1, 0, 0, 0)),
        "B6": (TEMPLE, 1, (1, 2, 0, 0, 0, 0)),
    }
    assert COMPONENTS.base_camp == sp("A6")


def test_geometry_every_preprinted_space_reachable_from_base_camp_for_1_ap():
    state = GAME.new(2, seed=0)
    for name in ("A5", "B5", "B6"):
        assert state.move_cost(sp("A6"), sp(name), 0) == 1, name


def test_geometry_every_preprinted_space_has_a_stone_facing_unexplored_space():
    # The base camp's three on-board neighbours are all pre-printed, so the note can
    # only apply to A5, B5 and B6 (the spaces that border unexplored ground).
    explored = {p.space for p in COMPONENTS.preprinted}
    assert all(n in explored or n < 0 for n in NEIGHBOURS[COMPONENTS.base_camp])
    for p in COMPONENTS.preprinted:
        if p.kind == BASE_CAMP:
            continue
        facing = [s for s in range(6)
                  if p.stones[s] and NEIGHBOURS[p.space][s] >= 0
                  and NEIGHBOURS[p.space][s] not in explored]
        assert facing, space_name(p.space)


def test_geometry_columns_b_d_f_h_sit_half_a_hex_lower():
    # A6's NE neighbour is B5 (B is lower); B5's NE neighbour is C5 (C is higher).
    assert NEIGHBOURS[sp("A6")] == (sp("A5"), sp("B5"), sp("B6"), -1, -1, -1)
    assert NEIGHBOURS[sp("B5")][1] == sp("C5")
    assert NEIGHBOURS[sp("B5")][2] == sp("C6")
    assert NEIGHBOURS[sp("C4")][1] == sp("D3")
    assert NEIGHBOURS[sp("C4")][2] == sp("D4")


def test_geometry_neighbours_are_symmetric():
    for space, row in enumerate(NEIGHBOURS):
        for s, other in enumerate(row):
            if other >= 0:
                assert NEIGHBOURS[other][(s + 3) % 6] == space


def test_rotation_turns_stones_clockwise():
    assert rotate((1, 2, 0, 0, 0, 0), 1) == (0, 1, 2, 0, 0, 0)
    assert rotate((1, 2, 0, 0, 0, 0), 5) == (2, 0, 0, 0, 0, 1)
    assert rotate((3, 0, 0, 0, 0, 0), 6) == (3, 0, 0, 0, 0, 0)


def test_setup_stacks_letter_groups_a_on_top_g_at_the_bottom():
    state = GAME.new(3, seed=11)
    letters = [TILES_LETTER[t] for t in reversed(state.stack)]
    assert state.drawn is not None and TILES_LETTER[state.drawn] == "A"
    assert letters == sorted(letters)
    assert Counter([TILES_LETTER[state.drawn]] + letters) == Counter(
        t.letter for t in COMPONENTS.tiles)


TILES_LETTER = {t.id: t.letter for t in COMPONENTS.tiles}


# A wrong component file gets a ComponentError naming the problem ------------------------


def _tile(data, tile_id):
    return next(t for t in data["tiles"] if t["id"] == tile_id)


def _drop_tile(data):
    data["tiles"] = [t for t in data["tiles"] if t["id"] != "C1"]


def _four_stones(data):
    _tile(data, "A1")["stones"] = [1, 1, 1, 1, 0, 0]


def _bad_grouping(data):
    _tile(data, "A2")["stones"] = [2, 0, 1, 0, 0, 0]  # 2+1 two sides apart


def _stony_volcano(data):
    _tile(data, "B5")["stones"] = [1, 0, 0, 0, 0, 0]


def _masks(data):
    _tile(data, "A4")["masks"] = 3


def _volcano_in_g(data):
    _tile(data, "B5")["letter"] = "G"


def _levels(data):
    data["temple_levels"]["10"] = 2


def _preprinted(data):
    data["preprinted"][0]["space"] = "A1"


def _unknown_kind(data):
    _tile(data, "A1")["kind"] = "swamp"


def _missing_field(data):
    del data["temple_levels"]


def _five_sides(data):
    _tile(data, "A1")["stones"] = [1, 1, 1, 0, 0]


CORRUPTIONS = [
    (_drop_tile, "letter C must hold 5 tiles"),
    (_four_stones, "every non-volcano tile carries exactly 3"),
    (_bad_grouping, "not a printed grouping"),
    (_stony_volcano, "a volcano carries no stones"),
    (_masks, "letter A"),
    (_volcano_in_g, "letter"),
    (_levels, "temple levels must be"),
    (_preprinted, "pre-printed spaces must be"),
    (_unknown_kind, "unknown kind 'swamp'"),
    (_missing_field, "lacks 'temple_levels'"),
    (_five_sides, "six side counts"),
]


@pytest.mark.parametrize("corrupt, message", CORRUPTIONS, ids=[c.__name__ for c, _ in CORRUPTIONS])
def test_corrupt_component_file_is_refused_naming_the_problem(tmp_path, corrupt, message):
    data = copy.deepcopy(RAW)
    corrupt(data)
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ComponentError) as caught:
        load_components(path)
    assert message in str(caught.value)
    assert isinstance(caught.value, GameError)


def test_mask_total_other_than_24_is_refused(tmp_path):
    data = copy.deepcopy(RAW)
    # Move every count consistently so only the total is wrong: kinds*copies stays 24.
    data["treasure_kinds"] = 9
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ComponentError, match="24"):
        load_components(path)


def test_component_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "c.json"
    path.write_text("{not json")
    with pytest.raises(ComponentError, match="not valid JSON"):
        load_components(path)


def test_missing_component_file_is_refused(tmp_path):
    with pytest.raises(ComponentError, match="cannot read"):
        load_components(tmp_path / "nowhere.json")
