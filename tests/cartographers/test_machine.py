"""Cartographers under a hypothesis state machine: random legal play (simultaneous choices
in any order), take-backs, wrong actions, clones, replays and views, with the sheets,
the deck and the scores checked after every step."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from play_machine import PlayMachine

from boardgamesbot.games.cartographers import GAME, Ambush, Draw, Fallback
from boardgamesbot.games.cartographers.components import AMBUSH_CARDS, EXPLORE_CARDS, RUINS_CARDS

AMBUSHES = {card.name for card in AMBUSH_CARDS}
EXPLORE = Counter(card.name for card in EXPLORE_CARDS + RUINS_CARDS)
CELLS = st.integers(0, 120)


class CartographersMachine(PlayMachine):
    game = GAME
    starts = st.tuples(st.integers(1, 5), st.integers(0, 2**32 - 1),
                       st.fixed_dictionaries({"side": st.sampled_from("AB")}))

    def wrong_actions(self, state, seat):
        return st.one_of(
            st.builds(Draw, st.sampled_from(["forest", "village", "farm", "water", "monster"]),
                      st.sampled_from([1, 2]), st.integers(0, 7), CELLS),
            st.builds(Fallback, st.sampled_from(["forest", "water"]), CELLS),
            st.builds(Ambush, st.integers(0, 7), CELLS),
            super().wrong_actions(state, seat))

    def check_position(self, state):
        for sheet in state.sheets:
            union = 0
            for layer in sheet.layers:
                assert not layer & union, "a space holds two terrains"
                union |= layer
            assert not union & (sheet.mountains | sheet.wastelands), "drawn over a mountain"
        assert all(coins >= 0 for coins in state.coins)
        if not state.is_over():
            # Every explore and ruins card is somewhere in this season's deck; one ambush
            # joined it per season begun, either still there or removed once resolved.
            cards = Counter(state.deck + state.revealed)
            ambushes = sum(n for name, n in cards.items() if name in AMBUSHES)
            assert cards - Counter({a: cards[a] for a in AMBUSHES}) == EXPLORE
            assert ambushes + len(state.removed) == state.season + 1
            assert len(state.ambush_pile) == 3 - state.season

    def check_step(self, before, seat, action, after):
        # Filled spaces stay filled; scores change only when a season is scored.
        for old, new in zip(before.sheets, after.sheets):
            assert all(a & b == a for a, b in zip(old.layers, new.layers)), "a drawing vanished"
        if after.scores() != before.scores():
            assert len(after.records[0]) == len(before.records[0]) + 1, (
                f"{action} changed the scores outside a season's scoring")

    def check_view(self, state, viewer, view):
        assert "chance" not in json.dumps(view), "the view holds the deck's generator"


CartographersMachine.TestCase.settings = settings(
    max_examples=20, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
TestCartographersMachine = CartographersMachine.TestCase
