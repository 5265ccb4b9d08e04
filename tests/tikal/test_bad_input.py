"""Bad input: illegal actions explain themselves and change nothing; corrupt positions are
refused."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgamesbot.engine import GameError, IllegalAction

from .helpers import (
    GAME,
    jungle,
    make,
    player,
    position,
    preprinted_board,
    random_game,
    stones,
    temple,
    treasure,
)


def refused(state, seat, notation, error=IllegalAction):
    before = state.to_json()
    with pytest.raises(error) as caught:
        state.apply(seat, notation)
    assert state.to_json() == before
    return str(caught.value)


def _issue_board():
    board = preprinted_board()
    board.update({
        "C4": jungle(stones(N=1)), "D4": jungle(stones(S=1)),
        "E3": temple(4, stones(N=1)), "C5": treasure([1, 2], stones(SW=2)),
    })
    return board


def test_illegal_action_says_needs_3_ap_2_left():
    state = make([player(workers={"C5": 1}), player()], _issue_board(), ap=2)
    assert refused(state, 0, "recover C5") == "needs 3 AP, 2 left"


def test_illegal_action_says_no_stone_path_between_c4_and_d4():
    state = make([player(workers={"C4": 1}), player()], _issue_board())
    assert refused(state, 0, "move W C4 D4") == "no stone path between C4 and D4"


def test_illegal_action_says_only_1_of_your_figures_is_on_e3():
    state = make([player(workers={"E3": 1}), player()], _issue_board())
    state.apply(0, "uncover E3")
    assert refused(state, 0, "uncover E3") == "only 1 of your figures is on E3"


def test_illegal_action_is_a_value_error_with_a_code():
    state = make([player(workers={"C4": 1}), player()], _issue_board())
    with pytest.raises(ValueError) as caught:
        state.apply(0, "move W C4 D4")
    assert caught.value.code == "no_path"


def test_acting_out_of_turn_changes_nothing():
    state = GAME.new(3, seed=4)
    legal = state.legal_actions(0)[0]
    for seat in (1, 2):
        assert state.legal_actions(seat) == []
        assert "it is p1's turn, not p" in refused(state, seat, legal)
    state.apply(0, legal)
    assert "it is p1's turn, not p2's" in refused(state, 1, "end")


def test_acting_after_the_game_is_over_is_refused():
    state = random_game(2, seed=8)
    assert state.is_over()
    assert refused(state, 0, "end") == "the game is over"


def test_malformed_notation_in_apply_names_what_was_expected_and_changes_nothing():
    state = GAME.new(2, seed=1)
    message = refused(state, 0, "place Q9", GameError)
    assert "'Q9' is not a space (column A-H, row 1-6)" in message


def test_action_of_the_wrong_phase_is_refused():
    state = make(2)
    assert "not an action of this phase" in refused(state, 0, "place C4")


# Corrupt positions -----------------------------------------------------------------------------


def _valid():
    return position([player(leader="A5", workers={"A6": 2}, treasures=[3]), player()],
                    _issue_board(), stack=["A1", "G1"])


def _set(path, value):
    def corrupt(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    corrupt.__name__ = "/".join(map(str, path)) + "=" + repr(value)[:20]
    return corrupt


def _del(path):
    def corrupt(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    corrupt.__name__ = "del " + "/".join(map(str, path))
    return corrupt


CORRUPTIONS = [
    _set(["format"], "chess/1"),
    _set(["players"], [{}]),
    _set(["players"], "two"),
    _set(["players", 0], 7),
    _set(["players", 0, "leader"], "Z9"),
    _set(["players", 0, "workers"], {"A6": -1}),
    _set(["players", 0, "workers"], {"A6": 30}),
    _set(["players", 0, "workers"], ["A6"]),
    _set(["players", 0, "supply"], 3),
    _set(["players", 0, "score"], "ten"),
    _set(["players", 0, "treasures"], [9]),
    _set(["players", 0, "treasures"], 3),
    _set(["players", 0, "camps_built"], 1),
    _set(["players", 0, "guards_placed"], 1),
    _del(["board"]),
    _set(["board"], []),
    _set(["board"], {"A6": {"kind": "jungle", "stones": [0] * 6}}),
    _set(["board", "C4"], {"kind": "swamp", "stones": [0] * 6}),
    _set(["board", "C4", "stones"], [1, 1]),
    _set(["board", "C4", "stones"], [4, 0, 0, 0, 0, 0]),
    _set(["board", "C4", "stones"], None),
    _set(["board", "C4", "camp"], 5),
    _set(["board", "E3", "camp"], 0),
    _set(["board", "C4", "guard"], {"seat": 0, "figure": "W"}),
    _set(["board", "E3", "guard"], {"seat": 0, "figure": "X"}),
    _set(["board", "E3", "guard"], "p1"),
    _del(["board", "E3", "printed"]),
    _set(["board", "E3", "value"], 2),
    _set(["board", "C5", "wafers"], [0]),
    _set(["board", "C5", "wafers"], "12"),
    _set(["board", "Z1"], {"kind": "jungle", "stones": [0] * 6}),
    _set(["board", "C4", "tile"], "Q7"),
    _set(["stack"], ["A1", "A1"]),
    _set(["stack"], ["nope"]),
    _set(["stack"], 5),
    _set(["drawn"], "G1"),
    _set(["wafer_pile"], [1, 1, 1, 1]),
    _set(["levels"], {"2": 1}),
    _set(["levels"], [3, 6]),
    _set(["phase"], "dance"),
    _set(["phase"], "place"),
    _set(["current"], 2),
    _set(["current"], "p1"),
    _set(["ap"], 11),
    _set(["ap"], -1),
    _set(["uncovered"], {"A5": 3}),
    _set(["recovered"], {"C5": "x"}),
    _set(["round"], "party"),
    _set(["queue"], [5]),
    _set(["score_history"], [[1, -2]]),
    _set(["score_history"], 3),
    _set(["variant"], "speed"),
]


@pytest.mark.parametrize("corrupt", CORRUPTIONS, ids=[c.__name__ for c in CORRUPTIONS])
def test_corrupt_position_gets_a_game_error(corrupt):
    data = _valid()
    GAME.from_json(json.dumps(data))  # the uncorrupted position loads
    corrupt(data)
    with pytest.raises(GameError, match="invalid Tikal position"):
        GAME.from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "42", '"text"', "{}"])
def test_position_that_is_not_a_position_object_gets_a_game_error(text):
    with pytest.raises(GameError, match="invalid Tikal position"):
        GAME.from_json(text)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


DELETE = object()
FUZZ_BASE = json.loads(random_game(3, seed=2, steps=120).to_json())
FUZZ_PATHS = [p for p in _paths(FUZZ_BASE) if p]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(
        ["", "A6", "C4", "A1", "G5", "supply", "gone", "W", "L", "temple", "treasure",
         "volcano", "jungle", "base_camp", "place", "actions", "over", "final", "volcano"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["seat", "figure", "kind", "stones", "A6", "2", "x"]), inner,
        max_size=3),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(FUZZ_PATHS), st.just(DELETE) | JSON_VALUES),
                min_size=1, max_size=3))
def test_fuzzed_position_is_read_or_refused_with_a_game_error(mutations):
    data = copy.deepcopy(FUZZ_BASE)
    for path, value in mutations:
        target = data
        try:
            for key in path[:-1]:
                target = target[key]
            if value is DELETE:
                del target[path[-1]]
            else:
                target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed this path
    try:
        state = GAME.from_json(json.dumps(data))
    except GameError:
        return
    # Read: it must behave like a position.
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()
    state.view(None)
    for seat in state.current_players():
        state.legal_actions(seat)


# Action objects no notation could write ---------------------------------------------------------

from boardgamesbot.games.tikal.notation import (  # noqa: E402
    Enter,
    Exchange,
    Move,
    Place,
    PlaceGuard,
    Recover,
)


@pytest.mark.parametrize("action", [
    Move("X", 5, 10), Enter("X", 5), PlaceGuard("Q", 4), Place(99, 0), Place(10, 7),
    Recover(60), Move("W", 5, -1), Exchange(0, 1, 9), ["not", "an", "action"],
], ids=repr)
def test_malformed_action_object_is_refused_and_changes_nothing(action):
    state = make([player(workers={"A6": 1}), player()])
    before = state.to_json()
    with pytest.raises(GameError):
        state.apply(0, action)
    assert state.to_json() == before
