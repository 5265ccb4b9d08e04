"""Every bot a table asks sees the seat's window (`SeatView`), fallbacks included: a bot
that fails, or that chose an illegal action, is replaced by the random bot through the
same window, never handed the position itself."""

from __future__ import annotations

import asyncio

from boardgamesbot.bots import RandomBot, SeatView
from boardgamesbot.engine import load_game
from boardgamesbot.service import bots
from boardgamesbot.service.bots import BotPool
from boardgamesbot.service.lobby import Limits, Lobby
from boardgamesbot.store import Store


def record_states(monkeypatch) -> list:
    seen = []
    choose = RandomBot.choose

    def watched(self, state, player, budget=None):
        seen.append(type(state))
        return choose(self, state, player, budget)

    monkeypatch.setattr(RandomBot, "choose", watched)
    return seen


def test_a_failing_bot_falls_back_to_random_through_the_seat_window(monkeypatch):
    seen = record_states(monkeypatch)

    def broken(level, seed):
        raise RuntimeError("this bot is broken")

    monkeypatch.setattr(bots, "make_bot", broken)
    state = load_game("tikal").new(2, seed=5)
    notation = bots.choose(state, 0, "hard", 7)
    assert notation in {str(a) for a in state.legal_actions(0)}
    assert seen == [SeatView]


def test_a_bot_choosing_an_illegal_action_is_replaced_through_the_seat_window(
        monkeypatch, tmp_path):
    seen = record_states(monkeypatch)
    monkeypatch.setattr(bots, "choose", lambda state, seat, level, seed: "not an action")

    async def play() -> int:
        lobby = Lobby(Store(f"sqlite:///{tmp_path / 'window.db'}"),
                      limits=Limits(tables_per_client=0, bot_seats_per_client=0))
        await lobby.open()
        pool = BotPool(0)
        try:
            created = lobby.create("tikal", {}, [{"kind": "bot", "level": "easy"},
                                                 {"kind": "bot", "level": "easy"}], None, 3)
            table_id = created["table"]["id"]
            lobby.run_jobs(pool, 1)
            for _ in range(500):
                await asyncio.sleep(0.01)
                if (await lobby.current(table_id)).version >= 4:
                    break
            return (await lobby.current(table_id)).version
        finally:
            await lobby.close()
            pool.close()
            lobby.store.close()

    assert asyncio.run(play()) >= 4  # the table went on, at random
    assert seen and set(seen) == {SeatView}


def test_an_instant_bot_decides_on_the_loop_through_the_seat_window(monkeypatch):
    """The random bot is instant (`is_instant`): the pool asks it on the event loop, with
    no hop to a thread, and still hands it the seat's window on a copy."""
    import threading

    from boardgamesbot.bots import is_instant, make_bot

    assert is_instant(make_bot("random", 1)) and not is_instant(make_bot("easy", 1))
    threads = []
    choose = RandomBot.choose

    def watched(self, state, player, budget=None):
        threads.append((threading.current_thread(), type(state)))
        return choose(self, state, player, budget)

    monkeypatch.setattr(RandomBot, "choose", watched)
    state = load_game("tikal").new(2, seed=5)
    before = state.to_json()

    async def ask() -> str:
        pool = BotPool(0)
        try:
            return await pool.choose(state, state.current_players()[0], "random", 7)
        finally:
            pool.close()

    notation = asyncio.run(ask())
    assert notation in {str(a) for a in state.legal_actions(state.current_players()[0])}
    assert threads == [(threading.main_thread(), SeatView)]
    assert state.to_json() == before
