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
