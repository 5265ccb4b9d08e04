"""`bench/cartographers_games.py --set` must change the bot it measures: the search
settings reach `CartographersHeuristics.search_for`, which ``hard`` asks, or a screen
of search settings compares the unchanged ``hard`` with itself (session 38)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from boardgamesbot.bots import make_bot
from boardgamesbot.games.cartographers import heuristics as H
from boardgamesbot.games.cartographers.weights import Weights, save

from .helpers import bench_script


@pytest.fixture(scope="module")
def tool():
    return bench_script("cartographers_games")


@pytest.fixture
def restored(monkeypatch):
    """Whatever the tool changes in the heuristics module is put back afterwards."""
    for name in ("SEARCH", "TABLE_SEARCH"):
        monkeypatch.setattr(H, name, getattr(H, name))
    monkeypatch.setattr(H, "SEARCH_SETTINGS", dict(H.SEARCH_SETTINGS))
    monkeypatch.setattr(H.CartographersHeuristics, "search", H.CartographersHeuristics.search)
    yield
    H.use_weights(Weights())  # the evaluation's weights, their memos emptied


def test_search_settings_reach_what_hard_asks_for(tool, restored):
    solo, table = H.HEURISTICS.search_for(1), H.HEURISTICS.search_for(4)
    tool.apply_settings(["worlds=3", "width=5", "final_worlds=2"])
    for players, before in ((1, solo), (4, table)):
        after = H.HEURISTICS.search_for(players)
        assert (after.worlds, after.width, after.final_worlds) == (3, 5, 2)
        assert (after.depth, after.finalists) == (before.depth, before.finalists)


def test_final_depth_reaches_what_hard_asks_for(tool, restored):
    """The screens of session 42 set the finalists' horizon: it must reach ``hard``."""
    tool.apply_settings(["final_depth=6"])
    assert H.HEURISTICS.search_for(1).final_depth == 6
    assert make_bot("hard", 1)._montecarlo(H.HEURISTICS.search_for(1)).final_depth == 6


def test_a_weight_reaches_the_module(tool, restored):
    """An evaluation weight (`weights.Weights`) by its upper-case name, within its bounds."""
    tool.apply_settings(["MONSTER_LATER=0.8"])
    assert replace(Weights(), monster_later=0.8) == H.WEIGHTS
    assert H.HEURISTICS.search_for(1) == H.SEARCH
    with pytest.raises(SystemExit, match="outside its bounds"):
        tool.apply_settings(["POCKET=9.5"])


def test_a_levels_own_weight_reaches_that_level_only(tool, restored, monkeypatch):
    """``--set medium:STUCK_MONSTER=1.0``: medium's own weights (`LEVEL_WEIGHTS`), not
    the others' (a screen of what helps greedy that leaves ``hard`` as it is)."""
    monkeypatch.setattr(H, "LEVEL_WEIGHTS", {})
    tool.apply_settings(["medium:STUCK_MONSTER=1.0"])
    assert H.LEVEL_WEIGHTS == {"medium": {"stuck_monster": 1.0}}
    assert Weights() == H.WEIGHTS
    assert H.HEURISTICS.for_level("medium")._asked(H.in_play).stuck_monster == 1.0
    assert H.HEURISTICS.for_level("hard") is H.HEURISTICS
    for wrong, message in (
        ("medium:STUCK_MONSTER=9.0", "outside its bounds"),
        ("medium:LINE_CREDIT=0.5", "credits"),
        ("medium:stuck=1.0", "not a weight"),
    ):
        with pytest.raises(SystemExit, match=message):
            tool.apply_settings([wrong])


def test_a_weights_file_is_played_with(tool, restored, tmp_path):
    """``--params FILE``: the evaluation's weights of a tuned file, in the game's worker."""
    path = tmp_path / "tuned.json"
    save(replace(Weights(), pocket=1.25), path)
    tool.play((5, 0, ("medium",), "A", (), False, None, str(path)))
    assert replace(Weights(), pocket=1.25) == H.WEIGHTS


def test_an_unknown_name_is_refused(tool, restored):
    with pytest.raises(SystemExit):
        tool.apply_settings(["monster_later=0.8"])
