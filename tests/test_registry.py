"""The registry is the one place that knows the games: proven by the test-only Hidden Nim,
which plays in the arena and through the HTTP API with no line changed outside tests/."""

from __future__ import annotations

import ast
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import hidden_nim
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from boardgamesbot import arena, engine
from boardgamesbot.cli import main
from boardgamesbot.engine import GameError, Option, known_games, load_game, register
from boardgamesbot.service.api import create_app

SRC = Path(__file__).resolve().parents[1] / "src" / "boardgamesbot"
BUILT_IN = ("tikal", "cartographers")


def test_known_games_come_from_the_entry_points_and_register():
    assert set(BUILT_IN) <= set(known_games())
    assert "hidden-nim" in known_games()  # registered by tests/conftest.py
    assert load_game("hidden-nim") is hidden_nim.GAME


def test_a_failed_discovery_is_tried_again_not_remembered_as_no_games(monkeypatch):
    """A Ray worker once answered "known games: " (none) after an earlier load had failed."""
    real = engine.metadata.entry_points
    calls = []

    def flaky(**kwargs):
        calls.append(kwargs)
        if len(calls) == 1:
            raise ImportError("the first load fails")
        return real(**kwargs)

    monkeypatch.setattr(engine, "_REGISTRY", {})
    monkeypatch.setattr(engine, "_discovered", False)
    monkeypatch.setattr(engine.metadata, "entry_points", flaky)
    with pytest.raises(ImportError):
        known_games()
    assert set(BUILT_IN) <= set(known_games())


def test_threads_asking_at_once_all_see_every_game(monkeypatch):
    monkeypatch.setattr(engine, "_REGISTRY", {})
    monkeypatch.setattr(engine, "_discovered", False)
    with ThreadPoolExecutor(8) as pool:
        seen = list(pool.map(lambda _: known_games(), range(32)))
    assert all(set(BUILT_IN) <= set(games) for games in seen)


def test_registering_another_game_under_a_taken_name_is_refused():
    try:
        register(hidden_nim.HiddenNim())
    except GameError as error:
        assert error.code == "game_exists"
    else:
        raise AssertionError("a second game called hidden-nim was accepted")
    assert register(hidden_nim.GAME) is hidden_nim.GAME  # the same one again is harmless


def test_an_option_names_its_choices_when_refused():
    side = Option("side", ("A", "B"), "A")
    assert side.check("b") == "B"
    try:
        side.check("C")
    except GameError as error:
        assert error.code == "bad_option" and "A or B" in str(error)


def _string_constants(tree: ast.AST) -> list[ast.Constant]:
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]


def test_nothing_above_the_games_names_a_game():
    """Prose (docstrings, help text) may use a game as an example; code — an identifier-like
    string such as ``"tikal"`` or ``"cartographers-rules"``, an import — may not."""
    offenders = []
    for path in SRC.rglob("*.py"):
        if "games" in path.relative_to(SRC).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _string_constants(tree):
            code_like = node.value.strip() and not any(c.isspace() for c in node.value.strip())
            if code_like and any(name in node.value.lower() for name in BUILT_IN):
                offenders.append(f"{path.relative_to(SRC)}:{node.lineno}: {node.value[:60]!r}")
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                module = getattr(node, "module", None) or ""
                names = [module] + [alias.name for alias in node.names]
                if any(f"games.{game}" in n for n in names for game in BUILT_IN):
                    offenders.append(f"{path.relative_to(SRC)}:{node.lineno}: imports {names}")
    assert not offenders, "\n".join(offenders)


# Files of the faces that are not Python: scripts, their words, styles, pages, prose.
FACE_FILES = ("*.js", "*.json", "*.md", "*.css", "*.html")


def _game_words() -> re.Pattern:
    """A game's name, its title in any language, or the short prefix of its catalogue keys."""
    words = {name for name in BUILT_IN} | {"carto"}
    words |= {title.lower() for name in BUILT_IN for title in load_game(name).titles.values()}
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, words))) + r")\b", re.IGNORECASE)


def _face_offenders(top: Path, root: Path = SRC) -> list[str]:
    found = _game_words()
    offenders = []
    for pattern in FACE_FILES:
        for path in top.rglob(pattern):
            if "games" in path.relative_to(root).parts:
                continue  # a game's package is where its words belong
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if found.search(line):
                    offenders.append(f"{path.relative_to(root)}:{number}: {line.strip()[:80]}")
    return offenders


def test_the_face_check_finds_a_game_in_a_script_a_catalogue_and_a_help_page(tmp_path):
    """The check is live: a game's name, its title in another language or its catalogue
    prefix in a script comment, a JSON catalogue or Markdown is found; the same words
    inside a game's package are not."""
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "app.js").write_text('// t("tikal.do.uncover")\nconst ok = 1;\n')
    (tmp_path / "web" / "pt-BR.json").write_text('{"x": "Cartógrafos"}\n')
    (tmp_path / "help.md").write_text("See carto.season for the seasons.\n")
    (tmp_path / "games" / "tikal").mkdir(parents=True)
    (tmp_path / "games" / "tikal" / "tikal.js").write_text("// Tikal\n")
    offenders = _face_offenders(tmp_path, root=tmp_path)
    assert sorted(line.split(":")[0] for line in offenders) == [
        "help.md", "web/app.js", "web/pt-BR.json"]


def test_no_script_word_or_style_above_the_games_names_a_game():
    """The browser's scripts, catalogues, styles and page (and any JSON or Markdown in src/
    outside a game's package) name no game: each game's face comes from its package."""
    offenders = _face_offenders(SRC)
    assert not offenders, "\n".join(offenders)


def test_no_chat_message_names_a_game():
    """The chat's sentences, Matrix and Telegram pages and Mini App name no game either:
    a game's examples and titles reach them from the registry (`chat.games.examples`)."""
    offenders = _face_offenders(SRC / "chat")
    assert not offenders, "\n".join(offenders)


# The faces' own code, in any language: Python (its prose too), scripts, pages, styles.
PROSE_FILES = ("*.py", "*.js", "*.html", "*.css")


def _prose_offenders(top: Path, root: Path = SRC) -> list[str]:
    """Lines outside the games' packages that name a game, even in a comment or a
    docstring ("a good Tikal turn is a plan" says "a game whose turn has several
    actions" instead), but for two kinds of example that must name a real game to work:

    * a doctest (``>>> load_game("tikal")`` and the output after it): it runs;
    * a ``bgbot COMMAND GAME …`` line of a command's help (``cli/``): people copy it.
    """
    found = _game_words()
    offenders = []
    for pattern in PROSE_FILES:
        for path in top.rglob(pattern):
            if "games" in path.relative_to(root).parts:
                continue
            doctest = False
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                text = line.strip()
                # (a doctest's output runs to a blank line or the docstring's end)
                doctest = text.startswith(">>>") or (
                    doctest and text != "" and not text.startswith(('"' * 3, "'" * 3)))
                usage = path.relative_to(root).parts[0] == "cli" and text.startswith("bgbot ")
                if found.search(line) and not doctest and not usage:
                    offenders.append(f"{path.relative_to(root)}:{number}: {text[:80]}")
    return offenders


def test_the_prose_check_finds_a_game_in_a_comment_but_not_in_a_doctest(tmp_path):
    """The check is live: a game named in a comment, a docstring or a script's comment is
    found; a doctest, a command's usage line, or anything in a game's package is not."""
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "plan.py").write_text(
        '"""A good Tikal turn is a plan.\n\n>>> load_game("tikal")\n<tikal>\n"""\n'
        "x = 1  # as in Cartographers\n")
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "app.js").write_text("// a cartographers sheet\n")
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "arena.py").write_text('"""\n  bgbot arena tikal --games 2\n"""\n')
    (tmp_path / "games" / "tikal").mkdir(parents=True)
    (tmp_path / "games" / "tikal" / "state.py").write_text("# Tikal's state\n")
    offenders = _prose_offenders(tmp_path, root=tmp_path)
    assert sorted(line.rsplit(":", 1)[0].split(": ")[0] for line in offenders) == [
        "bots/plan.py:1", "bots/plan.py:6", "web/app.js:1"]


def test_no_comment_or_docstring_above_the_games_names_a_game():
    """DESIGN.md: nothing above ``games/`` names a game, its prose included: an example
    is said generically ("a drawing game", "a game whose turn has several actions")."""
    offenders = _prose_offenders(SRC)
    assert not offenders, "\n".join(offenders)


def test_the_test_game_plays_in_the_arena():
    setup = arena.plan("hidden-nim", ["greedy", "random"], games=4, seed=3)
    standings = arena.summarize(setup, arena.run(setup), 1.0, 1)
    assert sum(bot.games for bot in standings.bots) == 8
    assert sum(bot.wins for bot in standings.bots) == 4


def test_the_test_game_plays_in_the_terminal_arena_command():
    result = CliRunner().invoke(main, ["arena", "hidden-nim", "--bots", "medium,random",
                                       "--games", "2", "--pile", "large", "--json"])
    assert result.exit_code == 0, result.output
    assert '"game": "hidden-nim"' in result.output


def test_the_test_game_plays_a_whole_game_through_the_http_api(tmp_path):
    with TestClient(create_app(db=f"sqlite:///{tmp_path / 'nim.db'}")) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
        nim = games["hidden-nim"]
        assert nim["titles"]["pt-BR"] == "Nim Oculto"
        assert nim["options"][0]["choices"] == ["small", "large"]
        assert (nim["min_players"], nim["max_players"]) == (2, 3)
        schema = client.get("/api/games/hidden-nim/view-schema").json()
        assert "pile" in schema["properties"]
        created = client.post("/api/tables", json={
            "game": "hidden-nim", "options": {"pile": "small"},
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bo"}]})
        assert created.status_code == 201, created.text
        table = created.json()["table"]["id"]
        tokens = {s["seat"]: s["token"] for s in created.json()["seats"]}
        for _ in range(100):
            state = client.get(f"/api/tables/{table}/view",
                               headers={"Authorization": f"Bearer {tokens[0]}"}).json()
            if state["table"]["status"] == "over":
                break
            seat = state["to_act"][0]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(f"/api/tables/{table}/legal", headers=auth).json()
            action = legal["actions"][-1]
            assert action["code"] == "action" and "text" in action
            answer = client.post(f"/api/tables/{table}/actions", headers=auth,
                                 json={"action": action["notation"],
                                       "state_id": legal["state_id"]})
            assert answer.status_code == 200, answer.text
        assert state["table"]["status"] == "over"
        replay = client.get(f"/api/tables/{table}/replay").json()
        assert replay["record"]["game"] == "hidden-nim"
        assert replay["states"][-1]["over"] is True


def test_every_game_serves_its_view_schema(tmp_path):
    with TestClient(create_app(db=f"sqlite:///{tmp_path / 'schemas.db'}")) as client:
        for name in known_games():
            answer = client.get(f"/api/games/{name}/view-schema")
            assert answer.status_code == 200 and answer.json()["type"] == "object"
        assert client.get("/api/games/chess/view-schema").json()["error"]["code"] == \
            "unknown_game"
