"""Bots are honest: what a seat cannot see never changes what its bot does.

For many positions of every game and variant, from every phase, a *twin* is
built: the same position with the hidden parts dealt differently (another
tile order inside each letter group and other face-down wafers for Tikal;
another deck order, other ambushes in the deck and other hidden choices of the
other seats for Cartographers). The seat's view is the same in both, so:

* `determinize` gives identical samples from identical generators;
* the seat's window (`SeatView`) shows the same facts;
* every bot decides the same (and explains the same) in both.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from boardgamesbot import engine
from boardgamesbot.bots import SeatView, bot_names, make_bot

sys.path.insert(0, str(Path(__file__).parent))
from bot_positions import SETUPS, decision_positions  # noqa: E402

POSITIONS_PER_SETUP = 30
HARD_POSITIONS_PER_SETUP = 2  # a hard decision takes up to a second: a few per setup
CHEAP_BOTS = ["random", "greedy", "easy", "medium"]
HARD_BOTS = ["search", "hard", "hard-2026.11"]


# Twins: same view, other hidden information --------------------------------------------


def tikal_twin(state, seat, rng):
    from boardgamesbot.games.tikal.state import TILES

    twin = state.clone()
    stack, start = twin.stack, 0
    while start < len(stack):
        letter = TILES[stack[start]].letter
        end = start
        while end < len(stack) and TILES[stack[end]].letter == letter:
            end += 1
        group = stack[start:end]
        rng.shuffle(group)
        stack[start:end] = group
        start = end
    holders = [space for space, wafers in enumerate(twin.wafers) if wafers]
    hidden = twin.wafer_pile + [w for space in holders for w in twin.wafers[space]]
    rng.shuffle(hidden)
    for space in holders:
        size = len(twin.wafers[space])
        twin.wafers[space], hidden = hidden[:size], hidden[size:]
    twin.wafer_pile = hidden
    return twin


def cartographers_twin(state, seat, rng):
    from boardgamesbot.games.cartographers.components import AMBUSH_NAMES

    twin = state.clone()
    in_deck = sum(1 for name in twin.deck if name in AMBUSH_NAMES)
    unseen = [name for name in twin.deck if name in AMBUSH_NAMES] + twin.ambush_pile
    rng.shuffle(unseen)
    deck = [name for name in twin.deck if name not in AMBUSH_NAMES] + unseen[:in_deck]
    rng.shuffle(deck)
    twin.deck, twin.ambush_pile = deck, unseen[in_deck:]
    twin.chance = f"twin{rng.getrandbits(32)}"
    # The other seats' choices in this step are hidden, even whether they chose.
    for other in range(twin.num_players):
        if other == seat:
            continue
        twin.chosen[other] = None
        if rng.random() < 0.5:
            twin.apply(other, rng.choice(twin.legal_actions(other)))
    return twin


TWINS = {"tikal": tikal_twin, "cartographers": cartographers_twin}


def cases(count):
    for game, options, players in SETUPS:
        label = f"{game}-{'-'.join(map(str, options.values())) or 'basic'}-{players}p"
        for index, (state, seat, _, _) in enumerate(
                decision_positions(game, options, players, count, seed=1405)):
            yield pytest.param(state, seat, id=f"{label}-{index}")


def twin_of(state, seat, salt=0):
    rng = random.Random(f"twin/{seat}/{salt}/{state.to_json()}")
    return TWINS[state.game.name](state, seat, rng)


# The tests --------------------------------------------------------------------------------


def test_every_bot_is_checked():
    """A new bot must be added to one of the lists (and so be proven honest)."""
    assert sorted(CHEAP_BOTS + HARD_BOTS) == bot_names()


def test_twins_really_differ_in_what_is_hidden():
    """The test below would prove nothing if the twins were mostly the same position."""
    differ = total = 0
    for param in cases(POSITIONS_PER_SETUP):
        state, seat = param.values
        total += 1
        differ += twin_of(state, seat).to_json() != state.to_json()
    assert differ >= 0.9 * total


@pytest.mark.parametrize("state, seat", list(cases(POSITIONS_PER_SETUP)))
def test_same_view_same_samples_same_decisions(state, seat):
    twin = twin_of(state, seat)
    assert twin.view(seat) == state.view(seat)
    for sample_seed in (1, 2):
        assert state.determinize(seat, random.Random(sample_seed)).to_json() == \
            twin.determinize(seat, random.Random(sample_seed)).to_json()
    window, twin_window = SeatView(state, seat), SeatView(twin, seat)
    for fact in ("view", "legal_actions", "current_players", "awaited", "is_over", "scores",
                 "winners"):
        assert getattr(window, fact)() == getattr(twin_window, fact)(), fact
    for name in CHEAP_BOTS:
        assert make_bot(name, 11).choose(SeatView(state, seat), seat) == \
            make_bot(name, 11).choose(SeatView(twin, seat), seat), name
    assert make_bot("medium", 3).explain(SeatView(state, seat), seat) == \
        make_bot("medium", 3).explain(SeatView(twin, seat), seat)


@pytest.mark.slow
@pytest.mark.parametrize("state, seat", list(cases(HARD_POSITIONS_PER_SETUP)))
def test_same_view_same_hard_decisions(state, seat):
    twin = twin_of(state, seat, salt=1)
    assert twin.view(seat) == state.view(seat)
    for name in HARD_BOTS:
        assert make_bot(name, 5).choose(SeatView(state, seat), seat) == \
            make_bot(name, 5).choose(SeatView(twin, seat), seat), name
    assert make_bot("hard", 5).explain(SeatView(state, seat), seat) == \
        make_bot("hard", 5).explain(SeatView(twin, seat), seat)


def test_a_plain_state_is_wrapped_the_same_way():
    """A bot called with a State (scripts, tests) decides as with the seat's window."""
    state, seat, _, _ = decision_positions("tikal", {}, 2, 1, seed=3)[0]
    assert make_bot("medium", 1).choose(state, seat) == \
        make_bot("medium", 1).choose(SeatView(state, seat), seat)


# The test-only game of the arena's tests: no hidden information at all ------------------


def test_a_game_without_hidden_information_is_honest_trivially():
    from test_arena import PickGame

    game = engine.register(PickGame())
    try:
        state = game.new(3, 1)
        rng = random.Random(2)
        for _ in range(5):
            seat = state.current_players()[0]
            window = SeatView(state, seat)
            assert window.determinize(random.Random(1)).to_json() == state.to_json()
            action = make_bot("random", 4).choose(window, seat)
            assert action == make_bot("random", 4).choose(SeatView(state.clone(), seat), seat)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    finally:
        engine.unregister(game.name)
