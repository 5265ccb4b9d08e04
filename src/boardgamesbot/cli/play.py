"""``bgbot play``: a game in the terminal against bots or with friends at one keyboard.

The terminal is one more face over the engine contract: it shows each person
only their seat's ``view`` (drawn by the game's ``render_text``), reads actions
in the game's notation, and saves every game as a `Record`. A person at the
keyboard is a player like a bot (`Person.choose`), so the `Driver` runs both.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import click
from rich.markup import escape

from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.driver import Decision, DecisionFailed, Driver
from boardgamesbot.engine import GameError, Record, State, load_game

from .rules import show_answers, show_why
from .terminal import chosen, console, fail, game_options, language


@click.command("play")
@click.argument("game_name", metavar="GAME")
@click.option("--players", "-p", type=int, default=None, help="Number of players.")
@click.option("--humans", type=int, default=1, show_default=True,
              help="How many seats people take (the first ones); the rest are bots.")
@click.option("--bots", default=None,
              help="Comma-separated bots or levels (easy, medium, hard, random, greedy, "
                   "search) for the non-human seats (default: medium).")
@click.option("--seed", type=int, default=None, help="Seed for the game's chance.")
@game_options
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Where to save the record (default: games/GAME-TIME.json).")
@click.option("--lang", "-l", default="en", show_default=True, metavar="en|pt-BR|ca",
              help="Language of the rules at the prompt ('why ACTION', 'ask QUESTION').")
def play_command(game_name, players, humans, bots, seed, save_path, lang, **options) -> None:
    """Play GAME in the terminal against bots or with friends at one keyboard."""
    try:
        game = load_game(game_name)
    except GameError as error:
        fail(str(error))
    if players is None:
        players = max(game.min_players, min(2, game.max_players))
    options = chosen(options)
    if not 0 <= humans <= players:
        fail(f"--humans must be between 0 and {players}")
    bot_list = [b for b in (bots.split(",") if bots else []) if b.strip()]
    if not bot_list:
        bot_list = ["medium"] * (players - humans)
    if len(bot_list) != players - humans:
        fail(f"{players} players with {humans} human(s) need {players - humans} bot(s), "
              f"got {len(bot_list)}: {', '.join(bot_list) or 'none'}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        state = game.new(players, seed, **options)
        seat_bots = [None] * humans + [make_bot(name, seed + 101 * i) for i, name in
                                       enumerate(bot_list)]
    except GameError as error:
        fail(str(error))
    seats = [f"person {i + 1}" for i in range(humans)] + [b.name for b in seat_bots[humans:]]
    record = Record.start(game.name, seed, seats, **options)
    path = Path(save_path or f"games/{game.name}-{time.strftime('%Y%m%d-%H%M%S')}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    console.print(f"{game.name}, {players} players, seed {seed}; saving to {path}")
    _play(state, record, seat_bots, path, language(lang))


HELP = """\
Type an action in notation to play it. Other commands:
  hint             the hard computer player's three best actions, and why
  moves [PREFIX]   list your legal actions now (with what they cost), e.g.
                   'moves move' or 'moves water 2'; 'moves all' lists every one
  preview ACTION   show the position after ACTION without playing it
  why ACTION       why ACTION is not allowed now, and the rule it rests on
  ask QUESTION     ask the rules a question in your words (e.g. 'ask can I swap a pair?')
  board            show the position again
  notation         where the notation is documented
  quit             save and stop (the record can be replayed with `bgbot replay`)
"""


class Quit(Exception):
    """The person at the keyboard stopped the game (it is saved, to be replayed)."""


class Person:
    """A seat played at this keyboard: shows the seat's view, reads commands until one
    action is legal, and answers it to the `Driver` like a bot would."""

    def __init__(self, record: Record, lang: str = "en") -> None:
        self.record = record
        self.lang = lang

    def choose(self, seat: SeatView, player: int, budget: float | None = None):
        """Show the seat's view; read commands until one is a legal action."""
        render = seat.game.render_text
        console.print(render(seat.view()))
        while True:
            try:
                line = console.input(f"[bold]seat {player + 1}>[/] ").strip()
            except EOFError:
                raise Quit() from None
            if not line:
                continue
            word, _, rest = line.partition(" ")
            if word in ("quit", "exit"):
                raise Quit()
            if word in ("help", "?"):
                console.print(HELP, markup=False)
            elif word == "board":
                console.print(render(seat.view()))
            elif word == "notation":
                console.print(f"see docs/{self.record.game}-notation.md")
            elif word == "moves":
                _list_moves(seat, rest.strip())
            elif word == "hint":
                _show_hints(seat)
            elif word == "why":
                show_why(seat, rest, self.lang)
            elif word == "ask":
                show_answers(self.record.game, rest, self.lang, limit=3)
            elif word == "preview":
                result = seat.preview(rest)
                if not result["legal"]:
                    console.print(f"[red]{escape(result['error']['message'])}[/]")
                elif result["view"] is None:
                    console.print(f"{result['text']}: it reveals hidden information or ends "
                                  "your turn, so its result shows only once played", markup=False)
                else:
                    console.print(render(result["view"]))
            else:
                result = seat.preview(line)  # checked here, applied by the driver
                if result["legal"]:
                    return result["action"]
                console.print(f"[red]{escape(result['error']['message'])}[/]  "
                              f"(type 'why {escape(line)}' for the rule, 'moves' for what "
                              "you can do)")


def _play(state: State, record: Record, seat_bots: list, path: Path, lang: str = "en") -> None:
    person = Person(record, lang)
    players = [bot if bot is not None else person for bot in seat_bots]

    def show(decision: Decision) -> None:
        record.save(path)
        if seat_bots[decision.seat] is not None:
            console.print(f"[dim]{record.seats[decision.seat]} (seat {decision.seat + 1}):[/] "
                          f"{decision.action}")

    try:
        Driver(state, players, record, show).run()
    except DecisionFailed as failure:
        if not isinstance(failure.error, Quit):
            raise
        record.save(path)
        console.print(f"saved to {path}; replay with: bgbot replay {path}")
        return
    record.save(path)
    console.print(state.game.render_text(state.view(None)))
    scores = ", ".join(f"{record.seats[i]}: {s}" for i, s in enumerate(state.scores()))
    winners = " and ".join(record.seats[i] for i in state.winners())
    console.print(f"[bold]Game over.[/] {scores}. Winner: {winners}. Record: {path}")


MOVES_SHOWN = 40


def _list_moves(seat: SeatView, prefix: str) -> None:
    legal = seat.legal_actions()
    actions = [str(a) for a in legal]
    show_all = prefix == "all"
    if prefix and not show_all:
        actions = [a for a in actions if a.startswith(prefix)]
    by_text = {str(a): a for a in legal}
    for text in actions if show_all else actions[:MOVES_SHOWN]:
        console.print(f"  {seat.describe(by_text[text])}", markup=False)
    hidden = 0 if show_all else len(actions) - MOVES_SHOWN
    if hidden > 0:
        kinds = sorted({a.split()[0] for a in actions})
        console.print(f"  … and {hidden} more: narrow them with 'moves PREFIX' "
                      f"(e.g. 'moves {kinds[0]}') or see them all with 'moves all'")
    if not actions:
        console.print(f"  no legal action starts with {prefix!r}", markup=False)


def _show_hints(seat: SeatView) -> None:
    """The hard bot's three best actions for this seat, with its reasons in words."""
    from boardgamesbot.hints import reason_text

    for number, entry in enumerate(make_bot("hard", 0).explain(seat, seat.player, 3), 1):
        why = "; ".join(reason_text(reason, "en") for reason in entry["reasons"]) or "—"
        console.print(f"  {number}. {entry['action']}  (worth {entry['value']:+.1f}): {why}",
                      markup=False)
