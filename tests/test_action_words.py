"""Every action of both games can be said in words (`Game.action_words`), in every language
and mood the faces use: a chat tells moves in the game's words, as the browser's log does,
so a kind of action without words would show its notation there ("Bob: place A3")."""

from __future__ import annotations

import random

import pytest

from boardgamesbot.engine import LANGUAGES, load_game

KINDS = {
    ("tikal", "basic"): {
        "place",
        "enter",
        "move",
        "uncover",
        "recover",
        "exchange",
        "camp",
        "guard",
        "end",
    },
    ("tikal", "auction"): {"place", "bid", "pass", "take", "end"},
    ("cartographers", "A"): {"draw", "ambush", "fallback"},
}
NAMES = {0: "Ana", 1: "Bob", 2: "Cy"}


def choices_seen(name: str, option: str) -> dict[str, dict]:
    """One legal choice of each kind met over random games (seeded)."""
    game = load_game(name)
    options = {"variant": option} if name == "tikal" else {"side": option}
    seen: dict[str, dict] = {}
    for seed in range(8):
        state, rng = game.new(3, seed=seed, **options), random.Random(seed)
        while not state.is_over() and not KINDS[(name, option)] <= set(seen):
            player = state.current_players()[0]
            for choice in state.choices(player):
                seen.setdefault(choice["type"], choice)
            state.apply(player, rng.choice(state.legal_actions(player)))
    return seen


@pytest.mark.parametrize("name,option", sorted(KINDS))
def test_every_kind_of_action_is_said_in_words(name, option):
    game = load_game(name)
    seen = choices_seen(name, option)
    assert KINDS[(name, option)] <= set(seen), sorted(seen)
    for kind, choice in seen.items():
        for lang in LANGUAGES:
            told = game.action_words(choice, lang, None, NAMES)
            asked = game.action_words(choice, lang, "button", NAMES)
            for said in (told, asked):
                assert said and "{" not in said and "?" not in said, (kind, lang, said)
                assert said != choice["notation"], (kind, lang, said)
            assert told != asked or kind == "pass" and lang != "en", (kind, lang)


def test_words_are_the_browsers_own():
    """The same catalog entries as web/tikal.js's describe: a move with its cost, another
    seat by name, plural forms by the count, a tile turned in sixths."""
    tikal = load_game("tikal")
    exchange = {"type": "exchange", "cost": {"ap": 3}, "params": {"give": 2, "seat": 1, "take": 4}}
    assert (
        tikal.action_words(exchange, "en", None, NAMES)
        == "swaps their gold necklace for Bob's quetzal feathers (3 AP)"
    )
    assert (
        tikal.action_words({"type": "bid", "params": {"amount": 1}}, "pt-BR") == "oferece 1 ponto"
    )
    assert (
        tikal.action_words({"type": "bid", "params": {"amount": 3}}, "ca", "button")
        == "Ofereix 3 punts"
    )
    place = {"type": "place", "params": {"space": "C4", "rotation": 2}}
    assert tikal.action_words(place, "en") == "places the tile on C4, turned 120°"
    assert tikal.action_words({"type": "unknown", "params": {}}, "en") is None


def test_an_ambush_says_whose_map_the_monster_is_drawn_on():
    """The browser says "on your map" / "on Bea's map" (the ambush's ``sheet``); a chat,
    read by all, names the sheet's owner — the catalog's {where} is never left unfilled."""
    cartographers = load_game("cartographers")
    ambush = {"type": "ambush", "params": {"orientation": "r90", "cell": "B9", "sheet": 1}}
    assert (
        cartographers.action_words(ambush, "en", None, NAMES)
        == "draws the monster (turned 90°) at B9 on Bob's map"
    )
    assert (
        cartographers.action_words(ambush, "ca", "button")
        == "Dibuixa el monstre (girat 90°) a B9 al mapa del veí"
    )


def test_catalan_says_d_before_a_name_that_begins_with_a_vowel_sound():
    """Catalan elides "de" before a vowel sound: "al mapa d'Ana", "Full d'Hug", but "al
    mapa de Bob" and "de Ian" (an i before a vowel sounds as a consonant). A name is
    filled in at play time, so the rule is the filler's (`wording.elide`, and the
    browser's t()), not the catalog's; a mention's markup does not hide the name."""
    from boardgamesbot.chat import i18n
    from boardgamesbot.games.wording import fill

    cartographers = load_game("cartographers")
    ambush = {"type": "ambush", "params": {"orientation": "r90", "cell": "B9", "sheet": 0}}
    assert cartographers.action_words(ambush, "ca", None, NAMES).endswith("al mapa d'Ana")
    assert cartographers.action_words(ambush, "pt-BR", None, NAMES).endswith("de Ana")
    ambush["params"]["sheet"] = 1
    assert cartographers.action_words(ambush, "ca", None, NAMES).endswith("al mapa de Bob")
    said = {name: i18n.text("ca", "score.sheet", who=name)
            for name in ("Ana", "Hug", "Òscar", "Ull", "Ian", "Bob", "7")}
    assert said == {"Ana": "Full d'Ana", "Hug": "Full d'Hug", "Òscar": "Full d'Òscar",
                    "Ull": "Full d'Ull", "Ian": "Full de Ian", "Bob": "Full de Bob",
                    "7": "Full de 7"}
    link = '<a href="tg://user?id=11">Ana</a>'
    assert fill("el torn de {who}", "ca", {"who": link}) == f"el torn d'{link}"
    assert fill("acció {n} de {total}", "ca", {"n": 1, "total": 11}) == "acció 1 de 11"
    assert i18n.text("en", "score.sheet", who="Ana") == "Ana's sheet"


def test_a_turned_monster_agrees_with_the_monster_a_turned_shape_with_the_shape():
    """Catalan and Portuguese turn words agree with their noun: "el monstre (girat 90°)",
    "o monstro (girado 90°)" — it said "girada", the shape's (feminine) word, of the
    monster; a drawing's shape ("forma 2, girada 90°") keeps it."""
    cartographers = load_game("cartographers")
    ambush = {"type": "ambush", "params": {"orientation": "f90", "cell": "B9"}}
    draw = {
        "type": "draw",
        "params": {"terrain": "forest", "shape": 2, "orientation": "f90", "cell": "C4"},
    }
    expected = {
        "en": ("(mirrored, turned 90°)", "mirrored, turned 90°"),
        "pt-BR": ("(espelhado, girado 90°)", "espelhada, girada 90°"),
        "ca": ("(reflectit, girat 90°)", "reflectida, girada 90°"),
    }
    for lang, (monster, shape) in expected.items():
        assert monster in cartographers.action_words(ambush, lang), lang
        assert shape in cartographers.action_words(draw, lang), lang
    turned = {"type": "ambush", "params": {"orientation": "r180", "cell": "B9"}}
    assert "(girat 180°)" in cartographers.action_words(turned, "ca")
    assert "(girado 180°)" in cartographers.action_words(turned, "pt-BR")
    # mirrored with no turn is mirrored alone: it read "espelhada, girada 0°"
    ambush["params"]["orientation"] = draw["params"]["orientation"] = "f0"
    for lang, (monster, shape) in {"en": ("(mirrored) at", "mirrored) at"),
                                   "pt-BR": ("(espelhado) em", "espelhada) em"),
                                   "ca": ("(reflectit) a", "reflectida) a")}.items():
        assert monster in cartographers.action_words(ambush, lang), lang
        assert shape in cartographers.action_words(draw, lang), lang


OWN_MAP = {"en": "on their own map", "pt-BR": "no próprio mapa", "ca": "al seu mapa"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_drawing_told_to_the_table_says_it_is_on_the_movers_own_map(lang):
    """The browser's "Last move" says "… at A1 on their own map" beside another seat's
    map; a chat's line and the terminal's line for a computer player (told to readers
    who look at their own map, or at all of them) said "draws forest … at A1" alone. Told
    with the seats' names, at a table of more than one, a drawing names the mover's own
    map, in words that fit anyone; a button (the reader's own drawing) and a solo game
    need not."""
    cartographers = load_game("cartographers")
    seen = choices_seen("cartographers", "A")
    for kind in ("draw", "fallback"):
        told = cartographers.action_words(seen[kind], lang, None, NAMES)
        assert told.endswith(" " + OWN_MAP[lang]), (kind, told)
        asked = cartographers.action_words(seen[kind], lang, "button", NAMES)
        alone = cartographers.action_words(seen[kind], lang, None, {0: "Ana"})
        for said in (asked, alone, cartographers.action_words(seen[kind], lang)):
            assert OWN_MAP[lang] not in said, (kind, said)
    ambush = cartographers.action_words(seen["ambush"], lang, None, NAMES)
    assert OWN_MAP[lang] not in ambush  # (it says whose map: another's)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_tells_a_computer_players_drawing_on_its_own_map(tmp_path, monkeypatch,
                                                                      lang):
    from click.testing import CliRunner

    from boardgamesbot.cli import main
    from boardgamesbot.cli.terminal import console

    monkeypatch.setattr(console, "_width", 300)  # (each line whole, to be read)

    result = CliRunner().invoke(main, [
        "play", "cartographers", "--players", "2", "--humans", "0", "--bots",
        "random,random", "--seed", "3", "--lang", lang, "--save", str(tmp_path / "g.json")])
    assert result.exit_code == 0, result.output
    drawn = [line for line in result.output.splitlines()
             if ": " in line and " — " in line and " 1x1 " not in line.split(" — ")[0]
             and line.split(": ", 1)[1].split()[0] in ("forest", "village", "farm", "water")]
    assert drawn and all(line.endswith(OWN_MAP[lang]) for line in drawn), drawn[:3]


def test_a_computers_tikal_turn_is_said_in_few_words():
    """A computer's turn, told at once in a chat (`Game.turn_words`): the tile and each
    deed as they are, the figures brought in and moved as one phrase of what changed on
    the board (each space's gain or loss, the points spent), the turn's end not at all —
    three phrases for eight actions; in every language. A game without its own way
    leaves each action to `action_words`."""
    game = load_game("tikal")
    infos = [{"type": "place", "params": {"space": "C6", "rotation": 2}},
             {"type": "enter", "params": {"figure": "worker", "space": "A6"}, "cost": {"ap": 1}},
             {"type": "move", "params": {"figure": "worker", "from": "A6", "to": "B5"},
              "cost": {"ap": 1}},
             {"type": "move", "params": {"figure": "worker", "from": "B5", "to": "A5"},
              "cost": {"ap": 1}},
             {"type": "enter", "params": {"figure": "leader", "space": "A6"}, "cost": {"ap": 1}},
             {"type": "move", "params": {"figure": "worker", "from": "A5", "to": "A4"},
              "cost": {"ap": 1}},
             {"type": "guard", "params": {"figure": "worker", "space": "A4"}, "cost": {"ap": 5}},
             {"type": "end", "params": {}}]
    assert game.turn_words(infos, "en", NAMES) == [
        "places the tile on C6, turned 120°", "brings in and moves figures: A4 +1, A6 +1 (5 AP)",
        "makes a worker the guard of A4 (5 AP)"]
    moved = [{"type": "move", "params": {"figure": "W", "from": "A6", "to": "B5"},
              "cost": {"ap": 2}}] * 2
    assert game.turn_words(moved, "pt-BR", NAMES) == ["move figuras: A6 −2, B5 +2 (4 PA)"]
    for lang in LANGUAGES:
        said = game.turn_words(infos, lang, NAMES)
        assert said and len(said) == 3 and not any("{" in s for s in said), (lang, said)
    assert game.turn_words(infos[:1], "en", NAMES) == ["places the tile on C6, turned 120°"]
    assert load_game("cartographers").turn_words(infos[:2], "en", NAMES) is None


def test_a_terrain_is_one_word_on_its_button_in_the_story_and_on_the_sheet():
    """A Brazilian table tapped "🏠 Vila" and read "Ana: desenha aldeia …" under a sheet
    whose legend said "vila" (and a Catalan one "🏠 Poble", then "dibuixa poblat"): a
    terrain has one word in each language — the button's, the story's, the picture's."""
    import json
    from importlib import resources

    cartographers = load_game("cartographers")
    pictures = json.loads(resources.files("boardgamesbot.games.cartographers")
                          .joinpath("picture_words.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        for name in ("forest", "village", "farm", "water"):
            button = cartographers.choice_label([], name, lang).split(" ", 1)[1].lower()
            draw = {"type": "draw",
                    "params": {"terrain": name, "shape": 1, "orientation": "r0", "cell": "C4"}}
            assert f" {button} (" in cartographers.action_words(draw, lang), (lang, name)
            assert pictures[lang].get(name, name) == button, (lang, name)  # (en: the key)
