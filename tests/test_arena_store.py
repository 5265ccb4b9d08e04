"""Arena results kept in the store (``bgbot arena --db``) and rated again (``bgbot ratings``).

Every test runs on SQLite, and again on PostgreSQL when
``BGBOT_TEST_DATABASE_URL`` names a server (e.g.
``postgresql+psycopg://postgres@127.0.0.1:5432/test``), each test on a schema
of its own, dropped afterwards. Games are 2-player Tikal between random and
greedy bots: a few hundredths of a second each.
"""

from __future__ import annotations

import json
import os

import pytest
import sqlalchemy
from click.testing import CliRunner
from databases import postgres_schema_url

from boardgamesbot.arena import Arena, GameResult, plan, run, summarize
from boardgamesbot.cli import main
from boardgamesbot.store import SCHEMA_VERSION, Store, migrations, models

POSTGRES = os.environ.get("BGBOT_TEST_DATABASE_URL")
# A local Ray stays on the loopback interface (as in tests/research/conftest.py).
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'arena.db'}"
        return
    if not POSTGRES:
        pytest.skip("BGBOT_TEST_DATABASE_URL is not set")
    with postgres_schema_url() as url:
        yield url


def bgbot(*args: str):
    return CliRunner().invoke(main, list(args))


def arena_run(db_url: str, *args: str) -> dict:
    """Play and store a run; its JSON report (with the run id)."""
    result = bgbot("arena", "tikal", "--json", "--db", db_url, *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def ratings(db_url: str, *args: str) -> dict:
    result = bgbot("ratings", "tikal", "--db", db_url, "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def untimed(bots: list[dict]) -> list[dict]:
    """The bots' lines without what depends on the machine (stored games keep no times)."""
    return [{key: value for key, value in bot.items()
             if key not in ("decisions", "decision_seconds")} for bot in bots]


def stored(db_url: str, **query) -> list:
    store = Store(db_url, notify=None)
    try:
        return store.arena_games(**query)
    finally:
        store.close()


def test_every_game_of_a_run_is_stored_as_played(db_url):
    report = arena_run(db_url, "--bots", "random,greedy", "--games", "4", "--seed", "7")
    played = run(plan("tikal", ["random", "greedy"], games=4, seed=7))
    rows = stored(db_url, run=report["run"])
    assert [(r.index, r.seed, r.seats, r.scores, r.winners, r.actions, r.solo) for r in rows] \
        == [(g.index, g.seed, g.seats, g.scores, g.winners, g.actions, g.solo) for g in played]
    assert {(r.run, r.game, r.arena_seed, tuple(r.lineup), json.dumps(r.options))
            for r in rows} == {(report["run"], "tikal", 7, ("random", "greedy"), "{}")}
    assert all(r.created > 0 for r in rows)
    # the same arguments again: the same games, a run of its own
    again = arena_run(db_url, "--bots", "random,greedy", "--games", "4", "--seed", "7")
    assert again["run"] != report["run"]
    assert [r.scores for r in stored(db_url, run=again["run"])] == [r.scores for r in rows]
    assert len(stored(db_url, game="tikal")) == 8


def test_ratings_of_a_run_are_the_runs_standings(db_url):
    report = arena_run(db_url, "--bots", "greedy,random", "--games", "4", "--seed", "3")
    rated = ratings(db_url, "--run", report["run"])
    assert untimed(rated["bots"]) == untimed(report["bots"])  # wins, scores, CI, μ, σ: exact
    assert rated["by_seat"] == report["by_seat"]
    for key in ("game", "options", "players", "lineup", "rotation", "games", "seed"):
        assert rated[key] == report[key], key
    assert rated["runs"][0]["run"] == report["run"] and rated["runs"][0]["games"] == 4
    assert all(bot["decision_seconds"] == {"median": None, "p95": None}
               for bot in rated["bots"])
    # the table: the arena's title, no times
    table = bgbot("ratings", "tikal", "--db", db_url, "--run", report["run"])
    assert table.exit_code == 0, table.output
    assert "tikal, 2 player(s), 4 games, seed 3" in table.output
    assert f"run {report['run']}" in table.output
    greedy_line = next(line for line in table.output.splitlines()
                       if line.strip().startswith("greedy"))
    assert greedy_line.split()[-2:] == ["–", "–"]
    assert f"{report['bots'][0]['rating']['mu']:.2f}" in greedy_line


def test_runs_are_rated_together_one_after_another(db_url):
    first = arena_run(db_url, "--bots", "random,greedy", "--games", "2", "--seed", "1")
    second = arena_run(db_url, "--bots", "greedy", "--players", "2", "--games", "1",
                       "--seed", "2")
    together = ratings(db_url)
    assert [r["run"] for r in together["runs"]] == [first["run"], second["run"]]
    assert together["games"] == 3 and together["seed"] is None and together["lineup"] is None
    # the same as rating the played games in that order, numbered one after another
    played = (run(plan("tikal", ["random", "greedy"], games=2, seed=1))
              + run(plan("tikal", ["greedy"], players=2, games=1, seed=2)))
    expected = summarize(Arena("tikal", ("random", "greedy"), 3, 1),
                         [GameResult(n, g.seed, g.seats, g.scores, g.winners, [], g.actions)
                          for n, g in enumerate(played)])
    assert untimed(together["bots"]) == untimed([b.to_dict() for b in expected.bots])
    greedy = next(bot for bot in together["bots"] if bot["name"] == "greedy")
    assert greedy["games"] == 3 and greedy["seats"] == 4
    # one run alone is still that run's standings
    assert untimed(ratings(db_url, "--run", second["run"])["bots"]) == untimed(second["bots"])
    table = bgbot("ratings", "tikal", "--db", db_url)
    assert table.exit_code == 0, table.output
    assert "3 games from 2 runs" in table.output


def one_line_error(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def test_ratings_errors_are_one_clear_line(db_url):
    report = arena_run(db_url, "--bots", "random", "--players", "2", "--games", "2")
    assert "no stored games of cartographers" in one_line_error(
        bgbot("ratings", "cartographers", "--db", db_url))
    message = one_line_error(bgbot("ratings", "tikal", "--db", db_url, "--run", "nosuchrun"))
    assert "no run nosuchrun" in message and report["run"] in message
    assert f"run {report['run']} played tikal, not cartographers" in one_line_error(
        bgbot("ratings", "cartographers", "--db", db_url, "--run", report["run"]))
    assert "unknown game" in one_line_error(bgbot("ratings", "chess", "--db", db_url)).lower()
    # 3-player games are another kind of game: not rated with the 2-player ones
    arena_run(db_url, "--bots", "random", "--players", "3", "--games", "1")
    message = one_line_error(bgbot("ratings", "tikal", "--db", db_url))
    assert "2 players" in message and "3 players" in message and "--run" in message
    assert len(stored(db_url, game="tikal")) == 3  # nothing changed


def test_bad_databases_are_refused_before_any_game(tmp_path):
    missing = tmp_path / "missing.db"
    assert "no database file" in one_line_error(
        bgbot("ratings", "tikal", "--db", f"sqlite:///{missing}"))
    assert not missing.exists()  # reading never creates a database
    empty = tmp_path / "empty.db"
    sqlalchemy.create_engine(f"sqlite:///{empty}").connect().close()
    assert "no stored games of tikal" in one_line_error(
        bgbot("ratings", "tikal", "--db", f"sqlite:///{empty}"))
    assert not sqlalchemy.inspect(sqlalchemy.create_engine(f"sqlite:///{empty}")).get_table_names()
    assert "not a database URL" in one_line_error(
        bgbot("arena", "tikal", "--bots", "random", "--games", "2", "--db", "no url"))
    message = one_line_error(bgbot("arena", "tikal", "--bots", "random", "--games", "2",
                                   "--db", f"sqlite:///{tmp_path}/no/such/dir/a.db"))
    assert "cannot open the database" in message
    message = one_line_error(bgbot("arena", "tikal", "--bots", "random", "--games", "2",
                                   "--db", "postgresql://nobody@127.0.0.1:1/none"))
    assert "cannot open the database postgresql://nobody@127.0.0.1:1/none" in message
    assert "password" not in one_line_error(
        bgbot("ratings", "tikal", "--db", "postgresql://u:password@127.0.0.1:1/none"))


def test_a_version_3_database_gains_the_arena_games(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = sqlalchemy.create_engine(url)
    with engine.begin() as c:
        models.schema_version.create(c)
        for version in (1, 2, 3):
            migrations.STEPS[version](c)
        c.execute(models.schema_version.insert().values(version=3))
    engine.dispose()
    assert SCHEMA_VERSION >= 4  # the arena's games came with version 4
    report = arena_run(url, "--bots", "random", "--players", "2", "--games", "2")
    assert Store(url, notify=None).schema_version() == SCHEMA_VERSION
    assert [r.index for r in stored(url, run=report["run"])] == [0, 1]


@pytest.mark.slow
def test_the_ray_backend_stores_its_games_too(db_url):
    """Solo Cartographers on a local 2-CPU Ray: the games stream back and are stored."""
    pytest.importorskip("ray", reason="the ray extra is not installed: pip install -e '.[ray]'")
    result = bgbot("arena", "cartographers", "--bots", "random", "--players", "1", "--games",
                   "2", "--seed", "4", "--backend", "ray", "--workers", "2", "--json",
                   "--db", db_url)
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    played = run(plan("cartographers", ["random"], players=1, games=2, seed=4))
    rows = stored(db_url, run=report["run"])
    assert [(r.index, r.seed, r.seats, r.scores, r.winners, r.actions, r.solo) for r in rows] \
        == [(g.index, g.seed, g.seats, g.scores, g.winners, g.actions, g.solo) for g in played]
    assert all(r.solo is not None for r in rows)
    rated = bgbot("ratings", "cartographers", "--db", db_url, "--json")
    assert rated.exit_code == 0, rated.output
    assert untimed(json.loads(rated.output)["bots"]) == untimed(report["bots"])
