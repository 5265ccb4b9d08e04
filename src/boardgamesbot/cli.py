"""The ``bgbot`` command: play in the terminal, replay saved games.

The terminal is one more face over the engine contract: it shows each person
only their seat's ``view`` (drawn by the game's ``render`` module), reads
actions in the game's notation, and saves every game as a `Record`.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import time
from pathlib import Path

import click
from rich.console import Console
from rich.progress import MofNCompleteColumn, Progress

from boardgamesbot.bots import make_bot
from boardgamesbot.engine import GameError, Record, State, known_games, load_game

console = Console(highlight=False)


def _renderer(game_name: str):
    return importlib.import_module(f"boardgamesbot.games.{game_name}.render")


def _fail(message: str) -> None:
    console.print(f"[bold red]error:[/] {message}", markup=True)
    raise SystemExit(2)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """BoardGamesBot: Tikal and Cartographers with computer players."""


@main.command("games")
def games_command() -> None:
    """List the games you can play."""
    for name in known_games():
        game = load_game(name)
        console.print(f"{name}  ({game.min_players}-{game.max_players} players)")


HELP = """\
Type an action in notation to play it. Other commands:
  moves [PREFIX]   list your legal actions now (with what they cost), e.g.
                   'moves move' or 'moves water 2'; 'moves all' lists every one
  preview ACTION   show the position after ACTION without playing it
  board            show the position again
  notation         where the notation is documented
  quit             save and stop (the record can be replayed with `bgbot replay`)
"""


@main.command("play")
@click.argument("game_name", metavar="GAME")
@click.option("--players", "-p", type=int, default=None, help="Number of players.")
@click.option("--humans", type=int, default=1, show_default=True,
              help="How many seats people take (the first ones); the rest are bots.")
@click.option("--bots", default=None,
              help="Comma-separated bots or levels (easy, medium, hard, random, greedy, "
                   "search) for the non-human seats (default: medium).")
@click.option("--seed", type=int, default=None, help="Seed for the game's chance.")
@click.option("--variant", default=None, help="Tikal: basic or auction.")
@click.option("--side", default=None, help="Cartographers: map side A or B.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Where to save the record (default: games/GAME-TIME.json).")
def play_command(game_name, players, humans, bots, seed, variant, side, save_path) -> None:
    """Play GAME in the terminal against bots or with friends at one keyboard."""
    try:
        game = load_game(game_name)
    except GameError as error:
        _fail(str(error))
    if players is None:
        players = max(game.min_players, min(2, game.max_players))
    options = {k: v for k, v in {"variant": variant, "side": side}.items() if v is not None}
    if not 0 <= humans <= players:
        _fail(f"--humans must be between 0 and {players}")
    bot_list = [b for b in (bots.split(",") if bots else []) if b.strip()]
    if not bot_list:
        bot_list = ["medium"] * (players - humans)
    if len(bot_list) != players - humans:
        _fail(f"{players} players with {humans} human(s) need {players - humans} bot(s), "
              f"got {len(bot_list)}: {', '.join(bot_list) or 'none'}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        state = game.new(players, seed, **options)
        seat_bots = [None] * humans + [make_bot(name, seed + 101 * i) for i, name in
                                       enumerate(bot_list)]
    except GameError as error:
        _fail(str(error))
    seats = [f"person {i + 1}" for i in range(humans)] + [b.name for b in seat_bots[humans:]]
    record = Record.start(game.name, seed, seats, **options)
    path = Path(save_path or f"games/{game.name}-{time.strftime('%Y%m%d-%H%M%S')}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    console.print(f"{game.name}, {players} players, seed {seed}; saving to {path}")
    _play(state, record, seat_bots, path, _renderer(game.name))


def _play(state: State, record: Record, seat_bots: list, path: Path, render) -> None:
    shown_to = None
    while not state.is_over():
        player = state.current_players()[0]
        bot = seat_bots[player]
        if bot is not None:
            action = bot.choose(state.clone(), player)
            state.apply(player, action)
            record.add(player, action)
            console.print(f"[dim]{record.seats[player]} (seat {player + 1}):[/] {action}")
            shown_to = None
            continue
        if shown_to != player:
            console.print(render.text(state.view(player)))
        shown_to = player
        if not _human_turn(state, record, player, render):
            record.save(path)
            console.print(f"saved to {path}; replay with: bgbot replay {path}")
            return
        shown_to = None  # redraw before the next decision
        record.save(path)
    record.save(path)
    console.print(render.text(state.view(None)))
    scores = ", ".join(f"{record.seats[i]}: {s}" for i, s in enumerate(state.scores()))
    winners = " and ".join(record.seats[i] for i in state.winners())
    console.print(f"[bold]Game over.[/] {scores}. Winner: {winners}. Record: {path}")


def _human_turn(state: State, record: Record, player: int, render) -> bool:
    """Read commands until the person plays one action; False when they quit."""
    while True:
        try:
            line = console.input(f"[bold]seat {player + 1}>[/] ").strip()
        except EOFError:
            return False
        if not line:
            continue
        word, _, rest = line.partition(" ")
        if word in ("quit", "exit"):
            return False
        if word in ("help", "?"):
            console.print(HELP, markup=False)
        elif word == "board":
            console.print(render.text(state.view(player)))
        elif word == "notation":
            console.print(f"see docs/{record.game}-notation.md")
        elif word == "moves":
            _list_moves(state, player, rest.strip())
        elif word == "preview":
            trial = state.clone()
            try:
                trial.apply(player, rest)
            except GameError as error:
                console.print(f"[red]{error}[/]")
            else:
                console.print(render.text(trial.view(player)))
        else:
            try:
                action = state.apply(player, line)
            except GameError as error:
                console.print(f"[red]{error}[/]  (type 'moves' for what you can do)")
                continue
            record.add(player, action)
            return True


MOVES_SHOWN = 40


def _list_moves(state: State, player: int, prefix: str) -> None:
    actions = [str(a) for a in state.legal_actions(player)]
    show_all = prefix == "all"
    if prefix and not show_all:
        actions = [a for a in actions if a.startswith(prefix)]
    by_text = {str(a): a for a in state.legal_actions(player)}
    for text in actions if show_all else actions[:MOVES_SHOWN]:
        console.print(f"  {state.describe(by_text[text])}", markup=False)
    hidden = 0 if show_all else len(actions) - MOVES_SHOWN
    if hidden > 0:
        kinds = sorted({a.split()[0] for a in actions})
        console.print(f"  … and {hidden} more: narrow them with 'moves PREFIX' "
                      f"(e.g. 'moves {kinds[0]}') or see them all with 'moves all'")
    if not actions:
        console.print(f"  no legal action starts with {prefix!r}", markup=False)


@main.command("rules")
@click.argument("game_name", metavar="GAME")
@click.option("--lang", "-l", default="en", show_default=True, metavar="en|pt-BR|ca",
              help="Language of the rules page.")
def rules_command(game_name, lang) -> None:
    """Show the rules of GAME (in English, Brazilian Portuguese or Catalan)."""
    from rich.markdown import Markdown

    from boardgamesbot.help import help_page

    try:
        page = help_page(game_name, lang)
    except GameError as error:
        _fail(str(error))
    console.print(Markdown(page))


@main.command("replay")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--seat", type=int, default=None,
              help="Show what this seat (1-based) saw instead of the spectator view.")
@click.option("--step/--no-step", default=None,
              help="Wait for Enter between actions (default: when run in a terminal).")
def replay_command(path, seat, step) -> None:
    """Step through a saved game record."""
    try:
        record = Record.load(path)
        states = list(record.states())
    except GameError as error:
        _fail(str(error))
    render = _renderer(record.game)
    viewer = None if seat is None else seat - 1
    if viewer is not None and not 0 <= viewer < len(record.seats):
        _fail(f"--seat must be between 1 and {len(record.seats)}")
    if step is None:
        step = sys.stdin.isatty()
    index = 0 if step else len(states) - 1
    if not step:
        for number, (player, notation) in enumerate(record.actions, 1):
            console.print(f"{number:4}. {record.seats[player]} (seat {player + 1}): {notation}",
                          markup=False)
    while True:
        state = states[index]
        if index:
            player, notation = record.actions[index - 1]
            console.print(f"[bold]{index}/{len(record.actions)}[/] "
                          f"{record.seats[player]} (seat {player + 1}): {notation}")
        console.print(render.text(state.view(viewer)))
        if not step:
            break
        answer = console.input("[dim]Enter: next, b: back, NUMBER: jump, q: quit>[/] ").strip()
        if answer == "q":
            break
        if answer == "b":
            index = max(0, index - 1)
        elif answer.isdigit():
            index = min(len(states) - 1, int(answer))
        elif index < len(states) - 1:
            index += 1
        else:
            break
    if states[-1].is_over():
        scores = ", ".join(f"{record.seats[i]}: {s}" for i, s in enumerate(states[-1].scores()))
        console.print(f"Final scores: {scores}")


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

\b
The same arguments give the same results whatever --workers is (only the
measured times differ). See docs/arena.md for every column.
"""


@main.command("arena", help=ARENA_HELP)
@click.argument("game_name", metavar="GAME")
@click.option("--bots", required=True, help="The lineup: one bot name per seat, comma-separated.")
@click.option("--players", "-p", type=int, default=None,
              help="Number of players (default: the lineup's length, at least the game's minimum).")
@click.option("--variant", default=None, help="Tikal: basic or auction.")
@click.option("--side", default=None, help="Cartographers: map side A or B.")
@click.option("--games", "-n", type=int, required=True,
              help="How many games (a multiple of the rotation length).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed every game's and every bot's seed is derived from.")
@click.option("--workers", "-w", type=int, default=1, show_default=True,
              help="Worker processes playing games in parallel.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON to stdout.")
@click.option("--save-dir", type=click.Path(file_okay=False), default=None,
              help="Save each game's record here (replay with `bgbot replay FILE`).")
def arena_command(game_name, bots, players, variant, side, games, seed, workers, as_json,
                  save_dir) -> None:
    from boardgamesbot import arena  # imported here: openskill is only needed by this command

    options = {k: v for k, v in {"variant": variant, "side": side}.items() if v is not None}
    try:
        if workers <= 0:
            raise GameError(f"--workers must be at least 1, not {workers}")
        setup = arena.plan(game_name, bots.split(","), players, games, seed, options, save_dir)
        started = time.perf_counter()
        with Progress(*Progress.get_default_columns(), MofNCompleteColumn(),
                      console=Console(stderr=True),
                      disable=as_json or not sys.stderr.isatty()) as progress:
            task = progress.add_task(f"{setup.game} games", total=setup.games)
            results = arena.run(setup, workers, lambda _: progress.advance(task))
        standings = arena.summarize(setup, results, time.perf_counter() - started, workers)
    except GameError as error:
        _fail(str(error))
    except KeyboardInterrupt:
        _fail("interrupted; no results")
    if as_json:
        click.echo(json.dumps(standings.to_dict(), indent=1))
        return
    out = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
    out.print(arena.standings_table(standings))
    if setup.players > 1:
        out.print(arena.seats_table(standings))
    if save_dir:
        out.print(f"records saved in {save_dir}; replay one with: bgbot replay FILE")

@main.command("serve")
@click.option("--db", default=None,
              help="Database URL (default: SQLite in the data directory), e.g. "
                   "postgresql+psycopg://user@host/dbname.")
@click.option("--data-dir", type=click.Path(file_okay=False), default=None,
              help="Where the default SQLite database lives (created if needed; "
                   "default ~/.local/share/boardgamesbot).")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=8000, show_default=True)
@click.option("--workers", type=int, default=1, show_default=True,
              help="Web processes (uvicorn workers) sharing the port and the database.")
@click.option("--redis", "redis_url", default=None, metavar="URL",
              help="Fan live updates out over Redis pub/sub (default: LISTEN/NOTIFY on "
                   "PostgreSQL, in memory on SQLite).")
@click.option("--bot-workers", type=int, default=2, show_default=True,
              help="Processes the bots think in (0: threads inside the server).")
@click.option("--jobs/--no-jobs", default=True, show_default=True,
              help="Play bots' and clocks' decisions in this server (--no-jobs: leave them "
                   "to `bgbot worker` processes).")
@click.option("--forwarded-allow-ips", default=None, metavar="IPS",
              help="Behind a reverse proxy: its addresses, whose X-Forwarded-For is trusted "
                   "(quotas count per client address).")
@click.option("--log-level", default="warning", show_default=True)
def serve_command(db, data_dir, host, port, workers, redis_url, bot_workers, jobs,
                  forwarded_allow_ips, log_level) -> None:
    """Host tables: the HTTP/WebSocket API (docs/api.md) and the browser front-end."""
    import os

    import uvicorn

    from boardgamesbot.service.api import create_app, redact_tokens_in_logs
    from boardgamesbot.store import default_url

    url = db or default_url(data_dir)
    if bot_workers < 0:
        _fail("--bot-workers must be 0 or more")
    if workers < 1:
        _fail("--workers must be 1 or more")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    console.print(f"serving on http://{host}:{port}/ (API under /api, database {url}, "
                  f"{workers} web process(es))", markup=False)
    console.print(f"Open http://{shown}:{port}/ in your browser to play (Ctrl+C stops the "
                  "server).", markup=False)
    redact_tokens_in_logs()
    # Messages are small JSON: compressing each costs more CPU than it saves.
    options = dict(host=host, port=port, log_level=log_level, ws_max_size=64 * 1024,
                   ws_per_message_deflate=False)
    if forwarded_allow_ips:
        options.update(proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips)
    if workers == 1:
        uvicorn.run(create_app(db=url, bot_workers=bot_workers, redis=redis_url, jobs=jobs),
                    **options)
        return
    # Each uvicorn worker process builds its own app from the environment.
    os.environ.update(BGBOT_DB=url, BGBOT_REDIS=redis_url or "",
                      BGBOT_BOT_WORKERS=str(bot_workers), BGBOT_JOBS="1" if jobs else "0",
                      BGBOT_DIE_WITH_PARENT="1")
    # A busy machine can keep a worker from answering uvicorn's health ping for a few
    # seconds; restarting it then would only drop its players' connections.
    uvicorn.run("boardgamesbot.service.api:app_from_env", factory=True, workers=workers,
                timeout_worker_healthcheck=60, **options)


@main.command("worker")
@click.option("--db", required=True,
              help="The servers' database URL, e.g. postgresql+psycopg://user@host/dbname.")
@click.option("--redis", "redis_url", default=None, metavar="URL",
              help="The servers' Redis, when they fan out over it.")
@click.option("--processes", type=int, default=2, show_default=True,
              help="Processes the bots think in.")
@click.option("--loops", type=int, default=None,
              help="Jobs taken at once (default: twice --processes).")
@click.option("--lease", type=float, default=60.0, show_default=True,
              help="Seconds a taken job is this worker's; a worker that dies lets its jobs "
                   "go to another after this long.")
def worker_command(db, redis_url, processes, loops, lease) -> None:
    """Play bots' decisions and clocks' expiries for servers on a shared database.

    Any number of workers may run beside any number of `bgbot serve --no-jobs`
    processes (docs/deploy.md). Stops on SIGTERM or Ctrl+C."""
    import asyncio

    from boardgamesbot.service.worker import run_worker

    if processes < 1:
        _fail("--processes must be 1 or more")
    if lease <= 0:
        _fail("--lease must be more than 0 seconds")
    console.print(f"worker on {db}: {processes} bot process(es)", markup=False)
    try:
        asyncio.run(run_worker(db, redis_url, processes, loops or 2 * processes, lease))
    except KeyboardInterrupt:
        pass


@main.group("cartographers")
def cartographers_group() -> None:
    """Cartographers tools."""


@cartographers_group.command("score")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--card", "card_name", required=True, help="Scoring card name, e.g. 'Sentinel Wood'.")
@click.option("--side", default="A", show_default=True, help="Map side A or B.")
def cartographers_score(path, card_name, side) -> None:
    """Print the stars the sheet in FILE (plain-text sheet format) earns from one scoring card."""
    from boardgamesbot.games.cartographers import Sheet, score_card

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        _fail(f"cannot read {path}: {getattr(error, 'strerror', None) or error}")
    try:
        stars = score_card(card_name, Sheet.from_text(text, side))
    except GameError as error:
        _fail(f"{path}: {error}" if getattr(error, "code", "") == "bad_sheet" else str(error))
    console.print(str(stars), markup=False)


if __name__ == "__main__":  # pragma: no cover
    main()
