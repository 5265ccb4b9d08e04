"""Tikal's terminal board speaks the reader's language: in Brazilian Portuguese and
Catalan no English word the renderer used to print is left, and every line still fits
an 80-column terminal (the map's 27 lines whole)."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from boardgamesbot.engine import load_game
from boardgamesbot.games.tikal.catalog import say, seat_tag
from boardgamesbot.games.tikal.render import board_text
from boardgamesbot.games.tikal.render_auction import auction_text

GAME = load_game("tikal")
BOARD_LINES = 27

#: What the terminal printed in English before it spoke other languages (words that are
#: the same in the other language, as Catalan's "temple" and "amulets", are left out).
ENGLISH = [
    "to play",
    "place the drawn tile",
    "AP left",
    "Volcano scoring round",
    "Final round",
    "this player scores",
    "nobody",
    "Stack",
    "next letter",
    "tiles?",
    "Wafers face down",
    "Temple levels in supply",
    "This turn",
    "uncovered",
    "recovered",
    "camp built",
    "Scores after each",
    "Game over",
    "Winner",
    "player",
    "score",
    "treasures?",
    "supply",
    "leader",
    "camps",
    "guards",
    "left",
    "you",
    "red",
    "orange",
    "white",
    "blue",
    "VOLCANO",
    "jungle",
    "stones",
    "jngl",
    "Auction",
    "round",
    "Display",
    "bid",
    "bidding",
    "High bid",
    "opened by",
    "Still bidding",
    "Passed",
    "plays free",
    "won the auction",
    "masks",
    "down",
    "up",
    "played",
    "empty",
    "turn",
    "chooses",
    "only pass",
    "or pass",
]
LEFT_OVER = re.compile(r"(?<![\w'])(?:" + "|".join(ENGLISH) + r")(?![\w'])")


def views(seed: int, variant: str = "basic"):
    """Every seat's view and a spectator's along a seeded random game, ending included."""
    state = GAME.new(2 + seed % 3, seed=seed, variant=variant)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 25 == 0 or state.is_over():
            yield from (state.view(seat) for seat in (None, *range(state.num_players)))
        if state.is_over():
            return
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
        step += 1


def printed(view: dict, lang: str, width: int = 80) -> list[str]:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(GAME.render_text(view, lang))
    return console.export_text().splitlines()


@pytest.mark.parametrize("variant", ["basic", "auction"])
@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_the_terminal_board_has_no_english_word_left(lang, variant):
    seen = set()
    for seed in (1, 2):
        for view in views(seed, variant):
            lines = printed(view, lang)
            assert max(len(line) for line in lines) <= 80
            board = board_text(view, 80, lang, colour=False).plain.splitlines()
            assert [line.rstrip() for line in lines[:BOARD_LINES]] == board  # never wrapped
            text = "\n".join(lines)
            found = LEFT_OVER.findall(text)
            assert not found, (found, text)
            seen.add(view["phase"])
    assert "place" in seen and "actions" in seen


def test_the_terminal_board_in_english_is_as_it_was():
    view = GAME.new(2, seed=1).view(0)
    text = "\n".join(printed(view, "en"))
    assert "p1 (red) to play - place the drawn tile A: treasure $3" in text
    assert "Stack: " in text and "(you)" in text
    assert len(set(LEFT_OVER.findall(text))) > 10  # the list finds English where it is


@pytest.mark.parametrize(
    "lang,said",
    [
        ("pt-BR", "vez de j1 (vermelho) - coloque a peça sorteada"),
        ("ca", "torn de j1 (vermell) - col·loca la lloseta"),
    ],
)
def test_the_turn_line_is_said_in_the_readers_words(lang, said):
    text = "\n".join(printed(GAME.new(2, seed=1).view(0), lang))
    assert said in text


def test_the_auction_speaks_the_readers_language():
    view = GAME.new(2, seed=1, variant="auction").view(None)
    assert (
        auction_text(view["auction"], "pt-BR").splitlines()[0]
        == "Leilão, rodada 1: ofertas pela vez 1 de 2"
    )


def widest_table(view: dict) -> dict:
    """The players' table at its widest: the viewer is the seat to play with the
    longest colour word, their leader in the supply, every player's score in three
    digits and treasures of many kinds."""
    for player in view["players"]:
        player.update(
            score=100, leader="supply", supply_workers=18, treasures={1: 2, 3: 1, 4: 3, 6: 1, 8: 2}
        )
    view["viewer"], view["current"] = 0, [0]
    return view


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_players_table_fits_80_columns_and_keeps_each_name_whole(lang):
    view = widest_table(GAME.new(4, seed=1).view(0))
    lines = printed(view, lang)
    assert max(len(line) for line in lines) <= 80
    for seat, colour in enumerate(("red", "orange", "white", "blue")):
        name = f"{seat_tag(seat, lang)} {say(lang, f'tikal.term.colour.{colour}')}"
        if seat == 0:  # the viewer: "(you)", "(você)", "(tu)" on the same line
            name += " " + say(lang, "tikal.term.you")
        assert sum(name in line for line in lines) == 1, (name, lines)


@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_players_are_whole_at_a_phones_40_columns_as_at_80(lang, width):
    """On a phone's 40 columns the players' table was cut to fit: "j1 vermel…", "supp…",
    "resta…", a player's name and figures read as nothing. Where the table does not fit,
    each player gets lines of their own, every figure whole after its heading; at 80
    columns the table stands."""
    from boardgamesbot.games.tikal.render import Players

    view = widest_table(GAME.new(4, seed=1).view(0))
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    # (a tight screen drops the table's headings: that narrower table was cut at 40 too)
    players = Players(view, lang)
    players.show_header = False
    console.print(players)
    untitled = console.export_text()
    assert "…" not in untitled and max(map(len, untitled.splitlines())) <= width, untitled
    console.print(Players(view, lang))
    lines = console.export_text().splitlines()
    text = "\n".join(lines)
    assert "…" not in text and max(map(len, lines)) <= width, text
    for seat, colour in enumerate(("red", "orange", "white", "blue")):
        name = f"{seat_tag(seat, lang)} {say(lang, f'tikal.term.colour.{colour}')}"
        assert sum(name in line for line in lines) == 1, (name, text)
    for heading in ("score", "treasures", "supply", "leader", "camps", "guards"):
        assert say(lang, f"tikal.term.col.{heading}") in text, (heading, text)
    left = say(lang, "tikal.term.left", n=2)
    if width == 80:  # the table: its headings on one line, a row per player
        assert lines[0].startswith(say(lang, "tikal.term.col.player")), text
        assert left in lines[1], text
    else:  # each figure whole after its heading, on one line
        for heading, said in (("camps", left), ("guards", left), ("leader", say(
                lang, "tikal.leader.supply")), ("supply", say(lang, "tikal.term.workers", n=18))):
            assert any(f"{say(lang, f'tikal.term.col.{heading}')}: {said}" in line
                       for line in lines), (heading, text)


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_stack_and_the_wafer_pile_each_have_a_line_that_fits_80_columns(lang):
    view = GAME.new(4, seed=1).view(0)  # the full stack, every letter left
    view["stack"]["size"], view["wafer_pile"] = 36, 24
    lines = printed(view, lang)
    stack = say(lang, "tikal.term.stack", n=36, top="A", left="A4 B5 C5 D6 E5 F5 G5")
    pile = say(lang, "tikal.term.pile", n=24)
    assert stack in lines and pile in lines  # each whole, on its own line
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize("lang,once,twice", [
    ("en", "uncovered A5 once", "recovered C4 2 times"),
    ("pt-BR", "descobriu A5 uma vez", "recuperou C4 2 vezes"),
    ("ca", "descobert A5 un cop", "recuperat C4 2 cops")])
def test_what_this_turn_did_is_said_in_words(lang, once, twice):
    """"This turn: uncovered A5x1": a mark from a spreadsheet, not words (a turn may
    uncover or recover at one space twice at most, so the count matters to a player)."""
    view = GAME.new(2, seed=1).view(0)
    view["turn"] = {**view["turn"], "uncovered": {"A5": 1}, "recovered": {"C4": 2}}
    text = " ".join(" ".join(printed(view, lang, 200)).split())
    assert once in text and twice in text, text
    assert not re.search(r"[A-H][1-6]x\d", text)


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_scores_after_each_scoring_name_each_player(lang):
    """At a game's end the terminal said "Pontos após cada rodada de pontuação: 1 3; 2 19;
    7 49; 14 80": a row of numbers per scoring, nobody named. Each player is named with
    their points scoring after scoring, in the order they came."""
    # (before the end: there the last scoring is the final scores, said once, below)
    final = next(view for view in views(2) if len(view["score_history"]) >= 2
                 and not view["over"])
    history = final["score_history"]
    prefix = say(lang, "tikal.term.history", rounds="")
    text = " ".join(line.strip() for line in printed(final, lang))  # (wrapped at 80)
    told = text[text.index(prefix) + len(prefix):]  # (the last of the notes)
    assert ";" not in told, told
    for seat in range(len(history[0])):
        points = "→".join(str(row[seat]) for row in history)
        assert f"{seat_tag(seat, lang)}: {points}" in told, (seat, told)


@pytest.mark.parametrize("dense_drawing", [False, True])
@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_at_the_end_each_final_score_is_said_once(lang, dense_drawing):
    """The end's last scoring is the final scores: the scores after each scoring ended with
    them ("p1: 0→3→7") and the next line said them again ("Final scores: p1: 7"), the
    same numbers twice on one screen. The history tells the scorings before the last, by
    a sentence that says so, and the final scores are said once, on the end's line."""
    *_, final = views(2)
    history = final["score_history"]
    assert len(history) >= 2 and final["over"]
    assert history[-1] == [player["score"] for player in final["players"]]
    lines = dense(final, lang) if dense_drawing else printed(final, lang)
    text = " ".join(line.strip() for line in lines)
    short = "tikal.term.dense" if dense_drawing else "tikal.term"
    assert say(lang, f"{short}.history", rounds="").strip() not in text, text
    before = text.index(say(lang, f"{short}.history.earlier", rounds="").strip())
    for seat in range(len(history[0])):
        earlier = "→".join(str(row[seat]) for row in history[:-1])
        assert re.search(rf"{seat_tag(seat, lang)}: {earlier}(?![→\d])", text[before:]), text
        assert f"{earlier}→{history[-1][seat]}" not in text, text
        assert f"{seat_tag(seat, lang)}: {history[-1][seat]}" in text, text  # (the end's)


def dense(view: dict, lang: str) -> list[str]:
    """As the prompt prints it on an 80x24 terminal (the dense drawing)."""
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    console.print(GAME.render_text(view, lang), height=22)
    return console.export_text().splitlines()


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_scores_after_each_scoring_wrap_between_players(lang):
    """Four players' scores after four scorings take more than 80 columns: the line wraps
    between players, never between a player's tag ("j2:") and their numbers, which began
    the next line and read as another player's."""
    view = GAME.new(4, seed=1).view(0)
    view["score_history"] = [[10 * r + s for s in range(4)] for r in (1, 4, 8, 12)]
    for lines in (printed(view, lang), dense(view, lang)):
        for seat in range(4):
            entry = f"{seat_tag(seat, lang)}: " + "→".join(
                str(10 * r + seat) for r in (1, 4, 8, 12))
            assert sum(entry in line for line in lines) == 1, (entry, "\n".join(lines))
        assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_a_long_turn_note_goes_on_under_its_own_text(lang):
    """On a phone's 40 columns, the notes under the map longer than the line ("Puntuació
    del volcà: puntua després de" | "10 PA; després ningú", "torn de j1 (vermell) -
    col·loca la peça" | "robada A: …") were broken by the console at the left edge, where
    the rest read as a note of its own. They go on under their own text, their styles
    kept; notes that fit share lines as before."""
    from rich.text import Text

    from boardgamesbot.games.tikal.render import _shared_lines

    checked = 0
    for seed in (1, 2):
        for view in views(seed, "basic"):
            if view.get("viewer") is None:
                continue
            console = Console(file=io.StringIO(), width=40, height=24, record=True,
                              color_system=None)
            console.print(GAME.render_text(view, lang), height=22)
            lines = console.export_text().splitlines()
            bottom = max(i for i, line in enumerate(lines)
                         if re.match(r" *[A-H]6(?![0-9])", line))  # (the map's last row)
            under = [line for line in lines[bottom + 1:] if line.strip()]
            turn = say(lang, "tikal.term.to_play", seat=seat_tag(view["current"][0], lang),
                       colour="").split()[0] if view["current"] else None
            for at, line in enumerate(under):
                assert len(line) <= 40, under
                if at and not line.startswith(" "):  # (a note begins: not a sentence's rest)
                    assert not re.match(r"\d|[a-zà-ú]", line) or \
                        (turn is not None and line.startswith(turn)), under
            checked += 1
    assert checked > 5
    note = Text("a note longer than the line it is said on, in bold", style="bold")
    lines = _shared_lines([note], 24)
    assert len(lines) == 1, lines
    bold = {at for span in lines[0].spans if span.style == "bold"
            for at in range(span.start, span.end)}
    assert all(at in bold for at, c in enumerate(lines[0].plain) if not c.isspace()), lines
    assert [line[2:] if at else line for at, line in enumerate(lines[0].plain.split("\n"))
            ] == ["a note longer than the", "line it is said on, in", "bold"], lines[0].plain
