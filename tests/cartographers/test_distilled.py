"""The correction fitted to the search's own values (`distilled.py`, issue 32, session 49):
the record is honest (the seat's view only), the fit finds what the values hold, and the
recording resumes from its chunks."""

from __future__ import annotations

import random

import numpy as np
import pytest

from boardgamesbot.engine import load_game
from boardgamesbot.games.cartographers import distilled as D
from boardgamesbot.games.cartographers import learned as L
from boardgamesbot.games.cartographers.heuristics import candidates, placement_values
from boardgamesbot.games.cartographers.state import DRAW


def random_position(players: int, side: str, seed: int, steps: int):
    """A solo game ``steps`` steps in, at random."""
    state = load_game("cartographers").new(players, seed, side=side)
    rng = random.Random(seed)
    for _ in range(steps):
        for seat in state.current_players():
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state

# A correction planted in a few tables (a general one and a scoring card's), for a
# teacher whose values are the hand-written worth plus it.
PLANTED = np.zeros(L.WEIGHTS, np.float32)
PLANTED[:2 * L.TABLE_SIZE] = np.random.default_rng(49).normal(0, 1.0, 2 * L.TABLE_SIZE)


class PlantedTeacher:
    """Values = hand-written worth + `PLANTED`'s correction, over the 6 best placements;
    counts its calls (a resumed run must not replay what its chunks hold)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, state, player):
        self.calls += 1
        chosen = candidates(state, player, 6)
        if state.step != DRAW:
            return [(action, 0.0) for action in chosen]
        hands = dict((a, v) for v, a in placement_values(state, player, chosen))
        side = state.sheets[player].side
        found = []
        for action in chosen:
            layers, filled = L._placed(state, player, action)
            read = L.features(layers, filled, side, state.season, state.edicts,
                              state.time_used())
            found.append((action, hands[action] + read.value(PLANTED)))
        return found


def test_the_record_reads_the_seats_view_only():
    """Deals that look the same to the seat (its determinized twins: another deck order)
    give the same record, with `hard`'s own search as the teacher, as `bgbot train
    --target search` asks it (through the seat's window)."""
    from boardgamesbot.cli.train import SearchTeacher

    state = random_position(1, "B", 31, 6)
    assert state.step == DRAW
    twins = [state.determinize(0, random.Random(seed)) for seed in (1, 2)]
    assert twins[0].deck != twins[1].deck  # hidden: the cards to come differ
    records = [D.decision_samples(twin, 0, SearchTeacher("hard", 7)) for twin in twins]
    (first, one), (second, two) = records
    assert first == second and one is not None and two is not None
    for name in ("target", "hand", "search", "count", "column", "value"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name
    assert len(one.count) >= 2 and one.count[0] == 0  # rows are against the first


def test_the_teacher_gives_the_search_choice_first_with_its_values():
    from boardgamesbot.bots import SeatView, make_bot
    from boardgamesbot.cli.train import SearchTeacher

    state = random_position(1, "A", 32, 9)
    compared = SearchTeacher("hard", 3)(state, 0)
    assert compared[0][0] == make_bot("hard", 3).choose(SeatView(state.clone(), 0), 0)
    assert len(compared) >= 8 and len({value for _, value in compared}) > 1


def test_the_fit_finds_a_planted_correction():
    samples = D.Samples.join(D.record_game((L.game_seed(4, index), "AB"[index % 2],
                                            PlantedTeacher())) for index in range(3))
    assert samples.games == 3 and samples.decisions >= 3 * 15
    fitted = D.fit(samples, ridge=0.01, tie="full")
    before, after = D.centred_error(samples, None), D.centred_error(samples, fitted)
    assert before > 0.5 and after < 0.05 * before
    assert not fitted[L.TABLES * L.TABLE_SIZE:].any()  # the offsets decide nothing


def test_recording_resumes_from_its_chunks_and_refuses_another_seed(tmp_path):
    straight, split = tmp_path / "straight.npz", tmp_path / "split.npz"
    D.train_search(straight, 3, 6, PlantedTeacher(), evaluate_every=1, measure_games=2)
    D.train_search(split, 2, 6, PlantedTeacher(), evaluate_every=1, measure_games=2)
    later = PlantedTeacher()
    D.train_search(split, 3, 6, later, evaluate_every=1, measure_games=2)
    one_game = PlantedTeacher()
    D.record_game((L.game_seed(6, 2), "A", one_game))
    assert later.calls == one_game.calls  # only the third game was played again
    assert [p.name for p in D.recorded(D.chunks_of(split))] == [
        "games-000000-000001.npz", "games-000001-000002.npz", "games-000002-000003.npz"]
    resumed, whole = L.Checkpoint.load(split), L.Checkpoint.load(straight)
    assert resumed.games == 3 and np.allclose(resumed.weights, whole.weights)
    assert [point["games"] for point in resumed.curve] == [1, 2, 3]
    with pytest.raises(ValueError, match="seed"):
        D.train_search(split, 4, 7, PlantedTeacher())


def test_bgbot_train_target_search(tmp_path, monkeypatch):
    """The command records a level's own games (here `medium`'s, for speed: `hard` is
    what it asks for) and writes the weights; an unknown target is refused."""
    from click.testing import CliRunner

    from boardgamesbot.cli import main
    from boardgamesbot.cli import train as command

    monkeypatch.setattr(command, "TEACHER_LEVEL", "medium")
    out = tmp_path / "search.npz"
    runner = CliRunner()
    result = runner.invoke(main, ["train", "cartographers", "--target", "search", "--games",
                                  "1", "--seed", "3", "--out", str(out),
                                  "--measure-games", "2"])
    assert result.exit_code == 0, result.output
    assert "1 games of the search recorded" in result.output
    assert L.Checkpoint.load(out).games == 1
    refused = runner.invoke(main, ["train", "cartographers", "--target", "oracle",
                                   "--games", "1", "--out", str(out)])
    assert refused.exit_code == 2


def test_tied_weights_share_a_window_turned_or_mirrored():
    """`symmetric`: a pattern, its turns and its mirror images read one weight (666
    classes of 8**4); `general` holds the scoring cards' tables at zero."""
    canonical = D._canonical_patterns()
    assert canonical.max() + 1 == 666

    def code(tl, tr, bl, br):
        return ((tl * 8 + tr) * 8 + bl) * 8 + br

    forest, village, farm, empty = 2, 3, 4, 0
    window = code(forest, village, farm, empty)
    for turned in (code(farm, forest, empty, village), code(empty, farm, village, forest),
                   code(village, forest, empty, farm)):  # a quarter turn, a half, a mirror
        assert canonical[turned] == canonical[window]
    assert canonical[code(forest, forest, village, village)] != canonical[window]
    general = D.tying("general")
    assert (general[len(D.SEASONS) * L.TABLE_SIZE:] == -1).all()
    samples = D.Samples.join(D.record_game((L.game_seed(4, 0), "A", PlantedTeacher())) for _ in
                             range(1))
    for tie in ("symmetric", "general"):
        fitted = D.fit(samples, ridge=1.0, tie=tie)
        pattern = fitted[:L.TABLE_SIZE]
        assert pattern[window] == pattern[canonical.tolist().index(canonical[window])]
    with pytest.raises(ValueError, match="tying"):
        D.tying("diagonal")
