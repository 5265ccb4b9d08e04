"""What the registry knows, stated in the OpenAPI schema: the games and bot levels there
are, each game's player counts and options, the shapes of its views.

Each function here is a pydantic ``json_schema_extra`` hook of a request or answer
model in `boardgamesbot.service.api`. They run when the schema is first asked for
(``/api/openapi.json``), after every game has registered — a game from another package,
or the tests' own — so nothing here names a game. The schema describes well-formed
requests precisely (a fuzzer then makes requests that can succeed, and the answers'
shapes are checked); the server itself stays as lenient as before and answers
anything else with a clear error.
"""

from __future__ import annotations

import copy
from typing import Any

from boardgamesbot.bots import bot_names
from boardgamesbot.engine import known_games, load_game
from boardgamesbot.games.schema import view_schema

__all__ = ["games", "level", "optional_level", "table_request", "view", "views"]

MAX_SEATS = 100  # CreateTable's bound, whatever a game allows


def games(schema: dict) -> None:
    """A game's name: one of the registry's."""
    schema["enum"] = known_games()


def level(schema: dict) -> None:
    """A bot level: one of the levels tables offer."""
    schema["enum"] = bot_names()


def optional_level(schema: dict) -> None:
    """A bot level, or null."""
    schema.pop("anyOf", None)
    schema["anyOf"] = [{"type": "string", "enum": bot_names()}, {"type": "null"}]


def table_request(schema: dict) -> None:
    """A new table, one variant per registered game: its name, its player counts, and
    only its own options with their choices."""
    variants = []
    for name in known_games():
        game = load_game(name)
        properties = copy.deepcopy(schema["properties"])
        properties["game"] = {"type": "string", "const": name}
        properties["seats"].update(minItems=game.min_players,
                                   maxItems=min(game.max_players, MAX_SEATS))
        properties["options"] = {
            "type": "object", "additionalProperties": False,
            "properties": {option.name: {"type": "string", "enum": list(option.choices)}
                           for option in game.options}}
        variants.append({"type": "object", "title": f"CreateTable ({name})",
                         "properties": properties, "required": schema["required"]})
    schema.pop("properties")
    schema.pop("required")
    schema.pop("type", None)
    schema["oneOf"] = variants


def view(schema: dict) -> None:
    """`State.view` of any registered game, or null (before the game starts)."""
    schema.pop("anyOf", None)
    schema.pop("additionalProperties", None)
    schema.pop("type", None)
    schema["anyOf"] = [*_views(), {"type": "null"}]


def views(schema: dict) -> None:
    """A list of spectator views (a replay's states)."""
    schema["items"] = {"anyOf": _views()}


def _views() -> list[dict]:
    return [_inlined(view_schema(load_game(name).view_type)) for name in known_games()
            if load_game(name).view_type is not None]


def _inlined(schema: dict) -> dict:
    """``schema`` with its ``$defs`` written in place of each ``$ref`` to them: a piece of
    the OpenAPI document, where ``#/$defs/…`` would point at the document's root."""
    definitions = schema.get("$defs", {})

    def resolve(node: Any, seen: tuple[str, ...] = ()) -> Any:
        if isinstance(node, dict):
            reference = node.get("$ref", "")
            if reference.startswith("#/$defs/"):
                name = reference.rsplit("/", 1)[1]
                if name in seen:  # pragma: no cover - views are trees, not recursive
                    raise ValueError(f"the view schema {name} is recursive")
                rest = {k: v for k, v in node.items() if k != "$ref"}
                return resolve({**definitions[name], **rest}, (*seen, name))
            return {key: resolve(value, seen) for key, value in node.items()
                    if key != "$defs"}
        if isinstance(node, list):
            return [resolve(item, seen) for item in node]
        return node

    return resolve(schema)
