"""Tikal on a phone's 40x24 terminal, one person against three computers: what the
computers did is told under the half map in as few rows as the screen leaves, so that
the map's top and the scores never scroll away."""

from __future__ import annotations

import re

import pytest

from tests.test_terminal_small_screens_cartographers import prompt_screens


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_three_computers_turns_leave_the_half_map_and_the_scores_on_a_phone(lang):
    """Three computers' turns at two rows each ("random (p2) played: place F4 r1," |
    "  … 6 more ('log')") took 25 to 27 rows of a 40x24 phone: the scores and the
    map's first rows scrolled away. Over seeded random four-player games in the three
    languages, every screen is within 24 rows and 40 columns, with the scores, the
    half map's six rows, the prompt, and what the computers did (a row a turn, or one
    row for them all)."""
    from boardgamesbot.cli.words import command_word, say, seat_name, seat_tagged
    from boardgamesbot.engine import load_game
    from boardgamesbot.games.tikal.catalog import say as tikal_say

    game = load_game("tikal")
    computers = tuple(
        seat_tagged(game, seat, seat_name("random", lang), lang) for seat in (1, 2, 3)
    )
    together = (say(lang, "recap.all", n=0).split(":")[0] + ":",
                say(lang, "recap.all.board", n=0, log=command_word("log", lang),
                    command=command_word("board", lang)).split(":")[0] + ":")
    heading = tikal_say(lang, "tikal.term.dense.half", shown="", hidden="").split(":")[0]
    score = tikal_say(lang, "tikal.term.dense.points", scores="").split(":")[0]
    checked = told = 0
    for seed in (0, 1):
        for _, _, lines in prompt_screens("tikal", 4, seed, lang, 24, 40, every=4):
            text = "\n".join(lines)
            where = f"seed {seed}, {lang}:\n{text}"
            assert len(lines) <= 24, where
            assert max(len(line) for line in lines) <= 40, where
            assert lines[0].startswith(score), where
            assert lines[-1] == say(lang, "prompt", n=1), where
            (shows,) = [row for row in lines if row.startswith(heading)]
            first = "A" if "A–D" in shows.split("(")[0] else "E"
            for row in range(1, 7):
                assert any(re.match(rf"{first}{row}\D", line) for line in lines), where
            told += any(line.startswith((*computers, *together)) for line in lines)
            checked += 1
    assert checked > 20
    assert told > 5  # (a turn's first decision: the computers played since the last one)
