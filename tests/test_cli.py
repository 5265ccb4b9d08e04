"""The terminal face: play, replay, and clear errors instead of tracebacks."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from boardgamesbot.cli import main
from boardgamesbot.cli.words import command_word
from boardgamesbot.engine import Record


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_bots_play_a_whole_tikal_game_and_it_replays(tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "tikal", "--players", "4", "--humans", "0", "--seed", "3",
                 "--save", str(path))
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    record = Record.load(path)
    assert record.seats == ["medium"] * 4 and record.seed == 3  # the default level
    final = record.replay()
    assert final.is_over()
    replay = run("replay", str(path), "--no-step")
    assert replay.exit_code == 0, replay.output
    # Every action listed in order, then each seat's own final score (not just a number
    # that happens to appear somewhere on the board).
    # (each player named as the board names the seat: "medium (p1)")
    listed = [line.split(": ", 1)[1] for line in replay.output.splitlines()
              if line[:5].strip().rstrip(".").isdigit() and "medium (p" in line]
    assert listed == [notation for _, notation in record.actions]
    scores = ", ".join(f"{name} (p{seat}): {score}" for seat, (name, score) in
                       enumerate(zip(record.seats, final.scores(), strict=True), 1))
    # (broken between players where the line is longer than the terminal)
    assert f"Final scores: {scores}" in replay.output.replace(",\n  ", ", ")


def test_long_move_lists_end_with_a_hint(tmp_path):
    result = run("play", "cartographers", "--players", "1", "--seed", "4", "--save",
                 str(tmp_path / "g.json"), stdin="moves\nquit\n")
    assert "more: narrow them with 'moves PREFIX'" in result.output


def test_person_sees_moves_preview_and_a_clear_message_for_an_illegal_action(tmp_path):
    path = tmp_path / "game.json"
    script = "help\nmoves\npreview place H1\nfly away\nplace H1\nquit\n"
    result = run("play", "tikal", "--players", "2", "--seed", "5", "--save", str(path),
                 stdin=script)
    assert result.exit_code == 0, result.output
    assert "preview ACTION" in result.output          # help
    assert "place the drawn tile here" in result.output  # moves, described
    assert "H1 is not next to the explored area" in result.output  # preview refused
    assert "Where 'fly' stands, the action needs an action" in result.output  # the word named
    assert "saved to" in result.output
    assert Record.load(path).actions == []  # nothing illegal was recorded


def test_person_plays_an_action_and_it_is_recorded(tmp_path):
    path = tmp_path / "game.json"
    from boardgamesbot.engine import load_game

    first = str(load_game("tikal").new(2, 5).legal_actions(0)[0])
    result = run("play", "tikal", "--players", "2", "--seed", "5", "--save", str(path),
                 stdin=f"{first}\nenter L A6\nquit\n")
    assert result.exit_code == 0, result.output
    assert Record.load(path).actions == [(0, first), (0, "enter L A6")]


def test_hot_seat_game_of_three_people(tmp_path):
    """Three people at one keyboard: each is asked in turn, and each one's moves are
    recorded for their own seat."""
    from boardgamesbot.engine import load_game

    state = load_game("tikal").new(3, 1)
    script, expected = [], []
    while len({seat for seat, _ in expected}) < 3 or state.current_players()[0] != 0:
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        # Place the drawn tile, then end the turn at once: short turns, every seat plays.
        action = next((a for a in legal if str(a) == "end"), legal[0])
        state.apply(seat, action)
        script.append(str(action))
        expected.append((seat, str(action)))
    path = tmp_path / "g.json"
    result = run("play", "tikal", "--players", "3", "--humans", "3", "--seed", "1",
                 "--save", str(path), stdin="\n".join(script + ["quit"]) + "\n")
    assert result.exit_code == 0, result.output
    prompts = [line.split(">")[0].strip() for line in result.output.splitlines()
               if line.startswith("seat ")]
    asked = [f"seat {seat + 1}" for seat, _ in expected] + ["seat 1"]
    assert prompts == asked
    assert Record.load(path).actions == expected


def test_unknown_game_lists_the_known_ones():
    result = run("play", "chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output and "tikal" in result.output
    assert "Traceback" not in result.output


def test_bot_list_must_fit_the_seats():
    result = run("play", "tikal", "--players", "4", "--bots", "random")
    assert result.exit_code == 2
    assert "need 3 bot(s)" in result.output


def test_unknown_bot_names_the_accepted_ones():
    result = run("play", "tikal", "--players", "2", "--bots", "grandmaster")
    assert result.exit_code == 2
    assert "unknown bot 'grandmaster'" in result.output and "random" in result.output


def test_bad_option_is_a_clear_error():
    result = run("play", "tikal", "--players", "2", "--side", "B")
    assert result.exit_code == 2
    assert "no option side" in result.output


def test_wrong_player_count_is_a_clear_error():
    result = run("play", "tikal", "--players", "5")
    assert result.exit_code == 2
    assert "2 to 4 players" in result.output


def test_corrupt_record_files_get_clear_errors(tmp_path):
    cases = {
        "not json": "{oops",
        "not a record": json.dumps({"hello": 1}),
        "bad action": json.dumps({"format": Record.FORMAT, "game": "tikal", "seed": 1,
                                  "seats": ["a", "b"], "actions": [[0, "fly away"]]}),
        "illegal action": json.dumps({"format": Record.FORMAT, "game": "tikal", "seed": 1,
                                      "seats": ["a", "b"], "actions": [[1, "end"]]}),
        "unknown game": json.dumps({"format": Record.FORMAT, "game": "go", "seed": 1,
                                    "seats": ["a", "b"], "actions": []}),
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text)
        result = run("replay", str(path), "--no-step")
        assert result.exit_code == 2, name
        assert "error:" in result.output, name
        assert "Traceback" not in result.output, name
    missing = run("replay", str(tmp_path / "nowhere.json"), "--no-step")
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_replay_can_show_one_seats_view(tmp_path):
    path = tmp_path / "game.json"
    run("play", "tikal", "--players", "2", "--humans", "0", "--seed", "2", "--save", str(path))
    result = run("replay", str(path), "--no-step", "--seat", "2")
    assert result.exit_code == 0, result.output
    mine = [line.split() for line in result.output.splitlines() if "(you)" in line]
    assert [line[0].lstrip(">") for line in mine] == ["p2"], mine  # seat 2 only is "you"
    spectator = run("replay", str(path), "--no-step")
    assert "(you)" not in spectator.output
    assert run("replay", str(path), "--no-step", "--seat", "9").exit_code == 2


def test_games_lists_every_game_with_its_players_and_options():
    from boardgamesbot.engine import known_games, load_game

    result = run("games")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == list(known_games())
    for line, name in zip(lines, known_games()):
        game = load_game(name)
        assert f"({game.min_players}-{game.max_players} players)" in line, line
        for option in game.options:
            assert f"--{option.name} {'|'.join(option.choices)} (default {option.default})" \
                in line, line


def test_moves_can_be_filtered_and_long_lists_are_cut_with_a_hint(tmp_path):
    result = run("play", "tikal", "--players", "2", "--seed", "5", "--save",
                 str(tmp_path / "g.json"), stdin="moves place A4\nmoves nothing\nquit\n")
    assert result.exit_code == 0, result.output
    assert "place A4" in result.output
    assert "no legal action starts with 'nothing'" in result.output
    lines = [line for line in result.output.splitlines() if line.strip().startswith("place ")]
    assert lines and all("A4" in line for line in lines)


def test_every_command_of_the_cli_package_is_reachable_from_bgbot():
    """Each module of `boardgamesbot.cli` defines plain click commands that the package
    gathers under `main`; one defined but not gathered would be silently missing."""
    import importlib
    import pkgutil

    import click

    import boardgamesbot.cli as cli

    gathered, groups = set(), [cli.main]
    while groups:  # every command under bgbot, groups' own commands included
        for command in groups.pop().commands.values():
            gathered.add(id(command))
            if isinstance(command, click.Group):
                groups.append(command)
    defined = []
    for module in pkgutil.iter_modules(cli.__path__):
        if module.name == "__main__":
            continue
        loaded = importlib.import_module(f"boardgamesbot.cli.{module.name}")
        defined += [(module.name, name) for name, value in vars(loaded).items()
                    if isinstance(value, click.Command) and value.name is not None
                    and id(value) not in gathered]
    assert not defined, f"defined but not under bgbot: {defined}"
    assert {"play", "rules", "ask", "why", "replay", "render", "arena", "ratings", "serve",
            "worker", "chat", "train", "games"} <= set(cli.main.commands)


def test_a_record_with_an_unnamed_seat_replays_with_the_seat_named(tmp_path):
    """A table's record keeps no name for a person who gave none: the terminal says
    "seat 2" for them, never an empty name."""
    record = Record.start("tikal", 3, ["Ann", ""])
    state = record.new_state()
    while not state.is_over() and {p for p, _ in record.actions} != {0, 1}:
        player = state.current_players()[0]
        action = state.legal_actions(player)[0]
        state.apply(player, action)
        record.actions.append((player, str(action)))
    path = tmp_path / "unnamed.json"
    path.write_text(record.to_json())
    replay = run("replay", str(path), "--no-step")
    assert replay.exit_code == 0, replay.output
    # (by the board's name for the seat, as every other player is: "Ann (p1)", "p2")
    assert "Ann (p1): " in replay.output and ". p2: " in replay.output
    assert " (p2)" not in replay.output and ": p2:" not in replay.output


def test_tikal_on_an_80_by_24_terminal_keeps_the_map_and_the_prompt_on_one_screen(
        tmp_path, monkeypatch):
    """`bgbot play tikal` in a terminal of 80x24, a person against a bot, in the three
    languages: after every drawing of the position (a turn's start, 'board', 'preview'),
    the whole map, whose turn it is and the prompt are on the last 24 rows, every line
    within 80 columns; with two players the whole turn is."""
    import random

    from boardgamesbot.cli.terminal import console
    from boardgamesbot.engine import load_game

    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(console, "_height", 24)
    prompt = {"en": "seat 1>", "pt-BR": "lugar 1>", "ca": "seient 1>"}
    for lang, seed in (("en", 5), ("pt-BR", 8), ("ca", 13)):
        # the person's first turn, played out: place the tile, then actions until it ends
        state, rng, script = load_game("tikal").new(2, seed), random.Random(seed), []
        while state.current_players() == [0] and len(script) < 12:
            legal = state.legal_actions(0)
            action = rng.choice([a for a in legal if str(a) != "end"] or legal)
            script += ["board", f"preview {action}", str(action)] if not script else [str(action)]
            state.apply(0, action)
        result = run("play", "tikal", "--players", "2", "--seed", str(seed), "--lang", lang,
                     "--save", str(tmp_path / f"{lang}.json"),
                     stdin="\n".join(script + ["quit"]) + "\n")
        assert result.exit_code == 0, result.output
        # (input is not echoed here: what follows a prompt starts on the prompt's line)
        lines = [part for line in result.output.splitlines()
                 for part in line.replace(prompt[lang] + " ", prompt[lang] + "\n").splitlines()]
        # (but for the line that names the saved file, kept whole to be copied)
        assert max(len(line) for line in lines if str(tmp_path) not in line) <= 80
        drawn = 0
        for at, line in enumerate(lines):
            if not line.startswith(prompt[lang]):
                continue
            maps = [i for i in range(at) if lines[i].startswith("A1 ")]
            if not maps or (drawn and maps[-1] <= drawn):
                continue  # (a prompt after a message, no position drawn since the last)
            drawn = maps[-1]
            screen = lines[max(0, at - 23):at + 1]
            assert lines[drawn] in screen, "\n".join(lines[drawn:at + 1])
            # two players: the players' table (drawn first on a short terminal) too
            assert any(line.startswith(("player ", "jogador ", "jugador ")) for line in screen)
        assert drawn


def _on_80_by_24(game, view: dict, lang: str, legal: list[str]) -> list[str]:
    """What an 80x24 terminal without colour shows at the prompt: the position and the
    turn's lines (`turn_lines`) printed by the prompt's own `drawn_to_fit`, the prompt."""
    import io

    from rich.console import Console

    import boardgamesbot.cli.play as play

    console = Console(file=io.StringIO(), width=80, height=24, record=True,
                      force_terminal=True, color_system=None)
    saved, play.console = play.console, console  # (the prompt's console, its size)
    try:
        play.drawn_to_fit(game.render_text(view, lang), below=play.turn_lines(legal, lang))
        console.print(play.prompt(view["viewer"], lang), markup=False)
    finally:
        play.console = saved
    return console.export_text().splitlines()


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_cartographers_on_80_by_24_keeps_the_sheet_the_card_and_the_prompt_on_screen(
        players, lang):
    """Random Cartographers games (solo, two, four players; both sides of the sheets):
    at each of a seat's decisions, every line fits 80 columns and the last 24 rows hold
    the seat's whole sheet, the card to draw (or the ambush), what to do and the prompt;
    the edicts and the other sheets, above them, may scroll away."""
    import random

    from boardgamesbot.engine import load_game
    from boardgamesbot.games.cartographers.render import named, say

    game = load_game("cartographers")
    checked = 0
    for seed in range(2):
        state, rng = game.new(players, seed, side="AB"[seed]), random.Random(seed)
        for step in range(400):
            if state.is_over():
                break
            seat = state.current_players()[0]
            legal = [str(a) for a in state.legal_actions(seat)]
            if step % 7 == 0:
                view = state.view(seat)
                lines = _on_80_by_24(game, view, lang, legal)
                assert max(len(line) for line in lines) <= 80, "\n".join(lines)
                last = lines[-24:]
                # (the sheet looked at: one's own, or the one a monster is drawn on)
                you = view.get("you") or {}
                drawn_on = view["step"] == "ambush" and you.get("target") is not None \
                    and not you.get("choice")
                looked_at = say(lang, "carto.term.draw_here") if drawn_on \
                    else say(lang, "carto.term.you")
                mine = [i for i, line in enumerate(last) if "╭" in line and
                        looked_at in line.split("╮")[0]]
                assert mine, "\n".join(lines)  # the sheet's top, its rows, its bottom
                assert sum(line.lstrip().startswith("╰") for line in last[mine[0]:]) >= 1
                assert sum(f"│  {row} " in line or f"│   {row} " in line
                           for line in last for row in range(1, 12)) >= 11
                card = view.get("card")
                if card is not None:
                    title = named(lang, "carto.card", card["name"])  # (maybe wrapped)
                    assert all(any(word in line for line in last) for word in title.split()), \
                        "\n".join(lines)
                assert any(say(lang, "carto.term.your_move", n=seat + 1) in line
                           for line in last)
                checked += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 5


def test_on_80_by_24_what_the_computer_players_just_did_stays_above_the_prompt(
        tmp_path, monkeypatch):
    """Against two computer players on an 80x24 terminal, the lines that told their moves
    as they happened have scrolled away above the board when the person is asked again:
    each one's turn is told once more under the board (a row each, its first action and
    its last, "…" between), so the screen says what the others just did, in the three
    languages; in a pipe, where nothing scrolls away, it is not repeated."""
    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say, seat_tagged
    from boardgamesbot.engine import LANGUAGES, load_game

    def played(lang: str) -> tuple[list[str], Record]:
        path = tmp_path / f"{lang}.json"
        result = run("play", "tikal", "--players", "3", "--bots", "random,random", "--seed",
                      "7", "--lang", lang, "--save", str(path), stdin="place A4\nend\nquit\n")
        assert result.exit_code == 0, result.output
        return result.output.splitlines(), Record.load(path)

    piped, _ = played("en")
    assert not any(" played: " in line for line in piped)
    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(console, "_height", 24)
    prompt = {"en": "seat 1>", "pt-BR": "lugar 1>", "ca": "seient 1>"}
    for lang in LANGUAGES:
        lines, record = played(lang)
        asked_again = [at for at, line in enumerate(lines) if line.startswith(prompt[lang])][2]
        screen = lines[max(0, asked_again - 23):asked_again + 1]
        for seat in (1, 2):
            actions = [action for who, action in record.actions if who == seat]
            who = seat_tagged(load_game("tikal"), seat, say(lang, "level.random"), lang)
            told = [line for line in screen if line.startswith(who)
                    and f": {actions[0]}," in line and line.endswith(f", {actions[-1]}")]
            assert len(told) == 1 and len(told[0]) <= 80, "\n".join(screen)


def test_on_80_by_24_what_undo_did_is_said_under_the_board_drawn_again(tmp_path, monkeypatch):
    """'undo' draws the position again: its answer (taken back, or why not) is said under
    the board, next to the prompt where the person looks, not above the board on the top
    row of an 80x24 screen, one row from scrolling away (gone where the board takes all
    the rows it is given); in the three languages."""
    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say
    from boardgamesbot.engine import LANGUAGES

    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(console, "_height", 24)
    prompt = {"en": "seat 1>", "pt-BR": "lugar 1>", "ca": "seient 1>"}
    for lang in LANGUAGES:
        result = run("play", "tikal", "--players", "4", "--bots", "random,random,random",
                     "--seed", "7", "--lang", lang, "--save", str(tmp_path / f"{lang}.json"),
                     stdin="undo\nplace A4\nundo\nquit\n")
        assert result.exit_code == 0, result.output
        # (input is not echoed here: what follows a prompt starts on the prompt's line)
        lines = [part for line in result.output.splitlines()
                 for part in line.replace(prompt[lang] + " ", prompt[lang] + "\n").splitlines()]
        asked = [at for at, line in enumerate(lines) if line.startswith(prompt[lang])]
        for said, at in ((say(lang, "error.nothing_to_undo"), asked[1]),
                         (say(lang, "undone", action="place A4"), asked[3])):
            screen = lines[max(0, at - 23):at + 1]
            assert said in screen[-3:], "\n".join(screen)


def _just_before_a_scoring_by_the_person(game_name: str, players: int):
    """A record of a random game (seat 1 on: the "random" bot; seat 0: a person) cut
    just before an action of seat 0, alone awaited, that makes a scoring happen (a Tikal
    round, a Cartographers season; not the game's end): that action, and the record."""
    import random

    from boardgamesbot.engine import load_game

    game = load_game(game_name)
    for seed in range(40):
        state, rng = game.new(players, seed), random.Random(seed)
        record = Record.start(game_name, seed, ["person 1"] + ["random"] * (players - 1))
        while not state.is_over():
            seat = rng.choice(state.current_players())
            action = rng.choice(state.legal_actions(seat))
            before = state.scoring_mark()
            alone = state.current_players() == [0]
            state.apply(seat, action)
            if seat == 0 and alone and state.scoring_mark() != before and not state.is_over():
                return str(action), record
            record.actions.append((seat, str(action)))
    raise AssertionError(f"no {game_name} game found with a scoring by seat 0")


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("name,players", [("tikal", 4), ("cartographers", 4)])
def test_on_80_by_24_a_scoring_is_said_again_under_the_board(tmp_path, monkeypatch, name,
                                                              players, lang):
    """A scoring said as it happens has scrolled away above the board by the person's
    next prompt on an 80x24 terminal: the points are said again under the board, on the
    last 24 rows with the turn line and the prompt (four players: the longest line), in
    the three languages, each line within 80 columns."""
    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say

    action, record = _just_before_a_scoring_by_the_person(name, players)
    path = tmp_path / f"{name}.json"
    record.save(path)
    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(console, "_height", 24)
    result = run("play", "--resume", str(path), "--lang", lang, stdin=f"{action}\nquit\n")
    assert result.exit_code == 0, result.output
    prompt = say(lang, "prompt", n=1)
    # (input is not echoed here: what follows a prompt starts on the prompt's line)
    lines = [part for line in result.output.splitlines()
             for part in line.replace(prompt + " ", prompt + "\n").splitlines()]
    asked = [at for at, line in enumerate(lines) if line.startswith(prompt)]
    assert len(asked) == 2, result.output
    scored = say(lang, "scoring", scores="")[:-2]
    said = [at for at, line in enumerate(lines) if line.startswith(scored)]
    assert len(said) == 2 and said[0] < asked[1], result.output  # as it happened, and again
    screen = lines[max(0, asked[1] - 23):asked[1] + 1]
    assert lines[said[1]] in screen, "\n".join(screen)
    turn = say(lang, "turn", kinds="", example="")[:6]
    assert any(line.startswith(turn) for line in screen[-3:-1]), screen[-3:]
    assert max(len(line) for line in lines if str(tmp_path) not in line) <= 80, \
        [line for line in lines if len(line) > 80]


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_cartographers_on_80_by_24_an_ambush_keeps_the_map_to_draw_on_by_the_prompt(lang):
    """A monster is drawn on the neighbour's map: on 80x24 the screen kept the person's
    own map by the prompt and scrolled the neighbour's away, so 'C3 already filled' spoke
    of a map no longer seen. While a seat draws a monster, the map it draws on is the one
    kept last, whole, beside the card."""
    import random

    from boardgamesbot.engine import load_game
    from boardgamesbot.games.cartographers.render import say

    game = load_game("cartographers")
    checked = 0
    for seed in range(6):
        state, rng = game.new(3, seed), random.Random(seed)
        while not state.is_over() and checked < 3 * (seed + 1):
            seat = rng.choice(state.current_players())
            view = state.view(seat)
            if view["step"] == "ambush" and (view.get("you") or {}).get("target") is not None:
                legal = [str(a) for a in state.legal_actions(seat)]
                last = _on_80_by_24(game, view, lang, legal)[-24:]
                target = say(lang, "carto.term.seat", n=view["you"]["target"] + 1)
                here = say(lang, "carto.term.draw_here")
                tops = [i for i, line in enumerate(last) if "╭" in line
                        and target in line.split("╮")[0] and here in line.split("╮")[0]]
                assert tops, "\n".join(last)
                assert sum(f"│  {row} " in line or f"│   {row} " in line
                           for line in last[tops[0]:] for row in range(1, 12)) >= 11
                checked += 1
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked >= 3


@pytest.mark.parametrize("name,lang", [("tikal", "en"), ("tikal", "pt-BR"), ("tikal", "ca"),
                                       ("cartographers", "en"), ("cartographers", "pt-BR"),
                                       ("cartographers", "ca")])
def test_on_80_by_24_each_player_is_named_one_way_from_the_first_line_to_the_last(
        tmp_path, monkeypatch, name, lang):
    """Four computer players on an 80x24 terminal, then the game's replay: every line that
    names a player names them as the board does, their name and the seat's tag ("random
    (p2)"): each move as it is played, each scoring, who won under the board and in the
    last line (the board said "Winner: p2", the last line "Winner: random (p2)", read as
    two answers), each action and the final scores of the replay. A line of scores breaks
    between players only, never between a name and its points."""
    import re

    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say, seat_tagged
    from boardgamesbot.engine import load_game

    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(console, "_height", 24)
    game, path = load_game(name), tmp_path / "game.json"
    bot = say(lang, "level.random")
    tagged = [seat_tagged(game, seat, bot, lang) for seat in range(4)]
    played = run("play", name, "--players", "4", "--humans", "0", "--bots",
                 "random,random,random,random", "--seed", "3", "--lang", lang,
                 "--save", str(path))
    assert played.exit_code == 0, played.output
    final = Record.load(path).replay()
    winners = ", ".join(tagged[seat] for seat in final.winners())
    won = say(lang, "game.over", scores="", winners="\0", path="").split("\0")[0].split(". ")[-1]
    lines = played.output.splitlines()
    # (besides the moves, a row of the end's table of stars by season begins with a name:
    # the name as the board says it, then its numbers)
    table_row = re.compile(rf"({'|'.join(map(re.escape, tagged))})( +-?\d+)+$")
    moves = [line for line in lines if line.startswith(f"{bot} (")
             and not table_row.match(line)]
    assert moves and all(line.startswith(tuple(f"{who}: " for who in tagged))
                         for line in moves), moves[:3]
    # who won, said once: by the board, whose sentence the last line does not repeat
    said_won = [line for line in lines if won in line]
    assert len(said_won) == 1 and f"{won}{winners}" in said_won[0], said_won
    scored = say(lang, "scoring", scores="")[:-2]
    scorings = [line for line in lines if line.startswith(scored)]
    assert scorings and all(tagged[0] in line for line in scorings), scorings
    # the board's final scores, broken between players, then where the record is
    # (the path on a line of its own where it does not fit after the sentence's words:
    # a temporary folder's is long)
    record = say(lang, "game.record", path=path)
    if record in lines:
        at = lines.index(record)
    else:
        at = lines.index(say(lang, "game.record", path="").rstrip())
        # (standing in by two blanks, but for a path that fits the 80 columns only from the
        # line's start, kept whole there: pytest's folder under xdist can be 79 or 80 long)
        alone = str(path) if 78 < len(str(path)) <= 80 else f"  {path}"
        assert lines[at + 1] == alone, lines[at:at + 2]
    # (where the screen drew part of the board, the command that draws it whole comes
    # between the scores and the record: the scores end above it)
    whole = say(lang, "board.whole", command="").rstrip()
    at = next((i for i in range(at - 1, max(at - 4, 0), -1) if lines[i] == whole), at)
    # (right under the board's last line: a blank line between them set the record apart
    # from the game it keeps, as if something else began)
    assert lines[at - 1].strip(), lines[at - 3:at + 1]
    end = [at - 1]
    while lines[end[0]].startswith("  "):
        end.insert(0, end[0] - 1)
    block = [lines[i] for i in end]
    assert all(re.search(r"(: -?\d+|\))[,.]$", line) for line in block), block
    assert all(len(line) <= 80 for line in block), block

    replayed = run("replay", str(path), "--no-step", "--lang", lang)
    assert replayed.exit_code == 0, replayed.output
    lines = replayed.output.splitlines()
    assert max(map(len, lines)) <= 80
    actions = [line for line in lines if re.match(r"^ *\d+\. ", line)]
    assert actions and all(re.match(r"^ *\d+\. (.*?): ", line)[1] in tagged
                           for line in actions), actions[:3]
    # the final scores and who won, said once: by the board, as at the end of `play`
    # (the replay's own line of final scores under it gave them again)
    assert not any(line.startswith(say(lang, "replay.scores", scores="")) for line in lines)
    said = " ".join(line.strip() for line in lines)
    assert all(len(re.findall(rf"{re.escape(who)}: {score}\b", said)) == 1
               for who, score in zip(tagged, final.scores(), strict=True)), lines[-6:]
    assert said.count(f"{won}{winners}.") == 1, lines[-6:]



@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("name,board_says", [("tikal", True), ("cartographers", True),
                                             ("cartographers", False)])
def test_on_80_by_24_a_tie_of_many_is_broken_between_those_who_won(
        tmp_path, monkeypatch, name, board_says, lang):
    """Four players tie: who won, four names long, and the record's path made the end's
    last sentence longer than a row, and a terminal broke it anywhere ("aleatório (lu"
    and "gar 3)"). The board's end, and the last line of a game whose board does not say
    who won (`Game.board_says_who_won`), break only between players, between those who
    won and before the record's path, which stays whole on its own row to be copied."""
    import re

    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say, seat_tagged
    from boardgamesbot.engine import load_game

    game = load_game(name)
    monkeypatch.setattr(type(game), "board_says_who_won", board_says, raising=False)
    state_class = type(game.new(4, 3))
    monkeypatch.setattr(state_class, "winners", lambda self: [0, 1, 2, 3])
    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(console, "_height", 24)
    path = tmp_path / ("a-folder-with-a-long-name-" * 3) / "game.json"
    played = run("play", name, "--players", "4", "--humans", "0", "--bots",
                 "random,random,random,random", "--seed", "3", "--lang", lang,
                 "--save", str(path))
    assert played.exit_code == 0, played.output
    lines = played.output.splitlines()
    tagged = [seat_tagged(game, seat, say(lang, "level.random"), lang) for seat in range(4)]
    # the end: from the first line that names all four who won to the record's path
    # (the last line that ends with it: the game's first one names it too)
    # (not the command that draws the board whole, which names it too, above the record)
    at = max(i for i, line in enumerate(lines)
             if line.endswith(str(path)) and "--no-step" not in line)
    if lines[at] == f"  {path}":  # (too long for the sentence's line: on one of its own)
        at -= 1
        assert lines[at].strip() == say(lang, "game.record", path="").strip(), lines[at:]
    else:
        assert lines[at] in (f"  {say(lang, 'game.record', path=path)}",
                             say(lang, "game.record", path=path)), lines[at - 4:at + 1]
    # (where the screen drew part of the board, that command comes between the scores and
    # the record: the scores end above it)
    whole = say(lang, "board.whole", command="").rstrip()
    at = next((i for i in range(at - 1, max(at - 4, 0), -1) if lines[i] == whole), at)
    start = at - 1
    while not lines[start].strip() or lines[start].startswith("  "):
        start -= 1
    block = [line for line in lines[start:at] if line.strip()]
    said = " ".join(block)
    assert all(said.count(who) == 2 for who in tagged), block  # a score and a win each
    assert all(len(line) <= 80 for line in block), block
    # each row ends between two entries: after a score, a name that won, a full stop
    ends = tuple(tagged) + tuple(f"{who}{joiner}".rstrip() for who in tagged
                                 for joiner in (",", " and", " e", " i"))
    assert all(re.search(r": -?\d+[,.]$", line) or line.rstrip(".").endswith(ends)
               for line in block), block


def _a_long_computer_turn(seed: int, lang: str, players: int = 2, rows: int = 2
                          ) -> tuple[list[str], list[tuple[int, str]]] | None:
    """Tikal, a person (random actions, seeded) against "random" bots as `play` seats
    them: the person's actions up to a prompt after the computers' turns whose sentences,
    told whole as the prompt tells them (`play.recap`, at the console's width), take
    ``rows`` rows or more, and those turns' actions (seat, notation); None if there is
    none in the first 60 of the person's actions."""
    import random

    from boardgamesbot.bots import SeatView, make_bot
    from boardgamesbot.cli.play import recap
    from boardgamesbot.cli.words import say, seat_tagged
    from boardgamesbot.engine import load_game

    game = load_game("tikal")
    state, rng = game.new(players, seed), random.Random(seed)
    # (`play` seeds its bots with the game's seed, 101 apart)
    bots = {seat: make_bot("random", seed + 101 * (seat - 1)) for seat in range(1, players)}
    script: list[str] = []
    done: list[tuple[int, str]] = []
    while not state.is_over() and len(script) < 60:
        seat = state.current_players()[0]
        if seat != 0:  # (a bot chooses as the driver asks it: on a copy of the position)
            done.append((seat, str(bots[seat].choose(SeatView(state.clone(), seat), seat))))
            state.apply(seat, done[-1][1])
            continue
        named = [(seat_tagged(game, who, say(lang, "level.random"), lang), action)
                 for who, action in done]
        if len(recap(named, lang, whole=True)) >= rows:
            return script, done
        done = []
        legal = state.legal_actions(0)
        ends = [a for a in legal if str(a) == "end"]
        action = ends[0] if ends and rng.random() < 0.3 else \
            rng.choice([a for a in legal if str(a) != "end"] or legal)
        script.append(str(action))
        state.apply(0, action)
    return None


def _screens(output: str, prompt: str) -> tuple[list[str], list[int]]:
    """The lines of a game played at the terminal and the prompts' indices among them
    (input is not echoed here: what follows a prompt starts on the prompt's line)."""
    lines = [part for line in output.splitlines()
             for part in line.replace(prompt + " ", prompt + "\n").splitlines()]
    return lines, [at for at, line in enumerate(lines) if line.startswith(prompt)]


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_80_by_24_a_computers_long_turn_is_told_whole_under_the_board(
        tmp_path, monkeypatch, lang):
    """At the end of a computer's long turn the person's screen told it in one row, its
    first action and its last ones, "…" for those between: what the person missed most.
    Where the board (as dense as it goes) leaves room, every action is told, in rows of
    80 columns broken between actions under the sentence's own text, with the board, the
    turn line and the prompt on the last 24 rows; in the three languages."""
    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say, seat_tagged
    from boardgamesbot.engine import load_game

    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(console, "_height", 24)
    seed, (script, done) = next((seed, found) for seed in range(10)
                                if (found := _a_long_computer_turn(seed, lang)))
    turn = [action for _, action in done]
    result = run("play", "tikal", "--players", "2", "--bots", "random", "--seed", str(seed),
                 "--lang", lang, "--save", str(tmp_path / "game.json"),
                 stdin="\n".join([*script, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    lines, asked = _screens(result.output, say(lang, "prompt", n=1))
    assert len(asked) == len(script) + 1, result.output
    screen = lines[asked[-1] - 23:asked[-1] + 1]
    who = seat_tagged(load_game("tikal"), 1, say(lang, "level.random"), lang)
    head = say(lang, "recap", who=who, actions="")
    at = next((i for i, line in enumerate(screen) if line.startswith(head)), None)
    assert at is not None, "\n".join(screen)
    told = [screen[at], *[line for line in screen[at + 1:] if line.startswith("  ")]]
    assert " ".join(line.strip() for line in told).removeprefix(head).split(", ") == turn, \
        "\n".join(screen)
    assert all(len(line) <= 80 and line.rstrip().endswith(",") for line in told[:-1]), told
    assert any(line.startswith("A1 ") for line in screen), "\n".join(screen)  # the map


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_80_by_24_computers_turns_too_long_for_the_screen_say_where_the_rest_is(
        tmp_path, monkeypatch, lang):
    """Four players: three computers' long turns, told whole, and the board as dense as it
    goes would not fit 24 rows together: each turn keeps to one row, its first action and
    its last ones, and says how many it leaves out and where they are told ('log'); the
    map stays on the screen, and 'log' tells every action, in the three languages."""
    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say

    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(console, "_height", 24)
    seed, (script, done) = next((seed, found) for seed in range(10)
                                if (found := _a_long_computer_turn(seed, lang, 4, 7)))
    result = run("play", "tikal", "--players", "4", "--bots", "random,random,random",
                 "--seed", str(seed), "--lang", lang, "--save", str(tmp_path / "game.json"),
                 stdin="\n".join([*script, "log", "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    lines, asked = _screens(result.output, say(lang, "prompt", n=1))
    assert len(asked) == len(script) + 2, result.output
    screen = lines[asked[-2] - 23:asked[-2] + 1]
    assert screen[0].startswith(">"), "\n".join(screen)  # (the players' table, whole)
    assert any(line.startswith("A1 ") for line in screen), "\n".join(screen)
    told = [line for line in screen if say(lang, "recap", who="\0", actions="\0")
            .split("\0")[1] in line]
    pointer = say(lang, "recap.more", n="\0").split("\0")[1]
    assert len(told) == len({seat for seat, _ in done}), "\n".join(screen)
    assert any(pointer in line for line in told), told
    assert all(len(line) <= 80 for line in told), told
    logged = " ".join(line.strip() for line in lines[asked[-2] + 1:asked[-1] + 1])
    assert all(action in logged for _, action in done), logged


@pytest.mark.parametrize("lang,whole", [("en", "log all"), ("pt-BR", "histórico tudo"),
                                        ("ca", "historial tot")])
def test_on_80_by_24_log_all_tells_the_whole_game_a_screenful_at_a_time(
        tmp_path, monkeypatch, lang, whole):
    """'log' told only what the computers did since the person's last action: the game
    before it was in `bgbot replay` alone. 'log all' (the person's word for all, in any
    language) tells the whole game so far, each action with who took it and what it did
    in the person's words, the latest screenful of 80x24 with the note and the prompt,
    and how to see the one before ('log 2'), which goes on where it stopped; a page the
    game has not got, or a word 'log' does not take, is said in the person's language
    and changes nothing."""
    import re

    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say, seat_name, seat_tagged
    from boardgamesbot.engine import load_game

    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", 80)
    monkeypatch.setattr(console, "_height", 24)
    seed, (script, _) = next((seed, found) for seed in range(10)
                             if (found := _a_long_computer_turn(seed, lang, 4, 7)))
    path = tmp_path / "game.json"
    result = run("play", "tikal", "--players", "4", "--bots", "random,random,random",
                 "--seed", str(seed), "--lang", lang, "--save", str(path),
                 stdin="\n".join([*script, whole, "log 2", "log 99", "log xyz", "log",
                                  "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    lines, asked = _screens(result.output, say(lang, "prompt", n=1))
    assert len(asked) == len(script) + 6, result.output
    said = [lines[asked[at] + 1:asked[at + 1]] for at in range(len(script), len(script) + 5)]
    record = Record.load(path)  # (the game as it stood: no 'log' plays or takes back)
    assert len(record.actions) == len(script) + sum(1 for seat, _ in record.actions if seat)

    game = load_game("tikal")
    names = {seat: seat_tagged(game, seat, seat_name(name, lang), lang)
             for seat, name in enumerate(record.seats)}

    def entries(told: list[str]) -> dict[int, str]:
        """Each action told: its number → its lines joined."""
        found: dict[int, str] = {}
        for line in told:
            number = re.match(r"^ *(\d+)\. ", line)
            if number:
                found[int(number[1])] = line.strip()
            elif found and line.startswith("  "):
                last = max(found)
                found[last] += " " + line.strip()
        return found

    latest, before = entries(said[0]), entries(said[1])
    # the latest screenful: the last actions, up to the last, with the prompt on 24 rows
    assert len(said[0]) + 1 <= 24 and max(map(len, said[0] + said[1])) <= 80, said[0]
    assert list(latest) == list(range(min(latest), len(record.actions) + 1)), said[0]
    log = command_word("log", lang)  # (as the person's language names it: 'histórico')
    assert min(latest) > 1 and f"'{log} 2'" in " ".join(said[0][-2:]), said[0][-3:]
    # the one before goes on where it stopped
    assert list(before) == list(range(min(before), min(latest))), said[1]
    states = list(record.states())
    for number, text in {**before, **latest}.items():
        seat, notation = record.actions[number - 1]
        assert text.startswith(f"{number}. {names[seat]}: {notation}"), text
        action = game.parse_action(notation)
        words = game.action_words(states[number - 1].action_info(seat, action), lang,
                                  names=names)
        if words and words != notation:  # (in the person's words, as the moves were told)
            assert f"{notation} — {words}" in text, text
    # a page there is not, a word 'log' does not take: said, nothing listed
    assert not entries(said[2]) and f"'{log} 1'" in " ".join(said[2]), said[2]
    assert " ".join(" ".join(said[3]).split()) == say(lang, "log.what"), said[3]
    # the help says so, with the person's word for all
    assert f"'{log} {whole.split()[1]}'" in say(lang, "help", example="", kind="")
    # and 'log' alone as before: what the computers did since the person's last action
    recap = say(lang, "recap", who="\0", actions="\0").split("\0")[1]
    assert said[4] and recap in said[4][0], said[4]


def test_log_all_keeps_a_choice_made_at_once_hidden_until_all_have_chosen():
    """A record that stops in a step where both seats choose at once, the first's choice
    in it (a table of the service applies each as it comes): 'log all' tells the second
    seat the game up to that step, not the first's choice, which the game keeps hidden
    until both have chosen; the first is told their own; once both have, both are told."""
    from boardgamesbot.cli.play import told_game
    from boardgamesbot.engine import load_game

    game = load_game("cartographers")
    state = game.new(2, 5)
    assert state.current_players() == [0, 1]
    record = Record.start("cartographers", 5, ["Ann", "Bo"])
    names = {0: "Ann", 1: "Bo"}
    for seat in (0, 1, 0):  # a step whole, then the first's choice in the next
        action = str(state.legal_actions(seat)[0])
        state.apply(seat, action)
        record.add(seat, action)
    assert state.current_players() == [1]

    def told(viewer: int) -> list[str]:
        return [" ".join(lines) for _, lines in told_game(record, viewer, names, "en")]

    assert [line.split(":")[0] for line in told(1)] == ["1. Ann", "2. Bo"], told(1)
    assert [line.split(":")[0] for line in told(0)] == ["1. Ann", "2. Bo", "3. Ann"], told(0)


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_a_computers_long_turn_names_where_the_rest_is(monkeypatch, lang, columns):
    """On a phone's 40 columns, a computer's long turn under the board, its first action,
    "… 7 more ('log')" and its last one, did not fit the row and was cut to "médio (j2)
    jogou: place B3 r3, … mais 7…": the command that tells the rest was lost. The row
    gives up the last actions first, and what still does not fit goes on under its own
    text, broken between actions only; at 80 columns it is one row."""
    from boardgamesbot.cli.play import recap
    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import say

    monkeypatch.setattr(console, "_width", columns)
    done = [("médio (j2)", action) for action in (
        "place B3 r3", "enter W A6", "move W A6 A5", "move W A5 B4", "enter L A6",
        "move L A6 A5", "uncover A5", "move W A6 B6")]
    lines = recap(done, lang)
    assert all(len(line) <= columns for line in lines), lines
    assert len(lines) == 1 or columns == 40, lines
    said = " ".join(line.strip() for line in lines)
    assert said.startswith(say(lang, "recap", who="médio (j2)", actions="place B3 r3,")), said
    more = say(lang, "recap.more", n=99).split("99")[-1]  # (" more ('log')", the command)
    assert any(more.strip() in line for line in lines), lines
    # One action longer than the rest of the row goes whole on the next ("village 1 r270"
    # ended a row and "B10" began the next, cut to "B…" before).
    lines = recap([("médio (lugar 2)", "village 1 r270 B10")], lang)
    assert all(len(line) <= columns for line in lines), lines
    assert any("village 1 r270 B10" in line for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_the_turns_example_is_kept_whole(monkeypatch, lang):
    """On 40 columns the turn's line broke its example, "por exemplo 'water" | "1 r0 A1'":
    neither half is something to type. A quoted action is kept whole on a line."""
    from boardgamesbot.cli.play import turn_lines
    from boardgamesbot.cli.terminal import console

    monkeypatch.setattr(console, "_width", 40)
    for example in ("water 1 r0 A1", "forest 1 r270 K11", "move W A6 B5", "ambush f90 C4"):
        lines = turn_lines([example] * 252, lang)
        assert all(len(line) <= 40 for line in lines), lines
        assert any(f"'{example}'" in line for line in lines), lines
