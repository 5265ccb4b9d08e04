"""Tikal under a hypothesis state machine: random legal play, take-backs, wrong actions,
clones, replays and views, with the supplies and scores checked after every step."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from play_machine import PlayMachine

from boardgamesbot.games.tikal import COMPONENTS
from boardgamesbot.games.tikal.notation import PASS, bid

from .helpers import FIGURES_PER_PLAYER, GAME
from .test_properties import UNIVERSE

TILES = sorted(tile.id for tile in COMPONENTS.tiles)
WAFERS = {kind: COMPONENTS.treasure_copies for kind in range(1, COMPONENTS.treasure_kinds + 1)}


class TikalMachine(PlayMachine):
    game = GAME
    starts = st.tuples(st.integers(2, 4), st.integers(0, 2**32 - 1),
                       st.fixed_dictionaries({"variant": st.sampled_from(["basic", "auction"])}))

    def wrong_actions(self, state, seat):
        return st.one_of(st.sampled_from(UNIVERSE), st.sampled_from([PASS, bid(1), bid(99)]),
                         super().wrong_actions(state, seat))

    def check_position(self, state):
        assert state.ap >= 0, "action points went negative"
        assert all(points >= 0 for points in state.points), state.points
        for seat in range(state.num_players):
            on_board = sum(state.workers[seat]) + (state.leader[seat] >= 0)
            figures = (state.supply[seat] + on_board + (state.leader[seat] == -1)
                       + state.removed[seat] + state.guard.count(seat))
            assert figures == FIGURES_PER_PLAYER, f"seat {seat} has {figures} figures"
            assert state.supply[seat] >= 0 and min(state.workers[seat]) >= 0
        wafers = Counter(state.wafer_pile + [w for stack in state.wafers for w in stack])
        for held in state.treasures:
            wafers.update({kind: held[kind] for kind in range(1, 9) if held[kind]})
        assert wafers == WAFERS, "treasure wafers were made or lost"
        for value, count in COMPONENTS.temple_levels.items():
            used = sum(1 for s in range(len(state.kind))
                       if state.kind[s] == "temple" and state.printed[s] < value <= state.value[s])
            assert state.levels[value] + used == count, f"temple level {value} not conserved"
        placed = [t for t in state.tile_id if t]
        in_hand = [state.drawn] if state.drawn and state.drawn not in placed else []
        display = state.auction.display if state.auction else []
        assert sorted(state.stack + display + placed + in_hand) == TILES

    def check_step(self, before, seat, action, after):
        if after.points == before.points:
            return
        changed = [p for p in range(after.num_players) if after.points[p] != before.points[p]]
        if before.round is not None:
            # A scoring (a volcano round or the last): only the seat scoring its turn
            # gains, and never loses.
            assert changed == [seat], f"{action} changed the points of seats {changed}"
            assert after.points[seat] > before.points[seat]
        else:
            # Outside a scoring only the auction variant moves points: the winner of a
            # bid pays it (when the last rival passes), nobody gains.
            assert before.phase in ("bid", "take"), (
                f"{action} changed points outside a scoring: {before.points} -> {after.points}")
            assert all(after.points[p] < before.points[p] for p in changed), action


TikalMachine.TestCase.settings = settings(
    max_examples=20, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
TestTikalMachine = TikalMachine.TestCase
