"""A drawing tapped before the turn's legal drawings reached the phone (they follow the
state, a round trip later; on a slow phone the first tap lands so) was asked "Confirmes:
village 1 r0 A1?": the notation, not words. The server's judgement of the spot (its
preview) says the drawing as data, and the question is asked in words from it."""

from __future__ import annotations

import json
import re

import pytest

from .helpers import hot_seat_table, take_seat

ASKED = {"en": "Draw village (shape 1, not turned) at B3?",
         "pt-BR": "Desenhar aldeia (forma 1, sem girar) em B3?",
         "ca": "Dibuixes poblat (forma 1, sense girar) a B3?"}


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_drawing_tapped_before_the_legal_list_is_asked_in_words(narrow, server, lang):
    def without_the_legal_list(socket):
        server_side = socket.connect_to_server()
        socket.on_message(server_side.send)
        server_side.on_message(
            lambda message: None if json.loads(message).get("type") == "legal"
            else socket.send(message))

    narrow.route_web_socket(re.compile(r"/ws/tables/"), without_the_legal_list)
    narrow.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=3)
    take_seat(narrow, server, table, 0, tokens[0], "cartographers")
    narrow.wait_for_selector('svg.sheet[data-key="sheet"]:not([data-stale]) [data-cell="B3"]')
    narrow.tap("#terrain-village")
    narrow.tap('svg.sheet[data-key="sheet"] [data-cell="B3"]')
    narrow.wait_for_selector("#confirm-text")
    assert narrow.inner_text("#confirm-text") == ASKED[lang]
