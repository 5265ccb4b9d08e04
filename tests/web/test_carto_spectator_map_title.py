"""A spectator of a Cartographers table (no seat: a friend's link opened to watch) is shown
the first seat's map. Its title said "Your map", and so did the first seat's tab: the
watcher read that Ana's map was theirs. It names whose map it is, in every language."""

from __future__ import annotations

import pytest

from .helpers import hot_seat_table, open_lobby

TITLES = {"en": "Map of Ana", "pt-BR": "Mapa de Ana", "ca": "Mapa d'Ana"}
YOURS = {"en": "Your map", "pt-BR": "Seu mapa", "ca": "El teu mapa"}


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_spectator_reads_whose_map_is_shown(page, server, lang):
    open_lobby(page, server, lang)
    table, _ = hot_seat_table(server, "cartographers", 3, seed=5)
    page.goto(f"{server}/#/table/{table}")  # a spectator: this browser holds no seat
    page.wait_for_function(
        "() => document.getElementById('sheet-title')"
        " && document.querySelector('svg.board.sheet:not([data-stale])')"
        " && document.querySelectorAll('.map-tab').length === 2"
    )
    look = page.evaluate("""() => ({
        title: document.getElementById('sheet-title').textContent,
        tabs: [...document.querySelectorAll('.map-tab')].map((tab) =>
            [tab.getAttribute('aria-label'), tab.textContent]),
    })""")
    assert look["title"] == TITLES[lang], look
    assert all(YOURS[lang] not in " ".join(tab) for tab in look["tabs"]), look
    assert [tab[1] for tab in look["tabs"]] == ["Bea", "Cai"], look
