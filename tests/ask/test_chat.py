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
    assert answer.startswith("📖 Movimento (Ações)") and "Vulcão" in answer
    assert "regras mais" in answer                     # the next answers are offered
    more = await say(BOB, "regras mais")
    assert more.startswith("📖 ") and more != answer
    assert "Não sei" in await say(BOB, "rules quem ganhou a copa do mundo")


@run
async def test_rules_topics_still_work_and_a_question_needs_a_game(conversation, net, say,
                                                                   service):
    assert "Topics" in await say(BOB, "rules cartographers")
    assert "Which game" in await say(BOB, "? can i flip a shape")
    answer = await say(BOB, "rules cartographers can i flip a shape")
    assert "flip" in answer and answer.startswith("📖 ")
    said = [await say(ANA, "rules cartographers more") for _ in range(5)]
    assert said[0].startswith("📖 ") and "No more answers" in said[-1]


@run
async def test_why_explains_a_refusal_with_its_rule(conversation, net, say, service):
    await say(ANA, "new tikal")
    await say(BOB, "join")
    await say(ANA, "start")
    await until(lambda: any("Your turn, @Ana" in t for t in net.texts("room")))
    refused = await say(BOB, "why enter L A6")        # Bob's turn has not come
    assert refused.startswith("🚫 ") and "The rule (Setup)" in refused
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
    assert answer.startswith("📖 Movimento (Ações)\n") and "Vulcão" in answer
    assert "regras mais" in answer
    decision = await say(BOB, "rules decision 4")
    assert decision.startswith("📖 Decision 4\n") and decision.count("Decision 4") == 1
