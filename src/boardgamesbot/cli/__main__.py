"""``python -m boardgamesbot.cli``: the ``bgbot`` command (servers started by tests and
benchmarks run it so, with the interpreter of their own environment)."""

from boardgamesbot.cli import main

main()
