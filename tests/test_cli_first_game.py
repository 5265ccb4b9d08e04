"""A first game in the terminal, as someone who never read the docs plays it: in their
language, with mistakes, stopped with Ctrl-C or Ctrl-D, and never a traceback.

Every game is played through its registry entry, so these hold for each game."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from click.testing import CliRunner

from boardgamesbot.cli import main
from boardgamesbot.cli.words import environment_language, say, seat_tagged
from boardgamesbot.engine import LANGUAGES, Record, known_games, load_game
from boardgamesbot.games.wording import phrase
from boardgamesbot.web import catalog

GAMES = list(known_games())


def run(*args: str, stdin: str | None = None, env: dict | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, env=env)


def first_action(name: str) -> str:
    state = load_game(name).new(load_game(name).min_players, 5)
    return str(state.legal_actions(state.current_players()[0])[0])


def english_sentences() -> list[str]:
    """The terminal's own English sentences, each cut at its first blank (the fixed words
    a translated prompt must not show)."""
    catalog = json.loads(resources.files("boardgamesbot.cli").joinpath(
        "messages/en.json").read_text())
    texts = [form for text in catalog.values() for form in
             ([text] if isinstance(text, str) else [v for k, v in text.items() if k != "_n"])]
    return [text.split("{")[0].strip() for text in texts if len(text.split("{")[0].strip()) > 12]


def test_every_language_has_every_terminal_sentence():
    def catalog(lang):
        return json.loads(resources.files("boardgamesbot.cli").joinpath(
            f"messages/{lang}.json").read_text())
    keys = [list(catalog(lang)) for lang in LANGUAGES]
    assert all(k == sorted(k) for k in keys)  # kept sorted, as every catalog is
    assert all(set(k) == set(keys[0]) for k in keys)
    for lang in LANGUAGES:
        assert "{" not in say(lang, "legal.now", kinds="place (3)")


def test_a_solo_game_is_announced_for_one_player():
    """"1 players" reads wrong in every language: the count chooses the plural form."""
    assert say("en", "started", game="G", players=1, seed=2, path="p").startswith("G, 1 player,")
    assert "1 jugador," in say("ca", "started", game="G", players=1, seed=2, path="p")
    assert "3 jogadores," in say("pt-BR", "started", game="G", players=3, seed=2, path="p")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_the_prompt_speaks_the_chosen_language(tmp_path, name, lang):
    """Help, a typo, a refused action, the move list and stopping, in pt-BR and ca: none of
    the terminal's English sentences shows, and refusals use the faces' shared words."""
    game = load_game(name)
    players = max(game.min_players, 2) if game.max_players > 1 else 1
    script = "help\nfly away\nmoves\nwhy\npreview\nquit\n"
    result = run("play", name, "--players", str(players), "--seed", "5", "--lang", lang,
                 "--save", str(tmp_path / "g.json"), stdin=script)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert say(lang, "prompt", n=1) in result.output
    # the typo, in their words: which word and what goes in its place, where the game's
    # notation says (the test game's says only that the line cannot be read)
    pointed = phrase(catalog, lang, "notation.unexpected", word="fly", expected="",
                     example="") or ""
    assert " ".join(pointed.split("'fly'")[0].split() + ["'fly'"]) in " ".join(
        result.output.split()) or say(lang, "error.bad_notation") in result.output
    assert say(lang, "saved", path=tmp_path / "g.json") in result.output
    for sentence in english_sentences():
        assert sentence not in result.output, sentence
    assert "cannot read" not in result.output  # the engine's English refusal


def test_the_language_comes_from_the_locale(tmp_path):
    """A person whose terminal speaks Catalan (LANG=ca_ES.UTF-8) is answered in Catalan
    without knowing --lang; --lang still wins."""
    args = ("play", GAMES[0], "--players", "2", "--seed", "5", "--save",
            str(tmp_path / "g.json"))
    catalan = run(*args, stdin="quit\n", env={"LANG": "ca_ES.UTF-8", "LC_ALL": "",
                                               "LC_MESSAGES": ""})
    assert say("ca", "prompt", n=1) in catalan.output
    english = run(*args, "--lang", "en", stdin="quit\n", env={"LANG": "ca_ES.UTF-8"})
    assert "seat 1>" in english.output


def test_environment_language_reads_the_locale_as_gettext_does():
    assert environment_language({"LANG": "pt_BR.UTF-8"}) == "pt-BR"
    assert environment_language({"LC_ALL": "ca_ES.UTF-8", "LANG": "pt_BR.UTF-8"}) == "ca"
    assert environment_language({"LC_MESSAGES": "ca_ES@valencia", "LANG": "en_US"}) == "ca"
    assert environment_language({"LANG": "C.UTF-8"}) == "en"
    assert environment_language({"LANG": "de_DE.UTF-8"}) == "en"  # no help in German
    assert environment_language({}) == "en"


@pytest.mark.parametrize("name", GAMES)
def test_help_lists_what_is_legal_now_in_the_games_notation(tmp_path, name):
    """The prompt's help shows an example in this game's notation and which kinds of
    action are legal now (a generic help naming another game's moves confuses)."""
    result = run("play", name, "--players", str(load_game(name).min_players), "--seed", "5",
                 "--save", str(tmp_path / "g.json"), stdin="help\nquit\n")
    example = first_action(name)
    assert f"e.g. '{example}'." in result.output
    assert f"Legal now: {example.split()[0]} (" in result.output


@pytest.mark.parametrize("name", GAMES)
def test_a_typo_says_what_to_type_instead(tmp_path, name):
    """A line that is no action (a typo, a command that does not exist) is answered with
    the kinds of action legal now and the commands that help, not with 'why'."""
    result = run("play", name, "--players", str(load_game(name).min_players), "--seed", "5",
                 "--save", str(tmp_path / "g.json"), stdin="redo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Legal now:" in result.output and "'help'" in result.output
    assert "why redo" not in result.output


def test_ctrl_c_at_the_prompt_saves_and_says_where(tmp_path, monkeypatch):
    """Ctrl-C at the prompt stops like 'quit': the record is saved and named, no bare
    'Aborted!' and no traceback."""
    from boardgamesbot.cli import play

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(play.console, "input", interrupted)
    path = tmp_path / "g.json"
    result = run("play", GAMES[0], "--players", "2", "--seed", "5", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert "Aborted" not in result.output
    assert f"saved to {path}" in result.output
    assert Record.load(path).actions == []


def test_ctrl_c_while_a_bot_thinks_keeps_the_game_so_far(tmp_path, monkeypatch):
    from boardgamesbot import driver

    played = []
    step = driver.Driver.step

    def step_then_interrupt(self):
        if played:
            raise KeyboardInterrupt
        played.append(step(self))
        return played[-1]

    monkeypatch.setattr(driver.Driver, "step", step_then_interrupt)
    path = tmp_path / "g.json"
    result = run("play", GAMES[0], "--players", "2", "--humans", "0", "--seed", "5",
                 "--save", str(path))
    assert result.exit_code == 0, result.output
    assert f"saved to {path}" in result.output and "Aborted" not in result.output
    assert len(Record.load(path).actions) == len(played[0]) > 0


def test_ctrl_d_ends_the_prompt_line_before_saying_it_saved(tmp_path):
    result = run("play", GAMES[0], "--players", "2", "--seed", "5", "--save",
                 str(tmp_path / "g.json"), stdin="")
    assert result.exit_code == 0, result.output
    saved = next(line for line in result.output.splitlines() if "saved to" in line)
    assert saved.startswith("saved to"), saved


def test_hint_reasons_read_as_sentences(tmp_path):
    """Each hint reason is a sentence with its own full stop: joined by spaces, never
    with a ';' after the stop."""
    name = GAMES[-1]
    result = run("play", name, "--players", str(load_game(name).min_players), "--seed", "4",
                 "--save", str(tmp_path / "g.json"), stdin="hint\nquit\n")
    assert result.exit_code == 0, result.output
    assert "1. " in result.output and ".;" not in result.output


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_bots_and_the_end_of_the_game_are_said_in_the_language(tmp_path, lang):
    result = run("play", GAMES[0], "--players", "2", "--humans", "0", "--bots",
                 "random,random", "--seed", "3", "--lang", lang, "--save",
                 str(tmp_path / "g.json"))
    assert result.exit_code == 0, result.output
    assert say(lang, "seat.named", name=say(lang, "level.random"), n=2) in result.output
    assert say(lang, "game.over", scores="", winners="", path="").split(".")[0] \
        in result.output
    # (the board itself is the game's terminal text, in English: see docs/cli.md)
    # (then the command for another game like it: the last line)
    last = result.output.splitlines()[-2]
    assert last.startswith(say(lang, "game.over", scores="", winners="", path="")[:8]), last


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_scoring_is_said_as_it_happens(tmp_path, name, lang):
    """A round or season scored is said with everyone's points when it happens (the end
    says the last): in the terminal the points only changed in the board's small print,
    and a scoring went by unnoticed."""
    path = tmp_path / "g.json"
    result = run("play", name, "--players", "2", "--humans", "0", "--bots", "random,random",
                 "--seed", "3", "--lang", lang, "--save", str(path))
    assert result.exit_code == 0, result.output
    states = list(Record.load(str(path)).states())
    expected = [after.scores() for before, after in zip(states, states[1:])
                if after.scoring_mark() != before.scoring_mark() and not after.is_over()]
    said = [line for line in result.output.splitlines()
            if line.startswith(say(lang, "scoring", scores="")[:-2])]
    assert expected and len(said) == len(expected), said
    for line, scores in zip(said, expected):
        assert line.endswith(f" {scores[-1]}."), (line, scores)
    # At the end each player is named with the seat the board above names ("random (p2)",
    # as its players table and who won say), not by a seat number the board never shows.
    over = result.output.splitlines()[-2]
    game, random_ = load_game(name), say(lang, "level.random")
    for seat in (0, 1):  # (a game whose board names no seat: by its number)
        tag = game.seat_tag(seat, lang)
        assert (f"{random_} ({tag}): " if tag else
                say(lang, "seat.named", name=random_, n=seat + 1) + ": ") in over, over


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_a_replay_speaks_the_language(tmp_path, lang):
    path = tmp_path / "g.json"
    run("play", GAMES[0], "--players", "2", "--humans", "0", "--bots", "random,random",
        "--seed", "3", "--save", str(path))
    result = run("replay", str(path), "--no-step", "--lang", lang)
    assert result.exit_code == 0, result.output
    bot = say(lang, "level.random")
    assert f"1. {say(lang, 'seat.named', name=bot, n=1)}: " in result.output
    assert say(lang, "replay.scores", scores="")[:8] in result.output
    assert "Final scores" not in result.output
    # (each final score with the seat the board above names, as at the end of `play`)
    final = next(line for line in result.output.splitlines()
                 if line.startswith(say(lang, "replay.scores", scores="")))
    assert f"{bot} ({load_game(GAMES[0]).seat_tag(1, lang)}): " in final, final


def test_ctrl_d_while_stepping_through_a_replay_stops_it_quietly(tmp_path, monkeypatch):
    """Ctrl-D (or Ctrl-C) at the replay's "Enter: next" prompt stops the replay like 'q',
    instead of click's bare 'Aborted!'."""
    from boardgamesbot.cli import records

    path = tmp_path / "g.json"
    run("play", GAMES[0], "--players", "2", "--humans", "0", "--bots", "random,random",
        "--seed", "3", "--save", str(path))

    def closed(*args, **kwargs):
        raise EOFError

    monkeypatch.setattr(records.console, "input", closed)
    result = run("replay", str(path), "--step")
    assert result.exit_code == 0, result.output
    assert "Aborted" not in result.output


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_replays_keys_fit_the_line_broken_between_keys(tmp_path, monkeypatch, game, lang,
                                                           columns):
    """Stepping through a replay on a phone's 40 columns, "Retorn: següent, b: enrere,
    NÚMERO: salta a, q: surt>" was broken by the terminal anywhere ("sal" | "ta a") and its
    second row pushed the top of the board off the screen. It is broken between keys, the
    board drawn in the rows left; at 80 columns it is one line. The action above it ("1/46
    a l'atzar (seient 1): village 1 r180 F9") goes on under its own text too."""
    from boardgamesbot.cli.terminal import console

    path = tmp_path / "g.json"
    run("play", game, "--players", "2", "--humans", "0", "--bots", "random,random",
        "--seed", "3", "--save", str(path))
    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", columns)
    monkeypatch.setattr(console, "_height", 24)
    result = run("replay", str(path), "--step", "--seat", "1", "--lang", lang,
                 stdin="\n2\nq\n")
    assert result.exit_code == 0, result.output
    keys = say(lang, "replay.keys")
    # (what follows the prompt, a screen drawn after the key typed: a terminal starts it
    # on a line of its own, where the key's Enter left the cursor)
    screens = result.output.split(keys.split(", ")[-1] + " ")[:-1]
    assert len(screens) == 3, result.output
    for screen in screens:
        lines = screen.strip("\n").splitlines()
        assert max(map(len, lines)) <= columns, screen
        shown = [lines[-1]] if columns == 80 else lines[-2:]
        # (a later line stands in: at the left edge it read as something else said)
        assert all(line.startswith("  ") for line in shown[1:]), shown
        asked = " ".join(line.strip() for line in shown)
        assert asked.startswith(keys.split(", ")[0]), shown
        assert keys.startswith(asked), (asked, keys)


def test_rules_and_why_follow_the_locale():
    """`bgbot rules GAME` and `bgbot why` in a Portuguese terminal answer in Portuguese,
    as `bgbot play` does; --lang still chooses."""
    from boardgamesbot.help import help_page

    portuguese = {"LANG": "pt_BR.UTF-8"}
    page = run("rules", GAMES[0], env=portuguese)
    assert page.exit_code == 0, page.output
    first_heading = next(line for line in help_page(GAMES[0], "pt-BR").splitlines()
                         if line.startswith("# "))[2:]
    assert first_heading in page.output
    english = next(line for line in help_page(GAMES[0], "en").splitlines()
                   if line.startswith("# "))[2:]
    assert english in run("rules", GAMES[0], "--lang", "en", env=portuguese).output
    why = run("why", GAMES[0], "fly away", "--json", env=portuguese)
    assert json.loads(why.output)["reason"].startswith("No lugar de 'fly' deve vir")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_turn_says_what_may_be_typed_and_names_help(tmp_path, lang):
    """Before the first prompt, a person who never read the docs is told, in their
    language, the kinds of action legal now, one example, and that 'help' exists (by its
    word there: 'ajuda')."""
    name = GAMES[0]
    result = run("play", name, "--players", str(load_game(name).min_players), "--seed", "5",
                 "--lang", lang, "--save", str(tmp_path / "g.json"), stdin="quit\n")
    before_prompt = result.output.split(say(lang, "prompt", n=1))[0]
    example = first_action(name)
    assert say(lang, "turn", kinds=f"{example.split()[0]} (", example=example
               ).split(" (")[0] in before_prompt
    # (the help named by the language's word for it, as its help lists the commands)
    from boardgamesbot.cli.words import command_word

    assert f"'{example}'" in before_prompt
    assert f"'{command_word('help', lang)}'" in before_prompt


@pytest.mark.parametrize("args", [("--players", "99"), ("--humans", "7"),
                                  ("--bots", "grandmaster"), ("--bots", "easy,easy,easy")])
def test_a_bad_setup_is_refused_in_the_language_with_what_to_type(args):
    """Wrong player count, humans, bot names or bot count: one line in the person's
    language that still names the accepted values, exit status 2, no traceback."""
    name = GAMES[-1]
    game = load_game(name)
    result = run("play", name, *args, env={"LANG": "pt_BR.UTF-8"})
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    line = result.output.strip()
    assert line.startswith("erro:") and len(result.output.strip().splitlines()) == 1
    english = run("play", name, *args).output
    assert line != english.strip()  # said in Portuguese
    if args[0] == "--players":
        assert f"{game.min_players} a {game.max_players} jogadores" in line
    if args[1] == "grandmaster":
        assert "medium" in line  # the accepted names, as they are typed


def test_an_unknown_option_value_names_the_choices_in_the_language():
    name, option = next((n, o) for n in GAMES for o in load_game(n).options)
    result = run("play", name, f"--{option.name}", "nonsense", "--lang", "ca")
    assert result.exit_code == 2
    assert all(choice in result.output for choice in option.choices)
    assert say("ca", "setup.bad_option", option=option.name, choices="", value="")[:8] \
        in result.output


def test_the_final_scores_tell_two_bots_of_one_level_apart(tmp_path):
    finished = run("play", GAMES[0], "--players", "3", "--humans", "0", "--bots",
                   "random,random,easy", "--seed", "3", "--save", str(tmp_path / "h.json"))
    assert finished.exit_code == 0, finished.output
    last = finished.output.splitlines()[-2]  # (the last: how to play again)
    assert "random (seat 1): " in last and "random (seat 2): " in last, last
    # (at the end a name said once has its seat too: the board above names seats only)
    assert "easy (seat 3): " in last, last


def test_play_without_a_game_names_the_games():
    result = run("play", env={"LANG": "ca_ES.UTF-8"})
    assert result.exit_code == 2
    assert all(name in result.output for name in GAMES)
    assert result.output.startswith("error: digues quin joc")


def test_bgbot_help_shows_the_way_to_a_first_game():
    result = run("--help")
    assert "bgbot play GAME" in result.output and "'help'" in result.output
    assert "bgbot games" in result.output and "--lang" in result.output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_fits_80_columns_in_every_language(lang):
    """Filled with the longest first action any game offers, no line of the prompt's help
    is wider than 79 columns (an 80-column terminal would break it mid-word)."""
    example = max((first_action(name) for name in GAMES), key=len)
    text = say(lang, "help", example=f"'{example}'", kind=example.split()[0])
    assert max(len(line) for line in text.splitlines()) <= 79, text


def test_commands_are_understood_in_any_case(tmp_path):
    path = tmp_path / "g.json"
    result = run("play", GAMES[0], "--players", "2", "--seed", "5", "--save", str(path),
                 stdin="HELP\nMoves\nQuit\n")
    assert result.exit_code == 0, result.output
    assert "Other commands:" in result.output and "saved to" in result.output
    assert say("en", "error.bad_notation") not in result.output


def test_commands_are_understood_in_every_language(tmp_path):
    """A command word of another language is understood too ("pista", Catalan's hint, in a
    Brazilian session; "tabuleiro" in a Catalan one), but not a word the game reads as a
    move: that is the move's."""
    from boardgamesbot.cli.words import command_named

    result = run("play", GAMES[0], "--players", "2", "--seed", "5", "--lang", "pt-BR",
                 "--save", str(tmp_path / "g.json"), stdin="pista\nTauler\nsurt\n")
    assert result.exit_code == 0, result.output
    assert "  1. " in result.output and say("pt-BR", "saved", path="")[:8] in result.output
    assert say("pt-BR", "error.bad_notation") not in result.output
    assert command_named("tabuleiro", "ca") == "board"
    assert command_named("tabuleiro", "ca", a_move=lambda word: True) is None
    assert command_named("ajuda", "ca", a_move=lambda word: True) == "help"  # (its own)
    # Brazilian Portuguese's hint in a Catalan session, Catalan's in a Brazilian one, in
    # every game (neither is a word of a move)
    from functools import partial

    from boardgamesbot.cli.play import _a_move

    for name in GAMES:
        a_move = partial(_a_move, load_game(name))
        assert command_named("dica", "ca", a_move) == command_named("Pista", "pt-BR", a_move) \
            == "hint"


def _first_actions(name: str, players: int, until_crossing: bool):
    """The first legal actions of a game of ``players`` from seed 5, up to and including
    the first that crosses (``until_crossing``) or does not cross an undo barrier."""
    state = load_game(name).new(players, 5)
    played = []
    while not state.is_over():
        seat = state.current_players()[0]
        before = state.undo_point()
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        played.append((seat, str(action)))
        if (state.undo_point() != before) == until_crossing:
            return played
    return None


@pytest.mark.parametrize("name", GAMES)
def test_undo_takes_back_the_persons_last_action_within_the_turn(tmp_path, name):
    """'undo' takes back the person's own last action when it revealed nothing and did
    not end the turn (the service's rule, `State.undo_point`); the game goes on from the
    position before it."""
    game = load_game(name)
    players = game.min_players if game.min_players > 1 else 1
    played = _first_actions(name, players, until_crossing=False)
    if played is None:
        pytest.skip(f"no action of {name}'s opening stays within an undo barrier")
    path = tmp_path / "g.json"
    script = [notation for _, notation in played] + ["undo", "quit"]
    result = run("play", name, "--players", str(players), "--humans", str(players),
                 "--seed", "5", "--save", str(path), stdin="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    assert f"took back '{played[-1][1]}'" in result.output
    assert Record.load(path).actions == played[:-1]


@pytest.mark.parametrize("name", GAMES)
def test_undo_refuses_an_action_that_revealed_something(tmp_path, name):
    game = load_game(name)
    players = game.min_players if game.min_players > 1 else 1
    played = _first_actions(name, players, until_crossing=True)
    path = tmp_path / "g.json"
    script = [notation for _, notation in played] + ["undo", "quit"]
    result = run("play", name, "--players", str(players), "--humans", str(players),
                 "--seed", "5", "--save", str(path), "--lang", "pt-BR",
                 stdin="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    refused = [say("pt-BR", f"error.{code}") for code in ("undo_barrier", "undo_not_yours")]
    assert any(sentence in result.output for sentence in refused), result.output[-800:]
    assert Record.load(path).actions == played


def test_undo_never_takes_back_a_bots_move(tmp_path):
    path = tmp_path / "g.json"
    result = run("play", GAMES[0], "--players", "2", "--humans", "0", "--seed", "5",
                 "--save", str(path))
    assert result.exit_code == 0
    record = Record.load(path)
    from boardgamesbot.cli.play import _undo

    undone, said = _undo(record, [False] * len(record.actions), [object(), object()], 1, "en")
    assert undone is None and said == (say("en", "error.undo_bot_action"), "red")
    assert len(record.actions) == len(Record.load(path).actions)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bots_move_is_told_in_the_games_words(tmp_path, lang):
    """"medium (seat 2): camp B5" means nothing to a first-timer: each bot move is also
    told in the game's own words in the person's language, as the browser's log tells it."""
    path = tmp_path / "g.json"
    name = GAMES[-1]
    result = run("play", name, "--players", "2", "--humans", "0", "--bots", "random,random",
                 "--seed", "3", "--lang", lang, "--save", str(path))
    assert result.exit_code == 0, result.output
    record = Record.load(path)
    state = record.new_state()
    told = []
    for seat, notation in record.actions[:6]:
        action = state.game.parse_action(notation)
        words = state.game.action_words(state.action_info(seat, action), lang)
        told.append(f"{notation} — {words}")
        state.apply(seat, action)
    shown = " ".join(result.output.split())  # (long lines are wrapped)
    bot = say(lang, "level.random")
    for (seat, _), line in zip(record.actions, told):
        who = seat_tagged(load_game(name), seat, bot, lang)  # (as the board names the seat)
        assert f"{who}: {' '.join(line.split())}" in shown, line


def test_the_games_list_speaks_the_language():
    result = run("games", "--lang", "pt-BR")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == GAMES  # the names as they are typed
    for line, name in zip(lines, GAMES):
        game = load_game(name)
        assert f"({game.min_players}-{game.max_players} jogadores)" in line, line
        title = game.titles.get("pt-BR", name)
        assert title.lower() == name or title in line, line


def test_hot_seat_hands_the_keyboard_over_where_choices_are_hidden(tmp_path, monkeypatch):
    """Two people at one keyboard in a step where both choose at once: between them the
    screen is cleared and the keyboard handed over, so the second never reads the first's
    choice, which the game keeps hidden until both have chosen. (A script is not asked.)"""
    from rich.console import Console

    name = next((n for n in GAMES if load_game(n).max_players > 1
                 and len(load_game(n).new(2, 5).current_players()) > 1), None)
    if name is None:
        pytest.skip("no registered game has a step where several seats choose at once")
    first = str(load_game(name).new(2, 5).legal_actions(0)[0])
    args = ("play", name, "--players", "2", "--humans", "2", "--seed", "5", "--save",
            str(tmp_path / "g.json"))
    handed = say("en", "hand_over", n=2).split(":")[0]  # (the rest may be wrapped)
    in_a_script = run(*args, stdin=f"{first}\nquit\n")
    assert handed not in in_a_script.output and "seat 2>" in in_a_script.output

    monkeypatch.setattr(Console, "is_terminal", property(lambda self: True))
    monkeypatch.setattr(Console, "clear", lambda self, home=True: self.print("<cleared>"))
    result = run(*args, stdin=f"{first}\n\nquit\n")
    assert result.exit_code == 0, result.output
    before, after = result.output.split(handed)
    assert before.rstrip().endswith("<cleared>")      # seat 1's screen is gone first
    assert after.split("Enter.")[1].lstrip().startswith("<cleared>")  # seat 2: a clean one
    assert "seat 2>" in after and "seat 1>" not in after


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_of_a_game_says_how_to_play_another_like_it(tmp_path, lang):
    """Friends who finish a game want another: the end says, in their language, the
    command that starts one with the same game, seats, bots and options (a new seed),
    and that command does."""
    import shlex

    first, second = tmp_path / "first.json", tmp_path / "second.json"
    result = run("play", "tikal", "--players", "2", "--humans", "0", "--bots", "random,easy",
                 "--variant", "auction", "--seed", "3", "--lang", lang, "--save", str(first))
    assert result.exit_code == 0, result.output
    opening = say(lang, "again", command="").strip()
    told = [line for line in result.output.splitlines() if line.startswith(opening)]
    assert len(told) == 1, result.output
    words = shlex.split(told[0].removeprefix(opening))
    assert words[:2] == ["bgbot", "play"] and "--seed" not in words
    if lang != environment_language():
        assert words[-2:] == ["--lang", lang]
    again = run(*words[1:], "--save", str(second), stdin="quit\n")
    assert again.exit_code == 0, again.output
    before, after = Record.load(first), Record.load(second)
    assert (after.game, after.seats, after.options) == (before.game, before.seats, before.options)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_is_said_in_sentences_indented_under_its_number(tmp_path, lang):
    """`hint` on an 80-column terminal: each suggestion's words wrap under its own text,
    not at the left edge where they read as a new line of the list; and no bare rating
    ("worth -0.9": a search bot's margin or chance, a different number in each game, and
    negative for the best move of a seat behind) stands before the reasons."""
    import re

    prompt = say(lang, "prompt", n=1)
    result = run("play", "tikal", "--players", "2", "--seed", "5", "--lang", lang,
                 "--save", str(tmp_path / "g.json"), stdin="hint\nquit\n")
    assert result.exit_code == 0, result.output
    said = result.output.split(prompt)[1].splitlines()  # what 'hint' printed
    said[0] = said[0].lstrip()
    assert re.match(r"  1\. ", said[0]) or said[0].startswith("1. "), said
    numbers = [line for line in said[1:] if re.match(r"  \d\. ", line)]
    assert len(numbers) == 2, said
    wrapped = [line for line in said[1:] if line and not re.match(r"  \d\. ", line)]
    assert wrapped, said  # (the reasons are longer than a line: the case tried)
    assert all(line.startswith("     ") for line in wrapped), said
    assert max(map(len, said)) <= 80
    assert not re.search(r"\((worth|vale|val) [+-]", result.output), said


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_a_long_refusal_wraps_under_its_own_text(tmp_path, lang):
    """On an 80-column terminal a refusal ("No lugar de 'fim' deve vir uma ação — place,
    enter, …") and its next line (what may be typed now) went on at the left edge, where
    each one's second line read as a new thing said: they wrap under their own text, as
    hints do. And in the basic game 'passar' (meant: I am done) is told to type 'end', in
    one sentence, not that it is written 'pass', a move the basic game then refused."""
    from boardgamesbot.cli.rules import SAY
    from boardgamesbot.games.wording import phrase

    prompt = say(lang, "prompt", n=1)
    result = run("play", "tikal", "--players", "2", "--seed", "5", "--lang", lang,
                 "--save", str(tmp_path / "g.json"),
                 stdin=f"{first_action('tikal')}\nfim\npassar\nwhy passar\nquit\n")
    assert result.exit_code == 0, result.output
    parts = result.output.split(prompt)
    typed_fim, typed_passar = (part.splitlines() for part in parts[2:4])
    # The turn's line too: "Sua vez: end (1), enter (2), camp (1); por exemplo 'end'
    # ('help' lista os" then "comandos)" at the left edge, by the prompt.
    turn = parts[1].splitlines()
    opening = say(lang, "turn", kinds="end (1)", example="end").split(" end")[0]
    at = max(at for at, line in enumerate(turn) if line.startswith(opening))
    assert all(line.startswith("  ") for line in turn[at + 1:]), turn[at:]
    if lang == "pt-BR":
        assert len(turn) > at + 1, turn[at:]  # (longer than a line: the case tried)
    for said in (typed_fim, typed_passar):
        said[0] = said[0].lstrip()  # (the prompt's line: what was typed is not echoed)
        assert max(map(len, said)) <= 80, said
        wrapped = [line for line in said if line.startswith(" ")]
        assert all(line.startswith("  ") and not line.startswith("   ") for line in wrapped)
        assert len(said) - len(wrapped) == 2, said  # the refusal, and what to type now
    assert len(typed_fim) > 3, typed_fim  # (both longer than a line: the case tried)
    passing = " ".join(" ".join(typed_passar).split())
    assert phrase(catalog, lang, "error.no_passing", end="end") in passing, passing
    assert "'pass'" not in passing, passing
    # 'why passar': the refusal, then the rule it rests on, each under its own text
    why = parts[4].splitlines()
    why[0] = why[0].lstrip()
    assert max(map(len, why)) <= 80, why
    assert [line for line in why if not line.startswith(" ")] == [
        why[0], next(line for line in why if line.startswith(SAY[lang]["rule"][:5]))], why


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_the_line_after_a_long_moves_list_wraps_under_its_own_text(tmp_path, lang):
    """'moves' on a Cartographers card (hundreds of drawings) ends with how to see the rest,
    a sentence longer than 80 columns whose second line began at the left edge, under the
    moves, as if it were another thing said."""
    prompt = say(lang, "prompt", n=1)
    result = run("play", "cartographers", "--players", "1", "--seed", "5", "--lang", lang,
                 "--save", str(tmp_path / "g.json"), stdin="moves\nquit\n")
    assert result.exit_code == 0, result.output
    said = result.output.split(prompt)[1].splitlines()
    more = next(at for at, line in enumerate(said) if line.startswith("  … "))
    assert more + 1 < len(said) and said[more + 1].startswith("    "), said[more:]
    assert max(map(len, said)) <= 80, said
