"""The landing path: README's two commands and .ci/run stay in step."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = text.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def test_readme_opens_with_two_commands():
    commands = readme_commands()
    assert len(commands) == 2
    assert "bgbot" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert readme_commands()[1] in ci.splitlines()


def test_ci_treats_no_tests_as_failure():
    ci = (ROOT / ".ci" / "run").read_text()
    assert '"$status" -eq 5' in ci


def test_under_loadfile_a_file_of_slow_tests_starts_before_files_of_more_tests():
    """CI's ``--dist loadfile`` hands out whole files, xdist's way the files of most tests
    first: a file of a few long tests started last and ran alone at the end. A file that
    says ``pytest.mark.slow`` goes first (tests/conftest.py): here one test of the
    explanations' file (which holds a slow one) runs before the catalogues' five."""
    import re
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "1", "--dist", "loadfile", "-p",
         "no:cacheprovider", "-v", "tests/test_catalogs.py", "tests/test_explain.py",
         "-k", "test_catalogs or test_k_limits_the_hints"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    files = re.findall(r"\[gw0\][^\n]* PASSED (tests/\S+?\.py)::", run.stdout)
    assert list(dict.fromkeys(files)) == ["tests/test_explain.py", "tests/test_catalogs.py"], \
        run.stdout
