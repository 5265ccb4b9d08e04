"""Cartographers' terminal table speaks the reader's language: in Brazilian Portuguese
and Catalan no English word the renderer used to print is left (the notation it teaches,
'forest 2 r90 C4', stays as typed), and every line still fits an 80-column terminal."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from boardgamesbot.engine import load_game

GAME = load_game("cartographers")

#: What the terminal printed in English before it spoke other languages (minus the
#: notation's words: forest, water, ambush, pass; the placeholders of a notation's
#: pattern, TERRAIN SHAPE ORIENTATION CELL, are words to read and are translated).
ENGLISH = [
    "side",
    "Wilderness",
    "Wastelands",
    "season",
    "time",
    "cards in the deck",
    "game over",
    "Edicts",
    "scored at the end",
    "Revealed this season",
    "Last ambush",
    "no effect",
    "Monster shape",
    "solo corner",
    "clockwise",
    "counterclockwise",
    "top-left",
    "top-right",
    "bottom-left",
    "bottom-right",
    "A ruins card",
    "terrain",
    "shape",
    "coins?",
    "stars",
    "lost to monsters",
    "seat",
    "Seat",
    "you",
    "winner",
    "Winner",
    "draw the monster here",
    "reversed",
    "just drawn",
    "underlined",
    "Your choice",
    "your move",
    "village",
    "farm",
    "monsters?",
    "mountain",
    "wasteland",
    "ruins",
    "lower case",
    "drawn on ruins",
    "Solo rating",
    "Final stars",
    "Spring",
    "Summer",
    "Autumn",
    "Winter",
    "e\\.g\\.",
    "Draw",
    "orientations",
    "the cell takes",
    "No shape fits",
    "any terrain",
    "sheet",
    "is full",
    "fits nowhere",
    "Ambush",
    "Ruins",
    "the edicts",
    "TERRAIN",
    "SHAPE",
    "ORIENTATION",
    "CELL",
]
LEFT_OVER = re.compile(r"(?<![\w'])(?:" + "|".join(ENGLISH) + r")(?![\w'])")


def views(seed: int, players: int, side: str):
    """Every seat's view and a spectator's along a seeded random game, ending included."""
    state = GAME.new(players, seed=seed, side=side)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 9 == 0 or state.is_over():
            yield from (state.view(seat) for seat in (None, *range(state.num_players)))
        if state.is_over():
            return
        player = rng.choice(state.current_players())
        state.apply(player, rng.choice(state.legal_actions(player)))
        step += 1


def printed(view: dict, lang: str, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(GAME.render_text(view, lang))
    return console.export_text()


@pytest.mark.parametrize("players,side", [(1, "A"), (3, "B")])
@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_the_terminal_table_has_no_english_word_left(lang, players, side):
    for seed in (1, 2):
        for view in views(seed, players, side):
            text = printed(view, lang)
            assert max(len(line) for line in text.splitlines()) <= 80
            found = LEFT_OVER.findall(text)
            assert not found, (found, text)


def test_the_list_finds_english_where_it_is():
    text = printed(GAME.new(1, seed=1).view(0), "en")
    assert "Edicts (* scored at the end of Spring)" in text
    assert len(set(LEFT_OVER.findall(text))) > 10


@pytest.mark.parametrize(
    "lang,said",
    [
        ("pt-BR", "Decretos (* pontuam no fim de Primavera)"),
        ("ca", "Edictes (* puntuen al final de Primavera)"),
    ],
)
def test_the_edicts_and_seasons_are_the_games_own_words(lang, said):
    text = printed(GAME.new(1, seed=1).view(0), lang, width=200)
    assert said in text
    edict = GAME.new(1, seed=1).view(0)["edicts"][0]["card"]
    assert GAME.words(lang)[f"carto.card.{edict}"] in text


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_the_drawing_example_is_one_of_the_card_shown(lang):
    """"Draw: 'TERRAIN SHAPE ORIENTATION CELL' (e.g. 'forest 2 r90 C4')" beside Hamlet, a
    village card: a newcomer who typed the example was told "Hamlet offers village, not
    forest". The example draws the card's own terrain and one of its shapes."""
    checked = 0
    for seed in (1, 2, 3):
        for view in views(seed, 2, "A"):
            card, you = view.get("card"), view.get("you") or {}
            if view["step"] != "draw" or you.get("mode") != "shape" or you.get("choice"):
                continue
            found = re.search(r"'([a-z]+) (\d) (r\d+) ([A-K]\d+)'", printed(view, lang, 200))
            assert found, printed(view, lang, 200)
            assert found[1] in card["terrains"], (found[0], card["name"])
            assert 1 <= int(found[2]) <= len(card["shapes"]), (found[0], card["name"])
            checked += 1
    assert checked > 5


def dense(view: dict, lang: str) -> str:
    """As the prompt prints it on an 80x24 terminal (the seat's sheet by the prompt)."""
    console = Console(file=io.StringIO(), width=80, height=24, record=True, color_system=None)
    console.print(GAME.render_text(view, lang), height=22)
    return console.export_text()


@pytest.mark.parametrize("players,side", [(1, "A"), (2, "B")])
@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_note_too_long_for_a_line_goes_on_under_its_own_text(lang, players, side):
    """At 80 columns in Portuguese and Catalan the edicts, the cards revealed, the legend,
    the solo rating and what to do went on at the left edge ("preenchidos ou pela borda",
    "bosc", "-80" alone on a line), where each next line read as a note of its own: a
    note's later lines stand in by two columns (an edict's under its name), so that a
    line at the left edge begins a note, with a capital or a mark, never mid-sentence."""
    checked = 0
    for seed in (1, 2):
        for view in views(seed, players, side):
            for text in (printed(view, lang), dense(view, lang)):
                for line in text.splitlines():
                    if not line or line.startswith((" ", "│", "╭", "╰")):
                        continue  # (indented, or in a sheet's or the card's box)
                    assert re.match(r"[A-ZÀ-Ý*#^]", line), (line, text)
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_beside_the_sheet_the_coins_stars_and_losses_each_stay_on_one_line(lang):
    """On 80x24 the seat's notes stand beside its sheet, 50 columns: "perdidas para
    monstros" ended a line there and its number began the next, a "0" alone that read as
    nothing in particular. The notes break between their entries only, and what to do
    beside them goes on under its own text."""
    from boardgamesbot.games.cartographers.render import say

    checked = 0
    for seed in (1, 2):
        for view in views(seed, 1, "A"):
            if view.get("viewer") is None or view["over"]:
                continue
            lines = dense(view, lang).splitlines()
            player = view["players"][0]
            entries = say(lang, "carto.term.sheet", coins=player["coins"],
                          stars=player["stars"], losses=player["monster_losses"]).split("   ")
            for entry in entries:
                assert any(entry in line for line in lines), (entry, "\n".join(lines))
            opening = say(lang, "carto.term.your_move", n=1)
            at = next((i for i, line in enumerate(lines) if opening in line), None)
            if at is not None and lines[at].startswith("│"):  # (beside the sheet)
                column = lines[at].index(opening)
                below = [line[column:] for line in lines[at + 1:] if line.startswith(("│", "╰"))]
                assert all(not part.strip() or part.startswith("  ") for part in below), below
            checked += 1
    assert checked > 5


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_quoted_drawing_or_pattern_is_never_split_between_lines(lang):
    """What to do at 80 columns, and beside the sheet on 80x24, broke a quoted example
    between two lines ("'water 2 r90" then "C4'"): a person types what stands on a line.
    Each quoted example or pattern of what to do stands whole on one line."""
    from boardgamesbot.games.cartographers.render import _you_text

    checked = 0
    for seed in (1, 2):
        for players, side in ((1, "A"), (2, "B")):
            for view in views(seed, players, side):
                you = _you_text(view, lang)
                # (a quote opens after no letter: "l'ordinador" holds an apostrophe)
                quoted = re.findall(r"(?<!\w)'[^']+'(?!\w)", you.plain) if you else []
                for text in (printed(view, lang), printed(view, lang, 60), dense(view, lang)):
                    for example in quoted:
                        assert any(example in line for line in text.splitlines()), \
                            (example, text)
                        checked += 1
    assert checked > 20


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_the_card_goes_under_the_sheet_not_squeezed_beside_it(lang):
    """On a phone's 40 columns the card stood beside the sheet in 8 columns: "Aldeia de
    Pesca…", "terre…", and the coins, stars and losses a word a line. Where the sheet
    leaves the card too little room it goes under the sheet, whole, with the notes."""
    from boardgamesbot.games.cartographers.render import named, say

    checked = 0
    for view in views(3, 2, "A"):
        if view.get("viewer") is None or view["over"] or not view.get("card"):
            continue
        console = Console(file=io.StringIO(), width=40, height=20, record=True,
                          color_system=None)
        console.print(GAME.render_text(view, lang), height=18)
        text = console.export_text()
        assert "…" not in text, text
        player = next(p for p in view["players"] if p["seat"] == view["viewer"])
        for entry in say(lang, "carto.term.sheet", coins=player["coins"], stars=player["stars"],
                         losses=player["monster_losses"]).split("   "):
            assert any(entry in line for line in text.splitlines()), (entry, text)
        name = named(lang, "carto.card", view["card"]["name"])
        assert any(name in line for line in text.splitlines()), (name, text)
        checked += 1
    assert checked > 3


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_the_legends_long_entry_goes_on_under_its_own_text(lang):
    """On 40 columns the legend's "R ruínas (minúscula: desenhado sobre ruínas)", longer
    than the line, went on at the left edge ("ruínas)" alone, read as a note of its own);
    it goes on under its own text, as a long note does."""
    from boardgamesbot.games.cartographers.render import named, say

    view = next(views(3, 2, "A"))
    lines = printed(view, lang, 40).splitlines()
    first = say(lang, "carto.term.legend", **{name: named(lang, "terrain", name) for name in
                                             ("forest", "village", "farm", "water",
                                              "monster", "mountain", "wasteland")})
    at = next(i for i, line in enumerate(lines) if line.startswith(first.split("  ")[0]))
    legend = lines[at:]
    assert all(len(line) <= 40 for line in legend), legend
    assert all(line.startswith(" ") for line in legend[1:] if line.strip()), legend


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_beside_a_neighbours_sheet_what_to_do_goes_on_under_its_own_text(lang):
    """Drawing a monster on a neighbour's sheet on 80x24, the box's title ("seient 2 -
    dibuixa aquí") made it wider than the sheet, and what to do beside it, wrapped for the
    column the sheet alone leaves, was wrapped again: "(p. ex." at its left edge, read as
    a note of its own. Every later line of it stands in under its own text."""
    from boardgamesbot.games.cartographers.render import say

    checked = 0
    for view in views(2, 2, "A"):
        if view.get("viewer") is None or view["step"] != "ambush" or view["over"]:
            continue
        lines = dense(view, lang).splitlines()
        opening = say(lang, "carto.term.your_move", n=view["viewer"] + 1)
        at = next((i for i, line in enumerate(lines) if opening in line), None)
        if at is None or not lines[at].startswith("│"):
            continue
        column = lines[at].index(opening)
        below = [line[column:] for line in lines[at + 1:] if line.startswith(("│", "╰", " "))
                 and len(line) > column]
        below = below[:next((i for i, part in enumerate(below) if not part.strip()),
                            len(below))]
        assert below and all(part.startswith("  ") for part in below), "\n".join(lines)
        checked += 1
    assert checked


@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_on_a_phone_a_seasons_score_is_broken_between_its_terms(lang, width):
    """On a phone's 40 columns a season's score ("Primavera: 0 + 6 + 1 monedes 0 monstres
    = 7") was longer than the line: "= 7" or "monstres = 5" began the next line at the
    left edge of the sheet's notes, read as a note of its own. It is broken before a "+"
    or its "=" only, the later lines standing in; at 80 columns it is one line."""
    from boardgamesbot.games.cartographers.render import named, say

    *_, over = views(2, 2, "A")
    for height in (None, 24):  # the roomy table, and the dense one by the prompt
        console = Console(file=io.StringIO(), width=width, height=height or 200, record=True,
                          color_system=None)
        console.print(GAME.render_text(over, lang), height=height and height - 2)
        printed_lines = console.export_text().splitlines()
        assert max(map(len, printed_lines)) <= width
        # (a line's last text, in a sheet's box or beside it)
        lines = [next((part.strip() for part in reversed(re.split("[│╮╯]", line))
                       if part.strip()), "") for line in printed_lines]
        for player in over["players"]:
            for record in player["seasons"]:
                said = say(lang, "carto.term.score",
                           season=named(lang, "carto.season", record["season"]),
                           e1=record["edicts"][0], e2=record["edicts"][1],
                           coins=record["coins"], monsters=-record["monsters"],
                           total=record["total"])
                at = next(i for i, line in enumerate(lines) if said.startswith(line.rstrip())
                          and line.startswith(said.split(":")[0] + ":"))
                shown = [lines[at]]
                while len(" ".join(shown)) < len(said):
                    shown.append(lines[at + len(shown)])
                assert " ".join(shown) == said, (shown, said)
                assert all(part.startswith(("+ ", "- ", "= ")) for part in shown[1:]), shown
                assert len(shown) == 1 or width < 80, shown


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_season_that_lost_stars_to_monsters_takes_them_away(lang):
    """The roomy and dense tables said a season's monsters as a negative number added,
    "+ 2 coins -7 monsters" ("+ 2 monedes -7 monstres"), where the phone's end says a
    season that lost stars "- 2": the monsters' stars are taken away, "- 7 monsters"."""
    from boardgamesbot.games.cartographers.render import named, say

    *_, over = views(5, 1, "A")  # (a solo game whose monsters took stars every season)
    seasons = over["players"][0]["seasons"]
    assert any(record["monsters"] < 0 for record in seasons), seasons  # (the case)
    for width, height in ((120, None), (80, 24)):  # the roomy table, the dense one
        console = Console(file=io.StringIO(), width=width, height=height or 200, record=True,
                          color_system=None)
        console.print(GAME.render_text(over, lang), height=height and height - 2)
        text = " ".join(console.export_text().split())
        for record in seasons:
            coins = say(lang, "carto.term.score", season="", e1=0, e2=0, coins=0, monsters=0,
                        total=0).split()[6]
            said = (f"{named(lang, 'carto.season', record['season'])}: "
                    f"{record['edicts'][0]} + {record['edicts'][1]} + {record['coins']} "
                    f"{coins} - {-record['monsters']} ")
            assert said in text, (said, text)
        assert not re.search(r"[+\w] -\d", text), text  # (no negative number added)


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])  # (English's words fit: none longer)
def test_on_a_phone_the_cells_just_drawn_go_on_under_their_own_text(lang):
    """On a phone's 40 columns, "recém-desenhado (sublinhado): A9 A10 B10" ended a line
    and "C10 A11" began the next at the left edge, read as a note of its own: the cells
    go on under their own text."""
    from boardgamesbot.games.cartographers.render import say

    checked = 0
    for view in (view for seed in (1, 2, 3) for view in views(seed, 2, "A")):
        if view.get("viewer") is None or view["over"]:
            continue
        player = next(p for p in view["players"] if p["seat"] == view["viewer"])
        said = say(lang, "carto.term.just_drawn", cells=" ".join(player["last_drawn"]))
        if len(player["last_drawn"]) < 4 or len(said) <= 40:
            continue
        console = Console(file=io.StringIO(), width=40, height=24, record=True,
                          color_system=None)
        console.print(GAME.render_text(view, lang), height=22)
        lines = console.export_text().splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith(said.split(":")[0]))
        shown = [lines[at], *(line for line in lines[at + 1:at + 3]
                              if re.fullmatch(r"  ([A-K]\d+ ?)+ *", line))]
        assert " ".join(" ".join(shown).split()) == said, (shown, said)
        assert len(shown) > 1, shown
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_on_a_phone_a_long_revealed_card_begins_the_next_line(lang):
    """On a phone's 40 columns "Revelades aquesta estació: Poblat de" ended a line and
    "Pescadors (2)" began the next at the left edge, a card's name broken in two: a card
    too long for the rest of the line begins the next, whole, standing in."""
    from boardgamesbot.games.cartographers.render import named, say

    checked = 0
    for view in (view for seed in (1, 2, 3, 4) for view in views(seed, 2, "A")):
        if not view["revealed"]:
            continue
        lines = printed(view, lang, 40).splitlines()
        opening = say(lang, "carto.revealed", cards="").rstrip()
        at = next(i for i, line in enumerate(lines) if line.startswith(opening))
        cards = [f"{named(lang, 'carto.card', c['name'])} ({c['time']})"
                 for c in view["revealed"]]
        told = lines[at:at + 1 + len(cards)]
        assert all(len(line) <= 40 for line in told), told
        for card in cards:
            assert any(card in line for line in told), (card, told)
        checked += 1
    assert checked > 3


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_ends_stars_by_season_are_a_table_where_it_fits(lang, players):
    """The end drawn short (a terminal too short for every sheet) said each player's stars
    as a sum, "2 + 1 + 6 + 31 = 40" under "Spring + Summer + Autumn + Winter": a season's
    stars were found by counting pluses. At 80 columns they are a table, a column a season
    and one for all, each number right under its heading's end; at a phone's 40 columns
    the sums stay (a table of four seasons does not fit)."""
    from boardgamesbot.games.cartographers.render import named, say

    over = list(views(3, players, "A"))[-players - 1]  # (the spectator's, as at the end)
    assert over["over"] and over["viewer"] is None
    names = {p["seat"]: f"random ({say(lang, 'carto.term.seat', n=p['seat'] + 1)})"
             for p in over["players"]}
    seasons = [named(lang, "carto.season", r["season"]) for r in over["players"][0]["seasons"]]
    for width in (80, 40):
        console = Console(file=io.StringIO(), width=width, height=22, record=True,
                          color_system=None)
        console.print(GAME.render_text(over, lang, names, []), height=22)
        lines = console.export_text().splitlines()
        heading = [line for line in lines if line.split() == " ".join(
            [*seasons, say(lang, "carto.term.in_all")]).split()]
        if width == 40:
            assert not heading, lines
            assert any(line.startswith(" + ".join(seasons[:2])) for line in lines), lines
            continue
        (heading,) = heading
        ends = [heading.index(name) + len(name) for name in
                [*seasons, say(lang, "carto.term.in_all")]]
        for player in over["players"]:
            (row,) = [line for line in lines if line.startswith(names[player["seat"]] + " ")]
            numbers = [*(r["total"] for r in player["seasons"]), player["stars"]]
            found = [(int(m[0]), m.end()) for m in re.finditer(r"-?\d+", row[len(names[0]):])]
            assert [n for n, _ in found] == numbers, (row, numbers)
            assert [end + len(names[0]) for _, end in found] == ends, (heading, row)
        assert not any(" + ".join(seasons[:2]) in line for line in lines), lines
