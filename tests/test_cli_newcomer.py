"""What a newcomer types before reading the docs: a game's name as they know it (in their
language, without accents, misspelled), a language the terminal does not speak, a saved
game that is missing or broken. Each is answered in one line in their language, and a
refusal leaves nothing behind."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from boardgamesbot.cli import main
from boardgamesbot.cli.words import say
from boardgamesbot.engine import Record, known_games, load_game

LOCALES = {"en": "en_US.UTF-8", "pt-BR": "pt_BR.UTF-8", "ca": "ca_ES.UTF-8"}


def run(*args: str, stdin: str | None = None, env: dict | None = None):
    return CliRunner().invoke(main, list(args), input=stdin, env=env)


def error_line(result, lang: str) -> str:
    """The one line of a refusal, checked to open with "error:" in ``lang``."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith(say(lang, "error") + ": "), lines[0]
    return lines[0]


@pytest.mark.parametrize("name", known_games())
def test_a_game_is_found_by_its_title_in_any_language_without_accents(tmp_path, name):
    """The terminal prints "Cartógrafos" to a Brazilian: typed back ("cartografos",
    "Cartògrafs", "CARTOGRAPHERS") it is that game, in every command that takes one."""
    game = load_game(name)
    typed = {title for title in game.titles.values()}
    typed |= {title.upper() for title in typed}
    typed |= {title.lower().translate(str.maketrans("áàâãéèêíïóòôõúüç", "aaaaeeeiioooouuc"))
              for title in typed}
    rules = run("rules", name, "--lang", "en")
    for text in sorted(typed):
        result = run("rules", text, "--lang", "en")  # (the same page, or the same refusal)
        assert (result.exit_code, result.output) == (rules.exit_code, rules.output), text
    save = tmp_path / "game.json"
    for text in sorted(typed):
        result = run("play", text, "--players", str(game.min_players), "--seed", "1",
                     "--save", str(save), stdin="quit\n")
        assert result.exit_code == 0, (text, result.output)
        assert Record.load(save).game == name, text


def test_the_bot_commands_take_a_game_by_its_title_too(tmp_path):
    """`arena`, `ratings` and `train` took only the game's name ("no game 'Cartógrafos'"),
    where `play` took the title the terminal prints."""
    for name in known_games():
        for title in load_game(name).titles.values():
            result = run("ratings", title, "--db", f"sqlite:///{tmp_path}/none.db",
                         env={"LANG": "en_US.UTF-8"})
            line = error_line(result, "en")  # (no games stored: the game itself was found)
            assert "none.db" in line and "unknown game" not in line, (title, line)
    save = tmp_path / "records"
    result = run("arena", "Cartógrafos", "--bots", "random", "--players", "1", "--games", "1",
                 "--save-dir", str(save), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["game"] == "cartographers"


def test_the_titles_people_know_cartographers_by_are_understood():
    for typed in ("cartografos", "Cartógrafos", "cartògrafs", "CARTOGRAFS"):
        result = run("why", typed, "pass", "--lang", "ca")
        assert "Traceback" not in result.output
        assert say("ca", "setup.unknown_game", name=typed, known="")[:12] \
            not in result.output, typed


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_misspelled_game_is_answered_with_the_nearest_one_in_the_language(
        tmp_path, monkeypatch, lang):
    monkeypatch.chdir(tmp_path)
    for command in (["play", "tical"], ["rules", "tical"], ["why", "tical", "end"],
                    ["ask", "tical", "can I walk over a volcano?"],
                    ["arena", "tical", "--bots", "random", "--games", "2"],
                    ["ratings", "tical", "--db", f"sqlite:///{tmp_path}/none.db"],
                    ["train", "tical", "--games", "1", "--out", "weights.json"]):
        result = run(*command, env={"LANG": LOCALES[lang]})
        line = error_line(result, lang)
        assert line.endswith(say(lang, "setup.unknown_game_near", name="tical",
                                 near="tikal", known=", ".join(known_games()))), line
    result = run("play", "chess", env={"LANG": LOCALES[lang]})
    assert "'tikal'?" not in error_line(result, lang)  # nothing near: no guess
    assert not list(tmp_path.iterdir())  # nothing saved


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_language_the_terminal_does_not_speak_is_refused_in_the_locales(lang):
    for command in (["play", "tikal"], ["rules", "tikal"], ["replay", "x.json"]):
        result = run(*command, "--lang", "fr", env={"LANG": LOCALES[lang]})
        line = error_line(result, lang)
        assert say(lang, "setup.lang", given="fr", known="en, pt-BR, ca") in line, line


def lang_commands() -> list[str]:
    """Every `bgbot` command with a ``--lang`` option, by its path ("cartographers score")."""
    from boardgamesbot.cli.usage import commands

    return [path for path, command in commands(main)
            if any("--lang" in param.opts for param in command.params)]


@pytest.mark.parametrize("lang", list(LOCALES))
def test_every_commands_unknown_language_is_refused_in_the_locales_listing_the_languages(
        tmp_path, lang):
    """`bgbot cartographers score SHEET --card X --lang xx` scored in the locale's language,
    saying nothing of 'xx'. Every command's --lang (the games' own tools' too), however
    written, is refused in the locale's language, naming the languages there are; nothing
    is done (no score printed)."""
    from tests.cartographers.helpers import BLANK_A

    sheet = tmp_path / "sheet.txt"
    sheet.write_text(BLANK_A)
    paths = lang_commands()
    assert {"play", "cartographers score", "games"} <= set(paths), paths
    env = {"LANG": LOCALES[lang], "LC_ALL": "", "LC_MESSAGES": ""}
    for path in paths:
        for written in (["--lang", "xx"], ["--lang=xx"], ["-l", "xx"], ["-lxx"]):
            result = run(*path.split(), *written, env=env)
            line = error_line(result, lang)
            assert say(lang, "setup.lang", given="xx", known="en, pt-BR, ca") in line, (path, line)
    scored = run("cartographers", "score", str(sheet), "--card", "Sentinel Wood",
                 "--lang", "xx", env=env)
    assert say(lang, "setup.lang", given="xx", known="en, pt-BR, ca") in error_line(scored, lang)


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_missing_or_broken_saved_game_is_said_in_the_language(tmp_path, lang):
    env = {"LANG": LOCALES[lang]}
    missing = tmp_path / "nowhere.json"
    line = error_line(run("replay", str(missing), "--no-step", env=env), lang)
    assert say(lang, "record.unreadable", path=missing, reason="")[:-1].strip() in line
    broken = tmp_path / "broken.json"
    for text in ("{oops", json.dumps({"format": Record.FORMAT, "game": "tikal"}),
                 json.dumps({"format": Record.FORMAT, "game": "tikal", "seed": 1,
                             "seats": ["a", "b"], "actions": [[1, "end"]]})):
        broken.write_text(text)
        for command in (["replay", str(broken), "--no-step"],
                        ["why", "tikal", "end", "--record", str(broken)]):
            line = error_line(run(*command, env=env), lang)
            opening = say(lang, "record.invalid", path=broken, reason="").rstrip(": ")
            assert opening in line, (command, line)
        assert broken.read_text() == text  # a refusal changes nothing


def test_an_error_shows_what_was_typed_even_with_brackets(tmp_path):
    """A path or a name holding "[bold]" is shown as typed, not read as the console's
    markup (it vanished, and "[chat]" in the missing-extra error with it)."""
    missing = tmp_path / "[bold]game.json"
    line = error_line(run("replay", str(missing), "--no-step"), "en")
    assert str(missing) in line
    line = error_line(run("play", "[red]tical"), "en")
    assert "'[red]tical'" in line


def test_the_catalan_help_does_not_promise_a_way_back_into_a_quit_game():
    """`bgbot replay` shows a saved game again; it does not go on with it. The Catalan
    help said "per tornar-hi" (to go back into it), which a newcomer reads as resuming;
    it now says, as the line printed on quitting does, that it is to see it again."""
    from boardgamesbot.cli.words import command_word

    # (the entry of 'surt', its later lines standing in under its text)
    lines = say("ca", "help", example="x", kind="x").splitlines()
    at = next(i for i, line in enumerate(lines) if line.split()[:1] == [command_word("quit", "ca")])
    entry = [lines[at], *(line for line in lines[at + 1:at + 3] if line.startswith("    "))]
    quit_line = " ".join(" ".join(entry).split())
    assert "tornar-hi" not in quit_line
    assert "reveure-la: bgbot replay" in quit_line  # ("veure": see, as "saved" says)
    assert "torna-la a veure amb: bgbot replay" in say("ca", "saved", path="p")


@pytest.mark.parametrize("lang", list(LOCALES))
def test_ask_with_a_game_and_no_question_says_how_to_ask(lang):
    """`bgbot ask tikal` was taken as the question "tikal" and answered "I don't know"."""
    for name in known_games():
        for typed in {name, *load_game(name).titles.values()}:
            result = run("ask", typed, env={"LANG": LOCALES[lang]})
            line = error_line(result, lang)
            assert line.endswith(say(lang, "ask.what", game=name)), line


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_save_place_that_cannot_be_written_is_refused_before_the_game(tmp_path, lang):
    """`--save` under a file (or anywhere the game cannot be kept) ended in a traceback;
    now it is one line in the language, before any move is asked for."""
    blocker = tmp_path / "a-file"
    blocker.write_text("mine")
    result = run("play", "tikal", "--save", str(blocker / "game.json"),
                 env={"LANG": LOCALES[lang]}, stdin="quit\n")
    line = error_line(result, lang)
    assert say(lang, "save.unwritable", path=blocker / "game.json", reason="x").split(
        ": x")[0] in line
    assert blocker.read_text() == "mine"


def test_the_game_is_saved_before_the_first_move(tmp_path):
    path = tmp_path / "deep" / "game.json"
    result = run("play", "tikal", "--seed", "2", "--save", str(path), stdin="quit\n")
    assert result.exit_code == 0, result.output
    assert Record.load(path).actions == [] and Record.load(path).seed == 2


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_seat_or_a_game_that_does_not_fit_the_saved_game_is_said_in_the_language(
        tmp_path, lang):
    env = {"LANG": LOCALES[lang]}
    path = tmp_path / "game.json"
    Record.start("tikal", 1, ["a", "b"]).save(path)
    line = error_line(run("replay", str(path), "--no-step", "--seat", "9", env=env), lang)
    assert line.endswith(say(lang, "setup.seat", seats=2)), line
    other = next(name for name in known_games() if name != "tikal")
    line = error_line(run("why", other, "end", "--record", str(path), env=env), lang)
    assert line.endswith(say(lang, "record.other_game", path=path, recorded="tikal",
                             game=other)), line


@pytest.mark.parametrize(("typed", "lang"), [
    ("português", "pt-BR"), ("Portugues", "pt-BR"), ("portuguese", "pt-BR"),
    ("català", "ca"), ("Catalan", "ca"), ("English", "en"), ("inglês", "en")])
def test_lang_takes_a_language_by_its_name(typed, lang):
    """Someone who has not met language codes types the language's name."""
    named = run("rules", "tikal", "--lang", typed)
    assert named.exit_code == 0, named.output
    assert named.output == run("rules", "tikal", "--lang", lang).output


def test_a_quit_game_goes_on_with_resume_as_it_was(tmp_path):
    """'quit' saves; `bgbot play --resume FILE` goes on from there with the same seats:
    the bot plays again as that bot, the person is asked at their prompt, and the record
    grows in the same file."""
    path = tmp_path / "game.json"
    first = run("play", "tikal", "--seed", "4", "--bots", "easy", "--save", str(path),
                stdin="place A4\nquit\n")
    assert first.exit_code == 0, first.output
    assert Record.load(path).actions == [(0, "place A4")]
    again = run("play", "--resume", str(path), stdin="end\nquit\n")
    assert again.exit_code == 0, again.output
    # (the line may break anywhere, inside a path longer than the terminal is wide too)
    assert "".join(say("en", "resumed", game="Tikal", actions=1, path=path).split()) in "".join(
        again.output.split())
    record = Record.load(path)
    assert record.seats == [say("en", "person", n=1), "easy"] and record.seed == 4
    assert record.actions[:2] == [(0, "place A4"), (0, "end")]
    assert {seat for seat, _ in record.actions[2:]} == {1}  # the bot's turn, then the person's
    assert record.replay().current_players() == [0]


def test_resume_can_undo_what_was_played_before_the_quit(tmp_path):
    """The undo barriers of the actions played before quitting count after resuming."""
    path = tmp_path / "game.json"
    run("play", "tikal", "--seed", "4", "--save", str(path), stdin="place A4\nquit\n")
    again = run("play", "--resume", str(path), stdin="undo\nquit\n")
    assert again.exit_code == 0, again.output
    assert say("en", "undone", action="place A4") in again.output
    assert Record.load(path).actions == []


@pytest.mark.parametrize("lang", list(LOCALES))
def test_resume_refuses_other_setup_and_another_game_and_changes_nothing(tmp_path, lang):
    env = {"LANG": LOCALES[lang]}
    path = tmp_path / "game.json"
    Record.start("tikal", 1, ["a", "easy"]).save(path)
    saved = path.read_text()
    for extra in (["--players", "3"], ["--bots", "hard"], ["--seed", "2"], ["--humans", "2"],
                  ["--save", str(tmp_path / "other.json")], ["--variant", "auction"]):
        line = error_line(run("play", "--resume", str(path), *extra, env=env), lang)
        assert line.endswith(say(lang, "resume.alone")), line
    other = next(name for name in known_games() if name != "tikal")
    line = error_line(run("play", other, "--resume", str(path), env=env), lang)
    assert line.endswith(say(lang, "record.other_game", path=path, recorded="tikal",
                             game=other)), line
    line = error_line(run("play", "--resume", str(tmp_path / "none.json"), env=env), lang)
    assert path.read_text() == saved and not (tmp_path / "other.json").exists()


USAGE_ERRORS = {  # a command line a newcomer gets wrong → the entry click says it with
    ("arena",): "click.missing_argument",
    ("play", "tikal", "--nope"): "click.no_such_option",
    ("play", "tikal", "--players", "two"): "click.invalid_value_for",
    ("ask", "-n", "50", "tikal", "why?"): "click.not_in_range",
    ("pley",): "click.no_such_command",
    ("replay", "x.json", "--sead", "3"): "click.did_you_mean",
}


def opening(lang: str, key: str) -> str:
    """The longest run of fixed words of an entry in ``lang`` (its blanks left out)."""
    import re

    from boardgamesbot.cli.words import _catalog

    entry = _catalog(lang)[key]
    text = entry if isinstance(entry, str) else entry["other"]
    return max(re.split(r"\{[^}]*\}", text), key=len).strip(" (")


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_mistyped_command_line_is_answered_in_the_language(lang):
    """Click's own answers ("Missing argument", "No such option", "Invalid value", its
    usage line and "Try … for help") were English whatever the locale or --lang."""
    for command, key in USAGE_ERRORS.items():
        for args, env in ((command, {"LANG": LOCALES[lang]}),
                          ((*command, "--lang", lang), {"LANG": "C"})):
            if args[0] in ("arena", "pley") and "--lang" in args:
                continue  # (commands without --lang: the locale alone says the language)
            result = run(*args, env=env)
            assert result.exit_code == 2, result.output
            lines = result.output.strip().splitlines()
            assert lines[0].startswith(opening(lang, "click.usage") + " "), result.output
            assert opening(lang, "click.try_help") in lines[1], result.output
            assert lines[-1].startswith(opening(lang, "click.error")), result.output
            assert opening(lang, key) in lines[-1], (args, result.output)
            if lang != "en":
                assert opening("en", key) not in result.output, (args, result.output)


def test_clicks_sentences_in_the_catalogues_are_clicks_word_for_word():
    """Each ``click.*`` entry is found by click's English sentence: a click that rewords one
    must make this fail, not silently turn that answer back into English."""
    from pathlib import Path

    import click

    from boardgamesbot.cli.words import _catalog

    source = "".join(path.read_text() for path in Path(click.__file__).parent.glob("*.py"))
    entries = {key: value for key, value in _catalog("en").items() if key.startswith("click.")}
    assert len(entries) > 20
    for key, value in entries.items():
        for form in [value] if isinstance(value, str) else [value["one"], value["other"]]:
            assert f'"{form}"' in source, (key, form)


def command_helps():
    """Every command of the terminal (a game's own tools aside: their game speaks for
    them) with its path, and each of its options that has a help text."""
    import click

    from boardgamesbot.cli import GAME_COMMANDS
    from boardgamesbot.cli.usage import commands, option_key

    for path, command in commands(main):
        if path.split(" ")[0] in GAME_COMMANDS:
            continue
        options = [option_key(path or "bgbot", param) for param in command.params
                   if isinstance(param, click.Option) and param.help
                   and not hasattr(param, "uses")]
        yield path, command, options


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_every_commands_help_is_in_the_language(lang):
    """`bgbot COMMAND --help` was English only: each command's text and each option's help
    are in the catalogue of ``lang`` (no stale entry left over), and shown in it, with the
    --lang or the locale, --help given before or after it."""
    from boardgamesbot.cli.usage import _help

    said = _help(lang)
    named = set()
    for path, command, options in command_helps():
        named |= {path or "bgbot", *options}
        assert path or "bgbot" in said, path
        for key in options:
            assert key in said, key
        words = path.split() if path else []
        for args, env in (((*words, "--help"), {"LANG": LOCALES[lang]}),
                          ((*words, "--help", "--lang", lang), {"LANG": "en_US.UTF-8"})):
            if "--lang" in args and not any(p.name == "lang" for p in command.params):
                continue
            result = run(*args, env=env)
            assert result.exit_code == 0, result.output
            shown = " ".join(result.output.split())
            assert " ".join(said[path or "bgbot"].split("\n\n")[0].split()) in shown, args
            assert " ".join(command.help.split("\n\n")[0].split()) not in shown, args
            assert opening(lang, "click.help_option") in shown
            for key in options:
                assert " ".join(said[key].split())[:30] in shown, (args, key)
    assert set(said) == named  # (an entry for nothing is a command renamed or dropped)


def test_a_games_option_is_helped_in_the_language():
    result = run("play", "--help", env={"LANG": "ca_ES.UTF-8"})
    for name in known_games():
        for option in load_game(name).options:
            assert f"{name}: " in result.output
            assert say("ca", "option.game", game=name, choices="", default=option.default)\
                .split(": ")[1].strip() in " ".join(result.output.split())


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("name", known_games())
def test_the_prompts_commands_are_understood_in_the_persons_language(tmp_path, name, lang):
    """Someone who never read the help types "ajuda", "dica", "sair" ("ajuda", "pista",
    "surt" in Catalan), accents or not: each is the command the help lists in English
    (which still works in every language), never read as a mistyped action; and no word
    a command is typed as is a word of a game's notation."""
    from boardgamesbot.cli.words import COMMANDS, command_spellings, folded

    notation_words = {folded(str(action).split()[0]) for action in
                      load_game(name).new(load_game(name).min_players, 5).legal_actions(0)}
    words = {command: command_spellings(lang, command) for command in COMMANDS}
    assert not notation_words & {folded(w) for said in words.values() for s in said
                                 for w in s.split()}
    unaccented = {c: folded(said[0]) for c, said in words.items()}
    result = run("play", name, "--seed", "5", "--lang", lang, "--save",
                 str(tmp_path / "g.json"), stdin="\n".join([
                     words["help"][0], unaccented["notation"], words["hint"][0].upper(),
                     f"{words['moves'][0]} zzz", unaccented["undo"], words["quit"][0]]) + "\n")
    assert result.exit_code == 0, result.output
    assert say(lang, "help", example="", kind="").split("\n")[0][:20] in result.output
    assert say(lang, "notation.where", game=name) in result.output
    assert "1. " in result.output  # the hints
    assert say(lang, "moves.none", prefix="zzz", kinds="").split("(")[0] in result.output
    assert say(lang, "error.nothing_to_undo") in result.output
    assert say(lang, "saved", path=tmp_path / "g.json") in result.output
    unreadable = say(lang, "unreadable.next")
    assert unreadable not in result.output, result.output


QUESTIONS = {"en": "how does the game end?", "pt-BR": "como termina o jogo?",
             "ca": "com acaba la partida?"}


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("name", ["tikal", "cartographers"])
def test_a_question_typed_at_the_prompt_is_answered_without_ask(tmp_path, name, lang):
    """Mid-game a person types the rules question as they would ask a friend, without the
    'ask' the help lists: a line that ends in '?' (no action does) is answered as 'ask'
    answers it, not refused as a mistyped action."""
    def played(line: str) -> str:
        result = run("play", name, "--seed", "5", "--lang", lang, "--save",
                     str(tmp_path / "g.json"), stdin=f"{line}\nquit\n")
        assert result.exit_code == 0, result.output
        return result.output.split(say(lang, "saved", path=tmp_path / "g.json"))[0]

    asked = played(QUESTIONS[lang])
    assert asked == played(f"ask {QUESTIONS[lang]}")
    assert say(lang, "unreadable.next") not in asked


@pytest.mark.parametrize("lang,typed", [("pt-BR", "por que"), ("pt-BR", "Por quê"),
                                        ("pt-BR", "porque"), ("ca", "per què"),
                                        ("ca", "Per que"), ("ca", "perquè"), ("ca", "perque")])
def test_why_is_understood_as_a_question_spells_it(tmp_path, lang, typed):
    """A Brazilian asks "por que end", a Catalan "per què end": the question's spelling of
    why, two words ("porque", "perquè", one word, are the answer's: because). They were
    refused as a mistyped action ("No lugar de 'por' deve vir uma ação"); they are 'why',
    and a question that begins so is still answered as a question."""
    def played(line: str) -> str:
        result = run("play", "tikal", "--seed", "5", "--lang", lang, "--save",
                     str(tmp_path / "g.json"), stdin=f"{line}\nquit\n")
        assert result.exit_code == 0, result.output
        return result.output.split(say(lang, "saved", path=tmp_path / "g.json"))[0]

    asked = played(f"{typed} end")
    assert asked == played("why end") and say(lang, "unreadable.next") not in asked, asked
    question = {"pt-BR": "por que o jogo acaba?", "ca": "per què acaba la partida?"}[lang]
    assert played(question) == played(f"ask {question}")


@pytest.mark.parametrize("lang,why,because", [("pt-BR", "por que", "porque"),
                                              ("ca", "per què", "perquè")])
def test_why_is_shown_as_the_question_spells_it(tmp_path, lang, why, because):
    """The help, a refusal's next step and 'why' without its action named the command
    "porque", "perquè": the answer's word (because), not the question's. They name it as a
    person asks, "por que", "per què" (every spelling is still understood: above)."""
    from boardgamesbot.cli.words import command_word

    assert command_word("why", lang) == why
    told = played_lines(tmp_path, lang, command_word("help", lang), "end", why)
    assert f"\n  {why} " in told, told
    assert f"'{why} end'" in told and f"'{why} place A4'" in told, told
    assert not re.search(rf"\b{because}\b", told), told


def played_lines(tmp_path, lang: str, *lines: str, name: str = "tikal") -> str:
    """What the prompt printed for ``lines`` typed at the first turn of a seeded game,
    before the 'quit' that ends it (the last one)."""
    result = run("play", name, "--seed", "5", "--lang", lang, "--save",
                 str(tmp_path / "g.json"), stdin="\n".join([*lines, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    return result.output.split(say(lang, "saved", path=tmp_path / "g.json"))[0]


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_help_lists_each_command_by_the_words_of_the_language(tmp_path, lang):
    """A Brazilian's help listed "moves", "hint", "log": typed "movimentos" got a notation
    error, and "jogadas", "dica", "histórico" were never named. The help lists each
    command by its word in the session's language (English still works: the help says
    so), and the turn's line names the help by it too."""
    from boardgamesbot.cli.words import COMMANDS, command_named, command_word

    helped = played_lines(tmp_path, lang, command_word("help", lang))
    top = say(lang, "help", example="", kind="").split("\n")[1]
    listing = helped.split(top)[1].split(say(lang, "legal.now", kinds=""))[0]
    listed = [line for line in listing.splitlines()
              if line.startswith("  ") and not line.startswith("   ")]
    assert len(listed) == len(COMMANDS) - 1, listing
    for command in set(COMMANDS) - {"help"}:
        assert any(re.match(rf"  {command_word(command, lang)}( |$)", line)
                   for line in listed), (command, listing)
    assert f"'{command_word('help', lang)}'" in say(lang, "turn", kinds="", example="")
    # Every command the catalog quotes ("'jogadas tudo'", "'histórico 2'") is quoted in
    # the words of its language, which the prompt reads as that command there.
    for key in ("help", "turn", "turn.short", "unreadable.next", "refused.next", "moves.more",
                "preview.what", "why.what", "log.what", "log.no_page", "log.page.middle",
                "recap.more", "command.near"):
        said = say(lang, key, n=2, kind="place", example="end", action="end", word="x",
                   near="y", kinds="", first=1, last=2, total=3, earlier=2, later=1)
        for quoted in re.findall(r"'([^']+)'", said):
            named = command_named(quoted.split()[0], "en")
            if named is not None:
                assert quoted.startswith(command_word(named, lang)), (key, said)


@pytest.mark.parametrize("lang,typed,meant", [
    ("pt-BR", "movimentos", "jogadas"), ("ca", "moviments", "jugades"),
    ("en", "hnit", "hint"), ("pt-BR", "ajdua", "ajuda"), ("ca", "historical", "historial"),
    ("en", "plase A4", "place"), ("pt-BR", "plase A4", "place"), ("ca", "plase A4", "place"),
    ("pt-BR", "jgoadas", "jogadas"), ("ca", "plcae A4 r1", "place")])
def test_a_near_miss_command_word_is_answered_with_the_command_meant(tmp_path, lang, typed,
                                                                     meant):
    """A word no move begins with that looks like a command's, or is another word for it
    ("movimentos"), is answered with that command in the person's language, not as a
    mistyped action; a mistyped action is still answered as one. A slip of a move's first
    word ("plase A4") is answered with the word meant, as the notation writes it in every
    language (it got a notation error that listed every kind of action but named none),
    and nothing is played."""
    told = " ".join(played_lines(tmp_path, lang, typed).split())
    word = typed.split()[0]
    assert say(lang, "command.near", word=word, near=meant) in told, told
    assert say(lang, "unreadable.next") not in told
    assert not Record.load(tmp_path / "g.json").actions
    moved = " ".join(played_lines(tmp_path, lang, "place Z9").split())
    assert say(lang, "unreadable.next") in moved
    assert say(lang, "command.near", word="place", near="x").split("'")[2] not in moved


#: Words a person might type at the prompt that name no command; none is "Did you mean"
#: a command whose word is neither a slip of it nor of its stem.
NOT_COMMANDS = ["ordre", "ORDRE", "vamos", "nao", "agora", "obrigado", "gràcies", "hola",
                "pizza", "thanks", "order", "partida", "tabela", "sim", "ok", "bora", "vinga"]


@pytest.mark.parametrize("lang", list(LOCALES))
def test_only_a_slip_or_a_word_of_the_same_stem_gets_a_command_suggested(lang):
    """The prompt offered any command `nearest` found alike: a Catalan 'ordre' got
    'tauler' (board), 'jogar' got 'tabuleiro', 'nao' got 'notação'. Now only a slip
    (`a_slip`, as the chat) or another word of the same stem ('movimentos' → the moves)
    is; real slips still get their word."""
    from boardgamesbot.cli.words import command_word, nearest_command

    offered = {word: nearest_command(word, lang, ["place", "end"]) for word in NOT_COMMANDS}
    assert not {word: near for word, near in offered.items() if near is not None}, offered
    assert nearest_command("jogar", "pt-BR") in (None, command_word("moves", "pt-BR"))
    for typed, meant in [("hnit", "hint"), ("movimentos", "moves"), ("plase", "place"),
                         ("hepl", "help")]:
        assert nearest_command(typed, lang, ["place"]) in (meant, command_word(meant, lang)), \
            typed


@pytest.mark.parametrize("lang", list(LOCALES))
def test_moves_all_is_asked_in_the_words_the_help_gives(tmp_path, lang):
    """'jogadas tudo', as the Brazilian help writes it, lists every action, as 'moves all'
    does (it listed those beginning with "tudo": none)."""
    from boardgamesbot.cli.words import command_word

    every = played_lines(tmp_path, lang, "moves all")
    assert played_lines(tmp_path, lang, f"{command_word('moves', lang)} "
                                        f"{say(lang, 'log.all').split()[0]}") == every


def test_a_typed_word_is_folded_in_one_place():
    """The terminal, the chat and the rules search each set case and accents aside with a
    copy of their own (the chat's lower-cased where the terminal's case-folds): one place
    (`boardgamesbot.games.notation.folded`) knows it, and the others fold with it."""
    from pathlib import Path

    import boardgamesbot
    from boardgamesbot.chat import i18n
    from boardgamesbot.games.notation import folded
    from boardgamesbot.help import words

    source = Path(boardgamesbot.__file__).parent
    folding = sorted(str(path.relative_to(source)) for path in source.rglob("*.py")
                     if "unicodedata.combining" in path.read_text(encoding="utf-8"))
    assert folding == ["games/notation.py"], folding
    for typed in ("Guardião", " PERQUÈ ", "Català", "camp"):
        assert i18n.fold(typed) == folded(typed)
        assert words.fold(typed.strip()) == folded(typed)
    assert words.fold("Col·locar") == "collocar"


def test_the_docs_table_of_commands_gives_each_languages_words():
    """docs/cli.md's table of the prompt's commands named them in English alone, and left
    'notation' out: a Brazilian or a Catalan reading it did not learn "jogadas", "per
    què". It has a row for each command with its words in each language, as the catalogs
    write them (so that the page cannot drift from what the prompt reads)."""
    from pathlib import Path

    from boardgamesbot.cli.words import COMMANDS, command_spellings

    text = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text("utf-8")
    header = "| command | pt-BR | ca | what it does |"
    assert header in text
    rows = text.split(header, 1)[1].split("\n\n", 1)[0].strip().splitlines()[1:]
    table = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split(" | ")]
        spelled = [[said.split()[0] if lang == "en" else said
                    for said in re.findall(r"`([^`]+)`", cell)]
                   for lang, cell in zip(("en", "pt-BR", "ca"), cells)]
        table[spelled[0][0]] = spelled
    assert sorted(table) == sorted(COMMANDS)
    for command, spelled in table.items():
        assert spelled == [command_spellings(lang, command) for lang in ("en", "pt-BR", "ca")], \
            command


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
@pytest.mark.parametrize("name", [game for game in known_games()
                                  if load_game(game).help_dir is not None])
def test_a_games_help_page_names_the_prompts_commands_in_its_language(name, lang):
    """The games' Brazilian and Catalan help pages ("No terminal", "Al terminal") named the
    prompt's commands in English ("`moves` lista…", "`quit` desa…"), where the help the
    prompt gives, in the same language, names "jogadas", "sair": a reader of the page
    typed the one and read the other. Each command a page quotes is in its language's
    words (the notation's words, English in every language, stay)."""
    from boardgamesbot.cli.words import COMMANDS, command_spellings
    from boardgamesbot.games.notation import folded
    from boardgamesbot.help import help_page

    page = help_page(name, lang)
    quoted = [said.split()[0] for said in re.findall(r"`([^`\n]+)`", page)]
    named = 0
    for command in COMMANDS:
        english = {folded(word) for word in command_spellings("en", command)}
        own = {folded(word.split()[0]) for word in command_spellings(lang, command)}
        for word in quoted:
            if folded(word) in own:
                named += 1
            # (a notation word spelled as a command, as Tikal's "move" is not one here)
            assert folded(word) not in english - own, (command, word)
    assert named >= 3, quoted


def test_on_a_phone_an_answers_heading_wraps_under_its_own_text(tmp_path, monkeypatch):
    """Asked "com es guanya?" on a phone's 40 columns, an answer's heading ("2. Decisió 6
    (només a la variant amb subhasta)") went on at the left edge, where "subhasta)" read
    as a line of its own; it wraps under its own text, as the answer's body does."""
    from boardgamesbot.cli.terminal import console

    monkeypatch.setattr(console, "_width", 40)
    told = played_lines(tmp_path, "ca", "com es guanya?").split(
        say("ca", "prompt", n=1))[1].splitlines()
    told[0] = told[0].lstrip()
    headings = [at for at, line in enumerate(told) if re.match(r"\d\. ", line.lstrip())]
    assert len(headings) >= 2, told
    assert all(re.match(r"(\d\. |   )", line) for line in told if line.strip()), told


@pytest.mark.parametrize("lang,typed", [("pt-BR", "ajuda"), ("pt-BR", "por que"),
                                        ("ca", "pista"), ("en", "moves")])
def test_a_command_asked_with_a_question_mark_is_the_command(tmp_path, lang, typed):
    """"ajuda?" at a Brazilian prompt was asked of the rules help as a question: "Não sei".
    A command's word with a question mark is that command ('quit' and 'undo' aside: "sair?"
    may well be a question, and stopping or taking back is not to be done on a guess)."""
    assert played_lines(tmp_path, lang, f"{typed}?") == played_lines(tmp_path, lang, typed)
    from boardgamesbot.cli.words import command_word

    went_on = played_lines(tmp_path, lang, f"{command_word('quit', lang)}?",
                           command_word("help", lang))
    assert say(lang, "help", example="", kind="").split("\n")[1] in went_on


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("lang", list(LOCALES))
def test_on_a_phone_the_help_gives_each_command_its_lines(tmp_path, monkeypatch, lang, columns):
    """The help is laid out for 80 columns, a column of commands and one of what each does:
    on a phone's 40 columns the terminal broke every description at the left edge, under
    the commands ("ações do computador difícil, e por quê" read as the next command). There
    each command has a line of its own, what it does under it, wrapped under itself; at 80
    columns the help is as the catalog lays it out."""
    from boardgamesbot.cli.terminal import console
    from boardgamesbot.cli.words import COMMANDS, command_word

    monkeypatch.setattr(console, "_force_terminal", True)  # as a terminal, without colour
    monkeypatch.setattr(console, "_width", columns)
    monkeypatch.setattr(console, "_height", 24)
    helped = played_lines(tmp_path, lang, command_word("help", lang))
    # (what was said after the first prompt, before the next)
    told = helped.split(say(lang, "prompt", n=1) + " ")[1]
    lines = told.splitlines()
    assert max(map(len, lines)) <= columns, told
    if columns == 80:
        assert say(lang, "help", example="", kind="").splitlines()[2] in lines, told
        return
    for command in set(COMMANDS) - {"help"}:
        word = command_word(command, lang)
        at = next(i for i, line in enumerate(lines) if re.match(rf"  {word}( [A-ZÀ-Ú\[]|$)",
                                                                 line))
        assert lines[at + 1].startswith(" " * 6) and lines[at + 1][6] != " ", (word, told)
    # (every line but a sentence's first stands in: none at the left edge mid-sentence)
    assert all(line.startswith(" ") or line[0].isupper() for line in lines), told


@pytest.mark.parametrize("lang,name,typed,meant,written,playable", [
    # (Cartographers' seed 5 draws no forest first: only the card's terrains are legal)
    ("en", "cartographers", "forst 1 r0 A1", "forest", "forest", False),
    ("pt-BR", "cartographers", "forst 1 r0 A1", "forest", "forest", False),
    ("ca", "cartographers", "forst 1 r0 A1", "forest", "forest", False),
    ("ca", "cartographers", "boscc 1 r0 A1", "bosc", "forest", False),
    ("pt-BR", "cartographers", "florestta 1 r0 A1", "floresta", "forest", False),
    ("en", "tikal", "mvoe W A1 A2", "move", "move", False),
    ("pt-BR", "tikal", "colcoar A4", "colocar", "place", True),
    ("ca", "tikal", "colocr A4 r1", "col·locar", "place", True),
    ("ca", "tikal", "mourre W A1 A2", "moure", "move", False),
    ("pt-BR", "tikal", "mvoer W A1 A2", "mover", "move", False)])
def test_a_slip_of_any_word_of_the_notation_is_answered_with_the_word_meant(
        tmp_path, lang, name, typed, meant, written, playable):
    """A slip of a first word of the notation that no action legal now begins with
    ("forst" when the card is a farm) is answered with the word meant, and that it cannot
    be played now; a slip of the person's own word for one ("colcoar") with that word, in
    their language, and how the notation writes it. They got the notation's refusal, which
    listed every kind of action and named none. Nothing is played; a word near none keeps
    the notation's refusal."""
    told = " ".join(played_lines(tmp_path, lang, typed, name=name).split())
    key = "move.near" if meant == written else "move.near.written"
    said = say(lang, key, word=typed.split()[0], near=meant, written=written)
    not_now = say(lang, "move.near.not_now", written=written)
    assert (said + " " + not_now if not playable else said) in told, told
    assert playable or not_now in told
    assert not playable or not_now not in told, told
    assert say(lang, "unreadable.next") not in told, told
    assert not Record.load(tmp_path / "g.json").actions
    far = " ".join(played_lines(tmp_path, lang, "xyzzy A4", name=name).split())
    assert say(lang, "unreadable.next") in far
    assert say(lang, "move.near", word="xyzzy", near="x").split("'")[2] not in far


def test_a_questions_word_that_looks_like_an_option_is_a_word():
    """`bgbot ask tikal posso mover -l` was refused ("Option '-l' requires an argument"):
    the question's last word read as the language option. Once the question has begun, a
    word is an option only with its value (`--lang ca`, `-n 2`, `--json`), as documented."""
    import json

    result = run("ask", "tikal", "posso", "mover", "-l", env={"LANG": LOCALES["pt-BR"]})
    assert result.exit_code == 0, result.output
    asked = run("ask", "tikal", "posso", "mover", "-l", "--json", "-n", "2")
    assert asked.exit_code == 0, asked.output
    assert json.loads(asked.output)["question"].endswith("mover -l")
    options = run("ask", "tikal", "puc caminar sobre un volcà?", "--lang", "ca", "-n", "1",
                  "--json")
    assert options.exit_code == 0, options.output
    assert json.loads(options.output)["lang"] == "ca"
