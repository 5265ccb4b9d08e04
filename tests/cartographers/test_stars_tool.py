"""`bench/cartographers_stars.py` splits a paired difference of solo games by scoring
card and season: its rows must add up to the games' own scores, and it must pair
only games of the same deal (docs/bots.md, issue 32)."""

from __future__ import annotations

import pytest

from boardgamesbot.games.cartographers.components import SCORING_CARDS

from .helpers import bench_script


@pytest.fixture(scope="module")
def tool():
    return bench_script("cartographers_stars")


@pytest.fixture(scope="module")
def files(tool, tmp_path_factory):
    """Two bots on the same two deals (random and greedy: fast)."""
    return tool.play(("random", "greedy"), "B", 2, 4401, 0, tmp_path_factory.mktemp("stars"))


def test_the_rows_add_up_to_the_score(tool, files):
    for path in files:
        for game in tool.read(path).values():
            rows = tool.split(game)
            cards = sum(v for k, v in rows.items() if k.startswith("card:"))
            seasons = sum(v for k, v in rows.items() if k.startswith("season:"))
            assert cards == rows["edicts"]
            assert seasons == rows["total"] == rows["edicts"] + rows["coins"] + rows["monsters"]
            par = sum(SCORING_CARDS[name].solo for name in game["edicts"])
            assert rows["rating"] == rows["total"] - par
            # every card is scored twice a game: four cards, eight edict scorings
            assert len([k for k in rows if k.startswith("card:")]) == 4


def test_differences_are_paired_by_deal(tool, files):
    first, second = (tool.read(path) for path in files)
    diffs = tool.paired(first, second)
    for row in ("rating", "total", "season:Winter"):
        assert len(diffs[row]) == 2
    expected = [second[d]["rating"] - first[d]["rating"] for d in sorted(first)]
    assert diffs["rating"] == expected
    report = tool.table(first, second, ("random", "greedy"))
    assert report.splitlines()[0].startswith("2 deals")
    assert "card:" in report and "season:Spring" in report


def test_different_deals_are_refused(tool, files):
    first, second = (tool.read(path) for path in files)
    deal = sorted(first)[0]
    second[deal] = dict(second[deal], edicts=list(reversed(second[deal]["edicts"])))
    with pytest.raises(SystemExit, match="same deal"):
        tool.paired(first, second)


def test_mean_interval(tool):
    assert tool.mean_interval([1.0]) == (1.0, 0.0)
    mean, half = tool.mean_interval([1.0, 3.0])
    assert mean == 2.0 and half == pytest.approx(1.96 * 1.0)


def test_a_card_keeps_only_its_deals(tool, files):
    games = tool.read(files[0])
    card = next(iter(games.values()))["edicts"][0]
    kept = tool.dealt(games, card)
    assert kept and all(card in game["edicts"] for game in kept.values())
    assert not tool.dealt(games, "No Such Card")


def test_cpu_per_decision_reads_the_seats_times(tool, files):
    """The table ends with each bot's CPU per decision (median, 95th percentile, count),
    read from the games it pairs."""
    games = {(1, i): {"cpu": [[0.1 * (i * 10 + j) for j in range(10)]]} for i in range(2)}
    median, p95, count = tool.cpu_per_decision(games)
    assert count == 20 and median == pytest.approx(0.95) and p95 == pytest.approx(1.9)
    assert tool.cpu_per_decision({}) == (0.0, 0.0, 0)
    first, second = (tool.read(path) for path in files)
    lines = tool.table(first, second, ("random", "greedy")).splitlines()
    assert lines[-2].startswith("CPU per decision, random: median ")
    assert lines[-1].startswith("CPU per decision, greedy: median ")
