"""Pictures of positions: the SVG renderers, PNG rasterization and `bgbot render`.

Golden files: tests/golden/*.svg are the renderers' output for the positions
in tests/golden/*.json (made once by seeded random legal play and kept as
position files, so neither the bots nor the order of legal actions can move
them). After an intended change to a picture, look at it, then refresh them:

    BGBOT_REFRESH_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_render.py

PNGs are checked for what any machine agrees on (decodes, size, not blank),
never pixel by pixel.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import struct
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

import boardgamesbot.games
from boardgamesbot.cli import main
from boardgamesbot.engine import Record, load_game
from boardgamesbot.games.cartographers import svg as carto_svg
from boardgamesbot.games.drawing import picture_words
from boardgamesbot.games.tikal import svg as tikal_svg
from boardgamesbot.images import ImageError, png

GOLDEN = Path(__file__).parent / "golden"
REFRESH = os.environ.get("BGBOT_REFRESH_GOLDEN") == "1"


def position(name: str):
    game = "tikal" if name.startswith("tikal") else "cartographers"
    return load_game(game).from_json((GOLDEN / f"{name}.json").read_text())


# name of the golden file -> (position file, seat whose view, render options)
CASES = {
    "tikal-start": (None, None, {}),
    "tikal-4p-spectator": ("tikal-4p", None, {"highlight": ["A6", "b5"]}),
    "tikal-4p-seat2-small": ("tikal-4p", 1, {"size": 500, "names": False}),
    "tikal-4p-board-only": ("tikal-4p", None, {"panel": False, "size": None}),
    "tikal-auction-3p": ("tikal-auction-3p", 0, {}),
    "cartographers-3p-seat2": ("cartographers-3p", 1, {}),
    "cartographers-3p-other-sheet": ("cartographers-3p", 0,
                                     {"seat": 2, "highlight": (),
                                      "preview": ("water", ["A1", "B1"])}),
    "cartographers-solo-over": ("cartographers-solo", 0, {"size": None}),
    "tikal-auction-3p-pt-BR": ("tikal-auction-3p", 1, {"lang": "pt-BR"}),
    "cartographers-3p-ca": ("cartographers-3p", 2, {"lang": "ca"}),
    "cartographers-solo-pt-BR": ("cartographers-solo", 0, {"lang": "pt-BR"}),
}


def render_case(name: str) -> str:
    source, seat, options = CASES[name]
    if source is None:
        state = load_game("tikal").new(2, seed=1)
    else:
        state = position(source)
    return state.game.render_svg(state.view(seat), **options)


@pytest.mark.parametrize("name", sorted(CASES))
def test_svg_matches_its_golden_file(name):
    path = GOLDEN / f"{name}.svg"
    text = render_case(name)
    if REFRESH:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with BGBOT_REFRESH_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), (
        f"{name} changed; if intended, look at it and refresh with BGBOT_REFRESH_GOLDEN=1")


def test_the_same_view_gives_the_same_text():
    state = position("tikal-4p")
    assert tikal_svg.board(state.view(None)) == tikal_svg.board(state.clone().view(None))


# Tikal: what the board shows -----------------------------------------------------------


def spaces_in(svg_text: str) -> list[str]:
    return re.findall(r'<g class="space [a-z_]+" data-space="([A-H][1-6])"', svg_text)


def test_every_tikal_space_is_drawn_once_with_its_name():
    text = tikal_svg.board(load_game("tikal").new(2, seed=1).view(None))
    expected = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 7)]
    assert spaces_in(text) == expected
    for space in expected:
        assert f">{space}</text>" in text


def test_tikal_tiles_are_drawn_by_kind_with_values_and_wafer_counts():
    state = position("tikal-4p")
    view = state.view(None)
    text = tikal_svg.board(view)
    for space, entry in view["board"].items():
        group = re.search(rf'<g class="space ([a-z_]+)" data-space="{space}"[^>]*>(.*?)</g>'
                          rf'(?=<g class="space|</g><g class="panel")', text).group(1, 2)
        assert group[0] == entry["kind"]
        fill = tikal_svg.KIND_FILL[entry["kind"]]
        assert f'fill="{fill}"' in group[1]
        stones = sum(entry["stones"])
        assert group[1].count('<circle') == stones, space
        if entry["kind"] == "temple":
            assert f'class="temple-value">{entry["value"]}</text>' in group[1]
            assert group[1].count('class="level"') == entry["value"] - entry["printed"]
        if entry["kind"] == "treasure":
            assert f'class="wafer-count">{entry["wafers"]}</text>' in group[1]


def test_tikal_figures_camps_and_guards_appear_in_their_colours():
    state = position("tikal-4p")
    view = state.view(None)
    text = tikal_svg.board(view)
    pills = re.findall(r'<g class="figures" data-seat="(\d)"><rect [^>]*fill="(#\w+)"[^>]*/>'
                       r'<text[^>]*>([^<]+)</text>', text)
    expected = []
    for entry in view["board"].values():
        for seat, figures in sorted(entry.get("figures", {}).items()):
            label = ("L" if figures["L"] else "") + ("+" if figures["L"] and figures["W"]
                                                     else "") + (str(figures["W"] or ""))
            expected.append((seat, tikal_svg.PLAYER_COLOURS[int(seat)], label))
    assert sorted(pills) == sorted(expected) and len(expected) > 4
    camps = [e["camp"] for e in view["board"].values() if "camp" in e]
    guards = [e["guard"]["seat"] for e in view["board"].values() if "guard" in e]
    assert camps and guards  # the position was chosen to have both
    assert sorted(int(s) for s in re.findall(r'class="camp" data-seat="(\d)"', text)) \
        == sorted(camps)
    assert sorted(int(s) for s in re.findall(r'class="guard" data-seat="(\d)"', text)) \
        == sorted(guards)


def test_tikal_panel_lists_players_drawn_tile_stack_and_auction():
    state = position("tikal-auction-3p")
    view = state.view(2)
    text = tikal_svg.board(view)
    for player in view["players"]:
        assert f">{player['name']}</text>" in text
    assert f"Stack: {view['stack']['size']} tiles" in text
    assert f"Wafers in the pile: {view['wafer_pile']}" in text
    assert f"Auction, round {view['auction']['round']}" in text
    assert text.count('class="display-tile"') == len(view["auction"]["display"])
    assert f"high bid {view['auction']['bid']} by" in text
    assert "bids or passes" in text


def test_tikal_drawn_tile_and_ap_are_shown():
    """Mid-turn (the golden position) the panel shows the AP left and no drawn tile; as a
    turn begins it shows the drawn tile, its letter and what is on it, for a treasure
    tile and a temple tile."""
    acting = position("tikal-4p").view(None)
    assert acting["drawn"] is None and acting["ap"] > 0
    text = tikal_svg.board(acting)
    assert f"{acting['ap']} AP left" in text
    assert 'class="drawn-tile"' not in text and ">Drawn tile</text>" not in text
    for seed, drawn, said in ((1, ("treasure", 3), "A: treasure, 3 wafers"),
                              (3, ("temple", 0), "A: temple 2")):
        view = load_game("tikal").new(2, seed).view(None)
        assert (view["drawn"]["kind"], view["drawn"]["masks"]) == drawn, seed
        text = tikal_svg.board(view)
        assert text.count('class="drawn-tile"') == 1, seed
        assert ">Drawn tile</text>" in text and f">{said}</text>" in text, seed


def test_tikal_hidden_wafer_kinds_and_tile_order_never_change_the_picture():
    """Two positions that differ only in what no seat may see draw the same picture."""
    data = json.loads(position("tikal-4p").to_json())
    treasure = [s for s, e in data["board"].items() if e["kind"] == "treasure" and e["wafers"]]
    assert treasure
    other = json.loads(json.dumps(data))
    # Move every face-down wafer one place on (across the treasure spaces and the pile):
    # the same counts everywhere, different kinds.
    hidden = [w for space in treasure for w in data["board"][space]["wafers"]] \
        + data["wafer_pile"]
    moved = hidden[1:] + hidden[:1]
    for space in treasure:
        count = len(other["board"][space]["wafers"])
        other["board"][space]["wafers"], moved = moved[:count], moved[count:]
    other["wafer_pile"] = moved
    assert other != data
    random.Random(3).shuffle(other["stack"])
    game = load_game("tikal")
    first, second = (game.from_json(json.dumps(d)) for d in (data, other))
    for seat in (None, 0, 1, 2, 3):
        assert tikal_svg.board(first.view(seat)) == tikal_svg.board(second.view(seat))


def test_tikal_highlight_outlines_spaces_and_refuses_unknown_ones():
    view = position("tikal-4p").view(None)
    text = tikal_svg.board(view, highlight=["C3", "h6"])
    assert text.count('class="highlight"') == 2
    with pytest.raises(ValueError, match="I9"):
        tikal_svg.board(view, highlight=["I9"])


def test_tikal_size_sets_the_width_and_keeps_the_proportions():
    text = tikal_svg.board(position("tikal-4p").view(None), size=450)
    width, height = (float(x) for x in re.search(r'width="([\d.]+)" height="([\d.]+)"',
                                                 text).groups())
    box = [float(x) for x in re.search(r'viewBox="([^"]+)"', text).group(1).split()]
    assert width == 450 and abs(height / width - box[3] / box[2]) < 0.01


# Cartographers: what the sheet shows ---------------------------------------------------


def test_every_sheet_cell_and_every_label_is_drawn():
    state = load_game("cartographers").new(2, seed=7, side="B")
    text = carto_svg.sheet(state.view(0))
    cells = re.findall(r'data-cell="([A-K]\d+)"', text)
    assert cells == [f"{c}{r}" for r in range(1, 12) for c in "ABCDEFGHIJK"]
    for label in "ABCDEFGHIJK":
        assert f'class="coord col-label">{label}</text>' in text
    for label in range(1, 12):
        assert f'class="coord row-label">{label}</text>' in text
    # Every label is inside the picture: the row numbers end right of x=0.
    assert "wasteland" in text and "mountain" in text and 'class="ruins"' in text


def test_sheet_cells_are_drawn_as_the_view_says():
    state = position("cartographers-3p")
    view = state.view(1)
    text = carto_svg.sheet(view)
    lines = view["players"][1]["sheet"]
    for row, line in enumerate(lines):
        for col, char in enumerate(line):
            terrain = carto_svg._terrain(char)
            name = f"{'ABCDEFGHIJK'[col]}{row + 1}"
            group = re.search(rf'<g class="cell ([a-z]+)" data-cell="{name}"[^>]*>(.*?)</g>',
                              text)
            assert group.group(1) == terrain
            assert f'fill="{carto_svg.FILL[terrain]}"' in group.group(2)
            assert ('class="ruins"' in group.group(2)) == (char == "R" or char.islower())


def test_every_sheet_cell_is_a_target_and_the_last_drawing_is_named():
    """The browser plays on this very picture (web/static/board.js): each cell carries its
    name as data-target, and the cells drawn last carry data-last-move for screen readers."""
    state = position("cartographers-3p")
    view = state.view(1)
    last = view["players"][1]["last_drawn"]
    assert last, "the position has a last drawing to mark"
    text = carto_svg.sheet(view)
    groups = re.findall(r'<g class="cell [a-z]+"( [^>]*)>', text)
    assert len(groups) == 121
    marked = []
    for attrs in groups:
        cell = re.search(r'data-cell="(\w+)"', attrs).group(1)
        assert f'data-target="{cell}"' in attrs
        moved = re.search(r'data-last-move="(\w+)"', attrs)
        if moved:
            assert moved.group(1) == cell
            marked.append(cell)
    assert sorted(marked) == sorted(last)
    # Outlining nothing marks nothing: the mark follows what the picture shows.
    assert "data-last-move" not in carto_svg.sheet(view, highlight=())


def test_sheet_panel_shows_coins_season_edicts_stars_and_card():
    state = position("cartographers-3p")
    view = state.view(0)
    text = carto_svg.sheet(view)
    me = view["players"][0]
    assert text.count('class="coin on"') == me["coins"]
    assert text.count('class="coin on"') + text.count('class="coin"') == carto_svg.MAX_COINS
    season = view["season"]
    assert f"{season['name']} (season {season['number']} of 4)" in text
    assert f"time {season['time_used']}/{season['threshold']}" in text
    for edict in view["edicts"]:
        assert f'class="edict">{edict["card"]}</text>' in text
    assert text.count("scored now") == len(season["scoring"])
    for row in me["seasons"]:
        assert f">{row['season']}</text>" in text
    assert f"{me['stars']} stars" in text
    assert f"Card: {view['card']['name']}" in text


def test_sheet_of_another_seat_and_bad_seats():
    state = position("cartographers-3p")
    view = state.view(0)
    text = carto_svg.sheet(view, seat=2)
    assert 'data-seat="2"' in text and "Sheet of p3" in text
    for bad in (3, -1, "1", True):
        with pytest.raises(ValueError, match="seat must be"):
            carto_svg.sheet(view, seat=bad)


def test_sheet_highlights_last_drawing_by_default_and_cells_on_request():
    state = position("cartographers-3p")
    view = state.view(0)
    last = view["players"][0]["last_drawn"]
    assert last
    assert carto_svg.sheet(view).count('class="highlight"') == len(last)
    assert carto_svg.sheet(view, highlight=()).count('class="highlight"') == 0
    assert carto_svg.sheet(view, highlight=["k11"]).count('class="highlight"') == 1
    with pytest.raises(ValueError, match="L1"):
        carto_svg.sheet(view, highlight=["L1"])
    with pytest.raises(ValueError, match="terrain"):
        carto_svg.sheet(view, preview=("lava", ["A1"]))


def test_sheet_hides_the_deck_order_and_the_others_pending_choices():
    state = position("cartographers-3p")
    before = [carto_svg.sheet(state.view(seat), seat=s) for seat in (1, 2) for s in range(3)]
    action = state.legal_actions(0)[0]
    state.apply(0, action)  # the first seat chooses: only that seat may know it
    after = [carto_svg.sheet(state.view(seat), seat=s) for seat in (1, 2) for s in range(3)]
    assert before == after
    mine = carto_svg.sheet(state.view(0))
    assert 'class="overlay chosen"' in mine  # the chooser sees their own choice
    rng = random.Random(1)
    for _ in range(3):
        other = state.determinize(1, rng)
        assert [carto_svg.sheet(other.view(1), seat=s) for s in range(3)] == after[:3]


# The Game's method -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["tikal", "cartographers"])
def test_each_game_renders_svg_from_a_view(name):
    game = load_game(name)
    state = game.new(2, seed=2)
    text = game.render_svg(state.view(0), size=640)
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and 'width="640"' in text


# PNG ----------------------------------------------------------------------------------


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from the PNG signature and IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    return struct.unpack(">II", data[16:24])


def distinct_colours(data: bytes) -> int:
    image = Image.open(io.BytesIO(data))
    image.load()
    return len(image.convert("RGB").getcolors(maxcolors=1 << 20) or [])


@pytest.mark.parametrize("name", ["tikal-4p-spectator", "cartographers-3p-seat2"])
def test_png_decodes_at_the_size_asked_and_is_not_blank(name):
    text = render_case(name)
    data = png(text)
    width, height = png_size(data)
    assert width == 900  # the SVG's own width
    assert abs(height - float(re.search(r'height="([\d.]+)"', text).group(1))) <= 1
    image = Image.open(io.BytesIO(data))
    assert image.size == (width, height)
    assert distinct_colours(data) > 50  # tiles, figures and anti-aliased text
    small = png(text, width=300)
    assert png_size(small)[0] == 300


def test_png_draws_text_with_the_bundled_font():
    """resvg drops text it has no font for: with the font, words add ink."""
    blank = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">' \
            '<rect width="120" height="40" fill="#fff"/>{}</svg>'
    without = png(blank.format(""))
    with_words = png(blank.format('<text x="5" y="28" font-size="24">Tikal</text>'))
    assert distinct_colours(without) == 1
    assert distinct_colours(with_words) > 2


def test_png_refuses_bad_input():
    with pytest.raises(ImageError):
        png("this is not svg")
    with pytest.raises(ImageError, match="width"):
        png(tikal_svg.board(load_game("tikal").new(2, 1).view(None)), width=0)


# bgbot render -------------------------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def make_record(tmp_path: Path, game: str, players: int, seed: int, steps: int,
                **options) -> tuple[Path, Record]:
    record = Record.start(game, seed, [f"p{i + 1}" for i in range(players)], **options)
    state = record.new_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        player = state.current_players()[0]
        action = rng.choice(state.legal_actions(player))
        state.apply(player, action)
        record.add(player, action)
    path = tmp_path / f"{game}.json"
    record.save(path)
    return path, record


@pytest.mark.parametrize("game,players", [("tikal", 3), ("cartographers", 2)])
def test_render_command_writes_svg_and_png(tmp_path, game, players):
    path, record = make_record(tmp_path, game, players, seed=4, steps=60)
    svg_out = tmp_path / "board.svg"
    result = run("render", game, str(path), "-o", str(svg_out))
    assert result.exit_code == 0, result.output
    state = record.replay()
    assert svg_out.read_text() == load_game(game).render_svg(state.view(None))
    assert f"after {len(record.actions)} of {len(record.actions)} actions" in result.output
    png_out = tmp_path / "board.PNG"
    result = run("render", game, str(path), "--step", "10", "--seat", "2", "-o", str(png_out),
                 "--width", "400")
    assert result.exit_code == 0, result.output
    assert png_size(png_out.read_bytes())[0] == 400
    assert "after 10 of" in result.output and "seat 2" in result.output


def test_render_command_step_and_seat_choose_the_view(tmp_path):
    path, record = make_record(tmp_path, "cartographers", 2, seed=5, steps=30, side="B")
    out = tmp_path / "s.svg"
    assert run("render", "cartographers", str(path), "--step", "12", "--seat", "2",
               "-o", str(out)).exit_code == 0
    expected = load_game("cartographers").render_svg(record.replay(upto=12).view(1))
    assert out.read_text() == expected
    assert run("render", "cartographers", str(path), "--step", "0", "-o",
               str(out)).exit_code == 0
    assert out.read_text() == load_game("cartographers").render_svg(
        record.replay(upto=0).view(None))


@pytest.mark.parametrize("args,message", [
    (["--step", "-1"], "--step must be between 0 and"),
    (["--step", "999"], "--step must be between 0 and"),
    (["--seat", "0"], "--seat must be between 1 and 3"),
    (["--seat", "4"], "--seat must be between 1 and 3"),
    (["--width", "0"], "--width is a positive number"),
])
def test_render_command_refuses_bad_step_seat_and_width(tmp_path, args, message):
    path, _ = make_record(tmp_path, "tikal", 3, seed=1, steps=20)
    out = tmp_path / "x.png"
    result = run("render", "tikal", str(path), *args, "-o", str(out))
    assert result.exit_code == 2 and message in result.output
    assert not out.exists()


def test_render_command_refuses_bad_paths_games_and_extensions(tmp_path):
    path, _ = make_record(tmp_path, "tikal", 2, seed=1, steps=5)
    cases = [
        (["render", "tikal", str(path), "-o", str(tmp_path / "x.gif")], "-o must name a .svg"),
        (["render", "tikal", str(tmp_path / "none.json"), "-o", str(tmp_path / "x.svg")],
         "cannot read"),
        (["render", "cartographers", str(path), "-o", str(tmp_path / "x.svg")],
         "is a record of tikal, not of cartographers"),
        (["render", "chess", str(path), "-o", str(tmp_path / "x.svg")], "unknown game"),
        (["render", "tikal", str(path), "-o", str(tmp_path / "no" / "x.svg")],
         "cannot write"),
        (["render", "tikal", str(path), "-o", str(tmp_path / "x.svg"), "--width", "100"],
         "for a .png only"),
    ]
    for args, message in cases:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
    assert not list(tmp_path.glob("x.*"))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = run("render", "tikal", str(broken), "-o", str(tmp_path / "x.svg"))
    assert result.exit_code == 2 and "broken.json is not a saved game" in result.output


def test_sheet_in_an_ambush_shows_the_neighbour_the_viewer_draws_monsters_on():
    game = load_game("cartographers")
    rng = random.Random(2)
    for seed in range(40):
        state = game.new(3, seed)
        while not state.is_over() and state.view(None)["step"] != "ambush":
            for player in state.current_players():
                state.apply(player, rng.choice(state.legal_actions(player)))
        if not state.is_over():
            break
    view = state.view(0)
    target = view["you"]["target"]
    assert target != 0
    assert f'class="sheet" data-seat="{target}"' in carto_svg.sheet(view)
    assert f"Ambush: p1 draws the monsters on p{target + 1}'s" in carto_svg.sheet(view)


def test_many_players_fit_the_panel():
    state = load_game("cartographers").new(12, seed=3)
    text = carto_svg.sheet(state.view(4))
    assert "Sheet of p5" in text and "p12\xa00★" in text
    widest = max(len(line) for line in re.findall(r">(others: [^<]*|p\d+ [^<]*)</text>", text))
    assert widest * 0.57 * 12 <= carto_svg.PANEL_WIDTH


# Languages ----------------------------------------------------------------------------


@pytest.mark.parametrize("module", [tikal_svg, carto_svg], ids=["tikal", "cartographers"])
def test_every_language_has_every_word(module):
    assert set(module.WORDS) == {"en", "pt-BR", "ca"}
    for lang, words in module.WORDS.items():
        assert set(module.WORDS["en"]) <= set(words), lang
        for key, text in module.WORDS["en"].items():
            if isinstance(text, str):  # same placeholders in every language
                assert re.findall(r"{\w+}", text) == re.findall(r"{\w+}", words[key]) \
                    or sorted(re.findall(r"{\w+}", text)) \
                    == sorted(re.findall(r"{\w+}", words[key])), (lang, key)


def test_panels_speak_the_language_asked():
    tikal = position("tikal-auction-3p").view(0)
    assert "Leilão, rodada" in tikal_svg.board(tikal, lang="pt-BR")
    assert "Subhasta, ronda" in tikal_svg.board(tikal, lang="ca")
    carto = position("cartographers-3p").view(0)
    assert "Outono (estação 3 de 4)" in carto_svg.sheet(carto, lang="pt-BR")
    assert "Tardor (estació 3 de 4)" in carto_svg.sheet(carto, lang="ca")
    for render, view in ((tikal_svg.board, tikal), (carto_svg.sheet, carto)):
        with pytest.raises(ValueError, match="language 'fr'"):
            render(view, lang="fr")


def test_the_last_move_is_marked_where_its_notation_names_spaces():
    """`Game.render_move`: Tikal outlines the spaces the last action names (a move's two
    ends, a tile's space); Cartographers' sheet marks its last drawing itself, so the
    default hook draws it as `render_svg` does."""
    tikal = load_game("tikal")
    view = tikal.new(3, 1).view(None)
    marked = tikal.render_move(view, last_move="move W A6 B5", lang="ca")
    assert marked == tikal_svg.board(view, highlight=["A6", "B5"], lang="ca")
    assert marked.count('class="highlight"') == 2
    assert tikal.render_move(view, last_move="end") == tikal_svg.board(view)
    assert tikal.render_move(view) == tikal_svg.board(view)
    carto = load_game("cartographers")
    sheet_view = carto.new(2, 1).view(0)
    assert carto.render_move(sheet_view, last_move="forest 1 r0 C1", lang="pt-BR") == \
        carto_svg.sheet(sheet_view, lang="pt-BR")


def test_the_browsers_terrain_colours_are_the_sheets():
    """The page's pickers and previews colour terrains with CSS classes
    (games/cartographers/web/cartographers.css); they must be the picture's own colours."""
    css = (Path(carto_svg.__file__).parent / "web" / "cartographers.css").read_text()
    rules = dict(re.findall(r"\.terrain-([a-z]+) \{ fill: (#[0-9a-f]{6}); background: \2; \}", css))
    drawn = {"forest", "village", "farm", "water", "monster"}
    assert rules == {terrain: carto_svg.FILL[terrain] for terrain in drawn}


@pytest.mark.parametrize("folder", sorted(
    p.parent for p in Path(boardgamesbot.games.__file__).parent.glob("*/picture_words.json")),
    ids=lambda folder: folder.name)
def test_a_pictures_winner_words_assume_no_gender_and_any_number(folder):
    """The picture of a finished game names who won without assuming a gender or a number
    (one "winner" line for one name or a tie's several): "Vitória: Ana, Cy" / "Victòria:
    …", not the noun "Vencedor" nor Catalan's singular verb "Guanya" before two names."""
    words = picture_words(folder)
    assert words["pt-BR"]["winner"] == "Fim de jogo. Vitória: {names}"
    assert words["ca"]["winner"] == "Fi de la partida. Victòria: {names}"
