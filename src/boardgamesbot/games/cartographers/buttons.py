"""The words on a chat's buttons for a Cartographers drawing, in each language.

A drawing is chosen terrain → shape → orientation → place; the chat asks
`label` for each button (`Game.choice_label`). Orientations are shown as the
turn they make (``↻ 90°``), a mirrored shape marked with ``⇋`` first, so a
person never has to know that ``f90`` means "flipped, then a quarter turn".
"""

from __future__ import annotations

from typing import Any

TERRAINS = {
    "en": {"forest": "🌲 Forest", "village": "🏠 Village", "farm": "🌾 Farm",
           "water": "💧 Water", "monster": "👹 Monster", "ambush": "👹 Ambush",
           "pass": "⏭ Pass", "shape": "Shape {n}"},
    "pt-BR": {"forest": "🌲 Floresta", "village": "🏠 Aldeia", "farm": "🌾 Fazenda",
              "water": "💧 Água", "monster": "👹 Monstro", "ambush": "👹 Emboscada",
              "pass": "⏭ Passar", "shape": "Forma {n}"},
    "ca": {"forest": "🌲 Bosc", "village": "🏠 Poblat", "farm": "🌾 Granja",
           "water": "💧 Aigua", "monster": "👹 Monstre", "ambush": "👹 Emboscada",
           "pass": "⏭ Passar", "shape": "Forma {n}"},
}


def orientation(word: str) -> str | None:
    """``r90`` → ``↻ 90°``; ``f90`` (mirrored, then turned) → ``⇋ ↻ 90°``."""
    if len(word) < 2 or word[0] not in "rf" or not word[1:].isdigit():
        return None
    turn = f"↻ {int(word[1:])}°"
    return f"⇋ {turn}" if word[0] == "f" else turn


def label(prefix: list[str], notation: str, lang: str,
          view: dict[str, Any] | None = None) -> str | None:
    """(``view``, the chooser's, changes no word of a drawing's.)"""
    words = notation.split()
    if len(words) != len(prefix) + 1:
        return None
    word = words[-1]
    table = TERRAINS.get(lang, TERRAINS["en"])
    if not prefix:
        return table.get(word)
    if word.isdigit() and prefix[0] != "ambush" and len(prefix) == 1:
        return table["shape"].format(n=word)
    if word == "1x1":
        return "▪ 1×1"
    return orientation(word)


def previewed(notation: str) -> bool:
    """Every drawing is judged by eye before it is inked; passing is not."""
    return notation.split()[0] != "pass"
