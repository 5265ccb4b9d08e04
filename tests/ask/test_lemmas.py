"""The lemma tables shipped with the rules search are those the help pages call for."""

from __future__ import annotations

import pytest

from boardgamesbot.help import LANGUAGES
from boardgamesbot.help.lemmas import build, lemma, table


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_shipped_table_is_up_to_date_with_the_help_pages(lang):
    """A help page changed without `python -m boardgamesbot.help.lemmas`: rebuild them."""
    assert table(lang) == build(lang)


def test_conjugated_verbs_meet_their_infinitive_with_or_without_accents():
    assert lemma("move", "pt-BR") == "mover"
    assert lemma("jugo", "ca") == "jugar"
    assert lemma("drew", "en") == "draw"
    assert lemma("comecou", "pt-BR") == lemma("começou", "pt-BR") == "começar"
    assert lemma("zzzz", "ca") == "zzzz"  # unknown: the word itself
