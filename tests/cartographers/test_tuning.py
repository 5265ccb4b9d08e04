"""The evaluation's weights in one place (`weights.Weights`) and their joint tuning by
self-play (`tuning`, ``bgbot train cartographers --target tune``; issue 32, session 50).

The defaults must be the evaluation as it was: the digest below was recorded with the
code before the weights were gathered (the module constants and the numbers written
inside the functions). Re-record with ``python tests/cartographers/test_tuning.py``
only when a default is changed on purpose, and say why.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, replace

import pytest

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.games.cartographers import heuristics as H
from boardgamesbot.games.cartographers import tuning as T
from boardgamesbot.games.cartographers import weights as W

from .test_bots import random_position

# (players, side, seed, random steps): solo and a table, both sides, every season
POSITIONS = [(1, "A", 1, 3), (1, "B", 2, 9), (1, "A", 3, 15), (1, "B", 4, 22), (1, "A", 5, 30),
             (1, "B", 6, 12), (1, "A", 7, 26), (3, "A", 8, 6), (3, "B", 9, 14), (2, "A", 10, 20)]
# placement values, terms and medium's choice on POSITIONS; hard's on the first two
RECORDED = "9efacfff6f18b4c7840b2145a3b5f5edc5801f33203f7b47f5c968b384b6fa7a"


def choices_digest(with_hard: bool = True) -> str:
    """sha256 over every placement value, evaluation term and bot choice on POSITIONS."""
    digest = hashlib.sha256()
    for index, (players, side, seed, steps) in enumerate(POSITIONS):
        state = random_position(players, side, seed, steps)
        if state.is_over():
            continue
        seat = state.current_players()[0]
        digest.update(repr(H.placement_values(state, seat)).encode())
        digest.update(repr(sorted(H.evaluate_terms(state, seat).items())).encode())
        bots = ["medium"] + (["hard"] if with_hard and index < 2 else [])
        for name in bots:
            action = make_bot(name, seed).choose(SeatView(state.clone(), seat), seat)
            digest.update(f"{name}:{action}".encode())
    return digest.hexdigest()


@pytest.fixture
def restored():
    """Whatever a test puts in play, the defaults come back afterwards."""
    yield
    H.use_weights(W.Weights())


def test_default_weights_value_and_choose_as_before(restored):
    assert W.Weights() == H.WEIGHTS
    assert choices_digest() == RECORDED


def test_other_weights_change_the_values_and_the_defaults_come_back(restored):
    """`use_weights` reaches every card, memoized ones too (Borderlands' line credit is
    remembered by the filled mask): a changed weight changes the values, and the
    defaults give the recorded ones again."""
    state = random_position(1, "A", 3, 15)
    state.edicts = state.edicts[:3] + ("Borderlands",)  # memoized, reads line_credit
    before = H.placement_values(state, 0)
    H.use_weights(replace(W.Weights(), line_credit=0.8))
    assert H.placement_values(state, 0) != before
    H.use_weights(W.Weights())
    assert H.placement_values(state, 0) == before


def test_a_weights_file_round_trips_and_bad_ones_are_refused(tmp_path):
    tuned = replace(W.Weights(), monster_later=0.7, link_decay=0.6)
    path = tmp_path / "tuned.json"
    W.save(tuned, path, source="test")
    assert W.load(path) == tuned
    cases = {"outside its bounds": {"weights": {"monster_later": 5.0}},
             "unknown weight": {"weights": {"monster_sooner": 0.5}},
             "must be a number": {"weights": {"pocket": "much"}},
             "not a weights file": {"monster_later": 0.5}}
    for message, data in cases.items():
        path.write_text(json.dumps(data))
        with pytest.raises(ValueError, match=message):
            W.load(path)
    path.write_bytes(b"\x00\xff not json")
    with pytest.raises(ValueError, match="not a readable weights file"):
        W.load(path)


def test_a_level_plays_with_its_own_weights_and_the_others_with_the_defaults(monkeypatch,
                                                                            restored):
    """A level with weights of its own (`LEVEL_WEIGHTS`) chooses as the defaults changed
    by them would, in the same process as a level without (greedy, hard), which still
    reads the defaults: on two positions where `stuck_monster` changes greedy's choice."""
    positions = [random_position(1, "A", 1, 10), random_position(1, "B", 3, 10)]

    def chosen(level: str) -> list[str]:
        return [str(make_bot(level, 1).choose(SeatView(state.clone(), 0), 0))
                for state in positions]

    plain = chosen("greedy")
    H.use_weights(replace(W.Weights(), stuck_monster=1.0))
    changed = chosen("greedy")
    H.use_weights(W.Weights())
    assert all(a != b for a, b in zip(plain, changed))  # the positions tell them apart
    monkeypatch.setitem(H.LEVEL_WEIGHTS, "medium", {"stuck_monster": 1.0})
    assert chosen("medium") == changed
    assert chosen("greedy") == plain  # asked in between: no trace of medium's weights
    heuristics = positions[0].game.heuristics
    assert heuristics.for_level("hard") is heuristics
    medium = heuristics.for_level("medium")
    assert medium.evaluate(positions[0], 0) != heuristics.evaluate(positions[0], 0)


def test_a_levels_weights_hold_only_in_its_questions_and_thread(restored):
    """`in_play` is a level's weights while its heuristics answer, in that thread only
    (a bot pool's other thread, deciding for another table, reads the defaults); the
    edicts' credits, whose memos every level shares, cannot be a level's own."""
    import threading

    level = H.LevelHeuristics({"stuck_monster": 1.0})

    def question() -> tuple[W.Weights, W.Weights]:
        seen: list[W.Weights] = []
        other = threading.Thread(target=lambda: seen.append(H.in_play()))
        other.start()
        other.join()
        return H.in_play(), seen[0]

    inside, elsewhere = level._asked(question)
    assert inside == replace(W.Weights(), stuck_monster=1.0)
    assert elsewhere == W.Weights() == H.in_play()
    H.use_weights(replace(W.Weights(), monster_later=0.7))  # the others' change reaches it
    assert level._asked(H.in_play) == replace(W.Weights(), monster_later=0.7,
                                              stuck_monster=1.0)
    with pytest.raises(ValueError, match="line_credit"):
        H.LevelHeuristics({"line_credit": 0.6})


def _fast(monkeypatch):
    """Two deals an iteration, so that a test plays a few games, not hundreds."""
    monkeypatch.setattr(T, "DEALS", 2)


def test_tuning_resumes_from_its_checkpoint_as_if_never_stopped(tmp_path, monkeypatch,
                                                                restored):
    _fast(monkeypatch)
    straight, split = tmp_path / "straight.json", tmp_path / "split.json"
    T.tune(straight, games=12, seed=4, evaluate_every=4, measure_games=2, workers=1)
    T.tune(split, games=4, seed=4, evaluate_every=4, measure_games=2, workers=1)
    first = json.loads(split.read_text())
    assert first["iteration"] == 1 and first["games"] == 4
    T.tune(split, games=12, seed=4, evaluate_every=4, measure_games=2, workers=1)
    whole, resumed = json.loads(straight.read_text()), json.loads(split.read_text())
    assert resumed["iteration"] == 3 and resumed["weights"] == whole["weights"]
    assert resumed["weights"] != first["weights"] != asdict(W.Weights())  # it moved on
    assert [p["games"] for p in resumed["curve"]] == [0, 4, 8, 12]
    assert W.load(split) == W.checked(whole["weights"])  # a checkpoint is a weights file
    with pytest.raises(ValueError, match="seed"):
        T.tune(split, games=16, seed=5, workers=1)


def test_bgbot_train_target_tune_and_its_refusals(tmp_path, monkeypatch, restored):
    from click.testing import CliRunner

    from boardgamesbot.cli import main

    _fast(monkeypatch)
    out = tmp_path / "tune.json"
    runner = CliRunner()
    common = ["train", "cartographers", "--target", "tune", "--seed", "3", "--out", str(out),
              "--measure-games", "2", "--workers", "1"]
    result = runner.invoke(main, common + ["--games", "4"])
    assert result.exit_code == 0, result.output
    assert "4 games of tuning" in result.output and W.load(out)
    negative = runner.invoke(main, common + ["--games", "-4"])
    assert negative.exit_code == 2 and "must be 1 or more" in negative.output
    out.write_text("{not json")
    unreadable = runner.invoke(main, common + ["--games", "8"])
    assert unreadable.exit_code == 2 and "not a readable tuning checkpoint" in unreadable.output
    out.write_text(json.dumps({"format": T.FORMAT, "seed": 3,
                               "weights": {"line_credit": 0.99}}))
    outside = runner.invoke(main, common + ["--games", "8"])
    assert outside.exit_code == 2 and "outside its bounds" in outside.output
    # ... and in the person's language, as every other refusal of the terminal
    portuguese = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "pt_BR.UTF-8"}
    catalan = {**portuguese, "LANG": "ca_ES.UTF-8"}
    outside = runner.invoke(main, common + ["--games", "8"], env=portuguese)
    assert outside.exit_code == 2 and "line_credit = 0.99 está fora dos limites [0.05, 0.9]" \
        in outside.output and "outside" not in outside.output
    negative = runner.invoke(main, common + ["--games", "-4"], env=catalan)
    assert negative.exit_code == 2 and "han de ser 1 o més" in negative.output
    out.write_text(json.dumps({"format": T.FORMAT, "seed": 4, "weights": {}}))
    other = runner.invoke(main, common + ["--games", "8"], env=catalan)
    assert other.exit_code == 2 and "amb la llavor 4, no 3" in other.output
    out.write_text("[]")
    other = runner.invoke(main, common + ["--games", "8"], env=portuguese)
    assert other.exit_code == 2 and "não é um ponto de controle de ajuste" in other.output


if __name__ == "__main__":
    print(f"RECORDED = {choices_digest()!r}")
