"""A game laid out as DESIGN.md's game package, whose faces are found in its own folder.

Both games keep their help, their browser face, their research encoding, their terminal
text and their chat buttons under the same names, with the same entry points.
`PackagedGame` points the `Game` declarations at them (``help/`` with its
``knowledge.json`` and ``phrasings.json``, ``web/``, where the folder has them and the
class does not say otherwise) and serves the hooks from the modules, importing each only
when first asked for: numpy, rich and the menus' words are not needed to play.

* ``encoding``: ``action_space``, ``observation_spaces`` and ``observe`` (docs/research.md);
* ``render``: ``text(view, lang, names)``, what the terminal prints, in the reader's language,
  and optionally ``seat_tag(seat, lang)``, how it names a seat;
* ``buttons``: ``label`` and ``previewed``, the words and previews of a chat's choices;
* ``words``: ``action(game, info, lang, mood, names)``, an action in words, as the
  browser module's ``describe`` says it, from the same catalog entries; optionally
  ``turn(game, infos, lang, names)``, one seat's actions in a row in fewer phrases, and
  ``moment(game, view, lang, names, begins)``, the moment of play a view is in.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

from boardgamesbot.engine import ActionInfo, Game, NumericEncoding

__all__ = ["PackagedGame"]


class PackagedGame(Game):
    #: The game's package (``__name__.rpartition(".")[0]`` in its game module).
    package: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # The package is being imported (it imports its game module), so it is in sys.modules.
        folder = Path(str(sys.modules[cls.package].__file__)).parent
        found = {"help_dir": folder / "help", "rules_knowledge": folder / "help" / "knowledge.json",
                 "rules_phrasings": folder / "help" / "phrasings.json", "web_dir": folder / "web"}
        for name, path in found.items():  # what the class says itself stands
            if name not in vars(cls) and path.exists():
                setattr(cls, name, path)

    def face_module(self, name: str) -> ModuleType:
        """The game's own module ``name``, imported on first use."""
        return importlib.import_module(f"{self.package}.{name}")

    def encoding(self, num_players: int, **options: Any) -> NumericEncoding:
        """Actions and views as numbers (docs/research.md; needs the [research] extra)."""
        encoding = self.face_module("encoding")
        return NumericEncoding(encoding.action_space(num_players, **options),
                               encoding.observation_spaces(num_players, **options),
                               encoding.observe)

    def render_text(self, view: dict[str, Any], lang: str = "en",
                    names: Mapping[int, str] | None = None,
                    focus: Sequence[str] | None = None) -> Any:
        """The view as a ``rich`` renderable for the terminal, in ``lang``, each seat's
        player named by ``names`` where the board says who they are, keeping ``focus``
        on a screen too short for the whole board (`Game.render_text`)."""
        return self.face_module("render").text(view, lang, names, focus)

    def seat_tag(self, seat: int, lang: str) -> str | None:
        """The ``render`` module's ``seat_tag(seat, lang)``, where it has one."""
        tag = getattr(self.face_module("render"), "seat_tag", None)
        return None if tag is None else str(tag(seat, lang))

    def choice_label(self, prefix: list[str], notation: str, lang: str,
                     view: dict[str, Any] | None = None) -> str | None:
        label: str | None = self.face_module("buttons").label(prefix, notation, lang,
                                                               view=view)
        return label

    def action_words(self, info: ActionInfo, lang: str, mood: str | None = None,
                     names: Mapping[int, str] | None = None) -> str | None:
        said: str | None = self.face_module("words").action(self, info, lang, mood, names)
        return said

    def turn_words(self, infos: Sequence[ActionInfo], lang: str,
                   names: Mapping[int, str] | None = None) -> list[str] | None:
        turn = getattr(self.face_module("words"), "turn", None)  # (a game may have none)
        said: list[str] | None = turn(self, infos, lang, names) if turn else None
        return said

    def moment_words(self, view: dict[str, Any], lang: str,
                     names: Mapping[int, str] | None = None,
                     begins: bool = False) -> str | None:
        moment = getattr(self.face_module("words"), "moment", None)  # (a game may have none)
        said: str | None = moment(self, view, lang, names, begins) if moment else None
        return said

    def preview_choice(self, notation: str) -> bool:
        return bool(self.face_module("buttons").previewed(notation))
