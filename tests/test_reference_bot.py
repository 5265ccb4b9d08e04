"""The frozen reference bot `hard-2026.11` plays as the hard level played in November 2026.

Its decisions on fixed positions were recorded with that day's code (and the
same games played in full gave identical records with the original and the
frozen copy). If this fails, the reference changed: find out why before any
strength claim is measured against it again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.engine import load_game

RECORDED = json.loads((Path(__file__).parent / "data" / "reference_2026_11.json").read_text())
SEED = RECORDED["seed"]


@pytest.mark.parametrize("entry", RECORDED["positions"],
                         ids=[f"{e['game']}-{i}" for i, e in enumerate(RECORDED["positions"])])
def test_reference_decisions_are_unchanged(entry):
    state = load_game(entry["game"]).from_json(json.dumps(entry["position"]))
    seat = entry["seat"]
    action = make_bot("hard-2026.11", SEED).choose(SeatView(state, seat), seat)
    assert str(action) == entry["decision"]


def test_the_recording_covers_both_games_and_every_kind_of_decision():
    games = [e["game"] for e in RECORDED["positions"]]
    assert games.count("tikal") >= 10 and games.count("cartographers") >= 10
    kinds = {e["decision"].split()[0] for e in RECORDED["positions"]}
    assert {"move", "place", "guard", "ambush"} <= kinds


GAMES = json.loads((Path(__file__).parent / "data" / "reference_2026_11_games.json").read_text())


@pytest.mark.slow
@pytest.mark.parametrize("record", GAMES["games"],
                         ids=[f"{r['game']}-{r['seed']}" for r in GAMES["games"]])
def test_reference_plays_the_recorded_games(record):
    """Whole seeded games (up to 250 moves), recorded before the reference moved out of the
    product package: every decision along the way, plan cache and auction bids included."""
    game = load_game(record["game"])
    state = game.new(record["players"], record["seed"], **record["options"])
    bots = [make_bot("hard-2026.11", record["seed"] + seat) for seat in range(record["players"])]
    for index, (seat, recorded) in enumerate(record["moves"]):
        assert seat in state.current_players(), f"move {index}"
        action = bots[seat].choose(SeatView(state.clone(), seat), seat)
        assert (index, str(action)) == (index, recorded)
        state.apply(seat, action)
