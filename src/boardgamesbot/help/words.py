"""Words as the rules search compares them: folded, stemmed, the game's terms found.

A question and a help passage are turned into the same kind of *keys*:

* the game's **terms** (declared by the game, see `Terms`) are found first, as
  whole words or phrases, and become one key per term (``§worker``), whatever
  synonym or language named them — before stemming, because stems collide
  (Catalan ``tresors`` and ``tres`` both stem to ``tres``);
* every other word is lower-cased, accent-folded and reduced to its Snowball
  stem (PyStemmer: the same algorithms as the Snowball project, in C), unless
  it is a little word of the language (``de``, ``the``, ``posso``);
* numbers stay keys: "3 treasures" and "2 levels" carry the meaning;
* a word is first brought to its dictionary form (simplemma's lemmas, see
  `boardgamesbot.help.lemmas`), then
  stemmed: Snowball only cuts endings, so a conjugated verb and its infinitive
  may keep different stems (Portuguese ``move``/``mover``, English ``drew``);
* the words inside a term's name are kept too, as *inner* keys of half weight
  (unless the name is the term's own single word): a term says what kind of
  thing is meant (``goblin`` is a monster), its words which one (the card
  "Goblin Attack", asked as "the goblin card");
* a single letter after a word that labels things (``group A``, ``lado B``) is a
  key, not the article it would otherwise be taken for.

Accents are folded *before* stemming on both sides, so ``vulcoes`` and
``vulcões`` meet; players rarely type accents in a chat.

>>> english = Words("en", Terms.empty())
>>> english.keys("Can my workers cross a volcano?")
['worker', 'cross', 'volcano']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache

import Stemmer

from boardgamesbot.games.notation import unaccented

from .lemmas import lemma

#: Snowball has one Portuguese stemmer (no Brazilian variant); it serves pt-BR.
STEMMERS = {"en": "english", "pt-BR": "portuguese", "ca": "catalan"}
#: How much a word inside a matched term's name weighs, against a key of its own.
INNER_WEIGHT = 0.5

#: Words that name things by a letter ("group A", "side B", "edict C"): the letter
#: after them is a key, though alone it would be an article ("a") or nothing.
LABELS = {
    "en": "group stack letter side edict column row card",
    "pt-BR": "grupo pilha monte letra lado decreto coluna linha carta",
    "ca": "grup pila munt lletra cara costat edicte columna fila carta",
}

#: The words that join a list ("edicts A and B", "decretos A e B"): a letter after a label's
#: plural and before one of them is a label's letter (`Words._labelled`).
LISTING = {"en": {"and", "or"}, "pt-BR": {"e", "ou"}, "ca": {"i", "o"}}

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
        things vs versus wanna gonna please hey hi ok okay done during
        u ur r im ive id ya pls plz
        now stuff want wants wanted really actually
        say says said saying
        box""",
    "pt-BR": """a o as os um uma uns umas de do da dos das no na nos nas em num numa ao aos
        à às pelo pela pelos pelas por para pra pro com e ou mas se que qual quais quem
        quando onde como porque por que é são era foi ser estar está estão esta este isso
        isto esse essa aquele aquela eu me mim meu minha meus minhas você voce vc tu te
        teu tua seu sua seus suas nós nos nosso nossa eles elas ele ela dele dela deles
        delas lhe lhes ter tem
        têm tenho posso pode podem poder consigo consegue da dá tá ta né ne pois entao
        então também tambem já ja so só assim la lá aí ai aqui oi olá ola gente alguém
        quanto quanta quantos quantas acontece acontecer aconteceu agora coisa alguma
        existe existem existir há ha
        algum faço faco fazer faz pro pra pros pras dá da dar sobre
        pq q tb tbm qd qdo vcs td msm tava tavam tô tou
        qto qta qtos qtas qnto qnta qntos qntas qnt qnts qts
        caixa vir vem vêm veio vier""",
    "ca": """el la els les l lo un una uns unes de del dels d a al als en amb i o però pero
        si que què qui quin quina quins quines quan quant on com per perque perquè és es
        són son era ser estar està estan aquest aquesta aquests aquestes això aixo aquell
        aquella jo em me mi meu meva meus meves tu et te teu teva vostè vosaltres nosaltres
        ens nostre nostra ells elles ell ella li els seu seva seus seves tenir tinc té te
        tenen puc pot poden podem poder també tambe ja doncs així aixi aquí aqui hola algú
        algu n s t m hi ho quant quanta quants quantes ara cosa fer faig fa sobre he has ha
        existeix existeixen damunt
        pq xq q tb qts qnts
        caixa capsa""",
}

#: Words of a question that point to a place it named or the table sees ("si tinc el cap allà…":
#: where my leader stands): they hardly say what is asked, and in the rules "allà" is mostly the
#: way just named ("per allà no hi ha pas"). In a question they only choose the lead
#: (search.py, `POINTING_WEIGHT`); not little words: left out of the rules too, the pages'
#: lengths moved other answers.
POINTING = {"en": frozenset(), "pt-BR": frozenset(), "ca": frozenset({"alla", "alli"})}

#: How a question asks for a count ("how many volcanoes"): it wants the passage that
#: puts a number before that thing ("3 volcanoes"), see `Words.counted`.
HOW_MANY = {
    "en": re.compile(r"\bhow many\s+(.*)"),
    "pt-BR": re.compile(r"\b(?:quant[oa]s|qn?t[oa]s|qn?ts)\s+(.*)"),
    "ca": re.compile(r"\b(?:quant[se]s?|qn?ts)\s+(.*)"),
}
#: (and as players type it in a chat: "qtos", "qntas", "qts")

#: How a question asks what each one of a thing is worth ("cada moeda vale qto no fim da
#: estacao", "what is each coin worth"): a count as well, for the rules state a value as a
#: number before the thing ("+1 per coin", "+1 por moeda"). Only when the question also says
#: worth (`VALUE_ASKED`); the thing is the first key after its "each" (`EACH`).
VALUE_ASKED = {
    "en": re.compile(r"\b(?:worth|value)\b"),
    "pt-BR": re.compile(r"\b(?:vale|valem|valor)\b"),
    "ca": re.compile(r"\b(?:val|valen|valor)\b"),
}
EACH = {
    "en": re.compile(r"\b(?:each|every)\s+(.*)"),
    "pt-BR": re.compile(r"\bcada\s+(.*)"),
    "ca": re.compile(r"\b(?:cada|cadascun|cadascuna)\s+(.*)"),
}

#: A rate's word between a number and its thing ("+1 per coin"): the count is of the thing.
#: Only English's: Portuguese "por" and Catalan "per" are little words, left out already.
RATE = frozenset({"per"})

#: How a rules text states a count without a number: "as many tiles as there are players",
#: "tantos hexágonos quantos forem os jogadores", "tantes llosetes … com jugadors hi ha"
#: answer "how many tiles" as "3 tiles" does (*Twenty-first pass*); "as many times as your AP
#: allow" counts nothing.
AS_MANY = {
    "en": re.compile(r"\bas many\s+(?!times\b)(.*)"),
    "pt-BR": re.compile(r"\btant[oa]s\s+(?!vezes\b)(.*)"),
    "ca": re.compile(r"\btant(?:s|es)\s+(?!vegades\b)(.*)"),
}

#: Plain words of the language (no game's) that players and rules pages use for the
#: same idea: each group is read as its first word, on both sides, before the game's
#: terms are looked for ("cheaper" then meets a game's word for cost). Only words that
#: mean the same in any rules text: not a game's vocabulary (that is ``knowledge.json``).
SAME_MEANING = {
    "en": ["complete whole entire completely fully",
           "final last",  # (not in pt/ca: their "final" names the game's end)
           "see peek look watch visible seen know",
           "cost cheap cheaper expensive price",
           "player people person friend opponent opponents",
           "beyond more exceed extra",
           "must forced force obliged required mandatory",
           "cover covered",
           "refuse deny decline reject",
           "lower reduce decrease",
           "several various different",
           "space room",
           # (what a game pays with: "how much cash do we start with", and the rules' "Points
           # are your money"; a version of the rules is a variant)
           "money cash funds budget",
           "variant version",
           "minus subtract subtracted subtracts deduct deducted deducts"],
    "pt-BR": ["totalmente inteiro inteira completo completa completamente",
              "ver olhar espiar vista visível saber",
              "custo barato barata caro cara preço",
              "jogador pessoa amigo adversário oponente",
              "além mais excedente maior",
              "precisar obrigar obrigado obrigatório obrigatória forçar",
              "cobrir tapar",
              "recusar negar rejeitar",
              "colocar botar",  # (Brazilian "botei o guardião": I placed the guard)
              "seguinte próximo próxima próximos próximas",
              # (the page's "folha está cheia"; players say it "encheu", "lotou")
              "cheio cheia encher lotar lotado lotada",
              "diminuir abaixar baixar reduzir",
              "vários várias diversos diversas diferentes",
              # (the explored "área" is its spaces: Decision 1's "área descoberta", the placing
              # rule's "espaço descoberto")
              "espaço área",
              # (what a game pays with, in the players' words: "quanta grana cada um tem no
              # leilão", and the rules' "Seus pontos são seu dinheiro")
              "dinheiro grana bufunfa"],
    "ca": ["completament sencer sencera complet completa totalment",
           "veure mirar vista visible saber",
           "cost barat barata preu",
           "jugador persona amic adversari rival",
           "enllà més",
           "obligar obligat obligatori obligatòria forçar",
           "cobrir tapar",
           "negar refusar rebutjar",
           # (the page writes "la lloseta següent"; players "la propera lloseta")
           "següent següents proper propera propers properes",
           "baixar rebaixar reduir disminuir",
           "diversos diverses varis vàries diferents",
           # (the explored "zona" is its spaces: Decision 1's "zona descoberta", the placing
           # rule's "espai descobert")
           "espai zona",
           # (what a game pays with, in the players' words: "quants calés tinc a la subhasta",
           # and the rules' "Els punts són els teus diners"; "calés" is no "cal", it takes)
           "diners calés peles"],
}

#: Words for "next" that after a comparative mean the nearest ("el més proper a l'esquerra",
#: "o mais próximo"): there they keep their own meaning rather than their group's (`SAME_MEANING`).
#: (Only these: "mais barato" is still a cost.)
NEAREST = {"en": ("", frozenset()),
           "pt-BR": ("mais", frozenset({"proximo", "proxima", "proximos", "proximas"})),
           "ca": ("mes", frozenset({"proper", "propera", "propers", "properes"}))}

#: Plain phrases that mean one word of a `SAME_MEANING` group ("can I say no to a trade": the
#: rule says the other player "cannot refuse"), read as that word on both sides.
#: Skipping one's turn is passing ("folha lotada, dá pra pular a vez?": the rule says the
#: player "simplesmente passa"); not "skip" alone, which is also a level never skipped.
SAME_PHRASES: dict[str, dict[tuple[str, ...], str]] = {
    "en": {("say", "no"): "refuse", ("turn", "down"): "refuse",
           # (English says with a verb and a particle what the others say with one verb, the
           # rules' own: "go into a volcano" is "entrar num vulcão", "Nobody ever enters a
           # volcano"; "go up", "subir", is raising a temple)
           # (not "in": "go in solo", "go in order of seating", "come in one season")
           **{(verb, particle): meant
              for verbs, particle, meant in (("go goes going went", "into", "enter"),
                                             ("come comes coming came", "into", "enter"),
                                             ("go goes going went", "up", "raise"))
              for verb in verbs.split()},
           **dict.fromkeys([("skip", "my", "turn"), ("skip", "a", "turn"), ("skip", "the", "turn"),
                            ("skip", "my", "go")], "pass"),
           # (what "goes back" face up is turned face up "again", as the rules say of the
           # amulets; not "back" alone: the sheets that "go back to their owners", the cards
           # that "go back into the deck" do not come again)
           # (what "counts extra" is worth more: "does the leader count extra", and the rules'
           # "Your leader is worth 3 and each worker 1"; "count" alone is also points counted.
           # Not "count more": a held-out question lost its place, docs/ask.md)
           **{(verb, "extra"): "worth more" for verb in ("count", "counts", "counted")},
           # (where figures stand is a space, though players name it by its tile: "on the same
           # hex", and the rules' "may stand on the same space"; a tile is not "the same")
           **dict.fromkeys([("same", "hex"), ("same", "tile"), ("same", "hexagon")],
                           "same space"),
           # (an auction after the first is one of the rules' "Next auctions": "who opens the
           # second auction"; not "second" alone, the second level uncovered in a turn)
           # (and "of the round" is where the rules list them, not the round's first auction)
           **dict.fromkeys([(nth, "auction", *of) for of in (("of", "the", "round"),
                                                              ("of", "a", "round"),
                                                              ("in", "the", "round"),
                                                              ("in", "a", "round"), ())
                            for nth in ("second", "third", "fourth", "2nd", "3rd")],
                           "next auction"),
           **{(verb, "back", *up): ("face up again" if up[0] == "face" else "up again")
              for verb in ("go", "goes", "going", "went", "come", "comes", "coming", "came",
                           "turn", "turns")
              for up in (("up",), ("face", "up"))},
           # (more "than you have" is beyond what one owns, a bid's bound: "can i bid more than
           # i got", and the rules' "You can never bid more points than you have"; "have" alone
           # is a little word)
           # (a cost asked smaller or larger asks whether it changes: "does the leader make
           # moving cost less", and the rules' "it never changes what an action costs")
           **dict.fromkeys([(cost, than) for cost in ("cost", "costs")
                            for than in ("less", "more")], "changes cost"),
           **dict.fromkeys([("cheaper",), ("more", "expensive")], "changes cost"),
           **dict.fromkeys([("than", *what, who, verb) for what in ((), ("what",))
                            for who in ("i", "you", "u", "we", "they", "he", "she")
                            for verb in ("have", "has", "got", "own")], "possess"),
           # (a card's "Solo number" is one word, not "solo": sixteen cards print one, so
           # "solo" alone weighed little and "who draws the monster when playing solo" missed
           # the solo rules; "solo number" asked is still the cards')
           ("solo", "number"): "number solo_number",
           # (what is "taken off" a score is subtracted: "what gets taken off my score at the
           # end", and the rules' "your score minus the solo numbers")
           **dict.fromkeys([(verb, "off") for verb in ("take", "takes", "taken", "took",
                                                      "taking")], "minus")},
    "pt-BR": {("dizer", "nao"): "recusar", ("falar", "nao"): "recusar",
              # (what "comes out" cheaper costs less: not a tile drawn, "sacar", "sai")
              **{(*verb, *more, price): price for verb in (("sai",), ("saem",))
                 for more in ((), ("mais",))
                 for price in ("barato", "barata", "baratos", "baratas",
                               "caro", "cara", "caros", "caras")},
              # (the last round is the rules' "Rodada final", one thing: not "final" alone, the
              # game's end, nor the "Fim da rodada" of every round)
              **dict.fromkeys([("ultima", "rodada"), ("rodada", "ultima"), ("rodada", "final")],
                              "rodada final rodada_final"),
              # ("o chefe conta mais?": is worth more, the rules' "vale 3")
              **{(verb, "mais"): "vale mais" for verb in ("conta", "contam", "contar")},
              **dict.fromkeys([(same, tile) for same in ("mesmo", "mesma")
                               for tile in ("hexagono", "peca")], "mesmo espaco"),
              # (what a thing "vira" asked "o quê" is what it becomes, the rules' "passa a
              # valer como": not "virada para baixo", turned face down, the tile rule's)
              **dict.fromkeys([(verb, *what) for verb in ("vira", "viram", "virou", "virar")
                               for what in (("o", "que"), ("o", "q"), ("oq",), ("oque",))],
                              "passa a valer"),
              # (the rules' "Próximos leilões": "quem abre o segundo leilão")
              **dict.fromkeys([(nth, "leilao", *of) for of in (("da", "rodada"),
                                                                ("na", "rodada"), ())
                               for nth in ("segundo", "terceiro", "quarto")],
                              "seguinte leilao"),
              **dict.fromkeys([("pular", "a", "vez"), ("pular", "minha", "vez"),
                               ("pular", "o", "turno"), ("pular", "meu", "turno")], "passar"),
              # (a cost asked smaller or larger asks whether it changes: "o chefe faz o
              # movimento custar menos", and the rules' "ela nunca muda o custo de uma ação")
              **dict.fromkeys([(cost, than) for cost in ("custar", "custa", "custe", "custam")
                               for than in ("menos", "mais")], "muda custo"),
              **dict.fromkeys([("mais", "barato"), ("mais", "barata"), ("mais", "caro"),
                               ("mais", "cara")], "muda custo"),
              # (mais "do que se tem", "q o q eu tenho": beyond what one owns, a bid's bound —
              # the rules' "Nunca se pode oferecer mais pontos do que se tem")
              **dict.fromkeys([(*than, *who, verb)
                               for than in (("do", "que"), ("do", "q"), ("q", "o", "q"),
                                            ("que", "o", "que"))
                               for who in ((), ("eu",), ("se",), ("voce",), ("vc",), ("ele",))
                               for verb in ("tenho", "tem", "temos", "tiver")], "possuir"),
              # (a card's "Número solo" is one word, not "solo": sixteen cards print one)
              ("numero", "solo"): "numero numero_solo"},
    "ca": {("dir", "que", "no"): "negar", ("dir", "no"): "negar",
           # ("em surt més barat": it costs me less; not a volcano that comes out, "surt")
           **{(verb, *more, price): price for verb in ("surt", "surten")
              for more in ((), ("mes",))
              for price in ("barat", "barata", "barats", "barates",
                            "car", "cara", "cars", "cares")},
           # (the last round is the rules' "Ronda final", one thing: not "final" alone, the
           # game's end, nor the "Final de la ronda" of every round)
           **dict.fromkeys([("ultima", "ronda"), ("darrera", "ronda"), ("ronda", "final")],
                           "ronda final ronda_final"),
           # (going "per dins" of a place is entering it: "passar per dins d'un volcà", and the
           # rules' "Ningú no entra mai en un volcà"; not "dins" alone, "dins del mateix torn")
           **dict.fromkeys([("per", "dins"), ("per", "dintre")], "entra"),
           **dict.fromkeys([("mateixa", "lloseta"), ("mateix", "hexagon"),
                            ("mateixa", "peca")], "mateix espai"),
           **dict.fromkeys([("saltar", "el", "torn"), ("saltar", "me", "el", "torn"),
                            ("saltar", "torn")], "passar"),
           # (the rules' "Subhastes següents": "qui obre la segona subhasta")
           **dict.fromkeys([(nth, "subhasta", *of) for of in (("de", "la", "ronda"),
                                                               ("a", "la", "ronda"), ())
                            for nth in ("segona", "tercera", "quarta")],
                           "seguent subhasta"),
           # (not having "prou", enough, is having fewer than it takes: the rules' "menys punts
           # dels que calen per superar l'oferta", Decision 5; "no" alone stays a verdict's)
           **dict.fromkeys([("no", have, "prou") for have in ("tinc", "tens", "te", "tenim")],
                           "menys calen"),
           # (a cost asked smaller or larger asks whether it changes: "el cap fa que moure's
           # costi menys", and the rules' "mai no canvia el cost d'una acció")
           **dict.fromkeys([(cost, than)
                            for cost in ("costar", "costa", "costi", "costen", "costin")
                            for than in ("menys", "mes")], "canvia cost"),
           **dict.fromkeys([("mes", "barat"), ("mes", "barata"), ("mes", "car"),
                            ("mes", "cara")], "canvia cost"),
           # ("fins i tot" is even, no "tot", all: "el meu full ja està ple del tot" met
           # Decision 5's "fins i tot quan l'últim espai l'ha omplert")
           ("fins", "i", "tot"): "inclus",
           # (més "dels que tens", "del que tinc": beyond what one owns, a bid's bound — the
           # rules' "No pots oferir mai més punts dels que tens")
           **dict.fromkeys([(than, that, verb) for than in ("del", "dels", "de")
                            for that in ("que", "q")
                            for verb in ("tinc", "tens", "te", "tenim")], "posseir")}
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

#: Words that are little after another: "on top of" and "em cima de" only say where,
#: like "on"; so does "de cima" ("linhas 1 a 11 de cima para baixo", "linha de cima"), a place
#: on the sheet: read as a word, it met the "por cima" of "da pra passar por cima dela?" (over a
#: mountain) and the sheet's description led, not the rule that says "nunca sobre uma montanha"
#: (the twenty-ninth pass). "por cima" still leaves its hint of covering (`ON_TOP`).
#: Words after which a word is a noun ("o andar", "cada andar", "segundo andar"): a
#: game's word that is also a verb ("andar", to walk) is read as its thing only here.
DETERMINERS = {
    "en": """the a an my your his her its our their this that these those each every any
        no some first second third fourth last top next other same which what""",
    "pt-BR": """o a os as um uma uns umas do da dos das no na nos nas ao aos à às pelo pela
        pelos pelas num numa meu minha meus minhas seu sua seus suas teu tua este esta
        esse essa aquele aquela cada todo toda qualquer nenhum nenhuma primeiro segundo
        terceiro quarto ultimo último proximo próximo outro outra mesmo mesma qual
        novo nova""",
    "ca": """el la els les l un una uns unes del dels al als pel pels meu meva meus meves
        seu seva seus seves teu teva aquest aquesta aquell aquella cada tot tota
        qualsevol cap primer segon tercer quart últim ultim proper altre altra mateix
        mateixa quin quina nou nova""",
}

LITTLE_AFTER = {"en": {("on", "top")}, "pt-BR": {("em", "cima"), ("de", "cima")}, "ca": set()}

#: "How does X work?" asks what the rules say of X, as "como funciona X?" and "com funciona X?"
#: do: the verb after the question word (Portuguese, Catalan) or ending a question that asks
#: how (English) is no word of the answer. The rules seldom say "work" (never of the auction),
#: so its rarity weighed enough that "how does the auction work" got "I don't know". A question's
#: alone: a phrasing "how does solo scoring work" keeps the word that "how do they work out my
#: solo rating" meets.
HOW_IT_WORKS = {"en": ("how", frozenset({"work", "works"})),
                "pt-BR": ("como", frozenset({"funciona", "funcionam"})),
                "ca": ("com", frozenset({"funciona", "funcionen"}))}


def how_it_works(words: list[str], lang: str) -> int | None:
    """The position in a question's (folded) ``words`` of its "work" in "how does X work?"
    ("como funciona X?", "com funciona X?"), no word of what it asks; None when it has none."""
    how, works = HOW_IT_WORKS[lang]
    if lang == "en":
        last = len(words) - 1
        return last if last > 0 and words[last] in works and how in words[:last] else None
    return next((at for at in range(1, len(words))
                 if words[at] in works and words[at - 1] == how), None)

#: Prepositions that a game may also declare as a thing's name (English "over": the game
#: is over): before a determiner or a number ("jump over a volcano", "over 2 turns") the
#: word only says where, as a preposition does.
PREPOSITIONS = {"en": frozenset({"over", "past", "through", "across"}),
                "pt-BR": frozenset({"sobre"}), "ca": frozenset({"sobre"})}

#: Negations typed without their apostrophe, as phones and hurried players do ("cant",
#: "dont"), and the "t" that "can't" leaves once split: they are "not", which is a key
#: (a refusal question asks what is *not* allowed).
_NOT = {"en": """cant cannot wont dont doesnt didnt isnt arent wasnt werent shouldnt couldnt
                wouldnt mustnt hasnt havent t""", "pt-BR": "", "ca": ""}
NEGATIONS = {lang: dict.fromkeys(words.split(), "not") for lang, words in _NOT.items()}

#: A minus said in words before a number ("minus 3", "menos 3", "menys 3", "negative 3"): a
#: question's number with its sign, as "-3" typed (`Words.weighted`); not after the words that
#: make it "at least" ("pelo menos 3", "ao menos 3").
MINUS_WORDS = {"en": frozenset({"minus", "negative"}),
               "pt-BR": frozenset({"menos", "negativo", "negativa"}),
               "ca": frozenset({"menys", "negatiu", "negativa"})}
_AT_LEAST = {"en": frozenset(), "pt-BR": frozenset({"pelo", "ao", "no"}),
             "ca": frozenset({"si", "com", "almenys"})}


def _signed(words: list[str], accented: list[str], lang: str) -> tuple[list[str], list[str]]:
    """``words`` (and ``accented``, the same words) with a minus said in words joined to the
    number after it as its sign: ["minus", "3"] → ["-3"] (see `MINUS_WORDS`)."""
    kept: list[str] = []
    typed: list[str] = []
    at = 0
    while at < len(words):
        word = words[at]
        if (word in MINUS_WORDS[lang] and at + 1 < len(words) and words[at + 1].isdigit()
                and not (at and words[at - 1] in _AT_LEAST[lang])):
            kept.append(MINUS + words[at + 1])
            typed.append(MINUS + words[at + 1])
            at += 2
            continue
        kept.append(word)
        typed.append(accented[at])
        at += 1
    return kept, typed


#: Words in which English says "not" and what is not at once ("it fits nowhere", "it never
#: fits", "nobody enters"), where Portuguese and Catalan keep their "not" beside the other
#: word ("não couber em lugar nenhum", "no hi cap enlloc"). A sentence holding one also holds
#: "not" when a lead is chosen (`says_not`), so "what if it doesn't fit on the edge" leads with
#: "If it fits nowhere along the edge" as "se não couber" does with "se não couber". Not in
#: the ranking: one more key in a passage lengthens it, and moved two questions naming no
#: "not" below other passages.
SAYS_NOT = {"en": frozenset({"nowhere", "never", "nothing", "nobody", "none"}),
            "pt-BR": frozenset(), "ca": frozenset()}


def says_not(text: str, lang: str) -> bool:
    """Whether ``text`` says "not" in one of the words that also say what is not (`SAYS_NOT`)."""
    return not SAYS_NOT[lang].isdisjoint(split(text))

#: Words that say the next action is not done: "not" and "without" ("pass without spending
#: any AP", "I didn't spend anything"; "passar a vez sem gastar PA", "não gastei nada"). The
#: action after one leaves a key of its own, ``#not:`` and its key (`Words.negated`), a hint
#: that only ranks: a rule and a question that say the same thing is not done meet, though
#: one says "not" and the other "without". ("Not" alone is in too many rules to tell them.)
#: Not a thing of the game after it: its term finds its rule already ("não cabe" is *fit*),
#: and the hint lifted every rule saying "se não couber" over *Nothing fits*.
NOT_DOING = {"en": frozenset({"not", "without", "never"}),
             "pt-BR": frozenset({"nao", "sem", "nunca"}),
             "ca": frozenset({"no", "sense", "mai"})}
#: Each language's "not".
NOT_WORD = {"en": "not", "pt-BR": "não", "ca": "no"}
#: How many words after "not" the action may come ("não *o* gastei", "no *he* gastat").
NOT_DOING_REACH = 2

#: A question that asks for something other than yes or no: one of these words (folded)
#: opens what it asks ("who wins", "o que acontece", "què passa"). A question without one
#: ("can I…", "posso…", "el guardià es pot moure?") wants a yes or a no.
#: (Catalan "que" and "com" are also "that" and "as": only where they ask.)
OPEN_QUESTION = {
    "en": re.compile(r"\b(?:what|whats|wat|how|who|whom|whose|when|where|which|why)\b"),
    "pt-BR": re.compile(r"\b(?:o que|oque|oq|qual|quais|quem|quando|qdo|qd|onde|como"
                        r"|quant[oa]s?|por que|porque|pq)\b"),
    "ca": re.compile(r"\b(?:qui|quan|on|quin[ae]?s?|quant[ae]?s?|per que|perque|pq|xq)\b"
                     r"|(?:^|[,;:] ?)(?:que|com)\b|\bque (?:passa|fa|faig|fem|cal)\b"),
}

#: Words (folded) with which a rule says no or sets a limit: "Nobody ever enters a volcano",
#: "never covering a mountain", "At most two levels", "Não é preciso", "només". The answer
#: to a yes-or-no question is often in the sentence holding one (see `RulesIndex.lead`).
VERDICTS = {
    "en": "not no never nobody none nothing neither nor only most",
    "pt-BR": "não nunca ninguém nenhum nenhuma nada nem só somente apenas máximo",
    "ca": "no mai ningú res ni només sols màxim",
}

#: "Why can't I…" in each language (folded, after the negations are read as "not"): the
#: question asks which rule forbids it, and a rule forbids by saying what is (only, not)
#: allowed; `ALLOWED` is that word, left as a hint that only ranks (`INNER_WEIGHT`).
WHY_NOT = {"en": re.compile(r"\bwhy\b.*\b(?:not|t|cant|cannot|dont|doesnt|wont|isnt)\b"),
           "pt-BR": re.compile(r"\b(?:por que|porque|pq|por q)\b.*\bnao\b"),
           "ca": re.compile(r"\b(?:per que|perque|pq|xq)\b.*\bno\b")}
ALLOWED = {"en": "allowed", "pt-BR": "permitido", "ca": "permet"}
#: Forms of "to be" (folded: Portuguese "é" typed without its accent is "e") and the words that
#: after one are an adjective saying `ALLOWED`: "é licito passar a vez?" (lícito, lawful, typed
#: without its accent) asks what is allowed, not "licito", I bid (*Twenty-first pass*). Not
#: before a number: "e licito 5?" is "and I bid 5?" ("e", and; "é lícito" is followed by what
#: is done, never by an amount) (*Twenty-third pass*).
BEING = {"en": frozenset(),
         "pt-BR": frozenset(["e", "eh", "seria", "sera", "era", "foi", "sao", "ser"]),
         "ca": frozenset(["es", "seria", "sera", "era", "son", "ser"])}
LAWFUL = {"en": frozenset(),
          "pt-BR": frozenset(["licito", "licita", "licitos", "licitas"]),
          "ca": frozenset(["licit", "licita", "licits", "licites"])}


#: A question asking what a thing is for, in each language (folded): "what's the point of a
#: camp", "what is the amulet for", "pra que serve o acampamento", "per a què serveix el
#: campament". Its answer is what the thing does or gives, not the limits on having one
#: ("At most one camp per turn" answers no purpose; see `RulesIndex.lead`).
PURPOSE = {
    "en": re.compile(r"\b(?:(?:what|whats|wat|wats)(?: s| is)? (?:the )?(?:point|use|purpose)"
                     r"|what good (?:is|are)|(?:what|whats|wat|wats)(?: s| is| are)?"
                     r" (?:\w+ ){1,4}for$|what (?:do|does) (?!i |we |you )(?:\w+ ){1,4}do$)"),
    "pt-BR": re.compile(r"\b(?:(?:pra|para|p) (?:que|q|oq|o que) serve|serve[m]? (?:pra|para)"
                        r" (?:que|q|oq|o que)\b|qual (?:a|e a) (?:utilidade|graca|funcao)"
                        r"|de que (?:serve|adianta))"),
    "ca": re.compile(r"\b(?:per (?:a )?(?:que|q) serveix|serveix(?:en)? per (?:a )?(?:que|q)\b"
                     r"|de que serveix|quina (?:es la )?(?:utilitat|gracia|funcio))"),
}


#: The words (folded) with which `PURPOSE` asks, not what it asks about: "wats the point of
#: building a camp" asks about building a camp ("wats" had been put right to "wait", and
#: "point" is the game's points).
PURPOSE_WORDS = frozenset([
    "what", "whats", "wat", "wats", "point", "use", "purpose", "good", "serve", "servem",
    "utilidade", "graca", "funcao", "adianta", "serveix", "serveixen", "utilitat", "gracia",
    "funcio"])


def purpose_asked(words: list[str], lang: str) -> list[int]:
    """Where in ``words`` (folded) the words stand that ask what a thing is for
    (`PURPOSE_WORDS` inside a match of `PURPOSE`); none when the question asks no purpose."""
    said = " ".join(words)
    found: list[int] = []
    for match in PURPOSE[lang].finditer(said):
        first = said[:match.start()].count(" ") if match.start() else 0
        last = first + match.group().count(" ")
        found.extend(at for at in range(first, last + 1) if words[at] in PURPOSE_WORDS)
    return found


#: Words (folded) with which a rule says what a thing lets one do or gives: "Your figures can
#: then enter the board at your camps", "suas figuras podem entrar", "poden entrar".
ABLE = {"en": "can may lets let allows allow gives give",
        "pt-BR": "pode podem permite permitem da dao",
        "ca": "pot poden permet permeten dona donen"}


def says_able(text: str, lang: str) -> bool:
    """Whether ``text`` says what a thing lets one do or gives (`ABLE`)."""
    return not set(split(text)).isdisjoint(ABLE[lang].split())


def asks_purpose(text: str, lang: str) -> bool:
    """Whether ``text`` asks what a thing is for (`PURPOSE`)."""
    return any(PURPOSE[lang].search(" ".join(split(clause))) is not None
               for clause in re.split(r"[,;:?]", text))


#: "Why…" in each language (folded): the question asks for the rule behind something.
WHY = {"en": re.compile(r"\bwhy\b"), "pt-BR": re.compile(r"\b(?:por que|porque|pq|por q)\b"),
       "ca": re.compile(r"\b(?:per que|perque|pq|xq)\b")}


def asks_why(text: str, lang: str) -> bool:
    """Whether ``text`` asks why ("why…", "it says X, why?", "pq…", "per què…")."""
    return WHY[lang].search(" ".join(split(text))) is not None


def why_not(text: str, lang: str) -> bool:
    """Whether ``text`` asks why something is not allowed ("why can't I…", "pq não posso…")."""
    return WHY_NOT[lang].search(" ".join(split(text))) is not None


#: A tie asked about ("same strength as blue, can I guard?", "empatei com o azul", "tenim la
#: mateixa força"): a rule's sentence saying "strictly greater" answers it (a tie does not
#: do), though it names no tie. The question's words for being even, and the rule's for
#: "strictly".
TIED = {"en": "tie ties tied tying same equal even", "pt-BR": """empate empates empatado
            empatada empatados empatadas empatei empatou empatamos empataram empatar mesma
            mesmo igual iguais""", "ca": """empat empats empatat empatada empatats empatades
            empatem empatar empato mateixa mateix igual iguals"""}
STRICTLY = {"en": "strictly", "pt-BR": "estritamente", "ca": "estrictament"}


def asks_tie(text: str, lang: str) -> bool:
    """Whether ``text`` asks about being even with another (`TIED`)."""
    return not set(split(text)).isdisjoint(split(TIED[lang]))


def says_strictly(text: str, lang: str) -> bool:
    """Whether ``text`` says a comparison is strict (`STRICTLY`): what a tie asks."""
    return not set(split(text)).isdisjoint(split(STRICTLY[lang]))


#: Little words that put one thing on top of another ("draw over a mountain", "em cima
#: de", "damunt d'una muntanya", "nunca sobre uma montanha"): a rule says that as covering,
#: so they leave the key of that verb as a hint that only ranks (`INNER_WEIGHT`), on both
#: sides — the rule that forbids covering a thing, not every passage naming it.
ON_TOP = {"en": {"over": "cover", "top": "cover"},
          "pt-BR": {"sobre": "cobrir", "cima": "cobrir"},
          "ca": {"sobre": "cobrir", "damunt": "cobrir"}}

#: A word, or a number with its sign: "−5" and "-3" standing on their own are negative numbers
#: ("a rating of -3" is in the row "−5 to −1", not in "0 to 9"); "B-3", "1-6" are not signed.
_WORD = re.compile(r"(?<![^\W_])[−-]\d+(?![^\W_])|[^\W_]+", re.UNICODE)
#: the sign a negative number is kept with, however it was typed (a hyphen or a minus sign)
MINUS = "-"


def is_number(word: str) -> bool:
    """Whether ``word`` (one of `split`'s) is a number, signed or not."""
    return word.removeprefix(MINUS).isdigit()

#: The noun a verb makes with "-ação" / "-ació" ("pontuação", "puntuació", "valoració") as
#: Snowball leaves its stem once the accents are folded ("pontuaca", "puntuac"): cut to the
#: verb's stem ("pontu", "puntu"), so "com es puntua?" meets "la teva puntuació" (English
#: Snowball already joins "scoring" and "score"). Not a short stem ("ação", "acció": action).
ACTION_NOUN = {"en": None, "pt-BR": re.compile(r"(?<=\w{4})ac[ao]$"),
               "ca": re.compile(r"(?<=\w{4})ac(?:ion)?$")}


#: An ending of dictionary forms that Snowball cuts off although no verb form has it as its
#: dictionary form: Catalan adjectives and nouns in -ent ("següent", next; "diferent"), whose
#: verbs' forms lemmatise to the verb ("seguint", going round, is *seguir*). Cut, "la lloseta
#: següent" met "seguint l'ordre de la taula" (both "segu"); such a word is its own key.
KEPT_WHOLE = {"en": None, "pt-BR": None, "ca": "ent"}


def _lower(text: str) -> str:
    return text.lower().replace("l·l", "ll").replace("l.l", "ll").replace("ŀl", "ll")


def fold(text: str) -> str:
    """Lower case without accents (`folded`'s, spaces kept); Catalan ``l·l`` (or
    ``l.l``) written as ``ll``."""
    return unaccented(_lower(text))


def split(text: str) -> list[str]:
    """The folded words of ``text`` (apostrophes and hyphens separate words; a minus before
    a number standing alone is its sign: "-3")."""
    return [word.replace("−", MINUS) for word in _WORD.findall(fold(text))]


def split_accented(text: str) -> list[str]:
    """The words of ``text`` lower-cased but with their accents (for the lemmas, whose
    dictionaries are written with them), one for each word of `split`."""
    return [word.replace("−", MINUS)
            for word in _WORD.findall(unicodedata.normalize("NFC", _lower(text)))]


@dataclass(frozen=True)
class Terms:
    """A game's vocabulary in one language: each term's names, as folded word tuples.

    The game declares, per term and language, the words players use for it
    (``"worker": {"en": ["worker", "explorer", "meeple"], ...}``); any of them,
    or an inflection of it (see `inflected`), is that term.
    """

    names: Mapping[str, list[tuple[str, tuple[str, ...]]]]  # first 3 letters -> (term, words)
    #: each term's own name: one word, declared first ("treasure"); its other names
    #: (synonyms, or names of several words) also give their words as inner keys
    own: frozenset[tuple[str, tuple[str, ...]]] = frozenset()
    #: words that name one thing as a noun and another as a verb: the verb's term
    #: (Portuguese "andar": a temple level, or to walk — to move), see `Words.weighted`
    verbs: Mapping[str, str] = field(default_factory=dict)
    #: each name's spellings as declared, with their accents (see `spelled_apart`)
    spellings: Mapping[tuple[str, tuple[str, ...]], frozenset[tuple[str, ...]]] = field(
        default_factory=dict)
    lang: str = "en"

    def named(self, word: str) -> bool:
        """Whether ``word`` (folded) is one of the terms' names of one word, as typed."""
        return any(name == (word,) for _, name in self.names.get(word[:3], ()))

    @classmethod
    def empty(cls) -> Terms:
        return cls({})

    @classmethod
    def declared(cls, lang: str, terms: Mapping[str, Mapping[str, Iterable[str]]],
                 verbs: Mapping[str, Mapping[str, Iterable[str]]] | None = None) -> Terms:
        """``terms``: ``{term: {lang: [names…]}}``; ``verbs``, the same for the words
        that are that term as a verb and another term's name as a noun."""
        read_as = {word: term for term, by_lang in (verbs or {}).items()
                   for word in split(" ".join(by_lang.get(lang, ())))}
        names: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        own: set[tuple[str, tuple[str, ...]]] = set()
        spellings: dict[tuple[str, tuple[str, ...]], set[tuple[str, ...]]] = {}
        for term, by_lang in terms.items():
            for number, name in enumerate(by_lang.get(lang, ())):
                words = tuple(_NUMBER_WORDS[lang].get(word, word) for word in split(name))
                if words:
                    if (term, words) not in spellings:
                        names.setdefault(words[0][:3], []).append((term, words))
                    spellings.setdefault((term, words), set()).add(tuple(split_accented(name)))
                    if number == 0 and len(words) == 1:
                        own.add((term, words))
        for found in names.values():  # the longest name first: "base camp" before "camp"
            found.sort(key=lambda entry: -len(entry[1]))
        return cls(names, frozenset(own), read_as,
                   {name: frozenset(spelled) for name, spelled in spellings.items()}, lang)

    def spelled_apart(self, name: tuple[str, tuple[str, ...]], typed: list[str]) -> bool:
        """Whether the words ``typed`` (with their accents) carry an accent on a letter that
        every declared spelling of ``name`` (term, folded words) writes plain, before the
        name's last letter: another word that folding made look like it. Portuguese "lícito"
        (allowed) is no inflection of "licita" (bids), nor Catalan "lícita"; a name declared
        without its accents as well as with them ("vulcao", "vulcão") still takes both."""
        spelled = self.spellings.get(name, frozenset())
        return bool(spelled) and all(
            any(accent_apart(word, plain, self.lang) for word, plain in zip(typed, spelling))
            for spelling in spelled)


#: the accents that mark where a word is stressed (not Portuguese "ã", "õ", nor "ç", "ü", "ï")
STRESS_MARKS = frozenset("áéíóúàèòâêô")

#: the endings of a word written without a stress mark that is stressed on its last syllable
#: (else on the one before): Portuguese "construir", "papel", "caqui"; Catalan "subhastar",
#: "camp" (Catalan "taxi", "jugues", "examen" are stressed before the last)
LAST_STRESSED = {"pt-BR": re.compile(r"(?:[iu]s?|[^aeiousmn]|[^aeo]m|[^aeo]ns)$"),
                 "ca": re.compile(r"(?:[^aeiousn]|[^aeiou]s|[^aei]n|[^aeiou]ns)$")}


def _stressed(name: str, lang: str) -> range:
    """Where ``name``, written with no stress mark, is stressed by its language's rule: the
    letters of its last run of vowels, or of the run before (English: anywhere)."""
    runs = [found.span() for found in re.finditer(r"[aeiou]+", name)]
    last = LAST_STRESSED.get(lang)
    if last is None or not runs:
        return range(len(name))
    start, end = runs[-1] if last.search(name) or len(runs) == 1 else runs[-2]
    return range(start, end)


def accent_apart(typed: str, name: str, lang: str) -> bool:
    """Whether ``typed`` is another word than ``name`` that folding made look like it: a stress
    mark on a vowel that ``name`` writes plain and is not stressed on, in the part of ``name``
    an inflection keeps (all but its last letter). Portuguese "lícito" (allowed) is no
    "licita" (bids: stressed "-ci-"), nor Catalan "lícita"; "construír", a stress mark where
    "construir" is stressed anyway, is a slip of the same word."""
    kept = name[:-1] if len(name) > 1 else name
    return len(typed) == len(fold(typed)) and any(
        letter in STRESS_MARKS and fold(letter) == plain and at not in _stressed(name, lang)
        for at, (letter, plain) in enumerate(zip(typed, kept)))


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
    # (no shorter than the name: "are" is no "area"; at most two letters more once the
    # vowel changed: "jogar" is "jogo" played, "jogador" the one who plays it, a player)
    return (len(name) >= 4 and name[-1] in "aeiou" and word.startswith(name[:-1])
            and 0 <= len(word) - len(name) <= 2)


@cache
def _stemmer(lang: str) -> Callable[[str], str]:
    stemmer = Stemmer.Stemmer(STEMMERS[lang])
    stemmer.maxCacheSize = 20000
    stem: Callable[[str], str] = stemmer.stemWord
    return stem


@cache
def _determiners(lang: str) -> frozenset[str]:
    return frozenset(split(DETERMINERS[lang]))


@cache
def _stop_words(lang: str) -> frozenset[str]:
    return frozenset(split(STOP_WORDS[lang]))


#: Words that open a yes-or-no question ("do I flip my amulet when I score", "posso passar
#: quando…", "puc passar quan…"): a question word after one of them opens a clause saying
#: when or where, not what is asked.
YES_NO_OPENERS = {
    "en": frozenset(["do", "does", "did", "can", "could", "is", "are", "was", "were", "will",
                     "would", "should", "may", "might", "must", "shall", "am", "have", "has"]),
    "pt-BR": frozenset(["posso", "pode", "podemos", "podem", "preciso", "precisa"]),
    "ca": frozenset(["puc", "pot", "podem", "poden", "cal"]),
}


#: "What if…" opens a condition, not a question asking what ("what if nobody bids, can i…").
CONDITION = {"en": ("what if",)}


def yes_or_no(text: str, lang: str) -> bool:
    """Whether ``text`` asks for a yes or a no: no question word opens what it asks, or one of
    its clauses opens as a yes-or-no question does (`YES_NO_OPENERS`) before any question
    word ("auction, i took the volcano, do i flip my amulet when i score")."""
    if OPEN_QUESTION[lang].search(" ".join(split(text))) is None:
        return True
    asked_before = False  # (an earlier clause asking what: "what's the point of camps, can…")
    for clause in re.split(r"[,;:?]", text):
        words = split(clause)
        if words and words[0] in YES_NO_OPENERS[lang]:
            return not asked_before
        said = f" {' '.join(words)} "
        for condition in CONDITION.get(lang, ()):
            said = said.replace(f" {condition} ", " ")
        asked_before |= OPEN_QUESTION[lang].search(said) is not None
    return False


#: A player's own things, as a question names them ("my other workers", "meus outros
#: peões") and as the rules address the reader ("your other figures", "suas outras
#: figuras"): little words for the ranking, but they tell "All your other figures … leave
#: the game" from "Other players' figures may stay" (see `RulesIndex.lead`).
MINE = {"en": "my mine", "pt-BR": "meu minha meus minhas",
        "ca": "meu meva meus meves"}
YOURS = {"en": "your yours", "pt-BR": "seu sua seus suas teu tua teus tuas",
         "ca": "teu teva teus teves"}


#: Other players' things as a question names them ("the others keep their workers on my
#: temple" asks about theirs, though it says "my").
THEIRS = {"en": "their theirs his her others", "pt-BR": "deles delas dele dela",
          "ca": "seu seva seus seves llur llurs"}


#: Pronouns that stand for a thing named before ("can it leave?", "e ele pode ficar lá?", "i
#: ell s'hi pot quedar?"): a question whose subject is only one of them asks about what the
#: question before it named (`RulesIndex.query`'s ``before``).
PRONOUNS = {"en": "it he she they him her them", "pt-BR": "ele ela eles elas",
            "ca": "ell ella ells elles"}


#: Object pronouns written on the verb ("posso movê-lo", "puc moure'l", "talla-la"): after a
#: hyphen or, in Catalan, an apostrophe, at a word's end.
ENCLITICS = {"en": None,
             "pt-BR": re.compile(r"\w-(?:lo|la|los|las)\b", re.IGNORECASE),
             "ca": re.compile(r"\w(?:-(?:lo|la|los|les|li|ne)|['’](?:l|ls))\b", re.IGNORECASE)}
#: Catalan's object pronouns before the verb ("la puc tallar?", "el puc moure?", "les puc
#: agafar?", "qui el posa?") are written as its articles ("la forma"): one is a pronoun before
#: a form of the verbs that carry another ("puc", "he", "vaig"), or after a word that asks or
#: denies ("qui", "no"; not "que", "quan": also "that", "when") before a word that is no
#: name of the game's things.
CLITICS = {"en": frozenset(), "pt-BR": frozenset(),
           "ca": frozenset({"el", "la", "els", "les", "l", "li"})}
CARRIERS = {"en": frozenset(), "pt-BR": frozenset(),
            "ca": frozenset(split("""puc pots pot podem podeu poden podria he has ha hem heu
                                  han haig vaig vas va vam van hauria"""))}
CLITIC_AFTER = {"en": frozenset(), "pt-BR": frozenset(),
                "ca": frozenset(split("qui on no ja tambe"))}


def refers_back(text: str, lang: str, named: Callable[[str], bool] | None = None) -> bool:
    """Whether ``text`` holds a pronoun standing for a thing named before (`PRONOUNS`), or
    an object pronoun (`names_by_object`)."""
    return (not set(split(text)).isdisjoint(split(PRONOUNS[lang]))
            or names_by_object(text, lang, named))


def names_by_object(text: str, lang: str, named: Callable[[str], bool] | None = None) -> bool:
    """Whether ``text`` stands for a thing by an object pronoun: on the verb (`ENCLITICS`:
    "posso movê-lo", "puc moure'l") or, in Catalan, before it (`CLITICS`: "el puc moure?").
    ``named``: whether a word is a name of one of the game's things, which an article, not a
    pronoun, comes before ("qui la forma?" is not "qui la posa?")."""
    enclitic = ENCLITICS[lang]
    if enclitic is not None and enclitic.search(text):
        return True
    words = split(text)
    clitics, carriers, after = CLITICS[lang], CARRIERS[lang], CLITIC_AFTER[lang]
    return any(word in clitics and at + 1 < len(words) and (
        words[at + 1] in carriers
        or (at and words[at - 1] in after and words[at + 1] not in _determiners(lang)
            and not (named is not None and named(words[at + 1]))))
        for at, word in enumerate(words))


def asks_of_mine(text: str, lang: str) -> bool:
    """Whether ``text`` asks about something of the asker's own ("my other workers"), not
    about other players' ("their workers on my temple")."""
    words = set(split(text))
    return not words.isdisjoint(split(MINE[lang])) and words.isdisjoint(split(THEIRS[lang]))


#: "Other" in each language: a question about other players' things ("can the others still
#: walk in", "os outros podem entrar") unless it follows "my" ("my other workers"); a rule
#: about them ("Other players' figures may stay") unless it follows "your".
OTHERS = {"en": "other others", "pt-BR": "outro outra outros outras",
          "ca": "altre altra altres"}


def _other_after(text: str, lang: str, owner: str) -> bool:
    """Whether ``text`` says "other" not right after one of ``owner``'s words."""
    words, others, owners = split(text), split(OTHERS[lang]), split(owner)
    return any(word in others and not (at and words[at - 1] in owners)
               for at, word in enumerate(words))


def asks_of_others(text: str, lang: str) -> bool:
    """Whether ``text`` asks about other players' things ("can other people walk in")."""
    return _other_after(text, lang, MINE[lang])


def says_others(text: str, lang: str) -> bool:
    """Whether ``text`` says something of other players' ("Other players' figures…")."""
    return _other_after(text, lang, YOURS[lang])


def says_yours(text: str, lang: str) -> bool:
    """Whether ``text`` addresses the reader's own things ("All your other figures")."""
    return not set(split(text)).isdisjoint(split(YOURS[lang]))


def says_no(text: str, lang: str) -> bool:
    """Whether ``text`` holds a word with which a rule says no or sets a limit."""
    negations = NEGATIONS[lang]
    return any(negations.get(word, word) in _verdicts(lang) for word in split(text))


@cache
def _verdicts(lang: str) -> frozenset[str]:
    return frozenset(split(VERDICTS[lang]))


def language_of(text: str) -> str | None:
    """The language ``text`` is most likely in, by its little words that only that
    language has ("posso", "puc", "the"); None when they do not tell (a question asked
    without naming its language: ``bgbot ask GAME "posso…"``)."""
    words = split(text)
    found = {lang: sum(word in _own_little_words(lang) for word in words)
             for lang in STOP_WORDS}
    best = max(found.values())
    winners = [lang for lang, count in found.items() if count == best]
    return winners[0] if best and len(winners) == 1 else None


def vocabulary_of(text: str, lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """``text``'s folded words, and their Snowball stems in ``lang`` (no lemmas, no terms):
    what telling a question's language by the words a game's pages use needs, cheaply."""
    words = frozenset(split(text))
    stem = _stemmer(lang)
    return words, frozenset(stem(word) for word in words)


def known_in(text: str, vocabularies: Mapping[str, tuple[frozenset[str], frozenset[str]]]
             ) -> str | None:
    """The language whose ``vocabularies`` (words and stems, see `vocabulary_of`) or little
    words hold the most of ``text``'s words, counting only words not known in every
    language; None on a tie or when none is known ("com guanyo": "com" is little in Catalan
    and Portuguese, "guanyo" only a Catalan page's). A word written so in one language only
    is that language's, though its stem is another's too (Catalan "desempat", Portuguese
    "desempate")."""
    found = dict.fromkeys(vocabularies, 0)
    for word in split(text):
        knows = [lang for lang, (words, _) in vocabularies.items()
                 if word in words or word in _stop_words(lang)] or [
            lang for lang, (_, stems) in vocabularies.items() if _stemmer(lang)(word) in stems]
        if len(knows) < len(vocabularies):
            for lang in knows:
                found[lang] += 1
    best = max(found.values(), default=0)
    winners = [lang for lang, count in found.items() if count == best]
    return winners[0] if best and len(winners) == 1 else None


@cache
def _own_little_words(lang: str) -> frozenset[str]:
    others = set().union(*(_stop_words(other) for other in STOP_WORDS if other != lang))
    return _stop_words(lang) - others


def in_phrases(words: list[str], lang: str) -> set[int]:
    """Where ``words`` (folded) say one of the language's `SAME_PHRASES`: words of the language
    there, never a slip for a page's word (Catalan "prou", enough, is no "preu", price: "no
    tinc prou punts" is having fewer than it takes). Only inside a phrase: "cara" alone may
    still be a slip."""
    phrases = SAME_PHRASES[lang]
    found: set[int] = set()
    for at, word in enumerate(words):
        for phrase in phrases:
            if phrase[0] == word and tuple(words[at:at + len(phrase)]) == phrase:
                found.update(range(at, at + len(phrase)))
    return found


def _phrases_joined(words: list[str], accented: list[str], lang: str
                    ) -> tuple[list[str], list[str]]:
    """``words`` (and their ``accented`` forms) with each phrase of `SAME_PHRASES` as its
    one word."""
    phrases = SAME_PHRASES[lang]
    if not any(word == phrase[0] for word in words for phrase in phrases):
        return words, accented
    joined: list[str] = []
    typed: list[str] = []
    at = 0
    while at < len(words):
        for phrase, meant in phrases.items():
            if tuple(words[at:at + len(phrase)]) == phrase:
                joined.extend(meant.split())  # (one word, or the rules' own few)
                typed.extend(meant.split())
                at += len(phrase)
                break
        else:
            joined.append(words[at])
            typed.append(accented[at])
            at += 1
    return joined, typed


#: Turning a thing over, said with "turn" and a particle a few words on ("turn their amulet
#: down", "turns their amulet face down", "All amulets turn face up again"): the verb is
#: `FLIPPED`'s word there, as a player says it ("does my amulet get flipped"). Not "turn"
#: alone (a game's turn, a tile's rotation), nor "turn down" said together (`SAME_PHRASES`:
#: refusing) — so no `SAME_MEANING` group. English only: Portuguese "virar" and Catalan
#: "girar" are already the players' words for it.
TURN_VERBS = frozenset({"turn", "turns", "turned", "turning"})
TURNED_TO = frozenset({"down", "up", "over"})
#: (at most this many words between the verb and its particle: "turn their amulet down"; the
#: first of them a thing turned, or "face": "your turn is over" is no turning over)
TURNED_WITHIN = 3
TURNED_THING = frozenset({"face", "their", "your", "my", "his", "her", "its", "our", "the",
                          "it", "them", "all", "a", "an", "this", "that"})
FLIPPED = {"en": "flip"}


def _turned_over(words: list[str], accented: list[str], lang: str
                 ) -> tuple[list[str], list[str]]:
    """``words`` (and ``accented``) with a "turn" that turns something over read as
    `FLIPPED`'s word: its particle a word or more on, the first word between a thing turned or
    "face". (Not a passive "no amulet is turned", with no particle: read as flipping too, the
    volcano rule's opening said "flip" as well as its last sentence, and led "if I take a
    volcano does my amulet get flipped" again — docs/ask.md, *Twenty-third pass*.)"""
    flip = FLIPPED.get(lang)
    if flip is None or not TURN_VERBS.intersection(words):
        return words, accented
    words, accented = list(words), list(accented)
    for at, word in enumerate(words):
        if word not in TURN_VERBS:
            continue
        after = words[at + 1:at + 2 + TURNED_WITHIN]
        particle = next((n for n, next_word in enumerate(after) if next_word in TURNED_TO),
                        None)
        if particle is not None and particle > 0 and after[0] in TURNED_THING:
            words[at] = accented[at] = flip
    return words, accented


@cache
def _same_meaning(lang: str) -> dict[str, str]:
    return {word: split(group)[0] for group in SAME_MEANING[lang] for word in split(group)}


@lru_cache(maxsize=200_000)
def _lemma(word: str, game: str | None, lang: str) -> str:
    """The word's dictionary form in ``game``'s lemmas, folded (itself when they do not
    know it, or no game is known)."""
    return fold(lemma(word, game, lang) if game is not None else word)


class Words:
    """Turns text of one language into search keys, knowing one game's terms."""

    def __init__(self, lang: str, terms: Terms, ignored: Iterable[str] = (),
                 game: str | None = None) -> None:
        self.lang = lang
        self.game = game  # whose lemma tables (`boardgamesbot.help.lemmas`) to read
        self.terms = terms
        self.stop_words = _stop_words(lang) | frozenset(ignored)
        self.labels = frozenset(split(LABELS[lang]))
        self.stem = _stemmer(lang)

    def keys(self, text: str | list[str]) -> list[str]:
        """The keys of ``text`` in order: ``§term`` for the game's terms, stems otherwise."""
        return [key for key, weight in self.weighted(text) if weight == 1.0]

    def weighted(self, text: str | list[str], accented: list[str] | None = None,
                 amounts: bool = True) -> list[tuple[str, float]]:
        """The keys of ``text`` in order, each with its weight: 1, or `INNER_WEIGHT` for
        the words inside a term's name (``§goblin_attack`` also gives ``goblin``).
        ``text`` may be its folded words, with ``accented`` the same words unfolded. Numbers
        keep their sign as `_number` reads it: the rules' text with ``amounts``, a question's
        without."""
        if isinstance(text, str):
            words, accented = split(text), split_accented(text)
        else:
            words, accented = text, accented or text
        if len(accented) != len(words):  # (a letter that folding splits: rare)
            accented = words
        words, accented = _turned_over(words, accented, self.lang)
        words, accented = _phrases_joined(words, accented, self.lang)
        numbers, same = _NUMBER_WORDS[self.lang], _same_meaning(self.lang)
        negations = NEGATIONS[self.lang]
        words = [negations.get(word) or numbers.get(word, word) for word in words]
        accented = [negations.get(typed, typed) for typed in accented]
        if not amounts:  # (a question: "minus 3" is -3; the rules write their signs)
            words, accented = _signed(words, accented, self.lang)
        comparative, nearest = NEAREST[self.lang]
        for at, word in enumerate(words):
            if (at and word in LAWFUL[self.lang] and words[at - 1] in BEING[self.lang]
                    and not (at + 1 < len(words) and is_number(words[at + 1]))):
                words[at] = accented[at] = ALLOWED[self.lang]
                continue
            if at and word in nearest and words[at - 1] in (comparative, same.get(comparative)):
                continue
            # (by its dictionary form only when not a thing's name as typed: Brazilian "os
            # caras" are the workers, though "caras" is also "caro", expensive)
            meant = same.get(word) or (not self.terms.named(word) and same.get(
                _lemma(accented[at], self.game, self.lang)))
            if meant:
                words[at] = accented[at] = meant
        keys: list[tuple[str, float]] = []
        determiners = _determiners(self.lang)
        at = 0
        while at < len(words):
            # a word that is a thing as a noun and an action as a verb is the verb unless
            # a determiner comes before it or it begins a longer name ("posso andar pela
            # selva": to move; "o andar", "andar de templo": a temple level)
            verb = self.terms.verbs.get(words[at])
            if verb and not (at and (words[at - 1] in determiners or is_number(words[at - 1]))
                             ) and all(len(name) == 1 for _, name in self._names(words, at)):
                keys.append(("§" + verb, 1.0))
                at += 1
                continue
            # the longest declared name starting here wins ("base camp" over "camp"), and
            # a name as typed before another's inflection ("montar" is to build, though
            # it could be "monte", a pile, with its vowel changed)
            if (words[at] in PREPOSITIONS[self.lang] and at + 1 < len(words)
                    and (words[at + 1] in determiners or is_number(words[at + 1]))):
                keys.extend(self._on_top(words[at]))  # (a little word here)
                at += 1
                continue
            for term, name in self._names(words, at, accented):
                size = len(name)
                keys.append(("§" + term, 1.0))
                if (term, name) not in self.terms.own:
                    keys.extend((self._stem(words[i], accented[i]), INNER_WEIGHT)
                                for i in range(at, at + size)
                                if words[i] not in self.stop_words and len(words[i]) > 1)
                at += size
                break
            else:
                word = words[at]
                if not (self._little(word, accented[at])
                        or (at and (words[at - 1], word) in LITTLE_AFTER[self.lang])):
                    keys.extend(self._number(words, at, amounts) if is_number(word)
                                else [(self._stem(word, accented[at]), 1.0)])
                elif len(word) > 1:
                    keys.extend(self._on_top(word))
                elif len(word) == 1 and at and self._labelled(words, at):
                    keys.append((word, 1.0))  # "grup A": the group's letter
                at += 1
        return keys

    def _labelled(self, words: list[str], at: int) -> bool:
        """Whether the single letter ``words[at]`` names a thing by its letter: after a word
        that labels things, also after its plural when letters are listed ("decretos A e B":
        the Portuguese season card line lost edict A to the article "a", and "o decreto A
        pontua em quais estacoes" found its seasons third)."""
        before = words[at - 1]
        if before in self.labels:
            return True
        # (after a plural only in a list of letters: "cards a player holds" has an article)
        return (before.endswith("s") and before[:-1] in self.labels and at + 2 < len(words)
                and words[at + 1] in LISTING[self.lang] and len(words[at + 2]) == 1)

    def _number(self, words: list[str], at: int, amounts: bool) -> list[tuple[str, float]]:
        """The keys of the number ``words[at]``. Its sign is read where it tells values apart:
        in a range the rules state ("−5 to −1": a rating of -3 is there, not in "0 to 9") and
        in a question ("-3", its size only ranking). A lone negative number of the rules is the
        amount it takes away ("−1 per empty space": one star lost, "do I lose 1 star?")."""
        word = words[at]
        if not word.startswith(MINUS):
            return [(word, 1.0)]
        if not amounts:
            return [(word, 1.0), (word[1:], INNER_WEIGHT)]
        ranged = any(map(is_number, words[max(at - 2, 0):at] + words[at + 1:at + 3]))
        return [(word, 1.0)] if ranged else [(word[1:], 1.0)]

    def negated(self, text: str) -> list[str]:
        """The keys of the actions ``text`` says are not done (`NOT_DOING`), as ``#not:``
        keys: the first word after "not" or "without" that is a key of its own."""
        words = [NEGATIONS[self.lang].get(word, word) for word in split(text)]
        accented = split_accented(text)
        if len(accented) != len(words):
            accented = words
        found: list[str] = []
        for at, word in enumerate(words):
            if word not in NOT_DOING[self.lang]:
                continue
            after = slice(at + 1, at + 1 + NOT_DOING_REACH)
            action = next((key for key, weight in self.weighted(words[after], accented[after])
                           if weight == 1.0), None)
            if action is not None and not action.startswith("§"):
                found.append(f"#not:{action}")
        return found

    def _on_top(self, word: str) -> list[tuple[str, float]]:
        """The covering hint of a little word that puts a thing on another (`ON_TOP`)."""
        meant = ON_TOP[self.lang].get(word)
        return [(self._stem(meant, meant), INNER_WEIGHT)] if meant else []

    def _names(self, words: list[str], at: int, accented: list[str] | None = None
               ) -> list[tuple[str, tuple[str, ...]]]:
        """The declared names that the words from ``at`` on are (or inflect), best first;
        with the words as typed (``accented``), not a name they are spelled apart from
        (`Terms.spelled_apart`)."""
        found = [(term, name) for term, name in self.terms.names.get(words[at][:3], ())
                 if at + len(name) <= len(words)
                 and all(map(inflected, words[at:at + len(name)], name))
                 and not (accented and self.terms.spelled_apart(
                     (term, name), accented[at:at + len(name)]))]
        found.sort(key=lambda entry: (-len(entry[1]), tuple(words[at:at + len(entry[1])])
                                      != entry[1]))
        return found

    def counted(self, text: str, asking: Mapping[str, re.Pattern[str]] = HOW_MANY
                ) -> str | None:
        """The thing a question asks to count, as a count key (``#§volcano`` for "how
        many volcano tiles"), or None when it asks for no count; with ``asking`` = `AS_MANY`,
        the thing a rules text counts without a number."""
        found = asking[self.lang].search(fold(text))
        if not found and asking is HOW_MANY and VALUE_ASKED[self.lang].search(fold(text)):
            found = EACH[self.lang].search(fold(text))  # ("what is each coin worth")
        if found:
            for key, weight in self.weighted(found.group(1)):
                if weight == 1.0 and not is_number(key):
                    return "#" + key
        return None

    @staticmethod
    def counts(keys: list[tuple[str, float]]) -> list[str]:
        """The count keys of a passage: ``#§volcano`` for "3 volcanoes" (a number and the
        next key after it)."""
        plain = [key for key, weight in keys if weight == 1.0]
        found: list[str] = []
        for at, number in enumerate(plain[:-1]):
            after = plain[at + 1]
            if after in RATE and at + 2 < len(plain):
                after = plain[at + 2]  # ("+1 per coin": a count of coins)
            if is_number(number) and not is_number(after):
                found.append("#" + after)
        return found

    def _little(self, word: str, accented: str) -> bool:
        """Whether ``word`` is a little word of the language, or a form of one (Portuguese
        "sou" and "seja" are "ser", Catalan "pots" is "poder")."""
        return word in self.stop_words or (
            not is_number(word) and _lemma(accented, self.game, self.lang) in self.stop_words)

    def _stem(self, word: str, accented: str) -> str:
        if is_number(word):
            return word
        dictionary_form = _lemma(accented, self.game, self.lang)
        kept = KEPT_WHOLE[self.lang]
        if kept is not None and dictionary_form.endswith(kept):
            return dictionary_form
        stem = self.stem(dictionary_form)
        noun = ACTION_NOUN[self.lang]
        return noun.sub("", stem) if noun is not None else stem
