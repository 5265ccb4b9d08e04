"""Refusals a game-night group met in the browser, in Portuguese against the real server:
"Why not?" on "It is not your turn" cites the turn order (it cited Setup), a move across a
side with no path is answered by the rule's own sentence, and a terrain not on the card is
refused naming the card's terrains in the reader's language."""

from __future__ import annotations

import json
import re

from .helpers import act, call, hot_seat_table, take_seat, view

#: In the page: the table's refusal of `action` for the seat holding `token`, as the notice
#: says it (errorText, the page's own module), and the rule its "Why not?" cites.
REFUSED = """async ([table, token, action]) => {
    const { api } = await import("./api.js");
    const { errorText, lang } = await import("./i18n.js");
    const path = `/api/tables/${encodeURIComponent(table)}`;
    const tried = await api("POST", `${path}/preview`, { action }, token);
    const why = await api("POST", `${path}/why`, { action, lang: lang() }, token);
    return { said: errorText(tried.error), source: why.source, title: why.title, text: why.text };
}"""


def _in_portuguese(page, server, table, seat, token, game):
    """The table opened at `seat` by a page that speaks Brazilian Portuguese."""
    page.goto(f"{server}/")
    page.evaluate("localStorage.setItem('bgbot.lang', 'pt-BR')")
    take_seat(page, server, table, seat, token, game)


def _seat_in_portuguese(page, server, game, players, seed, seat):
    table, tokens = hot_seat_table(server, game, players, seed)
    _in_portuguese(page, server, table, seat, tokens[seat], game)
    page.wait_for_selector(".board-area svg")
    return table, tokens[seat]


def _why_not_on_a_phone(page, refused, heading, lead, left_out, passage):
    """A tap just refused on a phone: the notice says `refused`; its "Why not?" says the
    rule's sentence that says it (`lead`, in bold) at the head of "A regra (`heading`): …",
    without the rest of its passage (`left_out`), read whole without scrolling the notice;
    a tap opens the rules at the passage (it starts with `passage`), that sentence
    highlighted in it. The sentence, its weight and the notice are measured in one look."""
    page.wait_for_selector(".notice.error button.why")
    assert refused in page.inner_text(".notice")
    page.click(".notice.error button.why")
    said = page.wait_for_function("""() => {
        const notice = document.querySelector('.notice');
        const rule = notice?.querySelector('.why-rule');
        const bold = rule?.querySelector('strong.why-lead');
        return bold && { lead: bold.innerText, rule: rule.innerText,
                         weight: getComputedStyle(bold).fontWeight,
                         whole: notice.scrollHeight <= notice.clientHeight }; }""").json_value()
    assert said["lead"] == lead and int(said["weight"]) >= 600, said
    assert said["rule"].startswith(f"A regra ({heading}): {lead}") and left_out not in said["rule"]
    assert said["whole"], "the notice scrolled: the answer was not read whole on the phone"
    page.click(".notice .why-open")
    page.wait_for_selector("#rules-dialog[open] #rules-body .asked.best")
    assert page.inner_text("#rules-body .asked.best").startswith(passage)
    # (a sentence cut where it says why — "… desenhe-a em espaços vazios dentro do mapa …" —
    # is highlighted without its marks of the cut)
    assert page.evaluate("""() => [...(CSS.highlights.get('rules-lead') || [])]
        .map((r) => r.toString().replace(/\\s+/g, ' ')).join('')""") == (
        lead.removeprefix("… ").removesuffix(" …"))


def test_not_your_turn_why_not_cites_the_turn_order_not_the_setup(page, server):
    """Bea's phone, a step behind, still showed her the spaces to lay a tile on while
    Ana's turn had begun (here her page is told so through its own socket): her tap is
    refused, and "Why not?" cited Setup, how the tiles are stacked. It cites the turn order."""
    table, tokens = hot_seat_table(server, "tikal", 2, seed=1)  # Ana (seat 0) plays first
    anas = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[0])["actions"]

    def a_step_behind(socket):
        server_side = socket.connect_to_server()
        socket.on_message(server_side.send)

        def to_page(message):
            said = json.loads(message)
            if said.get("type") == "state":
                said["your_turn"] = True
            elif said.get("type") == "legal":
                said["actions"] = anas
            socket.send(json.dumps(said))
        server_side.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/tables/"), a_step_behind)
    _in_portuguese(page, server, table, 1, tokens[1], "tikal")
    page.wait_for_selector(".space.target")
    page.locator(".space.target").first.click()
    page.click("#place-confirm")
    page.wait_for_selector(".notice.error button.why")
    assert "Não é a sua vez." in page.inner_text(".notice")
    page.click(".notice.error button.why")
    page.wait_for_selector(".notice .why-rule")
    said = page.inner_text(".notice .why-rule")
    assert said.startswith("A regra (O turno): Ordem dos turnos.") and "ordem dos lugares" in said
    page.click(".notice .why-open")
    page.wait_for_selector("#rules-dialog[open] #rules-body .asked.best")
    assert page.inner_text("#rules-body .asked.best").startswith("Ordem dos turnos.")


def test_a_move_across_a_side_with_no_path_why_not_says_the_rules_sentence(narrow, server):
    """Bea taps C5 for her worker on C6 (no stone on either side between them): "Why not?"
    showed the whole Movement passage, what a crossing costs first, and on a phone the answer
    was in its middle. It shows the passage's sentence that says it, the passage a tap away
    with that sentence highlighted in it."""
    page = narrow
    table, tokens = hot_seat_table(server, "tikal", 2, seed=1)
    for seat, action in [(0, "place C5 r1"), (0, "end"), (1, "place C6 r1"), (1, "enter W A6"),
                         (1, "move W A6 B5"), (1, "move W B5 C6")]:
        act(server, table, tokens[seat], action)
    _in_portuguese(page, server, table, 1, tokens[1], "tikal")
    # (C6 a target first: tapped before her legal actions were drawn, on a loaded CI machine,
    # the tap chose nothing and the choices never came)
    page.wait_for_selector('svg.tikal-board:not([data-stale]) [data-target="C6"].target')
    page.click('[data-space="C6"]')  # her worker to move, or a camp: shown at the space
    page.click('#space-choices [data-key="choice-move-W"]')
    page.wait_for_selector('svg.tikal-board:not([data-stale]) .hit.go')
    page.click('[data-space="C5"]')  # not offered: the move is sent, and refused
    # (on this 360×740 phone it is read whole: the passage filled the notice, which scrolled)
    _why_not_on_a_phone(page, "Não há caminho de pedras entre esses espaços.", "Ações",
                        "Se nenhum dos dois lados tiver bloco, não há trilha por ali.",
                        left_out="Ninguém pode entrar", passage="Movimento.")

def test_a_terrain_not_on_the_card_is_refused_naming_the_cards_terrains(page, server):
    # seed 1: the first card is Treetop Village (forest or village)
    table, token = _seat_in_portuguese(page, server, "cartographers", 1, 1, seat=0)
    refused = page.evaluate(REFUSED, [table, token, "water 1 r0 A1"])
    assert refused["said"] == "Esse terreno não está na carta, que oferece floresta ou aldeia."


def test_an_action_the_server_cannot_read_is_said_word_by_word(page, server):
    """A Brazilian's page that sends "mover W A6 B5" (a page opened before the server read
    its notation differently, or a client of the API) was told only "that action is not
    written correctly": it is told which word, what goes there, an action written right and
    how the notation writes "mover", as the terminal and the chat say it."""
    table, token = _seat_in_portuguese(page, server, "tikal", 2, 1, seat=0)
    refused = page.evaluate(REFUSED, [table, token, "mover W A6 B5"])
    assert refused["said"] == (
        "No lugar de 'mover' deve vir uma ação — place, enter, move, uncover, "
        "recover, exchange, camp, guard ou end; por exemplo 'move W A6 B5'. "
        "(Na notação, 'mover' se escreve 'move'.)")  # the basic game's own verbs: no bid


def test_a_shape_not_on_the_card_why_not_says_the_draw_rules_sentence(narrow, server):
    """Ana drew on Farmland (two shapes) from her laptop; her phone, a step behind, still
    shows Farmland while Homestead (one shape) is up. She picks its second shape and taps her
    map: refused, and "Why not?" says the sentence of the Draw rule that says it, in bold,
    the whole passage a tap away with that sentence highlighted in it.

    (The one Cartographers refusal with a declared sentence a tap can bring: the page offers
    only the shapes of the card it shows, a map no shape fits draws a 1×1, and "Pass" is
    there only when it is legal — so only a page a step behind asks for another card's
    shape.)"""
    page = narrow
    table, tokens = hot_seat_table(server, "cartographers", 1, seed=5)  # Farmland, then Homestead
    farmland = view(server, table, tokens[0])["view"]["card"]
    assert len(farmland["shapes"]) == 2
    act(server, table, tokens[0], "farm 1 r0 A1")
    assert view(server, table, tokens[0])["view"]["card"]["name"] == "Homestead"

    def a_step_behind(socket):
        server_side = socket.connect_to_server()
        socket.on_message(server_side.send)

        def to_page(message):
            said = json.loads(message)
            if said.get("type") == "state" and said.get("view"):
                said["view"]["card"] = farmland
            socket.send(json.dumps(said))
        server_side.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/tables/"), a_step_behind)
    _in_portuguese(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector("#shape-2")
    page.click("#shape-2")
    page.wait_for_selector('#shape-2[aria-pressed="true"]')
    page.click('[data-cell="E5"]')  # farm, the second shape of a card no longer up: refused
    # (the rule's sentence cut where it says why: whole, its 192 characters said nothing of
    # the shape first and filled the phone's notice)
    _why_not_on_a_phone(
        page, "Essa forma não está na carta.", "O turno",
        "Escolha um terreno e uma forma mostrados na carta …",
        left_out="nunca sobre uma montanha", passage="2. Desenho.")
