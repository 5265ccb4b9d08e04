"""Camps in the bots' evaluation: the AP distances of `paths`, and what a camp is worth."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgamesbot.games.tikal import heuristics
from boardgamesbot.games.tikal import paths as paths_module
from boardgamesbot.games.tikal.components import NUM_SPACES, TEMPLE
from boardgamesbot.games.tikal.notation import BuildCamp
from boardgamesbot.games.tikal.paths import UNREACHABLE, board_paths, distances
from boardgamesbot.games.tikal.state import ACTIONS

from .helpers import FIGURES_PER_PLAYER, GAME

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True)


def random_positions(num_players: int, seed: int, every: int = 7, camp_bias: float = 0.3):
    """Positions along a random legal game that builds camps more often than uniform
    play would (so that many positions have camps)."""
    rng = random.Random(seed)
    state = GAME.new(num_players, seed)
    count = 0
    while not state.is_over():
        seat = state.current_players()[0]
        actions = state.legal_actions(seat)
        camps = [a for a in actions if isinstance(a, BuildCamp)]
        action = rng.choice(camps if camps and rng.random() < camp_bias else actions)
        state.apply(seat, action)
        count += 1
        if count % every == 0:
            yield state.clone()


def brute_force_walks(state, seat: int) -> list[int]:
    """Bellman-Ford over the game's own `move_cost` between every pair of spaces, from
    the seat's entry points (the base camp and its camps)."""
    dist = [UNREACHABLE] * NUM_SPACES
    for node in state.camp_nodes(seat):
        dist[node] = 0
    changed = True
    while changed:
        changed = False
        for a in range(NUM_SPACES):
            if dist[a] == UNREACHABLE:
                continue
            for b in range(NUM_SPACES):
                cost = state.move_cost(a, b, seat) if a != b else 0
                if cost and dist[a] + cost < dist[b]:
                    dist[b] = dist[a] + cost
                    changed = True
    return dist


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_distances_agree_with_a_brute_force_shortest_path_over_the_games_move_costs(
        seed, players):
    for state in random_positions(players, seed, every=11):
        for seat in range(players):
            cached = board_paths(state).distances(state.nodes[seat])
            assert cached == brute_force_walks(state, seat)
            assert cached == distances(state.links, state.camp_nodes(seat))


def test_a_board_one_placement_on_has_the_distances_of_a_fresh_computation():
    """Distances derived from the board before the placement (as the search tries every
    placement of the drawn tile) equal those computed from scratch.

    Whether a board finds its parent depends on what the module's cache still holds
    (other tests fill it, and it is cleared when full), so the cache starts empty here
    and the test asks for most boards to be derived, not every one."""
    paths_module._CACHE.clear()
    paths_module._BY_EXPLORED.clear()
    derived = children = 0
    for seed in range(12):
        for state in random_positions(3, seed, every=5):
            if state.phase != "place":
                continue
            seat = state.current
            paths = board_paths(state)
            sources = [tuple(state.nodes[q]) for q in range(3)]
            sources += [tuple(state.nodes[seat]) + (spot,) for spot in range(NUM_SPACES)
                        if state.campable >> spot & 1]
            for entry in sources:
                paths.distances(entry)
            for action in state.legal_actions(seat)[:12]:
                child = state.clone()
                child.apply(seat, action)
                child_paths = board_paths(child)
                children += 1
                # the same crossings (a tile that links to nothing), or derived from a parent
                derived += child_paths is paths or child_paths.parent is not None
                extra = [tuple(child.nodes[seat]) + (spot,) for spot in range(NUM_SPACES)
                         if child.campable >> spot & 1]
                for entry in sources + extra:
                    assert child_paths.distances(entry) == distances(child.links, entry)
    assert derived > 100 and derived >= 0.9 * children


def _camp_turns(seed: int, players: int = 2):
    """Positions where the seat to act may build a camp."""
    for state in random_positions(players, seed, every=3):
        if state.phase == ACTIONS:
            seat = state.current
            camps = [a for a in state.legal_actions(seat) if isinstance(a, BuildCamp)]
            if camps:
                yield state, seat, camps


def _saving(state, seat: int, space: int) -> int:
    """AP by which ``seat``'s entry points shorten the way to ``space`` (vs the base camp)."""
    paths = board_paths(state)
    base = paths.distances(heuristics.BASE_SOURCES)[space]
    return min(base, heuristics.CAMP_CAP) - paths.distances(state.nodes[seat])[space]


def _temples(state):
    return [s for s in range(NUM_SPACES) if state.kind[s] == TEMPLE and state.guard[s] < 0]


def _targets(state):
    """The unguarded temples and the treasure tiles with wafers left."""
    return [target[0] for target in heuristics.camp_targets(state)[0]]


def test_a_camp_placed_on_a_path_lowers_the_distance():
    shortened = 0
    for seed in range(40):
        for state, seat, camps in _camp_turns(seed):
            before = board_paths(state).distances(state.nodes[seat])
            for action in camps:
                after_state = state.clone()
                after_state.apply(seat, action)
                assert action.space in after_state.nodes[seat]
                after = board_paths(after_state).distances(after_state.nodes[seat])
                assert after[action.space] == 0
                assert all(a <= b for a, b in zip(after, before))
                # what it lowers, it lowers to the walk from the camp itself
                from_camp = distances(state.links, [action.space])
                assert after == [min(a, b) for a, b in zip(before, from_camp)]
                shortened += any(after[t] < before[t] for t in _temples(state))
    assert shortened > 20


def _camp_choices(seeds):
    """(state, seat, the camp build that shortens the temple ways most, one that shortens
    no way to a temple or treasure) in random positions."""
    for seed in seeds:
        for state, seat, camps in _camp_turns(seed):
            if heuristics.scorings_left(state, seat) < 2 or len(camps) < 2:
                continue
            saved, saved_any = {}, {}
            for action in camps:
                child = state.clone()
                child.apply(seat, action)
                gains = {t: max(0, _saving(child, seat, t)) - max(0, _saving(state, seat, t))
                         for t in _targets(state)}
                saved[action] = sum(gains[t] for t in _temples(state))
                saved_any[action] = sum(gains.values())
            good = max(camps, key=saved.get)
            useless = [a for a in camps if saved_any[a] == 0]
            if saved[good] >= 2 and useless:
                yield state, seat, good, useless[0]


def test_the_evaluation_prefers_a_camp_that_shortens_a_path_to_one_that_does_not():
    compared = 0
    for state, seat, good, useless in _camp_choices(range(60)):
        values = {}
        for action in (good, useless):
            child = state.clone()
            child.apply(seat, action)
            values[action] = heuristics.evaluate(child, seat)
        assert values[good] > values[useless], (state.to_json(), good, useless)
        compared += 1
    assert compared >= 5


def _camp_worth(terms) -> float:
    return sum(terms.get(key, 0.0) for key in ("camps", "camp_treasures", "camp_option"))


def test_an_unused_camp_is_worth_the_option_of_building_it_well_later():
    seen = 0
    for state, seat, _, useless in _camp_choices(range(60)):
        terms = heuristics.evaluate_terms(state, seat)
        assert terms["camp_option"] > 0
        child = state.clone()
        child.apply(seat, useless)
        after = heuristics.evaluate_terms(child, seat)
        # a camp spent where it saves nothing loses (part of) the option and gains nothing
        assert _camp_worth(after) < _camp_worth(terms)
        seen += 1
    assert seen >= 5


def test_a_built_camp_adds_the_ap_it_saves_to_the_evaluation():
    """Fails if the camp term is taken out of the evaluation."""
    checked = 0
    for state, seat, good, _ in _camp_choices(range(30)):
        child = state.clone()
        child.apply(seat, good)
        terms = heuristics.evaluate_terms(child, seat)
        temples, treasures, option = heuristics.camp_values(child, seat)
        factor = heuristics.AP_WORTH * (
            1 + heuristics.CAMP_LATER * (heuristics.scorings_left(child, seat) - 1))
        assert temples > 0
        assert terms["camps"] == pytest.approx(factor * temples)
        assert terms["camp_option"] == pytest.approx(factor * option)
        checked += 1
    assert checked >= 3


def test_the_camp_reason_names_the_temple_and_the_ap_saved():
    seen = 0
    for state, seat, good, _ in _camp_choices(range(30)):
        before = heuristics.evaluate_terms(state, seat)
        child = state.clone()
        child.apply(seat, good)
        after = heuristics.evaluate_terms(child, seat)
        if after["camps"] - before.get("camps", 0) < heuristics.NOTICEABLE:
            continue
        found = [r for r in heuristics.reasons(before, after, child, good, limit=10, player=seat)
                 if r["code"] == "tikal.camp_paths"]
        assert found, heuristics.reasons(before, after, child, good, limit=10, player=seat)
        params = found[0]["params"]
        space = heuristics.parse_space(params["space"])
        assert child.kind[space] == TEMPLE
        assert params["value"] == child.value[space]
        assert params["ap"] == _saving(child, seat, space) > 0
        assert params["gain"] == pytest.approx(after["camps"] - before.get("camps", 0), abs=0.01)
        seen += 1
    assert seen >= 3


def _only_camps_left(state, seat: int):
    """``state`` with 5 AP left and no figure of ``seat``'s to move or enter: what is left
    to do is building a camp (or an exchange), or ending the turn."""
    data = json.loads(state.to_json())
    data["ap"] = 5
    mine = data["players"][seat]
    mine.update(workers={}, leader="gone", supply=0,
                removed=FIGURES_PER_PLAYER - state.guard.count(seat))
    return GAME.from_json(json.dumps(data))


def test_a_camp_the_bot_plays_is_explained_by_the_camp_term():
    """When a seat with nothing else to do builds a camp, the first reason of the move
    played says so: the temple, and the AP the camp really saves (which camp is best is
    the evaluation's business, tested with the camp terms above)."""
    from boardgamesbot.bots import SeatView, make_bot

    explained = 0
    for state, seat, _, _ in _camp_choices(range(40)):
        state = _only_camps_left(state, seat)
        hints = make_bot("medium", 3).explain(SeatView(state, seat), seat)
        played = make_bot("medium", 3).choose(SeatView(state, seat), seat)
        assert hints[0]["action"] == str(played)
        if not isinstance(played, BuildCamp):
            continue
        first = hints[0]["reasons"][0]
        assert first["code"] in ("tikal.camp_paths", "tikal.camp_treasure_paths"), hints[0]
        child = state.clone()
        child.apply(seat, played)
        space = heuristics.parse_space(first["params"]["space"])
        assert first["params"]["ap"] == _saving(child, seat, space) > 0
        explained += 1
    assert explained >= 3


def test_camps_are_worth_nothing_in_the_final_round():
    """The same positions where camps (built or in hand) are worth something earlier."""
    seen = 0
    for state, seat, good, _ in _camp_choices(range(30)):
        child = state.clone()
        child.apply(seat, good)
        assert _camp_worth(heuristics.evaluate_terms(child, seat)) > 0
        child.round = heuristics.FINAL_ROUND
        terms = heuristics.evaluate_terms(child, seat)
        assert not {"camps", "camp_treasures", "camp_option"} & set(terms)
        seen += 1
    assert seen >= 3

