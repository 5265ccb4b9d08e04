"""Refusals as friends meet them: each says what the rules forbid *here*, with the figures
the engine knows (the AP it costs, the strengths, the points, the cells taken), in every
language, through `why` (the API's and the chat's "why ACTION") and the chat's own answer
to a typed move. Named after the rule refused."""

from __future__ import annotations

import pytest

from boardgamesbot.engine import load_game
from boardgamesbot.games.tikal.components import NEIGHBOURS, SPACE_NAMES
from boardgamesbot.help import LANGUAGES
from boardgamesbot.help.why import reason, why
from tests.cartographers.helpers import position as sheet_position
from tests.tikal.helpers import jungle, make, player, preprinted_board, side, sp


def _unfilled(text: str) -> bool:
    return "{" in text or "}" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tile_placement_a_tile_touching_no_explored_space_is_refused_for_that(lang):
    """Tikal, placing a tile: it goes next to the explored area. The reason is that rule
    and names the space, not the walking rule's "those spaces are not next to each other"."""
    state = load_game("tikal").new(num_players=2, seed=5)
    far = next(s for s in range(len(SPACE_NAMES)) if state.kind[s] is None
               and not any(n >= 0 and state.kind[n] is not None for n in NEIGHBOURS[s]))
    answer = why(state, 0, f"place {SPACE_NAMES[far]}", lang)
    assert answer.code == "not_beside_explored"
    assert SPACE_NAMES[far] in answer.reason and not _unfilled(answer.reason)
    assert answer.reason != reason("not_adjacent", lang, "")
    assert answer.title == why(state, 0, "place A6", lang).title  # the placing rule


@pytest.mark.parametrize("lang", LANGUAGES)
def test_action_points_walking_further_than_the_ap_left_says_the_cost_and_what_is_left(lang):
    # Two stones on C5's side facing B5: the crossing costs more than the 1 AP left.
    board = preprinted_board()
    board["C5"] = jungle([2 if i == side("C5", "B5") else 0 for i in range(6)])
    state = make(players=[player(workers={"B5": 1}), player()], board=board, ap=1)
    cost = state.move_cost(sp("B5"), sp("C5"), 0)
    assert cost > state.ap
    answer = why(state, 0, "move W B5 C5", lang)
    assert answer.code == "not_enough_ap"
    assert str(cost) in answer.reason and str(state.ap) in answer.reason
    assert not _unfilled(answer.reason)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guard_needs_strictly_the_greatest_strength_and_says_both(lang):
    # Seat 1's leader and a worker (3 + 1) against seat 0's leader (3) on the A5 temple.
    state = make(players=[player(leader="A5"), player(leader="A5", workers={"A5": 1})])
    answer = why(state, 0, "guard L A5", lang)
    assert answer.code == "not_strongest"
    mine, theirs = state.strength(0, sp("A5")), state.strength(1, sp("A5"))
    assert (mine, theirs) == (3, 4)
    assert f"{mine}" in answer.reason and f"{theirs}" in answer.reason
    assert not _unfilled(answer.reason)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_auction_a_bid_cannot_exceed_ones_points_and_says_how_many_one_has(lang):
    state = load_game("tikal").new(2, 1, variant="auction")
    points = state.points[state.current]
    answer = why(state, state.current, f"bid {points + 5}", lang)
    assert answer.code == "bid_above_points"
    assert str(points) in answer.reason and str(points + 5) in answer.reason
    assert not _unfilled(answer.reason)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_drawing_over_a_mountain_names_the_cells_taken(lang):
    state = sheet_position(players=2, revealed=["Great River"])
    answer = why(state, 0, "water 1 r0 D1", lang)  # D2 is a mountain
    assert answer.code == "overlap"
    assert "D2" in answer.reason and not _unfilled(answer.reason)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ambush_a_drawing_typed_while_a_monster_is_resolved_says_the_monster_comes_first(lang):
    """Cartographers, an ambush: the monster is drawn before anything else. A usual
    drawing typed then is refused by the ambush rule, not as "not possible in this step"
    under the drawing rule."""
    state = sheet_position(players=2, step="ambush", removed=["Bugbear Assault"])
    answer = why(state, 0, "forest 1 r0 A1", lang)
    ambush = why(sheet_position(players=2), 0, "ambush r0 C4", lang)  # none to resolve
    assert (answer.code, ambush.code) == ("ambush_pending", "no_ambush")
    assert answer.reason != reason("wrong_step", lang, "") != ambush.reason
    assert answer.title == ambush.title
    drawing = why(sheet_position(players=2, revealed=["Great River"]), 0, "water 1 r0 D1", lang)
    assert answer.title != drawing.title  # the ambush rule, not the drawing rule


@pytest.mark.parametrize("lang", LANGUAGES)
def test_action_points_the_terminal_says_the_figures_in_every_language(lang):
    """The terminal's refusal (`bgbot play`) fills in the engine's figures as `why` does:
    in pt-BR and Catalan it read "Isso custa ? PA e você tem ? PA."."""
    from boardgamesbot.cli.words import refusal

    board = preprinted_board()
    board["C5"] = jungle([2 if i == side("C5", "B5") else 0 for i in range(6)])
    state = make(players=[player(workers={"B5": 1}), player()], board=board, ap=1)
    error = state.preview(0, "move W B5 C5")["error"]
    said = refusal(error, lang)
    assert str(state.move_cost(sp("B5"), sp("C5"), 0)) in said and str(state.ap) in said
    assert "?" not in said and not _unfilled(said)


@pytest.mark.parametrize(("lang", "offered"), [
    ("en", "forest or village"), ("pt-BR", "floresta ou aldeia"), ("ca", "bosc o poblat")])
def test_drawing_a_terrain_not_on_the_card_says_which_terrains_it_offers(lang, offered):
    """Cartographers, drawing: the terrain is one the explore card shows. "That terrain is
    not on the card" left a friend to look for the card; every face now names its
    terrains, in the reader's words: `why`, the terminal and the chat's answer."""
    from boardgamesbot.chat.basics import RefusedAction
    from boardgamesbot.chat.conversation import Conversation
    from boardgamesbot.cli.words import refusal
    from boardgamesbot.engine import IllegalAction

    state = sheet_position(players=2, revealed=["Treetop Village"])
    error = state.preview(0, "water 1 r0 A1")["error"]
    assert error["code"] == "terrain_not_on_card"
    assert error["params"] == {"terrain": ["forest", "village"]}
    assert offered in why(state, 0, "water 1 r0 A1", lang).reason
    assert offered in refusal(error, lang)
    typed = RefusedAction(IllegalAction(error["message"], code=error["code"], **error["params"]),
                          "cartographers", "water 1 r0 A1")
    assert offered in Conversation.error_text(None, lang, typed)  # type: ignore[arg-type]


def test_a_choice_of_many_terrains_is_said_as_one_list_and_cells_stay_a_plain_list():
    from boardgamesbot.web import said_params

    every = {"terrain": ["forest", "village", "farm", "water", "monster"], "cells": ["D2", "D3"]}
    assert said_params(every, "pt-BR") == {
        "terrain": "floresta, aldeia, fazenda, água ou monstro", "cells": "D2, D3"}
