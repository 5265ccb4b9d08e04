"""What the chat reads from the game registry: names, options, rules pages, notation.

The registry is the only source: no game is named here. Each game declares
its ``titles``, typed ``options``, player range, ``help_page(lang)`` and
whether its steps are ``simultaneous``; the chat reads those and nothing else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from boardgamesbot.engine import known_games, load_game

from . import i18n
from .basics import Refusal


@dataclass(frozen=True)
class Choice:
    """One table option as the chat offers it."""

    name: str
    choices: tuple[str, ...]
    default: str


def title(game_name: str, lang: str) -> str:
    game = load_game(game_name)
    titles = game.titles or {}
    return titles.get(lang) or titles.get("en") or game.name


def options(game_name: str) -> list[Choice]:
    return [Choice(o.name, tuple(o.choices), o.default) for o in load_game(game_name).options]


def option_words(game_name: str, chosen: dict[str, str], lang: str) -> str:
    """The chosen options as the game names them in ``lang`` (``side A (Wilderness)``)."""
    words = []
    for option in load_game(game_name).options:
        if option.name in chosen:
            value = chosen[option.name]
            labels = option.labels.get(lang) or option.labels.get("en") or {}
            words.append(labels.get(value, value))
    return ", ".join(words)


def find_game(word: str) -> str | None:
    """The game a person named, by its name or its title in any language."""
    wanted = i18n.fold(word)
    for name in known_games():
        if wanted == name or any(wanted == i18n.fold(title(name, lang))
                                 for lang in i18n.LANGUAGES):
            return name
    return None


def read_options(game_name: str, words: list[str], lang: str = "en") -> dict[str, str]:
    """Options from loose words: a word that is one of an option's choices sets it.

    ``new GAME auction`` → ``{"variant": "auction"}`` where ``auction`` is one of the
    game's ``variant`` choices; so does a choice's whole label in any language, as the
    refusal lists them ('joc bàsic'). An unknown word is refused with every choice
    listed as the game names it in ``lang`` (a Catalan chat was listed "basic, auction")."""
    chosen: dict[str, str] = {}
    declared = options(game_name)
    labelled = _labels(game_name)
    at = 0
    while at < len(words):
        # (a label typed whole, its short words with it: 'joc bàsic', 'variante com leilão')
        end = next((end for end in range(len(words), at + 1, -1)
                    if i18n.fold(" ".join(words[at:end])) in labelled), None)
        if end is not None:
            name, choice = labelled[i18n.fold(" ".join(words[at:end]))]
            chosen[name] = choice
            at = end
            continue
        word = words[at]
        match = [(o.name, c) for o in declared for c in o.choices if c.lower() == word.lower()]
        if not match:  # a word of one choice's label in some language: 'subhasta', 'leilão'
            named = _label_words(game_name).get(i18n.fold(word), set())
            match = list(named) if len(named) == 1 else []
        if not match:
            every = [_label(game_name, o.name, c, lang) for o in declared for c in o.choices]
            raise Refusal("chat.unknown_option", word=word, choices=", ".join(every) or "-")
        name, choice = match[0]
        chosen[name] = choice
        at += 1
    return chosen


def _label(game_name: str, option_name: str, choice: str, lang: str) -> str:
    """A choice as the game names it in ``lang`` (its id where it names none)."""
    for option in load_game(game_name).options:
        if option.name == option_name:
            labels = option.labels.get(lang) or option.labels.get("en") or {}
            return labels.get(choice, choice)
    return choice


def _labels(game_name: str) -> dict[str, tuple[str, str]]:
    """Each choice's whole label (folded), in every language -> (option, choice)."""
    return {i18n.fold(label): (option.name, choice)
            for option in load_game(game_name).options
            for labels in option.labels.values() for choice, label in labels.items()}


def _label_words(game_name: str) -> dict[str, set[tuple[str, str]]]:
    """Each word (folded, of four letters or more) of the options' labels in every
    language -> the (option, choice) pairs whose labels hold it: a word held by one choice
    alone names it ("variant amb subhasta": 'subhasta' is the auction), as people call
    the choice the lobby names to them; a word of several ('side', 'jogo') names none."""
    found: dict[str, set[tuple[str, str]]] = {}
    for option in load_game(game_name).options:
        for labels in option.labels.values():
            for choice, label in labels.items():
                for word in re.findall(r"\w{4,}", i18n.fold(label)):
                    found.setdefault(word, set()).add((option.name, choice))
    return found


def players(game_name: str) -> tuple[int, int]:
    game = load_game(game_name)
    return game.min_players, game.max_players


def simultaneous(game_name: str) -> bool:
    return bool(load_game(game_name).simultaneous)


def rules_page(game_name: str, lang: str) -> str:
    return load_game(game_name).help_page(lang)


def rules_sections(game_name: str, lang: str) -> list[tuple[str, str]]:
    """The rules page cut at its ``##`` headings: ``[(heading, text)]``; the first is
    the introduction under the title."""
    page = rules_page(game_name, lang)
    parts = re.split(r"(?m)^## +", page)
    sections = [("", parts[0].strip())]
    for part in parts[1:]:
        heading, _, body = part.partition("\n")
        sections.append((heading.strip(), body.strip()))
    return sections


def verbs(notations: list[str]) -> set[str]:
    """First words of the notations (what an action typed in chat may start with)."""
    return {n.split()[0].lower() for n in notations if n.split()}


def action_line(entry: dict, lang: str) -> str:
    """One legal action for a person: its notation, and what it costs when the game says.

    The cost comes from the engine's structured ``action_info`` and is translated;
    the game's English description is shown to English readers only."""
    cost = (entry.get("info") or {}).get("cost")
    if isinstance(cost, dict) and cost:
        parts = [i18n.text(lang, f"cost.{k}", n=v) for k, v in cost.items()]
        return f"{entry['notation']} ({', '.join(parts)})"
    described = entry.get("text") or ""
    if lang == "en" and described and described != entry["notation"]:
        return described
    return entry["notation"]


def action_words(game_name: str, action: dict, lang: str, mood: str | None = None,
                 names: dict[int, str] | None = None) -> str:
    """An action (an action event, or a legal action, with its ``info``: the engine's
    ``action_info``) in the game's own words in ``lang`` (`Game.action_words`): told as
    the browser's log tells it ("builds a camp on C5 (5 AP)"), or as a button asks for it
    (``mood="button"``). Its notation only where the game has no words for it (an event
    stored before events carried ``info``, a game without words)."""
    info = action.get("info")
    said = load_game(game_name).action_words(info, lang, mood, names) if info else None
    return said or action["notation"]


def examples(lang: str, group_prefix: str = "/", game: str | None = None) -> dict[str, str]:
    """The registered games as the chat's welcome and help name them, in ``lang``.

    The sentences hold only ``{games}``, ``{new}``, ``{group}``, ``{solo}`` and
    ``{actions}``; what fills them comes from the registry (titles, options, player
    range) and each game's own words (``notation.examples.<game>`` in its catalog), so
    a game that joins the registry shows up here without a word changed in the chat.
    ``{group}`` is typed in a group, as the network wants it there (``group_prefix``:
    Telegram's '/', Matrix's '!bg '), with the reader's own word for ``new``. At a table
    (``game``: the game played or gathered for there) ``{actions}`` are that game's only:
    another game's move is no example anyone at the table can follow."""
    names = list(known_games())
    new = [i18n.text(lang, "example.new", game=_new_example(name)) for name in names]
    group = [name for name in names if players(name)[1] > 1] or names
    solo = next((name for name in names if players(name)[0] == 1), names[0] if names else "")
    acting = [game] if game in names else names
    actions = [said for name in acting
               if (said := _said(name, lang, f"notation.examples.{name}"))]
    return {"games": _listed([title(name, lang) for name in names], "list.and", lang),
            "new": ", ".join(new),
            "group": _listed([f"{group_prefix}{i18n.word(lang, 'new')} {name}"
                              for name in group], "list.or", lang),
            "solo": solo,
            "actions": ", ".join(actions) or i18n.text(lang, "example.no_actions")}


def example_action(name: str | None, lang: str) -> str:
    """An action of game ``name`` (None: the first registered) written in its notation, as
    the game's own words show one (the first of ``notation.examples.<game>``, in
    ``lang``): how to ask 'why' at its table — one game's move at another game's table
    was no example anyone there could follow. "" when the game shows none."""
    names = list(known_games())
    name = name if name in names else (names[0] if names else None)
    if name is None:
        return ""
    said = _said(name, lang, f"notation.examples.{name}") or ""
    quoted = re.findall(r"'([^']+)'", said)
    return quoted[0] if quoted else said.strip()


def _new_example(name: str) -> str:
    """``new`` with the game and, when it has options, a choice other than the default
    (``GAME CHOICE``): the example shows how options are given."""
    for option in options(name):
        other = [choice for choice in option.choices if choice != option.default]
        if other:
            return f"{name} {other[0]}"
    return name


def _said(name: str, lang: str, key: str) -> str | None:
    """The game's word ``key`` in ``lang``, else in English, else None."""
    game = load_game(name)
    return game.words(lang).get(key) or game.words(i18n.DEFAULT).get(key)


def listed(items: list[str], lang: str) -> str:
    """``a, b and c`` in ``lang``."""
    return _listed(items, "list.and", lang)


def _listed(items: list[str], joiner: str, lang: str) -> str:
    """``a, b and c`` in ``lang`` (``joiner`` is the catalog's word for the last link)."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + i18n.text(lang, joiner) + items[-1]
