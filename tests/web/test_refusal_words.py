"""Refusals a game-night group met in the browser, said by the page's own words against the
real server: "Why not?" on "It is not your turn" cites the turn order (it cited Setup), and
a terrain not on the card is refused naming the card's terrains in the reader's language."""

from __future__ import annotations

from .helpers import hot_seat_table, take_seat

#: In the page: the table's refusal of `action` for the seat holding `token`, as the notice
#: says it (errorText), and the rule its "Why not?" cites (the /why answer it shows).
REFUSED = """async ([table, token, action]) => {
    const { api } = await import("./api.js");
    const { errorText, lang } = await import("./i18n.js");
    const path = `/api/tables/${encodeURIComponent(table)}`;
    const tried = await api("POST", `${path}/preview`, { action }, token);
    const why = await api("POST", `${path}/why`, { action, lang: lang() }, token);
    return { said: errorText(tried.error), source: why.source, title: why.title, text: why.text };
}"""


def _seat_in_portuguese(page, server, game, players, seed, seat):
    table, tokens = hot_seat_table(server, game, players, seed)
    page.goto(f"{server}/")
    page.evaluate("localStorage.setItem('bgbot.lang', 'pt-BR')")
    take_seat(page, server, table, seat, tokens[seat], game)
    page.wait_for_selector(".board-area svg")
    return table, tokens[seat]


def test_not_your_turn_why_not_cites_the_turn_order_not_the_setup(page, server):
    table, token = _seat_in_portuguese(page, server, "tikal", 2, 1, seat=1)  # Ana plays first
    refused = page.evaluate(REFUSED, [table, token, "enter L A6"])
    assert refused["said"] == "Não é a sua vez."
    assert (refused["source"], refused["title"]) == ("O turno", "Ordem dos turnos")
    assert "a vez passa na ordem dos lugares" in refused["text"]


def test_a_terrain_not_on_the_card_is_refused_naming_the_cards_terrains(page, server):
    # seed 1: the first card is Treetop Village (forest or village)
    table, token = _seat_in_portuguese(page, server, "cartographers", 1, 1, seat=0)
    refused = page.evaluate(REFUSED, [table, token, "water 1 r0 A1"])
    assert refused["said"] == "Esse terreno não está na carta, que oferece floresta ou aldeia."
