"""No import cycles in src, function-local imports included.

A cycle hidden behind an import inside a function still ties two modules
together (neither can be read, tested or moved alone), so this walks the whole
AST of every module, not only its top level. An edge goes to the module an
import names: ``from pkg import name`` names ``pkg.name`` when that is a module,
else ``pkg``. A submodule does not depend on its package's ``__init__`` merely
by living in it (Python runs the ``__init__`` first, but that is how packages
work, not a dependency the code chose).
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def module_names(src: Path = SRC) -> dict[str, Path]:
    """Every module under ``src`` by dotted name (a package by its own name)."""
    modules = {}
    for path in sorted(src.rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imported_modules(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that the module ``name`` imports, anywhere in its body."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(_known(alias.name, modules))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules else _known(base, modules))
    found.discard("")
    found.discard(name)
    return found


def _known(dotted: str, modules: dict[str, Path]) -> str:
    """The longest prefix of ``dotted`` that is one of ours ("" for other packages)."""
    parts = dotted.split(".")
    while parts and ".".join(parts) not in modules:
        parts.pop()
    return ".".join(parts)


def import_graph(src: Path = SRC) -> dict[str, set[str]]:
    modules = module_names(src)
    return {name: imported_modules(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as a path ``[a, b, ..., a]``, or None (a depth-first search)."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = [start]
        on_path = {start}
        stack = [iter(sorted(graph[start]))]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                finished = path.pop()
                on_path.discard(finished)
                done.add(finished)
                continue
            if step in on_path:
                return path[path.index(step):] + [step]
            if step in done:
                continue
            path.append(step)
            on_path.add(step)
            stack.append(iter(sorted(graph.get(step, ()))))
    return None


def test_src_has_no_import_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_a_cycle_behind_a_function_local_import_is_found(tmp_path):
    """The check itself can fail: the old arena <-> arena_ray shape, rebuilt in a tmp tree."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "arena.py").write_text(
        "def run():\n    from pkg.arena_ray import run_on_ray\n    return run_on_ray()\n")
    (package / "arena_ray.py").write_text("from . import arena\n\ndef run_on_ray():\n    pass\n")
    (package / "table.py").write_text("import pkg.arena\n")
    assert find_cycle(import_graph(tmp_path)) == ["pkg.arena", "pkg.arena_ray", "pkg.arena"]
    (package / "arena_ray.py").write_text("def run_on_ray():\n    pass\n")
    assert find_cycle(import_graph(tmp_path)) is None
