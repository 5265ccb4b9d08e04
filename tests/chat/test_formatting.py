"""How each adapter writes the core's text: Telegram HTML (escaped, mentions as links,
``` blocks as <pre>) and Matrix notices (plain and HTML bodies, mention pills)."""

from __future__ import annotations

import pytest

pytest.importorskip("telegram", reason="the [chat] extra is not installed")
pytest.importorskip("nio", reason="the [chat] extra is not installed")

from boardgamesbot.chat.matrix import MatrixTransport, _content  # noqa: E402
from boardgamesbot.chat.telegram import TelegramTransport, _html, _where  # noqa: E402


def test_telegram_text_is_escaped_and_mentions_link_to_the_person():
    mention = TelegramTransport(None).mention("42", "<b>Eve</b> & co")
    text = _html(f"Your turn, {mention}! 3 < 4\n```\n<board>\n```")
    assert '<a href="tg://user?id=42">&lt;b&gt;Eve&lt;/b&gt; &amp; co</a>' in text
    assert "3 &lt; 4" in text and "<pre>&lt;board&gt;</pre>" in text


def test_a_forum_topic_is_addressed_by_its_thread():
    assert _where("-100777/7") == ("-100777", 7)
    assert _where("-100777") == ("-100777", None)


def test_matrix_notices_carry_plain_and_html_bodies_with_mention_pills():
    mention = MatrixTransport(None).mention("@ana:localhost", "Ana <3")
    content = _content(f"Your turn, {mention}!\n```\nA1 <B2>\n```")
    assert content["msgtype"] == "m.notice"
    assert content["body"].startswith("Your turn, Ana <3!")
    assert '<a href="https://matrix.to/#/@ana:localhost">Ana &lt;3</a>' in \
        content["formatted_body"]
    assert "<pre><code>A1 &lt;B2&gt;</code></pre>" in content["formatted_body"]
    assert content["m.mentions"] == {"user_ids": ["@ana:localhost"]}


def _section(game: str, lang: str, heading: str):
    from boardgamesbot.chat.rules import topics

    return next(t for t in topics(game, lang) if t.heading == heading).whole()


def test_a_rules_section_keeps_its_table_and_list_on_telegram():
    """Telegram has no tables nor lists: a table reads as its head, then a line a row; a
    list as • lines with its bold card names — never the page's | and ** marks."""
    table = _html(_section("cartographers", "en", "Solo play and your rating"))
    assert table.startswith("<b>Solo play and your rating</b>\n\n")
    assert "<i>rating — title</i>\n• 30 or more — Legendary Cartographer\n" \
           "• 20 to 29 — Master Mapsmith\n" in table
    cards = _html(_section("cartographers", "pt-BR", "As cartas de cilada"))
    assert "\n• <b>" in cards and cards.count("\n• ") == 4
    for text in (table, cards):
        assert "|" not in text and "**" not in text


def test_a_rules_section_on_matrix_is_a_real_table_and_list_with_readable_lines_under():
    table = _content(_section("cartographers", "ca", "Joc en solitari i la teva valoració"))
    assert "<table>" in table["formatted_body"] and "<td>30 o més</td>" in \
        table["formatted_body"]
    assert "\n• 30 o més — Legendary Cartographer" in table["body"]
    season = _content(_section("cartographers", "en", "End of a season"))
    assert season["formatted_body"].count("<li>") == 3
    assert "Every player scores stars:\n• the season's two edicts" in season["body"]


def test_the_rules_opening_shows_no_markdown_marks():
    """`rules tikal` opens with the page's title and first paragraph: in bold and italics
    on Telegram, the words alone in plain text; its sentences not broken where the
    page's source wraps them."""
    from boardgamesbot.chat import games, rules

    sections = games.rules_sections("tikal", "ca")
    opening = rules.intro("tikal", "ca", sections[0][1], [h for h, _ in sections[1:]])
    assert opening.startswith("Tikal — com s'hi juga\n\nTikal és un joc de Wolfgang")
    assert "*" not in opening and "#" not in opening and "\n• L'objectiu" in opening
    paragraph = opening.split("\n\n")[1]
    assert "\n" not in paragraph
    telegram = _html(opening)
    assert telegram.startswith("<b>Tikal — com s'hi juga</b>\n\n<i>Tikal</i> és")
    assert "<b>Decisió</b>" in telegram


def test_a_command_is_typed_with_bg_in_a_matrix_group_and_bare_in_a_direct_room():
    from types import SimpleNamespace

    rooms = {"!group": SimpleNamespace(member_count=4), "!dm": SimpleNamespace(member_count=2)}
    transport = MatrixTransport(SimpleNamespace(rooms=rooms))
    assert transport.command("!group", "rules more") == "!bg rules more"
    assert transport.command("!dm", "rules more") == "rules more"
    telegram = TelegramTransport(None)
    assert telegram.command("-100123", "regras mais") == "/regras mais"
    assert telegram.command("42", "regras mais") == "regras mais"
