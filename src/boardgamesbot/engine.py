"""The engine contract every game implements and every player, service and face uses.

Shaped after OpenSpiel's Game/State split and python-chess's Board: a `Game`
makes `State`s; a `State` says whose decision is awaited, lists the legal
actions, applies one (or refuses it, changing nothing), and shows each seat
exactly what that seat may see.

>>> from boardgamesbot.engine import load_game
>>> state = load_game("tikal").new(num_players=2, seed=7)
>>> state.current_players()
[0]
>>> action = state.legal_actions(0)[0]
>>> state.apply(0, str(action))          # notation is accepted wherever an action is
Place(space=..., rotation=...)

A game declares itself
----------------------
A `Game` subclass is the whole declaration of a game: its name and display
names in every language, its player range, its options (`Option`: choices and
a default), what kind of information it hides, and the objects that serve it:

* ``heuristics`` — a `Heuristics` (what the game teaches computer players;
  every method has a default, a game overrides what it knows);
* ``render_text(view, lang)`` / ``render_svg(view, **options)`` — pictures of a
  seat's view for the terminal (in the reader's language) and for images (browser,
  chat, ``bgbot render``);
* ``moment_words(view, lang)`` — the moment of play a view is in, when it is more
  than an ordinary turn (a scoring round under way), in the reader's words;
* ``help_page(lang)`` — the players' rules page in each language;
* ``rules_knowledge`` — its vocabulary and synonyms per language, and the help
  section behind each refusal, for answering free questions (``bgbot ask``);
* ``rules_phrasings`` — its rules passages as players ask about them, per language
  (extra words for those passages in the same search);
* ``view_type`` — the typed shape (a ``TypedDict``) of ``State.view``.
* ``web_dir`` / ``web_module`` / ``web_styles`` — its own face in the browser (a
  module, styles and words served from its package; `Game.face`); without them it
  plays on the browser's generic table screen.

Games are found through the ``boardgamesbot.games`` entry point group (the
package metadata in ``pyproject.toml`` names the built-in ones), and a game
defined anywhere else — a test, a plug-in — joins with `register`. Nothing
above the games names one: faces, bots, the arena and the service read
`known_games` and `load_game` only. ``docs/adding-a-game.md`` walks through it.
"""

from __future__ import annotations

import json
import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, ClassVar, Literal, NamedTuple, TypedDict

__all__ = [
    "LANGUAGES",
    "TOOL_LANGUAGE",
    "Action",
    "ActionInfo",
    "Choice",
    "Game",
    "GameError",
    "Heuristics",
    "IllegalAction",
    "NumericEncoding",
    "Option",
    "Record",
    "SearchSettings",
    "State",
    "known_games",
    "legal_example",
    "ranked_reasons",
    "load_game",
    "register",
]

#: The languages every face speaks, the default first.
LANGUAGES = ("en", "pt-BR", "ca")

#: The key of click's ``Context.meta`` under which the terminal tells a game's own tools
#: (`Game.commands`) the person's language (from ``--lang``, else the locale): their
#: errors and the names they take are said in it, and no game imports the terminal.
TOOL_LANGUAGE = "boardgamesbot.lang"

#: The entry point group through which installed packages declare their games.
ENTRY_POINTS = "boardgamesbot.games"


class GameError(ValueError):
    """A problem a person can fix, with a stable code and parameters for translation.

    Every face shows ``str(error)``; faces that translate look up ``code`` and
    fill in ``params``.
    """

    code = "game_error"

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params = params

    def as_dict(self) -> dict[str, Any]:
        """``{"code", "message", "params"}`` as JSON-ready data (what faces receive)."""
        return {"code": self.code, "message": str(self), "params": _plain(self.params)}


def legal_example(error: GameError, text: str, legal: list[str]) -> GameError:
    """``error``, a refusal of the unreadable ``text`` (params ``example``: the notation's
    own action of the kind typed or meant, "place C4 r2", and ``meant``), with as its
    example an action of ``legal`` of that kind (the example's first word) — the one that
    begins with the most of the words typed ("enter W Z9": "enter W A6" before "enter L
    A6"), of the most words — and, when the kind is unknown (the first word typed is not
    the example's and no word of the game's was meant: "fly away"), any legal action.
    Unchanged when none is legal.

    >>> error = GameError("cannot read 'move W A6 Z9': 'Z9' is not a space "
    ...                   "(e.g. 'move W A6 B5')", code="bad_notation", word="Z9",
    ...                   example="move W A6 B5")
    >>> shown = legal_example(error, "move W A6 Z9", ["end", "move L A6 A5", "move W A6 A5"])
    >>> shown.params["example"], str(shown)
    ('move W A6 A5', "cannot read 'move W A6 Z9': 'Z9' is not a space (e.g. 'move W A6 A5')")
    >>> unknown = GameError("cannot read 'fly away' (e.g. 'place C4 r2')", code="bad_notation",
    ...                     word="fly", example="place C4 r2")
    >>> legal_example(unknown, "fly away", ["end", "camp B5"]).params["example"]
    'camp B5'
    """
    example, meant = error.params["example"], error.params.get("meant")
    typed = text.lower().split()
    kind = example.split()[:1]
    # (the example is of the kind typed, or meant; else the first word typed is no kind)
    kind_unknown = not meant and typed[:1] != kind
    if meant:  # "entrar W A6" is compared as "enter W A6"
        typed[:1] = [meant]
    fitting = [action for action in legal if kind_unknown or action.split()[:1] == kind]
    if not fitting:
        return error

    def typed_first(action: str) -> int:  # how many of the words typed it begins with
        return next((at for at, (one, other) in enumerate(zip(typed, action.lower().split()))
                     if one != other), min(len(typed), len(action.split())))

    # The first (in the legal actions' order) of those beginning with the most words typed,
    # and of them of the most words: it shows the most of how an action is written ("move
    # W A6 B5" rather than "end", "place A4 r1" rather than "place A4").
    chosen = max(fitting, key=lambda action: (typed_first(action), len(action.split())))
    # The message ends with the example (`games.notation.unreadable`): said anew with it.
    message = str(error).replace(f"(e.g. {example!r})", f"(e.g. {chosen!r})")
    return GameError(message, code=error.code, **{**error.params, "example": chosen})


class IllegalAction(GameError):
    """An action the rules do not allow now; the state was left untouched."""

    code = "illegal_action"


class Action:
    """Base of every game's actions.

    Actions are small frozen dataclasses whose ``str()`` is their notation;
    ``Game.parse_action(str(a)) == a`` always holds.
    """

    __slots__ = ()


class ActionInfo(TypedDict):
    """A legal action as a face shows it: data to translate, never prose to parse.

    ``type`` is the action's kind (``"move"``), ``cost`` what it spends
    (``{"ap": 2}``; empty when free), ``code`` + ``params`` a translatable
    description (``"GAME.move"``, ``{"figure": "worker", "from": "A6", "to": "B5"}``).
    """

    notation: str
    type: str
    cost: dict[str, int]
    code: str
    params: dict[str, Any]


class Choice(ActionInfo):
    """One entry of a decision's list (`State.choices`): the action as data, and
    ``text``, its English words (`State.describe`) for the faces that show no more."""

    text: str


class State(ABC):
    """One position of one game, with the whole history's consequences in it."""

    __slots__ = ()

    game: Game
    num_players: int

    @abstractmethod
    def current_players(self) -> list[int]:
        """Seats whose decision is awaited (several in a simultaneous step; empty when over)."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (empty if it is not their decision)."""

    @abstractmethod
    def apply(self, player: int, action: Action | str) -> Action:
        """Apply ``action`` for ``player``; return the action as applied.

        Raises `IllegalAction` (and changes nothing) when the action is not
        allowed, and a `GameError` when the notation cannot be read.
        """

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that share the win once the game is over; empty before."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """A JSON-ready dict of exactly what ``player`` may see (``None``: a spectator).

        Read-only for whoever asks: a game may share the parts every seat sees between
        the seats' views of one position (built once, asked for by every watcher)."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> State:
        """A copy with every piece of information hidden from ``player`` resampled.

        The sample must depend on ``player``'s view and ``rng`` only: sort what
        is hidden before shuffling it, never shuffle it from its true order.
        """

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def to_json(self) -> str:
        """The full position (hidden information included) as JSON text."""

    # Conveniences shared by every game -------------------------------------------------

    def read_action(self, player: int, text: str) -> Action:
        """The action ``text`` writes, typed by ``player`` here: `Game.parse_action`, whose
        refusal of an unreadable line (``bad_notation``) shows as its ``example`` an action
        ``player`` may take now (`legal_example`) rather than the notation's fixed one,
        which may be one the position does not allow. Games read their ``apply``'s text
        with it, so every face (each reads a typed action by ``apply``, a preview or the
        service) shows the same example."""
        try:
            return self.game.parse_action(text)
        except GameError as error:
            if error.code != "bad_notation" or "example" not in error.params \
                    or not 0 <= player < self.num_players:
                raise
            raise legal_example(error, text, [str(a) for a in self.legal_actions(player)]) \
                from None

    def describe(self, action: Action) -> str:
        """The action in English words for a person (games add costs and effects)."""
        return str(action)

    def action_info(self, player: int, action: Action) -> ActionInfo:
        """``action`` as data for a face: its kind, cost and a translatable description.

        The default knows nothing of the game: kind = the notation's first word,
        no cost, code ``"action"`` with the notation as the only parameter.
        """
        notation = str(action)
        return {"notation": notation, "type": notation.split(" ", 1)[0], "cost": {},
                "code": "action", "params": {"notation": notation}}

    def choices(self, player: int) -> list[Choice]:
        """Every legal action of ``player`` as a face lists it: `action_info` with the
        English ``text`` of `describe`, in `legal_actions`' order.

        The default asks the three for each action. A game whose data and words share
        work (a move whose cost is both the data's ``cost`` and part of the words)
        overrides it to do that work once per action: a face lists every decision.
        """
        return [{**self.action_info(player, action), "text": self.describe(action)}
                for action in self.legal_actions(player)]

    def preview(self, player: int, action: Action | str) -> dict[str, Any]:
        """Try ``action`` on a copy: is it legal, and what would it bring?

        ``{"legal": False, "error": {code, message, params}}``, or ``{"legal": True,
        "action", "text", "info", "final", "view"}``. ``final`` is True when the
        action crosses an undo barrier (it reveals hidden information, or hands
        the decision to another seat): it cannot be taken back, and its result
        is not shown (``view`` is None) — showing it would reveal a wafer, a tile
        or a card before the seat has committed. Otherwise ``view`` is the seat's
        view after the action. In a simultaneous step an action is final once
        the last seat has chosen, which the seat cannot know in advance. Nothing
        is changed. Games add what a person wants to know before committing
        (say, the season's score if it ended now).
        """
        # Tried on a sample of what the seat cannot see (any sample: what the preview
        # shows is what the seat sees), so the answer never depends on hidden
        # information — not even on whether the other seats of a simultaneous step
        # have chosen yet.
        trial = self.determinize(player, random.Random(0))
        try:
            applied = trial.apply(player, action)
        except GameError as error:
            return {"legal": False, "error": error.as_dict()}
        final = trial.undo_point() != self.undo_point()
        return {"legal": True, "action": str(applied), "text": self.describe(applied),
                "info": self.action_info(player, applied), "final": final,
                "view": None if final else trial.view(player)}

    def scorings_done(self) -> int | None:
        """How many scorings play has gone through, so that a face can announce each one,
        even one that changed no score (say, the seasons scored). None, the
        default, when the game does not count them: a face then takes a change of the
        scores for a scoring."""
        return None

    def scoring_mark(self) -> object:
        """What changes exactly when a scoring happens: `scorings_done`, or the scores
        where the game does not count its scorings (every face that announces one)."""
        done = self.scorings_done()
        return list(self.scores()) if done is None else done

    def undo_point(self) -> Hashable:
        """A value that changes whenever play crosses an undo barrier.

        A barrier is anything that may not be taken back: hidden or random
        information revealed (a tile drawn, a wafer turned up, a card
        revealed), a new turn, another seat's decision. An action after which
        ``undo_point()`` is unchanged may be taken back by its own seat (replay
        the record without it). The default never compares equal: no undo.
        """
        return object()


def _plain(value: Any) -> Any:
    """Parameters as JSON-ready values (anything unusual becomes its text)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


# What a game declares ----------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One table option: its choices, the default, and their names in each language.

    >>> side = Option("side", ("A", "B"), "A", titles={"en": "Map side"})
    >>> side.check("B")
    'B'
    """

    name: str
    choices: tuple[str, ...]
    default: str
    titles: Mapping[str, str] = field(default_factory=dict)
    labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def check(self, value: Any) -> str:
        """The choice ``value`` names (case as declared); refused with the choices listed."""
        for choice in self.choices:
            if isinstance(value, str) and value.strip().lower() == choice.lower():
                return choice
        listed = ", ".join(self.choices[:-1]) + " or " + self.choices[-1] \
            if len(self.choices) > 1 else self.choices[0]
        raise GameError(f"{self.name} must be {listed}, not {value!r}",
                        code="bad_option", option=self.name, value=str(value),
                        choices=list(self.choices))

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "choices": list(self.choices), "default": self.default,
                "titles": dict(self.titles),
                "labels": {lang: dict(names) for lang, names in self.labels.items()}}


@dataclass(frozen=True)
class SearchSettings:
    """How the generic search bot plays a game.

    ``"plan"``: plan a whole turn of several actions by beam search, then
    check the finalists against the others' replies (games whose turn is a
    sequence of actions). ``"montecarlo"``: try each of the ``width`` best
    candidates in ``worlds`` sampled futures, ``depth`` own decisions deep
    (games decided one action at a time); then, if ``finalists`` is set, try
    the ``finalists`` best of them in ``final_worlds`` more sampled futures and
    choose among those (the samples go where the close calls are). ``final_depth``
    (None: ``depth``) looks further for those close calls: the finalists are then
    tried that many own decisions deep, in the first round's futures again and the
    fresh ones, and compared on those deeper outcomes.
    """

    method: Literal["plan", "montecarlo"] = "plan"
    worlds: int = 3
    width: int = 6
    depth: int = 1
    finalists: int = 0
    final_worlds: int = 0
    final_depth: int | None = None


def ranked_reasons(before: Mapping[str, float], after: Mapping[str, float],
                   reason: Callable[[str, float], dict[str, Any]], quiet: str, limit: int = 3,
                   noticeable: float = 0.05) -> list[dict[str, Any]]:
    """Why a move is good, from its evaluation terms (`Heuristics.evaluate_terms`)
    before and after it: the ``limit`` largest gains, each made a ``{"code", "params"}``
    reason by ``reason(term, gain)``. The first reason always names the largest change,
    or is the game's ``quiet`` code when nothing changes by ``noticeable`` or more; a
    later one must be a noticeable gain. A term absent on one side counts as 0 there.
    """
    changes = {key: after.get(key, 0.0) - before.get(key, 0.0)
               for key in set(before) | set(after)}
    found: list[dict[str, Any]] = []
    for key, gain in sorted(changes.items(), key=lambda item: -item[1])[:limit]:
        if found and gain < noticeable:
            break
        if not found and abs(gain) < noticeable:
            return [{"code": quiet, "params": {"gain": round(gain, 2)}}]
        found.append(reason(key, gain))
    return found or [{"code": quiet, "params": {"gain": 0.0}}]


class Heuristics:
    """What a game teaches computer players. Every method has a default; override what
    the game knows. Bots call nothing else of a game's knowledge.

    The defaults fit any game: the evaluation is the score margin over the best
    rival, every legal action is a candidate, nothing is decided directly.
    """

    #: How the generic search bot (``hard``) plays this game.
    search: SearchSettings = SearchSettings()

    def search_for(self, num_players: int) -> SearchSettings:
        """How ``hard`` searches at a table of ``num_players``: `search` at every size
        unless the game says otherwise (where more seats replying make each sampled
        future dearer, a game may search less at a bigger table to keep its time)."""
        return self.search

    def for_level(self, level: str) -> Heuristics:
        """The knowledge the level called ``level`` (``medium``, ``hard``…) plays with:
        these, unless the game gives a level weights of its own (what helps a one-ply
        greedy bot may not help a search)."""
        return self

    def evaluate(self, state: State, player: int) -> float:
        """How good ``state`` is for ``player``: higher is better, in points if possible.

        Default: the score margin over the strongest rival (the score alone, solo).
        """
        scores = state.scores()
        rivals = [s for seat, s in enumerate(scores) if seat != player]
        return scores[player] - (max(rivals) if rivals else 0)

    def outcome(self, state: State, player: int) -> float:
        """What a search averages over its sampled futures to compare actions: higher
        is better. Default: `evaluate`. A game may make it the chance of winning, so
        that the mean over samples weighs how often the seat comes out ahead rather
        than by how much (a risk when behind, safety when ahead)."""
        return self.evaluate(state, player)

    def candidates(self, state: State, player: int, limit: int | None = None) -> list[Action]:
        """The actions worth a full lookahead, best first.

        Default: every legal action; with a ``limit``, the ``limit`` best by the
        evaluation one action ahead (ties in legal order).
        """
        actions = state.legal_actions(player)
        if limit is None or len(actions) <= 1:
            return actions if limit is None else actions[:limit]

        def after(action: Action) -> float:
            child = state.clone()
            child.apply(player, action)
            return self.evaluate(child, player)

        values = [after(action) for action in actions]
        order = sorted(range(len(actions)), key=lambda i: -values[i])
        return [actions[i] for i in order[:limit]]

    def follow_up(self, state: State, player: int, memory: dict[Hashable, Any]) -> Action:
        """The seat's own next decision inside a search's sampled future: the best
        `candidates` one action ahead.

        ``memory`` is a dict the search keeps for one sampled future and hands to
        every action it tries there: the seat's next decisions come from the same
        cards in each, on positions that differ by the action tried, so a game may
        remember what pricing the first one taught it and price the others on a
        shortlist (as a drawing game's heuristics do). Default: ``memory`` unused.
        """
        return self.candidates(state, player, 1)[0]

    def horizon_reached(self, start: State, state: State, player: int) -> bool:
        """Whether a search's sampled future, begun at ``start`` (before the action
        tried), has gone far enough at ``state`` for the seat's next decision not to be
        played: the outcome is then taken there, even if fewer than ``depth`` own
        decisions were made (say, when a scoring the game counts has just happened).
        Default: never; ``depth`` alone decides.
        """
        return False

    def worlds(self, seat: Any, rng: random.Random) -> Iterator[State]:
        """The sampled futures a search compares its actions in, drawn one at a time as
        it asks (an endless stream: a search takes as many as its budget allows, and may
        come back for more in a second round).

        ``seat`` is the bot's window on the position (anything with ``determinize(rng)``,
        the one door to hidden information). Default: independent samples,
        ``seat.determinize(rng)`` each, drawn when asked. A game may choose the set of
        samples instead, so that the few a search can afford cover the chance that
        matters most evenly (say, the next card drawn); each must still
        be a sample the seat's view allows.
        """
        while True:
            yield seat.determinize(rng)

    def shortlist(self, state: State, player: int, width: int) -> list[Action]:
        """The actions a search compares in depth, best first.

        Default: the ``width`` best `candidates`. A game may add actions that rank
        lower one action ahead but lead elsewhere, so the search sees every kind
        of choice and not ``width`` variations of one.
        """
        return self.candidates(state, player, width)

    def decide(self, state: State, player: int, rng: random.Random,
               planning: bool = False) -> Action | None:
        """A decision the game prices directly (an auction bid), or None: search it.

        ``planning`` is True when the caller plans whole turns itself.
        """
        return None

    def quick_reply(self, state: State, player: int, rng: random.Random) -> Action | None:
        """A cheap stand-in decision for another seat inside a search (None: random)."""
        return None

    def position_key(self, state: State) -> Hashable | None:
        """Identifies positions reached by different orders of the same actions
        (None: every position is new)."""
        return None

    def reveals_hidden(self, action: Action) -> bool:
        """Does ``action`` turn hidden information face up? A plan stops there."""
        return False

    # Explaining a move (hints) -------------------------------------------------------------

    def evaluate_terms(self, state: State, player: int) -> dict[str, float] | None:
        """`evaluate` split into named terms that add up to it (None: not split)."""
        return None

    def reasons(self, before: dict[str, float], after: dict[str, float], state: State,
                action: Action, player: int) -> list[dict[str, Any]]:
        """Why ``action`` is good, as reasons (``{"code", "params"}``, translatable), from
        how it changed the terms of `evaluate_terms` (``state`` is after it)."""
        return []

    def decide_explained(self, state: State, player: int, rng: random.Random,
                         planning: bool = False
                         ) -> tuple[Action, dict[str, Any] | None] | None:
        """`decide`, with the reason the decision rests on (None: no direct decision)."""
        decided = self.decide(state, player, rng, planning)
        return None if decided is None else (decided, None)


# The knowledge of a game that teaches computer players nothing (`Game.heuristics`).
_NO_KNOWLEDGE = Heuristics()


class NumericEncoding(NamedTuple):
    """A game as numbers, for one player count and set of options.

    ``actions``: a fixed action space (``size``, ``encode(action) -> int``,
    ``decode(index) -> Action``); ``spaces``: each part of an observation as
    ``{"shape", "low", "high"}``; ``observe(view)``: those parts as arrays, built
    from a seat's view alone.
    """

    actions: Any
    spaces: dict[str, dict[str, Any]]
    observe: Callable[[dict[str, Any]], dict[str, Any]]


class Game(ABC):
    """A game's declaration and rules: names, players, options, notation, positions.

    Subclasses set the class attributes below and implement `new`,
    `from_json` and `parse_action`.
    """

    name: ClassVar[str]
    #: Display names by language (every language of `LANGUAGES`).
    titles: ClassVar[Mapping[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    #: ``"perfect"``, or ``"imperfect"`` when some seat cannot see everything.
    information: ClassVar[Literal["perfect", "imperfect"]] = "imperfect"
    #: True when several seats may decide at once (a simultaneous step).
    simultaneous: ClassVar[bool] = False
    #: What is hidden, in words (English), for documentation and faces.
    hidden: ClassVar[tuple[str, ...]] = ()
    #: The ``TypedDict`` that `State.view` returns (None: an undeclared dict).
    view_type: ClassVar[type | None] = None
    #: A hint reason's parameters that name one of the game's things, each with the
    #: prefix of its words in the game's catalog (``{"card": "<game>.card"}``: a card is
    #: said by the entry ``<game>.card.<its name>``), as the face's ``reasonParams`` says
    #: them in the browser: the terminal and the chats said the English names.
    reason_words: ClassVar[Mapping[str, str]] = {}
    #: Where the rules pages live (``{lang}.md`` for every language).
    help_dir: ClassVar[Path | None] = None
    #: The players' words for the game's things per language, and the help section each
    #: refusal code rests on: a JSON file read by the rules search (`boardgamesbot.help.search`).
    rules_knowledge: ClassVar[Path | None] = None
    #: Questions as players ask them, per rules passage and language ("can I keep my
    #: leftover AP?" for "AP you do not spend are lost"): a JSON file whose words the
    #: rules search adds, at a lesser weight, to the passage they ask about.
    rules_phrasings: ClassVar[Path | None] = None
    #: The folder of the game's own browser files, served at ``/games/<name>/``: its
    #: module, its styles and its words (``i18n/<lang>.json``, merged into the browser's).
    #: None: no files; the browser plays the game on its generic table screen.
    web_dir: ClassVar[Path | None] = None
    #: The ES module in ``web_dir`` the browser ``import()``s for this game's table
    #: (None: the generic table screen: the game's picture, menus from the typed legal
    #: actions, the log from the typed events).
    web_module: ClassVar[str | None] = None
    #: Stylesheets in ``web_dir`` the browser loads with the module.
    web_styles: ClassVar[tuple[str, ...]] = ()
    #: True when `render_text` of a finished game's view says each player's final score
    #: and who won, by the face's ``names``: the terminal's last line then says only what
    #: the board cannot (where the record is kept), not the same scores and winner again
    #: on the next line, read as a second answer.
    board_says_who_won: ClassVar[bool] = False

    @property
    def heuristics(self) -> Heuristics:
        """What the game teaches computer players (none here: play is random-ish). A game
        sets its own as a class attribute, or as a property when its heuristics module is
        imported on first use."""
        return _NO_KNOWLEDGE

    @abstractmethod
    def new(self, num_players: int, seed: int, **options: Any) -> State:
        """A fresh game; all chance comes from ``seed``."""

    @abstractmethod
    def from_json(self, text: str) -> State:
        """A position written by `State.to_json` (or by hand); raises `GameError` if invalid."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written in ``text``; raises `GameError` naming what was expected."""

    # Checking what a person asks for ---------------------------------------------------

    def check_num_players(self, num_players: int) -> None:
        if isinstance(num_players, bool) or not isinstance(num_players, int) or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise GameError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, "
                f"not {num_players}",
                code="bad_player_count",
                game=self.name,
                min=self.min_players,
                max=self.max_players,
                given=num_players,
            )

    def check_options(self, options: Mapping[str, Any]) -> dict[str, str]:
        """Every option with its value checked (defaults filled in); unknown ones refused."""
        known = {option.name: option for option in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            accepted = ", ".join(known) or "none"
            raise GameError(f"{self.name} has no option {', '.join(unknown)}; its options: "
                            f"{accepted}", code="bad_option", option=unknown[0],
                            accepted=list(known))
        return {name: option.check(options[name]) if name in options else option.default
                for name, option in known.items()}

    @staticmethod
    def check_seed(seed: Any) -> int:
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise GameError(f"the seed must be a whole number ≥ 0, not {seed!r}",
                            code="bad_seed")
        return seed

    # What serves the game ----------------------------------------------------------------

    def render_text(self, view: dict[str, Any], lang: str = "en",
                    names: Mapping[int, str] | None = None,
                    focus: Sequence[str] | None = None) -> Any:
        """The view for the terminal (anything ``rich`` prints), its words in ``lang`` (one
        of `LANGUAGES`); default: its JSON, which has no words to translate. The prompt
        prints it with a ``height`` (the rows left above its own lines), which a
        renderable may read (``options.height``) to draw a denser board that fits.
        ``names``: how the face names each seat's player ("easy (p2)", its `seat_tag`
        added), for the board's sentences about a player, such as who won, so that the
        board and the face's own lines name a player one way. ``focus``: actions in
        notation (the last ones played, those legal now) a board too tall for the rows
        it is given may keep on the screen, drawing the part of it that holds them
        (where that is all that fits: a phone's terminal), the rest left to a drawing
        without ``focus``."""
        return json.dumps(view, indent=1)

    def render_svg(self, view: dict[str, Any], **options: Any) -> str:
        """The view as an SVG picture (keyword-only options are the game's)."""
        raise GameError(f"{self.name} has no picture renderer", code="no_renderer",
                        game=self.name)

    def render_move(self, view: dict[str, Any], last_move: str | None = None,
                    **options: Any) -> str:
        """`render_svg` with the last action (its notation) marked; by default the
        picture as it is (a game whose view marks its last move itself, as a sheet
        that outlines the cells drawn last)."""
        return self.render_svg(view, **options)

    def seat_tag(self, seat: int, lang: str) -> str | None:
        """How `render_text` names ``seat`` in ``lang`` (its players table, who won), so that
        a face naming the seat's player ("easy") adds the same tag and a reader can tell
        which line of the board is whose; None, the default: the board names no seat."""
        return None

    def choice_label(self, prefix: list[str], notation: str, lang: str,
                     view: dict[str, Any] | None = None) -> str | None:
        """The words on a chat button that goes from the notation words ``prefix`` to
        ``notation`` (one more word, or none when ``prefix`` is itself an action among
        its longer forms), in ``lang``; ``view``, the chooser's where a face has it, for
        words that depend on the position (what the tile to place is); None: the
        notation's next word as it is."""
        return None

    def turn_words(self, infos: Sequence[ActionInfo], lang: str,
                   names: Mapping[int, str] | None = None) -> list[str] | None:
        """One seat's actions in a row (a computer's turn, told at once), in ``lang``, in
        as few phrases as a person needs (what changed on the board), each read as
        `action_words` reads one. None, the default: one phrase per action."""
        return None

    def action_words(self, info: ActionInfo, lang: str, mood: str | None = None,
                     names: Mapping[int, str] | None = None) -> str | None:
        """An action in words in ``lang``, from its data (``info``: `State.action_info`, as
        an action event carries it): told as the browser's log tells it ("builds a camp on
        C5"), or in ``mood`` ``"button"`` as a button asks for it ("Build a camp on C5");
        ``names`` are the seats' names, for an action that names another seat. None, the
        default: the game has no words for it, and a face shows the notation."""
        return None

    def moment_words(self, view: dict[str, Any], lang: str,
                     names: Mapping[int, str] | None = None,
                     begins: bool = False) -> str | None:
        """The moment of play ``view`` is in, in words in ``lang``, when it is more than
        an ordinary turn (a scoring round under way, in which a seat acts without what a
        turn usually brings): what it means for the seat whose view it is ("Scoring
        round: spend your 10 AP, then you score."), or, in another seat's or a
        spectator's, for the seat acting now (named by ``names``); with ``begins``, how
        the moment began, as a story tells it ("Ana draws a volcano: every player scores
        in turn."). A face that shows no picture says it beside whose turn it is.
        A scoring's view (the position right after it, as the service keeps it) is asked
        too, with ``begins``: the chat says the answer over that scoring's scoreboard —
        which season ended and what scored in it ("End of Spring: edict A (Sentinel Wood)
        and edict B (Canal Lake) scored. This season: Ana 3 ★ · Bob 3 ★") — and does not
        tell it again in the story. None, the default: an ordinary turn, which whose turn
        it is says."""
        return None

    def preview_choice(self, notation: str) -> bool:
        """Should a chat show the picture of ``notation``'s result (with a ✔ Confirm)
        before playing it? For choices of *where and how turned*, which a person
        judges by eye (a tile's rotation, a shape's place)."""
        return False

    def rating_title(self, title: str, lang: str) -> str:
        """A solo rating's title (``view["solo"]["title"]``, as the rules print it) in
        ``lang``, for a face that tells it outside the game's own pictures (the chat's
        ``/stats``); by default as printed."""
        return title

    def help_page(self, lang: str = "en") -> str:
        """The players' rules page in ``lang`` (Markdown)."""
        if lang not in LANGUAGES:
            raise GameError(f"no rules help in language {lang!r}; available: "
                            f"{', '.join(LANGUAGES)}", code="unknown_help", lang=lang,
                            available=list(LANGUAGES))
        if self.help_dir is None:
            raise GameError(f"{self.name} has no rules help", code="unknown_help",
                            game=self.name, available=[])
        return (Path(self.help_dir) / f"{lang}.md").read_text(encoding="utf-8")

    def encoding(self, num_players: int, **options: Any) -> NumericEncoding:
        """The game's fixed numeric encoding, for the research adapters
        (`boardgamesbot.research`: PettingZoo, OpenSpiel; docs/research.md)."""
        raise GameError(f"{self.name} declares no numeric encoding", code="no_encoding",
                        game=self.name)

    def commands(self) -> list[Any]:
        """The game's own terminal tools (``click`` commands, offered as ``bgbot NAME …``)."""
        return []

    def command_help(self, lang: str) -> dict[str, str]:
        """The help of the game's own tools (`commands`) in ``lang``, by the command's path
        and an option's name as the terminal's own help catalogue names them
        (``"NAME score"``, ``"NAME score --card"``); {} where the help written with the
        commands is said (English), so `bgbot NAME --help` speaks the reader's language."""
        return {}

    def describe(self) -> dict[str, Any]:
        """The declaration as data (what ``/api/games`` serves)."""
        return {"name": self.name, "titles": dict(self.titles),
                "min_players": self.min_players, "max_players": self.max_players,
                "options": [option.describe() for option in self.options],
                "information": self.information, "simultaneous": self.simultaneous,
                "hidden": list(self.hidden), "face": self.face()}

    def train(self, out: str, games: int, seed: int, evaluate_every: int = 200,
              measure_games: int = 40, progress: Callable[..., None] | None = None,
              teacher: Callable[[State, int], Any] | None = None, workers: int = 1,
              target: str = "self-play") -> str:
        """Train the game's learned evaluation by self-play into ``out`` (`bgbot train`),
        resuming from it; a one-line summary. A game without one refuses.

        ``target``: what is learned — ``self-play`` (the game's own learned values),
        ``search`` (a search's values, from ``teacher``) or ``tune`` (the evaluation's
        own hand-set weights, tuned jointly from self-play outcomes).

        ``teacher``: when given, the games are the teacher's and what is learned is its
        values (a search bot's: ``teacher(state, player)`` lists the actions it compares
        with their values, the one it plays first); ``workers``: processes recording."""
        raise GameError(f"{self.name} has no learned evaluation to train",
                        code="no_training", game=self.name)

    def words(self, lang: str) -> dict[str, Any]:
        """The game's own words in ``lang`` for every face (its catalog,
        ``web_dir/i18n/<lang>.json``: refusals, reasons, labels), or {} when it has none."""
        if self.web_dir is None:
            return {}
        path = Path(self.web_dir) / "i18n" / f"{lang}.json"
        return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}

    def face(self) -> dict[str, Any] | None:
        """What the browser loads for this game, as paths under ``/games/<name>/``
        (``{"module", "styles", "catalog"}``), or None when it has no files of its own."""
        if self.web_dir is None:
            return None
        catalog = Path(self.web_dir) / "i18n"
        return {"module": self.web_module, "styles": list(self.web_styles),
                "catalog": "i18n" if catalog.is_dir() else None}

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


# The registry --------------------------------------------------------------------------------

_REGISTRY: dict[str, Game] = {}
_discovered = False
# Threads may ask for a game at once (a Ray worker imports in a thread of its own, the
# service answers in several): the first one loads the entry points, the others wait for
# it rather than see a registry that is still empty.
_discovering = threading.Lock()


def register(game: Game) -> Game:
    """Make ``game`` known by its name (for games not declared through an entry point).

    Registering the same object again is harmless; another game under a taken
    name is refused.
    """
    if not isinstance(game, Game):
        raise TypeError(f"register() takes a Game, not {type(game).__name__}")
    _discover()
    known = _REGISTRY.get(game.name)
    if known is not None and known is not game:
        raise GameError(f"a game called {game.name!r} is already registered",
                        code="game_exists", name=game.name)
    _REGISTRY[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget a game registered with `register` (tests clean up with this)."""
    _REGISTRY.pop(name, None)


def _discover() -> None:
    """Load the games installed packages declare (once per process)."""
    global _discovered
    if _discovered:
        return
    with _discovering:
        if _discovered:
            return
        found = [entry.load() for entry in metadata.entry_points(group=ENTRY_POINTS)]
        for game in found:
            _REGISTRY.setdefault(game.name, game)
        _discovered = True  # only once all loaded: a failed load is tried again next time


def known_games() -> list[str]:
    _discover()
    return sorted(_REGISTRY)


def load_game(name: str) -> Game:
    """The game called ``name``; unknown names get an error listing the known games."""
    _discover()
    game = _REGISTRY.get(str(name).strip().lower())
    if game is None:
        raise GameError(
            f"unknown game {name!r}; known games: {', '.join(known_games())}",
            code="unknown_game",
            name=str(name),
            known=known_games(),
        )
    return game


@dataclass
class Record:
    """A whole game as data: seed + actions rebuild every state (like a PGN).

    ``actions`` holds ``(seat, notation)`` pairs in the order they were applied.
    """

    game: str
    seed: int
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict[str, Any])
    actions: list[tuple[int, str]] = field(default_factory=list)

    FORMAT = "boardgamesbot-record/1"

    @classmethod
    def start(cls, game: str, seed: int, seats: list[str], **options: Any) -> Record:
        return cls(game=game, seed=seed, seats=list(seats), options=dict(options))

    def new_state(self) -> State:
        return load_game(self.game).new(len(self.seats), self.seed, **self.options)

    def add(self, player: int, action: Action | str) -> None:
        self.actions.append((player, str(action)))

    def states(self, start: int = 0, stop: int | None = None) -> Iterator[State]:
        """Every state from the start to the end, each a separate object; with ``start``
        and ``stop``, those numbered ``start`` to ``stop - 1`` (state n follows the first
        n actions), the earlier ones replayed but not copied."""
        stop = len(self.actions) + 1 if stop is None else min(stop, len(self.actions) + 1)
        state = self.new_state()
        for index in range(stop):
            if index:
                self._replay_one(state, index - 1)
            if index >= start:
                yield state.clone()

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all of them by default)."""
        state = self.new_state()
        for index in range(len(self.actions[:upto])):
            self._replay_one(state, index)
        return state

    def _replay_one(self, state: State, index: int) -> None:
        player, notation = self.actions[index]
        try:
            state.apply(player, notation)
        except GameError as error:
            raise GameError(
                f"record action {index + 1} ({notation!r} by seat {player}) "
                f"cannot be replayed: {error}",
                code="bad_record",
                index=index,
            ) from error

    # JSON ----------------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": self.FORMAT,
                "game": self.game,
                "options": self.options,
                "seed": self.seed,
                "seats": self.seats,
                "actions": [[player, notation] for player, notation in self.actions],
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise GameError(f"not a game record: invalid JSON ({error})",
                            code="bad_record") from None
        if not isinstance(data, dict) or data.get("format") != cls.FORMAT:
            raise GameError(
                f"not a game record: expected format {cls.FORMAT!r}", code="bad_record"
            )
        try:
            game = str(data["game"])
            seed = data["seed"]
            seats = data["seats"]
            options = data.get("options", {})
            actions = data["actions"]
        except KeyError as missing:
            raise GameError(f"game record lacks the field {missing}", code="bad_record") from None
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise GameError("game record: 'seed' must be an integer", code="bad_record")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise GameError("game record: 'seats' must be a list of names", code="bad_record")
        if not isinstance(options, dict):
            raise GameError("game record: 'options' must be an object", code="bad_record")
        if not isinstance(actions, list) or not all(
            isinstance(a, list)
            and len(a) == 2
            and isinstance(a[0], int)
            and 0 <= a[0] < len(seats)
            and isinstance(a[1], str)
            for a in actions
        ):
            raise GameError(
                "game record: 'actions' must be a list of [seat, notation] pairs",
                code="bad_record",
            )
        load_game(game)  # an unknown game is a clear error here, not later
        return cls(game, seed, seats, options, [(a[0], a[1]) for a in actions])

    def save(self, path: str | Path) -> None:
        path = Path(path)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(self.to_json(), encoding="utf-8")
        temporary.replace(path)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise GameError(f"cannot read {path}: {error.strerror}", code="bad_record") from None
        except UnicodeDecodeError:
            raise GameError(f"{path} is not a text file", code="bad_record") from None
        return cls.from_json(text)
