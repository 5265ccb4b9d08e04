"""``bgbot arena`` and ``ratings``: bots play each other in many games and are rated;
runs can be kept in a database and rated again later (docs/arena.md)."""

from __future__ import annotations

import json
import sys
import time
import uuid
from pathlib import Path

import click
from rich.console import Console
from rich.progress import MofNCompleteColumn, Progress

from boardgamesbot.engine import GameError, load_game

from .terminal import chosen, fail, find_game, first_line, game_options, language
from .words import environment_language, has, say, setup_error

LANG_HELP = "Language of the tables and messages (default: your locale's, else en)."

ARENA_HELP = """Play bots against each other and rate them.

\b
BOTS is the lineup: one bot name per seat, comma-separated; a single name
takes every seat. Seats rotate: game i (from 0) gives seat s to
lineup[(s - i) mod players], so every bot moves on one seat each game and
plays every seat equally; --games must be a multiple of the rotation length
(players, or fewer when the lineup repeats itself). Examples:

\b
  bgbot arena tikal --bots greedy,random --games 200 --workers 2
  bgbot arena tikal --bots hard,greedy,greedy,greedy --games 200   (hard vs three greedy)
  bgbot arena cartographers --bots hard --players 1 --side A --games 100   (solo)
  bgbot arena tikal --bots greedy --players 4 --games 400 --backend ray --address auto

\b
The same arguments give the same results whatever --workers is (only the
measured times differ). See docs/arena.md for every column.
"""


@click.command("arena", help=ARENA_HELP)
@click.argument("game_name", metavar="GAME")
@click.option("--bots", required=True, help="The lineup: one bot name per seat, comma-separated.")
@click.option("--players", "-p", type=int, default=None,
              help="Number of players (default: the lineup's length, at least the game's minimum).")
@game_options
@click.option("--games", "-n", type=int, required=True,
              help="How many games (a multiple of the rotation length).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed every game's and every bot's seed is derived from.")
@click.option("--workers", "-w", type=int, default=1, show_default=True,
              help="Worker processes playing games in parallel.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON to stdout.")
@click.option("--save-dir", type=click.Path(file_okay=False), default=None,
              help="Save each game's record here (replay with `bgbot replay FILE`).")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True,
              help="Where the games run: local processes, or Ray tasks (pip install "
                   "'boardgamesbot[ray]'); same results either way.")
@click.option("--address", default=None,
              help="With --backend ray: the cluster to join ('auto' or HOST:PORT); "
                   "default: start a local Ray with --workers CPUs.")
@click.option("--db", default=None, metavar="URL",
              help="Keep every finished game in this database (SQLite or PostgreSQL URL, "
                   "as for `bgbot serve --db`) as a new run, for `bgbot ratings`.")
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca", help=LANG_HELP)
def arena_command(game_name, bots, players, games, seed, workers, as_json, save_dir,
                  backend, address, db, lang, **options) -> None:
    from sqlalchemy.exc import SQLAlchemyError

    from boardgamesbot import arena  # imported here: openskill is only needed by this command

    lang = language(lang) if lang is not None else environment_language()
    options = chosen(options)
    game_name = find_game(game_name, lang).name  # a title, a typo: as `play`
    if workers <= 0:
        fail(say(lang, "arena.workers", workers=workers), lang)
    store = run_id = None
    try:
        setup = arena.plan(game_name, bots.split(","), players, games, seed, options, save_dir)
        if db is not None:  # opened before any game is played: a bad URL costs nothing
            store, shown = _open_store(db)
            run_id = uuid.uuid4().hex  # a re-run with the same --seed is a run of its own
        started = time.perf_counter()
        with Progress(*Progress.get_default_columns(), MofNCompleteColumn(),
                      console=Console(stderr=True),
                      disable=as_json or not sys.stderr.isatty()) as progress:
            task = progress.add_task(say(lang, "arena.progress", game=setup.game),
                                     total=setup.games)

            def finished(result) -> None:
                progress.advance(task)
                if store is not None:  # each game as it arrives: a stopped run keeps them
                    store.add_arena_game(_arena_game_row(setup, run_id, result))

            results = arena.run(setup, workers, finished, backend=backend, address=address)
        standings = arena.summarize(setup, results, time.perf_counter() - started, workers)
    except GameError as error:
        fail(setup_error(error, lang), lang)
    except SQLAlchemyError as error:
        fail(say(lang, "arena.store_failed", db=shown, reason=first_line(error), run=run_id),
             lang)
    except KeyboardInterrupt:
        fail(say(lang, "arena.interrupted") if store is None else
             say(lang, "arena.interrupted_stored", run=run_id), lang)
    finally:
        if store is not None:
            store.close()
    if as_json:
        report = standings.to_dict()
        if run_id is not None:
            report["run"] = run_id
        click.echo(json.dumps(report, indent=1))
        return
    out = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    out.print(arena.standings_table(standings, _title(setup, lang), say(
        lang, "arena.caption", lineup=",".join(setup.lineup), workers=standings.workers,
        seconds=f"{standings.elapsed_seconds:.1f}"), _headings(lang)))
    if setup.players > 1:
        out.print(arena.seats_table(standings, _headings(lang)))
    if save_dir:
        out.print(say(lang, "arena.saved", path=save_dir), markup=False)
    if run_id is not None:
        out.print(say(lang, "arena.stored", games=len(results), db=shown, run=run_id,
                      game=setup.game), markup=False)


def _headings(lang: str) -> dict[str, str]:
    """The tables' columns in ``lang``, by their English headings (docs/arena.md); a
    symbol (μ, σ) or an abbreviation (sd, 95% CI) is the same in every language."""
    columns = ("bot", "games", "seats", "wins", "win rate", "score", "ordinal", "solo rating",
               "titles", "time median", "time p95", "by seat", "seat", "mean score")
    return {column: say(lang, f"arena.column.{column}") for column in columns
            if has(f"arena.column.{column}")}


def _title(setup, lang: str, runs: int | None = None) -> str:
    """The standings' title: the game (its options), players and games, and the seed of
    one run (or how many ``runs`` the games come from)."""
    options = _options_text(setup.options)
    if runs is None:
        return say(lang, "arena.title", game=setup.game, options=options,
                   players=setup.players, games=setup.games, seed=setup.seed)
    return say(lang, "ratings.title", game=setup.game, options=options,
               players=setup.players, games=setup.games, runs=runs)


def _options_text(options: dict) -> str:
    """A game's options as the arena's titles write them after its name (", variant auction")."""
    return "".join(f", {key} {value}" for key, value in options.items())


def _open_store(url: str, reading: str | None = None):
    """A `Store` on ``url`` (normalised as for `bgbot serve --db`) and the URL to show
    (password hidden); `GameError` "bad_database" in one line when it cannot be opened.
    ``reading``: the game whose stored games are to be read; a SQLite file must already be
    there (reading never creates one), and hold arena games ("no_arena_games").

    Each refusal's params hold all it says (the URL, the driver's reason), and ``case``
    tells its variants apart, so that the terminal says it in any language
    (`boardgamesbot.cli.words.setup_error`)."""
    from sqlalchemy import inspect
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from boardgamesbot.store import Store, make_engine

    try:
        parsed = make_url(url)
    except SQLAlchemyError:
        raise GameError(f"--db {url!r} is not a database URL; e.g. sqlite:///arena.db or "
                        "postgresql://user@host/dbname", code="bad_database", url=url,
                        case="not_url") from None
    shown = parsed.render_as_string(hide_password=True)
    if reading and parsed.get_backend_name() == "sqlite" \
            and parsed.database not in (None, "", ":memory:") \
            and not Path(parsed.database).is_file():
        raise GameError(f"no database file at {parsed.database}", code="bad_database",
                        url=shown, path=parsed.database, case="no_file")
    try:
        if reading:  # reading changes nothing: a database without arena games stays as is
            engine = make_engine(url)
            try:
                with engine.connect() as connection:
                    kept = inspect(connection).has_table("arena_games")
            finally:
                engine.dispose()
            if not kept:
                raise _none_stored(reading, shown)
        return Store(url, notify=None), shown
    except (SQLAlchemyError, ImportError, OSError) as error:
        raise GameError(f"cannot open the database {shown}: {first_line(error)}",
                        code="bad_database", url=shown, reason=first_line(error)) from None


def _arena_game_row(setup, run_id: str, result):
    from boardgamesbot.store import ArenaGameRow

    return ArenaGameRow(run=run_id, game=setup.game, options=dict(setup.options),
                        lineup=list(setup.lineup), seats=list(result.seats),
                        arena_seed=setup.seed, index=result.index, seed=result.seed,
                        scores=list(result.scores), winners=list(result.winners),
                        actions=result.actions, solo=result.solo)


@click.command("ratings")
@click.argument("game_name", metavar="GAME")
@click.option("--db", required=True, metavar="URL",
              help="The database `bgbot arena --db` stored the games in.")
@click.option("--run", "run_id", default=None,
              help="Rate only this run (its id is printed by `bgbot arena --db`); "
                   "default: every stored game of GAME together.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON to stdout.")
@click.option("--lang", "-l", default=None, metavar="en|pt-BR|ca", help=LANG_HELP)
def ratings_command(game_name, db, run_id, as_json, lang) -> None:
    """The ratings table of arena games kept with `bgbot arena --db`.

    The same table as `bgbot arena` prints (docs/arena.md), computed again from
    the stored games: one run's games in game order give that run's standings
    exactly; several runs are rated one after another, in the order they began.
    Decision times are not stored (shown as –)."""
    from boardgamesbot import arena

    lang = language(lang) if lang is not None else environment_language()
    game = find_game(game_name, lang).name  # a title, a typo: as `play`
    try:
        store, shown = _open_store(db, reading=game)
        try:
            rows = store.arena_games(game=game, run=run_id)
            if not rows:
                _no_games(store, shown, game, run_id)
        finally:
            store.close()
        standings, title, caption = _rate_stored(arena, rows, lang)
    except GameError as error:
        fail(setup_error(error, lang), lang)
    runs = list(dict.fromkeys(row.run for row in rows))
    if as_json:
        report = standings.to_dict()
        del report["elapsed_seconds"], report["workers"]  # nothing was timed here
        if len(runs) > 1:  # one seed, lineup and rotation no longer describe the games
            report.update(seed=None, lineup=None, rotation=None)
        report["runs"] = [_run_summary(run, [row for row in rows if row.run == run])
                          for run in runs]
        click.echo(json.dumps(report, indent=1))
        return
    out = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    out.print(arena.standings_table(standings, title, caption, _headings(lang)))
    if standings.arena.players > 1:
        out.print(arena.seats_table(standings, _headings(lang)))


def _none_stored(game: str, shown: str) -> GameError:
    return GameError(f"no stored games of {game} in {shown}; keep some with: bgbot arena "
                     f"{game} --bots ... --games N --db URL", code="no_arena_games",
                     game=game, db=shown)


def _no_games(store, shown: str, game: str, run_id: str | None) -> None:
    if run_id is None:
        raise _none_stored(game, shown)
    elsewhere = store.arena_games(run=run_id)
    if elsewhere:
        raise GameError(f"run {run_id} played {elsewhere[0].game}, not {game}",
                        code="unknown_run", run=run_id, game=game,
                        played=elsewhere[0].game, case="other_game")
    known = list(dict.fromkeys(row.run for row in store.arena_games(game=game)))[-5:]
    if not known:
        raise GameError(f"no run {run_id} in {shown}; no games of {game} are stored there",
                        code="unknown_run", run=run_id, game=game, db=shown, case="none")
    raise GameError(f"no run {run_id} in {shown}; stored runs of {game}: {', '.join(known)}",
                    code="unknown_run", run=run_id, game=game, db=shown, runs=known)


def _rate_stored(arena, rows, lang: str = "en"):
    """Standings of stored games (``rows`` in rating order), and the table's title and
    caption in ``lang``. Games of different player counts or options are not rated
    together."""
    kinds = _kinds(rows)
    if len(kinds) > 1:
        raise _mixed_runs(rows[0].game, kinds, lang)
    first = rows[0]
    setup = arena.Arena(first.game, tuple(first.lineup), len(rows), first.arena_seed,
                        dict(first.options))
    # Numbered in rating order: runs one after another, each in its own game order.
    results = [arena.GameResult(number, row.seed, list(row.seats), list(row.scores),
                                list(row.winners), [], row.actions, row.solo)
               for number, row in enumerate(rows)]
    standings = arena.summarize(setup, results)
    runs = list(dict.fromkeys(row.run for row in rows))
    untimed = say(lang, "ratings.untimed")
    if len(runs) == 1:
        return (standings, None, say(lang, "ratings.one_run", run=first.run,
                                     lineup=",".join(first.lineup), untimed=untimed))
    parts = []
    for run in runs:
        summary = _run_summary(run, [row for row in rows if row.run == run])
        parts.append(say(lang, "ratings.run", run=run, seed=summary["seed"],
                         lineup=",".join(summary["lineup"]), games=summary["games"]))
    return (standings, _title(setup, lang, len(runs)),
            say(lang, "ratings.runs", runs="; ".join(parts), untimed=untimed))


def _kinds(rows) -> dict[tuple[int, str], list[str]]:
    """The kinds of game among ``rows`` (players, and the options as sorted JSON), each with
    its runs in the order they were stored: games of two kinds are not rated together."""
    kinds: dict[tuple[int, str], list[str]] = {}
    for row in rows:
        runs = kinds.setdefault((len(row.seats), json.dumps(_options_of(row), sort_keys=True)),
                                [])
        if row.run not in runs:
            runs.append(row.run)
    return dict(sorted(kinds.items()))


def _options_of(row) -> dict:
    """A stored game's options as the game plays them, its defaults filled in: a run
    stored with ``--variant basic`` and one stored without the option are of one kind.
    (Options the game no longer knows are kept as stored: then they differ.)"""
    try:
        return load_game(row.game).check_options(row.options)
    except GameError:
        return dict(row.options)


def _mixed_runs(game: str, kinds: dict[tuple[int, str], list[str]], lang: str) -> GameError:
    """The refusal to rate games of several ``kinds`` together: what differs and which runs
    are of each kind, so that one can be chosen with --run. Its ``kinds`` param is said in
    ``lang`` (the refusal is made for that reader, `setup_error` fills it in), the message
    in English."""
    def said(language: str) -> str:
        return "; ".join(
            say(language, "ratings.kind", players=players, options=_options_text(
                json.loads(options)), runs=say(language, "ratings.kind.runs", n=len(runs),
                                                runs=", ".join(runs)))
            for (players, options), runs in kinds.items())

    return GameError(say("en", "setup.mixed_runs", game=game, kinds=said("en")),
                     code="mixed_runs", game=game, kinds=said(lang))


def _run_summary(run: str, rows) -> dict:
    return {"run": run, "seed": rows[0].arena_seed, "lineup": list(rows[0].lineup),
            "games": len(rows), "started": min(row.created for row in rows)}
