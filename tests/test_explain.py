"""Hints: `explain` shows the move the bot plays, with reasons that match the evaluation."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import pytest

from boardgamesbot.bots import LEVELS, SeatView, bot_names, make_bot
from boardgamesbot.bots.explain import FORCED, VALUE

sys.path.insert(0, str(Path(__file__).parent))
from bot_positions import SETUPS, decision_positions  # noqa: E402

DOCS = (Path(__file__).parents[1] / "docs" / "bots.md").read_text()
DETERMINISTIC_CHEAP = ["greedy", "medium"]
DETERMINISTIC_HARD = ["hard", "search"]


def heuristics(game):
    return importlib.import_module(f"boardgamesbot.games.{game}.heuristics")


def cases(count, seed=77):
    for game, options, players in SETUPS:
        label = f"{game}-{'-'.join(map(str, options.values())) or 'basic'}-{players}p"
        for index, (state, seat, _, _) in enumerate(
                decision_positions(game, options, players, count, seed=seed)):
            yield pytest.param(state, seat, id=f"{label}-{index}")


def term_codes(game) -> set[str]:
    module = heuristics(game)
    return set(module.REASON_CODES.values()) | {module.QUIET}


def check_hints(state, seat, hints, k=3):
    game = state.game.name
    assert 1 <= len(hints) <= k
    assert len({h["action"] for h in hints}) == len(hints)
    legal = {str(a) for a in state.legal_actions(seat)}
    for entry in hints:
        assert entry["action"] in legal
        assert isinstance(entry["value"], float)
        json.dumps(entry)  # every hint is JSON-ready, for the browser and the chat
        assert entry["reasons"], entry
        for reason in entry["reasons"]:
            assert set(reason) == {"code", "params"}
            assert f"`{reason['code']}`" in DOCS, f"{reason['code']} has no English template"
            assert "gain" in reason["params"] or reason["code"] in (FORCED, VALUE)
        # The reason built from the evaluation names the term that changed most.
        named = [r for r in entry["reasons"] if r["code"] in term_codes(game)]
        changes = entry["changes"]
        if game == "tikal" and entry["action"].startswith("place "):
            # (every placement brings the turn's action points: none is chosen for them)
            changes = {key: change for key, change in changes.items() if key != "ap"}
        if named and changes:
            largest = max(changes.values())
            first = named[0]
            if first["code"] != heuristics(game).QUIET:
                assert first["params"]["gain"] == pytest.approx(largest, abs=0.011)
                keys = [key for key, change in changes.items() if abs(change - largest) <= 0.011]
                codes = {heuristics(game).REASON_CODES[key.partition(":")[0]] for key in keys}
                assert first["code"] in codes
            else:
                assert abs(largest) < 0.05 + 0.011
        if named and changes:
            gains = [r["params"]["gain"] for r in named]
            assert gains == sorted(gains, reverse=True)


@pytest.mark.parametrize("state, seat", list(cases(4)))
def test_explain_shows_the_move_played_with_consistent_reasons(state, seat):
    for name in DETERMINISTIC_CHEAP:
        hints = make_bot(name, 9).explain(SeatView(state, seat), seat)
        check_hints(state, seat, hints)
        assert hints[0]["action"] == str(make_bot(name, 9).choose(SeatView(state, seat), seat))
    # the sampling level and random play explain too (their first need not be the move)
    for name in ("easy", "random"):
        check_hints(state, seat, make_bot(name, 9).explain(SeatView(state, seat), seat))


@pytest.mark.slow
@pytest.mark.parametrize("state, seat", list(cases(1, seed=78)))
def test_hard_explains_the_move_it_plays(state, seat):
    for name in DETERMINISTIC_HARD:
        hints = make_bot(name, 9).explain(SeatView(state, seat), seat)
        check_hints(state, seat, hints)
        assert hints[0]["action"] == str(make_bot(name, 9).choose(SeatView(state, seat), seat))


@pytest.mark.parametrize("state, seat", list(cases(8, seed=79)))
def test_the_terms_add_up_to_the_evaluation(state, seat):
    module = heuristics(state.game.name)
    for player in range(state.num_players):
        terms = module.evaluate_terms(state, player)
        assert sum(terms.values()) == pytest.approx(module.evaluate(state, player), abs=1e-6)


def test_temple_reasons_name_the_temple_and_its_value():
    seen = 0
    for param in cases(6, seed=80):
        state, seat = param.values
        if state.game.name != "tikal":
            continue
        for entry in make_bot("medium", 1).explain(SeatView(state, seat), seat, k=5):
            for reason in entry["reasons"]:
                if reason["code"] in ("tikal.temple_majority", "tikal.temple_guard"):
                    space = reason["params"]["space"]
                    assert re.fullmatch(r"[A-H][1-6]", space)
                    assert reason["params"]["value"] >= 1
                    seen += 1
    assert seen


def test_k_limits_the_hints():
    state, seat, _, _ = decision_positions("cartographers", {"side": "A"}, 1, 1, seed=5)[0]
    assert len(make_bot("medium", 1).explain(state, seat, k=1)) == 1
    assert len(make_bot("medium", 1).explain(state, seat, k=5)) == 5


def test_every_level_explains():
    state, seat, _, _ = decision_positions("tikal", {}, 2, 1, seed=5)[0]
    for name in LEVELS + ("random",):
        assert make_bot(name, 1).explain(state, seat)
    assert set(LEVELS) <= set(bot_names())


@pytest.mark.parametrize("game, options, players, seed, steps", [
    ("tikal", {"variant": "auction"}, 3, 0, 3),   # only a pass is legal
    ("cartographers", {"side": "B"}, 3, 4, 18),    # one way to place the monster
])
def test_a_forced_move_says_so(game, options, players, seed, steps):
    from bot_positions import random_position

    state = random_position(game, options, players, seed, steps)
    seat = next(p for p in state.current_players() if len(state.legal_actions(p)) == 1)
    for name in ("medium", "hard"):
        hints = make_bot(name, 1).explain(state, seat)
        assert hints == [{"action": str(state.legal_actions(seat)[0]), "value": hints[0]["value"],
                          "reasons": [{"code": FORCED, "params": {}}], "changes": {}}]


def test_ranked_reasons_largest_gain_first_quiet_when_nothing_changes():
    from boardgamesbot.engine import ranked_reasons

    def reason(key, gain):
        return {"code": key, "params": {"gain": round(gain, 2)}}

    before, after = {"a": 1.0, "b": 0.0, "c": 2.0}, {"a": 1.5, "b": 2.0, "c": 2.01, "d": 0.3}
    assert [r["code"] for r in ranked_reasons(before, after, reason, "quiet")] == ["b", "a", "d"]
    assert [r["code"] for r in ranked_reasons(before, after, reason, "quiet", limit=1)] == ["b"]
    # Only the first reason may be a loss; nothing noticeable is the game's quiet code.
    assert ranked_reasons({"a": 1.0}, {"a": 0.5}, reason, "quiet") == [
        {"code": "a", "params": {"gain": -0.5}}]
    assert ranked_reasons({"a": 1.0}, {"a": 1.01}, reason, "quiet") == [
        {"code": "quiet", "params": {"gain": 0.01}}]
    assert ranked_reasons({}, {}, reason, "quiet") == [{"code": "quiet", "params": {"gain": 0.0}}]
