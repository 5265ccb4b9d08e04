"""Words that read like a game: plural forms chosen by each language's own rules (in the
browser by Intl.PluralRules, on the server by `hints.plural_form`, which must agree), and
a hint's reason that speaks of the move it suggests."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from boardgamesbot.bots.explain import FIRST_STEP, hint
from boardgamesbot.engine import load_game, ranked_reasons
from boardgamesbot.hints import hints, plural_form, reason_text

from .helpers import open_lobby

# What a person reads for 0, 1 and 2 (1 and 2 only for counts that are never 0).
AP, POINTS, STARS, FIRST = (
    ("tikal.hint.actions", "n"),
    ("reason.tikal.points", "points"),
    ("reason.cartographers.stars_banked", "gain"),
    ("reason.bot.first_step", "n"),
)
EXPECTED = {
    "en": {
        AP: [
            "Your turn: 0 action points to spend",
            "Your turn: 1 action point to spend",
            "Your turn: 2 action points to spend",
        ],
        POINTS: ["Scores 0 points now.", "Scores 1 point now.", "Scores 2 points now."],
        STARS: ["Scores 0 stars now.", "Scores 1 star now.", "Scores 2 stars now."],
        FIRST: [
            None,
            "Opens the way for the next action of this turn, which pays off.",
            "Opens the way for the next 2 actions of this turn, which pay off.",
        ],
    },
    # Brazilian Portuguese counts none of a thing in the plural ("0 pontos"), where CLDR
    # (and Intl.PluralRules) put 0 with 1 ("0 ponto", which no one in Brazil writes)
    "pt-BR": {
        AP: [
            "Sua vez: 0 pontos de ação para gastar",
            "Sua vez: 1 ponto de ação para gastar",
            "Sua vez: 2 pontos de ação para gastar",
        ],
        POINTS: ["Marca 0 pontos agora.", "Marca 1 ponto agora.", "Marca 2 pontos agora."],
        STARS: ["Marca 0 estrelas agora.", "Marca 1 estrela agora.", "Marca 2 estrelas agora."],
        FIRST: [
            None,
            "Abre caminho para a próxima ação da sua vez, que rende.",
            "Abre caminho para as próximas 2 ações da sua vez, que rendem.",
        ],
    },
    "ca": {
        AP: [
            "Et toca: tens 0 punts d'acció per gastar",
            "Et toca: tens 1 punt d'acció per gastar",
            "Et toca: tens 2 punts d'acció per gastar",
        ],
        POINTS: ["Suma 0 punts ara.", "Suma 1 punt ara.", "Suma 2 punts ara."],
        STARS: ["Suma 0 estrelles ara.", "Suma 1 estrella ara.", "Suma 2 estrelles ara."],
        FIRST: [
            None,
            "Obre el camí a la pròxima acció d'aquest torn, que és la que rendeix.",
            "Obre el camí a les 2 pròximes accions d'aquest torn, que són les que rendeixen.",
        ],
    },
}

TRANSLATE = """([keys, counts]) => import('/faces.js').then(f => f.facesLoaded)
    .then(() => import('/i18n.js')).then(m => keys.map(([key, param]) =>
        counts.map(n => m.t(key, {[param]: n, card: 'X', stars: n, gain: n, points: n}))))"""


def test_plural_forms_in_each_language_in_the_browser_and_the_server(page, server):
    open_lobby(page, server)
    numbers = [0, 1, 2, 3, 1.5, 0.5, 11, 21, 100, 1000000, 2000000, -1]
    for lang, cases in EXPECTED.items():
        page.select_option("#lang-select", lang)
        keys = [list(key) for key in cases]
        got = page.evaluate(TRANSLATE, [keys, [0, 1, 2]])
        for (key, expected), texts in zip(cases.items(), got):
            for want, text in zip(expected, texts):
                if want is not None:
                    assert text == want, (lang, key)
        # the server's choice of form is the browser's, number for number: CLDR's, but for
        # zero in Portuguese
        browser = page.evaluate(
            "numbers => import('/i18n.js').then(m => numbers.map(m.pluralCategory))", numbers
        )
        cldr = page.evaluate(
            "([lang, numbers]) => numbers.map(n => new Intl.PluralRules(lang).select(n))",
            [lang, numbers],
        )
        assert [plural_form(lang, str(n)) for n in numbers] == browser, lang
        assert [form for n, form in zip(numbers, browser) if form != cldr[numbers.index(n)]] == (
            ["other"] if lang == "pt-BR" else []
        ), (lang, browser, cldr)
        # and a reason reads the same in the chat or the terminal as in the browser
        for points in (0, 1, 2):
            reason = {"code": "tikal.points", "params": {"points": points, "gain": points}}
            assert reason_text(reason, lang) == cases[POINTS][points]


def test_catalan_says_d_before_a_name_that_begins_with_a_vowel_sound_in_the_browser_too(
        page, server):
    """The browser's t() elides Catalan's "de" as the server's filler does
    (`wording.elide`): the same entry, the same names, the same words."""
    from boardgamesbot.games.wording import fill
    from boardgamesbot.web import catalog

    open_lobby(page, server)
    page.select_option("#lang-select", "ca")
    names = ["Ana", "Hug", "Ian", "Bob", '<a href="#">Ull</a>']
    said = page.evaluate("""(names) => import('/i18n.js').then(m =>
        names.map(name => m.t('pace.showing', {name, n: 1})))""", names)
    assert said[0] == "Es mostra la jugada d'Ana · en queda 1"
    assert said == [fill(catalog("ca")["pace.showing"], "ca", {"name": name, "n": 1})
                    for name in names]
    assert [s.split(" · ")[0] for s in said] == [
        "Es mostra la jugada d'Ana", "Es mostra la jugada d'Hug", "Es mostra la jugada de Ian",
        "Es mostra la jugada de Bob", 'Es mostra la jugada d\'<a href="#">Ull</a>']


def test_brazilian_portuguese_counts_zero_in_the_plural(page, server):
    """ "0 moeda" on a Cartographers sheet read wrong to a Brazilian (CLDR puts 0 with 1 in
    Portuguese): zero takes the plural in every catalog entry, in the browser and the
    server alike; one and a half keeps CLDR's singular, as do English and Catalan's 0."""
    open_lobby(page, server, "pt-BR")
    said = page.evaluate("""() => import('/faces.js').then(f => f.facesLoaded)
        .then(() => import('/i18n.js')).then(m => [0, 1, 2].map(n => m.t('carto.coins', {n})))""")
    assert said == ["0 moedas", "1 moeda", "2 moedas"]
    assert (
        reason_text({"code": "tikal.points", "params": {"points": 0, "gain": 0}}, "pt-BR")
        == "Marca 0 pontos agora."
    )
    assert [plural_form("pt-BR", n) for n in ("0", "1", "1.5", "2")] == [
        "other",
        "one",
        "one",
        "other",
    ]
    assert plural_form("ca", "0") == plural_form("en", "0") == "other"


# A hint's reason ---------------------------------------------------------------------------


def fake_heuristics():
    """Evaluation terms read off stand-in positions, reasons ranked as the games rank them."""

    def reasons(before, after, state, action, player):
        return ranked_reasons(
            before,
            after,
            lambda key, gain: {"code": f"fake.{key}", "params": {"gain": round(gain, 2)}},
            "fake.quiet",
        )

    return SimpleNamespace(evaluate_terms=lambda state, player: state.terms, reasons=reasons)


START = SimpleNamespace(terms={"points": 0.0, "temple": 0.0, "ap": 0.0})
PLAN_END = SimpleNamespace(terms={"points": 5.0, "temple": 1.0, "ap": -1.0})
LINE = ["move W A6 B5", "uncover B5", "uncover B5", "end"]


def test_a_hint_for_a_planned_turn_speaks_of_the_move_it_suggests():
    moved = SimpleNamespace(terms={"points": 0.0, "temple": 2.0, "ap": -0.2})
    entry = hint(fake_heuristics(), 0, LINE[0], 3.0, START, PLAN_END, line=LINE, step=moved)
    # the move itself strengthens the temple; the points come later in the turn
    assert entry["reasons"][0] == {"code": "fake.temple", "params": {"gain": 2.0}}
    assert "fake.points" not in [r["code"] for r in entry["reasons"]]
    assert entry["changes"] == {"temple": 2.0, "ap": -0.2}
    assert entry["line"] == LINE


def test_a_move_that_changes_nothing_by_itself_is_the_first_step_of_its_plan():
    moved = SimpleNamespace(terms={"points": 0.0, "temple": 0.01, "ap": -0.3})
    entry = hint(fake_heuristics(), 0, LINE[0], 3.0, START, PLAN_END, line=LINE, step=moved)
    assert entry["reasons"][0] == {"code": FIRST_STEP, "params": {"n": 3, "gain": 5.0}}
    assert [r["code"] for r in entry["reasons"][1:]] == ["fake.points", "fake.temple"]
    assert entry["changes"] == {"points": 5.0, "temple": 1.0, "ap": -1.0}
    # a plan that changes nothing either is simply quiet
    entry = hint(fake_heuristics(), 0, LINE[0], 3.0, START, START, line=LINE, step=moved)
    assert [r["code"] for r in entry["reasons"]] == ["fake.quiet"]
    # a single action (no plan) is explained by where it leads, as before
    entry = hint(fake_heuristics(), 0, "end", 3.0, START, PLAN_END)
    assert entry["reasons"][0]["code"] == "fake.points"


@pytest.mark.parametrize("seed", [5, 11])
def test_tikal_hints_name_the_suggested_move_in_every_language(seed):
    state = load_game("tikal").new(2, seed=seed)
    seat = state.current_players()[0]
    # through the first placement to a turn of actions, where the hard bot plans
    state.apply(seat, state.legal_actions(seat)[0])
    found = hints(state, seat, k=3)
    assert found
    for entry in found:
        first = entry["reason"]
        assert first == entry["reasons"][0]
        if first["code"] == FIRST_STEP:
            assert first["params"]["n"] == len(entry["line"]) - 1 and len(entry["reasons"]) > 1
        for lang in ("en", "pt-BR", "ca"):
            words = reason_text(first, lang)
            assert words and "?" not in words and "{" not in words, (lang, first)


# Moods: told in the log, asked for on a button, a question in a confirmation -----------

SAY = """([notation, info, name]) => import('/faces.js').then(f => f.facesLoaded)
    .then(() => Promise.all([import('/i18n.js'), import(`/games/${name}/${name}.js`)]))
    .then(([i18n, face]) => [face.describe(notation, info),
                             i18n.inMood('button', () => face.describe(notation, info)),
                             i18n.asQuestion(() => face.describe(notation, info))])"""

UNCOVER = {"type": "uncover", "cost": {"ap": 2}, "params": {"space": "B6"}}
END = {"type": "end", "cost": {}, "params": {}}
MOVE = {"type": "move", "cost": {"ap": 1}, "params": {"figure": "worker", "from": "A6", "to": "B5"}}
MOODS = {
    "en": {
        "uncover": [
            "uncovers a temple level on B6 (2 AP)",
            "Uncover a temple level on B6 (2 AP)",
            "Confirm: uncovers a temple level on B6 (2 AP)?",
        ],
        "end": ["ends the turn", "End the turn", "End your turn?"],
        "move": [
            "moves a worker A6 → B5 (1 AP)",
            "Move a worker A6 → B5 (1 AP)",
            "Confirm: moves a worker A6 → B5 (1 AP)?",
        ],
    },
    "pt-BR": {
        "uncover": [
            "escava um nível do templo em B6 (2 PA)",
            "Escavar um nível do templo em B6 (2 PA)",
            "Confirmar: escava um nível do templo em B6 (2 PA)?",
        ],
        "end": ["encerra a vez", "Encerrar a vez", "Encerrar a sua vez?"],
        "move": [
            "move um explorador A6 → B5 (1 PA)",
            "Mover um explorador A6 → B5 (1 PA)",
            "Confirmar: move um explorador A6 → B5 (1 PA)?",
        ],
    },
    "ca": {
        "uncover": [
            "excava un nivell del temple de B6 (2 PA)",
            "Excava un nivell del temple de B6 (2 PA)",
            "Confirmes: excava un nivell del temple de B6 (2 PA)?",
        ],
        "end": ["acaba el torn", "Acaba el torn", "Acabes el torn?"],
        "move": [
            "mou un explorador A6 → B5 (1 PA)",
            "Mou un explorador A6 → B5 (1 PA)",
            "Confirmes: mou un explorador A6 → B5 (1 PA)?",
        ],
    },
}


def test_an_action_is_told_in_the_log_asked_for_on_a_button_and_a_question_to_confirm(page, server):
    open_lobby(page, server)
    for lang, cases in MOODS.items():
        page.select_option("#lang-select", lang)
        for name, info in (("uncover", UNCOVER), ("end", END), ("move", MOVE)):
            got = page.evaluate(SAY, [name, info, "tikal"])
            assert got == cases[name], (lang, name)
        # plural forms hold in every mood
        bid = {"type": "bid", "cost": {}, "params": {"amount": 1}}
        told, button, question = page.evaluate(SAY, ["bid 1", bid, "tikal"])
        assert (told, button, question) == {
            "en": ("bids 1 point", "Bid 1 point", "Bid 1 point?"),
            "pt-BR": ("oferece 1 ponto", "Oferecer 1 ponto", "Oferecer 1 ponto?"),
            "ca": ("ofereix 1 punt", "Ofereix 1 punt", "Vols oferir 1 punt?"),
        }[lang]
        # A volcano is placed as the volcano (after the scoring round it began), in the log
        # as in a chat's story, not as the turn's tile
        volcano = {"type": "place", "cost": {}, "params": {"space": "C5", "rotation": 0,
                                                           "kind": "volcano", "letter": "B"}}
        told, button, _ = page.evaluate(SAY, ["place C5", volcano, "tikal"])
        tikal = load_game("tikal")
        assert (told, button) == (tikal.action_words(volcano, lang),
                                  tikal.action_words(volcano, lang, "button")), lang
        assert {"en": "volcano", "pt-BR": "vulcão", "ca": "volcà"}[lang] in told, told
        # Cartographers: the monster turned in words that agree with it, as the server says
        ambush = {"type": "ambush", "cost": {}, "params": {"orientation": "r90", "cell": "B9"}}
        told, _, _ = page.evaluate(SAY, ["ambush r90 B9", ambush, "cartographers"])
        assert told == load_game("cartographers").action_words(ambush, lang), lang
        assert {"en": "(turned 90°)", "pt-BR": "(girado 90°)", "ca": "(girat 90°)"}[lang] in told
        # mirrored with no turn is mirrored alone (not "girado 0°"), as the server says
        ambush["params"]["orientation"] = "f0"
        told, _, _ = page.evaluate(SAY, ["ambush f0 B9", ambush, "cartographers"])
        assert told == load_game("cartographers").action_words(ambush, lang), lang
        assert {"en": "(mirrored)", "pt-BR": "(espelhado)", "ca": "(reflectit)"}[lang] in told
        # Cartographers: every drawing is confirmed, so each has its question
        told, button, question = page.evaluate(
            SAY, ["pass", {"type": "pass", "cost": {}, "params": {}}, "cartographers"]
        )
        assert question.endswith((".", "?")) and not question.startswith(("Confirm", "Confirmar"))
        assert button[0].isupper() and told[0].islower()
