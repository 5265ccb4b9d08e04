"""Chat figures: picture render time, and command-to-reply latency on a local Synapse.

    SYNAPSE_PYTHON=~/.cache/boardgamesbot/synapse-1.163.2/bin/python \\
        .venv/bin/python bench/bench_chat.py [--commands 40]

The latency is measured from a person's client: the time from sending a
command (``status``, ``score``, ``moves``: no computer player's turn) until the
bot's answer arrives through that client's sync. Synapse, the bot and the
client share this machine; the load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from boardgamesbot.chat import images, matrix  # noqa: E402
from boardgamesbot.chat.tables import Service  # noqa: E402
from boardgamesbot.engine import load_game  # noqa: E402


def pictures(runs: int = 10) -> dict[str, float]:
    """Median ms per PNG: a Tikal board, a Cartographers sheet (mid-game positions)."""
    import random

    figures = {}
    for name, players in (("tikal", 4), ("cartographers", 4)):
        state = load_game(name).new(players, 3)
        rng = random.Random(1)
        for _ in range(60):
            if state.is_over():
                break
            seat = state.current_players()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        view = state.view(None)
        images.picture(name, view, seat=0)  # warm up
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            images.picture(name, view, seat=0)
            times.append((time.perf_counter() - start) * 1000)
        figures[name] = statistics.median(times)
    return figures


async def latency(commands: int) -> list[float]:
    from tests.chat.conftest import register, running_synapse

    with running_synapse(os.environ["SYNAPSE_PYTHON"], Path(tempfile.mkdtemp())) as url:
        return await _latency(url, commands, register)


async def _latency(url: str, commands: int, register) -> list[float]:
    tag = uuid.uuid4().hex[:6]
    bot_id = register(url, f"bench{tag}", "botpass")
    register(url, f"ana{tag}", "anapass")
    with tempfile.TemporaryDirectory() as tmp:
        service = await Service.open(db=f"sqlite:///{tmp}/bench.db")
        client = await matrix.login(url, bot_id, "botpass")
        stop, ready = asyncio.Event(), asyncio.Event()
        task = asyncio.create_task(matrix.run(client, service, "http://bench", stop=stop,
                                              ready=ready, sync_timeout=1000))
        await ready.wait()
        import nio

        ana = nio.AsyncClient(url, f"@ana{tag}:localhost")
        await ana.login("anapass")
        room = (await ana.room_create(is_direct=True, invite=[bot_id])).room_id
        await ana.sync(timeout=0)
        while bot_id not in ana.rooms[room].users:
            await ana.sync(timeout=300)

        async def ask(text: str) -> float:
            start = time.perf_counter()
            await ana.room_send(room, "m.room.message", {"msgtype": "m.text", "body": text})
            while True:
                response = await ana.sync(timeout=1000)
                joined = response.rooms.join.get(room)
                if joined and any(isinstance(e, nio.RoomMessageNotice)
                                  and e.sender == bot_id for e in joined.timeline.events):
                    return (time.perf_counter() - start) * 1000

        await ask("new cartographers")
        await ask("start")
        await asyncio.sleep(1.0)
        await ana.sync(timeout=0)
        times = []
        for i in range(commands):
            times.append(await ask(("status", "score", "moves forest 1 r0")[i % 3]))
        await ana.close()
        stop.set()
        await task
        await service.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--commands", type=int, default=40)
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"({os.cpu_count()} cores)")
    for name, ms in pictures().items():
        print(f"picture {name}: {ms:.0f} ms median (SVG + PNG)")
    if not os.environ.get("SYNAPSE_PYTHON"):
        print("SYNAPSE_PYTHON not set: no latency measured")
        return
    times = asyncio.run(latency(args.commands))
    ordered = sorted(times)
    print(f"command → reply over Synapse ({len(times)} commands): median "
          f"{statistics.median(times):.0f} ms, p90 {ordered[int(len(ordered) * 0.9) - 1]:.0f} "
          f"ms, max {ordered[-1]:.0f} ms")
    load = os.getloadavg()
    print(f"load average at end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
