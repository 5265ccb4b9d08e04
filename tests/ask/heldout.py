"""Rules questions held out from tuning: written after the search was tuned, and
never used to change it, so their score says how the search does on questions it
has not seen (the main set, `questions.py`, was also the tuning set).

Same form as `questions.QUESTIONS`. Do not tune the search or the synonym tables
on these; when they are used up (looked at to fix things), write new ones.
"""

HELD_OUT = {
    "tikal": [
        ("en", "how many workers does each player get", ["18 workers"]),
        ("en", "does my leader count more for majority", ["leader is worth 3"]),
        ("en", "can i put a camp on a temple", ["jungle clearing or an emptied treasure tile"]),
        ("en", "how much does it cost to dig up a treasure", ["Recover a treasure (3 AP)"]),
        ("en", "what if nobody bids in an auction round", ["first player who passed plays for free"]),
        ("en", "can i exchange treasures without having a figure there", ["No figure is needed"]),
        ("en", "how many volcano tiles are there", ["3 volcanoes"]),
        ("en", "whats the highest a temple can go", ["reach 10 at most"]),
        ("pt-BR", "quanto custa colocar um explorador no tabuleiro", ["Colocar uma figura no jogo — 1"]),
        ("pt-BR", "posso ter mais de dois guardioes", ["No máximo dois Guardiões"]),
        ("pt-BR", "o guardiao pode se mover depois", ["nunca mais se move"]),
        ("pt-BR", "quantas fichas de tesouro existem", ["24 fichas de Tesouro"]),
        ("pt-BR", "posso desenterrar 2 tesouros com um so explorador", ["uma figura sua ali para cada ficha"]),
        ("pt-BR", "no leilao quem paga o lance", ["O último que sobrar paga o lance"]),
        ("pt-BR", "o vulcao tem blocos de pedra?", ["Os Vulcões não têm nenhum"]),
        ("pt-BR", "o turno acaba quando acabam os PA?", ["termina sozinho"]),
        ("ca", "quants exploradors té cada jugador", ["18 exploradors"]),
        ("ca", "puc posar un campament on ja n'hi ha un", ["que encara no tingui campament"]),
        ("ca", "els tresors es poden canviar per un del mateix tipus?", ["no es pot canviar un tresor per un altre del mateix tipus"]),
        ("ca", "quantes llosetes de terreny hi ha", ["36 llosetes de terreny"]),
        ("ca", "quan acaba la partida", ["Quan s'ha col·locat l'última lloseta"]),
        ("ca", "els altres poden puntuar un temple amb guardià meu", ["només tu en puntues"]),
        ("ca", "puc ofertar mes punts dels que tinc", ["No pots oferir mai més punts dels que tens"]),
        ("ca", "quant costa moure entre campaments", ["Anar d'un campament a un altre — 1"]),
    ],
    "cartographers": [
        ("en", "how many seasons are there", ["four seasons"]),
        ("en", "what does the coin track do at the end of a season", ["+1 per coin"]),
        ("en", "can a shape go outside the map", ["inside the map"]),
        ("en", "which scoring card counts the largest square", ["Lost Barony"]),
        ("en", "how do i score greenbough", ["1 per column with at least one forest"]),
        ("en", "in solo who places the monster", ["the game draws the monster for you"]),
        ("en", "does rift lands cost any time", ["Rift Lands (time 0"]),
        ("en", "what is the solo number of the cauldrons", ["Solo number: 20", "Cauldrons"]),
        ("pt-BR", "quantas moedas tem a trilha", ["14 moedas"]),
        ("pt-BR", "o inverno dura quanto tempo", ["Inverno (6"]),
        ("pt-BR", "como pontua o lago do canal", ["1 estrela por espaço de água vizinho a uma fazenda"]),
        ("pt-BR", "quantas montanhas tem o lado A", ["5 montanhas e 6 ruínas"]),
        ("pt-BR", "a forma precisa encostar no que eu ja desenhei?", ["não precisa encostar"]),
        ("pt-BR", "quantas estrelas da a terras fronteiricas", ["6 estrelas por linha ou coluna"]),
        ("pt-BR", "a cilada volta pro baralho na proxima estacao?", ["continua no baralho"]),
        ("pt-BR", "o monstro da cilada precisa cobrir ruina?", ["nunca precisa cobrir ruínas"]),
        ("ca", "quantes cartes d'exploracio hi ha", ["13 cartes d'exploració"]),
        ("ca", "com es puntua el graner daurat", ["3 per espai de granja dibuixat sobre un espai de ruïnes"]),
        ("ca", "que passa al final de l'hivern", ["guanya qui té més estrelles"]),
        ("ca", "puc veure que dibuixen els altres abans de triar", ["no veus què han triat els altres"]),
        ("ca", "quin es el titol amb 15 punts en solitari", ["Journeyman Topographer"]),
        ("ca", "quantes estrelles dona la porta de l'escut", ["2 estrelles per espai del teu segon grup"]),
        ("ca", "la cara B te espais erms?", ["7 espais erms"]),
        ("ca", "qui es queda la moneda si el monstre d'un altre envolta la meva muntanya", ["va sempre al propietari del full"]),
    ],
}
