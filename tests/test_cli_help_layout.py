"""Every command's `--help` laid out for the terminal it is read in: 80 columns and a
phone's 40, in English, Brazilian Portuguese and Catalan. Nothing goes past the line's
end (the terminal broke it anywhere), nothing is cut short ("Faz computadores..."), the
options' long names and their descriptions line up, and nothing is left in English."""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from boardgamesbot.cli import main
from boardgamesbot.cli.usage import _entry, _help, commands, option_key
from boardgamesbot.engine import known_games, load_game

LOCALES = {"en": "en_US.UTF-8", "pt-BR": "pt_BR.UTF-8", "ca": "ca_ES.UTF-8"}


def shown_help(path: str, lang: str, columns: int) -> str:
    """``bgbot PATH --help`` as a terminal of ``columns`` shows it, in the locale's ``lang``."""
    environment = {"LANG": LOCALES[lang], "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": str(columns)}
    result = CliRunner().invoke(main, [*path.split(), "--help"], env=environment)
    assert result.exit_code == 0, (path, result.output)
    return result.output


def said_help(lang: str) -> dict[str, str]:
    """Each command's and option's help in ``lang``, by the catalog's paths."""
    return {
        **_help(lang),
        **{
            path: text
            for name in known_games()
            for path, text in load_game(name).command_help(lang).items()
        },
    }


def section(text: str, heading: str) -> list[str]:
    """The lines of the help's section under ``heading`` ("Options:"), to the next one."""
    lines = text.splitlines()
    if heading not in lines:
        return []
    start = lines.index(heading) + 1
    end = next(
        (at for at in range(start, len(lines)) if lines[at] and lines[at][0] != " "), len(lines)
    )
    return lines[start:end]


@pytest.mark.parametrize("columns", [40, 80])
@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_every_commands_help_fits_lines_up_and_is_in_the_language(lang, columns):
    """At 40 columns click still laid the help out for 50 (its least), so the terminal
    broke every option's line anywhere, with a column of descriptions ten letters wide,
    and the list of commands was cut ("Faz computadores..."); options without a short
    flag began where "-p, --players" does, their long names out of line; a translated
    example ("bgbot play JOC --players 3") stood its description a column left of the
    others'. Every command's help, in each language, at 40 and 80 columns: no line past
    the width, no "...", each option's long name in one column and its description in
    another (at 40, under it), every sentence of it in the language."""
    said = said_help(lang)
    english = said_help("en") if lang == "en" else {}
    # (an option's line: its short flag, or as many blanks, then its long name)
    option_name = re.compile(r"^  (-\w, |    )?(--[\w-]+)")
    for path, command in commands(main):
        text = shown_help(path, lang, columns)
        where = f"bgbot {path} --help, {lang}, {columns} columns:\n{text}"
        assert all(len(line) <= columns for line in text.splitlines()), where
        # (past the usage line, whose "[ARGS]..." is click's)
        assert "..." not in text.split("\n\n", 1)[1], where
        flat = " ".join(text.split())
        options = section(text, _entry(lang, "click.section_options") + ":")
        named = [found for line in options if (found := option_name.match(line))]
        assert named, where
        # (the long names in one column, whether a short flag comes before them or not)
        assert all(found[1] for found in named) or not any(found[1] for found in named), where
        # (each description in one column: beside its name at 80, under it at 40)
        starts = set()
        for line in options:
            gap = re.search(r"\S( {2,})(?=\S)", line)
            if option_name.match(line):
                assert columns == 80 or gap is None, where  # (at 40 the name alone)
                if gap is not None:
                    starts.add(gap.end())
            elif line.strip() and not (" " not in line.strip() and len(line) > columns - 8):
                # (but a word longer than the column, a URL, out to the section's indent)
                starts.add(len(line) - len(line.lstrip()))
        assert len(starts) == 1, (starts, where)
        # (every option's help and the command's first paragraph, in the language)
        for param in command.params:
            if isinstance(param, click.Option) and param.help and not hasattr(param, "uses"):
                key = option_key(path or "bgbot", param)
                told = said.get(key, english.get(key, param.help))
                assert " ".join(told.split()) in flat, (told, where)
                if lang != "en" and told != param.help:
                    assert " ".join(param.help.split()) not in flat, (param.help, where)
        first = said.get(path or "bgbot", command.help or "").split("\n\n")[0]
        assert " ".join(first.split()) in flat, (first, where)
