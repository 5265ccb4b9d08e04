"""The words on a chat's buttons for Tikal's actions, in each language.

The chat offers an action word by word (`Game.choice_label`): the verb in
words, a figure by name, a tile's place by its space under the verb said once, a
tile's rotation as the turn it makes (``↻ 120°``; Tikal's tiles turn in sixths,
written ``r2``). A placement is shown on the
board in each rotation before it is confirmed (`previewed`).
"""

from __future__ import annotations

from typing import Any

WORDS = {
    "en": {"place": "🧩 Place the tile",
           "place.volcano": "🌋 Place the volcano", "enter": "➕ Bring in", "move": "🚶 Move",
           "uncover": "⛏ Uncover", "recover": "💎 Recover", "exchange": "🔄 Exchange",
           "camp": "⛺ Camp", "guard": "🛡 Guard", "end": "⏭ End the turn",
           "bid": "💰 Bid", "pass": "⏭ Pass", "take": "✋ Take",
           "L": "Leader", "W": "Worker"},
    "pt-BR": {"place": "🧩 Colocar a peça",
              "place.volcano": "🌋 Colocar o vulcão", "enter": "➕ Trazer", "move": "🚶 Mover",
              "uncover": "⛏ Escavar", "recover": "💎 Recuperar", "exchange": "🔄 Trocar",
              "camp": "⛺ Acampamento", "guard": "🛡 Guardar", "end": "⏭ Encerrar a vez",
              "bid": "💰 Lance", "pass": "⏭ Passar", "take": "✋ Pegar",
              "L": "Chefe de expedição", "W": "Explorador"},
    "ca": {"place": "🧩 Col·locar la lloseta",
           "place.volcano": "🌋 Col·locar el volcà", "enter": "➕ Fer entrar", "move": "🚶 Moure",
           "uncover": "⛏ Excavar", "recover": "💎 Recuperar", "exchange": "🔄 Intercanviar",
           "camp": "⛺ Campament", "guard": "🛡 Vigilar", "end": "⏭ Acabar el torn",
           "bid": "💰 Oferta", "pass": "⏭ Passar", "take": "✋ Agafar",
           "L": "Cap d'expedició", "W": "Explorador"},
}


def label(prefix: list[str], notation: str, lang: str,
          view: dict[str, Any] | None = None) -> str | None:
    """``view``: the chooser's, where the tile to place is told (a volcano is placed as
    one, after the scoring round it began: "🌋 Place the volcano", not "the tile")."""
    words = notation.split()
    table = WORDS.get(lang, WORDS["en"])
    if prefix[:1] == ["place"] and len(prefix) == 2 and words[:2] == prefix:
        # A rotation: ``place C4`` itself is the tile as drawn, ``place C4 r2`` turned.
        sixths = int(words[2][1:]) if len(words) == 3 and words[2][1:].isdigit() else 0
        return f"↻ {60 * sixths}°"
    if len(words) != len(prefix) + 1:
        return None
    word = words[-1]
    if not prefix:
        if word == "place" and ((view or {}).get("drawn") or {}).get("kind") == "volcano":
            return table["place.volcano"]
        return table.get(word)
    if prefix == ["place"]:
        # The space alone: the prompt above says "🧩 Place the tile …" once, not each of
        # a dozen spaces "✔ Place the tile on A4" (some 340 characters on a phone).
        return word
    if word in ("L", "W") and prefix[0] in ("enter", "move", "guard"):
        return table[word]
    return None


def previewed(notation: str) -> bool:
    """A tile's place and rotation are judged on the board before it is laid."""
    return notation.split()[0] == "place"
