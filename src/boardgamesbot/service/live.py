"""Live play over a WebSocket (``/ws/tables/{id}``): one connection per seat or spectator,
its messages in (act, undo, autopilot, legal, view, events, ping) and its outbox out.
docs/api.md describes the protocol.
"""

from __future__ import annotations

import asyncio
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from boardgamesbot import jsontext
from boardgamesbot.engine import GameError

from .errors import ServiceError, error_body
from .http import MAX_TOKEN
from .lobby import Lobby, Outbox, Watcher

MAX_MESSAGE = 4096  # characters of a WebSocket message
SUBPROTOCOL = "bgbot"  # WebSocket: offer ["bgbot", "token.TOKEN"] to sit at a seat
PATCHES = "patches"  # offered too: state changes come as patches (service/patches.py)
TOKEN_PROTOCOL = "token."

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def live(websocket: WebSocket, table_id: str, token: str | None = None):
    """One connection per seat or spectator; see docs/api.md.

    The seat's token travels as the subprotocol ``token.TOKEN`` offered beside
    ``bgbot`` (never in a URL, so never in a log); ``?token=`` still works."""
    offered = websocket.scope.get("subprotocols") or []
    for protocol in offered:
        if protocol.startswith(TOKEN_PROTOCOL) and len(protocol) <= MAX_TOKEN + 6:
            token = protocol[len(TOKEN_PROTOCOL):]
    await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    room: Lobby = websocket.app.state.lobby
    try:
        table = await room.current(table_id)
        seat = room.viewer(table, token)
        admission = await room.admit(table.id, seat, websocket.client.host
                                     if websocket.client else None)
    except ServiceError as error:
        await websocket.send_text(json.dumps({"type": "error", "ref": None,
                                              **error_body(error)}))
        await websocket.close(code=4000 + error.status)
        return
    watcher = room.watch(table, seat, patches=PATCHES in offered)
    sender = _spawn_sender(websocket, watcher, room)
    try:
        while not watcher.outbox.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError:
                    text = "\x00"  # not JSON: answered as bad_json
            await _handle(room, table_id, seat, watcher, text)
    except WebSocketDisconnect:
        pass
    finally:
        room.unwatch(watcher)
        sender.cancel()
        # Shielded: a handler cancelled here (a test client's exit, a shutdown) must
        # still give its place back, or the client's count keeps it for good.
        await asyncio.shield(room.release(admission))


def _spawn_sender(websocket: WebSocket, watcher: Watcher, room: Lobby) -> asyncio.Task:
    """The connection's sender: its outbox's messages, each send bounded. A reader that
    stays behind (its outbox overflows, or a message waits ``stall_seconds`` for it) is
    closed with 4408 — an abort, under ``bgbot serve``, when it reads nothing at all
    (`service.websocket`)."""
    outbox = watcher.outbox

    async def send_all():
        try:
            while (item := await outbox.get()) is not None:
                if not await _delivered(websocket, room.render(watcher, item), outbox):
                    outbox.drop()
            if outbox.overflowed:
                await asyncio.wait_for(websocket.close(code=4408), 5)
        except Exception:  # noqa: BLE001 - the connection is gone
            return

    return asyncio.get_running_loop().create_task(send_all())


async def _delivered(websocket: WebSocket, text: str, outbox: Outbox) -> bool:
    """Send ``text``; False (the send abandoned) when the reader took longer than the
    stall limit, or its outbox overflowed meanwhile (`Outbox.drop` ends the wait)."""
    try:
        async with asyncio.timeout(None) as deadline:  # set by the outbox's watch
            outbox.begin_send(deadline)
            await websocket.send_text(text)
    except TimeoutError:
        return False
    finally:
        outbox.sending = None
    return True


async def _handle(room: Lobby, table_id: str, seat: int | None, watcher: Watcher,
                  text: str) -> None:
    ref = None
    try:
        if len(text) > MAX_MESSAGE:
            raise ServiceError(f"a message has at most {MAX_MESSAGE} characters",
                               code="message_too_large", status=413, max=MAX_MESSAGE)
        try:
            message = json.loads(text)
        except ValueError:
            raise ServiceError("the message is not valid JSON", code="bad_json",
                               status=422) from None
        if not isinstance(message, dict):
            raise ServiceError("a message is a JSON object with a 'type'",
                               code="bad_message", status=422)
        ref = message.get("ref")
        if not isinstance(ref, (str, int, type(None))) or isinstance(ref, bool):
            ref = None
        kind = message.get("type")
        if kind == "ping":
            watcher.send({"type": "pong", "ref": ref})
            return
        if kind not in ("act", "undo", "autopilot", "legal", "view", "events"):
            raise ServiceError(f"unknown message type {str(kind)[:40]!r}; known: act, undo, "
                               "autopilot, legal, view, events, ping",
                               code="unknown_message", status=422)
        if kind in ("view", "events", "legal"):  # reads: the table as the database has it
            table = await room.current(table_id)
            if kind == "view":
                room.send_state(table, watcher)
                return
            if kind == "events":
                after = message.get("after", 0)
                watcher.send({"type": "events", "ref": ref,
                              "events": table.events_for(seat, after if isinstance(after, int)
                                                         else 0)})
                return
        if seat is None:
            raise ServiceError("spectators only watch; join with a seat's token to play",
                               code="spectator", status=403)
        # A write needs no read first: its commit checks the revision (and a lost race
        # reloads and judges again), so the cached table serves as it is.
        if kind == "legal":  # the list encoded once per state and seat (`Table.legal_json`)
            watcher.send(f'{{"type":"legal","ref":{jsontext.text(ref)},"state_id":'
                         f'{table.version},"actions":{table.legal_json(seat)}}}')
        elif kind == "act":
            await room.act(table_id, seat, message.get("action"),
                                 message.get("state_id"), reply=watcher, ref=ref)
        elif kind == "undo":
            await room.undo(table_id, seat, message.get("state_id"), reply=watcher,
                                  ref=ref)
        else:
            await room.autopilot(table_id, seat, message.get("level"), reply=watcher,
                                       ref=ref)
    except GameError as error:
        watcher.send({"type": "error", "ref": ref, **error_body(error)})
