"""The end of a game has one name per language. A finished table's status line said
"Fim de jogo" while the result panel under it was headed "Fim da partida" (pt-BR; in
English "Game over" over "End of the game"): two names for one moment, on one screen.
The chat's result, the terminal's last line and the games' pictures say the same name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import hot_seat_table, play_randomly, seeded, take_seat

SRC = Path(__file__).resolve().parents[2] / "src" / "boardgamesbot"
LANGS = ["en", "pt-BR", "ca"]


def catalog(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_status_line_and_the_result_name_the_end_alike(page, server, lang):
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=6)
    play_randomly(server, table, tokens, seeded(1))
    page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector(".panel.summary h2")
    status = page.locator("#status-line").inner_text().strip()
    heading = page.locator(".panel.summary h2").inner_text().strip()
    assert status == heading, (lang, status, heading)
    assert status == catalog(SRC / "web" / "static" / "i18n" / f"{lang}.json")["status.over"]


@pytest.mark.parametrize("lang", LANGS)
def test_chat_terminal_and_pictures_say_the_browsers_name_for_the_end(lang):
    name = catalog(SRC / "web" / "static" / "i18n" / f"{lang}.json")["status.over"]
    chat = catalog(SRC / "chat" / "messages" / f"{lang}.json")["end.title"]
    terminal = catalog(SRC / "cli" / "messages" / f"{lang}.json")["game.over"]
    assert name in chat and terminal.startswith(name), (name, chat, terminal)
    pictures = sorted((SRC / "games").glob("*/picture_words.json"))
    assert pictures
    for words in pictures:
        assert catalog(words)[lang]["over"] == name, words
