"""The eight actions of a turn: costs, conditions, and limits per turn and per game."""

import pytest

from boardgamesbot.engine import IllegalAction

from .helpers import (
    jungle,
    make,
    player,
    preprinted_board,
    sp,
    stones,
    strs,
    temple,
    treasure,
    volcano,
)


def board(**extra):
    """The pre-printed corner (A6 base camp; A5, B6 temples 1; B5 jungle) plus ``extra``.

    B5–C5 costs 1 + 2 = 3 AP; C6 is a volcano; C4 and D4 share no stone.
    """
    result = preprinted_board()
    result.update({
        "C5": treasure([1, 2, 3], stones(SW=2, N=1)),
        "C6": volcano(),
        "C4": jungle(stones(N=3)),
        "D4": jungle(stones(N=1, NE=1, SE=1)),
    })
    result.update(extra)
    return result


def state_with(p1=None, p2=None, **fields):
    fields.setdefault("stack", ["A1", "G1"])
    return make([p1 or player(), p2 or player()], fields.pop("board", board()), **fields)


def unchanged(state, seat, notation, reason):
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, notation)
    assert state.to_json() == before


# Enter --------------------------------------------------------------------------------------


def test_enter_onto_the_base_camp_costs_1_ap():
    state = state_with()
    state.apply(0, "enter W A6")
    state.apply(0, "enter L A6")
    assert (state.ap, state.workers[0][sp("A6")], state.leader[0], state.supply[0]) == (
        8, 1, sp("A6"), 17)


def test_enter_onto_own_camp():
    state = state_with(board=board(B5=jungle([1, 1, 1, 0, 0, 0], camp=0)),
                       p1=player(camps_built=1))
    state.apply(0, "enter W B5")
    assert state.workers[0][sp("B5")] == 1 and state.ap == 9


def test_enter_only_onto_base_camp_or_own_camps():
    state = state_with(board=board(B5=jungle([1, 1, 1, 0, 0, 0], camp=1)),
                       p2=player(camps_built=1))
    unchanged(state, 0, "enter W B5", "only onto the base camp")
    unchanged(state, 0, "enter W C4", "only onto the base camp")
    assert "enter W B5" not in strs(state.legal_actions(0))


def test_enter_needs_the_figure_in_supply():
    state = state_with(p1=player(leader="B5", supply=0, workers={"A6": 18}))
    unchanged(state, 0, "enter W A6", "no workers left in your supply")
    unchanged(state, 0, "enter L A6", "your leader is not in your supply")
    assert not any(str(a).startswith("enter") for a in state.legal_actions(0))


# Move ---------------------------------------------------------------------------------------


def test_move_costs_the_stones_on_both_facing_sides():
    state = state_with(p1=player(workers={"B5": 1}))
    state.apply(0, "move W B5 C5")  # B5's NE stone 1 + C5's SW stones 2
    assert state.ap == 7 and state.workers[0][sp("C5")] == 1


def test_zero_stones_means_no_crossing():
    state = state_with(p1=player(workers={"C4": 1}))
    unchanged(state, 0, "move W C4 D4", "no stone path between C4 and D4")
    assert "move W C4 D4" not in strs(state.legal_actions(0))


def test_nobody_enters_a_volcano():
    state = state_with(p1=player(workers={"B5": 1}))
    unchanged(state, 0, "move W B5 C6", "nobody enters a volcano")


def test_move_only_to_adjacent_explored_spaces():
    state = state_with(p1=player(workers={"B5": 1}))
    unchanged(state, 0, "move W B5 D4", "not adjacent")
    unchanged(state, 0, "move W B5 B4", "B4 is unexplored")


def test_move_needs_own_figure_of_that_kind_on_the_source():
    state = state_with(p1=player(workers={"B5": 1}), p2=player(leader="A5"))
    unchanged(state, 0, "move L B5 A6", "your leader is not on B5")
    unchanged(state, 0, "move W A5 A6", "you have no worker on A5")


def test_whole_crossing_paid_in_one_turn():
    state = state_with(p1=player(workers={"B5": 1}), ap=2)
    unchanged(state, 0, "move W B5 C5", "needs 3 AP, 2 left")
    assert "move W B5 C5" not in strs(state.legal_actions(0))


def test_other_players_never_block():
    state = state_with(p1=player(workers={"A6": 1}), p2=player(leader="A5", workers={"A5": 5}))
    state.apply(0, "move W A6 A5")
    assert state.workers[0][sp("A5")] == 1 and state.workers[1][sp("A5")] == 5


def test_camp_to_camp_move_costs_1_ap():
    # C4 is far from the base camp; both C4 and D4 are p1's camps.
    b = board(C4=jungle(stones(N=3), camp=0), D4=jungle(stones(N=1), camp=0))
    state = state_with(board=b, p1=player(workers={"A6": 2}, camps_built=2))
    state.apply(0, "move W A6 C4")
    state.apply(0, "move W C4 D4")  # no stone path, but camp to camp
    state.apply(0, "move W D4 A6")
    assert state.ap == 7 and state.workers[0][sp("A6")] == 2


def test_camp_to_camp_move_only_between_base_camp_and_own_camps():
    b = board(C4=jungle(stones(N=3), camp=1))
    state = state_with(board=b, p1=player(workers={"A6": 1}), p2=player(camps_built=1))
    unchanged(state, 0, "move W A6 C4", "not adjacent")


# Uncover ------------------------------------------------------------------------------------


def test_uncover_costs_2_ap_and_takes_the_next_level_from_supply():
    state = state_with(p1=player(workers={"A5": 1}))
    assert state.levels[2] == 3
    state.apply(0, "uncover A5")
    assert (state.value[sp("A5")], state.levels[2], state.ap) == (2, 2, 8)


def test_uncover_needs_a_figure_per_level_this_turn():
    state = state_with(p1=player(workers={"A5": 1}))
    state.apply(0, "uncover A5")
    unchanged(state, 0, "uncover A5", "only 1 of your figures is on A5")
    unchanged(state, 0, "uncover B6", "you have no figure on B6")


def test_uncover_at_most_2_levels_per_temple_per_turn():
    state = state_with(p1=player(leader="A5", workers={"A5": 2, "B6": 2}))
    state.apply(0, "uncover A5")
    state.apply(0, "uncover A5")
    unchanged(state, 0, "uncover A5", "2 levels of A5 were already uncovered this turn")
    state.apply(0, "uncover B6")  # another temple has its own limit
    state.apply(0, "uncover B6")
    assert state.value[sp("A5")] == 3 and state.value[sp("B6")] == 3


def test_uncover_limit_resets_next_turn():
    state = state_with(p1=player(workers={"A5": 1}), p2=player(workers={"B6": 1}),
                       stack=["A1", "G1", "G2"])
    state.apply(0, "uncover A5")
    state.apply(0, "end")
    state.apply(1, next(str(a) for a in state.legal_actions(1)))  # place
    state.apply(1, "end")
    state.apply(0, next(str(a) for a in state.legal_actions(0)))
    state.apply(0, "uncover A5")
    assert state.value[sp("A5")] == 3


def test_temple_levels_never_skipped():
    # All three "2" tiles are on temples already: A5 cannot go 1 -> 3.
    b = board(B6=temple(1, [1, 2, 0, 0, 0, 0], value=2), D4=temple(1, stones(N=1), value=2),
              C4=temple(1, stones(N=3), value=2))
    state = state_with(board=b, p1=player(workers={"A5": 2}))
    assert state.levels[2] == 0 and state.levels[3] == 6
    unchanged(state, 0, "uncover A5", "no level 2 left in the supply")
    assert "uncover A5" not in strs(state.legal_actions(0))


def test_uncover_level_tile_leaves_the_supply_for_good():
    state = state_with(p1=player(workers={"A5": 2}))
    state.apply(0, "uncover A5")
    state.apply(0, "uncover A5")
    assert state.levels[2] == 2 and state.levels[3] == 5
    assert sum(state.levels) == 48 - 2


def test_uncover_not_on_a_guarded_temple():
    b = board(A5=temple(1, [1, 1, 1, 0, 0, 0], guard={"seat": 1, "figure": "W"}))
    state = state_with(board=b, p1=player(workers={"A5": 2}), p2=player(guards_placed=1))
    unchanged(state, 0, "uncover A5", "guarded")
    assert "uncover A5" not in strs(state.legal_actions(0))


def test_uncover_only_a_temple():
    state = state_with(p1=player(workers={"B5": 1}))
    unchanged(state, 0, "uncover B5", "B5 is not a temple")


def test_uncover_stops_at_10():
    b = board(A5=temple(1, [1, 1, 1, 0, 0, 0], value=10))
    state = state_with(board=b, p1=player(workers={"A5": 1}))
    unchanged(state, 0, "uncover A5", "no level 11")


# Recover ------------------------------------------------------------------------------------


def test_recover_costs_3_ap_and_takes_the_top_wafer_face_up():
    state = state_with(p1=player(workers={"C5": 1}))
    state.apply(0, "recover C5")
    assert state.ap == 7 and state.wafers[sp("C5")] == [1, 2]
    assert state.treasures[0][3] == 1
    assert state.view(1)["players"][0]["treasures"] == {"3": 1}


def test_recover_needs_a_figure_per_wafer_this_turn():
    state = state_with(p1=player(workers={"C5": 1}))
    state.apply(0, "recover C5")
    unchanged(state, 0, "recover C5", "only 1 of your figures is on C5")


def test_recover_at_most_2_per_treasure_tile_per_turn():
    state = state_with(p1=player(leader="C5", workers={"C5": 2}))
    state.apply(0, "recover C5")
    state.apply(0, "recover C5")
    unchanged(state, 0, "recover C5", "2 treasures were already taken from C5 this turn")


def test_recover_needs_wafers_left():
    b = board(C5=treasure([], stones(SW=2)))
    state = state_with(board=b, p1=player(workers={"C5": 1}))
    unchanged(state, 0, "recover C5", "no treasure left on C5")


def test_recover_only_a_treasure_tile():
    state = state_with(p1=player(workers={"A5": 1}))
    unchanged(state, 0, "recover A5", "A5 is not a treasure tile")


def test_emptied_treasure_tile_counts_as_jungle_for_camps():
    b = board(C5=treasure([7], stones(SW=2)))
    state = state_with(board=b, p1=player(workers={"C5": 1}))
    unchanged(state, 0, "camp C5", "with treasure left")
    state.apply(0, "recover C5")
    assert "camp C5" in strs(state.legal_actions(0))
    state.apply(0, "camp C5")
    assert state.camp[sp("C5")] == 0


# Exchange -----------------------------------------------------------------------------------


def test_exchange_costs_3_ap_and_needs_no_figure():
    state = state_with(p1=player(treasures=[1, 2, 2]), p2=player(treasures=[3, 4, 4, 4]))
    state.apply(0, "exchange 1 p2 3")
    assert state.ap == 7
    assert state.treasures[0][1:5] == [0, 2, 1, 0]
    assert state.treasures[1][1:5] == [1, 0, 0, 3]


def test_exchange_only_singles():
    state = state_with(p1=player(treasures=[1, 2, 2]), p2=player(treasures=[3, 4, 4, 4]))
    assert strs(a for a in state.legal_actions(0) if str(a).startswith("exchange")) == {
        "exchange 1 p2 3"}
    unchanged(state, 0, "exchange 2 p2 3", "you can only give a single treasure")
    unchanged(state, 0, "exchange 1 p2 4", "you can only take a single treasure")
    unchanged(state, 0, "exchange 5 p2 3", "you hold 0 of kind 5")


def test_exchange_pairs_and_triplets_never_split():
    state = state_with(p1=player(treasures=[2, 2]), p2=player(treasures=[4, 4, 4]))
    assert not any(str(a).startswith("exchange") for a in state.legal_actions(0))


def test_decision_swapping_a_treasure_for_the_same_kind_is_refused():
    # Both hold a single 1: the swap would change nothing, so it is neither offered nor allowed.
    state = state_with(p1=player(treasures=[1, 2]), p2=player(treasures=[1, 3]))
    offered = strs(a for a in state.legal_actions(0) if str(a).startswith("exchange"))
    assert "exchange 1 p2 1" not in offered and "exchange 1 p2 3" in offered
    unchanged(state, 0, "exchange 1 p2 1", "same kind changes nothing")


def test_exchange_no_refusal():
    # The other player is not asked: the swap happens within p1's action.
    state = state_with(p1=player(treasures=[1]), p2=player(treasures=[3]))
    state.apply(0, "exchange 1 p2 3")
    assert state.current_players() == [0]
    assert state.treasures[1][1] == 1 and state.treasures[0][3] == 1


def test_exchange_with_another_player_in_the_game():
    state = state_with(p1=player(treasures=[1]), p2=player(treasures=[3]))
    unchanged(state, 0, "exchange 1 p1 3", "not another player")
    unchanged(state, 0, "exchange 1 p3 3", "not another player")


def test_exchange_needs_3_ap():
    state = state_with(p1=player(treasures=[1]), p2=player(treasures=[3]), ap=2)
    unchanged(state, 0, "exchange 1 p2 3", "needs 3 AP, 2 left")


# Camp ---------------------------------------------------------------------------------------


def test_camp_needs_no_figure():
    state = state_with()
    state.apply(0, "camp C4")
    assert state.camp[sp("C4")] == 0 and state.ap == 5 and state.camps_built[0] == 1


def test_camp_only_on_jungle_or_emptied_treasure():
    state = state_with()
    unchanged(state, 0, "camp A5", "camps go on a jungle or an emptied treasure tile")
    unchanged(state, 0, "camp A6", "camps go on a jungle")
    unchanged(state, 0, "camp C6", "camps go on a jungle")
    unchanged(state, 0, "camp E2", "unexplored")


def test_camp_one_per_space():
    state = state_with(board=board(C4=jungle(stones(N=3), camp=1)), p2=player(camps_built=1))
    unchanged(state, 0, "camp C4", "C4 already has a camp")


def test_camp_at_most_1_per_turn():
    state = state_with()
    state.apply(0, "camp C4")
    unchanged(state, 0, "camp D4", "one camp per turn")
    assert not any(str(a).startswith("camp") for a in state.legal_actions(0))


def test_camp_at_most_2_per_game():
    b = board(C4=jungle(stones(N=3), camp=0), D4=jungle(stones(N=1), camp=0))
    state = state_with(board=b, p1=player(camps_built=2))
    unchanged(state, 0, "camp B5", "you have built both your camps")


def test_camp_costs_5_ap():
    state = state_with(ap=4)
    unchanged(state, 0, "camp C4", "needs 5 AP, 4 left")


# Guard --------------------------------------------------------------------------------------


def test_guard_costs_5_ap_and_needs_strictly_greatest_strength():
    state = state_with(p1=player(workers={"A5": 2}), p2=player(workers={"A5": 2}))
    unchanged(state, 0, "guard W A5", "strictly greatest strength on A5: yours is 2, p2's is 2")
    assert not any(str(a).startswith("guard") for a in state.legal_actions(0))
    state = state_with(p1=player(workers={"A5": 3}), p2=player(workers={"A5": 2}))
    state.apply(0, "guard W A5")
    assert state.ap == 5 and state.guard[sp("A5")] == 0


def test_leader_strength_is_3():
    state = state_with(p1=player(leader="A5"), p2=player(workers={"A5": 2}))
    assert state.strength(0, sp("A5")) == 3 and state.strength(1, sp("A5")) == 2
    assert state.controller(sp("A5")) == 0
    state = state_with(p1=player(leader="A5"), p2=player(workers={"A5": 3}))
    assert state.controller(sp("A5")) == -1


def test_guard_may_be_the_leader():
    state = state_with(p1=player(leader="A5"), p2=player(workers={"A5": 2}))
    state.apply(0, "guard L A5")
    assert state.guard_figure[sp("A5")] == "L" and state.leader[0] == -2


def test_guard_figure_must_be_there():
    state = state_with(p1=player(leader="A5"))
    unchanged(state, 0, "guard W A5", "you have no worker on A5")


def test_guard_removes_other_own_figures_from_the_game():
    state = state_with(p1=player(leader="A5", workers={"A5": 3, "B5": 1}),
                       p2=player(workers={"A5": 2}))
    state.apply(0, "guard W A5")
    assert state.workers[0][sp("A5")] == 0 and state.leader[0] == -2
    assert state.removed[0] == 3  # two workers and the leader, not back to supply
    assert state.supply[0] == 18 - 4 and state.workers[0][sp("B5")] == 1
    assert state.workers[1][sp("A5")] == 2  # other players' figures stay


def test_guard_never_moves():
    state = state_with(p1=player(workers={"A5": 1}))
    state.apply(0, "guard W A5")
    assert not any(str(a).startswith("move") for a in state.legal_actions(0))
    unchanged(state, 0, "move W A5 A6", "you have no worker on A5")


def test_guarded_temple_only_the_owner_scores():
    b = board(A5=temple(1, [1, 1, 1, 0, 0, 0], value=4, guard={"seat": 0, "figure": "W"}))
    state = state_with(board=b, p1=player(guards_placed=1), p2=player(leader="A5",
                                                                      workers={"A5": 5}))
    assert state.controller(sp("A5")) == 0
    assert state.temple_points(0) == 4 and state.temple_points(1) == 0


def test_guarded_temple_other_players_figures_come_and_go():
    b = board(A5=temple(1, [1, 1, 1, 0, 0, 0], guard={"seat": 0, "figure": "W"}))
    state = state_with(board=b, p1=player(guards_placed=1), p2=player(workers={"A5": 1, "A6": 1}),
                       current=1)
    state.apply(1, "move W A5 A6")
    state.apply(1, "move W A6 A5")
    state.apply(1, "move W A6 A5")
    assert state.workers[1][sp("A5")] == 2


def test_guard_at_most_2_per_game():
    b = board(A5=temple(1, [1, 1, 1, 0, 0, 0], guard={"seat": 0, "figure": "W"}),
              C4=temple(3, stones(N=3), guard={"seat": 0, "figure": "L"}))
    state = state_with(board=b, p1=player(leader="gone", guards_placed=2, workers={"B6": 1}))
    unchanged(state, 0, "guard W B6", "you have placed both your guards")
    assert not any(str(a).startswith("guard") for a in state.legal_actions(0))


def test_guard_not_on_a_guarded_temple():
    b = board(A5=temple(1, [1, 1, 1, 0, 0, 0], guard={"seat": 1, "figure": "W"}))
    state = state_with(board=b, p1=player(workers={"A5": 3}), p2=player(guards_placed=1))
    unchanged(state, 0, "guard W A5", "already guarded")


def test_guard_only_on_a_temple():
    state = state_with(p1=player(workers={"B5": 3}))
    unchanged(state, 0, "guard W B5", "B5 is not a temple")


# AP and the end of a turn ---------------------------------------------------------------------


def test_ten_ap_per_turn_and_turn_ends_automatically_at_0():
    state = state_with()
    state.apply(0, "camp C4")
    state.apply(0, "enter W A6")
    state.apply(0, "enter W A6")
    state.apply(0, "enter W A6")
    state.apply(0, "enter W A6")
    assert state.ap == 1 and state.current == 0
    state.apply(0, "enter W A6")
    assert state.current == 1 and state.phase == "place"


def test_end_ends_the_turn_early_and_unused_ap_are_lost():
    state = state_with(stack=["A1", "G1", "G2"])
    state.apply(0, "enter W A6")
    state.apply(0, "end")
    assert (state.current, state.phase, state.ap) == (1, "place", 0)
    state.apply(1, str(state.legal_actions(1)[0]))
    state.apply(1, "end")
    state.apply(0, str(state.legal_actions(0)[0]))
    assert state.ap == 10


def test_every_cost_is_checked_against_ap_left():
    state = state_with(p1=player(workers={"A5": 1, "C5": 1}, treasures=[1]),
                       p2=player(treasures=[3]), ap=1)
    unchanged(state, 0, "uncover A5", "needs 2 AP, 1 left")
    unchanged(state, 0, "recover C5", "needs 3 AP, 1 left")
    unchanged(state, 0, "exchange 1 p2 3", "needs 3 AP, 1 left")
    unchanged(state, 0, "guard W A5", "needs 5 AP, 1 left")
    assert strs(state.legal_actions(0)) == {"end", "enter W A6", "enter L A6", "move W A5 A6",
                                            "move W A5 B5", "move W C5 C4"}
