"""A table's clock: none, a time per decision, or a bank of time per seat.

A *decision* lasts while a seat is awaited: a whole turn of several actions in
one game, a step where every seat draws at once in another. Per-decision clocks
give every decision ``seconds``; a bank gives each seat ``seconds`` for the
whole game, charged as its decisions take time. When a person's time runs out
the table's ``level`` bot plays for them until the decision is over (a spent
bank: every later decision too).
Times are measured with the monotonic clock; the table stores when each running
decision began (wall time), so another process, or the server after a restart,
goes on with the same deadline.
"""

from __future__ import annotations

import math
import time

from boardgamesbot.bots import bot_names

from .errors import ServiceError

MODES = ("none", "decision", "bank")
MAX_SECONDS = 7 * 24 * 3600


def check_clock(spec: dict | None) -> dict:
    """The normalized clock spec: ``{"mode", "seconds", "level"}``."""
    spec = dict(spec or {"mode": "none"})
    mode = spec.get("mode", "none")
    if mode not in MODES:
        raise ServiceError(f"unknown clock mode {mode!r}; choose from: {', '.join(MODES)}",
                           code="bad_clock", status=422, mode=str(mode), known=list(MODES))
    level = spec.get("level") or "easy"
    if level not in bot_names():
        raise ServiceError(f"unknown bot level {level!r} for the clock", code="unknown_bot",
                           status=422, name=str(level), known=bot_names())
    if mode == "none":
        return {"mode": "none", "seconds": None, "level": level}
    seconds = spec.get("seconds")
    if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
            or not math.isfinite(seconds) or not 0 < seconds <= MAX_SECONDS):
        raise ServiceError(f"a {mode} clock needs seconds between 0 and {MAX_SECONDS}",
                           code="bad_clock", status=422, mode=mode, seconds=str(seconds))
    return {"mode": mode, "seconds": float(seconds), "level": level}


class Clock:
    def __init__(self, spec: dict, banks: list[float | None]) -> None:
        self.mode = spec["mode"]
        self.seconds = spec["seconds"]
        self.level = spec["level"]
        self.banks = banks  # per seat, bank mode only
        self.waiting: dict[int, float] = {}  # seat -> when its decision started

    def update(self, awaited: set[int], now: float | None = None) -> list[int]:
        """Start and stop decisions; return the seats whose bank was charged."""
        now = time.monotonic() if now is None else now
        charged = []
        for seat in list(self.waiting):
            if seat not in awaited:
                started = self.waiting.pop(seat)
                if self.mode == "bank":
                    self.banks[seat] = max(0.0, (self.banks[seat] or 0.0) - (now - started))
                    charged.append(seat)
        for seat in awaited:
            self.waiting.setdefault(seat, now)
        return charged

    def deadline(self, seat: int) -> float | None:
        if self.mode == "none" or seat not in self.waiting:
            return None
        if self.mode == "decision":
            return self.waiting[seat] + self.seconds
        return self.waiting[seat] + (self.banks[seat] or 0.0)

    def expired(self, seat: int, now: float | None = None) -> bool:
        deadline = self.deadline(seat)
        return deadline is not None and (time.monotonic() if now is None else now) >= deadline

    def remaining(self, seat: int, now: float | None = None) -> float | None:
        """Seconds left for ``seat`` (its running decision or its bank); None: no clock."""
        now = time.monotonic() if now is None else now
        deadline = self.deadline(seat)
        if deadline is not None:
            return round(max(0.0, deadline - now), 3)
        if self.mode == "bank":
            return round(self.banks[seat] or 0.0, 3)
        if self.mode == "decision":
            return self.seconds
        return None
