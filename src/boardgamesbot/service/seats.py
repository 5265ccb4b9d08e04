"""Who sits at a table and how far it is: seat kinds, the table's status, and the
checks of what a seat is given — its name, its token, its bot level.

The small vocabulary every part of a table (`tables`, `views`, the lobby) shares.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import unicodedata
from typing import Any

from boardgamesbot.bots import bot_names

from .errors import ServiceError

# Who sits in a seat.
PERSON, BOT, OPEN = "person", "bot", "open"
# How far the table is: waiting for friends, being played, finished.
OPEN_STATUS, PLAYING, OVER = "open", "playing", "over"
MAX_NAME = 40


def new_token() -> str:
    return secrets.token_urlsafe(24)


def rematch_token(token: str, table_id: str) -> str:
    """The token of a person's seat in the rematch ``table_id``, made from their token at the
    finished table: only they can make it, and asking for the rematch again gives them the
    same seat and token back (a double tap, two tabs), not a refusal."""
    digest = hashlib.sha256(f"bgbot-rematch/{table_id}/{token}".encode("utf-8", "replace"))
    return base64.urlsafe_b64encode(digest.digest()).decode().rstrip("=")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def clean_name(name: Any) -> str:
    """The name a person gave, or "" for none: a face shows an unnamed seat in its viewer's
    language ("Seat 2", "Lugar 2", "Seient 2"), which no stored text could be, since
    everyone at the table sees the same name."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise ServiceError("a name is text", code="bad_name", status=422)
    text = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C").strip()
    if not text:
        return ""
    if len(text) > MAX_NAME:
        raise ServiceError(f"a name has at most {MAX_NAME} characters", code="bad_name",
                           status=422, max=MAX_NAME)
    return text


def check_level(level: Any) -> str:
    if not isinstance(level, str) or level.strip().lower() not in bot_names():
        raise ServiceError(f"unknown bot level {level!r}; choose from: {', '.join(bot_names())}",
                           code="unknown_bot", status=422, name=str(level), known=bot_names())
    return level.strip().lower()
