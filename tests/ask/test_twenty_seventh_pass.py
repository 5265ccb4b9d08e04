"""The twenty-seventh pass on the rules search and refusals (docs/ask.md, session 54, helper
ask27): fixes, each with a test seen failing first. The questions written here are development
questions: they measure nothing held out."""

from __future__ import annotations

import pytest

from boardgamesbot.engine import load_game
from boardgamesbot.help.search import ask, index
from boardgamesbot.help.why import why

#: The basic game's refusal of an auction move in each language: it has no auction.
NO_AUCTION = {
    "en": "The basic game has no auction",
    "pt-BR": "O jogo básico não tem leilão",
    "ca": "El joc bàsic no té subhasta",
}
DECISION_4 = {"en": "Decision 4", "pt-BR": "Decisão 4", "ca": "Decisió 4"}


#: A "bid 0" typed at a basic table was refused by the notation (a bid is 1 or more) and so
#: cited Decision 4, an auction rule, as if the table played one; "bid 5" was told the basic
#: game has no auction. Whatever follows the verb, a bid at a basic table is now refused as the
#: variant's move, with the rule the other auction moves there cite.
@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
@pytest.mark.parametrize("action", ["bid 0", "bid", "bid x", "take 9", "bid 5"])
def test_a_malformed_bid_at_a_basic_table_is_refused_as_the_auction_variants(lang, action):
    state = load_game("tikal").new(2, 1)
    answer = why(state, state.current, action, lang)
    fine = why(state, state.current, "bid 5", lang)  # (a bid written right: the same refusal)
    assert answer.code == "other_variant", (answer.code, answer.reason)
    assert answer.reason is not None and answer.reason.startswith(NO_AUCTION[lang]), answer.reason
    assert answer.title == fine.title and DECISION_4[lang] != answer.title


#: A pass with more words after it at a basic table is told how a turn ends, as "pass" is.
def test_a_malformed_pass_at_a_basic_table_is_told_to_end_the_turn():
    state = load_game("tikal").new(2, 1)
    assert why(state, state.current, "pass 3", "en").code == "no_passing"


#: At an auction table "bid 0" still rests on Decision 4 (bids start at 1), in every language.
@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_bid_of_zero_at_an_auction_table_still_quotes_decision_4(lang):
    state = load_game("tikal").new(2, 1, variant="auction")
    answer = why(state, state.current, "bid 0", lang)
    assert answer.code == "bad_notation" and answer.title == DECISION_4[lang]


#: "+1 per coin" was no count of coins ("per" is no little word in English, so the count's key
#: was "per"): asked what each coin is worth, "Coin track: 14 coins" led. A rate's "per" between
#: the number and the thing now counts the thing, as "+1 por moeda" and "+1 per moneda" do.
def test_a_coins_worth_in_english_finds_plus_one_per_coin():
    first = ask("cartographers", "what is each coin worth at the end of a season", "en").answers[0]
    assert first.text.startswith("+1 per coin"), first.text


def test_a_rates_per_counts_the_thing_after_it():
    words = index("cartographers", "en").words
    assert words.counts(words.weighted("+1 per coin filled on the track")) == ["#§coin"]
