"""Bytes the service sends per accepted action: whole states against patches.

Plays random games through the service's own lobby (in this process, SQLite in a
temporary directory, no network) with one connection per seat and one spectator,
twice over: connections that take whole ``state`` messages, and connections that
offer ``patches`` (docs/api.md). Every message a connection would be sent — events,
states or patches — is rendered exactly as the WebSocket sender renders it and
counted. Reported per accepted action: bytes to all connections, and to one seat.

    .venv/bin/python bench/bench_messages.py            # Tikal 4p, Cartographers 4p / 30p
    .venv/bin/python bench/bench_messages.py --actions 300
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time

from boardgamesbot.service.lobby import Limits, Lobby
from boardgamesbot.store import Store

CASES = [("tikal", 4), ("cartographers", 4), ("cartographers", 30)]


def measure(game: str, players: int, actions: int, seed: int) -> dict:
    store = Store(f"sqlite:///{tempfile.mkdtemp(prefix='bgbot-msg-')}/m.db")
    lobby = Lobby(store, limits=Limits(tables_per_client=0, bot_seats_per_client=0,
                                       spectators_per_table=0, pending_messages=10**6,
                                       pending_bytes=10**12, stall_seconds=10**6))
    created = lobby.create(game, {}, [{"kind": "person"}] * players, None, seed)
    table_id = created["table"]["id"]
    table = lobby.get(table_id)
    watchers = {lean: [lobby.watch(table, seat, patches=lean) for seat in
                       [*range(players), None]] for lean in (False, True)}
    sent = {False: [0] * (players + 1), True: [0] * (players + 1)}
    spent = {False: 0.0, True: 0.0}

    def drain() -> None:
        for lean, group in watchers.items():
            started = time.perf_counter()
            for index, watcher in enumerate(group):
                while watcher.outbox.items:
                    _, _, item = watcher.outbox.items.popleft()
                    sent[lean][index] += len(lobby.render(watcher, item))
                watcher.outbox.size = 0
            spent[lean] += time.perf_counter() - started

    drain()  # the first full state and log: the same for both, not counted
    sent = {False: [0] * (players + 1), True: [0] * (players + 1)}
    spent = {False: 0.0, True: 0.0}
    rng = random.Random(seed)

    async def play() -> int:
        played = 0
        while played < actions:
            table = lobby.get(table_id)
            if table.status != "playing":
                break
            seat = rng.choice(table.awaited())
            options = table.state.legal_actions(seat)
            await lobby.act(table_id, seat, str(rng.choice(options)), table.version)
            played += 1
            drain()
        return played

    played = asyncio.run(play())
    store.close()
    return {
        "game": game, "players": players, "actions": played,
        "whole_bytes_per_action": round(sum(sent[False]) / played),
        "patch_bytes_per_action": round(sum(sent[True]) / played),
        "whole_bytes_per_action_one_seat": round(sent[False][0] / played),
        "patch_bytes_per_action_one_seat": round(sent[True][0] / played),
        # CPU to render what all connections are sent (the patches' diffs), per action
        "patch_render_ms_per_action": round(spent[True] / played * 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game, players in CASES:
        print(json.dumps(measure(game, players, args.actions, args.seed)), flush=True)


if __name__ == "__main__":
    main()
