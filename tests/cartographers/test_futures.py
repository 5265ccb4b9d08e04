"""The search's samples spread over the next card (issue 32, session 41):
`futures.stratified_worlds`, switched by STRATIFY through `Heuristics.worlds`."""

from __future__ import annotations

import itertools
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.games.cartographers import heuristics as H
from boardgamesbot.games.cartographers.components import AMBUSH_NAMES
from boardgamesbot.games.cartographers.futures import (
    AMBUSH,
    next_cards,
    next_from_new_season,
    stratified_worlds,
)

sys.path.insert(0, str(Path(__file__).parent.parent))
from bot_positions import decision_positions  # noqa: E402
from test_honesty import twin_of  # noqa: E402


def positions():
    """Decisions from every phase, solo and at four, drawings and ambushes alike."""
    found = [(state, seat) for players in (1, 4)
             for state, seat, _, _ in decision_positions("cartographers", {"side": "A"},
                                                         players, 40, seed=4141)]
    # Both ways the next card can come: from this season's deck and from the next one.
    assert any(next_from_new_season(state) and next_cards(state) for state, _ in found)
    assert any(not next_from_new_season(state) for state, _ in found)
    return found


POSITIONS = positions()


def first_worlds(seat_view, count, seed=7):
    return list(itertools.islice(stratified_worlds(seat_view, random.Random(seed)), count))


def lead_of(world) -> str | None:
    """The kind of card ``world``'s step reveals first once it resolves, played out.

    The order the cards come in is read where the rules keep it: this season's deck,
    or the next season's, shuffled from the sorted cards by the text ``chance`` seeds
    ("{chance}/season{n}", the state module's contract). Playing the step out then
    checks that reading: the cards it reveals (or removes, for ambushes) are the first
    ones of that order. None: the game ends with this step.
    """
    if next_from_new_season(world):
        order = sorted(world.deck + world.revealed + world.ambush_pile[:1])
        random.Random(f"{world.chance}/season{world.season + 1}").shuffle(order)
    else:
        order = world.deck[:]
    state = world.clone()
    rng = random.Random(3)
    season, shown, removed = state.season, len(state.revealed), len(state.removed)
    for player in state.current_players():
        state.apply(player, rng.choice(state.legal_actions(player)))
    if state.is_over():
        assert not next_cards(world)
        return None
    if state.season != season:
        shown = 0
    came = state.revealed[shown:] + state.removed[removed:]
    assert came and sorted(came) == sorted(order[:len(came)])
    return AMBUSH if order[0] in AMBUSH_NAMES else order[0]


def test_off_by_default_the_game_draws_independent_samples():
    """STRATIFY = 0: `hard`'s samples are the `determinize` calls it always made."""
    assert H.STRATIFY == 0
    state, seat = POSITIONS[5]
    window = SeatView(state, seat)
    stream = H.HEURISTICS.worlds(window, random.Random(11))
    rng = random.Random(11)
    for _ in range(6):
        assert next(stream).to_json() == window.determinize(rng).to_json()


def test_the_switch_hands_over_to_the_stratified_samples(monkeypatch):
    state, seat = POSITIONS[7]
    monkeypatch.setattr(H, "STRATIFY", 1)
    got = itertools.islice(H.HEURISTICS.worlds(SeatView(state, seat), random.Random(2)), 5)
    assert [w.to_json() for w in got] == \
        [w.to_json() for w in first_worlds(SeatView(state, seat), 5, seed=2)]


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_every_sample_is_one_the_view_allows(index):
    """Each stratified sample agrees with the seat's view, holds the cards the seat
    knows are left (ambushes only where unseen ones can be), offers the same choices,
    and plays on by the rules."""
    state, seat = POSITIONS[index]
    unseen_ambushes = {name for name in state.deck + state.ambush_pile if name in AMBUSH_NAMES}
    explore_left = sorted(name for name in state.deck if name not in AMBUSH_NAMES)
    for world in first_worlds(SeatView(state, seat), 9, seed=index):
        assert world.view(seat) == state.view(seat)
        assert sorted(n for n in world.deck if n not in AMBUSH_NAMES) == explore_left
        assert sorted(n for n in world.deck + world.ambush_pile if n in AMBUSH_NAMES) == \
            sorted(unseen_ambushes)
        assert world.legal_actions(seat) == state.legal_actions(seat)
        lead_of(world)  # the step resolves: the sample is a playable position


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_the_next_cards_are_spread_as_stated(index):
    """Over a whole cycle every possible next card leads exactly once (an unseen
    ambush as many times as there are ambushes to come); two cycles and three more
    samples give each card two leads, and three to the first three of the order."""
    state, seat = POSITIONS[index]
    kinds = next_cards(state)
    if not kinds:  # the game ends with this step: nothing to spread
        assert state.step == H.DRAW and state.season == 3 and next_from_new_season(state)
        return
    count = 2 * len(kinds) + 3
    worlds = first_worlds(SeatView(state, seat), count, seed=100 + index)
    leads = [lead_of(world) for world in worlds]
    assert Counter(leads[:len(kinds)]) == Counter(kinds)
    extra = Counter(leads) - Counter(kinds) - Counter(kinds)
    assert sum(extra.values()) == 3 and extra == Counter(leads[:3])


def test_the_samples_spread_more_than_independent_ones():
    """The point of it: 8 samples of a season with a dozen cards left show 8 different
    next cards, where independent ones repeat some (about 5.7 distinct on average)."""
    state, seat = next((s, p) for s, p in POSITIONS
                       if s.num_players == 1 and len(next_cards(s)) >= 10
                       and not next_from_new_season(s))
    window = SeatView(state, seat)
    spread = [len({w.deck[0] for w in first_worlds(window, 8, seed)}) for seed in range(20)]
    rng = random.Random(0)
    plain = [len({window.determinize(rng).deck[0] for _ in range(8)}) for _ in range(20)]
    assert min(spread) == 8 - (Counter(next_cards(state))[AMBUSH] > 1)
    assert sum(plain) / 20 < 7


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 4))
def test_same_view_same_stratified_samples(index):
    """Honest: a position dealt differently where the seat cannot see gives the same
    samples from the same generator."""
    state, seat = POSITIONS[index]
    twin = twin_of(state, seat)
    assert twin.view(seat) == state.view(seat)
    assert [w.to_json() for w in first_worlds(SeatView(state, seat), 6)] == \
        [w.to_json() for w in first_worlds(SeatView(twin, seat), 6)]


def test_hard_decides_with_it(monkeypatch):
    """`hard` plays with the switch on (solo: both rounds draw from one stream)."""
    monkeypatch.setattr(H, "STRATIFY", 1)
    state, seat = next((s, p) for s, p in POSITIONS if s.num_players == 1
                       and len(next_cards(s)) > 3)
    action = make_bot("hard", 5).choose(SeatView(state, seat), seat)
    assert action in state.legal_actions(seat)



def test_the_measuring_tool_prices_the_shortlist_on_shared_samples():
    """`bench/cartographers_futures.py`: positions with a choice, from the deals asked;
    a reference value for every placement `hard` shortlists there, and none else."""
    from .helpers import bench_script

    tool = bench_script("cartographers_futures")
    found = tool.positions("greedy", "B", 1, 4401, 12)
    assert found and all(len(state.legal_actions(0)) > 1 for state in found)
    state = found[0]
    values = tool.reference(state, 3)
    shortlist = H.shortlist(state.determinize(0, random.Random(1)), 0, H.SEARCH.width)
    assert set(values) == set(shortlist)
    assert values == tool.reference(state, 3)  # seeded by the position: reproducible
