"""The lemma tables shipped with the rules search are those the help pages call for."""

from __future__ import annotations

import pytest

from boardgamesbot.engine import known_games, load_game
from boardgamesbot.help import LANGUAGES
from boardgamesbot.help.build_lemmas import build
from boardgamesbot.help.lemmas import lemma, table

GAMES = [game for game in known_games() if load_game(game).help_dir is not None]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_shipped_table_is_up_to_date_with_the_help_pages(game, lang):
    """A help page changed without `python -m boardgamesbot.help.build_lemmas`: rebuild them."""
    assert table(game, lang) == build(game, lang)


@pytest.mark.parametrize("game", GAMES)
def test_conjugated_verbs_meet_their_infinitive_with_or_without_accents(game):
    # (a verb both games' pages use: 'mover' left the Cartographers page when its terminal
    # paragraph named the pt-BR commands, 'jogadas' for 'moves')
    assert lemma("pontuou", game, "pt-BR") == lemma("pontua", game, "pt-BR") == "pontuar"
    assert lemma("jugo", game, "ca") == "jugar"
    assert lemma("drew", game, "en") == "draw"
    assert lemma("comecou", game, "pt-BR") == lemma("começou", game, "pt-BR") == "começar"
    assert lemma("zzzz", game, "ca") == "zzzz"  # unknown: the word itself
