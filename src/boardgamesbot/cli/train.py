"""``bgbot train``: a game's learned evaluation trained by self-play (docs/bots.md)."""

from __future__ import annotations

import click
from rich.progress import MofNCompleteColumn, Progress

from boardgamesbot.engine import GameError

from .terminal import console, fail, find_game
from .words import environment_language


@click.command("train")
@click.argument("game_name", metavar="GAME")
@click.option("--games", "-n", type=int, required=True,
              help="Self-play games in all (a resumed run plays only the rest).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seeds every training game; resuming needs the same seed.")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False),
              help="Weights file: written at every checkpoint, resumed from if it exists.")
@click.option("--evaluate-every", type=int, default=200, show_default=True,
              help="Games between checkpoints, each with a paired measurement.")
@click.option("--measure-games", type=int, default=40, show_default=True,
              help="Paired games per measurement (learned against hand-written).")
def train_command(game_name, games, seed, out, evaluate_every, measure_games) -> None:
    """Train a game's learned evaluation by self-play (docs/bots.md)."""
    game = find_game(game_name, environment_language())  # a title, a typo: as `play` takes it
    game_name = game.name
    if games < 1 or evaluate_every < 1 or measure_games < 2:
        fail("--games and --evaluate-every must be 1 or more, --measure-games 2 or more")
    with Progress(*Progress.get_default_columns(), MofNCompleteColumn(),
                  console=console, transient=False) as progress:
        task = progress.add_task(f"training {game_name}", total=games)

        def report(done: int, note: str, measured: bool = False) -> None:
            progress.update(task, completed=done, description=f"training {game_name} {note}")
            if measured and not console.is_terminal:
                # a log, not a screen: one line per measurement
                console.print(f"{done}/{games} {note}", markup=False)

        try:
            summary = game.train(out, games=games, seed=seed, evaluate_every=evaluate_every,
                            measure_games=measure_games, progress=report)
        except (GameError, ValueError, ImportError) as error:
            fail(str(error))
    console.print(summary, markup=False)
