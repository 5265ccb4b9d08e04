"""The engine contract itself: game registry, errors, records."""

from __future__ import annotations

import pytest

from boardgamesbot.engine import GameError, IllegalAction, Record, known_games, load_game


def test_load_game_unknown_name_lists_known_games():
    with pytest.raises(GameError) as error:
        load_game("monopoly")
    assert "unknown game 'monopoly'" in str(error.value)
    for name in known_games():
        assert name in str(error.value)
    assert error.value.code == "unknown_game"


def test_illegal_action_is_a_value_error_with_code_and_params():
    error = IllegalAction("needs 3 AP, 2 left", code="not_enough_ap", cost=3, left=2)
    assert isinstance(error, ValueError)
    assert error.code == "not_enough_ap" and error.params == {"cost": 3, "left": 2}


def test_record_saves_loads_and_replays_to_the_same_state(tmp_path):
    state = load_game("tikal").new(3, 11)
    record = Record.start("tikal", 11, ["a", "b", "c"])
    for _ in range(60):
        player = state.current_players()[0]
        action = state.legal_actions(player)[-1]
        state.apply(player, action)
        record.add(player, action)
    path = tmp_path / "r.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded == record
    assert loaded.replay().to_json() == state.to_json()
    states = list(loaded.states())
    assert len(states) == 61 and states[-1].to_json() == state.to_json()
    assert loaded.replay(0).to_json() == load_game("tikal").new(3, 11).to_json()


def test_record_with_an_unreplayable_action_names_it():
    record = Record("tikal", 1, ["a", "b"], {}, [(0, "end")])
    with pytest.raises(GameError, match="record action 1 .*'end'"):
        record.replay()


def test_same_seed_same_game_different_seed_different_game():
    tikal = load_game("tikal")
    assert tikal.new(4, 5).to_json() == tikal.new(4, 5).to_json()
    assert tikal.new(4, 5).to_json() != tikal.new(4, 6).to_json()


def test_apply_accepts_notation_and_returns_the_action():
    state = load_game("tikal").new(2, 1)
    action = state.legal_actions(0)[0]
    assert state.apply(0, str(action)) == action
