"""The habits CI keeps: the linter and the type checker, with the settings in pyproject.toml.

Both run from this test so that `.ci/run` (which runs pytest) checks them on every
clone, and a person sees their findings as a failing test with the tool's own report.
The rule set and the strict modules are chosen and explained in pyproject.toml.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_tool(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_ruff_finds_nothing_in_src_tests_and_bench():
    """Tests and benchmarks are read and trusted like the source (a benchmark's figure is
    a claim in the docs): the same rules apply to all three."""
    result = run_tool("ruff", "check", "src", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_would_catch_a_real_mistake(tmp_path):
    """The rule set is live: an unused import and a mutable default are reported."""
    sample = tmp_path / "sample.py"
    sample.write_text("import os\n\n\ndef seats(names=[]):\n    return names\n")
    result = run_tool("ruff", "check", "--config", str(ROOT / "pyproject.toml"), str(sample))
    assert result.returncode == 1
    assert "F401" in result.stdout and "B006" in result.stdout


@pytest.mark.slow
def test_mypy_strict_finds_nothing():
    result = run_tool("mypy")  # files and strictness from [tool.mypy]
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout
