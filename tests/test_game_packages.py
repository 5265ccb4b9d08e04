"""No import cycles inside the game packages, not even ones hidden by function-local imports.

Every module under ``boardgamesbot/games`` is parsed with `ast`; every
``import`` statement anywhere in it (module level, inside functions, inside
``if TYPE_CHECKING``) is an edge of the graph, and the graph must be acyclic.
Each module must also import on its own.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import boardgamesbot.games

GAMES_DIR = Path(boardgamesbot.games.__file__).parent
PREFIX = "boardgamesbot.games"


def module_name(path: Path) -> str:
    parts = path.relative_to(GAMES_DIR).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PREFIX,) + parts)


MODULES = {module_name(path): path for path in sorted(GAMES_DIR.rglob("*.py"))}


def imported_modules(name: str, path: Path, known=MODULES) -> set[str]:
    """Every module among ``known`` that ``name`` imports, wherever the import is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            # "from .state import X" imports .state; "from . import position" imports
            # .position (its package's __init__ is already being imported: no edge to it)
            targets = [f"{origin}.{alias.name}" for alias in node.names]
            if node.module:
                targets.append(origin)
        else:
            continue
        for target in targets:
            # importing a.b.c also runs a.b's and a's __init__, but those are the
            # packages' own entry points; the edge that matters is to the module itself
            if target in known and target != name:
                found.add(target)
    return found


GRAPH = {name: imported_modules(name, path) for name, path in MODULES.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle as a list of modules (first == last), or None."""
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        stack.append(node)
        for other in sorted(graph[node]):
            if state.get(other) == "open":
                return stack[stack.index(other):] + [other]
            if other not in state:
                cycle = visit(other)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_checker_sees_a_cycle_hidden_in_a_function(tmp_path):
    (tmp_path / "a.py").write_text("from . import c\n\ndef f():\n    from .b import x\n")
    (tmp_path / "b.py").write_text("from .a import f\n")
    known = {"pkg.a", "pkg.b", "pkg.c"}
    graph = {"pkg.a": imported_modules("pkg.a", tmp_path / "a.py", known),
             "pkg.b": imported_modules("pkg.b", tmp_path / "b.py", known), "pkg.c": set()}
    assert graph["pkg.a"] == {"pkg.b", "pkg.c"}
    assert find_cycle(graph) == ["pkg.a", "pkg.b", "pkg.a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_both_games_are_seen():
    assert f"{PREFIX}.tikal.state" in GRAPH and f"{PREFIX}.cartographers.state" in GRAPH
    # the edges found include function-local and "from . import x" imports
    assert f"{PREFIX}.tikal.position" in GRAPH[f"{PREFIX}.tikal.state"]


def test_no_import_cycles_inside_the_game_packages():
    assert find_cycle(GRAPH) is None


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_game_module_imports(name):
    importlib.import_module(name)


# One layout for every game package ---------------------------------------------------------

GAME_PACKAGES = ("tikal", "cartographers")


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_every_game_package_has_the_same_layout(game):
    """`Game` in game.py (GAME re-exported by the package), rules in state.py, views and
    the position format in position.py, which never imports the rules."""
    package = importlib.import_module(f"{PREFIX}.{game}")
    game_module = importlib.import_module(f"{PREFIX}.{game}.game")
    assert package.GAME is game_module.GAME
    state_class = type(package.GAME.new(package.GAME.min_players, 1))
    assert state_class.__module__ == f"{PREFIX}.{game}.state"
    assert f"{PREFIX}.{game}.state" not in GRAPH[f"{PREFIX}.{game}.position"]
    assert f"{PREFIX}.{game}.position" in GRAPH[f"{PREFIX}.{game}.state"]
    assert f"{PREFIX}.positions" in GRAPH[f"{PREFIX}.{game}.position"]


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_states_keep_every_field_in_slots(game):
    """Every field is declared in ``__slots__`` (so nothing lands in an instance dict,
    and with ``State.__slots__ = ()`` the states have no dict at all)."""
    import random

    rules = importlib.import_module(f"{PREFIX}.{game}").GAME
    state = rules.new(rules.min_players + 1, 3)
    rng = random.Random(3)
    for _ in range(60):
        if state.is_over():
            break
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    for copy in (state, state.clone(), rules.from_json(state.to_json()),
                 state.determinize(0, random.Random(1))):
        assert not getattr(copy, "__dict__", {})
