"""The terminal on a phone at a game night: 40 columns, 24 rows, a thumb that slips, a
friend who speaks another language at the table."""

from __future__ import annotations

import pytest

from boardgamesbot.games.wording import between_entries


@pytest.mark.parametrize(("sentence", "entries"), [
    ("Game record: \0", ["games/tikal-20261206-071234.json"]),  # (a list of one: a path)
    ("Pontuação da rodada: \0.", ["supercalifragilistic (p1): 12", "b (p2): 3"]),
])
def test_an_entry_too_long_for_the_sentences_line_begins_a_line_of_its_own(sentence, entries):
    """An entry that does not fit after the sentence's words on a phone's 40 columns (or
    one longer than any line) is not left on their line, where the terminal broke it
    anywhere: the words end their line, the entry begins the next, whole."""
    lines = between_entries(sentence, entries, 30).splitlines()
    opening = sentence.split("\0")[0].rstrip()
    assert lines[0] == opening, lines
    assert lines[1].strip().startswith(entries[0]), lines
    assert all(len(line) <= 30 for line in lines if entries[0] not in line), lines


@pytest.mark.parametrize("lang,typed,meant,written", [
    ("en", "colocr A4", "colocar", "place"),  # (a Brazilian's slip at an English table)
    ("en", "col·locr A4", "col·locar", "place"),  # (a Catalan's)
])
def test_a_slip_of_another_languages_word_is_told_the_notations_word(tmp_path, lang, typed,
                                                                      meant, written):
    """A friend who speaks another of the three languages slips on their own word for a
    move ("colocr" for "colocar" at an English table): it was compared with the session's
    words only, and got the notation's refusal naming no word. It is answered with the
    word meant and how the notation writes it; nothing is played."""
    from boardgamesbot.cli.words import say
    from boardgamesbot.engine import Record
    from tests.test_cli_newcomer import played_lines

    told = " ".join(played_lines(tmp_path, lang, typed).split())
    said = say(lang, "move.near.written", word=typed.split()[0], near=meant, written=written)
    assert said in told, told
    assert say(lang, "unreadable.next") not in told, told
    assert not Record.load(tmp_path / "g.json").actions


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_latest_game_goes_on_with_resume_alone(tmp_path, monkeypatch, lang):
    """'bgbot play --resume games/tikal-20261206-071234.json' was some 50 characters to
    type on a phone. Quitting a game saved where games are saved tells the short way,
    'bgbot play --resume' alone (and 'bgbot replay'), which goes on with the latest game
    saved there; a word of its file's name (the game's name) picks the latest of those."""
    from boardgamesbot.cli.words import say
    from boardgamesbot.engine import Record
    from tests.test_cli_first_game import first_action, run

    monkeypatch.chdir(tmp_path)
    nothing = run("play", "--resume", "--lang", lang)
    assert nothing.exit_code == 2
    assert say(lang, "resume.none", folder="games") in nothing.output
    first = run("play", "tikal", "--seed", "5", "--lang", lang,
                stdin=f"{first_action('tikal')}\nquit\n")
    assert first.exit_code == 0, first.output
    (path,) = (tmp_path / "games").glob("tikal-*.json")
    saved = f"games/{path.name}"
    assert say(lang, "saved.latest", path=saved) in first.output, first.output
    assert "--resume games/" not in first.output
    for way in (["--resume"], ["--resume", "tikal"], ["tikal", "--resume"]):
        again = run("play", *way, "--lang", lang, stdin="quit\n")
        assert again.exit_code == 0, (way, again.output)
        said = say(lang, "resumed", game="Tikal", actions=1, path=saved)
        assert said in " ".join(again.output.split()), (way, again.output)
        assert say(lang, "saved.latest", path=saved) in again.output
    assert len(Record.load(path).actions) == 1
    other = run("play", "--resume", "cartographers", "--lang", lang)
    assert other.exit_code == 2
    assert say(lang, "resume.no_match", name="cartographers", folder="games",
               names=path.stem) in other.output
    replayed = run("replay", "--no-step", "--lang", lang)
    assert replayed.exit_code == 0, replayed.output
    assert f"1. {say(lang, 'person', n=1)}" in replayed.output, replayed.output

