"""`bgbot play tikal --variant auction` for bots and people, and its records."""

from __future__ import annotations

from click.testing import CliRunner

from boardgamesbot.cli import main
from boardgamesbot.engine import Record


def test_bots_play_an_auction_game_to_the_end_and_it_replays(tmp_path):
    path = tmp_path / "auction.json"
    result = CliRunner().invoke(main, ["play", "tikal", "--variant", "auction", "--players", "2",
                                       "--humans", "0", "--seed", "3", "--save", str(path)])
    assert result.exit_code == 0, result.output
    assert "Game over." in result.output
    assert "bid " in result.output or "pass" in result.output
    record = Record.load(path)
    assert record.options == {"variant": "auction"}
    final = record.replay()
    assert final.is_over() and final.auction is not None
    replay = CliRunner().invoke(main, ["replay", str(path), "--no-step"])
    assert replay.exit_code == 0, replay.output
    assert "Final scores" in replay.output


def test_a_person_sees_the_auction_bids_and_is_told_why_a_bid_is_refused(tmp_path):
    path = tmp_path / "person.json"
    result = CliRunner().invoke(
        main,
        ["play", "tikal", "--variant", "auction", "--players", "2", "--humans", "1",
         "--seed", "3", "--save", str(path)],
        input="moves\nbid 25\nbid 2\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Auction, round 1: bidding for turn 1 of 2" in result.output
    assert "bid 20" in result.output and "pass" in result.output  # the `moves` list
    assert "a bid cannot exceed your points: you have 20, not 25" in result.output
    record = Record.load(path)
    assert record.actions[0] == (0, "bid 2")
