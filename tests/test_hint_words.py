"""A hint's reason in the reader's words in every face that says it in Python (the
terminal's ``hint``, the chats): the game's things by their names in that language and
fractions with its decimal mark, as the browser says them (`reasonParams`, i18n.js)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from boardgamesbot.engine import load_game
from boardgamesbot.games.wording import fill
from boardgamesbot.hints import hints, reason_text
from boardgamesbot.web import catalog

sys.path.insert(0, str(Path(__file__).parent))
from bot_positions import decision_positions  # noqa: E402


@pytest.mark.parametrize("lang", ["pt-BR", "ca"])
def test_a_hint_names_the_scoring_card_in_the_reader_s_language(lang):
    """"Avança cap a The Broken Road": the card's English name in a Catalan hint."""
    words, english = catalog(lang), catalog("en")
    named = load_game("cartographers").reason_words["card"]
    told = []
    for state, seat, _, _ in decision_positions("cartographers", {}, 1, 12, seed=5):
        for hint in hints(state, seat, k=3, level="medium"):
            for reason in hint["reasons"]:
                card = (reason.get("params") or {}).get("card")
                if card is None:
                    continue
                said = reason_text(reason, lang)
                assert words[f"{named}.{card}"] in said, (reason, said)
                if words[f"{named}.{card}"] != english[f"{named}.{card}"]:
                    assert card not in said, (reason, said)
                told.append(said)
    assert told, "no hint named a scoring card in these positions"


@pytest.mark.parametrize("lang,mark", [("en", "."), ("pt-BR", ","), ("ca", ",")])
def test_a_fraction_in_a_sentence_has_the_reader_s_decimal_mark(lang, mark):
    reason = {"code": "cartographers.edict_progress",
              "params": {"gain": 3.11, "card": "Treetower", "stars": 2}}
    assert f"3{mark}1" in reason_text(reason, lang)
    assert fill("{n} of {m}", lang, {"n": 2.0, "m": 1.5}) == f"2 of 1{mark}5"


#: A number of points in each language (one, other): a hint's gain is said with its unit.
POINTS_WORD = {"en": ("point", "points"), "pt-BR": ("ponto", "pontos"), "ca": ("punt", "punts")}


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_tikal_reasons_gain_is_said_as_points(lang):
    """"Keeps action points for this turn (10 left; 3)": a bare number after a semicolon
    said nothing to a player. Every Tikal reason that shows its gain says it is points."""
    import re

    told = 0
    for key, template in catalog(lang).items():
        if not key.startswith("reason.tikal."):
            continue
        forms = template if isinstance(template, dict) else {"other": template}
        for plural, form in forms.items():
            if plural == "_n":
                continue
            unit = POINTS_WORD[lang][plural == "other"]
            for found in re.finditer(r"\{gain\}", form):
                assert re.match(rf" {unit}\b", form[found.end():]), (key, form)
                told += 1
            assert not re.search(r"; \{gain\}\)|\(\{gain\}", form), (key, form)
    assert told >= 10
    one = reason_text({"code": "tikal.figures_in_play", "params": {"gain": 0.98}}, lang)
    assert f" 1 {POINTS_WORD[lang][0]}" in one, one  # ("about 1 points" it said)


def test_a_tikal_placement_is_not_explained_by_the_turns_action_points():
    """Every placement brings the turn's 10 action points, so none is chosen for them:
    a placement hint said "Keeps action points for this turn (10 left; 3)"."""
    checked = 0
    for seed in range(4):
        state = load_game("tikal").new(2, seed)
        for hint in hints(state, 0, k=3):
            assert hint["notation"].startswith("place")
            assert all(reason["code"] != "tikal.action_points" for reason in hint["reasons"]), hint
            checked += 1
    assert checked


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_cartographers_reasons_gain_is_never_a_bare_number(lang):
    """"S'acosta a la moneda d'una muntanya (0,7)", "(1 ara; 4 en les puntuacions que
    queden)": a number alone in brackets said nothing; it is said as stars. The edict's
    too ("Works towards Treetower (6 stars now; 6 expected)")."""
    import re

    stars = {"en": ("star", "stars"), "pt-BR": ("estrela", "estrelas"),
             "ca": ("estrella", "estrelles")}[lang]
    told = 0
    for key, template in catalog(lang).items():
        if not key.startswith("reason.cartographers."):
            continue
        forms = template if isinstance(template, dict) else {"other": template}
        for plural, form in forms.items():
            # ("(6 stars now; 6 expected)": the edict's numbers after a semicolon, where
            # the other reasons say theirs in a sentence)
            assert not re.search(r"\([^)]*;", form), (key, form)
            if plural == "_n" or "{gain}" not in form:
                continue
            assert not re.search(r"\(\{gain\}|; \{gain\}\)", form), (key, form)
            assert re.search(rf"\{{gain\}} {stars[plural == 'other']}\b", form), (key, form)
            told += 1
    assert told >= 9
