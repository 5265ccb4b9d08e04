"""The rules help: six pages, the project's Decisions marked alike in every language."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from boardgamesbot.cli import main
from boardgamesbot.engine import GameError, known_games, load_game
from boardgamesbot.help import LANGUAGES, help_html, help_page

#: The games whose rules pages the project writes (the test-only game has none).
WRITTEN = ("tikal", "cartographers")
PAGES = [(game, lang) for game in WRITTEN for lang in LANGUAGES]

#: How a Decision is marked in each language: a blockquote paragraph opening
#: with the bold word and a number, e.g. ``> **Decisão 3:** ...``.
DECISION_WORD = {"en": "Decision", "pt-BR": "Decisão", "ca": "Decisió"}
DECISION = re.compile(r"^ *> \*\*(Decision|Decisão|Decisió) (\d+):\*\*", re.MULTILINE)

#: Every Decision of the English rules references (shared/rules/*.md, which a
#: CI clone does not have), as the number its marked Decision carries in the
#: help pages, with words that every language's page keeps in that Decision
#: (card names stay in English).
REFERENCE_DECISIONS = {
    "tikal": {
        1: ("a tile with no legal space may go on any empty space adjacent to the "
            "explored area, in any rotation", ()),
    },
    "cartographers": {
        3: ("the ruins requirement also applies to a Rift Lands 1x1", ("Rift Lands",)),
        9: ("document precisely how solo ambush positions are ordered along a ring "
            "(which shape cell is anchored on the ring cell)", ("0", "1")),
        10: ('"filled" = mountain, wasteland, monster, or any drawn terrain (a ruins '
             "space only once drawn on)", ()),
        11: ("Greengold Plains terrain types are forest, farm, water, monster and "
             "mountain", ("Greengold Plains",)),
        12: ('"next to a ruins space" means orthogonally adjacent to a space printed '
             "with ruins, filled or not", ("The Golden Granary",)),
    },
}
#: Decision lines in each reference (the Cartographers one has a "Decisions:"
#: line holding three rulings, counted above one by one).
REFERENCE_DECISION_LINES = {"tikal": 1, "cartographers": 3}

RECONSTRUCTION_WORD = {"en": "reconstruction", "pt-BR": "reconstrução", "ca": "reconstrucció"}


def decisions(page: str) -> dict[int, str]:
    """Number -> text of each marked Decision (its whole blockquote paragraph)."""
    found: dict[int, str] = {}
    for match in DECISION.finditer(page):
        number = int(match.group(2))
        assert number not in found, f"Decision {number} is marked twice"
        rest = page[match.start():]
        paragraph = re.split(r"\n\s*\n", rest, maxsplit=1)[0]
        found[number] = paragraph
    return found


def test_there_are_six_pages():
    assert set(WRITTEN) <= set(known_games())
    assert LANGUAGES == ("en", "pt-BR", "ca")
    assert len(PAGES) == 6


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_every_page_exists_and_is_a_real_rules_page(game, lang):
    page = help_page(game, lang)
    assert page.startswith("# ")
    assert len(page) > 8000, "a rules page explains the whole game"
    assert len(re.findall(r"^## ", page, re.MULTILINE)) >= 7
    assert f"bgbot rules {game} --lang {lang}" in page  # the "how to play here" section
    assert f"bgbot play {game}" in page


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_decisions_use_the_page_language_marker(game, lang):
    page = help_page(game, lang)
    words = {m.group(1) for m in DECISION.finditer(page)}
    assert words == {DECISION_WORD[lang]}


@pytest.mark.parametrize("game", WRITTEN)
def test_every_language_marks_the_same_decisions(game):
    numbered = {lang: decisions(help_page(game, lang)) for lang in LANGUAGES}
    counts = {lang: len(found) for lang, found in numbered.items()}
    assert len(set(counts.values())) == 1, counts
    count = counts["en"]
    assert count >= REFERENCE_DECISION_LINES[game]
    assert count >= len(REFERENCE_DECISIONS[game])
    for lang, found in numbered.items():
        assert sorted(found) == list(range(1, count + 1)), (lang, sorted(found))


@pytest.mark.parametrize("game", WRITTEN)
def test_every_reference_decision_is_marked_in_every_language(game):
    for lang in LANGUAGES:
        found = decisions(help_page(game, lang))
        for number, (ruling, keywords) in REFERENCE_DECISIONS[game].items():
            assert number in found, f"{game} {lang}: no Decision {number} ({ruling})"
            for word in keywords:
                assert word in found[number], f"{game} {lang} Decision {number}: {word!r}"


def test_decisions_are_numbered_in_reading_order():
    for game, lang in PAGES:
        numbers = [int(m.group(2)) for m in DECISION.finditer(help_page(game, lang))]
        assert numbers == sorted(numbers), (game, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tikal_page_says_the_board_and_tiles_are_a_reconstruction(lang):
    page = help_page("tikal", lang)
    top = page[:2500]  # near the top, before the rules
    assert RECONSTRUCTION_WORD[lang] in top.lower()
    assert "src/boardgamesbot/games/tikal/components.json" in top


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cartographers_page_lists_every_solo_title_and_scoring_card(lang):
    from boardgamesbot.games.cartographers.components import SCORING_CARDS, SOLO_TITLES

    page = help_page("cartographers", lang)
    for _, title in SOLO_TITLES:
        assert title in page
    for name in SCORING_CARDS:
        # English: the card's name; other languages: the translated name, then the
        # English one (for the English box), e.g. "**Bosc Sentinella** (*Sentinel Wood*):".
        assert f"**{name}:**" in page or f"** (*{name}*):" in page


def _notation_examples(page: str) -> list[str]:
    """The backticked notation in the first column of the last section's table."""
    last_section = page.rsplit("\n## ", 1)[1]
    examples = []
    for line in last_section.splitlines():
        if line.startswith("| `"):
            first_cell = line.split("|")[1]
            examples += re.findall(r"`([^`]+)`", first_cell)
    return examples


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_notation_examples_are_real_notation(game, lang):
    examples = _notation_examples(help_page(game, lang))
    assert len(examples) >= 5
    assert examples == _notation_examples(help_page(game, "en"))  # same examples everywhere
    loaded = load_game(game)
    for text in examples:
        assert str(loaded.parse_action(text)) == text


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_help_html_renders_headings_tables_and_marked_decisions(game, lang):
    html = help_html(game, lang)
    assert html.count("<h1>") == 1
    assert html.count("<h2>") >= 7
    assert "<table>" in html
    # (each passage carries data-passage, for the rules search to mark its answers)
    assert re.search(rf'<blockquote data-passage="\d+">\n<p><strong>{DECISION_WORD[lang]} 1:'
                     rf'</strong>', html)
    assert "<code>" in html


def test_unknown_game_or_language_is_a_clear_error():
    with pytest.raises(GameError) as error:
        help_page("chess", "en")
    assert error.value.code == "unknown_help"
    assert "'chess'" in str(error.value) and "cartographers, " in str(error.value)
    with pytest.raises(GameError) as error:
        help_page("hidden-nim", "en")  # a game without rules pages says so
    assert error.value.code == "unknown_help"
    for lang in ("pt", "PT-BR", "fr"):
        with pytest.raises(GameError) as error:
            help_html("tikal", lang)
        assert error.value.code == "unknown_help"
        assert "available: en, pt-BR, ca" in str(error.value)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_cli_prints_the_rules_page():
    result = run("rules", "tikal")
    assert result.exit_code == 0, result.output
    assert "Tikal — how to play" in result.output
    assert "Decision 1:" in result.output
    result = run("rules", "cartographers", "--lang", "pt-BR")
    assert result.exit_code == 0, result.output
    assert "Decisão 1:" in result.output and "Legendary Cartographer" in result.output
    result = run("rules", "tikal", "-l", "ca")
    assert result.exit_code == 0, result.output
    assert "reconstrucció" in result.output


def test_cli_fails_clearly_on_a_bad_language_or_game():
    result = run("rules", "tikal", "--lang", "fr")
    assert result.exit_code == 2
    assert "no language 'fr' here; available: en, pt-BR, ca" in result.output
    assert "Traceback" not in result.output
    result = run("rules", "chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output
