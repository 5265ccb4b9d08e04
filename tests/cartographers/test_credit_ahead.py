"""`CREDIT_AHEAD` (issue 32, session 57): a progress credit counts more at a scoring
further off, stars already built do not, and at 0 the evaluation is as before."""

from __future__ import annotations

import pytest

from boardgamesbot.games.cartographers import heuristics as H

from .helpers import lines, position

# A five-space village with room to grow (a Wildholds credit, no stars yet), a forest
# with one open side (Treetower), farm beside water (Canal Lake: stars, no credit) and
# lines not yet filled (Borderlands).
SHEET = """
...........
...^.R.....
.R......^R.
...........
...VVV.....
...VV^.....
.AW........
...........
.R^......R.
.....R.^...
FF.........
"""
EDICTS = ["Treetower", "Canal Lake", "Wildholds", "Borderlands"]


def _term(monkeypatch, ahead: float, card: str, season: str = "Spring") -> float:
    monkeypatch.setattr(H, "CREDIT_AHEAD", ahead)
    state = position(sheets=[lines(SHEET)], season=season, edicts=EDICTS)
    return H.evaluate_terms(state, 0)[f"edict:{card}"]


def _credit(card: str) -> float:
    stars, credit = H.progress(card, position(sheets=[lines(SHEET)], edicts=EDICTS).sheets[0])
    assert credit > 0
    return credit


def test_seasons_ahead_sums_how_far_off_each_edicts_later_scorings_are():
    assert H.seasons_ahead(0) == (3, 1, 3, 5)  # A in Winter; B in Summer; C, D later
    assert H.seasons_ahead(1) == (2, 0, 1, 3)
    assert H.seasons_ahead(2) == (1, 0, 0, 1)
    assert H.seasons_ahead(3) == (0, 0, 0, 0)


@pytest.mark.parametrize("card, ahead", [("Treetower", 3), ("Wildholds", 3), ("Borderlands", 5)])
def test_from_spring_a_credit_counts_one_g_more_per_season_to_each_later_scoring(
    monkeypatch, card, ahead
):
    gain = _term(monkeypatch, 0.25, card) - _term(monkeypatch, 0.0, card)
    assert gain == pytest.approx(0.25 * ahead * _credit(card))


def test_a_credit_gains_less_as_its_scorings_come_nearer(monkeypatch):
    """Wildholds (edict C, scored in Summer and Autumn): from Spring both are ahead,
    from Summer only Autumn's, from Autumn none (its credit there counts as before)."""
    gains = [
        _term(monkeypatch, 0.25, "Wildholds", season) - _term(monkeypatch, 0.0, "Wildholds", season)
        for season in ("Spring", "Summer", "Autumn")
    ]
    assert gains[0] > gains[1] > gains[2] == 0.0
    assert gains[0] == pytest.approx(3 * gains[1])


def test_stars_already_built_count_as_before(monkeypatch):
    """Canal Lake has stars and no credit: the knob leaves it alone."""
    assert _term(monkeypatch, 0.25, "Canal Lake") == _term(monkeypatch, 0.0, "Canal Lake") > 0
