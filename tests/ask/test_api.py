"""The rules questions over HTTP: /api/rules/{game}/ask and /api/tables/{id}/why."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from boardgamesbot.service.api import create_app


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(db=f"sqlite:///{tmp_path / 'service.db'}")) as client:
        yield client


def test_ask_answers_with_passages_marked_in_the_rules_page(client):
    answer = client.get("/api/rules/tikal/ask",
                        params={"q": "posso passar por cima de um vulcao?", "lang": "pt-BR"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["answers"][0]["title"] == "Movimento" and len(data["answers"]) >= 3
    # the sentence that answers, from the passage's middle; "" for an answer whose
    # opening answers (every answer carries the field)
    assert data["answers"][0]["lead"] == "Ninguém pode entrar em um Vulcão."
    assert all(isinstance(a["lead"], str) and a["lead"] in a["text"] for a in data["answers"])
    page = client.get("/api/rules/tikal", params={"lang": "pt-BR"}).json()["html"]
    marked = re.search(rf'data-passage="{data["answers"][0]["passage"]}">(.*?)</p>',
                       page, re.DOTALL)
    assert marked and "Vulcão" in marked.group(1)
    # asked from a basic table (its summary's options): the auction's rule does not lead
    # and is marked as the variant's; asked of no table, a question naming nothing only the
    # auction has is the basic game's too, but nothing is marked (no table says which is played)
    asked = {"q": "como faco pontos", "lang": "pt-BR"}
    alone = client.get("/api/rules/tikal/ask", params=asked).json()["answers"]
    assert alone[0]["title"] == "Contagem" and not any(a["variant"] for a in alone)
    basic = client.get("/api/rules/tikal/ask",
                       params={**asked, "options": '{"variant": "basic"}'}).json()["answers"]
    assert basic[0]["title"] == "Contagem" and basic[0]["variant"] == ""
    # (asked in one word, "pontos", the auction's "your points are your money" now follows
    # every answer of the basic game: not among these five; asked in more words, it is, marked)
    assert all(a["variant"] == "" for a in basic)
    more = client.get("/api/rules/tikal/ask", params={
        "q": "como faco pra ganhar mais pontos", "lang": "pt-BR",
        "options": '{"variant": "basic"}'}).json()["answers"]
    assert more[0]["variant"] == ""
    assert [a["variant"] for a in more if a["title"] == "Seus pontos são seu dinheiro"] == [
        "variante com leilão"]
    # asked about what only the auction has: said first (`aside`), and the auction answers
    bid = {"q": "posso dar lance d zero?", "lang": "pt-BR", "options": '{"variant": "basic"}'}
    told = client.get("/api/rules/tikal/ask", params=bid).json()
    assert told["aside"] == "Esta mesa joga o jogo básico: dar lance é só da variante com leilão."
    assert told["answers"][0]["title"] == "Decisão 4"
    assert client.get("/api/rules/tikal/ask", params=asked).json()["aside"] == ""


def test_ask_without_an_answer_gives_the_closest_topics(client):
    data = client.get("/api/rules/cartographers/ask",
                      params={"q": "qui va guanyar el mundial de futbol", "lang": "ca"}).json()
    assert data["answers"] == [] and data["topics"]
    assert data["unknown"] == ["mundial", "futbol"]  # (what to ask in other words)


def test_ask_after_a_question_reads_a_pronoun_as_what_it_named(client):
    """The browser's question box sends the last reply's ``about`` as ``before``: "e ele pode
    ficar lá?" after a question about the guard is about the guard; alone, "I don't know"."""
    ask = "/api/rules/tikal/ask"
    first = client.get(ask, params={"q": "o guardião pode sair do templo depois?",
                                    "lang": "pt-BR"}).json()
    assert first["about"] == "o guardião pode sair do templo depois?"
    alone = client.get(ask, params={"q": "e ele pode ficar lá?", "lang": "pt-BR"}).json()
    assert alone["answers"] == []
    then = client.get(ask, params={"q": "e ele pode ficar lá?", "lang": "pt-BR",
                                   "before": first["about"]}).json()
    assert then["answers"][0]["title"] == "Colocar um Guardião (5 PA)"
    assert then["about"] == first["about"]  # (and so for the question after it)
    long = client.get(ask, params={"q": "e ele?", "before": "x" * 501})
    assert long.status_code == 422


def test_ask_refuses_bad_input_and_says_why(client):
    unknown = client.get("/api/rules/chess/ask", params={"q": "castling"})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_help"
    language = client.get("/api/rules/tikal/ask", params={"q": "volcano", "lang": "fr"})
    assert language.status_code == 422 and "lang" in language.text
    empty = client.get("/api/rules/tikal/ask", params={"q": " "})
    assert empty.status_code == 422
    assert client.get("/api/rules/tikal/ask").status_code == 422
    for options, code in (("{variant: basic", "bad_options"), ('["basic"]', "bad_options"),
                          ('{"variant": "expert"}', "bad_option")):
        refused = client.get("/api/rules/tikal/ask", params={"q": "volcano", "options": options})
        assert refused.status_code == 422 and refused.json()["error"]["code"] == code, options


def test_why_explains_a_refusal_at_a_table_and_changes_nothing(client):
    created = client.post("/api/tables", json={
        "game": "tikal", "seats": [{"kind": "person", "name": "Ann"},
                                   {"kind": "person", "name": "Bob"}]}).json()
    table_id, token = created["table"]["id"], created["seats"][0]["token"]
    before = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
    answer = client.post(f"/api/tables/{table_id}/why", json={"action": "enter L A6",
                                                              "lang": "ca"},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["legal"] is False and data["code"] == "place_tile_first"
    assert data["title"] == "Roba i col·loca una lloseta" and data["source"] == "Un torn"
    assert data["reason"] and data["passage"] is not None
    after = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
    assert after["state_id"] == before["state_id"]
    nobody = client.post(f"/api/tables/{table_id}/why", json={"action": "end"})
    assert nobody.status_code == 401


def test_why_a_bid_at_a_basic_table_says_it_has_no_auction(client):
    """The browser's "why not?" of a "bid 0" typed at a basic table: the basic game has no
    auction (it cited Decision 4, the auction's rule that bids start at 1)."""
    created = client.post("/api/tables", json={
        "game": "tikal", "seats": [{"kind": "person", "name": "Ann"},
                                   {"kind": "person", "name": "Bob"}]}).json()
    table_id, token = created["table"]["id"], created["seats"][0]["token"]
    answer = client.post(f"/api/tables/{table_id}/why", json={"action": "bid 0", "lang": "ca"},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["code"] == "other_variant" and data["title"] != "Decisió 4", data
    assert data["reason"].startswith("El joc bàsic no té subhasta"), data["reason"]
