"""The Tikal board in a terminal: it fits the console's width (80 columns, the classic
terminal, up to 120) without wrapping, in positions from seeded random games."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from boardgamesbot.cli.play import prompt
from boardgamesbot.engine import load_game
from boardgamesbot.games.tikal.render import _origin, board_text, edge_for

GAME = load_game("tikal")
BOARD_LINES = 27  # six rows of hexes four lines apart, odd columns two lines lower, edges


def positions(seed: int, count: int = 6, variant: str | None = None):
    """Views along one seeded random game (random legal actions, so spaces fill up
    with figures, camps, guards and stones as a long game would)."""
    rng = random.Random(seed)
    options = {"variant": variant} if variant else {}
    state = GAME.new(2 + seed % 3, seed=seed, **options)
    views = [state.view(None)]
    for step in range(1, 400):
        if state.is_over():
            break
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
        if step % (400 // count) == 0:
            views.append(state.view(player if step % 2 else None))
    views.append(state.view(None))
    return views


def printed(view: dict, width: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(GAME.render_text(view))
    return console.export_text().splitlines()


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("seed", range(6))
def test_no_line_is_wider_than_the_terminal_and_the_board_is_never_wrapped(width, seed):
    for view in positions(seed, variant="auction" if seed == 5 else None):
        lines = printed(view, width)
        assert max(len(line) for line in lines) <= width
        # rich wraps what is too wide, so the length alone cannot tell: the board must
        # come out line for line as drawn, each of its 27 lines whole
        board = board_text(view, width, colour=False).plain.splitlines()
        assert len(board) == BOARD_LINES
        assert [line.rstrip() for line in lines[:BOARD_LINES]] == board


def test_the_board_uses_the_width_it_has_up_to_120_columns():
    view = positions(1)[-1]
    widths = {
        width: max(len(line) for line in board_text(view, width).plain.splitlines())
        for width in (80, 90, 100, 120, 200)
    }
    assert widths[80] <= 80 < widths[90] <= 90 < widths[100] <= 100 < widths[120] <= 120
    assert widths[200] == widths[120]  # wider than 120, the hexes stop growing
    # the room goes into words: a temple is "temple 5" when there is room, "T5" when not
    temple = next(s for s in view["board"].values() if s["kind"] == "temple")
    assert f"temple {temple['value']}" in board_text(view, 120).plain
    assert f"temple {temple['value']}" not in board_text(view, 80).plain


@pytest.mark.parametrize("width", [80, 120])
def test_every_space_keeps_its_name_its_figures_and_no_stone_touches_a_word(width):
    for seed in range(3):
        for view in positions(seed):
            text = board_text(view, width).plain
            for name, space in view["board"].items():
                assert name in text
                for figures in space.get("figures", {}).values():
                    assert str(figures["W"] + figures["L"]) in text
            # a stone count beside a label would read as part of it ("1camp", "T51")
            for word in ("camp", "jungle", "jngl", "temple", "base", "BASE", "VOLCANO"):
                for digit in "0123456789":
                    assert digit + word not in text


def test_the_stack_is_counted_in_words_that_agree_with_the_number():
    view = positions(0)[0]
    for size, words in ((1, "Stack: 1 tile,"), (2, "Stack: 2 tiles,"), (0, "Stack: 0 tiles,")):
        view["stack"]["size"] = size
        assert words in "\n".join(printed(view, 80))


def read_figures(row: str, seats: int) -> dict[int, str]:
    """Whose figures a colourless hex's figure row shows: "1:3* 2:2" (packed or spaced)
    says each seat, "3* . 2 1" or "3*4 2*." gives every seat its place in seat order."""
    labelled = re.findall(r"(\d):(\d+\*?)", row)
    if labelled:
        return {int(seat) - 1: count for seat, count in labelled}
    slots = re.findall(r"\d+\*?|\.", row)  # spaced, or packed as "3*4 2*."
    if not slots:
        return {}
    assert len(slots) == seats, row
    return {seat: count for seat, count in enumerate(slots) if count != "."}


def colourless(width: int = 80, **environment: str):
    """A console as a terminal without colour prints: NO_COLOR, TERM=dumb, or a pipe."""
    if not environment:
        return Console(file=io.StringIO(), width=width, record=True, color_system=None)
    return Console(
        file=io.StringIO(),
        width=width,
        record=True,
        force_terminal=True,
        _environ={"TERM": "xterm-256color", **environment},
    )


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("environment", [{}, {"NO_COLOR": "1"}, {"TERM": "dumb"}])
@pytest.mark.parametrize("width", [80, 100])
def test_without_colour_every_figure_count_says_whose_it_is(lang, environment, width):
    crowded = 0
    for seed in range(3):
        for view in positions(seed + 2, count=12):  # 4, 2 and 3 players
            console = colourless(width, **environment)
            edge = edge_for(console.width)  # (a dumb terminal is taken as 80 columns)
            console.print(GAME.render_text(view, lang))
            lines = console.export_text().splitlines()
            assert max(len(line) for line in lines) <= width
            for name, space in view["board"].items():
                x, y = _origin(name, edge)
                row = lines[y + 2].ljust(x + edge + 3)[x + 2 : x + edge + 3]
                expected = {
                    int(seat): f"{f['W'] + f['L']}{'*' if f['L'] else ''}"
                    for seat, f in space.get("figures", {}).items()
                }
                assert read_figures(row, len(view["players"])) == expected, (name, row)
                crowded += len(expected) >= 3
    assert crowded  # the seat-ordered places were tried too


def test_with_colour_the_figure_counts_are_as_they_were():
    view = positions(2, count=12)[-1]  # a 4-player game's end, figures everywhere
    console = Console(
        file=io.StringIO(),
        width=80,
        record=True,
        force_terminal=True,
        color_system="truecolor",
        _environ={"TERM": "xterm-256color"},
    )
    console.print(GAME.render_text(view))
    assert ":" not in "\n".join(console.export_text().splitlines()[:BOARD_LINES])


# A standard terminal: 80 columns, 24 rows. The prompt's terminal prints the board with
# the rows left above its own lines (`room_above`); a board taller than that is drawn
# dense (`render.Seen`).
RAISED = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def turns(seed: int, every: int = 4, players: int | None = None):
    """(state, seat, view) along a seeded random game, each `every` decisions, the view
    of the seat to act (auction games too: every fourth seed)."""
    rng = random.Random(seed)
    options = {"variant": "auction"} if seed % 4 == 3 else {}
    state = GAME.new(players or 2 + seed % 3, seed=seed, **options)
    for step in range(600):
        if state.is_over():
            break
        seat = state.current_players()[0]
        if step % every == 0:
            yield state, seat, state.view(seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    yield state, None, state.view(None)


def screen(view: dict, lang: str, legal: list[str], rows: int = 24, colour: bool = False,
           columns: int = 80):
    """What an 80x24 terminal shows at a turn where ``legal`` may be played: the board and
    the turn's lines (`turn_lines`) printed by the prompt's own `drawn_turn` (the board
    in the rows they and the prompt leave), then the prompt."""
    import boardgamesbot.cli.play as play

    options = {"color_system": None} if not colour else {"color_system": "truecolor"}
    console = Console(file=io.StringIO(), width=columns, height=rows, record=True,
                      force_terminal=True, _environ={"TERM": "xterm-256color"}, **options)
    saved, play.console = play.console, console  # (the prompt's console, its size)
    try:
        play.drawn_turn(GAME.render_text(view, lang), [], [], legal, lang)
        console.print(play.prompt(0, lang), markup=False)
    finally:
        play.console = saved
    return console.export_text().splitlines()


def read_dense(lines: list[str]) -> dict[str, dict]:
    """Each space as the dense map shows it: the name, the mark on it, the figures' row,
    and the raised crossing costs to the north and to the next column's two spaces."""
    from boardgamesbot.games.tikal.render import _dense_origin

    top = next(i for i, line in enumerate(lines) if line.startswith("A1"))
    # (the last line holds only the figures on B6, D6, F6, H6: left out when none)
    size = 13 if lines[top + 12].startswith(" ") else 12
    board = [line.ljust(80) for line in lines[top: top + size]] + [" " * 80] * (13 - size)
    seen = {}
    for column in "ABCDEFGH":
        for row in range(1, 7):
            name = f"{column}{row}"
            x, y = _dense_origin(name)
            first, second = board[y][x: x + 9], board[y + 1][x: x + 9]
            seen[name] = {
                "name": first[:2], "north": first[2].strip(), "mark": first[3:].strip(),
                "figures": second,
                "NE": board[y][x + 9].strip() if column != "H" else "",
                "SE": board[y + 1][x + 9].strip() if column != "H" else "",
            }
    return seen


def legal_of(state, seat) -> list[str]:
    """What ``seat`` may play in ``state``, in notation (nothing at the end)."""
    return [str(a) for a in state.legal_actions(seat)] if seat is not None else []


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("seed", range(8))
def test_on_80_by_24_the_map_whose_turn_and_the_prompt_are_on_one_screen(seed, lang):
    """Many positions of random games (2, 3, 4 players, auctions): every line fits 80
    columns, and the last 24 rows hold the whole map, whose turn it is (or who won), the
    scoring round, the auction, the turn line and the prompt; only the players' table
    and the stack, pile, levels and scores above it may scroll away, and with two
    players nothing does."""
    from boardgamesbot.games.tikal.catalog import say, seat_tag

    whole = 0
    for state, seat, view in turns(seed, every=10):
        lines = screen(view, lang, legal_of(state, seat))
        assert max(len(text) for text in lines) <= 80
        last = lines[-24:]
        assert any(text.startswith("A1") for text in last), "\n".join(lines)
        assert last[-1] == prompt(0, lang)
        if view["over"]:
            assert any(seat_tag(view["winners"][0], lang) in text for text in last)
        else:
            # (or, short of rows in an auction, the bidder to act: "p2 to act: bid 1…9";
            # shorter still, where the bidder or the auction's winner is the viewer, the
            # turn's line alone)
            whose = [say(lang, "tikal.term.to_play", seat=seat_tag(seat, lang), colour="")
                     .split("(")[0],
                     say(lang, "tikal.term.auction.to_act", seat=seat_tag(seat, lang), can="")
                     .split(":")[0] + ":"]
            if view.get("auction"):
                from boardgamesbot.cli.words import say as cli_say

                whose.append(cli_say(lang, "turn", kinds="", example="").split(":")[0] + ":")
            assert any(said in text for text in last for said in whose)
        if view.get("auction"):  # (its last line, the amulets, as full or as short as it is)
            amulets = [say(lang, "tikal.term.auction.amulets", list=""),
                       say(lang, "tikal.term.auction.amulets.played", list=""),
                       say(lang, "tikal.term.auction.amulets.none")]
            assert any(said in text for text in last for said in amulets), "\n".join(last)
        # The whole turn, players table included, with 2, 3 or 4 players (it scrolled off
        # with 3 or 4) and in an auction (its bidding took 7 lines; a Portuguese or Catalan
        # four-player bidding, every line of it long, pushed the table's first row off)
        assert len(lines) <= 24, "\n".join(lines)
        whole += 1
    assert whole


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_dense_map_loses_nothing_on_the_map(lang):
    """Every explored space keeps, in the dense map, its name, its mark ("T5g1", "$3c2",
    "c2", "BASE"), each seat's figures (without colour, by seat), and every crossing a
    figure may take with its cost as the rules count it (`TikalState.links`); unexplored
    spaces show their name alone."""
    from boardgamesbot.games.tikal.components import NEIGHBOURS, parse_space, space_name

    crossings = 0
    for seed in (0, 2, 5):
        for state, seat, view in turns(seed, every=9):
            lines = screen(view, lang, legal_of(state, seat))
            seen = read_dense(lines)
            for name, cell in seen.items():
                assert cell["name"] == name
                space = view["board"].get(name)
                if space is None:
                    assert cell["mark"] == cell["figures"].strip() == cell["north"] == ""
                    continue
                if space["kind"] == "temple":
                    guard = f"g{space['guard']['seat'] + 1}" if "guard" in space else ""
                    assert cell["mark"].replace(" ", "") == f"T{space['value']}{guard}"
                elif space["kind"] == "treasure":
                    assert cell["mark"].startswith(f"${space['wafers']}")
                if space.get("camp") is not None:
                    assert cell["mark"].endswith(f"c{space['camp'] + 1}")
                expected = {int(s): f"{f['W'] + f['L']}{'*' if f['L'] else ''}"
                            for s, f in space.get("figures", {}).items()}
                assert read_figures(cell["figures"], len(view["players"])) == expected
                links = dict(state.links[parse_space(name)])
                for side, key in ((0, "north"), (1, "NE"), (2, "SE")):
                    other = NEIGHBOURS[parse_space(name)][side]
                    cost = links.get(other) if other >= 0 else None
                    shown = cell[key]
                    assert shown == ("" if cost is None else str(cost).translate(
                        str.maketrans("0123456789", RAISED))), (name, side_name(side), lines)
                    crossings += cost is not None
                    if other >= 0 and cost is not None:
                        assert space_name(other) in view["board"]
    assert crossings > 100


def side_name(side: int) -> str:
    return ("N", "NE", "SE", "S", "SW", "NW")[side]


@pytest.mark.parametrize("rows", [20, 60])
def test_a_phone_sized_terminal_gets_the_map_in_two_halves_unwrapped(rows):
    """On a phone's 40 columns the map, 74 columns as hexes and 79 dense, was wrapped by
    the terminal: each of its lines broken in two, "E3 G3" read as a row of its own under
    "A3 C3". It is drawn as two halves of the dense map, A-D over E-H, each line whole."""
    spaces = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 7)]
    checked = 0
    for state, seat, view in turns(2, every=25):
        if seat is None:
            continue
        lines = screen(view, "en", legal_of(state, seat), rows=rows, columns=40)
        assert max(len(line) for line in lines) <= 40, "\n".join(lines)
        text = "\n".join(lines)
        left = next(i for i, line in enumerate(lines) if line.startswith("A1"))
        right = next(i for i, line in enumerate(lines) if line.startswith("E1"))
        assert right == left + 13 and lines[left + 10].startswith("A6"), text
        drawn = "\n".join(lines[left:right + 13])
        for space in spaces:
            half = drawn[:len("\n".join(lines[left:right]))] if space < "E" else drawn
            assert len(re.findall(rf"(?<![A-Za-z]){space}(?!\d)", half)) == 1, (space, text)
        checked += 1
    assert checked > 3


def test_a_tall_terminal_still_gets_the_hexes():
    state, seat, view = next(turns(1))
    lines = screen(view, "en", legal_of(state, seat), rows=60)
    assert lines[:BOARD_LINES] == [line.rstrip() for line in
                                   board_text(view, 80, colour=False).plain.splitlines()]


def replay_console(tmp_path, monkeypatch, answers: tuple[str, ...] = ()) -> Console:
    """An 80x24 terminal `bgbot replay` prints to, of a random four-player game of 40
    actions saved as ``game.json``; ``answers`` are typed at its keys' prompt, which is
    printed on a line of its own."""
    import boardgamesbot.cli.play as play
    import boardgamesbot.cli.records as records
    from boardgamesbot.engine import Record

    rng = random.Random(5)
    state = GAME.new(4, seed=5)
    record = Record.start("tikal", 5, ["random"] * 4)
    for _ in range(40):
        seat = state.current_players()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, str(action)))
    record.save(tmp_path / "game.json")
    console = Console(file=io.StringIO(), width=80, height=24, record=True,
                      force_terminal=True, color_system=None, _environ={"TERM": "xterm"})
    typed = iter(answers)

    def answered(prompt: str = "", **_) -> str:
        console.print(prompt)
        return next(typed)

    monkeypatch.setattr(console, "input", answered)
    monkeypatch.setattr(play, "console", console)
    monkeypatch.setattr(records, "console", console)
    return console


def test_replay_draws_the_last_position_to_the_terminals_height(tmp_path, monkeypatch):
    """`bgbot replay` printed the roomy hexes (27 rows and the table) whatever the terminal:
    on 80x24 the top of the map was gone before the final scores were read."""
    import boardgamesbot.cli.records as records

    console = replay_console(tmp_path, monkeypatch)
    records.replay_command.callback(str(tmp_path / "game.json"), None, False, "en")
    last = console.export_text().splitlines()[-24:]
    assert any(text.startswith("40/40 ") for text in last), "\n".join(last)
    assert any(text.startswith("A1") for text in last)
    assert any(text.startswith(">p") for text in last)  # (the players table's rows too)


def test_stepping_through_a_replay_tells_each_action_under_its_board(tmp_path, monkeypatch):
    """Stepping through `bgbot replay`, each action was told above the board it led to, as
    `bgbot play` never does: the line under the board, just above the keys' prompt, was
    the board's own. It is told under the board (`drawn_to_fit`, as `play` tells its
    turn), next to the prompt, and the board, it and the prompt fit the 24 rows."""
    import boardgamesbot.cli.records as records
    from boardgamesbot.cli.words import say

    console = replay_console(tmp_path, monkeypatch, ("", "", "q"))
    records.replay_command.callback(str(tmp_path / "game.json"), None, True, "en")
    lines = console.export_text().splitlines()
    prompts = [at for at, line in enumerate(lines) if line.startswith(say("en", "replay.keys"))]
    assert len(prompts) == 3, lines
    for step, (before, at) in enumerate(zip([-1, *prompts], prompts)):
        if step:
            assert lines[at - 1].startswith(f"{step}/40 "), "\n".join(lines[before + 1:at + 1])
        assert at - before <= 24, "\n".join(lines[before + 1:at + 1])


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_end_of_a_game_is_drawn_to_the_terminals_height(tmp_path, monkeypatch, lang):
    """The end of `bgbot play` printed the roomy hexes whatever the terminal, as `bgbot
    replay` once did: on 80x24 the top of the map was gone by the time the last line
    was read. The whole map, the players' rows, who won and the last lines fit the 23
    rows above the shell's prompt."""
    from click.testing import CliRunner

    from boardgamesbot.cli import main
    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say
    from boardgamesbot.games.tikal.catalog import seat_tag

    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(console, "_height", 24)
    # (a record's path as people have it, not a temporary folder's, longer than the row:
    # on a line of its own under its sentence it takes two rows, one more than the map
    # leaves, as it took in the terminal on the sentence's line)
    monkeypatch.chdir(tmp_path)
    path = "game.json"
    result = CliRunner().invoke(main, ["play", "tikal", "--players", "4", "--humans", "0",
                                       "--bots", "random,random,random,random", "--seed", "3",
                                       "--lang", lang, "--save", str(path)])
    assert result.exit_code == 0, result.output
    # (as the terminal's rows: a line longer than 80 columns takes two, as the record's
    # path, on one of its own when it does not fit after its sentence's words)
    rows = [line[at:at + 80] for line in result.output.splitlines()
            for at in range(0, max(1, len(line)), 80)]
    last = rows[-23:]
    assert any(text.startswith("A1") for text in last), "\n".join(last)
    assert all(any(text[1:].startswith(seat_tag(seat, lang) + " ") for text in last)
               for seat in range(4)), "\n".join(last)
    # (the command for another game, longer than the row in Portuguese and Catalan, goes
    # on two rows of its own under its sentence: `command_lines`)
    assert say(lang, "again", command="") in last[-1] or \
        say(lang, "again", command="") in " ".join(last[-3:])


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_the_command_for_another_game_is_on_a_line_of_its_own(tmp_path, monkeypatch,
                                                                          lang):
    """At the end of a game on a phone's 40 columns, "Para jogar de novo, com os mesmos
    lugares: bgbot play tikal …" was one line the terminal broke anywhere ("lugare" |
    "s: bgbot play"): the sentence is wrapped between its words and the command, to be
    copied, begins a line of its own."""
    from click.testing import CliRunner

    from boardgamesbot.cli import main
    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say

    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 40)
    monkeypatch.setattr(console, "_height", 20)
    result = CliRunner().invoke(main, ["play", "tikal", "--humans", "0", "--bots",
                                       "random,random", "--seed", "3", "--lang", lang,
                                       "--save", str(tmp_path / "game.json")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    opens = max(at for at, line in enumerate(lines)
                if line.startswith(say(lang, "again", command="").split()[0]))
    starts = next(at for at, line in enumerate(lines) if at > opens
                  and line.strip().startswith("bgbot play tikal"))
    before, command = lines[opens:starts], lines[starts:]
    assert all(len(line) <= 40 for line in before), lines[opens:]
    assert say(lang, "again", command="").strip() in " ".join(" ".join(before).split()), before
    # The command itself, longer than the line with "--lang pt-BR", is broken between its
    # options, each line but the last ending in the shell's " \", so that copied whole it
    # is one command (the terminal broke it anywhere: "--lang pt-B" | "R").
    assert all(len(line) <= 40 for line in command), command
    assert all(line.endswith(" \\") for line in command[:-1]), command
    words = " ".join(line.removesuffix(" \\") for line in command).split()
    assert words[:3] == ["bgbot", "play", "tikal"] and "--players" in words, command
    if lang != "en":
        assert words[-2:] == ["--lang", lang], command


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_the_commands_to_go_on_after_quit_are_whole(tmp_path, monkeypatch, lang,
                                                               columns):
    """Quitting on a phone's 40 columns, "salvo em g.json; continue com: bgbot play
    --resume g.json; reveja com: bgbot replay g.json" was one line the terminal broke
    anywhere ("--resu" | "me g.json"). Longer than the line, it is said a clause a line,
    each command whole on a line (or broken between options with the shell's " \\"); at
    80 columns it stays one line where it fits."""
    from click.testing import CliRunner

    from boardgamesbot.cli import main
    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", columns)
    monkeypatch.setattr(console, "_height", 24)
    result = CliRunner().invoke(main, ["play", "tikal", "--seed", "3", "--lang", lang,
                                       "--save", "g.json"], input="quit\n")
    assert result.exit_code == 0, result.output
    said = say(lang, "saved", path="g.json")
    lines = result.output.split(say(lang, "prompt", n=1) + " ")[-1].splitlines()
    assert all(len(line) <= columns for line in lines), lines
    assert " ".join(line.strip().removesuffix(" \\") for line in lines) == said, lines
    assert (len(lines) == 1) == (len(said) <= columns), lines
    for command in ("bgbot play --resume g.json", "bgbot replay g.json"):
        assert any(command in line for line in lines), (command, lines)
    # (and the game's first sentence, "Tikal, 2 jogadores, semente 3; salvando em g.json",
    # went on at the left edge: under its own text)
    started = say(lang, "started", game="Tikal", players=2, seed=3, path="g.json")
    opening = result.output.splitlines()[:2]
    told = opening[:1] + [line for line in opening[1:] if line.startswith("  ")]
    assert " ".join(line.strip() for line in told) == started, opening
    assert all(len(line) <= columns for line in told), told


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_each_final_score_stays_on_one_line(lang):
    """At a game's end on a phone's 40 columns, "Fim de jogo. Pontos finais: pessoa 1
    (j1): 0," was longer than the line: "pessoa 1" ended it and "(j1): 0," began the
    next, read as someone else's. The sentence goes first, each player's score whole."""
    from boardgamesbot.games.tikal.catalog import seat_tag

    *_, (state, _, view) = turns(2, every=1000, players=2)
    names = {seat: f"{name} ({seat_tag(seat, lang)})"
             for seat, name in enumerate(["pessoa 1", "médio"])}
    console = Console(file=io.StringIO(), width=40, record=True, color_system=None)
    console.print(GAME.render_text(view, lang, names))
    lines = console.export_text().splitlines()
    for seat, score in enumerate(state.scores()):
        entry = f"{names[seat]}: {score}"
        assert any(entry in line for line in lines), (entry, "\n".join(lines[-6:]))
    # (and every line of the scores but the first stands in: none at the left edge)
    said = lines[next(i for i, line in enumerate(lines) if names[0] in line) - 1:]
    assert not [line for line in said[1:] if not line.startswith(" ")], "\n".join(said)
