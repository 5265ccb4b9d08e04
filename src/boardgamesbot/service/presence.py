"""Who is connected, counted in the database over every process: a spectator against
its table's spectators, any connection against its client's connections (`Limits`).

A process renews its counts a third of `PRESENCE_SECONDS` apart; the counts of one
that died holding connections stop counting that long after its last renewal.
A mixin of `Lobby` (it uses its ``store``, ``limits``, ``process``, ``admitted``,
``closing`` and ``_database``).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from dataclasses import dataclass

from .errors import ServiceError

log = logging.getLogger("boardgamesbot.service.lobby")
# that died holding connections stop counting this long after its last renewal.
PRESENCE_SECONDS = 30.0


@dataclass
class Admission:
    """What one live connection counts against (`Lobby.admit`), until `Lobby.release`."""

    claims: list[tuple[str, str]]


def client_key(address: str | None) -> str | None:
    """A client address as stored for quotas: hashed (no addresses in the database)."""
    if not address:
        return None
    return hashlib.sha256(f"bgbot-client/{address}".encode()).hexdigest()[:32]



class Presence:
    """`Lobby.admit` and `Lobby.release`, and the renewal of this process's counts."""

    async def admit(self, table_id: str, seat: int | None, client: str | None) -> Admission:
        """Let one more live connection in — a spectator (``seat`` None) counts against
        the table's spectators, any connection against its client's — or refuse it with
        ``too_many_spectators`` / ``too_many_connections``. Counted in the database over
        every process (`Store.admit`), so N processes do not take N times the limit."""
        limits, claims = self.limits, []
        if seat is None and limits.spectators_per_table:
            claims.append(("watch", table_id, limits.spectators_per_table))
        key = client_key(client)
        if key and limits.connections_per_client:
            claims.append(("client", key, limits.connections_per_client))
        if not claims:
            return Admission([])
        full = await self._database(self.store.admit, self.process, claims,
                                    time.time() + PRESENCE_SECONDS)
        if full == "watch":
            raise ServiceError("this table has as many spectators as it takes",
                               code="too_many_spectators", status=429,
                               max=limits.spectators_per_table)
        if full == "client":
            raise ServiceError("you have as many live connections as one address may; close "
                               "some first", code="too_many_connections", status=429,
                               max=limits.connections_per_client)
        self.admitted += 1
        return Admission([(kind, subject) for kind, subject, _ in claims])

    async def release(self, admission: Admission) -> None:
        """The connection is gone: it no longer counts."""
        if not admission.claims:
            return
        try:
            await self._database(self.store.release, self.process, admission.claims)
        except Exception:  # noqa: BLE001 - it stops counting once no longer renewed
            log.warning("could not release a connection's count", exc_info=True)
        finally:  # only now: ``admitted`` counts what the database still counts
            self.admitted -= 1

    async def _renew_presence(self) -> None:
        """Keep this process's connection counts alive; another process's that died with
        connections stop counting ``PRESENCE_SECONDS`` after its last renewal."""
        while not self.closing:
            await asyncio.sleep(PRESENCE_SECONDS / 3)
            if not self.admitted:
                continue
            now = time.time()
            try:
                await self._database(self.store.renew, self.process, now + PRESENCE_SECONDS,
                                     now - 10 * PRESENCE_SECONDS)
            except Exception:  # noqa: BLE001 - the database may be restarting
                log.warning("could not renew this process's connections", exc_info=True)
