"""Scoring: temples, treasures, volcano rounds, the final round and the winner."""

import pytest

from boardgamesbot.games.tikal.state import TILES

from .helpers import make, player, preprinted_board, random_game, sp, stones, temple


def board(**extra):
    result = preprinted_board()
    result.update(extra)
    return result


# What a player scores -------------------------------------------------------------------------


def test_temple_scores_its_top_value_for_the_strictly_strongest():
    b = board(A5=temple(1, [1, 1, 1, 0, 0, 0], value=5))
    state = make([player(workers={"A5": 2}), player(workers={"A5": 1})], b)
    assert state.temple_points(0) == 5 and state.temple_points(1) == 0


def test_tie_on_temple_scores_for_nobody():
    b = board(A5=temple(1, [1, 1, 1, 0, 0, 0], value=5))
    state = make([player(leader="A5"), player(workers={"A5": 3}), player(workers={"A5": 1})], b)
    assert state.controller(sp("A5")) == -1
    assert [state.temple_points(p) for p in range(3)] == [0, 0, 0]


def test_temple_with_no_figures_scores_for_nobody():
    state = make(2)
    assert state.controller(sp("A5")) == -1 and state.temple_points(0) == 0


def test_guarded_temple_scores_for_its_owner_whatever_the_strength():
    b = board(B6=temple(1, [1, 2, 0, 0, 0, 0], value=6, guard={"seat": 1, "figure": "W"}))
    state = make([player(leader="B6", workers={"B6": 9}), player(guards_placed=1)], b)
    assert state.temple_points(1) == 6 and state.temple_points(0) == 0


def test_treasures_score_1_3_6_by_kind():
    state = make([player(treasures=[1, 2, 2, 3, 3, 3]), player(treasures=[4, 5])])
    assert state.treasure_points(0) == 1 + 3 + 6
    assert state.treasure_points(1) == 2


def test_scoring_adds_temples_and_treasures():
    b = board(A5=temple(1, [1, 1, 1, 0, 0, 0], value=3))
    state = make([player(leader="A5", workers={"B6": 1}, treasures=[7, 7]), player()], b)
    assert state.scoring_points(0) == 3 + 1 + 3


# Volcano rounds -----------------------------------------------------------------------------


def _volcano_next(**fields):
    """3 players; p2 is ending a turn and the B volcano is on top of the stack."""
    players = [player(leader="A5", score=4), player(workers={"B6": 1}),
               player(treasures=[1, 1])]
    return make(players, board(), stack=["A1", "B5"], current=1, **fields)


def test_volcano_drawer_scores_first_then_clockwise():
    state = _volcano_next()
    state.apply(1, "end")  # p3 draws the volcano
    assert TILES[state.drawn].kind == "volcano" and state.volcano_drawer == 2
    assert (state.round, state.current, state.queue, state.ap) == ("volcano", 2, [0, 1], 10)
    order = []
    while state.round == "volcano":
        order.append(state.current)
        state.apply(state.current, "end")
    assert order == [2, 0, 1]


def test_volcano_each_player_spends_10_ap_then_scores():
    state = _volcano_next()
    state.apply(1, "end")
    state.apply(2, "enter W A6")
    assert state.points == [4, 0, 0]  # nothing scored mid-turn
    state.apply(2, "end")
    assert state.points == [4, 0, 3]  # p3: a pair of treasure 1
    assert state.current == 0 and state.ap == 10
    state.apply(0, "end")
    assert state.points == [5, 0, 3]  # p1: leader on the temple 1
    state.apply(1, "end")
    assert state.points == [5, 1, 3]  # p2: worker alone on B6
    assert state.score_history == [[5, 1, 3]]


def test_volcano_then_drawer_places_it_and_plays_a_normal_turn_without_new_draw():
    state = _volcano_next()
    state.apply(1, "end")
    for seat in (2, 0, 1):
        state.apply(seat, "end")
    assert (state.round, state.current, state.phase, state.drawn) == (None, 2, "place", "B5")
    assert state.stack == ["A1"]
    assert {a.rotation for a in state.legal_actions(2)} == {0}
    state.apply(2, str(state.legal_actions(2)[0]))
    assert (state.phase, state.ap, state.stack, state.volcano_drawer) == ("actions", 10, ["A1"], -1)
    state.apply(2, "end")
    assert state.points == [5, 1, 3]  # a normal turn scores nothing
    assert (state.current, state.drawn, state.stack) == (0, "A1", [])


def test_volcano_scoring_round_order():
    # 4 players, the D volcano drawn by p3: p3, p4, p1, p2, then p3 places it.
    state = make(4, board(), stack=["A1", "D6"], current=1)
    state.apply(1, "end")
    seen = []
    while state.round:
        seen.append(state.current)
        state.apply(state.current, "end")
    assert seen == [2, 3, 0, 1]
    assert (state.current, state.phase, state.drawn) == (2, "place", "D6")


def test_temple_can_score_for_several_players_in_one_round():
    players = [player(leader="A5"), player(workers={"A6": 4})]
    state = make(players, board(), stack=["A1", "B5"], current=1)
    state.apply(1, "end")  # p1 draws the volcano
    state.apply(0, "end")  # p1 scores A5 (leader 3 vs nothing)
    for _ in range(4):
        state.apply(1, "move W A6 A5")  # p2 becomes the strongest (4 vs 3)
    state.apply(1, "end")
    assert state.points == [1, 1]


def test_scores_change_only_at_the_end_of_a_scoring_turn():
    players = [player(leader="A5", treasures=[2]), player()]
    state = make(players, board(), stack=["A1", "G1"])
    state.apply(0, "end")  # a normal turn: nothing scored
    assert state.points == [0, 0]


# The end ------------------------------------------------------------------------------------


def test_final_round_starts_left_of_last_player():
    state = make(3, board(), stack=[], current=1)
    state.apply(1, "end")  # the stack is empty: this was the last turn
    assert (state.round, state.current, state.queue) == ("final", 2, [0, 1])
    state.apply(2, "end")
    state.apply(0, "end")
    assert not state.is_over()
    state.apply(1, "end")
    assert state.is_over() and state.current_players() == []


def test_final_round_each_spends_10_ap_then_scores():
    players = [player(workers={"A6": 1}), player(treasures=[5])]
    state = make(players, board(), stack=[], current=1)
    state.apply(1, "end")
    assert state.current == 0 and state.ap == 10
    state.apply(0, "move W A6 A5")
    state.apply(0, "end")
    state.apply(1, "end")
    assert state.points == [1, 1] and state.score_history[-1] == [1, 1]
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_four_scorings_in_all(num_players):
    state = random_game(num_players, seed=num_players * 101)
    assert state.is_over()
    assert len(state.score_history) == 4
    assert state.score_history[-1] == state.scores()
    assert not state.stack and state.drawn is None
    assert sum(state.kind[s] == "volcano" for s in range(48)) == 3


def _over(points, players_extra=(), board_extra=None):
    players = [player(score=p, **(players_extra[i] if i < len(players_extra) else {}))
               for i, p in enumerate(points)]
    return make(players, board(**(board_extra or {})), phase="over", ap=0)


def test_winner_most_points():
    assert _over([12, 30, 7]).winners() == [1]


def test_winner_tie_break_guard_then_wafers_then_shared():
    guards = {
        "C4": temple(5, stones(N=1), guard={"seat": 0, "figure": "L"}),
        "D4": temple(6, stones(N=1), value=7, guard={"seat": 1, "figure": "L"}),
    }
    # Tied on points: the guard on the highest-value temple wins (7 beats 5),
    # even against more wafers.
    state = _over([20, 20, 9], [dict(leader="gone", guards_placed=1, treasures=[1, 2, 3]),
                                dict(leader="gone", guards_placed=1)], guards)
    assert state.winners() == [1]
    # No guard decides: most treasure wafers.
    state = _over([20, 20], [dict(treasures=[1, 2]), dict(treasures=[3, 4, 4])])
    assert state.winners() == [1]
    # Equal guards (both none) and equal wafers: they share the win.
    state = _over([20, 20, 20], [dict(treasures=[1]), dict(treasures=[2]), dict()])
    assert state.winners() == [0, 1]


def test_winner_tie_break_guard_beats_no_guard():
    guards = {"C4": temple(3, stones(N=1), guard={"seat": 1, "figure": "W"})}
    state = _over([15, 15], [dict(treasures=[1, 2, 3]), dict(guards_placed=1)], guards)
    assert state.winners() == [1]


def test_no_winner_before_the_end():
    state = make([player(score=5), player()])
    assert state.winners() == []


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_volcano_round_is_said_in_words_by_the_game(lang):
    """A volcano's scoring round was said only by the picture's banner: a chat gave "Ana,
    choose what to do:" with no tile to place. The game says the moment in words for every
    face (`Game.moment_words`), from the browser's own entries: to the seat scoring now,
    what to do; to the others, who scores; as the story's line, who began it (the drawer,
    for the whole round); nothing in an ordinary turn."""
    from boardgamesbot.games.tikal.game import GAME

    words, names = GAME.words(lang), {0: "Ana", 1: "Bea", 2: "Cy"}
    state = _volcano_next()
    assert GAME.moment_words(state.view(1), lang, names) is None
    assert GAME.moment_words(state.view(None), lang, names, begins=True) is None
    state.apply(1, "end")  # Cy draws the volcano and scores first
    assert GAME.moment_words(state.view(2), lang, names) == words["tikal.round.volcano.yours"]
    spent = state.clone()
    spent.apply(2, "camp B5")  # Cy spends some: the round's line says what is left
    left = spent.view(2)["ap"]
    assert 0 < left < 10
    assert GAME.moment_words(spent.view(2), lang, names) == \
        words["tikal.round.volcano.yours.left"]["other"].replace("{n}", str(left))
    for watcher in (0, None):
        assert GAME.moment_words(state.view(watcher), lang, names) == \
            words["tikal.round.volcano"].replace("{name}", "Cy")
    began = words["log.round.volcano.line"].replace("{name}", "Cy")
    assert GAME.moment_words(state.view(None), lang, names, begins=True) == began
    state.apply(2, "end")  # Ana's scoring turn: still the round Cy's volcano began
    assert GAME.moment_words(state.view(0), lang, names) == words["tikal.round.volcano.yours"]
    assert GAME.moment_words(state.view(2), lang, names) == \
        words["tikal.round.volcano"].replace("{name}", "Ana")
    assert GAME.moment_words(state.view(None), lang, names, begins=True) == began
    for seat in (0, 1):
        state.apply(seat, "end")
    assert GAME.moment_words(state.view(2), lang, names) is None  # Cy places the volcano
