"""The arena's Ray backend: the same results as the local one, streamed game by game."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from boardgamesbot.arena import Arena, ArenaError, plan, run, summarize
from boardgamesbot.cli import main
from boardgamesbot.engine import GameError

pytestmark = pytest.mark.slow


def reproducible(standings: dict) -> dict:
    """The results without what the machine decides (times, workers)."""
    standings = dict(standings)
    for key in ("elapsed_seconds", "workers"):
        standings.pop(key)
    standings["bots"] = [{k: v for k, v in bot.items() if k != "decision_seconds"}
                         for bot in standings["bots"]]
    return standings


def essentials(results):
    return [(r.index, r.seed, r.seats, r.scores, r.winners, r.actions, r.solo) for r in results]


@pytest.mark.parametrize("game,bots,players,options", [
    ("tikal", ["greedy", "random"], None, {}),
    ("tikal", ["greedy", "random", "random"], None, {"variant": "auction"}),
    ("cartographers", ["greedy"], 1, {}),
    ("cartographers", ["greedy", "random"], None, {}),
])
def test_ray_gives_exactly_the_local_results(ray_cluster, game, bots, players, options):
    arena = plan(game, bots, players=players, games=6, seed=9,
                 options=options)
    local = run(arena)
    finished = []
    remote = run(arena, backend="ray", on_result=lambda result: finished.append(result.index))
    assert essentials(remote) == essentials(local)
    assert sorted(finished) == list(range(arena.games))  # streamed: one call per game
    assert reproducible(summarize(arena, remote).to_dict()) == \
        reproducible(summarize(arena, local).to_dict())


def test_the_cli_joins_a_running_cluster_by_address(ray_cluster, tmp_path):
    """A separate `bgbot arena --backend ray --address HOST:PORT` process joins the
    session's cluster and prints the local backend's results."""
    args = ["arena", "tikal", "--bots", "greedy,random", "--games", "4", "--seed", "3", "--json"]
    local = CliRunner().invoke(main, args)
    assert local.exit_code == 0, local.output
    bgbot = os.path.join(os.path.dirname(sys.executable), "bgbot")
    joined = subprocess.run([bgbot, *args, "--backend", "ray", "--address", ray_cluster,
                             "--save-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=300)
    assert joined.returncode == 0, joined.stderr
    assert reproducible(json.loads(joined.stdout)) == reproducible(json.loads(local.output))
    assert len(list(tmp_path.glob("tikal-*.json"))) == 4


def test_an_error_in_a_game_stops_the_run_with_the_local_backends_error(ray_cluster):
    """An arena made by hand (not checked by `plan`) naming a bot no worker knows:
    the error raised inside a Ray task reaches the caller as itself."""
    arena = Arena("tikal", ("random", "nobody"), games=8, seed=1)
    with pytest.raises(GameError, match="unknown bot 'nobody'") as local:
        run(arena)
    with pytest.raises(GameError, match="unknown bot 'nobody'") as remote:
        run(arena, backend="ray")
    assert type(remote.value) is type(local.value) and remote.value.code == local.value.code


def test_a_stopped_run_kills_its_workers_rather_than_interrupting_them(ray_cluster,
                                                                     monkeypatch):
    """Cancelling with KeyboardInterrupt can land while a fresh worker imports numpy, and
    that worker, reused by the next run, then fails every import of numpy ("cannot load
    module more than once per process": a CI run failed so). Every leftover batch of a
    stopped run is cancelled by killing its worker."""
    import ray

    cancels = []
    real_cancel = ray.cancel
    monkeypatch.setattr(ray, "cancel", lambda ref, **how: (cancels.append(how),
                                                           real_cancel(ref, **how)))
    with pytest.raises(GameError, match="unknown bot 'nobody'"):
        run(Arena("tikal", ("random", "nobody"), games=8, seed=1), backend="ray")
    assert cancels and all(how.get("force") is True for how in cancels)
    after = plan("cartographers", ["greedy"], players=1, games=4, seed=2)
    assert essentials(run(after, backend="ray")) == essentials(run(after))


def test_backend_mistakes_are_clear_errors(ray_cluster):
    arena = plan("tikal", ["random"], players=2, games=1)
    with pytest.raises(ArenaError, match="backend"):
        run(arena, backend="spark")
    with pytest.raises(ArenaError, match="--address is for --backend ray"):
        run(arena, address="auto")
    result = CliRunner().invoke(main, ["arena", "tikal", "--bots", "random", "--games", "1",
                                       "--address", "auto"])
    assert result.exit_code == 2 and "--address is for --backend ray" in result.output


def test_an_unreachable_cluster_is_a_clear_error_at_once():
    """In a process of its own: this test process has joined the session's cluster."""
    pytest.importorskip("ray", reason="the ray extra is not installed: pip install -e '.[ray]'")
    bgbot = os.path.join(os.path.dirname(sys.executable), "bgbot")
    base = [bgbot, "arena", "tikal", "--bots", "random", "--players", "2", "--games", "2",
            "--backend", "ray"]
    refused = subprocess.run([*base, "--address", "127.0.0.1:1"], capture_output=True,
                             text=True, timeout=120)
    assert refused.returncode == 2
    assert "cannot reach a Ray cluster at 127.0.0.1:1" in refused.stdout + refused.stderr
    malformed = subprocess.run([*base, "--address", "nohost"], capture_output=True, text=True,
                               timeout=120)
    assert malformed.returncode == 2 and "HOST:PORT" in malformed.stdout + malformed.stderr
