"""The auction variant, one test per rule of the "Auction variant" section of
shared/rules/tikal.md, plus the rulebook's 4-player example round as a scenario
and the project's decisions where the rulebook is silent."""

from __future__ import annotations

import json
import random

import pytest

from boardgamesbot.engine import GameError, IllegalAction, load_game
from boardgamesbot.games.tikal import COMPONENTS
from boardgamesbot.games.tikal.notation import PASS, Bid, Pass, Take, parse_action
from boardgamesbot.games.tikal.render_auction import auction_text

GAME = load_game("tikal")
A, B, C, D = 0, 1, 2, 3  # the rulebook's Guillaume, Rod, Igor, Seb, seated clockwise
VOLCANOES = [t.id for t in COMPONENTS.tiles if t.kind == "volcano"]


def new(players: int = 4, seed: int = 1):
    return GAME.new(players, seed, variant="auction")


def position(state) -> dict:
    return json.loads(state.to_json())


def load(data: dict):
    return GAME.from_json(json.dumps(data))


def play(state, player: int, *actions: str) -> None:
    for action in actions:
        state.apply(player, action)


def place_and_end(state, player: int) -> None:
    """The rest of a won turn: place the tile anywhere legal, then end (no AP spent)."""
    assert state.current == player and state.phase == "place"
    state.apply(player, state.legal_actions(player)[0])
    assert state.phase == "actions" and state.ap == 10
    state.apply(player, "end")


def refused(state, player: int, action, code: str) -> IllegalAction:
    """``action`` is refused with ``code`` and the position is exactly as before."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply(player, action)
    assert caught.value.code == code, str(caught.value)
    assert state.to_json() == before
    return caught.value


# Setup and the round ------------------------------------------------------------------------


def test_auction_is_a_variant_of_tikal():
    assert "auction" in next(o for o in GAME.options if o.name == "variant").choices
    assert new().view(None)["variant"] == "auction"
    assert GAME.new(2, 1).auction is None  # the basic game is untouched
    with pytest.raises(GameError):
        GAME.new(2, 1, variant="bidding")


def test_everyone_starts_with_20_points():
    for players in (2, 3, 4):
        assert new(players).scores() == [20] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_round_reveals_as_many_tiles_as_players_face_up(players):
    state = new(players)
    views = [state.view(seat) for seat in [None, *range(players)]]
    display = views[0]["auction"]["display"]
    assert len(display) == players
    assert all(view["auction"]["display"] == display for view in views)  # public to all
    assert all(tile["letter"] == "A" for tile in display)
    assert views[0]["stack"]["size"] == 36 - players
    assert views[0]["drawn"] is None and state.phase == "bid"


def test_the_stack_letters_stay_public_but_not_the_order():
    state = new(4)
    view = state.view(0)
    assert view["stack"]["top"] == "A" and view["stack"]["left"]["A"] == 1
    assert "stack" not in json.dumps(view["auction"])
    assert state.determinize(0, random.Random(5)).view(0) == view


def test_seat_0_opens_the_first_auction():
    for players in (2, 3, 4):
        state = new(players, seed=players)
        assert state.current_players() == [0]
        assert state.view(None)["auction"]["opener"] == 0


# Bidding ------------------------------------------------------------------------------------


def test_bids_go_clockwise_and_must_be_strictly_higher():
    state = new(3)
    play(state, 0, "bid 3")
    assert state.current == 1
    error = refused(state, 1, "bid 3", "bid_not_higher")
    assert "higher than the current bid of 3" in str(error)
    refused(state, 1, "bid 2", "bid_not_higher")
    assert min(a.amount for a in state.legal_actions(1) if isinstance(a, Bid)) == 4
    play(state, 1, "bid 4")
    assert state.current == 2


def test_a_bid_never_exceeds_the_bidders_points():
    state = new(2)
    assert max(a.amount for a in state.legal_actions(0) if isinstance(a, Bid)) == 20
    error = refused(state, 0, "bid 21", "bid_above_points")
    assert "you have 20" in str(error)


def test_decision_a_player_with_0_points_can_only_pass():
    data = position(new(2))
    data["players"][0]["score"] = 0
    state = load(data)
    assert state.legal_actions(0) == [PASS]
    refused(state, 0, "bid 1", "bid_above_points")


def test_decision_bids_start_at_1_passing_is_the_free_option():
    state = new(2)
    before = state.to_json()
    with pytest.raises(GameError) as caught:  # no notation can write it: refused as malformed
        state.apply(0, Bid(0))
    assert caught.value.code == "bad_notation" and state.to_json() == before
    with pytest.raises(GameError) as caught:
        parse_action("bid 0")
    assert caught.value.code == "bad_notation"
    assert Bid(0) not in state.legal_actions(0)


def test_passing_puts_a_player_out_of_this_auction():
    state = new(3)
    play(state, 0, "bid 1")
    play(state, 1, "pass")
    play(state, 2, "bid 2")
    assert state.current == 0  # p2 passed and is skipped
    error = refused(state, 1, "bid 5", "already_passed")
    assert "passed" in str(error)
    refused(state, 1, "pass", "already_passed")


def test_the_last_bidder_standing_pays_and_chooses_a_displayed_tile():
    state = new(3)
    play(state, 0, "bid 2")
    play(state, 1, "bid 6")
    play(state, 2, "pass")
    assert state.phase == "bid" and state.current == 0
    play(state, 0, "pass")
    assert state.scores() == [20, 14, 20]
    assert state.phase == "take" and state.current == 1
    assert state.legal_actions(1) == [Take(0), Take(1), Take(2)]
    chosen = position(state)["auction"]["display"][2]
    refused(state, 1, "take 4", "no_such_tile")
    refused(state, 1, "place C4", "take_tile_first")
    play(state, 1, "take 3")
    assert state.phase == "place" and state.drawn == chosen
    assert chosen not in position(state)["auction"]["display"]


def test_the_winner_places_the_tile_then_spends_10_ap():
    state = new(2)
    play(state, 0, "bid 1")
    play(state, 1, "pass")
    play(state, 0, "take 1")
    tile = state.drawn
    state.apply(0, state.legal_actions(0)[0])
    assert [entry.get("tile") for entry in position(state)["board"].values()].count(tile) == 1
    assert state.phase == "actions" and state.ap == 10 and state.current == 0
    play(state, 0, "enter L A6")
    assert state.ap == 9


def test_the_amulet_flips_after_the_players_turn():
    state = new(3)
    play(state, 0, "bid 1")
    play(state, 1, "pass")
    play(state, 2, "pass")
    play(state, 0, "take 1")
    assert state.view(None)["auction"]["amulets"] == ["up", "up", "up"]
    place_and_end(state, 0)
    assert state.view(None)["auction"]["amulets"] == ["down", "up", "up"]


def test_next_auction_opened_by_first_face_up_player_clockwise_from_the_last_winner():
    state = new(4)
    play(state, 0, "pass")
    play(state, 1, "pass")
    play(state, 2, "bid 1")
    play(state, 3, "pass")  # p3 wins; the next face-up clockwise from p3 is p4
    play(state, 2, "take 1")
    place_and_end(state, 2)
    assert state.phase == "bid" and state.current == 3
    assert state.view(None)["auction"]["opener"] == 3
    play(state, 3, "bid 1")
    play(state, 0, "pass")
    play(state, 1, "pass")  # p4 wins; clockwise from p4: p1 (p3 has played)
    play(state, 3, "take 1")
    place_and_end(state, 3)
    assert state.current == 0 and state.view(None)["auction"]["opener"] == 0


def test_only_players_with_a_face_up_amulet_bid():
    state = new(3)
    play(state, 0, "bid 1")
    play(state, 1, "pass")
    play(state, 2, "pass")
    play(state, 0, "take 1")
    place_and_end(state, 0)
    play(state, 1, "bid 1")
    assert state.current == 2
    play(state, 2, "bid 2")
    assert state.current == 1  # p1 (amulet face down) is skipped
    error = refused(state, 0, "bid 5", "already_played")
    assert "already played this round" in str(error)
    assert state.legal_actions(0) == []


def test_if_everybody_passes_the_first_who_passed_plays_free():
    state = new(3)
    play(state, 0, "pass")
    play(state, 1, "pass")
    play(state, 2, "pass")
    assert state.phase == "take" and state.current == 0
    assert state.scores() == [20, 20, 20]
    state = new(3)
    play(state, 0, "bid 1")
    play(state, 1, "bid 2")
    play(state, 2, "bid 3")
    play(state, 0, "pass")
    play(state, 1, "pass")  # a bid stands: the bidder wins, not the first to pass
    assert state.current == 2 and state.scores() == [20, 20, 17]


def test_the_last_player_of_the_round_takes_the_last_tile_free():
    state = new(2)
    last_tile = position(state)["auction"]["display"][1]
    play(state, 0, "pass")
    play(state, 1, "bid 4")
    play(state, 1, "take 1")
    place_and_end(state, 1)
    assert state.current == 0 and state.phase == "place"  # no auction, no choice left
    assert state.drawn == last_tile and state.scores() == [20, 16]
    assert state.view(None)["auction"]["display"] == []


def test_amulets_turn_face_up_when_the_round_ends_and_the_next_round_is_revealed():
    state = new(2)
    play(state, 0, "bid 1")
    play(state, 1, "pass")
    play(state, 0, "take 1")
    place_and_end(state, 0)
    assert state.view(None)["auction"]["amulets"] == ["down", "up"]
    place_and_end(state, 1)
    auction = state.view(None)["auction"]
    assert auction["amulets"] == ["up", "up"]
    assert auction["round"] == 2 and len(auction["display"]) == 2


def test_later_rounds_opened_by_the_player_left_of_the_one_who_played_last():
    state = new(3)
    play(state, 0, "pass")
    play(state, 1, "pass")
    play(state, 2, "pass")  # p1 passed first: plays free
    play(state, 0, "take 1")
    place_and_end(state, 0)
    play(state, 1, "pass")
    play(state, 2, "bid 1")  # p3 wins, p2 is last and takes the last tile
    play(state, 2, "take 1")
    place_and_end(state, 2)
    place_and_end(state, 1)
    assert state.view(None)["auction"]["round"] == 2
    assert state.phase == "bid" and state.current == 2  # left of p2, who played last


# The rulebook's example round ---------------------------------------------------------------


def test_rulebook_example_round_with_4_players():
    """Guillaume > Rod > Igor > Seb = A, B, C, D, seated clockwise.

    The rulebook's first auction reads "A bids 2, C passes, D bids 3, A bids 4,
    B bids 5, D passes, A passes": it skips B's call after A's opening bid,
    although its own rule has every player clockwise bid higher or pass. B
    must speak there, and passing would rule B out of the 5 that wins. We
    play the nearest sequence the rule allows — A opens with 1 and B calls 2 —
    and keep every later call as printed. The literal sequence is refused at
    "C passes", because it is B's turn.
    """
    literal = new(4)
    play(literal, A, "bid 2")
    refused(literal, C, "pass", "not_your_turn")

    state = new(4)
    # First auction: A opens (seat 0); B wins with 5.
    play(state, A, "bid 1")
    play(state, B, "bid 2")
    play(state, C, "pass")
    play(state, D, "bid 3")
    play(state, A, "bid 4")
    play(state, B, "bid 5")
    play(state, D, "pass")
    assert state.current == A
    play(state, A, "pass")
    assert state.phase == "take" and state.current == B
    assert state.scores() == [20, 15, 20, 20]
    play(state, B, "take 1")
    place_and_end(state, B)
    # Second auction: C, the first face-up player left of B, opens; A wins with 4.
    assert state.current == C and state.view(None)["auction"]["opener"] == C
    play(state, C, "bid 1")
    play(state, D, "bid 3")
    play(state, A, "bid 4")
    play(state, C, "pass")
    play(state, D, "pass")
    assert state.phase == "take" and state.current == A
    assert state.scores() == [16, 15, 20, 20]
    play(state, A, "take 1")
    place_and_end(state, A)
    # Third auction: C again (left of A, B has played); C and D pass: C plays free.
    assert state.current == C and state.view(None)["auction"]["opener"] == C
    play(state, C, "pass")
    play(state, D, "pass")
    assert state.phase == "take" and state.current == C
    play(state, C, "take 2")
    place_and_end(state, C)
    # D takes the last tile for free.
    assert state.current == D and state.phase == "place"
    place_and_end(state, D)
    assert state.scores() == [16, 15, 20, 20]
    # Next round: A, left of D who played last, opens; every amulet is face up again.
    auction = state.view(None)["auction"]
    assert auction["round"] == 2 and auction["amulets"] == ["up"] * 4
    assert state.phase == "bid" and state.current == A and auction["opener"] == A


# Volcano and final round --------------------------------------------------------------------


def with_volcano_on_display(players: int = 2, index: int = 0):
    data = position(new(players))
    volcano = VOLCANOES[0]
    display, stack = data["auction"]["display"], data["stack"]
    stack[stack.index(volcano)], display[index] = display[index], volcano
    return load(data), volcano


def test_a_chosen_volcano_starts_a_scoring_round_with_the_chooser():
    state, volcano = with_volcano_on_display(3, index=1)
    play(state, 0, "pass")
    play(state, 1, "bid 2")
    play(state, 2, "pass")
    play(state, 1, "take 2")
    assert state.round == "volcano" and state.drawn == volcano
    assert state.phase == "actions" and state.current == 1 and state.queue == [2, 0]
    play(state, 1, "enter L A6", "move L A6 A5")  # the chooser's leader holds temple A5
    play(state, 1, "end")
    assert state.scores()[1] == 18 + 1  # scored on their own, right after their 10 AP
    play(state, 2, "end")
    play(state, 0, "end")
    auction = state.view(None)["auction"]
    assert auction["amulets"] == ["up", "up", "up"]  # scoring turns flip no amulet
    # Then the chooser places the volcano, spends 10 AP and flips their amulet.
    assert state.round is None and state.phase == "place" and state.current == 1
    assert state.drawn == volcano
    place_and_end(state, 1)
    assert state.view(None)["auction"]["amulets"] == ["up", "down", "up"]
    assert state.phase == "bid" and state.current == 2


def test_final_round_in_ascending_order_of_points():
    data = position(new(3))
    last_tile = data["auction"]["display"][0]
    data.update(stack=[], phase="place", drawn=last_tile, current=1)
    data["auction"].update(display=[], amulets=[False, True, False])
    for seat, points in enumerate([12, 30, 7]):
        data["players"][seat]["score"] = points
    state = load(data)
    place_and_end(state, 1)
    assert state.round == "final" and state.phase == "actions"
    assert [state.current, *state.queue] == [2, 0, 1]
    auction = state.view(None)["auction"]
    assert auction["amulets"] == ["up"] * 3  # the last round ended like any other
    assert auction["turn"] is None
    assert "every tile is placed" in auction_text(auction)
    for seat in (2, 0, 1):
        assert state.current == seat
        play(state, seat, "end")
    assert state.is_over() and state.winners() == [1]


def test_final_round_ties_go_first_to_the_nearest_clockwise_after_the_last_placer():
    data = position(new(3))
    last_tile = data["auction"]["display"][0]
    data.update(stack=[], phase="place", drawn=last_tile, current=1)
    data["auction"].update(display=[], amulets=[False, True, False])
    for seat, points in enumerate([5, 9, 5]):
        data["players"][seat]["score"] = points
    state = load(data)
    place_and_end(state, 1)  # p2 placed the last tile: p3 is nearer after them than p1
    assert [state.current, *state.queue] == [2, 0, 1]


def test_final_round_tie_with_the_last_placer_goes_to_the_others_first():
    data = position(new(3))
    last_tile = data["auction"]["display"][0]
    data.update(stack=[], phase="place", drawn=last_tile, current=2)
    data["auction"].update(display=[], amulets=[False, False, True])
    for seat, points in enumerate([5, 9, 5]):
        data["players"][seat]["score"] = points
    state = load(data)
    place_and_end(state, 2)
    assert [state.current, *state.queue] == [0, 2, 1]


def test_decision_a_short_last_round_reveals_what_is_left():
    data = position(new(3))
    kept = data["stack"][-1]
    data["stack"] = [kept]
    state = load(data)
    play(state, 0, "pass")
    play(state, 1, "pass")
    play(state, 2, "pass")
    play(state, 0, "take 1")
    place_and_end(state, 0)
    play(state, 1, "bid 1")
    play(state, 2, "pass")
    play(state, 1, "take 1")
    place_and_end(state, 1)
    place_and_end(state, 2)  # the last tile of the round, free
    auction = state.view(None)["auction"]
    assert auction["round"] == 2 and auction["display"][0]["index"] == 1
    assert len(auction["display"]) == 1 and state.phase == "bid" and state.current == 0
    play(state, 0, "bid 1")
    play(state, 1, "pass")
    play(state, 2, "pass")  # one tile: the winner places it, no choice to make
    assert state.phase == "place" and state.drawn == kept
    place_and_end(state, 0)
    assert state.round == "final"  # the others got no tile this round


# Bad input, notation, positions -------------------------------------------------------------


def test_out_of_turn_bids_are_refused():
    state = new(4)
    error = refused(state, 2, "bid 3", "not_your_turn")
    assert "p1's turn" in str(error)
    refused(state, 5, "pass", "not_your_turn")


def test_auction_actions_only_in_their_phases():
    state = new(2)
    refused(state, 0, "take 1", "auction_running")
    refused(state, 0, "place C4", "auction_running")
    refused(state, 0, "end", "auction_running")
    play(state, 0, "bid 1")
    play(state, 1, "pass")
    refused(state, 0, "bid 2", "take_tile_first")
    play(state, 0, "take 1")
    refused(state, 0, "pass", "place_tile_first")
    state.apply(0, state.legal_actions(0)[0])
    refused(state, 0, "bid 2", "wrong_phase")


@pytest.mark.parametrize("action", [Bid(7), Pass(), Take(1)])
def test_auction_notation_round_trips(action):
    assert parse_action(str(action)) == action
    assert str(Take(1)) == "take 2"


def test_position_round_trips_mid_auction():
    state = new(4)
    play(state, 0, "bid 2")
    play(state, 1, "pass")
    play(state, 2, "bid 3")
    copy = GAME.from_json(state.to_json())
    assert copy.to_json() == state.to_json()
    assert copy.view(3) == state.view(3)
    assert copy.legal_actions(3) == state.legal_actions(3)
    play(copy, 3, "pass")
    play(state, 3, "pass")
    assert copy.to_json() == state.to_json()
    assert state.clone().to_json() == state.to_json()


def test_positions_with_a_bad_auction_part_are_refused():
    data = position(new(2))
    data["auction"]["display"][0] = data["stack"][0]
    with pytest.raises(GameError, match="a tile appears twice"):
        load(data)
    data = position(new(2))
    data["auction"]["amulets"] = [True]
    with pytest.raises(GameError, match="amulets"):
        load(data)
    data = position(new(2))
    del data["auction"]
    with pytest.raises(GameError, match="auction"):
        load(data)
    data = position(new(2))
    data["phase"] = "haggle"
    with pytest.raises(GameError, match="unknown phase"):
        load(data)


def test_auction_text_shows_display_bid_passes_amulets_and_opener():
    state = new(3)
    play(state, 0, "bid 3")
    play(state, 1, "pass")
    text = auction_text(state.view(2)["auction"])
    assert "1. A " in text and "3. A " in text
    assert "High bid: 3 by p1 (opened by p1)" in text
    assert "Passed: p2" in text and "p3 to act: bid 4…20 or pass." in text
    play(state, 2, "pass")
    text = auction_text(state.view(2)["auction"])
    assert "p1 won the auction and paid 3." in text
    assert "Amulets: p1 up, p2 up, p3 up" in text


def test_a_position_cannot_show_more_tiles_than_players_left_to_take_them():
    data = position(new(3))
    data["auction"]["amulets"] = [False, True, True]
    with pytest.raises(GameError, match="more tiles on display than face-up amulets"):
        load(data)


@pytest.mark.parametrize("action", ["bid 1", "take 1"])
def test_an_auction_move_in_the_basic_game_is_said_to_be_the_auction_variants(action):
    """'bid 1' typed in the basic game was refused with "place the drawn tile first" (or
    "not your turn", "not an action of this phase"), as if bidding came later: a move of
    the other variant is said to be one, whoever types it and whenever, and changes
    nothing."""
    from boardgamesbot.help.why import reason

    state = GAME.new(2, 1)  # the basic game: seat 0 places its drawn tile
    verb = action.split()[0]
    for player in (0, 1):  # the seat to act, and one that waits
        error = refused(state, player, action, "other_variant")
        assert error.params["verb"] == verb and "auction variant" in str(error)
    state.apply(0, state.legal_actions(0)[0])  # now spending action points
    refused(state, 0, action, "other_variant")
    for lang, words in (("en", "auction variant"), ("pt-BR", "variante com leilão"),
                        ("ca", "variant amb subhasta")):
        said = reason("other_variant", lang, "", {"verb": verb})
        assert words in said and f"'{verb}'" in said, said


@pytest.mark.parametrize("variant", ["basic", "auction"])
def test_passing_where_there_is_no_bidding_is_told_to_type_end(variant):
    """'passar' in the basic game was told it is written 'pass', and 'pass' refused as the
    auction's move (in the auction variant's turn, "not possible in this part of the
    turn"): someone who passes there means to end their turn, and is told to type 'end',
    in their words, whoever types it and whenever; nothing changes."""
    from boardgamesbot.cli.words import refusal

    state = GAME.new(2, 1, variant=variant)
    rng = random.Random(0)
    while "end" not in map(str, state.legal_actions(state.current_players()[0])):
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    player = state.current_players()[0]
    typed = ["pass", "passar", "passo", "Passar"]
    for word in typed:
        error = refused(state, player, word, "no_passing")
        assert error.params == {"word": word, "end": "end"}, error.params
        for lang in ("en", "pt-BR", "ca"):
            said = refusal({"code": error.code, "message": str(error), "params": error.params},
                           lang)
            assert "'end'" in said and "'pass'" not in said, said
    if variant == "basic":
        refused(GAME.new(2, 1), 1, "pass", "no_passing")  # (a seat that waits)


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_an_unreadable_verb_is_told_the_verbs_of_the_variant_played(lang):
    """"'colocar' is not an action — place, enter, …, end, bid, pass or take" in the basic
    game sent a newcomer to the auction's verbs; the auction variant has them all."""
    from boardgamesbot.cli.words import refusal

    for variant, auction_verbs in (("basic", False), ("auction", True)):
        state = GAME.new(2, 1, variant=variant)
        before = state.to_json()
        with pytest.raises(GameError) as caught:
            state.apply(0, "fly A4")
        error = caught.value
        assert error.code == "bad_notation" and state.to_json() == before
        said = refusal({"code": error.code, "message": str(error), "params": error.params},
                       lang)
        assert "place" in said and "guard" in said, said
        for verb in ("bid", "take"):
            assert (verb in said) == auction_verbs, (variant, said)
