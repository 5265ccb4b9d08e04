"""The terminal on a phone at a game night: 40 columns, 24 rows, a thumb that slips, a
friend who speaks another language at the table."""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import random
import re
import select
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

from boardgamesbot.games.wording import between_entries


@pytest.mark.parametrize(
    ("sentence", "entries"),
    [
        ("Game record: \0", ["games/tikal-20261206-071234.json"]),  # (a list of one: a path)
        ("Pontuação da rodada: \0.", ["supercalifragilistic (p1): 12", "b (p2): 3"]),
    ],
)
def test_an_entry_too_long_for_the_sentences_line_begins_a_line_of_its_own(sentence, entries):
    """An entry that does not fit after the sentence's words on a phone's 40 columns (or
    one longer than any line) is not left on their line, where the terminal broke it
    anywhere: the words end their line, the entry begins the next, whole."""
    lines = between_entries(sentence, entries, 30).splitlines()
    opening = sentence.split("\0")[0].rstrip()
    assert lines[0] == opening, lines
    assert lines[1].strip().startswith(entries[0]), lines
    assert all(len(line) <= 30 for line in lines if entries[0] not in line), lines


LONG_NAMES = ["Maria Eduarda dos Santos Pereira", "Bo", "Joan Baptista Puig i Cadafalch Serra"]


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("game", ["tikal", "cartographers"])
def test_an_entry_longer_than_a_line_breaks_between_words_never_in_its_seat_tag(game, lang):
    """The end's "Final stars: …" and "Winner: …" on a phone's 40 columns, a friend's long
    name: the entry longer than a line was left whole and the terminal broke it anywhere,
    "Maria Eduarda dos Santos Pereira (seat" | "1): 30,". It breaks between the words of
    the name, its last word, seat tag and points kept on one line, every line within 40."""
    if game == "tikal":
        from boardgamesbot.games.tikal.catalog import say, seat_tag

        key, places = "tikal.term.final", {"scores": "\0", "names": "\0"}
    else:
        from boardgamesbot.games.cartographers.render import say, seat_tag

        key, places = "carto.term.final", {"stars": "\0", "winners": "\0"}
    names = [f"{name} ({seat_tag(seat, lang)})" for seat, name in enumerate(LONG_NAMES)]
    points = [30, 12, 27]
    entries = [f"{name}: {score}" for name, score in zip(names, points, strict=True)]
    winners = [names[0], names[2]]
    lines = between_entries(say(lang, key, **places), entries, 40,
                            more=[(winners, " & ")]).splitlines()
    assert all(len(line) <= 40 for line in lines), lines
    for seat, (name, score) in enumerate(zip(LONG_NAMES, points, strict=True)):
        last = name.split()[-1]
        tagged = f"{last} ({seat_tag(seat, lang)})"
        assert sum(f"{tagged}: {score}" in line for line in lines) == 1, lines
        if seat != 1:  # (who won, by the same tag, whole)
            assert sum(line.rstrip(" .&,").endswith(tagged) for line in lines) == 1, lines
    # (nothing lost or doubled: the lines read as the sentence)
    said = " ".join(line.strip() for line in lines)
    sentence = say(lang, key, **{place: "\0" for place in places})
    whole = sentence.replace("\0", ", ".join(entries), 1).replace("\0", " & ".join(winners))
    assert said == whole, lines


@pytest.mark.parametrize(
    "lang,typed,meant,written",
    [
        ("en", "colocr A4", "colocar", "place"),  # (a Brazilian's slip at an English table)
        ("en", "col·locr A4", "col·locar", "place"),  # (a Catalan's)
    ],
)
def test_a_slip_of_another_languages_word_is_told_the_notations_word(
    tmp_path, lang, typed, meant, written
):
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
    first = run(
        "play", "tikal", "--seed", "5", "--lang", lang, stdin=f"{first_action('tikal')}\nquit\n"
    )
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
    assert (
        say(lang, "resume.no_match", name="cartographers", folder="games", names=path.stem)
        in other.output
    )
    replayed = run("replay", "--no-step", "--lang", lang)
    assert replayed.exit_code == 0, replayed.output
    assert f"1. {say(lang, 'person', n=1)}" in replayed.output, replayed.output


# A phone's terminal: 40 columns, 24 rows, the real `bgbot` in a pseudo-terminal (rich
# reads its size from it, as on a phone), each screen read as the terminal shows it.
PHONE = (24, 40)
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Phone:
    """`bgbot` ARGS run in a pseudo-terminal of ``size`` (rows, columns; ``PHONE``'s by
    default): `answer` types a line once the prompt asks, and returns the screen the
    prompt was asked on."""

    def __init__(self, *args: str, cwd: Path, size: tuple[int, int] = PHONE) -> None:
        self.size = size
        bgbot = Path(sys.executable).with_name("bgbot")
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # (the child: its terminal's size set before `bgbot` starts)
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", *size, 0, 0))
                os.chdir(cwd)
                environment = {
                    name: value
                    for name, value in os.environ.items()
                    if name not in ("COLUMNS", "LINES")
                }  # (rich reads them)
                os.execve(
                    str(bgbot), [str(bgbot), *args], {**environment, "TERM": "xterm-256color"}
                )
            finally:  # (never back into the tests: only a failed exec gets here)
                os._exit(127)
        self.printed = ""
        # (decoded as it comes: a read may end inside a character, "ç" or "à" split
        # across two reads, which decoded alone were two "\ufffd"; and inside an
        # escape, which is taken out of the whole text, not of each read)
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.received = ""

    @property
    def output(self) -> str:
        """What the terminal printed since the last answer, its escapes taken out."""
        return ESCAPE.sub("", self.received)

    def read(self) -> bool:
        """Takes in what the terminal printed within a second; False once `bgbot` has
        ended (the terminal's other end closed)."""
        ready, _, _ = select.select([self.fd], [], [], 1)
        if not ready:
            return True
        try:
            read = os.read(self.fd, 65536)
        except OSError:
            read = b""
        self.received += self.decoder.decode(read, final=not read)
        return bool(read)

    def screen(self) -> list[str]:
        """The rows the terminal shows once the prompt ("seat 1> ") waits for a line."""
        deadline = time.monotonic() + 120
        while not self.output.endswith("> "):
            assert time.monotonic() < deadline, self.output[-2000:]
            assert self.read(), self.output[-2000:]
        return screen_rows(self.output, self.size)

    def answer(self, line: str) -> list[str]:
        shown = self.screen()
        self.printed, self.received = self.output, ""
        os.write(self.fd, line.encode() + b"\r")
        return shown

    def close(self) -> None:
        os.close(self.fd)
        os.waitpid(self.pid, 0)


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_a_character_split_across_the_terminals_reads_is_read_whole(tmp_path, monkeypatch, lang):
    """`Phone` decoded each read alone: a character of more than one byte ("ç", "à", the
    map heading's "–") that a read ended inside was two "\ufffd" on the screen a test read.
    Read one byte at a time (each character split), the screen is what `bgbot` wrote."""
    from boardgamesbot.cli.words import say
    from boardgamesbot.games.tikal.catalog import say as tikal_say

    phone = Phone("play", "tikal", "--players", "2", "--seed", "3", "--lang", lang, cwd=tmp_path)
    whole = os.read

    def bytewise(fd: int, size: int) -> bytes:
        return whole(fd, 1 if fd == phone.fd else size)

    monkeypatch.setattr(os, "read", bytewise)
    try:
        text = "\n".join(phone.screen())
        assert "\ufffd" not in text, text
        heading = tikal_say(lang, "tikal.term.dense.half", shown="A–D", hidden="E–H")
        assert heading in text or heading.replace("A–D", "E–H", 1).replace(
            "(E–H", "(A–D", 1) in text, text
        assert say(lang, "turn", kinds="", example="").split(":")[0] in text, text
        monkeypatch.undo()
        phone.answer("quit")
    finally:
        phone.close()


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_on_a_phone_tikals_half_map_the_last_move_and_the_prompt_share_the_screen(tmp_path, lang):
    """At 40x24 Tikal's map, two halves of 13 rows, did not fit: its top scrolled away
    above the prompt. The half that holds the last actions and the legal ones is drawn,
    saying which columns it is; 'board' draws the whole map."""
    from boardgamesbot.cli.words import command_word, say
    from boardgamesbot.games.tikal.catalog import say as tikal_say

    phone = Phone(
        "play",
        "tikal",
        "--players",
        "2",
        "--seed",
        "3",
        "--lang",
        lang,
        "--save",
        "g.json",
        cwd=tmp_path,
    )
    try:
        whole = say(lang, "board.part", command=command_word("board", lang))
        for typed in ("place A4", "end", command_word("board", lang)):
            shown = phone.answer(typed)  # (the screen 'typed' is answered on)
            text = "\n".join(shown)
            assert shown[-1] == f"{say(lang, 'prompt', n=1)} ", text
            heading = next(
                row
                for row in shown
                if row.startswith(
                    tikal_say(lang, "tikal.term.dense.half", shown="", hidden="").split(":")[0]
                )
            )
            columns = "ABCD" if "A–D" in heading.split("(")[0] else "EFGH"
            for row in range(1, 7):  # (the half's every row, its spaces' names)
                assert any(line.startswith(f"{columns[0]}{row}") for line in shown), text
            assert whole in text, text
            assert say(lang, "turn", kinds="", example="").split(":")[0] in text, text
        # (what the computer player did after 'end', under the map)
        assert say(lang, "recap", who="", actions="").split(":")[0].strip() in text, text
        phone.answer("quit")
        drawn = phone.printed.replace("\r\n", "\n").split("\n")  # ('board': the whole map)
        assert all(
            any(line.startswith(f"{space}") for line in drawn) for space in ("A1", "A6", "E1", "E6")
        ), phone.printed
    finally:
        phone.close()


@pytest.mark.parametrize("lang", ["en", "ca"])
def test_on_a_phone_the_cartographers_sheet_the_last_move_and_the_prompt_share_the_screen(
    tmp_path, lang
):
    """At 40x24 Cartographers' dense table (the sheet in its box, the card in its own, what
    to do in five lines) did not fit: the top of the sheet scrolled away. The sheet to
    draw on, unboxed, the card's shapes beside it, whose move, what the other player did
    and the prompt share the screen; 'board' draws the whole table."""
    from boardgamesbot.cli.words import command_word, say

    phone = Phone(
        "play",
        "cartographers",
        "--players",
        "2",
        "--seed",
        "3",
        "--lang",
        lang,
        "--save",
        "g.json",
        cwd=tmp_path,
    )
    try:
        for typed in ("village 1 r0 A1", "ambush r0 A1", "quit"):
            shown = phone.answer(typed)  # (the screen 'typed' is answered on)
            text = "\n".join(shown)
            assert shown[-1] == f"{say(lang, 'prompt', n=1)} ", text
            assert any(line.startswith("    A B C D E F G H I J K") for line in shown), text
            for row in range(1, 12):  # (every row of the sheet)
                assert any(re.match(rf" *{row} [.A-Z^#]( |$)", line) for line in shown), text
            assert say(lang, "board.part", command=command_word("board", lang)) in text
            if typed != "village 1 r0 A1":  # (what the computer player did)
                assert say(lang, "recap", who="", actions="").split(":")[0].strip() in text
    finally:
        phone.close()


def resumable_game(path, game_name: str, seed: int, players: int, name: str, ready) -> None:
    """A game of ``players`` seats (the first a person called ``name``, the others random
    computers) played at random from ``seed`` until ``ready(state)``, saved at ``path`` to
    be resumed: the small-screen tests open a game in its middle, scores and all."""
    from boardgamesbot.engine import Record, load_game

    rng = random.Random(seed)
    state = load_game(game_name).new(players, seed=seed)
    record = Record.start(game_name, seed, [name] + ["random"] * (players - 1))
    while not ready(state):
        assert not state.is_over(), seed
        seat = state.current_players()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, str(action)))
    record.save(path)


def terminal_rows(output: str, size: tuple[int, int] = PHONE) -> list[str]:
    """The rows a terminal of ``size`` (rows, columns) fills with ``output``, every one of
    them: each line broken at the columns' width, a carriage return writing over its line.
    (The one way the tests here count a terminal's rows: three copies of it had drifted,
    one not breaking lines at all.)"""
    rows: list[str] = []
    for line in output.replace("\r\n", "\n").split("\n"):
        line = line.rsplit("\r", 1)[-1]
        rows += [line[at : at + size[1]] for at in range(0, max(1, len(line)), size[1])]
    return rows


def screen_rows(output: str, size: tuple[int, int] = PHONE) -> list[str]:
    """The rows a terminal of ``size`` shows of ``output``: its last `terminal_rows`."""
    return terminal_rows(output, size)[-size[0] :]


def final_screen(phone: Phone) -> list[str]:
    """The rows the terminal shows once ``phone``'s `bgbot` has ended (no prompt waits)."""
    deadline = time.monotonic() + 300
    while phone.read():
        assert time.monotonic() < deadline, phone.output[-2000:]
    return screen_rows(phone.output, phone.size)


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_tikals_end_shows_the_last_rounds_half_map_the_scores_and_the_record(
    tmp_path, lang
):
    """At 40x24 the end of a Tikal game drew the whole map: its top scrolled away above
    the scores and the record's lines. The half of the map the last round was played on,
    headed so, the scores, who won, the record and how to play again fit the screen, and
    the command that draws the whole map (the half map, the players' rows and the end
    left it no room: the players' rows give way, the end's line says their scores)."""
    from boardgamesbot.cli.words import say
    from boardgamesbot.games.tikal.catalog import say as tikal_say

    phone = Phone(
        "play",
        "tikal",
        "--players",
        "2",
        "--humans",
        "0",
        "--bots",
        "random,random",
        "--seed",
        "3",
        "--lang",
        lang,
        "--save",
        "g.json",
        cwd=tmp_path,
    )
    try:
        shown = final_screen(phone)
    finally:
        phone.close()
    text = "\n".join(shown)
    heading = tikal_say(lang, "tikal.term.dense.half", shown="", hidden="").split(":")[0]
    (half,) = [row for row in shown if row.startswith(heading)]
    columns = "ABCD" if "A–D" in half.split("(")[0] else "EFGH"
    for row in range(1, 7):  # (the half's every row, its spaces' names)
        assert any(line.startswith(f"{columns[0]}{row}") for line in shown), text
    assert say(lang, "game.record", path="").strip() in text, text
    assert "g.json" in text, text
    assert say(lang, "again", command="").split(",")[0] in text, text
    assert say(lang, "board.whole", command="").strip() in text, text
    assert "bgbot replay --no-step g.json" in text.replace("\\\n", ""), text
    for seat in (1, 2):  # (each player's final score, in the end's line)
        assert re.search(rf"\({tikal_say(lang, 'tikal.term.seat', n=seat)}\): \d+", text), text


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_tikals_whole_board_breaks_its_status_lines_between_words(lang):
    """At 40 columns 'board' draws Tikal's roomy drawing, whose status lines the console
    broke at the left edge: "Stack: … (A2 B5 C5" | "D6 E5 …", the rest read as a line of
    its own. Each is broken at its blanks, its later lines standing in under its text."""
    import io

    from rich.console import Console

    from boardgamesbot.engine import load_game
    from boardgamesbot.games.tikal.render import _table_notes

    game = load_game("tikal")
    view = game.new(2, seed=3).view(None)
    console = Console(file=io.StringIO(), width=PHONE[1], record=True, color_system=None)
    console.print(game.render_text(view, lang))
    lines = console.export_text().splitlines()
    stack = _table_notes(view, lang, "tikal.term")["stack"].plain
    assert len(stack) > PHONE[1], stack  # (the case: a line longer than the phone's)
    first = next(
        at for at, line in enumerate(lines) if line.strip() and stack.startswith(line.rstrip())
    )
    block = [lines[first]]
    for line in lines[first + 1 :]:
        if not line.startswith("  "):
            break
        block.append(line)
    assert " ".join(" ".join(block).split()) == " ".join(stack.split()), lines
    assert all(len(line.rstrip()) <= PHONE[1] for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_cartographers_end_fits_the_stars_by_season_who_won_and_the_record(
    tmp_path, lang
):
    """At 40x24 the end of a Cartographers game drew every sheet and the edicts: the
    table's top scrolled away, no season's stars in sight. Its end fits the screen, from
    its title down: each player's stars season by season and in all, who won, the record,
    how to play again, and the command that draws the whole board left out (which does)."""
    from boardgamesbot.cli.words import say
    from boardgamesbot.games.cartographers.render import named
    from boardgamesbot.games.cartographers.render import say as carto_say

    phone = Phone(
        "play",
        "cartographers",
        "--players",
        "2",
        "--humans",
        "0",
        "--bots",
        "random,random",
        "--seed",
        "5",
        "--lang",
        lang,
        "--save",
        "g.json",
        cwd=tmp_path,
    )
    try:
        shown = final_screen(phone)
    finally:
        phone.close()
    text = "\n".join(shown)
    title = f"{carto_say(lang, 'game.cartographers')} - "
    assert any(row.startswith(title) for row in shown), text  # (its top on the screen)
    seasons = [named(lang, "carto.season", name) for name in ("Spring", "Winter")]
    assert any(row.startswith(seasons[0]) for row in shown), text
    assert seasons[1] in text, text
    for seat in (1, 2):  # (each player's seasons' stars and their sum)
        (row,) = [row for row in shown if re.match(rf"\S.* {seat}\): \d+ \+ \d+", row)]
    final = carto_say(lang, "carto.term.final", stars="", winners="").split(":")[0]
    assert final in text, text
    assert say(lang, "game.record", path="").strip() in text, text
    assert "g.json" in text, text
    assert say(lang, "again", command="").split(",")[0] in text, text
    whole = say(lang, "board.whole", command="").strip()
    assert whole in text, text
    assert "bgbot replay --no-step g.json" in text.replace("\\\n", ""), text
    replayed = Phone("replay", "--no-step", "g.json", "--lang", lang, cwd=tmp_path)
    try:
        final_screen(replayed)
    finally:
        replayed.close()
    # (what the end left out, drawn: the edicts, every sheet)
    edicts = carto_say(lang, "carto.term.edicts", season="").split()[0]
    assert edicts in replayed.output, replayed.output
    for seat in (1, 2):  # (each sheet's box, titled)
        assert f"─ {carto_say(lang, 'carto.term.seat', n=seat)}" in replayed.output


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_replays_list_of_actions_wraps_each_under_its_own_text(tmp_path, lang):
    """At 40 columns `bgbot replay --no-step` printed each action on one line the terminal
    broke anywhere: "   3. random (seat 1): farm 1 r180" | "E8", the rest at the left
    edge, read as an entry of its own and no action to type. Each entry is broken at its
    words, its later lines standing in under its text, the action whole on a line."""
    from click.testing import CliRunner

    from boardgamesbot.cli import main
    from boardgamesbot.engine import Record

    played = CliRunner().invoke(main, ["play", "cartographers", "--players", "2", "--humans",
                                       "0", "--bots", "random,random", "--seed", "5",
                                       "--save", str(tmp_path / "g.json")])
    assert played.exit_code == 0, played.output
    actions = Record.load(tmp_path / "g.json").actions
    phone = Phone("replay", "--no-step", "g.json", "--lang", lang, cwd=tmp_path)
    try:
        final_screen(phone)
    finally:
        phone.close()
    rows = terminal_rows(phone.output)
    first = rows.index(next(row for row in rows if row.startswith("   1. ")))
    entries: list[list[str]] = []
    for row in rows[first:]:
        if re.match(rf" *{len(entries) + 1}\. ", row):
            entries.append([row])
        elif entries and row.startswith(" " * 6) and len(entries) <= len(actions):
            entries[-1].append(row)
        else:
            break
    assert len(entries) == len(actions), rows[first : first + 40]
    if lang != "en":  # (the case: "aleatório (lugar 1): …" longer than the line)
        assert any(len(entry) > 1 for entry in entries), entries
    for entry, (_, notation) in zip(entries, actions, strict=True):
        assert " ".join(" ".join(entry).split()).endswith(f": {notation}"), entry
        assert any(notation in row for row in entry), entry  # (whole on one of its rows)


def _end_on_a_phone(monkeypatch, tmp_path, game: str, seed: int, players: int,
                    lang: str) -> list[str]:
    """The last rows a 40x24 terminal without colour shows when a game of ``game`` with
    ``players`` random bots, dealt by ``seed``, ends (`bgbot play`'s own console, sized so;
    saved where games are saved, so the record's path is the long one)."""
    from boardgamesbot.cli.terminal import console
    from tests.test_cli_first_game import run

    monkeypatch.setattr(console, "_force_terminal", True)
    monkeypatch.setattr(console, "_color_system", None)
    monkeypatch.setattr(console, "_width", PHONE[1])
    monkeypatch.setattr(console, "_height", PHONE[0])
    tmp_path.mkdir()
    monkeypatch.chdir(tmp_path)
    bots = ",".join(["random"] * players)
    result = run("play", game, "--players", str(players), "--humans", "0", "--bots", bots,
                 "--seed", str(seed), "--lang", lang)
    assert result.exit_code == 0, result.output
    # (each line within the columns: the terminal did not break one anywhere)
    lines = result.output.splitlines()[-(PHONE[0] - 1) :]
    assert all(len(line) <= PHONE[1] for line in lines), (seed, players, lang, lines)
    # (the screen once bgbot has ended: its last row, after the last line's end, is the
    # one the shell's prompt takes)
    return screen_rows(result.output)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_on_a_phone_every_tikal_end_fits_the_half_map_the_scores_and_the_whole_boards_line(
    monkeypatch, tmp_path, players
):
    """At 40x24 the end of Tikal's game with seed 4 (two bots, in Portuguese or Catalan)
    left out the line that draws the whole board: the half map had a 13th row, the end's
    line three ("aleatório (j1): 23," …), the record's path two and the command for another
    game three. Over many deals, players and the three languages, the last round's half
    map under its heading, the end's line, the record, the command for another game and
    the whole board's line are all on the screen, each line within the 40 columns."""
    from boardgamesbot.cli.words import say
    from boardgamesbot.games.tikal.catalog import say as tikal_say

    langs = ("en", "pt-BR", "ca")
    for seed in range(1, 21 if players == 2 else 8):
        lang = langs[seed % 3] if players != 2 else "pt-BR" if seed % 2 else "ca"
        shown = _end_on_a_phone(monkeypatch, tmp_path / f"{seed}", "tikal", seed, players,
                                lang)
        text = "\n".join(shown)
        where = f"seed {seed}, {players} players, {lang}:\n{text}"
        heading = tikal_say(lang, "tikal.term.dense.half", shown="", hidden="").split(":")[0]
        (half,) = [row for row in shown if row.startswith(heading)]
        columns = "ABCD" if "A–D" in half.split("(")[0] else "EFGH"
        for row in range(1, 7):  # (the half's every row, its spaces' names)
            assert any(line.startswith(f"{columns[0]}{row}") for line in shown), where
        for seat in range(1, players + 1):  # (each seat's final score)
            assert re.search(rf"\b{tikal_say(lang, 'tikal.term.seat', n=seat)}\)?: \d+", text), \
                where
        assert say(lang, "game.record", path="").strip() in text, where
        assert "games/tikal-" in text, where
        assert say(lang, "again", command="").split(",")[0] in text, where
        assert "--bots random" in text, where
        assert say(lang, "board.whole", command="bgbot replay --no-step") in text, where


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_on_a_phone_seed_4s_tikal_end_keeps_the_line_that_draws_the_whole_board(
    tmp_path, lang
):
    """The real `bgbot` in a 40x24 pseudo-terminal, the deal that showed it (seed 4, two
    bots, saved where games are saved): the line that draws the whole board was left
    out at the end. It is there, with the half map's heading and the record."""
    from boardgamesbot.cli.words import say
    from boardgamesbot.games.tikal.catalog import say as tikal_say

    phone = Phone("play", "tikal", "--players", "2", "--humans", "0", "--bots",
                  "random,random", "--seed", "4", "--lang", lang, cwd=tmp_path)
    try:
        shown = final_screen(phone)
    finally:
        phone.close()
    text = "\n".join(shown)
    heading = tikal_say(lang, "tikal.term.dense.half", shown="", hidden="").split(":")[0]
    assert any(row.startswith(heading) for row in shown), text
    assert say(lang, "game.record", path="").strip() in text and "games/tikal-" in text, text
    assert say(lang, "board.whole", command="bgbot replay --no-step") in text, text
    assert shown[-1].strip() == "", text  # (the row the shell's prompt takes: nothing lost)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_on_a_phone_every_cartographers_end_keeps_the_stars_who_won_and_the_whole_boards_line(
    monkeypatch, tmp_path, players
):
    """At 40x24 the end of a four-player Cartographers game left out the line that draws
    the whole board ("Tauler sencer: bgbot replay …"), where Tikal's end gives way so that
    it fits. In the three languages, one to four players: each player's final stars, who
    won and the whole board's line are all on the screen, each line within 40 columns."""
    from boardgamesbot.cli.words import say
    from boardgamesbot.games.cartographers.render import say as carto_say

    for seed, lang in enumerate(("en", "pt-BR", "ca"), 1):
        shown = _end_on_a_phone(monkeypatch, tmp_path / f"{seed}", "cartographers", seed,
                                players, lang)
        text = "\n".join(shown)
        where = f"seed {seed}, {players} players, {lang}:\n{text}"
        final, won = carto_say(lang, "carto.term.final", stars="\0", winners="\0").split("\0")[:2]
        assert final.strip() in text and won.strip(" .") in text, where
        for seat in range(1, players + 1):  # (each seat's final stars in the end's line)
            tag = re.escape(carto_say(lang, "carto.term.seat", n=seat))
            assert re.search(rf"{tag}\): -?\d+[,.]", text), where
        assert say(lang, "board.whole", command="bgbot replay --no-step") in text, where
