"""Screenshot comparisons of the key screens (issue 30): the lobby, a Tikal table and a
Cartographers table at 1280×800 and on a 390×844 phone, against the PNGs checked in under
tests/web/screenshots/, so that a layout regression (a panel over the board, a board cut
off, a page wider than the phone) fails a test.

Fonts and antialiasing differ from machine to machine, so the images are compared
downscaled (to an eighth, in grey) and a screen fails only when more than TOLERANCE of its
pixels differ by more than PIXEL_STEP grey levels: moved or resized blocks fail, text
rendered a little differently does not.

To refresh them after an intended change of layout (then look at every PNG before
committing it):  BGBOT_UPDATE_SCREENSHOTS=1 pytest tests/web/test_fit_screenshots.py
Differing screens are written to test-artifacts/screenshots-diff/ (actual and difference).
"""

from __future__ import annotations

import os
from io import BytesIO
from pathlib import Path

import pytest

from .conftest import ARTIFACTS
from .helpers import hot_seat_table, take_seat

PIL = pytest.importorskip("PIL")
from PIL import Image, ImageChops  # noqa: E402

HERE = Path(__file__).parent / "screenshots"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
SCALE = 8
PIXEL_STEP = 48
TOLERANCE = 0.04
UPDATE = os.environ.get("BGBOT_UPDATE_SCREENSHOTS") == "1"


def difference(expected: Image.Image, actual: Image.Image) -> float:
    """The share of downscaled grey pixels that differ by more than PIXEL_STEP."""
    if expected.size != actual.size:
        return 1.0
    small = (max(1, expected.width // SCALE), max(1, expected.height // SCALE))
    a = expected.convert("L").resize(small, Image.Resampling.BOX)
    b = actual.convert("L").resize(small, Image.Resampling.BOX)
    diff = ImageChops.difference(a, b).point(lambda v: 255 if v > PIXEL_STEP else 0)
    # Counted from the histogram (pixels per grey level), not pixel by pixel: getdata is
    # deprecated in Pillow, and its replacement (get_flattened_data) is newer than the
    # oldest Pillow pyproject.toml allows; a histogram works in every version.
    return sum(diff.histogram()[1:]) / (small[0] * small[1])


def test_the_difference_measure_sees_a_moved_block_but_not_a_blur():
    base = Image.new("RGB", (400, 400), "white")
    base.paste((40, 90, 40), (50, 50, 350, 200))
    blurred = base.copy()
    blurred.paste((60, 110, 60), (52, 50, 348, 198))
    moved = Image.new("RGB", (400, 400), "white")
    moved.paste((40, 90, 40), (50, 220, 350, 370))
    assert difference(base, blurred) <= TOLERANCE
    assert difference(base, moved) > TOLERANCE
    assert difference(base, base.resize((400, 300))) == 1.0


def compare(page, name: str) -> None:
    # The caret blinks and animations move: neither is layout.
    page.add_style_tag(
        content="*, *::after { caret-color: transparent !important; "
        "animation: none !important; transition: none !important; }"
    )
    # Where a person has panned a board's frame is their state, not layout (and the
    # page's own pan at the start of a turn is checked by test_fit_view): show its corner.
    page.evaluate("document.querySelectorAll('.board-frame').forEach(f => f.scrollTo(0, 0))")
    page.wait_for_timeout(200)
    actual = Image.open(BytesIO(page.screenshot())).convert("RGB")
    path = HERE / f"{name}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no reference screenshot {path.name}: run with BGBOT_UPDATE_SCREENSHOTS=1")
        HERE.mkdir(exist_ok=True)
        actual.save(path, optimize=True)
        return
    share = difference(Image.open(path), actual)
    if share > TOLERANCE:
        out = ARTIFACTS / "screenshots-diff"
        out.mkdir(parents=True, exist_ok=True)
        actual.save(out / f"{name}.png")
        ImageChops.difference(Image.open(path).convert("RGB"), actual).save(
            out / f"{name}-diff.png"
        )
    assert share <= TOLERANCE, f"{name}: {share:.1%} of the screen differs (see {out})"


@pytest.fixture(params=sorted(SIZES))
def sized(browser, request):
    width, height = SIZES[request.param]
    context = browser.new_context(
        bypass_csp=True,
        viewport={"width": width, "height": height},
        locale="en-US",
        has_touch=request.param == "phone",
    )
    context.set_default_timeout(20_000)
    page = context.new_page()
    yield request.param, page
    context.close()


def test_the_lobby_looks_as_it_did(sized, server):
    size, page = sized
    page.goto(f"{server}/")
    page.wait_for_selector("#create-button")
    page.click("#game-tikal")
    compare(page, f"lobby-{size}")


@pytest.mark.parametrize("game", ["tikal", "cartographers"])
def test_a_table_at_the_start_of_a_turn_looks_as_it_did(sized, server, game):
    size, page = sized
    board = {
        "tikal": "svg.tikal-board:not([data-stale])",
        "cartographers": 'svg.sheet[data-key="sheet"]:not([data-stale])',
    }[game]
    table, tokens = hot_seat_table(server, game, 2 if game == "tikal" else 1, seed=7)
    take_seat(page, server, table, 0, tokens[0], game)
    page.wait_for_selector(f"{board} [role=button][data-target]")
    compare(page, f"{game}-{size}")
