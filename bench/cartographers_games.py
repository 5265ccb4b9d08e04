"""Where a Cartographers bot's stars go: whole games, one JSON line per finished game.

The arena reports scores and ratings at the end of a run; this plays the same
games (the same game and bot seeds as ``bgbot arena`` with the same ``--seed``,
game ``i`` of a run being the arena's game ``i``) and writes each game as soon
as it ends, with what the score is made of: every season's two edict scores,
coins and monster losses, the mountains closed, the coins at the end, the
spaces left empty, and each seat's CPU time per decision. A run cut short
keeps the games already written; ``--start`` resumes it.

``--oracle`` lets the first seat's bot see the true deck (its samples are the
position itself): not a bot anyone plays, a measurement of what the hidden cards
cost today's search — the most that better guessing could win. It lives here only
(`OracleSeat`): no level can reach it (`tests/cartographers/test_clairvoyance.py`),
and every line of such a run says ``"oracle": true``.

``--set NAME=VALUE`` changes a constant of ``games/cartographers/heuristics.py``
(a weight such as ``MONSTER_LATER=0.8``, or ``worlds``, ``width``, ``depth``,
``finalists``, ``final_worlds``, ``final_depth`` of its search settings, solo and at a
table alike) in this run only: for screening a change on paired seeds before editing
the file. ``--weights FILE`` makes the learned correction the search reads
(``--set LEARNED_LEAF=…``) that of FILE instead of the shipped one. ``--params FILE``
plays with the evaluation's weights of FILE (`games/cartographers/weights.py`: a tuning
checkpoint of ``bgbot train cartographers --target tune`` is one), ``--set`` applied after.
``--set medium:STUCK_MONSTER=1.0`` changes a weight of one level only (its own,
`heuristics.LEVEL_WEIGHTS`; a plain ``--set`` weight does not reach a level's own).

Usage::

    .venv/bin/python bench/cartographers_games.py --bots hard --side A --games 50 --seed 7101
    .venv/bin/python bench/cartographers_games.py \
        --bots hard,hard-2026.11,hard-2026.11,hard-2026.11 --games 40 --seed 7103 --out 4p.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from multiprocessing import Pool

from boardgamesbot.arena import bot_seed, game_seed
from boardgamesbot.bots import SeatView, make_bot
from boardgamesbot.engine import load_game
from boardgamesbot.games.cartographers.sheet import FULL


def apply_settings(settings: list[str]) -> None:
    """``NAME=VALUE`` items onto the heuristics module (see the module docstring).

    The search settings go where `CartographersHeuristics.search_for` reads them, the
    module's ``SEARCH`` (solo) and ``TABLE_SEARCH`` (a table): changing only the class
    attribute ``search`` or ``SEARCH_SETTINGS`` left ``hard`` as it was, so such a
    screen measured the unchanged bot twice (session 38).
    """
    from dataclasses import asdict, replace

    from boardgamesbot.games.cartographers import heuristics
    from boardgamesbot.games.cartographers.weights import checked, field_name

    search: dict[str, int | float] = {}
    weights: dict[str, float] = {}
    levels: dict[str, dict[str, float]] = {}
    for item in settings:
        name, _, text = item.partition("=")
        value = float(text) if "." in text else int(text)
        level, _, constant = name.rpartition(":")
        if level:  # one level's own weight (``medium:STUCK_MONSTER=1.0``)
            if not field_name(constant):
                raise SystemExit(f"--set {item}: not a weight of the evaluation")
            levels.setdefault(level, {})[field_name(constant)] = value
        elif name in ("worlds", "width", "depth", "finalists", "final_worlds", "final_depth"):
            search[name] = value
        elif field_name(name):  # an evaluation weight (`Weights`), checked against its bounds
            weights[field_name(name)] = value
        elif name.isupper() and isinstance(getattr(heuristics, name, None), (int, float)):
            setattr(heuristics, name, value)
        else:
            raise SystemExit(f"--set {item}: not a number constant of the heuristics")
    if weights:
        try:
            heuristics.use_weights(checked({**asdict(heuristics.WEIGHTS), **weights}, "--set"))
        except ValueError as error:
            raise SystemExit(str(error)) from None
    for level, own in levels.items():
        own = {**heuristics.LEVEL_WEIGHTS.get(level, {}), **own}
        try:
            checked({**asdict(heuristics.WEIGHTS), **own}, f"--set {level}:")
            heuristics.LevelHeuristics(own)  # refuses the edicts' credits
        except ValueError as error:
            raise SystemExit(str(error)) from None
        heuristics.LEVEL_WEIGHTS[level] = own
    if search:
        heuristics.SEARCH = replace(heuristics.SEARCH, **search)
        heuristics.TABLE_SEARCH = replace(heuristics.TABLE_SEARCH, **search)
        heuristics.SEARCH_SETTINGS.update(search)
        heuristics.CartographersHeuristics.search = heuristics.SEARCH


class OracleSeat(SeatView):
    """A seat window whose samples are the true position (``--oracle`` only)."""

    def determinize(self, *args):
        return self._state.clone()


def play(job: tuple) -> dict:
    """Game ``index`` of the run seeded ``seed``: seats rotate as in the arena."""
    seed, index, lineup, side, settings, oracle, weights, params = job
    if params:
        from boardgamesbot.games.cartographers.heuristics import use_weights
        from boardgamesbot.games.cartographers.weights import load

        use_weights(load(params))
    apply_settings(settings)
    if weights:
        from boardgamesbot.games.cartographers.ntuple import use_weights

        use_weights(weights)
    players = len(lineup)
    seats = [lineup[(seat - index) % players] for seat in range(players)]
    seed_of_game = game_seed(seed, index)
    state = load_game("cartographers").new(players, seed_of_game, side=side)
    bots = [make_bot(name, bot_seed(seed_of_game, seat)) for seat, name in enumerate(seats)]
    cpu: list[list[float]] = [[] for _ in seats]
    # Every step's choices in notation, [[seat, action], ...] in the order asked: a paired
    # comparison (`cartographers_paired.py`) checks with them that the other seats played
    # alike in both runs until the seat under test chose differently.
    moves: list[list[list[int | str]]] = []
    while not state.is_over():
        answers = []
        for seat in state.current_players():
            started = time.process_time()
            window = OracleSeat if oracle and seats[seat] == lineup[0] else SeatView
            action = bots[seat].choose(window(state.clone(), seat), seat)
            cpu[seat].append(time.process_time() - started)
            answers.append((seat, action))
        moves.append([[seat, str(action)] for seat, action in answers])
        for seat, action in answers:
            state.apply(seat, action)
    result = {
        "seed": seed, "index": index, "seats": seats, "scores": list(state.scores()),
        "winners": list(state.winners()), "edicts": list(state.edicts),
        "records": [[list(r) for r in records] for records in state.records],
        "mountains": list(state.surrounded), "coins": list(state.coins),
        "empty": [(FULL & ~sheet.filled).bit_count() for sheet in state.sheets],
        "cpu": cpu, "monster_losses": list(state.monster_losses()), "moves": moves,
        # A clairvoyant run is a ceiling, never a bot's figure: its lines say so, and
        # `cartographers_stars.py` says so when it reads them.
        "oracle": bool(oracle),
    }
    if players == 1:
        result["rating"] = state.solo_rating()[0]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True, help="lineup, one bot per seat (one: solo)")
    parser.add_argument("--side", default="A")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0, help="first game index (to resume)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="append the lines to this file (default: stdout)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="change a heuristics constant for this run")
    parser.add_argument("--oracle", action="store_true",
                        help="the seats of the lineup's first bot see the true deck "
                             "(a measurement)")
    parser.add_argument("--weights", help="the learned correction the search reads "
                        "(LEARNED_LEAF, LEARNED_FOLLOW) from this file, not the shipped one")
    parser.add_argument("--params", help="the evaluation's weights from this file "
                        "(a tuning checkpoint), --set applied after")
    args = parser.parse_args()
    if args.params:
        from boardgamesbot.games.cartographers.weights import load

        try:
            load(args.params)  # refused here, not in every worker
        except ValueError as error:
            raise SystemExit(str(error)) from None
    lineup = tuple(name.strip() for name in args.bots.split(","))
    jobs = [(args.seed, index, lineup, args.side, tuple(args.set), args.oracle, args.weights,
             args.params)
            for index in range(args.start, args.start + args.games)]
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(args.out, "a")) if args.out else sys.stdout
        if args.workers > 1:
            results = stack.enter_context(Pool(args.workers)).imap(play, jobs)
        else:
            results = map(play, jobs)
        for result in results:
            out.write(json.dumps(result) + "\n")
            out.flush()

if __name__ == "__main__":
    main()
