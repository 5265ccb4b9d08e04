"""Typed shapes of what crosses the wire: each game's view as ``TypedDict`` classes.

A game declares the shape of `State.view` as ``Game.view_type``; the service
publishes it as JSON Schema (``/api/games/{name}/view-schema``) and the
conformance suite checks every view against it, strictly: a missing or extra
key, or a number where text belongs, is an error. Decorate every ``TypedDict``
of a view with `wire` (``typing_extensions.TypedDict``: pydantic needs it on
Python 3.11).
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, TypeAdapter, with_config

__all__ = ["wire", "check_view", "view_schema"]

#: Exact shapes: no extra keys, no silent conversions (``"3"`` is not 3, ``true`` is not 1).
wire = with_config(ConfigDict(extra="forbid", strict=True))

_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def _adapter(view_type: type) -> TypeAdapter[Any]:
    if view_type not in _ADAPTERS:
        _ADAPTERS[view_type] = TypeAdapter(view_type)
    return _ADAPTERS[view_type]


def check_view(view_type: type, view: dict[str, Any]) -> None:
    """Raise pydantic's ``ValidationError`` (naming the key) if ``view`` breaks its shape."""
    _adapter(view_type).validate_python(view)


def view_schema(view_type: type) -> dict[str, Any]:
    """The view's JSON Schema."""
    return _adapter(view_type).json_schema()
