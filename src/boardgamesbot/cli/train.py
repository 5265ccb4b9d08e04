"""``bgbot train``: a game's learned evaluation trained by self-play (docs/bots.md)."""

from __future__ import annotations

from typing import Any

import click
from rich.progress import MofNCompleteColumn, Progress

from boardgamesbot.bots import SeatView
from boardgamesbot.engine import Action, GameError, State

from .terminal import console, fail, find_game
from .words import environment_language, say, setup_error

TARGETS = ("self-play", "search", "tune")
TEACHER_LEVEL = "hard"  # whose search values `--target search` learns


class SearchTeacher:
    """A search bot's values for the actions it compares, as a game's trainer asks for
    them (``teacher(state, player)``: the actions with their values, the one it plays
    first). The bot is handed the seat's window only (`SeatView`): what it is taught
    from is what the seat could know. A plain class, so that worker processes can be
    handed it."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.seed = seed
        self._bot: Any = None

    def __getstate__(self) -> dict[str, Any]:
        return {"level": self.level, "seed": self.seed}  # each process makes its own bot

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["level"], state["seed"])  # type: ignore[misc]

    def __call__(self, state: State, player: int) -> list[tuple[Action, float]]:
        if self._bot is None:
            from boardgamesbot.bots import make_bot

            self._bot = make_bot(self.level, self.seed)
        seat = SeatView(state.clone(), player)
        hints = self._bot.explain(seat, player, k=len(seat.legal_actions()))
        return [(state.game.parse_action(found["action"]), float(found["value"]))
                for found in hints]


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
@click.option("--target", type=click.Choice(TARGETS), default="self-play", show_default=True,
              help="What is learned: the game's own self-play values, the values the "
                   "hard level's search gives the actions it compares, in its own games, "
                   "or the evaluation's own weights tuned jointly from self-play outcomes.")
@click.option("--workers", type=int, default=1, show_default=True,
              help="Processes playing games at once (--target search, tune).")
def train_command(game_name, games, seed, out, evaluate_every, measure_games, target,
                  workers) -> None:
    """Train a game's learned evaluation by self-play (docs/bots.md)."""
    lang = environment_language()
    game = find_game(game_name, lang)  # a title, a typo: as `play` takes it
    game_name = game.name
    if games < 1 or evaluate_every < 1 or measure_games < 2 or workers < 1:
        fail(say(lang, "train.counts"), lang)
    teacher = SearchTeacher(TEACHER_LEVEL, seed) if target == "search" else None
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
                                 measure_games=measure_games, progress=report,
                                 teacher=teacher, workers=workers, target=target)
        except (GameError, ValueError, ImportError) as error:
            fail(setup_error(error, lang, "train"), lang)
    console.print(summary, markup=False)
