"""Telegram's Mini App: the browser table opened inside Telegram at the person's own
seat, proven by the signed initData (valid, tampered, expired, another person's seat),
through the real FastAPI app over HTTP; and the bot's "Open the board" buttons."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

pytest.importorskip("telegram", reason="the [chat] extra (python-telegram-bot) is not installed")

from fastapi.testclient import TestClient  # noqa: E402

from boardgamesbot.chat.store import ChatStore  # noqa: E402
from boardgamesbot.chat.tables import Service  # noqa: E402
from boardgamesbot.chat.webapp import InitDataError, add_to, check_init_data, sign_init_data  # noqa: E402
from boardgamesbot.service.api import create_app  # noqa: E402

TOKEN = "4242:TEST"


def init_data(user_id: int, start: str | None = None, age: float = 0,
              token: str = TOKEN) -> str:
    fields = {"auth_date": str(int(time.time() - age)), "query_id": "AAH",
              "user": json.dumps({"id": user_id, "first_name": "Ana"})}
    if start:
        fields["start_param"] = start
    return sign_init_data(fields, token)


def test_init_data_is_checked_as_telegram_signs_it():
    good = init_data(11, "tabc")
    assert check_init_data(good, TOKEN)["user_id"] == "11"
    tampered = good.replace("%22id%22%3A+11", "%22id%22%3A+12")
    assert tampered != good
    for bad, code in ((tampered, "bad_signature"), (init_data(11, token="1:OTHER"),
                                                     "bad_signature"),
                      (init_data(11, age=2 * 24 * 3600), "expired"),
                      ("hash=abc&hash=abd", "bad_init_data"), ("user=1", "bad_init_data")):
        with pytest.raises(InitDataError) as refused:
            check_init_data(bad, TOKEN)
        assert refused.value.code == code


def test_the_mini_app_opens_the_seat_of_the_person_telegram_vouches_for(tmp_path):
    db = f"sqlite:///{tmp_path / 'c.db'}"

    async def seat_table() -> tuple[str, dict]:
        service = await Service.open(db=db, jobs=False)
        try:
            table_id, tokens = service.create("tikal", {}, ["Ana", "Bob"], [], None)
            ChatStore(service.engine).start_game(
                table_id, "telegram", "-100123", "11",
                [(0, "11", "Ana", tokens[0]), (1, "12", "Bob", tokens[1])])
            return table_id, tokens
        finally:
            await service.close()

    table_id, tokens = asyncio.run(seat_table())
    app = create_app(db=db, jobs=False)
    add_to(app, TOKEN)
    with TestClient(app) as client:
        answer = client.post("/api/telegram/seat",
                             json={"init_data": init_data(12, f"t{table_id}")})
        assert answer.status_code == 200
        assert answer.json() == {"table": table_id, "seat": 1, "token": tokens[1]}
        # A web_app button's page names the table in its address instead.
        answer = client.post("/api/telegram/seat", json={"init_data": init_data(11),
                                                         "table": table_id})
        assert answer.json()["seat"] == 0
        # The seat comes from who Telegram says this is: a stranger has none.
        answer = client.post("/api/telegram/seat",
                             json={"init_data": init_data(99, f"t{table_id}")})
        assert answer.status_code == 404 and "no_seat" in answer.text
        # Bob's initData altered to claim Ana's seat: refused, no token given.
        forged = init_data(12, f"t{table_id}").replace("%22id%22%3A+12", "%22id%22%3A+11")
        answer = client.post("/api/telegram/seat", json={"init_data": forged})
        assert answer.status_code == 403 and "token" not in answer.text
        answer = client.post("/api/telegram/seat",
                             json={"init_data": init_data(12, f"t{table_id}", age=90000)})
        assert answer.status_code == 403 and "expired" in answer.text
        # The page itself, its script from the same origin (the site's CSP allows no other).
        page = client.get("/telegram/app")
        assert page.status_code == 200 and 'src="/telegram/app.js"' in page.text
        script = client.get("/telegram/app.js")
        assert "tgWebAppData" in script.text and "/api/telegram/seat" in script.text
