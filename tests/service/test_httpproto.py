"""`service.httpproto`: an answer's head goes out with its body in one write, and is
never held past the loop's next turn or a close."""

from __future__ import annotations

import asyncio

from boardgamesbot.service.httpproto import HeldHead

HEAD = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n"


class Recorder:
    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str) -> str:
        return f"info {name}"


def test_head_and_body_in_one_write() -> None:
    async def run() -> list[bytes]:
        wire = Recorder()
        held = HeldHead(wire)  # type: ignore[arg-type]
        held.write(HEAD)
        assert wire.writes == []
        held.write(b"{}")
        await asyncio.sleep(0)  # the flush scheduled for the head finds nothing to do
        return wire.writes

    assert asyncio.run(run()) == [HEAD + b"{}"]


def test_a_held_head_goes_out_on_the_next_turn() -> None:
    async def run() -> list[bytes]:
        wire = Recorder()
        held = HeldHead(wire)  # type: ignore[arg-type]
        held.write(HEAD)
        await asyncio.sleep(0)
        first = list(wire.writes)
        held.write(b"{}")
        assert first == [HEAD]
        return wire.writes

    assert asyncio.run(run()) == [HEAD, b"{}"]


def test_continue_is_not_held_and_the_head_after_it_is() -> None:
    async def run() -> list[bytes]:
        wire = Recorder()
        held = HeldHead(wire)  # type: ignore[arg-type]
        held.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        assert wire.writes == [b"HTTP/1.1 100 Continue\r\n\r\n"]
        held.write(HEAD)
        held.write(b"{}")
        return wire.writes

    assert asyncio.run(run()) == [b"HTTP/1.1 100 Continue\r\n\r\n", HEAD + b"{}"]


def test_close_flushes_the_head_first() -> None:
    async def run() -> Recorder:
        wire = Recorder()
        held = HeldHead(wire)  # type: ignore[arg-type]
        held.write(HEAD)
        held.close()
        assert held.is_closing()
        assert held.get_extra_info("peername") == "info peername"
        await asyncio.sleep(0)
        return wire

    wire = asyncio.run(run())
    assert wire.writes == [HEAD] and wire.closed
