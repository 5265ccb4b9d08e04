"""One stable device for the bot: log in with the password once, then restore it.

A Matrix device is the bot's end-to-end identity: its Olm account (identity keys),
its Megolm sessions and the devices it trusts live in nio's crypto store, one
SQLite file per device. A plain ``login()`` at every start would make a new
device each time, with none of the old room keys and one more unverified
session in everybody's client. So the first start logs in with the password
and keeps the device id and access token in ``device.json`` (mode 0600) beside
the store; every later start restores that device (same id, same keys). A
token the server no longer accepts is renewed by logging in again *on the same
device id*, which keeps the identity keys.

Layout of the bot's directory (``<data dir>/matrix/<user id>/``)::

    device.json         user id, device id, access token, the store's pickle key
    store/              nio's crypto store (``<user>_<device>.db``)
    cross-signing.json  the master and self-signing seeds (see `crosssigning`)
    menus.json          which message is whose open menu (see `menus`)
    threads.json        the thread each room's table lives in (see `threads`)
    reactions.json      which 👍 joined whom, whom each 🚪 question asks (see
                        `reactions`; when it was asked, the chat database keeps)
    sent.json           the bot's recent messages, lobbies sent anew, closed menus, who
                        could read each message (`sent`)
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from nio import AsyncClient, AsyncClientConfig, LoginResponse, WhoamiResponse
from nio.crypto import ENCRYPTION_ENABLED

log = logging.getLogger(__name__)

DEVICE_NAME = "BoardGamesBot"


@dataclass(frozen=True)
class BotFiles:
    """Where one bot account keeps its device."""

    root: Path

    @classmethod
    def of(cls, data_dir: str | Path, user_id: str) -> BotFiles:
        # The user id names the directory (":" is fine on POSIX file systems), so one
        # data directory can hold several bot accounts.
        return cls(Path(data_dir) / "matrix" / user_id)

    @property
    def device(self) -> Path:
        return self.root / "device.json"

    @property
    def store(self) -> Path:
        return self.root / "store"

    @property
    def cross_signing(self) -> Path:
        return self.root / "cross-signing.json"

    def prepare(self) -> None:
        self.store.mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o700)  # keys live here: the bot's eyes only
        os.chmod(self.store, 0o700)


def write_secret(path: Path, data: dict) -> None:
    """Write ``data`` as JSON readable by the owner only, replacing the file atomically."""
    partial = path.with_suffix(".partial")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
    os.replace(partial, path)


def read_json(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None


def _config(pickle_key: str) -> AsyncClientConfig:
    # The bot keeps its own sync cursor in the chat database (one source of truth,
    # saved only after nio stored the keys a sync brought); nio retries rate limits
    # and timeouts without end, the sync loop restarts after anything else.
    return AsyncClientConfig(encryption_enabled=True, store_sync_tokens=False,
                             pickle_key=pickle_key, max_limit_exceeded=None,
                             max_timeouts=None, request_timeout=60)


async def login(homeserver: str, user: str, password: str | None = None,
                access_token: str | None = None, device_id: str | None = None,
                data_dir: str | Path | None = None) -> AsyncClient:
    """A logged-in client with end-to-end encryption on the bot's one device.

    The first start needs ``password`` (or ``access_token`` with its
    ``device_id``); later starts restore the device kept in ``data_dir``."""
    if not ENCRYPTION_ENABLED:
        raise RuntimeError("matrix-nio was installed without its e2e extra (vodozemac): "
                           "pip install 'boardgamesbot[chat]'")
    if data_dir is None:
        from boardgamesbot.store.repository import default_data_dir

        data_dir = default_data_dir()
    files = BotFiles.of(data_dir, user)
    files.prepare()
    saved = read_json(files.device)
    if saved and saved.get("user_id") == user:
        return await _restore(homeserver, files, saved, password)
    pickle_key = secrets.token_urlsafe(32)
    if access_token:
        # An operator's own token: adopt its device (the server names it) for good.
        client = AsyncClient(homeserver, user, store_path=str(files.store),
                             config=_config(pickle_key))
        client.access_token = access_token  # enough to ask whose it is (no store yet)
        answer = await _retrying(client.whoami)
        if not isinstance(answer, WhoamiResponse) or not (device_id or answer.device_id):
            await client.close()
            raise RuntimeError(f"Matrix access token refused or without a device: {answer}")
        client.restore_login(user, device_id or answer.device_id, access_token)
    else:
        if not password:
            raise RuntimeError("the bot's first Matrix start needs its password")
        client = AsyncClient(homeserver, user, store_path=str(files.store),
                             config=_config(pickle_key))
        await _password_login(client, password)
        log.info("logged in to Matrix as %s on a new device %s", user, client.device_id)
    write_secret(files.device, {"user_id": user, "device_id": client.device_id,
                                "access_token": client.access_token,
                                "pickle_key": pickle_key})
    return client


async def _restore(homeserver: str, files: BotFiles, saved: dict,
                   password: str | None) -> AsyncClient:
    client = AsyncClient(homeserver, saved["user_id"], device_id=saved["device_id"],
                         store_path=str(files.store), config=_config(saved["pickle_key"]))
    client.restore_login(saved["user_id"], saved["device_id"], saved["access_token"])
    answer = await _retrying(client.whoami)
    if isinstance(answer, WhoamiResponse):
        return client
    if getattr(answer, "status_code", "") != "M_UNKNOWN_TOKEN" or not password:
        await client.close()
        raise RuntimeError(f"the saved Matrix device {saved['device_id']} was refused "
                           f"({answer}); with --password-file the bot logs in again")
    # A revoked token: log in again on the same device id, which keeps its keys.
    await _password_login(client, password)
    write_secret(files.device, {**saved, "access_token": client.access_token})
    log.info("the Matrix token was renewed for device %s", client.device_id)
    return client


async def _password_login(client: AsyncClient, password: str) -> None:
    response = await _retrying(lambda: client.login(password, device_name=DEVICE_NAME))
    if not isinstance(response, LoginResponse):
        await client.close()
        raise RuntimeError(f"Matrix login refused: {response}")


async def _retrying(call):
    """``call()`` again while the homeserver is unreachable (it may start after us)."""
    for attempt in range(8):
        try:
            return await call()
        except (TimeoutError, OSError) as error:
            log.warning("Matrix homeserver unreachable (%s); retrying", error)
            await asyncio.sleep(min(30.0, 2 ** attempt))
    raise RuntimeError("Matrix homeserver unreachable")


def describe(client: AsyncClient) -> str:
    """The line a person compares by hand with what their client shows for the bot's
    session: its device id and Ed25519 key, in groups of four like Element shows it."""
    key = client.olm.account.identity_keys["ed25519"]
    grouped = " ".join(key[i:i + 4] for i in range(0, len(key), 4))
    return f"Matrix: {client.user_id}, device {client.device_id}, fingerprint {grouped}"
