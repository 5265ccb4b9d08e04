"""The position format rejects bad input clearly; component data is validated on load."""

import copy
import json

import pytest

from boardgamesbot.engine import GameError
from boardgamesbot.games.cartographers import GAME
from boardgamesbot.games.cartographers.components import _load, load_components

from .helpers import position


def good() -> dict:
    return json.loads(position(players=2, revealed=["Great River"]).to_json())


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("deck"), "missing 'deck'"),
    (lambda d: d.update(side="C"), "A .*B"),
    (lambda d: d.update(season="Monsoon"), "Spring, Summer, Autumn, Winter"),
    (lambda d: d["deck"].append("Great River"), "twice Great River"),
    (lambda d: d["deck"].remove("Rift Lands"), "missing Rift Lands"),
    (lambda d: d["deck"].append("Dragon"), "unknown card 'Dragon'"),
    (lambda d: d["edicts"].reverse(), "edict A comes from the forest deck"),
    (lambda d: d["players"][1]["sheet"].__setitem__(1, "...^.R...x."),
     "player 2's sheet: line 2, character 10"),
    (lambda d: d["players"][0].update(choice="forest 1 r0 A1"),
     "player 1's choice 'forest 1 r0 A1': Great River offers water"),
    (lambda d: d["players"][0].update(coins=15), "coins must be 0 to 14"),
    (lambda d: d.update(ambush_pile=[]), "ambush"),
    (lambda d: d.update(step="ambush", removed_ambushes=[]), "ambush"),
    (lambda d: d["players"][0].update(last_drawn=["A1"]), "not drawn on"),
])
def test_invalid_positions_say_what_is_wrong(change, message):
    data = good()
    change(data)
    with pytest.raises(GameError, match=message) as error:
        GAME.from_json(json.dumps(data))
    assert error.value.code in ("bad_position", "bad_option")


def test_not_json_at_all():
    with pytest.raises(GameError, match="invalid JSON"):
        GAME.from_json("{deck: ")


def test_components_load_and_match_the_reference():
    data = _load()
    assert len(data["explore"]) == 11 and len(data["ruins"]) == 2
    assert len(data["ambushes"]) == 4 and len(data["scoring"]) == 16
    assert data["coin_track"] == 14
    assert [(s.name, s.threshold, s.edicts) for s in data["seasons"]] == [
        ("Spring", 8, ("A", "B")), ("Summer", 8, ("B", "C")),
        ("Autumn", 7, ("C", "D")), ("Winter", 6, ("D", "A"))]
    assert [len(s.wastelands) for s in data["sides"].values()] == [0, 7]


def _raw() -> dict:
    from importlib import resources

    text = resources.files("boardgamesbot.games.cartographers").joinpath(
        "components.json").read_text()
    return json.loads(text)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["explore_cards"][0].update(terrains=["lava"]), "Great River: terrains"),
    (lambda d: d["explore_cards"].pop(), "explore cards: expected 11, found 10"),
    (lambda d: d["ambush_cards"][0].update(direction="up"), "Goblin Attack: direction"),
    (lambda d: d["maps"]["A_wilderness"]["mountains"].append([11, 0]), "mountains"),
    (lambda d: d["scoring_cards"][0].pop("solo"), "missing 'solo'"),
])
def test_corrupted_component_data_names_the_entry(change, message):
    data = copy.deepcopy(_raw())
    change(data)
    with pytest.raises(GameError, match=message):
        load_components(data)


def test_view_shows_what_was_just_drawn():
    state = position(revealed=["Great River"], deck_top=["Goblin Attack"])
    state.apply(0, "water 1 r0 A1")
    view = state.view(0)
    assert view["players"][0]["last_drawn"] == ["A1", "A2", "A3", "I9", "J10", "K11"]
    assert view["last_ambush"]["card"] == "Goblin Attack"
