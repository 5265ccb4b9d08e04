"""Asking the rules in the browser (issue 28): the Rules dialog's question box marks the
answers in the page, and a refused action offers "Why not?" with the rule it rests on."""

from __future__ import annotations

from .conftest import shot
from .helpers import create_in_lobby, open_lobby


def test_the_rules_dialog_answers_a_question_in_the_page(page, server):
    open_lobby(page, server, "pt-BR")
    page.click("#rules-button")
    page.wait_for_selector("#rules-body [data-passage]")
    page.click("#rules-tabs button:has-text('Tikal')")
    page.wait_for_selector("#rules-body [data-passage]")
    assert page.get_attribute("#rules-question", "placeholder").startswith("ex.:")
    page.fill("#rules-question", "posso passar por cima de um vulcao?")
    page.click("#rules-ask-button")
    page.wait_for_selector("#rules-answers li")
    assert page.inner_text("#rules-answers li >> nth=0").startswith("Movimento")
    # under its link, the sentence that answers (from the passage's middle)
    assert page.inner_text("#rules-answers li >> nth=0 >> .answer-lead") == (
        "Ninguém pode entrar em um Vulcão.")
    # and it is highlighted inside the marked passage, the page's text left as it is
    assert page.evaluate("""() => {
        const lead = CSS.highlights.get('rules-lead');
        const range = lead && [...lead][0];
        return range && range.toString().replace(/\\s+/g, ' ')
            + '|' + !!range.startContainer.parentElement.closest('.asked.best'); }""") == (
        "Ninguém pode entrar em um Vulcão.|true")
    best = page.locator("#rules-body .asked.best")
    assert best.count() == 1 and "Vulcão" in best.inner_text()
    assert page.locator("#rules-body .asked").count() >= 3
    assert page.evaluate("""() => {           // the best answer is brought into view
        const r = document.querySelector('#rules-body .asked.best').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; }""")
    shot(page, "rules-ask-answers")
    # choosing another answer in the list marks it as the best one
    page.click("#rules-answers li >> nth=1 >> button")
    second = page.get_attribute("#rules-answers li >> nth=1 >> button", "data-passage")
    assert page.get_attribute("#rules-body .asked.best", "data-passage") == second
    # (its own lead, or none, is highlighted now)
    lead = page.locator("#rules-answers li >> nth=1 >> .answer-lead")
    highlighted = page.evaluate("""() => [...(CSS.highlights.get('rules-lead') || [])]
        .map((r) => r.toString().replace(/\\s+/g, ' ')).join('')""")
    assert highlighted == (lead.inner_text() if lead.count() else "")
    # a question the rules do not answer: "I don't know", the closest topics, nothing marked
    page.fill("#rules-question", "quem ganhou a copa do mundo")
    page.click("#rules-ask-button")
    page.wait_for_function(
        "document.querySelector('#rules-answers').textContent.includes('Não sei')")
    # (naming the words the rules never use, to ask in others)
    assert "as regras nunca usam 'copa', 'mundo'" in page.inner_text("#rules-answers")
    assert page.locator("#rules-body .asked").count() == 0


def test_a_refused_action_says_why_not_and_shows_the_rule(page, server):
    create_in_lobby(page, server, "cartographers", seed=3)
    page.wait_for_selector("#confirm-setting")
    page.uncheck("#confirm-setting")
    page.click("#terrain-village")
    page.click('[data-cell="D2"]')  # a mountain: refused
    page.wait_for_selector(".notice.error button.why")
    page.click(".notice.error button.why")
    page.wait_for_selector(".notice .why-rule")
    said = page.inner_text(".notice")
    # (the words of the rule that say why, cut with "…": the whole rule is one tap away)
    assert "The rule (A turn): … never covering a mountain, a wasteland or anything drawn" \
        in said, said
    shot(page, "why-not")
    page.click(".notice .why-open")
    page.wait_for_selector("#rules-dialog[open] #rules-body .asked.best")
    assert page.inner_text("#rules-body .asked.best").startswith("2. Draw.")


def test_a_decision_among_the_answers_is_named_once(page, server):
    open_lobby(page, server, "en")
    page.click("#rules-button")
    page.wait_for_selector("#rules-body [data-passage]")
    page.click("#rules-tabs button:has-text('Tikal')")
    page.wait_for_selector("#rules-body [data-passage]")
    page.fill("#rules-question", "can i bid zero in the auction")
    page.click("#rules-ask-button")
    page.wait_for_selector("#rules-answers li")
    names = page.locator("#rules-answers li button").all_inner_texts()
    assert "Decision 4" in names, names
    assert not any(name.count("Decision") > 1 for name in names), names


def test_a_question_that_says_he_asks_about_the_question_before(page, server):
    """"E ele pode ficar lá?" right after a question about the guard is about the guard (the
    box sends the last reply's ``about``); alone it names nothing of the game."""
    open_lobby(page, server, "pt-BR")
    page.click("#rules-button")
    page.wait_for_selector("#rules-body [data-passage]")
    page.click("#rules-tabs button:has-text('Tikal')")
    page.wait_for_selector("#rules-body [data-passage]")
    page.fill("#rules-question", "o guardião pode sair do templo depois?")
    page.click("#rules-ask-button")
    page.wait_for_selector("#rules-answers li")
    page.fill("#rules-question", "e ele pode ficar lá?")
    page.click("#rules-ask-button")
    # (its lead, not the first question's: "ele" may stay there, as other players' figures)
    page.wait_for_function("document.querySelector('#rules-answers li .answer-lead')"
                           "?.textContent.includes('podem ficar ali')")
    assert page.inner_text("#rules-answers li >> nth=0 >> button").startswith(
        "Colocar um Guardião")
