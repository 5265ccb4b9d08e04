"""The whole suite's setup: the test-only game joins the registry from here alone."""

import hidden_nim

from boardgamesbot.engine import register

register(hidden_nim.GAME)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch):
    """The terminal speaks the locale's language when no --lang is given; the suite runs
    in English whatever the machine's locale (tests of other locales pass their own)."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` with the files that hold slow tests handed out first.

    xdist gives each worker a whole file, in order of the files' number of tests: a file
    of a few long tests (whole games in a browser or a Matrix room) came last and ran
    alone at the end while the other workers sat idle. A file that says
    ``pytest.mark.slow`` (the label of tests that take more than a few seconds) now
    starts first, the files of many short tests filling the workers' gaps after it."""
    if config.getoption("dist") != "loadfile":
        return None
    from collections import OrderedDict
    from pathlib import Path

    from xdist.scheduler import LoadFileScheduling

    def slow(scope: str) -> bool:
        path = Path(config.rootpath, scope.split("::")[0])
        return path.suffix == ".py" and "pytest.mark.slow" in path.read_text(encoding="utf-8")

    class SlowFilesFirst(LoadFileScheduling):
        def _assign_work_unit(self, node) -> None:
            if not getattr(self, "_slow_first", False):  # (xdist's order, each group kept)
                self.workqueue = OrderedDict(sorted(self.workqueue.items(),
                                                    key=lambda item: not slow(item[0])))
                self._slow_first = True
            super()._assign_work_unit(node)

    return SlowFilesFirst(config, log)
