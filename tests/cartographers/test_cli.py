"""The terminal face: `bgbot cartographers score`, a scripted solo game, replay."""

import json

from click.testing import CliRunner

from boardgamesbot.cli import main
from boardgamesbot.engine import Record
from boardgamesbot.games.cartographers import GAME

from .helpers import BLANK_A


def test_score_command_prints_the_stars(tmp_path):
    path = tmp_path / "sheet.txt"
    path.write_text(BLANK_A.replace("...........", "FFF........", 1))
    result = CliRunner().invoke(main, ["cartographers", "score", str(path), "--card",
                                       "Sentinel Wood"])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "3"
    result = CliRunner().invoke(main, ["cartographers", "score", str(path), "--card",
                                       "Greenbough", "--side", "A"])
    assert result.output.strip() == "4"  # row 1, columns A B C


def test_score_command_unknown_card_lists_the_cards(tmp_path):
    path = tmp_path / "sheet.txt"
    path.write_text(BLANK_A)
    result = CliRunner().invoke(main, ["cartographers", "score", str(path), "--card", "Forest"])
    assert result.exit_code == 2
    assert "Sentinel Wood" in result.output and "The Cauldrons" in result.output


def test_score_command_malformed_sheet_names_line_and_character(tmp_path):
    path = tmp_path / "sheet.txt"
    path.write_text(BLANK_A.replace("...^.R.....", "...^.R..?..", 1))
    result = CliRunner().invoke(main, ["cartographers", "score", str(path), "--card",
                                       "Treetower"])
    assert result.exit_code == 2
    assert "line 2, character 9" in " ".join(result.output.split())


def test_scripted_solo_game_then_replay(tmp_path):
    first = GAME.new(1, 3).legal_actions(0)
    second = GAME.new(1, 3).legal_actions(0)[-1]
    save = tmp_path / "solo.json"
    script = f"help\nmoves\npreview {first[0]}\nforest 9 r0 A1\n{second}\nboard\nquit\n"
    result = CliRunner().invoke(main, ["play", "cartographers", "--players", "1", "--seed", "3",
                                       "--save", str(save)], input=script)
    assert result.exit_code == 0, result.output
    assert "Edicts" in result.output and "A B C D E F G H I J K" in result.output
    # the mistyped line was refused, naming the word and what goes there
    assert "Where '9' stands, the action needs the shape's number on the card" in " ".join(
        result.output.split())
    record = Record.load(save)
    assert record.actions == [(0, str(second))]
    replay = CliRunner().invoke(main, ["replay", str(save), "--no-step"])
    assert replay.exit_code == 0, replay.output
    assert str(second) in replay.output


def test_three_players_side_b_against_bots(tmp_path):
    save = tmp_path / "three.json"
    state = GAME.new(3, 8, side="B")
    action = state.legal_actions(0)[0]
    result = CliRunner().invoke(main, ["play", "cartographers", "--players", "3", "--side", "B",
                                       "--seed", "8", "--save", str(save)],
                                input=f"preview {action}\n{action}\nquit\n")
    assert result.exit_code == 0, result.output
    data = json.loads(save.read_text())
    assert data["options"] == {"side": "B"}
    assert [seat for seat, _ in data["actions"]][:3] == [0, 1, 2]
    assert "Wastelands" in result.output
    assert f"Your choice: {action}" in result.output  # the preview, before committing
