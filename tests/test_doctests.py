"""The examples in the docstrings (``>>>``) are promises a reader copies: they run here.

Every module of the package whose source holds an example is found by reading the
sources, so a new example runs without being listed. The research adapters need the
[research] extra (PettingZoo, OpenSpiel, NumPy); without it their examples are skipped
with the reason, like the research tests.
"""

import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "boardgamesbot"

# What each optional module's examples import beyond the base install.
NEEDS = {
    "boardgamesbot.research.pettingzoo": ("pettingzoo", "numpy"),
    "boardgamesbot.research.openspiel": ("pyspiel", "numpy"),
}


def modules_with_examples() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found.append(".".join(parts))
    return found


def test_the_examples_are_found():
    """The finder is what keeps this suite honest: it must see the modules the
    examples are known to be in, or every test below could pass by running nothing."""
    found = modules_with_examples()
    for name in ("boardgamesbot.engine", "boardgamesbot.driver", "boardgamesbot.arena",
                 "boardgamesbot.hints", "boardgamesbot.help.why",
                 "boardgamesbot.research.openspiel", "boardgamesbot.research.pettingzoo"):
        assert name in found


@pytest.mark.parametrize("name", modules_with_examples())
def test_the_docstring_examples_run(name):
    for needed in NEEDS.get(name, ()):
        pytest.importorskip(needed, reason="the research extra is not installed: "
                                           "pip install -e '.[research]'")
    module = importlib.import_module(name)
    # ELLIPSIS: an example may elide what it does not promise (``Place(space=...)``).
    results = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert results.attempted > 0, f"{name} has examples but none ran"
    assert results.failed == 0, f"{results.failed} example(s) in {name} are false (see above)"
