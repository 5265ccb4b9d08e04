"""The terminal face: `bgbot cartographers score`, a scripted solo game, replay."""

import json

import pytest
from click.testing import CliRunner

from boardgamesbot.cli import main
from boardgamesbot.engine import Record
from boardgamesbot.games.cartographers import GAME
from boardgamesbot.games.notation import unaccented

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


@pytest.mark.parametrize(
    ("lang", "env", "card"),
    [
        ("pt-BR", {"LANG": "pt_BR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}, "BOSQUE SENTINELA"),
        ("ca", {}, "bosc sentinella"),  # (told by --lang)
    ],
)
def test_score_command_speaks_the_persons_language_and_takes_their_card_names(
    tmp_path, lang, env, card
):
    """`bgbot cartographers score` said its errors in English ("error: cannot read …") and
    took the English card names only. In the person's language (``--lang``, else the
    locale) it takes the card as the catalog names it there, case and accents aside, and
    says each error there: a card no card is called, a file that is not there, a sheet
    whose line is wrong; nothing is scored then."""
    from boardgamesbot.games.cartographers.render import named, say

    told = [] if env else ["--lang", lang]
    path = tmp_path / "sheet.txt"
    path.write_text(BLANK_A.replace("...........", "FFF........", 1))

    def score(*args: str):
        return CliRunner().invoke(main, ["cartographers", "score", *args, *told], env=env)

    result = score(str(path), "--card", unaccented(card))
    assert (result.exit_code, result.output.strip()) == (0, "3"), result.output
    unknown = score(str(path), "--card", "Floresta")
    assert unknown.exit_code == 2 and unknown.stdout == "", unknown.output
    error = say(lang, "carto.tool.error", message="").strip()
    assert unknown.stderr.startswith(f"{error} "), unknown.stderr
    assert say(lang, "carto.tool.error.card", name="Floresta", cards="") in unknown.stderr
    assert named(lang, "carto.card", "The Cauldrons") in unknown.stderr, unknown.stderr
    missing = score(str(tmp_path / "none.txt"), "--card", card)
    assert missing.exit_code == 2, missing.output
    assert say(lang, "carto.tool.error.missing", path=tmp_path / "none.txt") in missing.stderr
    path.write_text(BLANK_A.replace("...^.R.....", "...^.R..?..", 1))
    wrong = score(str(path), "--card", card)
    assert wrong.exit_code == 2 and wrong.stdout == "", wrong.output
    assert say(lang, "carto.tool.error.cell", path=path, line=2, character=9, mark="?",
               reason=say(lang, "carto.tool.error.cell.mark")) in wrong.stderr, wrong.stderr


#: Sheets wrong in each way `Sheet.from_text` refuses (side A: line 2 is "...^.R....."), with
#: the reason's case, its particulars, and the line and character named (none: the whole).
WRONG_SHEETS = [
    ("\n".join(BLANK_A.splitlines()[:10]), "lines", {"found": 10}, None),
    (BLANK_A.replace("...........", "..........", 1), "width", {"found": 10, "line": 1}, None),
    (BLANK_A.replace("...........", "f..........", 1),
     "no_ruins", {"write": "F", "side": "A"}, (1, 1, "f")),
    (BLANK_A.replace("...^.R.....", "...^.F.....", 1), "ruins", {"write": "f", "side": "A"},
     (2, 6, "F")),
    (BLANK_A.replace("...^.R.....", "...F.R.....", 1), "printed",
     {"printed": "mountain", "side": "A"}, (2, 4, "F")),
    (BLANK_A.replace("...^.R.....", "...^.......", 1), "printed",
     {"printed": "ruins", "side": "A"}, (2, 6, ".")),
    (BLANK_A.replace("...........", "^..........", 1),
     "not_printed", {"printed": "none", "written": "mountain", "side": "A"}, (1, 1, "^")),
    (BLANK_A.replace("...^.R.....", "...^.R..?..", 1), "mark", {}, (2, 9, "?")),
]


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_score_command_says_where_the_sheet_is_wrong_and_why_in_the_language(tmp_path, lang):
    """In Portuguese and Catalan a wrong sheet was told "not what side A prints there, or
    not a sheet's mark" whatever was wrong: only English said why. In each language the
    line and character (or the lines' count, a line's width) are named with the reason:
    lower case off ruins, ruins written over, a printed feature missing or misplaced, a
    mark that is none; nothing is scored and the file is left as it was."""
    from boardgamesbot.games.cartographers.render import named, say

    path = tmp_path / "sheet.txt"
    reasons = set()
    for text, case, particulars, cell in WRONG_SHEETS:
        path.write_text(text)
        result = CliRunner().invoke(main, ["cartographers", "score", str(path), "--card",
                                           "Treetower", "--lang", lang])
        assert result.exit_code == 2 and result.stdout == "", (case, result.output)
        told = " ".join(result.stderr.split())
        assert told.startswith(say(lang, "carto.tool.error", message="").strip()), told
        if cell is None:
            expected = say(lang, f"carto.tool.error.{case}", path=path, **particulars)
        else:
            line, character, mark = cell
            said = {name: named(lang, "carto.sheet.printed", value)
                    if name in ("printed", "written") else value
                    for name, value in particulars.items()}
            reason = say(lang, f"carto.tool.error.cell.{case}", **said)
            reasons.add(reason)
            expected = say(lang, "carto.tool.error.cell", path=path, line=line,
                           character=character, mark=mark, reason=reason)
            assert f"{mark}" in told and str(line) in told and str(character) in told
        assert expected in told, (case, told)
        assert path.read_text() == text and [*tmp_path.iterdir()] == [path]
    assert len(reasons) == len(WRONG_SHEETS) - 2, reasons  # (each cell's reason its own)
    if lang != "en":  # (the reasons are the language's, not English left in)
        assert not reasons & {say("en", f"carto.tool.error.cell.{case}", write="F", side="A")
                              for case in ("no_ruins", "mark")}
