"""`bench/cartographers_paired.py` compares two four-player runs game by game: the rank
must break ties as the rules do, and it must say whether the rivals played alike until
the seat under test chose differently (what makes the comparison paired; session 54)."""

from __future__ import annotations

import pytest

from boardgamesbot.games.cartographers import heuristics as H

from .helpers import bench_script


@pytest.fixture(scope="module")
def tool():
    return bench_script("cartographers_paired")


@pytest.fixture(scope="module")
def games():
    return bench_script("cartographers_games")


def game(scores, losses, moves, *, seats=("hard", "ref", "ref", "ref"), index=0) -> dict:
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    fewest = min(losses[p] for p in tied)
    return {
        "seed": 7,
        "index": index,
        "seats": list(seats),
        "scores": list(scores),
        "winners": [p for p in tied if losses[p] == fewest],
        "records": [[[0, 0, 0, loss]] for loss in losses],
        "cpu": [[0.1]] * 4,
        "monster_losses": list(losses),
        "moves": moves,
    }


def test_a_tie_on_stars_is_broken_by_monster_losses(tool):
    # seat 0 and seat 2 both have 90 stars; seat 2 lost fewer to monsters, so it wins
    # and seat 0 is second, not first
    tied = game([90, 70, 90, 60], [5, 0, 3, 0], [])
    assert tool.seat_result(tied, "hard") == {"win": 0.0, "score": 90.0, "margin": 0.0, "rank": 2.0}
    ahead = game([90, 70, 90, 60], [2, 0, 3, 0], [])
    assert tool.seat_result(ahead, "hard")["rank"] == 1.0
    assert tool.seat_result(ahead, "hard")["win"] == 1.0
    # without the total (older runs) it is read from the seasons' records
    older = dict(tied)
    del older["monster_losses"]
    assert tool.seat_result(older, "hard")["rank"] == 2.0


def test_rivals_must_play_alike_until_the_seat_differs(tool):
    same = [[[0, "a"], [1, "b"], [2, "c"], [3, "d"]], [[0, "e"], [1, "f"], [2, "g"], [3, "h"]]]
    seat_differs = [same[0], [[0, "E"], [1, "f"], [2, "g"], [3, "h"]]]
    after = [seat_differs[0], seat_differs[1], [[0, "x"], [1, "y"], [2, "z"], [3, "w"]]]
    other_after = [seat_differs[0], seat_differs[1], [[0, "x"], [1, "Y"], [2, "z"], [3, "w"]]]
    rival_first = [[[0, "a"], [1, "B"], [2, "c"], [3, "d"]], seat_differs[1]]
    base = game([1, 2, 3, 4], [0] * 4, same + [[[0, "x"]]])
    assert tool.first_difference(base, game([1, 2, 3, 4], [0] * 4, after), 0) == 1
    # after the seat's first different choice the rivals may differ
    assert tool.rivals_alike(base, game([1, 2, 3, 4], [0] * 4, other_after), 0) is True
    # a rival that drew otherwise before it did not play the same game
    assert tool.rivals_alike(base, game([1, 2, 3, 4], [0] * 4, rival_first), 0) is False
    # nor one that drew otherwise in the same step (chosen on the same position)
    same_step = [same[0], [[0, "E"], [1, "F"], [2, "g"], [3, "h"]]]
    assert tool.rivals_alike(base, game([1, 2, 3, 4], [0] * 4, same_step), 0) is False
    assert tool.rivals_alike(base, dict(base), 0) is True
    unrecorded = dict(base)
    del unrecorded["moves"]
    assert tool.rivals_alike(base, unrecorded, 0) is None


def test_other_deals_or_seats_are_refused(tool):
    base = {0: game([1, 2, 3, 4], [0] * 4, [])}
    other = {0: game([1, 2, 3, 4], [0] * 4, [], seats=("ref", "hard", "ref", "ref"))}
    with pytest.raises(SystemExit, match="same deal"):
        tool.compare(base, other, "a", "b")


def test_a_level_weight_changes_the_seat_and_not_its_rivals(tool, games, monkeypatch):
    """Real games: ``medium`` with a weight of its own against three ``greedy`` (the same
    bot without it) and without it, on the same deals. The rivals play the same until
    ``medium`` draws otherwise, and the report reads it."""
    lineup = ("medium", "greedy", "greedy", "greedy")
    monkeypatch.setattr(H, "LEVEL_WEIGHTS", {})
    base = {i: games.play((4401, i, lineup, "A", (), False, None, None)) for i in range(2)}
    changed = ("medium:POCKET=3.0", "medium:COIN_WAIT=0.0", "medium:MOUNTAIN_CLOSE=0.05")
    other = {i: games.play((4401, i, lineup, "A", changed, False, None, None)) for i in range(2)}
    monkeypatch.setattr(H, "LEVEL_WEIGHTS", {})
    seats = [base[i]["seats"].index("medium") for i in range(2)]
    assert seats == [0, 1]  # the seats rotate
    splits = [tool.first_difference(base[i], other[i], seats[i]) for i in range(2)]
    assert any(split is not None for split in splits)
    assert all(tool.rivals_alike(base[i], other[i], seats[i]) for i in range(2))
    for i in range(2):
        if splits[i] is not None:  # no rival moved before the seat did
            for step in range(splits[i]):
                assert base[i]["moves"][step] == other[i]["moves"][step]
    report = tool.compare(base, other, "base", "changed")
    assert report[0] == "changed against base: 2 games in common (seed 4401)"
    assert "the same until the seat chose differently in 2 of 2 games" in report[-1]
    assert "paired margin" in "\n".join(report)
