"""The frozen reference `hard-2026.11` stands apart from the product.

It lives in its own top-level package (reference/bgbot_reference_2026_11) with a pinned
copy of the rules it plans on; the product finds it by name (the ``boardgamesbot.bots``
entry point), never by importing it, and it meets the product only through the public
contract (the engine's types and the seat's window). If the product imported it, or it
read a live game's internals, a change to the live rules could move the yardstick every
strength claim is measured with.
"""

from __future__ import annotations

import ast
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from boardgamesbot import bots
from boardgamesbot.bots import REFERENCE, bot_names, make_bot
from boardgamesbot.engine import GameError

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "bgbot_reference_2026_11"
# What the reference may use of the product: the contract every game stands on, and the
# seat's window every bot is handed.
PUBLIC = {"boardgamesbot.engine", "boardgamesbot.bots"}


def imports(path: Path) -> set[str]:
    """The absolute module names ``path`` imports, anywhere in its body."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module)
    return found


def test_nothing_in_the_product_names_the_reference_package():
    offenders = [str(path.relative_to(ROOT)) for path in (ROOT / "src" / "boardgamesbot").rglob("*")
                 if path.is_file() and path.suffix in {".py", ".toml", ".json", ".js"}
                 and PACKAGE in path.read_text(errors="replace")]
    assert offenders == []


def test_the_reference_uses_only_the_products_public_contract():
    used = {(str(path.relative_to(ROOT)), name)
            for path in (ROOT / "reference" / PACKAGE).rglob("*.py")
            for name in imports(path) if name.split(".")[0] == "boardgamesbot"}
    assert {name for _, name in used} <= PUBLIC, sorted(used)
    assert used, "the walk found the reference's files"


def test_the_product_loads_the_reference_only_when_asked_by_name():
    # A fresh interpreter: this test process may have loaded it already.
    script = (
        "import sys\n"
        "import boardgamesbot.arena, boardgamesbot.bots, boardgamesbot.cli\n"
        "from boardgamesbot.bots import make_bot, bot_names\n"
        f"assert {REFERENCE!r} in bot_names()\n"
        "make_bot('hard', 1)\n"
        f"assert {PACKAGE!r} not in sys.modules, 'loaded without being asked for'\n"
        f"bot = make_bot({REFERENCE!r}, 1)\n"
        f"assert type(bot).__module__ == {PACKAGE + '.bot'!r}, type(bot).__module__\n"
        f"assert bot.name == {REFERENCE!r}\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr


def test_the_reference_is_offered_and_an_unknown_name_still_refused():
    assert REFERENCE in bot_names()
    with pytest.raises(GameError) as refused:
        make_bot("hard-2026.12")
    assert refused.value.code == "unknown_bot"
    assert REFERENCE in refused.value.params["known"]


def test_the_frozen_package_is_byte_for_byte_as_recorded():
    """Frozen means unedited: a reformat, a "harmless" fix or a new file in the package
    fails here, before any strength claim rests on a reference that moved. (A deliberate
    change needs a new reference, under a new name, not an edit of this one.)"""
    recorded = json.loads((ROOT / "tests" / "data" / "reference_2026_11_files.json")
                          .read_text())["files"]
    package = ROOT / "reference" / PACKAGE
    now = {str(path.relative_to(package)): hashlib.sha256(path.read_bytes()).hexdigest()
           for path in sorted(package.rglob("*"))
           if path.is_file() and "__pycache__" not in path.parts}
    changed = sorted(name for name in set(now) | set(recorded)
                     if now.get(name) != recorded.get(name))
    assert changed == []


def test_a_checkout_installed_before_the_move_is_told_to_install_again(monkeypatch):
    monkeypatch.setattr(bots, "_declared", lambda: {})
    with pytest.raises(GameError, match=r"pip install -e \.") as refused:
        make_bot(REFERENCE)
    assert refused.value.code == "unknown_bot"
    with pytest.raises(GameError) as typo:
        make_bot("hard-2026.1")
    assert "pip install" not in str(typo.value)
