"""Rules questions and 'why' in chat: the conversation core over a recording transport, the
real service on SQLite (the same harness as tests/chat/test_conversation.py)."""

from __future__ import annotations

from chat.test_conversation import ANA, BOB, legal, run, until


@run
async def test_a_rules_question_is_answered_in_the_chats_language(conversation, net, say,
                                                                  service):
    await say(ANA, "new tikal")
    await say(ANA, "lang pt-BR")
    answer = await say(ANA, "? posso passar por cima de um vulcao")
    # the sentence that answers on the first line, then the passage it stands in
    assert answer.startswith("» Ninguém pode entrar em um Vulcão.\n\n📖 Movimento (Ações)\n")
    assert "regras mais" in answer                     # the next answers are offered
    more = await say(BOB, "regras mais")  # (the auction's volcano rule, marked: 🔀)
    assert more.startswith(("📖 ", "» ", "🔀 ")) and more != answer
    unknown = await say(BOB, "rules quem ganhou a copa do mundo")
    assert "Não sei" in unknown and "as regras nunca dizem 'copa, mundo'" in unknown, unknown
    # the table set up here plays the basic game: its scoring answers, not the auction's
    # "Seus pontos são seu dinheiro"; asked in one word ("pontos") that one follows every answer
    # of the basic game (twenty-third pass), asked in more it follows the first, marked as the
    # other variant's
    points = await say(BOB, "? como faco pontos")
    assert points.startswith("📖 Contagem") and "Seus pontos são seu dinheiro" not in points
    more_points = await say(BOB, "? como faco pra ganhar mais pontos")
    assert not more_points.startswith("🔀") and "Seus pontos são seu dinheiro" in more_points
    next_one = await say(BOB, "regras mais")
    assert next_one.startswith("🔀 Só na variante com leilão:\n") and (
        "📖 Seus pontos são seu dinheiro" in next_one), next_one
    # a question about what only the auction has is told so first, then its rule answers
    bid = await say(BOB, "? posso dar lance d zero?")
    assert bid.startswith("ℹ️ Esta mesa joga o jogo básico: dar lance é só da variante com "
                          "leilão.\n🔀 Só na variante com leilão:\n") and "Decisão 4" in bid, bid
    assert not (await say(BOB, "regras mais")).startswith("ℹ️")  # (said once)


@run
async def test_rules_topics_still_work_and_a_question_needs_a_game(conversation, net, say,
                                                                   service):
    assert "Topics" in await say(BOB, "rules cartographers")
    assert "Which game" in await say(BOB, "? can i flip a shape")
    answer = await say(BOB, "rules cartographers can i flip a shape")
    # (the lead of a long sentence starts at its clause that answers)
    assert answer.startswith("» … turn and/or flip the shape") and "flip" in answer.splitlines()[0]
    assert "\n\n📖 2. Draw (A turn)\n" in answer
    said = [await say(ANA, "rules cartographers more") for _ in range(5)]
    assert said[0].startswith(("📖 ", "» ")) and "No more answers" in said[-1]


@run
async def test_why_explains_a_refusal_with_its_rule(conversation, net, say, service):
    await say(ANA, "new tikal")
    await say(BOB, "join")
    await say(ANA, "start")
    await until(lambda: any("Your turn, @Ana" in t for t in net.texts("room")))
    refused = await say(BOB, "why enter L A6")        # Bob's turn has not come
    assert refused.startswith("🚫 ") and "The rule (A turn)" in refused
    await say(ANA, "lang pt-BR")                       # the table's creator sets the chat's
    said = await say(ANA, "porque enter L A6")         # language; Portuguese aliases too
    assert "A regra (O turno)" in said and "Saque e coloque um hexágono" in said
    first = (await legal(service, conversation, 0))[0]
    assert "permitido agora" in await say(ANA, "why " + first)
    assert first in await legal(service, conversation, 0), "asking why played nothing"
    assert "Qual ação" in await say(BOB, "why")


@run
async def test_a_question_in_another_language_is_answered_in_its_own(conversation, net, say,
                                                                     service):
    """A Brazilian friend in an English chat asks in Portuguese: the answer is the
    Portuguese rule (searched in English it was "I don't know"), its title said once."""
    await say(ANA, "new tikal")
    answer = await say(BOB, "? posso passar por cima de um vulcao")
    assert answer.startswith("» Ninguém pode entrar em um Vulcão.\n\n📖 Movimento (Ações)\n")
    assert "regras mais" in answer
    more = await say(BOB, "rules more")  # the next answer: Portuguese throughout (the basic
    # game's volcano drawn; the auction's volcano rule, which says nothing more of the question,
    # follows this table's rules: twenty-third pass)
    assert more.startswith("📖 Saque de um Vulcão") and "regras mais" in more \
        and "rules more" not in more
    decision = await say(BOB, "rules decision 4")
    assert decision.startswith("📖 Decision 4\n") and decision.count("Decision 4") == 1


@run
async def test_a_short_question_in_another_language_is_answered_in_its_own(conversation, net,
                                                                           say, service):
    """A short "com guanyo?" has no little word of Catalan alone ("com" is Portuguese too): the
    words the game's rules use in Catalan only tell it, and it is answered in Catalan."""
    await say(ANA, "new tikal")
    answer = await say(BOB, "? com guanyo?")
    assert "📖 Final de la partida i empats" in answer and "regles més" in answer


@run
async def test_a_topic_or_word_from_another_language_is_shown_in_it(conversation, net, say,
                                                                    service):
    """In a Brazilian group an English-speaking friend asks for "setup" (an English heading
    the Portuguese page calls "Preparação") and "volcano" (too short to tell its language):
    each is found in English and shown in English, not "I don't know"."""
    await say(ANA, "new tikal")
    await say(ANA, "lang pt-BR")
    setup = await say(BOB, "rules tikal setup")
    assert setup.startswith("Setup\n\n"), setup
    volcano = await say(BOB, "rules tikal volcano")
    assert volcano.startswith("📖 ") and "volcano" in volcano.lower(), volcano
    assert "rules more" in volcano                       # English around it, too
    assert (await say(BOB, "regras tikal preparação")).startswith("Preparação\n\n")
    assert "Não sei" in await say(BOB, "rules tikal zzzz")


def _heading_words(game: str, lang: str) -> set[str]:
    import re

    from boardgamesbot.help import help_page

    headings = [line.lstrip("#").strip() for line in help_page(game, lang).splitlines()
                if line.startswith("#")]
    return {word for line in headings for word in re.findall(r"\w[\w'·-]*", line)} | set(
        headings)


@run
async def test_no_rules_reply_is_longer_than_a_phone_screen(conversation, net, say, service):
    """`rules GAME WORD` for every word of every heading (and every whole heading) of both
    games' pages, in all three languages, and the bare `rules GAME`: each reply within one
    phone screen
    (`chat.rules.PHONE`); what a long passage leaves for `rules more` fits too."""
    from boardgamesbot.chat import i18n
    from boardgamesbot.chat.basics import Person, Place
    from boardgamesbot.chat.rules import PHONE

    asked = 0
    for lang in ("en", "pt-BR", "ca"):
        place, person = Place("test", f"dm-{lang}", direct=True), Person(f"p-{lang}", "P", lang)
        for game in ("tikal", "cartographers"):
            for words in ["", *sorted(_heading_words(game, lang)), "more", "more"]:
                before = len(net.texts(place.chat_id))
                text = f"rules {game} {words}".strip()
                await conversation.handle_text(place, person, text, f"{lang}{game}{asked}")
                asked += 1
                said = "\n".join(net.texts(place.chat_id)[before:])
                assert said and len(said) <= PHONE, (text, len(said), said)
                assert i18n.text(lang, "chat.failed") not in said, (text, said)
    assert asked > 200


@run
async def test_a_long_section_is_offered_by_its_topics(conversation, net, say, service):
    cards = await say(BOB, "rules cartographers the scoring cards")
    assert "too long for one message" in cards and "• Forest deck" in cards
    assert "Sentinel Wood" not in cards and len(cards) <= 800
    first = await say(BOB, "rules more")       # the section itself, piece by piece
    assert first.startswith("📖 The scoring cards\n") and "More: Decision 10 ·" in first
    deck = await say(BOB, "rules cartographers forest deck")   # short: whole
    assert deck.startswith("Forest deck\n\n• Sentinel Wood: ") and "\n• Greenbough" in deck
    # (the network gets the section as written too, to format it: lists, bold, tables)
    assert "- **Sentinel Wood:**" in net.texts("room")[-1].markdown
    actions = await say(BOB, "rules tikal actions")  # a row summing up a paragraph: once
    assert "• Build a camp (5 AP)" in actions and "• Build a camp\n" not in actions
    card = await say(BOB, "rules cartographers greenbough")
    assert card.startswith("📖 Greenbough") and "forest" in card.lower()
    several = await say(BOB, "rules cartographers cards")  # three headings hold 'cards'
    assert "• The explore cards" in several and "• The scoring cards" in several
    assert "Sentinel Wood" not in several
    goal = await say(BOB, "rules cartographers goal")       # short: whole
    assert goal.startswith("The goal\n\n")
    placed = await say(BOB, "rules tikal place a guard")     # a passage by its title
    assert placed.startswith("📖 Place a guard (5 AP)")


def test_a_passage_longer_than_a_screen_goes_on_with_rules_more():
    """Decisió 9 (760 characters) with further answers offered does not fit: it is cut at
    a sentence and its rest is the next answer, marked as going on."""
    from boardgamesbot.chat.rules import PHONE, answer, answer_text
    from boardgamesbot.help import help_page
    from boardgamesbot.help.passages import passages

    pieces = passages(help_page("cartographers", "ca"))
    nine = next(p for p in pieces if p.title == "Decisió 9")
    others = [answer(p) for p in pieces if p.decision in (6, 8)]
    first, coming = answer_text("ca", answer(nine), others)
    assert first.startswith("📖 Decisió 9\n") and len(first) <= PHONE
    assert "Més: Decisió 9 (…) —" in first and first.splitlines()[1].endswith(".")
    assert "primera posició que funciona" not in first and coming[1:] == others
    rest, after = answer_text("ca", coming[0], coming[1:])
    assert rest.startswith("📖 Decisió 9 (…)\n") and "primera posició que funciona" in rest
    assert after == others
    whole = nine.text.split(": ", 1)[1]
    assert first.split("\n")[1] + " " + rest.split("\n")[1] == whole


@run
async def test_a_question_in_the_players_words_is_answered_in_its_language(conversation, net,
                                                                         say, service):
    """"guardar pontos" is no rule's wording (and "guardar" is not the guard): the game's
    phrasings bring the rule; an English chat, a Portuguese question, a Portuguese rule."""
    await say(ANA, "new tikal")
    answer = await say(BOB, "? posso guardar pontos de ação pro próximo turno?")
    assert answer.startswith("» Os PA não usados são perdidos: nunca passam")
    assert "\n\n📖 Gaste 10 Pontos de Ação (PA)" in answer
    assert "I don't know" in await say(BOB, "? me empresta um guarda-chuva?")


def test_the_lead_opens_the_reply_and_a_passage_going_on_does_not_repeat_it():
    """The sentence that answers is the reply's first line (a phone shows that); a passage
    cut to fit goes on with 'rules more' without saying the lead again; every reply stays
    within a phone's screen."""
    from dataclasses import replace

    from boardgamesbot.chat.rules import PHONE, answer_text
    from boardgamesbot.help.search import ask

    reply = ask("tikal", "les figures dels altres es poden quedar al temple del meu guardia?",
                "ca")
    first, *rest = reply.answers
    said, coming = answer_text("ca", first, rest)
    assert said.splitlines()[0] == f"» {first.lead}" and len(said) <= PHONE
    assert said.splitlines()[2] == f"📖 {first.title} ({first.source})"
    # the same answer made too long for a screen: cut, and its rest keeps no lead
    long = replace(first, text=first.text + " " + " ".join([first.text] * 4))
    said, coming = answer_text("ca", long, rest)
    assert said.startswith(f"» {first.lead}\n\n📖 ") and len(said) <= PHONE
    assert coming[0].lead == "" and coming[0].title.endswith("(…)")
    going_on, _ = answer_text("ca", coming[0], coming[1:])
    assert first.lead not in going_on.splitlines()[0] and len(going_on) <= PHONE


@run
async def test_a_table_row_given_alone_keeps_its_column_names(conversation, net, say,
                                                               service):
    """A row alone ("Camp-to-camp move — 1 — a figure jumps …") said nothing of what "1"
    was: its cells come under their column names, in each language's own."""
    asked = {"en": ("rules tikal camp-to-camp move",
                    "Camp-to-camp move — AP: 1 — what it takes: a figure jumps"),
             "pt-BR": ("regras tikal ir de um acampamento a outro",
                       "Ir de um acampamento a outro — PA: 1 — o que é preciso: uma figura"),
             "ca": ("regles tikal anar d'un campament a un altre",
                    "Anar d'un campament a un altre — PA: 1 — què cal: una figura")}
    for lang, (question, row) in asked.items():
        await say(ANA, f"lang {lang}")
        assert row in await say(ANA, question), lang


@run
async def test_a_question_that_says_he_asks_about_what_the_one_before_named(conversation, net,
                                                                           say, service):
    """At a table people go on from the last answer: "o guardião pode sair do templo depois?",
    then "e ele pode ficar lá?" — "ele" is the guard. Alone, that question is one plain word
    ("ficar"), and the answer was "I don't know"."""
    await say(ANA, "new tikal")
    await say(ANA, "lang pt-BR")
    assert "Não sei" in await say(BOB, "? e ele pode ficar lá?")     # nothing named before
    await say(ANA, "? o guardião pode sair do templo depois?")
    answer = await say(BOB, "? e ele pode ficar lá?")
    assert "📖 Colocar um Guardião (5 PA)" in answer and "ficar ali" in answer


@run
async def test_a_bid_of_zero_typed_in_the_chat_points_to_decision_4(conversation, net, say,
                                                                    service):
    """"bid 0" is refused by the notation before the auction's rule: the chat said what to
    type and named no rule. It now points to Decision 4 (bids start at 1; to offer nothing,
    pass), in the chat's language, and 'why' quotes it (twenty-sixth pass)."""
    await say(ANA, "new tikal auction")
    await say(BOB, "join")
    await say(ANA, "start")
    await until(lambda: any("@Ana" in t for t in net.texts("room")))
    await say(ANA, "lang pt-BR")
    refused = await say(ANA, "bid 0")
    assert refused.startswith("⚠ ") and "📖 A regra: " in refused and "Decisão 4" in refused, (
        refused)
    explained = await say(ANA, "por que bid 0")
    assert "📖 A regra (Decisão 4)" in explained and "ninguém oferece 0" in explained, explained


@run
async def test_a_bid_typed_at_a_basic_table_is_told_there_is_no_auction(conversation, net, say,
                                                                       service):
    """At a basic table "bid 0" was refused by the notation and pointed to Decision 4, an
    auction rule; a bid there is now told the basic game has no auction, with the auction
    rule the other bids there cite, in the chat's language (twenty-seventh pass)."""
    await say(ANA, "new tikal")
    await say(BOB, "join")
    await say(ANA, "start")
    await until(lambda: any("@Ana" in t for t in net.texts("room")))
    await say(ANA, "lang pt-BR")
    refused = await say(ANA, "bid 0")
    assert "O jogo básico não tem leilão" in refused and "Decisão 4" not in refused, refused
    assert "📖 A regra: " in refused, refused
    explained = await say(ANA, "por que bid 0")
    assert "O jogo básico não tem leilão" in explained and "Decisão 4" not in explained, (
        explained)
