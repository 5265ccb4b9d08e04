"""Cartographers at the prompt on the screens people have: the classic 80x24 terminal and
a phone's 40 columns, the real `bgbot` in a pseudo-terminal (`Phone`). A person with a long
name, resumed after a season's scoring against computers (or alone), sees the sheet they
draw on, the card, the season and its time, the seasons' scores so far and the prompt on
the screen together, in the three languages."""

from __future__ import annotations

import random
import re

import pytest

from boardgamesbot.engine import Record
from tests.test_cli_phone import Phone, resumable_game

#: A person's name as a resumed record may hold it: longer than any computer's.
LONG_NAME = "Maria Eduarda dos Santos Pereira"


def scored_record(path, seed: int, players: int, seasons: int) -> None:
    """A Cartographers game resumed once ``seasons`` seasons are scored and the person
    (`LONG_NAME`) may draw (`resumable_game`)."""
    resumable_game(path, "cartographers", seed, players, LONG_NAME, lambda state: len(
        state.view(0)["players"][0]["seasons"]) >= seasons and 0 in state.current_players())


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize(
    ("size", "players", "seed", "seasons"),
    [((24, 80), 3, 5, 1), ((24, 40), 2, 3, 2), ((24, 40), 1, 1, 1)],
)
def test_the_sheet_the_card_the_season_the_scores_and_the_prompt_share_a_small_screen(
    tmp_path, lang, size, players, seed, seasons
):
    """On 80x24 and 40x24 the screen drawn for a short terminal kept the sheet, the card
    and what to do, but left out the season, its time and the seasons' scores (the
    table's head and the sheet's notes): a person could not see how far the season had
    gone nor how they stood. Turn after turn they are on the screen with the whole sheet
    and the prompt, and no line is longer than the terminal is wide."""
    from rich.cells import cell_len

    from boardgamesbot.cli.words import say
    from boardgamesbot.games.cartographers.render import named
    from boardgamesbot.games.cartographers.render import say as carto_say
    from tests.test_cli_phone import ESCAPE

    scored_record(tmp_path / "g.json", seed, players, seasons)
    rows, columns = size
    rng = random.Random(seed)
    phone = Phone("play", "--resume", "g.json", "--lang", lang, cwd=tmp_path, size=size)
    try:
        for turn in range(3):
            shown = phone.screen()
            state = Record.load(tmp_path / "g.json").replay()
            view = state.view(0)
            text = "\n".join(shown)
            where = f"{size}, {players} players, seed {seed}, {lang}, turn {turn}:\n{text}"
            assert shown[-1] == f"{say(lang, 'prompt', n=1)} ", where
            written = ESCAPE.sub("", phone.output).replace("\r\n", "\n").split("\n")
            assert all(cell_len(line.rsplit("\r", 1)[-1]) <= columns for line in written), where
            for row in range(1, 12):
                assert any(line.startswith(f"{row:>3} ") for line in shown), (row, where)
            card = view["card"]
            assert named(lang, "carto.card", card["name"]) in text, where
            season = view["season"]
            assert named(lang, "carto.season", season["name"]) in text, where
            time = carto_say(
                lang, "carto.term.time", used=season["time_used"], threshold=season["threshold"]
            )
            assert time in text, where
            flat = " ".join(text.split())
            scored = view["players"][0]["seasons"]
            assert len(scored) >= seasons, where
            for record in scored:
                name = named(lang, "carto.season", record["season"])
                e1, e2 = record["edicts"]
                assert name in flat, (name, where)
                assert f"{e1} + {e2}" in flat or f"{e1}+{e2}" in flat, (record, where)
                assert f"= {record['total']}" in flat or f"={record['total']}" in flat, where
            legal = [str(action) for action in state.legal_actions(0)]
            phone.answer(rng.choice(legal))
        phone.answer("quit")
    finally:
        phone.close()


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_long_names_stars_at_the_end_break_before_the_seats_tag_not_inside_it(lang):
    """At the end on a phone's 40 columns, "Maria Eduarda dos Santos Pereira (seient 1): -2"
    was one term longer than the line: rich broke it at the left edge, "1): -2" read as a
    line of its own. The name ends its line, the seat's tag whole begins the next."""
    from rich.cells import cell_len

    from boardgamesbot.games.cartographers.render import _score_line, seat_tag

    said = f"{LONG_NAME} ({seat_tag(0, lang)}): -2 + 8 + 7 + 6 = 19"
    lines = _score_line(said, 40).splitlines()
    assert all(cell_len(line) <= 40 for line in lines), lines
    assert lines[0] == LONG_NAME, lines
    assert lines[1].strip().startswith(f"({seat_tag(0, lang)}): -2"), lines
    assert " ".join(" ".join(lines).split()) == said, lines


def prompt_screens(game_name: str, players: int, seed: int, lang: str, rows: int,
                   columns: int, every: int = 1, computers: bool = True, **options):
    """(state, view, lines) at every ``every``-th decision of seat 1 in a seeded random
    game of ``players`` (the others random computers), each the screen a ``columns`` x
    ``rows`` terminal shows at the prompt (`play.drawn_prompt`, what the computers did
    since told under the board; a person with `LONG_NAME`), without colour; not
    ``computers``: the others people at the same keyboard (hot-seat: nothing told)."""
    import io

    from rich.console import Console

    import boardgamesbot.cli.play as play
    from boardgamesbot.cli.words import seat_name, seat_tagged
    from boardgamesbot.engine import load_game

    game = load_game(game_name)
    rng = random.Random(seed)
    state = game.new(players, seed=seed, **options)
    names = dict(enumerate(seat_tagged(game, seat, seat_name(name, lang), lang) for seat, name
                           in enumerate([LONG_NAME, *["random"] * (players - 1)])))
    done: list[tuple[str, str]] = []
    asked = 0
    while not state.is_over():
        current = state.current_players()
        if 0 not in current:
            action = rng.choice(state.legal_actions(current[0]))
            if computers:
                done.append((names[current[0]], str(action)))
            state.apply(current[0], action)
            continue
        legal = [str(action) for action in state.legal_actions(0)]
        if asked % every == 0:
            console = Console(file=io.StringIO(), width=columns, height=rows, record=True,
                              force_terminal=True, color_system=None,
                              _environ={"TERM": "xterm-256color"})
            saved, play.console = play.console, console
            try:
                view = state.view(0)
                play.drawn_prompt(lambda v, focus=None: game.render_text(v, lang, names, focus),
                                  view, done, legal, lang)
                console.print(play.prompt(0, lang), markup=False)
            finally:
                play.console = saved
            yield state, view, console.export_text().splitlines()
        asked += 1
        done = []
        state.apply(0, rng.choice(legal))


def board_line_alone_under_computers(lines: list[str], lang: str) -> bool:
    """Whether the line naming 'board' takes a row of its own right under "Computers: 14
    actions ('log')": where the screen is short, the two are one line ("'log': 14 actions,
    'board': whole board"), a row that the board needed."""
    from boardgamesbot.cli.words import command_word, say

    hint = say(lang, "board.part", command=command_word("board", lang))
    together = re.escape(say(lang, "recap.all", n=0)).replace("0", r"\d+")
    return any(re.fullmatch(together, above.strip()) and below.strip() == hint
               for above, below in zip(lines, lines[1:]))


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_four_players_on_a_phone_keep_the_cards_name_and_the_whole_sheet(lang):
    """Four players on 40x24, Catalan: "Bosc Oblidat [ruïnes: cobreix un espai" | "de
    ruïnes buit]", three computers' turns under the sheet, took 25 rows: the card's name
    scrolled off the top. Over many positions of random games in the three languages, the
    card's name, the sheet's eleven rows and the prompt are on the 24 rows, each line
    within 40 columns."""
    from rich.cells import cell_len

    from boardgamesbot.cli.words import say
    from boardgamesbot.games.cartographers.render import named

    checked = 0
    for seed in (0, 2, 3):
        for _, view, lines in prompt_screens("cartographers", 4, seed, lang, 24, 40, every=2):
            text = "\n".join(lines)
            where = f"seed {seed}, {lang}:\n{text}"
            assert len(lines) <= 24, where
            assert all(cell_len(line) <= 40 for line in lines), where
            assert lines[-1] == say(lang, "prompt", n=1), where
            for row in range(1, 12):
                assert any(line.startswith(f"{row:>3} ") for line in lines), (row, where)
            if view.get("card") is not None:
                card = named(lang, "carto.card", view["card"]["name"])
                assert card in " ".join(text.split()), where
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_80_by_24_the_edicts_stand_beside_the_card_where_they_fit(lang):
    """On 80x24 the screen drawn for the prompt (the sheet, the card's shapes beside it)
    left some fifty columns empty beside them, and the edicts, what each season scores,
    were left to the whole board. They stand there now, each with the seasons it is
    scored in, the season's own starred, in the sheet's first rows: all four where they
    fit, none where they do not; no line wider than 80."""
    from rich.cells import cell_len

    from boardgamesbot.games.cartographers.render import named
    from boardgamesbot.games.cartographers.render import say as carto_say

    heading = carto_say(lang, "carto.term.edicts.beside")
    shown = checked = 0
    for players, seed in ((2, 1), (3, 4)):
        for _, view, lines in prompt_screens("cartographers", players, seed, lang, 24, 80,
                                             every=7):
            lines = [line.rstrip() for line in lines]
            text = "\n".join(lines)
            assert all(cell_len(line) <= 80 for line in lines), text
            edicts = []
            for edict in view["edicts"]:
                seasons = ", ".join(named(lang, "carto.season", season["name"])
                                    for season in view["seasons"]
                                    if edict["letter"] in season["edicts"])
                mark = "*" if edict["letter"] in view["season"]["scoring"] else " "
                edicts.append(f"{mark} {edict['letter']} "
                              f"{named(lang, 'carto.card', edict['card'])}: {seasons}")
            beside = [row for row, line in enumerate(lines) if line.endswith(tuple(edicts))]
            if heading in text:
                top = next(row for row, line in enumerate(lines) if line.endswith(heading))
                # (the four under the heading, beside the sheet's first rows)
                assert beside == [top + 1, top + 2, top + 3, top + 4], text
                for number, row in enumerate(beside, 1):
                    assert lines[row].startswith(f"{number:>3} "), text
                shown += 1
            else:
                assert not beside, text
            checked += 1
    assert checked > 5 and shown > checked // 2, (shown, checked)
