"""The garbage collector of a server process (`service.collector`): a server settles it
once started (what the start made is frozen, collections run less often); an app
built the way tests build them leaves the collector alone."""

from __future__ import annotations

import gc

import pytest
from fastapi.testclient import TestClient

from boardgamesbot.service import collector
from boardgamesbot.service.api import create_app


@pytest.fixture
def collector_restored():
    """Put the collector back as it was: frozen objects thawed, thresholds restored."""
    thresholds, frozen = gc.get_threshold(), gc.get_freeze_count()
    yield thresholds, frozen
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_a_server_process_settles_the_collector_once_started(tmp_path, collector_restored):
    thresholds, _ = collector_restored
    assert thresholds != collector.THRESHOLDS  # else this test could not fail
    app = create_app(db=f"sqlite:///{tmp_path / 'service.db'}", collector=True)
    assert gc.get_threshold() == thresholds  # building the app is not starting it
    with TestClient(app) as client:
        assert client.get("/api/health").status_code == 200
        assert gc.get_threshold() == collector.THRESHOLDS
        assert gc.get_freeze_count() > 0  # the modules, the games, the app: frozen


def test_an_app_built_without_collector_leaves_it_alone(tmp_path, collector_restored):
    thresholds, frozen = collector_restored
    with TestClient(create_app(db=f"sqlite:///{tmp_path / 'service.db'}")) as client:
        assert client.get("/api/health").status_code == 200
        assert gc.get_threshold() == thresholds
        assert gc.get_freeze_count() == frozen


def test_cycles_made_after_settling_are_still_collected(collector_restored):
    collector.settle()

    class Node:
        pass

    def cycle():
        one, two = Node(), Node()
        one.other, two.other = two, one

    before = sum(isinstance(o, Node) for o in gc.get_objects())
    for _ in range(10):
        cycle()
    gc.collect()
    assert sum(isinstance(o, Node) for o in gc.get_objects()) == before == 0
