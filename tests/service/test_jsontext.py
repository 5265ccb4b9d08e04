"""The service's JSON (`boardgamesbot.jsontext`): orjson, with the standard library's answer for
whatever orjson refuses, so that a client sees the same JSON either way."""

from __future__ import annotations

import json

import pytest

from boardgamesbot import jsontext
from boardgamesbot.engine import load_game


def _standard(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":")).encode()


def test_views_and_legal_lists_encode_as_the_standard_library_does():
    state = load_game("tikal").new(2, 7, variant="basic")
    for _ in range(40):
        seat = state.current_players()[0]
        legal = [{**state.action_info(seat, a), "text": state.describe(a)}
                 for a in state.legal_actions(seat)]
        for value in (state.view(None), state.view(seat), legal):
            assert jsontext.encode(value) == _standard(value)
        state.apply(seat, state.legal_actions(seat)[-1])


@pytest.mark.parametrize("value", [
    {"ref": 2**70},  # a client's ref past 64 bits: orjson refuses it
    {"seed": 2**127 + 1, "n": [1, 2.5, None, True]},
    {1: "int keys", "é": "→ UTF-8, not \\u escapes"},
])
def test_what_orjson_refuses_or_writes_differently_is_the_standard_librarys(value):
    assert jsontext.encode(value) == _standard(value)
    assert jsontext.text(value) == _standard(value).decode()


def test_what_neither_encodes_is_refused():
    with pytest.raises(TypeError):
        jsontext.encode({(1, 2): "a tuple key"})
