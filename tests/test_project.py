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
