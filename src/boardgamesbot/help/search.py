"""Free questions about a game's rules, answered from its help page in the asker's language.

>>> from boardgamesbot.help.search import ask
>>> reply = ask("tikal", "posso passar por cima de um vulcao?", "pt-BR")
>>> "Vulcão" in reply.answers[0].text
True

Everything here is generic: the passages are the game's help page
(`boardgamesbot.help.passages`), and what a game adds — its vocabulary and
synonyms per language, which help passage each refusal rests on, and how
players ask about its passages — it declares in its package
(``Game.rules_knowledge`` and ``Game.rules_phrasings``, JSON files; see
`Knowledge`). No server and no model: a few hundred passages per game and
language are ranked with BM25 over stemmed, accent-folded words and the
game's terms.

BM25 is written out here (a dozen lines) rather than taken from ``bm25s`` or
SQLite FTS5 because both score every query word alike, and the words of a
question are not alike: a declared game term ("guard", "ambush") says more than
an ordinary word, and a word we had to guess from a typo says less.

"I don't know" is decided by *coverage*: the share of the question's weight
(its words' rarity in the page) that the best passage holds. A question whose
words the page hardly has gets the closest topics instead of a passage that
would only look like an answer.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rapidfuzz import process
from rapidfuzz.distance import OSA

from boardgamesbot.engine import LANGUAGES, GameError, known_games, load_game
from boardgamesbot.web import catalog

from .passages import Passage, passages
from .words import (
    ALLOWED,
    AS_MANY,
    INNER_WEIGHT,
    MINUS,
    NOT_WORD,
    POINTING,
    YES_NO_OPENERS,
    Terms,
    Words,
    accent_apart,
    asks_of_mine,
    asks_of_others,
    asks_purpose,
    asks_tie,
    asks_why,
    fold,
    how_it_works,
    in_phrases,
    is_number,
    known_in,
    language_of,
    names_by_object,
    purpose_asked,
    refers_back,
    says_able,
    says_no,
    says_not,
    says_others,
    says_strictly,
    says_yours,
    split,
    split_accented,
    vocabulary_of,
    why_not,
    yes_or_no,
)

__all__ = ["Answer", "Knowledge", "Reply", "RulesIndex", "ask", "knowledge", "language_asked"]

#: BM25's usual constants: term frequency saturation and length normalisation.
K1, B = 1.6, 0.5
#: How much a query word weighs: a declared game term, an ordinary word, a typo's guess.
TERM_WEIGHT, WORD_WEIGHT, GUESS_WEIGHT = 1.5, 1.0, 0.7
#: "Decision 3" (Decisão, Decisió) in a question: that numbered Decision is asked for.
DECISION_ASKED = re.compile(r"\bdecisi?(?:on|ao|o)\s*(\d+)")
#: How much a word of the headings above a passage counts, against one of its own.
CONTEXT_WEIGHT = 0.3
#: How much a word of a passage's own heading counts when the passage is titled by it (it opens
#: with no bold words of its own: "**Playing solo,** the game draws the monster…" under
#: "Ambushes") and its text does not hold that word: what the passage is about, said only once
#: above it ("ambush", "cilada"). Measured over every set at 0.6, 0.8 and 1.0 (docs/ask.md,
#: *Twenty-second pass*): 1.0 cost questions whose heading is a general word ("Scoring").
HEADING_WEIGHT = 0.8
#: How much a passage explaining what to type, or a note beside the rules (how the
#: tiles were reconstructed), counts against one stating a rule.
NOTATION_WEIGHT = 0.6
#: How much a table row counts against a paragraph (rows summarise; paragraphs explain).
ROW_WEIGHT = 0.85
#: How much a count key weighs ("how many volcanoes" and a passage's "3 volcanoes").
COUNT_WEIGHT = 1.0
#: How much a sentence saying no or setting a limit counts as the lead when the question asks
#: what a thing is for (`words.asks_purpose`): the limits on having one are no purpose.
PURPOSE_WEIGHT = 0.5
#: How much more a passage's own title words count (on top of being in its text): a
#: title says what the passage is about ("Final round", "Build a camp (5 AP)").
TITLE_WEIGHT = 0.5
#: How much a word of the players' phrasings of a passage counts (once, however many
#: phrasings hold it), against one of the passage's own: enough to bring the rule to a
#: question in the players' words ("keep my leftover AP"), not so much that a phrasing
#: outweighs a passage that says the asked thing in the rules' own words (set on the older
#: question sets: 0.3 answered 4 fewer first, 0.5 put "how many stones on each tile" below
#: the moving rule).
PHRASING_WEIGHT = 0.4
#: How much more a passage counts when the question's keys are exactly those of one of its
#: phrasings ("can I pass?" typed as players ask the rule on ending a turn early): a short
#: question has one or two words, and a longer passage that says them more often (the
#: auction's "pass") would otherwise come first.
PHRASED_WEIGHT = 1.5
#: Words that open a clause saying when ("… before I draw it"): the question asks what its
#: words before them say; the clause's words count this much.
#: (not "before time", "antes da hora", "abans d'hora": early, what is asked)
WHEN = frozenset({"before", "antes", "abans"})
EARLY = frozenset({"time", "hora", "temps"})
WHEN_WEIGHT = 0.5
#: How much a thing the question before named weighs in a question that stands for it by a
#: pronoun: part of what is asked (more than `words.INNER_WEIGHT`), less than a word typed.
CARRIED_WEIGHT = 0.75
#: (or right before one of the game's things by name: "for borderlands")
FOR_NAMED = frozenset({"for"})
#: Words that open a clause saying what the asked thing is for ("does an empty ruins space
#: count as filled for the Cauldrons"): a card or a rule it applies to, which the question
#: names as context; counted as a clause saying when.
#: (only before a determiner: "a treasure for one of the same kind" asks a swap; nor
#: Brazilian "pra" alone, also "to" and "dá pra", can)
FOR = frozenset({("for", "the"), "pros", "pras", ("para", "o"), ("para", "a"), ("para", "os"),
                 ("para", "as"), ("per", "a"), ("per", "al"), ("per", "als")})
#: How much more a sentence about other players' things counts in choosing the lead of a
#: question about theirs ("can other people still walk in" → "Other players' figures may stay
#: there and come and go", not the guard's "never moves again").
OTHERS_WEIGHT = 1.0
#: How much more a sentence saying a comparison is strict ("strictly greater") counts in
#: choosing the lead of a question about a tie ("same strength as blue, can I still guard?"):
#: "strictly" is the rule's answer to a tie, though it names none.
STRICT_WEIGHT = 1.0
#: The key of a passage that says what is (not, only) allowed, and how much a "why can't
#: I…" question (`words.WHY_NOT`) hints at it: a "#" key only ranks, it is not part of
#: what is asked.
ALLOWED_KEY = "#allowed"
WHY_NOT_WEIGHT = 1.0
#: How much an action said to be not done weighs (`words.NOT_DOING`), in a passage and in a
#: question: a hint that only ranks, as "#" keys do.
NOT_DOING_WEIGHT = 1.0
#: A question that quotes a refusal the game shows ("it says not next to the explored area,
#: why…", "diz que a peça deve se ligar à selva por um caminho de pedras"): it holds at least
#: `QUOTED_KEYS` of the refusal's keys, and this share of their weight (rarity in the page);
#: the passage the refusal rests on (``refusals`` in the game's knowledge) counts
#: `QUOTED_WEIGHT` more. The refusal names the rule in the app's words, not the page's.
QUOTED_SHARE = 0.5
QUOTED_KEYS = 3
#: A refusal held word for word is quoted when it is at least this many words long.
QUOTED_WORDS = 3
QUOTED_WEIGHT = 1.5
#: A long refusal is often retold in part ("it says not next to the explored area, why…" of
#: "A new tile goes next to the explored area, touching at least one tile already placed;
#: … touches none"): the question quotes it too when at least this many of its keys are
#: `QUOTED_MOSTLY` of the keys the question asks.
QUOTED_RETOLD = 5
QUOTED_MOSTLY = 0.7
#: A refusal's ``{name}`` (the space, the cells), filled in when it is shown.
PLACEHOLDER = re.compile(r"\{\w+\}")
#: How much a number inside a range a passage states ("20 to 29", "1–6") counts for it,
#: beside the numbers it writes: "a rating of 25" is the row "20 to 29".
RANGE_WEIGHT = 0.5
#: How much a negative number inside a range counts: the rules write no negative number but
#: in ranges (the solo ratings), so "-8" asked is surely that row's, as much as a word of it.
SIGNED_RANGE_WEIGHT = 1.0
#: A range this wide at most is read as the numbers in it ("1 to 100 players" is not).
RANGE_SPAN = 20
#: A range of numbers as rules write them: "20 to 29", "20 a 29", "1–6", "−5 to −1" (a sign
#: kept: a rating of -3 is in the last, not in "0 to 9").
RANGE = re.compile(r"(?<![\w−-])([−-]?\d+)\s*(?:to|a|–)\s*([−-]?\d+)\b")


def numbers_within(text: str) -> list[str]:
    """The numbers inside the ranges ``text`` states, as keys (signed, as `words.split` keeps
    them), ends excluded (a passage writes those itself)."""
    found: list[str] = []
    for low, high in RANGE.findall(fold(text).replace("−", MINUS)):
        if 0 < int(high) - int(low) <= RANGE_SPAN:
            found.extend(str(n) for n in range(int(low) + 1, int(high)))
    return found


#: A pointer to another part of the page ("(see Scoring)", "see below", "veja abaixo", "vegeu
#: Puntuació"): its "see" is the page's, not the rule's, so it is no key — "can I see the next
#: tile" asks what is visible, and "Drawing a volcano starts a scoring round first (see
#: Scoring)" says nothing about that.
CROSS_REFERENCE = re.compile(
    r"\b(?:see|veja|vegeu)\s+(?=(?:below|above|abaixo|acima|m[ée]s avall|m[ée]s amunt)\b"
    r"|[*A-ZÀ-Ý])")


#: How much a passage counts that is one sentence opening a list ("Every player scores stars:",
#: "Cada jogador marca estrelas:"): it says what the list's items are about, and none of what
#: they say; short, it outranked the item that answers ("cada moeda vale qto no fim da
#: estacao" is "+1 por moeda", not the list's opening). docs/ask.md, *Twenty-fifth pass*.
LEAD_IN_WEIGHT = 0.5


#: How much a passage naming a broader thing ("figure") counts for each of its kinds
#: ("worker", "leader") that it does not name itself: a rule about figures is a rule about
#: workers, but a passage that says "worker" says it more surely.
KIND_WEIGHT = 0.5
#: How much a passage stating only another choice's rules counts, in ranking after the
#: played game's first passage (`RulesIndex._played_first`), when it holds no asked word that
#: answer lacks and the question asks at most `FEW_ASKED` words: "com es guanya?" at a basic
#: table is the game's goal, not "es guanya la subhasta". (Demoted whatever the question's
#: length, one question of a held-out set fell a place: a longer question's words tell the
#: variant it asks about better than the table does. docs/ask.md, *Twenty-third pass*.)
OTHER_CHOICE_WEIGHT = 0.5
FEW_ASKED = 2
#: How much more a passage of an option's choice counts when the question names that choice
#: by one of its terms ("en la subhasta a l'última ronda…": the auction's final round, not the
#: basic game's final scoring round, which says the round's words as often)
CHOICE_NAMED_WEIGHT = 1.2
#: Below this share of the question's weight in the best passage, we do not know.
#: Set from questions that the rules do not answer (tests/ask: the off-topic set).
MIN_COVERAGE = 0.38
#: "I don't know" only when none of this many best passages answers (`_answers`).
ANSWERED_WITHIN = 3
#: How many answers a reply holds at most.
LIMIT = 5


@dataclass(frozen=True)
class Knowledge:
    """What a game declares for the rules search (its ``rules_knowledge`` JSON file).

    * ``terms``: ``{term: {lang: [names…]}}`` — the words players use for each
      thing of the game, per language ("worker": explorer, meeple, peão…);
    * ``verbs``: ``{term: {lang: [words…]}}`` — words that are this term read as a
      verb and another term's name read as a noun (Portuguese "andar": to walk, a
      move; "o andar": a temple level);
    * ``sections``: ``{section: {lang: title}}`` — help passages by a stable
      name, as the title each language's page gives them;
    * ``refusals``: ``{code: section}`` — the passage each refusal code of the
      engine rests on (for `why`, and for a question quoting the refusal: `QUOTED_WEIGHT`);
    * ``kinds``: ``{term: [terms…]}`` — a broader term of the rules and the terms it
      names ("figure": the worker and the leader): a passage about figures also answers a
      question about a worker (see `KIND_WEIGHT`);
    * ``phrasings``: ``{section: {lang: [questions…]}}`` — how players ask about a
      passage, in their words rather than the rules' ("can I keep my leftover AP?",
      "third guard?"), from the game's ``rules_phrasings`` file: words the passage
      does not say but answers;
    * ``leads``: ``{section: {lang: {phrasing: sentence}}}`` — from the same file, the
      sentence of the passage (its opening words) that answers one of its phrasings: a
      question asked as that phrasing leads with it (`RulesIndex.lead`).
    """

    terms: Mapping[str, Mapping[str, list[str]]] = field(default_factory=dict)
    verbs: Mapping[str, Mapping[str, list[str]]] = field(default_factory=dict)
    sections: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    refusals: Mapping[str, str] = field(default_factory=dict)
    phrasings: Mapping[str, Mapping[str, list[str]]] = field(default_factory=dict)
    kinds: Mapping[str, list[str]] = field(default_factory=dict)
    #: ``{section: {lang: {phrasing: sentence}}}`` — for a phrasing of that section (one of
    #: its ``phrasings``), the opening words of the passage's sentence that answers it: "what
    #: does a guard do" is answered by "…only you score it", not by the opening that says
    #: when you may place one, and a question of one term has no second word to choose by
    leads: Mapping[str, Mapping[str, Mapping[str, str]]] = field(default_factory=dict)
    #: ``{code: {lang: words}}`` — where the sentence of a refusal's rule that says the
    #: refusal opens, when another sentence of it shares more of the refusal's words ("You may
    #: pass only when the sheet has no empty space" is "Nobody passes while their sheet has an
    #: empty space", not Decision 6's opening, "… with no empty space left, simply passes"): a
    #: question asking why, quoting the refusal, leads with it, and `why` shows it first. The
    #: words may open a sentence or a clause inside one ("never covering a mountain", of a
    #: 197-character drawing rule), and end with " …" where the quote ends ("Pick one terrain
    #: and one shape shown on the card …"): the faces quote that much (`RulesIndex.refusal_quote`)
    refusal_leads: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: ``{code: {lang: [sentence…]}}`` — a refusal's earlier words, reworded since, that players
    #: still quote (a screenshot, a chat): read as that refusal too ("no hi cap cap forma",
    #: said "cap forma … no es pot dibuixar" since session 53)
    refusals_before: Mapping[str, Mapping[str, list[str]]] = field(default_factory=dict)
    #: ``{term: {lang: [word…]}}`` — the unit an amount of that term is counted in (a bid's
    #: "points"): said after the amount in a question ("can I bid 0 points?") it asks nothing
    #: more than the amount does, and is left out (`RulesIndex.query`); the rule that answers
    #: says "nobody bids 0", the one about a player "with 0 points" does not
    units: Mapping[str, Mapping[str, list[str]]] = field(default_factory=dict)
    #: ``{option: {choice: {lang: heading}}}`` — the help sections that hold the rules of one
    #: choice of a table option only (a variant's own rules), by their heading in each
    #: language's page: asked from a table playing another choice, their passages do not lead
    #: and are marked as the other variant's (`RulesIndex.ask`, ``options``)
    variants: Mapping[str, Mapping[str, Mapping[str, str]]] = field(default_factory=dict)
    #: ``{option: {choice: {"terms": [term…], "topic": {lang: words}}}}`` — what the rules of
    #: one choice alone are about: its ``terms`` (an auction variant's ``bid``, ``auction``), and
    #: how to name that topic in each language ("bidding", "dar lance", "fer ofertes"). A
    #: question naming one, asked from a table playing another choice, is told first that the
    #: table does not play it, and the choice's best passage answers (`Reply.aside`). Under
    #: ``"by_term"``, ``{term: {lang: words}}``, the topic named when the question names that
    #: term (the first so declared that it names): "the auction" for a question about the
    #: auction's passing, "bidding" for one about bids; ``topic`` for the others. Under
    #: ``"words"``, ``{lang: {term: [names…]}}``, names of its terms read so only where the
    #: choice is played or named (Catalan "puja", a bid; `RulesIndex.choice_words`)
    variant_terms: Mapping[str, Mapping[str, Mapping[str, Any]]] = field(
        default_factory=dict)
    #: ``{name: {lang: heading}}`` — the help sections on how a face is played (what a tap
    #: on the board does), not on the rules: read in the page, never an answer to a rules
    #: question, nor counted in how rare a word is (the words of taps and menus took the
    #: lead from the rules they share them with: "your figure", "one thing to do there")
    unsearched: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: ``{term: {"with": [term…], "without": [term…], "as": term}}`` — a verb read as another
    #: action by what it is done to: in a question naming one of ``with`` and none of
    #: ``without``, ``term`` is the ``as`` term (Portuguese "tirar", Catalan "treure" a tile is
    #: drawing it, but "tirar 3 tesouros do mesmo hexágono" is recovering treasures;
    #: `RulesIndex.query`). Questions only: the rules say each action with its own verb
    by_object: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


@cache
def knowledge(game: str) -> Knowledge:
    """The game's declared rules knowledge (empty when it declares none)."""
    declared = load_game(game)
    path, asked = declared.rules_knowledge, declared.rules_phrasings
    data = json.loads(path.read_text(encoding="utf-8")) if path is not None else {}
    players = json.loads(asked.read_text(encoding="utf-8")) if asked is not None else {}
    return Knowledge(terms=data.get("terms", {}), verbs=data.get("verbs", {}),
                     sections=data.get("sections", {}),
                     refusals=data.get("refusals", {}),
                     phrasings=players.get("phrasings", {}), kinds=data.get("kinds", {}),
                     leads=players.get("leads", {}),
                     refusal_leads=data.get("refusal_leads", {}),
                     refusals_before=data.get("refusals_before", {}),
                     units=data.get("units", {}),
                     variants=data.get("variants", {}),
                     variant_terms=data.get("variant_terms", {}),
                     unsearched=data.get("unsearched", {}),
                     by_object=data.get("by_object", {}))


#: Where a passage's text may end a sentence: after a full stop, a question or exclamation
#: mark (a closing bracket or quote may follow). Not at a colon or semicolon: "(a tie
#: scores for nobody: …): its current value" is one rule. (`sentences_of` keeps together what
#: goes on in lower case: "e.g. a camp".)
SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][)\"”»]))\s+")
#: A question opening with a condition up to its first comma ("if i take a volcano, is my
#: amulet flipped"): what it supposes, then what it asks (`RulesIndex._supposed`).
SUPPOSING = {lang: re.compile(rf"\s*{word}\s+([^,;:]+)[,;:]\s*(\S.*)")
             for lang, word in (("en", "if"), ("pt-BR", "se"), ("ca", "si"))}
#: How much a word only the condition says counts in choosing the lead (`RulesIndex.lead`).
SUPPOSED_WEIGHT = 0.5
#: How many words before an amount may name the term whose unit follows it (`Knowledge.units`:
#: "oferir 0 punts", "dar um lance de 0 pontos").
UNIT_REACH = 3
#: How much a word pointing to a place counts in choosing a lead (`words.POINTING`); in the
#: ranking, nothing.
POINTING_WEIGHT = 0.5
#: A lead is at most this long with its second sentence (a phone's first lines).
LEAD_PAIR = 200
#: How much a word of the passage's own title counts in choosing its lead: the question
#: names the passage's topic ("guard"), the lead is what it says about it.
LEAD_TITLE_WEIGHT = 0.5
#: How much of a passage a phone shows in its first lines (characters): an opening ending past
#: them leads from its clause that answers, when that clause is not the first.
FIRST_LINES = 160
#: A lead sentence longer than this (characters) starts at its clause that answers: on a
#: phone "… never covering a mountain, a wasteland or anything drawn before." is read, the
#: end of "Pick one terrain and one shape shown on the card, turn and/or flip…" is not.
LEAD_CLAUSES = 150
#: How much more a sentence addressing the reader's own things ("your") counts in choosing
#: the lead of a question about the asker's own ("my"): see `RulesIndex.lead`.
MINE_WEIGHT = 0.5
#: A passage of one sentence up to this long (characters) is read whole in a phone's first
#: lines, so it needs no lead; a longer one leads from its clause that answers. (At 160, "…
#: so that the new space is connected by a path" led a 171-character rule whose answer, "must
#: have a stone", was its start.)
READ_WHOLE = 180
#: How much more a sentence that says no or sets a limit ("Nobody ever enters a volcano",
#: "At most two levels per temple per turn") counts in choosing the lead of a yes-or-no
#: question ("can I…?"): the answer is the rule's verdict, often "no".
VERDICT_WEIGHT = 1.0


def sentences_of(text: str) -> list[str]:
    """``text``'s sentences: cut where one may end and the next opens as a sentence does
    (a capital, a digit, a bracket or a quote)."""
    sentences: list[str] = []
    for part in SENTENCE_END.split(text):
        if sentences and part and not (part[0].isupper() or part[0].isdigit()
                                       or part[0] in "\"“«(¡¿"):
            sentences[-1] += " " + part
        elif part:
            sentences.append(part)
    return sentences


def without_title(text: str, title: str) -> str:
    """``text`` without the bold title it opens with ("Build a camp (5 AP). Put one…");
    the same text when it does not open with one followed by "." or ":"."""
    if text.startswith(title) and text[len(title):len(title) + 1] in (".", ":"):
        return text[len(title) + 1:].lstrip() or text
    return text


@dataclass(frozen=True)
class _Cut:
    """A passage's sentences with their keys; each key's rarity among them (see
    `RulesIndex.lead`) and each sentence's length norm."""

    sentences: tuple[tuple[str, frozenset[str]], ...]
    rarity: dict[str, float]
    norms: tuple[float, ...]
    #: whether each sentence says no or sets a limit (`words.says_no`)
    verdicts: tuple[bool, ...] = ()
    #: each sentence's keys as written, without the kinds of the broader terms it names
    #: (what may join a second sentence to the lead: "figures never block you" adds no
    #: worker to "can my explorer walk into a volcano")
    written: tuple[frozenset[str], ...] = ()
    #: whether each sentence addresses the reader's own things (`words.says_yours`)
    yours: tuple[bool, ...] = ()
    #: whether each sentence after the opening says something of other players'
    #: (`words.says_others`; the opening's "every other player's strength" only compares)
    theirs: tuple[bool, ...] = ()
    #: whether each sentence says a comparison is strict (`words.says_strictly`)
    strict: tuple[bool, ...] = ()


def _led_by(first: tuple[float, float, int], rest: list[tuple[float, float, int]]
            ) -> list[tuple[float, float, int]]:
    """``first`` then ``rest``, each scoring what its place says: a passage put first (the game
    played, a refusal's rule, the choice asked about) scores at least the best of the rest, so
    a face or a client never shows a later answer scoring higher than the first ("Answer.score"
    is the order's, not the words' alone)."""
    top = max((entry[0] for entry in rest), default=first[0])
    return [(max(first[0], top), *first[1:]), *rest]


@dataclass(frozen=True)
class Answer:
    title: str
    text: str
    source: str
    score: float
    passage: int  # the passage's id (``data-passage`` in the annotated HTML)
    #: the sentence (or two) of the passage that best answers the question, for a face to
    #: show first; empty when that is the passage's opening (shown first anyway)
    lead: str = ""
    #: when asked from a table playing another choice of an option, the name (in the reply's
    #: language) of the choice whose rules alone this passage states ("auction variant"): a
    #: face marks the answer with it; empty for a rule of the game being played
    variant: str = ""

    @property
    def body(self) -> str:
        """The text without the bold title it opens with ("Build a camp (5 AP). Put one…"),
        for a face that shows the title above it; a table row keeps its cells
        ("Camp-to-camp move — 1 — …")."""
        return without_title(self.text, self.title)

    def as_dict(self) -> dict[str, Any]:
        return {"title": self.title, "text": self.text, "source": self.source,
                "score": round(self.score, 3), "passage": self.passage, "lead": self.lead,
                "variant": self.variant}


@dataclass(frozen=True)
class Reply:
    """The answers to one question, best first; none, with the closest topics, if unknown."""

    game: str
    lang: str
    question: str
    answers: tuple[Answer, ...]
    topics: tuple[str, ...]
    #: the question whose things this one asks about: itself, or the one asked before it
    #: when it names none and stands for them by a pronoun ("e ele pode ficar lá?")
    about: str = ""
    #: with no answer, the question's words (as typed) that the rules never use, nor a word
    #: one slip away: what a face names so the asker can say it otherwise ("tallar", to cut)
    unknown: tuple[str, ...] = ()
    #: asked from a table about what only another choice of its options has ("can I bid 0?"
    #: at a table without the auction), the sentence that says so, for a face to show first: "This
    #: table plays the basic game: bidding is part of the auction variant."; empty otherwise
    aside: str = ""

    @property
    def known(self) -> bool:
        return bool(self.answers)

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "lang": self.lang, "question": self.question,
                "answers": [answer.as_dict() for answer in self.answers],
                "topics": list(self.topics), "about": self.about or self.question,
                "unknown": list(self.unknown), "aside": self.aside}


class RulesIndex:
    """One game's help page in one language, ready to answer questions."""

    def __init__(self, game: str, lang: str) -> None:
        self.game, self.lang = game, lang
        self.knowledge = knowledge(game)
        game_object = load_game(game)
        # The game's own name says nothing about which rule is asked ("tie breaker in
        # GAME?"): its titles in every language are little words here.
        names = {word for title in (game, *game_object.titles.values()) for word in split(title)}
        self.words = Words(lang, Terms.declared(lang, self.knowledge.terms,
                                                self.knowledge.verbs), names, game)
        self.passages: tuple[Passage, ...] = passages(game_object.help_page(lang))
        #: the option and choice whose rules alone a passage states (`Knowledge.variants`),
        #: by the heading it is under; a game naming a heading its page lacks is refused here
        self.variant_of: dict[int, tuple[str, str]] = {}
        for option, choices in self.knowledge.variants.items():
            for choice, headings in choices.items():
                heading = headings.get(lang)
                under = [p.id for p in self.passages if heading in p.section]
                if not under:
                    raise GameError(f"{game}: no section {heading!r} in the {lang} rules "
                                    f"(the rules of {option}={choice})",
                                    code="unknown_section", section=heading)
                self.variant_of.update((at, (option, choice)) for at in under)
        #: each option's choices by their names in this language ("auction variant")
        self.choice_names = {option.name: {**option.labels.get("en", {}),
                                           **option.labels.get(lang, {})}
                             for option in game_object.options}
        #: what each option's choice alone is about (`Knowledge.variant_terms`): its terms'
        #: keys, and its topic's name in this language
        self.choice_topics: dict[tuple[str, str], tuple[frozenset[str], str]] = {
            (option, choice): (frozenset(f"§{term}" for term in about.get("terms", ())),
                               about.get("topic", {}).get(lang, ""))
            for option, choices in self.knowledge.variant_terms.items()
            for choice, about in choices.items()}
        #: each choice's topics by the term asked about (`Knowledge.variant_terms`' ``by_term``),
        #: as (key, topic) in the order declared, the more particular first: "can I pass in the
        #: auction?" is told "the auction", not "bidding", is the variant's
        self.term_topics: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {
            (option, choice): tuple((f"§{term}", named[lang])
                                    for term, named in about.get("by_term", {}).items()
                                    if named.get(lang))
            for option, choices in self.knowledge.variant_terms.items()
            for choice, about in choices.items()}
        # (a topic for a term the choice is not about would never be said, nor one for a term
        # the game does not declare: a slip in the declaration, refused here)
        for (option, choice), (keys, _) in self.choice_topics.items():
            for key, _ in self.term_topics[option, choice]:
                if key not in keys or key[1:] not in self.knowledge.terms:
                    raise GameError(f"{game}: {key[1:]!r} has a topic under {option}={choice} "
                                    "but is not one of its declared terms",
                                    code="unknown_section", section=key[1:])
        #: each option at its default: what a question asked of no table is taken to play,
        #: unless it names what only another choice has (`RulesIndex.ask`)
        self.defaults = game_object.check_options({})
        #: the words a choice's own terms are named by only where that choice is played or
        #: named (`Knowledge.variant_terms`' ``words``: Catalan "puja", a bid at an auction,
        #: but the page's "el seu valor puja", a temple rising, elsewhere), as the `Words`
        #: that read them so; the page is always read without them
        self.choice_words: dict[tuple[str, str], Words] = {}
        for option, told in self.knowledge.variant_terms.items():
            for choice, about_choice in told.items():
                named: Mapping[str, list[str]] = about_choice.get("words", {}).get(lang, {})
                for term in named:
                    if term not in about_choice.get("terms", ()):
                        raise GameError(f"{game}: {term!r} has words under {option}={choice} "
                                        "but is not one of its declared terms",
                                        code="unknown_section", section=term)
                if named:
                    # (the choice's word is its term's there, not another's: "pujar l'oferta" at
                    # an auction raises a bid, though "pujar" is a temple rising elsewhere)
                    chosen = {fold(word) for words in named.values() for word in words}
                    terms = {term: {**by_lang, lang: [
                        *(name for name in by_lang.get(lang, ())
                          if term in named or fold(name) not in chosen),
                        *named.get(term, ())]}
                        for term, by_lang in self.knowledge.terms.items()}
                    self.choice_words[option, choice] = Words(
                        lang, Terms.declared(lang, terms, self.knowledge.verbs), names, game)
        # A passage's own words count fully; the headings above it only give context
        # (a third): every passage of the section shares them.
        self.keys: list[dict[str, float]] = []
        self.lengths: list[int] = []
        #: each passage's own title keys ("Hamlet", "Lugarejo"): what it is about
        self.titles: list[frozenset[str]] = []
        #: each passage's numbers inside the ranges it states (`numbers_within`)
        self.ranged: list[frozenset[str]] = []
        #: for a table row stating a range, the keys of what its range counts (its column's
        #: name: "AP", "rating"), and the game's things its other cells name (what the range is
        #: counted from: "the stones on the two facing sides"); empty for any other passage
        self.range_counts: list[frozenset[str]] = []
        self.range_from: list[frozenset[str]] = []
        left_out = {by_lang[lang] for by_lang in self.knowledge.unsearched.values()
                    if lang in by_lang}
        for heading in left_out - {h for p in self.passages for h in p.section}:
            raise GameError(f"{game}: no section {heading!r} in the {lang} rules (declared "
                            "unsearched)", code="unknown_section", section=heading)
        #: whether each passage is searched (not under an `Knowledge.unsearched` heading)
        self.searched = [not left_out.intersection(p.section) for p in self.passages]
        #: whether each passage is a list's opening alone (`LEAD_IN_WEIGHT`)
        self.lead_ins = [p.text.rstrip().endswith(":") and len(sentences_of(p.text)) == 1
                         for p in self.passages]
        for p, searched in zip(self.passages, self.searched, strict=True):
            if not searched:  # (no key: it scores nothing, and no word is rarer for it)
                self.keys.append({})
                self.lengths.append(0)
                self.titles.append(frozenset())
                self.ranged.append(frozenset())
                self.range_counts.append(frozenset())
                self.range_from.append(frozenset())
                continue
            # (a table row's column names are as much its words as its cells)
            own = self._counted(f"{p.text} {p.context}")
            if p.decision is not None:  # "decision 3" asks for this one by its number
                own[f"§decision{p.decision}"] += 2
            elif p.text.startswith(p.title):  # its own bold opening words, not a heading
                for key, count in self._counted(p.title).items():
                    own[key] += TITLE_WEIGHT * count
            self.titles.append(frozenset(self.words.keys(p.title))
                               if p.text.startswith(p.title) else frozenset())
            context = self._counted(" ".join(p.section))
            if p.section and p.title == p.section[-1] and not p.text.startswith(p.title):
                for key, count in self._counted(p.title).items():
                    if key not in own:  # (then it counts HEADING_WEIGHT, not CONTEXT_WEIGHT)
                        context[key] += (HEADING_WEIGHT / CONTEXT_WEIGHT - 1) * count
            self.lengths.append(round(sum(own.values())))  # (the rules' own words)
            self._add_kinds(own)
            ranged = numbers_within(p.text)
            self.ranged.append(frozenset(ranged))
            self.range_counts.append(frozenset(
                key for column, cell in p.cells if numbers_within(cell)
                for key in self.words.keys(column)))
            self.range_from.append(frozenset(
                key for column, cell in p.cells if ranged and not numbers_within(cell)
                for key in self.words.keys(cell) if key.startswith("§")))
            for number in ranged:  # ("20 to 29" holds a rating of 25)
                own.setdefault(number, SIGNED_RANGE_WEIGHT if number.startswith(MINUS)
                               else RANGE_WEIGHT)
            allowed = sum(own.get(key, 0) for key in self.words.keys(ALLOWED[lang]))
            if allowed:  # (what a "why can't I…" question hints at)
                own[ALLOWED_KEY] = allowed
            for key in self.words.negated(p.text):  # ("sem gastar": see `words.NOT_DOING`)
                own[key] = NOT_DOING_WEIGHT
            self.keys.append({key: own.get(key, 0) + CONTEXT_WEIGHT * context.get(key, 0)
                              for key in own.keys() | context.keys()})
        #: each passage's keys that players' phrasings of it hold (`_add_phrasings`): a word
        #: players ask this very passage with ("can I pass?"), as sure as its title's
        self.asked: list[frozenset[str]] = [frozenset()] * len(self.passages)
        #: each passage's phrasings, each as its keys (see `PHRASED_WEIGHT`)
        self.phrased: dict[frozenset[str], set[int]] = defaultdict(set)
        #: the sentence (its index among the passage's) that answers a phrasing, by the
        #: phrasing's keys and the passage (see `Knowledge.leads`)
        self.phrased_leads: dict[tuple[frozenset[str], int], int] = {}
        self._cuts: dict[int, _Cut] = {}
        #: the key of the language's "not": in a yes-or-no question ("não dá pra fazer 2?",
        #: "can't I…") it is how the question is asked, not a word of the answer
        self.negation = frozenset(self.words.keys(NOT_WORD[lang]))
        self._add_phrasings()
        #: each refusal the game shows in this language, as its keys, with the passage it
        #: rests on (see `QUOTED_WEIGHT`)
        self.refusal_codes: list[str] = []  # (each refusal's code, as `refusals` lists them)
        self.refusals = self._refusals(game_object.words(lang))
        #: each refusal's words as the faces print them (its longest stretch between two
        #: ``{name}``s), with its passage and code: a question holding them word for word
        #: quotes it, though it has too few keys to be told by them ("Aquest temple té
        #: guardià.", `_quoted_verbatim`)
        self.refusal_words = self._refusal_words(game_object.words(lang))
        #: the words of a refusal's rule that say it, as the faces quote them, by its code
        self.refusal_leads = {
            code: self.refusal_quote(passage, by_lang[lang])
            for code, by_lang in self.knowledge.refusal_leads.items() if lang in by_lang
            for passage in [self.passage(self._section_of(code)).id]}
        self.average = sum(self.lengths) / max(1, sum(self.searched))
        document_frequency = Counter(key for keys in self.keys for key in keys)
        count = sum(self.searched)
        self.idf = {key: math.log(1 + (count - df + 0.5) / (df + 0.5))
                    for key, df in document_frequency.items()}
        self.unseen_idf = math.log(1 + (count + 0.5) / 0.5)
        self.not_keys = frozenset(self.words.keys(NOT_WORD[lang]))  # (the language's "not")
        self.stems = sorted(key for key in self.idf if not key.startswith("§"))
        # Words a question may be corrected towards: the page's, and every term name.
        written = [f"{p.title} {p.text}"
                   for p, searched in zip(self.passages, self.searched, strict=True) if searched]
        written += [name for named in self.knowledge.terms.values()
                    for name in named.get(lang, ())]
        # ("leftover" is no slip for a page word)
        written += [phrasing for asked in self.knowledge.phrasings.values()
                    for phrasing in asked.get(lang, ())]
        known: set[str] = set()
        #: each known word's spellings with their accents: a word typed with an accent that
        #: none of them has there is another word, not a slip ("lícit" is not "licita")
        self.spellings: defaultdict[str, set[str]] = defaultdict(set)
        for text in written:
            plain, typed = split(text), split_accented(text)
            known.update(plain)
            for word, spelled in zip(plain, typed if len(typed) == len(plain) else plain):
                self.spellings[word].add(spelled)
        # (never towards a little word: "world" is not a slip for "would")
        self.known_words = sorted(word for word in known
                                  if len(word) >= 4 and word not in self.words.stop_words)
        self.known_set = set(known)

    def _add_phrasings(self) -> None:
        """The players' phrasings of a passage, indexed as more of its words: only the keys
        it does not have (what it answers without saying: "keep", "leftover", "third"; more
        of a word it says would lift it for every question with that word, "volcano" or
        "stone"), each once at `PHRASING_WEIGHT` however many phrasings hold it, and not in
        its length (the rules' own words are what BM25 normalises)."""
        for section, by_lang in self.knowledge.phrasings.items():
            asked = by_lang.get(self.lang, ())
            if not asked:
                continue
            passage = self.passage(section).id
            keys = self.keys[passage]
            added: dict[str, float] = {}
            for phrasing in asked:
                weighted = self.words.weighted(phrasing)
                for key, weight in weighted:
                    added[key] = max(added.get(key, 0.0), weight)
                self.phrased[frozenset(key for key, weight in weighted
                                       if self._asks(key, weight))].add(passage)
            self.asked[passage] = self.asked[passage] | {
                key for key, weight in added.items() if weight == 1.0}
            for phrasing, opening in self.knowledge.leads.get(section, {}).get(
                    self.lang, {}).items():
                self.phrased_leads[self._asked_keys(phrasing), passage] = self._sentence_at(
                    passage, phrasing, opening)
            for key, weight in added.items():
                if key not in keys:
                    keys[key] = PHRASING_WEIGHT * weight

    def _refusals(self, said: Mapping[str, Any]) -> list[tuple[frozenset[str], int]]:
        """The game's refusal sentences in this language (its ``error.CODE`` words), each as
        its keys that ask, with the passage its code rests on (for a code resting on one
        passage per action kind, the one for the rest, ``"*"``)."""
        found: list[tuple[frozenset[str], int]] = []
        for code, sentence, section in self._refusal_sentences(said):
            keys = self._asked_keys(PLACEHOLDER.sub(" ", sentence))
            if len(keys) >= QUOTED_KEYS:
                found.append((keys, self.passage(section).id))
                self.refusal_codes.append(code)
        return found

    def _refusal_sentences(self, said: Mapping[str, Any]) -> list[tuple[str, str, str]]:
        """Each refusal's code, sentence in this language and section: its words now, then
        any earlier words players still quote (`Knowledge.refusals_before`)."""
        found: list[tuple[str, str, str]] = []
        for code in self.knowledge.refusals:
            sentence, section = said.get(f"error.{code}"), self._section_of(code)
            if not section:
                continue
            before = self.knowledge.refusals_before.get(code, {}).get(self.lang, [])
            found.extend((code, one, section) for one in [sentence, *before]
                         if isinstance(one, str))
        return found

    def _refusal_words(self, said: Mapping[str, Any]) -> list[tuple[str, int, str]]:
        found: list[tuple[str, int, str]] = []
        for code, sentence, section in self._refusal_sentences(said):
            words = max((" ".join(split(part)) for part in PLACEHOLDER.split(sentence)), key=len)
            if len(words.split()) >= QUOTED_WORDS:
                found.append((words, self.passage(section).id, code))
        return found

    def _quoted_verbatim(self, question: str) -> tuple[int, str] | None:
        """The passage and code of the refusal whose words the question holds word for word
        (the longest, when several), or None."""
        said = f" {' '.join(split(question))} "
        held = [(len(words), passage, code) for words, passage, code in self.refusal_words
                if f" {words} " in said]
        return max(held)[1:] if held else None

    def _section_of(self, code: str) -> str:
        """The section a refusal code rests on (for one resting on one passage per action
        kind, the one for the rest, ``"*"``); empty when none."""
        section = self.knowledge.refusals.get(code, "")
        if isinstance(section, Mapping):
            section = section.get("*", "")
        return section if isinstance(section, str) else ""

    def _quoted(self, asked: frozenset[str]) -> tuple[int, str] | None:
        """The passage a refusal quoted in the question rests on (see `QUOTED_WEIGHT`), and
        the refusal's code: the refusal holding most of its own weight among the question's
        keys, and of two holding all of theirs, the longer: the question saying more of it
        ("Un sol quadrat només es permet quan no hi cap cap forma de la carta" holds all of
        the shorter "Aquesta forma no és a la carta" as well)."""
        best, share, size = None, QUOTED_SHARE, 0
        for (keys, passage), code in zip(self.refusals, self.refusal_codes, strict=True):
            shared = asked & keys
            if len(shared) < QUOTED_KEYS:
                continue
            # (a word of the refusal the page never says weighs as much in what the question
            # holds as in what the refusal says: it is the app's word, surely quoted —
            # "veïns" of "Aquests espais no són veïns", where the page says "veí")
            # (summed exactly: a set's order follows the interpreter's string hashes, and a
            # refusal quoted whole held 0.9999999999999999 of itself under some of them —
            # then a shorter refusal it holds too, at 1.0, was taken for it)
            held = math.fsum(self.idf.get(key, self.unseen_idf) for key in shared) / math.fsum(
                self.idf.get(key, self.unseen_idf) for key in keys)
            # (a long refusal retold in part: most of what is asked is its words)
            if len(shared) >= QUOTED_RETOLD and len(shared) >= QUOTED_MOSTLY * len(asked):
                held = max(held, QUOTED_SHARE)
            if held > share or (held == share and len(shared) >= size):
                best, share, size = (passage, code), held, len(shared)
        return best

    def refusal_sentence(self, code: str, passage: int) -> str:
        """The words of passage ``passage`` that its game names as saying refusal ``code``
        (`Knowledge.refusal_leads`: "If neither side has a stone, there is no path that way",
        not the moving rule's opening), as `refusal_quote` cuts them; empty when it names
        none there."""
        quote = self.refusal_leads.get(code)
        if quote is None or self.passage(self._section_of(code)).id != passage:
            return ""
        return quote

    def refusal_quote(self, passage: int, declared: str) -> str:
        """The words of passage ``passage`` that a game declares as saying a refusal
        (`Knowledge.refusal_leads`), as a face quotes them under the refusal: from where they
        open — a sentence, or words inside one after "… " — to where they end with " …",
        else to the sentence's end. A quote still longer than `LEAD_CLAUSES` ends at its last
        clause that fits, then " …": under a refusal a phone shows the sentence that says
        why, and the whole rule is a tap or a 'why' away. Words the passage lacks are refused
        when the index is built."""
        words, ended, _ = declared.partition(" …")
        for sentence, _keys in self._cut(passage).sentences:
            at = sentence.find(words)
            if at < 0 or (at and sentence[at - 1] != " "):
                continue  # (a quote opens on a word)
            quote = words if ended else sentence[at:]
            if not ended and len(quote) > LEAD_CLAUSES:
                fits = max(quote.rfind(", ", 0, LEAD_CLAUSES), quote.rfind("; ", 0, LEAD_CLAUSES))
                quote, ended = (quote[:fits], " …") if fits > 0 else (quote, "")
            return ("… " if at else "") + quote + ended
        raise GameError(f"{self.game}: no sentence or clause of {self.passages[passage].title!r} "
                        f"opens with {words!r} (a refusal's lead)", code="unknown_section",
                        section=words)

    def _asked_keys(self, text: str) -> frozenset[str]:
        """The keys of ``text`` that ask (not a word inside a term's name, see `_asks`)."""
        return frozenset(key for key, weight in self.words.weighted(text)
                         if self._asks(key, weight))

    def _sentence_at(self, index: int, phrasing: str, opening: str) -> int:
        """Which sentence of passage ``index`` opens with ``opening`` (a phrasing's lead);
        a game naming one its passage does not have is refused when the index is built."""
        for at, (sentence, _) in enumerate(self._cut(index).sentences):
            if sentence.startswith(opening):
                return at
        raise GameError(f"{self.game}: no sentence of {self.passages[index].title!r} opens with "
                        f"{opening!r} (the lead of {phrasing!r})", code="unknown_section",
                        section=opening)

    def _add_kinds(self, counted: defaultdict[str, float]) -> None:
        """Each kind of a broader term that ``counted`` holds, at `KIND_WEIGHT` of it,
        unless named itself: "You need no figure there" answers "do I need a worker
        there"."""
        for broader, kinds in self.knowledge.kinds.items():
            found = counted.get("§" + broader)
            if found:
                for kind in kinds:
                    if "§" + kind not in counted:
                        counted["§" + kind] = KIND_WEIGHT * found

    def _counted(self, text: str) -> defaultdict[str, float]:
        """The keys of ``text`` counted, a word inside a term's name at its lesser weight."""
        counted: defaultdict[str, float] = defaultdict(float)
        keys = self.words.weighted(CROSS_REFERENCE.sub("", text))
        for key, weight in keys:
            counted[key] += weight
        for key in self.words.counts(keys):  # "3 volcanoes": a count of volcanoes
            counted[key] += 1
        many = self.words.counted(text, AS_MANY)  # ("as many tiles as there are players")
        if many is not None:
            counted[many] += 1
        return counted

    def _kinded(self, text: str) -> defaultdict[str, float]:
        """The keys of ``text`` counted, with the kinds of the broader terms it names."""
        counted = self._counted(text)
        self._add_kinds(counted)
        return counted

    def _corrected(self, words: list[str], accented: list[str] | None = None
                   ) -> tuple[list[str], set[str]]:
        """The question's words with typos put right; and which words are guesses. With the
        words as typed (``accented``), never towards a word every spelling of which lacks an
        accent typed ("lícit", allowed, is no slip for "licita", bids)."""
        fixed: list[str] = []
        guesses: set[str] = set()
        if accented is None or len(accented) != len(words):
            accented = words
        phrased = in_phrases(words, self.lang)
        for at, (word, typed) in enumerate(zip(words, accented, strict=True)):
            if (len(word) < 4 or is_number(word) or word in self.known_set
                    or word in self.words.stop_words or at in phrased
                    or any(key in self.idf or key.startswith("§")
                           for key in self.words.keys([word]))):
                fixed.append(word)
                continue
            # one slip, or two in a long word; people rarely miss the first letter (two
            # letters swapped are one slip: "playres")
            found = process.extractOne(
                word, [w for w in self.known_words if w[0] == word[0] and (typed == word or not all(
                    accent_apart(typed, spelled, self.lang) for spelled in self.spellings[w]))],
                scorer=OSA.distance, score_cutoff=1 if len(word) < 8 else 2)
            if found is None:
                fixed.append(word)
            else:
                fixed.append(found[0])
                guesses.add(found[0])
        return fixed, guesses

    def query(self, question: str, before: str | None = None,
              choice: tuple[str, str] | None = None) -> dict[str, float]:
        """The question's keys with their weights. A question naming none of the game's things
        and standing for one by a pronoun ("e ele pode ficar lá?") asks about the things the
        question ``before`` it named (in a chat, the one asked just before), at
        `CARRIED_WEIGHT`. Asked where an option's ``choice`` is played or named, its own words
        are read as its terms (`choice_words`)."""
        reading = self.choice_words.get(choice, self.words) if choice else self.words
        folded = split(question)
        accented = split_accented(question)
        # ("how does the auction work": what it asks is "the auction")
        working = how_it_works(folded, self.lang)
        if working is not None:
            folded = folded[:working] + folded[working + 1:]
            if len(accented) == len(folded) + 1:
                accented = accented[:working] + accented[working + 1:]
        # ("wats the point of building a camp": what it asks about is building a camp)
        purpose = purpose_asked(folded, self.lang)
        if purpose:
            kept = [at for at in range(len(folded)) if at not in purpose]
            if len(accented) == len(folded):
                accented = [accented[at] for at in kept]
            folded = [folded[at] for at in kept]
        words, guesses = self._corrected(folded, accented)
        # (the lemmas' dictionaries are written with accents: keep those typed)
        if len(accented) == len(folded):
            accented = [typed if fixed == plain else fixed
                        for typed, plain, fixed in zip(accented, folded, words)]
        guessed_keys = set(self.words.keys(sorted(guesses))) if guesses else set()
        weights: dict[str, float] = {f"§decision{number}": TERM_WEIGHT
                                     for number in DECISION_ASKED.findall(fold(question))}
        words, accented = self._without_units(words, accented)
        when = next((at for at, word in enumerate(words) if at >= 3 and (
            (word in WHEN and not EARLY & set(words[at + 1:at + 3]))
            or word in FOR or tuple(words[at:at + 2]) in FOR
            or (word in FOR_NAMED and at + 1 < len(words)
                and self.words.terms.named(words[at + 1])))), None)
        parts = [(words, accented, 1.0)] if when is None else [
            (words[:when], accented[:when], 1.0),
            (words[when + 1:], accented[when + 1:], WHEN_WEIGHT)]
        for key, inner, setting in [(key, inner, setting) for part, typed, setting in parts
                                    for key, inner in reading.weighted(part, typed, amounts=False)]:
            weight = (GUESS_WEIGHT if key in guessed_keys else
                      TERM_WEIGHT if key.startswith("§") else WORD_WEIGHT) * inner * setting
            if key not in self.idf and not key.startswith("§") and inner == 1.0:
                nearest = self._stem_guess(key)
                if nearest != key:
                    key, weight = nearest, GUESS_WEIGHT
            weights[key] = max(weights.get(key, 0.0), weight)
        self._read_by_object(weights)  # ("tirar 3 tesouros": recovering them, not drawing)
        # ("allà", there: where a thing the question names stands, not which rule it asks;
        # it still chooses the lead, `_pointing`)
        for key in self._pointing(words):
            weights.pop(key, None)
        for key in self.words.negated(question):  # ("não gastei": "sem gastar")
            weights[key] = NOT_DOING_WEIGHT
        if why_not(question, self.lang):  # (which rule says it is not, or only, allowed)
            weights[ALLOWED_KEY] = WHY_NOT_WEIGHT
        count = self.words.counted(question)  # "how many volcanoes": "3 volcanoes"
        if count in self.idf:
            weights[count] = COUNT_WEIGHT
        # (an object pronoun stands for a thing though the question names the action: "el puc
        # moure?" after "el guardià es pot moure?" asks about the guard)
        if not any(key.startswith("§") for key in weights) or names_by_object(
                question, self.lang, self.words.terms.named):
            for key in self.carried(question, before):
                weights.setdefault(key, CARRIED_WEIGHT)
        return weights

    def _read_by_object(self, weights: dict[str, float]) -> None:
        """A verb's term in ``weights`` read as the action its object makes it
        (`Knowledge.by_object`), in place."""
        for term, reading in self.knowledge.by_object.items():
            key, meant = "§" + term, "§" + reading["as"]
            if key in weights and any("§" + thing in weights for thing in reading["with"]) and (
                    not any("§" + thing in weights for thing in reading.get("without", ()))):
                weights[meant] = max(weights.pop(key), weights.get(meant, 0.0))

    def unknown(self, question: str) -> tuple[str, ...]:
        """The words of ``question`` (as typed, lower-cased) that the rules never use, nor any
        word one slip away; not its little words ("la puc tallar?": "tallar", to cut)."""
        folded, typed = split(question), split_accented(question)
        if len(typed) != len(folded):
            typed = folded
        fixed, _ = self._corrected(folded, typed)
        found: list[str] = []
        for word, plain, corrected in zip(typed, folded, fixed, strict=True):
            keys = [key for key, weight in self.words.weighted([plain], [word])
                    if weight == 1.0 and not key.startswith("#")]
            if corrected == plain and keys and not any(
                    key in self.idf or key.startswith("§") or self._stem_guess(key) != key
                    for key in keys):
                found.append(word)
        return tuple(dict.fromkeys(found))

    def carried(self, question: str, before: str | None) -> list[str]:
        """The game's things the question ``before`` named, which ``question`` stands for by
        a pronoun (`words.PRONOUNS`); none when it does not refer back."""
        if not before or not refers_back(question, self.lang, self.words.terms.named):
            return []
        return [key for key, inner in self.words.weighted(before)
                if key.startswith("§") and inner == 1.0]

    def _stem_guess(self, key: str) -> str:
        """The page's stem that ``key`` only differs from by an ending (Snowball sometimes
        leaves one: Portuguese ``entrar`` stays whole while ``entra`` becomes ``entr``)."""
        if len(key) < 5 or is_number(key):
            return key
        best = key
        for known in self.stems:
            shorter, longer = sorted((known, key), key=len)
            if len(shorter) >= 4 and longer.startswith(shorter) and len(longer) - len(
                    shorter) <= 3 and (best == key or len(known) > len(best)):
                best = known
        return best

    def ask(self, question: str, limit: int = LIMIT, before: str | None = None,
            options: Mapping[str, str] | None = None) -> Reply:
        """The answers to ``question``; asked from a table played with ``options`` (every
        option's choice), a passage stating only another choice's rules (another variant's)
        is marked so and does not lead: the best passage of the game played does."""
        weights = self.query(question, before)
        choice = self._choice_in_play(weights, options)
        if choice is not None:  # ("puja" at an auction is a bid)
            weights = self.query(question, before, choice)
        # (what a next question's pronoun may stand for: this one's things, or if it named
        # none and carried the ones before, those)
        about = before if before and weights != self.query(question, None, choice) else question
        # (a guessed word weighs less in the ranking, but not in what the question asks;
        # a word inside a term's name only ranks: its term already asks for it)
        total = sum(max(weight, WORD_WEIGHT) * self.idf.get(key, self.unseen_idf)
                    for key, weight in weights.items() if self._asks(key, weight))
        asked = frozenset(key for key, weight in weights.items() if self._asks(key, weight))
        phrased = self.phrased.get(asked, set())
        quoting = self._quoted_verbatim(question) or self._quoted(asked)
        quoted = quoting[0] if quoting else None
        # (the choices the question names by a term of their own: "en la subhasta…")
        named_choices = {choice for choice, (keys, _) in self.choice_topics.items()
                         if keys & asked}
        scored: list[tuple[float, float, int]] = []
        surely: dict[int, float] = {}  # each passage's coverage by words not guessed
        counted = {number: things for number, things in self._counts(question).items()
                   if number in weights}
        # (the "not" of "why can't I…" is how it asks: `ALLOWED_KEY` hints at a rule saying
        # what is not allowed, but only one about what the question names)
        negation = self.not_keys if ALLOWED_KEY in weights else frozenset()
        for index, keys in enumerate(self.keys):
            score = covered = surely[index] = 0.0
            norm = K1 * (1 - B + B * self.lengths[index] / self.average)
            hinted = 0.0
            for key, weight in weights.items():
                tf = keys.get(key)
                if tf:
                    idf = self.idf[key]
                    part = weight * idf * tf * (K1 + 1) / (tf + norm)
                    score += part
                    if key == ALLOWED_KEY:
                        hinted = part
                    if self._asks(key, weight):
                        covered += weight * idf
                        if weight > GUESS_WEIGHT:
                            surely[index] += weight * idf
            if hinted and not any(self._asks(key, weight) and key not in negation
                                  and key in keys for key, weight in weights.items()):
                score -= hinted  # ("pq não consigo mandar … pro vulcão?": not Decision 3)
            if score > 0:
                if self.passages[index].notation or self.passages[index].note:
                    score *= NOTATION_WEIGHT
                elif self.passages[index].row and not any(
                        counted[number] & self.range_counts[index]
                        or not counted[number] & self.range_from[index]
                        for number in self.ranged[index] & counted.keys()):
                    # (a row whose range holds the number asked is no summary: it is the
                    # answer — "on -8" is the row "−10 to −6" — unless that number counts
                    # what the row counts its range from: the "2" of "2 pedras" is stones,
                    # which the moving row's "1–6" AP add up, so the rule on moving says)
                    score *= ROW_WEIGHT
                if self.lead_ins[index]:
                    score *= LEAD_IN_WEIGHT
                if index in phrased:
                    score *= PHRASED_WEIGHT
                if index == quoted:
                    score *= QUOTED_WEIGHT
                if self.variant_of.get(index) in named_choices:
                    score *= CHOICE_NAMED_WEIGHT
                scored.append((score, covered, index))
        scored.sort(key=lambda entry: (-entry[0], entry[2]))
        # (the first passage may hold only part of the question — "14 coins to fill in" for
        # "how many coins does a shape with a coin give" — while the next holds all of it;
        # those next ones must answer without a word guessed from a typo: "previsao" is
        # not "precisa")
        sure = {key: weight for key, weight in weights.items() if weight > GUESS_WEIGHT}
        # (a quoted refusal says which rule is asked, in the app's words rather than the page's)
        if not scored or not (quoted is not None or self._answers(
                weights, total, *scored[0][1:]) or any(
                self._answers(sure, total, surely[i], i)
                for _, _, i in scored[1:ANSWERED_WITHIN])):
            return Reply(self.game, self.lang, question, (), self._topics(scored), about,
                         self.unknown(question))
        yes_no = yes_or_no(question, self.lang)
        purpose = asks_purpose(question, self.lang)
        others = asks_of_others(question, self.lang)
        mine = asks_of_mine(question, self.lang) and not others
        tie = asks_tie(question, self.lang)
        # (asked why, quoting a refusal: its rule's words that say it, `refusal_leads`)
        refused = {quoting[0]: self.refusal_leads.get(quoting[1])} if quoting and asks_why(
            question, self.lang) else {}
        if quoting and refused:
            # (and that rule answers first: the question is the app's `why` asked in words —
            # "per què 'ara no es resol cap emboscada…'?" is the ambush rule, though Decision
            # 2 says "dibuixa", "forma" and "carta" more often than it does)
            scored = self._passage_first(scored, quoting[0])
        if options is None and quoting is None and not any(
                key.startswith("§decision") or any(key in keys for keys, _ in
                                                   self.choice_topics.values())
                for key in asked):
            # (asked of no table, a question naming nothing only another choice has is about the
            # game as played by default: "empate no final?" is the basic game's tie-break, not
            # the auction's Decision 9 on ties in its final round; not marked, as no table says
            # which game is played. A Decision asked by its number, or a refusal quoted, names
            # its rule whichever game it is of.)
            unplayed = {i: self._other_choice(i, self.defaults) for _, _, i in scored}
            if any(unplayed.values()):
                scored = self._played_first(scored, unplayed, asked)
        other = {i: self._other_choice(i, options) for _, _, i in scored} if options else {}
        aside, only = self._not_played(asked, options) if options else ("", None)
        if only is not None and any(self.variant_of.get(i) == only for _, _, i in scored):
            # (asked about what only the other choice has: said so, and its best rule answers)
            scored = self._choice_first(scored, only)
        elif any(other.values()):
            aside = ""
            scored = self._played_first(scored, other, asked)
        else:
            aside = ""
        # (what an opening "if …," supposes is the situation, not what is asked: "if i take a
        # volcano, is my amulet flipped" asks about the amulet flipped, so a sentence saying
        # who takes the volcano is no better lead for saying "takes")
        supposed = self._supposed(question)
        leading = {key: weight * (SUPPOSED_WEIGHT if key in supposed else 1.0)
                   for key, weight in weights.items()}
        for key, weight in self._pointing(split(question)).items():
            leading.setdefault(key, weight)
        answers = tuple(Answer(self.passages[i].title, self.passages[i].shown,
                               self.passages[i].source, score, self.passages[i].id,
                               self.lead(i, leading, yes_no,
                                         self.phrased_leads.get((asked, i), refused.get(i)),
                                         mine, others, tie, purpose), other.get(i, ""))
                        for score, _, i in self._without_summaries(scored, limit))
        return Reply(self.game, self.lang, question, answers, self._topics(scored), about,
                     aside=aside)

    def _without_units(self, words: list[str], accented: list[str]
                       ) -> tuple[list[str], list[str]]:
        """``words`` (and ``accented``, when as many) without a unit word right after an
        amount of its term (`Knowledge.units`: "bid 0 points" is "bid 0"), the term said
        within `UNIT_REACH` words before the amount."""
        dropped = set()
        for term, said in self.knowledge.units.items():
            units = {fold(word) for word in said.get(self.lang, [])}
            for at, word in enumerate(words):
                if (word in units and at >= 2 and is_number(words[at - 1]) and any(
                        key == "§" + term for key, _ in self.words.weighted(
                            words[max(at - 1 - UNIT_REACH, 0):at - 1]))):
                    dropped.add(at)
        if not dropped:
            return words, accented
        kept = [at for at in range(len(words)) if at not in dropped]
        return ([words[at] for at in kept],
                [accented[at] for at in kept] if len(accented) == len(words) else accented)

    def _counts(self, question: str) -> dict[str, frozenset[str]]:
        """Each number of ``question`` with the game's things the word right after it names:
        what it counts ("2 pedras": stones; "2 AP": action points; nothing named, "custa 2?",
        "a rating of 25": empty, it counts what a range it falls in counts)."""
        words = split(question)
        return {word: frozenset(key for key in self.words.keys(words[at + 1:at + 2])
                                if key.startswith("§"))
                for at, word in enumerate(words) if is_number(word)}

    def _pointing(self, words: list[str]) -> dict[str, float]:
        """The keys of the question's words that point to a place (`words.POINTING`: Catalan
        "allà"), at `POINTING_WEIGHT` of a word: they say where in a rule the answer is ("una
        figura teva allà per cada fitxa"), not which rule answers ("si tinc el cap allà…" is
        no question about "per allà no hi ha pas")."""
        return {key: WORD_WEIGHT * POINTING_WEIGHT for key, _ in self.words.weighted(
            [word for word in words if word in POINTING[self.lang]])}

    def _supposed(self, question: str) -> frozenset[str]:
        """The keys only an opening condition of ``question`` says ("if i take a volcano, …",
        "se eu pegar…, …", "si agafo…, …": `SUPPOSING`, up to the first comma), not what it
        asks after it; none when it opens with no condition."""
        said = SUPPOSING[self.lang].match(fold(question))
        if said is not None:
            supposes, asks = said.group(1), said.group(2)
        else:  # (typed with no comma, the question opens where a yes-or-no one does: "if i
            # take a volcano is my amulet flipped")
            words = split(question)
            if not words or SUPPOSING[self.lang].match(f"{words[0]} x, x") is None:
                return frozenset()
            at = next((at for at, word in enumerate(words) if at > 2
                       and word in YES_NO_OPENERS[self.lang]), None)
            if at is None:
                return frozenset()
            supposes, asks = " ".join(words[1:at]), " ".join(words[at:])
        asked = {key for key, _ in self.words.weighted(asks)}
        return frozenset(key for key, _ in self.words.weighted(supposes)) - asked

    def _choice_in_play(self, weights: Mapping[str, float],
                        options: Mapping[str, str] | None) -> tuple[str, str] | None:
        """The option and choice with words of its own (`choice_words`) that the table plays,
        or that the question names by one of the choice's terms; None when there is none."""
        for option, choice in self.choice_words:
            keys, _ = self.choice_topics.get((option, choice), (frozenset(), ""))
            if (options or {}).get(option) == choice or any(
                    key in weights and self._asks(key, weights[key]) for key in keys):
                return option, choice
        return None

    def _not_played(self, asked: frozenset[str], options: Mapping[str, str]
                    ) -> tuple[str, tuple[str, str] | None]:
        """When the question names what only a choice the table does not play is about
        (`Knowledge.variant_terms`: "lance" at a table without the auction), the sentence
        saying so in this language, and that option and choice; else ``("", None)``. The
        sentence names the term asked about when the game names a topic for it ("the auction"
        for "can I pass in the auction?"), else the choice's topic ("bidding")."""
        for (option, choice), (keys, topic) in self.choice_topics.items():
            played = options.get(option, choice)
            if played == choice or not keys & asked:
                continue
            topic = next((named for key, named in self.term_topics.get((option, choice), ())
                          if key in asked), topic)
            if not topic:
                continue
            names = self.choice_names.get(option, {})
            sentence = catalog(self.lang).get("rules.ask.other_variant", "")
            return sentence.format(played=names.get(played, played), topic=topic,
                                   variant=names.get(choice, choice)), (option, choice)
        return "", None

    @staticmethod
    def _passage_first(scored: list[tuple[float, float, int]], index: int
                       ) -> list[tuple[float, float, int]]:
        """``scored`` led by passage ``index`` (scoring nothing when it is not among them: a
        refusal quoted word for word whose rule shares no word with it), the rest in their
        order."""
        found = next((entry for entry in scored if entry[2] == index), (0.0, 0.0, index))
        return _led_by(found, [entry for entry in scored if entry is not found])

    def _choice_first(self, scored: list[tuple[float, float, int]], only: tuple[str, str]
                      ) -> list[tuple[float, float, int]]:
        """``scored`` led by its best passage of the choice ``only`` (option, choice), the
        rest in their order: the question asks about what only that choice has ("can I bid
        0?" in a basic game is answered by the auction's Decision 4, after the sentence that
        says the table does not play it)."""
        best = next(entry for entry in scored if self.variant_of.get(entry[2]) == only)
        return _led_by(best, [entry for entry in scored if entry is not best])

    def _other_choice(self, index: int, options: Mapping[str, str]) -> str:
        """The name of the option's choice whose rules alone passage ``index`` states, when
        the table plays another ("auction variant" in a basic game); empty otherwise."""
        option, choice = self.variant_of.get(index, ("", ""))
        if not option or options.get(option, choice) == choice:
            return ""
        return self.choice_names.get(option, {}).get(choice, choice)

    def _played_first(self, scored: list[tuple[float, float, int]], other: dict[int, str],
                      asked: frozenset[str]) -> list[tuple[float, float, int]]:
        """``scored`` led by its best passage of the game played, the rest in their order: a
        passage stating only another choice's rules (``other``) does not lead, but still
        follows where it ranks, marked. "como ganho pontos?" in a basic game is the scoring,
        not the auction's "your points are your money"; "can I bid 0" is still answered by
        the auction's Decision 4, second. (Put after every passage of the game played, it
        fell below five that only say "points" for "puc fer una oferta de 0 punts?".)"""
        played = next((entry for entry in scored if not other[entry[2]]), None)
        if played is None:
            return scored
        answered = asked & self.keys[played[2]].keys()

        def weighed(entry: tuple[float, float, int]) -> float:
            # (another choice's passage holding no asked word the played answer lacks only
            # says it again, in the other game's sense: "guanya la subhasta" for "com es
            # guanya?" at a basic table; one holding more may answer what the first does not)
            repeats = (other[entry[2]] and len(asked) <= FEW_ASKED
                       and asked & self.keys[entry[2]].keys() <= answered)
            return entry[0] * (OTHER_CHOICE_WEIGHT if repeats else 1.0)

        rest = sorted(((weighed(entry), entry[1], entry[2]) for entry in scored
                       if entry is not played),
                      key=lambda entry: (-entry[0], entry[2]))
        return _led_by(played, rest)

    def sentences(self, index: int) -> tuple[tuple[str, frozenset[str]], ...]:
        """The sentences of a passage after its bold title, each with its keys. A table row
        is one whole: its cells mean nothing apart."""
        return self._cut(index).sentences

    def _cut(self, index: int) -> _Cut:
        """A passage cut into its sentences, and what choosing among them needs (cached:
        only answers are cut, and once)."""
        cut = self._cuts.get(index)
        if cut is None:
            passage = self.passages[index]
            text = without_title(passage.text, passage.title)
            # ("fits nowhere" says "not" as "não couber" does: `words.SAYS_NOT`)
            sentences = tuple((part, frozenset(self._kinded(part)) | (
                                  self.negation if says_not(part, self.lang) else frozenset()))
                              for part in ([text] if passage.row else sentences_of(text) or [text]))
            # (within the passage a word in every sentence tells them apart no more than
            # its title's words do: "guard" in the guard rule; nor do the words of the case a
            # passage opens with, "Playing solo,": the solo ambush rule is solo throughout)
            spread = Counter(key for _, keys in sentences for key in keys)
            titled = self.titles[index] | frozenset(
                key for key in self.words.keys(passage.setting) if key.startswith("§"))
            rarity = {key: math.log(1 + len(sentences) / count)
                      * (LEAD_TITLE_WEIGHT if key in titled else 1.0)
                      for key, count in spread.items()}
            # (as BM25 does for passages, a long sentence is likelier to hold a word by
            # chance: the opening that names everything loses to the short one that says
            # the rule)
            average = sum(len(keys) for _, keys in sentences) / len(sentences)
            cut = self._cuts[index] = _Cut(sentences, rarity, tuple(
                1 - B + B * len(keys) / average for _, keys in sentences), tuple(
                says_no(part, self.lang) for part, _ in sentences), tuple(
                frozenset(self._counted(part)) for part, _ in sentences), tuple(
                says_yours(part, self.lang) for part, _ in sentences), tuple(
                says_others(part, self.lang) and at > 0
                for at, (part, _) in enumerate(sentences)), tuple(
                says_strictly(part, self.lang) for part, _ in sentences))
        return cut

    def lead(self, index: int, weights: Mapping[str, float], yes_no: bool = False,
             named: int | str | None = None, mine: bool = False, others: bool = False,
             tie: bool = False, purpose: bool = False) -> str:
        """The sentence of passage ``index`` that best answers a question of ``weights``:
        the one holding most of the question's weight, by the same keys and rarity as the
        ranking (an earlier one on a tie). With the sentence after it when that one holds
        asked words this one lacks, weighing at least half as much (the question asks two
        things, each said in turn), and both stay short. Empty when the best is the
        opening, or the question is one word: a face shows the opening first anyway.
        For a yes-or-no question (``yes_no``) a sentence that says no or sets a limit counts
        `VERDICT_WEIGHT` more: "can the guard move?" is answered by "The guard never moves
        again", not by the sentence that only names the guard. A question asked as one of
        the passage's phrasings that names its answer (``named``, see `Knowledge.leads`)
        leads with that sentence; a why-question quoting a refusal, with the words of the rule
        that say it (``named`` as text, `refusal_quote`). A question about the asker's own
        things (``mine``: "my other workers") favours, by `MINE_WEIGHT`, a sentence addressing
        the reader's ("All your other figures…") over one about other players' ("Other
        players' figures…").
        A yes-or-no question's "not" ("não dá pra fazer 2?") chooses nothing: it is how the
        question asks, not a word of its answer. A question about a tie (``tie``: "same
        strength as blue, can I still guard?") favours, by `STRICT_WEIGHT`, a sentence saying
        "strictly greater": what a rule answers a tie with. A sentence that only opens what
        follows ("A classificação dá um título:") counts `LEAD_IN_WEIGHT`: it says none of it.
        A question asking what a thing is for (``purpose``: "what's the point of a camp")
        counts a sentence that says no or sets a limit `PURPOSE_WEIGHT` as much, and one saying
        what it lets one do (`words.says_able`) as much more: "At most one camp per turn" says
        how many, "Your figures can then enter the board at your camps" what one is for; with
        one thing asked too ("pra que serve o acampamento?")."""
        cut = self._cut(index)
        if isinstance(named, str):  # (a refusal's words, `refusal_quote`: the opening, if whole)
            return "" if named == cut.sentences[0][0] else named
        if named is not None:
            return cut.sentences[named][0] if named else ""
        # (a question of one word — "volcano" — names a topic: its passage from the opening,
        # unless the opening does not say it and a later sentence does: "what if we tie?" is
        # "On a tie, …", not "the game ends once winter has been scored"; a passage of one
        # sentence leads from its clause that answers only when too long to be read whole at
        # once: "… (els erms i els espais buits no són tipus de terreny)" ends Decision 11
        # past a phone's first lines)
        if not cut.sentences or (len(weights) < 2 and not purpose
                                 and not self._said_later(cut, weights)) or (
                len(cut.sentences) == 1 and len(cut.sentences[0][0]) <= READ_WHOLE):
            return ""
        asked = [(key, weight * self.idf.get(key, 0.0) * cut.rarity[key])
                 for key, weight in weights.items()
                 if key in cut.rarity and not (yes_no and key in self.negation)]

        def held(keys: frozenset[str]) -> float:
            return sum(weight for key, weight in asked if key in keys)

        # (for a tie, "strictly greater" is the rule's verdict: a tie does not do)
        scores = [held(keys) / norm * (1 + VERDICT_WEIGHT if yes_no and (
                      verdict or (tie and strict)) else 1)
                  * (1 + MINE_WEIGHT if mine and yours else 1)
                  * (1 + STRICT_WEIGHT if tie and strict else 1)
                  * (1 + OTHERS_WEIGHT if others and theirs else 1)
                  * (LEAD_IN_WEIGHT if sentence.rstrip().endswith(":") else 1)
                  * ((PURPOSE_WEIGHT if verdict else 1 / PURPOSE_WEIGHT if says_able(
                      sentence, self.lang) else 1) if purpose else 1)
                  for (sentence, keys), norm, verdict, yours, theirs, strict
                  in zip(cut.sentences, cut.norms, cut.verdicts, cut.yours, cut.theirs,
                         cut.strict)]
        best = max(range(len(scores)), key=lambda at: (scores[at], -at))
        # (also when it holds only the passage's title words, or one plain word: "At most
        # two guards per player per game" for "can I place a third guard", "You need no
        # figure there" for "do I need a worker there": on the older question sets either
        # rule lost more leads than it saved)
        if scores[best] <= 0:
            return ""
        lead, keys = cut.sentences[best]
        # (a long sentence, not a row's cells: from its clause that answers; so too the
        # opening when, after the passage's title, it ends past a phone's first lines: "… à
        # vista de todos" ended "Desenterrar um Tesouro (3 PA). Você pega a ficha…" unread)
        passage = self.passages[index]
        if (len(lead) > LEAD_CLAUSES or (best == 0 and len(passage.text) > FIRST_LINES
                                         and passage.text.find(lead) + len(lead) > FIRST_LINES)
                ) and not passage.row:
            tail = self._clause_on(lead, held)
            if tail != lead:
                return f"… {tail}"
        if best == 0:
            return ""
        if best + 1 < len(cut.sentences):
            following, more = cut.sentences[best + 1][0], cut.written[best + 1]
            if (held(more - keys) >= held(keys) / 2
                    and len(lead) + len(following) < LEAD_PAIR):
                lead = f"{lead} {following}"
        return lead

    @staticmethod
    def _said_later(cut: _Cut, weights: Mapping[str, float]) -> bool:
        """Whether the one key of ``weights`` is said by a sentence of ``cut`` after its
        opening, and not by the opening."""
        return len(weights) == 1 and any(
            key not in cut.sentences[0][1] and any(key in keys for _, keys in cut.sentences[1:])
            for key in weights)

    def _clause_on(self, sentence: str, held: Callable[[frozenset[str]], float]) -> str:
        """``sentence`` from its clause that holds most of the question's weight (an earlier
        one on a tie) to its end; itself when that is its first clause. Clauses end after a
        comma, semicolon or colon outside brackets."""
        clauses: list[str] = []
        depth = start = 0
        for at, char in enumerate(sentence):
            depth += (char == "(") - (char == ")")
            if char in ",;:" and depth == 0 and sentence[at + 1:at + 2] == " ":
                clauses.append(sentence[start:at + 1])
                start = at + 2
        clauses.append(sentence[start:])
        weights = [held(frozenset(self._kinded(clause))) for clause in clauses]
        best = max(range(len(clauses)), key=lambda at: (weights[at], -at))
        if not best or weights[best] <= 0:
            return sentence
        # (with the clause before it when both stay short: what the verdict is about)
        if best > 1 and len(" ".join(clauses[best - 1:])) <= LEAD_CLAUSES:
            best -= 1
        return " ".join(clauses[best:])

    def _without_summaries(self, scored: list[tuple[float, float, int]],
                           limit: int) -> list[tuple[float, float, int]]:
        """The first ``limit`` answers, leaving out a table row whose paragraph is among
        them ("Exchange a treasure — 3 — see below" beside "Exchange a treasure (3 AP)."):
        on a phone the same rule twice is one answer fewer."""
        near = scored[:limit * 2]
        explained = [fold(self.passages[i].title) for _, _, i in near
                     if not self.passages[i].row]
        return [entry for entry in near
                if not (self.passages[entry[2]].row and any(
                    title.startswith(fold(self.passages[entry[2]].title))
                    for title in explained))][:limit]

    @staticmethod
    def _asks(key: str, weight: float) -> bool:
        """Whether a question's key is part of what it asks, rather than a hint that only
        ranks (a word inside a term's name, the count a "how many" wants)."""
        return weight > INNER_WEIGHT and not key.startswith("#")

    def _answers(self, weights: dict[str, float], total: float, covered: float,
                 best: int) -> bool:
        """Whether the best passage answers the question rather than merely sharing a
        word with it. Not when it holds too little of the question's weight, only words
        guessed from typos, or a single plain word (stems meet by chance: Portuguese
        "horas" and "horário") unless it is one of the passage's title or one players ask
        it with (its phrasings: "can I pass?" of the rule on ending a turn early): better
        the closest topics than a wrong answer."""
        matched = {key for key in set(self.keys[best]) & set(weights)
                   if self._asks(key, weights[key])}
        sure = {key for key, weight in weights.items() if weight > GUESS_WEIGHT}
        return (total > 0 and covered / total >= MIN_COVERAGE and bool(sure & matched)
                and (len(matched) >= 2 or any(key.startswith("§") for key in matched)
                     or bool(matched & (self.titles[best] | self.asked[best]))))

    def _topics(self, scored: list[tuple[float, float, int]]) -> tuple[str, ...]:
        """The sections nearest the question; the page's sections when nothing is near."""
        topics: list[str] = []
        ranked = [self.passages[i] for _, _, i in scored] + list(self.passages)
        for passage in ranked:
            topic = passage.section[0] if passage.section else None
            if topic and topic not in topics:
                topics.append(topic)
        return tuple(topics[:5])

    def passage(self, section: str) -> Passage:
        """The passage a declared section names (see `Knowledge.sections`): the first
        titled so, or else the first that opens with those words."""
        titles = self.knowledge.sections.get(section)
        if titles is None:
            raise GameError(f"{self.game} declares no rules section {section!r}",
                            code="unknown_section", section=section)
        title = titles.get(self.lang) or titles.get("en", "")
        # by its title, or else by the words it opens with (a passage under a list item)
        for passage in [p for p in self.passages if p.title == title] or [
                p for p in self.passages if p.text.startswith(title)]:
            return passage
        raise GameError(f"no passage titled {title!r} in the {self.lang} rules of {self.game}",
                        code="unknown_section", section=section)


@cache
def index(game: str, lang: str) -> RulesIndex:
    """The (cached) index of ``game``'s help page in ``lang``."""
    if game not in known_games():
        raise GameError(f"no rules for game {game!r}; available: {', '.join(known_games())}",
                        code="unknown_help", game=game, available=known_games())
    if lang not in LANGUAGES:
        raise GameError(f"no rules help in language {lang!r}; available: {', '.join(LANGUAGES)}",
                        code="unknown_help", lang=lang, available=list(LANGUAGES))
    return RulesIndex(game, lang)


def ask(game: str, question: str, lang: str = "en", limit: int = LIMIT,
        before: str | None = None, options: Mapping[str, Any] | None = None) -> Reply:
    """The passages of ``game``'s rules help in ``lang`` that answer ``question`` (asked
    after the question ``before``, whose things a pronoun may stand for). Asked from a table,
    ``options`` are its options (unnamed ones at their defaults): the rules of a variant
    not played do not lead, and are marked (`Answer.variant`).

    >>> reply = ask("tikal", "qui juga primer?", "ca", options={})   # a basic game
    >>> [(a.title, a.variant) for a in reply.answers[:3]]  # doctest: +NORMALIZE_WHITESPACE
    [('Ordre dels torns', ''), ('Roba i col·loca una lloseta', ''),
     ('Subhastes següents', 'variant amb subhasta')]
    """
    if not isinstance(question, str) or not question.strip():
        raise GameError("ask a question in words", code="empty_question")
    if len(question) > 500:
        raise GameError("a question is at most 500 characters", code="question_too_long")
    rules = index(game, lang)
    played = None if options is None else load_game(game).check_options(options)
    return rules.ask(question, limit, before, played)


@cache
def vocabulary(game: str, lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words ``game``'s rules use in ``lang`` (its help page, its terms' names and its
    players' phrasings), and their stems (see `language_asked`)."""
    declared, known = load_game(game), knowledge(game)
    text = [declared.help_page(lang)]
    text += [name for by_lang in known.terms.values() for name in by_lang.get(lang, ())]
    text += [asked for by_lang in known.phrasings.values() for asked in by_lang.get(lang, ())]
    return vocabulary_of(" ".join(text), lang)


def language_asked(question: str, games: tuple[str, ...] | None = None) -> str | None:
    """The language ``question`` is asked in: told by its little words ("posso", "puc",
    "the"), or else by the words the rules of ``games`` (every game with a help page when
    None) use in each language ("com guanyo?": "guanyo" is only Catalan's); None when
    neither tells. A short question often has no little word of one language only, and
    answered in English a plainly Catalan question gets "I don't know" in a language its
    asker did not use."""
    said = language_of(question)
    if said is not None:
        return said
    # (a game unknown here is refused where it is asked, in the asker's language)
    asked = [game for game in (games or known_games())
             if game in known_games() and load_game(game).help_dir is not None]
    if not asked:
        return None
    vocabularies = {}
    for lang in LANGUAGES:
        known = [vocabulary(game, lang) for game in asked]
        vocabularies[lang] = (frozenset().union(*(words for words, _ in known)),
                              frozenset().union(*(stems for _, stems in known)))
    return known_in(question, vocabularies)
