"""Cross-signing the bot's own device, so people's clients see it verified by its owner.

Element is moving to share room keys only with devices their owner has signed
("exclude insecure devices", MSC4153): a bot whose device is unsigned would be
deaf and mute for those people. matrix-nio has no cross-signing (nio #229), so
the bot does it itself; the protocol is three HTTP calls and two Ed25519 keys:

* a **master key** (the bot's identity; a new one is an "identity reset" for
  everyone) and a **self-signing key** it signs, made once from random seeds kept
  in ``cross-signing.json`` (mode 0600) beside the crypto store — a bot needs no
  user-signing key, which signs *other* people's master keys;
* both uploaded once (``keys/device_signing/upload``; a server may ask for the
  password through user-interactive auth);
* the device's keys signed by the self-signing key (``keys/signatures/upload``).

At every start `ensure` reads what the server holds (``keys/query``) and uploads
only what is missing or different, so a restart changes nothing. Ed25519 comes
from ``cryptography`` (its OpenSSL-backed implementation), and the signed bytes
are the spec's canonical JSON.
"""

from __future__ import annotations

import base64
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from nio import AsyncClient

from .device import read_json, write_secret

log = logging.getLogger(__name__)

CLIENT_API = "/_matrix/client/v3"


def unpadded(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii").rstrip("=")


def decode_unpadded(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4))


def canonical(obj: dict) -> bytes:
    """The spec's canonical JSON of a signed object (without its signatures and unsigned)."""
    bare = {k: v for k, v in obj.items() if k not in ("signatures", "unsigned")}
    return json.dumps(bare, ensure_ascii=False, separators=(",", ":"),
                      sort_keys=True).encode("utf-8")


@dataclass(frozen=True)
class SigningKey:
    """An Ed25519 key pair from its 32-byte seed; its public half is also its key id."""

    seed: bytes

    @property
    def _private(self) -> Ed25519PrivateKey:
        return Ed25519PrivateKey.from_private_bytes(self.seed)

    @property
    def public(self) -> str:
        raw = self._private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        return unpadded(raw)

    def sign(self, obj: dict, user_id: str, key_id: str | None = None) -> dict:
        """``obj`` with this key's signature added under ``user_id``."""
        signature = unpadded(self._private.sign(canonical(obj)))
        signed = dict(obj)
        signatures = {user: dict(keys) for user, keys in obj.get("signatures", {}).items()}
        signatures.setdefault(user_id, {})[f"ed25519:{key_id or self.public}"] = signature
        signed["signatures"] = signatures
        return signed


def signed_by(obj: dict, user_id: str, public: str, key_id: str | None = None) -> bool:
    """Whether ``obj`` carries a valid signature of the Ed25519 key ``public``."""
    signature = obj.get("signatures", {}).get(user_id, {}).get(f"ed25519:{key_id or public}")
    if not signature:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(decode_unpadded(public)).verify(
            decode_unpadded(signature), canonical(obj))
    except (InvalidSignature, ValueError):
        return False
    return True


class Identity:
    """The bot's master and self-signing keys, made once and kept in ``path``."""

    def __init__(self, path: Path, user_id: str) -> None:
        self.user_id = user_id
        saved = read_json(path)
        if saved is None:
            saved = {"master": unpadded(os.urandom(32)),
                     "self_signing": unpadded(os.urandom(32))}
            write_secret(path, saved)
        self.master = SigningKey(decode_unpadded(saved["master"]))
        self.self_signing = SigningKey(decode_unpadded(saved["self_signing"]))

    def master_key(self) -> dict:
        key = self.master.public
        return self.master.sign({"user_id": self.user_id, "usage": ["master"],
                                 "keys": {f"ed25519:{key}": key}}, self.user_id)

    def self_signing_key(self) -> dict:
        key = self.self_signing.public
        return self.master.sign({"user_id": self.user_id, "usage": ["self_signing"],
                                 "keys": {f"ed25519:{key}": key}}, self.user_id)


class CrossSigningError(RuntimeError):
    pass


async def _post(client: AsyncClient, path: str, body: dict) -> tuple[int, dict]:
    """An authenticated POST of the client API (nio has no call for these endpoints)."""
    response = await client.send("POST", CLIENT_API + path, json.dumps(body),
                                 headers={"Authorization": f"Bearer {client.access_token}",
                                          "Content-Type": "application/json"})
    try:
        answer = await response.json()
    except (ValueError, TypeError):
        answer = {}
    return response.status, answer


def _keys_of(key_object: dict | None) -> dict:
    return (key_object or {}).get("keys", {})


async def ensure(client: AsyncClient, path: Path, password: str | None) -> Identity:
    """Make the bot's device cross-signed on the server; upload only what is missing.

    Call after nio has uploaded the device's own keys. Raises `CrossSigningError`
    when the server refuses (logged by the caller: the bot works without it, only
    clients that exclude unsigned devices will not hear it)."""
    user, device = client.user_id, client.device_id
    identity = Identity(path, user)
    status, held = await _post(client, "/keys/query", {"device_keys": {user: [device]}})
    if status != 200:
        raise CrossSigningError(f"keys/query answered {status}: {held}")
    master, self_signing = identity.master_key(), identity.self_signing_key()
    if _keys_of(held.get("master_keys", {}).get(user)) != master["keys"] or \
            _keys_of(held.get("self_signing_keys", {}).get(user)) != self_signing["keys"]:
        await _upload_signing_keys(client, master, self_signing, password)
        log.info("uploaded the bot's cross-signing keys (master %s)", identity.master.public)
    device_keys = held.get("device_keys", {}).get(user, {}).get(device)
    if device_keys is None:
        raise CrossSigningError(f"the server holds no keys for device {device}")
    if not signed_by(device_keys, user, identity.self_signing.public):
        signed = identity.self_signing.sign(
            {k: v for k, v in device_keys.items() if k not in ("signatures", "unsigned")},
            user)
        # Only the new signature travels: the server merges it with the device's own.
        signed["signatures"] = {user: {f"ed25519:{identity.self_signing.public}":
                                       signed["signatures"][user][
                                           f"ed25519:{identity.self_signing.public}"]}}
        status, answer = await _post(client, "/keys/signatures/upload",
                                     {user: {device: signed}})
        # 200 even when a signature is refused: the reason is in "failures".
        if status != 200 or answer.get("failures"):
            raise CrossSigningError(f"the device signature was refused: {status} {answer}")
        log.info("signed device %s with the bot's self-signing key", device)
    return identity


async def _upload_signing_keys(client: AsyncClient, master: dict, self_signing: dict,
                               password: str | None) -> None:
    body = {"master_key": master, "self_signing_key": self_signing}
    status, answer = await _post(client, "/keys/device_signing/upload", body)
    if status == 401 and "flows" in answer:
        # User-interactive auth: replacing keys (and some servers' first upload) asks
        # for the account's password.
        if not any(flow.get("stages") == ["m.login.password"] for flow in answer["flows"]):
            raise CrossSigningError(f"the server wants an auth step the bot cannot do: "
                                    f"{answer['flows']}")
        if not password:
            raise CrossSigningError("uploading cross-signing keys needs the bot's password "
                                    "(--password-file)")
        body["auth"] = {"type": "m.login.password",
                        "identifier": {"type": "m.id.user", "user": client.user_id},
                        "password": password, "session": answer.get("session")}
        status, answer = await _post(client, "/keys/device_signing/upload", body)
    if status != 200:
        raise CrossSigningError(f"keys/device_signing/upload answered {status}: {answer}")
