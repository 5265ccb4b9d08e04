""""Why can't I …?": an engine's refusal explained in the person's language, with its rule.

The engine refuses an action with a stable code (``not_strongest``, ``ruins_required``…);
each game declares, in its rules knowledge, the help passage each code rests on
(``refusals`` in ``Game.rules_knowledge``: a section name, or one per action
kind — the action's first notation word — with ``"*"`` for the rest). The
reason itself is said in the words every face already uses for refusals (the
``error.CODE`` sentences of the browser's catalogs, which the chat shares).

>>> from boardgamesbot.engine import load_game
>>> from boardgamesbot.help.why import why
>>> state = load_game("tikal").new(num_players=2, seed=1)
>>> answer = why(state, 0, "enter L A6", "pt-BR")   # the tile must be placed first
>>> answer.code, answer.source
('place_tile_first', 'O turno')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from boardgamesbot.engine import LANGUAGES, Action, GameError, State
from boardgamesbot.games.wording import elide, notation_error
from boardgamesbot.web import catalog, said_params

from .passages import Passage
from .search import index, knowledge

__all__ = ["Why", "explain", "reason", "refusal_passage", "refusal_sentence", "why"]


@dataclass(frozen=True)
class Why:
    """The answer to "why can't I do ACTION?" (``legal``: it can be done now)."""

    action: str
    legal: bool
    code: str | None = None
    reason: str | None = None    # the refusal, in the asker's language
    title: str | None = None     # the rule it rests on: the passage's title…
    text: str | None = None      # …its words…
    source: str | None = None    # …and where it is in the help
    passage: int | None = None   # (``data-passage`` in the annotated help page)
    #: the rule's sentence that says this refusal, when its game names one (`refusal_leads`
    #: in its rules knowledge: "If neither side has a stone, there is no path that way" of
    #: the moving rule, whose opening says what a move costs); a face shows it first
    lead: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"action": self.action, "legal": self.legal, "code": self.code,
                "reason": self.reason, "title": self.title, "text": self.text,
                "source": self.source, "passage": self.passage, "lead": self.lead}


@cache
def _refusals(lang: str) -> dict[str, str]:
    """The faces' refusal sentences in ``lang`` (the browser's and the games' catalogs)."""
    return {key[len("error."):]: value for key, value in catalog(lang).items()
            if key.startswith("error.") and isinstance(value, str)}


def reason(code: str, lang: str, fallback: str, params: dict[str, Any] | None = None) -> str:
    """The refusal ``code`` in ``lang`` (the engine's English message when no face says it),
    its ``{name}``s filled from the refusal's ``params`` (the AP it costs, the cells taken…).

    >>> reason("not_enough_ap", "pt-BR", "", {"cost": 3, "left": 1})
    'Isso custa 3 PA e você tem 1 PA.'

    Notation that cannot be read says which word, and what goes in its place:

    >>> reason("bad_notation", "ca", "", {"word": "Z9", "expected": "tikal.space",
    ...                                   "example": "uncover A5"})[:39]
    "En lloc de 'Z9' hi ha d'anar un espai —"
    """
    if code == "bad_notation":
        told = notation_error(catalog, lang, params or {})
        if told is not None:
            return told
    said = _refusals(lang).get(code) or _refusals("en").get(code)
    if said is None:
        return fallback
    params = said_params(params or {}, lang)
    said = elide(said, lang, params)
    for name, value in params.items():
        said = said.replace("{" + name + "}", str(value))
    return said


def refusal_passage(game: str, code: str, lang: str, kind: str = "*") -> Passage | None:
    """The help passage that refusal ``code`` rests on (for an action of ``kind``)."""
    declared = knowledge(game).refusals.get(code)
    if isinstance(declared, dict):
        declared = declared.get(kind) or declared.get("*")
    if not declared:
        return None
    return index(game, lang).passage(declared)


def why(state: State, player: int, action: Action | str, lang: str = "en") -> Why:
    """Why ``player`` may not take ``action`` in ``state``, or that they may.

    The action is tried on a copy (``State.preview``); nothing changes. An
    action that cannot even be read is explained like any other refusal.
    """
    text = str(action).strip()
    if not text:
        raise GameError("say which action: why ACTION", code="bad_notation")
    return explain(state.game.name, text, state.preview(player, action), lang)


def explain(game: str, action: str, preview: dict[str, Any], lang: str = "en") -> Why:
    """`why` from the result of previewing ``action`` (``{"legal", "error"}``), for faces
    that hold a seat's window rather than the state itself."""
    if lang not in LANGUAGES:
        raise GameError(f"no rules help in language {lang!r}; available: {', '.join(LANGUAGES)}",
                        code="unknown_help", lang=lang, available=list(LANGUAGES))
    action = action.strip()
    if preview.get("legal"):
        return Why(action=action, legal=True)
    error = preview["error"]
    code = error["code"]
    said = reason(code, lang, error["message"], error.get("params"))
    passage = refusal_passage(game, code, lang, action.split()[0].lower() if action else "*")
    if passage is None:
        return Why(action=action, legal=False, code=code, reason=said)
    return Why(action=action, legal=False, code=code, reason=said, title=passage.title,
               text=passage.shown, source=passage.source, passage=passage.id,
               lead=refusal_sentence(game, code, lang, passage))


def refusal_sentence(game: str, code: str, lang: str, passage: Passage) -> str:
    """The sentence of ``passage`` (the rule refusal ``code`` rests on) that says the refusal,
    when the game names one (`Knowledge.refusal_leads`); empty otherwise."""
    return index(game, lang).refusal_sentence(code, passage.id)
