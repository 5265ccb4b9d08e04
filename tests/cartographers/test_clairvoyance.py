"""Session 56's tools: the clairvoyant ceiling stays a bench measurement, and
`SEASON_STOP` ends a search's sampled future at the placement's season scoring.

The ceiling (`bench/cartographers_games.py --oracle`) hands the first seat's bot a
window whose samples are the true position. It must be reachable from nowhere but that
flag: no level, no module of the package, and every line of such a run says it was
clairvoyant, so a ceiling is never read as a bot's figure (docs/bots.md, session 56).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardgamesbot.bots import SeatView, bot_names, make_bot
from boardgamesbot.bots.montecarlo import MonteCarloBot
from boardgamesbot.engine import load_game
from boardgamesbot.games.cartographers import heuristics as H
from boardgamesbot.games.cartographers.heuristics import candidates

from .helpers import bench_script, spy_on_follow_up

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def games_tool():
    return bench_script("cartographers_games")


@pytest.fixture(scope="module")
def stars_tool():
    return bench_script("cartographers_stars")


# The clairvoyant ceiling ----------------------------------------------------------------


def test_the_oracle_window_sees_the_true_deck_and_an_honest_one_does_not(games_tool):
    state = load_game("cartographers").new(1, 5, side="A")
    seen = games_tool.OracleSeat(state.clone(), 0).determinize(random.Random(1))
    honest = SeatView(state.clone(), 0).determinize(random.Random(1))
    assert (seen.deck, seen.ambush_pile, seen.chance) == (
        state.deck,
        state.ambush_pile,
        state.chance,
    )
    assert (honest.deck, honest.chance) != (state.deck, state.chance)


def test_only_the_oracle_flag_hands_out_the_clairvoyant_window(games_tool, monkeypatch):
    """A run without ``--oracle`` never builds the window; with it, every decision of the
    lineup's first bot does, and the game's line says so."""
    made = []

    class Spy(games_tool.OracleSeat):
        def __init__(self, *args, **kwargs):
            made.append(args[1])
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(games_tool, "OracleSeat", Spy)
    honest = games_tool.play((7, 0, ("medium",), "A", (), False, None, None))
    assert made == [] and honest["oracle"] is False
    clairvoyant = games_tool.play((7, 0, ("medium",), "A", (), True, None, None))
    assert clairvoyant["oracle"] is True
    assert len(made) == len(clairvoyant["cpu"][0]) > 10


def test_no_level_and_no_module_of_the_package_can_reach_the_ceiling():
    """The clairvoyant window is bench code: nothing installed names it or imports the
    bench, and every level a player can ask for decides through the honest window."""
    for root in (ROOT / "src", ROOT / "reference"):
        for path in root.rglob("*.py"):
            text = path.read_text()
            assert "OracleSeat" not in text, path
            assert "import bench" not in text and "from bench" not in text, path
            assert "cartographers_games" not in text, path
    state = load_game("cartographers").new(1, 3, side="B")
    windows = []
    original = SeatView.determinize

    def spy(self, *args):
        windows.append(type(self))
        return original(self, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SeatView, "determinize", spy)
        for name in bot_names():
            make_bot(name, 1).choose(state.clone(), 0, budget=1)
    assert windows and set(windows) == {SeatView}


def test_the_stars_tool_says_which_run_was_clairvoyant(games_tool, stars_tool, tmp_path):
    import json

    for name, oracle in (("honest", False), ("seeing", True)):
        game = games_tool.play((9, 0, ("medium",), "B", (), oracle, None, None))
        (tmp_path / f"{name}.jsonl").write_text(json.dumps(game) + "\n")
    honest = stars_tool.read(tmp_path / "honest.jsonl")
    seeing = stars_tool.read(tmp_path / "seeing.jsonl")
    text = stars_tool.table(honest, seeing, ("honest", "seeing"))
    assert "seeing is CLAIRVOYANT" in text and "honest is CLAIRVOYANT" not in text
    assert "CLAIRVOYANT" not in stars_tool.table(honest, honest, ("honest", "again"))


# SEASON_STOP: a sampled future ends at the placement's season scoring --------------------


def _before_a_season_ends(seed: int):
    """Greedy solo play from a new deal up to the first drawing that ends a season: the
    position before it with that drawing, and the position two decisions earlier with
    its drawing (the same season)."""
    state = load_game("cartographers").new(1, seed, side="A")
    history = []
    while True:
        action = candidates(state, 0, 1)[0]
        after = state.clone()
        after.apply(0, action)
        if after.season != state.season:
            return state, action, history[-2]
        history.append((state.clone(), action))
        state = after


@pytest.fixture
def season_stop(monkeypatch):
    def turn(value: int) -> None:
        monkeypatch.setattr(H, "SEASON_STOP", value)

    return turn


def _follow_ups(monkeypatch, world, action, depth):
    """The seasons of the seat's next decisions played after ``action`` in ``world`` (the
    true position: greedy, as the deal was played)."""
    seasons: list[int] = []
    spy_on_follow_up(monkeypatch, lambda state, memory: seasons.append(state.season))
    MonteCarloBot(1, worlds=1, width=4, depth=depth)._outcome(
        world, 0, action, H.HEURISTICS, 11, {}
    )
    return seasons


def test_off_the_future_goes_on_into_the_next_season(monkeypatch, season_stop):
    season_stop(0)
    world, action, (middle, first) = _before_a_season_ends(21)
    assert _follow_ups(monkeypatch, world, action, 2) == [world.season + 1] * 2
    assert (
        _follow_ups(monkeypatch, middle, first, 6) == [middle.season] * 2 + [middle.season + 1] * 4
    )


def test_on_the_future_stops_at_the_placements_season_scoring(monkeypatch, season_stop):
    season_stop(1)
    world, action, (middle, first) = _before_a_season_ends(21)
    assert _follow_ups(monkeypatch, world, action, 2) == []
    # Two decisions before that, six deep: the seat plays the season's last two cards
    # and the future stops at its scoring.
    assert _follow_ups(monkeypatch, middle, first, 6) == [middle.season] * 2
    assert H.HEURISTICS.horizon_reached(middle, world, 0) is False
