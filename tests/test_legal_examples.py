"""An action typed at a table that cannot be read shows, as its example, an action the
person may take now, of the kind they meant (`State.read_action`), in every face: the
engine's ``apply``, a preview (the terminal, the chat, ``why``) and the service (the
browser: tests/service/test_legal_example.py). It was the notation's fixed example
("place C4 r2"), often not allowed where the person stood."""

from __future__ import annotations

import pytest

from boardgamesbot.engine import GameError, load_game
from boardgamesbot.games.wording import notation_error
from boardgamesbot.help.why import why
from boardgamesbot.web import catalog
from tests.test_cli_first_game import run


def _refused(state, seat: int, text: str) -> GameError:
    with pytest.raises(GameError) as refused:
        state.apply(seat, text)
    assert refused.value.code == "bad_notation"
    return refused.value


def _legal(state, seat: int) -> list[str]:
    return [str(action) for action in state.legal_actions(seat)]


def _tikal_turn():
    """A Tikal game on its first turn's actions (the tile placed): no place is legal."""
    state = load_game("tikal").new(2, 3)
    state.apply(0, state.legal_actions(0)[0])
    return state


def test_a_tikal_space_not_understood_is_shown_a_place_allowed_now():
    state = load_game("tikal").new(2, 3)
    assert "place C4 r2" not in _legal(state, 0)  # (the fixed example, not allowed here)
    error = _refused(state, 0, "place Z9")
    assert error.params["example"] in _legal(state, 0)
    assert error.params["example"].split()[0] == "place"
    assert f"(e.g. {error.params['example']!r})" in str(error)  # the engine's words too


def test_the_example_begins_with_the_most_of_what_was_typed():
    """"enter W Z9": a worker entering, not the leader (the fixed "enter L A6")."""
    state = _tikal_turn()
    assert {"enter W A6", "enter L A6"} <= set(_legal(state, 0))
    assert _refused(state, 0, "enter W Z9").params["example"] == "enter W A6"


def test_a_word_of_ones_own_language_is_shown_that_action_allowed_now():
    """"entrar W A6" is told "entrar" is written "enter", with an enter allowed now."""
    state = _tikal_turn()
    error = _refused(state, 0, "entrar W A6")
    assert error.params["meant"] == "enter"
    assert error.params["example"] == "enter W A6"
    assert _refused(state, 0, "entrar L A6").params["example"] == "enter L A6"


def test_an_action_not_understood_at_all_is_shown_any_action_allowed_now():
    """"fly away" names no kind: the fixed example placed a tile, in the middle of a turn."""
    state = _tikal_turn()
    error = _refused(state, 0, "fly away")
    assert error.params["example"] in _legal(state, 0)


def test_a_kind_not_allowed_now_keeps_the_fixed_example():
    state = _tikal_turn()
    assert _refused(state, 0, "place Z9").params["example"] == "place C4 r2"


def test_a_cartographers_square_not_understood_is_shown_one_allowed_now():
    """"village 1 r0 Z1": the first shape unturned, on a square that is one (the fixed
    example turned it: "village 1 r90 C4")."""
    state = load_game("cartographers").new(2, 3)
    terrain = _legal(state, 0)[0].split()[0]
    error = _refused(state, 0, f"{terrain} 1 r0 Z1")
    assert error.params["example"] in _legal(state, 0)
    assert error.params["example"].split()[:3] == [terrain, "1", "r0"]
    assert _refused(state, 0, "fly").params["example"] in _legal(state, 0)


def test_a_preview_and_why_show_the_legal_example_in_the_readers_language():
    """The terminal and the chat check a typed line by a preview; ``why`` too."""
    state = _tikal_turn()
    params = state.preview(0, "enter W Z9")["error"]["params"]
    assert params["example"] == "enter W A6"
    told = notation_error(catalog, "ca", params)
    assert told is not None and "'enter W A6'" in told
    assert "'enter W A6'" in (why(state, 0, "enter W Z9", "pt-BR").reason or "")


def test_the_terminal_shows_an_action_allowed_now(tmp_path):
    state = load_game("tikal").new(2, 5)
    result = run("play", "tikal", "--players", "2", "--seed", "5", "--lang", "ca",
                 "--save", str(tmp_path / "g.json"), stdin="place Z9\nquit\n")
    assert result.exit_code == 0, result.output
    example = _refused(state, 0, "place Z9").params["example"]
    assert example != "place C4 r2" and f"'{example}'" in " ".join(result.output.split())

