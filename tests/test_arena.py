"""The arena: seat rotation, tallies, reproducibility, ratings, records, errors.

Real games are 2-player Tikal with random bots (a game takes a few
hundredths of a second). Ties, solo play and simultaneous steps are forced
with a tiny fake game registered for the test.
"""

from __future__ import annotations

import copy
import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest
from click.testing import CliRunner
from processes import alive, children, wait_until

from boardgamesbot import arena as arena_module
from boardgamesbot import bots as bots_module
from boardgamesbot import engine
from boardgamesbot.arena import (
    ArenaError,
    BotFailure,
    GameResult,
    plan,
    rotation_length,
    run,
    summarize,
    wilson_interval,
)
from boardgamesbot.cli import main
from boardgamesbot.engine import Action, Game, GameError, IllegalAction, Record, State


def arena_cli(*args: str):
    return CliRunner().invoke(main, ["arena", *args])


def without_timings(report: dict) -> dict:
    """The part of a report that must be identical from run to run."""
    report = copy.deepcopy(report)
    del report["elapsed_seconds"], report["workers"]
    for bot in report["bots"]:
        del bot["decision_seconds"]
    return report


# A fake game: every seat picks 0-3 at once, for `rounds` rounds; the highest
# total wins. Option tie=True makes every game a draw among all seats.


@dataclass(frozen=True)
class Pick(Action):
    number: int

    def __str__(self) -> str:
        return f"pick {self.number}"


class PickState(State):
    def __init__(self, game: Game, num_players: int, seed: int, rounds: int, tie: bool):
        self.game, self.num_players, self.rounds, self.tie = game, num_players, rounds, tie
        self.seed = seed
        self.picks: list[list[int]] = [[] for _ in range(num_players)]

    def current_players(self) -> list[int]:
        done = min(len(p) for p in self.picks)
        if done == self.rounds:
            return []
        return [seat for seat, p in enumerate(self.picks) if len(p) == done]

    def legal_actions(self, player: int) -> list[Action]:
        return [Pick(n) for n in range(4)] if player in self.current_players() else []

    def apply(self, player: int, action: Action | str) -> Action:
        if isinstance(action, str):
            action = Pick(int(action.split()[1]))
        if action not in self.legal_actions(player):
            raise IllegalAction(f"seat {player} cannot {action} now")
        self.picks[player].append(action.number)
        return action

    def is_over(self) -> bool:
        return not self.current_players()

    def scores(self) -> list[int]:
        return [0 if self.tie else sum(p) for p in self.picks]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.scores())
        return [seat for seat, score in enumerate(self.scores()) if score == best]

    def view(self, player: int | None) -> dict:
        view = {"picks": self.picks}
        if self.num_players == 1 and self.is_over():
            score = self.scores()[0]
            view["solo"] = {"rating": score - 4, "title": "Legend" if score >= 6 else "Novice"}
        return view

    def determinize(self, player: int, rng: random.Random) -> State:
        return self.clone()

    def clone(self) -> State:
        twin = copy.copy(self)
        twin.picks = [list(p) for p in self.picks]
        return twin

    def to_json(self) -> str:
        return json.dumps(self.picks)


class PickGame(Game):
    name = "pick"
    titles = {"en": "Pick", "pt-BR": "Escolha", "ca": "Tria"}
    min_players = 1
    max_players = 4

    def new(self, num_players: int, seed: int, **options) -> State:
        self.check_num_players(num_players)
        unknown = set(options) - {"rounds", "tie"}
        if unknown:
            raise GameError(f"pick has no option {sorted(unknown)[0]}")
        return PickState(self, num_players, seed, int(options.get("rounds", 3)),
                         bool(options.get("tie", False)))

    def from_json(self, text: str) -> State:  # pragma: no cover - not needed here
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        return Pick(int(text.split()[1]))


class IllegalBot:
    name = "illegal"

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, state, player, budget=None):
        return Pick(9)


class MaxPickBot(IllegalBot):
    """Always picks the highest number: stronger than random at the fake game."""

    name = "maxpick"

    def choose(self, state, player, budget=None):
        return max(state.legal_actions(player), key=lambda action: action.number)


class CrashingBot(IllegalBot):
    name = "crashing"

    def choose(self, state, player, budget=None):
        raise ZeroDivisionError("oops")


@pytest.fixture
def pick_game(monkeypatch):
    game = engine.register(PickGame())
    monkeypatch.setitem(bots_module._BOTS, "illegal", IllegalBot)
    monkeypatch.setitem(bots_module._BOTS, "crashing", CrashingBot)
    monkeypatch.setitem(bots_module._BOTS, "maxpick", MaxPickBot)
    yield game
    engine.unregister(game.name)


# Seats ------------------------------------------------------------------------------------


def test_game_i_moves_the_lineup_on_i_seats(pick_game):
    setup = plan("pick", ["maxpick", "random", "random", "random"], games=8)
    assert setup.seats_for(0) == ["maxpick", "random", "random", "random"]
    assert setup.seats_for(1) == ["random", "maxpick", "random", "random"]
    assert setup.seats_for(3) == ["random", "random", "random", "maxpick"]
    assert setup.seats_for(4) == setup.seats_for(0)


def test_rotation_length_is_the_period_of_the_lineup():
    assert rotation_length(["a", "b"]) == 2
    assert rotation_length(["hard", "greedy", "greedy", "greedy"]) == 4
    assert rotation_length(["a", "b", "a", "b"]) == 2
    assert rotation_length(["random"] * 3) == 1


def test_a_run_seats_every_bot_in_every_seat_equally(pick_game):
    setup = plan("pick", ["maxpick", "random", "random"], games=6)
    results = run(setup)
    for seat in range(3):
        assert [r.seats[seat] for r in results].count("maxpick") == 2
    standings = summarize(setup, results)
    maxpick, random_bot = standings.bots
    assert (maxpick.games, maxpick.seats) == (6, 6)
    assert (random_bot.games, random_bot.seats) == (6, 12)


def test_tikal_two_bots_alternate_seats():
    setup = plan("tikal", ["random", "random"], games=2)
    setup = type(setup)("tikal", ("first", "second"), 2)
    assert [setup.seats_for(i) for i in range(2)] == [["first", "second"],
                                                      ["second", "first"]]


# Tallies ----------------------------------------------------------------------------------


def test_wins_add_up_to_the_number_of_games():
    setup = plan("tikal", ["random", "random"], games=6, seed=11)
    standings = summarize(setup, run(setup))
    (bot,) = standings.bots
    assert bot.games == 6 and bot.seats == 12
    assert bot.wins == pytest.approx(6)
    assert sum(standings.seat_wins) == pytest.approx(6)
    assert bot.win_rate == pytest.approx(0.5)


def test_a_shared_win_counts_one_over_the_number_of_winners(pick_game):
    setup = plan("pick", ["random", "random", "random"], games=3, options={"tie": True})
    standings = summarize(setup, run(setup))
    assert standings.seat_wins == pytest.approx([1, 1, 1])  # 3 games, 1/3 to each seat
    assert standings.bots[0].wins == pytest.approx(3)


def test_a_tie_between_two_bots_gives_each_half_a_win():
    setup = plan("tikal", ["random", "random"], games=2)
    setup = type(setup)("tikal", ("a", "b"), 2)
    results = [
        GameResult(0, 1, ["a", "b"], [30, 30], [0, 1], [[0.1], [0.2]], 2),
        GameResult(1, 2, ["b", "a"], [40, 20], [0], [[0.1], [0.2]], 2),
    ]
    standings = summarize(setup, results)
    a, b = standings.bots
    assert (a.wins, b.wins) == (0.5, 1.5)
    assert (a.games, b.games) == (2, 2)
    assert a.scores == [30, 20] and b.score_mean == 35
    assert b.mu > a.mu  # b won outright once and tied once


def test_final_ranking_puts_winners_first_then_orders_by_score():
    result = GameResult(0, 1, ["a"] * 4, [30, 50, 30, 10], [1], [[]] * 4, 0)
    assert result.ranks() == [2, 1, 2, 4]
    tied = GameResult(0, 1, ["a"] * 3, [30, 30, 20], [0], [[]] * 3, 0)  # tie-break won
    assert tied.ranks() == [1, 2, 3]


def test_the_stronger_bot_gets_the_higher_rating(pick_game):
    setup = plan("pick", ["maxpick", "random"], games=20, seed=4)
    standings = summarize(setup, run(setup))
    strong, weak = standings.bots
    assert strong.wins > weak.wins
    assert strong.mu > weak.mu and strong.ordinal > weak.ordinal
    assert strong.sigma < 25 / 3


# Reproducibility --------------------------------------------------------------------------


def test_same_arguments_give_the_same_results_whatever_the_workers():
    args = ["tikal", "--bots", "random,random", "--games", "6", "--seed", "5", "--json"]
    first = arena_cli(*args, "--workers", "1")
    again = arena_cli(*args, "--workers", "1")
    parallel = arena_cli(*args, "--workers", "2")
    for result in (first, again, parallel):
        assert result.exit_code == 0, result.output
    reports = [json.loads(r.output) for r in (first, again, parallel)]
    assert without_timings(reports[0]) == without_timings(reports[1])
    assert without_timings(reports[0]) == without_timings(reports[2])
    assert reports[2]["workers"] == 2


def test_a_different_seed_gives_different_games():
    one = run(plan("tikal", ["random", "random"], games=2, seed=1))
    two = run(plan("tikal", ["random", "random"], games=2, seed=2))
    assert [r.seed for r in one] != [r.seed for r in two]
    assert len({r.seed for r in one}) == 2


# Output -----------------------------------------------------------------------------------


def test_json_output_has_every_field():
    result = arena_cli("tikal", "--bots", "random,random", "--games", "2", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["game"] == "tikal" and report["players"] == 2 and report["games"] == 2
    assert report["lineup"] == ["random", "random"] and report["seed"] == 0
    (bot,) = report["bots"]
    for key in ("name", "games", "seats", "wins", "win_rate", "win_rate_ci95", "score_mean",
                "score_sd", "rating", "decisions", "decision_seconds", "solo"):
        assert key in bot
    assert set(bot["rating"]) == {"mu", "sigma", "ordinal"}
    assert set(bot["decision_seconds"]) == {"median", "p95"}
    assert bot["decision_seconds"]["median"] <= bot["decision_seconds"]["p95"]
    low, high = bot["win_rate_ci95"]
    assert 0 <= low <= bot["win_rate"] <= high <= 1
    assert [s["seat"] for s in report["by_seat"]] == [1, 2]


def test_the_table_shows_each_bots_numbers_as_the_json_report_has_them():
    """The table is the report a person reads: every bot's row must carry its own numbers
    (a row for the wrong bot, or a column shifted, fails here), and so must the seats."""
    args = ("tikal", "--bots", "random,greedy", "--games", "2", "--seed", "3")
    report = json.loads(arena_cli(*args, "--json").output)
    result = arena_cli(*args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert report["bots"] and len(report["bots"]) == 2
    for bot in report["bots"]:
        (row,) = [line.split() for line in lines if line.split()[:1] == [bot["name"]]]
        low, high = bot["win_rate_ci95"]
        games_and_wins = [str(bot["games"])] + ([str(bot["seats"])] if bot["seats"] != bot["games"]
                                                else []) + [f"{bot['wins']:g}"]
        assert row[1:1 + len(games_and_wins)] == games_and_wins, (row, bot)
        rest = row[1 + len(games_and_wins):]
        assert rest[:4] == [f"{bot['win_rate']:.1%}", f"{100 * low:.1f}–{100 * high:.1f}%",
                            f"{bot['score_mean']:.1f}", f"{bot['score_sd']:.1f}"], (rest, bot)
        assert rest[4:7] == [f"{bot['rating'][key]:.2f}" for key in ("mu", "sigma", "ordinal")]
    start = next(i for i, line in enumerate(lines) if line.strip() == "by seat")
    seat_rows = [line.split() for line in lines[start:] if line.split()[:1] in (["1"], ["2"])]
    assert seat_rows == [[str(s["seat"]), f"{s['wins']:g}", f"{s['score_mean']:.1f}"]
                         for s in report["by_seat"]], seat_rows


def test_saved_records_replay_to_the_same_final_scores(tmp_path):
    setup = plan("tikal", ["random", "random"], games=2, seed=9, save_dir=tmp_path / "games")
    results = run(setup)
    files = sorted((tmp_path / "games").glob("*.json"))
    assert [f.name for f in files] == ["tikal-0001.json", "tikal-0002.json"]
    for path, result in zip(files, results):
        record = Record.load(path)
        assert record.seats == result.seats and record.seed == result.seed
        final = record.replay()
        assert final.is_over() and final.scores() == result.scores
        assert final.winners() == result.winners
    replay = CliRunner().invoke(main, ["replay", str(files[0]), "--no-step"])
    assert replay.exit_code == 0 and "Final scores" in replay.output


# Statistics -------------------------------------------------------------------------------


@pytest.mark.parametrize("wins, n, low, high", [
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
])
def test_wilson_interval_on_known_values(wins, n, low, high):
    assert wilson_interval(wins, n) == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_without_games_is_everything():
    assert wilson_interval(0, 0) == (0.0, 1.0)


# Solo -------------------------------------------------------------------------------------


def test_solo_reports_the_mean_solo_rating_and_the_titles(pick_game):
    result = arena_cli("pick", "--bots", "random", "--players", "1", "--games", "8",
                       "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    (bot,) = report["bots"]
    assert bot["rating"] is None  # no opponent, nothing to rate
    solo = bot["solo"]
    assert solo["games"] == 8
    assert sum(solo["titles"].values()) == 8 and set(solo["titles"]) <= {"Legend", "Novice"}
    setup = plan("pick", ["random"], players=1, games=8, seed=2)
    ratings = [r.scores[0] - 4 for r in run(setup)]
    assert solo["mean_rating"] == pytest.approx(sum(ratings) / 8)
    table = arena_cli("pick", "--bots", "random", "--players", "1", "--games", "8")
    assert "solo" in table.output and "titles" in table.output


def test_simultaneous_seats_all_decide(pick_game):
    setup = plan("pick", ["random", "random", "random"], games=3, options={"rounds": 2})
    for result in run(setup):
        assert [len(times) for times in result.decision_seconds] == [2, 2, 2]
        assert result.actions == 6


# Bugs in bots stop the run ----------------------------------------------------------------


def test_an_illegal_action_stops_the_run_naming_bot_seed_and_action(pick_game, tmp_path):
    setup = plan("pick", ["illegal", "random"], games=2, seed=1, save_dir=tmp_path)
    with pytest.raises(BotFailure) as caught:
        run(setup)
    message = str(caught.value)
    assert "'illegal'" in message and "'pick 9'" in message
    assert f"game seed {arena_module.game_seed(1, 0)}" in message
    assert list(tmp_path.glob("*-failed.json"))  # the game so far, for a look


def test_a_bot_that_raises_stops_the_run(pick_game):
    result = arena_cli("pick", "--bots", "random,crashing", "--games", "2")
    assert result.exit_code == 2
    assert "'crashing'" in result.output and "ZeroDivisionError: oops" in result.output
    assert "game seed" in result.output and "Traceback" not in result.output


# Bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("args, expected", [
    (["chess", "--bots", "random", "--games", "2"], "unknown game 'chess'"),
    (["tikal", "--bots", "random,wizard", "--games", "2"], "unknown bot 'wizard'; choose from"),
    (["tikal", "--bots", "random,random,random", "--players", "4", "--games", "4"],
     "4 players need a lineup of 4 bots"),
    (["tikal", "--bots", "random", "--players", "7", "--games", "4"], "2 to 4 players"),
    (["tikal", "--bots", "random,random", "--games", "0"], "--games must be at least 1"),
    (["tikal", "--bots", "random,random", "--games", "-3"], "--games must be at least 1"),
    (["tikal", "--bots", "random,random", "--games", "2", "--workers", "0"],
     "--workers must be at least 1"),
    (["tikal", "--bots", "random,random", "--games", "2", "--workers", "-1"],
     "--workers must be at least 1"),
    (["tikal", "--bots", "random,random", "--games", "2", "--side", "A"], "no option side"),
    (["tikal", "--bots", ",", "--games", "2"], "at least one bot"),
])
def test_bad_input_is_a_clear_error(args, expected):
    result = arena_cli(*args)
    assert result.exit_code == 2, result.output
    assert expected in result.output
    assert "Traceback" not in result.output


def test_games_must_be_a_whole_number_of_rotations(pick_game):
    with pytest.raises(ArenaError, match=r"multiple of 4 .*; try 4 or 8"):
        plan("pick", ["maxpick", "random", "random", "random"], games=6)
    with pytest.raises(ArenaError, match=r"multiple of 2 .*; try 2$"):
        plan("pick", ["maxpick", "random"], games=1)
    assert plan("pick", ["random"] * 3, games=5).games == 5  # one bot: any count will do
    result = arena_cli("tikal", "--bots", "random,maxpick", "--games", "3")
    assert result.exit_code == 2 and "multiple of 2" in result.output


def test_an_unknown_bot_error_names_the_accepted_ones():
    with pytest.raises(GameError) as caught:
        plan("tikal", ["random", "nobody"], games=2)
    assert "random" in str(caught.value).split("choose from:")[1]


def test_the_lineup_error_suggests_repeating_names():
    with pytest.raises(ArenaError, match="--bots random,random,random,random"):
        plan("tikal", ["random", "random"], players=4, games=4)


@pytest.mark.slow
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_the_game_workers_end_with_the_arena(how):
    """A stopped `bgbot arena --workers 2` leaves no worker playing on under PID 1."""
    bgbot = os.path.join(os.path.dirname(sys.executable), "bgbot")
    arena = subprocess.Popen([bgbot, "arena", "tikal", "--bots", "hard", "--players", "4",
                              "--games", "8", "--workers", "2", "--json"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        workers = wait_until(lambda: len(found := children(arena.pid)) >= 2 and found, 120)
        time.sleep(1.0)  # the workers are playing their first games
        assert all(alive(pid) for pid in workers)
        arena.send_signal(how)
        arena.wait(30)
        wait_until(lambda: not any(alive(pid) for pid in workers), 15)
    finally:
        arena.kill()
        arena.wait(10)
