"""Words as the rules search compares them: folded, stemmed, the game's terms found.

A question and a help passage are turned into the same kind of *keys*:

* the game's **terms** (declared by the game, see `Terms`) are found first, as
  whole words or phrases, and become one key per term (``§worker``), whatever
  synonym or language named them — before stemming, because stems collide
  (Catalan ``tresors`` and ``tres`` both stem to ``tres``);
* every other word is lower-cased, accent-folded and reduced to its Snowball
  stem (PyStemmer: the same algorithms as the Snowball project, in C), unless
  it is a little word of the language (``de``, ``the``, ``posso``);
* numbers stay keys: "3 treasures" and "2 levels" carry the meaning.

Accents are folded *before* stemming on both sides, so ``vulcoes`` and
``vulcões`` meet; players rarely type accents in a chat.

>>> english = Words("en", Terms.empty())
>>> english.keys("Can my workers cross a volcano?")
['worker', 'cross', 'volcano']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

import Stemmer

#: Snowball has one Portuguese stemmer (no Brazilian variant); it serves pt-BR.
STEMMERS = {"en": "english", "pt-BR": "portuguese", "ca": "catalan"}

#: The little words of each language that say nothing about a rule. Question
#: words belong here ("how", "quantos", "quants"); negations, numbers and
#: quantities ("each", "all", "cada") do not: they change the answer.
STOP_WORDS = {
    "en": """a an the of to in on at by for from with and or but if is are was were be been
        being am do does did doing have has had having i me my mine you your yours we our us
        they them their he she it its this that these those there here what which who whom
        whose when where why how can could may might must shall should will would about
        into than then so just also as any some get got let lets s t d ll re ve m o
        much many whats happen happens happened somebody someone anybody anyone thing
        things vs versus wanna gonna please hey hi ok okay done during""",
    "pt-BR": """a o as os um uma uns umas de do da dos das no na nos nas em num numa ao aos
        à às pelo pela pelos pelas por para pra pro com e ou mas se que qual quais quem
        quando onde como porque por que é são era foi ser estar está estão esta este isso
        isto esse essa aquele aquela eu me mim meu minha meus minhas você voce vc tu te
        teu tua seu sua seus suas nós nos nosso nossa eles elas ele ela lhe lhes ter tem
        têm tenho posso pode podem poder consigo consegue da dá tá ta né ne pois entao
        então também tambem já ja so só assim la lá aí ai aqui oi olá ola gente alguém
        quanto quanta quantos quantas acontece acontecer aconteceu agora coisa alguma
        existe existem existir há ha
        algum faço faco fazer faz pro pra pros pras dá da sobre""",
    "ca": """el la els les l lo un una uns unes de del dels d a al als en amb i o però pero
        si que què qui quin quina quins quines quan quant on com per perque perquè és es
        són son era ser estar està estan aquest aquesta aquests aquestes això aixo aquell
        aquella jo em me mi meu meva meus meves tu et te teu teva vostè vosaltres nosaltres
        ens nostre nostra ells elles ell ella li els seu seva seus seves tenir tinc té te
        tenen puc pot poden podem poder també tambe ja doncs així aixi aquí aqui hola algú
        algu n s t m hi ho quant quanta quants quantes ara cosa fer faig fa sobre he has ha
        existeix existeixen""",
}

#: Numbers written as words, read as digits ("zero" and "0" are the same question).
NUMBERS = {
    "en": "zero one two three four five six seven eight nine ten",
    "pt-BR": "zero - dois tres quatro cinco seis sete oito nove dez",
    "ca": "zero - dos tres quatre cinc sis set vuit nou deu",
}
_NUMBER_WORDS = {lang: {word: str(n) for n, word in enumerate(words.split())}
                 for lang, words in NUMBERS.items()}
# ("um", "uma", "un", "una" are also articles, so they stay words; feminine twos)
_NUMBER_WORDS["pt-BR"].update(duas="2")
_NUMBER_WORDS["ca"].update(dues="2")

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def fold(text: str) -> str:
    """Lower case without accents; Catalan ``l·l`` (or ``l.l``) written as ``ll``."""
    text = text.lower().replace("l·l", "ll").replace("l.l", "ll").replace("ŀl", "ll")
    return "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))


def split(text: str) -> list[str]:
    """The folded words of ``text`` (apostrophes and hyphens separate words)."""
    return _WORD.findall(fold(text))


@dataclass(frozen=True)
class Terms:
    """A game's vocabulary in one language: each term's names, as folded word tuples.

    The game declares, per term and language, the words players use for it
    (``"worker": {"en": ["worker", "explorer", "meeple"], ...}``); any of them,
    or an inflection of it (see `inflected`), is that term.
    """

    names: Mapping[str, list[tuple[str, tuple[str, ...]]]]  # first 3 letters -> (term, words)

    @classmethod
    def empty(cls) -> Terms:
        return cls({})

    @classmethod
    def declared(cls, lang: str, terms: Mapping[str, Mapping[str, Iterable[str]]]) -> Terms:
        names: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        for term, by_lang in terms.items():
            for name in by_lang.get(lang, ()):
                words = tuple(split(name))
                if words:
                    names.setdefault(words[0][:3], []).append((term, words))
        for found in names.values():  # the longest name first: "base camp" before "camp"
            found.sort(key=lambda entry: -len(entry[1]))
        return cls(names)


def inflected(word: str, name: str) -> bool:
    """Whether ``word`` is ``name`` or an inflection of it: ``name`` and up to three more
    letters, its last vowel changed included (``guards``, ``volcans``; ``guardians`` for
    ``guardia``). Not Snowball stems: they join strangers (Catalan ``temps`` and
    ``temple``, ``tres`` and ``tresor``) and part relatives (``desempat``, ``desempata``)."""
    if word == name:
        return True
    if len(name) < 4:  # a short name is inflected too easily into another word (man, many)
        return word == name + "s"
    if word.startswith(name):
        return len(word) - len(name) <= 3
    return (len(name) >= 4 and name[-1] in "aeiou" and word.startswith(name[:-1])
            and len(word) - len(name) <= 3)


@cache
def _stemmer(lang: str):
    stemmer = Stemmer.Stemmer(STEMMERS[lang])
    stemmer.maxCacheSize = 20000
    return stemmer.stemWord


@cache
def _stop_words(lang: str) -> frozenset[str]:
    return frozenset(split(STOP_WORDS[lang]))


class Words:
    """Turns text of one language into search keys, knowing one game's terms."""

    def __init__(self, lang: str, terms: Terms, ignored: Iterable[str] = ()) -> None:
        self.lang = lang
        self.terms = terms
        self.stop_words = _stop_words(lang) | frozenset(ignored)
        self.stem = _stemmer(lang)

    def keys(self, text: str | list[str]) -> list[str]:
        """The keys of ``text`` in order: ``§term`` for the game's terms, stems otherwise."""
        words = split(text) if isinstance(text, str) else text
        numbers = _NUMBER_WORDS[self.lang]
        words = [numbers.get(word, word) for word in words]
        stems = [self.stem(word) for word in words]
        keys: list[str] = []
        at = 0
        while at < len(words):
            # the longest declared name starting here wins ("base camp" over "camp")
            for term, name in self.terms.names.get(words[at][:3], ()):
                size = len(name)
                if at + size <= len(words) and all(map(inflected, words[at:at + size], name)):
                    keys.append("§" + term)
                    at += size
                    break
            else:
                if words[at] not in self.stop_words:
                    keys.append(stems[at])
                at += 1
        return keys
