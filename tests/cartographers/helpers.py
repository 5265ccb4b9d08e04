"""Builders for hand-written Cartographers positions used across the tests."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from boardgamesbot.games.cartographers import GAME, Sheet
from boardgamesbot.games.cartographers.components import (
    AMBUSH_CARDS,
    EXPLORE_CARDS,
    RUINS_CARDS,
    SEASONS,
)

BLANK_A = Sheet.blank("A").to_text()
BLANK_B = Sheet.blank("B").to_text()

DEFAULT_EDICTS = ["Sentinel Wood", "Canal Lake", "Great City", "Borderlands"]


def sheet(text: str, side: str = "A") -> Sheet:
    """A sheet from an indented triple-quoted block."""
    lines = [line.strip() for line in text.strip().splitlines()]
    return Sheet.from_text("\n".join(lines), side)


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines()]


def position(
    *,
    players: int = 1,
    revealed: list[str] = ("Great River",),
    deck_top: list[str] = (),
    ambushes_in_deck: list[str] = (),
    removed: list[str] = (),
    season: str = "Spring",
    step: str = "draw",
    ruins_pending: bool = False,
    side: str = "A",
    sheets: list[list[str]] | None = None,
    coins: list[int] | None = None,
    records: list[list[list[int]]] | None = None,
    edicts: list[str] = DEFAULT_EDICTS,
):
    """A state built from the position format: the named cards on top of the deck,
    every other explore card after them, the other ambushes in the ambush pile."""
    season_index = [s.name for s in SEASONS].index(season)
    used = set(revealed) | set(deck_top)
    rest = sorted(c.name for c in EXPLORE_CARDS + RUINS_CARDS if c.name not in used)
    in_deck = list(ambushes_in_deck) + [n for n in deck_top if n in {a.name for a in AMBUSH_CARDS}]
    pile = [a.name for a in AMBUSH_CARDS if a.name not in in_deck and a.name not in removed]
    pile_size = len(SEASONS) - 1 - season_index
    extra_removed = pile[pile_size:]
    pile = pile[:pile_size]
    deck = list(deck_top) + rest + [n for n in ambushes_in_deck if n not in deck_top]
    blank = (BLANK_A if side == "A" else BLANK_B).splitlines()
    data = {
        "format": "cartographers-position/1",
        "side": side,
        "chance": "test",
        "edicts": list(edicts),
        "season": season,
        "step": step,
        "deck": deck,
        "revealed": list(revealed),
        "ambush_pile": pile,
        "removed_ambushes": list(removed) + extra_removed,
        "ruins_pending": ruins_pending,
        "last_ambush": None,
        "players": [
            {
                "sheet": list(sheets[p]) if sheets else blank,
                "coins": coins[p] if coins else 0,
                "seasons": records[p] if records else [[0, 0, 0, 0]] * season_index,
                "choice": None,
            }
            for p in range(players)
        ],
    }
    return GAME.from_json(json.dumps(data))


def bench_script(name: str):
    """A script of `bench/` (not a package) loaded as a module, so a test can check the
    measuring tool itself: a wrong tool gives wrong figures without failing."""
    path = Path(__file__).resolve().parents[2] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def spy_on_follow_up(monkeypatch, record) -> None:
    """Make the heuristics' `follow_up` call ``record(state, memory)`` before answering
    as it would (the search finds it through the module, so patching there reaches it)."""
    from boardgamesbot.games.cartographers import heuristics

    original = heuristics.follow_up

    def spy(state, player, memory):
        record(state, memory)
        return original(state, player, memory)

    monkeypatch.setattr(heuristics, "follow_up", spy)
