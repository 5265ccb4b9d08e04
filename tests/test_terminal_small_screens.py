"""Tikal at the prompt on the screens people have: the classic 80x24 terminal and a phone's
40 columns, the real `bgbot` in a pseudo-terminal (`Phone`). However long the notes under
the map are (whose turn and the tile drawn, the scoring round, what the computers did, a
scoring's points by long names, the turn's line in Portuguese or Catalan), the map, the
scores' history and the prompt are on the screen together."""

from __future__ import annotations

import random
import re

import pytest

from boardgamesbot.engine import Record
from tests.test_cli_phone import Phone, resumable_game

#: A person's name as a resumed record may hold it: longer than any computer's.
LONG_NAME = "Maria Eduarda dos Santos Pereira"


def scored_record(path, seed: int, players: int) -> None:
    """A Tikal game resumed at the person's (`LONG_NAME`) first turn after the first
    scoring (`resumable_game`)."""
    resumable_game(path, "tikal", seed, players, LONG_NAME, lambda state: bool(
        state.view(0)["score_history"]) and state.current_players() == [0])


def histories(view: dict, lang: str) -> list[str]:
    """Each seat's points scoring after scoring, as the map's notes say them ("j1: 3→9")."""
    from boardgamesbot.games.tikal.catalog import seat_tag

    history = view["score_history"]
    return [
        f"{seat_tag(seat, lang)}: " + "→".join(str(row[seat]) for row in history)
        for seat in range(len(history[0]))
    ]


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize(
    ("size", "players", "seed"), [((24, 80), 4, 11), ((24, 80), 3, 5), ((24, 40), 2, 3)]
)
def test_the_map_the_scores_history_and_the_prompt_share_a_small_screen(
    tmp_path, lang, size, players, seed
):
    """On 80x24 a turn's note that wrapped (Catalan's "col·loca la lloseta robada A: …", the
    turn's line naming six kinds of action) took the row of the scores after each scoring,
    which gave way early among the map's notes: a person could not see how the game
    stood. Turn after turn, resumed by a person with a long name against computers, the
    map, every seat's scores' history and the prompt are on the screen."""
    from boardgamesbot.cli.words import say
    from boardgamesbot.games.tikal.catalog import say as tikal_say

    scored_record(tmp_path / "g.json", seed, players)
    rows, columns = size
    heading = tikal_say(lang, "tikal.term.dense.history", rounds="").strip()
    half = tikal_say(lang, "tikal.term.dense.half", shown="", hidden="").split(":")[0]
    rng = random.Random(seed)
    phone = Phone("play", "--resume", "g.json", "--lang", lang, cwd=tmp_path, size=size)
    try:
        for turn in range(4):
            shown = phone.screen()  # (then the record holds every action played before it)
            state = Record.load(tmp_path / "g.json").replay()
            text = "\n".join(shown)
            where = f"{size}, {players} players, seed {seed}, {lang}, turn {turn}:\n{text}"
            assert shown[-1] == f"{say(lang, 'prompt', n=1)} ", where
            if columns >= 80:  # (the whole dense map)
                names = [f"A{row}" for row in range(1, 7)]
            else:  # (the half with the last actions and the legal ones, headed so)
                (shows,) = [row for row in shown if row.startswith(half)]
                first = "A" if "A–D" in shows.split("(")[0] else "E"
                names = [f"{first}{row}" for row in range(1, 7)]
            for name in names:
                assert any(row.startswith(name) for row in shown), where
            assert heading in text, where
            flat = " ".join(text.split())
            for told in histories(state.view(0), lang):
                assert told in flat, (told, where)
            legal = [str(action) for action in state.legal_actions(0)]
            phone.answer(rng.choice([a for a in legal if not a.startswith("end")] or legal))
        phone.answer("quit")
    finally:
        phone.close()
    assert re.search(r"\S", phone.printed)


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_four_people_on_a_phone_keep_the_half_map_the_scores_and_the_prompt(lang):
    """Tikal at 40 columns with four players was untested: each player's row became three
    lines of figures ("score: 0, treasures: -," | "supply: 18W, leader: supply," | …),
    twelve for four players, and with the half map the screen took 30 rows, the map's
    top scrolled away. Four people passing a phone (nothing told under the board), over
    many positions of random games in the three languages: every line within 40
    columns, the half map under its heading, every seat's score, the scores' history
    and the prompt on the 24 rows."""
    from boardgamesbot.cli.words import say
    from boardgamesbot.games.tikal.catalog import say as tikal_say
    from boardgamesbot.games.tikal.catalog import seat_tag
    from tests.test_terminal_small_screens_cartographers import prompt_screens

    heading = tikal_say(lang, "tikal.term.dense.half", shown="", hidden="").split(":")[0]
    checked = 0
    for seed in (1, 2):
        for _, view, lines in prompt_screens("tikal", 4, seed, lang, 24, 40, every=6,
                                             computers=False):
            text = "\n".join(lines)
            assert len(lines) <= 24, text
            assert max(len(line) for line in lines) <= 40, text
            assert lines[-1] == say(lang, "prompt", n=1), text
            (shows,) = [row for row in lines if row.startswith(heading)]
            first = "A" if "A–D" in shows.split("(")[0] else "E"
            for row in range(1, 7):
                assert any(line.startswith(f"{first}{row}") for line in lines), text
            flat = " ".join(text.split())
            column = tikal_say(lang, "tikal.term.col.score")
            for player in view["players"]:  # ("p2: 3", or its rows' "p2 orange score: 3,")
                tag, score = seat_tag(player["seat"], lang), player["score"]
                assert f"{tag}: {score}" in flat or re.search(
                    rf"{tag} [^:]*? {column}: {score},", flat), text
            if view["score_history"]:
                for told in histories(view, lang):
                    assert told in flat, (told, text)
            checked += 1
    assert checked > 20
