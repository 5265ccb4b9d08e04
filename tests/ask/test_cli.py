"""`bgbot ask`, `bgbot why`, and 'why ACTION' / 'ask QUESTION' at the play prompt."""

from __future__ import annotations

import json

from click.testing import CliRunner

from boardgamesbot.cli import main
from boardgamesbot.engine import Record, load_game


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def test_ask_json_holds_at_least_three_answers_with_their_fields():
    result = run("ask", "cartographers", "quants punts dona el bosc sentinella en solitari?",
                 "--lang", "ca", "--json")
    assert result.exit_code == 0, result.output
    answers = json.loads(result.output)["answers"]
    assert len(answers) >= 3
    assert all({"title", "text", "source", "score"} <= set(a) for a in answers)
    assert answers[0]["title"] == "Bosc Sentinella" and "25" in answers[0]["text"]


def test_ask_prints_the_passages_in_the_asked_language():
    result = run("ask", "tikal", "posso passar por cima de um vulcao?", "--lang", "pt-BR",
                 "--limit", "1")
    assert result.exit_code == 0, result.output
    assert "1. Movimento" in result.output and "Vulcão" in " ".join(result.output.split())
    assert "2." not in result.output


def test_ask_prints_the_sentence_that_answers_before_the_passage():
    result = run("ask", "tikal", "can i walk my explorer into a volcano", "--limit", "1")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "1. Moving  (Actions)"
    assert lines[1] == "   » Nobody ever enters a volcano."
    assert lines[2].startswith("   Crossing from one explored space")
    data = json.loads(run("ask", "tikal", "can i walk my explorer into a volcano",
                          "--json").output)
    assert data["answers"][0]["lead"] == "Nobody ever enters a volcano."


def test_ask_without_an_answer_says_so_and_offers_topics():
    result = run("ask", "tikal", "qui va guanyar el mundial de futbol", "--lang", "ca")
    assert result.exit_code == 0
    assert "No ho sé" in result.output and "Temes més propers" in result.output
    # the words the rules never use are named, to ask in others
    assert "no fan servir mai «mundial», «futbol»" in " ".join(result.output.split())
    data = json.loads(run("ask", "tikal", "who won the football world cup", "--json").output)
    assert data["answers"] == [] and data["topics"]
    assert data["unknown"] == ["football", "world", "cup"], data["unknown"]  # ("won": wins)


def test_ask_refuses_bad_input_clearly():
    for args in (("ask", "tikal", "volcano?", "--lang", "fr"), ("ask", "chess", "castling?"),
                 ("ask", "tikal", "  ")):
        result = run(*args)
        assert result.exit_code == 2 and "error:" in result.output, args
        assert "Traceback" not in result.output


def test_why_on_a_saved_game(tmp_path):
    path = tmp_path / "game.json"
    state = load_game("tikal").new(2, 5)
    first = str(state.legal_actions(0)[0])
    record = Record.start("tikal", 5, ["a", "b"])
    record.add(0, first)
    record.save(path)
    result = run("why", "tikal", "guard L A6", "--record", str(path), "--lang", "pt-BR")
    assert result.exit_code == 0, result.output
    assert "A regra" in result.output
    data = json.loads(run("why", "tikal", "guard L A6", "--record", str(path), "--json").output)
    assert data["legal"] is False and data["code"] and data["source"]
    allowed = json.loads(run("why", "tikal", "enter L A6", "--record", str(path), "--json").output)
    assert allowed["legal"] is True
    # the rule's sentence that says the refusal first (its game names it), then the rule
    passing = run("why", "cartographers", "pass", "--lang", "ca")
    assert "» Ningú no passa mentre el seu full tingui un espai buit" in passing.output


def test_why_and_ask_at_the_play_prompt(tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "tikal", "--players", "2", "--seed", "5", "--save", str(path),
                 "--lang", "ca",
                 stdin="enter L A6\nwhy enter L A6\nask es pot trepitjar un volca?\n"
                       "ask qui juga primer?\nask puc fer una oferta de 0?\nquit\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())            # (the terminal wraps long lines)
    assert "escriu 'per què enter L A6' per veure la regla" in said  # the prompt speaks ca too
    assert "La regla (Un torn): Roba i col·loca una lloseta" in said   # in Catalan
    assert "Ningú no entra mai en un volcà" in said
    # a basic game: its own rule first, the auction's marked as the other variant's
    assert "1. Ordre dels torns" in said
    assert "(només a la variant amb subhasta)" in said
    # an auction question: told the table plays the basic game, then the auction's rule
    assert ("Aquesta taula juga al joc bàsic: fer ofertes només és de la variant amb "
            "subhasta. 1. Decisió 4 (només a la variant amb subhasta)") in said
    assert Record.load(path).actions == []            # asking played nothing


def test_a_pronoun_at_the_play_prompt_goes_on_from_the_question_before(tmp_path):
    """'ask e ele pode ficar lá?' right after a question about the guard is about the guard
    (alone it names nothing of the game: "I don't know")."""
    result = run("play", "tikal", "--players", "2", "--seed", "5", "--lang", "pt-BR",
                 "--save", str(tmp_path / "game.json"),
                 stdin="ask e ele pode ficar lá?\nask o guardião pode sair do templo depois?\n"
                       "ask e ele pode ficar lá?\nquit\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    alone, _, after = said.partition("Colocar um Guardião")
    assert "Não sei" in alone and "Não sei" not in after   # (only the question alone)


def test_ask_without_lang_answers_in_the_questions_language():
    """A Brazilian who forgets --lang gets Portuguese, not an English 'I don't know'."""
    result = run("ask", "tikal", "posso passar por cima de um vulcao?", "--limit", "1")
    assert result.exit_code == 0, result.output
    assert "1. Movimento" in result.output
    assert json.loads(run("ask", "tikal", "puc entrar en un volca?", "--json").output
                      )["lang"] == "ca"
    assert json.loads(run("ask", "tikal", "volcano?", "--json").output)["lang"] == "en"


def test_ask_takes_the_language_as_people_write_it():
    for typed in ("pt", "PT-BR", "pt_br"):
        result = run("ask", "tikal", "quantos vulcoes tem", "--lang", typed, "--json")
        assert result.exit_code == 0 and json.loads(result.output)["lang"] == "pt-BR", typed


def test_ask_shows_each_title_once():
    """A Decision's source is its title and most passages open with theirs: a phone-width
    terminal should not read them twice."""
    result = run("ask", "cartographers", "what is decision 6", "--limit", "1")
    assert result.output.count("Decision 6") == 1, result.output
    assert "simply passes" in " ".join(result.output.split())


def test_ask_finds_the_rule_in_the_players_words_in_the_askers_language():
    """No --lang: the question's own little words say its language, and the game's
    phrasings bring the rule its words do not hold ("guardar", "estalviar")."""
    for question, title in (("posso guardar pontos de ação?", "Gaste 10 Pontos de Ação (PA)"),
                            ("puc estalviar PA?", "Gasta 10 punts d'acció (PA)"),
                            ("can i put down a third guard", "Place a guard (5 AP)")):
        result = run("ask", "tikal", question, "--limit", "1")
        assert result.exit_code == 0, result.output
        assert result.output.startswith(f"1. {title}"), (question, result.output)


def test_ask_without_a_game_answers_from_the_game_the_question_is_about():
    # Tikal's own terms (camp, temple): Tikal's rules alone, named, in the asker's language
    result = run("ask", "posso construir um acampamento ao lado de um templo?", "--limit", "1")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == 'Tikal (só este jogo: bgbot ask tikal "…")'
    assert lines[1].startswith("1. Instalar um Acampamento")
    assert "Cartógrafos" not in result.output
    # typed unquoted, Cartographers' own term (season)
    result = run("ask", "how", "many", "seasons", "are", "there?", "--limit", "1")
    assert result.exit_code == 0, result.output
    heading = 'Cartographers (only this game: bgbot ask cartographers "…")'
    assert result.output.splitlines()[0] == heading
    assert "Tikal" not in result.output


def test_ask_without_a_game_gives_each_game_s_answer_when_the_question_fits_both():
    result = run("ask", "what happens at a tie?", "--limit", "1")
    assert result.exit_code == 0, result.output
    headings = [line for line in result.output.splitlines() if "(only this game" in line]
    assert sorted(headings) == ['Cartographers (only this game: bgbot ask cartographers "…")',
                                'Tikal (only this game: bgbot ask tikal "…")']
    data = json.loads(run("ask", "what happens at a tie?", "--json").output)
    assert sorted(reply["game"] for reply in data["replies"]) == ["cartographers", "tikal"]
    # about neither game: one "I don't know", no game named
    result = run("ask", "qui va guanyar el mundial de futbol?")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("No ho sé") and "només aquest joc" not in result.output


def test_the_game_s_end_asked_without_a_game_is_answered_by_each_game_s_end():
    """"When does the game end?" names no game and no game's own word: both games answer,
    each with its own end of the game (Cartographers once answered with its solo passage,
    whose title says "game", because its end passage never said when the game ends)."""
    for question, heading in (("quan s'acaba la partida?", "Final de la partida i empats"),
                              ("quando acaba a partida?", "Fim da partida e desempate"),
                              ("when does the game end?", "End of the game and ties")):
        data = json.loads(run("ask", question, "--json").output)
        games = {reply["game"]: reply["answers"][0]["title"] for reply in data["replies"]}
        assert games == {"cartographers": heading, "tikal": heading}, (question, games)


def test_why_a_bid_in_a_new_basic_game_says_it_has_no_auction():
    """`bgbot why tikal "bid 0"` (a new game: the basic one) cited Decision 4, an auction
    rule; it now says the basic game has no auction, in the asked language."""
    result = run("why", "tikal", "bid 0", "--lang", "pt-BR")
    assert result.exit_code == 0, result.output
    assert "O jogo básico não tem leilão" in result.output and "Decisão 4" not in result.output, (
        result.output)
