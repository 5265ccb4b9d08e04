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


def test_a_bid_typed_in_the_basic_game_says_the_basic_game_has_no_auction(tmp_path):
    """A newcomer who types 'bid 1' in the basic game is told bidding is the auction
    variant's, in their language, not to place the drawn tile first; nothing is played."""
    said = {"en": "The basic game has no auction", "pt-BR": "O jogo básico não tem leilão",
            "ca": "El joc bàsic no té subhasta"}
    for lang, words in said.items():
        path = tmp_path / f"{lang}.json"
        result = CliRunner().invoke(
            main, ["play", "tikal", "--players", "2", "--seed", "3", "--lang", lang,
                   "--save", str(path)], input="bid 1\nquit\n")
        assert result.exit_code == 0, result.output
        # (English is the engine's own sentence, which opens in lower case)
        assert words.lower() in result.output.lower() and "'bid'" in result.output, \
            result.output
        assert Record.load(path).actions == []
