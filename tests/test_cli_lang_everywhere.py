"""``bgbot render``, ``arena`` and ``ratings`` speak the reader's language as ``play`` does:
``--lang`` (else the locale) for their messages, their errors, the picture's words and the
standings' headings; English unchanged without it."""

from __future__ import annotations

import json

import pytest
import sqlalchemy
from click.testing import CliRunner
from rich.progress import Progress

from boardgamesbot.cli import main
from boardgamesbot.cli.words import say
from boardgamesbot.engine import Record, load_game
from tests.test_render import make_record

ENGLISH = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}


def run(*args: str, env: dict | None = None):
    return CliRunner().invoke(main, list(args), env=env or ENGLISH)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _unbroken(text: str) -> str:
    """The text without spaces or line ends: the terminal breaks a long line anywhere, inside
    a path longer than its width too (pytest-xdist's temporary folders can be)."""
    return "".join(text.split())


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_render_draws_and_tells_in_the_chosen_language(tmp_path, lang):
    path, record = make_record(tmp_path, "tikal", 2, seed=1, steps=5)
    out = tmp_path / "board.svg"
    result = run("render", "tikal", str(path), "-o", str(out), "--seat", "2", "--lang", lang)
    assert result.exit_code == 0, result.output
    game = load_game("tikal")
    view = Record.load(path).replay().view(1)
    # the picture's own words (panel, labels) in the language, not English
    assert out.read_text(encoding="utf-8") == game.render_svg(view, lang=lang)
    assert game.render_svg(view, lang=lang) != game.render_svg(view)
    told = say(lang, "render.done", output=out, game=game.titles[lang], shown=5, total=5,
               who=say(lang, "render.seat", n=2))
    assert _unbroken(told) in _unbroken(result.output)
    assert "as seat 2 sees it" not in result.output


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_render_refusals_in_the_chosen_language_change_nothing(tmp_path, lang):
    path, _ = make_record(tmp_path, "tikal", 2, seed=1, steps=5)
    cases = [
        (["-o", str(tmp_path / "x.gif")], say(lang, "render.format", output=tmp_path / "x.gif")),
        (["-o", str(tmp_path / "x.svg"), "--step", "9"], say(lang, "render.step", total=5)),
        (["-o", str(tmp_path / "x.svg"), "--seat", "3"], say(lang, "setup.seat", seats=2)),
        (["-o", str(tmp_path / "x.svg"), "--width", "100"], say(lang, "render.width")),
    ]
    for args, message in cases:
        result = run("render", "tikal", str(path), *args, "--lang", lang)
        assert result.exit_code == 2, result.output
        assert f"{say(lang, 'error')}: {message}" in _flat(result.output), args
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tikal.json"]  # nothing written


def test_arena_and_ratings_speak_the_language_of_the_locale_and_of_lang(tmp_path):
    db = f"sqlite:///{tmp_path / 'arena.db'}"
    catalan = {"LANG": "ca_ES.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    played = run("arena", "tikal", "--bots", "random", "--games", "2", "--db", db, env=catalan)
    assert played.exit_code == 0, played.output
    table = _flat(played.output)
    for heading in ("victòries", "per seient", "punts mitjans"):
        assert heading in table, heading
    assert "2 jugadors, 2 partides, llavor 0" in table
    assert "partides desades a" in table and "players" not in table
    rated = run("ratings", "tikal", "--db", db, "--lang", "pt-BR", env=catalan)
    assert rated.exit_code == 0, rated.output
    assert "vitórias" in rated.output and "os tempos de decisão não são guardados" in _flat(
        rated.output)
    english = run("ratings", "tikal", "--db", db)
    assert "wins" in english.output and "decision times are not stored" in _flat(
        english.output)
    refused = run("arena", "tikal", "--bots", "random", "--games", "2", "--workers", "0",
                  "--lang", "pt-BR")
    assert refused.exit_code == 2
    assert "erro: --workers deve ser pelo menos 1, não 0" in _flat(refused.output)


@pytest.mark.parametrize("lang, integer, file, folder", [
    ("pt-BR", "INTEIRO", "ARQUIVO", "PASTA"), ("ca", "ENTER", "FITXER", "CARPETA")])
def test_the_kinds_of_values_in_the_help_are_in_the_language(lang, integer, file, folder):
    """Click's type names (INTEGER, FILE, DIRECTORY) were English in a translated help;
    they are said in the language, and English again outside it (click.INT is shared)."""
    play = _flat(run("play", "--help", "--lang", lang).output)
    assert f"--players {integer}" in play and f"--save {file}" in play
    assert "INTEGER" not in play and " FILE " not in play
    arena = _flat(run("arena", "--help", "--lang", lang).output)
    assert f"--save-dir {folder}" in arena and "DIRECTORY" not in arena
    again = _flat(run("play", "--help").output)
    assert "--players INTEGER" in again and "--save FILE" in again


def test_the_arenas_progress_bar_is_labelled_in_the_language(tmp_path, monkeypatch):
    """The bar on stderr said "tikal games" in every language."""
    labels: list[str] = []
    add_task = Progress.add_task

    def noted(progress, description, *args, **kwargs):
        labels.append(description)
        return add_task(progress, description, *args, **kwargs)

    monkeypatch.setattr(Progress, "add_task", noted)
    played = run("arena", "tikal", "--bots", "random", "--games", "2", "--lang", "pt-BR")
    assert played.exit_code == 0, played.output
    assert labels == ["partidas de tikal"]


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_the_stored_games_refusals_keep_their_particulars_in_the_language(tmp_path, lang):
    """In Portuguese and Catalan a bad --db, a database with no arena games and an unknown
    run were said only as "that database cannot be used", "no such run is stored": they
    name the URL, the file, the run and the runs there are, as the English does."""
    db = f"sqlite:///{tmp_path / 'arena.db'}"
    played = run("arena", "tikal", "--bots", "random", "--games", "2", "--db", db, "--json")
    assert played.exit_code == 0, played.output
    stored = json.loads(played.output)["run"]
    missing, empty = tmp_path / "missing.db", tmp_path / "empty.db"
    sqlalchemy.create_engine(f"sqlite:///{empty}").connect().close()
    nowhere = f"sqlite:///{tmp_path}/no/such/dir/a.db"
    cases = [
        (["arena", "tikal", "--bots", "random", "--games", "2", "--db", "no url"],
         say(lang, "setup.bad_database.not_url", url="no url")),
        (["ratings", "tikal", "--db", f"sqlite:///{missing}"],
         say(lang, "setup.bad_database.no_file", path=missing)),
        (["ratings", "tikal", "--db", f"sqlite:///{empty}"],
         say(lang, "setup.no_arena_games", game="tikal", db=f"sqlite:///{empty}")),
        (["ratings", "cartographers", "--db", db],
         say(lang, "setup.no_arena_games", game="cartographers", db=db)),
        (["ratings", "tikal", "--db", db, "--run", "nosuchrun"],
         say(lang, "setup.unknown_run", run="nosuchrun", db=db, game="tikal", runs=stored)),
        (["ratings", "cartographers", "--db", db, "--run", "nosuchrun"],
         say(lang, "setup.unknown_run.none", run="nosuchrun", db=db, game="cartographers")),
        (["ratings", "cartographers", "--db", db, "--run", stored],
         say(lang, "setup.unknown_run.other_game", run=stored, played="tikal",
             game="cartographers")),
    ]
    for args, message in cases:
        result = run(*args, "--lang", lang)
        assert result.exit_code == 2, result.output
        assert _flat(f"{say(lang, 'error')}: {message}") in _flat(result.output), args
    opened = run("arena", "tikal", "--bots", "random", "--games", "2", "--db", nowhere,
                 "--lang", lang)
    assert opened.exit_code == 2
    assert _flat(say(lang, "setup.bad_database", url=nowhere, reason="")) \
        in _flat(opened.output)
    assert not missing.exists()  # nothing was created
    assert json.loads(run("ratings", "tikal", "--db", db, "--json").output)["games"] == 2


def test_a_run_with_an_option_left_at_its_default_is_rated_with_one_that_names_it(tmp_path):
    """Stored games of one kind are rated together however their options were written: a
    run without --variant plays the basic game, as one with ``--variant basic`` does
    (they were refused as "different kinds")."""
    db = f"sqlite:///{tmp_path / 'arena.db'}"
    for variant in ((), ("--variant", "basic")):
        played = run("arena", "tikal", "--bots", "random", "--games", "2", *variant,
                     "--db", db, "--json")
        assert played.exit_code == 0, played.output
    result = run("ratings", "tikal", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 4


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_stored_games_of_different_kinds_are_refused_naming_each_kind_and_its_runs(tmp_path,
                                                                                  lang):
    """Rating two runs of different kinds together is refused, and in every language the
    refusal says what differs (players, options) and which runs are of each kind, with the
    way out (--run): in Portuguese and Catalan it was only "these stored games cannot be
    rated together"."""
    db = f"sqlite:///{tmp_path / 'arena.db'}"
    runs = []
    for variant in ("basic", "auction"):
        played = run("arena", "tikal", "--bots", "random", "--games", "2", "--variant",
                     variant, "--db", db, "--json")
        assert played.exit_code == 0, played.output
        runs.append(json.loads(played.output)["run"])
    result = run("ratings", "tikal", "--db", db, "--lang", lang)
    assert result.exit_code == 2, result.output
    kinds = "; ".join(
        say(lang, "ratings.kind", players=2, options=f", variant {variant}",
            runs=say(lang, "ratings.kind.runs", n=1, runs=stored))
        for variant, stored in sorted(zip(("basic", "auction"), runs)))
    told = say(lang, "setup.mixed_runs", game="tikal", kinds=kinds)
    assert _flat(f"{say(lang, 'error')}: {told}") in _flat(result.output)
    assert all(stored in _flat(told) for stored in runs)
    if lang != "en":
        assert "different kinds" not in result.output and "players" not in result.output


@pytest.mark.parametrize("lang, locale", [("en", "en_US.UTF-8"), ("pt-BR", "pt_BR.UTF-8"),
                                          ("ca", "ca_ES.UTF-8")])
def test_the_real_bgbots_help_speaks_the_locales_language(lang, locale):
    """The installed `bgbot`, run as a person runs it with their LANG: its usage line said
    "[OPTIONS] COMMAND [ARGS]..." under "Uso:", and a game's own tools (`bgbot
    cartographers score --help`) were English from their first line to their options'.
    Each says its usage, its text and its options' help in the locale's language."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import click

    from boardgamesbot.cli import GAME_COMMANDS
    from boardgamesbot.cli.usage import _entry, _help, commands, option_key
    from boardgamesbot.engine import known_games

    bgbot = Path(sys.executable).with_name("bgbot")
    said = {**_help(lang), **{path: text for name in known_games()
                              for path, text in load_game(name).command_help(lang).items()}}
    assert GAME_COMMANDS and all(name in said or lang == "en" for name in GAME_COMMANDS)
    chosen = {"", "replay", "chat matrix", *(path for path, _ in commands(main)
                                             if path.split(" ")[0] in GAME_COMMANDS)}
    environment = {**os.environ, "LANG": locale, "LC_ALL": "", "LC_MESSAGES": ""}
    for path, command in commands(main):
        if path not in chosen:
            continue
        shown = subprocess.run([str(bgbot), *path.split(), "--help"], env=environment,
                               capture_output=True, text=True, timeout=120)
        assert shown.returncode == 0, shown.stderr
        usage = " ".join(filter(None, [_entry(lang, "click.usage"), "bgbot", path,
                                       _entry(lang, "click.metavar.options")]))
        assert shown.stdout.startswith((usage + " ", usage + "\n")), (usage, shown.stdout)
        if isinstance(command, click.Group):
            assert f"{usage} {_entry(lang, 'click.metavar.command')}\n" in shown.stdout
        text = _unbroken(shown.stdout)  # (click breaks a sentence at a hyphen too)
        help_text = said.get(path or "bgbot", command.help or "")
        assert _unbroken(help_text.split("\n\n")[0]) in text, (path, text)
        for param in command.params:
            if isinstance(param, click.Option) and param.help and not hasattr(param, "uses"):
                option = said.get(option_key(path or "bgbot", param), param.help)
                assert _unbroken(option) in text, (path, option, text)
        if lang != "en":  # (no English sentence of the command's left)
            assert _unbroken((command.help or "").split("\n\n")[0]) not in text, (path, text)


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_the_helps_placeholders_are_the_readers_words(lang):
    """In Portuguese and Catalan the usage line kept click's English placeholders ("Uso:
    bgbot why [OPÇÕES] GAME ACTION", "bgbot cartographers score [OPÇÕES] FILE") while the
    texts said "GAME" in one help and "JOGO" in another. Each command's placeholders
    (its arguments', an option's "[FILE|WORD]") are the language's words, the same the
    help's texts use; a missing one is named so; English is as declared after."""
    import re

    import click

    from boardgamesbot.cli.usage import _entry, commands

    english = ("ACTION", "FILE", "GAME", "NAME", "QUESTION", "RECORD", "WORD")
    locale = {"LANG": f"{lang.replace('-', '_')}.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    placeholder = re.compile(rf"\b({'|'.join(english)})\b")
    seen = 0
    for path, command in commands(main):
        declared = [p.metavar or p.name.upper() for p in command.params
                    if isinstance(p, click.Argument) or p.metavar]
        if not any(placeholder.search(metavar or "") for metavar in declared):
            continue
        shown = run(*path.split(), "--help", env=locale)  # (not every command has --lang)
        assert shown.exit_code == 0, shown.output
        assert not placeholder.search(shown.output), (path, shown.output)
        for metavar in declared:
            for word in placeholder.findall(metavar or ""):
                assert _entry(lang, f"metavar.{word}") in shown.output, (path, shown.output)
                seen += 1
    assert seen >= 10
    missing = run("why", "--lang", lang)
    assert missing.exit_code == 2
    assert f"'{_entry(lang, 'metavar.GAME')}'" in missing.output, missing.output
    assert run("why", "--help", "--lang", "en").output.startswith(
        "Usage: main why [OPTIONS] GAME ACTION")  # (CliRunner names it main)


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_bgbot_help_follows_the_lang_the_rest_of_the_terminal_follows(lang):
    """`bgbot --help` followed the locale only: `bgbot --lang pt-BR --help` (or `-l ca`,
    the way every command takes it) was refused, "Não existe a opção '--lang'", in the
    very language asked for. The group takes --lang before or after --help, before the
    command too, where that command speaks it (`bgbot --lang ca games`); the command's
    own --lang is the nearer choice; without any, the locale (LC_ALL before LANG)."""
    from boardgamesbot.cli.usage import _help

    opening = " ".join(_help(lang)["bgbot"].split("\n\n")[0].split())
    for args in (["--lang", lang, "--help"], ["--help", "--lang", lang], ["-l", lang, "--help"],
                 [f"--lang={lang}", "-h"]):
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
        assert opening in _flat(result.output), (args, result.output)
    catalan_all = {"LANG": "pt_BR.UTF-8", "LC_ALL": f"{lang.replace('-', '_')}.UTF-8",
                   "LC_MESSAGES": ""}
    assert opening in _flat(run("--help", env=catalan_all).output)
    listed = run("--lang", lang, "games")
    assert listed.exit_code == 0, listed.output
    assert say(lang, "games.line", name="tikal", min=2, max=4) in listed.output, listed.output
    nearer = run("--lang", lang, "games", "--lang", "en")
    assert say("en", "games.line", name="tikal", min=2, max=4) in nearer.output, nearer.output
    assert run("-l", lang, "games", "--help", "--lang", "en").output.startswith("Usage:")
    unknown = run("--lang", "xx", "--help")
    assert unknown.exit_code != 0 and "xx" in unknown.output
