"""Chat figures: picture render time, and command-to-reply latency on a local Synapse.

    SYNAPSE_PYTHON=~/.cache/boardgamesbot/synapse-1.163.2/bin/python \\
        .venv/bin/python bench/bench_chat.py [--commands 40]

The latency is measured from a person's client: the time from sending a
command (``status``, ``score``, ``moves``: no computer player's turn) until the
bot's answer arrives through that client's sync, in an encrypted direct chat and a
plain one (asked in turn, so both see the same load; the client has encryption on
and trusts the bot's device, as Element would after first use). Synapse, the bot
and the client share this machine; the load average is printed with the figures.
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


async def latency(commands: int) -> dict[str, list[float]]:
    from tests.chat.conftest import register, running_synapse

    with running_synapse(os.environ["SYNAPSE_PYTHON"], Path(tempfile.mkdtemp())) as url:
        return await _latency(url, commands, register)


ENCRYPTION = {"type": "m.room.encryption", "state_key": "",
              "content": {"algorithm": "m.megolm.v1.aes-sha2"}}


async def _latency(url: str, commands: int, register) -> dict[str, list[float]]:
    """Command-to-reply times in an encrypted and a plain direct chat, asked in turn so
    that both see the same load."""
    import nio

    from boardgamesbot.chat.matrix.bot import key_steps

    tag = uuid.uuid4().hex[:6]
    bot_id = register(url, f"bench{tag}", "botpass")
    register(url, f"ana{tag}", "anapass")
    with tempfile.TemporaryDirectory() as tmp:
        service = await Service.open(db=f"sqlite:///{tmp}/bench.db")
        client = await matrix.login(url, bot_id, "botpass", data_dir=f"{tmp}/bot")
        stop, ready = asyncio.Event(), asyncio.Event()
        task = asyncio.create_task(matrix.run(client, service, "http://bench", stop=stop,
                                              ready=ready, sync_timeout=1000,
                                              password="botpass"))
        await ready.wait()
        Path(f"{tmp}/ana").mkdir()
        ana = nio.AsyncClient(url, f"@ana{tag}:localhost", store_path=f"{tmp}/ana",
                              config=nio.AsyncClientConfig(encryption_enabled=True))
        await ana.login("anapass")
        await ana.sync(timeout=0, full_state=True)

        async def pump(timeout: int):
            response = await ana.sync(timeout=timeout)
            await key_steps(ana)
            for device in ana.device_store:  # trust on first use
                if not device.verified:
                    ana.verify_device(device)
            return response

        rooms = {}
        for kind, state in (("encrypted", [ENCRYPTION]), ("plain", [])):
            rooms[kind] = (await ana.room_create(
                is_direct=True, invite=[bot_id], preset=nio.RoomPreset.trusted_private_chat,
                initial_state=state)).room_id
        for room in rooms.values():
            while room not in ana.rooms or bot_id not in ana.rooms[room].users \
                    or ana.rooms[room].users[bot_id].invited:
                await pump(300)

        async def ask(room: str, text: str) -> float:
            start = time.perf_counter()
            await ana.room_send(room, "m.room.message", {"msgtype": "m.text", "body": text},
                                ignore_unverified_devices=True)
            while True:
                response = await pump(1000)
                joined = response.rooms.join.get(room)
                if joined and any(isinstance(e, nio.RoomMessageNotice)
                                  and e.sender == bot_id for e in joined.timeline.events):
                    return (time.perf_counter() - start) * 1000

        for room in rooms.values():
            await ask(room, "new cartographers")
            await ask(room, "start")
        await asyncio.sleep(1.0)
        await pump(0)
        times: dict[str, list[float]] = {kind: [] for kind in rooms}
        for i in range(commands):
            for kind, room in rooms.items():
                times[kind].append(await ask(room, ("status", "score", "moves forest 1 r0")[i % 3]))
        await ana.close()
        stop.set()
        await task
        await service.close()
    return times


def percentile(ordered: list[float], share: float) -> float:
    return ordered[max(0, int(round(len(ordered) * share)) - 1)]


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
    for kind, times in asyncio.run(latency(args.commands)).items():
        ordered = sorted(times)
        print(f"command → reply over Synapse, {kind} direct chat ({len(times)} commands): "
              f"median {statistics.median(times):.0f} ms, p95 {percentile(ordered, 0.95):.0f} "
              f"ms, max {ordered[-1]:.0f} ms")
    load = os.getloadavg()
    print(f"load average at end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
