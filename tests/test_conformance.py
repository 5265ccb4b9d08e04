"""The contract's invariants, checked over every registered game (the test-only one too).

Each case is a game, an option combination and a player count; each test
plays seeded random games and checks an invariant at many positions. A game
that joins the registry is covered without a line changed here.
"""

from __future__ import annotations

import io
import itertools
import json
import random

import pytest
from rich.console import Console

from boardgamesbot.bots import make_bot
from boardgamesbot.driver import Driver
from boardgamesbot.engine import (
    LANGUAGES,
    GameError,
    IllegalAction,
    Record,
    known_games,
    load_game,
)
from boardgamesbot.games.schema import check_view

MAX_ACTIONS = 20_000


def cases():
    for name in known_games():
        game = load_game(name)
        counts = sorted({game.min_players, min(game.min_players + 1, game.max_players),
                         min(4, game.max_players)})
        choices = [option.choices for option in game.options]
        for values in itertools.product(*choices):
            options = {option.name: value for option, value in zip(game.options, values)}
            for players in counts:
                label = "-".join([name, *values, f"{players}p"])
                yield pytest.param(name, options, players, id=label)


CASES = list(cases())


def positions(name, options, players, seed, every=1):
    """The states of a seeded random game (each a separate object), every ``every`` actions."""
    state = load_game(name).new(players, seed, **options)
    rng = random.Random(seed)
    yield state.clone()
    for count in range(1, MAX_ACTIONS):
        if state.is_over():
            return
        seat = rng.choice(state.current_players())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if count % every == 0 or state.is_over():
            yield state.clone()
    raise AssertionError(f"{name} did not finish in {MAX_ACTIONS} random actions")


def spread(name, options, players, seeds=(1, 2), keep=25):
    """About ``keep`` positions per seed, spread over whole random games."""
    for seed in seeds:
        states = list(positions(name, options, players, seed))
        step = max(1, len(states) // keep)
        yield from states[::step]


def viewers(state):
    return [None, *range(state.num_players)]


@pytest.mark.parametrize("name,options,players", CASES)
def test_random_games_finish_with_winners_among_the_seats(name, options, players):
    for seed in (1, 2, 3):
        final = list(positions(name, options, players, seed))[-1]
        assert final.is_over() and final.current_players() == []
        assert len(final.scores()) == players
        assert final.winners() and set(final.winners()) <= set(range(players))


@pytest.mark.parametrize("name,options,players", CASES)
def test_scorings_are_counted_up_one_at_a_time_or_not_at_all(name, options, players):
    """`State.scorings_done` (what the chat announces a scoring by) starts at 0 and grows
    by one at a time, or is None all game long (the game does not count them)."""
    counts = [state.scorings_done() for state in positions(name, options, players, 1)]
    if counts[0] is None:
        assert set(counts) == {None}
        return
    assert counts[0] == 0 and counts[-1] > 0
    assert all(later - earlier in (0, 1) for earlier, later in zip(counts, counts[1:]))


@pytest.mark.parametrize("name,options,players", CASES)
def test_an_illegal_action_is_refused_and_changes_nothing(name, options, players):
    game = load_game(name)
    pool = {str(a) for state in spread(name, options, players, seeds=(5,))
            for seat in state.current_players() for a in state.legal_actions(seat)}
    for state in spread(name, options, players):
        before = state.to_json()
        for seat in range(players):
            legal = {str(a) for a in state.legal_actions(seat)}
            for notation in sorted(pool - legal)[:8]:
                trial = state.clone()
                try:
                    applied = trial.apply(seat, game.parse_action(notation))
                except GameError:
                    assert trial.to_json() == before, f"refused {notation!r} changed the state"
                else:  # another way to write a legal action (a turned shape's twin)
                    assert str(applied) in legal, f"{notation!r} by seat {seat} was accepted"
        if not state.is_over():
            idle = [s for s in range(players) if s not in state.current_players()]
            awaited = state.current_players()[0]
            for seat in idle:
                for action in state.legal_actions(awaited)[:3]:
                    with pytest.raises(IllegalAction):
                        state.apply(seat, action)
            assert state.to_json() == before


@pytest.mark.parametrize("name,options,players", CASES)
def test_views_match_the_declared_shape_and_survive_json(name, options, players):
    view_type = load_game(name).view_type
    assert view_type is not None, f"{name} must declare its view's shape"
    for state in spread(name, options, players):
        for viewer in viewers(state):
            view = state.view(viewer)
            check_view(view_type, view)
            assert json.loads(json.dumps(view)) == view


@pytest.mark.parametrize("name,options,players", CASES)
def test_determinize_hides_nothing_a_seat_sees_and_changes_only_what_it_cannot(
        name, options, players):
    for index, state in enumerate(spread(name, options, players)):
        before = state.to_json()
        for seat in range(players):
            sample = state.determinize(seat, random.Random(index * 31 + seat))
            assert sample.view(seat) == state.view(seat)
            assert sample.legal_actions(seat) == state.legal_actions(seat)
        assert state.to_json() == before, "determinize changed the original"


@pytest.mark.parametrize("name,options,players", CASES)
def test_same_view_positions_give_identical_samples(name, options, players):
    """Honesty: a sample depends on the seat's view and the generator, nothing hidden."""
    for index, state in enumerate(spread(name, options, players, keep=12)):
        for seat in range(players):
            twin = state.determinize(seat, random.Random(999 + index))  # same view, other truth
            a = state.determinize(seat, random.Random(index)).to_json()
            b = twin.determinize(seat, random.Random(index)).to_json()
            assert a == b, f"position {index}: seat {seat}'s samples depend on hidden information"


@pytest.mark.parametrize("name,options,players", CASES)
def test_positions_round_trip_through_json(name, options, players):
    game = load_game(name)
    for state in spread(name, options, players):
        text = state.to_json()
        again = game.from_json(text)
        assert again.to_json() == text
        for viewer in viewers(state):
            assert again.view(viewer) == state.view(viewer)
        assert again.current_players() == state.current_players()


@pytest.mark.parametrize("name,options,players", CASES)
def test_notation_round_trips_and_actions_describe_themselves_as_data(name, options, players):
    game = load_game(name)
    for state in spread(name, options, players, keep=15):
        for seat in state.current_players():
            for action in state.legal_actions(seat):
                assert game.parse_action(str(action)) == action
                info = state.action_info(seat, action)
                assert info["notation"] == str(action)
                assert isinstance(info["code"], str) and info["code"]
                assert all(isinstance(v, int) and v >= 0 for v in info["cost"].values())
                assert json.loads(json.dumps(info)) == info


@pytest.mark.parametrize("name,options,players", CASES)
def test_choices_are_each_legal_action_as_data_and_words(name, options, players):
    # A game may list its choices in one pass (`State.choices`); what it lists must be
    # what `action_info` and `describe` say of each legal action, in the same order.
    for state in spread(name, options, players, keep=15):
        for seat in range(state.num_players):
            expected = [{**state.action_info(seat, action), "text": state.describe(action)}
                        for action in state.legal_actions(seat)]
            assert state.choices(seat) == expected


@pytest.mark.parametrize("name,options,players", CASES)
def test_preview_tries_on_a_copy(name, options, players):
    for state in spread(name, options, players, keep=10):
        before = state.to_json()
        for seat in state.current_players():
            legal = state.legal_actions(seat)
            result = state.preview(seat, legal[0])
            assert result["legal"] and result["action"] == str(legal[0])
            json.dumps(result)
        for seat in set(range(players)) - set(state.current_players()):
            assert state.preview(seat, str(legal[0]))["legal"] is False
        assert state.to_json() == before


@pytest.mark.parametrize("name,options,players", CASES)
def test_records_replay_every_state_and_undo_points_hold(name, options, players):
    """Replaying seed + actions rebuilds each state; an action that leaves the undo
    point unchanged can be taken back by replaying the record without it."""
    game = load_game(name)
    state = game.new(players, 4, **options)
    record = Record.start(name, 4, [f"s{i}" for i in range(players)], **options)
    rng = random.Random(4)
    while not state.is_over():
        seat = rng.choice(state.current_players())
        before, point = state.to_json(), state.undo_point()
        record.add(seat, state.apply(seat, rng.choice(state.legal_actions(seat))))
        assert record.replay().to_json() == state.to_json()
        if state.undo_point() == point:
            assert record.replay(len(record.actions) - 1).to_json() == before


@pytest.mark.parametrize("name,options,players", CASES)
def test_bots_decide_only_from_what_their_seat_sees(name, options, players):
    """Two positions with the same view (one a sample of the other) get the same decision."""
    for level in ("random", "easy", "medium"):
        for index, state in enumerate(spread(name, options, players, seeds=(7,), keep=8)):
            for seat in state.current_players():
                twin = state.determinize(seat, random.Random(index))
                first = make_bot(level, 11).choose(state.clone(), seat)
                second = make_bot(level, 11).choose(twin, seat)
                assert str(first) == str(second), (level, index, seat)


@pytest.mark.parametrize("name,options,players", CASES)
def test_the_driver_plays_bots_to_the_end(name, options, players):
    state = load_game(name).new(players, 9, **options)
    record = Record.start(name, 9, ["medium"] * players, **options)
    Driver(state, [make_bot("medium", seat) for seat in range(players)], record).run()
    assert state.is_over()
    assert record.replay().to_json() == state.to_json()


@pytest.mark.parametrize("name", known_games())
def test_the_declaration_is_complete(name):
    game = load_game(name)
    assert set(game.titles) >= {"en", "pt-BR", "ca"}
    assert 1 <= game.min_players <= game.max_players
    assert game.information in ("perfect", "imperfect")
    for option in game.options:
        assert option.default in option.choices
        assert option.check(option.default) == option.default
        with pytest.raises(GameError):
            option.check("no such choice")
    json.dumps(game.describe())
    with pytest.raises(GameError):
        game.new(game.max_players + 1, 1)
    with pytest.raises(GameError):
        game.new(game.min_players, 1, no_such_option="x")


@pytest.mark.parametrize("name,options,players", CASES)
def test_a_preview_shows_nothing_the_seat_could_not_see(name, options, players):
    """Same view, same preview; an action that crosses an undo barrier (it reveals
    something) is marked final and its result is not shown before it is played."""
    for index, state in enumerate(spread(name, options, players, keep=10)):
        for seat in state.current_players():
            twin = state.determinize(seat, random.Random(index))
            for action in state.legal_actions(seat)[:6]:
                result = state.preview(seat, action)
                assert result == twin.preview(seat, action), (index, seat, str(action))
                after = state.clone()
                point = after.undo_point()
                after.apply(seat, action)
                if after.undo_point() != point and not state.game.simultaneous:
                    assert result["final"] and result["view"] is None
                if not result["final"] and after.undo_point() == point:
                    assert result["view"] == after.view(seat)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name,options,players", CASES)
def test_a_seat_tag_is_how_the_terminal_board_names_the_seat(name, options, players, lang):
    """`Game.seat_tag`, where a game declares one, is the name its terminal board gives the
    seat (a face adds it to a player's name, "easy (p2)", so that a reader can find the
    board's line): one tag a seat, each different, each on the board of every viewer."""
    game = load_game(name)
    tags = [game.seat_tag(seat, lang) for seat in range(players)]
    if all(tag is None for tag in tags):
        return  # (the default: the board names no seat)
    assert None not in tags and len(set(tags)) == players, tags
    for state in spread(name, options, players, seeds=(1,), keep=2):
        for viewer in viewers(state):
            console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
            console.print(game.render_text(state.view(viewer), lang))
            board = console.export_text()
            assert all(tag in board for tag in tags), (tags, board)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name,options,players", CASES)
def test_the_terminal_render_accepts_each_language(name, options, players, lang):
    """Every game draws any seat's view for the terminal in each language the faces speak
    (`Game.render_text(view, lang)`), something rich prints within 80 columns."""
    game = load_game(name)
    for state in spread(name, options, players, seeds=(1,), keep=4):
        for viewer in viewers(state):
            console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
            console.print(game.render_text(state.view(viewer), lang))
            lines = console.export_text().splitlines()
            assert lines and max(len(line) for line in lines) <= 80
