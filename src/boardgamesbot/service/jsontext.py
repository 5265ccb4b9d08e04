"""JSON for what the service sends: answers of the fast lane and WebSocket messages.

Encoding was the largest single item of the web process's CPU per move after the socket
writes (py-spy, docs/benchmarks.md, issue 31, session 35: ~11% with the standard library,
whose encoder walks the legal list and views in Python). orjson encodes the same
values to the same compact JSON (UTF-8, no spaces, int keys as strings) in C, several
times faster. What orjson refuses — integers past 64 bits (a ``ref`` a client chose, a
128-bit seed) — is encoded by the standard library, as before.
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
