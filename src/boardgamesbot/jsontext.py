"""JSON text as the service sends it and the store keeps it: answers of the fast lane,
WebSocket messages, and the JSON columns the store writes on every action (the event's
data above all). Below both, so that either may import it (DESIGN.md: arrows point down).

Encoding was the largest single item of the web process's CPU per move after the socket
writes (py-spy, docs/benchmarks.md, issue 31, session 35: ~11% with the standard library,
whose encoder walks the legal list and views in Python). orjson encodes the same
values to the same compact JSON (UTF-8, no spaces, int keys as strings) in C, several
times faster. What orjson refuses — integers past 64 bits (a ``ref`` a client chose, a
128-bit seed) — is encoded by the standard library, as before. The store's event rows
went through `json.dumps` too: ~55% of building a write's statements (session 36).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # {1: …} → {"1": …}, as `json.dumps` writes it


def encode(value: Any) -> bytes:
    """``value`` as compact UTF-8 JSON."""
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:  # e.g. an int past 64 bits: the standard library writes any int
        return json.dumps(value, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":")).encode()


def text(value: Any) -> str:
    """`encode` as text (what a WebSocket text frame takes)."""
    return encode(value).decode()
